//! A game is a sequence of phases, each with its own deadline. The test-only
//! variant `twophase` (a day, then a night, per act) runs through the same service, scheduler,
//! console, reminders and act posts as Death Note, which is the one-phase case.

use crate::helpers::{
    Api, Browser, Page, TestApp, crafted, fact, form_html, started_game, started_with, submit,
};
use crate::on_both_backends;
use maku::scheduler::tick;
use reqwest::StatusCode;
use serde_json::{Value, json};

on_both_backends!(
    a_two_phase_game_runs_on_its_deadlines_phase_by_phase,
    the_judge_acts_on_the_open_phase_and_reads_it_named,
    a_seat_owing_in_a_phase_is_reminded_of_that_phase,
    a_variant_refuses_phase_lengths_it_does_not_have,
    the_generic_seat_page_offers_the_forms_of_the_phase,
    a_forged_field_in_a_generic_seat_form_is_refused,
    only_the_seat_sees_its_generic_seat_page,
);

/// A started four-seat `twophase` game: days of 120 minutes, nights of 30. Returns (game id,
/// admin token, player tokens).
async fn started(app: &TestApp) -> (i64, String, Vec<String>) {
    let g = started_with(
        app,
        "p",
        4,
        json!({"title": "两段", "variant": "twophase", "act_minutes": 120,
               "phase_minutes": {"night": 30}, "remind_hours": 1}),
    )
    .await;
    (g.id, g.admin, g.players)
}

async fn game(app: &TestApp, id: i64) -> Value {
    Api::new(app)
        .get(&format!("/api/v1/games/{id}"), None)
        .await
        .1
}

fn deadline(g: &Value) -> chrono::NaiveDateTime {
    chrono::NaiveDateTime::parse_from_str(
        g["deadline"].as_str().expect("a deadline"),
        "%Y-%m-%dT%H:%M:%SZ",
    )
    .expect("ISO time")
}

/// Whole minutes from `now` to the game's deadline (deadlines are stored to the second).
fn minutes_left(g: &Value, now: chrono::NaiveDateTime) -> i64 {
    ((deadline(g) - now).num_seconds() + 30) / 60
}

/// The game thread's act posts (their JSON bodies), oldest first.
async fn act_posts(app: &TestApp, id: i64) -> Vec<Value> {
    let (s, b) = Api::new(app)
        .get(&format!("/api/v1/games/{id}/threads/game"), None)
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    b["posts"]
        .as_array()
        .expect("posts")
        .iter()
        .filter(|p| p["kind"] == "act")
        .map(|p| p["act"].clone())
        .collect()
}

