//! The pages readers without a session read most are kept for a moment and served
//! to all of them (`web::page_cache`): never to a signed-in reader, never across languages,
//! never with a cookie, and dropped when a game's public mark moves, so a page that reloads on
//! its live stream's `update` is new.

use crate::helpers::{Api, TestApp, started_game};
use crate::live::{open, until_update};
use crate::on_both_backends_with;
use reqwest::StatusCode;
use serde_json::json;
use std::time::Duration;

/// Long enough that a test's few requests all fall within it.
const KEPT: Duration = Duration::from_secs(30);

fn cached(s: &mut maku::config::Settings) {
    s.page_cache = KEPT;
    s.live_poll = Duration::from_millis(100);
}

on_both_backends_with!(cached:
    readers_without_a_session_share_a_kept_page,
    a_public_change_drops_the_kept_pages,
    a_kept_page_is_sent_compressed_as_the_reader_asks,
);

/// A client without cookies (no session): a reader who has not signed in.
fn anonymous() -> reqwest::Client {
    crate::helpers::client()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client")
}

async fn get(client: &reqwest::Client, url: &str, lang: &str) -> (StatusCode, String, bool) {
    let r = client
        .get(url)
        .header("Accept-Language", lang)
        .send()
        .await
        .expect("GET");
    let cookie = r.headers().contains_key("set-cookie");
    (r.status(), r.text().await.expect("body"), cookie)
}

/// The status and `ETag` of a GET without a session, revalidating `tag` if given.
async fn etag_of(url: &str, tag: Option<&str>) -> (StatusCode, String) {
    let mut r = anonymous().get(url).header("Accept-Language", "zh-CN");
    if let Some(t) = tag {
        r = r.header("If-None-Match", t);
    }
    let r = r.send().await.expect("GET");
    let tag = r
        .headers()
        .get("etag")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    (r.status(), tag)
}

