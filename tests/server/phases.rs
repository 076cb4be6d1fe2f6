//! A game is a sequence of phases, each with its own deadline (issue 11). The test-only
//! variant `twophase` (a day, then a night, per act) runs through the same service, scheduler,
//! console, reminders and act posts as Death Note, which is the one-phase case.

use crate::helpers::{Api, TestApp};
use crate::on_both_backends;
use maku::game::scheduler::tick;
use reqwest::StatusCode;
use serde_json::{Value, json};

on_both_backends!(
    a_two_phase_game_runs_on_its_deadlines_phase_by_phase,
    the_judge_acts_on_the_open_phase_and_reads_it_named,
    a_seat_owing_in_a_phase_is_reminded_of_that_phase,
    a_variant_refuses_phase_lengths_it_does_not_have,
);

/// A started four-seat `twophase` game: days of 120 minutes, nights of 30. Returns (game id,
/// admin token, player tokens).
async fn started(app: &TestApp) -> (i64, String, Vec<String>) {
    let api = Api::new(app);
    let admin = api.token("admin", &app.admin_password).await;
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "两段", "variant": "twophase", "act_minutes": 120,
                   "phase_minutes": {"night": 30}, "remind_hours": 1}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    let mut players = Vec::new();
    for i in 0..4 {
        let t = api.account(&format!("p{i}")).await;
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/signup"), &t, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        players.push(t);
    }
    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/start"), &admin, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    (id, admin, players)
}

async fn game(app: &TestApp, id: i64) -> Value {
    Api::new(app)
        .get(&format!("/api/v1/games/{id}"), None)
        .await
        .1
}

fn deadline(g: &Value) -> chrono::NaiveDateTime {
    chrono::NaiveDateTime::parse_from_str(
        g["deadline"].as_str().expect("a deadline"),
        "%Y-%m-%dT%H:%M:%SZ",
    )
    .expect("ISO time")
}

/// Whole minutes from `now` to the game's deadline (deadlines are stored to the second).
fn minutes_left(g: &Value, now: chrono::NaiveDateTime) -> i64 {
    ((deadline(g) - now).num_seconds() + 30) / 60
}

/// The game thread's act posts (their JSON bodies), oldest first.
async fn act_posts(app: &TestApp, id: i64) -> Vec<Value> {
    let (s, b) = Api::new(app)
        .get(&format!("/api/v1/games/{id}/threads/game"), None)
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    b["posts"]
        .as_array()
        .expect("posts")
        .iter()
        .filter(|p| p["kind"] == "act")
        .map(|p| p["act"].clone())
        .collect()
}

