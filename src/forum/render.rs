//! A post is rendered once, when it is written: its sanitised HTML is stored beside
//! its Markdown, with the version of the renderer that made it, and pages read it. Rendering and
//! sanitising on every page view cost most of a thread page.
//!
//! When the renderer changes ([`markdown::RENDER_VERSION`] goes up), rows made by an older one
//! are re-rendered in batches: by `maku rerender`, and by the server at start. Until a row is
//! reached, readers get a fresh render of it ([`shown`]), so a page is never out of date.

use crate::db::DbConnection;
use crate::db::models::Thread;
use crate::db::queries::{forum, games};
use crate::db::schema::{post_revisions, posts, threads};
use crate::domain::game_settings::GameSettings;
use crate::markdown::{self, Images, RENDER_VERSION};
use diesel::prelude::*;
use std::collections::HashMap;

/// Posts written by the system: their body is JSON that the pages turn into sentences in the
/// reader's language, so they have no HTML.
pub fn is_system_kind(kind: &str) -> bool {
    matches!(kind, "act" | "notice")
}

/// The HTML stored with a post of `kind` whose Markdown is `body`.
pub fn html_of(kind: &str, body: &str, images: Images) -> String {
    if is_system_kind(kind) {
        String::new()
    } else {
        markdown::render_with(body, images)
    }
}

/// How a thread's posts render images: a game's own threads as its judge chose, forum
/// threads (a game's sign-up thread among them) as links.
pub fn images_of(c: &mut DbConnection, thread: &Thread) -> QueryResult<Images> {
    policy(c, &thread.kind, thread.game_id, &mut HashMap::new())
}

fn policy(
    c: &mut DbConnection,
    kind: &str,
    game_id: Option<i64>,
    of_game: &mut HashMap<i64, Images>,
) -> QueryResult<Images> {
    let game = match game_id {
        Some(g) if !matches!(kind, "forum" | "signup") => g,
        _ => return Ok(Images::Links),
    };
    if let Some(i) = of_game.get(&game) {
        return Ok(*i);
    }
    let images = games::get(c, game)?
        .map(|row| GameSettings::images_of(&row.settings))
        .unwrap_or_default();
    of_game.insert(game, images);
    Ok(images)
}

/// [`images_of`] by the thread's id.
pub fn images_of_thread(c: &mut DbConnection, thread_id: i64) -> QueryResult<Images> {
    match forum::thread(c, thread_id)? {
        Some(t) => images_of(c, &t),
        None => Ok(Images::Links),
    }
}

/// A post's HTML as readers see it: the stored HTML when this renderer made it, else (a row
/// not re-rendered yet) a fresh render.
pub fn shown(html: String, version: i32, kind: &str, body: &str, images: Images) -> String {
    if version == RENDER_VERSION {
        html
    } else {
        html_of(kind, body, images)
    }
}

/// [`shown`] for a post.
pub fn post_html(p: &mut crate::db::models::Post, images: Images) -> String {
    shown(
        std::mem::take(&mut p.html),
        p.html_version,
        &p.kind,
        &p.body,
        images,
    )
}

/// Rows made by an older renderer: (posts, revisions).
pub fn stale(c: &mut DbConnection) -> QueryResult<(i64, i64)> {
    let posts = posts::table
        .filter(posts::html_version.lt(RENDER_VERSION))
        .count()
        .get_result(c)?;
    let revisions = post_revisions::table
        .filter(post_revisions::html_version.lt(RENDER_VERSION))
        .count()
        .get_result(c)?;
    Ok((posts, revisions))
}

/// The image policy of each thread named, read once per thread.
fn policies(c: &mut DbConnection, thread_ids: &[i64]) -> QueryResult<HashMap<i64, Images>> {
    let rows: Vec<(i64, String, Option<i64>)> = threads::table
        .filter(threads::id.eq_any(thread_ids))
        .select((threads::id, threads::kind, threads::game_id))
        .load(c)?;
    let mut of_game = HashMap::new();
    let mut out = HashMap::new();
    for (thread, kind, game) in rows {
        out.insert(thread, policy(c, &kind, game, &mut of_game)?);
    }
    Ok(out)
}

