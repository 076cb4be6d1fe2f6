//! The signed-in account over JSON: its password, its notifications and their switches; public
//! profiles; an admin's export of a game's log. The same services as the pages.

use super::{ApiUser, GameApiUser};
use crate::app::AppState;
use crate::db::queries::{games, users};
use crate::domain::GameStatus;
use crate::domain::account::name_key;
use crate::error::AppError;
use crate::forum::accounts as service;
use crate::notify::{self, store};
use crate::web::notifications::describe;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use serde::Deserialize;
use serde_json::{Value, json};

fn iso(t: chrono::NaiveDateTime) -> String {
    crate::game::service::iso(t)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PasswordChange {
    old_password: String,
    new_password: String,
}

/// Changes the password; every browser session and every other token of the account ends,
/// and the token that asked stays valid (as the page keeps the browser that asked).
#[post("/account/password")]
async fn api_change_password(
    req: HttpRequest,
    user: ApiUser,
    state: web::Data<AppState>,
    body: web::Json<PasswordChange>,
) -> Result<HttpResponse, AppError> {
    let token = super::bearer_token(&req).ok_or(AppError::Unauthorized)?;
    service::change_password(
        &state,
        user.0.id,
        service::Keep::Token(token),
        &body.old_password,
        &body.new_password,
    )
    .await?;
    Ok(HttpResponse::Ok().json(json!({"ok": true})))
}

/// Newest first, each with a sentence in the reader's language and a link; a game-ID token sees
/// only its own game's. No row id: notifications are one sequence over every account, and the
/// answers to other seats' actions take ids too, so gaps would count secret submissions.
#[get("/notifications")]
async fn api_notifications(
    req: HttpRequest,
    user: GameApiUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let (id, scope) = (user.0.id, user.0.scope.map(|s| s.game_id));
    let rows = state
        .db(move |c| Ok(store::list(c, id, scope, 100)?))
        .await?;
    let tr = crate::i18n::Tr::new(crate::web::viewer::lang_of(&req));
    let list: Vec<Value> = rows
        .iter()
        .map(|r| {
            let (text, href) = describe(&tr, r);
            // A row of a kind's old name answers the kind's name now (`notify::renamed`).
            let kind = notify::kind_named(&r.kind).unwrap_or(r.kind.as_str());
            json!({"kind": kind, "text": text, "href": href,
                   "created_at": iso(r.created_at), "read": r.read_at.is_some()})
        })
        .collect();
    Ok(HttpResponse::Ok().json(json!({"notifications": list})))
}

#[post("/notifications/read")]
async fn api_notifications_read(
    user: GameApiUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let (id, scope) = (user.0.id, user.0.scope.map(|s| s.game_id));
    let n = notify::mark_read(&state, id, scope, None).await?;
    Ok(HttpResponse::Ok().json(json!({"marked": n})))
}

/// Which kinds are on: `GET` reads, `POST {"kind": bool, …}` sets (unknown kinds are refused; a
/// kind's old name is taken for it, deprecated, and answers use the name now).
#[get("/account/notifications")]
async fn api_prefs(user: ApiUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    prefs_of(&state, user.0.id).await
}

async fn prefs_of(state: &AppState, id: i64) -> Result<HttpResponse, AppError> {
    let off = state.db(move |c| Ok(store::disabled_kinds(c, id)?)).await?;
    let map: serde_json::Map<String, Value> = notify::KINDS
        .iter()
        .map(|k| (k.to_string(), Value::Bool(!off.iter().any(|o| o == k))))
        .collect();
    Ok(HttpResponse::Ok().json(map))
}

#[post("/account/notifications")]
async fn api_set_prefs(
    user: ApiUser,
    state: web::Data<AppState>,
    body: web::Json<std::collections::HashMap<String, bool>>,
) -> Result<HttpResponse, AppError> {
    let changes = body.into_inner().into_iter().collect();
    notify::set_kinds(&state, user.0.id, changes).await?;
    prefs_of(&state, user.0.id).await
}

/// A public profile: name, role, joined, finished games (a running game's seats are secret).
#[get("/accounts/{name}")]
async fn api_profile(
    state: web::Data<AppState>,
    name: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let key = name_key(&name);
    let (user, played) = state
        .db(move |c| {
            let user = users::by_key(c, &key)?.ok_or(AppError::NotFound)?;
            let played = games::games_of(c, user.id)?;
            Ok((user, played))
        })
        .await?;
    let finished: Vec<Value> = played
        .into_iter()
        .filter(|g| g.status == GameStatus::Finished)
        .map(|g| json!({"id": g.id, "title": g.title}))
        .collect();
    Ok(
        HttpResponse::Ok().json(json!({"username": user.username, "role": user.role,
        "joined": iso(user.created_at), "finished_games": finished})),
    )
}

/// A player's record: finished games, wins, and by variant the games, wins and roles held
/// (`../shared/spec/api.md`). A running game counts nowhere: its seats are secret.
#[get("/players/{name}/record")]
async fn api_record(
    state: web::Data<AppState>,
    name: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let key = name_key(&name);
    let record = state
        .db(move |c| {
            let user = users::by_key(c, &key)?.ok_or(AppError::NotFound)?;
            crate::game::records::record_of(c, user.id)
        })
        .await?;
    Ok(HttpResponse::Ok().json(record))
}

/// A game's log as JSON Lines (admin), as `/admin/games/{id}/export.jsonl`.
#[get("/games/{id}/export")]
async fn api_export(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    if !user.0.is_admin() {
        return Err(AppError::Forbidden);
    }
    let (game_id, reader) = (*id, user.0.id);
    let body = state
        .db(move |c| crate::audit::export::export_jsonl(c, game_id, reader))
        .await?;
    Ok(HttpResponse::Ok()
        .content_type("application/x-ndjson; charset=utf-8")
        .body(body))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(api_change_password)
        .service(api_notifications)
        .service(api_notifications_read)
        .service(api_prefs)
        .service(api_set_prefs)
        .service(api_profile)
        .service(api_record)
        .service(api_export);
}
