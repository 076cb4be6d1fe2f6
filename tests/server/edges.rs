//! The smaller edges of the server: feed links from the configured public URL, invalid
//! UTF-8 in forms, pages past the last, `HEAD`, `405`, malformed deadlines, external images.

use crate::helpers::{Api, Backend, TestApp, spawn_with, started_game};
use crate::on_both_backends;
use maku::config::Settings;
use reqwest::{Method, StatusCode};
use serde_json::json;

on_both_backends!(
    feeds_default_to_the_bound_address_not_the_host_header,
    invalid_utf8_in_a_form_is_400,
    a_page_past_the_last_shows_the_last,
    head_works_wherever_get_does_and_a_wrong_method_is_405,
    a_malformed_deadline_is_400,
    external_images_are_links_unless_the_game_shows_them,
);

fn public(s: &mut Settings) {
    s.public_url = Some("https://maku.example/forum".into());
}

mod sqlite_public {
    #[actix_web::test]
    async fn feeds_link_to_the_public_url() {
        let app = super::spawn_with(super::Backend::Sqlite, super::public)
            .await
            .expect("sqlite app");
        super::feeds_link_to_the_public_url(app).await;
    }
}

mod postgres_public {
    #[actix_web::test]
    async fn feeds_link_to_the_public_url() {
        match super::spawn_with(super::Backend::Postgres, super::public).await {
            Some(app) => super::feeds_link_to_the_public_url(app).await,
            None => eprintln!("MAKU_TEST_PG_URL is not set: PostgreSQL run skipped"),
        }
    }
}

