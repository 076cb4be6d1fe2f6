//! Acts resolve on their deadlines exactly once, also with several instances and after a
//! restart.

use crate::helpers::Api;
use crate::helpers::TestApp;
use crate::on_both_backends;
use maku::scheduler::{pause, tick, tick_in_rounds};
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

/// On PostgreSQL, a notifier round that cannot finish (another transaction holds its cursor
/// row) does not keep a due act from resolving: deadlines and the notifier run in tasks of
/// their own (`scheduler::spawn`). When the row is free again the notifier catches up.
#[actix_web::test]
async fn a_stuck_notifier_does_not_hold_up_a_deadline() {
    use diesel::{Connection, RunQueryDsl};
    let Some(app) =
        crate::helpers::spawn_with(crate::helpers::Backend::Postgres, |s| s.scheduler_secs = 1)
            .await
    else {
        eprintln!("MAKU_TEST_PG_URL is not set: PostgreSQL run skipped");
        return;
    };
    let (id, admin, _) = started_game(&app).await;
    let mut holder = diesel::PgConnection::establish(&app.database_url).expect("connect");
    // The running notifier makes its cursor rows; then this transaction takes the one for the
    // game log, and the notifier's next round waits on it.
    let until = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        diesel::sql_query("BEGIN")
            .execute(&mut holder)
            .expect("BEGIN");
        let locked = diesel::sql_query(
            "SELECT last_id FROM notify_cursors WHERE source = 'game_events' FOR UPDATE",
        )
        .execute(&mut holder)
        .expect("lock");
        if locked == 1 {
            break;
        }
        diesel::sql_query("ROLLBACK")
            .execute(&mut holder)
            .expect("ROLLBACK");
        assert!(
            std::time::Instant::now() < until,
            "the notifier made its cursor"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;

    // The act falls due: it resolves though the notifier is stuck.
    app.clock.advance(chrono::Duration::minutes(61));
    let until = std::time::Instant::now() + Duration::from_secs(10);
    while resolved_events(&app, id, &admin).await.is_empty() {
        assert!(
            std::time::Instant::now() < until,
            "the due act resolved while the notifier waited"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let newest: i64 = {
        #[derive(diesel::QueryableByName)]
        struct Newest {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            id: i64,
        }
        let mut c = diesel::PgConnection::establish(&app.database_url).expect("connect");
        diesel::sql_query("SELECT max(id) AS id FROM game_events")
            .get_result::<Newest>(&mut c)
            .expect("newest event")
            .id
    };
    // Freed, the notifier reads on past the resolution.
    diesel::sql_query("COMMIT")
        .execute(&mut holder)
        .expect("COMMIT");
    let until = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let mut c = app.state.pool.get().expect("a connection");
        let read = maku::notify::store::cursor(&mut c, "game_events").expect("the cursor");
        if read >= newest {
            break;
        }
        drop(c);
        assert!(
            std::time::Instant::now() < until,
            "the notifier caught up: read to {read} of {newest}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
