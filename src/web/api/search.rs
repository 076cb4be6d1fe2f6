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
pub(super) fn paths() -> Value {
    json!({
        "/search": {"get": {
            "summary": "Full-text search over the boards and game threads (docs/search.md), newest post first, 20 hits a page. Every word of `q` must appear in the post (case-insensitively, as a substring: Chinese is matched as typed; words of one or two characters too). Never a post of a game's team thread or graveyard before the game's reveal (for anyone, admins included), of a deleted thread, or a hidden post; a hit names no author",
            "parameters": [
                {"name": "q", "in": "query", "required": true, "schema": {"type": "string", "minLength": 1, "maxLength": 200},
                 "description": "words separated by spaces, at most 8"},
                {"name": "page", "in": "query", "schema": {"type": "integer", "minimum": 1}}
            ],
            "responses": {
                "200": {"description": "{\"hits\": [{\"thread\", \"floor\", \"title\", \"snippet\"}], \"page\", \"more\"}: `thread` the thread's id, `floor` the post's floor in it (permalink /t/{thread}/{floor}); `title` the thread's title as its page shows it, in the request's language; `snippet` HTML: about 80 characters (at most 300) of the post's plain text around its first match, HTML-escaped, each match wrapped in <mark>; `more` whether a next page has hits",
                        "content": {"application/json": {"schema": {"type": "object", "required": ["hits", "page", "more"], "properties": {
                            "hits": {"type": "array", "items": {"type": "object", "required": ["thread", "floor", "title", "snippet"], "additionalProperties": false, "properties": {
                                "thread": {"type": "integer"}, "floor": {"type": "integer"}, "title": {"type": "string"}, "snippet": {"type": "string"}}}},
                            "page": {"type": "integer"}, "more": {"type": "boolean"}}}}}},
                "400": {"description": "an empty query, one longer than 200 characters or of more than 8 words, or an unknown query field (bad_request); a query string that is not UTF-8 (query_not_utf8)",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
            }
        }}
    })
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(api_search);
}
