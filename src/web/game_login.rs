//! The text's way of playing: a login for a game ID with its own password, whose session sees
//! only that seat of that game (the account behind it stays hidden even from the browser).

use crate::app::AppState;
use crate::db::queries::games;
use crate::error::AppError;
use crate::forum::accounts as service;
use crate::web::flash::{self, Flash};
use crate::web::pages::PageCtx;
use crate::web::posted::Posted;
use crate::web::viewer::Viewer;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

#[derive(Template, WebTemplate)]
#[template(path = "alias/login.html")]
struct LoginPage {
    page: PageCtx,
    game: i64,
    title: String,
    game_name: String,
    error: Option<String>,
}

#[derive(Template, WebTemplate)]
#[template(path = "alias/set.html")]
struct SetPage {
    page: PageCtx,
    game: i64,
    title: String,
    game_name: String,
    error: Option<String>,
    done: bool,
}

async fn title_of(state: &AppState, game_id: i64) -> Result<String, AppError> {
    state
        .db(move |c| Ok(games::get(c, game_id)?.map(|g| g.title)))
        .await?
        .ok_or(AppError::NotFound)
}

#[get("/games/{id}/login")]
async fn login_form(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<LoginPage, AppError> {
    let flash = flash::take(&state, &viewer, &format!("/games/{}/login", *id)).await?;
    Ok(LoginPage {
        title: title_of(&state, *id).await?,
        page: viewer.page(),
        game: *id,
        game_name: flash
            .as_ref()
            .map(|f| f.field("game_id").to_string())
            .unwrap_or_default(),
        error: flash.and_then(|f| f.error_for("")),
    })
}

#[derive(Deserialize)]
pub struct LoginForm {
    game_id: String,
    password: String,
}

#[post("/games/{id}/login")]
async fn login(
    req: actix_web::HttpRequest,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, form }: Posted<LoginForm>,
) -> Result<HttpResponse, AppError> {
    let game_id = *id;
    match service::authenticate_alias(
        &state,
        &viewer.address,
        game_id,
        &form.game_id,
        &form.password,
    )
    .await
    {
        Ok((user_id, scope)) => {
            // A game-ID login is its account's: its traces are the account's.
            let (from, device) = crate::web::device::page_sign_in(&req, &state);
            let sid = service::open_session(&state, user_id, Some(scope), &from).await?;
            viewer.sign_in(&sid)?;
            crate::web::device::with_device(
                flash::see_other(&format!("/games/{game_id}/seat")),
                device,
            )
        }
        Err(e @ (AppError::BadCredentials | AppError::RateLimited)) => {
            // The game ID as typed comes back; never the password. The form asks for a game
            // ID, not a user name: say so.
            let message = match e {
                AppError::BadCredentials => viewer.tr.t("alias-bad-credentials"),
                ref other => other.message(&viewer.tr),
            };
            let f = Flash::refusal("", message).with("game_id", &form.game_id);
            flash::redirect(&state, &viewer, &format!("/games/{game_id}/login"), f).await
        }
        Err(e) => Err(e),
    }
}

/// The seat's own game ID (the account must be seated; a game-ID login may not change it).
async fn my_game_name(
    viewer: &Viewer,
    state: &AppState,
    game_id: i64,
) -> Result<(i64, String), AppError> {
    let account = viewer.require()?;
    let user_id = account.id;
    let name = state
        .db(move |c| Ok(games::seat_of(c, game_id, user_id)?))
        .await?
        .ok_or(AppError::Conflict("not_seated"))?
        .1;
    Ok((user_id, name))
}

#[get("/games/{id}/alias")]
async fn set_form(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<SetPage, AppError> {
    let (_, game_name) = my_game_name(&viewer, &state, *id).await?;
    let flash = flash::take(&state, &viewer, &format!("/games/{}/alias", *id)).await?;
    Ok(SetPage {
        title: title_of(&state, *id).await?,
        page: viewer.page(),
        game: *id,
        game_name,
        done: flash.as_ref().is_some_and(|f| f.ok),
        error: flash.and_then(|f| f.error_for("")),
    })
}

#[derive(Deserialize)]
pub struct SetForm {
    password: String,
}

#[post("/games/{id}/alias")]
async fn set(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, form }: Posted<SetForm>,
) -> Result<HttpResponse, AppError> {
    let game_id = *id;
    let (user_id, _) = my_game_name(&viewer, &state, game_id).await?;
    let result = service::set_alias_password(&state, user_id, game_id, &form.password).await;
    let f = match result {
        Ok(()) => Flash::notice(viewer.tr.t("alias-set-done")),
        Err(e) if !flash::shown_at_form(&e) => return Err(e),
        Err(e) => Flash::refusal("", e.message(&viewer.tr)),
    };
    flash::redirect(&state, &viewer, &format!("/games/{game_id}/alias"), f).await
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(login_form)
        .service(login)
        .service(set_form)
        .service(set);
}
