//! The `Viewer` extractor: who is reading (from the session cookie), in which language, and the
//! session's CSRF token.

use crate::app::AppState;
use crate::auth::account::{Account, account_for};
use crate::auth::tokens::{constant_time_eq, random_token};
use crate::db::queries::sessions;
use crate::error::AppError;
use crate::i18n::{Lang, Tr};
use actix_session::{Session, SessionExt};
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};
use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;

pub const LANG_COOKIE: &str = "maku_lang";
pub(crate) const CSRF_KEY: &str = "csrf";
const SID_KEY: &str = "sid";

/// The reader's language: `?lang=` (`zh-CN`, `en`; an unknown one is ignored), else the switch's
/// cookie, else `Accept-Language`, else Chinese.
pub fn lang_of(req: &HttpRequest) -> Lang {
    if let Some(l) = url::form_urlencoded::parse(req.query_string().as_bytes())
        .find(|(k, _)| k == "lang")
        .and_then(|(_, v)| Lang::from_code(&v))
    {
        return l;
    }
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

    /// Every state-changing form carries the session's token, as masked in its page
    /// ([`mask_token`]) or plain.
    pub fn check_csrf(&self, submitted: &str) -> Result<(), AppError> {
        let unmasked = if submitted.len() == 4 * self.csrf.len() {
            unmask_token(submitted)
        } else {
            None
        };
        let submitted = unmasked.as_deref().unwrap_or(submitted);
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

    /// Signs out as [`Viewer::sign_out`] does (nothing of the session is kept: no account, no
    /// CSRF token), but with a new, empty session rather than none, so that a flash can still
    /// reach the next page.
    pub fn sign_out_keeping_flash(&self) {
        self.session.clear();
        self.session.renew();
    }

    pub fn page(&self) -> crate::web::pages::PageCtx {
        crate::web::pages::PageCtx {
            tr: self.tr,
            account: self.account.clone(),
            csrf: self.csrf.clone(),
            unread: self.unread,
            feed: None,
            account_unknown: false,
        }
    }
}

/// The session's token as written into one response: a fresh random pad and the token XORed
/// with it, in hex (four characters per byte of the token). Pages are compressed and show
/// posts anyone may write next to the token, and a top-level navigation from another site
/// carries the `SameSite=Lax` session cookie: an unmasked token could be guessed a character
/// at a time from the compressed sizes (BREACH). Masked, it differs in every response.
pub fn mask_token(token: &str) -> String {
    let t = token.as_bytes();
    let pad: Vec<u8> = t.iter().map(|_| rand::random::<u8>()).collect();
    let mut out = pad.clone();
    out.extend(t.iter().zip(&pad).map(|(b, p)| b ^ p));
    hex::encode(out)
}

/// The token a [`mask_token`] output stands for (`None`: not a masked token).
fn unmask_token(masked: &str) -> Option<String> {
    let raw = hex::decode(masked).ok()?;
    let (pad, xored) = raw.split_at(raw.len() / 2);
    if pad.len() != xored.len() {
        return None;
    }
    String::from_utf8(pad.iter().zip(xored).map(|(p, x)| p ^ x).collect()).ok()
}

/// Every HTML page leaves with the session's CSRF token masked ([`mask_token`], one mask per
/// response). A token made for this request ([`UnsavedToken`]) is stored in the session only
/// when the page carries it. Pages render the plain token, so that their ETag (a digest of the
/// body, taken inside this) stays the same between two requests of one session.
pub async fn mask_csrf<B: MessageBody + 'static>(
    req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let res = next.call(req).await?.map_into_boxed_body();
    let html = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| ct.starts_with("text/html"));
    if !html || res.response().extensions().contains::<TokenMasked>() {
        return Ok(res);
    }
    let session = res.request().get_session();
    let (token, unsaved) = match session.get::<String>(CSRF_KEY) {
        Ok(Some(t)) if !t.is_empty() => (t, false),
        _ => {
            let unsaved = res.request().extensions().get::<UnsavedToken>().cloned();
            match unsaved {
                Some(t) => (t.0, true),
                None => return Ok(res),
            }
        }
    };
    let (req, res) = res.into_parts();
    let (head, body) = res.into_parts();
    let bytes = match body.try_into_bytes() {
        Ok(b) => b,
        Err(body) => return Ok(ServiceResponse::new(req, head.set_body(body))),
    };
    let body = match replace_all(&bytes, token.as_bytes(), || mask_token(&token).into_bytes()) {
        Some(masked) => {
            // The page has a form: its token must be the session's from now on.
            if unsaved {
                session.insert(CSRF_KEY, &token)?;
            }
            BoxBody::new(masked)
        }
        None => BoxBody::new(bytes),
    };
    Ok(ServiceResponse::new(req, head.set_body(body)))
}