async fn a_two_phase_game_runs_on_its_deadlines_phase_by_phase(app: TestApp) {
    let (id, _, players) = started(&app).await;
    let api = Api::new(&app);
    let g = game(&app, id).await;
    assert_eq!(g["phase"], json!({"step": 1, "act": 1, "kind": "day"}));
    assert_eq!(g["act"], 1);
    // The day lasts the act length.
    assert_eq!(minutes_left(&g, app.clock.now_utc()), 120);
    let names: Vec<String> = g["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["game_id"].as_str().expect("game id").to_string())
        .collect();
    // Which token plays which seat: each seat's own view says.
    let mut seat_of = Vec::new();
    for t in &players {
        let (s, me) = api.get(&format!("/api/v1/games/{id}/me"), Some(t)).await;
        assert_eq!(s, StatusCode::OK, "{me}");
        assert_eq!(me["actions"], json!(["vote"]), "by day, a vote");
        seat_of.push(me["game_id"].as_str().expect("game id").to_string());
    }
    // Everyone votes for the first seat but the first seat, who votes for the second.
    let target = &names[0];
    for (t, me) in players.iter().zip(&seat_of) {
        let who = if me == target { &names[1] } else { target };
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{id}/actions"),
                t,
                json!({"type": "vote", "target": who}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    // A night action by day is refused by the rules, and logged as such.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/actions"),
            &players[0],
            json!({"type": "sleep"}),
        )
        .await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("not_now"))
    );

    // The scheduler ends the day at its deadline, not before.
    app.clock.advance(chrono::Duration::minutes(119));
    assert_eq!(tick(&app.state).await.expect("tick"), 0);
    app.clock.advance(chrono::Duration::minutes(2));
    assert_eq!(tick(&app.state).await.expect("tick"), 1);
    let g = game(&app, id).await;
    assert_eq!(g["phase"], json!({"step": 2, "act": 1, "kind": "night"}));
    assert_eq!(g["act"], 1, "the night belongs to the same act");
    assert_eq!(
        g["public"],
        json!([{"act": 1, "event": {"type": "out", "target": target, "cause": "voted"}}])
    );
    // The night lasts its own 30 minutes (no time-of-day alignment for it).
    assert_eq!(minutes_left(&g, app.clock.now_utc()), 30);
    let posts = act_posts(&app, id).await;
    assert_eq!(posts.len(), 2, "the opening post and the day's: {posts:?}");
    assert_eq!(posts[0]["opens_phase"], json!({"act": 1, "kind": "day"}));
    assert_eq!(posts[1]["resolved_phase"], json!({"act": 1, "kind": "day"}));
    assert_eq!(posts[1]["opens_phase"], json!({"act": 1, "kind": "night"}));
    // The thread names the phases in the reader's language.
    let page = app
        .browser_in("en")
        .get(&format!("/games/{id}/threads/game"))
        .await;
    assert!(
        page.body.contains("Resolution of act 1 (day)"),
        "{}",
        page.body
    );
    assert!(page.body.contains("Act 1 (night) opens"), "{}", page.body);
    let page = app
        .browser_in("zh-CN")
        .get(&format!("/games/{id}/threads/game"))
        .await;
    assert!(page.body.contains("第 1 幕（白天）结算"), "{}", page.body);

    // By night the living sleep; a vote is refused.
    let mut living = 0;
    for (t, me) in players.iter().zip(&seat_of) {
        let (_, view) = api.get(&format!("/api/v1/games/{id}/me"), Some(t)).await;
        if me == target {
            assert_eq!(view["alive"], false);
            continue;
        }
        assert_eq!(view["actions"], json!(["sleep"]));
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{id}/actions"),
                t,
                json!({"type": "vote", "target": target}),
            )
            .await;
        assert_eq!(
            (s, b["error"].clone()),
            (StatusCode::CONFLICT, json!("not_now"))
        );
        living += 1;
    }
    assert_eq!(living, 3);

    // The night ends; act 2's day opens with the act length again.
    app.clock.advance(chrono::Duration::minutes(31));
    assert_eq!(tick(&app.state).await.expect("tick"), 1);
    let g = game(&app, id).await;
    assert_eq!(g["phase"], json!({"step": 3, "act": 2, "kind": "day"}));
    assert_eq!(minutes_left(&g, app.clock.now_utc()), 120);
    assert_eq!(
        g["public"][1],
        json!({"act": 1, "event": {"type": "peaceful", "phase": "night"}})
    );
    // Day 2: a vote puts a second seat out and leaves two: the survivors win.
    let second = names
        .iter()
        .find(|n| *n != target)
        .expect("a second seat")
        .clone();
    for (t, me) in players.iter().zip(&seat_of) {
        if me == target {
            continue;
        }
        let who = if *me == second {
            names
                .iter()
                .find(|n| **n != second && *n != target)
                .expect("a third")
        } else {
            &second
        };
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{id}/actions"),
                t,
                json!({"type": "vote", "target": who}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    app.clock.advance(chrono::Duration::minutes(121));
    assert_eq!(tick(&app.state).await.expect("tick"), 1);
    let g = game(&app, id).await;
    assert_eq!(g["winner"], "survivors");
    assert_eq!(g["status"], "finished");
    assert_eq!(g["phase"]["kind"], "day", "the phase that ended it");
    assert!(g["deadline"].is_null());
    // Nothing is left for the scheduler.
    app.clock.advance(chrono::Duration::hours(10));
    assert_eq!(tick(&app.state).await.expect("tick"), 0);
    assert_eq!(act_posts(&app, id).await.len(), 4);
}

async fn the_judge_acts_on_the_open_phase_and_reads_it_named(app: TestApp) {
    let (id, admin, _) = started(&app).await;
    let api = Api::new(&app);
    // The judge resolves the day by its step; a second click for the same step is refused.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/resolve"),
            &admin,
            json!({"act": 1}),
        )
        .await;
    assert_eq!((s, b["act"].clone()), (StatusCode::OK, json!(2)), "{b}");
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/resolve"),
            &admin,
            json!({"act": 1}),
        )
        .await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("already_resolved"))
    );
    // The console names the night and means its step.
    let (s, v) = api
        .get(&format!("/api/v1/games/{id}/console"), Some(&admin))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["act"], 2);
    assert_eq!(v["phase"], json!({"step": 2, "act": 1, "kind": "night"}));
    assert_eq!(
        v["owing"].as_array().map(Vec::len),
        Some(4),
        "everyone owes a sleep"
    );
    assert!(v["seats"][0]["owes"].as_bool().expect("the variant's fact"));
    let admin_page = app.admin().await;
    let page = admin_page.get(&format!("/games/{id}/console")).await;
    assert!(
        page.body.contains("Act 1 (night)") || page.body.contains("第 1 幕（夜晚）"),
        "{}",
        page.body
    );
    // Extending the night moves this phase's deadline, named by its step.
    let g = game(&app, id).await;
    let later = deadline(&g) + chrono::Duration::minutes(45);
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/deadline"),
            &admin,
            json!({"act": 2, "deadline": later.format("%Y-%m-%dT%H:%M:%SZ").to_string()}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(deadline(&game(&app, id).await), later);
    // Ending names a winner the variant knows.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/end"),
            &admin,
            json!({"act": 2, "reason": "测试", "winner": "kira"}),
        )
        .await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("bad_winner"))
    );
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/end"),
            &admin,
            json!({"act": 2, "reason": "测试", "winner": "survivors"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
}

async fn a_seat_owing_in_a_phase_is_reminded_of_that_phase(app: TestApp) {
    let (id, admin, players) = started(&app).await;
    let api = Api::new(&app);
    api.post(
        &format!("/api/v1/games/{id}/resolve"),
        &admin,
        json!({"act": 1}),
    )
    .await;
    // The night lasts 30 minutes and the reminder comes an hour ahead: at half the night.
    app.clock.advance(chrono::Duration::minutes(16));
    tick(&app.state).await.expect("tick");
    let (s, b) = api.get("/api/v1/notifications", Some(&players[0])).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let texts: Vec<String> = b["notifications"]
        .as_array()
        .expect("notifications")
        .iter()
        .filter_map(|n| n["text"].as_str().map(str::to_string))
        .collect();
    assert!(
        texts
            .iter()
            .any(|t| t.contains("第 1 幕（夜晚）的投票或夜间行动（可选；")),
        "{texts:?}"
    );
}

async fn a_variant_refuses_phase_lengths_it_does_not_have(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    for (variant, lengths) in [
        ("twophase", json!({"dusk": 30})),
        ("deathnote", json!({"night": 30})),
        ("twophase", json!({"night": 0})),
    ] {
        let (s, b) = api
            .post(
                "/api/v1/games",
                &admin,
                json!({"title": "错", "variant": variant, "phase_minutes": lengths}),
            )
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{variant} {lengths}: {b}");
    }
}

/// The `p{i}` players of [`started`] signed in, each with its game ID, in sign-up order.
async fn seats(
    app: &TestApp,
    id: i64,
    players: &[String],
    lang: &'static str,
) -> Vec<(Browser, String)> {
    let api = Api::new(app);
    let mut out = Vec::new();
    for (i, t) in players.iter().enumerate() {
        let (_, me) = api.get(&format!("/api/v1/games/{id}/me"), Some(t)).await;
        let b = app.browser_in(lang);
        let p = b.login(&format!("p{i}"), "password-123").await;
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        out.push((b, me["game_id"].as_str().expect("game id").to_string()));
    }
    out
}

/// The values a select of `form` offers (its empty "choose" option left out).
fn options(form: &str) -> Vec<String> {
    form.split(r#"<option value=""#)
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .filter(|v| !v.is_empty())
        .map(str::to_string)
        .collect()
}

/// The lines of a seat page's private log.
fn log_of(page: &Page) -> Vec<String> {
    page.body
        .split(r#"<span class="act">"#)
        .skip(1)
        .filter_map(|rest| rest.split("</li>").next())
        .map(str::to_string)
        .collect()
}

/// A variant without a page of its own gets the generic seat page, its forms drawn
/// from the variant's action forms: by day a vote for another living seat, by night a sleep.
async fn the_generic_seat_page_offers_the_forms_of_the_phase(app: TestApp) {
    let (id, admin, players) = started(&app).await;
    let api = Api::new(&app);
    let seats = seats(&app, id, &players, "zh-CN").await;
    let names: Vec<String> = seats.iter().map(|(_, n)| n.clone()).collect();
    let seat_path = format!("/games/{id}/seat");
    for (b, me) in &seats {
        let page = b.get(&seat_path).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        assert_eq!(fact(&page, "游戏身份"), *me);
        assert_eq!(fact(&page, "角色"), "玩家");
        assert!(
            fact(&page, "状态").starts_with("存活 · 第 1 幕（白天）"),
            "{}",
            page.body
        );
        let vote = form_html(&page, "vote").expect("a vote form by day");
        let mut others: Vec<String> = names.iter().filter(|n| *n != me).cloned().collect();
        let mut offered = options(vote);
        others.sort();
        offered.sort();
        assert_eq!(offered, others, "the other living seats: {vote}");
        assert!(
            vote.contains(r#"<select name="target" required>"#),
            "{vote}"
        );
        assert!(vote.contains("<label>目标"), "a labelled select: {vote}");
        assert!(form_html(&page, "sleep").is_none(), "no sleep by day");
        assert!(!page.body.contains(r#"value="sleep""#));
        assert!(page.body.contains("还没有记录"), "an empty log");
        assert!(
            page.body.contains("尚未提交（可选，也可以不提交）："),
            "the owing banner: {}",
            page.body
        );
    }
    // Everyone votes for the first seat, which votes for the second, through the page's form.
    let target = names[0].clone();
    for (i, (b, _)) in seats.iter().enumerate() {
        let who = if i == 0 { &names[1] } else { &target };
        let p = submit(b, id, "vote", &[("target", who)]).await;
        p.assert_back_at(&seat_path);
        assert!(
            !p.body.contains("尚未提交（可选"),
            "nothing owed after the vote"
        );
        assert!(
            p.body
                .contains("已提交：投票已记录（截止前可改投，以最后一票为准）。"),
            "{}",
            p.body
        );
        assert_eq!(
            log_of(&p),
            vec![format!(
                "第 1 幕</span> 你提交「投票给 {who}」→ 投票已记录（截止前可改投，以最后一票为准）。"
            )],
            "{}",
            p.body
        );
    }
    // The API agrees: the vote went through the service like any other.
    let (_, me) = api
        .get(&format!("/api/v1/games/{id}/me"), Some(&players[1]))
        .await;
    assert_eq!(me["state"]["vote"], json!(target), "{me}");
    // The same page in English.
    let en = seats_in_english(&app, 1).await;
    let page = en.get(&seat_path).await;
    assert!(page.body.contains("Act 1 (day)"), "{}", page.body);
    assert!(
        page.body.contains(&format!(
            "You submitted “vote for {target}” → Ballot recorded"
        )),
        "{}",
        page.body
    );

    // The day ends: the first seat is out; the night offers the living a sleep and nothing else.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/resolve"),
            &admin,
            json!({"act": 1}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    for (i, (b, _)) in seats.iter().enumerate() {
        let page = b.get(&seat_path).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        assert!(form_html(&page, "vote").is_none(), "no vote by night");
        if i == 0 {
            assert!(fact(&page, "状态").starts_with("已出局 · 第 1 幕（夜晚）"));
            assert!(form_html(&page, "sleep").is_none());
            assert!(page.body.contains("现在没有可做的行动。"));
            assert!(page.body.contains("/threads/graveyard"));
            continue;
        }
        assert!(fact(&page, "状态").starts_with("存活 · 第 1 幕（夜晚）"));
        let sleep = form_html(&page, "sleep").expect("a sleep form by night");
        assert!(
            !sleep.contains("<select") && !sleep.contains("<input name"),
            "{sleep}"
        );
        let p = submit(b, id, "sleep", &[]).await;
        p.assert_back_at(&seat_path);
        assert!(p.body.contains("已提交：你睡了一夜。"), "{}", p.body);
        assert!(
            log_of(&p)
                .last()
                .is_some_and(|l| l.ends_with("你提交「睡觉」→ 你睡了一夜。")),
            "{}",
            p.body
        );
    }
    // A vote by night, posted anyway, is refused by the rules: logged and explained.
    let (b, _) = &seats[1];
    let p = crafted(b, id, &[("type", "vote"), ("target", &names[2])]).await;
    p.assert_back_at(&seat_path);
    assert!(
        p.body.contains("被拒绝：这个阶段不能这样做。"),
        "{}",
        p.body
    );
    assert!(
        log_of(&p)
            .last()
            .is_some_and(|l| l.contains("→ 被拒绝：这个阶段不能这样做。")),
        "{}",
        p.body
    );
    assert!(p.body.contains(r#"<li class="refused">"#), "{}", p.body);
}

/// Player `p{i}` of [`started`], signed in with an English browser.
async fn seats_in_english(app: &TestApp, i: usize) -> Browser {
    let b = app.browser_in("en");
    let p = b.login(&format!("p{i}"), "password-123").await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    b
}

/// As the strict API refuses unknown JSON fields, the form handler refuses a field the
/// variant's form does not have: nothing reaches the rules, and the form comes back refilled.
async fn a_forged_field_in_a_generic_seat_form_is_refused(app: TestApp) {
    let (id, _, players) = started(&app).await;
    let api = Api::new(&app);
    let seats = seats(&app, id, &players, "zh-CN").await;
    let (b, _) = &seats[0];
    let other = seats[1].1.clone();
    let seat_path = format!("/games/{id}/seat");
    let private = || async {
        api.get(&format!("/api/v1/games/{id}/me"), Some(&players[0]))
            .await
            .1["private"]
            .clone()
    };
    let before = private().await;
    let forged = crafted(
        b,
        id,
        &[("type", "vote"), ("target", &other), ("by", &seats[2].1)],
    )
    .await;
    forged.assert_back_at(&seat_path);
    assert!(
        forged.body.contains("被拒绝：未知字段「by」，请求未执行。"),
        "{}",
        forged.body
    );
    // The refused form is refilled and points to the reason.
    let vote = form_html(&forged, "vote").expect("the vote form");
    assert!(
        vote.contains(&format!(r#"<option value="{other}" selected>"#)),
        "{vote}"
    );
    assert!(vote.contains(r#"aria-describedby="form-error""#), "{vote}");
    assert!(forged.body.contains(r#"id="form-error""#));
    for fields in [
        vec![
            ("type", "vote"),
            ("target", other.as_str()),
            ("target", other.as_str()),
        ],
        vec![("type", "vote"), ("targets", other.as_str())],
        vec![("type", "sleep"), ("target", other.as_str())],
        vec![
            ("type", "vote"),
            ("target", other.as_str()),
            ("confirm", "yes"),
        ],
    ] {
        let p = crafted(b, id, &fields).await;
        p.assert_back_at(&seat_path);
        assert!(
            p.body.contains(r#"class="error outcome""#),
            "{fields:?}: {}",
            p.body
        );
    }
    let missing = crafted(b, id, &[("type", "vote"), ("target", " ")]).await;
    assert!(
        missing
            .body
            .contains("被拒绝：请填写「目标」；本次没有提交任何行动。"),
        "{}",
        missing.body
    );
    let kill = crafted(b, id, &[("type", "kill"), ("target", &other)]).await;
    assert!(
        kill.body
            .contains("被拒绝：这里没有这项行动；本次没有提交任何行动。"),
        "{}",
        kill.body
    );
    assert_eq!(private().await, before, "nothing reached the rules");
    assert!(log_of(&kill).is_empty(), "{}", kill.body);
    // The same vote without the forged field goes through.
    let p = crafted(b, id, &[("type", "vote"), ("target", &other)]).await;
    assert!(p.body.contains("已提交：投票已记录"), "{}", p.body);
    assert_ne!(private().await, before);
}

/// Only the seat's own account reaches its page, and every other reader gets the answer the
/// Death Note page gives.
async fn only_the_seat_sees_its_generic_seat_page(app: TestApp) {
    let (id, _, _) = started(&app).await;
    let dn = started_game(&app, "dn", json!({})).await;
    let outsider = app.player("outsider").await;
    let anon = app.browser();
    // The judge has no seat either: the console is hers, not a seat page.
    let judge = app.admin().await;
    for b in [&outsider, &anon, &judge] {
        let generic = b.get(&format!("/games/{id}/seat")).await;
        let death_note = b.get(&format!("/games/{}/seat", dn.id)).await;
        assert_eq!(generic.status, death_note.status, "{}", generic.body);
        // A signed-out reader is sent to sign in (issue 38.15); the others are refused.
        assert!(
            generic.status != StatusCode::OK || generic.url.contains("/login?next="),
            "{}",
            generic.url
        );
        assert!(!generic.body.contains("form-vote"));
    }
    let page = outsider.get(&format!("/games/{id}/seat")).await;
    assert_eq!(page.status, StatusCode::CONFLICT);
    assert!(page.body.contains("你没有参加这局游戏"), "{}", page.body);
    // A post from the outsider submits nothing: the same answer as for Death Note.
    let csrf = outsider.get("/").await.csrf();
    let names = game(&app, id).await["seats"].clone();
    let target = names[0]["game_id"].as_str().expect("a seat").to_string();
    let generic = outsider
        .post(
            &format!("/games/{id}/actions"),
            &[("csrf", &csrf), ("type", "vote"), ("target", &target)],
        )
        .await;
    let death_note = outsider
        .post(
            &format!("/games/{}/actions", dn.id),
            &[("csrf", &csrf), ("type", "vote"), ("vote1", &dn.names[0])],
        )
        .await;
    assert_eq!(generic.answer, StatusCode::CONFLICT, "{}", generic.body);
    assert_eq!(generic.answer, death_note.answer);
}
