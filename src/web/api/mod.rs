//! The JSON API under `/api/v1` (../shared/spec/api.md). Bearer tokens, no CSRF.

mod accounts;
mod forum;
mod games;
mod openapi;

use crate::db::models::User;
use crate::forum::accounts as service;
use crate::web::error::AppError;
use crate::web::state::AppState;
use crate::web::viewer::Account;
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use std::future::Future;
use std::pin::Pin;

/// The account behind `Authorization: Bearer TOKEN`.
pub struct ApiUser(pub Account);

impl ApiUser {
    fn from_user(u: &User) -> ApiUser {
        ApiUser(Account::from_user(u))
    }
}

impl FromRequest for ApiUser {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<ApiUser, AppError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let token = req
            .headers()
            .get(actix_web::http::header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(|t| t.trim().to_string());
        Box::pin(async move {
            let state = state.ok_or_else(|| AppError::Internal("no app state".into()))?;
            let token = token.ok_or(AppError::Unauthorized)?;
            let user = service::user_of_token(&state, &token)
                .await?
                .ok_or(AppError::Unauthorized)?;
            Ok(ApiUser::from_user(&user))
        })
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/api/v1")
            .configure(accounts::configure)
            .configure(forum::configure)
            .configure(games::configure)
            .configure(openapi::configure),
    );
}
