//! A post is rendered once, when it is written. The HTML stored with a post (and with
//! each revision) is exactly a fresh render of its Markdown by this renderer; a row an older
//! renderer made is shown freshly rendered until `maku rerender` (or the server at start)
//! upgrades it.

use crate::helpers::{Api, TestApp, started_game};
use crate::on_both_backends;
use diesel::prelude::*;
use maku::db::schema::{post_revisions, posts};
use maku::markdown::{self, Images, RENDER_VERSION};
use reqwest::{Method, StatusCode};
use serde_json::json;
use std::process::Command;

on_both_backends!(
    a_stored_post_is_its_fresh_render,
    a_game_post_is_stored_as_its_game_renders_images,
    stale_rows_are_shown_fresh_and_rerender_upgrades_them,
    a_stale_game_post_is_shown_fresh,
    the_server_rerenders_stale_rows_at_start,
    stored_html_read_as_bytes_is_the_stored_text,
);

/// Posts with Markdown, a raw script, an image and a table: everything the renderer and the
/// sanitiser change.
const BODIES: [&str; 3] = [
    "**粗体** 与 _斜体_\n\n- 一\n- 二\n\n<script>alert(1)</script>",
    "![图](https://example.org/a.png) 和 [链接](https://example.org)",
    "| a | b |\n|---|---|\n| 1 | 2 |\n\n~~删~~ <img src=x onerror=alert(1)>",
];

/// Every post row: (body, kind, html, version), in id order.
fn post_rows(app: &TestApp) -> Vec<(String, String, String, i32)> {
    let mut c = app.state.pool.get().expect("connection");
    posts::table
        .order(posts::id.asc())
        .select((posts::body, posts::kind, posts::html, posts::html_version))
        .load(&mut c)
        .expect("posts")
}

/// Every revision row: (body, html, version), in id order.
fn revision_rows(app: &TestApp) -> Vec<(String, String, i32)> {
    let mut c = app.state.pool.get().expect("connection");
    post_revisions::table
        .order(post_revisions::id.asc())
        .select((
            post_revisions::body,
            post_revisions::html,
            post_revisions::html_version,
        ))
        .load(&mut c)
        .expect("revisions")
}

/// Makes every stored HTML stale: an older renderer's version and a text no render gives.
fn make_stale(app: &TestApp) {
    let mut c = app.state.pool.get().expect("connection");
    diesel::update(posts::table)
        .set((posts::html.eq("<p>STALE</p>"), posts::html_version.eq(0)))
        .execute(&mut c)
        .expect("stale posts");
    diesel::update(post_revisions::table)
        .set((
            post_revisions::html.eq("<p>STALE</p>"),
            post_revisions::html_version.eq(0),
        ))
        .execute(&mut c)
        .expect("stale revisions");
}

