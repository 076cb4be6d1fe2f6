//! The board index and a board's thread list, with the new-thread form.

use crate::app::AppState;
use crate::db::queries::keyset::{Edges, Seek};
use crate::db::queries::{forum, users};
use crate::error::AppError;
use crate::forum::posting;
use crate::web::flash::{self, Flash};
use crate::web::pages::{PageCtx, PageNumber, Pager, TimeView, page_param, seek};
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
    /// "N posts" in the reader's language (worded once, with the kept list).
    pub posts_text: String,
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

/// A board page's query: a page number, and the key of the thread the page starts after or
/// before (links between pages carry it; `keyset`).
#[derive(Deserialize)]
pub struct PageQuery {
    page: Option<PageNumber>,
    after: Option<String>,
    before: Option<String>,
}

/// A board's page of threads as every reader sees it (no "new" marks): what is kept.
pub struct BoardList {
    board: crate::db::models::Board,
    threads: Vec<(ThreadRow, Option<i64>)>,
    total: i64,
    /// The keys of the links to the pages near this one, written out.
    edges: Edges<String>,
}

/// The kept lists of boards' pages (`web::listings`), by board id, page (`Seek::text`) and
/// language.
pub type BoardLists = crate::web::listings::Listings<(i64, String, crate::i18n::Lang), BoardList>;

/// The boards' ids by slug, learnt on first reading: a kept list's count is read before the
/// database, so the board's id must be known first.
#[derive(Default)]
pub struct BoardIds(std::sync::Mutex<HashMap<String, i64>>);

impl BoardIds {
    fn get(&self, slug: &str) -> Option<i64> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(slug)
            .copied()
    }

    fn learn(&self, slug: &str, id: i64) {
        let mut ids = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if ids.len() < 10_000 {
            ids.insert(slug.to_string(), id);
        }
    }
}

struct BoardData {
    list: std::sync::Arc<BoardList>,
    /// Each thread of the list the reader has posts to read in.
    unread: Vec<bool>,
}

/// The count a board's kept list is read under: its listed threads' changes and the accounts'
/// (an author's name).
fn list_epoch(board_id: i64) -> u64 {
    crate::db::epoch::board(board_id).wrapping_add(crate::db::epoch::accounts())
}

