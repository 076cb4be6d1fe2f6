//! What admins read of a game's log: every event with time, actor and hash, the chain check,
//! and the JSON Lines export (the transcript, each line with its time and actor).

use super::store::{VerifyError, verify_game};
use crate::db::DbConnection;
use crate::db::queries::{games, users};
use crate::error::AppError;
use crate::game::log::fold;
use crate::game::service::iso;
use serde_json::{Value, json};
use std::collections::HashMap;

/// An admin who plays in a game that is not over may not read its log (it holds the deal).
pub fn closed_to(c: &mut DbConnection, game_id: i64, reader: i64) -> Result<(), AppError> {
    if games::unfinished_games_of(c, reader)?.contains(&game_id) {
        Err(AppError::Forbidden)
    } else {
        Ok(())
    }
}

fn actor_names(c: &mut DbConnection, ids: Vec<i64>) -> Result<HashMap<i64, String>, AppError> {
    Ok(users::names(c, &ids)?)
}

/// Every event of a game, in order, and whether the chain verifies (`Err` names the first
/// broken event).
pub fn game_audit(
    c: &mut DbConnection,
    game_id: i64,
    reader: i64,
) -> Result<(Vec<Value>, Result<usize, String>), AppError> {
    games::get(c, game_id)?.ok_or(AppError::NotFound)?;
    closed_to(c, game_id, reader)?;
    let events = games::events(c, game_id)?;
    let names = actor_names(c, events.iter().filter_map(|e| e.actor_id).collect())?;
    let rows = events
        .iter()
        .map(|e| {
            json!({
                "seq": e.seq,
                "kind": e.kind,
                "time": iso(e.created_at),
                "actor_id": e.actor_id,
                "actor": e.actor_id.and_then(|a| names.get(&a)),
                "payload": serde_json::from_str::<Value>(&e.payload).unwrap_or(Value::Null),
                "hash": e.hash,
            })
        })
        .collect();
    let check = match verify_game(c, game_id) {
        Ok(n) => Ok(n),
        Err(VerifyError::Broken(b)) => Err(b.to_string()),
        Err(VerifyError::Db(e)) => return Err(e.into()),
    };
    Ok((rows, check))
}

/// The game's log as JSON Lines: each transcript line with the `seq`, `time` and `actor` of the
/// event that produced it; events that produce no transcript line (sign-ups, the deal, judge
/// actions) as `{"kind":"log", …}`; the outcome last.
pub fn export_jsonl(c: &mut DbConnection, game_id: i64, reader: i64) -> Result<String, AppError> {
    games::get(c, game_id)?.ok_or(AppError::NotFound)?;
    closed_to(c, game_id, reader)?;
    let events = games::events(c, game_id)?;
    let folded = fold(&events).map_err(|e| AppError::Internal(e.to_string()))?;
    let names = actor_names(c, events.iter().filter_map(|e| e.actor_id).collect())?;
    let mut out = String::new();
    for e in &events {
        let time = iso(e.created_at);
        let actor = e.actor_id.and_then(|a| names.get(&a).cloned());
        let lines: Vec<&crate::game::log::LoggedLine> =
            folded.lines.iter().filter(|l| l.seq == e.seq).collect();
        if lines.is_empty() {
            let line = json!({"kind": "log", "seq": e.seq, "time": time, "actor": actor, "event": e.kind,
                              "payload": serde_json::from_str::<Value>(&e.payload).unwrap_or(Value::Null)});
            out.push_str(&line.to_string());
            out.push('\n');
            continue;
        }
        for l in lines {
            let mut v = serde_json::to_value(&l.line).unwrap_or(Value::Null);
            if let Value::Object(m) = &mut v {
                m.insert("seq".into(), json!(e.seq));
                m.insert("time".into(), json!(time));
                m.insert("actor".into(), json!(actor));
                if let Some(a) = &l.action {
                    m.insert("action".into(), a.to_json());
                }
            }
            out.push_str(&v.to_string());
            out.push('\n');
        }
    }
    let winner = folded.game.as_ref().and_then(|g| g.outcome());
    out.push_str(&json!({"kind": "outcome", "winner": winner}).to_string());
    out.push('\n');
    Ok(out)
}
