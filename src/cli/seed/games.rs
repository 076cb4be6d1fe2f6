//! The seeded forum's games, played by the seeding bots (`rules::sim::random_actions`) through
//! the game service, call by call as the server makes them: the judge creates the game, the
//! accounts sign up, the judge starts it, the seats submit, and each phase is resolved as its
//! deadline would resolve it. So the logs are real logs that fold, and a finished game's end
//! runs the same hooks (the reveal, the ratings' queue) as a played one.

use crate::app::AppState;
use crate::auth::account::Account;
use crate::error::AppError;
use crate::game::service;
use crate::game::settings::{GameSettings, SettingsRequest};
use crate::rules::sim::{BotRng, random_actions};
use crate::rules::{Game, Variant};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// A game still running after this many phases is ended by its judge.
const MAX_PHASES: u32 = 300;
/// Odds that a guessed real ID is right (`maku simulate --guess`'s default).
const GUESS: f64 = 0.3;

/// How far a seeded game is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Play {
    /// To its end.
    Finish,
    /// This many phases, then left running (its deadline ahead).
    Phases(u32),
    /// Only signed up to, seats still open.
    Signup,
}

/// What one game came to.
pub struct Played {
    pub id: i64,
    pub phases: u32,
    pub submissions: u32,
    pub finished: bool,
}

fn bad(e: impl std::fmt::Display) -> AppError {
    AppError::Internal(format!("seed: {e}"))
}

/// Plays one game of `variant` judged by `judge` among `pool` (the seats drawn by `rng`).
pub async fn play(
    state: &AppState,
    rng: &mut ChaCha8Rng,
    variant: Variant,
    title: &str,
    judge: &Account,
    pool: &[Account],
    how: Play,
) -> Result<Played, AppError> {
    let settings = GameSettings::parse(SettingsRequest::of(variant.name())).map_err(bad)?;
    let range = variant.seats();
    // The judge never takes a seat: the seats are drawn from the others.
    let mut players: Vec<&Account> = pool.iter().filter(|a| a.id != judge.id).collect();
    let (lo, hi) = (*range.start(), (*range.end()).min(16).min(players.len()));
    if hi < lo {
        return Err(bad(format!(
            "{} needs {lo} players; seed more accounts",
            variant.name()
        )));
    }
    let seats = match how {
        Play::Signup => lo.saturating_sub(2).max(1),
        _ => rng.random_range(lo..=hi),
    };
    let id = service::create(state, judge, title, settings).await?;
    for i in 0..seats {
        let j = rng.random_range(i..players.len());
        players.swap(i, j);
        service::set_signup(state, players[i], id, true).await?;
    }
    let mut played = Played {
        id,
        phases: 0,
        submissions: 0,
        finished: false,
    };
    if how == Play::Signup {
        return Ok(played);
    }
    service::start(state, judge, id, None).await?;
    let folded = state
        .db(move |c| service::load(c, id).map(|f| crate::game::log::Folded::clone(&f.1)))
        .await?;
    let started = folded.started.clone().ok_or_else(|| bad("no deal"))?;
    let mut shadow: Game = folded.game.ok_or_else(|| bad("no game"))?;
    let deal: Vec<(String, String)> = started
        .seats
        .iter()
        .map(|s| (s.game_id.clone(), s.real_id.clone()))
        .collect();
    let seat_account = |game_id: &str| -> Option<Account> {
        let i = started.seats.iter().position(|s| s.game_id == game_id)?;
        let user = *started.users.get(i)?;
        pool.iter().find(|a| a.id == user).cloned()
    };
    let mut bots = BotRng::new(rng.random(), 0x5eed);
    let limit = match how {
        Play::Phases(n) => n,
        _ => MAX_PHASES,
    };
    while !shadow.is_over() && played.phases < limit {
        let step = shadow.phase();
        'rounds: for _ in 0..4 {
            let mut took = false;
            for by in shadow.owing() {
                let Some(account) = seat_account(&by) else {
                    continue;
                };
                for action in random_actions(&shadow, &by, &deal, GUESS, &mut bots) {
                    if shadow.submit(&by, &action).result.is_err() {
                        continue;
                    }
                    let sent = service::submit(state, &account, id, Ok(action), Some(step)).await?;
                    if sent.result.is_err() {
                        return Err(bad("the service refused what the engine took"));
                    }
                    played.submissions += 1;
                    took = true;
                    break;
                }
                if shadow.phase() != step || shadow.is_over() {
                    break 'rounds;
                }
            }
            if !took {
                break;
            }
        }
        if shadow.phase() == step && !shadow.is_over() {
            service::resolve(state, id, step, "deadline", None).await?;
            shadow.resolve_phase();
        }
        played.phases += 1;
    }
    if how == Play::Finish && !shadow.is_over() {
        crate::game::console::end(
            state,
            judge,
            id,
            shadow.phase(),
            "The bots played too long.",
            None,
        )
        .await?;
    }
    played.finished = how == Play::Finish;
    Ok(played)
}
