//! Every form answers `303 See Other` (post/redirect/get), with a one-time message bound to the
//! browser's session; live streams end when the server stops; one owing line on the seat page; no
//! "act N+1" once a game is over.

use crate::helpers::{Browser, StartedGame, TestApp, started_game};
use crate::on_both_backends;
use reqwest::StatusCode;
use serde_json::json;
use std::time::{Duration, Instant};

on_both_backends!(
    an_action_form_answers_303_on_success_and_on_refusal,
    refreshing_the_page_after_an_action_resubmits_nothing,
    a_too_long_game_post_comes_back_after_the_redirect,
    a_flash_is_shown_once_and_only_to_its_own_session,
    a_forged_post_leaves_the_victims_flash_alone,
    stopping_the_server_ends_open_live_streams,
    a_finished_game_names_no_act_after_its_last,
    game_pages_open_one_stream_and_say_one_owing_line,
    unclaimed_flashes_are_pruned_after_a_day,
);

/// A browser signed in as seat `i` of the started game.
async fn seat_browser(app: &TestApp, i: usize) -> Browser {
    let b = app.browser();
    let p = b.login(&format!("r{i}"), "password-123").await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    b
}

/// The number of lines in a seat page's own log.
fn log_lines(body: &str) -> usize {
    body.matches(r#"<span class="act">"#).count()
}

async fn vote_form(b: &Browser, g: &StartedGame, target: &str) -> Vec<(String, String)> {
    let seat = b.get(&format!("/games/{}/seat", g.id)).await;
    vec![
        ("csrf".into(), seat.csrf()),
        ("step".into(), seat.hidden("step")),
        ("type".into(), "vote".into()),
        ("vote1".into(), target.into()),
    ]
}

fn pairs(v: &[(String, String)]) -> Vec<(&str, &str)> {
    v.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect()
}

async fn an_action_form_answers_303_on_success_and_on_refusal(app: TestApp) {
    let g = started_game(&app, "r", json!({})).await;
    let b = seat_browser(&app, 0).await;
    let seat = format!("/games/{}/seat", g.id);
    let actions = format!("/games/{}/actions", g.id);

    // A refusal: 303 back to the seat page, the reason shown, the choice kept.
    let form = vote_form(&b, &g, "没有这个人").await;
    let refused = b.post_answer(&actions, &pairs(&form)).await;
    assert_eq!(refused.status, StatusCode::SEE_OTHER);
    assert_eq!(refused.location, seat);
    let page = b.get(&refused.location).await;
    assert!(
        page.body.contains(r#"class="error outcome""#),
        "{}",
        page.body
    );

    // A ballot for a living seat: 303 to the seat page, which shows the reply once.
    let mut form = vote_form(&b, &g, &g.names[1]).await;
    let ok = b.post_answer(&actions, &pairs(&form)).await;
    assert_eq!(ok.status, StatusCode::SEE_OTHER);
    assert_eq!(ok.location, seat);
    let page = b.get(&seat).await;
    assert!(
        page.body.contains(r#"class="notice outcome""#),
        "{}",
        page.body
    );
    assert!(!page.body.contains(r#"class="error outcome""#));
    let again = b.get(&seat).await;
    assert!(
        !again.body.contains("outcome"),
        "shown once: {}",
        again.body
    );

    // A refused kill keeps what was typed (the guess and the target; never the tick).
    form[0].1 = again.csrf();
    let kill = [
        ("csrf", form[0].1.as_str()),
        ("type", "kill"),
        ("target", g.names[2].as_str()),
        ("real_id", "猜的原身份"),
        ("confirm", "yes"),
    ];
    let p = b.post(&actions, &kill).await;
    p.assert_back_at(&seat);
    if p.body.contains(r#"id="form-kill""#) {
        assert!(p.body.contains(r#"value="猜的原身份""#), "{}", p.body);
        assert!(
            p.body
                .contains(&format!(r#"<option value="{}" selected>"#, g.names[2])),
            "{}",
            p.body
        );
    }
}

async fn refreshing_the_page_after_an_action_resubmits_nothing(app: TestApp) {
    let g = started_game(&app, "r", json!({})).await;
    let b = seat_browser(&app, 0).await;
    let seat = format!("/games/{}/seat", g.id);
    let before = log_lines(&b.get(&seat).await.body);
    let form = vote_form(&b, &g, &g.names[1]).await;
    let p = b
        .post(&format!("/games/{}/actions", g.id), &pairs(&form))
        .await;
    p.assert_back_at(&seat);
    assert_eq!(log_lines(&p.body), before + 1, "{}", p.body);
    // The page the form led to is a GET: reloading it (twice) submits nothing again.
    let at = url::Url::parse(&p.url).expect("a URL");
    for _ in 0..2 {
        let reload = b.get(at.path()).await;
        assert_eq!(log_lines(&reload.body), before + 1, "{}", reload.body);
    }
    let (_, me) = crate::helpers::Api::new(&app)
        .get(&format!("/api/v1/games/{}/me", g.id), Some(&g.players[0]))
        .await;
    let private = me["private"].as_array().expect("the private log");
    assert_eq!(private.len(), 1, "one ballot in the log: {me}");
}

async fn a_too_long_game_post_comes_back_after_the_redirect(app: TestApp) {
    let g = started_game(&app, "r", json!({})).await;
    let b = seat_browser(&app, 0).await;
    let thread = format!("/games/{}/threads/game", g.id);
    let csrf = b.get(&thread).await.csrf();
    let long = "幕".repeat(20_001);
    let a = b
        .post_answer(&thread, &[("csrf", &csrf), ("body", &long)])
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER);
    assert!(a.location.starts_with(&thread), "{}", a.location);
    let page = b.get(&a.location).await;
    assert!(page.body.contains(&long), "the 20,001 characters are back");
    assert!(page.body.contains(r#"role="alert""#), "with the reason");
    let again = b.get(&thread).await;
    assert!(!again.body.contains(&long), "once");
    assert!(
        !again.body.contains("幕幕幕幕幕幕幕幕"),
        "nothing was posted"
    );
}

async fn a_flash_is_shown_once_and_only_to_its_own_session(app: TestApp) {
    let g = started_game(&app, "r", json!({})).await;
    let b = seat_browser(&app, 0).await;
    // The same account on another device, and a stranger.
    let other = seat_browser(&app, 0).await;
    let seat = format!("/games/{}/seat", g.id);
    let form = vote_form(&b, &g, &g.names[1]).await;
    let a = b
        .post_answer(&format!("/games/{}/actions", g.id), &pairs(&form))
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER);
    let elsewhere = other.get(&seat).await;
    assert_eq!(elsewhere.status, StatusCode::OK);
    assert!(
        !elsewhere.body.contains("outcome"),
        "another session of the same account sees no reply: {}",
        elsewhere.body
    );
    let stranger = app.browser();
    assert!(!stranger.get(&seat).await.body.contains("outcome"));
    // Another page of this browser leaves it for its own page.
    assert!(
        !b.get(&format!("/games/{}", g.id))
            .await
            .body
            .contains("outcome")
    );
    let mine = b.get(&seat).await;
    assert!(
        mine.body.contains(r#"class="notice outcome""#),
        "{}",
        mine.body
    );
    assert!(!b.get(&seat).await.body.contains("outcome"), "once");
}

async fn a_forged_post_leaves_the_victims_flash_alone(app: TestApp) {
    let slug = app.board("general").await;
    let victim = app.player("victim").await;
    let csrf = victim.get(&format!("/b/{slug}")).await.csrf();
    let a = victim
        .post_answer(
            &format!("/b/{slug}/threads"),
            &[("csrf", &csrf), ("title", " "), ("body", "我的草稿")],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER);
    // A forged post (no valid token) answers 403 and stores nothing.
    let forged = victim
        .post_answer(
            &format!("/b/{slug}/threads"),
            &[("csrf", "forged"), ("title", " "), ("body", "伪造")],
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    assert!(forged.location.is_empty());
    let page = victim.get(&a.location).await;
    assert!(page.body.contains("我的草稿"), "{}", page.body);
    assert!(!page.body.contains("伪造"));
}

async fn stopping_the_server_ends_open_live_streams(app: TestApp) {
    let g = started_game(&app, "r", json!({})).await;
    let client = crate::helpers::client().build().expect("client");
    let mut streams = Vec::new();
    for _ in 0..3 {
        let mut resp = client
            .get(app.url(&format!("/games/{}/events", g.id)))
            .send()
            .await
            .expect("the stream opens");
        assert_eq!(resp.status(), StatusCode::OK);
        let first = resp.chunk().await.expect("a first chunk");
        assert!(first.is_some_and(|c| String::from_utf8_lossy(&c).contains(": open")));
        streams.push(resp);
    }
    let started = Instant::now();
    let stopper = app.stopper.clone();
    let stop = actix_web::rt::spawn(async move { stopper.stop(true).await });
    for mut s in streams {
        let end = tokio::time::timeout(Duration::from_secs(5), async {
            while let Ok(Some(_)) = s.chunk().await {}
        })
        .await;
        assert!(end.is_ok(), "the stream ends when the server stops");
    }
    tokio::time::timeout(Duration::from_secs(5), stop)
        .await
        .expect("the stop completes within seconds")
        .expect("the stop task");
    assert!(started.elapsed() < Duration::from_secs(5));
    assert!(
        client.get(app.url("/")).send().await.is_err(),
        "the server is stopped"
    );
}

async fn a_finished_game_names_no_act_after_its_last(app: TestApp) {
    let g = started_game(&app, "r", json!({})).await;
    let api = crate::helpers::Api::new(&app);
    let act = api.act(g.id).await;
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/end", g.id),
            &g.admin,
            json!({"act": act, "reason": "法官结束", "winner": "good"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (_, view) = api.get(&format!("/api/v1/games/{}", g.id), None).await;
    assert_eq!(view["status"], "finished", "{view}");
    let last = view["act"].as_i64().expect("act");
    assert!(last <= act, "the API names no act after the last: {view}");
    let next = format!("第 {} 幕", last + 1);
    let admin = app.admin().await;
    let player = seat_browser(&app, 0).await;
    for (b, path) in [
        (&admin, format!("/games/{}", g.id)),
        (&admin, format!("/games/{}/console", g.id)),
        (&admin, format!("/games/{}/threads/game", g.id)),
        (&player, format!("/games/{}/seat", g.id)),
        (&player, format!("/games/{}", g.id)),
        (&player, format!("/games/{}/threads/game", g.id)),
    ] {
        let p = b.get(&path).await;
        assert_eq!(p.status, StatusCode::OK, "{path}: {}", p.body);
        assert!(!p.body.contains(&next), "{path} says {next}: {}", p.body);
    }
}

async fn game_pages_open_one_stream_and_say_one_owing_line(app: TestApp) {
    let g = started_game(&app, "r", json!({})).await;
    let zh = seat_browser(&app, 0).await;
    let en = app.browser_in("en");
    en.login("r1", "password-123").await;
    for (b, label) in [(&zh, "有新内容 — 刷新"), (&en, "New posts — reload")] {
        for path in [
            format!("/games/{}", g.id),
            format!("/games/{}/seat", g.id),
            format!("/games/{}/threads/game", g.id),
        ] {
            let p = b.get(&path).await;
            assert_eq!(p.status, StatusCode::OK, "{path}");
            assert_eq!(
                p.body.matches("data-live=").count(),
                1,
                "{path}: one stream"
            );
            assert!(
                p.body.contains(&format!(r#"data-reload-label="{label}""#)),
                "{path}: {}",
                p.body
            );
        }
    }
    // The seat owes its ballot: said once on its page, not by the banner and the page both.
    let seat = zh.get(&format!("/games/{}/seat", g.id)).await;
    assert_eq!(seat.body.matches("owes-banner").count(), 1, "{}", seat.body);
    assert_eq!(seat.body.matches("本幕还欠").count(), 1, "{}", seat.body);
    assert!(!seat.body.contains("你仍需提交"), "{}", seat.body);
    // The script closes its stream when the page is left.
    let js = zh.get("/static/maku.js").await;
    assert!(js.body.contains(r#"addEventListener("pagehide", close)"#));
}

async fn unclaimed_flashes_are_pruned_after_a_day(app: TestApp) {
    let slug = app.board("general").await;
    let (left, other) = (app.player("leaver").await, app.player("other").await);
    // A refused form whose redirect was never followed, then a day passes.
    let a = refuse(&left, &slug, "没人来取的草稿").await;
    assert_eq!(a.status, StatusCode::SEE_OTHER);
    app.clock.advance(chrono::Duration::hours(25));
    // A day-old flash is never shown; the scheduler's housekeeping deletes it.
    let b = refuse(&other, &slug, "新的草稿").await;
    assert_eq!(b.status, StatusCode::SEE_OTHER);
    let page = left.get(&a.location).await;
    assert!(
        !page.body.contains("没人来取的草稿"),
        "pruned: {}",
        page.body
    );
    let page = other.get(&b.location).await;
    assert!(page.body.contains("新的草稿"), "the fresh one stays");
    assert_eq!(
        maku::scheduler::housekeeping(&app.state)
            .await
            .expect("housekeeping"),
        1,
        "the unclaimed day-old row is deleted"
    );
}

/// A new-thread form refused for its blank title, its redirect not followed.
async fn refuse(b: &Browser, slug: &str, text: &str) -> crate::helpers::Answer {
    let csrf = b.get(&format!("/b/{slug}")).await.csrf();
    b.post_answer(
        &format!("/b/{slug}/threads"),
        &[("csrf", &csrf), ("title", " "), ("body", text)],
    )
    .await
}