/// Marks an answer whose handler wrote the token masked itself, as it made the page (one mask
/// for the page, as [`mask_csrf`] would make): [`mask_csrf`] then leaves the page alone instead
/// of searching all of it for the plain token. Only for a token the session holds already.
#[derive(Clone, Copy, Debug)]
pub struct TokenMasked;

/// `haystack` with every `needle` replaced by what `with` makes (made once, and only when
/// `needle` is there), or `None` when `needle` is not in it. Works on bytes: the body is
/// already valid UTF-8 and the token is ASCII hex, so no check of the whole page (a UTF-8
/// check of a 50 KB Chinese page was a fifth of its time).
fn replace_all(haystack: &[u8], needle: &[u8], with: impl FnOnce() -> Vec<u8>) -> Option<Vec<u8>> {
    let finder = memchr::memmem::Finder::new(needle);
    let mut hits = finder.find_iter(haystack).peekable();
    hits.peek()?;
    let with = with();
    let mut out = Vec::with_capacity(haystack.len() + 4 * with.len());
    let mut from = 0;
    for at in hits {
        out.extend_from_slice(&haystack[from..at]);
        out.extend_from_slice(&with);
        from = at + needle.len();
    }
    out.extend_from_slice(&haystack[from..]);
    Some(out)
}

/// The client address, as text, for the rate limits and sign-in traces ([`client_ip`]);
/// `unknown` when the connection has no peer address.
pub fn client_address(req: &HttpRequest, trusted_proxies: &[IpAddr]) -> String {
    client_ip(req, trusted_proxies)
        .map(|ip| ip.to_string())
        .unwrap_or_else(|| "unknown".into())
}

/// The client address: the TCP peer, unless the peer is one of the operator's proxies
/// (`--trusted-proxy`); then the right-most address of `X-Forwarded-For` that is not one of
/// them ([`forwarded_client`]). The one place every reader of the client's address asks: the
/// sign-in and sign-up limits, and what a sign-in is kept as (`auth::traces`).
pub fn client_ip(req: &HttpRequest, trusted_proxies: &[IpAddr]) -> Option<IpAddr> {
    let forwarded: Vec<&str> = req
        .headers()
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok())
        .collect();
    forwarded_client(
        req.peer_addr().map(|a| a.ip()),
        &forwarded.join(","),
        trusted_proxies,
    )
}

/// The client behind a chain of proxies: from the peer leftwards through `forwarded_for` (each
/// proxy appends the address it was reached from), the first address that is not a trusted
/// proxy. A client can write anything at the left of the header, but not at its right: the
/// entries right of the first untrusted one were appended by the trusted proxies themselves.
/// An entry that is not an address ends the walk at the last trusted hop.
pub fn forwarded_client(
    peer: Option<IpAddr>,
    forwarded_for: &str,
    trusted_proxies: &[IpAddr],
) -> Option<IpAddr> {
    let trusted = |ip: IpAddr| {
        trusted_proxies
            .iter()
            .any(|t| t.to_canonical() == ip.to_canonical())
    };
    let mut client = peer?;
    if !trusted(client) {
        return Some(client);
    }
    for hop in forwarded_for
        .rsplit(',')
        .map(str::trim)
        .filter(|h| !h.is_empty())
    {
        let Some(ip) = hop
            .parse::<IpAddr>()
            .ok()
            .or_else(|| hop.parse::<std::net::SocketAddr>().ok().map(|a| a.ip()))
        else {
            break;
        };
        client = ip;
        if !trusted(ip) {
            break;
        }
    }
    Some(client)
}

/// A token made for a session that has none yet, kept with the request until the answer shows
/// whether a form carries it ([`mask_csrf`] stores it then). A reader who only reads gets no
/// session cookie: nothing to track them by, and no cookie to encrypt and send on every page.
#[derive(Clone)]
struct UnsavedToken(String);

/// The token made for this request and not stored in its session (yet), if any.
pub(crate) fn unsaved_token_of(req: &HttpRequest) -> Option<String> {
    req.extensions().get::<UnsavedToken>().map(|t| t.0.clone())
}

