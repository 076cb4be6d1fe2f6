//! Live updates of a game (server-sent events). The stream polls the database, so it works with
//! several instances: it sends `event: update` when the public game thread or the public part
//! of the log changed. It says nothing about who did what (no submissions, no private threads).

use crate::db::DbConnection;
use crate::db::queries::games;
use crate::db::schema::{game_events, posts};
use crate::game::posting::GameThread;
use crate::web::error::AppError;
use crate::web::state::AppState;
use actix_web::web::Bytes;
use actix_web::{HttpResponse, get, web};
use diesel::prelude::*;
use std::time::Duration;

/// How often the stream looks for changes.
const POLL: Duration = Duration::from_secs(2);
/// A comment is sent after this many quiet polls, so a closed connection is noticed.
const PING_EVERY: u32 = 10;

/// (last post of the game thread, last public log position).
type Mark = (i64, i64);

fn mark(c: &mut DbConnection, game_id: i64) -> Result<Mark, AppError> {
    let row = games::get(c, game_id)?.ok_or(AppError::NotFound)?;
    let post: Option<i64> = match GameThread::Game.thread_id(&row) {
        Some(t) => posts::table
            .filter(posts::thread_id.eq(t))
            .select(diesel::dsl::max(posts::id))
            .first(c)?,
        None => None,
    };
    // Submissions are secret (even their timing): only the other events count.
    let seq: Option<i64> = game_events::table
        .filter(game_events::game_id.eq(game_id))
        .filter(game_events::kind.ne("submitted"))
        .select(diesel::dsl::max(game_events::seq))
        .first(c)?;
    Ok((post.unwrap_or(0), seq.unwrap_or(0)))
}

struct Watch {
    state: web::Data<AppState>,
    game_id: i64,
    last: Mark,
    opened: bool,
}

async fn next(mut w: Watch) -> Option<(Result<Bytes, actix_web::Error>, Watch)> {
    if !w.opened {
        w.opened = true;
        return Some((Ok(Bytes::from_static(b"retry: 5000\n: open\n\n")), w));
    }
    let mut quiet = 0;
    loop {
        actix_web::rt::time::sleep(POLL).await;
        let game_id = w.game_id;
        // The game went away or the database failed: end the stream (the client retries).
        let now = w.state.db(move |c| mark(c, game_id)).await.ok()?;
        if now != w.last {
            w.last = now;
            let msg = format!(
                "event: update\nid: {}.{}\ndata: {{\"post\":{},\"seq\":{}}}\n\n",
                now.0, now.1, now.0, now.1
            );
            return Some((Ok(Bytes::from(msg)), w));
        }
        quiet += 1;
        if quiet >= PING_EVERY {
            return Some((Ok(Bytes::from_static(b": ping\n\n")), w));
        }
    }
}

/// `text/event-stream` of a game's public changes. Dropped when the client goes away (the next
/// write fails and actix drops the stream).
#[get("/games/{id}/events")]
pub async fn events(
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let game_id = *id;
    let last = state.db(move |c| mark(c, game_id)).await?;
    let watch = Watch {
        state,
        game_id,
        last,
        opened: false,
    };
    let stream = futures_util::stream::unfold(watch, next);
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header(("Cache-Control", "no-cache"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(stream))
}
