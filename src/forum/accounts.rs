//! Registering, signing in, passwords and roles. Every change is also an account event.

use crate::app::AppState;
use crate::auth::tokens::{random_token, sha256_hex};
use crate::auth::traces::{self, SignInFrom};
use crate::db::models::User;
use crate::db::queries::sessions::Scope;
use crate::db::queries::{account_events, games, sessions, users};
use crate::domain::account::name_key;
use crate::domain::{Password, Role, Username};
use crate::error::AppError;

/// Creates a player account.
pub async fn register(
    state: &AppState,
    address: &str,
    name: &str,
    password: &str,
) -> Result<User, AppError> {
    let name = Username::parse(name)?;
    let password = Password::parse(password)?;
    if !state.limiter.check_sign_up(address).await? {
        return Err(AppError::RateLimited);
    }
    if name.is_reserved() {
        return Err(AppError::Conflict("name_reserved"));
    }
    let hash = state.hasher.hash(password.expose().to_string()).await?;
    create_with_hash(state, name, hash, Role::Player, None).await
}

/// Creates an account with a given role (sign-up, console `maku user add`): reserved names
/// and look-alikes of existing names are refused.
pub async fn create_with_hash(
    state: &AppState,
    name: Username,
    hash: String,
    role: Role,
    actor: Option<i64>,
) -> Result<User, AppError> {
    if name.is_reserved() {
        return Err(AppError::Conflict("name_reserved"));
    }
    insert_account(state, name, hash, role, actor).await
}

/// The insert itself; the first admin's reserved name `admin` comes through here directly.
async fn insert_account(
    state: &AppState,
    name: Username,
    hash: String,
    role: Role,
    actor: Option<i64>,
) -> Result<User, AppError> {
    state
        .write(move |c| {
            let created = users::create(
                c,
                name.as_str(),
                &name.key(),
                &name.confusable_keys(),
                &hash,
                role,
            )?;
            match created {
                users::Created::Ok(u) => {
                    account_events::append(c, Some(u.id), actor, "registered", role.as_str())?;
                    Ok(u)
                }
                users::Created::Taken => Err(AppError::Conflict("name_taken")),
                users::Created::Confusable => Err(AppError::Conflict("name_confusable")),
            }
        })
        .await
}

/// Checks a name and password, rate limited per address and per account. Unknown names cost the
/// same as wrong passwords.
pub async fn authenticate(
    state: &AppState,
    address: &str,
    name: &str,
    password: &str,
) -> Result<User, AppError> {
    let key = name_key(name);
    if !state.limiter.check(address, &key).await? {
        let k = key.clone();
        state
            .write(move |c| {
                let user = users::by_key(c, &k)?;
                account_events::append(c, user.map(|u| u.id), None, "sign_in_rate_limited", "")?;
                Ok(())
            })
            .await?;
        return Err(AppError::RateLimited);
    }
    let k = key.clone();
    let user = state.db(move |c| Ok(users::by_key(c, &k)?)).await?;
    let ok = state
        .hasher
        .verify(
            password.to_string(),
            user.as_ref().map(|u| u.password_hash.clone()),
        )
        .await;
    let user_id = user.as_ref().map(|u| u.id);
    let kind = if ok { "signed_in" } else { "sign_in_failed" };
    // The address is not kept in the clear: a sign-in's network is kept as a keyed hash, for
    // 30 days (`auth::traces`).
    state
        .write(move |c| Ok(account_events::append(c, user_id, None, kind, "")?))
        .await?;
    match user {
        Some(u) if ok => Ok(u),
        _ => Err(AppError::BadCredentials),
    }
}

/// A new server-side session row of a sign-in from `from`; its id goes into the cookie. Where
/// the sign-in came from is kept in the same write, as keyed hashes (`auth::traces`).
pub async fn open_session(
    state: &AppState,
    user_id: i64,
    scope: Option<Scope>,
    from: &SignInFrom,
) -> Result<String, AppError> {
    let sid = random_token();
    let s = sid.clone();
    let now = state.clock.now();
    let from = from.clone();
    state
        .write(move |c| {
            sessions::create(c, &s, user_id, scope, now)?;
            traces::record_in(c, user_id, &from, now)
        })
        .await?;
    Ok(sid)
}

pub async fn close_session(state: &AppState, sid: String) -> Result<(), AppError> {
    state
        .write(move |c| Ok(sessions::end(c, &sid).map(|_| ())?))
        .await
}

