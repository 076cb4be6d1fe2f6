//! The end of a phase, by resolution or by a submission: the deadline row claimed once, the
//! next phase's deadline, the act post, and the finish of a game that is over.

use crate::db::DbConnection;
use crate::db::models::GameRow;
use crate::db::queries::games;
use crate::domain::GameStatus;
use crate::error::AppError;
use crate::game::log::Folded;
use crate::game::threads::{ActPost, PhaseLabel, VoteCount, post_act};
use crate::rules::{Line, Phase};
use chrono::NaiveDateTime;

/// What a resolution left open: the phase now open (its step), or (`over`) the phase that
/// ended the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resolved {
    pub act: u32,
    pub over: bool,
    /// The phase that ended (its step, act and kind) and the game's variant: what a judge's
    /// "resolved" notice names, and how.
    pub ended: Phase,
    pub variant: crate::rules::Variant,
}

/// What ended a phase: its resolution, or a submission that ended it at once (an explosion
/// ends the day, CL-8; a surrender the game, CL-9).
pub(super) struct PhaseEnd {
    pub(super) ending: Phase,
    pub(super) lines: Vec<Line>,
    pub(super) votes: Option<Vec<VoteCount>>,
    /// The speaker whose turn ended without a speech.
    pub(super) skipped: Option<String>,
    /// The seat whose turn to speak this phase was (the engine's speaker), if one.
    pub(super) speaker: Option<String>,
    /// The log's head hash after the event that ended it.
    pub(super) head: String,
}

/// After the engine left the phase `end.ending`: claims its deadline row (once only), sets the
/// next phase's deadline, posts the act post and closes a game that is over.
pub(super) fn close_phase(
    c: &mut DbConnection,
    row: &GameRow,
    folded: &Folded,
    end: PhaseEnd,
    now: NaiveDateTime,
) -> Result<Resolved, AppError> {
    let game = folded
        .game
        .as_ref()
        .ok_or(AppError::Internal("running game without a deal".into()))?;
    let variant = game.variant();
    let over = game.is_over();
    let opening = game.current_phase();
    let next = (!over).then(|| folded.settings.next_deadline(now, opening.kind));
    if !games::claim_deadline(c, row.id, end.ending.step as i32, next)? {
        return Err(AppError::Conflict("already_resolved"));
    }
    let events: Vec<_> = end
        .lines
        .iter()
        .filter_map(|l| match l {
            Line::Public { event, .. } => Some(event.clone()),
            _ => None,
        })
        .collect();
    // A speaker's turn that ended with nothing to publish is one short line in the thread
    // (CL-5), not a whole act summary: seven turns a day would bury the day's posts.
    let turn_ended = end
        .speaker
        .clone()
        .filter(|_| events.is_empty() && end.votes.is_none() && !over);
    let post = ActPost {
        turn_ended,
        resolved: Some(end.ending.step),
        events,
        alive: game
            .seats()
            .into_iter()
            .filter(|s| s.alive)
            .map(|s| s.game_id)
            .collect(),
        opens: (!over).then(|| game.phase()),
        deadline: next,
        winner: game.outcome().map(str::to_string),
        log_hash: Some(end.head),
        votes: end.votes,
        resolved_phase: PhaseLabel::of(variant, end.ending),
        opens_phase: (!over).then(|| PhaseLabel::of(variant, opening)).flatten(),
        speaker: (!over).then(|| game.speaker()).flatten(),
        skipped: end.skipped,
    };
    if let Some(thread) = row.game_thread_id {
        post_act(c, row, thread, &post)?;
    }
    if over {
        games::set_status(c, row.id, GameStatus::Finished)?;
        // Its players' records, kept now so that no profile folds the game again.
        crate::game::records::keep(c, row.id)?;
    }
    // The act open now; once over, the act that ended the game (never "act N+1").
    Ok(Resolved {
        act: game.shown_phase(),
        over,
        ended: end.ending,
        variant,
    })
}
