//! The judge's console: what the open phase holds so far, who still owes what, what the phase
//! would resolve to now, and the judge's actions (deadline, pause, resume, thread lock, end,
//! substitutes). The judge's forms name the phase they mean by its step. Each action appends its event, with the judge as actor, in the transaction of
//! its effect; a refused action changes nothing.
//!
//! Substitutes (替补): the seat keeps its game ID, role and history; only the account behind it
//! changes. The engine's roster keeps the real ID dealt at the start (the one on the public
//! sign-up list), so a substitution never changes what the rules see.

use crate::app::AppState;
use crate::auth::account::Account;
use crate::db::DbConnection;
use crate::db::models::GameRow;
use crate::db::queries::{console as q, games, users};
use crate::domain::account::name_key;
use crate::error::AppError;
use crate::game::access::check_judge;
use crate::game::log::{Folded, GameEvent};
use crate::game::service::{append, check_meant_act, iso, load, load_locked};
use crate::game::threads::{Notice, post_notice};
use crate::rules::{Game, Line};
use chrono::NaiveDateTime;
use serde::Serialize;
use serde_json::Value;

/// The running game, or the reason there is none.
fn running<'a>(row: &GameRow, folded: &'a Folded) -> Result<&'a Game, AppError> {
    if row.status == "signup" {
        return Err(AppError::Conflict("game_not_started"));
    }
    if folded.is_over() || row.status == "finished" {
        return Err(AppError::Conflict("game_over"));
    }
    folded
        .game
        .as_ref()
        .ok_or(AppError::Internal("running game without a deal".into()))
}

/// Moves the deadline of the phase of step `meant_act`, the open one, to `to` (later than now and than the
/// current deadline).
pub async fn extend(
    state: &AppState,
    judge: &Account,
    game_id: i64,
    meant_act: u32,
    to: NaiveDateTime,
) -> Result<NaiveDateTime, AppError> {
    let judge = judge.clone();
    let now = state.clock.now();
    state
        .write(move |c| {
            let (row, mut folded) = load_locked(c, game_id)?;
            check_judge(c, &row, &judge)?;
            running(&row, &folded)?;
            check_meant_act(&row, &folded, meant_act)?;
            if folded.paused.is_some() {
                return Err(AppError::Conflict("game_paused"));
            }
            let (act, due) =
                games::deadline(c, game_id)?.ok_or(AppError::Conflict("game_not_started"))?;
            if to <= now {
                return Err(AppError::Conflict("deadline_in_past"));
            }
            if to <= due {
                return Err(AppError::Conflict("deadline_not_later"));
            }
            games::set_deadline(c, game_id, act, to)?;
            let event = GameEvent::DeadlineExtended {
                act: act as u32,
                from: iso(due),
                to: iso(to),
            };
            append(c, game_id, &mut folded, Some(judge.id), &event)?;
            announce(c, &row, &folded, "deadline_moved", Some(to))?;
            Ok(to)
        })
        .await
}

/// The judge's notice in the game thread (`kind`: `deadline_moved`, `paused`, `resumed`), so
/// that every player sees a moved clock where the game is played; pages tell it in the
/// reader's language, with `at` in the game's time zone.
fn announce(
    c: &mut DbConnection,
    row: &GameRow,
    folded: &Folded,
    kind: &str,
    at: Option<NaiveDateTime>,
) -> Result<(), AppError> {
    if let Some(thread) = row.game_thread_id {
        let notice = Notice {
            notice: kind.to_string(),
            at: at.map(iso),
            zone: Some(folded.settings.timezone.clone()),
        };
        post_notice(c, row, thread, &notice)?;
    }
    Ok(())
}