/// A bearer token for the API, issued at a sign-in from `from` (kept as `open_session` keeps
/// it); only the token's hash is stored.
pub async fn issue_token(
    state: &AppState,
    user_id: i64,
    scope: Option<Scope>,
    from: &SignInFrom,
) -> Result<String, AppError> {
    let from = from.clone();
    let token = random_token();
    let hash = sha256_hex(&token);
    // What lists and revocations name: random, so it tells nothing about the secret or about
    // how many tokens exist.
    let public_id = random_token()[..16].to_string();
    let now = state.clock.now();
    state
        .write(move |c| {
            sessions::create_token(c, &hash, &public_id, user_id, scope, now)?;
            let kind = if scope.is_some() {
                "game_token_issued"
            } else {
                "token_issued"
            };
            account_events::append(c, Some(user_id), Some(user_id), kind, "")?;
            traces::record_in(c, user_id, &from, now)
        })
        .await?;
    Ok(token)
}

pub async fn user_of_token(
    state: &AppState,
    token: &str,
) -> Result<Option<(User, Option<Scope>)>, AppError> {
    let hash = sha256_hex(token);
    let now = state.clock.now();
    state
        .db(move |c| Ok(sessions::user_of_token(c, &hash, now)?))
        .await
}

/// The account's live sessions, for its own page.
pub async fn live_sessions(
    state: &AppState,
    user_id: i64,
) -> Result<Vec<sessions::SessionRow>, AppError> {
    let (now, idle) = (state.clock.now(), state.settings.session_idle());
    state
        .db(move |c| Ok(sessions::live_of(c, user_id, now, idle)?))
        .await
}

/// The account's unrevoked API tokens; `current` is the bearer token of the asking request.
pub async fn tokens(
    state: &AppState,
    user_id: i64,
    current: Option<&str>,
) -> Result<Vec<sessions::TokenRow>, AppError> {
    let current = current.map(sha256_hex);
    state
        .db(move |c| Ok(sessions::tokens_of(c, user_id, current.as_deref())?))
        .await
}

/// Revokes one of the account's tokens by its public id (404 for anyone else's, or one already
/// revoked).
pub async fn revoke_token(state: &AppState, user_id: i64, id: String) -> Result<(), AppError> {
    let now = state.clock.now();
    state
        .write(move |c| {
            if sessions::revoke_token(c, user_id, &id, now)? == 0 {
                return Err(AppError::NotFound);
            }
            account_events::append(c, Some(user_id), Some(user_id), "token_revoked", &id)?;
            Ok(())
        })
        .await
}

/// Sign out everywhere: every session (this one too) and every API token of the account end, and
/// its calendar address changes. Returns how many sessions and tokens ended.
pub async fn sign_out_everywhere(
    state: &AppState,
    user_id: i64,
) -> Result<(usize, usize), AppError> {
    state
        .write(move |c| {
            let ended = sessions::end_all_of(c, user_id, None)?;
            let revoked = sessions::revoke_tokens_of(c, user_id, None)?;
            crate::auth::calendar_token::revoke_in(c, user_id)?;
            account_events::append(
                c,
                Some(user_id),
                Some(user_id),
                "signed_out_everywhere",
                &format!("{ended} sessions, {revoked} tokens"),
            )?;
            Ok((ended, revoked))
        })
        .await
}

/// Changes a password after checking the old one; ends every other session and every API token,
/// and changes the calendar address.
/// What a password change leaves signed in: the browser session or the API token that made it
/// (everything else of the account ends).
pub enum Keep {
    /// The session row id of the browser that changed it (none: end every session).
    Session(Option<String>),
    /// The bearer token that changed it.
    Token(String),
}

pub async fn change_password(
    state: &AppState,
    user_id: i64,
    keep: Keep,
    old: &str,
    new: &str,
) -> Result<(), AppError> {
    let (keep_session, keep_token) = match keep {
        Keep::Session(s) => (s, None),
        Keep::Token(t) => (None, Some(sha256_hex(&t))),
    };
    let new = Password::parse(new)?;
    let user = state
        .db(move |c| Ok(users::by_id(c, user_id)?))
        .await?
        .ok_or(AppError::Unauthorized)?;
    if !state
        .hasher
        .verify(old.to_string(), Some(user.password_hash))
        .await
    {
        return Err(AppError::Conflict("wrong_password"));
    }
    let hash = state.hasher.hash(new.expose().to_string()).await?;
    state
        .write(move |c| {
            users::set_password_hash(c, user_id, &hash)?;
            sessions::end_all_of(c, user_id, keep_session.as_deref())?;
            sessions::revoke_tokens_of(c, user_id, keep_token.as_deref())?;
            crate::auth::calendar_token::revoke_in(c, user_id)?;
            account_events::append(c, Some(user_id), Some(user_id), "password_changed", "")?;
            Ok(())
        })
        .await
}

