//! The one-click unsubscribe every mail carries (`List-Unsubscribe`, RFC 2369, and
//! `List-Unsubscribe-Post`, RFC 8058): an address that stops what that mail was, with no sign-in.
//!
//! The token names the account and the scope and is signed: HMAC-SHA256 of a server key
//! (`server_keys.mail_key`) over both, so it needs no row and works for as long as the key lives
//! (a mail read months later still unsubscribes). The scope is the mail's kind: a kind of
//! notification (that kind is no longer mailed), `digest` (no kind goes to the digest any more)
//! or `confirm` (the address waiting for confirmation is dropped: "I did not ask for this").
//! A token mailed before a kind was renamed names its old name (`notify::renamed`): it still
//! stops that kind, its signature checked over the name it was signed with.

use super::prefs::{self, Mode};
use crate::app::AppState;
use crate::auth::tokens::{constant_time_eq, random_token};
use crate::db::DbConnection;
use crate::db::queries::{account_events, keys, mail as q};
use crate::error::AppError;
use crate::notify;
use hmac::{Hmac, Mac};
use sha2::Sha256;

const KEY_NAME: &str = "mail_key";
/// Hex digits of the signature kept in the token (128 bits).
const MAC_LEN: usize = 32;

/// What one unsubscribe address stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    Kind(&'static str),
    Digest,
    Confirm,
}

impl Scope {
    pub fn name(self) -> &'static str {
        match self {
            Scope::Kind(k) => k,
            Scope::Digest => super::DIGEST,
            Scope::Confirm => super::CONFIRM,
        }
    }

    pub fn from_name(name: &str) -> Option<Scope> {
        match name {
            super::DIGEST => Some(Scope::Digest),
            super::CONFIRM => Some(Scope::Confirm),
            k => notify::kind_named(k).map(Scope::Kind),
        }
    }
}

fn key(c: &mut DbConnection) -> Result<String, AppError> {
    Ok(keys::get_or_create(c, KEY_NAME, random_token)?)
}

/// The signature over the account and the scope's name as the token writes it (the name now,
/// or an old name a token mailed before a rename carries).
fn mac(key: &str, user_id: i64, scope_name: &str) -> Result<String, AppError> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key.as_bytes())
        .map_err(|e| AppError::Internal(format!("mail key: {e}")))?;
    mac.update(format!("maku-unsubscribe:{user_id}:{scope_name}").as_bytes());
    let mut hex = hex::encode(mac.finalize().into_bytes());
    hex.truncate(MAC_LEN);
    Ok(hex)
}

/// The token of `scope` for `user_id`: `ID.SCOPE.SIGNATURE`.
pub fn token(c: &mut DbConnection, user_id: i64, scope: Scope) -> Result<String, AppError> {
    let key = key(c)?;
    Ok(format!(
        "{user_id}.{}.{}",
        scope.name(),
        mac(&key, user_id, scope.name())?
    ))
}

/// The unsubscribe address of a token.
pub fn url(base: &str, token: &str) -> String {
    format!("{base}/mail/unsubscribe/{token}")
}

/// The account and scope a token names, if its signature holds; anything else is `NotFound`
/// (one answer for a forged, mangled or unknown token). A kind's old name gives the kind now; the
/// signature is checked over the name the token carries, the one it was signed with.
pub fn check(c: &mut DbConnection, token: &str) -> Result<(i64, Scope), AppError> {
    let mut parts = token.splitn(3, '.');
    let (Some(user), Some(named), Some(given)) = (parts.next(), parts.next(), parts.next()) else {
        return Err(AppError::NotFound);
    };
    let user_id = account_id(user).ok_or(AppError::NotFound)?;
    let scope = Scope::from_name(named).ok_or(AppError::NotFound)?;
    let key = key(c)?;
    if !constant_time_eq(&mac(&key, user_id, named)?, given) {
        return Err(AppError::NotFound);
    }
    Ok((user_id, scope))
}

