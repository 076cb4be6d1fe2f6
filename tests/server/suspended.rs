//! A suspended account writes nothing (issue 38, item 4): every write route of the pages and
//! the API, tried by a suspended account, is refused with `403 suspended` (a form with typed
//! text comes back to its page with the text and the reason), and nothing is recorded. Signing
//! out, the account's own settings and reading still work. The table below is checked against
//! the routes in the sources, so a new write route without a row here fails.

use crate::helpers::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

crate::on_both_backends!(every_write_route_refuses_a_suspended_account);

/// How a route is tried.
enum Try {
    /// A page's form, with the session's token and these fields.
    Form(&'static [(&'static str, &'static str)]),
    /// A page's form with typed text: refused, it comes back (303) to `back` with the text.
    Kept(&'static [(&'static str, &'static str)], &'static str),
    /// The API with the suspended account's token and this JSON body.
    Json(Value),
    /// Takes no account (signing in or up, a mailed link): nothing to guard.
    NoAccount,
    /// Open to a suspended account (`web::suspended::STILL_OPEN`), tried on its own below.
    Open,
}

/// Every write route in `src/web` (method, pattern): the attributes `#[post("…")]`, `#[put]`,
/// `#[delete]` and `#[patch]`, those under `src/web/api/` below `/api/v1`.
fn write_routes_in_sources() -> Vec<(String, String)> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web");
    let mut files = Vec::new();
    walk(&root, &mut files);
    let mut routes = Vec::new();
    for file in files {
        let api = file.starts_with(root.join("api"));
        let text = std::fs::read_to_string(&file).expect("a source file");
        for method in ["post", "put", "delete", "patch"] {
            let marker = format!("#[{method}(\"");
            for (at, _) in text.match_indices(&marker) {
                let rest = &text[at + marker.len()..];
                let path = &rest[..rest.find('"').expect("a closing quote")];
                let path = crate::helpers::route_path(path);
                let path = match api {
                    true => format!("/api/v1{path}"),
                    false => path,
                };
                routes.push((method.to_uppercase(), path));
            }
        }
    }
    routes.sort();
    routes
}

