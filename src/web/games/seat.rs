//! A seat's private page (its own account only) and its action forms, which become the parsed
//! action handed to `service::submit` (exactly the one the replay/API action object parses to):
//! one page for every variant (`seat_page`), whose forms post to [`act`], which turns the fields
//! into the action once, through the variant's action forms and parser
//! (`rules::form_to_action`); no action object passes through the shell.

use super::seat_page::{self, SeatPage};
use crate::app::AppState;
use crate::db::queries::games;
use crate::error::AppError;
use crate::game::service;
use crate::rules::CONFIRM_FIELD;
use crate::web::flash::{self, Flash};
use crate::web::posted::Posted;
use crate::web::viewer::Viewer;
use actix_web::{HttpResponse, get, post, web};

#[get("/games/{id}/seat")]
pub async fn show(
    viewer: Viewer,
    state: web::Data<AppState>,
    kept: web::Data<crate::game::snapshot::Snapshots>,
    id: web::Path<i64>,
) -> Result<SeatPage, AppError> {
    let account = viewer.require_in_game(*id)?;
    let (view, public) = seat_page::read(&state, account, *id).await?;
    let variant = public.variant;
    let (page, ctx) = seat_page::page(&state, &kept, &viewer, variant, view, public).await?;
    let f = flash::take(&state, &viewer, &seat_path(*id)).await?;
    Ok(page.with_flash(f, &ctx))
}

fn seat_path(game_id: i64) -> String {
    format!("/games/{game_id}/seat")
}

/// The shell's own fields of an action form, besides the variant's: the CSRF token, the
/// action `type` and the `step` (phase) the page made the form for.
const SHELL_FIELDS: [&str; 3] = ["csrf", "type", "step"];

#[post("/games/{id}/actions")]
pub async fn act(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted {
        viewer,
        form: posted,
    }: Posted<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let shell = |name: &str| {
        posted
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .ok_or_else(|| AppError::BadRequest(name.to_string()))
    };
    let kind = shell("type")?;
    // Every seat form carries the step it was made for. One without it (a page made before
    // forms did) means step 0, before any: stale, so nothing is counted and the form comes back.
    let meant = shell("step")
        .ok()
        .and_then(|s| s.parse::<u32>().ok())
        .unwrap_or(0);
    let account = viewer.require_in_game(*id)?;
    let game_id = *id;
    let tr = viewer.tr;
    let to = seat_path(game_id);
    let variant = state
        .db(move |c| games::get(c, game_id)?.ok_or(AppError::NotFound))
        .await
        .and_then(|row| crate::game::stored::variant_of(&row))?;
    let fields: Vec<(&str, &str)> = posted
        .iter()
        .filter(|(n, _)| !SHELL_FIELDS.contains(&n.as_str()))
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    // A refusal goes back to the seat page with the form's own fields refilled (never the
    // confirmation: an irreversible form is ticked again on purpose).
    let form = variant.action_form(kind);
    let refused = |text: String| {
        fields
            .iter()
            .filter(|(n, _)| *n != CONFIRM_FIELD && form.is_some_and(|f| f.field(n).is_some()))
            .fold(Flash::refusal(kind, text), |f, (n, v)| f.with(n, v))
    };
    let action = match crate::rules::form_to_action(variant, kind, &fields) {
        Ok(action) => action,
        // Nothing is submitted: the page comes back with the reason, as for any refused form.
        Err(e) => {
            let f = refused(seat_page::form_error_text(&tr, &e));
            return flash::redirect(&state, &viewer, &to, f).await;
        }
    };
    let f = match service::submit(&state, account, game_id, Ok(action), Some(meant)).await {
        Ok(o) => match o.result {
            Ok(reply) => Flash::notice(tr.say(&variant.reply(&reply))),
            Err(refusal) => refused(tr.say(&variant.refusal(refusal.error))),
        },
        // No seat, no game: nothing to show the form on.
        Err(e @ (AppError::Conflict("not_seated" | "game_not_started") | AppError::NotFound)) => {
            return Err(e);
        }
        // Made in a step that has ended: nothing counted; the form comes back, drawn for the
        // step open now, with what was picked kept where it still fits.
        Err(AppError::Conflict("already_resolved")) => refused(tr.t("seat-stale-form")),
        // Refused before the rules (too many a minute, the game paused): the form comes back.
        Err(e) if flash::shown_at_form(&e) => refused(e.message(&tr)),
        Err(e) => return Err(e),
    };
    flash::redirect(&state, &viewer, &to, f).await
}
