//! Mentions (`@name`) and quotes notify the account named or quoted: once per post, never the
//! author, as the account's switches say, and never from a post written as a game ID.

use crate::helpers::{Api, TestApp, started_game};
use crate::on_both_backends;
use maku::notify::{self, store::NotificationRow};
use reqwest::StatusCode;
use serde_json::{Value, json};

on_both_backends!(
    a_mention_notifies_once_and_never_the_author,
    a_mention_respects_the_accounts_switch,
    a_quote_notifies_and_a_quote_with_a_mention_notifies_once,
    posts_as_a_game_id_mention_nobody,
);

async fn user_id(app: &TestApp, name: &str) -> i64 {
    let key = name.to_lowercase();
    app.state
        .db(move |c| Ok(maku::db::queries::users::by_key(c, &key)?))
        .await
        .expect("db")
        .expect("the account exists")
        .id
}

async fn notes(app: &TestApp, name: &str) -> Vec<NotificationRow> {
    let user = user_id(app, name).await;
    app.state
        .db(move |c| Ok(notify::store::list(c, user, None, 500)?))
        .await
        .expect("db")
}

fn of_kind(rows: &[NotificationRow], kind: &str) -> usize {
    rows.iter().filter(|r| r.kind == kind).count()
}

async fn tick(app: &TestApp) {
    notify::tick(&app.state).await.expect("notify tick");
}

