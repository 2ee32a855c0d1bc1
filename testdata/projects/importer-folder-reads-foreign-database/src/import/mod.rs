pub mod other_shell;
