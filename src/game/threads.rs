//! The threads a game owns and the system's act posts.

use crate::db::DbConnection;
use crate::db::models::GameRow;
use crate::db::queries::forum;
use crate::rules::{Phase, Variant};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The body of an act post (幕), stored as JSON and rendered in each reader's language: one at
/// the start and one at the end of every phase.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ActPost {
    /// The phase (its step; for one phase per act, the act) whose resolution this post publishes (none for
    /// the opening post).
    pub resolved: Option<u32>,
    /// The public events of that resolution, in the ruling book's order.
    pub events: Vec<Value>,
    /// Game IDs still in, in seat order.
    pub alive: Vec<String>,
    /// The phase (its step) that opens now, and its deadline (UTC, ISO 8601).
    pub opens: Option<u32>,
    pub deadline: Option<String>,
    pub winner: Option<String>,
    /// The game log's head hash at this post: published, so the log cannot be rewritten
    /// unnoticed later (see `audit`).
    #[serde(default)]
    pub log_hash: Option<String>,
    /// The resolved act's vote counts, when the game's options publish them:
    /// votes per game ID, most first, never who cast them. Absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub votes: Option<Vec<VoteCount>>,
    /// The act and kind of the resolved phase and of the one that opens, for a variant of
    /// several phases per act; absent for one phase per act (the step is the act).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resolved_phase: Option<PhaseLabel>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opens_phase: Option<PhaseLabel>,
    /// The seat whose turn to speak opens now (an ordered speech, a PK speech, last words).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speaker: Option<String>,
    /// The speaker whose turn just ended without a speech (CL-5: the thread says so).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skipped: Option<String>,
    /// Set when this post only passes the turn to speak on (the speaker whose turn ended, and
    /// nothing published): pages draw it as one short line. Absent on older posts, which keep
    /// their full summary.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_ended: Option<String>,
}

/// A phase as a post names it: its act and its kind (`phase-<kind>` in the catalogs).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseLabel {
    pub act: u32,
    pub kind: String,
}

impl PhaseLabel {
    /// The label of `phase`, when `variant` has several phases per act.
    pub fn of(variant: Variant, phase: Phase) -> Option<PhaseLabel> {
        (variant.phases().len() > 1).then(|| PhaseLabel {
            act: phase.act,
            kind: phase.kind.to_string(),
        })
    }
}

/// How many votes one game ID received in an act (a published count).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VoteCount {
    pub game_id: String,
    pub votes: u32,
}

/// Opens the game thread and the graveyard thread at the start. Threads are titled with the
/// game's title; pages add what the thread is in the reader's language.
pub fn open_play_threads(
    conn: &mut DbConnection,
    game: &GameRow,
) -> diesel::QueryResult<(i64, i64)> {
    let board = forum::games_board(conn)?;
    let play =
        forum::create_game_thread(conn, board.id, game.judge_id, &game.title, "game", game.id)?;
    let grave = forum::create_game_thread(
        conn,
        board.id,
        game.judge_id,
        &game.title,
        "graveyard",
        game.id,
    )?;
    Ok((play.id, grave.id))
}

/// Opens the variant's private team thread (`team`: its key and thread kind). It is opened with
/// the other threads at the start, not when the team forms: a thread made then would tell when
/// (its existence answers differently, and thread ids are one sequence over the whole forum).
pub fn open_team_thread(
    conn: &mut DbConnection,
    game: &GameRow,
    team: &str,
) -> diesel::QueryResult<i64> {
    let board = forum::games_board(conn)?;
    let thread =
        forum::create_game_thread(conn, board.id, game.judge_id, &game.title, team, game.id)?;
    Ok(thread.id)
}

/// A notice of the judge's clock in the game thread (the deadline moved, the game paused or
/// resumed), stored as its kind and values and told in each reader's language (post kind
/// `notice`): the thread is read in either language, so no sentence is stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notice {
    /// `deadline_moved`, `paused` or `resumed`.
    pub notice: String,
    /// The deadline it names (UTC, ISO 8601), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    /// The game's time zone (IANA name), in which pages show `at`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<String>,
}

/// Writes a notice into the game thread, by the judge.
pub fn post_notice(
    conn: &mut DbConnection,
    game: &GameRow,
    thread_id: i64,
    notice: &Notice,
) -> diesel::QueryResult<()> {
    let body = serde_json::to_string(notice).unwrap_or_default();
    crate::forum::render::add_post(conn, thread_id, game.judge_id, &body, None, "notice")
        .map(|_| ())
}

/// Writes an act post into the game thread.
pub fn post_act(
    conn: &mut DbConnection,
    game: &GameRow,
    thread_id: i64,
    post: &ActPost,
) -> diesel::QueryResult<()> {
    let body = serde_json::to_string(post).unwrap_or_default();
    crate::forum::render::add_post(conn, thread_id, game.judge_id, &body, None, "act").map(|_| ())
}
