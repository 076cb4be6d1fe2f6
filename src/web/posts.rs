//! Editing one's own post, and the history of a post's versions (admins). Posts are named by
//! thread and floor.

use crate::db::queries::{forum, users};
use crate::forum::posting;
use crate::markdown;
use crate::web::error::AppError;
use crate::web::flash::{self, Flash};
use crate::web::pages::{PageCtx, TimeView};
use crate::web::state::AppState;
use crate::web::viewer::Viewer;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

#[derive(Template, WebTemplate)]
#[template(path = "posts/edit.html")]
struct EditPage {
    page: PageCtx,
    thread_id: i64,
    floor: i64,
    body: String,
    error: Option<String>,
}

pub struct RevisionView {
    pub number: usize,
    pub editor: String,
    pub at: TimeView,
    pub source: String,
    pub html: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "posts/history.html")]
struct HistoryPage {
    page: PageCtx,
    thread_id: i64,
    floor: i64,
    revisions: Vec<RevisionView>,
}

/// A post is named by its thread and floor (`/t/{thread}/{floor}/…`), never by its id: ids are
/// one sequence over every thread, hidden ones included.
#[get("/t/{thread}/{floor}/edit")]
async fn edit_form(
    viewer: Viewer,
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
) -> Result<EditPage, AppError> {
    let account = viewer.require()?.clone();
    let (thread_id, floor) = path.into_inner();
    let (post, _) = state
        .db(move |c| posting::editable(c, thread_id, floor, account.id, account.is_admin()))
        .await?;
    let flash = flash::take(&state, &viewer, &edit_path(thread_id, floor)).await?;
    Ok(EditPage {
        page: viewer.page(),
        thread_id,
        floor,
        body: match &flash {
            Some(f) => f.field("body").to_string(),
            None => post.body,
        },
        error: flash.and_then(|f| f.error_for("")),
    })
}

fn edit_path(thread_id: i64, floor: i64) -> String {
    format!("/t/{thread_id}/{floor}/edit")
}

#[derive(Deserialize)]
pub struct EditForm {
    csrf: String,
    body: String,
}

#[post("/t/{thread}/{floor}/edit")]
async fn edit(
    viewer: Viewer,
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
    form: web::Form<EditForm>,
) -> Result<HttpResponse, AppError> {
    viewer.check_csrf(&form.csrf)?;
    let account = viewer.require()?;
    let (thread_id, floor) = path.into_inner();
    match posting::edit(&state, account, thread_id, floor, &form.body).await {
        Ok(()) => Ok(crate::web::threads::see_post(thread_id, floor)),
        Err(e) if flash::shown_at_form(&e) => {
            let f = Flash::refusal("", e.message(&viewer.tr)).with("body", &form.body);
            flash::redirect(&state, &viewer, &edit_path(thread_id, floor), f).await
        }
        Err(e) => Err(e),
    }
}

/// Every version of a forum post (admins). Game posts are never edited, and their author is a
/// game ID whose account must stay hidden (an admin may be playing): none here.
#[get("/t/{thread}/{floor}/history")]
async fn history(
    viewer: Viewer,
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
) -> Result<HistoryPage, AppError> {
    viewer.require_admin()?;
    let (thread_id, floor) = path.into_inner();
    let (revisions, names) = state
        .db(move |c| {
            let (post, _) = posting::forum_post(c, thread_id, floor)?;
            let revs = forum::revisions(c, post.id)?;
            let ids: Vec<i64> = revs.iter().map(|r| r.editor_id).collect();
            let names = users::names(c, &ids)?;
            Ok((revs, names))
        })
        .await?;
    Ok(HistoryPage {
        page: viewer.page(),
        thread_id,
        floor,
        revisions: revisions
            .into_iter()
            .enumerate()
            .map(|(i, r)| RevisionView {
                number: i + 1,
                editor: names.get(&r.editor_id).cloned().unwrap_or_default(),
                at: TimeView::new(r.created_at),
                html: markdown::render(&r.body),
                source: r.body,
            })
            .collect(),
    })
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(edit_form).service(edit).service(history);
}
