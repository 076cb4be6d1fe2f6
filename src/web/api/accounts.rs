use crate::forum::accounts as service;
use crate::web::error::AppError;
use crate::web::state::AppState;
use crate::web::viewer::client_address;
use actix_web::{HttpRequest, HttpResponse, post, web};
use serde::Deserialize;
use serde_json::json;

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
    let address = client_address(&req, state.settings.trust_proxy);
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
    let address = client_address(&req, state.settings.trust_proxy);
    let user = service::authenticate(&state, &address, &body.username, &body.password).await?;
    let token = service::issue_token(&state, user.id, None).await?;
    Ok(HttpResponse::Ok().json(json!({"token": token})))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(api_create_account).service(api_issue_token);
}
