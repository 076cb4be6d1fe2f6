//! maku's store: the values parsed at the edge (`domain`) and the schema, rows and queries over
//! SQLite and PostgreSQL (`db`), a crate of its own so that Cargo keeps the layer: it depends on
//! the rules crate and the database, never on the server's services, HTTP, mail or the async
//! runtime. The server re-exports both modules (`maku::db`, `maku::domain`), so `crate::db::…`
//! and `crate::domain::…` paths read as before (docs/architecture.md).

pub mod db;
pub mod domain;

/// The engines, as the server names them.
use maku_rules as rules;
