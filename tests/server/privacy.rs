//! Privacy is the product: signed in as every seat, read every API answer it can reach and check
//! that no other seat's real ID is tied to it before the end, except what the rules tell
//! (a failed kill's real ID, DN-8; the Eye's answer, DN-21).

use crate::helpers::Api;
use crate::helpers::TestApp;
use crate::on_both_backends;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::collections::HashMap;

on_both_backends!(
    every_seat_sees_only_its_own_secrets,
    an_admin_who_plays_is_a_player_in_that_game,
    hostile_posts_and_forged_forms_change_nothing,
    the_kill_form_suggests_the_sign_up_list_by_name,
);

/// The floor of an edit link, from what follows its thread's prefix (`{floor}/edit"…`).
fn edit_floor(rest: &str) -> Option<i64> {
    let (floor, rest) = rest.split_once('/')?;
    rest.starts_with("edit\"").then(|| floor.parse().ok())?
}

/// A page without its `<datalist>`s (the kill form suggests the public sign-up list).
fn without_datalists(body: &str) -> String {
    body.split("<datalist")
        .enumerate()
        .map(|(i, part)| {
            if i == 0 {
                part
            } else {
                part.split("</datalist>").nth(1).unwrap_or("")
            }
        })
        .collect()
}

/// Every page a seat can reach in the browser, checked like the API answers.
async fn walk_pages(
    app: &TestApp,
    id: i64,
    me_name: &str,
    allowed: &[String],
    real_ids: &[String],
    deep: bool,
) {
    let b = app.browser();
    let p = b.login(me_name, "password-123").await;
    assert_eq!(p.status, StatusCode::OK);
    // The seat edits its newest post where it may, so that edit forms and
    // public histories are walked too.
    for kind in ["game", "graveyard"] {
        let thread = b.get(&format!("/games/{id}/threads/{kind}")).await;
        let prefix = format!("/games/{id}/threads/{kind}/");
        let own: Vec<i64> = thread
            .body
            .split(&prefix)
            .skip(1)
            .filter_map(edit_floor)
            .collect();
        if let Some(floor) = own.last() {
            let edited = b
                .post(
                    &format!("{prefix}{floor}/edit"),
                    &[("csrf", &thread.csrf()), ("body", "改口：我是好人")],
                )
                .await;
            assert_eq!(
                edited.status,
                StatusCode::OK,
                "{me_name} edits {kind} #{floor}"
            );
        }
    }
    let mut pages = Vec::new();
    for path in [
        format!("/games/{id}"),
        format!("/games/{id}/seat"),
        format!("/games/{id}/threads/game"),
        format!("/games/{id}/threads/graveyard"),
        format!("/games/{id}/threads/kira"),
        format!("/games/{id}/reveal"),
        "/games".to_string(),
        "/b/games".to_string(),
        format!("/u/{me_name}"),
    ] {
        let page = b.get(&path).await;
        assert!(page.status.as_u16() < 500, "{path}: {}", page.status);
        pages.push((path, without_datalists(&page.body)));
    }
    // Every post's quote, edit form and history, in every thread (refusals included); once a
    // game (they are many).
    let mut tools = Vec::new();
    for kind in ["game", "graveyard", "kira"].into_iter().filter(|_| deep) {
        let floors: Vec<i64> = pages
            .iter()
            .find(|(path, _)| path.ends_with(&format!("/threads/{kind}")))
            .map(|(_, body)| {
                body.split("id=\"p")
                    .skip(1)
                    .filter_map(|rest| rest.split('"').next()?.parse().ok())
                    .collect()
            })
            .unwrap_or_default();
        // A floor that does not exist, too: private threads answer alike.
        for floor in floors.iter().copied().chain([1, 999]) {
            tools.push(format!("/games/{id}/threads/{kind}?quote={floor}"));
            tools.push(format!("/games/{id}/threads/{kind}/{floor}/edit"));
            tools.push(format!("/games/{id}/threads/{kind}/{floor}/history"));
        }
    }
    for path in tools {
        let page = b.get(&path).await;
        assert!(page.status.as_u16() < 500, "{path}: {}", page.status);
        pages.push((path, without_datalists(&page.body)));
    }
    if deep {
        assert!(
            pages
                .iter()
                .any(|(path, body)| path.ends_with("/history") && body.contains("改口：我是好人")),
            "the walk reads edited posts' histories"
        );
    }
    // Real IDs are short ASCII names: look for them as whole words of text.
    let shows = |body: &str, name: &str| {
        [">", " ", "\"", "(", "（"].iter().any(|pre| {
            ["<", " ", "\"", ")", "）", ","]
                .iter()
                .any(|post| body.contains(&format!("{pre}{name}{post}")))
        })
    };
    assert!(
        shows(&pages[1].1, me_name),
        "the detector finds the seat's own real ID on its page"
    );
    for (path, body) in pages {
        for real in real_ids {
            if real == me_name || allowed.contains(real) {
                continue;
            }
            assert!(!shows(&body, real), "{me_name} can see {real} on {path}");
        }
    }
}

