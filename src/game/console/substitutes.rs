//! Substitutes (替补): the judge gives a seat to another account, accounts join or leave the
//! substitute list, and each seat's chain of the accounts that played it.

use super::control::running;
use crate::app::AppState;
use crate::auth::account::Account;
use crate::db::queries::{console as q, games, users};
use crate::domain::account::name_key;
use crate::error::AppError;
use crate::game::access::check_judge;
use crate::game::log::{Folded, GameEvent};
use crate::game::service::{append, load_locked};

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
            crate::game::spectators::refuse_watcher_as_substitute(c, game_id, to.id)?;
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
            let listed = folded.substitutes.iter().any(|s| s.user_id == account.id);
            if join {
                if row.judge_id == account.id || games::seat_of(c, game_id, account.id)?.is_some() {
                    return Err(AppError::Conflict("already_seated"));
                }
                crate::game::spectators::refuse_watcher_as_substitute(c, game_id, account.id)?;
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
