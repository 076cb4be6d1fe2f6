//! Issue 30 item 3: with instances sharing PostgreSQL, the sign-in, sign-up, posting and action
//! limits hold for the whole site: three instances do not triple a limit. The budgets are rows
//! of `rate_limits`, and the hourly housekeeping deletes the spent ones. On SQLite (one process
//! per database) the limits stay in the process's memory, as before; `bounds` and
//! `account_trust` test them there in full.
//!
//! Every instance sees the test client at 127.0.0.1: one address for the per-address limits.

use crate::helpers::{Api, Backend, TestApp, client, spawn_with, started_game};
use diesel::{ExpressionMethods, QueryDsl, RunQueryDsl, TextExpressionMethods};
use maku::config::Settings;
use maku::db::schema_limits::rate_limits;
use reqwest::StatusCode;
use serde_json::{Value, json};

const PASSWORD: &str = "password-123";

/// Three posts and three actions a minute (a post every 20 s after the burst).
fn writes(s: &mut Settings) {
    s.posts_per_minute = 3;
    s.actions_per_minute = 3;
}

/// Per address: six sign-in attempts and two sign-ups an hour; per account name: two attempts.
fn sign_ins(s: &mut Settings) {
    s.sign_in_burst_per_address = 6;
    s.sign_in_burst_per_account = 2;
    s.sign_up_burst_per_address = 2;
}

/// `app` and two more instances on its database, with the same settings: their base URLs.
async fn three(app: &TestApp, tweak: fn(&mut Settings)) -> Vec<String> {
    let mut bases = vec![app.base.clone()];
    for _ in 0..2 {
        let (base, _) = app.another_instance(app.clock.now_utc(), tweak).await;
        bases.push(base);
    }
    bases
}

/// A JSON POST to the instance at `base`: its status, its Retry-After in seconds and its body.
async fn post(
    http: &reqwest::Client,
    base: &str,
    path: &str,
    token: Option<&str>,
    body: Value,
) -> (StatusCode, Option<u64>, Value) {
    let mut req = http.post(format!("{base}{path}")).json(&body);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let r = req.send().await.expect("POST");
    let status = r.status();
    let wait = r
        .headers()
        .get("Retry-After")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok());
    let text = r.text().await.expect("body");
    let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, wait, body)
}

/// A refusal for writing too fast: 429, `rate_limited`, and a wait no longer than one post's
/// refill (20 s).
fn assert_too_fast(base: &str, (status, wait, body): (StatusCode, Option<u64>, Value)) {
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{base}: {body}");
    assert_eq!(body["error"], "rate_limited", "{body}");
    let wait = wait.expect("Retry-After in seconds");
    assert!((1..=20).contains(&wait), "{base}: Retry-After {wait}");
}

/// Rows of `rate_limits` whose key starts with `prefix`.
fn rows(app: &TestApp, prefix: &str) -> i64 {
    let mut c = app.state.pool.get().expect("a connection");
    rate_limits::table
        .filter(rate_limits::bucket.like(format!("{prefix}%")))
        .count()
        .get_result(&mut c)
        .expect("count")
}

