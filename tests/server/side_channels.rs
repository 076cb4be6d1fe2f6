//! Side channels: nothing an outsider can fetch may move with secret submissions, tell whether (or
//! since when) the Kiras joined, or count posts in hidden threads.

use crate::helpers::{Api, Browser, TestApp};
use crate::on_both_backends;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;

on_both_backends!(
    the_live_stream_does_not_count_secret_submissions,
    private_threads_answer_every_non_reader_alike,
    public_numbers_do_not_count_hidden_posts,
    the_board_shows_nothing_of_private_threads,
);

const CAST: [&str; 6] = ["夜神月", "L", "弥海砂", "尼亚", "梅洛", "松田"];
/// Seats by their place in `CAST`: the two Kiras and a good seat.
const LIGHT: usize = 0;
const L: usize = 1;
const MISA: usize = 2;

/// A six-seat game with a fixed deal (Kiras: 夜神月 and 弥海砂); players `{prefix}0..5`.
struct Table {
    id: i64,
    admin: String,
    tokens: Vec<String>,
    names: Vec<String>,
}

async fn dealt(app: &TestApp, title: &str, prefix: &str) -> Table {
    let api = Api::new(app);
    let admin = api.token("admin", &app.admin_password).await;
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": title, "variant": "deathnote", "act_minutes": 60,
                   "characters": CAST, "min_seats": 6, "max_seats": 6}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    let mut tokens = Vec::new();
    let mut names = Vec::new();
    for i in 0..CAST.len() {
        let name = format!("{prefix}{i}");
        let t = api.account(&name).await;
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/signup"), &t, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        tokens.push(t);
        names.push(name);
    }
    Table {
        id,
        admin,
        tokens,
        names,
    }
}

async fn start(api: &Api<'_>, t: &Table) {
    let seats: Vec<Value> = CAST
        .iter()
        .zip(&t.names)
        .map(|(g, n)| json!({"game_id": g, "real_id": n}))
        .collect();
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/start", t.id),
            &t.admin,
            json!({"setup": {"seats": seats, "kira": ["夜神月", "弥海砂"]}}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
}

/// 夜神月 names 弥海砂, who holds a notebook: the join succeeds (DN-11).
async fn join(api: &Api<'_>, t: &Table) {
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/actions", t.id),
            &t.tokens[LIGHT],
            json!({"type": "join", "target": "弥海砂"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["ok"], json!(true), "{b}");
}

async fn game_post(api: &Api<'_>, t: &Table, seat: usize, kind: &str, body: &str) -> Value {
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/threads/{kind}", t.id),
            &t.tokens[seat],
            json!({"body": body}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{kind}: {b}");
    b
}

/// The live stream of a game as an anonymous reader hears it.
struct Stream {
    resp: reqwest::Response,
    buffer: String,
}

impl Stream {
    async fn open(app: &TestApp, game: i64) -> Stream {
        let resp = crate::helpers::client()
            .build()
            .expect("client")
            .get(app.url(&format!("/games/{game}/events")))
            .send()
            .await
            .expect("GET");
        assert_eq!(resp.status(), StatusCode::OK);
        let mut s = Stream {
            resp,
            buffer: String::new(),
        };
        let first = s.next_block(Duration::from_secs(10)).await;
        assert!(first.is_some_and(|b| b.contains(": open")));
        s
    }

    /// The next event block (up to its blank line), or `None` after `wait`.
    async fn next_block(&mut self, wait: Duration) -> Option<String> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let block = self.buffer[..end].to_string();
                self.buffer.drain(..end + 2);
                return Some(block);
            }
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let chunk = tokio::time::timeout(left, self.resp.chunk()).await.ok()?;
            let chunk = chunk.expect("a chunk").expect("the stream stays open");
            self.buffer.push_str(&String::from_utf8_lossy(&chunk));
        }
    }

    /// The next `update` event, whole (every line of it), or `None` when none comes in `wait`.
    async fn next_update(&mut self, wait: Duration) -> Option<String> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let block = self.next_block(left).await?;
            if block.lines().any(|l| l == "event: update") {
                return Some(block);
            }
        }
    }
}

