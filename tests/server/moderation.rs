//! Moderation (docs/moderation.md): report → queue → hide, and the hidden text gone from every
//! page, feed and API answer (a kept anonymous page included) while the audit log keeps it;
//! the judge hides in its game's threads only; suspensions refuse posts and actions with the
//! reason and the end; a game ID's post never names its account to the admins; a hidden post
//! is restored by the same moderators, its text back everywhere.

use crate::helpers::{Api, TestApp, permalink_thread};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// Anonymous pages are kept a minute: only hiding can make them new.
fn cached(s: &mut maku::config::Settings) {
    s.page_cache = std::time::Duration::from_secs(60);
}

crate::on_both_backends_with!(cached:
    report_queue_hide,
    judges_and_game_ids,
    suspensions,
    hidden_posts_are_restored,
    judges_restore_in_their_games,
    a_substituted_reporter_stays_its_game_id_in_the_queue,
);

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
    // The page says it too, with the date, back at the form with the text kept; reading
    // still works.
    let page = carol.reply(thread, "hello-kept").await;
    page.assert_back_at(&format!("/t/{thread}"));
    assert!(page.body.contains("flooding"), "{}", page.body);
    assert!(page.body.contains("hello-kept"), "{}", page.body);
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

/// The floors of the API search hits for `q` (anonymous), as (thread, floor).
async fn found(api: &Api<'_>, q: &str) -> Vec<(i64, i64)> {
    let (s, b) = api.get(&format!("/api/v1/search?q={q}"), None).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    b["hits"]
        .as_array()
        .expect("hits")
        .iter()
        .map(|h| {
            (
                h["thread"].as_i64().expect("thread"),
                h["floor"].as_i64().expect("floor"),
            )
        })
        .collect()
}

