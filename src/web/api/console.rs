//! The judge's console over JSON: the open act's submissions, who owes, the preview, and the
//! judge's actions; the substitute list (替补).

use super::ApiUser;
use crate::app::AppState;
use crate::error::AppError;
use crate::game::console;
use crate::game::service::{iso, require_judge};
use crate::web::requests::{MeantAct, requested_deadline};
use actix_web::{HttpResponse, delete, get, post, web};
use serde::Deserialize;
use serde_json::json;

#[get("/games/{id}/console")]
async fn api_console(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let game_id = *id;
    require_judge(&state, &user.0, game_id).await?;
    let now = state.clock.now();
    let view = state
        .db(move |c| console::console_view(c, game_id, now))
        .await?;
    Ok(HttpResponse::Ok().json(view))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeadlineBody {
    /// The act whose deadline the judge means (required).
    act: u32,
    deadline: Option<String>,
    extend_minutes: Option<i64>,
}

#[post("/games/{id}/deadline")]
async fn api_deadline(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    body: web::Json<DeadlineBody>,
) -> Result<HttpResponse, AppError> {
    require_judge(&state, &user.0, *id).await?;
    let to = requested_deadline(&state, *id, body.deadline.as_deref(), body.extend_minutes).await?;
    let to = console::extend(&state, &user.0, *id, body.act, to).await?;
    Ok(HttpResponse::Ok().json(json!({"deadline": iso(to)})))
}

#[post("/games/{id}/pause")]
async fn api_pause(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    body: web::Json<MeantAct>,
) -> Result<HttpResponse, AppError> {
    let remaining = console::pause(&state, &user.0, *id, body.act).await?;
    Ok(HttpResponse::Ok().json(json!({"paused": true, "remaining_secs": remaining})))
}

#[post("/games/{id}/resume")]
async fn api_resume(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    body: web::Json<MeantAct>,
) -> Result<HttpResponse, AppError> {
    let deadline = console::resume(&state, &user.0, *id, body.act).await?;
    Ok(HttpResponse::Ok().json(json!({"paused": false, "deadline": iso(deadline)})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LockBody {
    locked: bool,
}

#[post("/games/{id}/lock")]
async fn api_lock(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    body: web::Json<LockBody>,
) -> Result<HttpResponse, AppError> {
    console::set_thread_lock(&state, &user.0, *id, body.locked).await?;
    Ok(HttpResponse::Ok().json(json!({"locked": body.locked})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndBody {
    /// The act the judge ends the game in (required).
    act: u32,
    reason: String,
    winner: Option<String>,
}

#[post("/games/{id}/end")]
async fn api_end(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    body: web::Json<EndBody>,
) -> Result<HttpResponse, AppError> {
    let b = body.into_inner();
    console::end(&state, &user.0, *id, b.act, &b.reason, b.winner).await?;
    Ok(HttpResponse::Ok().json(json!({"ok": true})))
}

#[post("/games/{id}/substitutes")]
async fn api_join_substitutes(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    console::set_substitute(&state, &user.0, *id, true).await?;
    Ok(HttpResponse::Ok().json(json!({"ok": true})))
}

#[delete("/games/{id}/substitutes")]
async fn api_leave_substitutes(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    console::set_substitute(&state, &user.0, *id, false).await?;
    Ok(HttpResponse::Ok().json(json!({"ok": true})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SubstituteBody {
    game_id: String,
    account: String,
}

#[post("/games/{id}/substitute")]
async fn api_substitute(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    body: web::Json<SubstituteBody>,
) -> Result<HttpResponse, AppError> {
    console::substitute(&state, &user.0, *id, &body.game_id, &body.account).await?;
    Ok(HttpResponse::Ok().json(json!({"ok": true})))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(api_console)
        .service(api_deadline)
        .service(api_pause)
        .service(api_resume)
        .service(api_lock)
        .service(api_end)
        .service(api_join_substitutes)
        .service(api_leave_substitutes)
        .service(api_substitute);
}
