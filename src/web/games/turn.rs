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
    let to = format!("/games/{game_id}/threads/game");
    match service::end_turn(&state, account, game_id, form.step).await {
        // To the post the turn's end made (the thread's newest), on its own page.
        Ok(_) => Ok(see_other(&newest_post(&state, game_id).await?)),
        Err(e @ AppError::Conflict(_)) => {
            let f = Flash::refusal("reply", e.message(&viewer.tr));
            flash::redirect(&state, &viewer, &to, f).await
        }
        Err(e) => Err(e),
    }
}

/// The game thread's newest post of game `game_id`, as a link: its page and its floor.
async fn newest_post(state: &AppState, game_id: i64) -> Result<String, AppError> {
    let floor = state
        .db(move |c| {
            let row = crate::db::queries::games::get(c, game_id)?.ok_or(AppError::NotFound)?;
            let Some(id) = row.game_thread_id else {
                return Ok(None);
            };
            Ok(crate::db::queries::forum::thread(c, id)?.map(|t| t.last_floor))
        })
        .await?;
    let base = format!("/games/{game_id}/threads/game");
    Ok(match floor {
        Some(floor) if floor > 0 => format!(
            "{base}?page={}#p{floor}",
            crate::db::queries::forum::page_of_floor(floor)
        ),
        _ => base,
    })
}
