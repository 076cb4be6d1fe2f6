//! Game operations. Each runs in one write transaction: lock the game, fold its log, ask the
//! engine, append the event, update the indexes. A refused action appends nothing but the
//! seat's own record of it.

use crate::app::AppState;
use crate::auth::account::Account;
use crate::db::DbConnection;
use crate::db::models::GameRow;
use crate::db::queries::{forum, games};
use crate::domain::Title;
use crate::error::AppError;
use crate::game::deal;
use crate::game::log::{Folded, GameEvent};
use crate::game::settings::GameSettings;
use crate::game::threads::{
    ActPost, PhaseLabel, VoteCount, open_play_threads, open_team_thread, post_act,
};
use crate::rules::{ActionError, Game, GameConfig, Line, Phase, Variant};
use chrono::NaiveDateTime;
use serde_json::Value;

pub fn iso(t: NaiveDateTime) -> String {
    t.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// Loads and folds a game inside a transaction (locking its row for writers).
pub fn load_locked(c: &mut DbConnection, game_id: i64) -> Result<(GameRow, Folded), AppError> {
    let row = games::get_for_update(c, game_id)?.ok_or(AppError::NotFound)?;
    // A writer changes its own copy; the cached fold stays as the log was.
    let folded = Folded::clone(crate::game::cache::folded(c, game_id)?.as_ref());
    Ok((row, folded))
}

/// The game for reading (shared with the cache: no copy).
pub fn load(
    c: &mut DbConnection,
    game_id: i64,
) -> Result<(GameRow, std::sync::Arc<Folded>), AppError> {
    let row = games::get(c, game_id)?.ok_or(AppError::NotFound)?;
    let folded = crate::game::cache::folded(c, game_id)?;
    Ok((row, folded))
}

pub(crate) fn append(
    c: &mut DbConnection,
    game_id: i64,
    folded: &mut Folded,
    actor: Option<i64>,
    event: &GameEvent,
) -> Result<String, AppError> {
    let seq = folded.last_seq + 1;
    let hash =
        games::append(c, game_id, seq, event.kind(), actor, &event.to_json()).map_err(|e| {
            if crate::db::is_unique_violation(&e) {
                AppError::Conflict("concurrent_change")
            } else {
                e.into()
            }
        })?;
    folded.last_seq = seq;
    Ok(hash)
}

/// A judge (or admin) opens a game for sign-up; returns its id.
pub async fn create(
    state: &AppState,
    judge: &Account,
    title: &str,
    settings: GameSettings,
) -> Result<i64, AppError> {
    if !judge.is_judge() {
        return Err(AppError::Forbidden);
    }
    let title = Title::parse(title)?;
    let judge = judge.clone();
    state
        .write(move |c| {
            if let Some(previous) = settings.series_after {
                check_series(c, &judge, &settings, previous)?;
            }
            let settings_json = serde_json::to_string(&settings).unwrap_or_default();
            let row = games::create(
                c,
                &games::NewGame {
                    title: title.as_str(),
                    variant: &settings.variant,
                    judge_id: judge.id,
                    settings: &settings_json,
                },
            )?;
            let created = GameEvent::Created {
                title: title.as_str().to_string(),
                settings,
            };
            games::append(
                c,
                row.id,
                1,
                created.kind(),
                Some(judge.id),
                &created.to_json(),
            )?;
            let board = forum::games_board(c)?;
            // The thread's title is the game's; pages add "· sign-up" in the reader's language.
            let signup =
                forum::create_game_thread(c, board.id, judge.id, title.as_str(), "signup", row.id)?;
            let body = format!(
                "[{}](/games/{})",
                title.as_str().replace(['[', ']'], ""),
                row.id
            );
            crate::forum::render::add_post(c, signup.id, judge.id, &body, None, "user")?;
            games::set_threads(c, row.id, Some(signup.id), None, None)?;
            Ok(row.id)
        })
        .await
}

/// A series links a finished game of the same variant, one the judge judged (an admin: any),
/// and only for a variant whose rules link games (CL-3).
fn check_series(
    c: &mut DbConnection,
    judge: &Account,
    settings: &GameSettings,
    previous: i64,
) -> Result<(), AppError> {
    let variant = Variant::from_name(&settings.variant)
        .ok_or_else(|| AppError::BadRequest("unknown variant".into()))?;
    if variant.series_option().is_none() {
        return Err(AppError::BadRequest(
            "this game's rules do not link games into a series".into(),
        ));
    }
    let row = games::get(c, previous)?
        .ok_or_else(|| AppError::BadRequest(format!("no game {previous} to follow")))?;
    if row.variant != settings.variant {
        return Err(AppError::BadRequest(format!(
            "game {previous} is another game ({})",
            row.variant
        )));
    }
    if row.status != "finished" {
        return Err(AppError::BadRequest(format!(
            "game {previous} has not ended yet"
        )));
    }
    if row.judge_id != judge.id && !judge.is_admin() {
        return Err(AppError::BadRequest(format!(
            "game {previous} was judged by someone else"
        )));
    }
    Ok(())
}

/// Sign up (`join = true`) or withdraw before the start.
pub async fn set_signup(
    state: &AppState,
    account: &Account,
    game_id: i64,
    join: bool,
) -> Result<(), AppError> {
    let account = account.clone();
    state
        .write(move |c| {
            let (row, mut folded) = load_locked(c, game_id)?;
            if row.status != "signup" {
                return Err(AppError::Conflict("game_started"));
            }
            if join && row.judge_id == account.id {
                return Err(AppError::Conflict("judge_cannot_play"));
            }
            let changed = if join {
                games::signup(c, game_id, account.id)?
            } else {
                games::withdraw(c, game_id, account.id)?
            };
            if changed {
                let event = if join {
                    GameEvent::SignedUp {
                        user_id: account.id,
                        name: account.name.clone(),
                    }
                } else {
                    GameEvent::Withdrew {
                        user_id: account.id,
                        name: account.name.clone(),
                    }
                };
                append(c, game_id, &mut folded, Some(account.id), &event)?;
            }
            Ok(())
        })
        .await
}

/// The judge starts the game: the deal, the commitment, the threads, the first phase and its
/// deadline. `setup` (admin only) fixes the deal. Returns the deadline of the first phase.
pub async fn start(
    state: &AppState,
    actor: &Account,
    game_id: i64,
    setup: Option<Value>,
) -> Result<NaiveDateTime, AppError> {
    let actor = actor.clone();
    let setup = setup.filter(|s| !s.is_null());
    if setup.is_some() && !actor.is_admin() {
        return Err(AppError::Forbidden);
    }
    let now = state.clock.now();
    state
        .write(move |c| {
            let (row, mut folded) = load_locked(c, game_id)?;
            if row.judge_id != actor.id && !actor.is_admin() {
                return Err(AppError::Forbidden);
            }
            if row.status != "signup" {
                return Err(AppError::Conflict("game_started"));
            }
            let signups = games::signups(c, game_id)?;
            let s = &folded.settings;
            let n = signups.len();
            if n < s.min_seats || n > s.max_seats {
                return Err(AppError::SeatCount {
                    signed_up: n,
                    min: s.min_seats,
                    max: s.max_seats,
                });
            }
            let variant =
                Variant::from_name(&s.variant).ok_or(AppError::Internal("variant".into()))?;
            let deal = match &setup {
                Some(fixed) => deal::fixed_deal(variant, &signups, fixed),
                None => deal::random_deal(variant, &signups, &s.characters),
            }
            .map_err(|e| match e {
                deal::DealError::UnknownField(f) => AppError::UnknownField(f),
                deal::DealError::GameId(e) => AppError::GameId(e),
                e => AppError::BadRequest(e.to_string()),
            })?;
            // The engine checks the deal before anything is written.
            // A game keeps the edition of the rules it started with: pinned in its log.
            let mut options = variant.pinned_options(&s.options);
            // A game of a series carries a seat over from the game before it (CL-3), named by
            // its game ID here: the same account, whatever its game ID was then.
            if let (Some(previous), Some(key)) = (s.series_after, variant.series_option())
                && let Some(name) = carried_over(c, previous, &deal)?
                && let Value::Object(m) = &mut options
            {
                m.insert(key.to_string(), Value::String(name));
            }
            let game = Game::start(&GameConfig {
                variant,
                options: options.clone(),
                seed: deal.seed,
                seats: deal.seats.clone(),
                setup: Some(deal.setup.clone()),
            })
            .map_err(|e| AppError::BadRequest(e.to_string()))?;
            let first = game.current_phase();
            let event = GameEvent::Started {
                seed: deal.seed,
                seats: deal.seats.clone(),
                users: deal.users.clone(),
                setup: deal.setup.clone(),
                deal_text: deal.deal_text.clone(),
                salt: deal.salt.clone(),
                commitment: deal.commitment.clone(),
                fixed_deal: setup.is_some(),
                options: Some(options),
            };
            let head = append(c, game_id, &mut folded, Some(actor.id), &event)?;
            for (i, (spec, user)) in deal.seats.iter().zip(&deal.users).enumerate() {
                games::add_seat(c, game_id, i as i32 + 1, &spec.game_id, *user)?;
            }
            games::set_status(c, game_id, "running")?;
            if setup.is_some() {
                games::set_fixed_deal(c, game_id)?;
            }
            let (play, grave) = open_play_threads(c, &row)?;
            games::set_threads(c, game_id, row.signup_thread_id, Some(play), Some(grave))?;
            // Every team's thread opens now, whether or not the team ever forms (its
            // existence must tell nothing); found by its kind, the team's key. The first is
            // also kept in the game's row, as games before several teams did.
            for (i, &team) in variant.team_threads().iter().enumerate() {
                let thread = open_team_thread(c, &row, team)?;
                if i == 0 {
                    games::set_team_thread(c, game_id, thread)?;
                }
            }
            let deadline = folded.settings.next_deadline(now, first.kind);
            games::set_deadline(c, game_id, first.step as i32, deadline)?;
            let opening = ActPost {
                resolved: None,
                events: Vec::new(),
                alive: deal.seats.iter().map(|s| s.game_id.clone()).collect(),
                opens: Some(first.step),
                deadline: Some(iso(deadline)),
                winner: None,
                log_hash: Some(head),
                votes: None,
                resolved_phase: None,
                opens_phase: PhaseLabel::of(variant, first),
                speaker: game.speaker(),
                skipped: None,
            };
            post_act(c, &row, play, &opening)?;
            Ok(deadline)
        })
        .await
}

/// The seat of `deal` played by the account the game `previous` carries over into the next
/// game of its series ([`Game::series_carry`]), if that account plays again.
fn carried_over(
    c: &mut DbConnection,
    previous: i64,
    deal: &deal::Deal,
) -> Result<Option<String>, AppError> {
    let (_, before) = load(c, previous)?;
    let (Some(game), Some(started)) = (before.game.as_ref(), before.started.as_ref()) else {
        return Ok(None);
    };
    let Some(name) = game.series_carry() else {
        return Ok(None);
    };
    let account = started
        .seats
        .iter()
        .zip(&started.users)
        .find(|(seat, _)| seat.game_id == name)
        .map(|(_, user)| *user);
    Ok(account.and_then(|user| {
        deal.seats
            .iter()
            .zip(&deal.users)
            .find(|(_, u)| **u == user)
            .map(|(seat, _)| seat.game_id.clone())
    }))
}

/// What a submission got: the reply or the refusal.
pub struct SubmitOutcome {
    pub result: Result<Value, crate::rules::Refused>,
}

/// A seat submits an action (the replay/API action object).
pub async fn submit(
    state: &AppState,
    account: &Account,
    game_id: i64,
    action: Value,
) -> Result<SubmitOutcome, AppError> {
    // Charged before the write: every submission, refused or not, stays in the log.
    state.throttle.action(game_id, account.id)?;
    let account = account.clone();
    let now = state.clock.now();
    state
        .write(move |c| {
            let (row, mut folded) = load_locked(c, game_id)?;
            if row.status == "signup" {
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
            let parsed = game.parse_action_strict(&action).map_err(|e| match e {
                ActionError::UnknownField(f) => AppError::UnknownField(f),
                ActionError::Invalid(_) => AppError::BadRequest(e.to_string()),
            })?;
            let ending = game.current_phase();
            let act = ending.step;
            let submitted = game.submit(&game_name, &parsed);
            let ended_phase = game.phase() != act || game.is_over();
            let team = game
                .variant()
                .team_threads()
                .first()
                .copied()
                .filter(|t| game.in_team(t, &game_name));
            // The log keeps what the engine understood, never the raw body.
            let event = GameEvent::Submitted {
                act,
                by: game_name.clone(),
                action: parsed.to_json(),
                ends_phase: ended_phase,
            };
            let head = append(c, game_id, &mut folded, Some(account.id), &event)?;
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
                        head,
                    },
                    now,
                )?;
            }
            // Games started before team threads were opened at the start get theirs now.
            if let Some(team) = team
                && row.team_thread_id.is_none()
            {
                let thread = open_team_thread(c, &row, team)?;
                games::set_team_thread(c, game_id, thread)?;
            }
            Ok(SubmitOutcome {
                result: submitted.result,
            })
        })
        .await
}

