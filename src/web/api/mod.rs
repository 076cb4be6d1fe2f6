//! The JSON API under `/api/v1` (../shared/spec/api.md). Bearer tokens, no CSRF.

mod accounts;
mod calendar;
pub mod console;
mod forum;
mod games;
mod leaderboard;
mod mail;
mod me;
mod moderation;
mod notes;
mod openapi;
mod replay;
mod search;
mod setups;
mod spectators;
mod votes;

use crate::app::AppState;
use crate::auth::account::Account;
use crate::error::AppError;
use crate::forum::accounts as service;
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use std::future::Future;
use std::pin::Pin;

/// The account behind `Authorization: Bearer TOKEN`. A game-ID token is refused here: it
/// reaches only its own game's endpoints, through [`GameApiUser`].
pub struct ApiUser(pub Account);

/// The account behind a bearer token, game-ID tokens included (games' endpoints check
/// `Account::reaches_game`).
pub struct GameApiUser(pub Account);

/// The token of `Authorization: Bearer TOKEN`, if any.
pub(crate) fn bearer_token(req: &HttpRequest) -> Option<String> {
    req.headers()
        .get(actix_web::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|t| t.trim().to_string())
}

async fn bearer(req: &HttpRequest) -> Result<Account, AppError> {
    let state = req
        .app_data::<web::Data<AppState>>()
        .cloned()
        .ok_or_else(|| AppError::Internal("no app state".into()))?;
    let token = bearer_token(req).ok_or(AppError::Unauthorized)?;
    let found = service::user_of_token(&state, &token).await?;
    let account = state
        .db(move |c| crate::auth::account::account_for(c, found))
        .await?
        .ok_or(AppError::Unauthorized)?;
    // Every write with a token passes the suspension's guard (`web::suspended`).
    crate::web::suspended::refuse(&state, req, &account).await?;
    Ok(account)
}

impl FromRequest for GameApiUser {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<GameApiUser, AppError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { bearer(&req).await.map(GameApiUser) })
    }
}

impl FromRequest for ApiUser {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<ApiUser, AppError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let account = bearer(&req).await?;
            if account.is_alias() {
                return Err(AppError::Forbidden);
            }
            Ok(ApiUser(account))
        })
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/api/v1")
            .configure(accounts::configure)
            .configure(calendar::configure)
            .configure(forum::configure)
            .configure(games::configure)
            .configure(leaderboard::configure)
            .configure(mail::configure)
            .configure(me::configure)
            .configure(moderation::configure)
            .configure(notes::configure)
            .configure(console::configure)
            .configure(openapi::configure)
            .configure(replay::configure)
            .configure(search::configure)
            .configure(setups::configure)
            .configure(votes::configure)
            .configure(spectators::configure)
            // Last: every path under /api/v1 that no endpoint took (404, or 405 with Allow).
            .service(crate::web::fallback()),
    );
}
