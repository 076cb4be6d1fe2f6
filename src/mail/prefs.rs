//! Per account and kind of notification: no mail, a mail at once, or the daily digest. A kind
//! the account never chose has its default: what a seat must act on soon comes at once, the rest
//! in the digest.

use crate::app::AppState;
use crate::db::DbConnection;
use crate::db::queries::{account_events, mail as q};
use crate::error::AppError;
use crate::notify;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    None,
    Now,
    Daily,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::None, Mode::Now, Mode::Daily];

    /// The stored and API name: `none`, `now`, `daily`.
    pub fn name(self) -> &'static str {
        match self {
            Mode::None => "none",
            Mode::Now => "now",
            Mode::Daily => "daily",
        }
    }

    pub fn from_name(name: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.name() == name)
    }
}

/// The mode of a kind the account never chose: at once for what must be acted on before a
/// deadline (a turn, a missing ballot, private results, a seat taken over), the digest for the
/// rest.
pub fn default_mode(kind: &str) -> Mode {
    match kind {
        notify::ACTION_TURN
        | notify::SPEECH_TURN
        | notify::BALLOT_MISSING
        | notify::ACTION_REPLY
        | notify::SUBSTITUTED_IN => Mode::Now,
        _ => Mode::Daily,
    }
}

/// Every kind with the account's mode, in the settings page's order.
pub fn modes_of(c: &mut DbConnection, user_id: i64) -> Result<Vec<(&'static str, Mode)>, AppError> {
    let chosen = q::modes(c, user_id)?;
    Ok(notify::KINDS
        .iter()
        .map(|k| {
            let mode = chosen
                .iter()
                .find(|(kind, _)| kind == k)
                .and_then(|(_, m)| Mode::from_name(m))
                .unwrap_or_else(|| default_mode(k));
            (*k, mode)
        })
        .collect())
}

/// The account's mode for one kind.
pub fn mode_of(c: &mut DbConnection, user_id: i64, kind: &str) -> Result<Mode, AppError> {
    Ok(modes_of(c, user_id)?
        .into_iter()
        .find(|(k, _)| *k == kind)
        .map_or(Mode::None, |(_, m)| m))
}

/// Checks `(kind, mode)` pairs by name: an unknown kind or mode is refused before anything is
/// written. A kind's old name is taken for the kind now (`notify::by_kind`).
pub fn parse_changes(changes: &[(String, String)]) -> Result<Vec<(String, Mode)>, AppError> {
    let modes = changes
        .iter()
        .map(|(k, m)| {
            let mode = Mode::from_name(m).ok_or_else(|| {
                AppError::BadRequest(format!("unknown mode {m:?}: none, now or daily"))
            })?;
            Ok((k.clone(), mode))
        })
        .collect::<Result<Vec<_>, AppError>>()?;
    Ok(notify::by_kind(modes)?
        .into_iter()
        .map(|(k, m)| (k.to_string(), m))
        .collect())
}

/// Sets modes (in one transaction, in the account's history); a kind set to `none` withdraws its
/// mails still waiting, and a kind leaving the digest withdraws a digest waiting.
pub async fn set_modes(
    state: &AppState,
    user_id: i64,
    changes: Vec<(String, Mode)>,
) -> Result<(), AppError> {
    let now = state.clock.now();
    state
        .write(move |c| {
            let before = modes_of(c, user_id)?;
            let mut changed = serde_json::Map::new();
            for (kind, mode) in &changes {
                let was = before.iter().find(|(k, _)| k == kind).map(|(_, m)| *m);
                q::set_mode(c, user_id, kind, mode.name())?;
                if was != Some(*mode) {
                    changed.insert(kind.clone(), mode.name().into());
                }
            }
            let off: Vec<&str> = changes
                .iter()
                .filter(|(_, m)| *m == Mode::None)
                .map(|(k, _)| k.as_str())
                .collect();
            if !off.is_empty() {
                q::cancel_waiting(c, user_id, Some(&off), now)?;
            }
            if !changed.is_empty() {
                let detail = serde_json::Value::Object(changed).to_string();
                account_events::append(c, Some(user_id), Some(user_id), "mail_modes", &detail)?;
            }
            Ok(())
        })
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_have_names_both_ways() {
        for m in Mode::ALL {
            assert_eq!(Mode::from_name(m.name()), Some(m));
        }
        assert_eq!(Mode::from_name("weekly"), None);
    }

    #[test]
    fn what_must_be_acted_on_comes_at_once_and_the_rest_daily() {
        assert_eq!(default_mode(notify::BALLOT_MISSING), Mode::Now);
        assert_eq!(default_mode(notify::ACTION_TURN), Mode::Now);
        assert_eq!(default_mode(notify::MENTIONED), Mode::Daily);
        assert_eq!(default_mode(notify::ACT_POSTED), Mode::Daily);
    }

    #[test]
    fn unknown_kinds_and_modes_are_refused() {
        let ok = parse_changes(&[("quoted".into(), "now".into())]).expect("known");
        assert_eq!(ok, vec![("quoted".to_string(), Mode::Now)]);
        assert!(parse_changes(&[("quoted".into(), "weekly".into())]).is_err());
        assert!(parse_changes(&[("nonsense".into(), "now".into())]).is_err());
    }

    /// An old name of a kind (an API client of before the rename) sets the kind now.
    #[test]
    fn an_old_kind_name_sets_the_kind_now() {
        for (old, now) in notify::renamed::OLD_NAMES {
            let ok = parse_changes(&[(old.into(), "none".into())]).expect("an old name");
            assert_eq!(ok, vec![(now.to_string(), Mode::None)]);
            let same = parse_changes(&[(old.into(), "now".into()), (now.into(), "now".into())]);
            assert_eq!(same.expect("one value"), vec![(now.to_string(), Mode::Now)]);
            let two = parse_changes(&[(old.into(), "now".into()), (now.into(), "none".into())]);
            assert!(two.is_err(), "two values for one kind");
        }
    }
}
