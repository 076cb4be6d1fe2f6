//! maku (幕): a play-by-post forum engine for Chinese killer games.
//!
//! Layout: the crate `maku-rules` (crates/maku-rules) holds the pure engines; `domain/` the input types parsed at the edge; `db/`
//! the schema, models and queries; `forum/` the forum's services (accounts, posting); `web/` the
//! HTTP handlers by resource; `auth/` passwords, tokens and rate limits; `cli/` the command-line
//! entry points. See docs/architecture.md for the architecture.

pub mod app;
pub mod audit;
pub mod auth;
pub mod cli;
pub mod config;
pub mod error;
pub mod forum;
pub mod game;
pub mod i18n;
pub mod mail;
pub mod markdown;
pub mod moderation;
pub mod notify;
pub mod scheduler;
pub mod startup;
pub mod telemetry;
pub mod web;

/// The pure engines (crates/maku-rules), under the name the shell has always used.
pub use maku_rules as rules;
pub use maku_store::{db, domain};