/// Real IDs a seat was legitimately told in its private lines.
fn told(me: &Value) -> Vec<String> {
    me["private"]
        .as_array()
        .map(|lines| {
            lines
                .iter()
                .filter_map(|l| {
                    l["reply"]["real_id"]
                        .as_str()
                        .or(l["event"]["real_id"].as_str())
                })
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

async fn walk(api: &Api<'_>, id: i64, me_name: &str, token: &str, real_ids: &[String]) {
    let (s, me) = api
        .get(&format!("/api/v1/games/{id}/me"), Some(token))
        .await;
    assert_eq!(s, StatusCode::OK);
    let allowed = told(&me);
    let mut answers: Vec<(String, String)> = Vec::new();
    let mut me_without_self = me.clone();
    if let Some(Value::Object(state)) = me_without_self.get_mut("state") {
        state.remove("real_id");
    }
    answers.push(("me".into(), me_without_self.to_string()));
    let (_, mut public) = api.get(&format!("/api/v1/games/{id}"), Some(token)).await;
    assert!(
        public["signups"]
            .as_array()
            .is_some_and(|s| s.len() == real_ids.len()),
        "the sign-up list is public"
    );
    if let Value::Object(m) = &mut public {
        m.remove("signups");
    }
    answers.push(("game".into(), public.to_string()));
    for kind in ["game", "graveyard", "kira"] {
        let (s, body) = api
            .get(&format!("/api/v1/games/{id}/threads/{kind}"), Some(token))
            .await;
        if s == StatusCode::OK {
            answers.push((format!("thread {kind}"), body.to_string()));
        } else {
            assert!(
                matches!(s, StatusCode::FORBIDDEN | StatusCode::NOT_FOUND),
                "{kind}: {s}"
            );
        }
    }
    let (s, _) = api
        .get(&format!("/api/v1/games/{id}/reveal"), Some(token))
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "no reveal before the end");
    let (s, _) = api
        .get(&format!("/api/v1/games/{id}/audit"), Some(token))
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN, "the audit is for admins");
    let (_, boards) = api.get("/api/v1/boards/games/threads", Some(token)).await;
    answers.push(("board".into(), boards.to_string()));
    for (what, text) in answers {
        for real in real_ids {
            if real == me_name || allowed.contains(real) {
                continue;
            }
            assert!(
                !text.contains(&format!("\"{real}\"")),
                "{me_name} can see {real} in {what}: {text}"
            );
        }
    }
}

async fn every_seat_sees_only_its_own_secrets(app: TestApp) {
    let mut api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let (_, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "隐私", "variant": "deathnote", "act_minutes": 60}),
        )
        .await;
    let id = b["id"].as_i64().expect("id");
    let names: Vec<String> = [
        "alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut tokens = HashMap::new();
    for n in &names {
        let t = api.account(n).await;
        api.post(&format!("/api/v1/games/{id}/signup"), &t, json!({}))
            .await;
        tokens.insert(n.clone(), t);
    }
    let (s, _) = api
        .post(&format!("/api/v1/games/{id}/start"), &admin, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK);
    for act in 0..3 {
        let (_, g) = api.get(&format!("/api/v1/games/{id}"), None).await;
        if g["winner"].is_string() {
            break;
        }
        let living: Vec<String> = g["seats"]
            .as_array()
            .expect("seats")
            .iter()
            .filter(|s| s["alive"] == true)
            .filter_map(|s| s["game_id"].as_str().map(str::to_string))
            .collect();
        for (n, name) in names.iter().enumerate() {
            let t = &tokens[name];
            let (_, me) = api.get(&format!("/api/v1/games/{id}/me"), Some(t)).await;
            if me["alive"] != true {
                api.post(
                    &format!("/api/v1/games/{id}/threads/graveyard"),
                    t,
                    json!({"body": "墓地见"}),
                )
                .await;
                continue;
            }
            let mine = me["game_id"].as_str().unwrap_or_default().to_string();
            let other = living
                .iter()
                .find(|g| **g != mine)
                .cloned()
                .unwrap_or_default();
            let actions: Vec<&str> = me["actions"]
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            if actions.contains(&"kill") {
                // A wrong guess first (told the truth, DN-8), then a pass if still owed.
                api.post(
                    &format!("/api/v1/games/{id}/actions"),
                    t,
                    json!({"type": "kill", "target": other, "real_id": "nobody-at-all"}),
                )
                .await;
                api.post(
                    &format!("/api/v1/games/{id}/actions"),
                    t,
                    json!({"type": "pass"}),
                )
                .await;
            }
            let target = &living[(n + act) % living.len()];
            api.post(
                &format!("/api/v1/games/{id}/actions"),
                t,
                json!({"type": "vote", "targets": [target]}),
            )
            .await;
            let (s, _) = api
                .post(
                    &format!("/api/v1/games/{id}/threads/game"),
                    t,
                    json!({"body": format!("我是 {mine}")}),
                )
                .await;
            assert_eq!(s, StatusCode::CREATED);
        }
        for name in &names {
            walk(&api, id, name, &tokens[name], &names).await;
            let (_, me) = api
                .get(&format!("/api/v1/games/{id}/me"), Some(&tokens[name]))
                .await;
            walk_pages(&app, id, name, &told(&me), &names, act == 1).await;
            // A long walk leaves the API client's connection idle past the server's
            // keep-alive: a fresh client does not race its closing.
            api = Api::new(&app);
        }
        api.post(
            &format!("/api/v1/games/{id}/resolve"),
            &admin,
            json!({"act": api.act(id).await}),
        )
        .await;
    }
    // The game thread shows game IDs as authors, never accounts.
    let (_, thread) = api
        .get(&format!("/api/v1/games/{id}/threads/game"), None)
        .await;
    let authors: Vec<&str> = thread["posts"]
        .as_array()
        .expect("posts")
        .iter()
        .filter_map(|p| p["author"].as_str())
        .collect();
    assert!(!authors.is_empty());
    for a in authors {
        assert!(!names.iter().any(|n| n == a), "{a} is an account");
    }
}

