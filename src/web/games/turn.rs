//! The "过" button: the seat whose turn it is to speak ends its turn (CL-5), from the banner
//! every game page shows it. Answers with a redirect to the game thread, where the next turn's
//! post now stands.

use super::see_other;
use crate::app::AppState;
use crate::error::AppError;
use crate::game::service;
use crate::web::flash::{self, Flash};
use crate::web::posted::Posted;
use actix_web::{HttpResponse, post, web};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PassForm {
    /// The phase (its step) the seat means: a page left open since an earlier turn ends none.
    step: u32,
}

#[post("/games/{id}/pass")]
pub async fn pass(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, form }: Posted<PassForm>,
) -> Result<HttpResponse, AppError> {
    let game_id = *id;
    let account = viewer.require_in_game(game_id)?;
    // A page past the last shows the last: where the post of the next turn now stands.
    let to = format!("/games/{game_id}/threads/game?page={}", i64::MAX);
    match service::end_turn(&state, account, game_id, form.step).await {
        Ok(_) => Ok(see_other(&to)),
        Err(e @ AppError::Conflict(_)) => {
            let f = Flash::refusal("reply", e.message(&viewer.tr));
            flash::redirect(&state, &viewer, &to, f).await
        }
        Err(e) => Err(e),
    }
}