/// Stops the clock of the phase of step `meant_act`, the open one: the deadline row goes (the scheduler skips
/// the game) and submissions are refused until [`resume`].
pub async fn pause(
    state: &AppState,
    judge: &Account,
    game_id: i64,
    meant_act: u32,
) -> Result<i64, AppError> {
    let judge = judge.clone();
    let now = state.clock.now();
    state
        .write(move |c| {
            let (row, mut folded) = load_locked(c, game_id)?;
            check_judge(c, &row, &judge)?;
            running(&row, &folded)?;
            check_meant_act(&row, &folded, meant_act)?;
            if folded.paused.is_some() {
                return Err(AppError::Conflict("already_paused"));
            }
            let (act, due) =
                games::deadline(c, game_id)?.ok_or(AppError::Conflict("game_not_started"))?;
            let remaining_secs = (due - now).num_seconds().max(0);
            q::clear_deadline(c, game_id)?;
            let event = GameEvent::Paused {
                act: act as u32,
                remaining_secs,
            };
            append(c, game_id, &mut folded, Some(judge.id), &event)?;
            announce(c, &row, &folded, "paused", None)?;
            Ok(remaining_secs)
        })
        .await
}

/// Starts the clock of act `meant_act` again: the act ends `remaining` after now. Returns the
/// new deadline.
pub async fn resume(
    state: &AppState,
    judge: &Account,
    game_id: i64,
    meant_act: u32,
) -> Result<NaiveDateTime, AppError> {
    let judge = judge.clone();
    let now = state.clock.now();
    state
        .write(move |c| {
            let (row, mut folded) = load_locked(c, game_id)?;
            check_judge(c, &row, &judge)?;
            running(&row, &folded)?;
            check_meant_act(&row, &folded, meant_act)?;
            let (act, remaining) = folded.paused.ok_or(AppError::Conflict("not_paused"))?;
            let deadline = now + chrono::Duration::seconds(remaining);
            games::set_deadline(c, game_id, act as i32, deadline)?;
            let event = GameEvent::Resumed {
                act,
                deadline: iso(deadline),
            };
            append(c, game_id, &mut folded, Some(judge.id), &event)?;
            announce(c, &row, &folded, "resumed", Some(deadline))?;
            Ok(deadline)
        })
        .await
}

/// Locks (or unlocks) the game thread for the seats; the judge still posts. Setting the state
/// it already has changes nothing.
pub async fn set_thread_lock(
    state: &AppState,
    judge: &Account,
    game_id: i64,
    locked: bool,
) -> Result<(), AppError> {
    let judge = judge.clone();
    state
        .write(move |c| {
            let (row, mut folded) = load_locked(c, game_id)?;
            check_judge(c, &row, &judge)?;
            if row.status == "signup" {
                return Err(AppError::Conflict("game_not_started"));
            }
            if folded.thread_locked != locked {
                append(
                    c,
                    game_id,
                    &mut folded,
                    Some(judge.id),
                    &GameEvent::ThreadLocked { locked },
                )?;
            }
            Ok(())
        })
        .await
}

/// Ends the game now, in the phase of step `meant_act` (the open one), with a stated reason (and
/// optionally a winner the variant knows). The reveal opens.
pub async fn end(
    state: &AppState,
    judge: &Account,
    game_id: i64,
    meant_act: u32,
    reason: &str,
    winner: Option<String>,
) -> Result<(), AppError> {
    let reason = reason.trim().to_string();
    if reason.is_empty() || reason.chars().count() > 2000 {
        return Err(AppError::Conflict("reason_required"));
    }
    let winner = winner.filter(|w| !w.trim().is_empty());
    let judge = judge.clone();
    state
        .write(move |c| {
            let (row, mut folded) = load_locked(c, game_id)?;
            check_judge(c, &row, &judge)?;
            let outcomes = crate::rules::Variant::from_name(&row.variant)
                .map(|v| v.outcomes())
                .unwrap_or_default();
            if winner.as_deref().is_some_and(|w| !outcomes.contains(&w)) {
                return Err(AppError::Conflict("bad_winner"));
            }
            running(&row, &folded)?;
            check_meant_act(&row, &folded, meant_act)?;
            q::clear_deadline(c, game_id)?;
            games::set_status(c, game_id, "finished")?;
            let event = GameEvent::Ended {
                reason: reason.clone(),
                winner,
            };
            append(c, game_id, &mut folded, Some(judge.id), &event)?;
            if let Some(thread) = row.game_thread_id {
                crate::forum::render::add_post(c, thread, judge.id, &reason, None, "judge")?;
            }
            Ok(())
        })
        .await
}

