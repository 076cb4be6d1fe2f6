//! Players' records kept as games end (issue 42): a profile reads kept totals and pages its
//! finished games by key, never folding a game on a view; games finished before the rows were
//! kept get theirs at the start, and a rebuild from the logs gives the same rows.

use crate::helpers::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

crate::on_both_backends!(records_are_kept_as_games_end_and_profiles_page_by_key);

async fn records_are_kept_as_games_end_and_profiles_page_by_key(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let mut tokens = Vec::new();
    for i in 0..6 {
        tokens.push(api.account(&format!("kr{i}")).await);
    }
    let mut ids = Vec::new();
    for n in 0..52 {
        let (s, b) = api
            .post(
                "/api/v1/games",
                &admin,
                json!({"title": format!("局{n:02}"), "variant": "deathnote",
                       "min_seats": 6, "max_seats": 6}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{b}");
        let id = b["id"].as_i64().expect("id");
        for t in &tokens {
            api.post(&format!("/api/v1/games/{id}/signup"), t, json!({}))
                .await;
        }
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/start"), &admin, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        let winner = if n % 2 == 0 {
            json!("good")
        } else {
            Value::Null
        };
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{id}/end"),
                &admin,
                json!({"act": 1, "reason": "够了", "winner": winner}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        ids.push(id);
    }
    // A game still running counts nowhere and is listed nowhere.
    let running = started_with(
        &app,
        "krr",
        6,
        json!({"title": "进行中", "variant": "deathnote", "min_seats": 6, "max_seats": 6}),
    )
    .await;
    let (_, kept) = api.get("/api/v1/players/kr0/record", None).await;
    assert_eq!(kept["games"], 52, "{kept}");
    assert_eq!(kept["by_variant"]["deathnote"]["games"], 52, "{kept}");

    // The profile: the newest 50, then a link to the older ones, which hold the other two.
    let b = app.browser();
    let first = b.get("/u/kr0").await;
    assert_eq!(first.status, StatusCode::OK);
    for id in &ids[2..] {
        assert!(
            first.body.contains(&format!("/games/{id}/reveal")),
            "{id} on page 1"
        );
    }
    for id in &ids[..2] {
        assert!(
            !first.body.contains(&format!("/games/{id}/reveal")),
            "{id} not on page 1"
        );
    }
    assert!(!first.body.contains(&format!("/games/{}/", running.id)));
    let older = format!("/u/kr0?before={}", ids[2]);
    assert!(
        first.body.contains(&older.replace('&', "&amp;")),
        "{}",
        first.body
    );
    let second = b.get(&older).await;
    for id in &ids[..2] {
        assert!(
            second.body.contains(&format!("/games/{id}/reveal")),
            "{id} on page 2"
        );
    }
    assert!(!second.body.contains("?before="), "no page 3");
    // A key that is not a game id is refused, as any bad query is; one past every game is an
    // empty page, not an error.
    assert_eq!(
        b.get("/u/kr0?before=x").await.status,
        StatusCode::BAD_REQUEST
    );
    let past = b.get("/u/kr0?before=-1").await;
    assert_eq!(past.status, StatusCode::OK);
    assert!(
        !past.body.contains("/reveal"),
        "nothing older than every game"
    );

    // An upgrade: the rows of games finished before they were kept are made at the start, and a
    // rebuild from the logs gives the same record.
    app.state
        .write(|c| {
            use diesel::RunQueryDsl;
            diesel::sql_query("DELETE FROM player_totals").execute(c)?;
            diesel::sql_query("DELETE FROM player_records").execute(c)?;
            Ok(())
        })
        .await
        .expect("forget");
    let (_, forgotten) = api.get("/api/v1/players/kr0/record", None).await;
    assert_eq!(forgotten["games"], 0, "{forgotten}");
    let n = app
        .state
        .write(maku::game::records::keep_missing)
        .await
        .expect("keep");
    assert_eq!(n, 52);
    let (_, again) = api.get("/api/v1/players/kr0/record", None).await;
    assert_eq!(again, kept);
    let n = app
        .state
        .write(maku::game::records::rebuild)
        .await
        .expect("rebuild");
    assert_eq!(n, 52);
    for i in 0..6 {
        let (_, r) = api
            .get(&format!("/api/v1/players/kr{i}/record"), None)
            .await;
        assert_eq!(r["games"], 52, "kr{i}: {r}");
    }
    let (_, after) = api.get("/api/v1/players/kr0/record", None).await;
    assert_eq!(after, kept);

    // A game's record kept anew (a rebuild of one game) moves the kept totals with its rows:
    // its old counts are taken off before the new ones are added, so nothing counts twice.
    let again_one = ids[0];
    app.state
        .write(move |c| maku::game::records::keep(c, again_one))
        .await
        .expect("keep again");
    let (_, once) = api.get("/api/v1/players/kr0/record", None).await;
    assert_eq!(once, kept);
}
