//! What a game's live streams watch: its public [`Mark`], read by the one poller
//! per open game of the instance's [`LiveHub`]. The poll reads the folded game from the cache
//! and the game thread's `MAX(floor)`, so it does not grow with the game.
//!
//! On SQLite it polls the database every `--live-poll` interval (one instance per database).
//! On PostgreSQL the database tells every instance which game changed (`game::live_listen`):
//! the poller reads when told, and otherwise only every [`SAFETY_POLLS`] intervals, in case a
//! notice was lost with a connection.
//!
//! A mark holds public facts only (the act everyone sees, the newest floor of the public game
//! thread, a digest of the public view): never a log sequence number or a post id, whose gaps
//! would count secret submissions and private posts.

use crate::app::AppState;
use crate::db::DbConnection;
use crate::db::schema::posts;
use crate::error::AppError;
pub use crate::game::live_hub::{LiveHub, Mark, Receiver, Seen};
use crate::game::{service, views};
use diesel::prelude::*;
use sha2::{Digest, Sha256};

/// The public mark of a game now.
pub fn mark(c: &mut DbConnection, game_id: i64) -> Result<Mark, AppError> {
    let (row, folded) = service::load(c, game_id)?;
    let view = views::public_from(c, &row, &folded)?;
    // Floors are 1, 2, 3… without gaps: the newest is the count, read from the index
    // `posts_thread_floor` in one step however long the thread grows.
    let floor: Option<i64> = match row.game_thread_id {
        Some(t) => posts::table
            .filter(posts::thread_id.eq(t))
            .select(diesel::dsl::max(posts::floor))
            .first(c)?,
        None => None,
    };
    let json = serde_json::to_vec(&view).map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(Mark {
        act: view.act,
        floor: floor.unwrap_or(0),
        public: Sha256::digest(&json).into(),
    })
}

/// With notices from the database, a poller still reads every this many intervals.
pub const SAFETY_POLLS: u32 = 30;

/// A live receiver of the game's public mark and the mark now (see [`LiveHub::subscribe`]).
pub async fn subscribe(state: &AppState, game_id: i64) -> Result<(Receiver, Mark), AppError> {
    let reader = state.clone();
    let read = move |id: i64| {
        let state = reader.clone();
        async move { state.db(move |c| mark(c, id)).await }
    };
    let every = if state.live.is_told() {
        state.settings.live_poll * SAFETY_POLLS
    } else {
        state.settings.live_poll
    };
    state.live.subscribe(game_id, every, read).await
}