/// Refuses a judge's action meant for another phase than the open one: a
/// double click, a second instance or a page left open since an earlier phase must not
/// resolve, extend, pause, resume or end the phase that came after. `meant` is the phase's step
/// (one phase per act: the act). Call it inside the write transaction,
/// after [`load_locked`], so that two concurrent calls for one act see each other's effect.
pub fn check_meant_act(row: &GameRow, folded: &Folded, meant: u32) -> Result<(), AppError> {
    let Some(game) = folded.game.as_ref().filter(|_| row.status != "signup") else {
        return Err(AppError::Conflict("game_not_started"));
    };
    let open = game.phase();
    if meant < open {
        return Err(AppError::Conflict("already_resolved"));
    }
    if folded.is_over() || row.status == "finished" {
        return Err(AppError::Conflict("game_over"));
    }
    if meant > open {
        return Err(AppError::Conflict("act_not_open"));
    }
    Ok(())
}

/// What a resolution left open: the phase now open (its step), or (`over`) the phase that
/// ended the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resolved {
    pub act: u32,
    pub over: bool,
}

/// Resolves the phase of step `meant_act` (its deadline came, or the judge said so). The step
/// is checked against the open one and the deadline row claimed in the same transaction, so a
/// phase resolves exactly once however many callers (clicks, instances, the scheduler) ask at
/// once. The next phase's deadline comes from its own kind's length.
pub async fn resolve(
    state: &AppState,
    game_id: i64,
    meant_act: u32,
    trigger: &'static str,
    actor: Option<i64>,
) -> Result<Resolved, AppError> {
    let now = state.clock.now();
    state
        .write(move |c| {
            let (row, mut folded) = load_locked(c, game_id)?;
            resolve_locked(c, &row, &mut folded, meant_act, trigger, actor, now)
        })
        .await
}

