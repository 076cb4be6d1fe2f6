//! Games over JSON (../shared/spec/api.md): create, sign up, start, the public view, `me`,
//! actions, resolve, audit, reveal.
//!
//! Every body struct denies unknown fields (`400 unknown_field`): a typo such as `setpu` must
//! not silently do something else. Query strings stay lenient (links carry extra parameters).

use super::{ApiUser, GameApiUser};
use crate::app::AppState;
use crate::db::queries::forum::Bodies;
use crate::db::queries::games;
use crate::db::queries::lobby::{self, Lobby};
use crate::error::AppError;
use crate::game::posting::{self, GameThread};
use crate::game::service::{self, iso};
use crate::game::settings::{GameSettings, SettingsRequest};
use crate::game::views;
use crate::web::pages::{PageNumber, page_param, seek, shown_page};
use crate::web::requests::MeantAct;
use actix_web::{HttpResponse, delete, get, patch, post, web};
use serde::Deserialize;
use serde_json::{Value, json};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    title: String,
    /// A preset's name, or…
    #[serde(default)]
    variant: Option<String>,
    /// …a judge's own setup, at one version (docs/setups.md).
    #[serde(default)]
    setup: Option<crate::game::setups::SetupRef>,
    options: Option<Value>,
    act_minutes: Option<i64>,
    characters: Option<Vec<String>>,
    deadline_time: Option<String>,
    timezone: Option<String>,
    min_seats: Option<usize>,
    max_seats: Option<usize>,
    remind_hours: Option<i64>,
    /// Show external images in the game's posts (default: as links).
    show_images: Option<bool>,
    /// Minutes by phase kind, for the variant's phases that should not last their default.
    phase_minutes: Option<std::collections::BTreeMap<String, i64>>,
    /// The game before this one in a series (CL-3): a finished game of the same variant.
    series_after: Option<i64>,
    /// A game of a judge's own setup counted on the setup version's own leaderboard, not its
    /// family's.
    own_board: Option<bool>,
    /// `"when_full"`, or a time with its offset: the table starts by itself (issue 41).
    auto_start: Option<String>,
    /// Phases end a grace after every living seat has acted (issue 41).
    resolve_early: Option<bool>,
    grace_seconds: Option<i64>,
    /// The seats that are out share the spectators' thread with the watchers (default true).
    spectators_dead: Option<bool>,
}

#[post("/games")]
async fn api_create_game(
    req: actix_web::HttpRequest,
    user: ApiUser,
    state: web::Data<AppState>,
    body: web::Json<NewGame>,
) -> Result<HttpResponse, AppError> {
    let b = body.into_inner();
    let now = state.clock.now();
    let auto_start = b
        .auto_start
        .as_deref()
        .map(|t| crate::game::settings::AutoStart::parse(t, now))
        .transpose();
    let (variant, setup) = match (b.variant, b.setup) {
        (Some(name), None) => (name, None),
        (None, Some(r)) => {
            let pinned = crate::game::setups::pinned(&state, r).await?;
            (pinned.variant_name(), Some(pinned))
        }
        _ => return Err(AppError::Invalid("variant_or_setup")),
    };
    let settings = GameSettings::parse(SettingsRequest {
        variant,
        setup,
        options: b.options,
        characters: b.characters,
        act_minutes: b.act_minutes,
        deadline_time: b.deadline_time,
        timezone: b.timezone,
        min_seats: b.min_seats,
        max_seats: b.max_seats,
    })
    .and_then(|s| s.with_remind_hours(b.remind_hours))
    .and_then(|s| s.with_phase_minutes(b.phase_minutes))
    .map(|s| s.with_series_after(b.series_after))
    .map(|s| s.with_show_images(b.show_images.unwrap_or(false)))
    .and_then(|s| s.with_own_board(b.own_board.unwrap_or(false)))
    .and_then(|s| Ok(s.with_auto_start(auto_start?)))
    .and_then(|s| s.with_resolve_early(b.resolve_early.unwrap_or(false), b.grace_seconds))
    .map(|s| s.with_spectators_dead(b.spectators_dead.unwrap_or(true)))
    .map_err(|e| match e {
        crate::game::settings::SettingsError::OwnBoard => AppError::Invalid("own_board_preset"),
        crate::game::settings::SettingsError::Character(e) => AppError::GameId(e),
        // CL-3: the series link is not a field a judge may send (`series_after` is).
        crate::game::settings::SettingsError::ServerOption(key) => {
            AppError::UnknownField(format!("options.{key}"))
        }
        // The create form's own sentence, in the caller's language.
        e => {
            let tr = crate::i18n::Tr::new(crate::web::viewer::lang_of(&req));
            AppError::BadRequest(crate::web::games::new::settings_message(&tr, &e))
        }
    })?;
    let id = service::create(&state, &user.0, &b.title, settings).await?;
    Ok(HttpResponse::Created().json(json!({"id": id})))
}