/// The page of threads of board `slug`, kept for every reader (issue 42: a board's page is read
/// once, not per view), with the reader's "new" marks read per request.
async fn load_board(
    state: &AppState,
    lists: &BoardLists,
    ids: &BoardIds,
    slug: String,
    seek: Seek<forum::ThreadKey>,
    reader: Option<i64>,
    tr: crate::i18n::Tr,
) -> Result<BoardData, AppError> {
    let board_id = match ids.get(&slug) {
        Some(id) => id,
        None => {
            let key = slug.clone();
            let board = state
                .db(move |c| forum::board_by_slug(c, &key)?.ok_or(AppError::NotFound))
                .await?;
            ids.learn(&slug, board.id);
            board.id
        }
    };
    let epoch = list_epoch(board_id);
    let kept_as = (board_id, seek.text(), tr.lang);
    let list = match lists.get(&kept_as, epoch) {
        Some(list) => list,
        None => {
            let list = state
                .db(move |c| {
                    let board = forum::board_by_slug(c, &slug)?.ok_or(AppError::NotFound)?;
                    let (read, total) = forum::threads_of_board(c, &board, &seek)?;
                    let threads = read.rows;
                    let authors: Vec<i64> = threads.iter().map(|t| t.author_id).collect();
                    let names = users::names(c, &authors)?;
                    let threads = threads
                        .into_iter()
                        .map(|t| {
                            let row = ThreadRow {
                                id: t.id,
                                author: names.get(&t.author_id).cloned().unwrap_or_default(),
                                title: thread_title(&tr, &t.kind, &t.title),
                                // The thread row keeps its post count: no count here.
                                posts: t.last_floor,
                                posts_text: tr.t1("board-post-count", "count", &t.last_floor),
                                last_post_at: TimeView::new(t.last_post_at),
                                locked: t.locked,
                                unread: false,
                            };
                            (row, t.last_post_id)
                        })
                        .collect();
                    Ok(BoardList {
                        board,
                        threads,
                        total,
                        edges: read.edges.encoded(),
                    })
                })
                .await?;
            if list.board.id != board_id {
                // The slug names another board now: learnt again, read next time.
                ids.learn(&list.board.slug, list.board.id);
                return Ok(unmarked(std::sync::Arc::new(list)));
            }
            lists.put(kept_as, epoch, list)
        }
    };
    let Some(reader) = reader else {
        return Ok(unmarked(list));
    };
    // The reader's marks known here (read or moved lately, `app::read_marks`), the rest from
    // the database, then known here too: a reader paging a board reads them once.
    let mut marks: HashMap<i64, i64> = HashMap::new();
    let mut unknown = Vec::new();
    for (t, _) in &list.threads {
        match state.reads.known(reader, t.id) {
            Some(Some(seen)) => {
                marks.insert(t.id, seen);
            }
            Some(None) => {}
            None => unknown.push(t.id),
        }
    }
    if !unknown.is_empty() {
        let reads = state.reads.clone();
        let read = state
            .db(move |c| {
                // Marks moved lately may not be written yet (`forum::read_marks`).
                let mut read = forum::read_marks(c, reader, &unknown)?;
                reads.overlay(reader, &mut read, &unknown);
                for t in &unknown {
                    reads.remember(reader, *t, read.get(t).copied());
                }
                Ok(read)
            })
            .await?;
        marks.extend(read);
    }
    let unread = list
        .threads
        .iter()
        .map(|(t, last)| last.is_some_and(|last| marks.get(&t.id).is_none_or(|seen| *seen < last)))
        .collect();
    Ok(BoardData { list, unread })
}

fn unmarked(list: std::sync::Arc<BoardList>) -> BoardData {
    BoardData {
        unread: vec![false; list.threads.len()],
        list,
    }
}

fn board_page(viewer: &Viewer, data: BoardData, page: i64) -> BoardPage {
    let list = &data.list;
    let slug = list.board.slug.clone();
    let shown: Vec<(i64, i64)> = list.threads.iter().map(|(t, _)| (t.id, t.posts)).collect();
    let once =
        crate::web::posted::form_once(&viewer.csrf, &format!("b{slug}:{}:{shown:?}", list.total));
    let mut ctx = viewer.page();
    ctx.feed = Some(format!("/b/{slug}/feed.atom"));
    let threads = list
        .threads
        .iter()
        .zip(&data.unread)
        .map(|((t, _), unread)| ThreadRow {
            id: t.id,
            title: t.title.clone(),
            author: t.author.clone(),
            posts: t.posts,
            posts_text: t.posts_text.clone(),
            last_post_at: t.last_post_at.clone(),
            locked: t.locked,
            unread: *unread,
        })
        .collect();
    BoardPage {
        page: ctx,
        pager: Pager::keyed(
            page,
            list.total,
            forum::THREADS_PER_PAGE,
            format!("/b/{slug}?"),
            &list.edges,
        ),
        slug,
        title: board_title(&viewer.tr, &list.board.slug, &list.board.title),
        description: list.board.description.clone(),
        threads,
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
    lists: web::Data<BoardLists>,
    ids: web::Data<BoardIds>,
    slug: web::Path<String>,
    q: web::Query<PageQuery>,
) -> Result<BoardPage, AppError> {
    let page = page_param(q.page);
    let seek = seek(q.page, q.after.as_deref(), q.before.as_deref())?;
    let reader = viewer.require().ok().map(|a| a.id);
    let slug = slug.into_inner();
    let flash = flash::take(&state, &viewer, &format!("/b/{slug}")).await?;
    let data = load_board(&state, &lists, &ids, slug, seek, reader, viewer.tr).await?;
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