/// The judge gives seat `game_name` to the account `account_name` (替补).
pub async fn substitute(
    state: &AppState,
    judge: &Account,
    game_id: i64,
    game_name: &str,
    account_name: &str,
) -> Result<(), AppError> {
    let judge = judge.clone();
    let game_name = game_name.trim().to_string();
    let key = name_key(account_name);
    state
        .write(move |c| {
            let (row, mut folded) = load_locked(c, game_id)?;
            check_judge(c, &row, &judge)?;
            running(&row, &folded)?;
            let (seat, from_user, _) =
                games::alias_of(c, game_id, &game_name)?.ok_or(AppError::NotFound)?;
            let to = users::by_key(c, &key)?.ok_or(AppError::NotFound)?;
            if to.id == row.judge_id || games::seat_of(c, game_id, to.id)?.is_some() {
                return Err(AppError::Conflict("already_seated"));
            }
            q::move_seat(c, game_id, seat, to.id)?;
            let event = GameEvent::Substituted {
                seat,
                game_id: game_name.clone(),
                from_user,
                to_user: to.id,
                to_name: to.username.clone(),
            };
            append(c, game_id, &mut folded, Some(judge.id), &event)?;
            // Both accounts' own histories record it too (admins' audit by account).
            let detail = format!("game {game_id}");
            crate::db::queries::account_events::append(
                c,
                Some(from_user),
                Some(judge.id),
                "substituted_out",
                &detail,
            )?;
            crate::db::queries::account_events::append(
                c,
                Some(to.id),
                Some(judge.id),
                "substituted_in",
                &detail,
            )?;
            Ok(())
        })
        .await
}

/// An account joins (`join = true`) or leaves the game's substitute list.
pub async fn set_substitute(
    state: &AppState,
    account: &Account,
    game_id: i64,
    join: bool,
) -> Result<(), AppError> {
    if account.is_alias() {
        return Err(AppError::Forbidden);
    }
    let account = account.clone();
    state
        .write(move |c| {
            let (row, mut folded) = load_locked(c, game_id)?;
            running(&row, &folded)?;
            let listed = folded.substitutes.iter().any(|(id, _)| *id == account.id);
            if join {
                if row.judge_id == account.id || games::seat_of(c, game_id, account.id)?.is_some() {
                    return Err(AppError::Conflict("already_seated"));
                }
                if !listed {
                    let event = GameEvent::SubstituteJoined {
                        user_id: account.id,
                        name: account.name.clone(),
                    };
                    append(c, game_id, &mut folded, Some(account.id), &event)?;
                }
            } else if listed {
                let event = GameEvent::SubstituteLeft {
                    user_id: account.id,
                    name: account.name.clone(),
                };
                append(c, game_id, &mut folded, Some(account.id), &event)?;
            }
            Ok(())
        })
        .await
}

/// One submission of the open act, as the judge sees it.
#[derive(Debug, Serialize)]
pub struct ConsoleSubmission {
    pub seq: i64,
    pub seat: Option<i32>,
    pub game_id: String,
    /// The account that sent it.
    pub real_id: String,
    pub action: Value,
    pub ok: bool,
    pub reply: Option<Value>,
    pub error: Option<String>,
    pub time: String,
}

/// A seat that still owes a submission, and what it may send.
#[derive(Debug, Serialize)]
pub struct Owing {
    pub game_id: String,
    pub real_id: String,
    pub actions: Vec<&'static str>,
}