/// The list's filters: a variant's name and a status, each optional.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GamesQuery {
    #[serde(default)]
    variant: String,
    #[serde(default)]
    status: String,
    /// The key (id) of the game the page starts after (a page's `next`) or before (`prev`).
    after: Option<String>,
    before: Option<String>,
}

/// Games on one page of the API's list.
const GAMES_PER_PAGE: i64 = 100;

#[get("/games")]
async fn api_list_games(
    state: web::Data<AppState>,
    q: web::Query<GamesQuery>,
) -> Result<HttpResponse, AppError> {
    let (variant, status) = crate::web::requests::list_filters(&q.variant, &q.status)?;
    let seek = seek::<i64>(None, q.after.as_deref(), q.before.as_deref())?;
    let read = state
        .db(move |c| {
            let lobby = Lobby::new(variant.map(|v| v.name()), status);
            Ok(lobby::newest_page(c, lobby, &seek, GAMES_PER_PAGE)?)
        })
        .await?;
    let list: Vec<Value> = read
        .rows
        .into_iter()
        .map(|g| json!({"id": g.id, "title": g.title, "variant": g.variant, "status": g.status, "fixed_deal": g.fixed_deal}))
        .collect();
    let (next, prev) = (read.edges.ahead.first(), read.edges.back.first());
    Ok(HttpResponse::Ok().json(json!({"games": list, "next": next, "prev": prev})))
}

#[post("/games/{id}/signup")]
async fn api_signup(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    // In line past the most seats: 202, with the place (1: next to move up).
    Ok(
        match service::set_signup(&state, &user.0, *id, true).await? {
            service::Signup::Waiting(place) => {
                HttpResponse::Accepted().json(json!({"ok": true, "waiting": place}))
            }
            service::Signup::Started => {
                HttpResponse::Ok().json(json!({"ok": true, "started": true}))
            }
            service::Signup::Seated => HttpResponse::Ok().json(json!({"ok": true})),
        },
    )
}

/// The judge of a finished game opens a new table like it (issue 41).
#[post("/games/{id}/rehost")]
async fn api_rehost(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let new = service::rehost(&state, &user.0, *id).await?;
    Ok(HttpResponse::Created().json(json!({"id": new})))
}

