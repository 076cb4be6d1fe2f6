//! A game's life before play: the judge creates it, accounts sign up or withdraw, and the judge
//! starts it (the deal, the threads, the first phase).

use super::series::{carried_over, check_series};
use super::store::{append, load_locked};
use crate::app::AppState;
use crate::auth::account::Account;
use crate::db::queries::{forum, games};
use crate::domain::GameStatus;
use crate::domain::Title;
use crate::error::AppError;
use crate::game::deal;
use crate::game::log::GameEvent;
use crate::game::settings::{AutoStart, GameSettings, REHOST_PRIORITY_MINUTES};
use crate::game::threads::{ActPost, PhaseLabel, open_play_threads, open_team_thread, post_act};
use crate::rules::{Game, GameConfig};
use chrono::NaiveDateTime;
use serde_json::Value;

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
    let auto_start_at = settings.auto_start.and_then(AutoStart::at);
    let rehost_of = settings.rehost_of;
    state
        .write(move |c| {
            if let Some(previous) = settings.series_after {
                check_series(c, &judge, &settings, previous)?;
            }
            refuse_account_names(c, &settings.characters)?;
            let settings_json = serde_json::to_string(&settings).unwrap_or_default();
            let row = games::create(
                c,
                &games::NewGame {
                    title: title.as_str(),
                    variant: settings.variant.name(),
                    judge_id: judge.id,
                    settings: &settings_json,
                    board: settings.board().name(),
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
            // A table that starts at a time: its start waits in the deadlines as step 0.
            if let Some(at) = auto_start_at {
                games::set_deadline(c, row.id, 0, at)?;
            }
            if let Some(old) = rehost_of {
                games::set_rehost_of(c, row.id, old)?;
            }
            Ok(row.id)
        })
        .await
}

/// Refuses a game ID that reads as an existing account's name: a seat named `p10` while the
/// account p10 exists would pass for it (its posts, its votes as the thread shows them).
fn refuse_account_names<S: AsRef<str>>(
    c: &mut crate::db::DbConnection,
    game_ids: impl IntoIterator<Item = S>,
) -> Result<(), AppError> {
    for id in game_ids {
        let id = id.as_ref();
        if crate::db::queries::users::account_named_like(c, id)? {
            return Err(AppError::GameId(crate::domain::CastError {
                name: id.to_string(),
                why: crate::domain::InputError::GameIdAccount,
            }));
        }
    }
    Ok(())
}

/// What a sign-up came to (issue 41).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Signup {
    /// A seat is kept for the account (or it withdrew).
    Seated,
    /// The seats are full: the account is this far back in line (1: next), and moves up when
    /// someone before it leaves.
    Waiting(usize),
    /// Its sign-up filled the last seat of a table that starts when full: the game started.
    Started,
}

