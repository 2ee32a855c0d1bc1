mod db;
mod label_index;
mod labels;
mod mirror;
mod retag;
