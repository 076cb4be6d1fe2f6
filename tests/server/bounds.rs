//! Bounded input: an action carries only what the engine understands, and the log keeps only that;
//! actions and posts are limited per minute; a body key an endpoint does not know is
//! `400 unknown_field`; options the engine refuses are refused at creation.

use crate::helpers::{Api, Backend, StartedGame, TestApp, spawn_with, started_game};
use crate::on_both_backends;
use maku::config::Settings;
use reqwest::StatusCode;
use serde_json::{Value, json};

on_both_backends!(
    unknown_action_fields_are_refused_and_the_log_keeps_what_the_engine_understood,
    unknown_keys_in_api_bodies_are_400_and_do_nothing,
    options_the_engine_refuses_are_400_at_creation,
);

/// Tight write limits: three actions per seat and two posts per account a minute.
fn tight(s: &mut Settings) {
    s.actions_per_minute = 3;
    s.posts_per_minute = 2;
}

mod sqlite_tight {
    #[actix_web::test]
    async fn actions_and_posts_are_capped_per_minute_with_retry_after() {
        let app = super::spawn_with(super::Backend::Sqlite, super::tight)
            .await
            .expect("sqlite app");
        super::actions_and_posts_are_capped_per_minute_with_retry_after(app).await;
    }
}

mod postgres_tight {
    #[actix_web::test]
    async fn actions_and_posts_are_capped_per_minute_with_retry_after() {
        match super::spawn_with(super::Backend::Postgres, super::tight).await {
            Some(app) => super::actions_and_posts_are_capped_per_minute_with_retry_after(app).await,
            None => eprintln!("MAKU_TEST_PG_URL is not set: PostgreSQL run skipped"),
        }
    }
}

/// The action objects of the game's `submitted` events, in order, with their seats.
async fn stored_actions(app: &TestApp, g: &StartedGame) -> Vec<(String, Value)> {
    let (s, audit) = Api::new(app)
        .get(&format!("/api/v1/games/{}/audit", g.id), Some(&g.admin))
        .await;
    assert_eq!(s, StatusCode::OK, "{audit}");
    audit["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter(|e| e["kind"] == "submitted")
        .map(|e| {
            (
                e["payload"]["by"].as_str().unwrap_or("").to_string(),
                e["payload"]["action"].clone(),
            )
        })
        .collect()
}

async fn unknown_action_fields_are_refused_and_the_log_keeps_what_the_engine_understood(
    app: TestApp,
) {
    let g = started_game(&app, "b", json!({})).await;
    let api = Api::new(&app);
    let actions = format!("/api/v1/games/{}/actions", g.id);
    let pad = "x".repeat(200_000);
    for (forged, field) in [
        (
            json!({"type": "vote", "targets": [g.names[0]], "pad": pad}),
            "pad",
        ),
        (
            json!({"type": "vote", "targets": [g.names[0]], "by": g.names[2]}),
            "by",
        ),
        (json!({"type": "eye_request", "seat": 3}), "seat"),
    ] {
        let (s, b) = api.post(&actions, &g.players[1], forged).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{field}: {b}");
        assert_eq!(b["error"], "unknown_field", "{b}");
        assert!(
            b["message"].as_str().is_some_and(|m| m.contains(field)),
            "the message names the field: {b}"
        );
    }
    // A known optional field given as null parses; the log keeps the parsed form.
    let (s, b) = api
        .post(
            &actions,
            &g.players[1],
            json!({"type": "pass", "notebook": null}),
        )
        .await;
    assert!(s == StatusCode::OK || s == StatusCode::CONFLICT, "{s} {b}");
    let vote = json!({"type": "vote", "targets": [g.names[0]]});
    let (s, b) = api.post(&actions, &g.players[1], vote.clone()).await;
    assert_eq!(s, StatusCode::OK, "{b}");

    let stored = stored_actions(&app, &g).await;
    assert_eq!(
        stored,
        vec![
            (g.names[1].clone(), json!({"type": "pass"})),
            (g.names[1].clone(), vote.clone()),
        ],
        "refused bodies leave nothing; accepted ones are stored as understood"
    );
    // The seat's own record shows the same objects.
    let (_, me) = api
        .get(&format!("/api/v1/games/{}/me", g.id), Some(&g.players[1]))
        .await;
    let mine: Vec<&Value> = me["private"]
        .as_array()
        .expect("private")
        .iter()
        .filter_map(|l| l.get("action"))
        .collect();
    assert_eq!(mine, vec![&json!({"type": "pass"}), &vote], "{me}");
}

async fn unknown_keys_in_api_bodies_are_400_and_do_nothing(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "t", "variant": "deathnote", "act_minute": 5}),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{b}");
    assert_eq!(b["error"], "unknown_field");
    assert!(
        b["message"]
            .as_str()
            .is_some_and(|m| m.contains("act_minute"))
    );
    let (_, list) = api.get("/api/v1/games", None).await;
    assert_eq!(list["games"], json!([]), "no game was created");

    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "t", "variant": "deathnote"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    for i in 0..6 {
        let t = api.account(&format!("k{i}")).await;
        api.post(&format!("/api/v1/games/{id}/signup"), &t, json!({}))
            .await;
    }
    // A typo of `setup` must not start a random deal.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/start"),
            &admin,
            json!({"setpu": 1}),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{b}");
    assert_eq!(b["error"], "unknown_field");
    let (_, game) = api.get(&format!("/api/v1/games/{id}"), None).await;
    assert_eq!(game["status"], "signup", "the game did not start");

    // The same everywhere a body is read.
    let (s, b) = api
        .call(
            reqwest::Method::POST,
            "/api/v1/accounts",
            None,
            Some(json!({"username": "zed", "password": "password-123", "role": "admin"})),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{b}");
    assert_eq!(b["error"], "unknown_field");
    let (s, _) = api
        .call(
            reqwest::Method::POST,
            "/api/v1/tokens",
            None,
            Some(json!({"username": "zed", "password": "password-123"})),
        )
        .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "no account was made");
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/deadline"),
            &admin,
            json!({"extend_minutes": 5, "force": true}),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{b}");
    assert_eq!(b["error"], "unknown_field");
    let (s, b) = api
        .post(
            "/api/v1/boards",
            &admin,
            json!({"slug": "news", "title": "News", "public": false}),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{b}");
    assert_eq!(b["error"], "unknown_field");
    // Without the typo the game starts.
    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/start"), &admin, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
}

