//! Open tables and early ends (issue 41): a table that starts when full or at a time, the line
//! past the most seats, rehosting, the lobby, and phases that end a grace after everyone has
//! acted, without telling anyone who acted when.

use crate::helpers::{Api, TestApp, signed_up_with};
use crate::on_both_backends;
use maku::scheduler::tick;
use reqwest::StatusCode;
use serde_json::{Value, json};

on_both_backends!(
    a_table_that_starts_when_full_starts_with_the_last_seat,
    sign_ups_past_the_most_seats_wait_in_line_and_move_up,
    a_table_starts_at_its_time_or_tells_the_judge,
    bad_table_settings_are_refused_and_nothing_is_made,
    a_phase_ends_a_grace_after_everyone_has_acted,
    the_early_end_tells_nothing_before_everyone_has_acted,
    a_finished_table_is_rehosted_for_its_players_first,
    the_lobby_lists_open_tables_first_with_their_seats_and_start,
    the_lobbys_pages_hold_every_game_once_open_tables_first,
    the_sign_up_button_says_the_place_in_line_and_the_start,
);

async fn create(api: &Api<'_>, admin: &str, body: Value) -> i64 {
    let (s, b) = api.post("/api/v1/games", admin, body).await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    b["id"].as_i64().expect("id")
}

async fn public(api: &Api<'_>, id: i64) -> Value {
    api.get(&format!("/api/v1/games/{id}"), None).await.1
}

/// An RFC 3339 time `minutes` after the app's clock, at +08:00.
fn in_minutes(app: &TestApp, minutes: i64) -> String {
    let at = app.clock.now_utc() + chrono::Duration::minutes(minutes);
    let tz = chrono::FixedOffset::east_opt(8 * 3600).expect("offset");
    at.and_utc().with_timezone(&tz).to_rfc3339()
}

async fn a_table_that_starts_when_full_starts_with_the_last_seat(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let id = create(
        &api,
        &admin,
        json!({"title": "满员即开", "variant": "deathnote", "act_minutes": 60,
               "min_seats": 6, "max_seats": 7, "auto_start": "when_full"}),
    )
    .await;
    for i in 0..6 {
        let t = api.account(&format!("wf{i}")).await;
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/signup"), &t, json!({}))
            .await;
        assert_eq!((s, b.clone()), (StatusCode::OK, json!({"ok": true})), "{b}");
    }
    // Six of seven: enough to start, not full: still open.
    assert_eq!(public(&api, id).await["status"], "signup");
    let last = api.account("wf6").await;
    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/signup"), &last, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["started"], true, "{b}");
    let g = public(&api, id).await;
    assert_eq!(g["status"], "running", "{g}");
    assert_eq!(g["seats"].as_array().map(Vec::len), Some(7));
    assert_eq!(g["act"], 1);
    // Started by nobody's hand: the start event has no actor.
    let (_, audit) = api
        .get(&format!("/api/v1/games/{id}/audit"), Some(&admin))
        .await;
    let started = audit["events"]
        .as_array()
        .expect("events")
        .iter()
        .find(|e| e["kind"] == "started")
        .cloned()
        .expect("a start");
    assert!(started["actor"].is_null(), "{started}");
    // A late sign-up is refused: the game started.
    let late = api.account("wf7").await;
    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/signup"), &late, json!({}))
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{b}");
    assert_eq!(b["error"], "game_started");
}

