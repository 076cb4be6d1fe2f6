//! The forum's JSON API: accounts and tokens (../shared/spec/api.md), boards, threads, posts,
//! revisions and moderation, the OpenAPI document and the health check.

use crate::helpers::{Api, TestApp};
use crate::on_both_backends;
use reqwest::{Method, StatusCode};
use serde_json::json;

on_both_backends!(
    accounts_and_tokens,
    api_forum_round_trip,
    openapi_and_health,
);

async fn accounts_and_tokens(app: TestApp) {
    let api = Api::new(&app);
    let create = |body| api.call(Method::POST, "/api/v1/accounts", None, Some(body));
    let (s, b) = create(json!({"username": "alice", "password": "password-123"})).await;
    assert_eq!(s, StatusCode::CREATED);
    assert_eq!(b, json!({"username": "alice"}));
    let (s, b) = create(json!({"username": "ALICE", "password": "password-123"})).await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(b["error"], "name_taken");
    assert!(b["message"].as_str().is_some_and(|m| !m.is_empty()));
    let (s, b) = create(json!({"username": "bob"})).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert_eq!(b["error"], "bad_request");
    let token = |pw: &'static str| {
        api.call(
            Method::POST,
            "/api/v1/tokens",
            None,
            Some(json!({"username": "alice", "password": pw})),
        )
    };
    let (s, _) = token("wrong-password").await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (s, b) = token("password-123").await;
    assert_eq!(s, StatusCode::OK);
    assert!(b["token"].as_str().is_some_and(|t| t.len() >= 32));
}

async fn api_forum_round_trip(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let (s, _) = api
        .post(
            "/api/v1/boards",
            &admin,
            json!({"slug": "games", "title": "游戏"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED);
    let alice = api.account("alice").await;
    let (s, _) = api
        .post(
            "/api/v1/boards",
            &alice,
            json!({"slug": "mine", "title": "mine"}),
        )
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, _) = api
        .call(
            Method::POST,
            "/api/v1/boards/games/threads",
            None,
            Some(json!({"title": "t", "body": "b"})),
        )
        .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "no token");
    let (s, b) = api
        .post(
            "/api/v1/boards/games/threads",
            &alice,
            json!({"title": "开局", "body": "<script>x()</script>hello"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED);
    let id = b["id"].as_i64().expect("id");
    let (s, b) = api
        .post(
            &format!("/api/v1/threads/{id}/posts"),
            &alice,
            json!({"body": "second"}),
        )
        .await;
    assert_eq!((s, b), (StatusCode::CREATED, json!({"floor": 2})));
    let (s, _) = api
        .call(
            Method::PATCH,
            &format!("/api/v1/threads/{id}/posts/2"),
            Some(&alice),
            Some(json!({"body": "second, edited"})),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let (_, t) = api.get(&format!("/api/v1/threads/{id}"), None).await;
    assert_eq!(t["posts"].as_array().map(Vec::len), Some(2));
    assert_eq!(t["posts"][1]["body"], "second, edited");
    assert!(
        !t["posts"][0]["html"]
            .as_str()
            .unwrap_or("")
            .contains("<script")
    );
    let (_, revs) = api
        .get(
            &format!("/api/v1/threads/{id}/posts/2/revisions"),
            Some(&admin),
        )
        .await;
    assert_eq!(revs["revisions"][0]["body"], "second");
    assert_eq!(revs["revisions"][1]["body"], "second, edited");
    let (s, _) = api
        .post(
            &format!("/api/v1/threads/{id}/moderate"),
            &admin,
            json!({"action": "lock"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let (s, b) = api
        .post(
            &format!("/api/v1/threads/{id}/posts"),
            &alice,
            json!({"body": "locked?"}),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(b["error"], "thread_locked");
}

async fn openapi_and_health(app: TestApp) {
    let api = Api::new(&app);
    let (s, _) = api.get("/healthz", None).await;
    assert_eq!(s, StatusCode::OK);
    let (_, doc) = api.get("/api/v1/openapi.json", None).await;
    assert_eq!(doc["openapi"], "3.1.0");
    for path in [
        "/accounts",
        "/tokens",
        "/boards",
        "/threads/{id}",
        "/threads/{id}/posts/{floor}",
        "/openapi.json",
    ] {
        assert!(doc["paths"][path].is_object(), "{path} is documented");
    }
    // Every route the API's handlers register is there, with each of its path parameters
    // declared (required, in: path), and nothing else is.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/web/api");
    let mut routes = vec![("get", "/openapi.json".to_string())];
    for entry in std::fs::read_dir(dir).expect("the API's folder") {
        let path = entry.expect("an entry").path();
        if !path.is_file() {
            continue;
        }
        let text = std::fs::read_to_string(path).expect("a source file");
        for method in ["get", "post", "put", "patch", "delete"] {
            for piece in text.split(&format!("#[{method}(")).skip(1) {
                if let Some(quoted) = piece.trim_start().strip_prefix('"') {
                    let path = quoted.split('"').next().unwrap_or("");
                    routes.push((method, crate::helpers::route_path(path)));
                }
            }
        }
    }
    for (method, path) in &routes {
        let op = &doc["paths"][path.as_str()][*method];
        assert!(op.is_object(), "{method} {path} is documented");
        for name in path
            .split('/')
            .filter_map(|s| s.strip_prefix('{')?.strip_suffix('}'))
        {
            let declared = op["parameters"].as_array().is_some_and(|ps| {
                ps.iter()
                    .any(|p| p["name"] == name && p["in"] == "path" && p["required"] == true)
            });
            assert!(declared, "{method} {path} declares {{{name}}}");
        }
    }
    let documented: usize = doc["paths"]
        .as_object()
        .map(|p| {
            p.values()
                .filter_map(|m| m.as_object())
                .map(|m| m.len())
                .sum()
        })
        .unwrap_or(0);
    assert_eq!(documented, routes.len(), "no operation without its route");
    let (s, _) = api.get("/api/v1/nothing", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}