async fn readers_without_a_session_share_a_kept_page(app: TestApp) {
    let slug = app.board("talk").await;
    let api = Api::new(&app);
    let writer = api.account("writer").await;
    let (s, b) = api
        .post(
            &format!("/api/v1/boards/{slug}/threads"),
            &writer,
            json!({"title": "缓存", "body": "第一楼"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    let url = app.url(&format!("/t/{id}"));

    // A signed-in reader first: their page (their name, their sign-out form) is never kept.
    let member = app.player("member").await;
    let theirs = member.get(&format!("/t/{id}")).await;
    assert!(theirs.body.contains(r#"href="/u/member""#));
    let (s, page, cookie) = get(&anonymous(), &url, "zh-CN").await;
    assert_eq!(s, StatusCode::OK);
    assert!(!cookie, "no cookie for a reader");
    assert!(
        !page.contains("member") && !page.contains(r#"name="csrf""#),
        "{page}"
    );
    assert!(page.contains("第一楼") && page.contains(r#"href="/login""#));

    // A reply: a reader without a session is served the kept page (as old as the cache's
    // time at most); a signed-in reader sees the reply at once.
    let (s, b) = api
        .post(
            &format!("/api/v1/threads/{id}/posts"),
            &writer,
            json!({"body": "第二楼"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let (_, kept, cookie) = get(&anonymous(), &url, "zh-CN").await;
    assert!(!cookie);
    assert_eq!(
        kept, page,
        "the kept page, the same for every reader without a session"
    );
    assert!(
        member
            .get(&format!("/t/{id}"))
            .await
            .body
            .contains("第二楼")
    );
    // The kept page carries the tag of its body (taken once, when kept), and answers 304 to it.
    let (tag, kept_tag) = (etag_of(&url, None).await, etag_of(&url, None).await);
    assert_eq!(tag.0, StatusCode::OK);
    assert_eq!(kept_tag, tag);
    assert_eq!(tag.1, maku::web::conditional::tag_of(kept.as_bytes()));
    let revalidated = etag_of(&url, Some(&tag.1)).await;
    assert_eq!(revalidated.0, StatusCode::NOT_MODIFIED);
    // Another query or another language is another page.
    let (_, paged, _) = get(&anonymous(), &format!("{url}?page=1"), "zh-CN").await;
    assert!(paged.contains("第二楼"), "{paged}");
    let (_, english, _) = get(&anonymous(), &url, "en").await;
    assert!(english.contains(r#"<html lang="en">"#), "{english}");
    assert!(english.contains("第二楼"));
    // An API token is a session: its reader gets the game JSON fresh, not a kept one.
    let g = started_game(&app, "缓存", json!({})).await;
    let path = format!("/api/v1/games/{}", g.id);
    let (_, before) = api.get(&path, None).await;
    let act = before["act"].as_i64().expect("act");
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/resolve", g.id),
            &g.admin,
            json!({"act": act}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (_, anon) = api.get(&path, None).await;
    assert_eq!(anon, before, "kept for readers without a session");
    let (_, signed) = api.get(&path, Some(&g.players[1])).await;
    // (Nobody acted or voted: the resolution ends the game.)
    assert_eq!(before["status"], "running");
    assert_eq!(signed["status"], "finished", "{signed}");
}

async fn a_public_change_drops_the_kept_pages(app: TestApp) {
    let g = started_game(&app, "实时", json!({})).await;
    let client = anonymous();
    let thread = app.url(&format!("/games/{}/threads/game", g.id));
    let (s, first, _) = get(&client, &thread, "zh-CN").await;
    assert_eq!(s, StatusCode::OK);
    assert!(!first.contains("新的一楼"));
    // The game's live stream, as its page opens it.
    let mut stream = open(&client, &app, g.id).await;
    let (s, b) = Api::new(&app)
        .post(
            &format!("/api/v1/games/{}/threads/game", g.id),
            &g.players[0],
            json!({"body": "新的一楼"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    until_update(&mut stream, Duration::from_secs(10)).await;
    // The reload the update asks for: the new page, long before the kept one would expire.
    let (s, reloaded, _) = get(&client, &thread, "zh-CN").await;
    assert_eq!(s, StatusCode::OK);
    assert!(reloaded.contains("新的一楼"), "{reloaded}");
}

/// The body and headers of an anonymous GET asking for `accept` encodings, decoded.
async fn get_coded(url: &str, accept: &str) -> (Option<String>, Option<String>, String, String) {
    let r = anonymous()
        .get(url)
        .header("Accept-Language", "zh-CN")
        .header("Accept-Encoding", accept)
        .send()
        .await
        .expect("GET");
    assert_eq!(r.status(), StatusCode::OK);
    let header = |name: &str| {
        r.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
    };
    let (coding, etag) = (header("content-encoding"), header("etag"));
    let vary = r
        .headers()
        .get_all("vary")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect::<Vec<_>>()
        .join(", ");
    let (_, text) = crate::caching::decoded(r).await;
    (coding, etag, vary, text)
}

async fn a_kept_page_is_sent_compressed_as_the_reader_asks(app: TestApp) {
    let slug = app.board("talk").await;
    let api = Api::new(&app);
    let writer = api.account("writer").await;
    let (s, b) = api
        .post(
            &format!("/api/v1/boards/{slug}/threads"),
            &writer,
            json!({"title": "压缩", "body": "第一楼：今天天气很好，我们来玩杀人游戏。".repeat(20)}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    let url = app.url(&format!("/t/{id}"));
    // The first reader's page is kept; a reply after it is not in the kept page.
    let (coding, tag, _, plain) = get_coded(&url, "identity").await;
    assert_eq!(coding, None);
    let (s, b) = api
        .post(
            &format!("/api/v1/threads/{id}/posts"),
            &writer,
            json!({"body": "第二楼"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");

    // A browser (brotli first), a reader asking for gzip only, and one refusing both: each is
    // given the kept page (no reply in it), coded as it asked, with the kept page's tag.
    for (accept, want) in [
        ("gzip, deflate, br, zstd", Some("br")),
        ("gzip", Some("gzip")),
        ("br;q=0, gzip;q=0", None),
    ] {
        let (coding, etag, vary, text) = get_coded(&url, accept).await;
        assert_eq!(coding.as_deref(), want, "{accept}");
        assert_eq!(text, plain, "{accept}: the kept page");
        assert!(!text.contains("第二楼"));
        assert_eq!(etag, tag, "{accept}");
        if want.is_some() {
            assert!(
                vary.to_ascii_lowercase().contains("accept-encoding"),
                "{vary}"
            );
        }
    }
    // The tag still answers 304 to a browser.
    let r = anonymous()
        .get(&url)
        .header("Accept-Language", "zh-CN")
        .header("Accept-Encoding", "gzip, deflate, br, zstd")
        .header("If-None-Match", tag.as_deref().expect("a tag"))
        .send()
        .await
        .expect("GET");
    assert_eq!(r.status(), StatusCode::NOT_MODIFIED);
}