async fn an_admin_who_plays_is_a_player_in_that_game(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let (_, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "管理员参赛", "variant": "deathnote"}),
        )
        .await;
    let id = b["id"].as_i64().expect("id");
    let boss = api.account("boss").await;
    let (s, _) = api
        .post(
            "/api/v1/accounts/boss/role",
            &admin,
            json!({"role": "admin"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    api.post(&format!("/api/v1/games/{id}/signup"), &boss, json!({}))
        .await;
    for i in 0..5 {
        let t = api.account(&format!("w{i}")).await;
        api.post(&format!("/api/v1/games/{id}/signup"), &t, json!({}))
            .await;
    }
    let (s, _) = api
        .post(&format!("/api/v1/games/{id}/start"), &admin, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK);
    // The seated admin has no judge's or auditor's powers here while the game runs.
    for path in [
        format!("/api/v1/games/{id}/console"),
        format!("/api/v1/games/{id}/audit"),
    ] {
        let (s, _) = api.get(&path, Some(&boss)).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{path}");
    }
    let (s, _) = api
        .post(
            &format!("/api/v1/games/{id}/resolve"),
            &boss,
            json!({"act": 1}),
        )
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, _) = api
        .get(
            &format!("/api/v1/games/{id}/threads/graveyard"),
            Some(&boss),
        )
        .await;
    assert_eq!(
        s,
        StatusCode::FORBIDDEN,
        "the living do not read the graveyard"
    );
    let b = app.browser();
    b.login("boss", "password-123").await;
    assert_eq!(
        b.get(&format!("/admin/audit?game={id}")).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        b.get(&format!("/admin/games/{id}/export.jsonl"))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        b.get(&format!("/games/{id}/console")).await.status,
        StatusCode::FORBIDDEN
    );
    let all = b.get("/admin/audit").await;
    assert_eq!(all.status, StatusCode::OK);
    assert!(
        !all.body.contains(&format!("game {id}<")),
        "its events are left out of the full list"
    );
    // Once the game is over, it is an admin again there.
    let (s, b2) = api
        .post(
            &format!("/api/v1/games/{id}/end"),
            &admin,
            json!({"act": 1, "reason": "测试结束"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b2}");
    let (s, _) = api
        .get(&format!("/api/v1/games/{id}/audit"), Some(&boss))
        .await;
    assert_eq!(s, StatusCode::OK);
}

async fn hostile_posts_and_forged_forms_change_nothing(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let (_, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "恶意", "variant": "deathnote"}),
        )
        .await;
    let id = b["id"].as_i64().expect("id");
    let mut tokens = Vec::new();
    for i in 0..6 {
        let t = api.account(&format!("h{i}")).await;
        api.post(&format!("/api/v1/games/{id}/signup"), &t, json!({}))
            .await;
        tokens.push(t);
    }
    api.post(&format!("/api/v1/games/{id}/start"), &admin, json!({}))
        .await;
    let outsider = api.account("stranger").await;
    let post = |kind: &'static str, token: Option<String>| {
        let api = &api;
        async move {
            api.call(
                reqwest::Method::POST,
                &format!("/api/v1/games/{id}/threads/{kind}"),
                token.as_deref(),
                Some(json!({"body": "我偷偷说一句"})),
            )
            .await
        }
    };
    assert_eq!(post("game", None).await.0, StatusCode::UNAUTHORIZED);
    let (s, b) = post("game", Some(outsider.clone())).await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("cannot_post_here")),
        "not seated"
    );
    let (s, b) = post("graveyard", Some(tokens[0].clone())).await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("cannot_post_here")),
        "alive"
    );
    let (s, b) = post("kira", Some(tokens[0].clone())).await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("cannot_post_here")),
        "no join yet: the same answer as for any thread one may not post in"
    );
    let (_, thread) = api
        .get(&format!("/api/v1/games/{id}/threads/game"), None)
        .await;
    assert!(
        !thread.to_string().contains("我偷偷说一句"),
        "nothing was posted"
    );

    // A forged form on the seat page changes nothing: the ballot is still owed.
    let b = app.browser();
    b.login("h1", "password-123").await;
    let seat = b.get(&format!("/games/{id}/seat")).await;
    assert_eq!(seat.status, StatusCode::OK);
    let (_, me) = api
        .get(&format!("/api/v1/games/{id}/me"), Some(&tokens[1]))
        .await;
    let target = me["game_id"].as_str().expect("own game ID").to_string();
    let forged = b
        .post(
            &format!("/games/{id}/actions"),
            &[("csrf", "forged"), ("type", "vote"), ("vote1", &target)],
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    let (_, after) = api
        .get(&format!("/api/v1/games/{id}/me"), Some(&tokens[1]))
        .await;
    assert_eq!(after["private"], me["private"], "no submission recorded");
    assert_eq!(after["state"]["owes_ballot"], true);
}

