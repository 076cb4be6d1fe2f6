//! A seat's private notes (issue 41): each seat keeps notes, act by act, on its own page.
//!
//! Privacy: a note is read by the seat alone while the game runs — its account, its game-ID
//! login, and a substitute who takes the seat over (notes belong to the seat, as its private
//! log does) — never by the judge or an admin. So they are not events of the game's log (the
//! audit shows the log to admins during the game): they are rows of their own
//! (`db::queries::notes`), appended and never changed. After the end they are part of the
//! seat's replay (`game::replay`), by the act they were written in.

use crate::app::AppState;
use crate::auth::account::Account;
use crate::db::DbConnection;
use crate::db::queries::{games, notes};
use crate::domain::{GameStatus, NoteBody};
use crate::error::AppError;
use crate::game::service::load_locked;
use chrono::NaiveDateTime;
use serde::Serialize;

/// A note as its seat (and, after the end, the replay) reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Note {
    /// The act it was written in.
    pub act: u32,
    pub body: String,
    /// Sent as ISO 8601 UTC text.
    #[serde(serialize_with = "crate::game::service::iso_time::serialize")]
    pub at: NaiveDateTime,
}

impl From<notes::Note> for Note {
    fn from(n: notes::Note) -> Note {
        Note {
            act: u32::try_from(n.act).unwrap_or(0),
            body: n.body,
            at: n.created_at,
        }
    }
}

/// The seat of `account` in game `game_id` writes a note: checked as a post's text is (at most
/// [`NoteBody::MAX_CHARS`]), limited as posts are, refused to a suspended account. The answers
/// for a caller without a seat are the seat actions' (`404` no game, `409 game_not_started`,
/// `409 not_seated`); after the end `409 game_over`.
pub async fn write(
    state: &AppState,
    account: &Account,
    game_id: i64,
    body: &str,
) -> Result<Note, AppError> {
    let body = NoteBody::parse(body)?;
    state.throttle.post(account.id).await?;
    let account = account.clone();
    let now = state.clock.now();
    state
        .write(move |c| {
            crate::forum::suspension::refuse_if_suspended(c, account.id)?;
            let (row, folded) = load_locked(c, game_id)?;
            if row.status == GameStatus::Signup {
                return Err(AppError::Conflict("game_not_started"));
            }
            let (seat, _) =
                games::seat_of(c, game_id, account.id)?.ok_or(AppError::Conflict("not_seated"))?;
            let game = folded
                .game
                .as_ref()
                .ok_or(AppError::Internal("running game without a deal".into()))?;
            if folded.is_over() || row.status == GameStatus::Finished {
                return Err(AppError::Conflict("game_over"));
            }
            let act = game.phase_of(game.shown_phase()).act;
            let stored = i32::try_from(act).map_err(|_| AppError::Internal("act".into()))?;
            notes::add(c, game_id, seat, stored, account.id, body.as_str(), now)?;
            Ok(Note {
                act,
                body: body.as_str().to_string(),
                at: now,
            })
        })
        .await
}

/// The notes of seat number `seat` of game `game_id`, in the order written. The caller decides
/// who may read them: the seat's own views, and the replay after the end.
pub fn of_seat(c: &mut DbConnection, game_id: i64, seat: i32) -> Result<Vec<Note>, AppError> {
    Ok(notes::of_seat(c, game_id, seat)?
        .into_iter()
        .map(Note::from)
        .collect())
}
