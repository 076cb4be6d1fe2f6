//! The hash chains of the append-only logs, computed where the rows are appended. Each event's
//! hash covers its content and the hash of the previous event of the same stream (a game's log,
//! or one account's history); `audit` verifies the chains with these same functions.

use chrono::NaiveDateTime;
use serde_json::json;
use sha2::{Digest, Sha256};

fn sha256_hex(s: &str) -> String {
    hex::encode(Sha256::digest(s.as_bytes()))
}

fn time(t: NaiveDateTime) -> String {
    t.format("%Y-%m-%dT%H:%M:%S%.6f").to_string()
}

/// The hash of one game event.
pub fn game_event_hash(
    prev: &str,
    game_id: i64,
    seq: i64,
    kind: &str,
    actor_id: Option<i64>,
    payload: &str,
    created_at: NaiveDateTime,
) -> String {
    let content = json!([game_id, seq, kind, actor_id, payload, time(created_at)]);
    sha256_hex(&format!("{prev}\n{content}"))
}

/// The hash of one account event.
#[allow(clippy::too_many_arguments)]
pub fn account_event_hash(
    prev: &str,
    user_id: Option<i64>,
    seq: i64,
    actor_id: Option<i64>,
    kind: &str,
    detail: &str,
    created_at: NaiveDateTime,
) -> String {
    let content = json!([user_id, seq, actor_id, kind, detail, time(created_at)]);
    sha256_hex(&format!("{prev}\n{content}"))
}
