//! `GET /api/v1/account/calendar` → `{"url"}`: the account's private deadline feed (the same
//! address every time, made the first time it is asked for), and `DELETE` to replace it.

use super::ApiUser;
use crate::app::AppState;
use crate::error::AppError;
use crate::game::calendar as service;
use crate::web::calendar::feed_url;
use actix_web::{HttpResponse, delete, get, web};
use serde_json::json;

#[get("/account/calendar")]
async fn api_calendar(user: ApiUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let token = service::token(&state, user.0.id).await?;
    Ok(HttpResponse::Ok().json(json!({"url": feed_url(&state, &token)})))
}

/// Revokes the feed's address at once (its old URL answers 404); the next `GET` gives a new one.
#[delete("/account/calendar")]
async fn api_revoke_calendar(
    user: ApiUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    service::revoke(&state, user.0.id).await?;
    Ok(HttpResponse::Ok().json(json!({"ok": true})))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(api_calendar).service(api_revoke_calendar);
}
