//! Issue 14: compression (and the masked CSRF token it calls for), ETag / Last-Modified with
//! `304 Not Modified`, and hashed names for the static files.

use crate::helpers::{Api, TestApp};
use crate::on_both_backends;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::io::Read;

on_both_backends!(
    pages_and_json_come_back_compressed_when_asked,
    the_csrf_token_is_masked_in_every_response,
);

/// The body of a response, decoded by its `Content-Encoding`.
async fn decoded(resp: reqwest::Response) -> (Option<String>, String) {
    let encoding = resp
        .headers()
        .get("content-encoding")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let bytes = resp.bytes().await.expect("body");
    let mut text = String::new();
    match encoding.as_deref() {
        Some("gzip") => flate2::read::GzDecoder::new(&bytes[..])
            .read_to_string(&mut text)
            .map(|_| ())
            .expect("gzip decodes"),
        Some("br") => brotli_decompressor::Decompressor::new(&bytes[..], 4096)
            .read_to_string(&mut text)
            .map(|_| ())
            .expect("brotli decodes"),
        None | Some("identity") => text = String::from_utf8(bytes.to_vec()).expect("UTF-8"),
        Some(other) => panic!("unexpected encoding {other}"),
    }
    (encoding, text)
}

/// A forum thread by a fresh account; its id.
async fn thread(app: &TestApp, title: &str) -> i64 {
    let slug = app.board("talk").await;
    let api = Api::new(app);
    let writer = api.account("writer").await;
    let (s, b) = api
        .post(
            &format!("/api/v1/boards/{slug}/threads"),
            &writer,
            json!({"title": title, "body": "正文 **很长** ".repeat(50)}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    b["id"].as_i64().expect("id")
}

async fn pages_and_json_come_back_compressed_when_asked(app: TestApp) {
    let id = thread(&app, "压缩测试").await;
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    let get = |path: String, enc: Option<&'static str>| {
        let mut r = client.get(app.url(&path));
        if let Some(e) = enc {
            r = r.header("Accept-Encoding", e);
        }
        r.send()
    };
    // A page: gzip or brotli as asked, the same page once decoded; none when not asked.
    let (plain_enc, plain) = decoded(get(format!("/t/{id}"), None).await.expect("GET")).await;
    assert_eq!(plain_enc, None);
    assert!(plain.contains("压缩测试"), "{plain}");
    for (asked, want) in [("gzip", "gzip"), ("br", "br"), ("gzip, deflate, br", "br")] {
        let resp = get(format!("/t/{id}"), Some(asked)).await.expect("GET");
        assert_eq!(resp.status(), StatusCode::OK);
        let vary: Vec<String> = resp
            .headers()
            .get_all("vary")
            .iter()
            .filter_map(|v| v.to_str().ok().map(str::to_lowercase))
            .collect();
        assert!(
            vary.iter().any(|v| v.contains("accept-encoding")),
            "{vary:?}"
        );
        let (enc, body) = decoded(resp).await;
        assert_eq!(enc.as_deref(), Some(want), "{asked}");
        assert!(
            body.contains("压缩测试") && body.contains("</html>"),
            "{body}"
        );
    }
    // JSON of the API.
    let path = format!("/api/v1/threads/{id}");
    let (_, plain) = decoded(get(path.clone(), None).await.expect("GET")).await;
    let (enc, zipped) = decoded(get(path, Some("gzip")).await.expect("GET")).await;
    assert_eq!(enc.as_deref(), Some("gzip"));
    let (a, b): (Value, Value) = (
        serde_json::from_str(&plain).expect("JSON"),
        serde_json::from_str(&zipped).expect("JSON"),
    );
    assert_eq!(a, b);
    assert_eq!(a["title"], "压缩测试", "{a}");
    // The health check, a redirect and HEAD still work when compression is asked for.
    let (_, ok) = decoded(get("/healthz".into(), Some("gzip, br")).await.expect("GET")).await;
    assert_eq!(ok, "ok");
    let moved = get(format!("/t/{id}/1"), Some("gzip, br"))
        .await
        .expect("GET");
    assert!(moved.status().is_redirection(), "{}", moved.status());
    assert!(moved.headers().get("location").is_some());
    let head = client
        .head(app.url(&format!("/t/{id}")))
        .header("Accept-Encoding", "gzip, br")
        .send()
        .await
        .expect("HEAD");
    assert_eq!(head.status(), StatusCode::OK);
    assert!(head.bytes().await.expect("body").is_empty());
}

async fn the_csrf_token_is_masked_in_every_response(app: TestApp) {
    let slug = app.board("masked").await;
    let b = app.player("masker").await;
    let first = b.get(&format!("/b/{slug}")).await;
    let second = b.get(&format!("/b/{slug}")).await;
    let (t1, t2) = (first.csrf(), second.csrf());
    // One session, one token; written differently in each response (BREACH).
    assert_ne!(t1, t2, "the token is masked afresh per response");
    assert!(t1.len() >= 128 && t2.len() >= 128, "{t1}");
    // Every masked form of it is accepted, the older page's too.
    for (token, title) in [(t1, "第一帖"), (t2, "第二帖")] {
        let p = b
            .post(
                &format!("/b/{slug}/threads"),
                &[("csrf", &token), ("title", title), ("body", "内容")],
            )
            .await;
        assert_eq!(p.answer, StatusCode::SEE_OTHER, "{}", p.body);
        assert!(p.body.contains(title), "{}", p.body);
    }
    // A token of the right length that is not the session's is refused.
    let forged = b
        .post_answer(
            &format!("/b/{slug}/threads"),
            &[
                ("csrf", &"ab".repeat(128)),
                ("title", "伪造"),
                ("body", "x"),
            ],
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
}
