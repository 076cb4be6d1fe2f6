//! A regression test: three instances on one database, each running its own scheduler, resolve 200
//! games that are all due at once. Every act resolves exactly once and no act post is written
//! twice. The claim is the deadline row, taken in the resolving transaction (docs/playing.md,
//! "Deadlines").

use crate::helpers::{Api, TestApp};
use crate::on_both_backends;
use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::json;
use std::time::{Duration, Instant};

on_both_backends!(three_instances_resolve_200_due_games_exactly_once);

const GAMES: usize = 200;

/// Creates and starts one six-seat game with one-hour acts; the same six accounts play in all.
async fn started(api: &Api<'_>, admin: &str, players: &[String], n: usize) -> i64 {
    let (s, b) = api
        .post(
            "/api/v1/games",
            admin,
            json!({"title": format!("到期 {n}"), "variant": "deathnote", "act_minutes": 60}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    for t in players {
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/signup"), t, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/start"), admin, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    id
}

async fn three_instances_resolve_200_due_games_exactly_once(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let mut players = Vec::new();
    for i in 0..6 {
        players.push(api.account(&format!("due{i}")).await);
    }
    let mut ids = Vec::new();
    for chunk in (0..GAMES).collect::<Vec<_>>().chunks(8) {
        let made = join_all(chunk.iter().map(|n| started(&api, &admin, &players, *n))).await;
        ids.extend(made);
    }

    // Nobody votes: every act 1 is due an hour from now. Three instances start with their
    // clocks past it and their schedulers on (every second), as after a shared outage.
    let at = app.clock.now_utc() + chrono::Duration::minutes(61);
    let mut instances = Vec::new();
    for _ in 0..3 {
        instances.push(app.another_instance(at, |s| s.scheduler_secs = 1).await);
    }

    let until = Instant::now() + Duration::from_secs(240);
    loop {
        let open = count_running(&api, &ids).await;
        if open == 0 {
            break;
        }
        assert!(Instant::now() < until, "{open} games still unresolved");
        actix_web::rt::time::sleep(Duration::from_millis(500)).await;
    }
    // Let every scheduler tick a few more times over the resolved games.
    actix_web::rt::time::sleep(Duration::from_secs(3)).await;

    for chunk in ids.chunks(20) {
        let checks = join_all(chunk.iter().map(|id| async {
            (
                *id,
                api.resolved_acts(*id, &admin).await,
                api.posted_acts(*id).await,
            )
        }))
        .await;
        for (id, resolved, posted) in checks {
            // Every seat missed its ballot (DN-16): the game ends at resolution 1.
            assert_eq!(resolved, [1], "game {id}: act 1 resolved once");
            assert_eq!(posted, [1], "game {id}: act 1 posted once");
        }
    }
    drop(instances);
}

/// How many of `ids` the game list still shows as running (not over).
/// How many of `ids` are still running: the API's list of running games, page by page (its
/// `next` keys).
async fn count_running(api: &Api<'_>, ids: &[i64]) -> usize {
    let mut running = std::collections::HashSet::new();
    let mut path = "/api/v1/games?status=running".to_string();
    loop {
        let (s, list) = api.get(&path, None).await;
        assert_eq!(s, StatusCode::OK, "{list}");
        for g in list["games"].as_array().into_iter().flatten() {
            running.extend(g["id"].as_i64());
        }
        match list["next"].as_i64() {
            Some(next) => path = format!("/api/v1/games?status=running&after={next}"),
            None => break,
        }
    }
    ids.iter().filter(|id| running.contains(id)).count()
}
