//! A thread: its posts (30 a page, optionally one author's only), reply and quote-reply,
//! moderation.

use crate::app::AppState;
use crate::db::models::{Board, Thread};
use crate::db::queries::{forum, users};
use crate::domain::account::name_key;
use crate::error::AppError;
use crate::forum::{posting, render};
use crate::markdown::{self, Images};
use crate::web::flash::{self, Flash};
use crate::web::pages::{PageCtx, PageNumber, Pager, TimeView, page_param};
use crate::web::posted::Posted;
use crate::web::viewer::Viewer;
use actix_web::{Either, HttpResponse, get, post, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

/// A post as the thread page shows it. It is named by its floor (anchors, quote, edit and
/// history links), never by its id, which counts posts in hidden threads too.
pub struct PostView {
    /// Floor number (楼层) in the whole thread.
    pub floor: i64,
    pub author: String,
    pub html: String,
    pub created_at: TimeView,
    pub edited: bool,
    pub unread: bool,
    pub can_edit: bool,
    /// Hidden by a moderator: the reason, shown in place of the text to every reader
    /// (docs/moderation.md).
    pub hidden: Option<String>,
}

#[derive(Template, WebTemplate)]
#[template(path = "threads/thread.html")]
struct ThreadPage {
    page: PageCtx,
    board_slug: String,
    board_title: String,
    thread_id: i64,
    title: String,
    locked: bool,
    posts: Vec<PostView>,
    pager: Pager,
    author_filter: Option<String>,
    can_reply: bool,
    reply_body: String,
    quote_floor: Option<i64>,
    error: Option<String>,
    /// A one-time note of the report form (sent, or why not).
    report_note: Option<String>,
    /// Signed in with an account: may report posts (docs/moderation.md).
    can_report: bool,
    /// An admin: may hide posts.
    can_moderate: bool,
}

#[derive(Deserialize)]
pub struct ThreadQuery {
    page: Option<PageNumber>,
    author: Option<String>,
    quote: Option<i64>,
}

struct ThreadData {
    board: Board,
    thread: Thread,
    posts: Vec<PostView>,
    total: i64,
    quote_text: Option<String>,
}

/// What a thread's address leads to.
enum Loaded {
    Forum(Box<ThreadData>),
    /// A game's thread (game id, thread kind): it lives on the game's pages.
    Game(i64, String),
}

/// Everything the thread page shows, read in one go (one trip to the database pool).
async fn load_thread(
    state: &AppState,
    viewer: &Viewer,
    thread_id: i64,
    page: i64,
    author: Option<String>,
    quote: Option<i64>,
) -> Result<Loaded, AppError> {
    let reader = viewer.require().ok().map(|a| a.id);
    state
        .db(move |c| {
            let thread = forum::thread(c, thread_id)?.ok_or(AppError::NotFound)?;
            if let (false, Some(game_id)) = (posting::is_forum_thread(&thread), thread.game_id) {
                return Ok(Loaded::Game(game_id, thread.kind));
            }
            if thread.deleted_at.is_some() {
                return Err(AppError::Gone);
            }
            if !posting::is_forum_thread(&thread) {
                // A game thread shows game IDs, and only to its readers: never here, where
                // authors are accounts (a refused reply to one used to list its posts).
                return Err(AppError::Conflict("game_thread"));
            }
            let board = forum::board_by_id(c, thread.board_id)?.ok_or(AppError::NotFound)?;
            let author_id = match &author {
                Some(name) => Some(forum::user_id_by_key(c, &name_key(name))?.unwrap_or(-1)),
                None => None,
            };
            let (posts, total) = forum::named_posts_page(
                c,
                &thread,
                author_id,
                page,
                forum::Bodies::UnlessRenderedBy(markdown::RENDER_VERSION),
            )?;
            let seen = match reader {
                Some(r) => forum::read_marks(c, r, &[thread_id])?
                    .get(&thread_id)
                    .copied(),
                None => None,
            };
            let mut views = Vec::with_capacity(posts.len());
            let last = posts.last().map(|(p, _)| p.id);
            for (mut p, author) in posts {
                views.push(PostView {
                    floor: p.floor,
                    author,
                    html: render::post_html(&mut p, Images::Links),
                    created_at: TimeView::new(p.created_at),
                    edited: p.edited_at.is_some(),
                    // A reader who never opened the thread sees nothing marked: all is new.
                    unread: matches!(seen, Some(s) if p.id > s),
                    can_edit: reader == Some(p.author_id) && p.hidden_at.is_none(),
                    hidden: p
                        .hidden_at
                        .map(|_| p.hidden_reason.clone().unwrap_or_default()),
                });
            }
            if let (Some(r), Some(last)) = (reader, last) {
                forum::mark_read(c, r, thread_id, last)?;
            }
            let quote_text = match quote {
                Some(q) => match forum::post_at(c, thread_id, q)? {
                    Some(p) => {
                        let who = users::names(c, &[p.author_id])?
                            .remove(&p.author_id)
                            .unwrap_or_default();
                        Some(markdown::quote(&who, &p.body))
                    }
                    _ => None,
                },
                None => None,
            };
            Ok(Loaded::Forum(Box::new(ThreadData {
                board,
                thread,
                posts: views,
                total,
                quote_text,
            })))
        })
        .await
}

fn thread_page(viewer: &Viewer, data: ThreadData, page: i64, author: Option<String>) -> ThreadPage {
    let base = match &author {
        Some(a) => format!(
            "/t/{}?author={}&",
            data.thread.id,
            url::form_urlencoded::byte_serialize(a.as_bytes()).collect::<String>()
        ),
        None => format!("/t/{}?", data.thread.id),
    };
    let moderator = viewer.page().is_admin();
    ThreadPage {
        page: viewer.page(),
        board_title: crate::web::boards::board_title(
            &viewer.tr,
            &data.board.slug,
            &data.board.title,
        ),
        board_slug: data.board.slug,
        thread_id: data.thread.id,
        title: crate::web::boards::thread_title(&viewer.tr, &data.thread.kind, &data.thread.title),
        locked: data.thread.locked,
        can_reply: viewer.require().is_ok() && (!data.thread.locked || moderator),
        posts: data.posts,
        pager: Pager::new(page, data.total, forum::POSTS_PER_PAGE, base),
        author_filter: author,
        reply_body: data.quote_text.unwrap_or_default(),
        quote_floor: None,
        error: None,
        report_note: None,
        can_report: viewer.page().forum_member(),
        can_moderate: moderator,
    }
}

#[get(
    "/t/{id}",
    wrap = "actix_web::middleware::from_fn(crate::web::page_cache::anonymous)",
    wrap = "actix_web::middleware::from_fn(crate::web::conditional::etag)"
)]
async fn show(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    q: web::Query<ThreadQuery>,
) -> Result<Either<ThreadPage, HttpResponse>, AppError> {
    let q = q.into_inner();
    let thread_id = *id;
    let page = page_param(q.page);
    let author = q.author.filter(|a| !a.trim().is_empty());
    let data = match load_thread(&state, &viewer, thread_id, page, author.clone(), q.quote).await? {
        Loaded::Forum(data) => *data,
        // Game threads show game IDs, never accounts: they live on the game's pages.
        Loaded::Game(game_id, kind) => {
            return Ok(Either::Right(
                HttpResponse::SeeOther()
                    .insert_header(("Location", format!("/games/{game_id}/threads/{kind}")))
                    .finish(),
            ));
        }
    };
    let mut view = thread_page(&viewer, data, page, author);
    view.quote_floor = q.quote;
    if let Some(f) = flash::take(&state, &viewer, &format!("/t/{thread_id}")).await? {
        view.error = f.error_for("reply");
        view.report_note = crate::web::moderation::report_note(&f);
        view.reply_body = f.field("body").to_string();
        view.quote_floor = f.field("quote").parse().ok();
    }
    Ok(Either::Left(view))
}

