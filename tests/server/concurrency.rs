//! Concurrent requests on one database: a double "resolve now" resolves one act, on
//! one instance or two; a judge's form from an earlier act changes nothing; 16 games created at
//! once on an empty database all succeed with one games board; a locked SQLite database
//! answers 503 with `Retry-After` and writes nothing.

use crate::helpers::{Api, Backend, StartedGame, TestApp, spawn_with, started_game};
use crate::on_both_backends;
use diesel::{Connection, QueryDsl, RunQueryDsl, connection::SimpleConnection};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

on_both_backends!(
    a_double_resolve_resolves_one_act_on_one_instance_or_two,
    a_judges_request_for_an_earlier_act_changes_nothing,
    sixteen_games_created_at_once_on_an_empty_database,
);

/// Every living seat votes so that three seats tie with two ballots each (DN-15: nobody is voted
/// out) and nobody is out for a missing ballot (DN-16): the game goes on to the next act.
async fn tie_votes(app: &TestApp, g: &StartedGame) {
    let api = Api::new(app);
    for (i, t) in g.players.iter().enumerate() {
        let target = &g.names[[1, 2, 0, 1, 2, 0][i]];
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{}/actions", g.id),
                t,
                json!({"type": "vote", "targets": [target]}),
            )
            .await;
        // A seat that is out (a Kira out for a missing notebook act) is refused: fine.
        assert!(s == StatusCode::OK || s == StatusCode::CONFLICT, "{s}: {b}");
    }
}