#[derive(Debug, Serialize)]
pub struct ConsoleSeat {
    pub seat: i32,
    pub game_id: String,
    pub real_id: String,
    pub alive: bool,
    /// Accounts that played the seat, in order (the signed-up one first).
    pub chain: Vec<String>,
    /// The engine's role for the seat (for a seat that is out, the role it went out with).
    pub role: Option<String>,
    /// When and why it went out.
    pub out: Option<SeatOut>,
    /// What the variant tells the judge of the seat besides (what it owes, its ballot…), as
    /// `rules::Game::judge_facts` gives it.
    #[serde(flatten)]
    pub facts: serde_json::Map<String, Value>,
}

#[derive(Debug, Serialize)]
pub struct SeatOut {
    pub act: u64,
    pub cause: String,
}

/// One line of the ballot tally: a game ID and the votes the current ballots give it.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct TallyRow {
    pub game_id: String,
    pub votes: usize,
}

/// What the open act would resolve to now (computed, not saved).
#[derive(Debug, Serialize)]
pub struct Preview {
    pub events: Vec<Value>,
    pub winner: Option<String>,
    /// The vote counts the resolution would publish (option `publish_votes`); absent when the
    /// game publishes none (an empty list: nobody voted).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub votes: Option<Vec<crate::game::threads::VoteCount>>,
}

#[derive(Debug, Serialize)]
pub struct ConsoleView {
    pub id: i64,
    pub title: String,
    pub variant: String,
    pub status: String,
    /// The open phase's step (the one the judge's forms mean; after the end, the last one).
    pub act: u32,
    /// The open phase: its act and kind.
    pub phase: Option<crate::rules::Phase>,
    pub deadline: Option<String>,
    /// Seconds left when paused; `None` while the clock runs.
    pub paused_remaining_secs: Option<i64>,
    pub thread_locked: bool,
    pub ended_reason: Option<String>,
    pub winner: Option<String>,
    pub seats: Vec<ConsoleSeat>,
    pub submissions: Vec<ConsoleSubmission>,
    pub owing: Vec<Owing>,
    pub preview: Option<Preview>,
    /// Names on the substitute list.
    pub substitutes: Vec<String>,
    /// The current ballots counted as the variant counts them: votes per game ID, most first
    /// (ties in seat order).
    pub tally: Vec<TallyRow>,
    /// Living seats with no ballot yet in this phase.
    pub no_ballot: usize,
    /// The game's time zone (IANA name), in which the judge enters and reads deadlines.
    pub timezone: String,
}

/// Why a deadline typed in the game's time zone does not name one instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LocalTimeError {
    /// Not a date and time (`2026-12-02T20:00`, as `<input type="datetime-local">` sends it).
    Malformed,
    /// The clocks skip that time (the start of summer time).
    Gap,
    /// The clocks show that time twice (the end of summer time).
    Ambiguous,
}

/// A deadline as the judge's date-time picker sends it, read in the zone `tz`, as UTC.
pub fn local_deadline(raw: &str, tz: chrono_tz::Tz) -> Result<NaiveDateTime, LocalTimeError> {
    use chrono::{LocalResult, TimeZone};
    let raw = raw.trim();
    let local = [
        "%Y-%m-%dT%H:%M",
        "%Y-%m-%dT%H:%M:%S",
        "%Y-%m-%dT%H:%M:%S%.f",
    ]
    .iter()
    .find_map(|f| NaiveDateTime::parse_from_str(raw, f).ok())
    .ok_or(LocalTimeError::Malformed)?;
    match tz.from_local_datetime(&local) {
        LocalResult::Single(t) => Ok(t.naive_utc()),
        LocalResult::None => Err(LocalTimeError::Gap),
        LocalResult::Ambiguous(..) => Err(LocalTimeError::Ambiguous),
    }
}

