//! The threads a game owns and the system's act posts.

use crate::db::DbConnection;
use crate::db::models::GameRow;
use crate::db::queries::forum;
use crate::domain::time::iso_time;
use crate::rules::{Phase, Variant};
use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

/// The body of an act post (幕), stored as JSON and rendered in each reader's language: one at
/// the start and one at the end of every phase.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ActPost {
    /// The phase (its step; for one phase per act, the act) whose resolution this post publishes (none for
    /// the opening post).
    pub resolved: Option<u32>,
    /// The public events of that resolution, in the ruling book's order.
    pub events: Vec<crate::rules::Event>,
    /// Game IDs still in, in seat order.
    pub alive: Vec<String>,
    /// The phase (its step) that opens now, and its deadline (UTC; stored as ISO 8601 text).
    pub opens: Option<u32>,
    #[serde(default, with = "iso_time::option")]
    pub deadline: Option<NaiveDateTime>,
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

/// The kind of a game's spectators' thread (issue 41), and its name in URLs.
pub const SPECTATORS: &str = "spectators";

/// Opens the spectators' thread (watchers, and the seats that are out when the judge allows
/// it), at the start with the other threads.
pub fn open_spectators_thread(conn: &mut DbConnection, game: &GameRow) -> diesel::QueryResult<i64> {
    let board = forum::games_board(conn)?;
    let thread = forum::create_game_thread(
        conn,
        board.id,
        game.judge_id,
        &game.title,
        SPECTATORS,
        game.id,
    )?;
    Ok(thread.id)
}

/// The game's spectators' thread, opened now if the game started before games had one (in a
/// write transaction that holds the game's row).
pub fn spectators_thread(conn: &mut DbConnection, game: &GameRow) -> diesel::QueryResult<i64> {
    match forum::game_thread_of_kind(conn, game.id, SPECTATORS)? {
        Some(id) => Ok(id),
        None => open_spectators_thread(conn, game),
    }
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
    /// The deadline it names (UTC; stored as ISO 8601 text), if any.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "iso_time::option"
    )]
    pub at: Option<NaiveDateTime>,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Act posts and notices as stored in the thread: the deadline reads as a chrono value and
    /// the body writes back the same bytes (readers' old posts render as before).
    #[test]
    fn stored_act_posts_and_notices_read_typed_and_write_back_the_same() {
        let at = |s: &str| crate::domain::time::parse_iso(s).expect("a time");
        let opening = r#"{"resolved":null,"events":[],"alive":["L","尼亚"],"opens":1,"deadline":"2026-12-01T20:00:00Z","winner":null,"log_hash":"ab12"}"#;
        let post: ActPost = serde_json::from_str(opening).expect("an act post");
        assert_eq!(post.deadline, Some(at("2026-12-01T20:00:00Z")));
        assert_eq!(serde_json::to_string(&post).expect("json"), opening);
        let last = r#"{"resolved":4,"events":[{"type":"game_over","winner":"kira"}],"alive":["L"],"opens":null,"deadline":null,"winner":"kira","log_hash":"cd34","votes":[{"game_id":"L","votes":2}]}"#;
        let post: ActPost = serde_json::from_str(last).expect("an act post");
        assert_eq!(post.deadline, None);
        assert_eq!(serde_json::to_string(&post).expect("json"), last);
        // Posts from before the hash chain had no `log_hash`; they still read.
        let older = r#"{"resolved":1,"events":[],"alive":[],"opens":2,"deadline":"2026-12-02T20:00:00Z","winner":null}"#;
        let post: ActPost = serde_json::from_str(older).expect("an older post");
        assert_eq!(post.deadline, Some(at("2026-12-02T20:00:00Z")));

        for body in [
            r#"{"notice":"deadline_moved","at":"2026-12-02T08:30:00Z","zone":"Asia/Shanghai"}"#,
            r#"{"notice":"paused","zone":"Asia/Shanghai"}"#,
        ] {
            let notice: Notice = serde_json::from_str(body).expect("a notice");
            assert_eq!(serde_json::to_string(&notice).expect("json"), body);
        }
        let moved: Notice = serde_json::from_str(
            r#"{"notice":"deadline_moved","at":"2026-12-02T08:30:00Z","zone":"Asia/Shanghai"}"#,
        )
        .expect("a notice");
        assert_eq!(moved.at, Some(at("2026-12-02T08:30:00Z")));
    }
}