async fn post_json(url: String, token: &str, body: Value) -> (StatusCode, Value) {
    let resp = crate::helpers::client()
        .build()
        .expect("client")
        .post(url)
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .expect("request");
    let status = resp.status();
    let text = resp.text().await.expect("body");
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

/// The two answers of a concurrent pair, the success first.
fn one_wins(a: (StatusCode, Value), b: (StatusCode, Value)) -> [(StatusCode, Value); 2] {
    let mut both = [a, b];
    both.sort_by_key(|(s, _)| s.as_u16());
    both
}

async fn a_double_resolve_resolves_one_act_on_one_instance_or_two(app: TestApp) {
    let g = started_game(&app, "c", json!({})).await;
    let api = Api::new(&app);
    tie_votes(&app, &g).await;
    let url = app.url(&format!("/api/v1/games/{}/resolve", g.id));

    // Two clicks on one instance, both for act 1.
    let (a, b) = tokio::join!(
        post_json(url.clone(), &g.admin, json!({"act": 1})),
        post_json(url.clone(), &g.admin, json!({"act": 1})),
    );
    let [won, lost] = one_wins(a, b);
    assert_eq!(won, (StatusCode::OK, json!({"act": 2})), "{lost:?}");
    assert_eq!(lost.0, StatusCode::CONFLICT, "{lost:?}");
    assert_eq!(lost.1["error"], "already_resolved", "{lost:?}");
    // Act 2 is open with its deadline (an hour away), and act 1 was posted once.
    let (_, public) = api.get(&format!("/api/v1/games/{}", g.id), None).await;
    assert_eq!(public["act"], 2, "{public}");
    assert_eq!(public["status"], "running", "{public}");
    let deadline = chrono::NaiveDateTime::parse_from_str(
        public["deadline"].as_str().expect("act 2 has a deadline"),
        "%Y-%m-%dT%H:%M:%SZ",
    )
    .expect("an ISO deadline");
    assert!(
        deadline > app.clock.now_utc() + chrono::Duration::minutes(30),
        "{deadline}"
    );
    assert_eq!(Api::new(&app).posted_acts(g.id).await, [1]);
    assert_eq!(Api::new(&app).resolved_acts(g.id, &g.admin).await, [1]);

    // One call to each of two instances on the same database, both for act 2.
    let (other, _) = app.another_instance(app.clock.now_utc(), |_| {}).await;
    tie_votes(&app, &g).await;
    let (a, b) = tokio::join!(
        post_json(url.clone(), &g.admin, json!({"act": 2})),
        post_json(
            format!("{other}/api/v1/games/{}/resolve", g.id),
            &g.admin,
            json!({"act": 2})
        ),
    );
    let [won, lost] = one_wins(a, b);
    // The Kiras never act: the second is out for it at resolution 2 (DN-6) and good wins, so
    // the answer names the act that ended the game, not an act 3.
    assert_eq!(
        won,
        (StatusCode::OK, json!({"act": 2, "over": true})),
        "{lost:?}"
    );
    assert_eq!(lost.0, StatusCode::CONFLICT, "{lost:?}");
    assert_eq!(lost.1["error"], "already_resolved", "{lost:?}");
    assert_eq!(Api::new(&app).posted_acts(g.id).await, [1, 2]);
    assert_eq!(Api::new(&app).resolved_acts(g.id, &g.admin).await, [1, 2]);
}

async fn a_judges_request_for_an_earlier_act_changes_nothing(app: TestApp) {
    let g = started_game(&app, "c", json!({})).await;
    let api = Api::new(&app);
    let base = format!("/api/v1/games/{}", g.id);
    tie_votes(&app, &g).await;

    // The judge's console, opened during act 1; act 1 resolves by its own form.
    let admin = app.admin().await;
    let path = format!("/games/{}/console", g.id);
    let stale = admin.get(&path).await;
    assert_eq!(stale.hidden("act"), "1");
    let csrf = stale.csrf();
    let p = admin
        .post(
            &format!("{path}/resolve"),
            &[("csrf", &csrf), ("act", "1"), ("confirm", "yes")],
        )
        .await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    let (_, before) = api.get(&base, None).await;
    assert_eq!(before["act"], 2, "{before}");

    // Every form of the page left open since act 1: refused with the reason, nothing changes.
    let forms: [(&str, Vec<(&str, &str)>); 5] = [
        // The irreversible ones confirmed, as the page asks.
        ("resolve", vec![("confirm", "yes")]),
        ("deadline", vec![("deadline", ""), ("extend_minutes", "15")]),
        ("pause", vec![]),
        ("resume", vec![]),
        (
            "end",
            vec![("reason", "法官结束"), ("winner", ""), ("confirm", "yes")],
        ),
    ];
    for (action, fields) in &forms {
        let mut form = vec![("csrf", csrf.as_str()), ("act", "1")];
        form.extend(fields.iter().copied());
        let p = admin.post(&format!("{path}/{action}"), &form).await;
        p.assert_back_at(&path);
        assert!(
            p.body.contains("这一幕已经结算过了"),
            "{action} shows the refusal: {}",
            p.body
        );
    }
    // The same through the API, and an act that has not opened yet.
    for (action, extra) in [
        ("resolve", json!({})),
        ("deadline", json!({"extend_minutes": 15})),
        ("pause", json!({})),
        ("resume", json!({})),
        ("end", json!({"reason": "法官结束"})),
    ] {
        for (act, code) in [(1, "already_resolved"), (3, "act_not_open")] {
            let mut body = extra.clone();
            body["act"] = json!(act);
            let (s, b) = api.post(&format!("{base}/{action}"), &g.admin, body).await;
            assert_eq!(s, StatusCode::CONFLICT, "{action} act {act}: {b}");
            assert_eq!(b["error"], code, "{action} act {act}: {b}");
        }
        // The act is required and a number: 400.
        for body in [extra.clone(), {
            let mut b = extra.clone();
            b["act"] = json!("2");
            b
        }] {
            let (s, b) = api
                .post(&format!("{base}/{action}"), &g.admin, body.clone())
                .await;
            assert_eq!(s, StatusCode::BAD_REQUEST, "{action} {body}: {b}");
        }
    }
    let (s, b) = api
        .call(
            reqwest::Method::POST,
            &format!("{base}/resolve"),
            Some(&g.admin),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "no body: {b}");

    let (_, after) = api.get(&base, None).await;
    for key in [
        "act",
        "deadline",
        "paused",
        "status",
        "winner",
        "ended_reason",
    ] {
        assert_eq!(after[key], before[key], "{key}");
    }
    assert_eq!(Api::new(&app).posted_acts(g.id).await, [1]);
    assert_eq!(Api::new(&app).resolved_acts(g.id, &g.admin).await, [1]);

    // The console as it is now (act 2) still works.
    let page = admin.get(&path).await;
    assert_eq!(page.hidden("act"), "2");
    let p = admin
        .post(
            &format!("{path}/pause"),
            &[("csrf", &page.csrf()), ("act", &page.hidden("act"))],
        )
        .await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
}

async fn sixteen_games_created_at_once_on_an_empty_database(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let (_, boards) = api.get("/api/v1/boards", None).await;
    assert_eq!(
        boards["boards"],
        json!([]),
        "an empty database has no board"
    );
    let url = app.url("/api/v1/games");
    let answers = futures_util::future::join_all((0..16).map(|i| {
        post_json(
            url.clone(),
            &admin,
            json!({"title": format!("同时开局 {i}"), "variant": "deathnote"}),
        )
    }))
    .await;
    for (s, b) in &answers {
        assert_eq!(*s, StatusCode::CREATED, "{b}");
    }
    let (_, boards) = api.get("/api/v1/boards", None).await;
    let slugs: Vec<&str> = boards["boards"]
        .as_array()
        .expect("boards")
        .iter()
        .filter_map(|b| b["slug"].as_str())
        .collect();
    assert_eq!(slugs, ["games"], "one games board");
    let (_, games) = api.get("/api/v1/games", None).await;
    assert_eq!(games["games"].as_array().map(Vec::len), Some(16));
}

/// SQLite only: a second process (here: a second connection) holds the write lock for longer
/// than the busy timeout and the retries. An action is answered 503 with `Retry-After`, and
/// nothing is written; once the lock is gone the same request succeeds.
#[actix_web::test]
async fn a_locked_sqlite_database_answers_503_and_writes_nothing() {
    let app = spawn_with(Backend::Sqlite, |s| {
        s.sqlite_busy_timeout = Duration::from_millis(100);
    })
    .await
    .expect("sqlite app");
    let g = started_game(&app, "c", json!({})).await;
    let path = app
        .database_url
        .strip_prefix("sqlite://")
        .expect("a SQLite URL")
        .to_string();
    let mut other = diesel::SqliteConnection::establish(&path).expect("a second connection");
    let events = |c: &mut diesel::SqliteConnection| -> i64 {
        use diesel::ExpressionMethods;
        use maku::db::schema::game_events::dsl::{game_events, game_id};
        game_events
            .filter(game_id.eq(g.id))
            .count()
            .get_result(c)
            .expect("count")
    };
    let before = events(&mut other);
    other
        .batch_execute("BEGIN IMMEDIATE")
        .expect("the second connection takes the write lock");

    let url = app.url(&format!("/api/v1/games/{}/actions", g.id));
    let vote = json!({"type": "vote", "targets": [g.names[1]]});
    let started = Instant::now();
    let resp = crate::helpers::client()
        .build()
        .expect("client")
        .post(&url)
        .bearer_auth(&g.players[0])
        .json(&vote)
        .send()
        .await
        .expect("request");
    let waited = started.elapsed();
    let status = resp.status();
    let retry_after = resp
        .headers()
        .get("Retry-After")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let body: Value = resp.json().await.expect("a JSON error");
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(body["error"], "database_busy", "{body}");
    assert!(
        retry_after
            .as_deref()
            .and_then(|s| s.parse::<u64>().ok())
            .is_some_and(|secs| secs > 0),
        "{retry_after:?}"
    );
    // Three waits of the busy timeout and two pauses: bounded, well under the client's patience.
    assert!(waited >= Duration::from_millis(300), "{waited:?}");
    assert!(waited < Duration::from_secs(5), "{waited:?}");
    eprintln!("locked database: 503 after {waited:?}");
    assert_eq!(events(&mut other), before, "nothing written");
    other.batch_execute("ROLLBACK").expect("release the lock");

    let (s, b) = Api::new(&app)
        .post(
            &format!("/api/v1/games/{}/actions", g.id),
            &g.players[0],
            vote,
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(events(&mut other), before + 1);
}