/// A board `feeds` with one thread; returns the thread id.
async fn board_with_a_thread(app: &TestApp) -> i64 {
    let api = Api::new(app);
    let admin = api.token("admin", &app.admin_password).await;
    let (s, b) = api
        .post(
            "/api/v1/boards",
            &admin,
            json!({"slug": "feeds", "title": "Feeds"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let (s, b) = api
        .post(
            "/api/v1/boards/feeds/threads",
            &admin,
            json!({"title": "hello", "body": "floor-1"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    b["id"].as_i64().expect("id")
}

/// The feed at `path`, asked for with a forged `Host` header.
async fn feed_with_host(app: &TestApp, path: &str, host: &str) -> String {
    let r = crate::helpers::client()
        .build()
        .expect("client")
        .get(app.url(path))
        .header("Host", host)
        .send()
        .await
        .expect("GET");
    assert_eq!(r.status(), StatusCode::OK);
    r.text().await.expect("body")
}

async fn feeds_link_to_the_public_url(app: TestApp) {
    let thread = board_with_a_thread(&app).await;
    let body = feed_with_host(&app, "/b/feeds/feed.atom", "evil.example").await;
    assert!(!body.contains("evil.example"), "{body}");
    assert!(
        body.contains(r#"href="https://maku.example/forum/b/feeds/feed.atom""#),
        "{body}"
    );
    assert!(
        body.contains(&format!("https://maku.example/forum/t/{thread}/1")),
        "{body}"
    );
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let (_, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "g", "variant": "deathnote"}),
        )
        .await;
    let id = b["id"].as_i64().expect("id");
    let body = feed_with_host(&app, &format!("/games/{id}/feed.atom"), "evil.example").await;
    assert!(!body.contains("evil.example"), "{body}");
    assert!(
        body.contains(&format!(
            r#"href="https://maku.example/forum/games/{id}/threads/game""#
        )),
        "{body}"
    );
}

async fn feeds_default_to_the_bound_address_not_the_host_header(app: TestApp) {
    board_with_a_thread(&app).await;
    let body = feed_with_host(&app, "/b/feeds/feed.atom", "evil.example").await;
    assert!(!body.contains("evil.example"), "{body}");
    assert!(
        body.contains(&format!(r#"href="{}/b/feeds""#, app.base)),
        "{body}"
    );
}

async fn invalid_utf8_in_a_form_is_400(app: TestApp) {
    let slug = app.board("general").await;
    let alice = app.player("alice").await;
    let id = alice.new_thread(&slug, "标题", "floor-1").await;
    let csrf = alice.get(&format!("/t/{id}")).await.csrf();
    let percent = format!("csrf={csrf}&body=bad%FF%FEbytes").into_bytes();
    let p = alice.post_raw(&format!("/t/{id}/posts"), percent).await;
    assert_eq!(p.status, StatusCode::BAD_REQUEST, "{}", p.body);
    let mut raw = format!("csrf={csrf}&body=bad").into_bytes();
    raw.extend_from_slice(b"\xff\xfe");
    let p = alice.post_raw(&format!("/t/{id}/posts"), raw).await;
    assert_eq!(p.status, StatusCode::BAD_REQUEST, "{}", p.body);
    // Valid UTF-8, percent-encoded or not, still posts.
    let good = format!("csrf={csrf}&body=%E5%B9%95+").into_bytes();
    let mut good = good;
    good.extend_from_slice("好".as_bytes());
    let p = alice.post_raw(&format!("/t/{id}/posts"), good).await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    let (_, t) = Api::new(&app)
        .get(&format!("/api/v1/threads/{id}"), None)
        .await;
    let bodies: Vec<&str> = t["posts"]
        .as_array()
        .expect("posts")
        .iter()
        .filter_map(|p| p["body"].as_str())
        .collect();
    assert_eq!(bodies, vec!["floor-1", "幕 好"]);
}

async fn a_page_past_the_last_shows_the_last(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let id = board_with_a_thread(&app).await;
    for n in 2..=31 {
        let (s, b) = api
            .post(
                &format!("/api/v1/threads/{id}/posts"),
                &admin,
                json!({"body": format!("floor-{n}")}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{b}");
    }
    let reader = app.browser();
    for page in ["2", "5", "99999999999999999999"] {
        let p = reader.get(&format!("/t/{id}?page={page}")).await;
        assert_eq!(p.status, StatusCode::OK, "page {page}");
        assert!(p.body.contains("floor-31"), "page {page} shows the last");
        assert!(!p.body.contains("floor-30<"), "page {page}");
        let (s, t) = api
            .get(&format!("/api/v1/threads/{id}?page={page}"), None)
            .await;
        assert_eq!(s, StatusCode::OK, "{t}");
        assert_eq!(t["page"], 2);
        assert_eq!(t["posts"][0]["body"], "floor-31");
    }
    let p = reader.get("/b/feeds?page=99999999999999999999").await;
    assert_eq!(p.status, StatusCode::OK);
    assert!(p.body.contains("hello"), "the board's last page");
    let (s, t) = api
        .get(
            "/api/v1/boards/feeds/threads?page=99999999999999999999",
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{t}");
    assert_eq!(t["page"], 1);
    let p = reader.get(&format!("/t/{id}?page=two")).await;
    assert_eq!(p.status, StatusCode::BAD_REQUEST, "not a number");
}

async fn head_works_wherever_get_does_and_a_wrong_method_is_405(app: TestApp) {
    let id = board_with_a_thread(&app).await;
    let client = crate::helpers::client().build().expect("client");
    for path in [
        "/".to_string(),
        "/healthz".to_string(),
        format!("/t/{id}"),
        "/b/feeds".to_string(),
        "/b/feeds/feed.atom".to_string(),
        "/api/v1/games".to_string(),
        "/api/v1/openapi.json".to_string(),
        "/static/maku.css".to_string(),
        "/login".to_string(),
    ] {
        let get = client.get(app.url(&path)).send().await.expect("GET");
        let head = client.head(app.url(&path)).send().await.expect("HEAD");
        assert_eq!(head.status(), get.status(), "HEAD {path}");
        assert_eq!(head.status(), StatusCode::OK, "HEAD {path}");
        assert_eq!(
            head.headers().get("content-type"),
            get.headers().get("content-type"),
            "HEAD {path}"
        );
        assert!(head.text().await.expect("body").is_empty(), "HEAD {path}");
    }
    let head = client.head(app.url("/nothing")).send().await.expect("HEAD");
    assert_eq!(head.status(), StatusCode::NOT_FOUND);
    // The live stream answers HEAD with its headers and ends (GET would stay open).
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let (_, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "g", "variant": "deathnote"}),
        )
        .await;
    let events = app.url(&format!("/games/{}/events", b["id"]));
    let head = client
        .head(&events)
        .timeout(std::time::Duration::from_secs(10))
        .send()
        .await
        .expect("HEAD of the stream");
    assert_eq!(head.status(), StatusCode::OK);
    assert!(
        head.headers()
            .get("content-type")
            .is_some_and(|v| v.as_bytes().starts_with(b"text/event-stream"))
    );

    for (method, path) in [
        (Method::PUT, "/login".to_string()),
        (Method::POST, "/healthz".to_string()),
        (Method::DELETE, format!("/t/{id}")),
        (Method::GET, "/games/1/actions".to_string()),
    ] {
        let r = client
            .request(method.clone(), app.url(&path))
            .send()
            .await
            .expect("request");
        assert_eq!(
            r.status(),
            StatusCode::METHOD_NOT_ALLOWED,
            "{method} {path}"
        );
    }
    let (s, b) = Api::new(&app)
        .call(Method::DELETE, "/api/v1/games", None, None)
        .await;
    assert_eq!(s, StatusCode::METHOD_NOT_ALLOWED, "{b}");
    assert_eq!(b["error"], "method_not_allowed");
    let (s, b) = Api::new(&app)
        .call(Method::PUT, "/api/v1/nothing", None, None)
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{b}");
    assert_eq!(b["error"], "not_found");
}

async fn a_malformed_deadline_is_400(app: TestApp) {
    let g = started_game(&app, "e", json!({})).await;
    let api = Api::new(&app);
    let path = format!("/api/v1/games/{}/deadline", g.id);
    for body in [
        json!({"act": 1, "deadline": "next tuesday"}),
        json!({"act": 1, "deadline": "2026-13-45T99:00:00Z"}),
        json!({"act": 1, "extend_minutes": 0}),
        json!({"act": 1, "extend_minutes": -30}),
        json!({"act": 1}),
    ] {
        let (s, b) = api.post(&path, &g.admin, body.clone()).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{body}: {b}");
        assert_eq!(b["error"], "bad_deadline", "{body}: {b}");
    }
    let admin = app.admin().await;
    let console = format!("/games/{}/console", g.id);
    let csrf = admin.get(&console).await.csrf();
    // The page's refusals name the field (the picker reads the game's zone, Asia/Shanghai).
    for (deadline, minutes, message) in [
        (
            "",
            "soon",
            "「延后分钟数」：「soon」不是 1 到 43200 之间的整数。",
        ),
        ("tomorrow", "", "「新截止时间」：无法读取「tomorrow」。"),
        ("", "", "请选择新截止时间，或填写延后分钟数。"),
    ] {
        let p = admin
            .post(
                &format!("{console}/deadline"),
                &[
                    ("csrf", &csrf),
                    ("act", "1"),
                    ("deadline", deadline),
                    ("extend_minutes", minutes),
                ],
            )
            .await;
        // The form: back to the console (303) with the reason and the fields as typed.
        p.assert_back_at(&console);
        assert!(
            p.body.contains(message),
            "{deadline:?} {minutes:?}: {}",
            p.body
        );
        if !minutes.is_empty() {
            assert!(
                p.body.contains(&format!(r#"value="{minutes}""#)),
                "{}",
                p.body
            );
        }
    }
}

async fn external_images_are_links_unless_the_game_shows_them(app: TestApp) {
    let image = "![a cat](https://img.example/cat.png)";
    let img_tag = r#"<img src="https://img.example/cat.png""#;
    let link = r#"<a href="https://img.example/cat.png" rel="nofollow noopener">a cat</a>"#;
    // Forum posts: always links.
    let slug = app.board("general").await;
    let alice = app.player("alice").await;
    let id = alice
        .new_thread(
            &slug,
            "图",
            &format!("{image}\n\n<img src=\"https://img.example/raw.png\">"),
        )
        .await;
    let page = app.browser().get(&format!("/t/{id}")).await;
    assert!(!page.body.contains("<img"), "{}", page.body);
    assert!(!page.body.contains("raw.png"), "raw HTML images go too");
    assert!(page.body.contains(link), "{}", page.body);

    // Game threads: links by default…
    let api = Api::new(&app);
    let plain = started_game(&app, "plain", json!({})).await;
    let shown = started_game(&app, "shown", json!({"show_images": true})).await;
    for g in [&plain, &shown] {
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{}/threads/game", g.id),
                &g.players[0],
                json!({"body": image}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{b}");
    }
    let thread = |id: i64| format!("/games/{id}/threads/game");
    let p = app.browser().get(&thread(plain.id)).await;
    assert!(
        !p.body.contains(img_tag) && p.body.contains(link),
        "{}",
        p.body
    );
    // …and images where the judge chose them, on the page, in the API and in the feed.
    let p = app.browser().get(&thread(shown.id)).await;
    assert!(p.body.contains(img_tag), "{}", p.body);
    let (_, posts) = api
        .get(&format!("/api/v1/games/{}/threads/game", shown.id), None)
        .await;
    let htmls: Vec<&str> = posts["posts"]
        .as_array()
        .expect("posts")
        .iter()
        .filter_map(|p| p["html"].as_str())
        .collect();
    assert!(htmls.iter().any(|h| h.contains(img_tag)), "{posts}");
    let feed = feed_with_host(&app, &format!("/games/{}/feed.atom", plain.id), "x").await;
    assert!(!feed.contains("&lt;img"), "{feed}");
    let game = app.browser().get(&format!("/games/{}", shown.id)).await;
    assert!(
        game.body.contains("本局帖子会显示外站图片"),
        "the game page says so"
    );

    // The create form offers the choice.
    let admin = app.admin().await;
    let form = admin.get("/games/new?variant=deathnote").await;
    assert!(form.body.contains(r#"name="show_images""#));
    let p = admin
        .post(
            "/games",
            &[
                ("csrf", &form.csrf()),
                ("title", "有图"),
                ("act_minutes", "60"),
                ("timezone", "Asia/Shanghai"),
                ("min_seats", "6"),
                ("max_seats", "40"),
                ("remind_hours", "6"),
                ("characters", ""),
                ("show_images", "on"),
            ],
        )
        .await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    assert!(p.body.contains("本局帖子会显示外站图片"), "{}", p.body);
}
