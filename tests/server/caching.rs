//! Compression (and the masked CSRF token it calls for), ETag / Last-Modified with
//! `304 Not Modified`, and hashed names for the static files.

use crate::helpers::{Api, TestApp, started_game};
use crate::on_both_backends;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::io::Read;

on_both_backends!(
    pages_and_json_come_back_compressed_when_asked,
    a_signed_in_readers_pages_are_compressed_in_one_piece,
    the_csrf_token_is_masked_in_every_response,
    a_thread_page_answers_304_until_it_changes,
    game_pages_answer_304_per_viewer,
    feeds_answer_304_by_etag_or_date,
    static_files_have_hashed_immutable_names,
    a_reader_who_only_reads_gets_no_cookie,
    atom_feeds_give_every_entry_an_author_and_a_real_date,
);

/// The body of a response, decoded by its `Content-Encoding`.
pub(crate) async fn decoded(resp: reqwest::Response) -> (Option<String>, String) {
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
        Some("zstd") => {
            text = String::from_utf8(zstd::stream::decode_all(&bytes[..]).expect("zstd decodes"))
                .expect("UTF-8")
        }
        None | Some("identity") => text = String::from_utf8(bytes.to_vec()).expect("UTF-8"),
        Some(other) => panic!("unexpected encoding {other}"),
    }
    (encoding, text)
}

/// A forum thread by a fresh account; its id.
async fn thread(app: &TestApp, title: &str) -> i64 {
    thread_by(app, title).await.0
}

/// A forum thread by a fresh account `writer`; its id and the writer's token.
async fn thread_by(app: &TestApp, title: &str) -> (i64, String) {
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
    (b["id"].as_i64().expect("id"), writer)
}

