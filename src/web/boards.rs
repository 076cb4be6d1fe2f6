//! The board index and a board's thread list, with the new-thread form.

use crate::app::AppState;
use crate::db::queries::{forum, users};
use crate::error::AppError;
use crate::forum::posting;
use crate::web::flash::{self, Flash};
use crate::web::pages::{PageCtx, PageNumber, Pager, TimeView, page_param};
use crate::web::posted::Posted;
use crate::web::viewer::Viewer;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;
use std::collections::HashMap;

pub struct BoardRow {
    pub slug: String,
    pub title: String,
    pub description: String,
    pub threads: i64,
}

#[derive(Template, WebTemplate)]
#[template(path = "boards/index.html")]
struct IndexPage {
    page: PageCtx,
    boards: Vec<BoardRow>,
}

pub struct ThreadRow {
    pub id: i64,
    pub title: String,
    pub author: String,
    pub posts: i64,
    pub last_post_at: TimeView,
    pub locked: bool,
    /// Posts the reader has not seen (only for signed-in readers who opened it before).
    pub unread: bool,
}

#[derive(Template, WebTemplate)]
#[template(path = "boards/board.html")]
struct BoardPage {
    page: PageCtx,
    slug: String,
    title: String,
    description: String,
    threads: Vec<ThreadRow>,
    pager: Pager,
    form_title: String,
    form_body: String,
    /// The new-thread form's one-time token.
    once: String,
    error: Option<String>,
}

/// A board's title as the reader reads it: the games board, made by the system, in the reader's
/// language (unless an admin renamed it); any other as its admin wrote it.
pub fn board_title(tr: &crate::i18n::Tr, slug: &str, title: &str) -> String {
    if slug == forum::GAMES_BOARD
        && (title == forum::GAMES_BOARD_TITLE || title == forum::GAMES_BOARD_TITLE_OLD)
    {
        tr.t("games-board-title")
    } else {
        title.to_string()
    }
}

/// The Chinese suffixes the system once stored in the titles of game threads ("… · 报名"); new
/// threads are titled with the game's title alone.
const OLD_SUFFIXES: [&str; 4] = [" · 报名", " · 游戏帖", " · 墓地", " · 联手"];

/// Whether threads of `kind` belong to a game (their titles are the game's, and pages say
/// which thread it is): sign-up, game, graveyard, spectators, and each variant's team thread.
fn is_game_thread(kind: &str) -> bool {
    matches!(kind, "signup" | "game" | "graveyard" | "spectators")
        || crate::rules::Variant::all()
            .iter()
            .any(|v| v.team_threads().contains(&kind))
}

/// A thread's title as the reader reads it: a game's thread is "<game> · <which thread>" in
/// the reader's language (`thread-suffix-<kind>`); any other as its author wrote it.
pub fn thread_title(tr: &crate::i18n::Tr, kind: &str, title: &str) -> String {
    if !is_game_thread(kind) {
        return title.to_string();
    }
    let game = OLD_SUFFIXES
        .iter()
        .find_map(|s| title.strip_suffix(s))
        .unwrap_or(title);
    tr.t1(&format!("thread-suffix-{kind}"), "title", &game)
}

#[get(
    "/",
    wrap = "actix_web::middleware::from_fn(crate::web::page_cache::anonymous)",
    wrap = "actix_web::middleware::from_fn(crate::web::conditional::etag)"
)]
async fn index(viewer: Viewer, state: web::Data<AppState>) -> Result<IndexPage, AppError> {
    let boards = state.db(|c| Ok(forum::boards(c)?)).await?;
    let tr = viewer.tr;
    Ok(IndexPage {
        page: viewer.page(),
        boards: boards
            .into_iter()
            .map(|b| BoardRow {
                threads: b.listed_threads,
                title: board_title(&tr, &b.slug, &b.title),
                slug: b.slug,
                description: b.description,
            })
            .collect(),
    })
}

#[derive(Deserialize)]
pub struct PageQuery {
    page: Option<PageNumber>,
}

struct BoardData {
    board: crate::db::models::Board,
    threads: Vec<ThreadRow>,
    total: i64,
}

