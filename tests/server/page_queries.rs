//! Query strings of pages (issue 38, item 6): unknown keys are ignored, a bad value answers
//! the page's own message in the reader's language (never serde's English), and `?lang=`
//! switches the page's language.

use crate::helpers::*;
use reqwest::StatusCode;

crate::on_both_backends!(page_queries_are_read_kindly);

async fn page_queries_are_read_kindly(app: TestApp) {
    let b = app.browser();
    let plain = b.get("/games").await;
    assert_eq!(plain.status, StatusCode::OK);
    assert!(plain.body.contains(r#"<html lang="zh-CN">"#));
    // Unknown keys are ignored.
    let tracked = b.get("/games?utm_source=x&utm_medium=y").await;
    assert_eq!(tracked.status, StatusCode::OK, "{}", tracked.body);
    // ?lang= switches the page; an unknown language is ignored.
    let en = b.get("/games?lang=en").await;
    assert_eq!(en.status, StatusCode::OK, "{}", en.body);
    assert!(en.body.contains(r#"<html lang="en">"#), "{}", en.body);
    let zh = app.browser_in("en").get("/games?lang=zh-CN").await;
    assert!(zh.body.contains(r#"<html lang="zh-CN">"#), "{}", zh.body);
    let unknown = b.get("/games?lang=xx").await;
    assert_eq!(unknown.status, StatusCode::OK);
    assert!(unknown.body.contains(r#"<html lang="zh-CN">"#));
    // A bad value: 400, the page's message in the reader's language.
    for path in ["/games?page=abc", "/leaderboard/deathnote?page=abc"] {
        let bad = b.get(path).await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{path}");
        assert!(!bad.body.contains("deserialize"), "{path}: {}", bad.body);
        assert!(bad.body.contains("参数无效"), "{path}: {}", bad.body);
    }
    let bad = b.get("/games?page=abc&lang=en").await;
    assert!(bad.body.contains("not valid"), "{}", bad.body);
    // The variant filter answers its own way, never a raw deserialize error nor a 500.
    let bogus = b.get("/games?variant=bogus").await;
    assert!(!bogus.status.is_server_error());
    assert!(!bogus.body.contains("deserialize"), "{}", bogus.body);
}
