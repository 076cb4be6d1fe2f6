//! What the pages tell a seat and the judge, as the rules have it: the console's preview shows
//! the vote counts the act post will publish (`publish_votes`); a submission the rules let a
//! seat leave undone is "not yet submitted", never owed (CL-1, CL-6, R4-3, R5-1), on the banner
//! and in the reminder; 4.0's police are told that one of their three is the undercover (R4-2).

use crate::helpers::{Api, Browser, TestApp, started_game, started_with};
use crate::on_both_backends;
use reqwest::StatusCode;
use serde_json::{Value, json};

on_both_backends!(
    the_console_previews_the_vote_counts_the_act_will_publish,
    r5_1_dn_6_an_optional_submission_is_not_owed_on_the_banner_or_in_the_reminder,
    r4_2_the_v4_police_are_told_that_one_of_them_is_the_undercover,
);

/// A browser signed in as the test account `name` (made by `Api::account`).
async fn signed_in(app: &TestApp, name: &str) -> Browser {
    let b = app.browser();
    let p = b.login(name, "password-123").await;
    assert_eq!(p.status, StatusCode::OK, "{name} signs in: {}", p.body);
    b
}

async fn the_console_previews_the_vote_counts_the_act_will_publish(app: TestApp) {
    let g = started_game(&app, "pv", json!({"options": {"publish_votes": true}})).await;
    let api = Api::new(&app);
    for voter in [0, 1] {
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{}/actions", g.id),
                &g.players[voter],
                json!({"type": "vote", "targets": [g.names[2]]}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    let (s, console) = api
        .get(&format!("/api/v1/games/{}/console", g.id), Some(&g.admin))
        .await;
    assert_eq!(s, StatusCode::OK, "{console}");
    let votes = console["preview"]["votes"]
        .as_array()
        .expect("preview votes");
    let of = |name: &str| {
        votes
            .iter()
            .find(|v| v["game_id"] == name)
            .map(|v| v["votes"].clone())
    };
    assert_eq!(of(&g.names[2]), Some(json!(2)), "{console}");
    let admin = app.browser();
    admin.login("admin", &app.admin_password).await;
    let page = admin.get(&format!("/games/{}/console", g.id)).await;
    assert!(
        page.body.contains(&format!("{}：2 票", g.names[2])),
        "the console page shows the count: {}",
        page.body
    );
    // The act post publishes the same count.
    let act = api.act(g.id).await;
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/resolve", g.id),
            &g.admin,
            json!({ "act": act }),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (_, thread) = api
        .get(&format!("/api/v1/games/{}/threads/game", g.id), None)
        .await;
    let posted = thread["posts"]
        .as_array()
        .expect("posts")
        .iter()
        .find_map(|p| p["act"]["votes"].as_array().cloned())
        .expect("the act post's counts");
    assert!(
        posted
            .iter()
            .any(|v| v["game_id"] == g.names[2].as_str() && v["votes"] == 2),
        "{thread}"
    );

    // A game that publishes no counts previews none.
    let quiet = started_game(&app, "pq", json!({})).await;
    let (_, console) = api
        .get(
            &format!("/api/v1/games/{}/console", quiet.id),
            Some(&quiet.admin),
        )
        .await;
    assert!(console["preview"].get("votes").is_none(), "{console}");
}

async fn r5_1_dn_6_an_optional_submission_is_not_owed_on_the_banner_or_in_the_reminder(
    app: TestApp,
) {
    // 5.0: every seat has a night action, and none must use it (R5-1).
    let g = started_with(
        &app,
        "op",
        10,
        json!({"title": "恶民", "variant": "v5emin", "act_minutes": 60}),
    )
    .await;
    let seat = signed_in(&app, "op0").await;
    let page = seat.get(&format!("/games/{}", g.id)).await;
    assert!(
        page.body.contains("尚未提交（可选，也可以不提交）"),
        "the banner says it may be left: {}",
        page.body
    );
    assert!(!page.body.contains("你仍需提交"), "{}", page.body);
    // The reminder says so too.
    let (_, game) = Api::new(&app)
        .get(&format!("/api/v1/games/{}", g.id), None)
        .await;
    let due = chrono::NaiveDateTime::parse_from_str(
        game["deadline"].as_str().expect("deadline"),
        "%Y-%m-%dT%H:%M:%SZ",
    )
    .expect("an ISO deadline");
    let now = app.clock.now_utc();
    app.clock.advance(due - now - chrono::Duration::minutes(1));
    maku::notify::tick(&app.state).await.expect("notify tick");
    let list = seat.get("/notifications").await;
    assert!(
        list.body.contains("的投票或夜间行动（可选；截止"),
        "the reminder: {}",
        list.body
    );
    assert!(!list.body.contains("你仍未提交"), "{}", list.body);

    // Death Note's duties are still owed (DN-6, DN-16).
    let dn = started_game(&app, "ow", json!({})).await;
    let owed = signed_in(&app, "ow0").await;
    let page = owed.get(&format!("/games/{}", dn.id)).await;
    assert!(page.body.contains("你仍需提交："), "{}", page.body);
    assert!(!page.body.contains("可选"), "{}", page.body);
}

async fn r4_2_the_v4_police_are_told_that_one_of_them_is_the_undercover(app: TestApp) {
    let g = started_with(
        &app,
        "uc",
        16,
        json!({"title": "无间", "variant": "v4wujian", "act_minutes": 60}),
    )
    .await;
    let api = Api::new(&app);
    // The rule is the line's tooltip, not words of it (issue 38 item 11).
    let note = "三人中有一人是卧底，警察不知道是谁。";
    let mut police_lines = 0;
    for (i, token) in g.players.iter().enumerate() {
        let (_, me): (_, Value) = api
            .get(&format!("/api/v1/games/{}/me", g.id), Some(token))
            .await;
        let role = me["role"].as_str().unwrap_or("").to_string();
        let page = signed_in(&app, &format!("uc{i}"))
            .await
            .get(&format!("/games/{}/seat", g.id))
            .await;
        let told = page.body.contains(note);
        match role.as_str() {
            "police" | "undercover" => {
                assert!(told, "{role}: {}", page.body);
                assert!(!page.body.contains("（R4-2）"), "{}", page.body);
                assert!(page.body.contains(r#"title="R4-2""#), "{}", page.body);
                police_lines += 1;
            }
            _ => assert!(!told, "{role} is not in the police team: {}", page.body),
        }
    }
    assert_eq!(police_lines, 3, "two police and the undercover");
}
