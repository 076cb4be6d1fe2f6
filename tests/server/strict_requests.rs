//! What an attack run found accepted, refused now: a fixed deal that is not exactly its
//! variant's shape (a random deal started instead, or a key ignored), game IDs without bounds,
//! bodies with a key twice or a deadline in both forms; and every JSON error says `"ok": false`
//! (api.md), a `405` names the allowed methods.

use crate::helpers::{Api, TestApp, signed_up_with, started_game};
use crate::on_both_backends;
use reqwest::StatusCode;
use serde_json::{Value, json};

on_both_backends!(
    a_fixed_deal_is_exactly_its_variants_shape_or_nothing_starts,
    an_empty_list_of_a_role_the_variant_lacks_is_its_absence,
    a_game_id_may_not_be_an_accounts_name,
    game_ids_follow_the_rules_of_names,
    a_key_given_twice_is_refused_and_nothing_is_done,
    a_deadline_in_both_forms_is_refused,
    every_api_error_says_ok_false_and_a_405_names_its_methods,
    a_whole_number_written_with_a_point_is_that_number,
);

/// A `variant` game by the admin with `seats` signed-up accounts `{prefix}0…`: its id and
/// the admin's token.
async fn signed_up(app: &TestApp, variant: &str, prefix: &str, seats: usize) -> (i64, String) {
    let create = json!({"title": "定局", "variant": variant, "act_minutes": 60});
    let (id, admin, _) = signed_up_with(app, prefix, seats, create).await;
    (id, admin)
}

/// The seats of a fixed deal: game ID `g{i}` for the account `{prefix}{i}`.
fn seats(prefix: &str, n: usize) -> Vec<Value> {
    (0..n)
        .map(|i| json!({"game_id": format!("g{i}"), "real_id": format!("{prefix}{i}")}))
        .collect()
}

/// The game's status as its public view says.
async fn status(app: &TestApp, id: i64) -> String {
    let (_, g) = Api::new(app)
        .get(&format!("/api/v1/games/{id}"), None)
        .await;
    g["status"].as_str().expect("status").to_string()
}