/// Redirects to the post on `floor` of a forum thread, on the page where it stands.
pub fn see_post(thread_id: i64, floor: i64) -> HttpResponse {
    let page = forum::page_of_floor(floor);
    HttpResponse::SeeOther()
        .insert_header(("Location", format!("/t/{thread_id}?page={page}#p{floor}")))
        .finish()
}

/// The permalink of a post: its thread and floor. A game thread's goes to the game's page of
/// that thread, which decides who may read it; the floor is not looked up, so a private
/// thread's permalinks answer alike whether the floor exists or not.
#[get("/t/{id}/{floor}")]
async fn permalink(
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, AppError> {
    let (thread_id, floor) = path.into_inner();
    let thread = state
        .db(move |c| Ok(forum::thread(c, thread_id)?))
        .await?
        .ok_or(AppError::NotFound)?;
    if let (false, Some(game_id)) = (posting::is_forum_thread(&thread), thread.game_id) {
        let page = forum::page_of_floor(floor);
        return Ok(HttpResponse::SeeOther()
            .insert_header((
                "Location",
                format!(
                    "/games/{game_id}/threads/{}?page={page}#p{floor}",
                    thread.kind
                ),
            ))
            .finish());
    }
    Ok(see_post(thread_id, floor))
}

#[derive(Deserialize)]
pub struct ReplyForm {
    body: String,
    quote: Option<String>,
}

#[post("/t/{id}/posts")]
async fn reply(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, form }: Posted<ReplyForm>,
) -> Result<HttpResponse, AppError> {
    let account = viewer.require()?;
    let thread_id = *id;
    let quote = match form.quote.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(q) => Some(
            q.parse::<i64>()
                .map_err(|_| AppError::BadRequest("quote".into()))?,
        ),
    };
    match posting::reply(&state, account, thread_id, &form.body, quote).await {
        Ok(floor) => Ok(see_post(thread_id, floor)),
        Err(e) if flash::shown_at_form(&e) => {
            // The reply is not lost: the thread comes back with the text in the form.
            let f = Flash::refusal("reply", e.message(&viewer.tr))
                .with("body", &form.body)
                .with_opt("quote", quote.map(|q| q.to_string()).as_deref());
            flash::redirect(&state, &viewer, &format!("/t/{thread_id}#reply"), f).await
        }
        Err(e) => Err(e),
    }
}

#[derive(Deserialize)]
pub struct ModerateForm {
    action: String,
}

#[post("/t/{id}/moderate")]
async fn moderate(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, form }: Posted<ModerateForm>,
) -> Result<HttpResponse, AppError> {
    let account = viewer.require()?;
    posting::moderate(&state, account, *id, &form.action).await?;
    let to = if form.action == "delete" {
        "/".to_string()
    } else {
        format!("/t/{}", *id)
    };
    Ok(HttpResponse::SeeOther()
        .insert_header(("Location", to))
        .finish())
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(show)
        .service(permalink)
        .service(reply)
        .service(moderate);
}