/// The account id of a token, written as [`token`] writes it: ASCII digits only, no sign, no
/// leading zero. `str::parse` alone would take `+7` and `007` for 7, so one signed address would
/// have many spellings.
fn account_id(digits: &str) -> Option<i64> {
    let canonical =
        digits.bytes().all(|b| b.is_ascii_digit()) && (digits == "0" || !digits.starts_with('0'));
    canonical.then(|| digits.parse().ok()).flatten()
}

/// Whether what `scope` names is mailed to the account now.
pub fn is_on(c: &mut DbConnection, user_id: i64, scope: Scope) -> Result<bool, AppError> {
    Ok(match scope {
        Scope::Kind(kind) => prefs::mode_of(c, user_id, kind)? != Mode::None,
        Scope::Digest => prefs::modes_of(c, user_id)?
            .iter()
            .any(|(_, m)| *m == Mode::Daily),
        Scope::Confirm => q::email_of(c, user_id)?.is_some_and(|e| e.pending_address.is_some()),
    })
}

/// Stops what the token's scope names (nothing to do when it is stopped already); returns the
/// scope. Recorded in the account's history.
pub async fn apply(state: &AppState, token: String) -> Result<Scope, AppError> {
    let now = state.clock.now();
    state
        .write(move |c| {
            let (user_id, scope) = check(c, &token)?;
            if !is_on(c, user_id, scope)? {
                return Ok(scope);
            }
            match scope {
                Scope::Kind(kind) => {
                    q::set_mode(c, user_id, kind, Mode::None.name())?;
                    q::cancel_waiting(c, user_id, Some(&[kind]), now)?;
                }
                Scope::Digest => {
                    for (kind, mode) in prefs::modes_of(c, user_id)? {
                        if mode == Mode::Daily {
                            q::set_mode(c, user_id, kind, Mode::None.name())?;
                        }
                    }
                    q::cancel_waiting(c, user_id, Some(&[super::DIGEST]), now)?;
                }
                Scope::Confirm => {
                    q::clear_pending(c, user_id)?;
                    q::cancel_waiting(c, user_id, Some(&[super::CONFIRM]), now)?;
                }
            }
            let detail = serde_json::json!({"scope": scope.name()}).to_string();
            account_events::append(
                c,
                Some(user_id),
                Some(user_id),
                "mail_unsubscribed",
                &detail,
            )?;
            Ok(scope)
        })
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes_have_names_both_ways() {
        for s in [Scope::Digest, Scope::Confirm, Scope::Kind(notify::QUOTED)] {
            assert_eq!(Scope::from_name(s.name()), Some(s));
        }
        assert_eq!(Scope::from_name("everything"), None);
    }

    /// A kind's old name (a token mailed before the rename) is that kind now; its name is the
    /// new one.
    #[test]
    fn an_old_kind_name_is_the_kind_now() {
        for (old, now) in notify::renamed::OLD_NAMES {
            assert_eq!(Scope::from_name(old), Some(Scope::Kind(now)));
            assert_eq!(Scope::Kind(now).name(), now);
        }
    }

    #[test]
    fn a_signature_is_bound_to_its_account_and_scope() {
        let a = mac("k", 1, "digest").expect("mac");
        assert_eq!(a.len(), MAC_LEN);
        assert_eq!(a, mac("k", 1, "digest").expect("mac"));
        assert_ne!(a, mac("k", 2, "digest").expect("mac"));
        assert_ne!(a, mac("k", 1, "confirm").expect("mac"));
        assert_ne!(a, mac("other key", 1, "digest").expect("mac"));
        // An old name and the new name of one kind sign differently: a token is checked over
        // the name it carries.
        for (old, now) in notify::renamed::OLD_NAMES {
            assert_ne!(
                mac("k", 1, old).expect("mac"),
                mac("k", 1, now).expect("mac")
            );
        }
    }

    #[test]
    fn the_account_id_is_plain_digits() {
        assert_eq!(account_id("42"), Some(42));
        assert_eq!(account_id("0"), Some(0));
        for bad in ["+42", "-42", "042", "", " 42", "4 2", "42\n", "９"] {
            assert_eq!(account_id(bad), None, "{bad:?}");
        }
    }
}