/// Re-renders up to `batch` posts and `batch` revisions made by an older renderer;
/// returns how many rows it rendered (0: none are left). Safe to run on several instances at
/// once: each row is written only while its version is still stale, and any two renders of
/// one row are equal.
pub fn rerender_batch(c: &mut DbConnection, batch: i64) -> QueryResult<usize> {
    let stale_posts: Vec<(i64, i64, String, String)> = posts::table
        .filter(posts::html_version.lt(RENDER_VERSION))
        .order(posts::id.asc())
        .limit(batch)
        .select((posts::id, posts::thread_id, posts::kind, posts::body))
        .load(c)?;
    let stale_revisions: Vec<(i64, i64, String, String)> = post_revisions::table
        .inner_join(posts::table)
        .filter(post_revisions::html_version.lt(RENDER_VERSION))
        .order(post_revisions::id.asc())
        .limit(batch)
        .select((
            post_revisions::id,
            posts::thread_id,
            posts::kind,
            post_revisions::body,
        ))
        .load(c)?;
    let mut threads: Vec<i64> = stale_posts
        .iter()
        .chain(&stale_revisions)
        .map(|r| r.1)
        .collect();
    threads.sort_unstable();
    threads.dedup();
    let images = policies(c, &threads)?;
    let policy = |t: &i64| images.get(t).copied().unwrap_or_default();
    for (id, thread, kind, body) in &stale_posts {
        diesel::update(
            posts::table
                .find(id)
                .filter(posts::html_version.lt(RENDER_VERSION)),
        )
        .set((
            posts::html.eq(html_of(kind, body, policy(thread))),
            posts::html_version.eq(RENDER_VERSION),
        ))
        .execute(c)?;
    }
    for (id, thread, kind, body) in &stale_revisions {
        diesel::update(
            post_revisions::table
                .find(id)
                .filter(post_revisions::html_version.lt(RENDER_VERSION)),
        )
        .set((
            post_revisions::html.eq(html_of(kind, body, policy(thread))),
            post_revisions::html_version.eq(RENDER_VERSION),
        ))
        .execute(c)?;
    }
    Ok(stale_posts.len() + stale_revisions.len())
}

/// The rendered HTML of a post about to be written in `thread_id`, as the store takes it.
pub fn for_thread(
    c: &mut DbConnection,
    thread_id: i64,
    kind: &str,
    body: &str,
) -> QueryResult<String> {
    if is_system_kind(kind) {
        return Ok(String::new());
    }
    let images = images_of_thread(c, thread_id)?;
    Ok(html_of(kind, body, images))
}

/// The store's form of a freshly rendered HTML.
pub fn stored(html: &str) -> forum::Html<'_> {
    forum::Html {
        text: html,
        version: RENDER_VERSION,
    }
}

/// Appends a post to `thread_id` (no quote), rendered for that thread: how the services write
/// game posts, the judge's posts and system posts.
pub fn add_post(
    c: &mut DbConnection,
    thread_id: i64,
    author_id: i64,
    body: &str,
    as_seat: Option<i32>,
    kind: &str,
) -> QueryResult<crate::db::models::Post> {
    let html = for_thread(c, thread_id, kind, body)?;
    forum::add_post(
        c,
        &forum::NewPost {
            as_seat,
            kind,
            ..forum::NewPost::user(thread_id, author_id, body, stored(&html))
        },
    )
}

/// Replaces the text of `post` (in `thread_id`), rendered for that thread; the earlier text
/// stays in the revisions.
pub fn edit_post(
    c: &mut DbConnection,
    post: &crate::db::models::Post,
    editor_id: i64,
    body: &str,
) -> QueryResult<()> {
    let html = for_thread(c, post.thread_id, &post.kind, body)?;
    forum::edit_post(c, post.id, editor_id, body, stored(&html))
}

/// Rows rendered per write transaction: short enough not to hold SQLite's writer for long.
pub const BATCH: i64 = 500;

/// Re-renders every stale row, a batch per write transaction, logging its progress; returns
/// how many rows it rendered. The server runs it in the background at start: until a row is
/// reached, its readers get a fresh render ([`shown`]).
pub async fn rerender_stale(state: &crate::app::AppState) -> Result<usize, crate::error::AppError> {
    let (posts, revisions) = state.db(|c| Ok(stale(c)?)).await?;
    if posts + revisions == 0 {
        return Ok(0);
    }
    tracing::info!(
        posts,
        revisions,
        version = RENDER_VERSION,
        "re-rendering stored post HTML"
    );
    let mut done = 0;
    loop {
        let n = state.write(|c| Ok(rerender_batch(c, BATCH)?)).await?;
        if n == 0 {
            break;
        }
        done += n;
        tracing::info!(
            done,
            of = posts + revisions,
            "re-rendering stored post HTML"
        );
    }
    Ok(done)
}
