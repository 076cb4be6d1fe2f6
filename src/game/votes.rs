//! The day at a glance (issue 41): a game's votes, act by act, as its rules published them.
//! The rules read them (`rules::vote_history`) from what the game has already published — its
//! public events and the vote counts its options publish — so every reader, signed in or not,
//! gets the same, and nothing of a ballot still sealed.

use crate::db::DbConnection;
use crate::error::AppError;
use crate::game::service::load;
use crate::rules::vote_history::{VoteHistory, vote_history};
use crate::rules::{Event, Line, Variant};

/// A game's vote history, with what its page names it by.
pub struct GameVotes {
    pub id: i64,
    pub title: String,
    pub variant: Variant,
    /// The act open now (the one that ended the game, after the end); 0 before the start.
    pub act: u32,
    pub over: bool,
    pub history: VoteHistory,
}

/// The vote history of game `game_id` (`404` for no such game; no act before the start).
pub fn of_game(c: &mut DbConnection, game_id: i64) -> Result<GameVotes, AppError> {
    let (row, folded) = load(c, game_id)?;
    let game = folded.game.as_ref();
    let act = game.map(|g| g.phase_of(g.shown_phase()).act).unwrap_or(0);
    let seats: Vec<String> = game
        .map(|g| g.seats().into_iter().map(|s| s.game_id).collect())
        .unwrap_or_default();
    let public: Vec<(u32, Event)> = folded
        .lines
        .iter()
        .filter_map(|l| match &l.line {
            Line::Public { act, event } => Some((*act, event.clone())),
            _ => None,
        })
        .collect();
    // Each resolution's counts, named by the act of the phase it resolved.
    let counts: Vec<(u32, Vec<(String, u32)>)> = match game {
        Some(g) => folded
            .votes
            .iter()
            .map(|v| (g.phase_of(v.step).act, v.counts.clone()))
            .collect(),
        None => Vec::new(),
    };
    Ok(GameVotes {
        id: row.id,
        title: row.title.clone(),
        variant: folded.settings.variant,
        act,
        over: folded.is_over(),
        history: vote_history(&seats, &public, &counts, act.saturating_sub(1)),
    })
}
