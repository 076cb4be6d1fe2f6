//! A login for a game ID with its own password reaches only that seat of that game.

use crate::helpers::Api;
use crate::helpers::TestApp;
use crate::on_both_backends;
use reqwest::StatusCode;
use serde_json::json;

on_both_backends!(game_id_login_reaches_only_its_seat);

async fn game_id_login_reaches_only_its_seat(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let (_, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "马甲", "variant": "deathnote", "act_minutes": 60}),
        )
        .await;
    let id = b["id"].as_i64().expect("id");
    let (_, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "另一局", "variant": "deathnote"}),
        )
        .await;
    let other_game = b["id"].as_i64().expect("id");
    let mut tokens = Vec::new();
    for i in 0..6 {
        let t = api.account(&format!("m{i}")).await;
        api.post(&format!("/api/v1/games/{id}/signup"), &t, json!({}))
            .await;
        tokens.push(t);
    }
    api.post(&format!("/api/v1/games/{id}/start"), &admin, json!({}))
        .await;
    let (_, me) = api
        .get(&format!("/api/v1/games/{id}/me"), Some(&tokens[0]))
        .await;
    let game_name = me["game_id"].as_str().expect("game id").to_string();

    // No password set yet: the game ID cannot sign in.
    let login = |pw: &str| json!({"game_id": game_name, "password": pw});
    let (s, _) = api
        .call(
            reqwest::Method::POST,
            &format!("/api/v1/games/{id}/tokens"),
            None,
            Some(login("alias-password-1")),
        )
        .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (s, _) = api
        .post(
            &format!("/api/v1/games/{id}/alias"),
            &tokens[0],
            json!({"password": "short"}),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let (s, _) = api
        .post(
            &format!("/api/v1/games/{id}/alias"),
            &tokens[0],
            json!({"password": "alias-password-1"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let (s, _) = api
        .call(
            reqwest::Method::POST,
            &format!("/api/v1/games/{id}/tokens"),
            None,
            Some(login("wrong-password")),
        )
        .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (s, b) = api
        .call(
            reqwest::Method::POST,
            &format!("/api/v1/games/{id}/tokens"),
            None,
            Some(login("alias-password-1")),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let alias = b["token"].as_str().expect("token").to_string();

    // It acts as the seat...
    let (s, me2) = api
        .get(&format!("/api/v1/games/{id}/me"), Some(&alias))
        .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(me2["game_id"], game_name.as_str());
    let (s, _) = api
        .post(
            &format!("/api/v1/games/{id}/threads/game"),
            &alias,
            json!({"body": "马甲发言"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED);
    // ...and nothing else: not the forum, not another game, not the seat's alias password.
    let (s, _) = api
        .post(
            "/api/v1/boards/games/threads",
            &alias,
            json!({"title": "t", "body": "b"}),
        )
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, _) = api
        .get(&format!("/api/v1/games/{other_game}/me"), Some(&alias))
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, _) = api
        .post(
            &format!("/api/v1/games/{other_game}/signup"),
            &alias,
            json!({}),
        )
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, _) = api
        .post(
            &format!("/api/v1/games/{id}/alias"),
            &alias,
            json!({"password": "another-pass"}),
        )
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN);

    // In the browser: the session shows the game ID, never the account.
    let b = app.browser();
    let csrf = b.get(&format!("/games/{id}/login")).await.csrf();
    let p = b
        .post(
            &format!("/games/{id}/login"),
            &[
                ("csrf", &csrf),
                ("game_id", &game_name),
                ("password", "wrong"),
            ],
        )
        .await;
    p.assert_back_at(&format!("/games/{id}/login"));
    assert!(
        p.body.contains(&format!(r#"value="{game_name}""#)),
        "the game ID is kept"
    );
    assert!(!p.body.contains("value=\"wrong\""), "never the password");
    // The form asks for a game ID: the refusal says "game ID or password", not "user name".
    assert!(p.body.contains("游戏身份或密码错误。"), "{}", p.body);
    assert!(!p.body.contains("用户名或密码错误"));
    b.post(
        &format!("/games/{id}/login"),
        &[
            ("csrf", &csrf),
            ("game_id", &game_name),
            ("password", "alias-password-1"),
        ],
    )
    .await;
    let seat = b.get(&format!("/games/{id}/seat")).await;
    assert_eq!(seat.status, StatusCode::OK);
    assert!(seat.body.contains(&game_name));
    // The sign-up list is public (a Kira's kill form suggests it); elsewhere the account never shows.
    let without_list: String = seat
        .body
        .split("<datalist")
        .enumerate()
        .map(|(i, part)| {
            if i == 0 {
                part
            } else {
                part.split("</datalist>").nth(1).unwrap_or("")
            }
        })
        .collect();
    assert!(
        !without_list.contains(">m0<"),
        "not even the seat page names the account: {}",
        seat.body
    );
    let home = b.get("/").await;
    assert!(
        home.body.contains(&format!("以 {game_name} 的身份游戏")),
        "{}",
        home.body
    );
    assert!(!home.body.contains("m0"), "the account name never shows");
    assert_eq!(
        b.get("/account/password").await.status,
        StatusCode::FORBIDDEN
    );
    let board = b.get("/b/games").await;
    assert!(
        !board.body.contains("action=\"/b/games/threads\""),
        "no forum posting as an alias"
    );
}
