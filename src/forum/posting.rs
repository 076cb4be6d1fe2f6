//! Threads and posts: who may write where, and what is kept.

use crate::app::AppState;
use crate::auth::account::Account;
use crate::db::queries::{account_events, forum};
use crate::domain::{PostBody, Title};
use crate::error::AppError;
use crate::forum::render;
use crate::markdown::Images;

/// Threads written with forum accounts: ordinary threads and games' sign-up threads.
pub fn is_forum_thread(thread: &crate::db::models::Thread) -> bool {
    matches!(thread.kind.as_str(), "forum" | "signup")
}

/// The one-time token of a page's reply or new-thread form (`None`: the API, which has none).
/// The same form sent again with the same text makes no second post: it answers with the post
/// the first send made (`db::queries::sent_forms`).
#[derive(Debug, Clone, Copy)]
pub struct Once<'a>(pub Option<&'a str>);

/// The key a form is remembered by: a digest of what it is, its author, its token and its text
/// (the same token with another text, from a second tab of one page, is another post).
fn once_key(what: &str, author_id: i64, once: Once, text: &str) -> Option<String> {
    use sha2::Digest;
    let token = once.0.map(str::trim).filter(|t| !t.is_empty())?;
    let digest = sha2::Sha256::digest(format!("{what}\n{author_id}\n{token}\n{text}"));
    Some(hex::encode(digest))
}

/// A sent form's post, if the form (`key`) made one: the transaction claims the key otherwise.
fn sent_before(
    c: &mut crate::db::DbConnection,
    key: Option<&str>,
) -> Result<Option<(i64, i64)>, AppError> {
    let Some(key) = key else { return Ok(None) };
    if crate::db::queries::sent_forms::claim(c, key, crate::db::queries::now())? {
        return Ok(None);
    }
    Ok(crate::db::queries::sent_forms::find(c, key)?.filter(|(thread, _)| *thread != 0))
}

/// Opens a thread with its first post; returns the thread id.
pub async fn create_thread(
    state: &AppState,
    author: &Account,
    board_slug: &str,
    title: &str,
    body: &str,
    once: Once<'_>,
) -> Result<i64, AppError> {
    let title = Title::parse(title)?;
    let body = PostBody::parse(body)?;
    state.throttle.post(author.id).await?;
    let slug = board_slug.to_string();
    let author_id = author.id;
    let key = once_key(
        &format!("thread\n{slug}\n{}", title.as_str()),
        author_id,
        once,
        body.as_str(),
    );
    // Rendered before the write transaction opens: forum threads show images as links.
    let html = render::html_of("user", body.as_str(), Images::Links);
    state
        .write(move |c| {
            crate::forum::suspension::refuse_if_suspended(c, author_id)?;
            if let Some((thread, _)) = sent_before(c, key.as_deref())? {
                return Ok(thread);
            }
            let board = forum::board_by_slug(c, &slug)?.ok_or(AppError::NotFound)?;
            let (thread, _) = forum::create_thread(
                c,
                board.id,
                author_id,
                title.as_str(),
                body.as_str(),
                render::stored(&html),
            )?;
            if let Some(key) = &key {
                crate::db::queries::sent_forms::made(c, key, thread.id, 1)?;
            }
            Ok(thread.id)
        })
        .await
}

/// Replies in a thread, optionally quoting the post on floor `quoted_floor` of the same thread;
/// returns the new post's floor.
pub async fn reply(
    state: &AppState,
    author: &Account,
    thread_id: i64,
    body: &str,
    quoted_floor: Option<i64>,
    once: Once<'_>,
) -> Result<i64, AppError> {
    let body = PostBody::parse(body)?;
    state.throttle.post(author.id).await?;
    let author_id = author.id;
    let key = once_key(
        &format!("reply\n{thread_id}\n{quoted_floor:?}"),
        author_id,
        once,
        body.as_str(),
    );
    let moderator = author.is_admin();
    let html = render::html_of("user", body.as_str(), Images::Links);
    state
        .write(move |c| {
            crate::forum::suspension::refuse_if_suspended(c, author_id)?;
            if let Some((_, floor)) = sent_before(c, key.as_deref())? {
                return Ok(floor);
            }
            let thread = forum::thread(c, thread_id)?.ok_or(AppError::NotFound)?;
            if thread.deleted_at.is_some() {
                return Err(AppError::Gone);
            }
            if !is_forum_thread(&thread) {
                // Game threads are written as a game ID, through the game's own pages.
                return Err(AppError::Conflict("game_thread"));
            }
            if thread.locked && !moderator {
                return Err(AppError::Conflict("thread_locked"));
            }
            let quoted = match quoted_floor {
                Some(q) => match forum::post_at(c, thread_id, q)? {
                    Some(p) => Some(p.id),
                    None => return Err(AppError::BadRequest("quoted post".into())),
                },
                None => None,
            };
            let new = forum::NewPost {
                quoted_post_id: quoted,
                ..forum::NewPost::user(thread_id, author_id, body.as_str(), render::stored(&html))
            };
            let floor = forum::add_post(c, &new)?.floor;
            if let Some(key) = &key {
                crate::db::queries::sent_forms::made(c, key, thread_id, floor)?;
            }
            Ok(floor)
        })
        .await
}

