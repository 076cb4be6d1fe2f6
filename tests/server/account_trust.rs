//! Where sign-in sends the reader, which names may exist, sessions and tokens that end, and the
//! sign-in and sign-up limits. Accounts are made through the service (as `maku user add` does), not
//! the rate-limited routes, except where the limits are tested.

use crate::helpers::{Api, Browser, TestApp};
use crate::on_both_backends;
use diesel::RunQueryDsl;
use maku::auth::tokens::sha256_hex;
use maku::db::queries::sessions;
use maku::domain::{Role, Username};
use reqwest::StatusCode;
use serde_json::json;

on_both_backends!(
    sign_in_follows_only_local_next,
    look_alike_and_reserved_names_are_refused,
    look_alike_sign_ups_race_to_one_account,
    accounts_from_before_get_their_key,
    sessions_end_after_the_idle_time,
    the_idle_time_is_a_setting,
    tokens_are_listed_and_revoked,
    sign_out_everywhere_ends_sessions_and_tokens,
    ended_and_idle_session_rows_are_deleted,
);

const PASSWORD: &str = "password-123";

/// An account made through the service, as the console does; returns its id.
async fn account(app: &TestApp, name: &str) -> i64 {
    let hash = app
        .state
        .hasher
        .hash(PASSWORD.to_string())
        .await
        .expect("hash");
    let name = Username::parse(name).expect("valid name");
    maku::forum::accounts::create_with_hash(&app.state, name, hash, Role::Player, None)
        .await
        .expect("account created")
        .id
}

/// A cookie-keeping client that shows redirects instead of following them.
fn no_redirects() -> reqwest::Client {
    crate::helpers::client()
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
        answer: StatusCode::OK,
    };
    page.csrf()
}

