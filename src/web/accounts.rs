//! Register, sign in, sign out, change password, profiles and the language switch.

use crate::app::AppState;
use crate::db::queries::users;
use crate::domain::account::name_key;
use crate::error::AppError;
use crate::forum::accounts as service;
use crate::i18n::Lang;
use crate::web::device::{page_sign_in, with_device};
use crate::web::flash::{self, Flash, see_other};
use crate::web::pages::{PageCtx, TimeView};
use crate::web::posted::{NoFields, Posted};
use crate::web::redirect::{local_path, local_path_of_referer};
use crate::web::viewer::{LANG_COOKIE, Viewer};
use actix_web::cookie::{Cookie, SameSite};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

#[derive(Template, WebTemplate)]
#[template(path = "accounts/register.html")]
struct RegisterPage {
    page: PageCtx,
    username: String,
    error: Option<String>,
}

#[derive(Template, WebTemplate)]
#[template(path = "accounts/login.html")]
struct LoginPage {
    page: PageCtx,
    username: String,
    next: String,
    error: Option<String>,
    /// A notice that leads here (signed out everywhere).
    notice: Option<String>,
}

#[derive(Template, WebTemplate)]
#[template(path = "accounts/password.html")]
struct PasswordPage {
    page: PageCtx,
    error: Option<String>,
    /// The field the refusal is about (`old_password`, `new_password`), or empty.
    invalid: String,
    done: bool,
}

#[derive(Template, WebTemplate)]
#[template(path = "accounts/sessions.html")]
struct SessionsPage {
    page: PageCtx,
    idle_days: u32,
    sessions: Vec<SessionView>,
    tokens: Vec<TokenView>,
    revoked: bool,
}

struct SessionView {
    created: TimeView,
    last_seen: Option<TimeView>,
    game: Option<i64>,
    current: bool,
}

struct TokenView {
    id: String,
    created: TimeView,
    last_used: Option<TimeView>,
    game: Option<i64>,
}

#[derive(Template, WebTemplate)]
#[template(path = "accounts/profile.html")]
struct ProfilePage {
    page: PageCtx,
    name: String,
    role: String,
    joined: TimeView,
    /// Finished games only (a running game's seats are secret), newest first, a page at a time.
    finished_games: Vec<(i64, String)>,
    /// The key of the next, older page (`?before=`), when there is one.
    older: Option<i64>,
    /// The record of those games: games and wins in all, then per variant (its name, games,
    /// wins, and the roles held with their counts).
    record: (u32, u32),
    by_variant: Vec<VariantLine>,
    /// The reader's own profile (signed in with the account, not a game-ID login): it links
    /// the account's settings (issue 38 item 13f).
    own: bool,
}

/// One variant's line of a player's record, in the reader's language.
#[derive(Clone)]
pub struct VariantLine {
    pub variant: String,
    pub games: u32,
    pub wins: u32,
    pub roles: String,
}

#[derive(Deserialize)]
pub struct CredentialsForm {
    username: String,
    password: String,
    #[serde(default)]
    next: String,
}

#[derive(Deserialize)]
pub struct NextQuery {
    next: Option<String>,
}

/// A refused form goes back to its page with the message and what was typed (never the
/// password).
fn refused(e: &AppError, viewer: &Viewer) -> Flash {
    Flash::refusal("", e.message(&viewer.tr))
}

#[get("/register")]
async fn register_form(
    viewer: Viewer,
    state: web::Data<AppState>,
) -> Result<RegisterPage, AppError> {
    let flash = flash::take(&state, &viewer, "/register").await?;
    Ok(RegisterPage {
        page: viewer.page(),
        username: flash
            .as_ref()
            .map(|f| f.field("username").to_string())
            .unwrap_or_default(),
        error: flash.and_then(|f| f.error_for("")),
    })
}

