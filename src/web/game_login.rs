//! The text's way of playing: a login for a game ID with its own password, whose session sees
//! only that seat of that game (the account behind it stays hidden even from the browser).

use crate::db::queries::games;
use crate::forum::accounts as service;
use crate::web::accounts::render_with;
use crate::web::error::AppError;
use crate::web::pages::PageCtx;
use crate::web::state::AppState;
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
    Ok(LoginPage {
        title: title_of(&state, *id).await?,
        page: viewer.page(),
        game: *id,
        game_name: String::new(),
        error: None,
    })
}

#[derive(Deserialize)]
pub struct LoginForm {
    csrf: String,
    game_id: String,
    password: String,
}

#[post("/games/{id}/login")]
async fn login(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    form: web::Form<LoginForm>,
) -> Result<HttpResponse, AppError> {
    viewer.check_csrf(&form.csrf)?;
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
            let sid = service::open_session(&state, user_id, Some(scope)).await?;
            viewer.sign_in(&sid)?;
            Ok(HttpResponse::SeeOther()
                .insert_header(("Location", format!("/games/{game_id}/seat")))
                .finish())
        }
        Err(e @ (AppError::BadCredentials | AppError::RateLimited)) => {
            let page = LoginPage {
                title: title_of(&state, game_id).await?,
                // The form asks for a game ID, not a user name: say so.
                error: Some(match e {
                    AppError::BadCredentials => viewer.tr.t("alias-bad-credentials"),
                    ref other => other.message(&viewer.tr),
                }),
                page: viewer.page(),
                game: game_id,
                game_name: form.game_id.clone(),
            };
            Ok(render_with(page, actix_web::ResponseError::status_code(&e)))
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
    Ok(SetPage {
        title: title_of(&state, *id).await?,
        page: viewer.page(),
        game: *id,
        game_name,
        error: None,
        done: false,
    })
}

#[derive(Deserialize)]
pub struct SetForm {
    csrf: String,
    password: String,
}

#[post("/games/{id}/alias")]
async fn set(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    form: web::Form<SetForm>,
) -> Result<HttpResponse, AppError> {
    viewer.check_csrf(&form.csrf)?;
    let game_id = *id;
    let (user_id, game_name) = my_game_name(&viewer, &state, game_id).await?;
    let result = service::set_alias_password(&state, user_id, game_id, &form.password).await;
    let (error, status) = match &result {
        Ok(()) => (None, actix_web::http::StatusCode::OK),
        Err(AppError::Internal(_)) => return result.map(|_| HttpResponse::Ok().finish()),
        Err(e) => (
            Some(e.message(&viewer.tr)),
            actix_web::ResponseError::status_code(e),
        ),
    };
    let page = SetPage {
        title: title_of(&state, game_id).await?,
        page: viewer.page(),
        game: game_id,
        game_name,
        done: error.is_none(),
        error,
    };
    Ok(render_with(page, status))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(login_form)
        .service(login)
        .service(set_form)
        .service(set);
}
