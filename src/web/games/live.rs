//! Live updates of a game (server-sent events). The stream polls the database, so it works with
//! several instances: it sends `event: update` when the public game thread or the public view of
//! the game changed. It says nothing about who did what (no submissions, no private threads).
//!
//! Its payload is `{"act": N, "floor": F}`: the act everyone sees and the floor of the game
//! thread's newest post. Never a log sequence number or a post id: submissions take log
//! sequence numbers and private threads take post ids, so their gaps would count secret
//! ballots, actions and Kira posts, and time them (issue 9).

use crate::app::AppState;
use crate::db::DbConnection;
use crate::db::schema::posts;
use crate::error::AppError;
use crate::game::{service, views};
use actix_web::web::Bytes;
use actix_web::{HttpResponse, get, web};
use diesel::prelude::*;
use sha2::{Digest, Sha256};
use std::time::Duration;

/// How often the stream looks for changes.
const POLL: Duration = Duration::from_secs(2);
/// A comment is sent after this many quiet polls, so a closed connection is noticed.
const PING_EVERY: u32 = 10;

/// What the stream compares between polls: public facts only, so that it moves exactly when
/// what everyone may see moves.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Mark {
    act: u32,
    /// The floor of the game thread's newest post (its number of posts).
    floor: i64,
    /// A digest of the public view (status, deadline, pause, lock, sign-ups, public events).
    public: [u8; 32],
}

fn mark(c: &mut DbConnection, game_id: i64) -> Result<Mark, AppError> {
    let (row, folded) = service::load(c, game_id)?;
    let view = views::public_from(c, &row, &folded)?;
    let floor: i64 = match row.game_thread_id {
        Some(t) => posts::table
            .filter(posts::thread_id.eq(t))
            .count()
            .get_result(c)?,
        None => 0,
    };
    let json = serde_json::to_vec(&view).map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(Mark {
        act: view.act,
        floor,
        public: Sha256::digest(&json).into(),
    })
}

struct Watch {
    state: web::Data<AppState>,
    game_id: i64,
    last: Mark,
    opened: bool,
}

async fn next(mut w: Watch) -> Option<(Result<Bytes, actix_web::Error>, Watch)> {
    if w.state.shutdown.is_fired() {
        return None;
    }
    if !w.opened {
        w.opened = true;
        return Some((Ok(Bytes::from_static(b"retry: 5000\n: open\n\n")), w));
    }
    let mut quiet = 0;
    loop {
        // The server is stopping: end the stream now, or the graceful stop waits for it.
        tokio::select! {
            _ = actix_web::rt::time::sleep(POLL) => {}
            _ = w.state.shutdown.fired() => return None,
        }
        let game_id = w.game_id;
        // The game went away or the database failed: end the stream (the client retries).
        let now = w.state.db(move |c| mark(c, game_id)).await.ok()?;
        if now != w.last {
            let msg = format!(
                "event: update\ndata: {{\"act\":{},\"floor\":{}}}\n\n",
                now.act, now.floor
            );
            w.last = now;
            return Some((Ok(Bytes::from(msg)), w));
        }
        quiet += 1;
        if quiet >= PING_EVERY {
            return Some((Ok(Bytes::from_static(b": ping\n\n")), w));
        }
    }
}

/// `text/event-stream` of a game's public changes. Dropped when the client goes away (the next
/// write fails and actix drops the stream); ended when the server stops
/// ([`crate::app::Shutdown`]).
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
