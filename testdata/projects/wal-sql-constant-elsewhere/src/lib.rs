//! Storage for the trail sync server.

pub mod db;
pub mod schema;
