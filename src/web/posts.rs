//! Editing one's own post, and the history of a post's versions (admins). Posts are named by
//! thread and floor.

use crate::app::AppState;
use crate::db::queries::{forum, users};
use crate::error::AppError;
use crate::forum::{posting, render};
use crate::markdown::Images;
use crate::web::flash::{self, Flash};
use crate::web::pages::{PageCtx, TimeView};
use crate::web::posted::Posted;
use crate::web::viewer::Viewer;
use actix_web::{Either, HttpResponse, get, post, web};
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

impl EditPage {
    fn edit_action(&self) -> String {
        format!("/t/{}/{}/edit", self.thread_id, self.floor)
    }

    fn edit_hint(&self) -> &'static str {
        "edit-hint"
    }
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

/// A game thread's post tools live on the game's pages, which decide who may read and write
/// there (as the game ID): `Some(redirect)` for a game thread. The floor is not looked up, so a
/// private thread answers alike whether it exists.
async fn to_game_page(
    state: &AppState,
    thread_id: i64,
    floor: i64,
    tool: &str,
) -> Result<Option<HttpResponse>, AppError> {
    let thread = state
        .db(move |c| Ok(forum::thread(c, thread_id)?))
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(match (posting::is_forum_thread(&thread), thread.game_id) {
        (false, Some(game_id)) => Some(
            HttpResponse::SeeOther()
                .insert_header((
                    "Location",
                    format!("/games/{game_id}/threads/{}/{floor}/{tool}", thread.kind),
                ))
                .finish(),
        ),
        _ => None,
    })
}

/// A post is named by its thread and floor (`/t/{thread}/{floor}/…`), never by its id: ids are
/// one sequence over every thread, hidden ones included.
#[get("/t/{thread}/{floor}/edit")]
async fn edit_form(
    viewer: Viewer,
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
) -> Result<Either<EditPage, HttpResponse>, AppError> {
    let (thread_id, floor) = path.into_inner();
    if let Some(to) = to_game_page(&state, thread_id, floor, "edit").await? {
        return Ok(Either::Right(to));
    }
    let account = viewer.require()?.clone();
    let (post, _) = state
        .db(move |c| posting::editable(c, thread_id, floor, account.id, account.is_admin()))
        .await?;
    let flash = flash::take(&state, &viewer, &edit_path(thread_id, floor)).await?;
    Ok(Either::Left(EditPage {
        page: viewer.page(),
        thread_id,
        floor,
        body: match &flash {
            Some(f) => f.field("body").to_string(),
            None => post.body,
        },
        error: flash.and_then(|f| f.error_for("")),
    }))
}

fn edit_path(thread_id: i64, floor: i64) -> String {
    format!("/t/{thread_id}/{floor}/edit")
}

#[derive(Deserialize)]
pub struct EditForm {
    body: String,
}

#[post("/t/{thread}/{floor}/edit")]
async fn edit(
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
    Posted { viewer, form }: Posted<EditForm>,
) -> Result<HttpResponse, AppError> {
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

/// Every version of a forum post (admins). A game post's history is on the game's pages, for
/// every reader of its thread and named by the game ID: its account must stay hidden (an admin
/// may be playing), so none here.
#[get("/t/{thread}/{floor}/history")]
async fn history(
    viewer: Viewer,
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
) -> Result<Either<HistoryPage, HttpResponse>, AppError> {
    let (thread_id, floor) = path.into_inner();
    if let Some(to) = to_game_page(&state, thread_id, floor, "history").await? {
        return Ok(Either::Right(to));
    }
    viewer.require_admin()?;
    let (revisions, names) = state
        .db(move |c| {
            let (post, _) = posting::forum_post(c, thread_id, floor)?;
            let revs = forum::revisions(c, post.id)?;
            let ids: Vec<i64> = revs.iter().map(|r| r.editor_id).collect();
            let names = users::names(c, &ids)?;
            Ok((revs, names))
        })
        .await?;
    Ok(Either::Left(HistoryPage {
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
                html: render::shown(r.html, r.html_version, "user", &r.body, Images::Links),
                source: r.body,
            })
            .collect(),
    }))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(edit_form).service(edit).service(history);
}
