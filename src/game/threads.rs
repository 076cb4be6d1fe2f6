//! The threads a game owns and the system's act posts.

use crate::db::DbConnection;
use crate::db::models::GameRow;
use crate::db::queries::forum;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The body of an act post (幕), stored as JSON and rendered in each reader's language.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ActPost {
    /// The act whose resolution this post publishes (none for the opening post).
    pub resolved: Option<u32>,
    /// The public events of that resolution, in the ruling book's order.
    pub events: Vec<Value>,
    /// Game IDs still in, in seat order.
    pub alive: Vec<String>,
    /// The act that opens now, and its deadline (UTC, ISO 8601).
    pub opens: Option<u32>,
    pub deadline: Option<String>,
    pub winner: Option<String>,
    /// The game log's head hash at this post: published, so the log cannot be rewritten
    /// unnoticed later (see `audit`).
    #[serde(default)]
    pub log_hash: Option<String>,
    /// The resolved act's vote counts, when the game's options publish them (issue 10 item 6):
    /// votes per game ID, most first, never who cast them. Absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub votes: Option<Vec<VoteCount>>,
}

/// How many votes one game ID received in an act (a published count).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VoteCount {
    pub game_id: String,
    pub votes: u32,
}

/// Opens the game thread and the graveyard thread at the start.
pub fn open_play_threads(
    conn: &mut DbConnection,
    game: &GameRow,
) -> diesel::QueryResult<(i64, i64)> {
    let board = forum::games_board(conn)?;
    let play = forum::create_game_thread(
        conn,
        board.id,
        game.judge_id,
        &format!("{} · 游戏帖", game.title),
        "game",
        game.id,
    )?;
    let grave = forum::create_game_thread(
        conn,
        board.id,
        game.judge_id,
        &format!("{} · 墓地", game.title),
        "graveyard",
        game.id,
    )?;
    Ok((play.id, grave.id))
}

/// Opens the joined Kiras' thread. It is opened with the other threads at the start, not at the
/// join: a thread made at the join would tell when the Kiras joined (its existence answers
/// differently, and thread ids are one sequence over the whole forum).
pub fn open_kira_thread(conn: &mut DbConnection, game: &GameRow) -> diesel::QueryResult<i64> {
    let board = forum::games_board(conn)?;
    let kira = forum::create_game_thread(
        conn,
        board.id,
        game.judge_id,
        &format!("{} · 联手", game.title),
        "kira",
        game.id,
    )?;
    Ok(kira.id)
}

/// Writes an act post into the game thread.
pub fn post_act(
    conn: &mut DbConnection,
    game: &GameRow,
    thread_id: i64,
    post: &ActPost,
) -> diesel::QueryResult<()> {
    let body = serde_json::to_string(post).unwrap_or_default();
    forum::add_post_as(conn, thread_id, game.judge_id, &body, None, None, "act").map(|_| ())
}
