//! Acts resolve on their deadlines exactly once, also with several instances and after a
//! restart.

use crate::helpers::Api;
use crate::helpers::TestApp;
use crate::on_both_backends;
use maku::game::scheduler::{pause, tick, tick_in_rounds};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;

on_both_backends!(
    two_instances_resolve_each_act_exactly_once,
    a_deadline_that_passed_while_down_is_resolved_at_start,
    submissions_after_the_deadline_are_refused_until_resolved,
    one_tick_resolves_every_due_act_in_rounds,
    the_scheduler_wakes_at_the_next_deadline,
);

/// A started six-seat game with one-hour acts; returns (game id, admin token, player tokens).
async fn started_game(app: &TestApp) -> (i64, String, Vec<String>) {
    let api = Api::new(app);
    let admin = api.token("admin", &app.admin_password).await;
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "定时", "variant": "deathnote", "act_minutes": 60}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    let mut players = Vec::new();
    for i in 0..6 {
        let t = api.account(&format!("s{i}")).await;
        api.post(&format!("/api/v1/games/{id}/signup"), &t, json!({}))
            .await;
        players.push(t);
    }
    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/start"), &admin, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    (id, admin, players)
}

async fn resolved_events(app: &TestApp, id: i64, admin: &str) -> Vec<Value> {
    let (_, audit) = Api::new(app)
        .get(&format!("/api/v1/games/{id}/audit"), Some(admin))
        .await;
    audit["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter(|e| e["kind"] == "resolved")
        .cloned()
        .collect()
}

async fn two_instances_resolve_each_act_exactly_once(app: TestApp) {
    let (id, admin, _) = started_game(&app).await;
    let api = Api::new(&app);
    for act in 1..=3 {
        let (_, g) = api.get(&format!("/api/v1/games/{id}"), None).await;
        if g["winner"].is_string() {
            break;
        }
        assert_eq!(g["act"], act);
        // Not due yet: nobody resolves.
        assert_eq!(tick(&app.state).await.expect("tick"), 0);
        app.clock.advance(chrono::Duration::minutes(61));
        let (_, other) = app.another_instance(app.clock.now_utc(), |_| {}).await;
        let (a, b) = tokio::join!(tick(&app.state), tick(&other));
        assert_eq!(
            a.expect("tick") + b.expect("tick"),
            1,
            "act {act} resolved exactly once"
        );
        let resolved = resolved_events(&app, id, &admin).await;
        assert_eq!(resolved.len(), act as usize);
        assert_eq!(
            resolved.last().map(|e| e["payload"]["trigger"].clone()),
            Some(json!("deadline"))
        );
    }
}

async fn a_deadline_that_passed_while_down_is_resolved_at_start(app: TestApp) {
    let (id, admin, _) = started_game(&app).await;
    // This instance runs no scheduler: as if the server were down when act 1 ended.
    app.clock.advance(chrono::Duration::hours(5));
    assert_eq!(resolved_events(&app, id, &admin).await.len(), 0);
    // A restart (a new instance with its scheduler on) resolves it at once.
    let (base, _) = app
        .another_instance(app.clock.now_utc(), |s| s.scheduler_secs = 3600)
        .await;
    let client = crate::helpers::client().build().expect("client");
    let mut act = json!(1);
    for _ in 0..100 {
        let g: Value = client
            .get(format!("{base}/api/v1/games/{id}"))
            .send()
            .await
            .expect("GET")
            .json()
            .await
            .expect("json");
        act = g["act"].clone();
        if act == json!(2) || g["winner"].is_string() {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(
        act == json!(2) || resolved_events(&app, id, &admin).await.len() == 1,
        "act {act}"
    );
    assert_eq!(
        resolved_events(&app, id, &admin).await.len(),
        1,
        "resolved once, at start"
    );
}

async fn submissions_after_the_deadline_are_refused_until_resolved(app: TestApp) {
    let (id, _, players) = started_game(&app).await;
    let api = Api::new(&app);
    let (_, g) = api.get(&format!("/api/v1/games/{id}"), None).await;
    let target = g["seats"][0]["game_id"]
        .as_str()
        .expect("a seat")
        .to_string();
    let vote = json!({"type": "vote", "targets": [target]});
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/actions"),
            &players[0],
            vote.clone(),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    app.clock.advance(chrono::Duration::minutes(61));
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/actions"),
            &players[1],
            vote.clone(),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "a stale act: {b}");
    assert_eq!(b["error"], "act_closed");
    assert_eq!(tick(&app.state).await.expect("tick"), 1);
    let (_, g) = api.get(&format!("/api/v1/games/{id}"), None).await;
    if g["winner"].is_null() {
        assert_eq!(g["act"], 2);
        // Two tabs / a double click in the new act: the second identical ballot just replaces it.
        let (s1, _) = api
            .post(
                &format!("/api/v1/games/{id}/actions"),
                &players[0],
                vote.clone(),
            )
            .await;
        let (s2, _) = api
            .post(
                &format!("/api/v1/games/{id}/actions"),
                &players[0],
                vote.clone(),
            )
            .await;
        assert_eq!((s1, s2), (StatusCode::OK, StatusCode::OK));
    }
}

/// A tick does not stop at one batch of due acts (at one batch a tick, a minute's thousand
/// deadlines took eight ticks, 40 s); two instances splitting rounds still resolve each act once.
async fn one_tick_resolves_every_due_act_in_rounds(app: TestApp) {
    let mut games = Vec::new();
    for g in 0..5 {
        games.push(crate::helpers::started_game(&app, &format!("r{g}-"), json!({})).await);
    }
    app.clock.advance(chrono::Duration::minutes(61));
    let (_, other) = app.another_instance(app.clock.now_utc(), |_| {}).await;
    // Rounds of two: three rounds for five due acts, shared between the instances.
    let (a, b) = tokio::join!(tick_in_rounds(&app.state, 2), tick_in_rounds(&other, 2));
    assert_eq!(a.expect("tick") + b.expect("tick"), 5);
    for g in &games {
        let resolved = resolved_events(&app, g.id, &g.admin).await;
        assert_eq!(resolved.len(), 1, "game {} resolved once", g.id);
    }
    assert_eq!(tick(&app.state).await.expect("tick"), 0, "nothing left");
}

/// The scheduler sleeps until the next deadline, at most its period: an act is resolved at
/// its deadline, not up to a period later.
async fn the_scheduler_wakes_at_the_next_deadline(app: TestApp) {
    let hour = Duration::from_secs(3600);
    assert_eq!(
        pause(&app.state, hour).await,
        hour,
        "no deadline: the period"
    );
    started_game(&app).await;
    app.clock.advance(chrono::Duration::minutes(59));
    let slept = pause(&app.state, hour).await;
    assert!(
        slept > Duration::from_secs(50) && slept <= Duration::from_secs(60),
        "a minute before the deadline: {slept:?}"
    );
    assert_eq!(
        pause(&app.state, Duration::from_secs(5)).await,
        Duration::from_secs(5),
        "never longer than the period"
    );
    app.clock.advance(chrono::Duration::minutes(2));
    assert_eq!(
        pause(&app.state, Duration::from_secs(5)).await,
        Duration::from_secs(5),
        "an overdue act another instance holds: the period"
    );
}
