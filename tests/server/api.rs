use crate::helpers::TestApp;
use crate::on_both_backends;
use reqwest::StatusCode;
use serde_json::{Value, json};

on_both_backends!(
    accounts_and_tokens,
    api_forum_round_trip,
    openapi_and_health,
);

async fn accounts_and_tokens(app: TestApp) {
    let c = app.api();
    let r = c
        .post(app.url("/api/v1/accounts"))
        .json(&json!({"username": "alice", "password": "password-123"}))
        .send()
        .await
        .expect("POST");
    assert_eq!(r.status(), StatusCode::CREATED);
    assert_eq!(
        r.json::<Value>().await.expect("json"),
        json!({"username": "alice"})
    );
    let r = c
        .post(app.url("/api/v1/accounts"))
        .json(&json!({"username": "ALICE", "password": "password-123"}))
        .send()
        .await
        .expect("POST");
    assert_eq!(r.status(), StatusCode::CONFLICT);
    let body: Value = r.json().await.expect("json");
    assert_eq!(body["error"], "name_taken");
    assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
    let r = c
        .post(app.url("/api/v1/accounts"))
        .json(&json!({"username": "bob"}))
        .send()
        .await
        .expect("POST");
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        r.json::<Value>().await.expect("json")["error"],
        "bad_request"
    );
    let r = c
        .post(app.url("/api/v1/tokens"))
        .json(&json!({"username": "alice", "password": "wrong-password"}))
        .send()
        .await
        .expect("POST");
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    let r = c
        .post(app.url("/api/v1/tokens"))
        .json(&json!({"username": "alice", "password": "password-123"}))
        .send()
        .await
        .expect("POST");
    assert_eq!(r.status(), StatusCode::OK);
    let token = r.json::<Value>().await.expect("json")["token"]
        .as_str()
        .expect("a token")
        .to_string();
    assert!(token.len() >= 32);
}

async fn token_for(app: &TestApp, name: &str, password: &str) -> String {
    let r = app
        .api()
        .post(app.url("/api/v1/tokens"))
        .json(&json!({"username": name, "password": password}))
        .send()
        .await
        .expect("POST");
    r.json::<Value>().await.expect("json")["token"]
        .as_str()
        .expect("token")
        .to_string()
}

async fn api_forum_round_trip(app: TestApp) {
    let c = app.api();
    let admin = token_for(&app, "admin", &app.admin_password).await;
    let r = c
        .post(app.url("/api/v1/boards"))
        .bearer_auth(&admin)
        .json(&json!({"slug": "games", "title": "游戏"}))
        .send()
        .await
        .expect("POST");
    assert_eq!(r.status(), StatusCode::CREATED);
    c.post(app.url("/api/v1/accounts"))
        .json(&json!({"username": "alice", "password": "password-123"}))
        .send()
        .await
        .expect("POST");
    let alice = token_for(&app, "alice", "password-123").await;
    let r = c
        .post(app.url("/api/v1/boards"))
        .bearer_auth(&alice)
        .json(&json!({"slug": "mine", "title": "mine"}))
        .send()
        .await
        .expect("POST");
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let r = c
        .post(app.url("/api/v1/boards/games/threads"))
        .json(&json!({"title": "t", "body": "b"}))
        .send()
        .await
        .expect("POST");
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED, "no token");
    let r = c
        .post(app.url("/api/v1/boards/games/threads"))
        .bearer_auth(&alice)
        .json(&json!({"title": "开局", "body": "<script>x()</script>hello"}))
        .send()
        .await
        .expect("POST");
    assert_eq!(r.status(), StatusCode::CREATED);
    let id = r.json::<Value>().await.expect("json")["id"]
        .as_i64()
        .expect("id");
    let r = c
        .post(app.url(&format!("/api/v1/threads/{id}/posts")))
        .bearer_auth(&alice)
        .json(&json!({"body": "second"}))
        .send()
        .await
        .expect("POST");
    assert_eq!(r.status(), StatusCode::CREATED);
    let post_id = r.json::<Value>().await.expect("json")["id"]
        .as_i64()
        .expect("id");
    let r = c
        .patch(app.url(&format!("/api/v1/posts/{post_id}")))
        .bearer_auth(&alice)
        .json(&json!({"body": "second, edited"}))
        .send()
        .await
        .expect("PATCH");
    assert_eq!(r.status(), StatusCode::OK);
    let t: Value = c
        .get(app.url(&format!("/api/v1/threads/{id}")))
        .send()
        .await
        .expect("GET")
        .json()
        .await
        .expect("json");
    assert_eq!(t["posts"].as_array().map(Vec::len), Some(2));
    assert_eq!(t["posts"][1]["body"], "second, edited");
    assert!(
        !t["posts"][0]["html"]
            .as_str()
            .unwrap_or("")
            .contains("<script")
    );
    let revs: Value = c
        .get(app.url(&format!("/api/v1/posts/{post_id}/revisions")))
        .bearer_auth(&admin)
        .send()
        .await
        .expect("GET")
        .json()
        .await
        .expect("json");
    assert_eq!(revs["revisions"][0]["body"], "second");
    assert_eq!(revs["revisions"][1]["body"], "second, edited");
    let r = c
        .post(app.url(&format!("/api/v1/threads/{id}/moderate")))
        .bearer_auth(&admin)
        .json(&json!({"action": "lock"}))
        .send()
        .await
        .expect("POST");
    assert_eq!(r.status(), StatusCode::OK);
    let r = c
        .post(app.url(&format!("/api/v1/threads/{id}/posts")))
        .bearer_auth(&alice)
        .json(&json!({"body": "locked?"}))
        .send()
        .await
        .expect("POST");
    assert_eq!(r.status(), StatusCode::CONFLICT);
    assert_eq!(
        r.json::<Value>().await.expect("json")["error"],
        "thread_locked"
    );
}

async fn openapi_and_health(app: TestApp) {
    let c = app.api();
    let r = c.get(app.url("/healthz")).send().await.expect("GET");
    assert_eq!(r.status(), StatusCode::OK);
    let doc: Value = c
        .get(app.url("/api/v1/openapi.json"))
        .send()
        .await
        .expect("GET")
        .json()
        .await
        .expect("json");
    assert_eq!(doc["openapi"], "3.1.0");
    for path in [
        "/accounts",
        "/tokens",
        "/boards",
        "/threads/{id}",
        "/posts/{id}",
        "/openapi.json",
    ] {
        assert!(doc["paths"][path].is_object(), "{path} is documented");
    }
    let r = c.get(app.url("/api/v1/nothing")).send().await.expect("GET");
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
}
