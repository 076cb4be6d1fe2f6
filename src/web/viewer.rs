//! The `Viewer` extractor: who is reading (from the session cookie), in which language, and the
//! session's CSRF token.

use crate::auth::tokens::{constant_time_eq, random_token};
use crate::db::models::User;
use crate::db::queries::sessions;
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
    pub name: String,
    pub role: Role,
}

impl Account {
    pub fn from_user(u: &User) -> Account {
        Account {
            id: u.id,
            name: u.username.clone(),
            role: Role::parse(&u.role).unwrap_or(Role::Player),
        }
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
}

impl Viewer {
    pub fn require(&self) -> Result<&Account, AppError> {
        self.account.as_ref().ok_or(AppError::Unauthorized)
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
            let account = match &sid {
                Some(sid) => {
                    let sid = sid.clone();
                    let user = state.db(move |c| Ok(sessions::user_of(c, &sid)?)).await?;
                    if user.is_none() {
                        // Ended elsewhere (sign-out, password change): forget it here too.
                        session.remove(SID_KEY);
                    }
                    user.as_ref().map(Account::from_user)
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
            })
        })
    }
}
