//! A seat's private notes over JSON (issue 41): `POST /api/v1/games/{id}/notes` `{"body"}`
//! writes one (`201` with the note); the seat reads them back in `GET /api/v1/games/{id}/me`
//! (`notes`). The answers to a caller without a seat are the seat actions'.

use super::GameApiUser;
use crate::app::AppState;
use crate::error::AppError;
use crate::game::notes;
use actix_web::{HttpResponse, post, web};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewNote {
    body: String,
}

#[post("/games/{id}/notes")]
async fn api_note(
    user: GameApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    body: web::Json<NewNote>,
) -> Result<HttpResponse, AppError> {
    let game_id = *id;
    // A game-ID login reaches its own game only.
    if !user.0.reaches_game(game_id) {
        return Err(AppError::Forbidden);
    }
    let note = notes::write(&state, &user.0, game_id, &body.body).await?;
    Ok(HttpResponse::Created().json(note))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(api_note);
}
