//! The judge's console and substitutes (替补), through the API and the pages: submissions with
//! real IDs, who owes, the preview, deadline, pause/resume, lock, end, substitutes, the audit.

use crate::helpers::{Api, Browser, Page, StartedGame, TestApp, started_game, started_with};
use crate::on_both_backends;
use maku::scheduler::tick;
use reqwest::StatusCode;
use serde_json::{Value, json};

on_both_backends!(
    the_console_shows_submissions_owing_and_a_preview_to_the_judge_only,
    deadline_pause_resume_and_their_refusals,
    a_locked_thread_takes_the_judges_posts_only,
    ending_the_game_opens_the_reveal_with_the_reason,
    a_substitute_keeps_the_private_log_and_locks_out_the_old_account,
    the_console_page_works_with_forms_and_refusals,
    the_console_has_sections_and_confirmed_danger_areas,
    the_seats_table_and_tally_show_the_engines_view_of_a_fixed_deal,
    deadlines_are_picked_and_shown_in_the_games_time_zone,
    deadlines_in_a_dst_gap_or_overlap_are_refused_by_name,
    players_get_the_forbidden_page_and_nothing_of_the_console,
    resolve_now_names_the_phase_that_ended_and_a_stale_form_resolves_nothing,
    a_submission_after_the_end_is_game_over_and_not_logged,
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
    // The seat page says the game is paused, not what the seat would lose by the deadline.
    let seat = app.browser();
    seat.login("p0", "password-123").await;
    let page = seat.get(&format!("/games/{}/seat", g.id)).await;
    assert!(
        page.body.contains("游戏已暂停：法官停下了时钟。"),
        "{}",
        page.body
    );
    assert!(
        !page.body.contains("截止前未完成会自杀出局"),
        "{}",
        page.body
    );
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
    // Each move of the clock was announced in the game thread, where the players are: as a
    // notice the API gives as data and each page tells in its reader's language.
    let (_, thread) = api.get(&format!("{base}/threads/game"), None).await;
    let notices: Vec<Value> = thread["posts"]
        .as_array()
        .expect("posts")
        .iter()
        .filter(|p| p["kind"] == "notice")
        .map(|p| p["notice"].clone())
        .collect();
    let kinds: Vec<&str> = notices
        .iter()
        .filter_map(|n| n["notice"].as_str())
        .collect();
    assert_eq!(
        kinds,
        ["deadline_moved", "paused", "resumed"],
        "{notices:?}"
    );
    assert_eq!(notices[0]["zone"], "Asia/Shanghai");
    for (lang, moved, paused, resumed) in [
        ("zh-CN", "法官将截止时间改为", "法官暂停了游戏", "游戏继续"),
        (
            "en",
            "The judge moved the deadline to",
            "The judge paused the game",
            "The game resumes",
        ),
    ] {
        let page = app
            .browser_in(lang)
            .get(&format!("/games/{}/threads/game", g.id))
            .await;
        for text in [moved, paused, resumed] {
            assert!(page.body.contains(text), "{lang}: {text}");
        }
        assert!(
            page.body.contains("CST"),
            "{lang}: the time in the game's zone"
        );
        assert!(!page.body.contains("deadline_moved"), "{lang}: no raw code");
        // The game's Atom feed tells the notices the same way, never as their stored data.
        let feed = app
            .browser_in(lang)
            .get(&format!("/games/{}/feed.atom", g.id))
            .await;
        for text in [moved, paused, resumed] {
            assert!(feed.body.contains(text), "{lang} feed: {text}");
        }
        assert!(
            !feed.body.contains("deadline_moved"),
            "{lang} feed: no raw code"
        );
    }
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

    // Refusals come back to the console (303) with the reason, in the reader's language, and
    // what was typed. The picker's time is read in the game's zone (Asia/Shanghai by default).
    let past = (app.clock.now_utc() + chrono::Duration::hours(7))
        .format("%Y-%m-%dT%H:%M")
        .to_string();
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
    p.assert_back_at(&path);
    assert!(p.body.contains("已经过去"), "{}", p.body);
    assert!(p.body.contains(&format!(r#"value="{past}""#)), "refilled");
    let p = admin
        .post(&format!("{path}/resume"), &[("csrf", &csrf), ("act", "1")])
        .await;
    p.assert_back_at(&path);
    assert!(p.body.contains("游戏没有暂停"));
    let p = admin
        .post(
            &format!("{path}/substitute"),
            &[
                ("csrf", &csrf),
                ("game_id", &g.names[0]),
                ("account", "p1"),
                ("confirm", "yes"),
            ],
        )
        .await;
    p.assert_back_at(&path);
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
        .post(
            &format!("{path}/resolve"),
            &[("csrf", &csrf), ("act", "1"), ("confirm", "yes")],
        )
        .await;
    p.assert_back_at(&path);
    assert!(
        p.body.contains("第 1 幕已结算"),
        "the result, once: {}",
        p.body
    );
    assert!(!admin.get(&path).await.body.contains("第 1 幕已结算"));
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
                ("confirm", "yes"),
            ],
        )
        .await;
    p.assert_back_at(&path);
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
                    ("confirm", "yes"),
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

/// The HTML of the console's element `id` (a section or a form), up to its closing tag.
fn part<'a>(page: &'a Page, id: &str, close: &str) -> &'a str {
    let start = page
        .body
        .find(&format!(r#"id="{id}""#))
        .unwrap_or_else(|| panic!("the console has #{id}: {}", page.body));
    let end = page.body[start..].find(close).expect("closing tag") + start;
    &page.body[start..end]
}

/// The seats table's row of `game_id`.
fn seat_row<'a>(page: &'a Page, game_id: &str) -> &'a str {
    let marker = format!(r#"<td class="game-id">{game_id}</td>"#);
    let start = page
        .body
        .find(&marker)
        .unwrap_or_else(|| panic!("a row for {game_id}: {}", page.body));
    let end = page.body[start..].find("</tr>").expect("row end") + start;
    &page.body[start..end]
}

/// The text of the cell `class` in a seats-table row.
fn cell(row: &str, class: &str) -> String {
    let marker = format!(r#"<td class="{class}">"#);
    let start = row
        .find(&marker)
        .unwrap_or_else(|| panic!("{class}: {row}"))
        + marker.len();
    let end = row[start..].find("</td>").expect("cell end") + start;
    row[start..end].to_string()
}

const CONFIRM_BOX: &str = r#"<input type="checkbox" name="confirm" value="yes" required>"#;

async fn the_console_has_sections_and_confirmed_danger_areas(app: TestApp) {
    let g = started_game(&app, "p", json!({})).await;
    let api = Api::new(&app);
    let path = format!("/games/{}/console", g.id);
    let admin = app.admin().await;
    let sub = app.player("sub").await;
    let gp = sub.get(&format!("/games/{}", g.id)).await;
    let p = sub
        .post(
            &format!("/games/{}/substitutes", g.id),
            &[("csrf", &gp.csrf())],
        )
        .await;
    assert_eq!(p.status, StatusCode::OK);

    let page = admin.get(&path).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    // The sections, in this order, each with its heading.
    let mut at = 0;
    for (id, heading) in [
        ("console-act", "本幕"),
        ("console-clock", "时钟"),
        ("console-seats", "座位"),
        ("console-end", "结束游戏"),
    ] {
        let found = page.body[at..]
            .find(&format!(r#"<section class="console-section" id="{id}">"#))
            .unwrap_or_else(|| panic!("section {id} after the one before: {}", page.body))
            + at;
        assert!(
            // (The seats' heading has an id: it names the table's scroll box.)
            page.body[found..].contains(&format!("<h2>{heading}</h2>"))
                || page.body[found..].contains(&format!("-heading\">{heading}</h2>")),
            "{id}"
        );
        at = found;
    }
    // This act holds the submissions, who owes, the tally and the preview; the clock its forms.
    let act = part(&page, "console-act", "</section>");
    for what in ["本幕提交", "尚欠", "当前选票", "若现在结算"] {
        assert!(act.contains(what), "{what} in this act: {act}");
    }
    let clock = part(&page, "console-clock", "</section>");
    for form in ["/console/deadline", "/console/pause"] {
        assert!(clock.contains(form), "{form} in the clock: {clock}");
    }
    // The console's vocabulary.
    assert!(page.body.contains("<th>游戏身份</th><th>原身份</th>"));
    assert!(!page.body.contains("游戏 ID") && !page.body.contains("真实 ID"));

    // Each dangerous button stands in its own danger area with a ticked confirmation; no other
    // form has a confirmation, and no danger area holds another button.
    for (id, action) in [
        ("console-resolve", "/console/resolve"),
        ("console-substitute", "/console/substitute"),
        ("console-end-form", "/console/end"),
    ] {
        let form = part(&page, id, "</form>");
        let open = page.body[..page.body.find(&format!(r#"id="{id}""#)).expect("form")]
            .rfind("<form")
            .expect("form tag");
        let tag = &page.body[open..page.body[open..].find('>').expect("tag end") + open];
        assert!(tag.contains(r#"class="danger-zone""#), "{tag}");
        assert!(tag.contains(action), "{tag}");
        assert!(form.contains(CONFIRM_BOX), "{id}: {form}");
        assert_eq!(form.matches("<button").count(), 1, "{id}: {form}");
    }
    assert_eq!(page.body.matches(CONFIRM_BOX).count(), 3);
    assert_eq!(page.body.matches(r#"class="danger-zone""#).count(), 3);

    // Unconfirmed (no box, or a value other than yes): refused with the reason, nothing changed.
    let csrf = page.csrf();
    let before = audit_kinds(&app, &g).await.len();
    for confirm in [None, Some("on"), Some("")] {
        let with = |mut form: Vec<(&'static str, String)>| {
            if let Some(c) = confirm {
                form.push(("confirm", c.to_string()));
            }
            form
        };
        let posts = [
            (
                "resolve",
                with(vec![("csrf", csrf.clone()), ("act", "1".into())]),
                "「立即结算本幕」需要先勾选确认框；本次什么都没有改变。",
            ),
            (
                "end",
                with(vec![
                    ("csrf", csrf.clone()),
                    ("act", "1".into()),
                    ("reason", "测试".into()),
                    ("winner", "draw".into()),
                ]),
                "「结束游戏」需要先勾选确认框；本次什么都没有改变。",
            ),
            (
                "substitute",
                with(vec![
                    ("csrf", csrf.clone()),
                    ("game_id", g.names[0].clone()),
                    ("account", "sub".into()),
                ]),
                "「替补上场」需要先勾选确认框；本次什么都没有改变。",
            ),
        ];
        for (what, form, message) in posts {
            let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let p = admin.post(&format!("{path}/{what}"), &form).await;
            p.assert_back_at(&path);
            assert!(p.body.contains(message), "{what}: {}", p.body);
            assert!(
                p.body.contains(r#"id="console-seats""#),
                "the console again"
            );
        }
    }
    assert_eq!(
        audit_kinds(&app, &g).await.len(),
        before,
        "nothing appended"
    );
    let (_, public) = api.get(&format!("/api/v1/games/{}", g.id), None).await;
    assert_eq!(
        (public["act"].as_i64(), public["status"].as_str()),
        (Some(1), Some("running"))
    );
    let (s, me) = api
        .get(&format!("/api/v1/games/{}/me", g.id), Some(&g.players[0]))
        .await;
    assert_eq!(s, StatusCode::OK, "p0 keeps the seat: {me}");

    // English readers get it in English.
    let en = app.browser_in("en");
    en.login("admin", &app.admin_password).await;
    let page_en = en.get(&path).await;
    let p = en
        .post(
            &format!("{path}/resolve"),
            &[("csrf", &page_en.csrf()), ("act", "1")],
        )
        .await;
    p.assert_back_at(&path);
    assert!(
        p.body
            .contains("“Resolve this act now” needs its confirmation ticked; nothing was changed."),
        "{}",
        p.body
    );

    // Confirmed, each works.
    let p = admin
        .post(
            &format!("{path}/substitute"),
            &[
                ("csrf", &csrf),
                ("game_id", &g.names[0]),
                ("account", "sub"),
                ("confirm", "yes"),
            ],
        )
        .await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    let (s, _) = api
        .get(&format!("/api/v1/games/{}/me", g.id), Some(&g.players[0]))
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "p0 is out of the seat");
    let p = admin
        .post(
            &format!("{path}/resolve"),
            &[("csrf", &csrf), ("act", "1"), ("confirm", "yes")],
        )
        .await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    let act = api.act(g.id).await;
    let (_, public) = api.get(&format!("/api/v1/games/{}", g.id), None).await;
    assert!(act == 2 || public["winner"].is_string(), "{public}");
    if public["winner"].is_null() {
        let p = admin
            .post(
                &format!("{path}/end"),
                &[
                    ("csrf", &csrf),
                    ("act", &act.to_string()),
                    ("reason", "测试结束"),
                    ("winner", "draw"),
                    ("confirm", "yes"),
                ],
            )
            .await;
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        let (_, public) = api.get(&format!("/api/v1/games/{}", g.id), None).await;
        assert_eq!(public["status"], "finished");
    }
    let kinds = audit_kinds(&app, &g).await;
    for kind in ["substituted", "resolved"] {
        assert!(kinds.iter().any(|(k, _)| k == kind), "{kind}: {kinds:?}");
    }
}

/// The first nine characters of the default cast, and their accounts.
const NINE: [(&str, &str); 9] = [
    ("夜神月", "c0"),
    ("L", "c1"),
    ("弥海砂", "c2"),
    ("夜神总一郎", "c3"),
    ("尼亚", "c4"),
    ("梅洛", "c5"),
    ("松田桃太", "c6"),
    ("相泽周市", "c7"),
    ("模木完造", "c8"),
];

/// A nine-seat game (DN-18: transfers need more than eight alive) with a fixed deal: 夜神月
/// holds N1 and 弥海砂 N2. Returns the game and each seat's token, in `NINE` order.
async fn nine_seat_game(app: &TestApp) -> (i64, String, Vec<String>) {
    let api = Api::new(app);
    let admin = api.token("admin", &app.admin_password).await;
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "九人局", "variant": "deathnote", "act_minutes": 60}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    let mut tokens = Vec::new();
    for (_, real) in NINE {
        let t = api.account(real).await;
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/signup"), &t, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        tokens.push(t);
    }
    let seats: Vec<Value> = NINE
        .iter()
        .map(|(g, r)| json!({"game_id": g, "real_id": r}))
        .collect();
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/start"),
            &admin,
            json!({"setup": {"seats": seats, "kira": ["夜神月", "弥海砂"]}}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    (id, admin, tokens)
}

async fn the_seats_table_and_tally_show_the_engines_view_of_a_fixed_deal(app: TestApp) {
    let (id, admin_token, t) = nine_seat_game(&app).await;
    let api = Api::new(&app);
    let act = |who: usize, action: Value| {
        let api = &api;
        let token = t[who].clone();
        async move {
            let (s, b) = api
                .post(&format!("/api/v1/games/{id}/actions"), &token, action)
                .await;
            assert_eq!(s, StatusCode::OK, "{b}");
        }
    };
    // Act 1, N1 on turn: 夜神月 requests the Eye (DN-20); 弥海砂 gives N2 to 尼亚 (DN-18);
    // three ballots.
    act(0, json!({"type": "eye_request"})).await;
    act(2, json!({"type": "transfer", "target": "尼亚"})).await;
    act(5, json!({"type": "vote", "targets": ["L"]})).await;
    act(6, json!({"type": "vote", "targets": ["L", "尼亚"]})).await;
    act(7, json!({"type": "vote", "targets": ["L"]})).await;

    let admin = app.admin().await;
    let path = format!("/games/{id}/console");
    let page = admin.get(&path).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);

    let light = seat_row(&page, "夜神月");
    assert_eq!(cell(light, "real-id"), "c0");
    assert_eq!(cell(light, "role role-marked"), "基拉（持有笔记 N1）");
    assert_eq!(cell(light, "state"), "存活");
    assert_eq!(
        cell(light, "owes"),
        "投票、N1 的笔记行动（杀人、联手或放弃）"
    );
    // DN-22: the request's turn counts; alternating turns, out at resolution 1 + 4.
    assert_eq!(
        cell(light, "eye"),
        "<p>已计 1/3 个己方回合；照现在的规律将在第 5 幕结算时出局，持有的笔记被销毁。</p>"
    );
    assert_eq!(cell(light, "window"), "");

    let misa = seat_row(&page, "弥海砂");
    assert_eq!(cell(misa, "real-id"), "c2");
    assert_eq!(cell(misa, "role"), "好人", "the giver becomes good");
    assert_eq!(cell(misa, "owes"), "投票");
    // DN-19: a transfer in act 1 opens the giver's window on resolutions 3 and 4.
    assert_eq!(
        cell(misa, "window"),
        "<p>第 1 幕转让了 N2；若第 3 或第 4 幕结算时有基拉被投出或被杀，收回其笔记；\
         若到第 4 幕结算仍无基拉被投出或被杀，出局。</p>"
    );
    assert_eq!(cell(misa, "eye"), "");

    let near = seat_row(&page, "尼亚");
    assert_eq!(cell(near, "role role-marked"), "基拉（持有笔记 N2）");
    assert_eq!(
        cell(near, "owes"),
        "投票",
        "a notebook received mid-act owes nothing (DN-6)"
    );
    let mello = seat_row(&page, "梅洛");
    assert_eq!(cell(mello, "role"), "好人");
    assert_eq!(cell(mello, "owes"), "", "voted, good: owes nothing");

    // The tally: votes per game ID, most first, and how many have no ballot yet.
    let tally = part(&page, "console-act", "</section>");
    let l = tally
        .find("<tr><td>L</td><td class=\"votes\">3</td></tr>")
        .unwrap_or_else(|| panic!("L has 3: {tally}"));
    let n = tally
        .find("<tr><td>尼亚</td><td class=\"votes\">1</td></tr>")
        .unwrap_or_else(|| panic!("尼亚 has 1: {tally}"));
    assert!(l < n, "most first");
    assert_eq!(tally.matches(r#"<td class="votes">"#).count(), 2);
    assert!(tally.contains("尚无选票：6"), "{tally}");
    // The JSON console carries the same.
    let (s, c) = api
        .get(&format!("/api/v1/games/{id}/console"), Some(&admin_token))
        .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        c["tally"],
        json!([{"game_id": "L", "votes": 3}, {"game_id": "尼亚", "votes": 1}])
    );
    assert_eq!(c["no_ballot"], 6);
    assert_eq!(c["seats"][0]["role"], "kira");
    assert_eq!(c["seats"][0]["notebooks"], json!([1]));
    assert_eq!(c["seats"][0]["eye_status"]["own_turns"], 1);
    assert_eq!(c["seats"][2]["windows"][0]["last_resolution"], 4);

    // The rest vote so that three share the top count (DN-15: nobody is voted out); 夜神月
    // passes; 模木完造 sends no ballot and goes out at the resolution (DN-16).
    act(0, json!({"type": "pass"})).await;
    for who in [0, 1, 2] {
        act(
            who,
            json!({"type": "vote", "targets": ["梅洛", "松田桃太"]}),
        )
        .await;
    }
    act(3, json!({"type": "vote", "targets": ["夜神总一郎"]})).await;
    act(4, json!({"type": "vote", "targets": ["尼亚"]})).await;
    let page = admin.get(&path).await;
    assert!(page.body.contains("尚无选票：1"), "{}", page.body);
    let p = admin
        .post(
            &format!("{path}/resolve"),
            &[("csrf", &page.csrf()), ("act", "1"), ("confirm", "yes")],
        )
        .await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    let page = admin.get(&path).await;
    let moki = seat_row(&page, "模木完造");
    assert_eq!(cell(moki, "state"), "第 1 幕出局（未投票自杀）");
    assert_eq!(cell(moki, "owes"), "");
    assert!(
        page.body.contains(r#"<tr id="seat-9" class="out">"#),
        "{}",
        page.body
    );
    // Act 2: the window runs on; the Eye's count waits for her next own turn (N2 is on turn).
    let misa = seat_row(&page, "弥海砂");
    assert!(cell(misa, "window").contains("第 3 或第 4 幕"), "{misa}");
    let light = seat_row(&page, "夜神月");
    assert!(cell(light, "eye").starts_with("<p>已计 1/3"), "{light}");
    assert_eq!(cell(light, "owes"), "投票");
    assert_eq!(
        cell(seat_row(&page, "尼亚"), "owes"),
        "投票、N2 的笔记行动（杀人、联手或放弃）"
    );
    assert!(page.body.contains("还没有人投票。"));
    assert!(page.body.contains("尚无选票：8"));
}

fn utc(s: &str) -> chrono::NaiveDateTime {
    chrono::NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").expect("time")
}

/// Sets the app's clock to `to` (UTC), before anything else happens in the test.
fn set_clock(app: &TestApp, to: &str) {
    app.clock.advance(utc(to) - app.clock.now_utc());
}

async fn post_deadline(b: &Browser, page: &Page, id: i64, fields: &[(&str, &str)]) -> Page {
    let mut form = vec![("csrf", page.csrf()), ("act", page.hidden("act"))];
    form.extend(fields.iter().map(|(k, v)| (*k, v.to_string())));
    let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    b.post(&format!("/games/{id}/console/deadline"), &form)
        .await
}

async fn deadlines_are_picked_and_shown_in_the_games_time_zone(app: TestApp) {
    set_clock(&app, "2026-12-01 08:00");
    let g = started_game(&app, "p", json!({"timezone": "Asia/Shanghai"})).await;
    let api = Api::new(&app);
    let path = format!("/games/{}/console", g.id);
    let admin = app.admin().await;
    let page = admin.get(&path).await;
    // The first deadline, an hour after the start, in the judge's zone and named.
    assert_eq!(deadline_of(&app, g.id).await, "2026-12-01T09:00:00Z");
    let clock = part(&page, "console-clock", "</section>");
    assert!(
        clock.contains(
            r#"<time datetime="2026-12-01T09:00:00Z">2026-12-01 17:00 CST</time> (Asia/Shanghai)"#
        ),
        "{clock}"
    );
    let picker = part(&page, "console-deadline-at", "</form>");
    assert!(
        picker.contains(
            r#"<input type="datetime-local" name="deadline" min="2026-12-01T16:00" value="2026-12-01T17:00" required>"#
        ),
        "{picker}"
    );
    assert!(picker.contains("新截止时间 (Asia/Shanghai)"), "{picker}");

    // 20:00 in Shanghai is 12:00 UTC.
    let p = post_deadline(&admin, &page, g.id, &[("deadline", "2026-12-02T20:00")]).await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    assert_eq!(deadline_of(&app, g.id).await, "2026-12-02T12:00:00Z");
    let page = admin.get(&path).await;
    assert!(
        page.body.contains(
            r#"<time datetime="2026-12-02T12:00:00Z">2026-12-02 20:00 CST</time> (Asia/Shanghai)"#
        ),
        "{}",
        page.body
    );
    assert!(page.body.contains(r#"value="2026-12-02T20:00""#));

    // Refusals name the field; nothing changes.
    for (fields, message) in [
        (
            vec![("deadline", "2026-12-03 8pm")],
            "「新截止时间」：无法读取「2026-12-03 8pm」。请用日期时间选择器选一个 Asia/Shanghai 时间（例如 2026-12-02T20:00）。",
        ),
        (
            vec![("deadline", "2026-12-03T12:00:00Z")],
            "「新截止时间」：无法读取「2026-12-03T12:00:00Z」。",
        ),
        (
            // 15:00 Shanghai is 07:00 UTC, an hour ago.
            vec![("deadline", "2026-12-01T15:00")],
            "「新截止时间」：2026-12-01 15:00 CST（Asia/Shanghai）已经过去。请选一个将来的时间。",
        ),
        (
            vec![("extend_minutes", "soon")],
            "「延后分钟数」：「soon」不是 1 到 43200 之间的整数。",
        ),
        (
            vec![("extend_minutes", "0")],
            "「延后分钟数」：「0」不是 1 到 43200 之间的整数。",
        ),
        (
            vec![("deadline", ""), ("extend_minutes", " ")],
            "请选择新截止时间，或填写延后分钟数。",
        ),
    ] {
        let p = post_deadline(&admin, &page, g.id, &fields).await;
        p.assert_back_at(&path);
        assert!(p.body.contains(message), "{fields:?}: {}", p.body);
    }
    // Earlier than the current deadline but in the future: the service's refusal.
    let p = post_deadline(&admin, &page, g.id, &[("deadline", "2026-12-02T19:00")]).await;
    p.assert_back_at(&path);
    assert!(p.body.contains("新的截止时间必须晚于当前截止时间。"));
    assert_eq!(deadline_of(&app, g.id).await, "2026-12-02T12:00:00Z");
    // Minutes still move it from the current deadline.
    let p = post_deadline(&admin, &page, g.id, &[("extend_minutes", "30")]).await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    assert_eq!(deadline_of(&app, g.id).await, "2026-12-02T12:30:00Z");

    // English readers: the same, in English.
    let en = app.browser_in("en");
    en.login("admin", &app.admin_password).await;
    let page_en = en.get(&path).await;
    assert!(page_en.body.contains("New deadline (Asia/Shanghai)"));
    let p = post_deadline(&en, &page_en, g.id, &[("deadline", "noon")]).await;
    p.assert_back_at(&path);
    assert!(
        p.body
            .contains("“New deadline”: “noon” is not a date and time."),
        "{}",
        p.body
    );

    // The JSON API keeps ISO UTC, whatever the game's zone.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/deadline", g.id),
            &g.admin,
            json!({"act": 1, "deadline": "2026-12-03T12:00:00Z"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["deadline"], "2026-12-03T12:00:00Z");
    let (_, c) = api
        .get(&format!("/api/v1/games/{}/console", g.id), Some(&g.admin))
        .await;
    assert_eq!(c["deadline"], "2026-12-03T12:00:00Z");
    assert_eq!(c["timezone"], "Asia/Shanghai");
}

async fn deadlines_in_a_dst_gap_or_overlap_are_refused_by_name(app: TestApp) {
    set_clock(&app, "2026-12-01 08:00");
    let g = started_game(&app, "p", json!({"timezone": "Europe/Berlin"})).await;
    let path = format!("/games/{}/console", g.id);
    let admin = app.admin().await;
    let page = admin.get(&path).await;
    assert!(
        page.body.contains(
            r#"<time datetime="2026-12-01T09:00:00Z">2026-12-01 10:00 CET</time> (Europe/Berlin)"#
        ),
        "{}",
        page.body
    );
    for (value, message) in [
        (
            "2027-03-28T02:30",
            "「新截止时间」：2027-03-28T02:30 在 Europe/Berlin 不存在（夏令时开始，时钟跳过了这段时间）。请另选一个时间。",
        ),
        (
            "2027-10-31T02:30",
            "「新截止时间」：2027-10-31T02:30 在 Europe/Berlin 出现两次（夏令时结束，时钟回拨），无法确定是哪一次。请另选一个时间。",
        ),
    ] {
        let p = post_deadline(&admin, &page, g.id, &[("deadline", value)]).await;
        p.assert_back_at(&path);
        assert!(p.body.contains(message), "{value}: {}", p.body);
    }
    assert_eq!(deadline_of(&app, g.id).await, "2026-12-01T09:00:00Z");
    // Summer time: 20:00 in Berlin is 18:00 UTC, shown as CEST.
    let p = post_deadline(&admin, &page, g.id, &[("deadline", "2027-07-01T20:00")]).await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    assert_eq!(deadline_of(&app, g.id).await, "2027-07-01T18:00:00Z");
    let page = admin.get(&path).await;
    assert!(
        page.body
            .contains("2027-07-01 20:00 CEST</time> (Europe/Berlin)")
    );
}

async fn players_get_the_forbidden_page_and_nothing_of_the_console(app: TestApp) {
    let g = started_game(&app, "p", json!({})).await;
    let api = Api::new(&app);
    let (s, _) = api
        .post(
            &format!("/api/v1/games/{}/actions", g.id),
            &g.players[1],
            json!({"type": "vote", "targets": [g.names[2]]}),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let (s, _) = api
        .post(
            &format!("/api/v1/games/{}/alias", g.id),
            &g.players[0],
            json!({"password": "alias-password-1"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let seated = app.browser();
    seated.login("p0", "password-123").await;
    let outsider = app.player("outsider").await;
    let alias = app.browser();
    let csrf = alias.get(&format!("/games/{}/login", g.id)).await.csrf();
    let p = alias
        .post(
            &format!("/games/{}/login", g.id),
            &[
                ("csrf", &csrf),
                ("game_id", &g.names[0]),
                ("password", "alias-password-1"),
            ],
        )
        .await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    let path = format!("/games/{}/console", g.id);
    for (who, b) in [
        ("seated", &seated),
        ("outsider", &outsider),
        ("game-ID login", &alias),
    ] {
        // The answer any forbidden page gives (the admin's pages).
        let forbidden = b.get("/admin").await;
        assert_eq!(forbidden.status, StatusCode::FORBIDDEN, "{who}");
        let p = b.get(&path).await;
        assert_eq!(p.status, StatusCode::FORBIDDEN, "{who}");
        assert_eq!(
            p.body, forbidden.body,
            "{who}: the same page as any forbidden one"
        );
        for secret in ["p1", "p2", "法官控制台", "console-seats", "当前选票"] {
            assert!(!p.body.contains(secret), "{who}: {secret}");
        }
        // The forms too, confirmed: refused alike, nothing changed.
        let csrf = b.get(&format!("/games/{}", g.id)).await.csrf();
        for (form, fields) in [
            ("resolve", vec![("act", "1"), ("confirm", "yes")]),
            (
                "end",
                vec![("act", "1"), ("reason", "我来结束"), ("confirm", "yes")],
            ),
            (
                "substitute",
                vec![
                    ("game_id", g.names[1].as_str()),
                    ("account", "outsider"),
                    ("confirm", "yes"),
                ],
            ),
            ("deadline", vec![("act", "1"), ("extend_minutes", "30")]),
        ] {
            let mut post = vec![("csrf", csrf.as_str())];
            post.extend(fields);
            let p = b.post(&format!("{path}/{form}"), &post).await;
            assert_eq!(p.status, StatusCode::FORBIDDEN, "{who} {form}");
            assert_eq!(p.body, forbidden.body, "{who} {form}");
        }
    }
    let (_, public) = api.get(&format!("/api/v1/games/{}", g.id), None).await;
    assert_eq!(
        (public["act"].as_i64(), public["status"].as_str()),
        (Some(1), Some("running"))
    );
    let kinds = audit_kinds(&app, &g).await;
    for kind in ["resolved", "ended", "substituted", "deadline_extended"] {
        assert!(!kinds.iter().any(|(k, _)| k == kind), "{kind}: {kinds:?}");
    }
}

/// "Resolve now" tells the judge which act (and phase) it ended — not the act that opened, nor
/// an internal step number — and the console's form made for that act, sent again (Back, a
/// second click), resolves nothing (issue 38.8).
async fn resolve_now_names_the_phase_that_ended_and_a_stale_form_resolves_nothing(app: TestApp) {
    let admin = app.admin().await;
    let api = Api::new(&app);
    // Death Note: one phase per act.
    let g = started_game(&app, "rn", json!({})).await;
    let path = format!("/games/{}/console", g.id);
    let page = admin.get(&path).await;
    let form = [
        ("csrf", page.csrf()),
        ("act", page.hidden("act")),
        ("confirm", "yes".to_string()),
    ];
    let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    // Nobody voted: every seat is out (DN-16) and the notice says the game ended with act 1.
    let p = admin.post(&format!("{path}/resolve"), &form).await;
    p.assert_back_at(&path);
    assert!(p.body.contains("第 1 幕已结算，游戏结束。"), "{}", p.body);
    assert!(!p.body.contains("第 2 幕"), "{}", p.body);

    // 东杀: several phases per act; the judge reads "第 1 幕（夜晚）", never the step.
    let d = started_with(
        &app,
        "rd",
        8,
        json!({"title": "东杀结算", "variant": "dongsha", "act_minutes": 60}),
    )
    .await;
    let path = format!("/games/{}/console", d.id);
    let page = admin.get(&path).await;
    assert!(
        page.body
            .contains("我确认现在结算第 1 幕（夜晚），此操作不可撤回"),
        "{}",
        page.body
    );
    assert!(!page.body.contains("（夜晚） 幕"), "{}", page.body);
    let step = page.hidden("act");
    let p = admin
        .post(
            &format!("{path}/resolve"),
            &[("csrf", &page.csrf()), ("act", &step), ("confirm", "yes")],
        )
        .await;
    assert!(p.body.contains("第 1 幕（夜晚）已结算。"), "{}", p.body);
    let step_now = async || {
        let (_, g) = api.get(&format!("/api/v1/games/{}", d.id), None).await;
        g["phase"]["step"].to_string()
    };
    assert_ne!(step_now().await, step, "the night is over");
    // The night's form again (Back, a second click): refused, the phase now open untouched.
    let open = step_now().await;
    let p = admin
        .post(
            &format!("{path}/resolve"),
            &[("csrf", &page.csrf()), ("act", &step), ("confirm", "yes")],
        )
        .await;
    assert!(
        p.body.contains("这一幕已经结算过了，本次操作没有执行。"),
        "{}",
        p.body
    );
    assert_eq!(step_now().await, open);
    // In English too, from the game page's own button.
    let en = app.browser_in("en");
    en.login("admin", &app.admin_password).await;
    let game = en.get(&format!("/games/{}", d.id)).await;
    let step = game.hidden("act");
    let p = en
        .post(
            &format!("/games/{}/resolve", d.id),
            &[("csrf", &game.csrf()), ("act", &step), ("confirm", "yes")],
        )
        .await;
    assert!(p.body.contains("is resolved"), "{}", p.body);
    assert!(
        !p.body.contains(&format!("Act {step} is resolved")),
        "{}",
        p.body
    );
}

/// api.md: after the end a submission is `409 game_over`, and it is not logged (the log is
/// closed): through the API and the seat page, the game's event count and every seat's own log
/// stay as they were.
async fn a_submission_after_the_end_is_game_over_and_not_logged(app: TestApp) {
    let g = started_game(&app, "go", json!({})).await;
    let api = Api::new(&app);
    let base = format!("/api/v1/games/{}", g.id);
    let seat = app.browser();
    let signed_in = seat.login("go0", "password-123").await;
    assert_eq!(signed_in.status, StatusCode::OK, "{}", signed_in.body);
    let (s, b) = api
        .post(
            &format!("{base}/end"),
            &g.admin,
            json!({"act": 1, "reason": "提前结束", "winner": "draw"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let rows = crate::helpers::recorded(&app);
    let audit = audit_kinds(&app, &g).await;
    let (_, me) = api.get(&format!("{base}/me"), Some(&g.players[0])).await;
    let vote = json!({"type": "vote", "targets": [g.names[1]]});
    for action in [vote.clone(), json!({"type": "pass"})] {
        let (s, b) = api
            .post(&format!("{base}/actions"), &g.players[0], action.clone())
            .await;
        assert_eq!(
            (s, b["error"].as_str()),
            (StatusCode::CONFLICT, Some("game_over")),
            "{action}: {b}"
        );
    }
    // The seat page: no form to submit, and a crafted one is told the game is over.
    let page = seat.get(&format!("/games/{}/seat", g.id)).await;
    assert!(
        crate::helpers::form_html(&page, "vote").is_none(),
        "{}",
        page.body
    );
    let answer = crate::helpers::crafted(&seat, g.id, &[("type", "pass")]).await;
    assert!(answer.body.contains("游戏已经结束。"), "{}", answer.body);
    assert_eq!(crate::helpers::recorded(&app), rows, "nothing written");
    assert_eq!(audit_kinds(&app, &g).await, audit, "nothing logged");
    let (_, after) = api.get(&format!("{base}/me"), Some(&g.players[0])).await;
    assert_eq!(after, me, "the seat's own log is as it was");
}
