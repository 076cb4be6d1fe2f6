//! What the pages let an account do is possible through the API too: password, notifications
//! and their switches, profiles, the admin's export; and the admin's list of edited posts.

use crate::helpers::Api;
use crate::helpers::TestApp;
use crate::on_both_backends;
use reqwest::StatusCode;
use serde_json::json;

on_both_backends!(
    password_notifications_and_profiles_over_the_api,
    finished_games_export_and_edited_posts,
);

async fn password_notifications_and_profiles_over_the_api(app: TestApp) {
    let api = Api::new(&app);
    let token = api.account("kim").await;
    // Another token of the account (another script), and a browser signed in.
    let other = api.token("kim", "password-123").await;
    let browser = app.browser();
    browser.login("kim", "password-123").await;
    assert!(
        browser.get("/account/password").await.status == StatusCode::OK,
        "signed in"
    );
    let (s, b) = api
        .post(
            "/api/v1/account/password",
            &token,
            json!({"old_password": "nope-nope", "new_password": "new-password-1"}),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{b}");
    assert_eq!(b["error"], "wrong_password");
    let (s, _) = api
        .post(
            "/api/v1/account/password",
            &token,
            json!({"old_password": "password-123", "new_password": "short"}),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let (s, _) = api
        .post(
            "/api/v1/account/password",
            &token,
            json!({"old_password": "password-123", "new_password": "new-password-1"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let (s, b) = api.get("/api/v1/notifications", Some(&token)).await;
    assert_eq!(s, StatusCode::OK, "the token that changed it stays: {b}");
    let (s, _) = api.get("/api/v1/notifications", Some(&other)).await;
    assert_eq!(
        s,
        StatusCode::UNAUTHORIZED,
        "every other token ended with the password"
    );
    let p = browser.get("/account/password").await;
    assert!(
        p.status == StatusCode::UNAUTHORIZED || p.url.contains("/login"),
        "the browser session ended too: {} {}",
        p.status,
        p.url
    );
    assert_eq!(
        api.token("kim", "new-password-1").await.len(),
        token.len(),
        "the new password signs in"
    );

    // Switches: all on by default; an unknown kind is refused and changes nothing.
    let (s, prefs) = api.get("/api/v1/account/notifications", Some(&token)).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(prefs["quoted"], true);
    let (s, _) = api
        .post(
            "/api/v1/account/notifications",
            &token,
            json!({"gossip": false}),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let (s, prefs) = api
        .post(
            "/api/v1/account/notifications",
            &token,
            json!({"quoted": false}),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(prefs["quoted"], false);
    assert_eq!(prefs["act_posted"], true);

    // A quote notifies through the API list once the kind is back on.
    api.post(
        "/api/v1/account/notifications",
        &token,
        json!({"quoted": true}),
    )
    .await;
    let admin = api.token("admin", &app.admin_password).await;
    api.post(
        "/api/v1/boards",
        &admin,
        json!({"slug": "talk", "title": "闲聊"}),
    )
    .await;
    let (_, t) = api
        .post(
            "/api/v1/boards/talk/threads",
            &token,
            json!({"title": "t", "body": "原帖"}),
        )
        .await;
    let thread = t["id"].as_i64().expect("thread");
    let (_, first) = api.get(&format!("/api/v1/threads/{thread}"), None).await;
    let post = first["posts"][0]["floor"].as_i64().expect("post");
    api.post(
        &format!("/api/v1/threads/{thread}/posts"),
        &admin,
        json!({"body": "> 原帖\n\n同意", "quote": post}),
    )
    .await;
    maku::notify::tick(&app.state).await.expect("tick");
    let (s, list) = api.get("/api/v1/notifications", Some(&token)).await;
    assert_eq!(s, StatusCode::OK);
    let items = list["notifications"].as_array().expect("list");
    assert_eq!(items.len(), 1, "{list}");
    assert_eq!(items[0]["kind"], "quoted");
    assert_eq!(items[0]["read"], false);
    assert!(
        items[0]["text"]
            .as_str()
            .is_some_and(|t| t.contains("admin"))
    );
    let (s, b) = api
        .post("/api/v1/notifications/read", &token, json!({}))
        .await;
    assert_eq!((s, b["marked"].clone()), (StatusCode::OK, json!(1)));
    let (_, list) = api.get("/api/v1/notifications", Some(&token)).await;
    assert_eq!(list["notifications"][0]["read"], true);

    let (s, profile) = api.get("/api/v1/accounts/KIM", None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(profile["username"], "kim");
    assert_eq!(profile["finished_games"], json!([]));
    let (s, _) = api.get("/api/v1/accounts/nobody", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

async fn finished_games_export_and_edited_posts(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let (_, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "存档局", "variant": "deathnote"}),
        )
        .await;
    let id = b["id"].as_i64().expect("id");
    let mut tokens = Vec::new();
    for i in 0..6 {
        let t = api.account(&format!("e{i}")).await;
        api.post(&format!("/api/v1/games/{id}/signup"), &t, json!({}))
            .await;
        tokens.push(t);
    }
    api.post(&format!("/api/v1/games/{id}/start"), &admin, json!({}))
        .await;
    // While it runs, no profile lists it (its seats are secret).
    let (_, p) = api.get("/api/v1/accounts/e0", None).await;
    assert_eq!(p["finished_games"], json!([]));
    let (s, _) = api
        .get(&format!("/api/v1/games/{id}/export"), Some(&tokens[0]))
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN, "players do not export");
    api.post(
        &format!("/api/v1/games/{id}/end"),
        &admin,
        json!({"act": api.act(id).await, "reason": "到此为止"}),
    )
    .await;
    let (_, p) = api.get("/api/v1/accounts/e0", None).await;
    assert_eq!(p["finished_games"], json!([{"id": id, "title": "存档局"}]));
    let page = app.browser().get("/u/e0").await;
    assert!(
        page.body.contains(&format!("/games/{id}/reveal")),
        "the profile page links the reveal"
    );
    let resp = api
        .client
        .get(app.url(&format!("/api/v1/games/{id}/export")))
        .bearer_auth(&admin)
        .send()
        .await
        .expect("GET");
    assert_eq!(resp.status(), StatusCode::OK);
    let text = resp.text().await.expect("body");
    let last: serde_json::Value =
        serde_json::from_str(text.lines().last().expect("lines")).expect("JSON");
    assert_eq!(last["kind"], "outcome");
    let (s, _) = api.get("/api/v1/games/999/export", Some(&admin)).await;
    assert_eq!(s, StatusCode::NOT_FOUND);

    // The admins' list of edited posts links each post's history.
    api.post(
        "/api/v1/boards",
        &admin,
        json!({"slug": "talk", "title": "闲聊"}),
    )
    .await;
    let (_, t) = api
        .post(
            "/api/v1/boards/talk/threads",
            &tokens[1],
            json!({"title": "t", "body": "v1"}),
        )
        .await;
    let thread = t["id"].as_i64().expect("thread");
    let (_, first) = api.get(&format!("/api/v1/threads/{thread}"), None).await;
    let post = first["posts"][0]["floor"].as_i64().expect("post");
    let (s, _) = api
        .call(
            reqwest::Method::PATCH,
            &format!("/api/v1/threads/{thread}/posts/{post}"),
            Some(&tokens[1]),
            Some(json!({"body": "v2"})),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let browser = app.admin().await;
    let edits = browser.get("/admin/edits").await;
    assert_eq!(edits.status, StatusCode::OK);
    assert!(edits.body.contains(&format!("/t/{thread}/{post}/history")));
    let player = app.player("curious").await;
    assert_eq!(
        player.get("/admin/edits").await.status,
        StatusCode::FORBIDDEN
    );
}
