//! `GET /api/v1/games/{id}/votes` (issue 41): each act's votes as the rules published them —
//! the ballots round by round in seat order, the tallies, the tie and the outcome — the same
//! for every reader (`game::votes`).

use crate::app::AppState;
use crate::error::AppError;
use crate::game::votes;
use actix_web::{HttpResponse, get, web};
use serde_json::json;

#[get(
    "/games/{id}/votes",
    wrap = "actix_web::middleware::from_fn(crate::web::page_cache::anonymous)",
    wrap = "actix_web::middleware::from_fn(crate::web::conditional::etag)"
)]
async fn api_votes(
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let game_id = *id;
    let v = state.db(move |c| votes::of_game(c, game_id)).await?;
    Ok(HttpResponse::Ok().json(json!({
        "id": v.id,
        "variant": v.variant,
        "act": v.act,
        "over": v.over,
        "published": v.history.published,
        "days": v.history.days,
    })))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(api_votes);
}