async fn a_two_phase_game_runs_on_its_deadlines_phase_by_phase(app: TestApp) {
    let (id, _, players) = started(&app).await;
    let api = Api::new(&app);
    let g = game(&app, id).await;
    assert_eq!(g["phase"], json!({"step": 1, "act": 1, "kind": "day"}));
    assert_eq!(g["act"], 1);
    // The day lasts the act length.
    assert_eq!(minutes_left(&g, app.clock.now_utc()), 120);
    let names: Vec<String> = g["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["game_id"].as_str().expect("game id").to_string())
        .collect();
    // Which token plays which seat: each seat's own view says.
    let mut seat_of = Vec::new();
    for t in &players {
        let (s, me) = api.get(&format!("/api/v1/games/{id}/me"), Some(t)).await;
        assert_eq!(s, StatusCode::OK, "{me}");
        assert_eq!(me["actions"], json!(["vote"]), "by day, a vote");
        seat_of.push(me["game_id"].as_str().expect("game id").to_string());
    }
    // Everyone votes for the first seat but the first seat, who votes for the second.
    let target = &names[0];
    for (t, me) in players.iter().zip(&seat_of) {
        let who = if me == target { &names[1] } else { target };
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{id}/actions"),
                t,
                json!({"type": "vote", "target": who}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    // A night action by day is refused by the rules, and logged as such.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/actions"),
            &players[0],
            json!({"type": "sleep"}),
        )
        .await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("not_now"))
    );

    // The scheduler ends the day at its deadline, not before.
    app.clock.advance(chrono::Duration::minutes(119));
    assert_eq!(tick(&app.state).await.expect("tick"), 0);
    app.clock.advance(chrono::Duration::minutes(2));
    assert_eq!(tick(&app.state).await.expect("tick"), 1);
    let g = game(&app, id).await;
    assert_eq!(g["phase"], json!({"step": 2, "act": 1, "kind": "night"}));
    assert_eq!(g["act"], 1, "the night belongs to the same act");
    assert_eq!(
        g["public"],
        json!([{"act": 1, "event": {"type": "out", "target": target, "cause": "voted"}}])
    );
    // The night lasts its own 30 minutes (no time-of-day alignment for it).
    assert_eq!(minutes_left(&g, app.clock.now_utc()), 30);
    let posts = act_posts(&app, id).await;
    assert_eq!(posts.len(), 2, "the opening post and the day's: {posts:?}");
    assert_eq!(posts[0]["opens_phase"], json!({"act": 1, "kind": "day"}));
    assert_eq!(posts[1]["resolved_phase"], json!({"act": 1, "kind": "day"}));
    assert_eq!(posts[1]["opens_phase"], json!({"act": 1, "kind": "night"}));
    // The thread names the phases in the reader's language.
    let page = app
        .browser_in("en")
        .get(&format!("/games/{id}/threads/game"))
        .await;
    assert!(
        page.body.contains("Resolution of act 1 (day)"),
        "{}",
        page.body
    );
    assert!(page.body.contains("Act 1 (night) opens"), "{}", page.body);
    let page = app
        .browser_in("zh-CN")
        .get(&format!("/games/{id}/threads/game"))
        .await;
    assert!(page.body.contains("第 1 幕（白天）结算"), "{}", page.body);

    // By night the living sleep; a vote is refused.
    let mut living = 0;
    for (t, me) in players.iter().zip(&seat_of) {
        let (_, view) = api.get(&format!("/api/v1/games/{id}/me"), Some(t)).await;
        if me == target {
            assert_eq!(view["alive"], false);
            continue;
        }
        assert_eq!(view["actions"], json!(["sleep"]));
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{id}/actions"),
                t,
                json!({"type": "vote", "target": target}),
            )
            .await;
        assert_eq!(
            (s, b["error"].clone()),
            (StatusCode::CONFLICT, json!("not_now"))
        );
        living += 1;
    }
    assert_eq!(living, 3);

    // The night ends; act 2's day opens with the act length again.
    app.clock.advance(chrono::Duration::minutes(31));
    assert_eq!(tick(&app.state).await.expect("tick"), 1);
    let g = game(&app, id).await;
    assert_eq!(g["phase"], json!({"step": 3, "act": 2, "kind": "day"}));
    assert_eq!(minutes_left(&g, app.clock.now_utc()), 120);
    assert_eq!(
        g["public"][1],
        json!({"act": 1, "event": {"type": "peaceful", "phase": "night"}})
    );
    // Day 2: a vote puts a second seat out and leaves two: the survivors win.
    let second = names
        .iter()
        .find(|n| *n != target)
        .expect("a second seat")
        .clone();
    for (t, me) in players.iter().zip(&seat_of) {
        if me == target {
            continue;
        }
        let who = if *me == second {
            names
                .iter()
                .find(|n| **n != second && *n != target)
                .expect("a third")
        } else {
            &second
        };
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{id}/actions"),
                t,
                json!({"type": "vote", "target": who}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    app.clock.advance(chrono::Duration::minutes(121));
    assert_eq!(tick(&app.state).await.expect("tick"), 1);
    let g = game(&app, id).await;
    assert_eq!(g["winner"], "survivors");
    assert_eq!(g["status"], "finished");
    assert_eq!(g["phase"]["kind"], "day", "the phase that ended it");
    assert!(g["deadline"].is_null());
    // Nothing is left for the scheduler.
    app.clock.advance(chrono::Duration::hours(10));
    assert_eq!(tick(&app.state).await.expect("tick"), 0);
    assert_eq!(act_posts(&app, id).await.len(), 4);
}

async fn the_judge_acts_on_the_open_phase_and_reads_it_named(app: TestApp) {
    let (id, admin, _) = started(&app).await;
    let api = Api::new(&app);
    // The judge resolves the day by its step; a second click for the same step is refused.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/resolve"),
            &admin,
            json!({"act": 1}),
        )
        .await;
    assert_eq!((s, b["act"].clone()), (StatusCode::OK, json!(2)), "{b}");
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/resolve"),
            &admin,
            json!({"act": 1}),
        )
        .await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("already_resolved"))
    );
    // The console names the night and means its step.
    let (s, v) = api
        .get(&format!("/api/v1/games/{id}/console"), Some(&admin))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["act"], 2);
    assert_eq!(v["phase"], json!({"step": 2, "act": 1, "kind": "night"}));
    assert_eq!(
        v["owing"].as_array().map(Vec::len),
        Some(4),
        "everyone owes a sleep"
    );
    assert!(v["seats"][0]["owes"].as_bool().expect("the variant's fact"));
    let admin_page = app.admin().await;
    let page = admin_page.get(&format!("/games/{id}/console")).await;
    assert!(
        page.body.contains("Act 1 (night)") || page.body.contains("第 1 幕（夜晚）"),
        "{}",
        page.body
    );
    // Extending the night moves this phase's deadline, named by its step.
    let g = game(&app, id).await;
    let later = deadline(&g) + chrono::Duration::minutes(45);
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/deadline"),
            &admin,
            json!({"act": 2, "deadline": later.format("%Y-%m-%dT%H:%M:%SZ").to_string()}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(deadline(&game(&app, id).await), later);
    // Ending names a winner the variant knows.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/end"),
            &admin,
            json!({"act": 2, "reason": "测试", "winner": "kira"}),
        )
        .await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("bad_winner"))
    );
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/end"),
            &admin,
            json!({"act": 2, "reason": "测试", "winner": "survivors"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
}

async fn a_seat_owing_in_a_phase_is_reminded_of_that_phase(app: TestApp) {
    let (id, admin, players) = started(&app).await;
    let api = Api::new(&app);
    api.post(
        &format!("/api/v1/games/{id}/resolve"),
        &admin,
        json!({"act": 1}),
    )
    .await;
    // The night lasts 30 minutes and the reminder comes an hour ahead: at half the night.
    app.clock.advance(chrono::Duration::minutes(16));
    tick(&app.state).await.expect("tick");
    let (s, b) = api.get("/api/v1/notifications", Some(&players[0])).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let texts: Vec<String> = b["notifications"]
        .as_array()
        .expect("notifications")
        .iter()
        .filter_map(|n| n["text"].as_str().map(str::to_string))
        .collect();
    assert!(
        texts
            .iter()
            .any(|t| t.contains("第 1 幕（夜晚）的投票或行动")),
        "{texts:?}"
    );
}

async fn a_variant_refuses_phase_lengths_it_does_not_have(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    for (variant, lengths) in [
        ("twophase", json!({"dusk": 30})),
        ("deathnote", json!({"night": 30})),
        ("twophase", json!({"night": 0})),
    ] {
        let (s, b) = api
            .post(
                "/api/v1/games",
                &admin,
                json!({"title": "错", "variant": variant, "phase_minutes": lengths}),
            )
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{variant} {lengths}: {b}");
    }
}
