//! `/search?q=`: full-text search over the boards and game threads (docs/search.md), and the
//! search box every page's header carries. What may be found is the same for every reader
//! (`forum::search`): public threads, a game's private threads only after its reveal, and no
//! hit names an account. A search changes nothing, so its form is a GET.

use crate::app::AppState;
use crate::error::AppError;
use crate::forum::search::{self, Hit, Query, QueryError};
use crate::i18n::Tr;
use crate::web::accounts::render_with;
use crate::web::pages::{PageCtx, PageNumber, page_param};
use crate::web::viewer::Viewer;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

/// `?q=` and `?page=`; any other field is a 400.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchParams {
    pub q: Option<String>,
    pub page: Option<PageNumber>,
}

/// A hit as the page lists it.
pub struct HitView {
    /// The post's permalink (`/t/{thread}/{floor}`), which leads to the page of its thread
    /// where it stands: a forum thread's, or its game's page of that thread.
    pub href: String,
    pub title: String,
    pub floor: i64,
    /// Escaped text with `<mark>`s, made by [`search::snippet`].
    pub snippet: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "search.html")]
struct SearchPage {
    page: PageCtx,
    /// The query as typed (empty: the form alone).
    query: String,
    hits: Vec<HitView>,
    /// Whether a search was made (a query was given).
    searched: bool,
    /// Why the query was refused (too long, too many words), said above the kept query.
    error: Option<String>,
    shown: i64,
    previous: Option<String>,
    next: Option<String>,
}

/// The refusal of a query, in the reader's language (400).
pub fn refused(tr: &Tr, e: QueryError) -> AppError {
    AppError::BadRequest(tr.t(e.message_key()))
}

/// A hit's title as the thread's page shows it: a game thread's is "<game> · <which thread>".
pub fn hit_title(tr: &Tr, hit: &Hit) -> String {
    crate::web::boards::thread_title(tr, &hit.thread_kind, &hit.title)
}

/// The link to page `page` of the results for `query`.
fn page_href(query: &str, page: i64) -> String {
    let q: String = url::form_urlencoded::byte_serialize(query.as_bytes()).collect();
    format!("/search?q={q}&page={page}")
}

#[get("/search")]
async fn show(
    viewer: Viewer,
    state: web::Data<AppState>,
    params: web::Query<SearchParams>,
) -> Result<HttpResponse, AppError> {
    let params = params.into_inner();
    let tr = viewer.tr;
    let raw = params.q.unwrap_or_default();
    let mut view = SearchPage {
        page: viewer.page(),
        query: raw.clone(),
        hits: Vec::new(),
        searched: false,
        error: None,
        shown: 1,
        previous: None,
        next: None,
    };
    let query = match Query::parse(&raw) {
        Ok(q) => q,
        // No query: the form alone.
        Err(QueryError::Empty) => return Ok(render_with(view, StatusCode::OK)),
        // Said on the page, the query kept in its box to be shortened (a 400 all the same).
        Err(e) => {
            view.error = Some(tr.t(e.message_key()));
            return Ok(render_with(view, StatusCode::BAD_REQUEST));
        }
    };
    let results = search::search(&state, &query, page_param(params.page)).await?;
    view.searched = true;
    view.shown = results.page;
    view.previous = (results.page > 1).then(|| page_href(&raw, results.page - 1));
    view.next = results.more.then(|| page_href(&raw, results.page + 1));
    view.hits = results
        .hits
        .iter()
        .map(|h| HitView {
            href: format!("/t/{}/{}", h.thread_id, h.floor),
            title: hit_title(&tr, h),
            floor: h.floor,
            snippet: h.snippet.clone(),
        })
        .collect();
    Ok(render_with(view, StatusCode::OK))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(show);
}