async fn options_the_engine_refuses_are_400_at_creation(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    for (options, named) in [
        (json!({"redistribute": "yes"}), "boolean"),
        (json!({"speed": 2}), "speed"),
        (json!(["redistribute"]), "object"),
    ] {
        let (s, b) = api
            .post(
                "/api/v1/games",
                &admin,
                json!({"title": "t", "variant": "deathnote", "options": options}),
            )
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{options}: {b}");
        assert!(
            b["message"].as_str().is_some_and(|m| m.contains(named)),
            "{options}: {b}"
        );
    }
    let (_, list) = api.get("/api/v1/games", None).await;
    assert_eq!(list["games"], json!([]), "no game that could never start");
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "t", "variant": "deathnote", "options": {"redistribute": false}}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
}

async fn actions_and_posts_are_capped_per_minute_with_retry_after(app: TestApp) {
    let g = started_game(&app, "b", json!({})).await;
    let api = Api::new(&app);
    let actions = app.url(&format!("/api/v1/games/{}/actions", g.id));
    let vote = json!({"type": "vote", "targets": [g.names[1]]});
    let send = |token: &str| {
        api.client
            .post(&actions)
            .bearer_auth(token)
            .json(&vote)
            .send()
    };
    for _ in 0..3 {
        let r = send(&g.players[0]).await.expect("POST");
        assert_eq!(r.status(), StatusCode::OK);
    }
    let r = send(&g.players[0]).await.expect("POST");
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = r
        .headers()
        .get("Retry-After")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("Retry-After in seconds");
    assert!((1..=60).contains(&wait), "{wait}");
    let b: Value = r.json().await.expect("JSON");
    assert_eq!(b["error"], "rate_limited");
    assert!(
        b["message"]
            .as_str()
            .is_some_and(|m| m.contains(&wait.to_string()))
    );
    // Another seat has its own allowance; the refused action left no trace in the log.
    assert_eq!(
        send(&g.players[1]).await.expect("POST").status(),
        StatusCode::OK
    );
    let by_first = stored_actions(&app, &g)
        .await
        .into_iter()
        .filter(|(by, _)| *by == g.names[0])
        .count();
    assert_eq!(by_first, 3);

    // Posts: two a minute per account, in the game thread through the API…
    let thread = format!("/api/v1/games/{}/threads/game", g.id);
    for n in 0..2 {
        let (s, b) = api
            .post(&thread, &g.players[2], json!({"body": format!("post {n}")}))
            .await;
        assert_eq!(s, StatusCode::CREATED, "{b}");
    }
    let (s, b) = api
        .post(&thread, &g.players[2], json!({"body": "one too many"}))
        .await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{b}");
    assert_eq!(b["error"], "rate_limited");

    // …and in the forum's forms, where the page says why.
    let slug = app.board("general").await;
    let writer = app.player("writer").await;
    let id = writer.new_thread(&slug, "标题", "first").await;
    assert_eq!(writer.reply(id, "second").await.status, StatusCode::OK);
    let p = writer.reply(id, "third").await;
    // Post/redirect/get: back to the thread with the reason, the text kept to send later.
    p.assert_back_at(&format!("/t/{id}"));
    assert!(p.body.contains("操作太频繁"), "{}", p.body);
    assert!(p.body.contains(">third</textarea>"), "{}", p.body);
    assert!(
        !writer.get(&format!("/t/{id}")).await.body.contains("third"),
        "not posted"
    );
}