async fn every_write_route_refuses_a_suspended_account(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let slug = app.board("walk").await;

    // `boss` is an admin, the judge of game J and a seat of game S: without the suspension,
    // most routes below would do what they are asked.
    let boss_token = api.account("boss").await;
    let (s, b) = api
        .post(
            "/api/v1/accounts/boss/role",
            &admin,
            json!({"role": "admin"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let boss = app.browser();
    boss.login("boss", "password-123").await;
    let thread = boss.new_thread(&slug, "标题", "boss wrote this").await;
    let (s, b) = api
        .post(
            "/api/v1/games",
            &boss_token,
            json!({"title": "J", "variant": "deathnote", "act_minutes": 60}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let judged = b["id"].as_i64().expect("id");
    for i in 0..6 {
        let t = api.account(&format!("wj{i}")).await;
        let (s, b) = api
            .post(&format!("/api/v1/games/{judged}/signup"), &t, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{judged}/start"),
            &boss_token,
            json!({}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "S", "variant": "deathnote", "act_minutes": 60}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let seated = b["id"].as_i64().expect("id");
    let mut others = Vec::new();
    for i in 0..5 {
        others.push(api.account(&format!("ws{i}")).await);
    }
    for t in std::iter::once(&boss_token).chain(&others) {
        let (s, b) = api
            .post(&format!("/api/v1/games/{seated}/signup"), t, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    let (s, b) = api
        .post(&format!("/api/v1/games/{seated}/start"), &admin, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{seated}/threads/game"),
            &boss_token,
            json!({"body": "boss in S"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let floor = b["floor"].as_i64().expect("floor");
    // An open game (sign-ups, substitutes) and a report to resolve.
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "O", "variant": "deathnote", "act_minutes": 60}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let open = b["id"].as_i64().expect("id");
    let (s, b) = api
        .post(
            &format!("/api/v1/threads/{thread}/posts/1/report"),
            &others[0],
            json!({"reason": "spam"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let (_, reports) = api.get("/api/v1/admin/reports", Some(&admin)).await;
    let report = reports["reports"][0]["id"].as_i64().expect("a report");

    // A setup of boss's, which boss could revise.
    let (_, presets) = api.get("/api/v1/setups/presets", None).await;
    let setup_document = presets["presets"][0]["document"].clone();
    let (s, b) = api
        .post(
            "/api/v1/setups",
            &boss_token,
            json!({"name": "boss's", "document": setup_document}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let setup = b["id"].as_i64().expect("a setup");

    let (s, b) = api
        .post(
            "/api/v1/accounts/boss/suspend",
            &admin,
            json!({"days": 3, "reason": "walk-reason"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");

    let t = |s: &str| {
        s.replace("{thread}", &thread.to_string())
            .replace("{floor}", &floor.to_string())
            .replace("{judged}", &judged.to_string())
            .replace("{seated}", &seated.to_string())
            .replace("{open}", &open.to_string())
            .replace("{report}", &report.to_string())
            .replace("{setup}", &setup.to_string())
            .replace("{slug}", &slug)
    };
    let act = json!({"act": 1});
    // (method, route pattern, the path tried, how).
    let table: Vec<(&str, &str, &str, Try)> = vec![
        ("POST", "/login", "/login", Try::NoAccount),
        ("POST", "/register", "/register", Try::NoAccount),
        ("POST", "/logout", "/logout", Try::Open),
        (
            "POST",
            "/games/{id}/login",
            "/games/{seated}/login",
            Try::Open,
        ),
        ("POST", "/account/password", "/account/password", Try::Open),
        (
            "POST",
            "/account/sign-out-everywhere",
            "/account/sign-out-everywhere",
            Try::Open,
        ),
        (
            "POST",
            "/account/tokens/{id}/revoke",
            "/account/tokens/x/revoke",
            Try::Open,
        ),
        ("POST", "/account/email", "/account/email", Try::Open),
        (
            "POST",
            "/account/email/remove",
            "/account/email/remove",
            Try::Open,
        ),
        (
            "POST",
            "/account/email/confirm/{token}",
            "/account/email/confirm/not-a-token",
            Try::Open,
        ),
        (
            "POST",
            "/account/notifications",
            "/account/notifications",
            Try::Open,
        ),
        (
            "POST",
            "/notifications/read",
            "/notifications/read",
            Try::Open,
        ),
        (
            "POST",
            "/notifications/open",
            "/notifications/open",
            Try::Open,
        ),
        (
            "POST",
            "/account/calendar/revoke",
            "/account/calendar/revoke",
            Try::Open,
        ),
        (
            "POST",
            "/mail/unsubscribe/{token}",
            "/mail/unsubscribe/x",
            Try::NoAccount,
        ),
        (
            "POST",
            "/admin/boards",
            "/admin/boards",
            Try::Form(&[("slug", "newb"), ("title", "新"), ("description", "")]),
        ),
        (
            "POST",
            "/admin/reports/{id}/resolve",
            "/admin/reports/{report}/resolve",
            Try::Form(&[("action", "hide"), ("reason", "r")]),
        ),
        (
            "POST",
            "/admin/roles",
            "/admin/roles",
            Try::Form(&[("username", "ws0"), ("role", "judge")]),
        ),
        (
            "POST",
            "/admin/suspensions",
            "/admin/suspensions",
            Try::Form(&[("username", "ws0"), ("days", "3"), ("reason", "r")]),
        ),
        (
            "POST",
            "/admin/suspensions/lift",
            "/admin/suspensions/lift",
            Try::Form(&[("username", "boss")]),
        ),
        (
            "POST",
            "/b/{slug}/threads",
            "/b/{slug}/threads",
            Try::Kept(
                &[("title", "KEPT-TITLE"), ("body", "KEPT-NEW")],
                "/b/{slug}",
            ),
        ),
        (
            "POST",
            "/t/{id}/posts",
            "/t/{thread}/posts",
            Try::Kept(&[("body", "KEPT-REPLY")], "/t/{thread}"),
        ),
        (
            "POST",
            "/t/{thread}/{floor}/edit",
            "/t/{thread}/1/edit",
            Try::Kept(&[("body", "KEPT-EDIT")], "/t/{thread}/1/edit"),
        ),
        (
            "POST",
            "/t/{id}/moderate",
            "/t/{thread}/moderate",
            Try::Form(&[("action", "lock")]),
        ),
        (
            "POST",
            "/t/{thread}/{floor}/report",
            "/t/{thread}/1/report",
            Try::Form(&[("reason", "r")]),
        ),
        (
            "POST",
            "/t/{thread}/{floor}/hide",
            "/t/{thread}/1/hide",
            Try::Form(&[("reason", "r")]),
        ),
        (
            "POST",
            "/t/{thread}/{floor}/unhide",
            "/t/{thread}/1/unhide",
            Try::Form(&[("reason", "r")]),
        ),
        (
            "POST",
            "/games",
            "/games",
            Try::Form(&[("title", "N"), ("variant", "deathnote")]),
        ),
        (
            "POST",
            "/setups/new",
            "/setups/new",
            Try::Form(&[("name", "N"), ("action", "save")]),
        ),
        (
            "POST",
            "/setups/{id}/edit",
            "/setups/{setup}/edit",
            Try::Form(&[("action", "save")]),
        ),
        (
            "POST",
            "/games/{id}/signup",
            "/games/{open}/signup",
            Try::Form(&[]),
        ),
        (
            "POST",
            "/games/{id}/withdraw",
            "/games/{open}/withdraw",
            Try::Form(&[]),
        ),
        (
            "POST",
            "/games/{id}/rehost",
            "/games/{judged}/rehost",
            Try::Form(&[]),
        ),
        (
            "POST",
            "/games/{id}/substitutes",
            "/games/{open}/substitutes",
            Try::Form(&[]),
        ),
        (
            "POST",
            "/games/{id}/substitutes/leave",
            "/games/{open}/substitutes/leave",
            Try::Form(&[]),
        ),
        (
            "POST",
            "/games/{id}/start",
            "/games/{open}/start",
            Try::Form(&[]),
        ),
        (
            "POST",
            "/games/{id}/watch",
            "/games/{seated}/watch",
            Try::Form(&[]),
        ),
        (
            "POST",
            "/games/{id}/unwatch",
            "/games/{seated}/unwatch",
            Try::Form(&[]),
        ),
        (
            "POST",
            "/games/{id}/resolve",
            "/games/{judged}/resolve",
            Try::Form(&[("act", "1")]),
        ),
        (
            "POST",
            "/games/{id}/alias",
            "/games/{seated}/alias",
            Try::Form(&[("password", "alias-pass-1")]),
        ),
        (
            "POST",
            "/games/{id}/actions",
            "/games/{seated}/actions",
            Try::Form(&[("type", "pass")]),
        ),
        (
            "POST",
            "/games/{id}/pass",
            "/games/{seated}/pass",
            Try::Form(&[("step", "1")]),
        ),
        (
            "POST",
            "/games/{id}/threads/{kind}",
            "/games/{seated}/threads/game",
            Try::Kept(&[("body", "KEPT-GAME")], "/games/{seated}/threads/game"),
        ),
        (
            "POST",
            "/games/{id}/threads/{kind}/{floor}/edit",
            "/games/{seated}/threads/game/{floor}/edit",
            Try::Kept(
                &[("body", "KEPT-GAME-EDIT")],
                "/games/{seated}/threads/game/{floor}/edit",
            ),
        ),
        (
            "POST",
            "/games/{id}/notes",
            "/games/{seated}/notes",
            Try::Kept(&[("body", "KEPT-NOTE")], "/games/{seated}/seat"),
        ),
        (
            "POST",
            "/games/{id}/console/deadline",
            "/games/{judged}/console/deadline",
            Try::Form(&[("act", "1"), ("extend_minutes", "30")]),
        ),
        (
            "POST",
            "/games/{id}/console/pause",
            "/games/{judged}/console/pause",
            Try::Form(&[("act", "1")]),
        ),
        (
            "POST",
            "/games/{id}/console/resume",
            "/games/{judged}/console/resume",
            Try::Form(&[("act", "1")]),
        ),
        (
            "POST",
            "/games/{id}/console/resolve",
            "/games/{judged}/console/resolve",
            Try::Form(&[("act", "1")]),
        ),
        (
            "POST",
            "/games/{id}/console/lock",
            "/games/{judged}/console/lock",
            Try::Form(&[("act", "1"), ("locked", "1")]),
        ),
        (
            "POST",
            "/games/{id}/console/post",
            "/games/{judged}/console/post",
            Try::Kept(&[("body", "KEPT-JUDGE")], "/games/{judged}/console"),
        ),
        (
            "POST",
            "/games/{id}/console/end",
            "/games/{judged}/console/end",
            Try::Form(&[("act", "1"), ("reason", "r"), ("confirm", "yes")]),
        ),
        (
            "POST",
            "/games/{id}/console/substitute",
            "/games/{judged}/console/substitute",
            Try::Form(&[("game_id", "x"), ("account", "ws0"), ("confirm", "yes")]),
        ),
        // The API.
        (
            "POST",
            "/api/v1/accounts",
            "/api/v1/accounts",
            Try::NoAccount,
        ),
        ("POST", "/api/v1/tokens", "/api/v1/tokens", Try::NoAccount),
        (
            "POST",
            "/api/v1/games/{id}/tokens",
            "/api/v1/games/{seated}/tokens",
            Try::NoAccount,
        ),
        (
            "DELETE",
            "/api/v1/tokens/{id}",
            "/api/v1/tokens/x",
            Try::Open,
        ),
        (
            "POST",
            "/api/v1/account/sign-out-everywhere",
            "/api/v1/account/sign-out-everywhere",
            Try::Open,
        ),
        (
            "POST",
            "/api/v1/account/password",
            "/api/v1/account/password",
            Try::Open,
        ),
        (
            "PUT",
            "/api/v1/account/email",
            "/api/v1/account/email",
            Try::Open,
        ),
        (
            "DELETE",
            "/api/v1/account/email",
            "/api/v1/account/email",
            Try::Open,
        ),
        (
            "PUT",
            "/api/v1/account/mail",
            "/api/v1/account/mail",
            Try::Open,
        ),
        (
            "POST",
            "/api/v1/account/notifications",
            "/api/v1/account/notifications",
            Try::Open,
        ),
        (
            "POST",
            "/api/v1/notifications/read",
            "/api/v1/notifications/read",
            Try::Open,
        ),
        (
            "DELETE",
            "/api/v1/account/calendar",
            "/api/v1/account/calendar",
            Try::Open,
        ),
        (
            "POST",
            "/api/v1/accounts/{name}/role",
            "/api/v1/accounts/ws0/role",
            Try::Json(json!({"role": "judge"})),
        ),
        (
            "POST",
            "/api/v1/accounts/{name}/suspend",
            "/api/v1/accounts/ws0/suspend",
            Try::Json(json!({"days": 3, "reason": "r"})),
        ),
        (
            "DELETE",
            "/api/v1/accounts/{name}/suspend",
            "/api/v1/accounts/boss/suspend",
            Try::Json(json!({})),
        ),
        (
            "POST",
            "/api/v1/admin/reports/{id}/resolve",
            "/api/v1/admin/reports/{report}/resolve",
            Try::Json(json!({"action": "dismiss"})),
        ),
        (
            "POST",
            "/api/v1/boards",
            "/api/v1/boards",
            Try::Json(json!({"slug": "apib", "title": "t"})),
        ),
        (
            "POST",
            "/api/v1/boards/{slug}/threads",
            "/api/v1/boards/{slug}/threads",
            Try::Json(json!({"title": "t", "body": "b"})),
        ),
        (
            "POST",
            "/api/v1/threads/{id}/posts",
            "/api/v1/threads/{thread}/posts",
            Try::Json(json!({"body": "b"})),
        ),
        (
            "PATCH",
            "/api/v1/threads/{id}/posts/{floor}",
            "/api/v1/threads/{thread}/posts/1",
            Try::Json(json!({"body": "b"})),
        ),
        (
            "POST",
            "/api/v1/threads/{id}/moderate",
            "/api/v1/threads/{thread}/moderate",
            Try::Json(json!({"action": "lock"})),
        ),
        (
            "POST",
            "/api/v1/threads/{id}/posts/{floor}/report",
            "/api/v1/threads/{thread}/posts/1/report",
            Try::Json(json!({"reason": "r"})),
        ),
        (
            "POST",
            "/api/v1/threads/{id}/posts/{floor}/hide",
            "/api/v1/threads/{thread}/posts/1/hide",
            Try::Json(json!({"reason": "r"})),
        ),
        (
            "POST",
            "/api/v1/threads/{id}/posts/{floor}/unhide",
            "/api/v1/threads/{thread}/posts/1/unhide",
            Try::Json(json!({"reason": "r"})),
        ),
        (
            "POST",
            "/api/v1/games",
            "/api/v1/games",
            Try::Json(json!({"title": "N", "variant": "deathnote"})),
        ),
        (
            "POST",
            "/api/v1/games/{id}/signup",
            "/api/v1/games/{open}/signup",
            Try::Json(json!({})),
        ),
        (
            "DELETE",
            "/api/v1/games/{id}/signup",
            "/api/v1/games/{open}/signup",
            Try::Json(json!({})),
        ),
        (
            "POST",
            "/api/v1/games/{id}/rehost",
            "/api/v1/games/{judged}/rehost",
            Try::Json(json!({})),
        ),
        (
            "POST",
            "/api/v1/games/{id}/substitutes",
            "/api/v1/games/{open}/substitutes",
            Try::Json(json!({})),
        ),
        (
            "DELETE",
            "/api/v1/games/{id}/substitutes",
            "/api/v1/games/{open}/substitutes",
            Try::Json(json!({})),
        ),
        (
            "POST",
            "/api/v1/games/{id}/start",
            "/api/v1/games/{open}/start",
            Try::Json(json!({})),
        ),
        (
            "POST",
            "/api/v1/games/{id}/watch",
            "/api/v1/games/{judged}/watch",
            Try::Json(json!({})),
        ),
        (
            "DELETE",
            "/api/v1/games/{id}/watch",
            "/api/v1/games/{judged}/watch",
            Try::Json(json!({})),
        ),
        (
            "POST",
            "/api/v1/games/{id}/actions",
            "/api/v1/games/{seated}/actions",
            Try::Json(json!({"type": "pass"})),
        ),
        (
            "POST",
            "/api/v1/games/{id}/notes",
            "/api/v1/games/{seated}/notes",
            Try::Json(json!({"body": "a note"})),
        ),
        (
            "POST",
            "/api/v1/games/{id}/pass",
            "/api/v1/games/{seated}/pass",
            Try::Json(json!({"phase": 1})),
        ),
        (
            "POST",
            "/api/v1/games/{id}/alias",
            "/api/v1/games/{seated}/alias",
            Try::Json(json!({"password": "alias-pass-1"})),
        ),
        (
            "POST",
            "/api/v1/games/{id}/threads/{kind}",
            "/api/v1/games/{seated}/threads/game",
            Try::Json(json!({"body": "b"})),
        ),
        (
            "PATCH",
            "/api/v1/games/{id}/threads/{kind}/posts/{floor}",
            "/api/v1/games/{seated}/threads/game/posts/{floor}",
            Try::Json(json!({"body": "b"})),
        ),
        (
            "POST",
            "/api/v1/games/{id}/resolve",
            "/api/v1/games/{judged}/resolve",
            Try::Json(act.clone()),
        ),
        (
            "POST",
            "/api/v1/games/{id}/deadline",
            "/api/v1/games/{judged}/deadline",
            Try::Json(json!({"act": 1, "extend_minutes": 30})),
        ),
        (
            "POST",
            "/api/v1/games/{id}/pause",
            "/api/v1/games/{judged}/pause",
            Try::Json(act.clone()),
        ),
        (
            "POST",
            "/api/v1/games/{id}/resume",
            "/api/v1/games/{judged}/resume",
            Try::Json(act.clone()),
        ),
        (
            "POST",
            "/api/v1/games/{id}/lock",
            "/api/v1/games/{judged}/lock",
            Try::Json(json!({"locked": true})),
        ),
        (
            "POST",
            "/api/v1/games/{id}/end",
            "/api/v1/games/{judged}/end",
            Try::Json(json!({"act": 1, "reason": "r"})),
        ),
        (
            "POST",
            "/api/v1/games/{id}/substitute",
            "/api/v1/games/{judged}/substitute",
            Try::Json(json!({"game_id": "x", "account": "ws0"})),
        ),
        (
            "POST",
            "/api/v1/setups",
            "/api/v1/setups",
            Try::Json(json!({"name": "x", "document": setup_document.clone()})),
        ),
        (
            "PUT",
            "/api/v1/setups/{id}",
            "/api/v1/setups/{setup}",
            Try::Json(json!({"document": setup_document.clone()})),
        ),
    ];

    // The table is every write route of the sources, and names the open ones as the server does.
    let mut listed: Vec<(String, String)> = table
        .iter()
        .map(|(m, p, _, _)| (m.to_string(), p.to_string()))
        .collect();
    listed.sort();
    assert_eq!(
        listed,
        write_routes_in_sources(),
        "every write route has a row"
    );
    let mut open: Vec<(&str, &str)> = table
        .iter()
        .filter(|(_, _, _, how)| matches!(how, Try::Open))
        .map(|(m, p, _, _)| (*m, *p))
        .collect();
    open.sort();
    let mut server_open = maku::web::suspended::STILL_OPEN
        .iter()
        .filter(|(_, p)| !["/login", "/register"].contains(p))
        .copied()
        .collect::<Vec<_>>();
    server_open.sort();
    assert_eq!(open, server_open, "the open routes are the server's");

    let before = recorded(&app);
    let csrf = boss.get("/").await.csrf();
    for (method, pattern, path, how) in &table {
        let path = t(path);
        match how {
            Try::Form(fields) => {
                let mut form = vec![("csrf", csrf.as_str())];
                form.extend_from_slice(fields);
                let page = boss.post(&path, &form).await;
                assert_eq!(
                    page.answer,
                    StatusCode::FORBIDDEN,
                    "{pattern}: {}",
                    page.body
                );
                assert!(
                    page.body.contains("walk-reason"),
                    "{pattern} says why: {}",
                    page.body
                );
            }
            Try::Kept(fields, back) => {
                let mut form = vec![("csrf", csrf.as_str())];
                form.extend_from_slice(fields);
                let page = boss.post(&path, &form).await;
                page.assert_back_at(&t(back));
                assert!(
                    page.body.contains("walk-reason"),
                    "{pattern} says why: {}",
                    page.body
                );
                for (_, typed) in *fields {
                    assert!(
                        page.body.contains(typed),
                        "{pattern} keeps {typed}: {}",
                        page.body
                    );
                }
            }
            Try::Json(body) => {
                let m = reqwest::Method::from_bytes(method.as_bytes()).expect("a method");
                let (s, b) = api
                    .call(m, &path, Some(&boss_token), Some(body.clone()))
                    .await;
                assert_eq!(
                    (s, b["error"].as_str()),
                    (StatusCode::FORBIDDEN, Some("suspended")),
                    "{pattern}: {b}"
                );
                assert_eq!(b["reason"], json!("walk-reason"), "{pattern}");
            }
            Try::NoAccount | Try::Open => {}
        }
    }
    assert_eq!(recorded(&app), before, "nothing is recorded");

    // Still open: reading, the account's own settings, signing out.
    assert_eq!(
        boss.get(&format!("/t/{thread}")).await.status,
        StatusCode::OK
    );
    let (s, _) = api
        .get(&format!("/api/v1/games/{seated}"), Some(&boss_token))
        .await;
    assert_eq!(s, StatusCode::OK);
    let (s, b) = api
        .post("/api/v1/account/notifications", &boss_token, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let page = boss
        .post(
            "/account/password",
            &[
                ("csrf", &csrf),
                ("old_password", "password-123"),
                ("new_password", "password-456"),
            ],
        )
        .await;
    page.assert_back_at("/account/password");
    let out = boss.logout().await;
    assert_eq!(out.answer, StatusCode::SEE_OTHER, "{}", out.body);
    assert!(
        !boss.get("/").await.body.contains("action=\"/logout\""),
        "signed out"
    );
}
