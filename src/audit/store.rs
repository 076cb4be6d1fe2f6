//! Verifying the stored chains (`maku audit verify`, the admin audit page).

use super::{Broken, Link, account_event_hash, game_event_hash, verify_chain};
use crate::db::DbConnection;
use crate::db::queries::{account_events, games};

#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    #[error("{0}")]
    Broken(Broken),
    #[error(transparent)]
    Db(#[from] diesel::result::Error),
}

/// Verifies one game's log; returns how many events were checked.
pub fn verify_game(c: &mut DbConnection, game_id: i64) -> Result<usize, VerifyError> {
    let events = games::events(c, game_id)?;
    let links: Vec<Link> = events
        .iter()
        .map(|e| Link {
            seq: e.seq,
            stored: &e.hash,
            recompute: Box::new(move |prev| {
                game_event_hash(
                    prev,
                    e.game_id,
                    e.seq,
                    &e.kind,
                    e.actor_id,
                    &e.payload,
                    e.created_at,
                )
            }),
        })
        .collect();
    verify_chain(&format!("game {game_id}"), &links).map_err(VerifyError::Broken)
}

/// Verifies every account's history; returns how many events were checked.
pub fn verify_accounts(c: &mut DbConnection) -> Result<usize, VerifyError> {
    let mut total = 0;
    let mut streams = account_events::streams(c)?;
    streams.sort();
    for user in streams {
        let events = account_events::stream_events(c, user)?;
        let links: Vec<Link> = events
            .iter()
            .map(|e| Link {
                seq: e.seq,
                stored: &e.hash,
                recompute: Box::new(move |prev| {
                    account_event_hash(
                        prev,
                        e.user_id,
                        e.seq,
                        e.actor_id,
                        &e.kind,
                        &e.detail,
                        e.created_at,
                    )
                }),
            })
            .collect();
        let name = match user {
            Some(u) => format!("account {u}"),
            None => "account -".to_string(),
        };
        total += verify_chain(&name, &links).map_err(VerifyError::Broken)?;
    }
    Ok(total)
}

/// Verifies every game (or one) and, without a game, every account stream.
pub fn verify_all(c: &mut DbConnection, game: Option<i64>) -> Result<usize, VerifyError> {
    match game {
        Some(g) => verify_game(c, g),
        None => {
            let mut total = 0;
            for g in games::all_ids(c)? {
                total += verify_game(c, g)?;
            }
            Ok(total + verify_accounts(c)?)
        }
    }
}
