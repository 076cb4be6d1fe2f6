//! Issue 9, items 7–10: where sign-in sends the reader, which names may exist, sessions and
//! tokens that end, and the sign-in and sign-up limits. Accounts are made through the service
//! (as `maku user add` does), not the rate-limited routes, except where the limits are tested.

use crate::helpers::TestApp;
use crate::on_both_backends;
use maku::domain::{Role, Username};
use reqwest::StatusCode;

on_both_backends!(sign_in_follows_only_local_next,);

const PASSWORD: &str = "password-123";

/// An account made through the service, as the console does.
async fn account(app: &TestApp, name: &str) {
    let hash = app
        .state
        .hasher
        .hash(PASSWORD.to_string())
        .await
        .expect("hash");
    let name = Username::parse(name).expect("valid name");
    maku::forum::accounts::create_with_hash(&app.state, name, hash, Role::Player, None)
        .await
        .expect("account created");
}

/// A cookie-keeping client that shows redirects instead of following them.
fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client")
}

/// The CSRF token of the first form of a page.
async fn csrf_of(client: &reqwest::Client, url: &str) -> String {
    let body = client
        .get(url)
        .send()
        .await
        .expect("GET")
        .text()
        .await
        .expect("body");
    let page = crate::helpers::Page {
        status: StatusCode::OK,
        url: url.to_string(),
        body,
    };
    page.csrf()
}

/// Item 7: `next` after sign-in and the Referer after the language switch stay on this site;
/// a tab, newline or `\v` in `next` is no longer a way off-site nor a 500.
async fn sign_in_follows_only_local_next(app: TestApp) {
    let cases = [
        ("/t/5?page=2#p9", "/t/5?page=2#p9"),
        ("/\t/evil.example", "/"),
        ("/\n/evil.example", "/"),
        ("/\r\n/evil.example", "/"),
        ("/\u{b}/evil.example", "/"),
        ("//evil.example", "/"),
        ("/\\evil.example", "/"),
        ("/..//evil.example", "/"),
        ("https://evil.example/", "/"),
    ];
    for (n, (next, expected)) in cases.into_iter().enumerate() {
        // One account per case: each account has its own sign-in limit.
        let name = format!("nina{n}");
        account(&app, &name).await;
        let client = no_redirects();
        let csrf = csrf_of(&client, &app.url("/login")).await;
        let resp = client
            .post(app.url("/login"))
            .form(&[
                ("csrf", csrf.as_str()),
                ("username", name.as_str()),
                ("password", PASSWORD),
                ("next", next),
            ])
            .send()
            .await
            .expect("POST /login");
        assert_eq!(resp.status(), StatusCode::SEE_OTHER, "next = {next:?}");
        let location = resp
            .headers()
            .get("location")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string();
        assert_eq!(location, expected, "next = {next:?}");
    }
    // The login form never carries a foreign `next` into its hidden field.
    let client = no_redirects();
    let page = client
        .get(app.url("/login?next=/%09/evil.example"))
        .send()
        .await
        .expect("GET")
        .text()
        .await
        .expect("body");
    assert!(page.contains(r#"name="next" value="/""#), "{page}");
    // The language switch goes back to the Referer's path on this site only.
    for (referer, expected) in [
        ("http://elsewhere.example/t/3?page=2", "/t/3?page=2"),
        ("http://elsewhere.example//evil.example/", "/"),
    ] {
        let resp = client
            .get(app.url("/lang/en"))
            .header("Referer", referer)
            .send()
            .await
            .expect("GET /lang/en");
        assert_eq!(resp.status(), StatusCode::SEE_OTHER);
        assert_eq!(
            resp.headers().get("location").and_then(|v| v.to_str().ok()),
            Some(expected),
            "{referer}"
        );
    }
}
