//! Issue 38, item 12: what a reader typed is not lost, a form posts once, and an address past
//! the end is not found.

use crate::helpers::*;
use reqwest::StatusCode;
use serde_json::json;

crate::on_both_backends!(
    a_reply_or_new_thread_form_sent_twice_posts_once,
    a_floor_past_the_last_is_not_found,
    an_unknown_account_in_the_substitute_form_comes_back_to_the_form,
);

async fn a_floor_past_the_last_is_not_found(app: TestApp) {
    let slug = app.board("far").await;
    let alice = app.player("alice").await;
    let thread = alice.new_thread(&slug, "标题", "floor-1").await;
    alice.reply(thread, "floor-2").await;
    for floor in [1, 2] {
        let page = alice.get(&format!("/t/{thread}/{floor}")).await;
        assert_eq!(page.status, StatusCode::OK, "floor {floor}");
        assert!(page.body.contains(&format!("floor-{floor}")));
    }
    for floor in [3, 99, 0, -1] {
        let page = alice.get(&format!("/t/{thread}/{floor}")).await;
        assert_eq!(
            page.status,
            StatusCode::NOT_FOUND,
            "floor {floor}: {}",
            page.url
        );
    }
}

async fn an_unknown_account_in_the_substitute_form_comes_back_to_the_form(app: TestApp) {
    let g = started_game(&app, "sf", json!({})).await;
    let admin = app.admin().await;
    let console = format!("/games/{}/console", g.id);
    let csrf = admin.get(&console).await.csrf();
    let page = admin
        .post(
            &format!("/games/{}/console/substitute", g.id),
            &[
                ("csrf", &csrf),
                ("game_id", &g.names[0]),
                ("account", "nobody-here"),
                ("confirm", "yes"),
            ],
        )
        .await;
    page.assert_back_at(&console);
    assert!(
        page.body.contains("没有名为「nobody-here」的账号"),
        "{}",
        page.body
    );
    assert!(
        page.body.contains(r#"value="nobody-here""#),
        "the name is kept: {}",
        page.body
    );
    // An unknown game ID likewise, said as such.
    let page = admin
        .post(
            &format!("/games/{}/console/substitute", g.id),
            &[
                ("csrf", &csrf),
                ("game_id", "无此人"),
                ("account", "sf1"),
                ("confirm", "yes"),
            ],
        )
        .await;
    page.assert_back_at(&console);
    assert!(
        page.body.contains("本局没有游戏身份「无此人」"),
        "{}",
        page.body
    );
    // (The game ID is a choice of the seats: the message names the one sent.)
}

/// Back after a reply and sending the same form again: one post, and the second send leads to
/// it. A new page's form (another token) or another text posts again.
async fn a_reply_or_new_thread_form_sent_twice_posts_once(app: TestApp) {
    let slug = app.board("once").await;
    let alice = app.player("alice").await;
    let api = Api::new(&app);
    let posts = |thread: i64| {
        let api = &api;
        async move {
            let (_, t) = api.get(&format!("/api/v1/threads/{thread}"), None).await;
            t["posts"].as_array().expect("posts").len()
        }
    };

    // The new-thread form, sent twice from one page.
    let board = alice.get(&format!("/b/{slug}")).await;
    let (csrf, once) = (board.csrf(), board.hidden("once"));
    let form = [
        ("csrf", csrf.as_str()),
        ("once", once.as_str()),
        ("title", "一次"),
        ("body", "only once"),
    ];
    let first = alice.post(&format!("/b/{slug}/threads"), &form).await;
    assert_eq!(first.answer, StatusCode::SEE_OTHER, "{}", first.body);
    let again = alice.post(&format!("/b/{slug}/threads"), &form).await;
    assert_eq!(again.answer, StatusCode::SEE_OTHER);
    assert_eq!(
        again.url, first.url,
        "the second send leads to the first thread"
    );
    let thread = thread_id_of(&first.url);
    let (_, list) = api
        .get(&format!("/api/v1/boards/{slug}/threads"), None)
        .await;
    assert_eq!(
        list["threads"].as_array().expect("threads").len(),
        1,
        "{list}"
    );

    // The reply form, sent twice from one page (Back, then send again).
    let page = alice.get(&format!("/t/{thread}")).await;
    let (csrf, once) = (page.csrf(), page.hidden("once"));
    let form = [
        ("csrf", csrf.as_str()),
        ("once", once.as_str()),
        ("body", "reply once"),
    ];
    let first = alice.post(&format!("/t/{thread}/posts"), &form).await;
    let again = alice.post(&format!("/t/{thread}/posts"), &form).await;
    assert_eq!(
        (first.answer, again.answer),
        (StatusCode::SEE_OTHER, StatusCode::SEE_OTHER)
    );
    assert_eq!(
        again.url, first.url,
        "the second send leads to the first reply"
    );
    assert_eq!(posts(thread).await, 2);
    // Another text from that page is another reply; the new page's form has another token.
    let other = alice
        .post(
            &format!("/t/{thread}/posts"),
            &[("csrf", &csrf), ("once", &once), ("body", "second thought")],
        )
        .await;
    assert_eq!(other.answer, StatusCode::SEE_OTHER);
    assert_eq!(posts(thread).await, 3);
    let fresh = alice.get(&format!("/t/{thread}")).await;
    assert_ne!(fresh.hidden("once"), once, "a new page, a new token");
    let p = alice.reply(thread, "reply once").await;
    assert_eq!(p.answer, StatusCode::SEE_OTHER);
    assert_eq!(
        posts(thread).await,
        4,
        "the same text from a new page posts"
    );
}