/// `next` after sign-in and the Referer after the language switch stay on this site;
/// a tab or newline in `next` is no longer a way off-site nor a 500 (other control characters,
/// `\v`, are refused at the edge with a 400: `bad_text.rs`).
async fn sign_in_follows_only_local_next(app: TestApp) {
    let cases = [
        ("/t/5?page=2#p9", "/t/5?page=2#p9"),
        ("/\t/evil.example", "/"),
        ("/\n/evil.example", "/"),
        ("/\r\n/evil.example", "/"),
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

fn sql(app: &TestApp, statement: &str) -> Result<usize, diesel::result::Error> {
    let mut c = app.state.pool.get().expect("connection");
    diesel::sql_query(statement).execute(&mut c)
}

/// `POST /api/v1/accounts` with `name`: the status and the error code.
async fn api_sign_up(app: &TestApp, name: &str) -> (StatusCode, String) {
    let (status, body) = Api::new(app)
        .call(
            reqwest::Method::POST,
            "/api/v1/accounts",
            None,
            Some(json!({"username": name, "password": PASSWORD})),
        )
        .await;
    (
        status,
        body["error"].as_str().unwrap_or_default().to_string(),
    )
}

/// Full-width and Cyrillic look-alikes of an existing name, the judge's and system's
/// labels and the default cast are refused, in the pages (both languages) and the API.
async fn look_alike_and_reserved_names_are_refused(app: TestApp) {
    account(&app, "alice").await;
    let zh = app.browser();
    // Full-width: NFKC makes it `alice` itself.
    let p = zh
        .register("\u{ff41}\u{ff4c}\u{ff49}\u{ff43}\u{ff45}", PASSWORD)
        .await;
    p.assert_back_at("/register");
    assert!(p.body.contains("这个用户名已被使用"), "{}", p.body);
    // Cyrillic а (U+0430) in place of the Latin a.
    let p = zh.register("\u{430}lice", PASSWORD).await;
    p.assert_back_at("/register");
    assert!(p.body.contains("与已有的用户名太像"), "{}", p.body);
    let en = app.browser_in("en");
    let p = en.register("AIice", PASSWORD).await;
    p.assert_back_at("/register");
    assert!(p.body.contains("looks like an existing one"), "{}", p.body);
    let p = en.register("Judge", PASSWORD).await;
    p.assert_back_at("/register");
    assert!(p.body.contains("reserved"), "{}", p.body);
    let p = zh.register("法官", PASSWORD).await;
    p.assert_back_at("/register");
    assert!(p.body.contains("保留名称"), "{}", p.body);
    for (name, code) in [
        ("\u{410}lice", "name_confusable"),
        ("A1ice", "name_confusable"),
        ("\u{410}LICE", "name_confusable"),
        ("ALICE", "name_taken"),
        ("\u{ff21}\u{ff2c}\u{ff29}\u{ff23}\u{ff25}", "name_taken"),
        ("admin", "name_reserved"),
        ("ADMIN", "name_reserved"),
        ("\u{430}dmin", "name_reserved"),
        ("system", "name_reserved"),
        ("系统", "name_reserved"),
        ("夜神月", "name_reserved"),
        ("弥海砂", "name_reserved"),
    ] {
        assert_eq!(
            api_sign_up(&app, name).await,
            (StatusCode::CONFLICT, code.to_string()),
            "{name}"
        );
    }
    // Names that only resemble the list are fine, and are stored in NFKC.
    assert_eq!(api_sign_up(&app, "alicia").await.0, StatusCode::CREATED);
    let (s, b) = Api::new(&app)
        .call(
            reqwest::Method::POST,
            "/api/v1/accounts",
            None,
            Some(json!({"username": "\u{ff42}\u{ff4f}\u{ff42}", "password": PASSWORD})),
        )
        .await;
    assert_eq!(
        (s, b["username"].as_str()),
        (StatusCode::CREATED, Some("bob"))
    );
    // A full-width spelling still finds the profile and signs in.
    let p = zh.get("/u/%EF%BD%82%EF%BD%8F%EF%BD%82").await;
    assert_eq!(p.status, StatusCode::OK);
    let p = zh.login("\u{ff42}\u{ff4f}\u{ff42}", PASSWORD).await;
    assert!(p.body.contains(r#"href="/u/bob""#), "{}", p.body);
}

/// The unique key column, not only the check before the insert, keeps look-alikes
/// out: concurrent sign-ups of eight spellings make one account, and a row written past the
/// service with a taken key is refused by the database.
async fn look_alike_sign_ups_race_to_one_account(app: TestApp) {
    let spellings = [
        "kira",
        "\u{ff4b}ira",
        "k\u{456}ra",
        "KIRA",
        "kir\u{430}",
        "\u{212a}ira",
        "\u{1d48c}ira",
        "k\u{456}r\u{430}",
    ];
    let hash = app
        .state
        .hasher
        .hash(PASSWORD.to_string())
        .await
        .expect("hash");
    let tries = spellings.iter().map(|name| {
        let (state, hash) = (app.state.clone(), hash.clone());
        let name = Username::parse(name).expect("valid");
        async move {
            maku::forum::accounts::create_with_hash(&state, name, hash, Role::Player, None).await
        }
    });
    let results = futures_util::future::join_all(tries).await;
    let made = results.iter().filter(|r| r.is_ok()).count();
    assert_eq!(made, 1, "{results:?}");
    for r in &results {
        if let Err(e) = r {
            assert!(
                matches!(e.code(), "name_taken" | "name_confusable"),
                "{e:?}"
            );
        }
    }
    let key = maku::domain::account::confusable_key("kira");
    let forged = sql(
        &app,
        &format!(
            "INSERT INTO users (username, username_key, name_skeleton, password_hash, role, created_at) \
             VALUES ('kira2', 'kira2', '{key}', 'x', 'player', CURRENT_TIMESTAMP)"
        ),
    );
    assert!(forged.is_err(), "the unique index refuses a second key");
}

/// Accounts made before the key column get their key at the next start, and then
/// refuse look-alikes like any other.
async fn accounts_from_before_get_their_key(app: TestApp) {
    sql(
        &app,
        "INSERT INTO users (username, username_key, password_hash, role, created_at) \
         VALUES ('oldtimer', 'oldtimer', 'x', 'player', CURRENT_TIMESTAMP)",
    )
    .expect("a row as an older version wrote it");
    let (_, state) = app.another_instance(app.clock.now_utc(), |_| {}).await;
    let name = Username::parse("\u{43e}ldtimer").expect("valid");
    let hash = state.hasher.hash(PASSWORD.to_string()).await.expect("hash");
    let refused = maku::forum::accounts::create_with_hash(&state, name, hash, Role::Player, None)
        .await
        .expect_err("a look-alike of the old account");
    assert_eq!(refused.code(), "name_confusable");
}

/// A browser signed in through the form (each test's accounts stay under the limits).
async fn signed_in(app: &TestApp, name: &str) -> Browser {
    let b = app.browser();
    let p = b.login(name, PASSWORD).await;
    assert_eq!(p.status, StatusCode::OK, "{name} signs in: {}", p.body);
    b
}

async fn is_signed_in(b: &Browser, name: &str) -> bool {
    b.get("/")
        .await
        .body
        .contains(&format!(r#"href="/u/{name}""#))
}

/// When the server last recorded the account's sessions as seen.
fn last_seen(app: &TestApp, user_id: i64) -> Vec<chrono::NaiveDateTime> {
    let mut c = app.state.pool.get().expect("connection");
    let far = chrono::Duration::days(10_000);
    sessions::live_of(&mut c, user_id, app.clock.now_utc(), far)
        .expect("sessions")
        .into_iter()
        .filter_map(|s| s.last_seen_at)
        .collect()
}

/// A session unused for 30 days (the default) ends on the server, whatever the cookie
/// says; use keeps it alive, and is written at most once an hour, not per request.
async fn sessions_end_after_the_idle_time(app: TestApp) {
    let id = account(&app, "olga").await;
    let b = signed_in(&app, "olga").await;
    let start = last_seen(&app, id);
    assert_eq!(start.len(), 1);
    app.clock.advance(chrono::Duration::minutes(10));
    assert!(is_signed_in(&b, "olga").await);
    assert_eq!(last_seen(&app, id), start, "no write within the hour");
    app.clock.advance(chrono::Duration::hours(2));
    assert!(is_signed_in(&b, "olga").await);
    let moved = last_seen(&app, id);
    assert!(moved[0] > start[0], "seen again after an hour");
    app.clock.advance(chrono::Duration::days(29));
    assert!(is_signed_in(&b, "olga").await, "29 idle days: still on");
    app.clock
        .advance(chrono::Duration::days(30) + chrono::Duration::minutes(1));
    assert!(!is_signed_in(&b, "olga").await, "30 idle days: ended");
    let p = b.get("/account/password").await;
    assert!(p.url.contains("/login?next="), "sent to sign in: {}", p.url);
    // Signing in again works as usual.
    let b = signed_in(&app, "olga").await;
    assert!(is_signed_in(&b, "olga").await);
}

/// `--session-idle-days` sets the idle time (two instances on one database, each
/// with its own setting and clock).
async fn the_idle_time_is_a_setting(app: TestApp) {
    account(&app, "petra").await;
    let b = signed_in(&app, "petra").await;
    let t0 = app.clock.now_utc();
    let (one_day_later, _) = app
        .another_instance(t0 + chrono::Duration::days(1), |s| s.session_idle_days = 2)
        .await;
    let (four_days_later, _) = app
        .another_instance(t0 + chrono::Duration::days(4), |s| s.session_idle_days = 2)
        .await;
    // The cookie goes to every port of 127.0.0.1: the same browser on each instance.
    let on = |base: &str| Browser {
        client: b.client.clone(),
        raw: b.raw.clone(),
        base: base.to_string(),
        lang: b.lang,
    };
    assert!(
        is_signed_in(&on(&one_day_later), "petra").await,
        "1 of 2 days"
    );
    assert!(
        !is_signed_in(&on(&four_days_later), "petra").await,
        "3 idle days of 2"
    );
}

/// `GET /api/v1/tokens` lists the caller's tokens by public id, never a secret or a
/// hash; `DELETE /api/v1/tokens/{id}` and the account page revoke one; nobody else can.
async fn tokens_are_listed_and_revoked(app: TestApp) {
    account(&app, "pat").await;
    account(&app, "quinn").await;
    let api = Api::new(&app);
    let first = api.token("pat", PASSWORD).await;
    let second = api.token("pat", PASSWORD).await;
    let other = api.token("quinn", PASSWORD).await;
    let (s, body) = api.get("/api/v1/tokens", Some(&first)).await;
    assert_eq!(s, StatusCode::OK, "{body}");
    let list = body["tokens"].as_array().expect("a list").clone();
    assert_eq!(list.len(), 2, "{body}");
    let text = body.to_string();
    for secret in [&first, &second] {
        assert!(!text.contains(secret.as_str()), "no secret in {text}");
        assert!(!text.contains(&sha256_hex(secret)), "no hash in {text}");
    }
    let current: Vec<&str> = list
        .iter()
        .filter(|t| t["current"] == json!(true))
        .filter_map(|t| t["id"].as_str())
        .collect();
    assert_eq!(current.len(), 1);
    let first_id = current[0].to_string();
    let second_id = list
        .iter()
        .filter_map(|t| t["id"].as_str())
        .find(|id| *id != first_id)
        .expect("the other token")
        .to_string();
    assert_eq!(
        api.get("/api/v1/tokens", None).await.0,
        StatusCode::UNAUTHORIZED
    );
    // quinn sees only quinn's, and cannot revoke pat's.
    let (_, theirs) = api.get("/api/v1/tokens", Some(&other)).await;
    assert_eq!(theirs["tokens"].as_array().map(Vec::len), Some(1));
    let del = |token: String, id: String| {
        let api = Api::new(&app);
        async move {
            api.call(
                reqwest::Method::DELETE,
                &format!("/api/v1/tokens/{id}"),
                Some(&token),
                None,
            )
            .await
        }
    };
    assert_eq!(
        del(other.clone(), second_id.clone()).await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        api.get("/api/v1/tokens", Some(&second)).await.0,
        StatusCode::OK
    );
    // pat revokes the second token with the first.
    let (s, b) = del(first.clone(), second_id.clone()).await;
    assert_eq!((s, b.clone()), (StatusCode::OK, json!({"ok": true})), "{b}");
    assert_eq!(
        api.get("/api/v1/tokens", Some(&second)).await.0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        del(first.clone(), second_id).await.0,
        StatusCode::NOT_FOUND,
        "already revoked"
    );
    // The account page lists the first token and revokes it.
    let browser = signed_in(&app, "pat").await;
    let page = browser.get("/account/sessions").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains(&first_id), "{}", page.body);
    assert!(!page.body.contains(first.as_str()));
    let p = browser
        .post(
            &format!("/account/tokens/{first_id}/revoke"),
            &[("csrf", &page.csrf())],
        )
        .await;
    assert_eq!(p.status, StatusCode::OK);
    assert!(p.body.contains("令牌已撤销"), "{}", p.body);
    assert_eq!(
        api.get("/api/v1/tokens", Some(&first)).await.0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        api.get("/api/v1/tokens", Some(&other)).await.0,
        StatusCode::OK
    );
}

/// "Sign out everywhere" on the account page (and in the API) ends every browser
/// session of the account, this one too, and revokes every token; other accounts keep theirs.
async fn sign_out_everywhere_ends_sessions_and_tokens(app: TestApp) {
    account(&app, "rosa").await;
    account(&app, "sven").await;
    let api = Api::new(&app);
    let laptop = signed_in(&app, "rosa").await;
    let phone = signed_in(&app, "rosa").await;
    let token = api.token("rosa", PASSWORD).await;
    let bystander = signed_in(&app, "sven").await;
    let bystander_token = api.token("sven", PASSWORD).await;
    let (s, listed) = api.get("/api/v1/account/sessions", Some(&token)).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        listed["sessions"].as_array().map(Vec::len),
        Some(2),
        "{listed}"
    );
    assert_eq!(listed["idle_days"], json!(30));
    let page = laptop.get("/account/sessions").await;
    assert!(page.body.contains("当前浏览器"), "{}", page.body);
    let p = laptop
        .post("/account/sign-out-everywhere", &[("csrf", &page.csrf())])
        .await;
    assert_eq!(p.status, StatusCode::OK);
    assert!(!is_signed_in(&laptop, "rosa").await);
    assert!(!is_signed_in(&phone, "rosa").await);
    assert_eq!(
        api.get("/api/v1/tokens", Some(&token)).await.0,
        StatusCode::UNAUTHORIZED
    );
    assert!(is_signed_in(&bystander, "sven").await);
    assert_eq!(
        api.get("/api/v1/tokens", Some(&bystander_token)).await.0,
        StatusCode::OK
    );
    // The same over the API.
    let again = signed_in(&app, "rosa").await;
    let token = api.token("rosa", PASSWORD).await;
    let (s, ended) = api
        .post("/api/v1/account/sign-out-everywhere", &token, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{ended}");
    assert_eq!(ended, json!({"sessions": 1, "tokens": 1}));
    assert!(!is_signed_in(&again, "rosa").await);
    assert_eq!(
        api.get("/api/v1/tokens", Some(&token)).await.0,
        StatusCode::UNAUTHORIZED
    );
}

/// On both backends, with small budgets: 3 sign-ins and 2 sign-ups an hour per
/// address.
mod limits {
    use crate::helpers::{Backend, spawn_with};

    fn small(s: &mut maku::config::Settings) {
        s.sign_in_burst_per_address = 3;
        s.sign_up_burst_per_address = 2;
    }

    #[actix_web::test]
    async fn sqlite() {
        let app = spawn_with(Backend::Sqlite, small)
            .await
            .expect("sqlite app");
        super::limits_are_settings_and_counted_apart(app).await;
    }

    #[actix_web::test]
    async fn postgres() {
        match spawn_with(Backend::Postgres, small).await {
            Some(app) => super::limits_are_settings_and_counted_apart(app).await,
            None => eprintln!("MAKU_TEST_PG_URL is not set: PostgreSQL run skipped"),
        }
    }
}

/// A JSON POST from "somewhere", claiming an address in both forwarding headers.
async fn post_claiming(
    base: &str,
    path: &str,
    claimed: &str,
    body: serde_json::Value,
) -> reqwest::Response {
    crate::helpers::client()
        .build()
        .expect("client")
        .post(format!("{base}{path}"))
        .header("X-Forwarded-For", claimed)
        .header("Forwarded", format!("for={claimed}"))
        .json(&body)
        .send()
        .await
        .expect("POST")
}

/// Sign-ups and sign-ins have their own budgets per address, set by the settings;
/// a client that is not behind a trusted proxy cannot earn a fresh budget by claiming another
/// address in X-Forwarded-For or Forwarded, while a trusted proxy's header does count.
async fn limits_are_settings_and_counted_apart(app: TestApp) {
    let creds = |name: &str| json!({"username": name, "password": PASSWORD});
    let mut statuses = Vec::new();
    for (i, name) in ["ua", "ub", "uc"].into_iter().enumerate() {
        let claimed = format!("203.0.113.{i}");
        let r = post_claiming(&app.base, "/api/v1/accounts", &claimed, creds(name)).await;
        if r.status() == StatusCode::TOO_MANY_REQUESTS {
            assert!(r.headers().contains_key("retry-after"));
        }
        statuses.push(r.status());
    }
    assert_eq!(
        statuses,
        [
            StatusCode::CREATED,
            StatusCode::CREATED,
            StatusCode::TOO_MANY_REQUESTS
        ]
    );
    // The spent sign-up budget left the sign-in budget whole: three sign-ins, then 429.
    let mut statuses = Vec::new();
    for i in 0..4 {
        let claimed = format!("198.51.100.{i}");
        let r = post_claiming(&app.base, "/api/v1/tokens", &claimed, creds("ua")).await;
        statuses.push(r.status());
    }
    assert_eq!(
        statuses,
        [
            StatusCode::OK,
            StatusCode::OK,
            StatusCode::OK,
            StatusCode::TOO_MANY_REQUESTS
        ]
    );
    // Behind a trusted proxy the forwarded address is the client: each has its own budget.
    let (proxied, _) = app
        .another_instance(app.clock.now_utc(), |s| {
            s.trusted_proxies = vec!["127.0.0.1".parse().expect("an address")];
            s.sign_up_burst_per_address = 1;
        })
        .await;
    let mut statuses = Vec::new();
    for (claimed, name) in [
        ("203.0.113.7", "ud"),
        ("203.0.113.7", "ue"),
        ("203.0.113.8", "uf"),
    ] {
        let r = post_claiming(&proxied, "/api/v1/accounts", claimed, creds(name)).await;
        statuses.push(r.status());
    }
    assert_eq!(
        statuses,
        [
            StatusCode::CREATED,
            StatusCode::TOO_MANY_REQUESTS,
            StatusCode::CREATED
        ]
    );
}

/// The rows of sessions that can never be used again (signed out, or idle past the idle time)
/// are deleted by the scheduler's hourly housekeeping; live sessions stay signed in.
async fn ended_and_idle_session_rows_are_deleted(app: TestApp) {
    use diesel::{QueryDsl, RunQueryDsl};
    use maku::db::schema::sessions;
    let rows = |app: &TestApp| {
        let mut c = app.state.pool.get().expect("a connection");
        sessions::table
            .count()
            .get_result::<i64>(&mut c)
            .expect("count")
    };
    account(&app, "rita").await;
    account(&app, "sven").await;
    account(&app, "tove").await;
    let gone = signed_in(&app, "rita").await;
    gone.logout().await;
    let idle = signed_in(&app, "sven").await;
    let before = rows(&app);
    // 31 days on, sven's session is idle past the default 30 days; tove signs in fresh.
    app.clock.advance(chrono::Duration::days(31));
    let live = signed_in(&app, "tove").await;
    let swept = maku::scheduler::housekeeping(&app.state)
        .await
        .expect("housekeeping");
    assert_eq!(swept, 2, "rita's ended and sven's idle session");
    assert_eq!(rows(&app), before - 1, "tove's new row stays");
    assert!(is_signed_in(&live, "tove").await);
    assert!(!is_signed_in(&idle, "sven").await);
    assert_eq!(
        maku::scheduler::housekeeping(&app.state)
            .await
            .expect("again"),
        0
    );
}
