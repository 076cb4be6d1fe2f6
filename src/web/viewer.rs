//! The `Viewer` extractor: who is reading (from the session cookie), in which language, and the
//! session's CSRF token.

use crate::auth::tokens::{constant_time_eq, random_token};
use crate::db::models::User;
use crate::db::queries::games;
use crate::db::queries::sessions::{self, Scope};
use crate::domain::Role;
use crate::i18n::{Lang, Tr};
use crate::web::error::AppError;
use crate::web::state::AppState;
use actix_session::{Session, SessionExt};
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use std::future::Future;
use std::pin::Pin;

pub const LANG_COOKIE: &str = "maku_lang";
const CSRF_KEY: &str = "csrf";
const SID_KEY: &str = "sid";

/// The reader's language: the switch's cookie, else `Accept-Language`, else Chinese.
pub fn lang_of(req: &HttpRequest) -> Lang {
    if let Some(l) = req
        .cookie(LANG_COOKIE)
        .and_then(|c| Lang::from_code(c.value()))
    {
        return l;
    }
    req.headers()
        .get(actix_web::http::header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(Lang::from_accept_language)
        .unwrap_or_default()
}

/// The signed-in account as the pages need it.
#[derive(Debug, Clone)]
pub struct Account {
    pub id: i64,
    /// The account name; for a game-ID login, the game ID (the account stays hidden).
    pub name: String,
    pub role: Role,
    /// Set for a game-ID login: it acts only as that seat of that game.
    pub scope: Option<Scope>,
}

impl Account {
    pub fn from_user(u: &User) -> Account {
        Account {
            id: u.id,
            name: u.username.clone(),
            role: Role::parse(&u.role).unwrap_or(Role::Player),
            scope: None,
        }
    }

    /// A game-ID login: the seat's account acting under its game ID, with no other rights.
    pub fn scoped(u: &User, scope: Scope, game_name: String) -> Account {
        Account {
            id: u.id,
            name: game_name,
            role: Role::Player,
            scope: Some(scope),
        }
    }

    pub fn is_alias(&self) -> bool {
        self.scope.is_some()
    }

    /// May act in game `game_id` (every account may; a game-ID login only in its own game).
    pub fn reaches_game(&self, game_id: i64) -> bool {
        self.scope.is_none_or(|s| s.game_id == game_id)
    }

    pub fn is_admin(&self) -> bool {
        self.role == Role::Admin
    }

    pub fn is_judge(&self) -> bool {
        self.role >= Role::Judge
    }
}

pub struct Viewer {
    pub account: Option<Account>,
    pub tr: Tr,
    pub csrf: String,
    pub session: Session,
    pub session_id: Option<String>,
    pub address: String,
    /// Unread notifications of the signed-in account (a game-ID login: of its game only).
    pub unread: i64,
}

impl Viewer {
    /// A signed-in account (a game-ID login does not count outside its game).
    pub fn require(&self) -> Result<&Account, AppError> {
        let a = self.account.as_ref().ok_or(AppError::Unauthorized)?;
        if a.is_alias() {
            Err(AppError::Forbidden)
        } else {
            Ok(a)
        }
    }

    /// A signed-in account or a game-ID login of this game.
    pub fn require_in_game(&self, game_id: i64) -> Result<&Account, AppError> {
        let a = self.account.as_ref().ok_or(AppError::Unauthorized)?;
        if a.reaches_game(game_id) {
            Ok(a)
        } else {
            Err(AppError::Forbidden)
        }
    }

    /// The reader for game pages: a game-ID login counts only in its own game.
    pub fn reader_in_game(&self, game_id: i64) -> Option<&Account> {
        self.account.as_ref().filter(|a| a.reaches_game(game_id))
    }

    pub fn require_admin(&self) -> Result<&Account, AppError> {
        let a = self.require()?;
        if a.is_admin() {
            Ok(a)
        } else {
            Err(AppError::Forbidden)
        }
    }

    /// Every state-changing form carries the session's token.
    pub fn check_csrf(&self, submitted: &str) -> Result<(), AppError> {
        if !self.csrf.is_empty() && constant_time_eq(&self.csrf, submitted) {
            Ok(())
        } else {
            Err(AppError::Csrf)
        }
    }

    /// Binds the session to an account (a fresh cookie and CSRF token: no fixation).
    pub fn sign_in(&self, session_id: &str) -> Result<(), AppError> {
        self.session.renew();
        self.session
            .insert(SID_KEY, session_id)
            .and_then(|_| self.session.insert(CSRF_KEY, random_token()))
            .map_err(|e| AppError::Internal(e.to_string()))
    }

    pub fn sign_out(&self) {
        self.session.purge();
    }

    pub fn page(&self) -> crate::web::pages::PageCtx {
        crate::web::pages::PageCtx {
            tr: self.tr,
            account: self.account.clone(),
            csrf: self.csrf.clone(),
            unread: self.unread,
            feed: None,
        }
    }
}

/// The client address used for rate limits.
pub fn client_address(req: &HttpRequest, trust_proxy: bool) -> String {
    if trust_proxy && let Some(ip) = req.connection_info().realip_remote_addr() {
        return ip.to_string();
    }
    req.peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_else(|| "unknown".into())
}

/// The account behind a session or token; a game-ID login only while its seat is still played
/// by the same account.
pub fn account_for(
    c: &mut crate::db::DbConnection,
    found: Option<(User, Option<Scope>)>,
) -> Result<Option<Account>, AppError> {
    match found {
        None => Ok(None),
        Some((user, None)) => Ok(Some(Account::from_user(&user))),
        Some((user, Some(scope))) => Ok(games::seat_holder(c, scope.game_id, scope.seat)?
            .filter(|(holder, _)| *holder == user.id)
            .map(|(_, name)| Account::scoped(&user, scope, name))),
    }
}

/// The account of a live session: not ended, and used within the idle time.
fn account_of_session(
    c: &mut crate::db::DbConnection,
    sid: &str,
    now: chrono::NaiveDateTime,
    idle: chrono::Duration,
) -> Result<Option<Account>, AppError> {
    let found = sessions::user_of(c, sid, now, idle)?;
    account_for(c, found)
}

impl FromRequest for Viewer {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<Viewer, AppError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let session = req.get_session();
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let tr = Tr::new(lang_of(req));
        let trust = state.as_ref().is_some_and(|s| s.settings.trust_proxy);
        let address = client_address(req, trust);
        Box::pin(async move {
            let state = state.ok_or_else(|| AppError::Internal("no app state".into()))?;
            let csrf = match session.get::<String>(CSRF_KEY) {
                Ok(Some(t)) if !t.is_empty() => t,
                _ => {
                    let t = random_token();
                    session
                        .insert(CSRF_KEY, &t)
                        .map_err(|e| AppError::Internal(e.to_string()))?;
                    t
                }
            };
            let sid = session.get::<String>(SID_KEY).ok().flatten();
            let mut unread_count = 0;
            let account = match &sid {
                Some(sid) => {
                    let sid = sid.clone();
                    let (now, idle) = (state.clock.now(), state.settings.session_idle());
                    let (account, unread) = state
                        .db(move |c| {
                            let account = account_of_session(c, &sid, now, idle)?;
                            let unread = match &account {
                                Some(a) => crate::notify::store::unread_count(
                                    c,
                                    a.id,
                                    a.scope.as_ref().map(|s| s.game_id),
                                )?,
                                None => 0,
                            };
                            Ok((account, unread))
                        })
                        .await?;
                    unread_count = unread;
                    if account.is_none() {
                        // Ended elsewhere (sign-out, password change, a substitute) or idle
                        // too long: forget it.
                        session.remove(SID_KEY);
                    }
                    account
                }
                None => None,
            };
            let session_id = account.as_ref().and(sid);
            Ok(Viewer {
                account,
                tr,
                csrf,
                session,
                session_id,
                address,
                unread: unread_count,
            })
        })
    }
}