async fn sign_ups_past_the_most_seats_wait_in_line_and_move_up(app: TestApp) {
    let api = Api::new(&app);
    let (id, admin, players) = signed_up_with(
        &app,
        "ln",
        6,
        json!({"title": "排队", "variant": "deathnote", "act_minutes": 60,
               "min_seats": 6, "max_seats": 6}),
    )
    .await;
    let mut line = Vec::new();
    for (i, name) in ["ln6", "ln7"].iter().enumerate() {
        let t = api.account(name).await;
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/signup"), &t, json!({}))
            .await;
        assert_eq!(s, StatusCode::ACCEPTED, "{b}");
        assert_eq!(b, json!({"ok": true, "waiting": i + 1}));
        line.push(t);
    }
    let g = public(&api, id).await;
    assert_eq!(g["signups"].as_array().map(Vec::len), Some(6), "{g}");
    assert_eq!(g["waiting"], json!(["ln6", "ln7"]), "{g}");
    // The page says where the reader stands.
    let b = app.player("ln7").await;
    let page = b.get(&format!("/games/{id}")).await;
    assert!(page.body.contains("ln6"), "{}", page.body);
    assert!(
        page.body.contains("class=\"names waiting\""),
        "{}",
        page.body
    );
    // A seated player leaves: the first in line moves up, the second is first now.
    let (s, _) = api
        .call(
            reqwest::Method::DELETE,
            &format!("/api/v1/games/{id}/signup"),
            Some(&players[0]),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let g = public(&api, id).await;
    assert!(
        g["signups"]
            .as_array()
            .expect("signups")
            .contains(&json!("ln6")),
        "{g}"
    );
    assert_eq!(g["waiting"], json!(["ln7"]), "{g}");
    // The start seats the first six in sign-up order; the one still in line plays no part
    // and is not among the real IDs a Kira guesses from.
    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/start"), &admin, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let g = public(&api, id).await;
    let signups = g["signups"].as_array().expect("signups");
    assert_eq!(signups.len(), 6, "{g}");
    assert!(!signups.contains(&json!("ln7")), "{g}");
    assert!(g.get("waiting").is_none(), "{g}");
    let (s, _) = api
        .get(&format!("/api/v1/games/{id}/me"), Some(&line[1]))
        .await;
    assert_ne!(s, StatusCode::OK, "ln7 holds no seat");
    let (s, me) = api
        .get(&format!("/api/v1/games/{id}/me"), Some(&line[0]))
        .await;
    assert_eq!(s, StatusCode::OK, "ln6 moved up and plays: {me}");
}

async fn a_table_starts_at_its_time_or_tells_the_judge(app: TestApp) {
    let api = Api::new(&app);
    let at = in_minutes(&app, 90);
    let (full, admin, players) = signed_up_with(
        &app,
        "at",
        6,
        json!({"title": "定时开桌", "variant": "deathnote", "act_minutes": 60,
               "auto_start": at}),
    )
    .await;
    let thin = create(
        &api,
        &admin,
        json!({"title": "人不够", "variant": "deathnote", "auto_start": at}),
    )
    .await;
    let lone = api.account("atlone").await;
    api.post(&format!("/api/v1/games/{thin}/signup"), &lone, json!({}))
        .await;
    let g = public(&api, full).await;
    assert_eq!(g["status"], "signup");
    assert!(g["deadline"].is_null(), "a start is not a deadline: {g}");
    let starts = g["starts_at"].as_str().expect("starts_at").to_string();
    // The player's calendar carries the scheduled start.
    let (_, cal) = api.get("/api/v1/account/calendar", Some(&players[0])).await;
    let feed = app
        .api()
        .get(cal["url"].as_str().expect("url"))
        .send()
        .await
        .expect("feed")
        .text()
        .await
        .expect("text");
    assert!(
        feed.contains(&format!("UID:maku-game-{full}-start@")),
        "{feed}"
    );
    let stamp = starts.replace(['-', ':'], "");
    assert!(
        feed.contains(&format!("DTSTART:{}", stamp.trim_end_matches('Z')))
            || feed.contains(&format!("DTSTART:{stamp}")),
        "{starts} in {feed}"
    );
    // Not yet: nothing starts.
    tick(&app.state).await.expect("tick");
    assert_eq!(public(&api, full).await["status"], "signup");
    app.clock.advance(chrono::Duration::minutes(91));
    tick(&app.state).await.expect("tick");
    let g = public(&api, full).await;
    assert_eq!(g["status"], "running", "{g}");
    assert!(g["deadline"].is_string(), "{g}");
    // Too few: the sign-up stays open, the row is gone, and the judge is told.
    let g = public(&api, thin).await;
    assert_eq!(g["status"], "signup", "{g}");
    assert!(g.get("starts_at").is_none(), "{g}");
    maku::notify::tick(&app.state).await.expect("notify");
    let (_, notes) = api.get("/api/v1/notifications", Some(&admin)).await;
    let text = notes.to_string();
    assert!(text.contains("table_news"), "{text}");
    assert!(text.contains("人不够"), "{text}");
    // The judge may still start it by hand once enough signed up.
    tick(&app.state).await.expect("a second tick does nothing");
    assert_eq!(public(&api, thin).await["status"], "signup");
}

async fn bad_table_settings_are_refused_and_nothing_is_made(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let (_, before) = api.get("/api/v1/games", None).await;
    let past = in_minutes(&app, -5);
    let far = in_minutes(&app, 60 * 24 * 100);
    for (extra, what) in [
        (json!({"auto_start": "tomorrow"}), "a word"),
        (json!({"auto_start": "2026-12-24 20:00"}), "no offset"),
        (json!({"auto_start": past}), "the past"),
        (json!({"auto_start": far}), "too far"),
        (json!({"auto_start": 5}), "a number"),
        (
            json!({"resolve_early": true, "grace_seconds": 5}),
            "a short grace",
        ),
        (json!({"resolve_early": "yes"}), "not a flag"),
        (json!({"resolve_eraly": true}), "a typo"),
    ] {
        let mut body = json!({"title": "坏设置", "variant": "deathnote"});
        if let (Value::Object(b), Value::Object(e)) = (&mut body, extra) {
            b.extend(e);
        }
        let (s, b) = api.post("/api/v1/games", &admin, body).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{what}: {b}");
        assert_eq!(b["ok"], false, "{what}: {b}");
        assert!(b["message"].as_str().is_some_and(|m| !m.is_empty()), "{b}");
    }
    let (_, after) = api.get("/api/v1/games", None).await;
    assert_eq!(before, after, "nothing was made");
}

/// The game IDs that still owe something, as the judge's console API says.
async fn owing(api: &Api<'_>, id: i64, admin: &str) -> Vec<String> {
    let (s, c) = api
        .get(&format!("/api/v1/games/{id}/console"), Some(admin))
        .await;
    assert_eq!(s, StatusCode::OK, "{c}");
    c["owing"]
        .as_array()
        .expect("owing")
        .iter()
        .map(|s| s["game_id"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// Every seat of a Death Note game does what it owes this act: a ballot, and a Kira's pass for
/// each notebook it holds.
async fn everyone_acts(api: &Api<'_>, g: &crate::helpers::StartedGame) {
    for (i, t) in g.players.iter().enumerate() {
        let target = &g.names[(i + 1) % g.names.len()];
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{}/actions", g.id),
                t,
                json!({"type": "vote", "targets": [target]}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    for _ in 0..3 {
        let left = owing(api, g.id, &g.admin).await;
        if left.is_empty() {
            return;
        }
        for name in left {
            let i = g.names.iter().position(|n| *n == name).expect("a seat");
            for notebook in [json!(1), json!(2)] {
                api.post(
                    &format!("/api/v1/games/{}/actions", g.id),
                    &g.players[i],
                    json!({"type": "pass", "notebook": notebook}),
                )
                .await;
            }
        }
    }
    assert_eq!(owing(api, g.id, &g.admin).await, Vec::<String>::new());
}

async fn a_phase_ends_a_grace_after_everyone_has_acted(app: TestApp) {
    let api = Api::new(&app);
    let g = crate::helpers::started_game(
        &app,
        "ea",
        json!({"resolve_early": true, "grace_seconds": 120}),
    )
    .await;
    // Stated on the game page.
    let page = app.browser().get(&format!("/games/{}", g.id)).await;
    assert!(page.body.contains("120"), "the grace is stated");
    assert!(public(&api, g.id).await.get("ends_early_at").is_none());
    everyone_acts(&api, &g).await;
    let p = public(&api, g.id).await;
    let early = p["ends_early_at"].as_str().expect("ends early").to_string();
    let deadline = p["deadline"].as_str().expect("deadline").to_string();
    assert!(early < deadline, "{early} before {deadline}");
    // Within the grace nothing resolves; a change within it starts the grace again.
    app.clock.advance(chrono::Duration::seconds(90));
    assert_eq!(tick(&app.state).await.expect("tick"), 0);
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/actions", g.id),
            &g.players[0],
            json!({"type": "vote", "targets": [g.names[2]]}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let later = public(&api, g.id).await["ends_early_at"]
        .as_str()
        .expect("still early")
        .to_string();
    assert!(later > early, "{later} after {early}");
    app.clock.advance(chrono::Duration::seconds(60));
    assert_eq!(tick(&app.state).await.expect("tick"), 0, "restarted");
    app.clock.advance(chrono::Duration::seconds(61));
    assert_eq!(tick(&app.state).await.expect("tick"), 1);
    let p = public(&api, g.id).await;
    assert!(
        p["act"].as_i64() >= Some(2) || p["winner"].is_string(),
        "{p}"
    );
    assert!(
        p.get("ends_early_at").is_none(),
        "a new phase waits again: {p}"
    );
    // The log names why it resolved.
    let (_, audit) = api
        .get(&format!("/api/v1/games/{}/audit", g.id), Some(&g.admin))
        .await;
    assert!(audit.to_string().contains("\"early\""), "{audit}");
    // A game without the setting never ends early.
    let plain = crate::helpers::started_game(&app, "eb", json!({})).await;
    everyone_acts(&api, &plain).await;
    assert!(public(&api, plain.id).await.get("ends_early_at").is_none());
    app.clock.advance(chrono::Duration::minutes(5));
    let p = public(&api, plain.id).await;
    assert_eq!(p["act"], 1, "{p}");
}

async fn the_early_end_tells_nothing_before_everyone_has_acted(app: TestApp) {
    let api = Api::new(&app);
    let g = crate::helpers::started_game(&app, "ec", json!({"resolve_early": true})).await;
    let outsider = api.account("ecout").await;
    let seen = async |who: Option<&str>| {
        let (_, v) = api.get(&format!("/api/v1/games/{}", g.id), who).await;
        v
    };
    let before = (
        seen(None).await,
        seen(Some(&outsider)).await,
        seen(Some(&g.players[5])).await,
    );
    let calendar_before = {
        let (_, cal) = api
            .get("/api/v1/account/calendar", Some(&g.players[5]))
            .await;
        let url = cal["url"].as_str().expect("url").to_string();
        let text = app
            .api()
            .get(&url)
            .send()
            .await
            .expect("feed")
            .text()
            .await
            .expect("text");
        (url, text)
    };
    // Every seat but one acts: nothing public changes, for any reader.
    for (i, t) in g.players.iter().enumerate().take(5) {
        api.post(
            &format!("/api/v1/games/{}/actions", g.id),
            t,
            json!({"type": "vote", "targets": [g.names[(i + 1) % 6]]}),
        )
        .await;
    }
    let after = (
        seen(None).await,
        seen(Some(&outsider)).await,
        seen(Some(&g.players[5])).await,
    );
    assert_eq!(before, after, "no reader learns that someone acted");
    let calendar_after = app
        .api()
        .get(&calendar_before.0)
        .send()
        .await
        .expect("feed")
        .text()
        .await
        .expect("text");
    assert_eq!(calendar_before.1, calendar_after, "the feed does not move");
    // A refused submission restarts nothing either.
    let (s, _) = api
        .post(
            &format!("/api/v1/games/{}/actions", g.id),
            &g.players[0],
            json!({"type": "vote", "targets": ["nobody"]}),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(seen(None).await, before.0);
}

async fn a_finished_table_is_rehosted_for_its_players_first(app: TestApp) {
    let api = Api::new(&app);
    let g = crate::helpers::started_game(
        &app,
        "rh",
        json!({"title": "再来一局", "resolve_early": true}),
    )
    .await;
    // Not over yet: refused; not the judge: refused.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/rehost", g.id),
            &g.admin,
            json!({}),
        )
        .await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("game_not_over")),
        "{b}"
    );
    let (s, _) = api
        .post(
            &format!("/api/v1/games/{}/rehost", g.id),
            &g.players[0],
            json!({}),
        )
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/end", g.id),
            &g.admin,
            json!({"act": 1, "reason": "测试重开"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/rehost", g.id),
            &g.admin,
            json!({}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let new = b["id"].as_i64().expect("id");
    let n = public(&api, new).await;
    assert_eq!(n["status"], "signup");
    assert_eq!(n["title"], "再来一局");
    assert_eq!(n["settings"]["rehost_of"], g.id, "{n}");
    assert_eq!(
        n["settings"]["resolve_early"], true,
        "settings carried: {n}"
    );
    assert_eq!(public(&api, g.id).await["rehosted_as"], json!([new]));
    // The old table's players hear of it.
    maku::notify::tick(&app.state).await.expect("notify");
    let (_, notes) = api.get("/api/v1/notifications", Some(&g.players[3])).await;
    assert!(notes.to_string().contains("table_news"), "{notes}");
    // For an hour only they may sign up.
    let stranger = api.account("rhnew").await;
    let (s, b) = api
        .post(&format!("/api/v1/games/{new}/signup"), &stranger, json!({}))
        .await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("rehost_priority")),
        "{b}"
    );
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{new}/signup"),
            &g.players[2],
            json!({}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    app.clock.advance(chrono::Duration::minutes(61));
    let (s, b) = api
        .post(&format!("/api/v1/games/{new}/signup"), &stranger, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
}

async fn the_lobby_lists_open_tables_first_with_their_seats_and_start(app: TestApp) {
    let api = Api::new(&app);
    let open = crate::helpers::signed_up_with(
        &app,
        "lb",
        2,
        json!({"title": "开放桌", "variant": "deathnote", "max_seats": 8, "auto_start": "when_full"}),
    )
    .await
    .0;
    // A newer game that is running: still after the open table.
    let running = crate::helpers::started_game(&app, "lr", json!({"title": "进行中"})).await;
    assert!(running.id > open);
    let page = app.browser_in("en").get("/games").await;
    let at_open = page
        .body
        .find(&format!("/games/{open}\""))
        .expect("open table");
    let at_running = page
        .body
        .find(&format!("/games/{}\"", running.id))
        .expect("running game");
    assert!(at_open < at_running, "open tables first");
    assert!(page.body.contains("6 seats left"), "{}", page.body);
    assert!(page.body.contains("starts when full"), "{}", page.body);
    let _ = api;
}

/// Two pages of the lobby: every game once, the open tables first, each part newest first,
/// across the page boundary (the rest are read in the primary key's order, the open tables
/// among them dropped).
async fn the_lobbys_pages_hold_every_game_once_open_tables_first(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let mut tokens = Vec::new();
    for i in 0..6 {
        tokens.push(api.account(&format!("lp{i}")).await);
    }
    let (mut open, mut rest) = (Vec::new(), Vec::new());
    for n in 0..34 {
        let id = create(
            &api,
            &admin,
            json!({"title": format!("桌{n:02}"), "variant": "deathnote", "min_seats": 6, "max_seats": 6}),
        )
        .await;
        if n % 4 == 1 {
            open.push(id);
            continue;
        }
        for t in &tokens {
            api.post(&format!("/api/v1/games/{id}/signup"), t, json!({}))
                .await;
        }
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/start"), &admin, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        rest.push(id);
    }
    open.reverse();
    rest.reverse();
    let expected: Vec<i64> = open.iter().chain(&rest).copied().collect();
    let b = app.browser();
    let mut seen = Vec::new();
    for page in 1..=2 {
        let p = b.get(&format!("/games?page={page}")).await;
        for (at, m) in p.body.match_indices("class=\"title\" href=\"/games/") {
            let rest = &p.body[at + m.len()..];
            let end = rest.find('"').expect("a closing quote");
            seen.push(rest[..end].parse::<i64>().expect("an id"));
        }
    }
    assert_eq!(seen, expected);
}

/// The game page's sign-up button, as a player presses it: past the most seats the page she is
/// sent back to says her place in line; the press that fills a table that starts when full
/// says the game started, and she holds a seat.
async fn the_sign_up_button_says_the_place_in_line_and_the_start(app: TestApp) {
    let api = Api::new(&app);
    let (full, _, _) = signed_up_with(
        &app,
        "bs",
        6,
        json!({"title": "满了", "variant": "deathnote", "min_seats": 6, "max_seats": 6}),
    )
    .await;
    let late = app.browser_in("en");
    late.register("bslate", "password-123").await;
    let page = late.get(&format!("/games/{full}")).await;
    let answer = late
        .post_answer(&format!("/games/{full}/signup"), &[("csrf", &page.csrf())])
        .await;
    assert_eq!(
        answer.location,
        format!("/games/{full}"),
        "post/redirect/get"
    );
    let back = late.get(&format!("/games/{full}")).await;
    assert!(
        back.body.contains("You are number 1 in line"),
        "{}",
        back.body
    );
    let (open, _, _) = signed_up_with(
        &app,
        "bw",
        5,
        json!({"title": "满即开", "variant": "deathnote", "min_seats": 6, "max_seats": 6,
               "auto_start": "when_full"}),
    )
    .await;
    let page = late.get(&format!("/games/{open}")).await;
    let answer = late
        .post_answer(&format!("/games/{open}/signup"), &[("csrf", &page.csrf())])
        .await;
    assert_eq!(answer.location, format!("/games/{open}"));
    let back = late.get(&format!("/games/{open}")).await;
    assert!(
        back.body
            .contains("The table is full: the game has started.")
    );
    assert!(
        back.body.contains(&format!("/games/{open}/seat")),
        "she holds a seat"
    );
    assert_eq!(public(&api, open).await["status"], "running");
}
