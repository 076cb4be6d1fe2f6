use super::{ApiUser, bearer_token};
use crate::app::AppState;
use crate::error::AppError;
use crate::forum::accounts as service;
use crate::game::service::iso;
use crate::web::viewer::client_address;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use serde::Deserialize;
use serde_json::{Value, json};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    username: String,
    password: String,
}

/// `POST /api/v1/accounts` → `201 {"username"}`; `409` when taken.
#[post("/accounts")]
async fn api_create_account(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<Credentials>,
) -> Result<HttpResponse, AppError> {
    let address = client_address(&req, &state.settings.trusted_proxies);
    let user = service::register(&state, &address, &body.username, &body.password).await?;
    Ok(HttpResponse::Created().json(json!({"username": user.username})))
}

/// `POST /api/v1/tokens` → `{"token"}`; `401` on a wrong password.
#[post("/tokens")]
async fn api_issue_token(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<Credentials>,
) -> Result<HttpResponse, AppError> {
    let address = client_address(&req, &state.settings.trusted_proxies);
    let user = service::authenticate(&state, &address, &body.username, &body.password).await?;
    let from = crate::web::device::api_sign_in(&req, &state);
    let token = service::issue_token(&state, user.id, None, &from).await?;
    Ok(HttpResponse::Ok().json(json!({"token": token})))
}

/// `GET /api/v1/tokens`: the caller's unrevoked tokens, newest first, by public id (never the
/// secret or its hash); `current` marks the one this request came with.
#[get("/tokens")]
async fn api_list_tokens(
    req: HttpRequest,
    user: ApiUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let current = bearer_token(&req);
    let rows = service::tokens(&state, user.0.id, current.as_deref()).await?;
    let list: Vec<Value> = rows
        .into_iter()
        .map(|t| {
            json!({"id": t.id, "created_at": iso(t.created_at),
                   "last_used_at": t.last_used_at.map(iso), "game": t.game_id,
                   "current": t.current})
        })
        .collect();
    Ok(HttpResponse::Ok().json(json!({"tokens": list})))
}

/// `DELETE /api/v1/tokens/{id}`: revokes one of the caller's tokens (the calling one too);
/// 404 for an unknown, foreign or already revoked id.
#[delete("/tokens/{id}")]
async fn api_revoke_token(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    service::revoke_token(&state, user.0.id, id.into_inner()).await?;
    Ok(HttpResponse::Ok().json(json!({"ok": true})))
}

/// The caller's live browser sessions (their ids stay on the server).
#[get("/account/sessions")]
async fn api_sessions(user: ApiUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let rows = service::live_sessions(&state, user.0.id).await?;
    let list: Vec<Value> = rows
        .into_iter()
        .map(|s| {
            json!({"created_at": iso(s.created_at), "last_seen_at": s.last_seen_at.map(iso),
                   "game": s.game_id})
        })
        .collect();
    Ok(HttpResponse::Ok()
        .json(json!({"sessions": list, "idle_days": state.settings.session_idle_days})))
}

/// Sign out everywhere: every session and every token of the account end, this one included.
#[post("/account/sign-out-everywhere")]
async fn api_sign_out_everywhere(
    user: ApiUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let (sessions, tokens) = service::sign_out_everywhere(&state, user.0.id).await?;
    Ok(HttpResponse::Ok().json(json!({"sessions": sessions, "tokens": tokens})))
}

/// `GET /api/v1/admin/accounts/{name}/links` (admins): the accounts sharing a network or a
/// browser with `name`'s within the last 30 days, as its admin page lists them.
#[get("/admin/accounts/{name}/links")]
async fn api_account_links(
    user: ApiUser,
    state: web::Data<AppState>,
    name: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    if !user.0.is_admin() || user.0.is_alias() {
        return Err(AppError::Forbidden);
    }
    let found = service::links_of(&state, user.0.id, &name).await?;
    let list: Vec<Value> = found
        .links
        .into_iter()
        .map(|(username, kinds)| json!({"username": username, "kinds": kinds}))
        .collect();
    Ok(HttpResponse::Ok().json(json!({"username": found.user.username, "links": list})))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(api_account_links)
        .service(api_create_account)
        .service(api_issue_token)
        .service(api_list_tokens)
        .service(api_revoke_token)
        .service(api_sessions)
        .service(api_sign_out_everywhere);
}