async fn pages_and_json_come_back_compressed_when_asked(app: TestApp) {
    let id = thread(&app, "压缩测试").await;
    let client = crate::helpers::client()
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
    // A page: gzip or brotli as asked, the same page once decoded; none when not asked. The
    // tests keep no pages (`--page-cache-ms 0`), so each is made per request and, when gzip is
    // among what the reader takes, compressed in one piece with it rather than as actix's
    // brotli stream (`web::compress`; `page_cache` tests its kept pages' brotli).
    let (plain_enc, plain) = decoded(get(format!("/t/{id}"), None).await.expect("GET")).await;
    assert_eq!(plain_enc, None);
    assert!(plain.contains("压缩测试"), "{plain}");
    for (asked, want) in [
        ("gzip", "gzip"),
        ("br", "br"),
        ("gzip, deflate, br", "gzip"),
        ("gzip, deflate, br, zstd", "zstd"),
    ] {
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

/// A signed-in reader's pages are made for her, so each is compressed anew: in one piece, zstd
/// or gzip at their fastest (`web::compress`), never as actix's brotli stream (400 answers a
/// second for a game thread). The decoded page is the page; the live stream stays plain.
async fn a_signed_in_readers_pages_are_compressed_in_one_piece(app: TestApp) {
    let id = thread(&app, "登录后压缩").await;
    let reader = app.player("zipreader").await;
    let g = started_game(&app, "zp", json!({})).await;
    let get = |path: String, enc: &'static str| {
        reader
            .raw
            .get(app.url(&path))
            .header("Accept-Encoding", enc)
            .send()
    };
    for path in [
        format!("/t/{id}"),
        format!("/games/{}", g.id),
        format!("/games/{}/threads/game", g.id),
    ] {
        for (asked, want) in [
            // Chromium's and Firefox's header, Safari's, and a client of brotli alone (left to
            // actix's `Compress`).
            ("gzip, deflate, br, zstd", Some("zstd")),
            ("gzip, deflate, br", Some("gzip")),
            ("br", Some("br")),
            ("identity", None),
        ] {
            let resp = get(path.clone(), asked).await.expect("GET");
            assert_eq!(resp.status(), StatusCode::OK, "{path}");
            if want.is_some() {
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
            }
            let (enc, body) = decoded(resp).await;
            assert_eq!(enc.as_deref(), want, "{path} asked {asked}");
            // The reader's own page, whole: her name in the header, a form token, the end.
            assert!(body.contains(r#"href="/u/zipreader""#), "{path}: {body}");
            assert!(body.contains(r#"name="csrf""#), "{path}");
            assert!(body.trim_end().ends_with("</html>"), "{path}");
        }
    }
    // The live stream is never compressed, zstd asked for or not.
    let mut stream = reader
        .raw
        .get(app.url(&format!("/games/{}/events", g.id)))
        .header("Accept-Encoding", "gzip, deflate, br, zstd")
        .send()
        .await
        .expect("the stream opens");
    assert_eq!(
        stream
            .headers()
            .get("content-encoding")
            .and_then(|v| v.to_str().ok()),
        None,
        "not compressed, and no coding named"
    );
    let first = tokio::time::timeout(std::time::Duration::from_secs(5), stream.chunk())
        .await
        .expect("at once")
        .expect("a chunk")
        .expect("not the end");
    assert!(String::from_utf8_lossy(&first).contains(": open"));
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

/// A GET by `client`, with `If-None-Match` when given: (status, ETag, body).
async fn conditional(
    client: &reqwest::Client,
    url: &str,
    if_none_match: Option<&str>,
) -> (StatusCode, String, String) {
    let mut r = client.get(url);
    if let Some(t) = if_none_match {
        r = r.header("If-None-Match", t);
    }
    let resp = r.send().await.expect("GET");
    let tag = resp
        .headers()
        .get("etag")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    (resp.status(), tag, resp.text().await.expect("body"))
}

fn header(resp: &reqwest::Response, name: &str) -> String {
    resp.headers()
        .get_all(name)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect::<Vec<_>>()
        .join(", ")
}

async fn a_thread_page_answers_304_until_it_changes(app: TestApp) {
    let (id, writer) = thread_by(&app, "缓存测试").await;
    let reader = app.player("reader").await;
    let url = app.url(&format!("/t/{id}"));
    let first = reader.client.get(&url).send().await.expect("GET");
    assert_eq!(first.status(), StatusCode::OK);
    let tag = header(&first, "etag");
    assert!(tag.starts_with("W/\""), "{tag}");
    // Per viewer: never kept by a shared cache, and it varies on who and which language.
    let cache = header(&first, "cache-control");
    assert!(
        cache.contains("private") && cache.contains("no-cache"),
        "{cache}"
    );
    let vary = header(&first, "vary").to_lowercase();
    assert!(
        vary.contains("cookie") && vary.contains("accept-language"),
        "{vary}"
    );
    // The same viewer again: the same tag (the token's mask differs, the page does not).
    let (s, again, _) = conditional(&reader.client, &url, None).await;
    assert_eq!((s, again.as_str()), (StatusCode::OK, tag.as_str()));
    // Revalidated: 304, no body, the same tag; HEAD alike.
    let (s, same, body) = conditional(&reader.client, &url, Some(&tag)).await;
    assert_eq!(s, StatusCode::NOT_MODIFIED);
    assert_eq!(same, tag);
    assert!(body.is_empty(), "{body}");
    let head = reader
        .client
        .head(&url)
        .header("If-None-Match", &tag)
        .send()
        .await
        .expect("HEAD");
    assert_eq!(head.status(), StatusCode::NOT_MODIFIED);
    // Asked with gzip too: still 304 (the tag is weak, taken before compression).
    let zipped = reader
        .client
        .get(&url)
        .header("If-None-Match", &tag)
        .header("Accept-Encoding", "gzip")
        .send()
        .await
        .expect("GET");
    assert_eq!(zipped.status(), StatusCode::NOT_MODIFIED);

    // A new post: the page is new, so is its tag.
    let (s, b) = Api::new(&app)
        .post(
            &format!("/api/v1/threads/{id}/posts"),
            &writer,
            json!({"body": "新的回复"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let (s, newer, body) = conditional(&reader.client, &url, Some(&tag)).await;
    assert_eq!(s, StatusCode::OK);
    assert_ne!(newer, tag);
    assert!(body.contains("新的回复"), "{body}");

    // Another viewer sending the first viewer's tag gets its own page, never a 304.
    for other in [app.player("other").await, app.browser()] {
        other.get(&format!("/t/{id}")).await;
        let (s, theirs, body) = conditional(&other.client, &url, Some(&newer)).await;
        assert_eq!(s, StatusCode::OK, "another viewer's tag is not theirs");
        assert_ne!(theirs, newer);
        assert!(body.contains("新的回复"));
    }
}

async fn game_pages_answer_304_per_viewer(app: TestApp) {
    let g = started_game(&app, "et", json!({})).await;
    let seat = app.browser();
    seat.login("et0", "password-123").await;
    let other = app.browser();
    other.login("et1", "password-123").await;
    let thread = app.url(&format!("/games/{}/threads/game", g.id));
    for path in [
        format!("/games/{}", g.id),
        format!("/games/{}/threads/game", g.id),
    ] {
        let url = app.url(&path);
        let (s, tag, _) = conditional(&seat.client, &url, None).await;
        assert_eq!(s, StatusCode::OK, "{path}");
        assert!(!tag.is_empty(), "{path}");
        let (s, _, body) = conditional(&seat.client, &url, Some(&tag)).await;
        assert_eq!(s, StatusCode::NOT_MODIFIED, "{path}");
        assert!(body.is_empty());
        // The other seat's page differs (its name, its token): the tag does not fit it.
        let (s, theirs, _) = conditional(&other.client, &url, Some(&tag)).await;
        assert_eq!(s, StatusCode::OK, "{path}");
        assert_ne!(theirs, tag, "{path}");
    }
    let (_, tag, _) = conditional(&seat.client, &thread, None).await;
    let (s, b) = Api::new(&app)
        .post(
            &format!("/api/v1/games/{}/threads/game", g.id),
            &g.players[1],
            json!({"body": "我是平民"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let (s, newer, body) = conditional(&seat.client, &thread, Some(&tag)).await;
    assert_eq!(s, StatusCode::OK);
    assert_ne!(newer, tag);
    assert!(body.contains("我是平民"), "{body}");
}

async fn feeds_answer_304_by_etag_or_date(app: TestApp) {
    let (id, writer) = thread_by(&app, "订阅缓存").await;
    // A feed reader: no cookies.
    let client = crate::helpers::client().build().expect("client");
    let url = app.url("/b/talk/feed.atom");
    let first = client.get(&url).send().await.expect("GET");
    assert_eq!(first.status(), StatusCode::OK);
    let tag = header(&first, "etag");
    let modified = header(&first, "last-modified");
    assert!(
        !tag.is_empty() && modified.ends_with("GMT"),
        "{tag} {modified}"
    );
    let ask = |inm: Option<&str>, ims: Option<&str>| {
        let mut r = client.get(&url);
        if let Some(t) = inm {
            r = r.header("If-None-Match", t.to_string());
        }
        if let Some(d) = ims {
            r = r.header("If-Modified-Since", d.to_string());
        }
        r.send()
    };
    let status = |r: Result<reqwest::Response, reqwest::Error>| r.expect("GET").status();
    assert_eq!(
        status(ask(Some(&tag), None).await),
        StatusCode::NOT_MODIFIED
    );
    assert_eq!(
        status(ask(None, Some(&modified)).await),
        StatusCode::NOT_MODIFIED
    );
    let long_ago = "Thu, 01 Jan 2015 00:00:00 GMT";
    assert_eq!(status(ask(None, Some(long_ago)).await), StatusCode::OK);
    // If-None-Match wins over If-Modified-Since.
    assert_eq!(
        status(ask(Some("\"other\""), Some(&modified)).await),
        StatusCode::OK
    );
    assert_eq!(
        status(ask(Some(&tag), Some(long_ago)).await),
        StatusCode::NOT_MODIFIED
    );
    let not_modified = ask(Some(&tag), None).await.expect("GET");
    assert_eq!(header(&not_modified, "etag"), tag);
    assert!(not_modified.text().await.expect("body").is_empty());

    // A post a second later (dates are in seconds): a new tag, a newer date.
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let (s, b) = Api::new(&app)
        .post(
            &format!("/api/v1/threads/{id}/posts"),
            &writer,
            json!({"body": "订阅的新回复"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let fresh = ask(Some(&tag), None).await.expect("GET");
    assert_eq!(fresh.status(), StatusCode::OK);
    assert_ne!(header(&fresh, "etag"), tag);
    assert_ne!(header(&fresh, "last-modified"), modified);
    assert!(fresh.text().await.expect("body").contains("订阅的新回复"));
    assert_eq!(status(ask(None, Some(&modified)).await), StatusCode::OK);

    // A game's feed too.
    let g = started_game(&app, "fe", json!({})).await;
    let url = app.url(&format!("/games/{}/feed.atom", g.id));
    let (s, tag, _) = conditional(&client, &url, None).await;
    assert_eq!(s, StatusCode::OK);
    let (s, _, body) = conditional(&client, &url, Some(&tag)).await;
    assert_eq!(s, StatusCode::NOT_MODIFIED);
    assert!(body.is_empty());
}

/// The value of the first `attr="…"` after `marker` in `body`.
fn attr_after(body: &str, marker: &str, attr: &str) -> String {
    let at = body
        .find(marker)
        .unwrap_or_else(|| panic!("{marker} in {body}"));
    let key = format!(r#"{attr}=""#);
    let start = body[at..].find(&key).expect("the attribute") + at + key.len();
    let end = body[start..].find('"').expect("closing quote") + start;
    body[start..end].to_string()
}

async fn static_files_have_hashed_immutable_names(app: TestApp) {
    let client = crate::helpers::client().build().expect("client");
    let home = app.browser().get("/").await;
    let css = attr_after(&home.body, r#"<link rel="stylesheet""#, "href");
    let js = attr_after(&home.body, "<script", "src");
    // The error page links the same stylesheet.
    let missing = app.browser().get("/no/such/page").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(
        attr_after(&missing.body, r#"<link rel="stylesheet""#, "href"),
        css
    );
    for (hashed, plain, ext) in [
        (&css, "/static/maku.css", "css"),
        (&js, "/static/maku.js", "js"),
    ] {
        let hash = hashed
            .strip_prefix("/static/maku.")
            .and_then(|r| r.strip_suffix(&format!(".{ext}")))
            .unwrap_or_else(|| panic!("a hashed name: {hashed}"));
        assert!(
            (10..=16).contains(&hash.len()) && hash.chars().all(|c| c.is_ascii_hexdigit()),
            "{hashed}"
        );
        let long = client.get(app.url(hashed)).send().await.expect("GET");
        assert_eq!(long.status(), StatusCode::OK, "{hashed}");
        assert_eq!(
            header(&long, "cache-control"),
            "public, max-age=31536000, immutable"
        );
        let long_body = long.text().await.expect("body");
        // The plain name still serves the same file, with a short cache.
        let short = client.get(app.url(plain)).send().await.expect("GET");
        assert_eq!(short.status(), StatusCode::OK);
        let cache = header(&short, "cache-control");
        assert!(
            !cache.contains("immutable") && cache.contains("max-age=3600"),
            "{cache}"
        );
        assert_eq!(short.text().await.expect("body"), long_body);
        // Another build's hash is not this file.
        let other = "0".repeat(hash.len());
        for wrong in [
            format!("/static/maku.{other}.{ext}"),
            format!("/static/maku..{ext}"),
            format!(
                "/static/maku.{hash}.{}",
                if ext == "css" { "js" } else { "css" }
            ),
        ] {
            let r = client.get(app.url(&wrong)).send().await.expect("GET");
            assert_eq!(r.status(), StatusCode::NOT_FOUND, "{wrong}");
        }
    }
}

/// Reading sets no session cookie (nothing to track a reader by, no cookie to seal
/// per page), so a cookieless reader's page is the same page each time and revalidates with
/// 304. A page with a form (sign-in, sign-up, a game's game-ID login) keeps its token in the
/// session, and the form works.
async fn a_reader_who_only_reads_gets_no_cookie(app: TestApp) {
    let id = thread(&app, "只读测试").await;
    let game = started_game(&app, "只读", json!({})).await;
    let client = crate::helpers::client()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    let g = game.id;
    for path in [
        "/".to_string(),
        "/b/talk".to_string(),
        format!("/t/{id}"),
        format!("/t/{id}?page=1"),
        "/games".to_string(),
        format!("/games/{g}"),
        format!("/games/{g}/threads/game"),
        "/rules".to_string(),
    ] {
        let r = client.get(app.url(&path)).send().await.expect("GET");
        assert_eq!(r.status(), StatusCode::OK, "{path}");
        assert!(
            r.headers().get("set-cookie").is_none(),
            "{path} set a cookie: {:?}",
            r.headers().get("set-cookie")
        );
        let body = r.text().await.expect("body");
        assert!(!body.contains(r#"name="csrf""#), "{path} has a form");
    }
    // The same page twice: the same tag, and 304 when revalidated.
    let url = app.url(&format!("/t/{id}"));
    let (s, tag, _) = conditional(&client, &url, None).await;
    assert_eq!(s, StatusCode::OK);
    let (s, again, _) = conditional(&client, &url, None).await;
    assert_eq!((s, again.as_str()), (StatusCode::OK, tag.as_str()));
    let (s, _, body) = conditional(&client, &url, Some(&tag)).await;
    assert_eq!(s, StatusCode::NOT_MODIFIED);
    assert!(body.is_empty());

    // Pages with a form store their token: the cookie comes with the form, and the form
    // (its token masked in the page) signs in.
    for path in [
        "/login".to_string(),
        "/register".to_string(),
        format!("/games/{g}/login"),
    ] {
        let r = client.get(app.url(&path)).send().await.expect("GET");
        assert_eq!(r.status(), StatusCode::OK, "{path}");
        let cookie = header(&r, "set-cookie");
        assert!(cookie.starts_with("maku_session="), "{path}: {cookie}");
    }
    app.player("only-reader").await;
    let b = app.browser();
    assert!(b.get("/").await.body.contains(r#"href="/login""#));
    let signed_in = b.login("only-reader", "password-123").await;
    assert_eq!(signed_in.status, StatusCode::OK);
    assert!(
        signed_in.body.contains(r#"href="/u/only-reader""#),
        "{}",
        signed_in.body
    );
    // Without the form's token, a POST is refused as before.
    let cold = app.browser();
    let refused = cold
        .post_answer(
            "/login",
            &[
                ("csrf", "0123"),
                ("username", "only-reader"),
                ("password", "password-123"),
            ],
        )
        .await;
    assert_eq!(
        refused.status,
        StatusCode::FORBIDDEN,
        "no token, no sign-in"
    );
    assert!(cold.get("/").await.body.contains(r#"href="/login""#));
}

/// Issue 38, item 16: RFC 4287 wants an author for every entry (an act post had none) and a
/// real `updated` (a game with no post yet said 1970: it is the game's creation now).
async fn atom_feeds_give_every_entry_an_author_and_a_real_date(app: TestApp) {
    let (empty, _, _) = crate::helpers::signed_up_with(
        &app,
        "atomx",
        1,
        json!({"title": "空局", "variant": "deathnote", "act_minutes": 60}),
    )
    .await;
    let get = |path: String| {
        let app = &app;
        async move {
            let r = app.api().get(app.url(&path)).send().await.expect("GET");
            assert_eq!(r.status(), StatusCode::OK, "{path}");
            r.text().await.expect("text")
        }
    };
    let feed = get(format!("/games/{empty}/feed.atom")).await;
    assert!(!feed.contains("<entry>"), "{feed}");
    let year = chrono::Utc::now().format("<updated>%Y-").to_string();
    assert!(feed.contains(&year), "{feed}");
    assert!(!feed.contains("<updated>1970"), "{feed}");

    let g = started_game(&app, "atom", json!({})).await;
    let feed = get(format!("/games/{}/feed.atom", g.id)).await;
    let entries: Vec<&str> = feed.split("<entry>").skip(1).collect();
    assert!(!entries.is_empty(), "the opening act post: {feed}");
    for e in entries {
        assert!(e.contains("<author><name>"), "an entry without author: {e}");
    }
}
