//! Watching a game (issue 41): any account without a seat may watch a running game. It reads
//! what the public reads, plus the spectators' thread (`posting::GameThread::Spectators`),
//! which it shares with the seats that are out when the judge allows it (the game setting
//! `spectators_dead`, on by default) and with the judge. A watcher, now or before, never
//! becomes a substitute in that game ([`refuse_watcher_as_substitute`]).
//!
//! Refused: an account that holds or held a seat of the game (a seat that is out reads the
//! thread as a seat, when allowed), the game's judge or an admin (they read every thread
//! already), a game-ID login, a game not running. Each refusal names itself; none tells
//! anything of another account.

use crate::app::AppState;
use crate::auth::account::Account;
use crate::db::DbConnection;
use crate::db::queries::{games, spectators};
use crate::domain::GameStatus;
use crate::error::AppError;
use crate::game::log::Folded;
use crate::game::service::load_locked;

/// Account `account` starts (`watch = true`) or stops watching game `game_id`. Starting opens
/// the game's spectators' thread if the game began before games had one.
pub async fn set_watching(
    state: &AppState,
    account: &Account,
    game_id: i64,
    watch: bool,
) -> Result<(), AppError> {
    if account.is_alias() {
        return Err(AppError::Forbidden);
    }
    state.throttle.action(game_id, account.id).await?;
    let account = account.clone();
    let now = state.clock.now();
    state
        .write(move |c| {
            crate::forum::suspension::refuse_if_suspended(c, account.id)?;
            let (row, folded) = load_locked(c, game_id)?;
            if !watch {
                // Stopping is always allowed (also after the end): nothing to check.
                spectators::unwatch(c, game_id, account.id, now)?;
                return Ok(());
            }
            if row.status == GameStatus::Signup {
                return Err(AppError::Conflict("game_not_started"));
            }
            if folded.is_over() || row.status == GameStatus::Finished {
                return Err(AppError::Conflict("game_over"));
            }
            if held_a_seat(c, game_id, &folded, account.id)? {
                return Err(AppError::Conflict("watch_seated"));
            }
            if crate::game::access::judges_unless_seated(&row, &account, false) {
                return Err(AppError::Conflict("judge_cannot_watch"));
            }
            crate::game::threads::spectators_thread(c, &row)?;
            spectators::watch(c, game_id, account.id, now)?;
            Ok(())
        })
        .await
}

/// Whether `account_id` holds a seat of the game now or held one (signed up and dealt, or
/// substituted in or out).
fn held_a_seat(
    c: &mut DbConnection,
    game_id: i64,
    folded: &Folded,
    account_id: i64,
) -> Result<bool, AppError> {
    let dealt = folded
        .started
        .as_ref()
        .is_some_and(|s| s.users.contains(&account_id));
    let substituted = folded
        .substitutions
        .iter()
        .any(|s| s.from_user == account_id || s.to_user == account_id);
    Ok(dealt || substituted || games::seat_of(c, game_id, account_id)?.is_some())
}

/// A watcher of the game (now or before) never becomes a substitute in it: she has read the
/// spectators' thread, where the seats that are out talk.
pub fn refuse_watcher_as_substitute(
    c: &mut DbConnection,
    game_id: i64,
    account_id: i64,
) -> Result<(), AppError> {
    if spectators::has_watched(c, game_id, account_id)? {
        return Err(AppError::Conflict("watcher_cannot_substitute"));
    }
    Ok(())
}

/// Whether `account` watches game `game_id` now (a page's button, a reader's standing).
pub async fn is_watching(
    state: &AppState,
    account: &Account,
    game_id: i64,
) -> Result<bool, AppError> {
    if account.is_alias() {
        return Ok(false);
    }
    let id = account.id;
    state
        .db(move |c| Ok(spectators::is_watching(c, game_id, id)?))
        .await
}
