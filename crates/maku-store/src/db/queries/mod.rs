//! Queries, one file per kind of row. Each function takes a connection and does one thing.

pub mod account_events;
pub mod bulk;
pub mod calendar;
pub mod console;
pub mod flashes;
pub mod forum;
pub mod games;
pub mod keys;
pub mod keyset;
pub mod limits;
pub mod lobby;
pub mod mail;
pub mod moderation;
pub mod notes;
pub mod notifications;
pub mod ratings;
pub mod records;
pub mod search;
pub mod sent_forms;
pub mod sessions;
pub mod setups;
pub mod spectators;
pub mod traces;
pub mod users;

/// The current time as stored: UTC without zone (diesel MultiConnection has no Timestamptz),
/// to the microsecond, as PostgreSQL keeps it (event hashes cover the stored time).
pub fn now() -> chrono::NaiveDateTime {
    use chrono::SubsecRound;
    chrono::Utc::now().naive_utc().trunc_subsecs(6)
}