async fn a_fixed_deal_is_exactly_its_variants_shape_or_nothing_starts(app: TestApp) {
    let api = Api::new(&app);
    let (id, admin) = signed_up(&app, "dongsha", "fd", 8).await;
    let start = format!("/api/v1/games/{id}/start");
    let with = |roles: Value| {
        let mut setup = roles;
        setup["seats"] = json!(seats("fd", 8));
        json!({ "setup": setup })
    };
    for (body, code, what) in [
        (
            with(json!({"kira": ["g0", "g1"]})),
            "unknown_field",
            "setup.kira",
        ),
        (
            with(json!({"killers": ["g0", "g1"], "police": ["g2", "g3"], "evil": 1})),
            "unknown_field",
            "setup.evil",
        ),
        (with(json!({})), "bad_request", "setup.killers"),
        (
            with(json!({"killers": ["g0", "g1"]})),
            "bad_request",
            "setup.police",
        ),
    ] {
        let (s, b) = api.post(&start, &admin, body.clone()).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{body}: {b}");
        assert_eq!(b["error"], code, "{body}: {b}");
        assert!(
            b["message"].as_str().is_some_and(|m| m.contains(what)),
            "{body}: the message names {what}: {b}"
        );
        assert_eq!(status(&app, id).await, "signup", "{body}: nothing started");
    }
    // A seat object with a key of its own is refused too.
    let mut odd = seats("fd", 8);
    odd[0]["role"] = json!("police");
    let (s, b) = api
        .post(
            &start,
            &admin,
            json!({"setup": {"seats": odd, "killers": ["g0", "g1"], "police": ["g2", "g3"]}}),
        )
        .await;
    assert_eq!(
        (s, b["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("unknown_field")),
        "{b}"
    );
    assert_eq!(status(&app, id).await, "signup");
    // The variant's own shape starts, with exactly the roles sent.
    let (s, b) = api
        .post(
            &start,
            &admin,
            with(json!({"killers": ["g0", "g1"], "police": ["g2", "g3"]})),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (s, console) = api
        .get(&format!("/api/v1/games/{id}/console"), Some(&admin))
        .await;
    assert_eq!(s, StatusCode::OK, "{console}");
    let role_of = |g: &str| {
        console["seats"]
            .as_array()
            .expect("seats")
            .iter()
            .find(|s| s["game_id"] == g)
            .map(|s| s["role"].clone())
            .unwrap_or(Value::Null)
    };
    assert_eq!(role_of("g0"), "killer", "{console}");
    assert_eq!(role_of("g3"), "police", "{console}");
    assert_eq!(role_of("g7"), "civilian", "{console}");
}

/// api.md and replay.md: in a fixed deal an empty list equals an absent key, also for a role the
/// variant lacks (`"police": []` in 生推, which has none); a key outside the shape that names
/// anyone is still `400 unknown_field`.
async fn an_empty_list_of_a_role_the_variant_lacks_is_its_absence(app: TestApp) {
    let api = Api::new(&app);
    let (id, admin) = signed_up(&app, "shengtui", "st", 6).await;
    let start = format!("/api/v1/games/{id}/start");
    let with = |roles: Value| {
        let mut setup = roles;
        setup["seats"] = json!(seats("st", 6));
        json!({ "setup": setup })
    };
    for body in [
        with(json!({"killers": ["g0"], "police": ["g1"]})),
        with(json!({"killers": ["g0"], "police": [], "kira": ["g1"]})),
    ] {
        let (s, b) = api.post(&start, &admin, body.clone()).await;
        assert_eq!(
            (s, b["error"].as_str()),
            (StatusCode::BAD_REQUEST, Some("unknown_field")),
            "{body}: {b}"
        );
        assert_eq!(status(&app, id).await, "signup", "{body}: nothing started");
    }
    let (s, b) = api
        .post(
            &start,
            &admin,
            with(json!({"killers": ["g0"], "police": []})),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (_, console) = api
        .get(&format!("/api/v1/games/{id}/console"), Some(&admin))
        .await;
    let roles: Vec<Value> = console["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["role"].clone())
        .collect();
    assert_eq!(roles[0], "killer", "{console}");
    assert!(roles[1..].iter().all(|r| r == "civilian"), "{console}");
}

async fn game_ids_follow_the_rules_of_names(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    // The character list of a new game.
    let mut cast: Vec<String> = (0..8).map(|i| format!("角色{i}")).collect();
    let nul = format!("夜{}月", '\0');
    for (bad, code) in [
        (nul.as_str(), "control_characters"),
        (&*"长".repeat(1000), "game_id_length"),
        ("角色０", "game_id_lookalike"),
        ("法官", "game_id_reserved"),
        ("<b>x</b>", "game_id_characters"),
    ] {
        cast[7] = bad.to_string();
        let (s, b) = api
            .post(
                "/api/v1/games",
                &admin,
                json!({"title": "名", "variant": "shengtui", "characters": cast}),
            )
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{bad:?}: {b}");
        assert_eq!(b["error"], code, "{bad:?}: {b}");
    }
    let (_, list) = api.get("/api/v1/games", None).await;
    assert_eq!(list["games"], json!([]), "no game was made");

    // The game IDs of a fixed deal.
    let (id, admin) = signed_up(&app, "deathnote", "gi", 6).await;
    for (bad, code) in [
        (nul.as_str(), "control_characters"),
        (&*"长".repeat(1000), "game_id_length"),
        ("G0", "game_id_lookalike"),
        ("系统", "game_id_reserved"),
    ] {
        let mut s6 = seats("gi", 6);
        s6[5]["game_id"] = json!(bad);
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{id}/start"),
                &admin,
                json!({"setup": {"seats": s6, "kira": ["g0", "g1"]}}),
            )
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{bad:?}: {b}");
        assert_eq!(b["error"], code, "{bad:?}: {b}");
        assert_eq!(status(&app, id).await, "signup", "{bad:?}: nothing started");
    }
}

/// Sends `body` as it is (a JSON text a serializer would never write) with `token`.
async fn raw(app: &TestApp, path: &str, token: &str, body: &str) -> (StatusCode, Value) {
    let resp = Api::new(app)
        .client
        .post(app.url(path))
        .bearer_auth(token)
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .expect("request");
    let status = resp.status();
    (status, resp.json().await.unwrap_or(Value::Null))
}

async fn a_key_given_twice_is_refused_and_nothing_is_done(app: TestApp) {
    let g = started_game(&app, "dk", json!({})).await;
    let api = Api::new(&app);
    let actions = format!("/api/v1/games/{}/actions", g.id);
    let body = format!(
        r#"{{"type": "vote", "targets": ["{}"], "targets": ["{}"]}}"#,
        g.names[1], g.names[2]
    );
    let (s, b) = raw(&app, &actions, &g.players[0], &body).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{b}");
    assert_eq!(
        (b["ok"].clone(), b["error"].clone()),
        (json!(false), json!("duplicate_field")),
        "{b}"
    );
    assert!(b["message"].as_str().is_some_and(|m| m.contains("targets")));
    let (_, me) = api
        .get(&format!("/api/v1/games/{}/me", g.id), Some(&g.players[0]))
        .await;
    assert_eq!(me["private"], json!([]), "no ballot was taken: {me}");
    let (_, audit) = api
        .get(&format!("/api/v1/games/{}/audit", g.id), Some(&g.admin))
        .await;
    assert!(
        !audit["events"]
            .as_array()
            .expect("events")
            .iter()
            .any(|e| e["kind"] == "submitted"),
        "nothing reached the log: {audit}"
    );
    // Deeper down too: a fixed deal's role list given twice, a post body twice.
    let (id, admin) = signed_up(&app, "deathnote", "dd", 6).await;
    let seats = serde_json::to_string(&seats("dd", 6)).expect("json");
    let body =
        format!(r#"{{"setup": {{"seats": {seats}, "kira": ["g0","g1"], "kira": ["g2","g3"]}}}}"#);
    let (s, b) = raw(&app, &format!("/api/v1/games/{id}/start"), &admin, &body).await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::BAD_REQUEST, json!("duplicate_field")),
        "{b}"
    );
    assert!(
        b["message"]
            .as_str()
            .is_some_and(|m| m.contains("setup.kira"))
    );
    assert_eq!(status(&app, id).await, "signup");
    // The same body without the repeat is taken (the check refuses only the ambiguity).
    let body = format!(r#"{{"setup": {{"seats": {seats}, "kira": ["g2","g3"]}}}}"#);
    let (s, b) = raw(&app, &format!("/api/v1/games/{id}/start"), &admin, &body).await;
    assert_eq!(s, StatusCode::OK, "{b}");
}

/// JSON has one kind of number, and an OpenAPI `integer` is any number without a fraction: a
/// client that writes `60.0` or `6e1` (schemathesis did, and so do some languages' encoders)
/// means 60. A fraction is still refused.
async fn a_whole_number_written_with_a_point_is_that_number(app: TestApp) {
    let g = started_game(&app, "wn", json!({})).await;
    let admin = g.admin.clone();
    let path = "/api/v1/games";
    let (s, b) = raw(
        &app,
        path,
        &admin,
        r#"{"title": "整数", "variant": "deathnote", "act_minutes": 6e1, "remind_hours": 2.0}"#,
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    let (_, view) = Api::new(&app)
        .get(&format!("/api/v1/games/{id}"), None)
        .await;
    assert_eq!(view["title"], "整数", "{view}");
    let (s, b) = raw(
        &app,
        path,
        &admin,
        r#"{"title": "分数", "variant": "deathnote", "act_minutes": 60.5}"#,
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{b}");
    // Settings the rules refuse are said in the caller's language, as on the create form.
    for (lang, says) in [
        ("zh-CN", "每幕时长须在 1 到 10080 分钟之间"),
        ("en", "The act length must be 1 to 10080 minutes"),
    ] {
        let resp = Api::new(&app)
            .client
            .post(app.url(path))
            .bearer_auth(&admin)
            .header("Accept-Language", lang)
            .json(&json!({"title": "太长", "variant": "deathnote", "act_minutes": 10081}))
            .send()
            .await
            .expect("create");
        assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
        let b: Value = resp.json().await.expect("json");
        assert!(
            b["message"].as_str().is_some_and(|m| m.contains(says)),
            "{lang}: {b}"
        );
    }
    // A judge's act number written with a point names the same act.
    let (s, b) = raw(
        &app,
        &format!("/api/v1/games/{}/pause", g.id),
        &g.admin,
        r#"{"act": 1.0}"#,
    )
    .await;
    assert_eq!(
        (s, b["paused"].clone()),
        (StatusCode::OK, json!(true)),
        "{b}"
    );
}

async fn a_deadline_in_both_forms_is_refused(app: TestApp) {
    let g = started_game(&app, "db", json!({})).await;
    let api = Api::new(&app);
    let (_, before) = api.get(&format!("/api/v1/games/{}", g.id), None).await;
    let act = api.act(g.id).await;
    let path = format!("/api/v1/games/{}/deadline", g.id);
    let (s, b) = api
        .post(
            &path,
            &g.admin,
            json!({"act": act, "deadline": "2030-01-01T20:00:00Z", "extend_minutes": 30}),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{b}");
    assert_eq!(b["error"], "deadline_both", "{b}");
    let (_, after) = api.get(&format!("/api/v1/games/{}", g.id), None).await;
    assert_eq!(after["deadline"], before["deadline"], "the deadline stayed");
    // Each form alone is taken.
    let (s, b) = api
        .post(&path, &g.admin, json!({"act": act, "extend_minutes": 30}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_ne!(b["deadline"], before["deadline"]);

    // The console's form likewise (a crafted post with both fields).
    let admin = app.browser();
    admin.login("admin", &app.admin_password).await;
    let console = format!("/games/{}/console", g.id);
    let csrf = admin.get(&console).await.csrf();
    let (_, mid) = api.get(&format!("/api/v1/games/{}", g.id), None).await;
    let p = admin
        .post(
            &format!("{console}/deadline"),
            &[
                ("csrf", &csrf),
                ("act", &act.to_string()),
                ("deadline", "2030-01-01T20:00"),
                ("extend_minutes", "30"),
            ],
        )
        .await;
    assert!(
        p.body.contains("请只填写新的截止时间或延长的分钟数"),
        "the console says why: {}",
        p.body
    );
    let (_, after) = api.get(&format!("/api/v1/games/{}", g.id), None).await;
    assert_eq!(after["deadline"], mid["deadline"], "the deadline stayed");
}

async fn every_api_error_says_ok_false_and_a_405_names_its_methods(app: TestApp) {
    let g = started_game(&app, "ok", json!({})).await;
    let api = Api::new(&app);
    let act = api.act(g.id).await;
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/end", g.id),
            &g.admin,
            json!({"act": act, "reason": "到此为止"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let vote = json!({"type": "vote", "targets": [g.names[1]]});
    let actions = format!("/api/v1/games/{}/actions", g.id);
    let client = &api.client;
    let url = |p: &str| app.url(p);
    let cases: Vec<(&str, reqwest::RequestBuilder, StatusCode)> = vec![
        (
            "an action after the end",
            client
                .post(url(&actions))
                .bearer_auth(&g.players[0])
                .json(&vote),
            StatusCode::CONFLICT,
        ),
        (
            "no token",
            client.post(url(&actions)).json(&vote),
            StatusCode::UNAUTHORIZED,
        ),
        (
            "a player's audit",
            client
                .get(url(&format!("/api/v1/games/{}/audit", g.id)))
                .bearer_auth(&g.players[0]),
            StatusCode::FORBIDDEN,
        ),
        (
            "an unknown game",
            client.get(url("/api/v1/games/999999")),
            StatusCode::NOT_FOUND,
        ),
        (
            "an unknown path",
            client.get(url("/api/v1/no/such/thing")),
            StatusCode::NOT_FOUND,
        ),
        (
            "an unknown field",
            client
                .post(url("/api/v1/tokens"))
                .json(&json!({"username": "a", "password": "b", "remember": true})),
            StatusCode::BAD_REQUEST,
        ),
        (
            "broken JSON",
            client
                .post(url("/api/v1/tokens"))
                .header("content-type", "application/json")
                .body("{\"username\":"),
            StatusCode::BAD_REQUEST,
        ),
        (
            "a body over the limit",
            client
                .post(url(&format!("/api/v1/games/{}/start", g.id)))
                .bearer_auth(&g.admin)
                .header("content-type", "application/octet-stream")
                .body(vec![b' '; 600 * 1024]),
            StatusCode::BAD_REQUEST,
        ),
        (
            "a method the path does not take",
            client.delete(url(&actions)),
            StatusCode::METHOD_NOT_ALLOWED,
        ),
    ];
    for (what, req, status) in cases {
        let resp = req.send().await.expect("request");
        assert_eq!(resp.status(), status, "{what}");
        let allow = resp
            .headers()
            .get("allow")
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let body: Value = resp.json().await.unwrap_or(Value::Null);
        assert_eq!(body["ok"], json!(false), "{what}: {body}");
        assert!(body["error"].is_string(), "{what}: {body}");
        assert!(body["message"].is_string(), "{what}: {body}");
        if status == StatusCode::METHOD_NOT_ALLOWED {
            assert_eq!(allow.as_deref(), Some("POST"), "{what}");
        }
    }
    // The refusal of a rule carries it too (409 with the rule's code).
    let g2 = started_game(&app, "ok2", json!({})).await;
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/actions", g2.id),
            &g2.players[0],
            json!({"type": "vote", "targets": [g2.names[0], g2.names[0], g2.names[1]]}),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{b}");
    assert_eq!(b["ok"], json!(false), "{b}");

    // A page path names its methods too, with GET's HEAD; both GET and POST where both are.
    for (path, method, allow) in [
        ("/login", reqwest::Method::DELETE, "GET, HEAD, POST"),
        ("/healthz", reqwest::Method::POST, "GET, HEAD"),
        ("/api/v1/games", reqwest::Method::DELETE, "GET, HEAD, POST"),
    ] {
        let resp = client
            .request(method.clone(), url(path))
            .send()
            .await
            .expect("request");
        assert_eq!(
            resp.status(),
            StatusCode::METHOD_NOT_ALLOWED,
            "{method} {path}"
        );
        let mut got: Vec<String> = resp
            .headers()
            .get("allow")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .split(',')
            .map(|m| m.trim().to_string())
            .collect();
        got.sort();
        let mut want: Vec<String> = allow.split(", ").map(str::to_string).collect();
        want.sort();
        assert_eq!(got, want, "{method} {path}");
    }
    let resp = client.get(url("/no/such/page")).send().await.expect("get");
    assert_eq!(resp.status(), StatusCode::NOT_FOUND);
    assert!(resp.headers().get("allow").is_none());
}

/// A seat named after an existing account would pass for it: a game ID equal to an account's
/// name (case-insensitively, after NFKC, or a look-alike) is refused in a character list and in
/// a fixed deal, in both languages, and nothing is created or started.
async fn a_game_id_may_not_be_an_accounts_name(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    api.account("p10").await;
    let mut cast: Vec<String> = (0..8).map(|i| format!("角色{i}")).collect();
    for (named, lang, says) in [
        ("P10", "zh-CN", "角色名不能与已有账号同名"),
        ("ｐ１０", "en", "may not be an account’s name"),
    ] {
        cast[7] = named.to_string();
        let (s, b) = api
            .client
            .post(app.url("/api/v1/games"))
            .bearer_auth(&admin)
            .header("Accept-Language", lang)
            .json(&json!({"title": "冒名", "variant": "shengtui", "characters": cast}))
            .send()
            .await
            .map(|r| (r.status(), r))
            .expect("create");
        let b: Value = b.json().await.expect("json");
        assert_eq!(
            (s, b["error"].as_str()),
            (StatusCode::BAD_REQUEST, Some("game_id_account")),
            "{named}: {b}"
        );
        assert!(
            b["message"].as_str().is_some_and(|m| m.contains(says)),
            "{b}"
        );
    }
    let (_, list) = api.get("/api/v1/games", None).await;
    assert_eq!(list["games"], json!([]), "nothing created");
    // A fixed deal naming a seat after an account (here one that signed up) starts nothing.
    let (id, admin) = signed_up(&app, "shengtui", "fx", 6).await;
    let mut named = seats("fx", 6);
    named[1]["game_id"] = json!("fx3");
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/start"),
            &admin,
            json!({"setup": {"seats": named, "killers": ["g0"]}}),
        )
        .await;
    assert_eq!(
        (s, b["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("game_id_account")),
        "{b}"
    );
    assert_eq!(status(&app, id).await, "signup");
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/start"),
            &admin,
            json!({"setup": {"seats": seats("fx", 6), "killers": ["g0"]}}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    // The other way round: while the game runs, no account may be made with a seat's game ID
    // ("G2", as its key), nor any look-alike of it; a name no seat has is free.
    for name in ["G2", "g2"] {
        let (s, b) = api
            .call(
                reqwest::Method::POST,
                "/api/v1/accounts",
                None,
                Some(json!({"username": name, "password": "password-123"})),
            )
            .await;
        assert_eq!(
            (s, b["error"].as_str()),
            (StatusCode::CONFLICT, Some("name_taken")),
            "{name}: {b}"
        );
    }
    api.account("g9").await;
}