async fn load_board(
    state: &AppState,
    slug: String,
    page: i64,
    reader: Option<i64>,
    tr: crate::i18n::Tr,
) -> Result<BoardData, AppError> {
    let reads = state.reads.clone();
    state
        .db(move |c| {
            let board = forum::board_by_slug(c, &slug)?.ok_or(AppError::NotFound)?;
            let (threads, total) = forum::threads_of_board(c, &board, page)?;
            let ids: Vec<i64> = threads.iter().map(|t| t.id).collect();
            let authors: Vec<i64> = threads.iter().map(|t| t.author_id).collect();
            let names = users::names(c, &authors)?;
            let marks = match reader {
                Some(r) => {
                    // Marks moved lately may not be written yet (`forum::read_marks`).
                    let mut marks = forum::read_marks(c, r, &ids)?;
                    reads.overlay(r, &mut marks, &ids);
                    marks
                }
                None => HashMap::new(),
            };
            let rows = threads
                .into_iter()
                .map(|t| {
                    // The thread row keeps its post count and newest post: no count here.
                    let (posts, last) = (t.last_floor, t.last_post_id);
                    let unread = match (reader, last) {
                        (Some(_), Some(last)) => marks.get(&t.id).is_none_or(|seen| *seen < last),
                        _ => false,
                    };
                    ThreadRow {
                        id: t.id,
                        author: names.get(&t.author_id).cloned().unwrap_or_default(),
                        title: thread_title(&tr, &t.kind, &t.title),
                        posts,
                        last_post_at: TimeView::new(t.last_post_at),
                        locked: t.locked,
                        unread,
                    }
                })
                .collect();
            Ok(BoardData {
                board,
                threads: rows,
                total,
            })
        })
        .await
}

fn board_page(viewer: &Viewer, data: BoardData, page: i64) -> BoardPage {
    let slug = data.board.slug.clone();
    let shown: Vec<(i64, i64)> = data.threads.iter().map(|t| (t.id, t.posts)).collect();
    let once =
        crate::web::posted::form_once(&viewer.csrf, &format!("b{slug}:{}:{shown:?}", data.total));
    let mut ctx = viewer.page();
    ctx.feed = Some(format!("/b/{slug}/feed.atom"));
    BoardPage {
        page: ctx,
        pager: Pager::new(
            page,
            data.total,
            forum::THREADS_PER_PAGE,
            format!("/b/{slug}?"),
        ),
        slug,
        title: board_title(&viewer.tr, &data.board.slug, &data.board.title),
        description: data.board.description,
        threads: data.threads,
        form_title: String::new(),
        form_body: String::new(),
        once,
        error: None,
    }
}

#[get(
    "/b/{slug}",
    wrap = "actix_web::middleware::from_fn(crate::web::page_cache::anonymous)",
    wrap = "actix_web::middleware::from_fn(crate::web::conditional::etag)"
)]
async fn show_board(
    viewer: Viewer,
    state: web::Data<AppState>,
    slug: web::Path<String>,
    q: web::Query<PageQuery>,
) -> Result<BoardPage, AppError> {
    let page = page_param(q.page);
    let reader = viewer.require().ok().map(|a| a.id);
    let slug = slug.into_inner();
    let flash = flash::take(&state, &viewer, &format!("/b/{slug}")).await?;
    let data = load_board(&state, slug, page, reader, viewer.tr).await?;
    let mut view = board_page(&viewer, data, page);
    if let Some(f) = flash {
        view.form_title = f.field("title").to_string();
        view.form_body = f.field("body").to_string();
        view.error = f.error_for("");
    }
    Ok(view)
}

#[derive(Deserialize)]
pub struct NewThreadForm {
    title: String,
    body: String,
    /// The form's one-time token: the same form sent twice makes one thread.
    once: Option<String>,
}

#[post("/b/{slug}/threads")]
async fn create_thread(
    state: web::Data<AppState>,
    slug: web::Path<String>,
    Posted { viewer, form }: Posted<NewThreadForm>,
) -> Result<HttpResponse, AppError> {
    let account = viewer.require()?;
    let slug = slug.into_inner();
    match posting::create_thread(
        &state,
        account,
        &slug,
        &form.title,
        &form.body,
        posting::Once(form.once.as_deref()),
    )
    .await
    {
        Ok(id) => Ok(HttpResponse::SeeOther()
            .insert_header(("Location", format!("/t/{id}")))
            .finish()),
        Err(e) if flash::shown_at_form(&e) => {
            // Keep what was typed: back to the board with the form filled in.
            let f = Flash::refusal("", e.message(&viewer.tr))
                .with("title", &form.title)
                .with("body", &form.body);
            let to = format!("/b/{}#new-thread", local_slug(&slug));
            flash::redirect(&state, &viewer, &to, f).await
        }
        Err(e) => Err(e),
    }
}

/// A slug as a path segment (a refused form may name a board that does not exist).
fn local_slug(slug: &str) -> String {
    url::form_urlencoded::byte_serialize(slug.as_bytes()).collect()
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(index)
        .service(show_board)
        .service(create_thread);
}
