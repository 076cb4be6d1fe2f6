//! Folded games kept in memory between requests. A cached fold is used only while the game's
//! last event is still the same row (its sequence number and its chained hash, which stands for
//! the whole log); anything newer, from this instance or another, makes it fold again.

use crate::db::DbConnection;
use crate::db::models::GameEventRow;
use crate::db::schema::game_events;
use crate::error::AppError;
use crate::game::log::{Folded, fold, fold_more};
use diesel::prelude::*;
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

/// Games kept at most (any one is dropped when full).
const CAPACITY: usize = 512;

/// (game id, last seq, last hash) → fold. The hash also tells apart two databases in one
/// process (the tests run many).
type Key = (i64, i64, String);

type Entries = HashMap<i64, (Key, Arc<Folded>)>;

static CACHE: LazyLock<Mutex<Entries>> = LazyLock::new(|| Mutex::new(HashMap::new()));

/// The game's fold: from the cache when its log has not grown, else folded afresh.
pub fn folded(c: &mut DbConnection, game_id: i64) -> Result<Arc<Folded>, AppError> {
    let last: Option<(i64, String)> = game_events::table
        .filter(game_events::game_id.eq(game_id))
        .order(game_events::seq.desc())
        .select((game_events::seq, game_events::hash))
        .first(c)
        .optional()?;
    let key = last.map(|(seq, hash)| (game_id, seq, hash));
    if let (Some(k), Ok(cache)) = (&key, CACHE.lock())
        && let Some((cached, f)) = cache.get(&game_id)
        && cached == k
    {
        return Ok(Arc::clone(f));
    }
    // The log grew since the cached fold (and still holds the cached event unchanged): fold
    // only the new events onto a copy. Otherwise fold the whole log.
    let base = match (&key, CACHE.lock()) {
        (Some(_), Ok(cache)) => cache.get(&game_id).cloned(),
        _ => None,
    };
    let mut grown: Option<(Vec<GameEventRow>, Folded)> = None;
    if let Some(((_, seq, hash), f)) = base
        && still_there(c, game_id, seq, &hash)?
    {
        let newer = crate::db::queries::games::events_after(c, game_id, seq)?;
        let mut copy = Folded::clone(&f);
        if fold_more(&mut copy, &newer).is_ok() {
            grown = Some((newer, copy));
        }
    }
    let (events, f) = match grown {
        Some((newer, copy)) => (newer, Arc::new(copy)),
        None => {
            let events = crate::db::queries::games::events(c, game_id)?;
            let f = Arc::new(fold(&events).map_err(|e| AppError::Internal(e.to_string()))?);
            (events, f)
        }
    };
    // Key by what was folded (a writer may have appended since the first look).
    if let (Some(e), Ok(mut cache)) = (events.last(), CACHE.lock()) {
        if cache.len() >= CAPACITY
            && !cache.contains_key(&game_id)
            && let Some(evict) = cache.keys().next().copied()
        {
            cache.remove(&evict);
        }
        cache.insert(game_id, ((game_id, e.seq, e.hash.clone()), Arc::clone(&f)));
    }
    Ok(f)
}

/// Whether event `seq` of the game is still stored with `hash` (the log up to it is unchanged).
fn still_there(c: &mut DbConnection, game_id: i64, seq: i64, hash: &str) -> Result<bool, AppError> {
    let stored: Option<String> = game_events::table
        .filter(game_events::game_id.eq(game_id))
        .filter(game_events::seq.eq(seq))
        .select(game_events::hash)
        .first(c)
        .optional()?;
    Ok(stored.as_deref() == Some(hash))
}
