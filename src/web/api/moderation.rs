//! Moderation over JSON (docs/moderation.md): report a post, the admins' queue and its
//! resolution, hide a post (and restore it), suspend an account (and lift it).

use super::{ApiUser, GameApiUser};
use crate::app::AppState;
use crate::error::AppError;
use crate::forum::moderation::{self as service, Resolution};
use actix_web::{HttpResponse, delete, get, post, web};
use serde::Deserialize;
use serde_json::{Value, json};

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

/// The OpenAPI entries of these routes (`GET /api/v1/openapi.json`).
pub(super) fn paths() -> Value {
    let bearer = json!([{"bearer": []}]);
    let error = |d: &str| {
        json!({"description": d,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}})
    };
    let ok = |d: &str| json!({"description": d, "content": {"application/json": {"schema": {"type": "object"}}}});
    let body = |schema: Value| json!({"required": true, "content": {"application/json": {"schema": schema}}});
    let reason = json!({"type": "object", "required": ["reason"], "additionalProperties": false,
        "properties": {"reason": {"type": "string", "minLength": 1, "maxLength": 500}}});
    let suspended = "suspended: {\"error\":\"suspended\",\"until\",\"reason\"}";
    json!({
        "/threads/{id}/posts/{floor}/report": {"post": {
            "summary": "Report a post to the admins (any account that can read it; one open report per post and account; rate limited like posts)",
            "security": bearer, "requestBody": body(reason.clone()),
            "responses": {"201": ok("{\"ok\":true}"), "400": error("reason_empty, reason_too_long or unknown_field"),
                          "403": error(&format!("cannot read the thread, or {suspended}")), "404": error("no such thread or floor"),
                          "409": error("already_reported, already_hidden or system_post"), "429": error("rate limited")}}},
        "/threads/{id}/posts/{floor}/hide": {"post": {
            "summary": "Hide a post with a reason (admins; a game's judge in its threads): its text leaves every page, feed and search; the audit log keeps it",
            "security": bearer, "requestBody": body(reason.clone()),
            "responses": {"200": ok("{\"ok\":true}"), "400": error("reason_empty, reason_too_long or unknown_field"),
                          "403": error("not a moderator of this thread (answered before the floor is looked up)"),
                          "404": error("no such thread or floor"), "409": error("already_hidden or system_post")}}},
        "/threads/{id}/posts/{floor}/unhide": {"post": {
            "summary": "Restore a hidden post with a reason (the moderators who may hide it): its text is back on every page, feed and search; the audit log records it",
            "security": bearer, "requestBody": body(reason),
            "responses": {"200": ok("{\"ok\":true}"), "400": error("reason_empty, reason_too_long or unknown_field"),
                          "403": error(&format!("not a moderator of this thread (answered before the floor is looked up), or {suspended}")),
                          "404": error("no such thread or floor"), "409": error("not_hidden or system_post")}}},
        "/admin/reports": {"get": {
            "summary": "The open reports, oldest first (admins); a game post's author and a seated reporter are shown by game ID",
            "security": bearer,
            "responses": {"200": ok("{\"reports\":[{\"id\",\"thread\",\"floor\",\"reason\",\"reporter\",\"author\",\"excerpt\",\"hidden\",\"created_at\"}]}"),
                          "403": error("not an admin")}}},
        "/admin/reports/{id}/resolve": {"post": {
            "summary": "Resolve an open report (admins): dismiss it, or hide its post with a reason",
            "security": bearer,
            "requestBody": body(json!({"type": "object", "required": ["action"], "additionalProperties": false,
                "properties": {"action": {"enum": ["dismiss", "hide"]}, "reason": {"type": "string", "maxLength": 500}}})),
            "responses": {"200": ok("{\"ok\":true}"), "400": error("resolution_unknown, reason_empty or unknown_field"),
                          "403": error("not an admin"), "404": error("no such report"), "409": error("report_resolved")}}},
        "/accounts/{name}/suspend": {
            "post": {"summary": "Suspend an account for 1 to 3650 days (admins): it may read, not post, act or sign up until then, and is told why and until when",
                "security": bearer,
                "requestBody": body(json!({"type": "object", "required": ["days", "reason"], "additionalProperties": false,
                    "properties": {"days": {"type": "integer", "minimum": 1, "maximum": 3650},
                                   "reason": {"type": "string", "minLength": 1, "maxLength": 500}}})),
                "responses": {"200": ok("{\"ok\":true,\"until\"}"), "400": error("days_out_of_range, reason_empty or unknown_field"),
                              "403": error("not an admin"), "404": error("no such account"), "409": error("suspend_self")}},
            "delete": {"summary": "Lift an account's suspension (admins)", "security": bearer,
                "responses": {"200": ok("{\"ok\":true}"), "403": error("not an admin"),
                              "404": error("no such account"), "409": error("not_suspended")}}}
    })
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
