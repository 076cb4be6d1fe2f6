//! The judge's console and substitutes (替补), through the API and the pages: submissions with
//! real IDs, who owes, the preview, deadline, pause/resume, lock, end, substitutes, the audit.

use crate::helpers::{Api, StartedGame, TestApp, started_game};
use crate::on_both_backends;
use maku::game::scheduler::tick;
use reqwest::StatusCode;
use serde_json::{Value, json};

on_both_backends!(
    the_console_shows_submissions_owing_and_a_preview_to_the_judge_only,
    deadline_pause_resume_and_their_refusals,
    a_locked_thread_takes_the_judges_posts_only,
    ending_the_game_opens_the_reveal_with_the_reason,
    a_substitute_keeps_the_private_log_and_locks_out_the_old_account,
    the_console_page_works_with_forms_and_refusals,
);

async fn audit_kinds(app: &TestApp, g: &StartedGame) -> Vec<(String, Option<i64>)> {
    let (s, audit) = Api::new(app)
        .get(&format!("/api/v1/games/{}/audit", g.id), Some(&g.admin))
        .await;
    assert_eq!(s, StatusCode::OK);
    audit["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| {
            (
                e["kind"].as_str().unwrap_or("").to_string(),
                e["actor_id"].as_i64(),
            )
        })
        .collect()
}

async fn deadline_of(app: &TestApp, id: i64) -> Value {
    let (_, g) = Api::new(app)
        .get(&format!("/api/v1/games/{id}"), None)
        .await;
    g["deadline"].clone()
}