/// The seat of `account` ends its own turn to speak (过, CL-5): the phase of step `meant` ends
/// now, as its deadline would end it. Only the seat whose turn it is may; anyone else is told
/// `not_your_turn`, whatever the phase.
pub async fn end_turn(
    state: &AppState,
    account: &Account,
    game_id: i64,
    meant: u32,
) -> Result<Resolved, AppError> {
    let account = account.clone();
    let now = state.clock.now();
    state
        .write(move |c| {
            let (row, mut folded) = load_locked(c, game_id)?;
            let (_, name) =
                games::seat_of(c, game_id, account.id)?.ok_or(AppError::Conflict("not_seated"))?;
            check_meant_act(&row, &folded, meant)?;
            let speaker = folded.game.as_ref().and_then(Game::speaker);
            if speaker.as_deref() != Some(name.as_str()) {
                return Err(AppError::Conflict("not_your_turn"));
            }
            resolve_locked(c, &row, &mut folded, meant, "pass", Some(account.id), now)
        })
        .await
}

/// [`resolve`] inside the caller's write transaction.
fn resolve_locked(
    c: &mut DbConnection,
    row: &GameRow,
    folded: &mut Folded,
    meant_act: u32,
    trigger: &'static str,
    actor: Option<i64>,
    now: NaiveDateTime,
) -> Result<Resolved, AppError> {
    let game_id = row.id;
    check_meant_act(row, folded, meant_act)?;
    let Some((act, _)) = games::deadline(c, game_id)? else {
        return Err(AppError::Conflict(if folded.paused.is_some() {
            "game_paused"
        } else if row.status == "finished" {
            "game_over"
        } else {
            "game_not_started"
        }));
    };
    if act as u32 != meant_act {
        return Err(AppError::Conflict("already_resolved"));
    }
    let game = folded
        .game
        .as_mut()
        .ok_or(AppError::Internal("running game without a deal".into()))?;
    let ending = game.current_phase();
    // A turn that ends without its speech, other than by the speaker's own 过, is skipped and
    // the thread says so (CL-5).
    let skipped = match (game.speaker(), row.game_thread_id) {
        (Some(name), Some(thread)) if trigger != "pass" => {
            let seat = games::seat_names(c, game_id)?
                .into_iter()
                .find(|(_, n)| *n == name)
                .map(|(s, _)| s);
            match seat {
                Some(s) if forum::posts_since_last_act(c, thread, s)? == 0 => Some(name),
                _ => None,
            }
        }
        _ => None,
    };
    // Read before the resolution opens the next phase and clears the ballots.
    let votes = game.published_votes().map(|counts| {
        counts
            .into_iter()
            .map(|(game_id, votes)| VoteCount { game_id, votes })
            .collect()
    });
    let lines = game.resolve_phase();
    let head = append(
        c,
        game_id,
        folded,
        actor,
        &GameEvent::Resolved {
            act: act as u32,
            trigger: trigger.to_string(),
        },
    )?;
    close_phase(
        c,
        row,
        folded,
        PhaseEnd {
            ending,
            lines,
            votes,
            skipped,
            head,
        },
        now,
    )
}

