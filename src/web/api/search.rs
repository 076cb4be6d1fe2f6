//! `GET /api/v1/search?q=`: the search of `/search` as JSON (docs/search.md). Anyone may call
//! it, with or without a token: what a search finds is the same for every reader.
//!
//! `{"hits": [{"thread", "floor", "title", "snippet"}], "page", "more"}`: `thread` is the
//! thread's id and `floor` the post's (its permalink is `/t/{thread}/{floor}`); `title` the
//! thread's title as its page shows it, in the request's language; `snippet` HTML, the post's
//! plain text around the first match HTML-escaped, each match in `<mark>`. No author.

use crate::app::AppState;
use crate::error::AppError;
use crate::forum::search::{self, Query};
use crate::i18n::Tr;
use crate::web::pages::page_param;
use crate::web::search::{SearchParams, hit_title, refused};
use actix_web::{HttpRequest, HttpResponse, get, web};
use serde_json::{Value, json};

#[get("/search")]
async fn api_search(
    req: HttpRequest,
    state: web::Data<AppState>,
    params: web::Query<SearchParams>,
) -> Result<HttpResponse, AppError> {
    let params = params.into_inner();
    let tr = Tr::new(crate::web::viewer::lang_of(&req));
    // Unlike the page, which shows its form, an empty query is a 400 here.
    let query =
        Query::parse(params.q.as_deref().unwrap_or_default()).map_err(|e| refused(&tr, e))?;
    let results = search::search(&state, &query, page_param(params.page)).await?;
    let hits: Vec<Value> = results
        .hits
        .iter()
        .map(|h| {
            json!({"thread": h.thread_id, "floor": h.floor, "title": hit_title(&tr, h),
                   "snippet": h.snippet})
        })
        .collect();
    Ok(HttpResponse::Ok().json(json!({"hits": hits, "page": results.page, "more": results.more})))
}

/// The path above, for `openapi.json`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(api_search);
}