fn at(t: chrono::NaiveDateTime) -> String {
    t.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

async fn the_console_shows_submissions_owing_and_a_preview_to_the_judge_only(app: TestApp) {
    let g = started_game(&app, "p", json!({})).await;
    let api = Api::new(&app);
    let path = format!("/api/v1/games/{}/console", g.id);
    let vote = json!({"type": "vote", "targets": [g.names[1]]});
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/actions", g.id),
            &g.players[0],
            vote.clone(),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");

    let (s, c) = api.get(&path, Some(&g.admin)).await;
    assert_eq!(s, StatusCode::OK, "{c}");
    assert_eq!(c["act"], 1);
    let subs = c["submissions"].as_array().expect("submissions");
    assert_eq!(subs.len(), 1, "{c}");
    assert_eq!(subs[0]["game_id"], g.names[0]);
    assert_eq!(subs[0]["real_id"], "p0", "the real ID of the sender");
    assert_eq!(subs[0]["action"], vote);
    assert!(subs[0]["time"].is_string());
    // Every seat still owes its ballot but p0.
    let owing: Vec<&str> = c["owing"]
        .as_array()
        .expect("owing")
        .iter()
        .filter_map(|o| o["game_id"].as_str())
        .collect();
    // DN-14: every living seat owes a ballot; a Kira on turn also owes her notebook's act.
    let (_, me) = api
        .get(&format!("/api/v1/games/{}/me", g.id), Some(&g.players[0]))
        .await;
    if me["role"] == "good" {
        assert!(!owing.contains(&g.names[0].as_str()), "{c}");
    }
    assert!(owing.contains(&g.names[2].as_str()), "{c}");
    assert!(
        c["owing"]
            .as_array()
            .expect("owing")
            .iter()
            .all(|o| o["real_id"].is_string() && o["actions"].is_array()),
        "{c}"
    );
    assert!(c["preview"]["events"].is_array(), "{c}");
    // The preview saves nothing.
    let (_, public) = api.get(&format!("/api/v1/games/{}", g.id), None).await;
    assert_eq!(public["act"], 1);
    assert_eq!(
        audit_kinds(&app, &g)
            .await
            .iter()
            .filter(|(k, _)| k == "resolved")
            .count(),
        0
    );

    // A seated player, an outsider, and a game-ID login: 403.
    let outsider = api.account("outsider").await;
    for t in [&g.players[0], &outsider] {
        let (s, _) = api.get(&path, Some(t)).await;
        assert_eq!(s, StatusCode::FORBIDDEN);
        let (s, _) = api
            .post(
                &format!("/api/v1/games/{}/pause", g.id),
                t,
                json!({"act": 1}),
            )
            .await;
        assert_eq!(s, StatusCode::FORBIDDEN);
    }
    let (s, _) = api
        .post(
            &format!("/api/v1/games/{}/alias", g.id),
            &g.players[0],
            json!({"password": "alias-password-1"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let (s, b) = api
        .call(
            reqwest::Method::POST,
            &format!("/api/v1/games/{}/tokens", g.id),
            None,
            Some(json!({"game_id": g.names[0], "password": "alias-password-1"})),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let alias = b["token"].as_str().expect("token").to_string();
    let (s, _) = api.get(&path, Some(&alias)).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, _) = api.get(&path, None).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
}

async fn deadline_pause_resume_and_their_refusals(app: TestApp) {
    let g = started_game(&app, "p", json!({})).await;
    let api = Api::new(&app);
    let base = format!("/api/v1/games/{}", g.id);
    let before = deadline_of(&app, g.id).await;

    // A deadline in the past, or not after the current one: refused, nothing changed.
    let past = at(app.clock.now_utc() - chrono::Duration::minutes(5));
    let (s, b) = api
        .post(
            &format!("{base}/deadline"),
            &g.admin,
            json!({"act": 1, "deadline": past}),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{b}");
    assert_eq!(b["error"], "deadline_in_past");
    let (s, b) = api
        .post(
            &format!("{base}/deadline"),
            &g.admin,
            json!({"act": 1, "deadline": at(app.clock.now_utc() + chrono::Duration::minutes(5))}),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{b}");
    assert_eq!(b["error"], "deadline_not_later");
    let (s, b) = api
        .post(
            &format!("{base}/deadline"),
            &g.admin,
            json!({"act": 1, "deadline": "next tuesday"}),
        )
        .await;
    assert_eq!(
        s,
        StatusCode::BAD_REQUEST,
        "malformed input, not a conflict: {b}"
    );
    assert_eq!(b["error"], "bad_deadline");
    assert_eq!(deadline_of(&app, g.id).await, before);

    // Extend by 30 minutes.
    let (s, b) = api
        .post(
            &format!("{base}/deadline"),
            &g.admin,
            json!({"act": 1, "extend_minutes": 30}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let extended = deadline_of(&app, g.id).await;
    assert_ne!(extended, before);
    assert_eq!(b["deadline"], extended);

    // Resume of a running game: refused.
    let (s, b) = api
        .post(&format!("{base}/resume"), &g.admin, json!({"act": 1}))
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{b}");
    assert_eq!(b["error"], "not_paused");

    // Pause with 90 minutes left; the scheduler resolves nothing, even hours later.
    let (s, b) = api
        .post(&format!("{base}/pause"), &g.admin, json!({"act": 1}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let remaining = b["remaining_secs"].as_i64().expect("remaining");
    assert!((90 * 60 - 2..=90 * 60).contains(&remaining), "{b}");
    let (s, b) = api
        .post(&format!("{base}/pause"), &g.admin, json!({"act": 1}))
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(b["error"], "already_paused");
    app.clock.advance(chrono::Duration::hours(5));
    assert_eq!(tick(&app.state).await.expect("tick"), 0);
    let (_, public) = api.get(&base, None).await;
    assert_eq!(public["act"], 1);
    assert_eq!(public["paused"], true);
    assert!(public["deadline"].is_null());
    let (s, b) = api
        .post(
            &format!("{base}/actions"),
            &g.players[0],
            json!({"type": "vote", "targets": [g.names[1]]}),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{b}");
    assert_eq!(b["error"], "game_paused");
    let (_, me) = api.get(&format!("{base}/me"), Some(&g.players[0])).await;
    assert_eq!(me["actions"], json!([]), "nothing to submit while paused");
    let (s, b) = api
        .post(&format!("{base}/resolve"), &g.admin, json!({"act": 1}))
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(b["error"], "game_paused");

    // Resume: now + the 90 minutes that were left.
    let (s, b) = api
        .post(&format!("{base}/resume"), &g.admin, json!({"act": 1}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let got = chrono::NaiveDateTime::parse_from_str(
        b["deadline"].as_str().expect("deadline"),
        "%Y-%m-%dT%H:%M:%SZ",
    )
    .expect("an ISO deadline");
    let want = app.clock.now_utc() + chrono::Duration::seconds(remaining);
    assert!((got - want).num_seconds().abs() <= 1, "{got} vs {want}");
    assert_eq!(deadline_of(&app, g.id).await, b["deadline"]);
    // Each move of the clock was announced in the game thread, where the players are.
    let (_, thread) = api.get(&format!("{base}/threads/game"), None).await;
    let notices: Vec<String> = thread["posts"]
        .as_array()
        .expect("posts")
        .iter()
        .filter(|p| p["kind"] == "judge")
        .filter_map(|p| p["body"].as_str().map(str::to_string))
        .collect();
    assert!(
        notices
            .iter()
            .any(|n| n.contains("截止时间改为") && n.contains("CST")),
        "{notices:?}"
    );
    assert!(
        notices.iter().any(|n| n.contains("游戏暂停")),
        "{notices:?}"
    );
    assert!(
        notices.iter().any(|n| n.contains("游戏继续")),
        "{notices:?}"
    );
    let (s, b) = api
        .post(
            &format!("{base}/actions"),
            &g.players[0],
            json!({"type": "vote", "targets": [g.names[1]]}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    app.clock.advance(chrono::Duration::minutes(91));
    assert_eq!(tick(&app.state).await.expect("tick"), 1);

    let admin_id = audit_kinds(&app, &g)
        .await
        .into_iter()
        .find(|(k, _)| k == "created")
        .and_then(|(_, a)| a);
    let kinds = audit_kinds(&app, &g).await;
    for kind in ["deadline_extended", "paused", "resumed"] {
        assert!(
            kinds.iter().any(|(k, a)| k == kind && *a == admin_id),
            "{kind} in the audit with the judge as actor: {kinds:?}"
        );
    }
    assert_eq!(
        kinds
            .iter()
            .filter(|(k, _)| k == "deadline_extended")
            .count(),
        1,
        "refusals append nothing"
    );
}

async fn a_locked_thread_takes_the_judges_posts_only(app: TestApp) {
    let g = started_game(&app, "p", json!({})).await;
    let api = Api::new(&app);
    let base = format!("/api/v1/games/{}", g.id);
    let (s, b) = api
        .post(&format!("{base}/lock"), &g.admin, json!({"locked": true}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (s, b) = api
        .post(
            &format!("{base}/threads/game"),
            &g.players[0],
            json!({"body": "让我说话"}),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{b}");
    assert_eq!(b["error"], "game_thread_locked");
    let (s, b) = api
        .post(
            &format!("{base}/threads/game"),
            &g.admin,
            json!({"body": "法官公告"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let (s, _) = api
        .post(&format!("{base}/lock"), &g.admin, json!({"locked": false}))
        .await;
    assert_eq!(s, StatusCode::OK);
    let (s, b) = api
        .post(
            &format!("{base}/threads/game"),
            &g.players[0],
            json!({"body": "谢谢法官"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let kinds = audit_kinds(&app, &g).await;
    assert_eq!(
        kinds.iter().filter(|(k, _)| k == "thread_locked").count(),
        2
    );
}

async fn ending_the_game_opens_the_reveal_with_the_reason(app: TestApp) {
    let g = started_game(&app, "p", json!({})).await;
    let api = Api::new(&app);
    let base = format!("/api/v1/games/{}", g.id);
    let (s, _) = api.get(&format!("{base}/reveal"), None).await;
    assert_eq!(s, StatusCode::CONFLICT);
    let (s, b) = api
        .post(
            &format!("{base}/end"),
            &g.admin,
            json!({"act": 1, "reason": "  "}),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(b["error"], "reason_required");
    let (s, b) = api
        .post(
            &format!("{base}/end"),
            &g.players[0],
            json!({"act": 1, "reason": "我想赢"}),
        )
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{b}");
    let (s, b) = api
        .post(
            &format!("{base}/end"),
            &g.admin,
            json!({"act": 1, "reason": "两名玩家失联", "winner": "draw"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (_, public) = api.get(&base, None).await;
    assert_eq!(public["status"], "finished");
    assert_eq!(public["winner"], "draw");
    assert_eq!(public["ended_reason"], "两名玩家失联");
    assert!(public["deadline"].is_null());
    let (s, r) = api.get(&format!("{base}/reveal"), None).await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!(r["ended_reason"], "两名玩家失联");
    assert!(r["roles"]["seats"].is_array(), "{r}");
    // Over everywhere: no submissions, no second end, the scheduler has nothing.
    let (s, b) = api
        .post(
            &format!("{base}/actions"),
            &g.players[0],
            json!({"type": "vote", "targets": [g.names[1]]}),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(b["error"], "game_over");
    let (s, b) = api
        .post(
            &format!("{base}/end"),
            &g.admin,
            json!({"act": 1, "reason": "again"}),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(b["error"], "game_over");
    app.clock.advance(chrono::Duration::hours(2));
    assert_eq!(tick(&app.state).await.expect("tick"), 0);
    let browser = app.browser();
    let page = browser.get(&format!("/games/{}/reveal", g.id)).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("两名玩家失联"));
    assert!(
        audit_kinds(&app, &g)
            .await
            .iter()
            .any(|(k, _)| k == "ended")
    );
}

async fn a_substitute_keeps_the_private_log_and_locks_out_the_old_account(app: TestApp) {
    let g = started_game(&app, "p", json!({})).await;
    let api = Api::new(&app);
    let base = format!("/api/v1/games/{}", g.id);
    let vote = json!({"type": "vote", "targets": [g.names[1]]});
    let (s, b) = api
        .post(&format!("{base}/actions"), &g.players[0], vote.clone())
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (_, before) = api.get(&format!("{base}/me"), Some(&g.players[0])).await;
    assert!(!before["private"].as_array().expect("private").is_empty());
    // The old account also has a game-ID login, in a browser and by token.
    let (s, _) = api
        .post(
            &format!("{base}/alias"),
            &g.players[0],
            json!({"password": "alias-password-1"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let (_, b) = api
        .call(
            reqwest::Method::POST,
            &format!("{base}/tokens"),
            None,
            Some(json!({"game_id": g.names[0], "password": "alias-password-1"})),
        )
        .await;
    let alias = b["token"].as_str().expect("alias token").to_string();
    let old_browser = app.browser();
    let p = old_browser.login("p0", "password-123").await;
    assert_eq!(p.status, StatusCode::OK);
    let p = old_browser.get(&format!("/games/{}/seat", g.id)).await;
    assert_eq!(p.status, StatusCode::OK);

    // The substitute joins the list; a seated account cannot.
    let sub = api.account("sub").await;
    let (s, b) = api
        .post(&format!("{base}/substitutes"), &sub, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (s, b) = api
        .post(&format!("{base}/substitutes"), &g.players[1], json!({}))
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(b["error"], "already_seated");
    let (_, c) = api.get(&format!("{base}/console"), Some(&g.admin)).await;
    assert_eq!(c["substitutes"], json!(["sub"]));

    // Refusals: an account already seated, the judge, an unknown account or seat.
    for (account, want) in [
        ("p1", StatusCode::CONFLICT),
        ("admin", StatusCode::CONFLICT),
        ("nobody-here", StatusCode::NOT_FOUND),
    ] {
        let (s, b) = api
            .post(
                &format!("{base}/substitute"),
                &g.admin,
                json!({"game_id": g.names[0], "account": account}),
            )
            .await;
        assert_eq!(s, want, "{account}: {b}");
    }
    let (s, _) = api
        .post(
            &format!("{base}/substitute"),
            &g.admin,
            json!({"game_id": "无此人", "account": "sub"}),
        )
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _) = api
        .post(
            &format!("{base}/substitute"),
            &g.players[1],
            json!({"game_id": g.names[0], "account": "sub"}),
        )
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (_, me) = api.get(&format!("{base}/me"), Some(&g.players[0])).await;
    assert_eq!(me["game_id"], g.names[0], "nothing changed");

    let (s, b) = api
        .post(
            &format!("{base}/substitute"),
            &g.admin,
            json!({"game_id": g.names[0], "account": "sub"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");

    // The new account sees the seat's whole private log.
    let (s, me) = api.get(&format!("{base}/me"), Some(&sub)).await;
    assert_eq!(s, StatusCode::OK, "{me}");
    assert_eq!(me["game_id"], g.names[0]);
    assert_eq!(me["role"], before["role"]);
    assert_eq!(me["private"], before["private"]);
    let sub_browser = app.browser();
    sub_browser.login("sub", "password-123").await;
    let p = sub_browser.get(&format!("/games/{}/seat", g.id)).await;
    assert_eq!(p.status, StatusCode::OK);
    assert!(p.body.contains(&g.names[0]));

    // The old account is out at once: API, pages, game-ID token.
    let (s, b) = api.get(&format!("{base}/me"), Some(&g.players[0])).await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(b["error"], "not_seated");
    let (s, b) = api
        .post(&format!("{base}/actions"), &g.players[0], vote.clone())
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(b["error"], "not_seated");
    let p = old_browser.get(&format!("/games/{}/seat", g.id)).await;
    assert_ne!(p.status, StatusCode::OK);
    let (s, _) = api.get(&format!("{base}/me"), Some(&alias)).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (s, _) = api
        .call(
            reqwest::Method::POST,
            &format!("{base}/tokens"),
            None,
            Some(json!({"game_id": g.names[0], "password": "alias-password-1"})),
        )
        .await;
    assert_eq!(
        s,
        StatusCode::UNAUTHORIZED,
        "the old game-ID password is gone"
    );

    // The new account acts for the seat.
    let (s, b) = api
        .post(
            &format!("{base}/actions"),
            &sub,
            json!({"type": "vote", "targets": [g.names[2]]}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (_, c) = api.get(&format!("{base}/console"), Some(&g.admin)).await;
    let real: Vec<&str> = c["submissions"]
        .as_array()
        .expect("submissions")
        .iter()
        .filter_map(|s| s["real_id"].as_str())
        .collect();
    assert_eq!(real, ["p0", "sub"], "{c}");
    assert_eq!(c["substitutes"], json!([]));

    // The reveal shows the chain of accounts.
    let (s, _) = api
        .post(
            &format!("{base}/end"),
            &g.admin,
            json!({"act": api.act(g.id).await, "reason": "测试结束"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let (_, r) = api.get(&format!("{base}/reveal"), None).await;
    assert_eq!(
        r["accounts"][g.names[0].as_str()],
        json!(["p0", "sub"]),
        "{r}"
    );
    assert_eq!(r["accounts"][g.names[1].as_str()], json!(["p1"]));
    // The reveal page has the column of accounts, since a substitute played.
    let page = app.browser().get(&format!("/games/{}/reveal", g.id)).await;
    assert!(
        page.body.contains(r#"<td class="accounts">p0 → sub</td>"#),
        "{}",
        page.body
    );
    let kinds = audit_kinds(&app, &g).await;
    for kind in ["substitute_joined", "substituted", "ended"] {
        assert!(kinds.iter().any(|(k, _)| k == kind), "{kind}: {kinds:?}");
    }
}

async fn the_console_page_works_with_forms_and_refusals(app: TestApp) {
    let g = started_game(&app, "p", json!({})).await;
    let api = Api::new(&app);
    let (s, _) = api
        .post(
            &format!("/api/v1/games/{}/actions", g.id),
            &g.players[0],
            json!({"type": "vote", "targets": [g.names[1]]}),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let path = format!("/games/{}/console", g.id);
    let admin = app.admin().await;
    let game_page = admin.get(&format!("/games/{}", g.id)).await;
    assert!(game_page.body.contains(&path), "a link to the console");
    let page = admin.get(&path).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("p0"), "real IDs of submissions");
    assert!(page.body.contains(&g.names[0]));
    assert!(page.body.contains("console-owing") || page.body.contains("尚欠"));
    let csrf = page.csrf();

    // Refusals re-render the console with the reason, in the reader's language.
    let past = at(app.clock.now_utc() - chrono::Duration::hours(1));
    let p = admin
        .post(
            &format!("{path}/deadline"),
            &[
                ("csrf", &csrf),
                ("act", "1"),
                ("deadline", &past),
                ("extend_minutes", ""),
            ],
        )
        .await;
    assert_eq!(p.status, StatusCode::CONFLICT);
    assert!(p.body.contains("新的截止时间必须在将来"), "{}", p.body);
    let p = admin
        .post(&format!("{path}/resume"), &[("csrf", &csrf), ("act", "1")])
        .await;
    assert_eq!(p.status, StatusCode::CONFLICT);
    assert!(p.body.contains("游戏没有暂停"));
    let p = admin
        .post(
            &format!("{path}/substitute"),
            &[("csrf", &csrf), ("game_id", &g.names[0]), ("account", "p1")],
        )
        .await;
    assert_eq!(p.status, StatusCode::CONFLICT);
    assert!(p.body.contains("已在本局有座位"));
    // A stale form: refused.
    let p = admin
        .post(&format!("{path}/pause"), &[("csrf", "stale"), ("act", "1")])
        .await;
    assert_eq!(p.status, StatusCode::FORBIDDEN);

    // Actions through the forms.
    let p = admin
        .post(
            &format!("{path}/deadline"),
            &[
                ("csrf", &csrf),
                ("act", "1"),
                ("deadline", ""),
                ("extend_minutes", "15"),
            ],
        )
        .await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    let p = admin
        .post(&format!("{path}/pause"), &[("csrf", &csrf), ("act", "1")])
        .await;
    assert_eq!(p.status, StatusCode::OK);
    assert!(p.body.contains("已暂停"), "{}", p.body);
    let p = admin
        .post(&format!("{path}/resume"), &[("csrf", &csrf), ("act", "1")])
        .await;
    assert_eq!(p.status, StatusCode::OK);
    let p = admin
        .post(&format!("{path}/lock"), &[("csrf", &csrf), ("locked", "1")])
        .await;
    assert_eq!(p.status, StatusCode::OK);
    assert!(p.body.contains("游戏帖已对玩家锁定"));
    let p = admin
        .post(
            &format!("{path}/post"),
            &[("csrf", &csrf), ("body", "法官：请大家投票")],
        )
        .await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    let thread = admin.get(&format!("/games/{}/threads/game", g.id)).await;
    assert!(thread.body.contains("法官：请大家投票"));
    // The substitute list from the game page.
    let outsider = app.player("bystander").await;
    let gp = outsider.get(&format!("/games/{}", g.id)).await;
    assert!(gp.body.contains(&format!("/games/{}/substitutes", g.id)));
    let p = outsider
        .post(
            &format!("/games/{}/substitutes", g.id),
            &[("csrf", &gp.csrf())],
        )
        .await;
    assert_eq!(p.status, StatusCode::OK);
    let page = admin.get(&path).await;
    assert!(page.body.contains("bystander"));
    let p = admin
        .post(&format!("{path}/resolve"), &[("csrf", &csrf), ("act", "1")])
        .await;
    assert_eq!(p.status, StatusCode::OK);
    let (_, public) = api.get(&format!("/api/v1/games/{}", g.id), None).await;
    assert!(
        public["act"] == 2 || public["winner"].is_string(),
        "{public}"
    );

    // English readers get English refusals.
    let en = app.browser_in("en");
    en.login("admin", &app.admin_password).await;
    let page = en.get(&path).await;
    let p = en
        .post(
            &format!("{path}/end"),
            &[
                ("csrf", &page.csrf()),
                ("act", &api.act(g.id).await.to_string()),
                ("reason", " "),
            ],
        )
        .await;
    assert_eq!(p.status, StatusCode::CONFLICT);
    assert!(p.body.contains("State a reason"), "{}", p.body);

    // Non-judges: 403 on the page and the forms.
    let player = app.browser();
    player.login("p0", "password-123").await;
    let p = player.get(&path).await;
    assert_eq!(p.status, StatusCode::FORBIDDEN);
    let csrf = player.get("/").await.csrf();
    let p = player
        .post(&format!("{path}/pause"), &[("csrf", &csrf), ("act", "1")])
        .await;
    assert_eq!(p.status, StatusCode::FORBIDDEN);

    let page = admin.get(&path).await;
    if public["winner"].is_null() {
        let p = admin
            .post(
                &format!("{path}/end"),
                &[
                    ("csrf", &page.csrf()),
                    ("act", &page.hidden("act")),
                    ("reason", "法官结束"),
                    ("winner", ""),
                ],
            )
            .await;
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        let (_, public) = api.get(&format!("/api/v1/games/{}", g.id), None).await;
        assert_eq!(public["status"], "finished");
    }
    let kinds = audit_kinds(&app, &g).await;
    for kind in [
        "deadline_extended",
        "paused",
        "resumed",
        "thread_locked",
        "resolved",
        "substitute_joined",
    ] {
        assert!(kinds.iter().any(|(k, _)| k == kind), "{kind}: {kinds:?}");
    }
}