async fn hidden_posts_are_restored(app: TestApp) {
    const TEXT: &str = "RESTORED-TEXT-5821";
    let api = Api::new(&app);
    let slug = app.board("back").await;
    let alice = app.player("alice").await;
    let thread = alice.new_thread(&slug, "话题", TEXT).await;
    let bob = app.player("bob").await;
    let admin = api.token("admin", &app.admin_password).await;
    let bob_token = api.token("bob", "password-123").await;
    let admin_b = app.admin().await;
    let hide = |floor: i64| format!("/api/v1/threads/{thread}/posts/{floor}/hide");
    let unhide = |floor: i64| format!("/api/v1/threads/{thread}/posts/{floor}/unhide");
    let placeholder = "此帖已被管理隐藏";

    // Not hidden: nothing to restore, and no restore form.
    let (s, b) = api
        .post(&unhide(1), &admin, json!({"reason": "early"}))
        .await;
    assert_eq!(
        (s, b["error"].as_str()),
        (StatusCode::CONFLICT, Some("not_hidden"))
    );
    let page = admin_b.get(&format!("/t/{thread}")).await;
    assert!(page.body.contains(&format!("/t/{thread}/1/hide")));
    assert!(!page.body.contains(&format!("/t/{thread}/1/unhide")));
    assert_eq!(found(&api, TEXT).await, vec![(thread, 1)]);

    // Hidden: gone from the (kept) anonymous page, the feed and search.
    let (s, b) = api.post(&hide(1), &admin, json!({"reason": "oops"})).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (_, anon) = anonymous_get(&app, &format!("/t/{thread}")).await;
    assert!(!anon.contains(TEXT) && anon.contains(placeholder), "{anon}");
    let (_, feed) = anonymous_get(&app, &format!("/b/{slug}/feed.atom")).await;
    assert!(!feed.contains(TEXT), "{feed}");
    assert_eq!(found(&api, TEXT).await, vec![]);
    // The moderator's page offers the restore form in the hide form's place; a player's none.
    let page = admin_b.get(&format!("/t/{thread}")).await;
    assert!(
        page.body.contains(&format!("/t/{thread}/1/unhide")),
        "{}",
        page.body
    );
    assert!(!page.body.contains(&format!("/t/{thread}/1/hide\"")));
    let page = bob.get(&format!("/t/{thread}")).await;
    assert!(!page.body.contains("/unhide"), "{}", page.body);

    // A plain player may not, whether the floor exists or not; a missing floor is answered as
    // hide answers it; a reason is required, and nothing else is taken.
    for f in [1, 99] {
        let (s, _) = api
            .post(&unhide(f), &bob_token, json!({"reason": "mine"}))
            .await;
        assert_eq!(s, StatusCode::FORBIDDEN, "a player, floor {f}");
    }
    let (hs, hb) = api.post(&hide(99), &admin, json!({"reason": "x"})).await;
    let (us, ub) = api.post(&unhide(99), &admin, json!({"reason": "x"})).await;
    assert_eq!((us, &ub), (hs, &hb));
    assert_eq!(us, StatusCode::NOT_FOUND);
    let (s, b) = api.post(&unhide(1), &admin, json!({"reason": " "})).await;
    assert_eq!(
        (s, b["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("reason_empty"))
    );
    let (s, b) = api
        .post(&unhide(1), &admin, json!({"reason": "x", "extra": 1}))
        .await;
    assert_eq!(
        (s, b["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("unknown_field"))
    );
    let (_, anon) = anonymous_get(&app, &format!("/t/{thread}")).await;
    assert!(!anon.contains(TEXT), "still hidden after the refusals");

    // Restored by the admin: back on every page (the kept anonymous one included), the
    // feed, the API and search; no placeholder.
    let (s, b) = api
        .post(&unhide(1), &admin, json!({"reason": "hidden by mistake"}))
        .await;
    assert_eq!((s, b), (StatusCode::OK, json!({"ok": true})));
    for (who, page) in [
        (
            "anonymous",
            anonymous_get(&app, &format!("/t/{thread}")).await.1,
        ),
        ("author", alice.get(&format!("/t/{thread}")).await.body),
        ("admin", admin_b.get(&format!("/t/{thread}")).await.body),
    ] {
        assert!(page.contains(TEXT), "{who} reads the text again");
        assert!(!page.contains(placeholder), "{who} sees no placeholder");
        assert!(!page.contains("oops"), "{who} sees no reason");
    }
    let page = admin_b.get(&format!("/t/{thread}")).await;
    assert!(page.body.contains(&format!("/t/{thread}/1/hide")));
    assert!(!page.body.contains(&format!("/t/{thread}/1/unhide")));
    let (_, feed) = anonymous_get(&app, &format!("/b/{slug}/feed.atom")).await;
    assert!(feed.contains(TEXT), "{feed}");
    let (_, t) = api.get(&format!("/api/v1/threads/{thread}"), None).await;
    assert!(t.to_string().contains(TEXT), "{t}");
    assert_ne!(t["posts"][0]["hidden"], json!(true), "{t}");
    assert_eq!(found(&api, TEXT).await, vec![(thread, 1)]);
    // Once: it is not hidden any more.
    let (s, b) = api
        .post(&unhide(1), &admin, json!({"reason": "again"}))
        .await;
    assert_eq!(
        (s, b["error"].as_str()),
        (StatusCode::CONFLICT, Some("not_hidden"))
    );

    // The history has both, in the author's stream, the restore with its reason.
    let log = events(&app).await;
    let hidden: Vec<_> = log.iter().filter(|e| e.1 == "post_hidden").collect();
    let restored: Vec<_> = log.iter().filter(|e| e.1 == "post_unhidden").collect();
    assert_eq!((hidden.len(), restored.len()), (1, 1), "{log:?}");
    assert!(hidden[0].0.is_some());
    assert_eq!(restored[0].0, hidden[0].0, "the author's history");
    let detail: Value = serde_json::from_str(&restored[0].2).expect("detail");
    assert_eq!(detail["thread"], json!(thread));
    assert_eq!(detail["floor"], json!(1));
    assert_eq!(detail["reason"], json!("hidden by mistake"));
    let audit = admin_b.get("/admin/audit").await;
    assert_eq!(audit.status, StatusCode::OK);
    assert!(audit.body.contains("帖子被恢复"), "{}", audit.body);
}

async fn judges_restore_in_their_games(app: TestApp) {
    let api = Api::new(&app);
    let (game, judge, players) = judged_game(&app, "judge1", "gr").await;
    let (_, me) = api
        .get(&format!("/api/v1/games/{game}/me"), Some(&players[0]))
        .await;
    let game_name = me["game_id"].as_str().expect("game id").to_string();
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{game}/threads/game"),
            &players[0],
            json!({"body": "SEAT-POST-TEXT"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let floor = b["floor"].as_i64().expect("floor");
    let (_, page) = anonymous_get(&app, &format!("/games/{game}/threads/game")).await;
    let game_thread = permalink_thread(&page);
    let unhide = |f: i64| format!("/api/v1/threads/{game_thread}/posts/{f}/unhide");
    let (s, b) = api
        .post(
            &format!("/api/v1/threads/{game_thread}/posts/{floor}/hide"),
            &judge,
            json!({"reason": "looked like a leak"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");

    // Another game's judge may not, over the API or the form, whether the floor exists or not.
    let (_other_game, other_judge, _) = judged_game(&app, "judge2", "ot").await;
    for f in [floor, 999] {
        let (s, _) = api
            .post(&unhide(f), &other_judge, json!({"reason": "mine"}))
            .await;
        assert_eq!(s, StatusCode::FORBIDDEN, "another game's judge, floor {f}");
    }
    let other_b = app.browser();
    other_b.login("judge2", "password-123").await;
    let other_page = other_b.get(&format!("/games/{game}/threads/game")).await;
    let refused = other_b
        .post(
            &format!("/t/{game_thread}/{floor}/unhide"),
            &[("csrf", &other_page.csrf()), ("reason", "mine")],
        )
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
    // Nor a seat of the game.
    let (s, _) = api
        .post(&unhide(floor), &players[1], json!({"reason": "mine"}))
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (_, page) = anonymous_get(&app, &format!("/games/{game}/threads/game")).await;
    assert!(!page.contains("SEAT-POST-TEXT"), "still hidden");

    // The judge restores it from a page form: back to the post, the text back.
    let judge_b = app.browser();
    judge_b.login("judge1", "password-123").await;
    let page = judge_b.get(&format!("/games/{game}/threads/game")).await;
    assert!(!page.body.contains("SEAT-POST-TEXT"));
    // The game thread offers the judge the restore form under the placeholder; not the other
    // judge.
    assert!(
        page.body
            .contains(&format!("action=\"/t/{game_thread}/{floor}/unhide\"")),
        "{}",
        page.body
    );
    assert!(
        !other_page.body.contains("/unhide\""),
        "{}",
        other_page.body
    );
    // Without the form's CSRF token: refused, still hidden.
    let forged = judge_b
        .post_answer(
            &format!("/t/{game_thread}/{floor}/unhide"),
            &[("csrf", "forged"), ("reason", "x")],
        )
        .await;
    assert_ne!(forged.status, StatusCode::SEE_OTHER);
    let restored = judge_b
        .post(
            &format!("/t/{game_thread}/{floor}/unhide"),
            &[("csrf", &page.csrf()), ("reason", "not a leak")],
        )
        .await;
    restored.assert_back_at(&format!("/games/{game}/threads/game"));
    assert!(
        restored.body.contains("SEAT-POST-TEXT"),
        "{}",
        restored.body
    );
    assert!(restored.body.contains("帖子已恢复"), "the notice");
    assert!(!restored.body.contains("looked like a leak"));
    let (_, page) = anonymous_get(&app, &format!("/games/{game}/threads/game")).await;
    assert!(page.contains("SEAT-POST-TEXT"), "the kept page is new");
    // A second restore from the form is refused with its message, back at the post.
    let again = judge_b
        .post(
            &format!("/t/{game_thread}/{floor}/unhide"),
            &[("csrf", &restored.csrf()), ("reason", "again")],
        )
        .await;
    again.assert_back_at(&format!("/games/{game}/threads/game"));
    assert!(again.body.contains("此帖未被隐藏"), "{}", again.body);

    // Recorded under the game ID, in no account's history.
    let log = events(&app).await;
    let restored: Vec<_> = log.iter().filter(|e| e.1 == "post_unhidden").collect();
    assert_eq!(restored.len(), 1, "{log:?}");
    assert_eq!(restored[0].0, None);
    assert!(restored[0].2.contains(&game_name) && restored[0].2.contains("not a leak"));
    assert!(!restored[0].2.contains("gr0"));
}

/// A seat's report names the seat it was made as: once the judge gives that seat to a
/// substitute, the queue (API and page) still shows the game ID, never the account that made
/// the report (which would tell who played the seat while the game runs).
async fn a_substituted_reporter_stays_its_game_id_in_the_queue(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let (game, judge, players) = judged_game(&app, "judge3", "sr").await;
    let name_of = async |token: &str| {
        let (_, me) = api
            .get(&format!("/api/v1/games/{game}/me"), Some(token))
            .await;
        me["game_id"].as_str().expect("game id").to_string()
    };
    let (author, reporter) = (name_of(&players[0]).await, name_of(&players[1]).await);
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{game}/threads/game"),
            &players[0],
            json!({"body": "REPORTED-TEXT"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let floor = b["floor"].as_i64().expect("floor");
    let (_, page) = anonymous_get(&app, &format!("/games/{game}/threads/game")).await;
    let thread = permalink_thread(&page);
    let (s, b) = api
        .post(
            &format!("/api/v1/threads/{thread}/posts/{floor}/report"),
            &players[1],
            json!({"reason": "spoiler"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let queue = async || {
        let (_, q) = api.get("/api/v1/admin/reports", Some(&admin)).await;
        let page = app.admin().await.get("/admin/reports").await;
        (q, page.body)
    };
    let (q, _) = queue().await;
    assert_eq!(q["reports"][0]["reporter"], json!(reporter), "{q}");
    // The seat goes to a substitute: the report still names the seat, not sr1.
    api.account("srsub").await;
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{game}/substitute"),
            &judge,
            json!({"game_id": reporter, "account": "srsub"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (q, page) = queue().await;
    assert_eq!(q["reports"][0]["reporter"], json!(reporter), "{q}");
    assert_eq!(q["reports"][0]["author"], json!(author), "{q}");
    for shown in [q.to_string(), page.clone()] {
        assert!(
            !shown.contains("sr1") && !shown.contains("srsub"),
            "{shown}"
        );
    }
    assert!(page.contains(&reporter), "{page}");
}