/// This request's unsaved token (one per request, however often the viewer is extracted).
fn unsaved_token(req: &HttpRequest) -> String {
    if let Some(t) = req.extensions().get::<UnsavedToken>() {
        return t.0.clone();
    }
    let t = random_token();
    req.extensions_mut().insert(UnsavedToken(t.clone()));
    t
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
        let address = client_address(
            req,
            state
                .as_ref()
                .map_or(&[][..], |s| &s.settings.trusted_proxies),
        );
        let csrf = match session.get::<String>(CSRF_KEY) {
            Ok(Some(t)) if !t.is_empty() => t,
            _ => unsaved_token(req),
        };
        // A plain read may take the session from memory; a write reads it from the database.
        let plain_read = req.method() == actix_web::http::Method::GET;
        Box::pin(async move {
            let state = state.ok_or_else(|| AppError::Internal("no app state".into()))?;
            let sid = session.get::<String>(SID_KEY).ok().flatten();
            let mut unread_count = 0;
            let now = state.clock.now();
            let remembered = match (&sid, plain_read) {
                (Some(sid), true) => state.sessions.get(sid, now),
                _ => None,
            };
            let account = match (&sid, remembered) {
                (Some(_), Some(r)) => {
                    unread_count = r.unread;
                    Some(r.account)
                }
                (Some(sid), None) => {
                    let key = sid.clone();
                    let sid = sid.clone();
                    let idle = state.settings.session_idle();
                    // Read before the database: a change while it reads makes this old.
                    let read_at = crate::auth::session_cache::ReadAt::now();
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
                    if let Some(a) = &account {
                        let resolved = crate::auth::session_cache::Resolved {
                            account: a.clone(),
                            unread,
                        };
                        state.sessions.put(&key, read_at, now, resolved);
                    }
                    if account.is_none() {
                        // Ended elsewhere (sign-out, password change, a substitute) or idle
                        // too long: forget it.
                        session.remove(SID_KEY);
                    }
                    account
                }
                (None, _) => None,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("an address")
    }

    /// Only a named proxy's header counts, and only its right-most untrusted address: what a
    /// client writes at the header's left is never taken.
    #[test]
    fn the_client_is_the_right_most_untrusted_forwarded_address() {
        let proxy = [ip("127.0.0.1"), ip("10.0.0.2")];
        let peer = Some(ip("127.0.0.1"));
        // No proxy named: the peer, whatever the header says.
        assert_eq!(
            forwarded_client(peer, "198.51.100.7", &[]),
            Some(ip("127.0.0.1"))
        );
        // An untrusted peer's header is ignored.
        assert_eq!(
            forwarded_client(Some(ip("203.0.113.9")), "198.51.100.7", &proxy),
            Some(ip("203.0.113.9"))
        );
        assert_eq!(
            forwarded_client(peer, "198.51.100.7", &proxy),
            Some(ip("198.51.100.7"))
        );
        // A spoofed left part is passed over; trusted hops are walked through.
        assert_eq!(
            forwarded_client(peer, "1.2.3.4, 198.51.100.7, 10.0.0.2", &proxy),
            Some(ip("198.51.100.7"))
        );
        assert_eq!(
            forwarded_client(peer, "[2001:db8::5]:4711", &proxy),
            Some(ip("2001:db8::5"))
        );
        assert_eq!(
            forwarded_client(peer, "198.51.100.7:4711", &proxy),
            Some(ip("198.51.100.7"))
        );
        // No header, or garbage at the right: the last trusted hop.
        assert_eq!(forwarded_client(peer, "", &proxy), Some(ip("127.0.0.1")));
        assert_eq!(
            forwarded_client(peer, "198.51.100.7, unknown", &proxy),
            Some(ip("127.0.0.1"))
        );
        assert_eq!(
            forwarded_client(Some(ip("::ffff:127.0.0.1")), "198.51.100.7", &proxy),
            Some(ip("198.51.100.7")),
            "an IPv4 proxy reached over IPv6"
        );
        assert_eq!(forwarded_client(None, "198.51.100.7", &proxy), None);
    }

    #[test]
    fn a_masked_token_differs_each_time_and_unmasks_to_itself() {
        let token = random_token();
        let (a, b) = (mask_token(&token), mask_token(&token));
        assert_ne!(a, b, "a fresh pad per response");
        assert_eq!(a.len(), 4 * token.len());
        assert!(!a.contains(&token) && !b.contains(&token));
        assert_eq!(unmask_token(&a).as_deref(), Some(token.as_str()));
        assert_eq!(unmask_token(&b).as_deref(), Some(token.as_str()));
        assert_eq!(unmask_token("zz"), None);
        assert_eq!(unmask_token("abc"), None);
    }

    #[test]
    fn every_copy_of_the_token_is_replaced_and_nothing_else() {
        let page = "<p>甲 tok</p><input value=\"tok\">tok".as_bytes();
        let out = replace_all(page, b"tok", || b"XYZW".to_vec()).expect("found");
        assert_eq!(
            String::from_utf8(out).expect("utf-8"),
            "<p>甲 XYZW</p><input value=\"XYZW\">XYZW"
        );
        assert_eq!(
            replace_all("<p>甲</p>".as_bytes(), b"tok", || unreachable!(
                "no token, no mask"
            )),
            None
        );
    }
}
