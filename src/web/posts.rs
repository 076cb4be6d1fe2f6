//! Editing one's own post, and the history of a post's versions (admins).

use crate::db::queries::{forum, users};
use crate::forum::posting;
use crate::markdown;
use crate::web::accounts::render_with;
use crate::web::error::AppError;
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
    post_id: i64,
    thread_id: i64,
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
    post_id: i64,
    thread_id: i64,
    revisions: Vec<RevisionView>,
}

#[get("/p/{id}/edit")]
async fn edit_form(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<EditPage, AppError> {
    let account = viewer.require()?.clone();
    let post_id = *id;
    let (post, _) = state
        .db(move |c| posting::editable(c, post_id, account.id, account.is_admin()))
        .await?;
    Ok(EditPage {
        page: viewer.page(),
        post_id,
        thread_id: post.thread_id,
        body: post.body,
        error: None,
    })
}

#[derive(Deserialize)]
pub struct EditForm {
    csrf: String,
    body: String,
}

#[post("/p/{id}/edit")]
async fn edit(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    form: web::Form<EditForm>,
) -> Result<HttpResponse, AppError> {
    viewer.check_csrf(&form.csrf)?;
    let account = viewer.require()?;
    let post_id = *id;
    match posting::edit(&state, account, post_id, &form.body).await {
        Ok(thread_id) => crate::web::threads::see_post(&state, thread_id, post_id).await,
        Err(e @ (AppError::Input(_) | AppError::Conflict(_))) => {
            let thread_id = state
                .db(move |c| Ok(forum::post(c, post_id)?.map(|p| p.thread_id)))
                .await?
                .unwrap_or_default();
            let page = EditPage {
                error: Some(e.message(&viewer.tr)),
                page: viewer.page(),
                post_id,
                thread_id,
                body: form.body.clone(),
            };
            Ok(render_with(page, actix_web::ResponseError::status_code(&e)))
        }
        Err(e) => Err(e),
    }
}

#[get("/p/{id}/history")]
async fn history(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HistoryPage, AppError> {
    viewer.require_admin()?;
    let post_id = *id;
    let (post, revisions, names) = state
        .db(move |c| {
            let post = forum::post(c, post_id)?.ok_or(AppError::NotFound)?;
            let revs = forum::revisions(c, post_id)?;
            let ids: Vec<i64> = revs.iter().map(|r| r.editor_id).collect();
            let names = users::names(c, &ids)?;
            Ok((post, revs, names))
        })
        .await?;
    Ok(HistoryPage {
        page: viewer.page(),
        post_id,
        thread_id: post.thread_id,
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