#[post("/register")]
async fn register(
    req: HttpRequest,
    state: web::Data<AppState>,
    Posted { viewer, form }: Posted<CredentialsForm>,
) -> Result<HttpResponse, AppError> {
    match service::register(&state, &viewer.address, &form.username, &form.password).await {
        Ok(user) => {
            let (from, device) = page_sign_in(&req, &state);
            let sid = service::open_session(&state, user.id, None, &from).await?;
            viewer.sign_in(&sid)?;
            with_device(see_other("/"), device)
        }
        Err(e) if !flash::shown_at_form(&e) => Err(e),
        Err(e) => {
            let f = refused(&e, &viewer).with("username", &form.username);
            flash::redirect(&state, &viewer, "/register", f).await
        }
    }
}

#[get("/login")]
async fn login_form(
    viewer: Viewer,
    state: web::Data<AppState>,
    q: web::Query<NextQuery>,
) -> Result<LoginPage, AppError> {
    let flash = flash::take(&state, &viewer, "/login").await?;
    Ok(LoginPage {
        page: viewer.page(),
        username: flash
            .as_ref()
            .map(|f| f.field("username").to_string())
            .unwrap_or_default(),
        next: local_path(q.next.as_deref().unwrap_or("/")),
        notice: flash.as_ref().filter(|f| f.ok).map(|f| f.message.clone()),
        error: flash.and_then(|f| f.error_for("")),
    })
}

#[post("/login")]
async fn login(
    req: HttpRequest,
    state: web::Data<AppState>,
    Posted { viewer, form }: Posted<CredentialsForm>,
) -> Result<HttpResponse, AppError> {
    match service::authenticate(&state, &viewer.address, &form.username, &form.password).await {
        Ok(user) => {
            let (from, device) = page_sign_in(&req, &state);
            let sid = service::open_session(&state, user.id, None, &from).await?;
            viewer.sign_in(&sid)?;
            with_device(see_other(&local_path(&form.next)), device)
        }
        Err(e @ AppError::Internal(_)) => Err(e),
        Err(e) if !flash::shown_at_form(&e) => Err(e),
        Err(e) => {
            let f = refused(&e, &viewer).with("username", &form.username);
            let next = local_path(&form.next);
            let to = format!(
                "/login?next={}",
                url::form_urlencoded::byte_serialize(next.as_bytes()).collect::<String>()
            );
            let mut resp = flash::redirect(&state, &viewer, &to, f).await?;
            if matches!(e, AppError::RateLimited) {
                resp.headers_mut().insert(
                    actix_web::http::header::RETRY_AFTER,
                    actix_web::http::header::HeaderValue::from_static("60"),
                );
            }
            Ok(resp)
        }
    }
}

#[post("/logout")]
async fn logout(
    state: web::Data<AppState>,
    Posted { viewer, .. }: Posted<NoFields>,
) -> Result<HttpResponse, AppError> {
    if let Some(sid) = viewer.session_id.clone() {
        service::close_session(&state, sid).await?;
    }
    viewer.sign_out();
    Ok(see_other("/"))
}

#[get("/account/password")]
async fn password_form(
    viewer: Viewer,
    state: web::Data<AppState>,
) -> Result<PasswordPage, AppError> {
    viewer.require()?;
    let flash = flash::take(&state, &viewer, PASSWORD_PATH).await?;
    Ok(PasswordPage {
        page: viewer.page(),
        done: flash.as_ref().is_some_and(|f| f.ok),
        invalid: flash
            .as_ref()
            .map(|f| f.invalid_in("").to_string())
            .unwrap_or_default(),
        error: flash.and_then(|f| f.error_for("")),
    })
}

const PASSWORD_PATH: &str = "/account/password";

#[derive(Deserialize)]
pub struct PasswordForm {
    old_password: String,
    new_password: String,
}

#[post("/account/password")]
async fn change_password(
    state: web::Data<AppState>,
    Posted { viewer, form }: Posted<PasswordForm>,
) -> Result<HttpResponse, AppError> {
    let account = viewer.require()?;
    let result = service::change_password(
        &state,
        account.id,
        service::Keep::Session(viewer.session_id.clone()),
        &form.old_password,
        &form.new_password,
    )
    .await;
    let f = match result {
        Ok(()) => Flash::notice(viewer.tr.t("password-changed")),
        Err(e) if !flash::shown_at_form(&e) => return Err(e),
        // The old password did not match; anything else is about the new one.
        Err(e @ AppError::Conflict("wrong_password")) => refused(&e, &viewer).about("old_password"),
        Err(e) => refused(&e, &viewer).about("new_password"),
    };
    flash::redirect(&state, &viewer, PASSWORD_PATH, f).await
}

