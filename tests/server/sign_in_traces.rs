//! One person, one seat (issue 41 item 6): what accounts sign in from is kept as keyed hashes for
//! 30 days, and two accounts of one game that share a network or a browser are named on its
//! judge's console (page and API) and on the admins' account page, and nowhere else. The client
//! address comes from `X-Forwarded-For` only when the peer is a named proxy.
//!
//! Accounts are made with the helpers, whose sign-ins come from the test's loopback peer (no
//! network is kept for it); the sign-ins under test go through the routes, with the address a
//! proxy would forward.

use crate::helpers::*;
use diesel::RunQueryDsl;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// The test client's loopback peer is the operator's proxy.
fn proxied(s: &mut maku::config::Settings) {
    s.trusted_proxies = vec!["127.0.0.1".parse().expect("an address")];
}

/// No proxy named, and a small sign-in budget per address.
fn unproxied(s: &mut maku::config::Settings) {
    s.trusted_proxies = Vec::new();
    s.sign_in_burst_per_address = 3;
}

crate::on_both_backends_with!(proxied:
    the_judge_is_told_of_accounts_sharing_a_network_or_a_browser,
    traces_are_forgotten_after_30_days,
);
crate::on_both_backends_with!(unproxied: a_forwarded_address_from_an_unnamed_peer_changes_nothing);

const PASSWORD: &str = "password-123";

/// `POST /api/v1/tokens` for `name` as a proxy forwards a client at `forwarded`.
async fn token_from(app: &TestApp, name: &str, forwarded: &str) -> reqwest::Response {
    client()
        .build()
        .expect("client")
        .post(app.url("/api/v1/tokens"))
        .header("X-Forwarded-For", forwarded)
        .json(&json!({"username": name, "password": PASSWORD}))
        .send()
        .await
        .expect("POST /api/v1/tokens")
}

/// Signs `name` in through the API from `forwarded`; its token.
async fn signed_in_from(app: &TestApp, name: &str, forwarded: &str) -> String {
    let r = token_from(app, name, forwarded).await;
    assert_eq!(r.status(), StatusCode::OK, "{name} signs in");
    let b: Value = r.json().await.expect("JSON");
    b["token"].as_str().expect("a token").to_string()
}

/// Every row of the traces table, as text.
fn trace_rows(app: &TestApp) -> Vec<String> {
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        user_id: i64,
        #[diesel(sql_type = diesel::sql_types::Text)]
        kind: String,
        #[diesel(sql_type = diesel::sql_types::Text)]
        hash: String,
        #[diesel(sql_type = diesel::sql_types::Timestamp)]
        first_seen: chrono::NaiveDateTime,
        #[diesel(sql_type = diesel::sql_types::Timestamp)]
        last_seen: chrono::NaiveDateTime,
    }
    let mut c = app.state.pool.get().expect("a connection");
    diesel::sql_query(
        "SELECT user_id, kind, hash, first_seen, last_seen FROM sign_in_traces ORDER BY user_id",
    )
    .load::<Row>(&mut c)
    .expect("the traces")
    .into_iter()
    .map(|r| {
        format!(
            "{} {} {} {} {}",
            r.user_id, r.kind, r.hash, r.first_seen, r.last_seen
        )
    })
    .collect()
}

/// Every account event's detail.
fn event_details(app: &TestApp) -> Vec<String> {
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Text)]
        detail: String,
    }
    let mut c = app.state.pool.get().expect("a connection");
    diesel::sql_query("SELECT detail FROM account_events")
        .load::<Row>(&mut c)
        .expect("the events")
        .into_iter()
        .map(|r| r.detail)
        .collect()
}

