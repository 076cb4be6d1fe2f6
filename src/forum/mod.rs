//! The forum's service layer: accounts and posting, shared by the pages and the JSON API.

pub mod accounts;
pub mod boards;
pub mod mark_writer;
pub mod posting;
/// Read marks in memory, held by the shared state (`app::read_marks`), a layer below `forum`.
pub use crate::app::read_marks;
pub mod render;
pub mod search;
pub mod suspension;
