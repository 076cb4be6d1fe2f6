//! Live updates of a game (server-sent events). Every stream of a game listens to the one
//! shared poll of the instance's [`LiveHub`](crate::game::live::LiveHub), so it works with
//! several instances and 5,000 open streams cost one poll; it compares against a
//! mark read after it opened, so it never announces what its page already shows. It sends `event: update`
//! when the public game thread or the public view of the game changed. It says nothing about who
//! did what (no submissions, no private threads).
//!
//! Its payload is `{"act": N, "floor": F}`: the act everyone sees and the floor of the game
//! thread's newest post. Never a log sequence number or a post id: submissions take log
//! sequence numbers and private threads take post ids, so their gaps would count secret
//! ballots, actions and team-thread posts, and time them.

use crate::app::{AppState, Shutdown};
use crate::error::AppError;
use crate::game::live::{Mark, Receiver, Seen};
use actix_web::http::header::ContentEncoding;
use actix_web::web::Bytes;
use actix_web::{HttpResponse, get, web};
use futures_util::Stream;
use std::time::Duration;

/// A comment is sent after this many quiet poll intervals, so a closed connection is noticed
/// (the next write fails and actix drops the stream, and with it its receiver).
const PING_EVERY: u32 = 10;

/// One open stream: a receiver of the shared mark and the last mark it told (public facts only,
/// 48 bytes), nothing else copied per stream.
struct Listen {
    rx: Receiver,
    last: Mark,
    shutdown: Shutdown,
    ping: Duration,
    opened: bool,
    /// Counts the stream in the open-streams gauge while it lives (no size of its own).
    _open: crate::telemetry::StreamGauge,
}

async fn next(mut l: Listen) -> Option<(Result<Bytes, actix_web::Error>, Listen)> {
    if l.shutdown.is_fired() {
        return None;
    }
    if !l.opened {
        l.opened = true;
        return Some((Ok(Bytes::from_static(b"retry: 5000\n: open\n\n")), l));
    }
    let quiet = actix_web::rt::time::sleep(l.ping);
    tokio::pin!(quiet);
    loop {
        tokio::select! {
            changed = l.rx.changed() => {
                // The poller stopped (the game went away, the database failed, the server is
                // stopping): end the stream; the client retries.
                changed.ok()?;
                let now = match &*l.rx.borrow_and_update() {
                    Seen::Now(m) => m.clone(),
                    _ => return None,
                };
                if now != l.last {
                    let msg = format!(
                        "event: update\ndata: {{\"act\":{},\"floor\":{}}}\n\n",
                        now.act, now.floor
                    );
                    l.last = now;
                    return Some((Ok(Bytes::from(msg)), l));
                }
            }
            _ = &mut quiet => {
                return Some((Ok(Bytes::from_static(b": ping\n\n")), l));
            }
            // The server is stopping: end the stream now, or the graceful stop waits for it.
            _ = l.shutdown.fired() => return None,
        }
    }
}

fn updates(
    rx: Receiver,
    last: Mark,
    shutdown: Shutdown,
    ping: Duration,
) -> impl Stream<Item = Result<Bytes, actix_web::Error>> {
    let listen = Listen {
        rx,
        last,
        shutdown,
        ping,
        opened: false,
        _open: crate::telemetry::StreamGauge::open(),
    };
    futures_util::stream::unfold(listen, next)
}

/// `text/event-stream` of a game's public changes. Dropped when the client goes away (the next
/// write fails and actix drops the stream); ended when the server stops
/// ([`crate::app::Shutdown`]). Never compressed: an encoder would hold the events back.
#[get("/games/{id}/events")]
pub async fn events(
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let (rx, last) = crate::game::live::subscribe(&state, *id).await?;
    let ping = state.settings.live_poll * PING_EVERY;
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header(("Cache-Control", "no-cache"))
        .insert_header(("X-Accel-Buffering", "no"))
        .insert_header(ContentEncoding::Identity)
        .streaming(updates(rx, last, state.shutdown.clone(), ping)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stream_holds_a_few_hundred_bytes() {
        let (_tx, rx) = tokio::sync::watch::channel(Seen::Waiting);
        let stream = updates(
            rx,
            Mark::default(),
            Shutdown::default(),
            Duration::from_secs(20),
        );
        // The stream's state and its pending step (the timer, the receiver, the last mark it
        // told): no view.
        let size = std::mem::size_of_val(&stream);
        assert!(size < 1024, "{size} bytes per stream");
    }
}