/// A thread on the `talk` board opened by `token` with `body`; its id.
async fn thread(app: &TestApp, token: &str, body: &str) -> i64 {
    let slug = app.board("talk").await;
    let (s, t) = Api::new(app)
        .post(
            &format!("/api/v1/boards/{slug}/threads"),
            token,
            json!({"title": "提及", "body": body}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{t}");
    t["id"].as_i64().expect("thread")
}

async fn reply(app: &TestApp, token: &str, thread: i64, body: Value) -> i64 {
    let (s, p) = Api::new(app)
        .post(&format!("/api/v1/threads/{thread}/posts"), token, body)
        .await;
    assert_eq!(s, StatusCode::CREATED, "{p}");
    p["floor"].as_i64().expect("floor")
}

async fn a_mention_notifies_once_and_never_the_author(app: TestApp) {
    let api = Api::new(&app);
    let alice = api.account("alice").await;
    let _bob = api.account("bob").await;
    let _carol = api.account("卡萝尔").await;
    // Bob by name in any case, the author herself, a name that is nobody, a mail address, code.
    let t = thread(
        &app,
        &alice,
        "hello @BOB, and @alice; @nobody-here writes to carol@example.com `@卡萝尔`",
    )
    .await;
    tick(&app).await;
    let bob_rows = notes(&app, "bob").await;
    assert_eq!(of_kind(&bob_rows, "mentioned"), 1, "bob is told");
    assert!(notes(&app, "alice").await.is_empty(), "not the author");
    assert!(
        notes(&app, "卡萝尔").await.is_empty(),
        "code and mail mention nobody"
    );
    // An edit that keeps bob and adds 卡萝尔 (a CJK name, ended by Chinese punctuation): bob
    // is not told twice, 卡萝尔 is told now.
    let (s, b) = api
        .call(
            reqwest::Method::PATCH,
            &format!("/api/v1/threads/{t}/posts/1"),
            Some(&alice),
            Some(json!({"body": "hello @bob，还有 @卡萝尔，欢迎"})),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    tick(&app).await;
    tick(&app).await;
    assert_eq!(
        of_kind(&notes(&app, "bob").await, "mentioned"),
        1,
        "once per post"
    );
    assert_eq!(of_kind(&notes(&app, "卡萝尔").await, "mentioned"), 1);
    // The bell's list tells it in the reader's language and links the post.
    let browser = app.browser();
    browser.login("bob", "password-123").await;
    let list = browser.get("/notifications").await;
    assert_eq!(list.status, StatusCode::OK);
    assert!(
        list.body.contains("alice 在帖子中提到了你"),
        "{}",
        list.body
    );
    assert!(list.body.contains(&format!("/t/{t}/1")), "{}", list.body);
    // A second post mentioning bob is a second notification.
    reply(&app, &alice, t, json!({"body": "@bob again"})).await;
    tick(&app).await;
    assert_eq!(of_kind(&notes(&app, "bob").await, "mentioned"), 2);
}

async fn a_mention_respects_the_accounts_switch(app: TestApp) {
    let api = Api::new(&app);
    let alice = api.account("alice").await;
    let bob = api.account("bob").await;
    // The switch is on the settings page, in both languages.
    let browser = app.browser();
    browser.login("bob", "password-123").await;
    let form = browser.get("/account/notifications").await;
    assert!(form.body.contains(r#"name="mentioned""#), "{}", form.body);
    assert!(form.body.contains("有人在帖子中提到我"), "{}", form.body);
    let (s, prefs) = api
        .post(
            "/api/v1/account/notifications",
            &bob,
            json!({"mentioned": false}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{prefs}");
    assert_eq!(prefs["mentioned"], json!(false));
    assert_eq!(prefs["quoted"], json!(true));
    thread(&app, &alice, "@bob are you there?").await;
    tick(&app).await;
    assert!(notes(&app, "bob").await.is_empty(), "turned off");
}

async fn a_quote_notifies_and_a_quote_with_a_mention_notifies_once(app: TestApp) {
    let api = Api::new(&app);
    let alice = api.account("alice").await;
    let bob = api.account("bob").await;
    let t = thread(&app, &alice, "first").await;
    let bobs = reply(&app, &bob, t, json!({"body": "bob says"})).await;
    // A quote alone notifies the quoted author.
    reply(&app, &alice, t, json!({"body": "quoting", "quote": bobs})).await;
    tick(&app).await;
    let rows = notes(&app, "bob").await;
    assert_eq!(of_kind(&rows, "quoted"), 1);
    // A quote that also mentions bob: one notification, the quote's.
    reply(
        &app,
        &alice,
        t,
        json!({"body": "@bob, you said this", "quote": bobs}),
    )
    .await;
    tick(&app).await;
    let rows = notes(&app, "bob").await;
    assert_eq!(of_kind(&rows, "quoted"), 2);
    assert_eq!(of_kind(&rows, "mentioned"), 0, "one notification per post");
    // With quotes turned off, the mention in a quoting post still tells bob, once.
    api.post(
        "/api/v1/account/notifications",
        &bob,
        json!({"quoted": false}),
    )
    .await;
    let floor = reply(
        &app,
        &alice,
        t,
        json!({"body": "@bob once more", "quote": bobs}),
    )
    .await;
    tick(&app).await;
    let rows = notes(&app, "bob").await;
    assert_eq!(of_kind(&rows, "quoted"), 2);
    assert_eq!(of_kind(&rows, "mentioned"), 1);
    // Editing the earlier quoting post (already told as a quote) tells nothing new.
    api.call(
        reqwest::Method::PATCH,
        &format!("/api/v1/threads/{t}/posts/4"),
        Some(&alice),
        Some(json!({"body": "@bob, you said this (edited)"})),
    )
    .await;
    tick(&app).await;
    let rows = notes(&app, "bob").await;
    assert_eq!(rows.len(), 3, "{floor}");
}

async fn posts_as_a_game_id_mention_nobody(app: TestApp) {
    let api = Api::new(&app);
    let g = started_game(&app, "gm", json!({})).await;
    let _dave = api.account("dave").await;
    tick(&app).await;
    let before = notes(&app, "gm1").await.len();
    // A seat writes as its game ID, naming an outside account and another player's account:
    // who wrote it must stay hidden, so nobody is told.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/threads/game", g.id),
            &g.players[0],
            json!({"body": "@dave @gm1 听我说"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    // The judge's post in the game thread follows the same rule.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/threads/game", g.id),
            &g.admin,
            json!({"body": "@dave 法官提醒"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    tick(&app).await;
    assert!(notes(&app, "dave").await.is_empty());
    let after = notes(&app, "gm1").await;
    assert_eq!(after.len(), before);
    assert_eq!(of_kind(&after, "mentioned"), 0);
}