/// The console's `links`, as `a+b:kinds` lines.
fn links_of(console: &Value) -> Vec<String> {
    console["links"]
        .as_array()
        .expect("links")
        .iter()
        .map(|l| {
            let kinds: Vec<&str> = l["kinds"]
                .as_array()
                .expect("kinds")
                .iter()
                .map(|k| k.as_str().expect("a kind"))
                .collect();
            format!(
                "{}+{}:{}",
                l["accounts"][0].as_str().expect("a name"),
                l["accounts"][1].as_str().expect("a name"),
                kinds.join(",")
            )
        })
        .collect()
}

const WARNING: &str = "可能是同一人的账号";

/// alice and bob sign in from one /24, carol from the next; frank and gina in one browser; all
/// sign up to one game. The judge's console (page and API) names alice and bob (network) and
/// frank and gina (browser), nobody else, while the game takes sign-ups and while it runs; the
/// admins' account page lists the same. A player, an outsider, anonymous readers and a seated
/// admin read none of it, and the database holds neither the addresses nor the cookie.
async fn the_judge_is_told_of_accounts_sharing_a_network_or_a_browser(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    for name in ["alice", "bob", "carol", "frank", "gina", "outsider", "boss"] {
        api.account(name).await;
    }
    let alice = signed_in_from(&app, "alice", "198.51.100.7").await;
    let bob = signed_in_from(&app, "bob", "203.0.113.5, 198.51.100.200").await;
    let carol = signed_in_from(&app, "carol", "198.51.101.7").await;
    // One browser, two accounts, one after the other (the loopback peer keeps no network).
    let shared = app.browser();
    let cookie = sign_in_keeping_the_device(&shared, "frank").await;
    assert_eq!(cookie.len(), 64, "{cookie}");
    shared.logout().await;
    assert_eq!(shared.login("gina", PASSWORD).await.status, StatusCode::OK);
    let frank = api.token("frank", PASSWORD).await;
    let gina = api.token("gina", PASSWORD).await;
    // boss is an admin who plays: a player in this game.
    let (s, b) = api
        .post(
            "/api/v1/accounts/boss/role",
            &admin,
            json!({"role": "admin"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let boss = signed_in_from(&app, "boss", "198.51.102.1").await;

    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "一人一座", "variant": "deathnote", "act_minutes": 60}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    for t in [&alice, &bob, &carol, &frank, &gina, &boss] {
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/signup"), t, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    let console = format!("/api/v1/games/{id}/console");
    let expected = ["alice+bob:net", "frank+gina:browser"];
    let (s, c) = api.get(&console, Some(&admin)).await;
    assert_eq!(s, StatusCode::OK, "{c}");
    assert_eq!(links_of(&c), expected, "during the sign-up");

    let judge = app.admin().await;
    let page = judge.get(&format!("/games/{id}/console")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains(WARNING), "{}", page.body);
    assert!(
        page.body
            .contains("alice 和 bob 最近 30 天内从同一网络登录过。"),
        "{}",
        page.body
    );
    assert!(
        page.body
            .contains("frank 和 gina 最近 30 天内从同一浏览器登录过。")
    );
    assert!(!page.body.contains("carol 和") && !page.body.contains("和 carol"));
    let en = app.browser_in("en");
    assert_eq!(
        en.login("admin", &app.admin_password).await.status,
        StatusCode::OK
    );
    let page = en.get(&format!("/games/{id}/console")).await;
    assert!(
        page.body
            .contains("alice and bob have signed in from the same network in the last 30 days."),
        "{}",
        page.body
    );

    // The admins' account page and its JSON.
    let page = judge.get("/admin/accounts/alice").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.contains(r#"href="/admin/accounts/bob""#),
        "{}",
        page.body
    );
    assert!(!page.body.contains("carol"));
    let (s, b) = api
        .get("/api/v1/admin/accounts/gina/links", Some(&admin))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(
        b,
        json!({"username": "gina", "links": [{"username": "frank", "kinds": ["browser"]}]})
    );
    let (s, _) = api
        .get("/api/v1/admin/accounts/nobody/links", Some(&admin))
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND);

    // The game starts: still told.
    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/start"), &admin, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (_, c) = api.get(&console, Some(&admin)).await;
    assert_eq!(links_of(&c), expected, "while it runs");

    // Nobody else: a linked player, an outsider, a seated admin, anonymous readers.
    let outsider = api.token("outsider", PASSWORD).await;
    for (who, token) in [
        ("a linked player", Some(&alice)),
        ("an outsider", Some(&outsider)),
        ("a seated admin", Some(&boss)),
        ("anonymous", None),
    ] {
        let (s, b) = api.get(&console, token.map(String::as_str)).await;
        assert!(
            matches!(s, StatusCode::FORBIDDEN | StatusCode::UNAUTHORIZED),
            "{who}: {s} {b}"
        );
        assert!(!b.to_string().contains("bob"), "{who}: {b}");
        // The seated admin reads the admins' page, without the links of its game's players.
        let (s, b) = api
            .get(
                "/api/v1/admin/accounts/alice/links",
                token.map(String::as_str),
            )
            .await;
        assert!(
            matches!(s, StatusCode::FORBIDDEN | StatusCode::UNAUTHORIZED)
                || (who == "a seated admin" && b["links"] == json!([])),
            "{who}: {s} {b}"
        );
        let (_, b) = api
            .get(&format!("/api/v1/games/{id}"), token.map(String::as_str))
            .await;
        assert!(b.get("links").is_none(), "{who}: {b}");
        let (_, b) = api
            .get("/api/v1/accounts/alice", token.map(String::as_str))
            .await;
        assert!(!b.to_string().contains("bob"), "{who}: {b}");
    }
    let (_, me) = api
        .get(&format!("/api/v1/games/{id}/me"), Some(&alice))
        .await;
    assert!(!me.to_string().contains("bob"), "{me}");
    let player = app.browser();
    player.login("alice", PASSWORD).await;
    let seated_admin = app.browser();
    seated_admin.login("boss", PASSWORD).await;
    let anonymous = app.browser();
    for (who, b) in [
        ("a linked player", &player),
        ("a seated admin", &seated_admin),
        ("anonymous", &anonymous),
    ] {
        for path in [
            format!("/games/{id}/console"),
            format!("/games/{id}"),
            format!("/games/{id}/seat"),
            "/u/alice".to_string(),
            "/admin/accounts/alice".to_string(),
        ] {
            let page = b.get(&path).await;
            assert!(!page.body.contains(WARNING), "{who} at {path}");
            assert!(!page.body.contains("同一网络"), "{who} at {path}");
            assert!(
                !page.body.contains("/admin/accounts/bob"),
                "{who} at {path}"
            );
        }
    }

    // Kept only as keyed hashes: no address, no network, no cookie in the clear.
    let rows = trace_rows(&app);
    assert!(rows.len() >= 6, "{rows:?}");
    for row in &rows {
        for clear in ["198.51.", "203.0.113", "127.0.0.1", cookie.as_str()] {
            assert!(!row.contains(clear), "{row} holds {clear}");
        }
    }
    for detail in event_details(&app) {
        assert!(
            !detail.contains("198.51.") && !detail.contains("127.0.0.1"),
            "{detail}"
        );
    }

    // A game-ID login is its account's: carol signing in by her game ID from alice's network
    // links carol's account.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/alias"),
            &carol,
            json!({"password": "alias-password-1"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (_, me) = api
        .get(&format!("/api/v1/games/{id}/me"), Some(&carol))
        .await;
    let game_name = me["game_id"].as_str().expect("carol's game ID").to_string();
    let r = client()
        .build()
        .expect("client")
        .post(app.url(&format!("/api/v1/games/{id}/tokens")))
        .header("X-Forwarded-For", "198.51.100.99")
        .json(&json!({"game_id": game_name, "password": "alias-password-1"}))
        .send()
        .await
        .expect("a game-ID sign-in");
    assert_eq!(r.status(), StatusCode::OK);
    let (_, c) = api.get(&console, Some(&admin)).await;
    assert_eq!(
        links_of(&c),
        [
            "alice+bob:net",
            "alice+carol:net",
            "bob+carol:net",
            "frank+gina:browser"
        ]
    );

    // After the end, no more warnings.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/end"),
            &admin,
            json!({"act": api.act(id).await, "reason": "测试结束"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (_, c) = api.get(&console, Some(&admin)).await;
    assert_eq!(links_of(&c), Vec::<String>::new(), "after the end");
}

/// Signs `name` in through the page's form; the device cookie its answer sets (HttpOnly,
/// SameSite=Lax), which the browser's jar keeps.
async fn sign_in_keeping_the_device(b: &Browser, name: &str) -> String {
    let csrf = b.get("/login").await.csrf();
    let resp = b
        .raw
        .post(format!("{}/login", b.base))
        .form(&[
            ("csrf", csrf.as_str()),
            ("username", name),
            ("password", PASSWORD),
        ])
        .send()
        .await
        .expect("POST /login");
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    let set = resp
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("maku_device="))
        .expect("the sign-in sets the device cookie")
        .to_string();
    assert!(
        set.contains("HttpOnly") && set.contains("SameSite=Lax"),
        "{set}"
    );
    set["maku_device=".len()..]
        .split(';')
        .next()
        .expect("a value")
        .to_string()
}

/// A trace last seen 31 days ago no longer links, and the housekeeping deletes it; one seen
/// since stays.
async fn traces_are_forgotten_after_30_days(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    for name in ["old1", "old2", "new1"] {
        api.account(name).await;
    }
    signed_in_from(&app, "old1", "198.51.100.1").await;
    signed_in_from(&app, "old2", "198.51.100.2").await;
    let (s, b) = api
        .get("/api/v1/admin/accounts/old1/links", Some(&admin))
        .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(b["links"][0]["username"], "old2", "{b}");
    assert_eq!(trace_rows(&app).len(), 2);

    app.clock.advance(chrono::Duration::days(31));
    let (_, b) = api
        .get("/api/v1/admin/accounts/old1/links", Some(&admin))
        .await;
    assert_eq!(b["links"], json!([]), "past 30 days nothing links: {b}");
    signed_in_from(&app, "new1", "198.51.100.3").await;
    maku::scheduler::housekeeping(&app.state)
        .await
        .expect("housekeeping");
    let rows = trace_rows(&app);
    assert_eq!(rows.len(), 1, "only new1's trace stays: {rows:?}");
    assert!(rows[0].starts_with(&format!("{} net ", app.account_id("new1"))));
}

/// Without a named proxy, what a client claims in X-Forwarded-For is ignored: two accounts
/// claiming one address are not linked (the loopback peer keeps no network), and claiming a
/// new address each time earns no fresh sign-in budget.
async fn a_forwarded_address_from_an_unnamed_peer_changes_nothing(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    // The helpers' sign-ins spend the address's budget too: make the accounts first.
    for name in ["mallory", "trent"] {
        let (s, b) = api
            .call(
                reqwest::Method::POST,
                "/api/v1/accounts",
                None,
                Some(json!({"username": name, "password": PASSWORD})),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{b}");
    }
    // admin's token took one of the three; two more, each claiming its own address.
    assert_eq!(
        token_from(&app, "mallory", "198.51.100.7").await.status(),
        StatusCode::OK
    );
    assert_eq!(
        token_from(&app, "trent", "198.51.100.7").await.status(),
        StatusCode::OK
    );
    let r = token_from(&app, "trent", "192.0.2.99").await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS, "one budget");
    let (s, b) = api
        .get("/api/v1/admin/accounts/mallory/links", Some(&admin))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["links"], json!([]), "{b}");
    assert!(
        trace_rows(&app).iter().all(|r| !r.contains(" net ")),
        "no network kept"
    );
}
