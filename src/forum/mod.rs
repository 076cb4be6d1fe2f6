//! The forum's service layer: accounts and posting, shared by the pages and the JSON API.

pub mod accounts;
pub mod boards;
pub mod mark_writer;
pub mod moderation;
pub mod posting;
pub mod read_marks;
pub mod render;
pub mod search;
pub mod suspension;
