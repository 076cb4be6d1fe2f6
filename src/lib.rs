//! maku (幕): a play-by-post forum engine for Chinese killer games.
//!
//! Layout: `rules/` holds the pure engines; `db/` the schema, models and queries; `web/` the HTTP
//! handlers by resource; `auth/` passwords, sessions and rate limits; `cli/` the command-line entry
//! points. See README.md for the architecture.

pub mod cli;
pub mod rules;
