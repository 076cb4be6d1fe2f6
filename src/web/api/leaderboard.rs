//! `GET /api/v1/leaderboard/{variant}`: a variant's board as JSON, every ranked player at once,
//! with the numbers the page rounds. Finished games only, as on the page.

use crate::app::AppState;
use crate::error::AppError;
use crate::game::ratings;
use crate::web::leaderboard::variant_named;
use actix_web::{HttpResponse, get, web};
use serde_json::json;

#[get("/leaderboard/{variant}")]
async fn api_leaderboard(
    state: web::Data<AppState>,
    name: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let variant = variant_named(&name)?;
    let players = state.db(move |c| ratings::every_line(c, variant)).await?;
    Ok(HttpResponse::Ok().json(json!({"variant": variant.name(), "players": players})))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(api_leaderboard);
}
