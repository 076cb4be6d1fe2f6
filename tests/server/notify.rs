//! Notifications, reminders, the banner, Atom feeds and live updates.

use crate::helpers::Api;
use crate::helpers::TestApp;
use crate::on_both_backends;
use maku::notify::{self, store::NotificationRow};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;

on_both_backends!(
    acts_and_action_turns_notify_each_seat_once,
    the_turn_kind_is_renamed_and_its_old_name_still_works,
    a_ballot_reminder_fires_once_at_the_right_time,
    quotes_notify_and_a_kind_can_be_turned_off,
    the_bell_the_list_and_the_banner,
    feeds_are_atom_and_name_no_accounts,
    the_event_stream_sends_an_update_after_a_post,
    replies_substitutions_and_game_logins,
    the_reminder_hour_is_set_per_game,
    one_notification_per_act_result_in_the_readers_language,
    a_short_act_is_not_reminded_at_its_opening,
    a_board_feed_holds_the_newest_posts_of_its_live_threads,
);

struct Player {
    name: String,
    token: String,
    user_id: i64,
}

struct Started {
    id: i64,
    admin: String,
    players: Vec<Player>,
}

async fn user_id(app: &TestApp, name: &str) -> i64 {
    let key = name.to_lowercase();
    app.state
        .db(move |c| Ok(maku::db::queries::users::by_key(c, &key)?))
        .await
        .expect("db")
        .expect("the account exists")
        .id
}

/// A started six-seat game with acts of `act_minutes`; players are `{prefix}0..5`.
async fn started_game(app: &TestApp, prefix: &str, act_minutes: i64) -> Started {
    let api = Api::new(app);
    let admin = api.token("admin", &app.admin_password).await;
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "提醒局", "variant": "deathnote", "act_minutes": act_minutes}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    let mut players = Vec::new();
    for i in 0..6 {
        let name = format!("{prefix}{i}");
        let token = api.account(&name).await;
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/signup"), &token, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        let user_id = user_id(app, &name).await;
        players.push(Player {
            name,
            token,
            user_id,
        });
    }
    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/start"), &admin, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    Started { id, admin, players }
}

async fn notes(app: &TestApp, user: i64) -> Vec<NotificationRow> {
    app.state
        .db(move |c| Ok(notify::store::list(c, user, None, 500)?))
        .await
        .expect("db")
}

fn count(rows: &[NotificationRow], kind: &str, game: i64, act: i32) -> usize {
    rows.iter()
        .filter(|r| r.kind == kind && r.game_id == game && r.act == act)
        .count()
}

async fn me(app: &TestApp, game: i64, token: &str) -> Value {
    let (s, v) = Api::new(app)
        .get(&format!("/api/v1/games/{game}/me"), Some(token))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v
}

async fn tick(app: &TestApp) -> usize {
    notify::tick(&app.state).await.expect("notify tick")
}

