//! The private deadline calendar's address, a credential: its token is HMAC-SHA256 of a server
//! key (`server_keys.calendar_key`) over the account and a generation, so the same address can
//! be shown again without storing the secret; the table keeps only the generation and the
//! token's SHA-256. Revoking moves to the next generation.
//!
//! Here, beside the sessions and API tokens, and not in `game::calendar` (which lists the feed's
//! deadlines): signing out everywhere and a password change (`forum::accounts`) end this address
//! with the others, and `forum` is a layer below `game` (docs/architecture.md).

use crate::auth::tokens::{random_token, sha256_hex};
use crate::db::DbConnection;
use crate::db::queries::calendar as q;
use crate::db::queries::keys;
use crate::error::AppError;
use chrono::NaiveDateTime;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The server key the tokens are derived from (made once, shared by every instance).
const KEY_NAME: &str = "calendar_key";

/// The token of generation `generation` of `user_id`'s feed: 64 hex digits.
fn token_for(key: &str, user_id: i64, generation: i64) -> Result<String, AppError> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key.as_bytes())
        .map_err(|e| AppError::Internal(format!("calendar key: {e}")))?;
    mac.update(format!("maku-calendar:{user_id}:{generation}").as_bytes());
    Ok(hex::encode(mac.finalize().into_bytes()))
}

fn key(c: &mut DbConnection) -> Result<String, AppError> {
    Ok(keys::get_or_create(c, KEY_NAME, random_token)?)
}

/// The token of the account's feed, made (generation 1) at `now` the first time it is asked for;
/// the same token every time until [`revoke_in`]. Inside the caller's write.
pub fn token_in(
    c: &mut DbConnection,
    user_id: i64,
    now: NaiveDateTime,
) -> Result<String, AppError> {
    let key = key(c)?;
    let first = sha256_hex(&token_for(&key, user_id, 1)?);
    let generation = q::generation_or_create(c, user_id, now, &first)?;
    token_for(&key, user_id, generation)
}

/// Ends the account's current feed address, inside the caller's write: the next token is a
/// new one; nothing to do for an account that never asked for one. Signing out everywhere and a password change end the
/// feed address with the sessions and tokens (it is a credential too: it reads the account's
/// games' deadlines without a sign-in).
pub fn revoke_in(c: &mut DbConnection, user_id: i64) -> Result<(), AppError> {
    let Some(generation) = q::generation(c, user_id)? else {
        return Ok(());
    };
    let key = key(c)?;
    let next = sha256_hex(&token_for(&key, user_id, generation + 1)?);
    q::bump(c, user_id, generation, &next)?;
    Ok(())
}

/// Whether `s` has the shape of a token (64 lower-case hex digits): anything else is not
/// looked up at all.
pub fn well_formed(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_per_account_and_generation() {
        let a1 = token_for("k", 1, 1).expect("token");
        assert_eq!(a1, token_for("k", 1, 1).expect("token"));
        assert!(well_formed(&a1));
        assert_ne!(a1, token_for("k", 1, 2).expect("token"));
        assert_ne!(a1, token_for("k", 2, 1).expect("token"));
        assert_ne!(a1, token_for("other key", 1, 1).expect("token"));
        assert!(!well_formed("../../etc"));
        assert!(!well_formed(&a1.to_uppercase()));
    }
}