/// A seat's ballots and a Kira's action between two public events change nothing an
/// outsider hears on the stream: the same updates, byte for byte, as in a game without them.
async fn the_live_stream_does_not_count_secret_submissions(app: TestApp) {
    let api = Api::new(&app);
    let busy = dealt(&app, "有票局", "v").await;
    let calm = dealt(&app, "无票局", "w").await;
    start(&api, &busy).await;
    start(&api, &calm).await;
    let mut heard = Vec::new();
    for (t, ballots) in [(&busy, true), (&calm, false)] {
        let mut stream = Stream::open(&app, t.id).await;
        let mut updates = Vec::new();
        // A public event: L speaks in the game thread.
        game_post(&api, t, L, "game", "早上好").await;
        updates.push(
            stream
                .next_update(Duration::from_secs(15))
                .await
                .expect("the post is announced"),
        );
        if ballots {
            // Secret: five ballots and the Kira's action on turn.
            for (i, who) in CAST.iter().enumerate().skip(1) {
                let (s, b) = api
                    .post(
                        &format!("/api/v1/games/{}/actions", t.id),
                        &t.tokens[i],
                        json!({"type": "vote", "targets": [who]}),
                    )
                    .await;
                assert_eq!(s, StatusCode::OK, "{b}");
            }
            let (s, b) = api
                .post(
                    &format!("/api/v1/games/{}/actions", t.id),
                    &t.tokens[LIGHT],
                    json!({"type": "pass"}),
                )
                .await;
            assert_eq!(s, StatusCode::OK, "{b}");
        }
        // Nothing public happened: nothing is sent (the stream looks every 2 s).
        let quiet = stream.next_update(Duration::from_secs(5)).await;
        assert_eq!(quiet, None, "secret submissions are not announced");
        // Another public event: the judge stops the clock.
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{}/pause", t.id),
                &t.admin,
                json!({"act": 1}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        updates.push(
            stream
                .next_update(Duration::from_secs(15))
                .await
                .expect("the pause is announced"),
        );
        heard.push(updates);
    }
    assert_eq!(
        heard[0], heard[1],
        "an outsider hears the same with and without secret submissions"
    );
    assert_eq!(
        heard[0][0], "event: update\ndata: {\"act\":1,\"floor\":2}",
        "public facts only: the act and the game thread's newest floor"
    );
}

/// One answer as a client sees it: status, the headers that could tell something, body.
#[derive(Debug, Clone, PartialEq)]
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

async fn answer(resp: reqwest::Response) -> Answer {
    let status = resp.status().as_u16();
    let mut headers: Vec<(String, String)> = resp
        .headers()
        .iter()
        .filter(|(k, _)| !matches!(k.as_str(), "date" | "set-cookie"))
        .map(|(k, v)| (k.to_string(), v.to_str().unwrap_or("?").to_string()))
        .collect();
    headers.sort();
    Answer {
        status,
        headers,
        body: resp.text().await.expect("body"),
    }
}

/// A reader who may not read a private thread: an API token and/or a browser.
struct Reader {
    name: &'static str,
    token: Option<String>,
    browser: Browser,
    signed_in: bool,
}

async fn api_call(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> Answer {
    let mut req = crate::helpers::client()
        .build()
        .expect("client")
        .request(method, app.url(path));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    if let Some(b) = body {
        req = req.json(&b);
    }
    answer(req.send().await.expect("request")).await
}

async fn page_get(b: &Browser, path: &str) -> Answer {
    let resp = b
        .client
        .get(format!("{}{}", b.base, path))
        .header("Accept-Language", b.lang)
        .send()
        .await
        .expect("GET");
    answer(resp).await
}

async fn page_post(b: &Browser, path: &str, body: &str) -> Answer {
    let csrf = b.get("/").await.csrf();
    let resp = b
        .client
        .post(format!("{}{}", b.base, path))
        .header("Accept-Language", b.lang)
        .form(&[("csrf", csrf.as_str()), ("body", body)])
        .send()
        .await
        .expect("POST");
    answer(resp).await
}

/// The id of a game's Kira thread, if it has one.
async fn kira_thread(app: &TestApp, game: i64) -> Option<i64> {
    app.state
        .db(move |c| Ok(maku::db::queries::games::get(c, game)?))
        .await
        .expect("db")
        .expect("the game")
        .team_thread_id
}

/// Everything `who` can ask of a game's private thread `kind`, pages and API, GET and POST,
/// labelled without the game's number.
async fn probe(app: &TestApp, who: &Reader, game: i64, kind: &str) -> Vec<(String, Answer)> {
    let mut out = Vec::new();
    let api = format!("/api/v1/games/{game}/threads/{kind}");
    let page = format!("/games/{game}/threads/{kind}");
    let label = |what: &str| format!("{} {what} {kind}", who.name);
    let token = who.token.as_deref();
    out.push((
        label("API GET"),
        api_call(app, reqwest::Method::GET, &api, token, None).await,
    ));
    out.push((
        label("API GET page 2"),
        api_call(
            app,
            reqwest::Method::GET,
            &format!("{api}?page=2"),
            token,
            None,
        )
        .await,
    ));
    if token.is_some() {
        out.push((
            label("API POST"),
            api_call(
                app,
                reqwest::Method::POST,
                &api,
                token,
                Some(json!({"body": "让我进去"})),
            )
            .await,
        ));
    }
    out.push((label("page GET"), page_get(&who.browser, &page).await));
    if who.signed_in {
        out.push((
            label("page POST"),
            page_post(&who.browser, &page, "让我进去").await,
        ));
    }
    out
}

/// The same, through the forum's own routes for the thread (`/t/{id}`, `/api/v1/threads/{id}`).
async fn probe_forum_routes(app: &TestApp, who: &Reader, thread: i64) -> Vec<(String, Answer)> {
    let mut out = Vec::new();
    let label = |what: &str| format!("{} {what}", who.name);
    let token = who.token.as_deref();
    out.push((
        label("/t GET"),
        page_get(&who.browser, &format!("/t/{thread}")).await,
    ));
    out.push((
        label("/t floor GET"),
        page_get(&who.browser, &format!("/t/{thread}/1")).await,
    ));
    out.push((
        label("API thread GET"),
        api_call(
            app,
            reqwest::Method::GET,
            &format!("/api/v1/threads/{thread}"),
            token,
            None,
        )
        .await,
    ));
    if who.signed_in {
        out.push((
            label("/t POST"),
            page_post(&who.browser, &format!("/t/{thread}/posts"), "让我进去").await,
        ));
    }
    if token.is_some() {
        out.push((
            label("API thread POST"),
            api_call(
                app,
                reqwest::Method::POST,
                &format!("/api/v1/threads/{thread}/posts"),
                token,
                Some(json!({"body": "让我进去"})),
            )
            .await,
        ));
    }
    out
}

/// The Kiras' thread answers everyone who may not read it exactly alike — before the
/// join, after it (with posts in it), in a game where nobody joined, and exactly as the
/// graveyard answers the living — through the game's routes and the forum's, pages and API.
async fn private_threads_answer_every_non_reader_alike(app: TestApp) {
    let api = Api::new(&app);
    let joined = dealt(&app, "联手局", "j").await;
    let quiet = dealt(&app, "无联手局", "q").await;
    start(&api, &joined).await;
    start(&api, &quiet).await;
    let outsider_token = api.account("outsider").await;
    let outsider = app.browser();
    outsider.login("outsider", "password-123").await;
    let good = app.browser();
    good.login(&joined.names[L], "password-123").await;
    let readers = [
        Reader {
            name: "anonymous",
            token: None,
            browser: app.browser(),
            signed_in: false,
        },
        Reader {
            name: "outsider",
            token: Some(outsider_token),
            browser: outsider,
            signed_in: true,
        },
        Reader {
            name: "good seat",
            token: Some(joined.tokens[L].clone()),
            browser: good,
            signed_in: true,
        },
    ];
    // Through the game's routes, then through the forum's routes for the thread (when it has
    // one: a thread that appeared only at the join would tell of the join by its existence).
    let game_routes = |game: i64| {
        let app = &app;
        let readers = &readers;
        async move {
            let mut all = Vec::new();
            for who in readers {
                // The good seat is seated in the joined game only; elsewhere it is an outsider.
                all.extend(probe(app, who, game, "kira").await);
            }
            all
        }
    };
    let forum_routes = |kira: Option<i64>| {
        let app = &app;
        let readers = &readers;
        async move {
            let mut all = Vec::new();
            for who in readers {
                if let Some(t) = kira {
                    all.extend(probe_forum_routes(app, who, t).await);
                }
            }
            all
        }
    };
    let kira_before = kira_thread(&app, joined.id).await;
    let before = game_routes(joined.id).await;
    let before_forum = forum_routes(kira_before).await;
    let quiet_before = game_routes(quiet.id).await;

    join(&api, &joined).await;
    game_post(&api, &joined, LIGHT, "kira", "今晚动手").await;
    let (s, read) = api
        .get(
            &format!("/api/v1/games/{}/threads/kira", joined.id),
            Some(&joined.tokens[MISA]),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{read}");
    assert!(read.to_string().contains("今晚动手"), "the pair reads it");

    let kira_after = kira_thread(&app, joined.id).await;
    let after = game_routes(joined.id).await;
    let quiet_after = game_routes(quiet.id).await;
    let labels = |v: &[(String, Answer)]| v.iter().map(|(l, _)| l.clone()).collect::<Vec<_>>();
    assert_eq!(labels(&before), labels(&after));
    for ((label, a), (_, b)) in before.iter().zip(&after) {
        assert_eq!(a, b, "{label}: the same before and after the join");
    }
    for ((label, a), (_, b)) in after.iter().zip(&quiet_after) {
        assert_eq!(a, b, "{label}: the same as in a game without a join");
    }
    assert_eq!(
        kira_before, kira_after,
        "the Kiras' thread exists from the start: neither it nor its id appears at the join"
    );
    let after_forum = forum_routes(kira_after).await;
    let quiet_forum = forum_routes(kira_thread(&app, quiet.id).await).await;
    assert_eq!(labels(&before_forum), labels(&after_forum));
    assert_eq!(labels(&after_forum), labels(&quiet_forum));
    for ((label, a), (_, b)) in before_forum.iter().zip(&after_forum) {
        assert_eq!(a, b, "{label}: the same before and after the join");
    }
    for ((label, a), (_, b)) in after_forum.iter().zip(&quiet_forum) {
        assert_eq!(a, b, "{label}: the same as in a game without a join");
    }
    let every = before
        .iter()
        .chain(&after)
        .chain(&quiet_before)
        .chain(&before_forum)
        .chain(&after_forum);
    for (label, a) in every {
        assert!(!a.body.contains("今晚动手"), "{label}: {a:?}");
        assert!(a.status >= 300, "{label}: nothing was read or posted");
    }

    // The graveyard answers the living exactly as the Kiras' thread answers non-readers.
    for who in &readers {
        let kira = probe(&app, who, joined.id, "kira").await;
        let grave = probe(&app, who, joined.id, "graveyard").await;
        for ((label, a), (_, b)) in kira.iter().zip(&grave) {
            assert_eq!(a, b, "{label}: the same as the graveyard");
        }
    }
    let (s, posts) = api
        .get(
            &format!("/api/v1/games/{}/threads/kira", joined.id),
            Some(&joined.tokens[MISA]),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        posts["posts"].as_array().map(Vec::len),
        Some(1),
        "no non-reader's attempt was posted: {posts}"
    );
}

/// Moves the posts' id sequence far from any floor number, so that an id shown anywhere is
/// found by its digits.
async fn push_post_ids_far(app: &TestApp) {
    app.state
        .db(|c| {
            use diesel::connection::SimpleConnection;
            match c {
                maku::db::DbConnection::Sqlite(s) => s.batch_execute(
                    "DELETE FROM sqlite_sequence WHERE name = 'posts';
                     INSERT INTO sqlite_sequence (name, seq) VALUES ('posts', 900000);",
                )?,
                maku::db::DbConnection::Pg(p) => {
                    p.batch_execute("SELECT setval('posts_id_seq', 900000)")?
                }
            }
            Ok(())
        })
        .await
        .expect("db");
}

async fn post_ids(app: &TestApp) -> Vec<i64> {
    app.state
        .db(|c| {
            use diesel::prelude::*;
            use maku::db::schema::posts;
            Ok(posts::table
                .filter(posts::id.gt(900000))
                .select(posts::id)
                .load::<i64>(c)?)
        })
        .await
        .expect("db")
}

fn floors(v: &Value) -> Vec<i64> {
    v["posts"]
        .as_array()
        .expect("posts")
        .iter()
        .map(|p| p["floor"].as_i64().unwrap_or(-1))
        .collect()
}

/// A public post, a post in the Kiras' thread, a public post again, in the game thread
/// and in a forum thread: nothing an outsider (or a public post's author) can fetch shows a
/// gap. Posts are named by their floor in their own thread; the ids, one sequence over every
/// thread, stay inside.
async fn public_numbers_do_not_count_hidden_posts(app: TestApp) {
    let api = Api::new(&app);
    let slug = app.board("talk").await;
    let t = dealt(&app, "楼层局", "f").await;
    push_post_ids_far(&app).await;
    start(&api, &t).await;
    join(&api, &t).await;
    let mut stream = Stream::open(&app, t.id).await;
    let writer = api.account("writer").await;
    let (s, th) = api
        .post(
            &format!("/api/v1/boards/{slug}/threads"),
            &writer,
            json!({"title": "楼层", "body": "一楼"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{th}");
    let forum = th["id"].as_i64().expect("thread");
    let reply = |body: &'static str| {
        let api = &api;
        let writer = &writer;
        async move {
            let (s, b) = api
                .post(
                    &format!("/api/v1/threads/{forum}/posts"),
                    writer,
                    json!({"body": body}),
                )
                .await;
            assert_eq!(s, StatusCode::CREATED, "{b}");
            b
        }
    };
    let mut seen: Vec<(String, String)> = Vec::new();
    seen.push((
        "P1".into(),
        game_post(&api, &t, L, "game", "公开一").await.to_string(),
    ));
    seen.push(("F2".into(), reply("二楼").await.to_string()));
    game_post(&api, &t, LIGHT, "kira", "密谈").await;
    game_post(&api, &t, MISA, "kira", "收到").await;
    seen.push((
        "P2".into(),
        game_post(&api, &t, L, "game", "公开二").await.to_string(),
    ));
    seen.push(("F3".into(), reply("三楼").await.to_string()));

    let anon = app.browser();
    let author = app.browser();
    author.login("writer", "password-123").await;
    let seat = app.browser();
    seat.login(&t.names[L], "password-123").await;
    let g = t.id;
    for (who, b) in [("anonymous", &anon), ("writer", &author), ("seat", &seat)] {
        for path in [
            format!("/games/{g}/threads/game"),
            format!("/games/{g}"),
            format!("/t/{forum}"),
            format!("/b/{slug}"),
            "/b/games".to_string(),
            "/games".to_string(),
            format!("/games/{g}/feed.atom"),
            format!("/b/{slug}/feed.atom"),
            "/b/games/feed.atom".to_string(),
        ] {
            let p = b.get(&path).await;
            assert_eq!(p.status, StatusCode::OK, "{path}");
            seen.push((format!("{who} {path}"), p.body));
        }
    }
    for path in [
        format!("/api/v1/games/{g}/threads/game"),
        format!("/api/v1/games/{g}"),
        format!("/api/v1/threads/{forum}"),
        format!("/api/v1/boards/{slug}/threads"),
        "/api/v1/boards/games/threads".to_string(),
    ] {
        let (s, v) = api.get(&path, None).await;
        assert_eq!(s, StatusCode::OK, "{path}");
        seen.push((path, v.to_string()));
    }
    let mut updates = String::new();
    while let Some(u) = stream.next_update(Duration::from_secs(5)).await {
        updates.push_str(&u);
        updates.push('\n');
    }
    seen.push(("the live stream".into(), updates.clone()));
    let ids = post_ids(&app).await;
    assert!(ids.len() >= 7, "{ids:?}");
    for (what, text) in &seen {
        for id in &ids {
            assert!(
                !text.contains(&id.to_string()),
                "{what} shows the post id {id}, which counts hidden posts: {text}"
            );
        }
    }
    // Floors count the thread's own posts: no gap where the Kiras talked.
    let (_, game_thread) = api
        .get(&format!("/api/v1/games/{g}/threads/game"), None)
        .await;
    assert_eq!(floors(&game_thread), vec![1, 2, 3], "{game_thread}");
    let (_, forum_thread) = api.get(&format!("/api/v1/threads/{forum}"), None).await;
    assert_eq!(floors(&forum_thread), vec![1, 2, 3], "{forum_thread}");
    assert!(
        updates.ends_with("data: {\"act\":1,\"floor\":3}\n"),
        "{updates}"
    );

    // Quotes, permalinks, edits and notifications name posts by floor too.
    let reader = api.account("reader").await;
    let (s, q) = api
        .post(
            &format!("/api/v1/threads/{forum}/posts"),
            &reader,
            json!({"body": "引用一楼", "quote": 1}),
        )
        .await;
    assert_eq!((s, q.clone()), (StatusCode::CREATED, json!({"floor": 4})));
    let (_, forum_thread) = api.get(&format!("/api/v1/threads/{forum}"), None).await;
    assert_eq!(forum_thread["posts"][3]["quoted_floor"], json!(1));
    maku::notify::tick(&app.state).await.expect("notify");
    let (_, notes) = api.get("/api/v1/notifications", Some(&writer)).await;
    assert_eq!(
        notes["notifications"][0]["href"],
        json!(format!("/t/{forum}/4")),
        "{notes}"
    );
    // Nor a notification's row id: the answers to the Kiras' actions took ids between.
    let keys: Vec<&String> = notes["notifications"][0]
        .as_object()
        .map(|o| o.keys().collect())
        .unwrap_or_default();
    assert_eq!(
        keys,
        ["created_at", "href", "kind", "read", "text"]
            .iter()
            .collect::<Vec<_>>(),
        "{notes}"
    );
    let permalink = anon.get(&format!("/t/{forum}/4")).await;
    assert_eq!(permalink.status, StatusCode::OK);
    assert!(permalink.body.contains(r#"id="p4""#), "{}", permalink.body);
    let edit = author.get(&format!("/t/{forum}/1/edit")).await;
    assert_eq!(edit.status, StatusCode::OK, "{}", edit.body);
    let (s, b) = api
        .call(
            reqwest::Method::PATCH,
            &format!("/api/v1/threads/{forum}/posts/1"),
            Some(&writer),
            Some(json!({"body": "一楼（改）"})),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    // Not on the forum's pages for a game thread: there, the author is a game ID and the thread
    // may be private. The forum's address leads to the game's history page,
    // which keeps the thread's reading rules: the judge reads the Kiras' thread, anyone else
    // gets one answer whatever the floor.
    let admin = app.admin().await;
    let kira = kira_thread(&app, g).await.expect("the Kiras' thread");
    for floor in [1, 2, 99] {
        let h = admin.get(&format!("/t/{kira}/{floor}/history")).await;
        assert!(
            h.url
                .ends_with(&format!("/games/{g}/threads/kira/{floor}/history")),
            "{}",
            h.url
        );
        let h = anon.get(&format!("/t/{kira}/{floor}/history")).await;
        assert_eq!(h.status, StatusCode::FORBIDDEN, "{}", h.body);
        assert!(!h.body.contains("密谈") && !h.body.contains("收到"));
    }

    // Floors are given race-free: twelve replies at once (three by each of four accounts) take
    // twelve floors.
    let mut posters = vec![reader, writer];
    for name in ["racer1", "racer2"] {
        posters.push(api.account(name).await);
    }
    let many = futures_util::future::join_all((0..12).map(|i| {
        let api = &api;
        let poster = &posters[i % posters.len()];
        async move {
            api.post(
                &format!("/api/v1/threads/{forum}/posts"),
                poster,
                json!({"body": format!("第{i}条")}),
            )
            .await
        }
    }))
    .await;
    let mut got: Vec<i64> = many
        .iter()
        .map(|(s, b)| {
            assert_eq!(*s, StatusCode::CREATED, "{b}");
            b["floor"].as_i64().expect("floor")
        })
        .collect();
    got.sort_unstable();
    assert_eq!(got, (5..=16).collect::<Vec<i64>>());
}

/// A page with the value of each CSRF field blanked: the token is masked afresh in every
/// response, so two looks at an unchanged page differ only there.
fn without_tokens(body: &str) -> String {
    let marker = r#"name="csrf" value=""#;
    let mut out = String::new();
    let mut rest = body;
    while let Some(at) = rest.find(marker) {
        let start = at + marker.len();
        out.push_str(&rest[..start]);
        rest = &rest[start..];
        rest = &rest[rest.find('"').unwrap_or(0)..];
    }
    out.push_str(rest);
    out
}

/// The boards: the games board lists no private thread, so no post count, time or
/// order there moves when the dead talk in the graveyard or the Kiras in theirs.
async fn the_board_shows_nothing_of_private_threads(app: TestApp) {
    let api = Api::new(&app);
    let t = dealt(&app, "墓地局", "g").await;
    start(&api, &t).await;
    join(&api, &t).await;
    // Everyone votes L out; L then writes in the graveyard.
    for (i, token) in t.tokens.iter().enumerate() {
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{}/actions", t.id),
                token,
                json!({"type": "vote", "targets": [CAST[L]]}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{i}: {b}");
    }
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/resolve", t.id),
            &t.admin,
            json!({"act": 1}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let outsider = app.browser();
    outsider.login(&t.names[MISA], "password-123").await;
    let snapshot = || {
        let app = &app;
        let api = &api;
        let outsider = &outsider;
        async move {
            let mut all = Vec::new();
            for path in ["/b/games", "/"] {
                all.push(without_tokens(&app.browser().get(path).await.body));
                all.push(without_tokens(&outsider.get(path).await.body));
            }
            for path in ["/api/v1/boards/games/threads", "/api/v1/boards"] {
                all.push(api.get(path, None).await.1.to_string());
            }
            all
        }
    };
    let before = snapshot().await;
    // Time passes between the two looks, as it would for a watcher.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    game_post(&api, &t, L, "graveyard", "我是好人啊").await;
    game_post(&api, &t, LIGHT, "kira", "下一个").await;
    let after = snapshot().await;
    for (a, b) in before.iter().zip(&after) {
        assert_eq!(a, b, "the boards do not move with private threads");
    }
    let (_, listed) = api.get("/api/v1/boards/games/threads", None).await;
    assert!(
        listed["threads"]
            .as_array()
            .is_some_and(|l| l.iter().any(|t| t["title"] == json!("墓地局 · 游戏帖"))),
        "the game thread is listed: {listed}"
    );
}
