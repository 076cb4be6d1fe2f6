//! What the answers say besides their bodies: the API's challenge on a 401, a signed-out
//! reader of a private page sent to sign in, private pages kept by no cache, robots.txt and
//! the icon, the live stream without a `Content-Encoding`, and a bell that a `GET` never
//! empties.

use crate::helpers::{Api, TestApp, started_game};
use crate::on_both_backends;
use reqwest::StatusCode;
use reqwest::header::{CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE, LOCATION, VARY};
use serde_json::json;

on_both_backends!(
    an_api_401_challenges_for_a_bearer_token,
    a_signed_out_reader_of_a_private_page_is_sent_to_sign_in,
    private_pages_are_kept_by_no_cache,
    robots_and_the_icon_are_served,
    the_live_stream_names_no_coding,
    reading_the_bell_marks_nothing_read,
);

fn header(resp: &reqwest::Response, name: reqwest::header::HeaderName) -> String {
    resp.headers()
        .get_all(name)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect::<Vec<_>>()
        .join(", ")
}

fn raw() -> reqwest::Client {
    crate::helpers::client()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client")
}

async fn an_api_401_challenges_for_a_bearer_token(app: TestApp) {
    let client = raw();
    let resp = client
        .get(app.url("/api/v1/notifications"))
        .send()
        .await
        .expect("GET");
    assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        header(&resp, "www-authenticate".parse().expect("name")),
        r#"Bearer realm="maku""#
    );
    let resp = client
        .post(app.url("/api/v1/tokens"))
        .json(&json!({"username": "admin", "password": "wrong-password"}))
        .send()
        .await
        .expect("POST");
    assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        header(&resp, "www-authenticate".parse().expect("name")),
        r#"Bearer realm="maku""#
    );
}