async fn sessions_page(
    viewer: &Viewer,
    state: &AppState,
    revoked: bool,
) -> Result<SessionsPage, AppError> {
    let id = viewer.require()?.id;
    let live = service::live_sessions(state, id).await?;
    let tokens = service::tokens(state, id, None).await?;
    let current = viewer.session_id.as_deref();
    Ok(SessionsPage {
        page: viewer.page(),
        idle_days: state.settings.session_idle_days,
        sessions: live
            .into_iter()
            .map(|s| SessionView {
                current: current == Some(s.id.as_str()),
                created: TimeView::new(s.created_at),
                last_seen: s.last_seen_at.map(TimeView::new),
                game: s.game_id,
            })
            .collect(),
        tokens: tokens
            .into_iter()
            .map(|t| TokenView {
                id: t.id,
                created: TimeView::new(t.created_at),
                last_used: t.last_used_at.map(TimeView::new),
                game: t.game_id,
            })
            .collect(),
        revoked,
    })
}

/// The account's live sessions and API tokens, a revoke button per token, and "sign out
/// everywhere".
#[get("/account/sessions")]
async fn sessions(viewer: Viewer, state: web::Data<AppState>) -> Result<SessionsPage, AppError> {
    viewer.require()?;
    let revoked = flash::take(&state, &viewer, SESSIONS_PATH)
        .await?
        .is_some_and(|f| f.ok);
    sessions_page(&viewer, &state, revoked).await
}

const SESSIONS_PATH: &str = "/account/sessions";

#[post("/account/tokens/{id}/revoke")]
async fn revoke_token(
    state: web::Data<AppState>,
    id: web::Path<String>,
    Posted { viewer, .. }: Posted<NoFields>,
) -> Result<HttpResponse, AppError> {
    let account = viewer.require()?;
    service::revoke_token(&state, account.id, id.into_inner()).await?;
    let f = Flash::notice(viewer.tr.t("sessions-revoked"));
    flash::redirect(&state, &viewer, SESSIONS_PATH, f).await
}

/// Ends every session (this one too) and every token of the account.
#[post("/account/sign-out-everywhere")]
async fn sign_out_everywhere(
    state: web::Data<AppState>,
    Posted { viewer, .. }: Posted<NoFields>,
) -> Result<HttpResponse, AppError> {
    let account = viewer.require()?;
    service::sign_out_everywhere(&state, account.id).await?;
    // Signed out with a fresh, empty session that carries only what the sign-in page says:
    // what ended, the calendar address with it.
    viewer.sign_out_keeping_flash();
    let f = Flash::notice(viewer.tr.t("sessions-everywhere-done"));
    flash::redirect(&state, &viewer, "/login", f).await
}

/// A profile as read: the account, a page of its finished games (one more than shown: is
/// there an older page?) and its record.
pub type Profile = (
    crate::db::models::User,
    Vec<(i64, String)>,
    crate::game::records::PlayerRecord,
    Vec<VariantLine>,
);

/// The kept profiles (`web::listings`), by name key, page and language (the record's lines
/// are worded once).
pub type Profiles =
    crate::web::listings::Listings<(String, Option<i64>, crate::i18n::Lang), Profile>;

/// Finished games on one page of a profile.
const PROFILE_GAMES: i64 = 50;

/// A profile's page of finished games: those older than `before` (a game id).
#[derive(Deserialize)]
struct ProfileQuery {
    before: Option<i64>,
}

