//! Moderation (docs/moderation.md): report → queue → hide, and the hidden text gone from every
//! page, feed and API answer (a kept anonymous page included) while the audit log keeps it;
//! the judge hides in its game's threads only; suspensions refuse posts and actions with the
//! reason and the end; a game ID's post never names its account to the admins.

use crate::helpers::{Api, TestApp, permalink_thread};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// Anonymous pages are kept a minute: only hiding can make them new.
fn cached(s: &mut maku::config::Settings) {
    s.page_cache = std::time::Duration::from_secs(60);
}

crate::on_both_backends_with!(cached: report_queue_hide, judges_and_game_ids, suspensions);

/// Every account event as (stream, kind, detail).
async fn events(app: &TestApp) -> Vec<(Option<i64>, String, String)> {
    app.state
        .db(|c| Ok(maku::db::queries::account_events::recent(c, 1000)?))
        .await
        .expect("events")
        .into_iter()
        .map(|e| (e.user_id, e.kind, e.detail))
        .collect()
}

async fn anonymous_get(app: &TestApp, path: &str) -> (StatusCode, String) {
    let r = reqwest::get(app.url(path)).await.expect("GET");
    (r.status(), r.text().await.expect("body"))
}

async fn report_queue_hide(app: TestApp) {
    const SECRET: &str = "SECRET-TEXT-4711";
    let api = Api::new(&app);
    let slug = app.board("mod").await;
    let alice = app.player("alice").await;
    let thread = alice.new_thread(&slug, "话题", SECRET).await;
    alice.reply(thread, "second post").await;
    let bob = app.player("bob").await;
    let admin = api.token("admin", &app.admin_password).await;
    let bob_token = api.token("bob", "password-123").await;

    // Anonymous readers get no report form; the page is kept for them now.
    let (s, page) = anonymous_get(&app, &format!("/t/{thread}")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains(SECRET));
    assert!(
        !page.contains("/1/report"),
        "no report form for anonymous readers"
    );

    // Bob reports the first post from its page (post/redirect/get, a notice).
    let p = bob.get(&format!("/t/{thread}")).await;
    assert!(p.body.contains(&format!("/t/{thread}/1/report")));
    let reported = bob
        .post(
            &format!("/t/{thread}/1/report"),
            &[("csrf", &p.csrf()), ("reason", "rude")],
        )
        .await;
    reported.assert_back_at(&format!("/t/{thread}"));
    assert!(reported.body.contains("谢谢"), "{}", reported.body);
    // Once: a repeat is refused with a message.
    let again = bob
        .post(
            &format!("/t/{thread}/1/report"),
            &[("csrf", &reported.csrf()), ("reason", "rude")],
        )
        .await;
    again.assert_back_at(&format!("/t/{thread}"));
    assert!(again.body.contains("已举报过"), "{}", again.body);
    let (s, b) = api
        .post(
            &format!("/api/v1/threads/{thread}/posts/1/report"),
            &bob_token,
            json!({"reason": "again"}),
        )
        .await;
    assert_eq!(
        (s, b["error"].as_str()),
        (StatusCode::CONFLICT, Some("already_reported"))
    );
    let (s, b) = api
        .post(
            &format!("/api/v1/threads/{thread}/posts/2/report"),
            &bob_token,
            json!({"reason": " "}),
        )
        .await;
    assert_eq!(
        (s, b["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("reason_empty"))
    );
    let (s, b) = api
        .post(
            &format!("/api/v1/threads/{thread}/posts/2/report"),
            &bob_token,
            json!({"reason": "x", "extra": 1}),
        )
        .await;
    assert_eq!(
        (s, b["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("unknown_field"))
    );

    // The queue: admins only, page and API.
    let (s, _) = api.get("/api/v1/admin/reports", Some(&bob_token)).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    assert_eq!(
        bob.get("/admin/reports").await.status,
        StatusCode::FORBIDDEN
    );
    let (s, q) = api.get("/api/v1/admin/reports", Some(&admin)).await;
    assert_eq!(s, StatusCode::OK, "{q}");
    let reports = q["reports"].as_array().expect("reports");
    assert_eq!(reports.len(), 1, "{q}");
    let r = &reports[0];
    assert_eq!(r["thread"], json!(thread));
    assert_eq!(r["floor"], json!(1));
    assert_eq!(r["reason"], json!("rude"));
    assert_eq!(r["reporter"], json!("bob"));
    assert!(r["created_at"].is_string());
    let admin_b = app.admin().await;
    let queue = admin_b.get("/admin/reports").await;
    assert_eq!(queue.status, StatusCode::OK);
    assert!(queue.body.contains("rude") && queue.body.contains("bob"));

    // Resolved by hiding, from the queue page.
    let id = r["id"].as_i64().expect("id").to_string();
    let done = admin_b
        .post(
            &format!("/admin/reports/{id}/resolve"),
            &[
                ("csrf", &queue.csrf()),
                ("action", "hide"),
                ("reason", "insults"),
            ],
        )
        .await;
    done.assert_back_at("/admin/reports");
    let (_, q) = api.get("/api/v1/admin/reports", Some(&admin)).await;
    assert_eq!(q["reports"], json!([]), "resolved");

    // Gone from every page, the kept anonymous one included; the reason is shown.
    for (who, page) in [
        (
            "anonymous",
            anonymous_get(&app, &format!("/t/{thread}")).await.1,
        ),
        ("author", alice.get(&format!("/t/{thread}")).await.body),
        ("admin", admin_b.get(&format!("/t/{thread}")).await.body),
    ] {
        assert!(!page.contains(SECRET), "{who} sees the hidden text");
        assert!(page.contains("insults"), "{who} sees why");
    }
    let (_, t) = api.get(&format!("/api/v1/threads/{thread}"), None).await;
    assert!(!t.to_string().contains(SECRET), "{t}");
    assert_eq!(t["posts"][0]["hidden"], json!(true));
    assert_eq!(t["posts"][0]["hidden_reason"], json!("insults"));
    let (_, feed) = anonymous_get(&app, &format!("/b/{slug}/feed.atom")).await;
    assert!(!feed.contains(SECRET), "{feed}");
    let history = admin_b.get(&format!("/t/{thread}/1/history")).await;
    assert!(!history.body.contains(SECRET));
    let (_, revs) = api
        .get(
            &format!("/api/v1/threads/{thread}/posts/1/revisions"),
            Some(&admin),
        )
        .await;
    assert!(!revs.to_string().contains(SECRET), "{revs}");
    // The author cannot edit it back.
    let alice_token = api.token("alice", "password-123").await;
    let (s, _) = api
        .call(
            reqwest::Method::PATCH,
            &format!("/api/v1/threads/{thread}/posts/1"),
            Some(&alice_token),
            Some(json!({"body": "new text"})),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT);

    // Hiding over the API: admins; a repeat is a conflict.
    let hide = |floor: i64| format!("/api/v1/threads/{thread}/posts/{floor}/hide");
    let (s, _) = api
        .post(&hide(2), &bob_token, json!({"reason": "no"}))
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, b) = api.post(&hide(2), &admin, json!({"reason": "dup"})).await;
    assert_eq!((s, b), (StatusCode::OK, json!({"ok": true})));
    let (s, b) = api.post(&hide(2), &admin, json!({"reason": "dup"})).await;
    assert_eq!(
        (s, b["error"].as_str()),
        (StatusCode::CONFLICT, Some("already_hidden"))
    );
    let (s, _) = api.post(&hide(99), &admin, json!({"reason": "x"})).await;
    assert_eq!(s, StatusCode::NOT_FOUND);

    // The audit log keeps every act, and the hidden text.
    let log = events(&app).await;
    let kinds: Vec<&str> = log.iter().map(|e| e.1.as_str()).collect();
    for kind in ["post_reported", "post_hidden", "report_upheld"] {
        assert!(kinds.contains(&kind), "{kind} in {kinds:?}");
    }
    assert!(
        log.iter()
            .any(|e| e.1 == "post_hidden" && e.2.contains(SECRET))
    );
    let audit = admin_b.get("/admin/audit").await;
    assert_eq!(audit.status, StatusCode::OK);
}

/// A judge made by the admin, who creates a six-seat game and starts it: (game, judge token,
/// player tokens, game IDs).
async fn judged_game(app: &TestApp, judge: &str, prefix: &str) -> (i64, String, Vec<String>) {
    let api = Api::new(app);
    let admin = api.token("admin", &app.admin_password).await;
    let token = api.account(judge).await;
    let (s, b) = api
        .post(
            &format!("/api/v1/accounts/{judge}/role"),
            &admin,
            json!({"role": "judge"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (s, b) = api
        .post(
            "/api/v1/games",
            &token,
            json!({"title": "对局", "variant": "deathnote", "act_minutes": 60}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    let mut players = Vec::new();
    for i in 0..6 {
        let t = api.account(&format!("{prefix}{i}")).await;
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/signup"), &t, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        players.push(t);
    }
    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/start"), &token, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    (id, token, players)
}

async fn judges_and_game_ids(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let (game, judge, players) = judged_game(&app, "judge1", "gm").await;
    let (_, me) = api
        .get(&format!("/api/v1/games/{game}/me"), Some(&players[0]))
        .await;
    let game_name = me["game_id"].as_str().expect("game id").to_string();

    // A seat's post in the game thread, reported by an outsider.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{game}/threads/game"),
            &players[0],
            json!({"body": "GAME-POST-TEXT"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let floor = b["floor"].as_i64().expect("floor");
    let (_, page) = anonymous_get(&app, &format!("/games/{game}/threads/game")).await;
    let game_thread = permalink_thread(&page);
    let outsider = api.account("outsider").await;
    let (s, b) = api
        .post(
            &format!("/api/v1/threads/{game_thread}/posts/{floor}/report"),
            &outsider,
            json!({"reason": "spoiler"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    // The queue names the game ID, never the account behind it.
    let (_, q) = api.get("/api/v1/admin/reports", Some(&admin)).await;
    assert_eq!(q["reports"][0]["author"], json!(game_name), "{q}");
    assert!(!q.to_string().contains("gm0"), "{q}");
    let page = app.admin().await.get("/admin/reports").await;
    assert!(page.body.contains(&game_name) && !page.body.contains("gm0"));

    // The judge hides it; its author reads why in the thread.
    let (s, b) = api
        .post(
            &format!("/api/v1/threads/{game_thread}/posts/{floor}/hide"),
            &judge,
            json!({"reason": "off-topic"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (_, t) = api
        .get(
            &format!("/api/v1/games/{game}/threads/game"),
            Some(&players[0]),
        )
        .await;
    assert!(!t.to_string().contains("GAME-POST-TEXT"), "{t}");
    let post = t["posts"]
        .as_array()
        .expect("posts")
        .iter()
        .find(|p| p["floor"] == json!(floor))
        .expect("the post")
        .clone();
    assert_eq!(post["hidden_reason"], json!("off-topic"));
    assert_eq!(post["author"], json!(game_name));
    let (_, feed) = anonymous_get(&app, &format!("/games/{game}/feed.atom")).await;
    assert!(!feed.contains("GAME-POST-TEXT"));
    // Recorded under the game ID, in no account's history.
    let log = events(&app).await;
    let hidden: Vec<_> = log.iter().filter(|e| e.1 == "post_hidden").collect();
    assert_eq!(hidden.len(), 1, "{log:?}");
    assert_eq!(hidden[0].0, None);
    assert!(hidden[0].2.contains(&game_name) && hidden[0].2.contains("GAME-POST-TEXT"));
    assert!(!hidden[0].2.contains("gm0"));

    // The team thread: its judge hides there; another game's judge gets what a reader who
    // cannot read it gets, whether the floor exists or not.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{game}/threads/kira"),
            &judge,
            json!({"body": "TEAM-TEXT"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let team_floor = b["floor"].as_i64().expect("floor");
    let judge_b = app.browser();
    judge_b.login("judge1", "password-123").await;
    let team_page = judge_b.get(&format!("/games/{game}/threads/kira")).await;
    assert!(team_page.body.contains("TEAM-TEXT"));
    let team_thread = permalink_thread(&team_page.body);
    let (_other_game, other_judge, _) = judged_game(&app, "judge2", "om").await;
    let other_b = app.browser();
    other_b.login("judge2", "password-123").await;
    let unreadable = other_b
        .get(&format!("/games/{game}/threads/kira"))
        .await
        .status;
    for f in [team_floor, 999] {
        let (s, _) = api
            .post(
                &format!("/api/v1/threads/{team_thread}/posts/{f}/hide"),
                &other_judge,
                json!({"reason": "mine"}),
            )
            .await;
        assert_eq!(s, unreadable, "another game's judge, floor {f}");
    }
    let (s, _) = api
        .post(
            &format!("/api/v1/threads/{team_thread}/posts/{team_floor}/report"),
            &other_judge,
            json!({"reason": "peek"}),
        )
        .await;
    assert_eq!(s, unreadable, "nor report there");
    // The judge hides from the page's own form.
    let hidden = judge_b
        .post(
            &format!("/t/{team_thread}/{team_floor}/hide"),
            &[("csrf", &team_page.csrf()), ("reason", "leak")],
        )
        .await;
    hidden.assert_back_at(&format!("/games/{game}/threads/kira"));
    assert!(!hidden.body.contains("TEAM-TEXT") && hidden.body.contains("leak"));
}

async fn suspensions(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let slug = app.board("sus").await;
    let (game, _judge, players) = judged_game(&app, "judge3", "sp").await;
    let carol = app.browser();
    carol.login("sp1", "password-123").await;
    let thread = carol.new_thread(&slug, "标题", "before").await;
    let suspend = |name: &str| format!("/api/v1/accounts/{name}/suspend");

    // Admins only; days and reason in bounds; no unknown field.
    let (s, _) = api
        .post(
            &suspend("sp1"),
            &players[0],
            json!({"days": 3, "reason": "x"}),
        )
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    for (body, code) in [
        (json!({"days": 0, "reason": "x"}), "days_out_of_range"),
        (json!({"days": 3651, "reason": "x"}), "days_out_of_range"),
        (json!({"days": 3, "reason": ""}), "reason_empty"),
        (
            json!({"days": 3, "reason": "x".repeat(501)}),
            "reason_too_long",
        ),
        (
            json!({"days": 3, "reason": "x", "forever": true}),
            "unknown_field",
        ),
    ] {
        let (s, b) = api.post(&suspend("sp1"), &admin, body.clone()).await;
        assert_eq!(
            (s, b["error"].as_str()),
            (StatusCode::BAD_REQUEST, Some(code)),
            "{body}"
        );
    }
    let (s, b) = api
        .post(
            &suspend("nobody"),
            &admin,
            json!({"days": 3, "reason": "x"}),
        )
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{b}");
    let (s, b) = api
        .post(
            &suspend("sp1"),
            &admin,
            json!({"days": 3, "reason": "flooding"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["ok"], json!(true));
    let until = b["until"].as_str().expect("until").to_string();

    // Refused everywhere it writes, saying why and until when.
    let check = |what: &str, (s, b): (StatusCode, Value)| {
        assert_eq!(s, StatusCode::FORBIDDEN, "{what}: {b}");
        assert_eq!(b["error"], json!("suspended"), "{what}: {b}");
        assert_eq!(b["reason"], json!("flooding"), "{what}");
        assert_eq!(b["until"], json!(until), "{what}");
    };
    check(
        "a forum reply",
        api.post(
            &format!("/api/v1/threads/{thread}/posts"),
            &players[1],
            json!({"body": "hi"}),
        )
        .await,
    );
    check(
        "a game-thread post",
        api.post(
            &format!("/api/v1/games/{game}/threads/game"),
            &players[1],
            json!({"body": "hi"}),
        )
        .await,
    );
    check(
        "a game action",
        api.post(
            &format!("/api/v1/games/{game}/actions"),
            &players[1],
            json!({"type": "vote", "target": "nobody"}),
        )
        .await,
    );
    // The page says it too, with the date; reading still works.
    let page = carol.reply(thread, "hello").await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(page.body.contains("flooding"), "{}", page.body);
    assert!(page.body.contains(&until[..10]), "{}", page.body);
    assert_eq!(
        carol.get(&format!("/t/{thread}")).await.status,
        StatusCode::OK
    );
    // Others still post.
    let (s, _) = api
        .post(
            &format!("/api/v1/threads/{thread}/posts"),
            &players[2],
            json!({"body": "hi"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED);

    // Lifted: posting again.
    let (s, _) = api
        .call(reqwest::Method::DELETE, &suspend("sp1"), Some(&admin), None)
        .await;
    assert_eq!(s, StatusCode::OK);
    let (s, b) = api
        .post(
            &format!("/api/v1/threads/{thread}/posts"),
            &players[1],
            json!({"body": "back"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let kinds: Vec<String> = events(&app).await.into_iter().map(|e| e.1).collect();
    assert!(kinds.iter().any(|k| k == "suspended"));
    assert!(kinds.iter().any(|k| k == "suspension_lifted"));
}