/// An admin sets an account's role.
pub async fn set_role(
    state: &AppState,
    actor_id: i64,
    name: &str,
    role: &str,
) -> Result<(), AppError> {
    let role = Role::parse(role)?;
    let key = name_key(name);
    state
        .write(move |c| {
            let user = users::by_key(c, &key)?.ok_or(AppError::NotFound)?;
            if user.id == actor_id && role != Role::Admin {
                // An admin cannot demote herself and lock everyone out.
                return Err(AppError::Conflict("self_demotion"));
            }
            users::set_role(c, user.id, role)?;
            let detail = format!("{} -> {}", user.role, role.as_str());
            account_events::append(c, Some(user.id), Some(actor_id), "role_changed", &detail)?;
            Ok(())
        })
        .await
}

/// On the first start of an empty database: the account `admin` with a random password,
/// returned so that the console can print it once.
pub async fn bootstrap_admin(state: &AppState) -> Result<Option<String>, AppError> {
    if state.db(|c| Ok(users::count(c)?)).await? > 0 {
        return Ok(None);
    }
    let password = random_token()[..20].to_string();
    let hash = state.hasher.hash(password.clone()).await?;
    let name = Username::parse("admin")?;
    match insert_account(state, name, hash, Role::Admin, None).await {
        Ok(_) => Ok(Some(password)),
        // Another instance created it at the same moment.
        Err(AppError::Conflict(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The seat's owner sets the password of its game-ID login (the text's way of playing).
pub async fn set_alias_password(
    state: &AppState,
    user_id: i64,
    game_id: i64,
    password: &str,
) -> Result<(), AppError> {
    let password = Password::parse(password)?;
    let hash = state.hasher.hash(password.expose().to_string()).await?;
    state
        .write(move |c| {
            let (seat, _) =
                games::seat_of(c, game_id, user_id)?.ok_or(AppError::Conflict("not_seated"))?;
            games::set_alias(c, game_id, seat, &hash)?;
            account_events::append(
                c,
                Some(user_id),
                Some(user_id),
                "game_login_set",
                &format!("game {game_id}"),
            )?;
            Ok(())
        })
        .await
}

/// Signs in with a game ID and its own password; returns the seat's account and the scope.
/// Rate limited like account sign-ins; an unknown game ID costs the same as a wrong password.
pub async fn authenticate_alias(
    state: &AppState,
    address: &str,
    game_id: i64,
    game_name: &str,
    password: &str,
) -> Result<(i64, Scope), AppError> {
    let name = game_name.trim().to_string();
    if !state
        .limiter
        .check(address, &format!("game:{game_id}:{name}"))
        .await?
    {
        return Err(AppError::RateLimited);
    }
    let n = name.clone();
    let alias = state
        .db(move |c| Ok(games::alias_of(c, game_id, &n)?))
        .await?;
    let hash = alias.as_ref().and_then(|(_, _, h)| h.clone());
    let ok = state.hasher.verify(password.to_string(), hash).await;
    match alias {
        Some((seat, user_id, Some(_))) if ok => Ok((user_id, Scope { game_id, seat })),
        _ => Err(AppError::BadCredentials),
    }
}

/// What an admin's account page says of an account's links.
pub struct AccountLinks {
    pub user: User,
    /// The linked accounts, each with the kinds shared (`net`, `browser`), in name order.
    pub links: Vec<(String, Vec<&'static str>)>,
    /// The reading admin plays in a game not yet over: links involving its players are left
    /// out (its judge sees them on the console), as the audit is closed to a seated admin.
    pub reader_plays: bool,
}

/// The accounts that signed in from a network or browser `name`'s account signed in from,
/// within the last 30 days (`auth::traces`), as the admin `reader` may read them. For the
/// admins only; the caller checks. `NotFound` for an unknown name.
pub async fn links_of(state: &AppState, reader: i64, name: &str) -> Result<AccountLinks, AppError> {
    let key = name_key(name);
    let now = state.clock.now();
    state
        .db(move |c| {
            let user = users::by_key(c, &key)?.ok_or(AppError::NotFound)?;
            let fellows = crate::db::queries::traces::fellow_players(c, reader)?;
            let hidden = |id: i64| fellows.contains(&id);
            let linked = if hidden(user.id) {
                Vec::new()
            } else {
                traces::linked_to_in(c, user.id, now)?
            };
            let linked: Vec<_> = linked.into_iter().filter(|(id, _)| !hidden(*id)).collect();
            let ids: Vec<i64> = linked.iter().map(|(id, _)| *id).collect();
            let names = users::names(c, &ids)?;
            let mut links: Vec<(String, Vec<&'static str>)> = linked
                .into_iter()
                .filter_map(|(id, kinds)| names.get(&id).map(|n| (n.clone(), kinds)))
                .collect();
            links.sort_by_key(|(n, _)| name_key(n));
            Ok(AccountLinks {
                user,
                links,
                reader_plays: !fellows.is_empty(),
            })
        })
        .await
}