#[actix_web::test]
async fn posts_and_actions_are_limited_for_the_whole_site() {
    let Some(app) = spawn_with(Backend::Postgres, writes).await else {
        eprintln!("MAKU_TEST_PG_URL is not set: PostgreSQL run skipped");
        return;
    };
    let bases = three(&app, writes).await;
    let http = client().build().expect("client");
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let poster = api.account("poster").await;
    let (s, b) = api
        .post(
            "/api/v1/boards",
            &admin,
            json!({"slug": "talk", "title": "闲聊"}),
        )
        .await;
    assert!(s.is_success(), "{b}");

    // Round robin over the three instances: a thread and two replies spend the poster's three…
    let (s, _, b) = post(
        &http,
        &bases[0],
        "/api/v1/boards/talk/threads",
        Some(&poster),
        json!({"title": "三处", "body": "一"}),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let thread = b["id"].as_i64().expect("thread");
    let replies = format!("/api/v1/threads/{thread}/posts");
    for (n, base) in bases[1..].iter().enumerate() {
        let (s, _, b) = post(
            &http,
            base,
            &replies,
            Some(&poster),
            json!({"body": format!("回复 {n}")}),
        )
        .await;
        assert_eq!(s, StatusCode::CREATED, "{base}: {b}");
    }
    // …and the fourth is refused by every instance, with the wait.
    for base in &bases {
        let answer = post(
            &http,
            base,
            &replies,
            Some(&poster),
            json!({"body": "第四条"}),
        )
        .await;
        assert_too_fast(base, answer);
    }
    // Another account has a budget of its own; nothing refused was written.
    let (s, _, b) = post(
        &http,
        &bases[2],
        &replies,
        Some(&admin),
        json!({"body": "管理员"}),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let (_, t) = api.get(&format!("/api/v1/threads/{thread}"), None).await;
    assert_eq!(t["posts"].as_array().map(Vec::len), Some(4), "{t}");

    // Actions: three per seat a minute, whichever instances take them.
    let g = started_game(&app, "s", json!({})).await;
    let actions = format!("/api/v1/games/{}/actions", g.id);
    let vote = json!({"type": "vote", "targets": [g.names[1]]});
    for base in &bases {
        let (s, _, b) = post(&http, base, &actions, Some(&g.players[0]), vote.clone()).await;
        assert_eq!(s, StatusCode::OK, "{base}: {b}");
    }
    for base in &bases {
        let answer = post(&http, base, &actions, Some(&g.players[0]), vote.clone()).await;
        assert_too_fast(base, answer);
    }
    let (s, _, b) = post(&http, &bases[1], &actions, Some(&g.players[1]), vote).await;
    assert_eq!(s, StatusCode::OK, "another seat: {b}");

    // The budgets are rows of the shared database; housekeeping deletes the spent ones only.
    assert_eq!(rows(&app, "post:"), 2, "the poster's and the admin's");
    assert_eq!(rows(&app, "action:"), 2, "two seats");
    {
        let mut c = app.state.pool.get().expect("a connection");
        let past = chrono::Utc::now().naive_utc() - chrono::Duration::minutes(5);
        diesel::insert_into(rate_limits::table)
            .values((rate_limits::bucket.eq("post:0"), rate_limits::tat.eq(past)))
            .execute(&mut c)
            .expect("an old key");
    }
    assert_eq!(rows(&app, "post:"), 3);
    maku::scheduler::housekeeping(&app.state)
        .await
        .expect("housekeeping");
    assert_eq!(rows(&app, "post:0"), 0, "a whole budget is deleted");
    assert_eq!(rows(&app, "post:"), 2, "spent budgets stay");
    assert_eq!(rows(&app, "action:"), 2);
}

#[actix_web::test]
async fn sign_ins_and_sign_ups_are_limited_for_the_whole_site() {
    let Some(app) = spawn_with(Backend::Postgres, sign_ins).await else {
        eprintln!("MAKU_TEST_PG_URL is not set: PostgreSQL run skipped");
        return;
    };
    let bases = three(&app, sign_ins).await;
    let http = client().build().expect("client");
    let creds = |name: &str| json!({"username": name, "password": PASSWORD});

    // Sign-ups: two an hour from this address, on all the instances together.
    let mut statuses = Vec::new();
    for (base, name) in bases.iter().zip(["ua", "ub", "uc"]) {
        let (s, wait, b) = post(&http, base, "/api/v1/accounts", None, creds(name)).await;
        if s == StatusCode::TOO_MANY_REQUESTS {
            assert!(wait.is_some(), "Retry-After");
            assert_eq!(b["error"], "rate_limited", "{b}");
        }
        statuses.push(s);
    }
    let (created, refused) = (StatusCode::CREATED, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(statuses, [created, created, refused]);

    // Per account name: two attempts, wherever they land; the third is refused.
    let mut statuses = Vec::new();
    for base in &bases {
        let (s, _, _) = post(&http, base, "/api/v1/tokens", None, creds("ua")).await;
        statuses.push(s);
    }
    assert_eq!(statuses, [StatusCode::OK, StatusCode::OK, refused]);

    // Per address: six attempts an hour (the three above included, the refused one too, as in
    // memory), then every instance refuses, whatever the name.
    let mut statuses = Vec::new();
    for (n, base) in bases.iter().cycle().take(6).enumerate() {
        let name = format!("nobody{n}");
        let (s, _, _) = post(&http, base, "/api/v1/tokens", None, creds(&name)).await;
        statuses.push(s);
    }
    let unknown = StatusCode::UNAUTHORIZED;
    assert_eq!(
        statuses,
        [unknown, unknown, unknown, refused, refused, refused]
    );
    assert_eq!(rows(&app, "signin-addr:127.0.0.1"), 1);
}

/// On SQLite the limits are kept in memory, as before the shared store: the same refusals, and
/// `rate_limits` stays empty.
#[actix_web::test]
async fn on_sqlite_the_limits_stay_in_memory() {
    let app = spawn_with(Backend::Sqlite, writes)
        .await
        .expect("sqlite app");
    let http = client().build().expect("client");
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let poster = api.account("poster").await;
    let (s, b) = api
        .post(
            "/api/v1/boards",
            &admin,
            json!({"slug": "talk", "title": "闲聊"}),
        )
        .await;
    assert!(s.is_success(), "{b}");
    let (s, _, b) = post(
        &http,
        &app.base,
        "/api/v1/boards/talk/threads",
        Some(&poster),
        json!({"title": "一处", "body": "一"}),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let replies = format!("/api/v1/threads/{}/posts", b["id"]);
    for n in 0..2 {
        let body = json!({"body": format!("回复 {n}")});
        let (s, _, b) = post(&http, &app.base, &replies, Some(&poster), body).await;
        assert_eq!(s, StatusCode::CREATED, "{b}");
    }
    let answer = post(
        &http,
        &app.base,
        &replies,
        Some(&poster),
        json!({"body": "第四条"}),
    )
    .await;
    assert_too_fast(&app.base, answer);
    assert_eq!(rows(&app, ""), 0, "nothing kept in the database");
}
