//! A seat's submission: checked, given to the engine, and logged whether accepted or refused;
//! a submission that ends the phase closes it at once.

use super::phase_end::{PhaseEnd, close_phase};
use super::store::{append, load_locked};
use crate::app::AppState;
use crate::auth::account::Account;
use crate::db::queries::games;
use crate::domain::GameStatus;
use crate::error::AppError;
use crate::game::log::GameEvent;
use crate::game::threads::open_team_thread;
use crate::rules::{Action, ActionError, Game};

/// A submission as the edge it came in by parsed it, once (the seat form through the variant's
/// forms, the API's body through the variant's strict parser): the action, or why the object
/// does not parse. A malformed one is refused here, in its turn after the checks that come
/// first (a game not started, a stale form…), and charged to the throttle like any other: the
/// answers are the ones the service gave when it parsed the object itself.
pub type Sent = Result<Action, ActionError>;

/// What a submission got: the reply or the refusal, and the game's variant, whose messages
/// word them for the reader.
pub struct SubmitOutcome {
    pub result: Result<crate::rules::Reply, crate::rules::Refused>,
    pub variant: crate::rules::Variant,
}

/// A seat submits an action, parsed where it came in ([`Sent`]): the service never reads the
/// action object again, and the log prints it once (`Action::to_json`). `meant` is the step (phase) the
/// seat's form was made for, when it says: a form made in a step that has since ended is
/// refused (`already_resolved`) and nothing is logged, so a ballot picked in act 2 and sent
/// after act 2 resolved never counts in act 3.
pub async fn submit(
    state: &AppState,
    account: &Account,
    game_id: i64,
    action: Sent,
    meant: Option<u32>,
) -> Result<SubmitOutcome, AppError> {
    // Charged before the write: every submission, refused or not, stays in the log.
    state.throttle.action(game_id, account.id).await?;
    let account = account.clone();
    let now = state.clock.now();
    let (outcome, finished) = state
        .write(move |c| {
            // A suspended seat is refused, and the refusal is not logged: nothing was submitted.
            crate::forum::suspension::refuse_if_suspended(c, account.id)?;
            let (row, mut folded) = load_locked(c, game_id)?;
            if row.status == GameStatus::Signup {
                return Err(AppError::Conflict("game_not_started"));
            }
            let (_, game_name) =
                games::seat_of(c, game_id, account.id)?.ok_or(AppError::Conflict("not_seated"))?;
            if folded.ended.is_some() {
                return Err(AppError::Conflict("game_over"));
            }
            if folded.paused.is_some() {
                return Err(AppError::Conflict("game_paused"));
            }
            let game = folded
                .game
                .as_mut()
                .ok_or(AppError::Internal("running game without a deal".into()))?;
            // Over by the rules: the log is closed (a refusal would be dated "act N+1").
            if game.is_over() {
                return Err(AppError::Conflict("game_over"));
            }
            match games::deadline(c, game_id)? {
                Some((_, due)) if due <= now => return Err(AppError::Conflict("act_closed")),
                _ => {}
            }
            if games::early(c, game_id)?.is_some_and(|at| at <= now) {
                return Err(AppError::Conflict("act_closed"));
            }
            // A stale form (made for a step that has ended) counts in no later step.
            match meant {
                Some(step) if step < game.phase() => {
                    return Err(AppError::Conflict("already_resolved"));
                }
                Some(step) if step > game.phase() => {
                    return Err(AppError::Conflict("act_not_open"));
                }
                _ => {}
            }
            let parsed = action.map_err(unparsed)?;
            let ending = game.current_phase();
            let variant = game.variant();
            let act = ending.step;
            let mut teammates = teammates_of(game, &game_name);
            // Someone owed something before this submission: the phase is one that waits on
            // its seats, which may now end early (issue 41).
            let owed_before = !game.owing().is_empty();
            let submitted = game.submit(&game_name, &parsed);
            // The teams after it too: a submission may change who is in one.
            teammates.extend(teammates_of(game, &game_name));
            let ended_phase = game.phase() != act || game.is_over();
            let all_acted = game.owing().is_empty() && game.speaker().is_none();
            // The game ends with this submission (a surrender): its board is updated after.
            let finished = game.is_over();
            if finished {
                // Before the event that ends it: its finish is stamped in turn.
                crate::game::ratings::finishing(c, game_id)?;
            }
            let team = game
                .variant()
                .team_threads()
                .first()
                .copied()
                .filter(|t| game.in_team(t, &game_name));
            // The log keeps what the engine understood, never the raw body: the one print of
            // the submission.
            let event = GameEvent::Submitted {
                step: act,
                by: game_name.clone(),
                action: parsed.to_json(),
                ends_phase: ended_phase,
            };
            let head = append(c, game_id, &mut folded, Some(account.id), &event)?;
            // A teammate's submission may settle what the team owes (CL-1: the night's kill is
            // the killers' team's): each teammate's own views are read again at once, and
            // nobody else's.
            if !teammates.is_empty() {
                for (account, _, name) in games::seat_holders(c, game_id)? {
                    if teammates.contains(&name) {
                        games::private_changed_for(c, account)?;
                    }
                }
            }
            if ended_phase {
                close_phase(
                    c,
                    &row,
                    &folded,
                    PhaseEnd {
                        ending,
                        lines: submitted.lines.clone(),
                        votes: None,
                        skipped: None,
                        speaker: None,
                        head,
                    },
                    now,
                )?;
            }
            if !ended_phase && submitted.result.is_ok() && folded.settings.resolve_early {
                settle_early(c, game_id, act, owed_before, all_acted, &folded, now)?;
            }
            // Games started before team threads were opened at the start get theirs now.
            if let Some(team) = team
                && row.team_thread_id.is_none()
            {
                let thread = open_team_thread(c, &row, team)?;
                games::set_team_thread(c, game_id, thread)?;
            }
            Ok((
                SubmitOutcome {
                    result: submitted.result,
                    variant,
                },
                finished,
            ))
        })
        .await?;
    if finished {
        crate::game::ratings::after_finish(state, game_id).await;
    }
    Ok(outcome)
}

