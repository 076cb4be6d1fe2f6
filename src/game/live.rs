//! What a game's live streams watch: its public [`Mark`], read by the one poller
//! per open game of the instance's [`LiveHub`]. The poll reads the folded game from the cache
//! and the game thread's `MAX(floor)`, so it does not grow with the game.
//!
//! It polls the database, so it works with several instances on one database: each instance
//! polls once per open game. PostgreSQL `LISTEN/NOTIFY` would save the polls of quiet games,
//! but SQLite has nothing like it and the shared poll is cheap, so there is none.
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

/// A live receiver of the game's public mark and the mark now (see [`LiveHub::subscribe`]).
pub async fn subscribe(state: &AppState, game_id: i64) -> Result<(Receiver, Mark), AppError> {
    let reader = state.clone();
    let read = move |id: i64| {
        let state = reader.clone();
        async move { state.db(move |c| mark(c, id)).await }
    };
    state
        .live
        .subscribe(game_id, state.settings.live_poll, read)
        .await
}