/// Edits one's own post (the one on `floor` of the thread); the earlier text stays in the
/// revisions.
pub async fn edit(
    state: &AppState,
    editor: &Account,
    thread_id: i64,
    floor: i64,
    body: &str,
) -> Result<(), AppError> {
    let body = PostBody::parse(body)?;
    // Every version is kept: edits count as posts.
    state.throttle.post(editor.id).await?;
    let editor_id = editor.id;
    let moderator = editor.is_admin();
    let html = render::html_of("user", body.as_str(), Images::Links);
    state
        .write(move |c| {
            crate::forum::suspension::refuse_if_suspended(c, editor_id)?;
            let (post, _) = editable(c, thread_id, floor, editor_id, moderator)?;
            if post.body != body.as_str() {
                forum::edit_post(c, post.id, editor_id, body.as_str(), render::stored(&html))?;
            }
            Ok(())
        })
        .await
}

/// A forum thread (not a game's) and the post on `floor` of it. A game thread answers the same
/// whatever the floor, so its floors (a private thread's count of posts) are never probed here.
pub fn forum_post(
    c: &mut crate::db::DbConnection,
    thread_id: i64,
    floor: i64,
) -> Result<(crate::db::models::Post, crate::db::models::Thread), AppError> {
    let thread = forum::thread(c, thread_id)?.ok_or(AppError::NotFound)?;
    if thread.deleted_at.is_some() {
        return Err(AppError::Gone);
    }
    if !is_forum_thread(&thread) {
        return Err(AppError::Conflict("game_thread"));
    }
    let post = forum::post_at(c, thread_id, floor)?.ok_or(AppError::NotFound)?;
    Ok((post, thread))
}

/// The post and its thread when `editor_id` may edit it: her own forum post (never a post made
/// as a game ID or by the system) in a live thread, locked only for non-moderators. Used by the
/// edit form and by the edit itself.
pub fn editable(
    c: &mut crate::db::DbConnection,
    thread_id: i64,
    floor: i64,
    editor_id: i64,
    moderator: bool,
) -> Result<(crate::db::models::Post, crate::db::models::Thread), AppError> {
    let (post, thread) = forum_post(c, thread_id, floor)?;
    if post.author_id != editor_id {
        return Err(AppError::Forbidden);
    }
    if post.kind != "user" || post.as_seat.is_some() {
        return Err(AppError::Conflict("game_thread"));
    }
    // A hidden post stays as the moderator left it (docs/moderation.md).
    if post.hidden_at.is_some() {
        return Err(AppError::Conflict("already_hidden"));
    }
    if thread.locked && !moderator {
        return Err(AppError::Conflict("thread_locked"));
    }
    Ok((post, thread))
}

/// Admins lock, unlock and delete threads.
pub async fn moderate(
    state: &AppState,
    actor: &Account,
    thread_id: i64,
    action: &str,
) -> Result<(), AppError> {
    if !actor.is_admin() {
        return Err(AppError::Forbidden);
    }
    let action = action.to_string();
    let actor_id = actor.id;
    state
        .write(move |c| {
            let thread = forum::thread(c, thread_id)?.ok_or(AppError::NotFound)?;
            if thread.deleted_at.is_some() {
                return Err(AppError::Gone);
            }
            match action.as_str() {
                "lock" => forum::set_locked(c, thread_id, true)?,
                "unlock" => forum::set_locked(c, thread_id, false)?,
                "delete" => forum::delete_thread(c, thread_id)?,
                _ => return Err(AppError::BadRequest("action".into())),
            };
            let kind = format!("thread_{action}");
            let detail = format!("thread {thread_id}");
            account_events::append(c, Some(thread.author_id), Some(actor_id), &kind, &detail)?;
            Ok(())
        })
        .await
}
