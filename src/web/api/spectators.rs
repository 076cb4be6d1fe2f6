//! Watching a game over JSON (issue 41; ../shared/spec/api.md, "Setups and tables"): an
//! account without a seat watches a running game, and reads its spectators' thread through
//! `/api/v1/games/{id}/threads/spectators`. A game-ID token is refused (`ApiUser`).

use super::ApiUser;
use crate::app::AppState;
use crate::error::AppError;
use crate::game::spectators;
use actix_web::{HttpResponse, delete, get, post, web};
use serde_json::json;

/// The answer of every watch route: whether the caller watches now, and where the thread is.
fn answer(game_id: i64, watching: bool) -> HttpResponse {
    HttpResponse::Ok().json(json!({
        "ok": true,
        "watching": watching,
        "thread": format!("/api/v1/games/{game_id}/threads/spectators"),
    }))
}

#[post("/games/{id}/watch")]
async fn api_watch(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    spectators::set_watching(&state, &user.0, *id, true).await?;
    Ok(answer(*id, true))
}

#[delete("/games/{id}/watch")]
async fn api_unwatch(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    spectators::set_watching(&state, &user.0, *id, false).await?;
    Ok(answer(*id, false))
}

/// Whether the caller watches the game now.
#[get("/games/{id}/watch")]
async fn api_watching(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let watching = spectators::is_watching(&state, &user.0, *id).await?;
    Ok(answer(*id, watching))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(api_watch)
        .service(api_unwatch)
        .service(api_watching);
}