/// The time zone of a game's deadlines (the judge's, chosen at creation).
pub fn zone(c: &mut DbConnection, game_id: i64) -> Result<chrono_tz::Tz, AppError> {
    let (_, folded) = load(c, game_id)?;
    Ok(folded.settings.tz())
}

/// The accounts that played each seat, in order (signed-up account, then substitutes).
pub fn seat_chains(folded: &Folded) -> Vec<(String, Vec<String>)> {
    let Some(started) = folded.started.as_ref() else {
        return Vec::new();
    };
    started
        .seats
        .iter()
        .map(|s| {
            let mut chain = vec![s.real_id.clone()];
            chain.extend(
                folded
                    .substitutions
                    .iter()
                    .filter(|x| x.game_id == s.game_id)
                    .map(|x| x.to_name.clone()),
            );
            (s.game_id.clone(), chain)
        })
        .collect()
}

/// The console of a game. The caller checks that the reader is its judge or an admin.
pub fn console_view(c: &mut DbConnection, game_id: i64) -> Result<ConsoleView, AppError> {
    let (row, folded) = load(c, game_id)?;
    let deadline = games::deadline(c, game_id)?;
    let mut names = std::collections::HashMap::new();
    let mut name_of = |c: &mut DbConnection, id: i64| -> Result<String, AppError> {
        if let Some(n) = names.get(&id) {
            return Ok(String::clone(n));
        }
        let n = users::by_id(c, id)?.map(|u| u.username).unwrap_or_default();
        names.insert(id, n.clone());
        Ok(n)
    };
    let seat_rows = games::seat_names(c, game_id)?;
    let mut seats = Vec::new();
    let chains = seat_chains(&folded);
    let game = folded.game.as_ref();
    let over = folded.is_over();
    for (n, name) in &seat_rows {
        let holder = games::seat_holder(c, game_id, *n)?;
        let real_id = match holder {
            Some((id, _)) => name_of(c, id)?,
            None => String::new(),
        };
        // The engine's own view of the seat: the judge sees what the seat sees, and more.
        let view = game.and_then(|g| g.view_for(name)).unwrap_or(Value::Null);
        let alive = game.is_some_and(|g| g.seats().iter().any(|s| &s.game_id == name && s.alive));
        let running = alive && !over;
        seats.push(ConsoleSeat {
            seat: *n,
            game_id: name.clone(),
            real_id,
            alive,
            chain: chains
                .iter()
                .find(|(g, _)| g == name)
                .map(|(_, ch)| ch.clone())
                .unwrap_or_default(),
            role: view.get("role").and_then(Value::as_str).map(str::to_string),
            out: view.get("out").and_then(Value::as_array).map(|o| SeatOut {
                act: o.first().and_then(Value::as_u64).unwrap_or(0),
                cause: o
                    .get(1)
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string(),
            }),
            facts: game
                .map(|g| g.judge_facts(name, running))
                .unwrap_or_default(),
        });
    }
    let ballots = game.map(|g| g.ballots()).unwrap_or_default();
    let tally: Vec<TallyRow> = game
        .map(|g| g.tally(&ballots))
        .unwrap_or_default()
        .into_iter()
        .map(|(game_id, votes)| TallyRow { game_id, votes })
        .collect();
    let no_ballot = ballots.iter().filter(|(_, b)| b.is_none()).count();
    let act = game.map(|g| g.current_phase().act).unwrap_or(0);
    let step = game.map(|g| g.shown_phase()).unwrap_or(0);
    let times: std::collections::HashMap<i64, (NaiveDateTime, Option<i64>)> =
        q::event_times(c, game_id)?
            .into_iter()
            .map(|(seq, t, a)| (seq, (t, a)))
            .collect();
    let mut submissions = Vec::new();
    for l in &folded.lines {
        let Line::Reply {
            act: a,
            by,
            ok,
            reply,
            error,
        } = &l.line
        else {
            continue;
        };
        // This phase's submissions: those after the event that opened it.
        if l.seq <= folded.phase_opened_seq || *a != act || folded.is_over() {
            continue;
        }
        let (time, actor) = times.get(&l.seq).copied().unwrap_or_default();
        let real_id = match actor {
            Some(id) => name_of(c, id)?,
            None => String::new(),
        };
        submissions.push(ConsoleSubmission {
            seq: l.seq,
            seat: seat_rows.iter().find(|(_, n)| n == by).map(|(s, _)| *s),
            game_id: by.clone(),
            real_id,
            action: l.action.clone().unwrap_or(Value::Null),
            ok: *ok,
            reply: reply.clone(),
            error: error.map(str::to_string),
            time: iso(time),
        });
    }
    let mut owing = Vec::new();
    let mut preview = None;
    if let Some(g) = game.filter(|_| !folded.is_over()) {
        for name in g.owing() {
            let real_id = seats
                .iter()
                .find(|s| s.game_id == name)
                .map(|s| s.real_id.clone())
                .unwrap_or_default();
            owing.push(Owing {
                actions: g.allowed_actions(&name),
                game_id: name,
                real_id,
            });
        }
        let mut copy = g.clone();
        // Read before the resolution clears the ballots, as the real resolution does.
        let votes = copy.published_votes().map(|counts| {
            counts
                .into_iter()
                .map(|(game_id, votes)| crate::game::threads::VoteCount { game_id, votes })
                .collect()
        });
        let events = copy
            .resolve_phase()
            .into_iter()
            .filter_map(|l| match l {
                Line::Public { event, .. } => Some(event),
                _ => None,
            })
            .collect();
        preview = Some(Preview {
            events,
            winner: copy.outcome().map(str::to_string),
            votes,
        });
    }
    Ok(ConsoleView {
        id: row.id,
        title: row.title.clone(),
        variant: row.variant.clone(),
        status: row.status.clone(),
        act: step,
        phase: game.map(|g| g.phase_of(step)),
        deadline: deadline.map(|(_, d)| iso(d)),
        paused_remaining_secs: folded.paused.map(|(_, r)| r),
        thread_locked: folded.thread_locked,
        ended_reason: folded.ended.as_ref().map(|(r, _)| r.clone()),
        winner: folded.winner(),
        seats,
        submissions,
        owing,
        preview,
        substitutes: folded.substitutes.iter().map(|(_, n)| n.clone()).collect(),
        tally,
        no_ballot,
        timezone: folded.settings.timezone.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deadlines_typed_in_the_judges_zone() {
        let at = |s: &str| NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").expect("time");
        let shanghai = chrono_tz::Asia::Shanghai;
        assert_eq!(
            local_deadline("2026-12-02T20:00", shanghai),
            Ok(at("2026-12-02 12:00"))
        );
        assert_eq!(
            local_deadline(" 2026-12-02T20:00:00 ", shanghai),
            Ok(at("2026-12-02 12:00"))
        );
        let berlin = chrono_tz::Europe::Berlin;
        // Summer time starts 2027-03-28 at 02:00 (clocks jump to 03:00) and ends 2027-10-31
        // at 03:00 (clocks go back to 02:00).
        assert_eq!(
            local_deadline("2027-03-28T02:30", berlin),
            Err(LocalTimeError::Gap)
        );
        assert_eq!(
            local_deadline("2027-10-31T02:30", berlin),
            Err(LocalTimeError::Ambiguous)
        );
        assert_eq!(
            local_deadline("2027-10-31T04:30", berlin),
            Ok(at("2027-10-31 03:30"))
        );
        for bad in [
            "",
            "tomorrow",
            "2026-12-02",
            "2026-13-02T20:00",
            "2026-12-02T20:00Z",
        ] {
            assert_eq!(
                local_deadline(bad, shanghai),
                Err(LocalTimeError::Malformed),
                "{bad}"
            );
        }
    }
}