#[delete("/games/{id}/signup")]
async fn api_withdraw(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    service::set_signup(&state, &user.0, *id, false).await?;
    Ok(HttpResponse::Ok().json(json!({"ok": true})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartBody {
    setup: Option<Value>,
}

#[post("/games/{id}/start")]
async fn api_start(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    // The body is optional; when present it must be valid (a typo must not start a random deal).
    let setup = if body.iter().all(u8::is_ascii_whitespace) {
        None
    } else {
        serde_json::from_slice::<StartBody>(&body)
            .map_err(|e| AppError::from_json(&e))?
            .setup
    };
    let deadline = service::start(&state, &user.0, *id, setup).await?;
    // Every game opens with the first phase of act 1.
    Ok(HttpResponse::Ok().json(json!({"act": 1, "deadline": iso(deadline)})))
}

#[get(
    "/games/{id}",
    wrap = "actix_web::middleware::from_fn(crate::web::page_cache::anonymous)",
    wrap = "actix_web::middleware::from_fn(crate::web::conditional::etag)"
)]
async fn api_game(
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let game_id = *id;
    let view = state.db(move |c| views::public_game(c, game_id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// The caller, when it may act in this game (a game-ID token only in its own game).
fn in_game(user: GameApiUser, game_id: i64) -> Result<crate::auth::account::Account, AppError> {
    if user.0.reaches_game(game_id) {
        Ok(user.0)
    } else {
        Err(AppError::Forbidden)
    }
}

#[get("/games/{id}/me")]
async fn api_me(
    user: GameApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let account = in_game(user, *id)?;
    let (game_id, user_id) = (*id, account.id);
    let view = state
        .db(move |c| views::seat_view(c, game_id, user_id))
        .await?
        .ok_or(AppError::Conflict("not_seated"))?;
    Ok(HttpResponse::Ok().json(view))
}

#[post("/games/{id}/actions")]
async fn api_action(
    req: actix_web::HttpRequest,
    user: GameApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    body: web::Json<Value>,
) -> Result<HttpResponse, AppError> {
    let account = in_game(user, *id)?;
    let (action, meant) = meant_phase_of(body.into_inner())?;
    let game_id = *id;
    let variant = state
        .db(move |c| games::get(c, game_id)?.ok_or(AppError::NotFound))
        .await
        .and_then(|row| crate::game::stored::variant_of(&row))?;
    // The body's one reading as the game's action (strict: a field the action does not have is
    // refused); the service refuses what does not parse in its turn, as it always has.
    let sent = variant.parse_action_strict(&action);
    let outcome = service::submit(&state, &account, game_id, sent, meant).await?;
    Ok(match outcome.result {
        Ok(reply) => HttpResponse::Ok().json(json!({"ok": true, "reply": reply})),
        // The rules' code as api.md fixes it; the message is the seat page's sentence for it,
        // in the caller's language (as every API error: `?lang=`, the cookie, Accept-Language),
        // never the engine's English.
        Err(refused) => {
            let tr = crate::i18n::Tr::new(crate::web::viewer::lang_of(&req));
            let message = tr.say(&outcome.variant.refusal(refused.error));
            HttpResponse::Conflict().json(crate::web::error::json_error(refused.error, &message))
        }
    })
}

/// An action object as a replay scenario writes it, and the step it was made for: the optional
/// key `phase` (the step, as a seat's "过" names it). A client that sends it is never counted in
/// a later step than it meant (`409 already_resolved`); the key is not part of the action.
fn meant_phase_of(mut action: Value) -> Result<(Value, Option<u32>), AppError> {
    let Some(raw) = action.as_object_mut().and_then(|o| o.remove("phase")) else {
        return Ok((action, None));
    };
    let step = raw
        .as_u64()
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| AppError::BadRequest("phase".to_string()))?;
    Ok((action, Some(step)))
}

#[post("/games/{id}/resolve")]
async fn api_resolve(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    body: web::Json<MeantAct>,
) -> Result<HttpResponse, AppError> {
    service::require_judge(&state, &user.0, *id).await?;
    let r = service::resolve(&state, *id, body.act, "judge", Some(user.0.id)).await?;
    // The act open now, N+1 (api.md); when N ended the game it stays N, with `over`.
    Ok(HttpResponse::Ok().json(if r.over {
        json!({"act": r.act, "over": true})
    } else {
        json!({"act": r.act})
    }))
}

/// The phase a seat's "过" means (`{"phase": step}`, required), as a judge's request names its
/// act: a call made for a turn that already ended ends none.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeantPhase {
    pub phase: u32,
}

/// The seat whose turn it is to speak ends it (过, CL-5); the next phase opens.
#[post("/games/{id}/pass")]
async fn api_pass(
    user: GameApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    body: web::Json<MeantPhase>,
) -> Result<HttpResponse, AppError> {
    let account = in_game(user, *id)?;
    let r = service::end_turn(&state, &account, *id, body.phase).await?;
    Ok(HttpResponse::Ok().json(if r.over {
        json!({"phase": r.act, "over": true})
    } else {
        json!({"phase": r.act})
    }))
}

#[get("/games/{id}/reveal")]
async fn api_reveal(
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let game_id = *id;
    let reveal = state.db(move |c| views::reveal(c, game_id)).await?;
    Ok(HttpResponse::Ok().json(reveal.to_json()))
}

#[get("/games/{id}/audit")]
async fn api_audit(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    if !user.0.is_admin() {
        return Err(AppError::Forbidden);
    }
    let game_id = *id;
    let user_id = user.0.id;
    let (events, check) = state
        .db(move |c| crate::audit::export::game_audit(c, game_id, user_id))
        .await?;
    let verified = match check {
        Ok(_) => json!({"ok": true}),
        Err(broken) => json!({"ok": false, "first_broken": broken}),
    };
    Ok(HttpResponse::Ok().json(json!({"events": events, "chain": verified})))
}

#[derive(Deserialize)]
pub struct PageQuery {
    page: Option<PageNumber>,
}

/// The reader's standing in a game, for an optional bearer token (anonymous readers too).
async fn reader(
    req: &actix_web::HttpRequest,
    game_id: i64,
) -> Result<Option<crate::auth::account::Account>, AppError> {
    if req
        .headers()
        .contains_key(actix_web::http::header::AUTHORIZATION)
    {
        let user = <GameApiUser as actix_web::FromRequest>::extract(req).await?;
        Ok(Some(in_game(user, game_id)?))
    } else {
        Ok(None)
    }
}

#[get("/games/{id}/threads/{kind}")]
async fn api_thread(
    req: actix_web::HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(i64, String)>,
    q: web::Query<PageQuery>,
) -> Result<HttpResponse, AppError> {
    let (game_id, kind) = path.into_inner();
    let which = GameThread::parse(&kind).ok_or(AppError::NotFound)?;
    let account = reader(&req, game_id).await?;
    let page = page_param(q.page);
    let (posts, total) = state
        .db(move |c| {
            let (row, folded) = service::load(c, game_id)?;
            let who = posting::standing(c, &row, &folded, account.as_ref())?;
            if !who.can_read(which) {
                return Err(AppError::Forbidden);
            }
            let reader = posting::Reader {
                who: &who,
                account: account.as_ref().map(|a| a.id),
                locked: folded.thread_locked,
            };
            posting::thread_posts(c, &row, which, page, &reader, Bodies::All)
        })
        .await?;
    let list: Vec<Value> = posts.iter().map(posting::post_json).collect();
    let page = shown_page(page, total, crate::db::queries::forum::POSTS_PER_PAGE);
    Ok(HttpResponse::Ok().json(json!({"posts": list, "total": total, "page": page})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGamePost {
    body: String,
}

#[post("/games/{id}/threads/{kind}")]
async fn api_thread_post(
    user: GameApiUser,
    state: web::Data<AppState>,
    path: web::Path<(i64, String)>,
    body: web::Json<NewGamePost>,
) -> Result<HttpResponse, AppError> {
    let (game_id, kind) = path.into_inner();
    let which = GameThread::parse(&kind).ok_or(AppError::NotFound)?;
    let account = in_game(user, game_id)?;
    let floor = posting::post(&state, &account, game_id, which, &body.body).await?;
    Ok(HttpResponse::Created().json(json!({"floor": floor})))
}

/// Edits one's own post in a game thread, as the seat (or the judge).
#[patch("/games/{id}/threads/{kind}/posts/{floor}")]
async fn api_thread_edit(
    user: GameApiUser,
    state: web::Data<AppState>,
    path: web::Path<(i64, String, i64)>,
    body: web::Json<NewGamePost>,
) -> Result<HttpResponse, AppError> {
    let (game_id, kind, floor) = path.into_inner();
    let which = GameThread::parse(&kind).ok_or(AppError::NotFound)?;
    let account = in_game(user, game_id)?;
    posting::edit(&state, &account, game_id, which, floor, &body.body).await?;
    Ok(HttpResponse::Ok().json(json!({"ok": true})))
}

/// Every version of a game post, for every reader of its thread, named by the game ID.
#[get("/games/{id}/threads/{kind}/posts/{floor}/revisions")]
async fn api_thread_revisions(
    req: actix_web::HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(i64, String, i64)>,
) -> Result<HttpResponse, AppError> {
    let (game_id, kind, floor) = path.into_inner();
    let which = GameThread::parse(&kind).ok_or(AppError::NotFound)?;
    let account = reader(&req, game_id).await?;
    let (author, revisions) = state
        .db(move |c| {
            let (row, folded) = service::load(c, game_id)?;
            let who = posting::standing(c, &row, &folded, account.as_ref())?;
            posting::history(c, &row, &who, which, floor)
        })
        .await?;
    let list: Vec<Value> = revisions
        .iter()
        .map(|r| json!({"body": r.body, "created_at": service::iso(r.created_at)}))
        .collect();
    Ok(HttpResponse::Ok().json(json!({"author": author, "revisions": list})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AliasPassword {
    password: String,
}

/// The seat's owner sets the password of its game-ID login.
#[post("/games/{id}/alias")]
async fn api_set_alias(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    body: web::Json<AliasPassword>,
) -> Result<HttpResponse, AppError> {
    crate::forum::accounts::set_alias_password(&state, user.0.id, *id, &body.password).await?;
    Ok(HttpResponse::Ok().json(json!({"ok": true})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AliasLogin {
    game_id: String,
    password: String,
}

/// A token for a game ID and its own password; it reaches only this seat of this game.
#[post("/games/{id}/tokens")]
async fn api_alias_token(
    req: actix_web::HttpRequest,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    body: web::Json<AliasLogin>,
) -> Result<HttpResponse, AppError> {
    let address = crate::web::viewer::client_address(&req, &state.settings.trusted_proxies);
    let (user_id, scope) = crate::forum::accounts::authenticate_alias(
        &state,
        &address,
        *id,
        &body.game_id,
        &body.password,
    )
    .await?;
    // A game-ID login is its account's: its traces are the account's.
    let from = crate::web::device::api_sign_in(&req, &state);
    let token = crate::forum::accounts::issue_token(&state, user_id, Some(scope), &from).await?;
    Ok(HttpResponse::Ok().json(json!({"token": token})))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(api_create_game)
        .service(api_list_games)
        .service(api_signup)
        .service(api_rehost)
        .service(api_withdraw)
        .service(api_thread_edit)
        .service(api_thread_revisions)
        .service(api_start)
        .service(api_game)
        .service(api_me)
        .service(api_action)
        .service(api_resolve)
        .service(api_pass)
        .service(api_reveal)
        .service(api_audit)
        .service(api_thread)
        .service(api_thread_post)
        .service(api_set_alias)
        .service(api_alias_token);
}