async fn acts_and_action_turns_notify_each_seat_once(app: TestApp) {
    let g = started_game(&app, "act", 60).await;
    assert!(tick(&app).await > 0);
    for p in &g.players {
        let rows = notes(&app, p.user_id).await;
        assert_eq!(
            count(&rows, "act_posted", g.id, 1),
            1,
            "{} hears of act 1",
            p.name
        );
        let view = me(&app, g.id, &p.token).await;
        let on_turn = view["state"]["on_turn"] == json!(true);
        assert_eq!(
            count(&rows, "action_turn", g.id, 1),
            usize::from(on_turn),
            "{}: the turn notified exactly when on turn",
            p.name
        );
    }
    // Nothing new: a second tick adds nothing.
    assert_eq!(tick(&app).await, 0);
    let api = Api::new(&app);
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/resolve", g.id),
            &g.admin,
            json!({"act": api.act(g.id).await}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    // The scheduler's tick runs the notifier too.
    maku::scheduler::tick(&app.state)
        .await
        .expect("scheduler tick");
    for p in &g.players {
        let rows = notes(&app, p.user_id).await;
        assert_eq!(
            count(&rows, "act_posted", g.id, 2),
            1,
            "{} hears of act 2",
            p.name
        );
        assert_eq!(count(&rows, "act_posted", g.id, 1), 1);
    }
    // Nobody else (the judge plays no seat) hears of it.
    let admin_id = user_id(&app, "admin").await;
    assert!(notes(&app, admin_id).await.is_empty());
}

async fn a_ballot_reminder_fires_once_at_the_right_time(app: TestApp) {
    // Day-long acts: the default reminder comes 6 hours before the deadline.
    let g = started_game(&app, "rem", 24 * 60).await;
    tick(&app).await;
    let mut good = Vec::new();
    for p in &g.players {
        if me(&app, g.id, &p.token).await["role"] == json!("good") {
            good.push(p);
        }
    }
    assert!(good.len() >= 2, "at least two good seats");
    let (voter, idle) = (good[0], good[1]);
    let (_, pg) = Api::new(&app)
        .get(&format!("/api/v1/games/{}", g.id), None)
        .await;
    let target = pg["seats"][0]["game_id"]
        .as_str()
        .expect("seat")
        .to_string();
    let (s, b) = Api::new(&app)
        .post(
            &format!("/api/v1/games/{}/actions", g.id),
            &voter.token,
            json!({"type": "vote", "targets": [target]}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let reminders = |rows: &[NotificationRow]| count(rows, "ballot_missing", g.id, 1);
    // 17 hours in (7 hours left): not yet.
    app.clock.advance(chrono::Duration::hours(17));
    tick(&app).await;
    assert_eq!(reminders(&notes(&app, idle.user_id).await), 0, "not before");
    // 18 hours and a minute in: now.
    app.clock.advance(chrono::Duration::minutes(61));
    tick(&app).await;
    assert_eq!(reminders(&notes(&app, idle.user_id).await), 1, "at N hours");
    assert_eq!(
        reminders(&notes(&app, voter.user_id).await),
        0,
        "not who voted"
    );
    // Later ticks do not repeat it.
    tick(&app).await;
    app.clock.advance(chrono::Duration::hours(2));
    tick(&app).await;
    assert_eq!(reminders(&notes(&app, idle.user_id).await), 1, "once");
    let row = notes(&app, idle.user_id)
        .await
        .into_iter()
        .find(|r| r.kind == "ballot_missing")
        .expect("the reminder");
    let payload: Value = serde_json::from_str(&row.payload).expect("payload");
    assert_eq!(payload["ballot"], json!(true));
}

async fn quotes_notify_and_a_kind_can_be_turned_off(app: TestApp) {
    let slug = app.board("talk").await;
    let api = Api::new(&app);
    let alice = api.account("alice").await;
    let bob = api.account("bob").await;
    let (s, t) = api
        .post(
            &format!("/api/v1/boards/{slug}/threads"),
            &alice,
            json!({"title": "引用", "body": "first"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{t}");
    let thread = t["id"].as_i64().expect("thread");
    let (_, p) = api
        .post(
            &format!("/api/v1/threads/{thread}/posts"),
            &bob,
            json!({"body": "bob says"}),
        )
        .await;
    let bobs_post = p["floor"].as_i64().expect("post");
    let (s, q) = api
        .post(
            &format!("/api/v1/threads/{thread}/posts"),
            &alice,
            json!({"body": "alice quotes", "quote": bobs_post}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{q}");
    tick(&app).await;
    let bob_id = user_id(&app, "bob").await;
    let rows = notes(&app, bob_id).await;
    assert_eq!(rows.iter().filter(|r| r.kind == "quoted").count(), 1);
    let quoting = app
        .state
        .db(move |c| Ok(maku::db::queries::forum::post_at(c, thread, 3)?))
        .await
        .expect("db")
        .expect("the quoting post");
    assert_eq!(q, json!({"floor": 3}));
    assert_eq!(rows[0].post_id, quoting.id);
    // Bob turns quotes off in his settings; the next quote stays silent.
    let b = app.browser();
    b.login("bob", "password-123").await;
    let form = b.get("/account/notifications").await;
    assert_eq!(form.status, StatusCode::OK);
    assert!(form.body.contains(r#"name="quoted""#), "{}", form.body);
    let csrf = form.csrf();
    let saved = b
        .post(
            "/account/notifications",
            &[
                ("csrf", csrf.as_str()),
                ("act_posted", "on"),
                ("action_turn", "on"),
                ("ballot_missing", "on"),
                ("substituted_in", "on"),
            ],
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    // Without the token the settings do not change.
    let refused = b.post("/account/notifications", &[("csrf", "wrong")]).await;
    assert_ne!(refused.status, StatusCode::OK);
    api.post(
        &format!("/api/v1/threads/{thread}/posts"),
        &alice,
        json!({"body": "again", "quote": bobs_post}),
    )
    .await;
    tick(&app).await;
    let rows = notes(&app, bob_id).await;
    assert_eq!(rows.iter().filter(|r| r.kind == "quoted").count(), 1, "off");
    // Alice, who was never quoted, has nothing.
    assert!(notes(&app, user_id(&app, "alice").await).await.is_empty());
}

async fn the_bell_the_list_and_the_banner(app: TestApp) {
    let g = started_game(&app, "bell", 24 * 60).await;
    tick(&app).await;
    // A good seat owes its ballot.
    let mut good = None;
    for p in &g.players {
        if me(&app, g.id, &p.token).await["role"] == json!("good") {
            good = Some(p);
            break;
        }
    }
    let p = good.expect("a good seat");
    let b = app.browser();
    let login = b.login(&p.name, "password-123").await;
    assert_eq!(login.status, StatusCode::OK);
    let unread = notes(&app, p.user_id).await.len();
    assert!(unread >= 1);
    let home = b.get("/").await;
    assert!(home.body.contains("bell unread"), "{}", home.body);
    // The bell is an inline SVG (no emoji font needed), named for screen readers by its link.
    assert!(
        home.body.contains(r#"<svg class="bell-icon""#),
        "{}",
        home.body
    );
    assert!(home.body.contains(r#"aria-hidden="true""#));
    assert!(!home.body.contains('🔔'));
    assert!(
        home.body
            .contains(&format!(r#"aria-label="通知：{unread} 条未读""#)),
        "{}",
        home.body
    );
    assert!(
        home.body
            .contains(&format!(r#"<span class="count">{unread}</span>"#)),
        "{}",
        home.body
    );
    let list = b.get("/notifications").await;
    assert_eq!(list.status, StatusCode::OK);
    assert!(
        list.body.contains(&format!(
            r#"name="to" value="/games/{}/threads/game""#,
            g.id
        )),
        "{}",
        list.body
    );
    assert!(list.body.contains("提醒局"), "{}", list.body);
    // Reading the list changes nothing (a GET); "mark all read" (a form) does.
    let home = b.get("/").await;
    assert!(
        home.body
            .contains(&format!(r#"<span class="count">{unread}</span>"#))
    );
    b.post("/notifications/read", &[("csrf", &list.csrf())])
        .await
        .assert_back_at("/notifications");
    let home = b.get("/").await;
    assert!(home.body.contains(r#"<span class="count">0</span>"#));
    // Anonymous readers have no bell and no list.
    let anon = app.browser();
    assert!(!anon.get("/").await.body.contains("bell"));
    let sent = anon.get("/notifications").await;
    assert!(sent.url.contains("/login?next="), "{}", sent.url);
    // The banner: on every game page of the owing seat, not for others, gone after voting.
    for path in [
        format!("/games/{}", g.id),
        format!("/games/{}/seat", g.id),
        format!("/games/{}/threads/game", g.id),
    ] {
        let page = b.get(&path).await;
        assert!(page.body.contains("owes-banner"), "{path}: {}", page.body);
        assert!(
            page.body
                .contains(&format!(r#"data-live="/games/{}/events""#, g.id))
        );
        assert!(!anon.get(&path).await.body.contains("owes-banner"));
    }
    let (_, pg) = Api::new(&app)
        .get(&format!("/api/v1/games/{}", g.id), None)
        .await;
    let target = pg["seats"][0]["game_id"]
        .as_str()
        .expect("seat")
        .to_string();
    let (s, r) = Api::new(&app)
        .post(
            &format!("/api/v1/games/{}/actions", g.id),
            &p.token,
            json!({"type": "vote", "targets": [target]}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    let page = b.get(&format!("/games/{}/seat", g.id)).await;
    assert!(!page.body.contains("owes-banner"), "{}", page.body);
}

async fn feeds_are_atom_and_name_no_accounts(app: TestApp) {
    let slug = app.board("feeds").await;
    let api = Api::new(&app);
    let writer = api.account("feedwriter").await;
    api.post(
        &format!("/api/v1/boards/{slug}/threads"),
        &writer,
        json!({"title": "订阅测试", "body": "hello **feed**"}),
    )
    .await;
    let client = crate::helpers::client().build().expect("client");
    let resp = client
        .get(app.url(&format!("/b/{slug}/feed.atom")))
        .send()
        .await
        .expect("GET");
    assert_eq!(resp.status(), StatusCode::OK);
    let ct = resp.headers()["content-type"]
        .to_str()
        .unwrap_or("")
        .to_string();
    assert!(ct.starts_with("application/atom+xml"), "{ct}");
    let body = resp.text().await.expect("body");
    assert!(body.contains("<feed"), "{body}");
    assert!(body.contains("<entry>"), "{body}");
    assert!(
        body.contains("订阅测试") && body.contains("feedwriter"),
        "{body}"
    );
    let board_page = app.browser().get(&format!("/b/{slug}")).await;
    assert!(board_page.body.contains("application/atom+xml"));

    let g = started_game(&app, "secretacct", 60).await;
    let poster = &g.players[0];
    let game_name = me(&app, g.id, &poster.token).await["game_id"]
        .as_str()
        .expect("game id")
        .to_string();
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/threads/game", g.id),
            &poster.token,
            json!({"body": "我是好人"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    api.post(
        &format!("/api/v1/games/{}/resolve", g.id),
        &g.admin,
        json!({"act": api.act(g.id).await}),
    )
    .await;
    let body = client
        .get(app.url(&format!("/games/{}/feed.atom", g.id)))
        .send()
        .await
        .expect("GET")
        .text()
        .await
        .expect("body");
    assert!(body.contains("<feed"), "{body}");
    assert!(body.matches("<entry>").count() >= 2, "{body}");
    assert!(body.contains(&game_name), "the game ID: {body}");
    assert!(body.contains("我是好人"), "{body}");
    assert!(!body.contains("secretacct"), "no account name: {body}");
    assert!(!body.contains("admin"), "not even the judge's: {body}");
}

async fn the_event_stream_sends_an_update_after_a_post(app: TestApp) {
    let g = started_game(&app, "live", 60).await;
    let mut resp = crate::helpers::client()
        .build()
        .expect("client")
        .get(app.url(&format!("/games/{}/events", g.id)))
        .send()
        .await
        .expect("GET");
    assert_eq!(resp.status(), StatusCode::OK);
    let ct = resp.headers()["content-type"]
        .to_str()
        .unwrap_or("")
        .to_string();
    assert!(ct.starts_with("text/event-stream"), "{ct}");
    let first = tokio::time::timeout(Duration::from_secs(10), resp.chunk())
        .await
        .expect("the stream opens at once")
        .expect("a chunk")
        .expect("not the end");
    assert!(!String::from_utf8_lossy(&first).contains("event: update"));
    let (s, b) = Api::new(&app)
        .post(
            &format!("/api/v1/games/{}/threads/game", g.id),
            &g.players[0].token,
            json!({"body": "有人吗"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let mut seen = String::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    while !seen.contains("event: update") {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        let chunk = tokio::time::timeout(left, resp.chunk())
            .await
            .expect("an update within 15 s")
            .expect("a chunk")
            .expect("not the end");
        seen.push_str(&String::from_utf8_lossy(&chunk));
    }
    assert!(seen.contains(r#"data: {"act":1,"floor":2}"#), "{seen}");
    // The stream says nothing about who posted.
    assert!(!seen.contains("live0"), "{seen}");
    let missing = crate::helpers::client()
        .build()
        .expect("client")
        .get(app.url("/games/999999/events"))
        .send()
        .await
        .expect("GET");
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

async fn replies_substitutions_and_game_logins(app: TestApp) {
    let g = started_game(&app, "r", 1440).await;
    let api = Api::new(&app);
    let target = me(&app, g.id, &g.players[1].token).await["game_id"].clone();
    let (s, _) = api
        .post(
            &format!("/api/v1/games/{}/actions", g.id),
            &g.players[0].token,
            json!({"type": "vote", "targets": [target]}),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let (s, _) = api
        .post(
            &format!("/api/v1/games/{}/actions", g.id),
            &g.players[0].token,
            json!({"type": "vote", "targets": []}),
        )
        .await;
    assert_eq!(
        s,
        StatusCode::CONFLICT,
        "an empty ballot is refused (DN-14)"
    );
    tick(&app).await;
    // An accepted and a refused ballot: the seat read both answers where it submitted; no bell.
    for p in &g.players {
        assert_eq!(
            count(&notes(&app, p.user_id).await, notify::ACTION_REPLY, g.id, 1),
            0,
            "a submission notifies nobody"
        );
    }
    assert_eq!(tick(&app).await, 0, "nothing twice");

    // A second game with r1 in it: r1's game-ID login of game 1 must not hear of game 2.
    let admin = api.token("admin", &app.admin_password).await;
    let (_, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "第二局", "variant": "deathnote"}),
        )
        .await;
    let second = b["id"].as_i64().expect("id");
    api.post(
        &format!("/api/v1/games/{second}/signup"),
        &g.players[1].token,
        json!({}),
    )
    .await;
    for i in 0..5 {
        let t = api.account(&format!("q{i}")).await;
        api.post(&format!("/api/v1/games/{second}/signup"), &t, json!({}))
            .await;
    }
    api.post(&format!("/api/v1/games/{second}/start"), &admin, json!({}))
        .await;
    tick(&app).await;
    assert_eq!(
        count(
            &notes(&app, g.players[1].user_id).await,
            notify::ACT_POSTED,
            second,
            1
        ),
        1
    );
    let (s, _) = api
        .post(
            &format!("/api/v1/games/{}/alias", g.id),
            &g.players[1].token,
            json!({"password": "alias-pass-1"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let name = me(&app, g.id, &g.players[1].token).await["game_id"]
        .as_str()
        .expect("name")
        .to_string();
    let alias = app.browser();
    let csrf = alias.get(&format!("/games/{}/login", g.id)).await.csrf();
    alias
        .post(
            &format!("/games/{}/login", g.id),
            &[
                ("csrf", &csrf),
                ("game_id", &name),
                ("password", "alias-pass-1"),
            ],
        )
        .await;
    let list = alias.get("/notifications").await;
    assert_eq!(list.status, StatusCode::OK);
    assert!(list.body.contains("提醒局"), "its own game");
    assert!(
        !list.body.contains("第二局"),
        "never the account's other games"
    );
    let own = app.browser();
    own.login("r1", "password-123").await;
    assert!(
        own.get("/notifications").await.body.contains("第二局"),
        "the account itself sees both"
    );

    // A substitute is told; the account it replaced is not.
    api.account("bench").await;
    let seat = me(&app, g.id, &g.players[2].token).await["game_id"].clone();
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/substitute", g.id),
            &g.admin,
            json!({"game_id": seat, "account": "bench"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    tick(&app).await;
    let bench = user_id(&app, "bench").await;
    assert_eq!(
        notes(&app, bench)
            .await
            .iter()
            .filter(|r| r.kind == notify::SUBSTITUTED_IN)
            .count(),
        1
    );
    assert!(
        !notes(&app, g.players[2].user_id)
            .await
            .iter()
            .any(|r| r.kind == notify::SUBSTITUTED_IN)
    );
    // Both accounts' histories record the substitution (the admins' audit by account).
    let admin_browser = app.admin().await;
    let bench_log = admin_browser.get("/admin/audit?account=bench").await;
    assert!(
        bench_log
            .body
            .contains(r#"<td title="substituted_in">被替补进游戏</td>"#)
    );
    let old_log = admin_browser.get("/admin/audit?account=r2").await;
    assert!(
        old_log
            .body
            .contains(r#"<td title="substituted_out">被替补出游戏</td>"#)
    );
}

async fn the_reminder_hour_is_set_per_game(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "x", "variant": "deathnote", "remind_hours": 100}),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{b}");
    let (s, b) = api
        .post("/api/v1/games", &admin, json!({"title": "两小时", "variant": "deathnote", "act_minutes": 600, "remind_hours": 2}))
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    let mut users = Vec::new();
    for i in 0..6 {
        let name = format!("h{i}");
        let t = api.account(&name).await;
        api.post(&format!("/api/v1/games/{id}/signup"), &t, json!({}))
            .await;
        users.push(user_id(&app, &name).await);
    }
    api.post(&format!("/api/v1/games/{id}/start"), &admin, json!({}))
        .await;
    app.clock.advance(chrono::Duration::minutes(600 - 3 * 60));
    tick(&app).await;
    assert_eq!(
        count(&notes(&app, users[0]).await, notify::BALLOT_MISSING, id, 1),
        0,
        "3 h before: not yet"
    );
    app.clock.advance(chrono::Duration::minutes(61));
    tick(&app).await;
    assert_eq!(
        count(&notes(&app, users[0]).await, notify::BALLOT_MISSING, id, 1),
        1,
        "2 h before: reminded"
    );
}

/// Writes a notification row as the notifier did before act results (one per submission).
async fn old_reply_row(app: &TestApp, user: i64, game: i64, seq: i64, payload: Value) {
    let now = maku::game::Clock::now(app.clock.as_ref());
    app.state
        .write(move |c| {
            let n = notify::store::NewNotification {
                user_id: user,
                kind: notify::ACTION_REPLY,
                game_id: game,
                act: 1,
                post_id: seq,
                payload: payload.to_string(),
            };
            Ok(notify::store::add(c, &n, now)?)
        })
        .await
        .expect("db");
}

/// Raw codes of the rules and of the notifier, which no reader should see.
const RAW: [&str; 10] = [
    "vote_recorded",
    "bad_target",
    "join_succeeded",
    "action_reply",
    "action_turn",
    "kira_turn",
    "(DN-",
    "（DN-",
    "dn-",
    "notify-",
];

async fn one_notification_per_act_result_in_the_readers_language(app: TestApp) {
    let g = started_game(&app, "res", 24 * 60).await;
    tick(&app).await;
    let api = Api::new(&app);
    let mut views = Vec::new();
    for p in &g.players {
        views.push(me(&app, g.id, &p.token).await);
    }
    let kiras: Vec<usize> = (0..6)
        .filter(|&i| views[i]["role"] != json!("good"))
        .collect();
    assert_eq!(kiras.len(), 2, "two Kiras");
    let on_turn = *kiras
        .iter()
        .find(|&&i| views[i]["state"]["on_turn"] == json!(true))
        .expect("a Kira on turn");
    let partner = *kiras.iter().find(|&&i| i != on_turn).expect("partner");
    let good: Vec<usize> = (0..6).filter(|i| !kiras.contains(i)).collect();
    let name = |i: usize| views[i]["game_id"].as_str().expect("game id").to_string();
    // Everybody votes out the first good seat (who votes for the second), three times over:
    // every ballot is accepted.
    for _ in 0..3 {
        for (i, p) in g.players.iter().enumerate() {
            let target = if i == good[0] {
                name(good[1])
            } else {
                name(good[0])
            };
            let (s, b) = api
                .post(
                    &format!("/api/v1/games/{}/actions", g.id),
                    &p.token,
                    json!({"type": "vote", "targets": [target]}),
                )
                .await;
            assert_eq!(s, StatusCode::OK, "{b}");
        }
    }
    // The Kira on turn joins the other: the partner has a private result this act.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/actions", g.id),
            &g.players[on_turn].token,
            json!({"type": "join", "target": name(partner)}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    tick(&app).await;
    for p in &g.players {
        assert_eq!(
            count(&notes(&app, p.user_id).await, notify::ACTION_REPLY, g.id, 1),
            0,
            "{}: nothing before the act resolves",
            p.name
        );
    }
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/resolve", g.id),
            &g.admin,
            json!({"act": 1}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    tick(&app).await;
    for (i, p) in g.players.iter().enumerate() {
        assert_eq!(
            count(&notes(&app, p.user_id).await, notify::ACTION_REPLY, g.id, 1),
            usize::from(i == partner),
            "{}: one notification for the act's private results, only where there are some",
            p.name
        );
    }
    assert_eq!(tick(&app).await, 0, "nothing twice");

    // Rows written before this change (one per submission) render as sentences too.
    let user = g.players[partner].user_id;
    old_reply_row(
        &app,
        user,
        g.id,
        900,
        json!({"title": "提醒局", "ok": true,
        "action": "vote", "reply": "vote_recorded", "error": null}),
    )
    .await;
    old_reply_row(
        &app,
        user,
        g.id,
        901,
        json!({"title": "提醒局", "ok": false,
        "action": "vote", "reply": null, "error": "bad_target"}),
    )
    .await;
    let joiner = name(on_turn);
    for (lang, joined, refused, turn) in [
        ("zh-CN", "你与", "目标不存在或已出局", "轮到你的基拉回合"),
        (
            "en",
            "You are joined with",
            "The target is unknown or out",
            "it is your Kira turn",
        ),
    ] {
        let b = app.browser_in(lang);
        b.login(&g.players[partner].name, "password-123").await;
        let list = b.get("/notifications").await;
        assert_eq!(list.status, StatusCode::OK);
        assert!(
            list.body.contains(joined) && list.body.contains(&joiner),
            "{lang}: {}",
            list.body
        );
        assert!(list.body.contains(refused), "{lang}: {}", list.body);
        for raw in RAW {
            assert!(!list.body.contains(raw), "{lang}: {raw} in {}", list.body);
        }
        let b = app.browser_in(lang);
        b.login(&g.players[on_turn].name, "password-123").await;
        let list = b.get("/notifications").await;
        assert!(list.body.contains(turn), "{lang}: {}", list.body);
        if lang == "zh-CN" {
            assert!(!list.body.contains("Kira"), "one language: {}", list.body);
        }
        for raw in RAW {
            assert!(!list.body.contains(raw), "{lang}: {raw} in {}", list.body);
        }
    }
}

async fn a_short_act_is_not_reminded_at_its_opening(app: TestApp) {
    // One-hour acts, reminded six hours ahead by default: not at the opening, but half-way.
    let g = started_game(&app, "short", 60).await;
    app.clock.advance(chrono::Duration::minutes(1));
    tick(&app).await;
    let owed = |rows: &[NotificationRow], act| count(rows, notify::BALLOT_MISSING, g.id, act);
    for p in &g.players {
        assert_eq!(
            owed(&notes(&app, p.user_id).await, 1),
            0,
            "not at the opening"
        );
    }
    app.clock.advance(chrono::Duration::minutes(30));
    tick(&app).await;
    for p in &g.players {
        assert_eq!(
            owed(&notes(&app, p.user_id).await, 1),
            1,
            "half-way through"
        );
    }
    // Everybody votes (and the Kira on turn passes), so act 2 opens with all but one seat.
    let api = Api::new(&app);
    let mut names = Vec::new();
    for p in &g.players {
        names.push(me(&app, g.id, &p.token).await["game_id"].clone());
    }
    // One seat is voted out (it votes for itself, so no second count puts anyone else out
    // and the game goes on whatever the deal).
    for p in &g.players {
        let target = &names[0];
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{}/actions", g.id),
                &p.token,
                json!({"type": "vote", "targets": [target]}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        if me(&app, g.id, &p.token).await["state"]["on_turn"] == json!(true) {
            let (s, b) = api
                .post(
                    &format!("/api/v1/games/{}/actions", g.id),
                    &p.token,
                    json!({"type": "pass"}),
                )
                .await;
            assert_eq!(s, StatusCode::OK, "{b}");
        }
    }
    // Right after a resolution, the next act is not reminded either.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/resolve", g.id),
            &g.admin,
            json!({"act": 1}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    tick(&app).await;
    app.clock.advance(chrono::Duration::minutes(1));
    tick(&app).await;
    assert_eq!(api.act(g.id).await, 2, "the game goes on");
    for p in &g.players {
        assert_eq!(
            owed(&notes(&app, p.user_id).await, 2),
            0,
            "not at act 2's opening"
        );
    }
    app.clock.advance(chrono::Duration::minutes(30));
    tick(&app).await;
    let reminded: usize = {
        let mut n = 0;
        for p in &g.players {
            n += owed(&notes(&app, p.user_id).await, 2);
        }
        n
    };
    assert!(reminded > 0, "act 2 is reminded half-way");
}

/// The board feed reads only the tails of the threads written in last; its entries
/// are still exactly the board's 50 newest user posts in live forum threads, newest first, as
/// a plain query over every post finds them. One thread is longer than the feed, one is
/// deleted, one is older than the rest, and the newest post bumps the oldest thread.
async fn a_board_feed_holds_the_newest_posts_of_its_live_threads(app: TestApp) {
    use diesel::prelude::*;
    use maku::db::schema::{boards, posts, threads};
    let slug = app.board("tails").await;
    let other = app.board("elsewhere").await;
    let api = Api::new(&app);
    let alice = api.account("alice").await;
    let admin = api.token("admin", &app.admin_password).await;
    let thread = |board: &str, title: &str| {
        let (api, alice, path) = (&api, &alice, format!("/api/v1/boards/{board}/threads"));
        let title = title.to_string();
        async move {
            let (s, b) = api
                .post(&path, alice, json!({"title": title, "body": "一楼"}))
                .await;
            assert_eq!(s, StatusCode::CREATED, "{b}");
            b["id"].as_i64().expect("id")
        }
    };
    let reply = |id: i64, n: usize| {
        let (api, alice) = (&api, &alice);
        async move {
            let (s, b) = api
                .post(
                    &format!("/api/v1/threads/{id}/posts"),
                    alice,
                    json!({"body": format!("回复 {n}")}),
                )
                .await;
            assert_eq!(s, StatusCode::CREATED, "{b}");
        }
    };
    let oldest = thread(&slug, "最早").await;
    let long = thread(&slug, "长帖").await;
    for n in 0..60 {
        reply(long, n).await;
    }
    let gone = thread(&slug, "将删").await;
    let elsewhere = thread(&other, "别处").await;
    let short = thread(&slug, "短帖").await;
    for n in 0..3 {
        reply(gone, n).await;
        reply(elsewhere, n).await;
        reply(short, n).await;
    }
    reply(oldest, 0).await;
    let (s, b) = api
        .post(
            &format!("/api/v1/threads/{gone}/moderate"),
            &admin,
            json!({"action": "delete"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");

    let mut c = app.state.pool.get().expect("connection");
    let expected: Vec<String> = posts::table
        .inner_join(threads::table.inner_join(boards::table))
        .filter(boards::slug.eq(&slug))
        .filter(threads::deleted_at.is_null())
        .filter(posts::kind.eq("user"))
        .order(posts::id.desc())
        .limit(50)
        .select((posts::thread_id, posts::floor))
        .load::<(i64, i64)>(&mut c)
        .expect("posts")
        .into_iter()
        .map(|(t, f)| format!("/t/{t}/{f}</id>"))
        .collect();
    drop(c);
    assert_eq!(expected.len(), 50);
    assert!(expected[0].starts_with(&format!("/t/{oldest}/2<")));
    let feed = app.browser().get(&format!("/b/{slug}/feed.atom")).await;
    let entries: Vec<String> = feed
        .body
        .split("<entry>")
        .skip(1)
        .map(|e| {
            let id = e.split("<id>").nth(1).expect("an id");
            id[id.find("/t/").expect("a thread link")..]
                .split_inclusive("</id>")
                .next()
                .expect("id")
                .to_string()
        })
        .collect();
    assert_eq!(entries, expected);
    assert!(!feed.body.contains("别处") && !feed.body.contains("将删"));
}

/// The old name of the kind `action_turn` (issue 39: it was named after one variant's turn).
const OLD_TURN: &str = "kira_turn";

/// The migration of issue 39 (`*_neutral_kinds`) of each backend, by its URL's scheme.
const NEUTRAL_KINDS: [(&str, &str); 2] = [
    (
        "postgres",
        include_str!("../../migrations/postgres/2026-12-20-003901_neutral_kinds/up.sql"),
    ),
    (
        "sqlite",
        include_str!("../../migrations/sqlite/2026-12-20-003901_neutral_kinds/up.sql"),
    ),
];

/// That migration as the backend of `app` runs it.
fn neutral_kinds_sql(app: &TestApp) -> &'static str {
    NEUTRAL_KINDS
        .iter()
        .find(|(scheme, _)| app.database_url.starts_with(scheme))
        .map(|(_, sql)| *sql)
        .expect("a backend with the migration")
}

async fn run_sql(app: &TestApp, sql: String) {
    use diesel::connection::SimpleConnection;
    app.state
        .write(move |c| Ok(c.batch_execute(&sql)?))
        .await
        .expect("sql");
}

async fn stored_kinds(app: &TestApp, user: i64) -> Vec<(String, String)> {
    use diesel::prelude::*;
    use maku::db::schema_mail::{mail_outbox, mail_prefs};
    use maku::db::schema_notify::{notification_prefs, notifications};
    app.state
        .db(move |c| {
            let mut all = Vec::new();
            for (table, kinds) in [
                (
                    "notifications",
                    notifications::table
                        .filter(notifications::user_id.eq(user))
                        .order(notifications::id)
                        .select(notifications::kind)
                        .load::<String>(c)?,
                ),
                (
                    "notification_prefs",
                    notification_prefs::table
                        .filter(notification_prefs::user_id.eq(user))
                        .select(notification_prefs::kind)
                        .load::<String>(c)?,
                ),
                (
                    "mail_prefs",
                    mail_prefs::table
                        .filter(mail_prefs::user_id.eq(user))
                        .select(mail_prefs::kind)
                        .load::<String>(c)?,
                ),
                (
                    "mail_outbox",
                    mail_outbox::table
                        .filter(mail_outbox::user_id.eq(user))
                        .select(mail_outbox::kind)
                        .load::<String>(c)?,
                ),
            ] {
                all.extend(kinds.into_iter().map(|k| (table.to_string(), k)));
            }
            Ok(all)
        })
        .await
        .expect("db")
}

/// An unsubscribe token as a server signed it for `scope` (mail::unsubscribe: HMAC-SHA256 of
/// the mail key over the account and the scope's name, its first 128 bits in hex).
async fn signed_token(app: &TestApp, user: i64, scope: &str) -> String {
    use hmac::{Hmac, Mac};
    let key = app
        .state
        .write(|c| {
            Ok(maku::db::queries::keys::get_or_create(
                c,
                "mail_key",
                || "a key made by the test".to_string(),
            )?)
        })
        .await
        .expect("the mail key");
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(key.as_bytes()).expect("hmac");
    mac.update(format!("maku-unsubscribe:{user}:{scope}").as_bytes());
    let mut hex = hex::encode(mac.finalize().into_bytes());
    hex.truncate(32);
    format!("{user}.{scope}.{hex}")
}

/// Issue 39: the kind "one's turn to act has come" is `action_turn` for every variant. The
/// migration moves the rows stored under the old name (notifications, switches, mail modes,
/// mails waiting); a row of the old name still reads as the kind; an API client sending the old
/// key sets the kind and is answered with the new name; an unsubscribe address mailed with the
/// old name still stops the kind, its signature checked over the name it was signed with.
async fn the_turn_kind_is_renamed_and_its_old_name_still_works(app: TestApp) {
    let api = Api::new(&app);
    let token = api.account("renamed").await;
    let user = user_id(&app, "renamed").await;

    // Rows as a server of before the rename stored them: two notifications, the kind switched
    // off in the bell, not mailed at all, and one of its mails waiting.
    let turn = |game: i64| {
        format!(
            "INSERT INTO notifications (user_id, kind, game_id, act, post_id, payload, created_at)
             VALUES ({user}, '{OLD_TURN}', {game}, 2, 0, '{{\"title\": \"旧局{game}\", \"act\": 2}}',
                     '2026-12-01 10:00:00');"
        )
    };
    run_sql(
        &app,
        format!(
            "{}{}
             INSERT INTO notification_prefs (user_id, kind, enabled) VALUES ({user}, '{OLD_TURN}', false);
             INSERT INTO mail_prefs (user_id, kind, mode) VALUES ({user}, '{OLD_TURN}', 'none');
             INSERT INTO mail_outbox (user_id, kind, to_address, subject, body, unsubscribe,
                                      created_at, send_after)
             VALUES ({user}, '{OLD_TURN}', 'r@example.test', 's', 'b', 'u',
                     '2026-12-01 10:00:00', '2026-12-01 10:00:00');",
            turn(7),
            turn(8)
        ),
    )
    .await;
    let before = stored_kinds(&app, user).await;
    assert_eq!(before.len(), 5, "{before:?}");
    assert!(before.iter().all(|(_, k)| k == OLD_TURN), "{before:?}");

    // The migration moves every one of them.
    run_sql(&app, neutral_kinds_sql(&app).to_string()).await;
    let after = stored_kinds(&app, user).await;
    assert_eq!(after.len(), 5, "{after:?}");
    assert!(
        after.iter().all(|(_, k)| k == notify::ACTION_TURN),
        "{after:?}"
    );
    // The account's choices hold under the new name: off in the bell, no mail.
    let (s, on) = api.get("/api/v1/account/notifications", Some(&token)).await;
    assert_eq!(s, StatusCode::OK, "{on}");
    assert_eq!(on["action_turn"], json!(false), "{on}");
    assert!(on.get(OLD_TURN).is_none(), "{on}");
    let (s, modes) = api.get("/api/v1/account/mail", Some(&token)).await;
    assert_eq!(s, StatusCode::OK, "{modes}");
    assert_eq!(
        modes["action_turn"], "none",
        "not the default (now): {modes}"
    );
    assert!(modes.get(OLD_TURN).is_none(), "{modes}");

    // A row of the old name written after the migration (by an instance of the previous build
    // still running) reads as the kind: its sentence, its link, the name now.
    run_sql(&app, turn(9)).await;
    let (s, bell) = api.get("/api/v1/notifications", Some(&token)).await;
    assert_eq!(s, StatusCode::OK, "{bell}");
    let list = bell["notifications"].as_array().expect("a list");
    assert_eq!(list.len(), 3, "{bell}");
    for (n, game) in list.iter().zip([9, 8, 7]) {
        assert_eq!(n["kind"], "action_turn", "{n}");
        assert_eq!(
            n["text"],
            format!("旧局{game}：第 2 幕轮到你的基拉回合。"),
            "{n}"
        );
        assert_eq!(n["href"], format!("/games/{game}/seat"), "{n}");
    }

    // An API client of before the rename sends the old key: it sets the kind (deprecated) and
    // the answer names the kind by its name now. One kind under both names with two values is
    // refused, and nothing is written.
    let (s, on) = api
        .post(
            "/api/v1/account/notifications",
            &token,
            json!({OLD_TURN: true}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{on}");
    assert_eq!(on["action_turn"], json!(true), "{on}");
    assert!(on.get(OLD_TURN).is_none(), "{on}");
    let (s, modes) = api
        .call(
            reqwest::Method::PUT,
            "/api/v1/account/mail",
            Some(&token),
            Some(json!({OLD_TURN: "daily"})),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{modes}");
    assert_eq!(modes["action_turn"], "daily", "{modes}");
    assert!(modes.get(OLD_TURN).is_none(), "{modes}");
    let (s, e) = api
        .call(
            reqwest::Method::PUT,
            "/api/v1/account/mail",
            Some(&token),
            Some(json!({OLD_TURN: "none", "action_turn": "now"})),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{e}");
    let (_, modes) = api.get("/api/v1/account/mail", Some(&token)).await;
    assert_eq!(modes["action_turn"], "daily", "{modes}");
    // The document says so: the old key is taken in requests, deprecated, and never answered.
    let (_, doc) = api.get("/api/v1/openapi.json", None).await;
    for (path, method) in [("/account/notifications", "post"), ("/account/mail", "put")] {
        let op = &doc["paths"][path][method];
        let body = &op["requestBody"]["content"]["application/json"]["schema"]["properties"];
        assert_eq!(body[OLD_TURN]["deprecated"], json!(true), "{path}: {op}");
        assert!(body["action_turn"].is_object(), "{path}: {op}");
        let answer = op["responses"]["200"].to_string();
        assert!(!answer.contains(OLD_TURN), "{path}: {answer}");
    }

    // An unsubscribe address mailed before the rename names the old kind, signed so: it still
    // shows what it stops and stops the kind. The same signature under the new name is forged.
    let old = signed_token(&app, user, OLD_TURN).await;
    let url = app.url(&format!("/mail/unsubscribe/{old}"));
    let forged = old.replacen(OLD_TURN, notify::ACTION_TURN, 1);
    let anon = crate::helpers::client().build().expect("client");
    let r = anon
        .get(app.url(&format!("/mail/unsubscribe/{forged}")))
        .send()
        .await
        .expect("forged");
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    let page = anon.get(&url).send().await.expect("look");
    assert_eq!(page.status(), StatusCode::OK);
    let html = page.text().await.expect("page");
    assert!(
        html.contains("不再接收这类邮件：轮到我的基拉回合？"),
        "{html}"
    );
    let stopped = anon
        .post(&url)
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .expect("one click");
    assert_eq!(stopped.status(), StatusCode::OK);
    let (_, modes) = api.get("/api/v1/account/mail", Some(&token)).await;
    assert_eq!(modes["action_turn"], "none", "{modes}");
    assert_eq!(modes["quoted"], "daily", "only that kind: {modes}");
    // A new address names the kind by its name now, and works too.
    let new = signed_token(&app, user, notify::ACTION_TURN).await;
    let r = anon
        .get(app.url(&format!("/mail/unsubscribe/{new}")))
        .send()
        .await
        .expect("look");
    assert_eq!(r.status(), StatusCode::OK);
}
