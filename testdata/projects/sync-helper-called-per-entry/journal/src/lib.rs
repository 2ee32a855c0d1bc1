pub mod log;
pub mod replay;