async fn a_signed_out_reader_of_a_private_page_is_sent_to_sign_in(app: TestApp) {
    let g = started_game(&app, "out", json!({})).await;
    let client = raw();
    for (path, next) in [
        ("/notifications", "%2Fnotifications"),
        ("/account/password", "%2Faccount%2Fpassword"),
        ("/account/sessions", "%2Faccount%2Fsessions"),
        ("/admin", "%2Fadmin"),
        (
            &format!("/games/{}/seat?x=1", g.id) as &str,
            &format!("%2Fgames%2F{}%2Fseat%3Fx%3D1", g.id) as &str,
        ),
    ] {
        let resp = client.get(app.url(path)).send().await.expect("GET");
        assert_eq!(resp.status(), StatusCode::SEE_OTHER, "{path}");
        assert_eq!(
            header(&resp, LOCATION),
            format!("/login?next={next}"),
            "{path}"
        );
        assert_eq!(
            header(&resp, "www-authenticate".parse().expect("name")),
            "",
            "{path}"
        );
    }
    // The login form carries the way back, and signing in goes there.
    let b = app.browser();
    let login = b.get("/account/password").await;
    assert!(login.url.contains("/login?next="), "{}", login.url);
    assert!(
        login
            .body
            .contains(r#"name="next" value="/account/password""#),
        "{}",
        login.body
    );
    let p = b
        .post(
            "/login",
            &[
                ("csrf", &login.csrf()),
                ("username", "admin"),
                ("password", &app.admin_password),
                ("next", "/account/password"),
            ],
        )
        .await;
    p.assert_back_at("/account/password");
}

async fn private_pages_are_kept_by_no_cache(app: TestApp) {
    let g = started_game(&app, "priv", json!({})).await;
    let admin = app.admin().await;
    let player = app.browser();
    player.login("priv0", "password-123").await;
    let seat = format!("/games/{}/seat", g.id);
    let console = format!("/games/{}/console", g.id);
    for (b, path) in [
        (&admin, "/admin"),
        (&admin, "/account/password"),
        (&admin, "/account/sessions"),
        (&admin, "/account/notifications"),
        (&admin, "/account/calendar"),
        (&admin, "/notifications"),
        (&admin, console.as_str()),
        (&player, seat.as_str()),
    ] {
        let resp = b.raw.get(app.url(path)).send().await.expect("GET");
        assert_eq!(resp.status(), StatusCode::OK, "{path}");
        assert_eq!(header(&resp, CACHE_CONTROL), "private, no-store", "{path}");
        assert!(
            header(&resp, VARY).to_lowercase().contains("cookie"),
            "{path}"
        );
    }
    // A public page stays revalidated (not refused to caches), and varies by its session too.
    for path in ["/", "/rules", "/games"] {
        let resp = player.raw.get(app.url(path)).send().await.expect("GET");
        assert_eq!(resp.status(), StatusCode::OK, "{path}");
        assert_ne!(header(&resp, CACHE_CONTROL), "private, no-store", "{path}");
        assert!(
            header(&resp, VARY).to_lowercase().contains("cookie"),
            "{path}"
        );
    }
}

async fn robots_and_the_icon_are_served(app: TestApp) {
    let client = raw();
    let resp = client
        .get(app.url("/robots.txt"))
        .send()
        .await
        .expect("GET");
    assert_eq!(resp.status(), StatusCode::OK);
    assert!(header(&resp, CONTENT_TYPE).starts_with("text/plain"));
    let robots = resp.text().await.expect("body");
    for line in [
        "User-agent: *",
        "Disallow: /api/",
        "Disallow: /admin",
        "Disallow: /account/",
    ] {
        assert!(robots.lines().any(|l| l == line), "{line}: {robots}");
    }
    for path in ["/favicon.ico", "/favicon.svg"] {
        let resp = client.get(app.url(path)).send().await.expect("GET");
        assert_eq!(resp.status(), StatusCode::OK, "{path}");
        assert_eq!(header(&resp, CONTENT_TYPE), "image/svg+xml", "{path}");
        assert!(resp.text().await.expect("body").starts_with("<svg"));
    }
    let home = app.browser().get("/").await;
    assert!(
        home.body
            .contains(r#"<link rel="icon" href="/favicon.svg" type="image/svg+xml">"#),
        "{}",
        home.body
    );
}

async fn the_live_stream_names_no_coding(app: TestApp) {
    let g = started_game(&app, "live", json!({})).await;
    for accept in ["gzip, br", "zstd, gzip", "identity"] {
        let resp = raw()
            .get(app.url(&format!("/games/{}/events", g.id)))
            .header("Accept-Encoding", accept)
            .send()
            .await
            .expect("the stream opens");
        assert_eq!(resp.status(), StatusCode::OK);
        assert!(header(&resp, CONTENT_TYPE).starts_with("text/event-stream"));
        assert!(
            resp.headers().get(CONTENT_ENCODING).is_none(),
            "{accept}: {:?}",
            resp.headers()
        );
    }
}

async fn reading_the_bell_marks_nothing_read(app: TestApp) {
    let api = Api::new(&app);
    let alice = api.account("alice").await;
    api.account("bob").await;
    let slug = app.board("talk").await;
    let (s, t) = api
        .post(
            &format!("/api/v1/boards/{slug}/threads"),
            &alice,
            json!({"title": "hi", "body": "hello @bob"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{t}");
    let thread = t["id"].as_i64().expect("id");
    maku::notify::tick(&app.state).await.expect("tick");
    let bob = app.browser();
    bob.login("bob", "password-123").await;
    let unread = |body: &str| body.contains(r#"<span class="count">1</span>"#);
    // A GET (a link from anywhere) shows the list and changes nothing.
    for _ in 0..2 {
        let list = bob.get("/notifications").await;
        assert_eq!(list.status, StatusCode::OK);
        assert!(unread(&list.body), "{}", list.body);
    }
    assert!(unread(&bob.get("/").await.body));
    // Opening one is a form: it marks what the list showed read and goes to its page.
    let list = bob.get("/notifications").await;
    let to = format!("/t/{thread}/1");
    assert!(
        list.body.contains(&format!(r#"name="to" value="{to}""#)),
        "{}",
        list.body
    );
    let upto = list.hidden("upto");
    let answer = bob
        .post_answer(
            "/notifications/open",
            &[("csrf", &list.csrf()), ("to", &to), ("upto", &upto)],
        )
        .await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    assert_eq!(answer.location, to);
    assert!(!unread(&bob.get("/").await.body));
    // A target off the site goes home, and a form without the token changes nothing.
    let answer = bob
        .post_answer(
            "/notifications/open",
            &[
                ("csrf", &list.csrf()),
                ("to", "//evil.example/"),
                ("upto", &upto),
            ],
        )
        .await;
    assert_eq!(
        (answer.status, answer.location.as_str()),
        (StatusCode::SEE_OTHER, "/")
    );
    let answer = bob
        .post_answer("/notifications/open", &[("to", "/"), ("upto", &upto)])
        .await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
}