/// The kill form suggests the public sign-up list as a `<datalist>`: exactly
/// the signed-up real IDs, by name (case-insensitive), never in seat or sign-up order.
async fn the_kill_form_suggests_the_sign_up_list_by_name(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let (_, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "名单", "variant": "deathnote"}),
        )
        .await;
    let id = b["id"].as_i64().expect("id");
    // Signed up out of order, in mixed case; one more account that does not sign up.
    let names = ["Zoe", "adam", "Mia", "bob", "Kai", "carl", "Eve"];
    let mut tokens = Vec::new();
    for n in names {
        let t = api.account(n).await;
        let (s, _) = api
            .post(&format!("/api/v1/games/{id}/signup"), &t, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK);
        tokens.push(t);
    }
    api.account("outsider").await;
    // One withdraws before the start: off the list.
    let (s, _) = api
        .call(
            reqwest::Method::DELETE,
            &format!("/api/v1/games/{id}/signup"),
            Some(&tokens[6]),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/start"), &admin, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let mut kira = None;
    for (n, t) in names.iter().zip(&tokens).take(6) {
        let (_, me) = api.get(&format!("/api/v1/games/{id}/me"), Some(t)).await;
        if me["actions"]
            .as_array()
            .is_some_and(|a| a.contains(&json!("kill")))
        {
            kira = Some(*n);
        }
    }
    let kira = kira.expect("N1's holder may kill in act 1");
    let b = app.browser();
    b.login(kira, "password-123").await;
    let seat = b.get(&format!("/games/{id}/seat")).await;
    assert_eq!(seat.status, StatusCode::OK);
    let form = crate::helpers::form_html(&seat, "kill").expect("the kill form");
    assert!(form.contains(r#"name="real_id" list="real-ids""#), "{form}");
    let list = seat
        .body
        .split(r#"<datalist id="real-ids">"#)
        .nth(1)
        .and_then(|rest| rest.split("</datalist>").next())
        .expect("the datalist");
    let offered: Vec<&str> = list
        .split(r#"<option value=""#)
        .skip(1)
        .filter_map(|o| o.split('"').next())
        .collect();
    assert_eq!(offered, ["adam", "bob", "carl", "Kai", "Mia", "Zoe"]);
    // The same list as the public one on the game page and in the API.
    let (_, g) = api.get(&format!("/api/v1/games/{id}"), None).await;
    assert_eq!(g["signups"], json!(offered));
}
