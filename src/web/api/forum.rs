//! Boards, threads and posts over JSON: everything the pages offer.

use super::ApiUser;
use crate::app::AppState;
use crate::db::queries::keyset::PageKey;
use crate::db::queries::{forum, users};
use crate::domain::account::name_key;
use crate::error::AppError;
use crate::forum::posting;
use crate::web::pages::{PageNumber, page_param, seek, shown_page};
use actix_web::{HttpResponse, get, patch, post, web};
use serde::Deserialize;
use serde_json::json;

fn iso(t: chrono::NaiveDateTime) -> String {
    crate::domain::time::iso(t)
}

#[get("/boards")]
async fn api_boards(state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let boards = state.db(|c| Ok(forum::boards(c)?)).await?;
    let list: Vec<_> = boards
        .into_iter()
        .map(|b| json!({"slug": b.slug, "title": b.title, "description": b.description}))
        .collect();
    Ok(HttpResponse::Ok().json(json!({"boards": list})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewBoard {
    slug: String,
    title: String,
    #[serde(default)]
    description: String,
}

#[post("/boards")]
async fn api_create_board(
    user: ApiUser,
    state: web::Data<AppState>,
    body: web::Json<NewBoard>,
) -> Result<HttpResponse, AppError> {
    if !user.0.is_admin() {
        return Err(AppError::Forbidden);
    }
    crate::forum::boards::create_board(&state, &body.slug, &body.title, &body.description).await?;
    Ok(HttpResponse::Created().json(json!({"slug": body.slug.trim()})))
}

#[derive(Deserialize)]
pub struct PageQuery {
    page: Option<PageNumber>,
    author: Option<String>,
}

/// A board's page of threads: by number, or after or before a thread's key (`next`, `prev`
/// of the page before; `keyset`).
#[derive(Deserialize)]
pub struct ThreadsQuery {
    page: Option<PageNumber>,
    after: Option<String>,
    before: Option<String>,
}

#[get("/boards/{slug}/threads")]
async fn api_threads(
    req: actix_web::HttpRequest,
    state: web::Data<AppState>,
    slug: web::Path<String>,
    q: web::Query<ThreadsQuery>,
) -> Result<HttpResponse, AppError> {
    let seek = seek(q.page, q.after.as_deref(), q.before.as_deref())?;
    let page = page_param(q.page);
    let slug = slug.into_inner();
    let (read, total, names) = state
        .db(move |c| {
            let board = forum::board_by_slug(c, &slug)?.ok_or(AppError::NotFound)?;
            let (read, total) = forum::threads_of_board(c, &board, &seek)?;
            let ids: Vec<i64> = read.rows.iter().map(|t| t.author_id).collect();
            Ok((read, total, users::names(c, &ids)?))
        })
        .await?;
    // A game's thread is titled "<game> · <which thread>" in the reader's language, as on pages.
    let tr = crate::i18n::Tr::new(crate::web::viewer::lang_of(&req));
    let list: Vec<_> = read
        .rows
        .into_iter()
        .map(|t| {
            let title = crate::web::boards::thread_title(&tr, &t.kind, &t.title);
            json!({"id": t.id, "title": title, "author": names.get(&t.author_id),
                   "locked": t.locked, "last_post_at": iso(t.last_post_at)})
        })
        .collect();
    let edges = read.edges;
    let page = edges.page_number(page, total, forum::THREADS_PER_PAGE);
    // The keys to ask the next and the previous page by (`?after=`, `?before=`).
    let (next, prev) = (edges.ahead.first(), edges.back.first());
    Ok(HttpResponse::Ok().json(json!({
        "threads": list, "total": total, "page": page,
        "next": next.map(PageKey::encode), "prev": prev.map(PageKey::encode),
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewThread {
    title: String,
    body: String,
}

#[post("/boards/{slug}/threads")]
async fn api_create_thread(
    user: ApiUser,
    state: web::Data<AppState>,
    slug: web::Path<String>,
    body: web::Json<NewThread>,
) -> Result<HttpResponse, AppError> {
    let id = posting::create_thread(
        &state,
        &user.0,
        &slug,
        &body.title,
        &body.body,
        posting::Once(None),
    )
    .await?;
    Ok(HttpResponse::Created().json(json!({"id": id})))
}

#[get("/threads/{id}")]
async fn api_thread(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    q: web::Query<PageQuery>,
) -> Result<HttpResponse, AppError> {
    let page = page_param(q.page);
    let thread_id = *id;
    let author = q.author.clone();
    let (thread, posts, total, quoted) = state
        .db(move |c| {
            let thread = forum::thread(c, thread_id)?.ok_or(AppError::NotFound)?;
            if thread.deleted_at.is_some() {
                return Err(AppError::Gone);
            }
            if !crate::forum::posting::is_forum_thread(&thread) {
                // Game threads are read through /api/v1/games/{id}/threads/{kind}.
                return Err(AppError::Conflict("game_thread"));
            }
            let author_id = match author {
                Some(a) => Some(forum::user_id_by_key(c, &name_key(&a))?.unwrap_or(-1)),
                None => None,
            };
            let (posts, total) =
                forum::named_posts_page(c, &thread, author_id, page, forum::Bodies::All)?;
            let quoted: Vec<i64> = posts.iter().filter_map(|(p, _)| p.quoted_post_id).collect();
            let quoted = forum::floors_of(c, &quoted)?;
            Ok((thread, posts, total, quoted))
        })
        .await?;
    // Posts are named by their floor in the thread: ids count the posts of hidden threads too.
    let list: Vec<_> = posts
        .into_iter()
        .map(|(mut p, author)| {
            let quoted_floor = p.quoted_post_id.and_then(|q| quoted.get(&q).copied());
            let html = crate::forum::render::post_html(&mut p, crate::markdown::Images::Links);
            json!({"floor": p.floor, "author": author, "body": p.body,
                   "html": html, "quoted_floor": quoted_floor,
                   "created_at": iso(p.created_at), "edited": p.edited_at.is_some(),
                   "hidden": p.hidden_at.is_some(), "hidden_reason": p.hidden_reason})
        })
        .collect();
    let page = shown_page(page, total, forum::POSTS_PER_PAGE);
    Ok(HttpResponse::Ok().json(json!({
        "id": thread.id, "title": thread.title, "locked": thread.locked,
        "posts": list, "total": total, "page": page
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewPost {
    body: String,
    /// The floor of the quoted post, in the same thread.
    quote: Option<i64>,
}

#[post("/threads/{id}/posts")]
async fn api_reply(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    body: web::Json<NewPost>,
) -> Result<HttpResponse, AppError> {
    let floor = posting::reply(
        &state,
        &user.0,
        *id,
        &body.body,
        body.quote,
        posting::Once(None),
    )
    .await?;
    Ok(HttpResponse::Created().json(json!({"floor": floor})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EditPost {
    body: String,
}

#[patch("/threads/{id}/posts/{floor}")]
async fn api_edit(
    user: ApiUser,
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
    body: web::Json<EditPost>,
) -> Result<HttpResponse, AppError> {
    let (thread_id, floor) = path.into_inner();
    posting::edit(&state, &user.0, thread_id, floor, &body.body).await?;
    Ok(HttpResponse::Ok().json(json!({"ok": true})))
}

/// Every version of a forum post (admins); game posts have none to show (see the history page).
#[get("/threads/{id}/posts/{floor}/revisions")]
async fn api_revisions(
    user: ApiUser,
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, AppError> {
    if !user.0.is_admin() {
        return Err(AppError::Forbidden);
    }
    let (thread_id, floor) = path.into_inner();
    let revs = state
        .db(move |c| {
            let (post, _) = posting::forum_post(c, thread_id, floor)?;
            Ok(forum::revisions(c, post.id)?)
        })
        .await?;
    let list: Vec<_> = revs
        .into_iter()
        .map(|r| json!({"body": r.body, "editor_id": r.editor_id, "created_at": iso(r.created_at)}))
        .collect();
    Ok(HttpResponse::Ok().json(json!({"revisions": list})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Moderation {
    action: String,
}

#[post("/threads/{id}/moderate")]
async fn api_moderate(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    body: web::Json<Moderation>,
) -> Result<HttpResponse, AppError> {
    posting::moderate(&state, &user.0, *id, &body.action).await?;
    Ok(HttpResponse::Ok().json(json!({"ok": true})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoleChange {
    role: String,
}

#[post("/accounts/{name}/role")]
async fn api_set_role(
    user: ApiUser,
    state: web::Data<AppState>,
    name: web::Path<String>,
    body: web::Json<RoleChange>,
) -> Result<HttpResponse, AppError> {
    if !user.0.is_admin() {
        return Err(AppError::Forbidden);
    }
    crate::forum::accounts::set_role(&state, user.0.id, &name, &body.role).await?;
    Ok(HttpResponse::Ok().json(json!({"ok": true})))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(api_boards)
        .service(api_create_board)
        .service(api_threads)
        .service(api_create_thread)
        .service(api_thread)
        .service(api_reply)
        .service(api_edit)
        .service(api_revisions)
        .service(api_moderate)
        .service(api_set_role);
}
