//! Live streams share one poll per game per instance; on PostgreSQL the database tells every
//! instance which game changed (LISTEN/NOTIFY), so a post on one instance reaches the streams of
//! another at once and a quiet game is not polled.

use crate::helpers::{Api, TestApp, started_game};
use crate::on_both_backends_with;
use reqwest::StatusCode;
use serde_json::json;
use std::time::Duration;

/// The hub's poll interval in these tests.
const POLL: Duration = Duration::from_millis(100);

fn fast(s: &mut maku::config::Settings) {
    s.live_poll = POLL;
}

/// A poll a second: long enough to open a stream between a post and the next poll.
fn slow(s: &mut maku::config::Settings) {
    s.live_poll = Duration::from_secs(1);
}

on_both_backends_with!(fast:
    many_streams_cost_one_poll_and_all_hear_a_post,
    a_compressing_client_still_gets_events_at_once,
);

on_both_backends_with!(slow: a_stream_opened_after_a_post_does_not_announce_it);

#[actix_web::test]
async fn a_post_on_one_instance_reaches_a_stream_on_another_within_a_second() {
    // Polls a minute apart: only the database's notice can carry the post in time.
    let minute = |s: &mut maku::config::Settings| s.live_poll = Duration::from_secs(60);
    let Some(app) = crate::helpers::spawn_with(crate::helpers::Backend::Postgres, minute).await
    else {
        eprintln!("MAKU_TEST_PG_URL is not set: PostgreSQL run skipped");
        return;
    };
    let g = started_game(&app, "across", json!({})).await;
    let (other_base, other) = app.another_instance(app.clock.now_utc(), minute).await;
    assert!(told(&app, &other).await);
    let client = crate::helpers::client().build().expect("client");
    // A stream on the other instance.
    let mut resp = open_at(&client, &other_base, g.id).await;
    let polls = other.live.polls();
    // A private write moves nothing public: no event, though the notice comes.
    let (s, b) = Api::new(&app)
        .post(
            &format!("/api/v1/games/{}/actions", g.id),
            &g.players[0],
            json!({"type": "vote", "targets": [g.names[1].clone()]}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let quiet = tokio::time::timeout(Duration::from_millis(800), resp.chunk()).await;
    assert!(quiet.is_err(), "a ballot is not announced: {quiet:?}");
    // A post written on the first instance.
    let posted = tokio::time::Instant::now();
    let (s, b) = Api::new(&app)
        .post(
            &format!("/api/v1/games/{}/threads/game", g.id),
            &g.players[0],
            json!({"body": "另一台服务器"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let seen = until_update(&mut resp, Duration::from_secs(1)).await;
    assert!(seen.contains(r#""floor":2"#), "{seen}");
    assert!(posted.elapsed() < Duration::from_secs(1));
    assert!(
        other.live.polls() > polls,
        "the other instance read because it was told"
    );
}

/// Opens a stream and reads its preamble.
pub(crate) async fn open(
    client: &reqwest::Client,
    app: &TestApp,
    game_id: i64,
) -> reqwest::Response {
    open_at(client, &app.base, game_id).await
}

/// [`open`] on the instance at `base`.
pub(crate) async fn open_at(
    client: &reqwest::Client,
    base: &str,
    game_id: i64,
) -> reqwest::Response {
    let mut resp = client
        .get(format!("{base}/games/{game_id}/events"))
        .send()
        .await
        .expect("the stream opens");
    assert_eq!(resp.status(), StatusCode::OK);
    let first = tokio::time::timeout(Duration::from_secs(10), resp.chunk())
        .await
        .expect("the preamble at once")
        .expect("a chunk")
        .expect("not the end");
    assert!(String::from_utf8_lossy(&first).contains(": open"));
    resp
}

/// Reads a stream until it carries an update; returns what it read.
pub(crate) async fn until_update(resp: &mut reqwest::Response, within: Duration) -> String {
    let mut seen = String::new();
    let deadline = tokio::time::Instant::now() + within;
    while !seen.contains("event: update") {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        let chunk = tokio::time::timeout(left, resp.chunk())
            .await
            .unwrap_or_else(|_| panic!("an update within {within:?}: {seen}"))
            .expect("a chunk")
            .expect("not the end");
        seen.push_str(&String::from_utf8_lossy(&chunk));
    }
    seen
}

/// Waits until the instance's hub listens to the database's notices (PostgreSQL); `false` on
/// SQLite, where it never does.
pub(crate) async fn told(app: &TestApp, state: &maku::app::AppState) -> bool {
    if !app.database_url.starts_with("postgres") {
        return false;
    }
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !state.live.is_told() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the listener connects"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    true
}

async fn many_streams_cost_one_poll_and_all_hear_a_post(app: TestApp) {
    let g = started_game(&app, "hub", json!({})).await;
    let hub = app.state.live.clone();
    let told = told(&app, &app.state).await;
    assert_eq!(hub.pollers(), 0, "no stream, no poller");
    let client = crate::helpers::client().build().expect("client");
    let mut streams = Vec::new();
    for _ in 0..50 {
        streams.push(open(&client, &app, g.id).await);
    }
    assert_eq!(hub.pollers(), 1, "one poller for the game's 50 streams");
    // Over a period, the hub polls as often as one stream would: once per interval (50
    // streams polling for themselves would make 50 times as many).
    let before = hub.polls();
    let started = tokio::time::Instant::now();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let made = hub.polls() - before;
    let one_stream = started.elapsed().as_millis() as u64 / POLL.as_millis() as u64 + 2;
    if told {
        // The database tells of changes: a quiet game is not read (its safety poll is 30
        // intervals away).
        assert!(made <= 1, "a quiet game is not polled: {made}");
    } else {
        assert!(made >= 5, "the hub polls: {made}");
    }
    assert!(
        made <= one_stream,
        "{made} polls, one stream's worth is {one_stream}"
    );

    // A public post reaches every stream, with public facts only.
    let (s, b) = Api::new(&app)
        .post(
            &format!("/api/v1/games/{}/threads/game", g.id),
            &g.players[0],
            json!({"body": "大家好"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    for resp in &mut streams {
        let seen = until_update(resp, Duration::from_secs(10)).await;
        assert!(seen.contains(r#"data: {"act":1,"floor":2}"#), "{seen}");
        assert!(!seen.contains("hub0"), "{seen}");
    }

    // A stream of another game starts its own poller; a missing game starts none.
    let missing = client
        .get(app.url("/games/999999/events"))
        .send()
        .await
        .expect("GET");
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    assert_eq!(hub.pollers(), 1);

    // Every stream closes: the poller notices (the pings fail) and stops; polls stop too.
    drop(streams);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    while hub.pollers() > 0 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the poller stops when its streams are gone"
        );
        tokio::time::sleep(POLL).await;
    }
    let stopped = hub.polls();
    tokio::time::sleep(POLL * 5).await;
    assert_eq!(hub.polls(), stopped, "no stream, no poll");

    // A later stream starts a new poller, and hears the next post.
    let mut again = open(&client, &app, g.id).await;
    assert_eq!(hub.pollers(), 1);
    let (s, b) = Api::new(&app)
        .post(
            &format!("/api/v1/games/{}/threads/game", g.id),
            &g.players[1],
            json!({"body": "又来了"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let seen = until_update(&mut again, Duration::from_secs(10)).await;
    assert!(seen.contains(r#"data: {"act":1,"floor":3}"#), "{seen}");
}

async fn a_compressing_client_still_gets_events_at_once(app: TestApp) {
    let g = started_game(&app, "gz", json!({})).await;
    let client = crate::helpers::client().build().expect("client");
    let mut resp = client
        .get(app.url(&format!("/games/{}/events", g.id)))
        .header("Accept-Encoding", "gzip, br")
        .send()
        .await
        .expect("the stream opens");
    assert_eq!(resp.status(), StatusCode::OK);
    assert_eq!(
        resp.headers().get("content-encoding"),
        None,
        "the stream is not compressed, and names no coding"
    );
    let first = tokio::time::timeout(Duration::from_secs(5), resp.chunk())
        .await
        .expect("the preamble is not held back by an encoder")
        .expect("a chunk")
        .expect("not the end");
    assert!(String::from_utf8_lossy(&first).contains(": open"));
    let (s, b) = Api::new(&app)
        .post(
            &format!("/api/v1/games/{}/threads/game", g.id),
            &g.players[0],
            json!({"body": "压缩"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let seen = until_update(&mut resp, Duration::from_secs(5)).await;
    assert!(seen.contains(r#"data: {"act":1,"floor":2}"#), "{seen}");
}

/// The page a stream serves was rendered just before it opened: the stream compares against a
/// mark read after it opened, not the hub's older one, or every page would reload for a post
/// it already shows (the form's own post, after its redirect).
async fn a_stream_opened_after_a_post_does_not_announce_it(app: TestApp) {
    let g = started_game(&app, "fresh", json!({})).await;
    let client = crate::helpers::client().build().expect("client");
    let mut earlier = open(&client, &app, g.id).await;
    let (s, b) = Api::new(&app)
        .post(
            &format!("/api/v1/games/{}/threads/game", g.id),
            &g.players[0],
            json!({"body": "刚发的"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    // Opened at once, before the hub's next poll: its mark already has the post.
    let mut later = open(&client, &app, g.id).await;
    // The earlier stream hears the post (the later one's opening polled at once).
    let seen = until_update(&mut earlier, Duration::from_millis(900)).await;
    assert!(seen.contains(r#"data: {"act":1,"floor":2}"#), "{seen}");
    // The later one says nothing over several polls.
    let mut heard = String::new();
    let quiet = tokio::time::timeout(Duration::from_millis(2500), async {
        while let Ok(Some(c)) = later.chunk().await {
            heard.push_str(&String::from_utf8_lossy(&c));
        }
    })
    .await;
    assert!(quiet.is_err(), "the stream stays open");
    assert!(!heard.contains("event: update"), "{heard}");
    // And still hears the next post.
    let (s, b) = Api::new(&app)
        .post(
            &format!("/api/v1/games/{}/threads/game", g.id),
            &g.players[1],
            json!({"body": "再来一个"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let seen = until_update(&mut later, Duration::from_secs(5)).await;
    assert!(seen.contains(r#"data: {"act":1,"floor":3}"#), "{seen}");
}