/// A game that ends its phases early (issue 41): once every living seat has done all the
/// engine says it owes (and no ordered turn is open), the phase ends `grace_seconds` from now;
/// an accepted change within the grace starts the grace again, and a change that leaves
/// someone owing again (a ballot taken back) puts the planned deadline back. Only accepted
/// submissions move it: a refusal changes nothing, and so tells nothing.
fn settle_early(
    c: &mut crate::db::DbConnection,
    game_id: i64,
    step: u32,
    owed_before: bool,
    all_acted: bool,
    folded: &crate::game::log::Folded,
    now: chrono::NaiveDateTime,
) -> Result<(), AppError> {
    let pending = games::early(c, game_id)?.is_some();
    if all_acted && (owed_before || pending) {
        let at = now + chrono::Duration::seconds(folded.settings.grace_seconds);
        games::set_early(c, game_id, step as i32, Some(at))?;
    } else if !all_acted && pending {
        games::set_early(c, game_id, step as i32, None)?;
    }
    Ok(())
}

/// The error of an action object that does not parse: `400 unknown_field` or `400
/// invalid_action` at the API, the same sentence at the seat form.
pub fn unparsed(e: ActionError) -> AppError {
    match e {
        ActionError::UnknownField(f) => AppError::UnknownField(f),
        ActionError::Invalid(m) => AppError::BadAction(m),
    }
}

/// The game IDs of the seats that share a team thread with seat `name` in `game`, `name`'s own
/// excepted (none for a seat in no team: most submissions read no seat holders).
fn teammates_of(game: &Game, name: &str) -> Vec<String> {
    let teams = game.teams_of(name);
    if teams.is_empty() {
        return Vec::new();
    }
    game.seats()
        .into_iter()
        .map(|s| s.game_id)
        .filter(|other| other != name && teams.iter().any(|t| game.in_team(t, other)))
        .collect()
}