/// What ended a phase: its resolution, or a submission that ended it at once (an explosion
/// ends the day, CL-8; a surrender the game, CL-9).
struct PhaseEnd {
    ending: Phase,
    lines: Vec<Line>,
    votes: Option<Vec<VoteCount>>,
    /// The speaker whose turn ended without a speech.
    skipped: Option<String>,
    /// The log's head hash after the event that ended it.
    head: String,
}

/// After the engine left the phase `end.ending`: claims its deadline row (once only), sets the
/// next phase's deadline, posts the act post and closes a game that is over.
fn close_phase(
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
    let post = ActPost {
        resolved: Some(end.ending.step),
        events: end
            .lines
            .iter()
            .filter_map(|l| match l {
                Line::Public { event, .. } => Some(event.clone()),
                _ => None,
            })
            .collect(),
        alive: game
            .seats()
            .into_iter()
            .filter(|s| s.alive)
            .map(|s| s.game_id)
            .collect(),
        opens: (!over).then(|| game.phase()),
        deadline: next.map(iso),
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
        games::set_status(c, row.id, "finished")?;
    }
    // The act open now; once over, the act that ended the game (never "act N+1").
    Ok(Resolved {
        act: game.shown_phase(),
        over,
    })
}

/// The judge of a game, or an admin.
pub async fn require_judge(
    state: &AppState,
    account: &Account,
    game_id: i64,
) -> Result<GameRow, AppError> {
    let account = account.clone();
    state
        .db(move |c| {
            let row = games::get(c, game_id)?.ok_or(AppError::NotFound)?;
            crate::game::access::check_judge(c, &row, &account)?;
            Ok(row)
        })
        .await
}
