//! Moderation over JSON (docs/moderation.md): report a post, the admins' queue and its
//! resolution, hide a post (and restore it), suspend an account (and lift it).

use super::{ApiUser, GameApiUser};
use crate::app::AppState;
use crate::error::AppError;
use crate::moderation::{self as service, Resolution};
use actix_web::{HttpResponse, delete, get, post, web};
use serde::Deserialize;
use serde_json::json;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reason {
    reason: String,
}

/// Any account that can read the post; a game-ID token in its own game.
#[post("/threads/{id}/posts/{floor}/report")]
async fn api_report(
    user: GameApiUser,
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
    body: web::Json<Reason>,
) -> Result<HttpResponse, AppError> {
    let (thread_id, floor) = path.into_inner();
    service::report(&state, &user.0, thread_id, floor, &body.reason).await?;
    Ok(HttpResponse::Created().json(json!({"ok": true})))
}

#[post("/threads/{id}/posts/{floor}/hide")]
async fn api_hide(
    user: ApiUser,
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
    body: web::Json<Reason>,
) -> Result<HttpResponse, AppError> {
    let (thread_id, floor) = path.into_inner();
    service::hide(&state, &user.0, thread_id, floor, &body.reason).await?;
    Ok(HttpResponse::Ok().json(json!({"ok": true})))
}

/// Restores a hidden post: the same moderators as hide.
#[post("/threads/{id}/posts/{floor}/unhide")]
async fn api_unhide(
    user: ApiUser,
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
    body: web::Json<Reason>,
) -> Result<HttpResponse, AppError> {
    let (thread_id, floor) = path.into_inner();
    service::unhide(&state, &user.0, thread_id, floor, &body.reason).await?;
    Ok(HttpResponse::Ok().json(json!({"ok": true})))
}

#[get("/admin/reports")]
async fn api_reports(user: ApiUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let admin = user.0;
    let entries = state.db(move |c| service::queue(c, &admin)).await?;
    let list: Vec<_> = entries
        .into_iter()
        .map(|e| {
            json!({
                "id": e.id, "thread": e.thread_id, "floor": e.floor, "reason": e.reason,
                "reporter": e.reporter, "author": e.author, "excerpt": e.excerpt,
                "hidden": e.hidden, "created_at": crate::game::service::iso(e.created_at),
            })
        })
        .collect();
    Ok(HttpResponse::Ok().json(json!({"reports": list})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Resolve {
    action: String,
    reason: Option<String>,
}

#[post("/admin/reports/{id}/resolve")]
async fn api_resolve(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    body: web::Json<Resolve>,
) -> Result<HttpResponse, AppError> {
    if !user.0.is_admin() {
        return Err(AppError::Forbidden);
    }
    let action = Resolution::parse(&body.action)?;
    service::resolve(&state, &user.0, *id, action, body.reason.as_deref()).await?;
    Ok(HttpResponse::Ok().json(json!({"ok": true})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Suspend {
    days: i64,
    reason: String,
}

#[post("/accounts/{name}/suspend")]
async fn api_suspend(
    user: ApiUser,
    state: web::Data<AppState>,
    name: web::Path<String>,
    body: web::Json<Suspend>,
) -> Result<HttpResponse, AppError> {
    let until = service::suspend(&state, &user.0, &name, body.days, &body.reason).await?;
    Ok(HttpResponse::Ok().json(json!({"ok": true, "until": crate::game::service::iso(until)})))
}

#[delete("/accounts/{name}/suspend")]
async fn api_lift(
    user: ApiUser,
    state: web::Data<AppState>,
    name: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    service::lift(&state, &user.0, &name).await?;
    Ok(HttpResponse::Ok().json(json!({"ok": true})))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(api_report)
        .service(api_hide)
        .service(api_unhide)
        .service(api_reports)
        .service(api_resolve)
        .service(api_suspend)
        .service(api_lift);
}
