//! Prometheus metrics on their own address (`--metrics-bind`, docs/operations.md): request times
//! by route pattern, pool waits, scheduler lag, open live streams; never on the forum's address,
//! and never a name, a game ID or a path with an id in it.

use crate::helpers::{self, Api, Backend, TestApp, started_game};
use reqwest::StatusCode;
use serde_json::json;

async fn with_metrics(backend: Backend) -> Option<TestApp> {
    helpers::spawn_with(backend, |s| s.metrics_bind = Some("127.0.0.1:0".into())).await
}

#[actix_web::test]
async fn metrics_sqlite() {
    let app = with_metrics(Backend::Sqlite).await.expect("sqlite app");
    metrics_are_served_apart_and_name_no_one(app).await;
}

#[actix_web::test]
async fn metrics_postgres() {
    match with_metrics(Backend::Postgres).await {
        Some(app) => metrics_are_served_apart_and_name_no_one(app).await,
        None => eprintln!("MAKU_TEST_PG_URL is not set: PostgreSQL run skipped"),
    }
}

/// The value of the first sample line that starts with `prefix` (a name and labels).
fn sample(text: &str, prefix: &str) -> Option<f64> {
    text.lines()
        .find(|l| l.starts_with(prefix))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
}

/// Every label value of every sample line (`name{a="x",b="y"} 1` gives `x` and `y`).
fn label_values(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('{').and_then(|(_, rest)| rest.split_once('}')))
        .flat_map(|(labels, _)| {
            labels
                .split("\",")
                .filter_map(|pair| pair.split_once("=\""))
                .map(|(_, v)| v.trim_end_matches('"').to_string())
                .collect::<Vec<_>>()
        })
        .collect()
}

async fn metrics_are_served_apart_and_name_no_one(app: TestApp) {
    let addr = app
        .state
        .settings
        .metrics_bind
        .clone()
        .expect("the address bound");
    assert!(!addr.ends_with(":0"), "the port actually bound: {addr}");
    let client = helpers::client().build().expect("client");
    let scrape = || {
        let client = client.clone();
        let url = format!("http://{addr}/metrics");
        async move {
            let r = client.get(&url).send().await.expect("scrape");
            assert_eq!(r.status(), StatusCode::OK);
            let ct = r
                .headers()
                .get("content-type")
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_string();
            assert!(ct.starts_with("text/plain"), "{ct}");
            r.text().await.expect("text")
        }
    };

    // The forum's own address has no metrics.
    let r = client.get(app.url("/metrics")).send().await.expect("GET");
    assert_eq!(r.status(), StatusCode::NOT_FOUND);

    // A game with a seat page read, a live stream open, and an act resolved late by the
    // scheduler.
    let g = started_game(&app, "metric", json!({"act_minutes": 60})).await;
    let api = Api::new(&app);
    let (s, _) = api
        .get(&format!("/api/v1/games/{}/me", g.id), Some(&g.players[0]))
        .await;
    assert_eq!(s, StatusCode::OK);
    let stream = client
        .get(app.url(&format!("/games/{}/events", g.id)))
        .send()
        .await
        .expect("open a stream");
    assert_eq!(stream.status(), StatusCode::OK);
    let text = scrape().await;
    // Series that have not happened yet are there from the start (at zero, unless another
    // test of this process moved them): a scraper's alert needs the series to exist.
    for series in [
        "maku_mail_sent_total ",
        "maku_mail_failed_total{outcome=\"retry\"}",
        "maku_mail_failed_total{outcome=\"given_up\"}",
        "maku_scheduler_resolved_total ",
    ] {
        assert!(sample(&text, series).is_some(), "{series}: {text}");
    }
    let open = sample(&text, "maku_live_streams_open").expect("the gauge");
    assert!(open >= 1.0, "{open}");

    app.clock.advance(chrono::Duration::minutes(61));
    let resolved = maku::scheduler::tick(&app.state).await.expect("tick");
    assert_eq!(resolved, 1);
    drop(stream);

    let text = scrape().await;
    assert!(
        text.contains(
            r#"maku_http_request_duration_seconds_bucket{route="/api/v1/games/{id}/me",method="GET",status="2xx""#
        ),
        "request times by route pattern: {text}"
    );
    assert!(
        text.contains(r#"route="unmatched",method="GET",status="4xx""#),
        "a path no route matched (the forum's /metrics) is not a label of its own: {text}"
    );
    let lag = sample(&text, "maku_scheduler_lag_seconds_count").expect("scheduler lag");
    assert!(lag >= 1.0, "{lag}");
    let lag_sum = sample(&text, "maku_scheduler_lag_seconds_sum").expect("lag sum");
    assert!(lag_sum >= 60.0, "a minute late at least: {lag_sum}");
    assert!(sample(&text, "maku_db_pool_wait_seconds_count").unwrap_or(0.0) > 0.0);
    assert!(text.contains("# TYPE maku_http_request_duration_seconds histogram"));
    // Names, game IDs and concrete paths never become labels. (A game ID may be one letter,
    // "L": it is looked for as a label value, not as a substring of the help text.)
    let values = label_values(&text);
    assert!(!values.is_empty(), "labels were read: {text}");
    for (i, name) in g.names.iter().enumerate() {
        assert!(
            !values.iter().any(|v| v.contains(name.as_str())),
            "game ID {name} in {values:?}"
        );
        assert!(!text.contains(&format!("metric{i}")), "account metric{i}");
    }
    assert!(
        !text.contains(&format!("/games/{}/", g.id)),
        "no path with an id"
    );
}
