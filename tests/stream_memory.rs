//! A held live stream costs a bounded heap, so 5,000 of them fit in the server's memory target
//! (150 MB resident, docs/benchmarks.md). The heap is counted by a global allocator, so this
//! test has its own binary: the server it starts, and its own few clients, are all the process
//! does.
//!
//! actix-http keeps an 8 KiB read buffer and an 8 KiB write buffer for a connection's whole
//! life (a constant, not a setting); the rest of a stream is its task, its request and maku's
//! stream state. A stream that held more (a page, a queue of updates) would fail this test.

#[path = "server/helpers.rs"]
#[allow(dead_code, unused_macros)]
mod helpers;

use helpers::{Api, Backend, started_game};
use reqwest::StatusCode;
use serde_json::json;
use std::alloc::{GlobalAlloc, Layout, System};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicIsize, Ordering};
use std::time::Duration;

/// The system allocator, counting the bytes allocated and not yet freed.
struct Counting;

static LIVE_BYTES: AtomicIsize = AtomicIsize::new(0);

// SAFETY: every call is passed to `System` unchanged; the counter only adds what it allocated
// and subtracts what it freed.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc` is passed on.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            LIVE_BYTES.fetch_add(layout.size() as isize, Ordering::Relaxed);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            LIVE_BYTES.fetch_add(layout.size() as isize, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as for `alloc`.
        unsafe { System.dealloc(ptr, layout) };
        LIVE_BYTES.fetch_sub(layout.size() as isize, Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            LIVE_BYTES.fetch_add(
                new_size as isize - layout.size() as isize,
                Ordering::Relaxed,
            );
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Streams opened before the count starts: the game's poller, the pools and the workers' first
/// connections allocate once.
const WARM_UP: usize = 20;
/// Streams counted.
const COUNTED: usize = 300;

/// Opens `n` streams of `game` on plain sockets (no heap per socket on this side) and reads
/// each one's preamble; `into` has room for them all, so the count sees no growth of it.
fn open_streams(addr: &str, game: i64, n: usize, into: &mut Vec<TcpStream>) {
    for _ in 0..n {
        let mut s = TcpStream::connect(addr).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(10)))
            .expect("timeout");
        write!(
            s,
            "GET /games/{game}/events HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
        )
        .expect("send");
        let mut buf = [0u8; 1024];
        let mut len = 0;
        while !buf[..len].windows(6).any(|w| w == b": open") {
            let n = s.read(&mut buf[len..]).expect("the preamble");
            assert!(n > 0, "the stream closed at once");
            len += n;
        }
        assert!(buf.starts_with(b"HTTP/1.1 200"), "a stream opens");
        into.push(s);
    }
}

/// Reads from `s` until it carries an update.
fn read_update(s: &mut TcpStream) -> String {
    let mut seen = Vec::new();
    let mut buf = [0u8; 1024];
    while !seen.windows(13).any(|w| w == b"event: update") {
        let n = s.read(&mut buf).expect("an update within 10 s");
        assert!(n > 0, "the stream closed");
        seen.extend_from_slice(&buf[..n]);
    }
    String::from_utf8_lossy(&seen).into_owned()
}

#[actix_web::test]
async fn a_held_stream_costs_a_few_kilobytes_of_heap() {
    let app = helpers::spawn(Backend::Sqlite).await.expect("sqlite app");
    let g = started_game(&app, "mem", json!({})).await;
    let addr = app.base.trim_start_matches("http://").to_string();
    let game = g.id;

    let (streams, before, after) = tokio::task::spawn_blocking(move || {
        let mut streams = Vec::with_capacity(WARM_UP + COUNTED);
        open_streams(&addr, game, WARM_UP, &mut streams);
        // Each server connection finishes its poll and waits before it is counted.
        std::thread::sleep(Duration::from_millis(500));
        let before = LIVE_BYTES.load(Ordering::SeqCst);
        open_streams(&addr, game, COUNTED, &mut streams);
        std::thread::sleep(Duration::from_millis(500));
        let after = LIVE_BYTES.load(Ordering::SeqCst);
        (streams, before, after)
    })
    .await
    .expect("the streams open");

    let per_stream = (after - before) / COUNTED as isize;
    eprintln!("a held stream: {per_stream} bytes of heap ({COUNTED} streams counted)");
    // The measure sees the server: a stream holds its task, its request and its body (the
    // stream's own state is under 1 KB, `web::games::live` tests that).
    assert!(
        per_stream > 1024,
        "{per_stream} bytes a stream: the count missed the server"
    );
    // actix-http's two 8 KiB buffers, the task and its request (about 20 KB measured), with
    // room to spare but not for another buffer of that size: 5,000 streams stay under 125 MB
    // of heap, and less resident (a buffer's untouched pages are not).
    assert!(
        per_stream < 24 * 1024,
        "{per_stream} bytes of heap a held stream: 5,000 would not fit"
    );

    // The streams still work: a public post reaches them.
    let (s, b) = Api::new(&app)
        .post(
            &format!("/api/v1/games/{}/threads/game", g.id),
            &g.players[0],
            json!({"body": "大家好"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    tokio::task::spawn_blocking(move || {
        let mut streams = streams;
        for s in streams.iter_mut().step_by(37) {
            let seen = read_update(s);
            assert!(seen.contains(r#"data: {"act":1,"floor":2}"#), "{seen}");
        }
    })
    .await
    .expect("the streams hear the post");
}
