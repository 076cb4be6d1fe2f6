//! The game page's "Watch this game" and "Stop watching" buttons (issue 41): a signed-in
//! account without a seat watches a running game and reads its spectators' thread. Each
//! answers with a redirect to the game page, a refusal shown on top of it.

use super::see_other;
use crate::app::AppState;
use crate::error::AppError;
use crate::game::spectators;
use crate::web::flash::{self, Flash};
use crate::web::posted::{NoFields, Posted};
use actix_web::{HttpResponse, post, web};

#[post("/games/{id}/watch")]
pub async fn watch(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, .. }: Posted<NoFields>,
) -> Result<HttpResponse, AppError> {
    let game_id = *id;
    match spectators::set_watching(&state, viewer.require()?, game_id, true).await {
        // Straight to what watching opens.
        Ok(()) => Ok(see_other(&format!("/games/{game_id}/threads/spectators"))),
        Err(e) => refused(&state, &viewer, game_id, e).await,
    }
}

#[post("/games/{id}/unwatch")]
pub async fn unwatch(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, .. }: Posted<NoFields>,
) -> Result<HttpResponse, AppError> {
    let game_id = *id;
    match spectators::set_watching(&state, viewer.require()?, game_id, false).await {
        Ok(()) => Ok(see_other(&format!("/games/{game_id}"))),
        Err(e) => refused(&state, &viewer, game_id, e).await,
    }
}

/// A refusal the reader can act on goes back to the game page, said on top of it; anything
/// else is the error page.
async fn refused(
    state: &AppState,
    viewer: &crate::web::viewer::Viewer,
    game_id: i64,
    e: AppError,
) -> Result<HttpResponse, AppError> {
    match e {
        AppError::Conflict(_) | AppError::TooFast(_) => {
            let f = Flash::refusal("", e.message(&viewer.tr));
            flash::redirect(state, viewer, &format!("/games/{game_id}"), f).await
        }
        e => Err(e),
    }
}
