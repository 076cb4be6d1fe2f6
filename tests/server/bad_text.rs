//! Nothing a user sends gives a `500`, nor is stored (issue 38, item 5): one table of bad
//! strings (NUL, other C0 controls, DEL and C1, invalid UTF-8 in an address, over-long text)
//! tried in every kind of place that takes text — paths, query values, form fields and JSON
//! fields — on the pages and the API. A control character is `400 control_characters` in the
//! reader's language; nothing is recorded.

use crate::helpers::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

crate::on_both_backends!(bad_text_is_a_clear_400_and_never_stored);

/// The strings that no text field takes. `(label, text, a control character)`.
fn bad_strings() -> Vec<(&'static str, String, bool)> {
    vec![
        ("NUL", "a\u{0}b".into(), true),
        ("ESC", "a\u{1b}[31mb".into(), true),
        ("BEL", "a\u{7}b".into(), true),
        ("vertical tab", "a\u{b}b".into(), true),
        ("DEL", "a\u{7f}b".into(), true),
        ("C1 NEL", "a\u{85}b".into(), true),
        ("over-long", "x".repeat(30_000), false),
    ]
}

fn enc(s: &str) -> String {
    url::form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

async fn bad_text_is_a_clear_400_and_never_stored(app: TestApp) {
    let api = Api::new(&app);
    let admin_token = api.token("admin", &app.admin_password).await;
    let slug = app.board("bad").await;
    let alice = app.player("alice").await;
    let thread = alice.new_thread(&slug, "标题", "floor-1").await;
    let alice_token = api.token("alice", "password-123").await;
    let game = started_game(&app, "bt", json!({})).await;
    let admin = app.admin().await;
    let english = app.browser_in("en");
    english.login("alice", "password-123").await;
    let csrf = admin.get("/").await.csrf();
    let csrf_en = english.get("/").await.csrf();
    let g = game.id;

    let before = recorded(&app);
    for (label, bad, control) in bad_strings() {
        let e = enc(&bad);
        // Paths and query values, read by anyone (the page and the API).
        let short = if bad.len() > 8_000 {
            "x".repeat(8_000)
        } else {
            bad.clone()
        };
        let es = enc(&short);
        let addresses = [
            format!("/u/{es}"),
            format!("/players/{es}/record"),
            format!("/b/{es}"),
            format!("/lang/{es}"),
            format!("/rules/{es}"),
            format!("/games/{g}/threads/{es}"),
            format!("/admin/audit?account={es}"),
            format!("/search?q={es}"),
            format!("/games?variant={es}"),
            format!("/login?next={es}"),
            format!("/t/{thread}?page={es}"),
            format!("/api/v1/accounts/{es}"),
            format!("/api/v1/search?q={es}"),
            format!("/api/v1/games?status={es}"),
        ];
        for path in &addresses {
            let page = admin.get(path).await;
            assert!(
                !page.status.is_server_error(),
                "{label} in {path}: {}",
                page.status
            );
            if control {
                assert_eq!(page.status, StatusCode::BAD_REQUEST, "{label} in {path}");
            }
        }
        // Form fields of the pages.
        let forms: Vec<(String, Vec<(&str, &str)>)> = vec![
            (
                "/register".into(),
                vec![("username", &bad), ("password", "password-123")],
            ),
            (
                format!("/b/{slug}/threads"),
                vec![("title", &bad), ("body", "b")],
            ),
            (
                format!("/b/{slug}/threads"),
                vec![("title", "t"), ("body", &bad)],
            ),
            (format!("/t/{thread}/posts"), vec![("body", &bad)]),
            (format!("/t/{thread}/1/report"), vec![("reason", &bad)]),
            (format!("/t/{thread}/1/hide"), vec![("reason", &bad)]),
            (
                "/admin/suspensions".into(),
                vec![("username", "alice"), ("days", "3"), ("reason", &bad)],
            ),
            (
                "/admin/suspensions".into(),
                vec![("username", &bad), ("days", "3"), ("reason", "r")],
            ),
            (
                "/admin/boards".into(),
                vec![("slug", "nb"), ("title", &bad), ("description", "")],
            ),
            (
                format!("/games/{g}/console/end"),
                vec![("act", "1"), ("reason", &bad), ("confirm", "yes")],
            ),
            (
                format!("/games/{g}/console/substitute"),
                vec![("game_id", &bad), ("account", "alice"), ("confirm", "yes")],
            ),
            (
                format!("/games/{g}/console/substitute"),
                vec![
                    ("game_id", &game.names[0]),
                    ("account", &bad),
                    ("confirm", "yes"),
                ],
            ),
            (format!("/games/{g}/threads/game"), vec![("body", &bad)]),
        ];
        for (path, fields) in &forms {
            let mut form = vec![("csrf", csrf.as_str())];
            form.extend_from_slice(fields);
            let page = admin.post(path, &form).await;
            assert!(
                !page.answer.is_server_error() && !page.status.is_server_error(),
                "{label} in a form of {path}: {}",
                page.body
            );
            if control {
                assert_eq!(page.answer, StatusCode::BAD_REQUEST, "{label} in {path}");
                assert!(page.body.contains("不允许使用控制字符"), "{}", page.body);
            }
        }
        // The reader's language.
        if control {
            let page = english
                .post(
                    &format!("/t/{thread}/posts"),
                    &[("csrf", &csrf_en), ("body", &bad)],
                )
                .await;
            assert_eq!(page.answer, StatusCode::BAD_REQUEST);
            assert!(
                page.body.contains("Control characters are not allowed"),
                "{}",
                page.body
            );
        }
        // JSON fields of the API.
        let calls: Vec<(reqwest::Method, String, &str, Value)> = vec![
            (
                reqwest::Method::POST,
                "/api/v1/tokens".into(),
                "",
                json!({"username": bad, "password": "password-123"}),
            ),
            (
                reqwest::Method::POST,
                "/api/v1/tokens".into(),
                "",
                json!({"username": "alice", "password": bad}),
            ),
            (
                reqwest::Method::POST,
                "/api/v1/accounts".into(),
                "",
                json!({"username": bad, "password": "password-123"}),
            ),
            (
                reqwest::Method::POST,
                format!("/api/v1/boards/{slug}/threads"),
                &alice_token,
                json!({"title": bad, "body": "b"}),
            ),
            (
                reqwest::Method::POST,
                format!("/api/v1/threads/{thread}/posts"),
                &alice_token,
                json!({"body": bad}),
            ),
            (
                reqwest::Method::POST,
                format!("/api/v1/threads/{thread}/posts/1/report"),
                &admin_token,
                json!({"reason": bad}),
            ),
            (
                reqwest::Method::POST,
                format!("/api/v1/threads/{thread}/posts/1/hide"),
                &admin_token,
                json!({"reason": bad}),
            ),
            (
                reqwest::Method::POST,
                "/api/v1/accounts/alice/suspend".into(),
                &admin_token,
                json!({"days": 3, "reason": bad}),
            ),
            (
                reqwest::Method::POST,
                format!("/api/v1/accounts/{e}/suspend"),
                &admin_token,
                json!({"days": 3, "reason": "r"}),
            ),
            (
                reqwest::Method::POST,
                format!("/api/v1/games/{g}/end"),
                &admin_token,
                json!({"act": 1, "reason": bad}),
            ),
            (
                reqwest::Method::POST,
                format!("/api/v1/games/{g}/substitute"),
                &admin_token,
                json!({"game_id": bad, "account": "alice"}),
            ),
            (
                reqwest::Method::POST,
                format!("/api/v1/games/{g}/substitute"),
                &admin_token,
                json!({"game_id": game.names[0], "account": bad}),
            ),
            (
                reqwest::Method::POST,
                "/api/v1/games".into(),
                &admin_token,
                json!({"title": bad, "variant": "deathnote"}),
            ),
            (
                reqwest::Method::DELETE,
                format!("/api/v1/tokens/{e}"),
                &admin_token,
                json!({}),
            ),
        ];
        for (method, path, token, body) in calls {
            let token = (!token.is_empty()).then_some(token);
            let (s, b) = api.call(method, &path, token, Some(body)).await;
            assert!(!s.is_server_error(), "{label} in {path}: {b}");
            assert_eq!(b["ok"], json!(false), "{label} in {path}: {b}");
            if control {
                assert_eq!(
                    (s, b["error"].as_str()),
                    (StatusCode::BAD_REQUEST, Some("control_characters")),
                    "{label} in {path}"
                );
            }
        }
    }
    // Invalid UTF-8 in an address (a lone surrogate's bytes): a clear 400, on pages and API.
    for path in [
        "/u/%ED%A0%80",
        "/search?q=%ED%A0%80",
        "/admin/audit?account=%ED%A0%80",
        "/api/v1/accounts/%ED%A0%80",
        "/api/v1/search?q=%FF",
    ] {
        let page = admin.get(path).await;
        assert_eq!(
            page.status,
            StatusCode::BAD_REQUEST,
            "{path}: {}",
            page.body
        );
    }
    assert_eq!(recorded(&app), before, "nothing is recorded");
    // A tab and line breaks are text, not controls: still posted.
    let page = alice.reply(thread, "line one\r\n\tline two").await;
    assert_eq!(page.answer, StatusCode::SEE_OTHER, "{}", page.body);
}