/// A forum thread with the three bodies, the second edited once.
async fn forum_thread(app: &TestApp) -> i64 {
    let slug = app.board("general").await;
    let api = Api::new(app);
    let alice = api.account("alice").await;
    let (s, b) = api
        .post(
            &format!("/api/v1/boards/{slug}/threads"),
            &alice,
            json!({"title": "渲染", "body": BODIES[0]}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    let bob = api.account("bob").await;
    for body in &BODIES[1..] {
        let (s, b) = api
            .post(
                &format!("/api/v1/threads/{id}/posts"),
                &bob,
                json!({ "body": body }),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{b}");
    }
    let (s, _) = api
        .call(
            Method::PATCH,
            &format!("/api/v1/threads/{id}/posts/2"),
            Some(&bob),
            Some(json!({"body": "改过的 *第二楼*"})),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    id
}

async fn a_stored_post_is_its_fresh_render(app: TestApp) {
    let id = forum_thread(&app).await;
    let rows = post_rows(&app);
    let bodies: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(bodies, [BODIES[0], "改过的 *第二楼*", BODIES[2]]);
    for (body, _, html, version) in &rows {
        assert_eq!(*version, RENDER_VERSION, "{body}");
        assert_eq!(html, &markdown::render(body), "{body}");
    }
    // Each revision keeps its own render, the first text of the edited post included.
    let revisions = revision_rows(&app);
    assert_eq!(revisions.len(), 4);
    assert_eq!(revisions[1].0, BODIES[1]);
    for (body, html, version) in &revisions {
        assert_eq!(*version, RENDER_VERSION, "{body}");
        assert_eq!(html, &markdown::render(body), "{body}");
    }
    // The page and the API show the stored HTML.
    let page = app.browser().get(&format!("/t/{id}")).await;
    assert!(page.body.contains(&rows[2].2), "{}", page.body);
    let (_, t) = Api::new(&app)
        .get(&format!("/api/v1/threads/{id}"), None)
        .await;
    assert_eq!(t["posts"][0]["html"], rows[0].2);
    // The page leaves a fresh row's Markdown unread; the API still gives it.
    assert_eq!(t["posts"][0]["body"], BODIES[0]);
    assert_eq!(t["posts"][1]["body"], "改过的 *第二楼*");
    assert!(!rows[0].2.contains("<script"), "sanitised: {}", rows[0].2);
}

async fn a_game_post_is_stored_as_its_game_renders_images(app: TestApp) {
    let shown = started_game(&app, "shown", json!({"show_images": true})).await;
    let linked = started_game(&app, "linked", json!({})).await;
    let api = Api::new(&app);
    for g in [&shown, &linked] {
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{}/threads/game", g.id),
                &g.players[0],
                json!({"body": BODIES[1]}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{b}");
    }
    let rows: Vec<_> = post_rows(&app)
        .into_iter()
        .filter(|r| r.0 == BODIES[1])
        .collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].2, markdown::render_with(BODIES[1], Images::Shown));
    assert!(rows[0].2.contains("<img"), "{}", rows[0].2);
    assert_eq!(rows[1].2, markdown::render_with(BODIES[1], Images::Links));
    assert!(!rows[1].2.contains("<img"), "{}", rows[1].2);
    // System posts (act posts) store no HTML: their body is JSON told in the reader's language.
    let acts: Vec<_> = post_rows(&app)
        .into_iter()
        .filter(|r| r.1 == "act")
        .collect();
    assert!(!acts.is_empty());
    assert!(acts.iter().all(|r| r.2.is_empty() && r.3 == RENDER_VERSION));
}

async fn a_stale_game_post_is_shown_fresh(app: TestApp) {
    let g = started_game(&app, "stale", json!({})).await;
    let api = Api::new(&app);
    let thread = format!("/api/v1/games/{}/threads/game", g.id);
    let (s, b) = api
        .post(&thread, &g.players[0], json!({"body": BODIES[0]}))
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    make_stale(&app);
    let page = app
        .browser()
        .get(&format!("/games/{}/threads/game", g.id))
        .await;
    assert!(!page.body.contains("STALE"), "{}", page.body);
    assert!(page.body.contains("<strong>粗体</strong>"), "{}", page.body);
    let (s, t) = api.get(&thread, Some(&g.players[1])).await;
    assert_eq!(s, StatusCode::OK, "{t}");
    let posts = t["posts"].as_array().expect("posts");
    let mine = posts
        .iter()
        .find(|p| p["body"] == BODIES[0])
        .expect("the post, its Markdown included");
    assert_eq!(mine["html"], markdown::render(BODIES[0]));
}

/// `maku --database-url … rerender`.
fn rerender(app: &TestApp) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_maku"))
        .args(["--database-url", &app.database_url, "rerender"])
        .output()
        .expect("maku rerender runs")
}

async fn stale_rows_are_shown_fresh_and_rerender_upgrades_them(app: TestApp) {
    let id = forum_thread(&app).await;
    make_stale(&app);
    // Before the upgrade, readers get a fresh render, never the stale HTML.
    let page = app.browser().get(&format!("/t/{id}")).await;
    assert!(!page.body.contains("STALE"), "{}", page.body);
    assert!(page.body.contains("<strong>粗体</strong>"), "{}", page.body);
    let (_, t) = Api::new(&app)
        .get(&format!("/api/v1/threads/{id}"), None)
        .await;
    assert_eq!(t["posts"][0]["html"], markdown::render(BODIES[0]));

    let out = rerender(&app);
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("re-rendered 7"),
        "3 posts and 4 revisions: {said}"
    );
    for (body, _, html, version) in post_rows(&app) {
        assert_eq!((version, html), (RENDER_VERSION, markdown::render(&body)));
    }
    for (body, html, version) in revision_rows(&app) {
        assert_eq!((version, html), (RENDER_VERSION, markdown::render(&body)));
    }
    // Nothing is left: a second run renders nothing.
    let again = rerender(&app);
    assert!(again.status.success(), "{again:?}");
    assert!(String::from_utf8_lossy(&again.stdout).contains("re-rendered 0"));
}

async fn the_server_rerenders_stale_rows_at_start(app: TestApp) {
    forum_thread(&app).await;
    make_stale(&app);
    let (_, _state) = app
        .another_instance(chrono::Utc::now().naive_utc(), |_| {})
        .await;
    let mut left = usize::MAX;
    for _ in 0..100 {
        left = post_rows(&app)
            .iter()
            .filter(|r| r.3 != RENDER_VERSION)
            .count()
            + revision_rows(&app)
                .iter()
                .filter(|r| r.2 != RENDER_VERSION)
                .count();
        if left == 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(
        left, 0,
        "the second instance re-rendered every stale row at start"
    );
    for (body, _, html, _) in post_rows(&app) {
        assert_eq!(html, markdown::render(&body));
    }
}

/// Pages read a post's HTML as its bytes with one fast UTF-8 check
/// (`maku::db::text`): what they get is the stored text, character for character, on both
/// backends (Chinese, emoji, markup); and bytes that are not UTF-8 (only SQLite can hold them)
/// read lossily, as diesel reads such text, with the rest of the page intact.
async fn stored_html_read_as_bytes_is_the_stored_text(app: TestApp) {
    let slug = app.board("general").await;
    let api = Api::new(&app);
    let alice = api.account("alice").await;
    let body = "幕 **一** 😀 <b>&amp;</b> ".repeat(40);
    let (s, b) = api
        .post(
            &format!("/api/v1/boards/{slug}/threads"),
            &alice,
            json!({"title": "字节", "body": body}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    let mut c = app.state.pool.get().expect("connection");
    let as_text: String = posts::table
        .select(posts::html)
        .first(&mut c)
        .expect("html as text");
    let post: maku::db::models::Post = posts::table
        .select(maku::db::models::Post::as_select())
        .first(&mut c)
        .expect("the post, its html read as bytes");
    assert_eq!(post.html, as_text);
    assert_eq!(post.html, markdown::render(&body));
    let page = app.browser().get(&format!("/t/{id}")).await;
    assert!(page.body.contains(&as_text), "{}", page.body);

    if matches!(*c, maku::db::DbConnection::Sqlite(_)) {
        // 幕 (E5 B9 95) cut after two bytes, then an <em>.
        diesel::sql_query(
            "UPDATE posts SET html = CAST(X'3C703EE5B9' AS TEXT) || '<em>尾</em></p>'",
        )
        .execute(&mut c)
        .expect("broken bytes");
        // Written behind maku's back: a kept page shows it once its life ends
        // (`--view-cache-ms`); this test does not wait for that.
        maku::db::epoch::thread_changed(id);
        let page = app.browser().get(&format!("/t/{id}")).await;
        assert_eq!(page.status, StatusCode::OK);
        assert!(
            page.body.contains("<p>\u{fffd}<em>尾</em></p>"),
            "{}",
            page.body
        );
    }
}
