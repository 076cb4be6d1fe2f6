//! The private deadline calendar: one secret address per account whose iCalendar feed lists the
//! open deadlines of the running games it plays or judges (`web::calendar` writes the text).
//!
//! The address's token is HMAC-SHA256 of a server key (`server_keys.calendar_key`) over the
//! account and a generation, so the same address can be shown again whenever the account asks
//! (`GET /api/v1/account/calendar`, the account page) without storing the secret: the table
//! keeps only the generation and the token's SHA-256, by which a feed request finds its
//! account. Revoking moves to the next generation, whose token is new and whose hash replaces
//! the old one, so the old address finds nothing from then on. See docs/security.md.

use crate::app::AppState;
use crate::auth::calendar_token::{revoke_in, token_in, well_formed};
use crate::auth::tokens::sha256_hex;
use crate::db::DbConnection;
use crate::db::queries::calendar as q;
use crate::error::AppError;
use crate::game::threads::PhaseLabel;
use chrono::NaiveDateTime;

/// The token of the account's feed, made (generation 1) the first time it is asked for; the
/// same token every time until [`revoke`]. The token is a credential: `auth::calendar_token`
/// makes it, and revokes it with the sessions (a layer below `forum`, which signs out).
pub async fn token(state: &AppState, user_id: i64) -> Result<String, AppError> {
    let now = state.clock.now();
    state.write(move |c| token_in(c, user_id, now)).await
}

/// Ends the account's current feed address: the next [`token`] is a new one. Nothing to do for
/// an account that never asked for one.
pub async fn revoke(state: &AppState, user_id: i64) -> Result<(), AppError> {
    state.write(move |c| revoke_in(c, user_id)).await
}

/// One deadline as the feed shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedEvent {
    pub game_id: i64,
    pub title: String,
    /// The deadline's step: with the game, the event's identity (a moved deadline keeps it).
    pub step: u32,
    /// The act that ends (for a variant of one phase per act, the step itself).
    pub act: u32,
    /// The phase, for a variant of several phases per act.
    pub phase: Option<PhaseLabel>,
    pub due_at: NaiveDateTime,
    /// When the game's clock last changed in public (its newest act post or clock notice): the
    /// event's DTSTAMP and LAST-MODIFIED. Never a secret submission's time.
    pub changed: NaiveDateTime,
    /// The account judges this game rather than plays in it.
    pub judging: bool,
    /// A table's scheduled start (issue 41), not a phase's deadline.
    pub starts: bool,
}

/// The deadlines of the feed whose token is `token`; `None` for an unknown or revoked token
/// (the caller answers 404, as for any unknown address).
pub async fn feed(state: &AppState, token: String) -> Result<Option<Vec<FeedEvent>>, AppError> {
    if !well_formed(&token) {
        return Ok(None);
    }
    state
        .db(move |c| {
            let Some((user_id, _)) = q::by_hash(c, &sha256_hex(&token))? else {
                return Ok(None);
            };
            let mut events = Vec::new();
            for d in q::open_deadlines_of(c, user_id)? {
                let step = u32::try_from(d.step).unwrap_or(0);
                let (act, phase) = phase_of(c, d.game_id, step);
                let changed = q::last_public_change(c, d.game_id)?.unwrap_or(d.due_at);
                events.push(FeedEvent {
                    game_id: d.game_id,
                    title: d.title,
                    step,
                    act,
                    phase,
                    due_at: d.due_at,
                    changed,
                    judging: d.judging,
                    starts: false,
                });
            }
            // Tables it signed up to or judges that start at a time (issue 41).
            for s in q::scheduled_starts_of(c, user_id)? {
                events.push(FeedEvent {
                    game_id: s.game_id,
                    title: s.title,
                    step: 0,
                    act: 0,
                    phase: None,
                    due_at: s.at,
                    changed: s.created_at,
                    judging: s.judging,
                    starts: true,
                });
            }
            events.sort_by_key(|e| (e.due_at, e.game_id));
            Ok(Some(events))
        })
        .await
}

/// The act and phase of a game's step, from its folded log; a log that does not fold (a server
/// fault, logged) names the step as the act, so the feed still lists the deadline.
fn phase_of(c: &mut DbConnection, game_id: i64, step: u32) -> (u32, Option<PhaseLabel>) {
    match crate::game::cache::folded(c, game_id) {
        Ok(folded) => match folded.game.as_ref() {
            Some(game) => {
                let phase = game.phase_of(step);
                (phase.act, PhaseLabel::of(game.variant(), phase))
            }
            None => (step, None),
        },
        Err(e) => {
            tracing::warn!(game_id, error = %e, "calendar: the log does not fold");
            (step, None)
        }
    }
}