/// Sign up (`join = true`) or withdraw before the start. Past the most seats a sign-up takes
/// a place in line; the first `max_seats` in sign-up order are seated at the start. A table
/// that starts when full starts with the sign-up that fills it.
pub async fn set_signup(
    state: &AppState,
    account: &Account,
    game_id: i64,
    join: bool,
) -> Result<Signup, AppError> {
    let account = account.clone();
    let now = state.clock.now();
    let deals = state.deals.clone();
    state
        .write(move |c| {
            if join {
                crate::forum::suspension::refuse_if_suspended(c, account.id)?;
            }
            let (row, mut folded) = load_locked(c, game_id)?;
            if row.status != GameStatus::Signup {
                return Err(AppError::Conflict("game_started"));
            }
            if join && row.judge_id == account.id {
                return Err(AppError::Conflict("judge_cannot_play"));
            }
            // A rehosted table is kept for the old table's players for its first hour.
            if join
                && let (Some(old), Some(until)) =
                    (folded.settings.rehost_of, folded.settings.priority_until)
                && now < until
                && !games::seat_holders(c, old)?
                    .iter()
                    .any(|(user, _, _)| *user == account.id)
            {
                return Err(AppError::Conflict("rehost_priority"));
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
            if !join {
                return Ok(Signup::Seated);
            }
            let order = games::signup_order(c, game_id)?;
            let max = folded.settings.max_seats;
            if folded.settings.auto_start == Some(AutoStart::WhenFull) && order.len() >= max {
                start_locked(c, &row, &mut folded, None, None, now, &deals)?;
                return Ok(Signup::Started);
            }
            Ok(place_in_line(&order, account.id, max))
        })
        .await
}

/// Where `account` stands among the sign-ups in `order` (sign-up order) of a table of `max`
/// seats.
fn place_in_line(order: &[i64], account: i64, max: usize) -> Signup {
    match order.iter().position(|id| *id == account) {
        Some(i) if i >= max => Signup::Waiting(i + 1 - max),
        _ => Signup::Seated,
    }
}

/// The table's start time came (its step-0 row in the deadlines, read by the scheduler): it
/// starts if at least its fewest seats signed up; otherwise the row goes, the sign-up stays
/// open, and the log says so, which the notifier tells the judge. `Conflict` when the table
/// started or changed meanwhile (another instance, or its judge, was first).
pub async fn start_when_due(state: &AppState, game_id: i64) -> Result<bool, AppError> {
    let now = state.clock.now();
    let deals = state.deals.clone();
    state
        .write(move |c| {
            let (row, mut folded) = load_locked(c, game_id)?;
            match games::deadline(c, game_id)? {
                Some((0, at)) if at <= now && row.status == GameStatus::Signup => {}
                _ => return Err(AppError::Conflict("already_resolved")),
            }
            let signed_up = games::signup_order(c, game_id)?.len();
            let min = folded.settings.min_seats;
            if signed_up >= min {
                start_locked(c, &row, &mut folded, None, None, now, &deals)?;
                return Ok(true);
            }
            crate::db::queries::console::clear_deadline(c, game_id)?;
            append(
                c,
                game_id,
                &mut folded,
                None,
                &GameEvent::StartMissed { signed_up, min },
            )?;
            Ok(false)
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
    let deals = state.deals.clone();
    state
        .write(move |c| {
            let (row, mut folded) = load_locked(c, game_id)?;
            if row.judge_id != actor.id && !actor.is_admin() {
                return Err(AppError::Forbidden);
            }
            start_locked(c, &row, &mut folded, Some(actor.id), setup, now, &deals)
        })
        .await
}

/// [`start`] inside the caller's write transaction, by `actor` (none: the table started by
/// itself). The first `max_seats` sign-ups, in sign-up order, are dealt seats; those after them
/// stay in line and play no part.
fn start_locked(
    c: &mut crate::db::DbConnection,
    row: &crate::db::models::GameRow,
    folded: &mut crate::game::log::Folded,
    actor: Option<i64>,
    setup: Option<Value>,
    now: NaiveDateTime,
    deals: &crate::app::deals::Deals,
) -> Result<NaiveDateTime, AppError> {
    let game_id = row.id;
    if row.status != GameStatus::Signup {
        return Err(AppError::Conflict("game_started"));
    }
    let s = &folded.settings;
    let order = games::signup_order(c, game_id)?;
    let n = order.len();
    if n < s.min_seats {
        return Err(AppError::SeatCount {
            signed_up: n,
            min: s.min_seats,
            max: s.max_seats,
        });
    }
    let seated: Vec<i64> = order.iter().take(s.max_seats).copied().collect();
    // Those still in line play no part: their sign-ups go (the start's `users` says who
    // was dealt a seat), so the list of real IDs the rules guess from is the players'.
    for left in order.iter().skip(s.max_seats) {
        games::withdraw(c, game_id, *left)?;
    }
    let signups: Vec<(i64, String)> = games::signups(c, game_id)?
        .into_iter()
        .filter(|(id, _)| seated.contains(id))
        .collect();
    let variant = s.variant;
    let deal = match &setup {
        Some(fixed) => deal::fixed_deal(variant, &signups, fixed),
        None => deals
            .rng()
            .map_err(deal::DealError::Entropy)
            .and_then(|rng| deal::random_deal_from(variant, &signups, &s.characters, rng)),
    }
    .map_err(|e| match e {
        deal::DealError::UnknownField(f) => AppError::UnknownField(f),
        deal::DealError::GameId(e) => AppError::GameId(e),
        e => AppError::BadRequest(e.to_string()),
    })?;
    // Accounts made since the game was created, or a fixed deal's own game IDs.
    refuse_account_names(c, deal.seats.iter().map(|s| &s.game_id))?;
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
    let head = append(c, game_id, folded, actor, &event)?;
    for (i, (spec, user)) in deal.seats.iter().zip(&deal.users).enumerate() {
        games::add_seat(c, game_id, i as i32 + 1, &spec.game_id, *user)?;
    }
    games::set_status(c, game_id, GameStatus::Running)?;
    if setup.is_some() {
        games::set_fixed_deal(c, game_id)?;
    }
    let (play, grave) = open_play_threads(c, row)?;
    games::set_threads(c, game_id, row.signup_thread_id, Some(play), Some(grave))?;
    // Every team's thread opens now, whether or not the team ever forms (its
    // existence must tell nothing); found by its kind, the team's key. The first is
    // also kept in the game's row, as games before several teams did.
    for (i, &team) in variant.team_threads().iter().enumerate() {
        let thread = open_team_thread(c, row, team)?;
        if i == 0 {
            games::set_team_thread(c, game_id, thread)?;
        }
    }
    crate::game::threads::open_spectators_thread(c, row)?;
    let deadline = folded.settings.next_deadline(now, first.kind);
    games::set_deadline(c, game_id, first.step as i32, deadline)?;
    let opening = ActPost {
        resolved: None,
        events: Vec::new(),
        alive: deal.seats.iter().map(|s| s.game_id.clone()).collect(),
        opens: Some(first.step),
        deadline: Some(deadline),
        winner: None,
        log_hash: Some(head),
        votes: None,
        resolved_phase: None,
        opens_phase: PhaseLabel::of(variant, first),
        speaker: game.speaker(),
        skipped: None,
        turn_ended: None,
    };
    post_act(c, row, play, &opening)?;
    Ok(deadline)
}

/// The judge of a finished game opens a new table of the same variant or setup version and
/// settings (issue 41): the old table's players hear of it (the notifier reads the new
/// table's `created` event) and may sign up first, for [`REHOST_PRIORITY_MINUTES`]. A start
/// time that has passed is dropped (the judge starts it, or it starts when full); a series
/// link is not carried (a rehost plays the same table again, not the next game of a series).
pub async fn rehost(state: &AppState, judge: &Account, old_id: i64) -> Result<i64, AppError> {
    let now = state.clock.now();
    let (row, folded) = state.db(move |c| super::store::load(c, old_id)).await?;
    if judge.is_alias() || (row.judge_id != judge.id && !judge.is_admin()) {
        return Err(AppError::Forbidden);
    }
    if row.status != GameStatus::Finished {
        return Err(AppError::Conflict("game_not_over"));
    }
    let mut settings = folded.settings.clone();
    settings.rehost_of = Some(old_id);
    settings.priority_until = Some(now + chrono::Duration::minutes(REHOST_PRIORITY_MINUTES));
    settings.series_after = None;
    if let Some(AutoStart::At(t)) = settings.auto_start
        && t <= now
    {
        settings.auto_start = None;
    }
    create(state, judge, &row.title, settings).await
}
