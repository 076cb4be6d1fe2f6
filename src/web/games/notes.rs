//! The seat page's notes box (issue 41): `POST /games/{id}/notes` writes one of the seat's
//! private notes and goes back to the seat page (post/redirect/get), the text kept and the
//! reason said when it is refused.

use crate::app::AppState;
use crate::error::AppError;
use crate::game::notes;
use crate::web::flash::{self, Flash};
use crate::web::posted::Posted;
use actix_web::{HttpResponse, post, web};
use serde::Deserialize;

/// The notes form's name in a flash: the seat page shows its outcome by the box.
pub const FORM: &str = "note";

#[derive(Deserialize)]
pub struct NoteForm {
    body: String,
}

#[post("/games/{id}/notes")]
pub async fn write(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, form }: Posted<NoteForm>,
) -> Result<HttpResponse, AppError> {
    let game_id = *id;
    let account = viewer.require_in_game(game_id)?;
    let to = format!("/games/{game_id}/seat#notes");
    let tr = viewer.tr;
    let f = match notes::write(&state, account, game_id, &form.body).await {
        Ok(_) => Flash {
            form: FORM.to_string(),
            ..Flash::notice(tr.t("notes-saved"))
        },
        // No seat, no game: no page to bring the text back to (the seat page's own answers).
        Err(e @ (AppError::Conflict("not_seated" | "game_not_started") | AppError::NotFound)) => {
            return Err(e);
        }
        // The text is not lost: the seat page comes back with it in the box, and why.
        Err(e) if flash::shown_at_form(&e) => Flash::refusal(FORM, e.message(&tr))
            .with("body", &form.body)
            .about("body"),
        Err(e) => return Err(e),
    };
    flash::redirect(&state, &viewer, &to, f).await
}