#[get("/u/{name}")]
async fn profile(
    viewer: Viewer,
    state: web::Data<AppState>,
    profiles: web::Data<Profiles>,
    name: web::Path<String>,
    q: web::Query<ProfileQuery>,
) -> Result<ProfilePage, AppError> {
    let tr = viewer.tr;
    let key = (name_key(&name), q.before, tr.lang);
    // Read under every public change to games (a game ends: its records are kept) and to
    // accounts (a name, a role), kept for every reader (issue 42).
    let epoch = crate::db::epoch::game_lists().wrapping_add(crate::db::epoch::accounts());
    let kept = match profiles.get(&key, epoch) {
        Some(kept) => kept,
        None => {
            let (name, before, _) = key.clone();
            let read = state
                .db(move |c| {
                    let user = users::by_key(c, &name)?.ok_or(AppError::NotFound)?;
                    // Read from the records kept as games end: no game is folded here.
                    let games = crate::db::queries::records::finished_page(
                        c,
                        user.id,
                        before,
                        PROFILE_GAMES + 1,
                    )?;
                    let record = crate::game::records::record_of(c, user.id)?;
                    Ok((user, games, record))
                })
                .await?;
            let (user, games, record) = read;
            let lines = variant_lines(&tr, &record);
            profiles.put(key, epoch, (user, games, record, lines))
        }
    };
    let (user, games, record) = (&kept.0, &kept.1, &kept.2);
    let older = (games.len() as i64 > PROFILE_GAMES).then(|| {
        games
            .get(PROFILE_GAMES as usize - 1)
            .map(|g| g.0)
            .unwrap_or(0)
    });
    let games: Vec<(i64, String)> = games.iter().take(PROFILE_GAMES as usize).cloned().collect();
    let by_variant = kept.3.clone();
    let own = viewer
        .account
        .as_ref()
        .is_some_and(|a| !a.is_alias() && a.id == user.id);
    Ok(ProfilePage {
        own,
        record: (record.games, record.wins),
        by_variant,
        page: viewer.page(),
        name: user.username.clone(),
        role: user.role.clone(),
        joined: TimeView::new(user.created_at),
        finished_games: games,
        older,
    })
}

/// A record's lines, one per variant, in the reader's language.
fn variant_lines(
    tr: &crate::i18n::Tr,
    record: &crate::game::records::PlayerRecord,
) -> Vec<VariantLine> {
    record
        .by_variant
        .iter()
        .map(|(name, v)| {
            let variant = crate::rules::Variant::from_name(name);
            let roles = v.roles.iter().map(|(role, n)| {
                let role = variant.map_or_else(|| role.clone(), |v| tr.say(&v.role(role)));
                tr.ta(
                    "profile-role-count",
                    &[("role", role), ("n", n.to_string())],
                )
            });
            VariantLine {
                variant: tr.variant(name),
                games: v.games,
                wins: v.wins,
                roles: tr.list(roles),
            }
        })
        .collect()
}

/// The language switch: a preference cookie, then back where the reader was.
#[get("/lang/{code}")]
async fn switch_language(
    req: HttpRequest,
    code: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let lang = Lang::from_code(&code).ok_or(AppError::NotFound)?;
    let back = local_path_of_referer(
        req.headers()
            .get(actix_web::http::header::REFERER)
            .and_then(|v| v.to_str().ok()),
    );
    let cookie = Cookie::build(LANG_COOKIE, lang.code())
        .path("/")
        .same_site(SameSite::Lax)
        .max_age(actix_web::cookie::time::Duration::days(365))
        .finish();
    let mut resp = see_other(&back);
    resp.add_cookie(&cookie)
        .map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(resp)
}

/// Renders a page with a chosen status (form errors re-render with 4xx).
pub fn render_with<T: Template>(page: T, status: StatusCode) -> HttpResponse {
    match page.render() {
        Ok(html) => HttpResponse::build(status)
            .content_type("text/html; charset=utf-8")
            .body(html),
        Err(e) => actix_web::ResponseError::error_response(&AppError::Internal(e.to_string())),
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(register_form)
        .service(register)
        .service(login_form)
        .service(login)
        .service(logout)
        .service(password_form)
        .service(change_password)
        .service(sessions)
        .service(revoke_token)
        .service(sign_out_everywhere)
        .service(profile)
        .service(switch_language);
}
