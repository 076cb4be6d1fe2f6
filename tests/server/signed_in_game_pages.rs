//! Signed-in game pages from memory: a game as its pages read it is kept (`game::snapshot`) and
//! a game thread's posts are rendered once per kind of reader and language, then filled per
//! reader (`web::games::threads`). A page made for one reader is never given to another: each
//! kind of reader reads the same threads in turn, in an order where a part kept for the one
//! before would show. A change to the game (a deadline moved, a ballot, a seat given to a
//! substitute, a lock, a post, the end) is seen at once, though the views
//! here would live a minute; on PostgreSQL, one made by another maku process too.

use crate::classic_forum::{REAL, Reader, classic_game, sign_in};
use crate::helpers::{Api, Browser, Page, TestApp, started_game};
use crate::on_both_backends_with;
use reqwest::StatusCode;
use serde_json::json;
use std::time::Duration;

/// Longer than any of these tests: only a counted change may renew a view.
fn long_views(s: &mut maku::config::Settings) {
    s.view_cache = Duration::from_secs(60);
}

on_both_backends_with!(long_views:
    every_kind_of_reader_gets_only_its_own_game_thread_page,
    a_change_to_a_game_is_seen_at_once_by_its_kept_pages,
    a_teammates_kill_is_seen_at_once_by_the_team_alone,
);

/// The floors whose edit link a page of thread `kind` of game `game` offers.
fn edit_links(page: &Page, game: i64, kind: &str) -> Vec<i64> {
    let marker = format!(r#"href="/games/{game}/threads/{kind}/"#);
    page.body
        .match_indices(&marker)
        .filter_map(|(at, m)| {
            let rest = &page.body[at + m.len()..];
            let (floor, tail) = rest.split_once('/')?;
            tail.starts_with("edit\"").then(|| floor.parse().ok())?
        })
        .collect()
}

/// What a page offers under its posts: (quote links, report forms, hide forms).
fn tools(page: &Page) -> (usize, usize, usize) {
    (
        page.body.matches("&amp;quote=").count(),
        page.body.matches("/report\" class=\"inline\"").count(),
        page.body.matches("/hide\" class=\"inline\"").count(),
    )
}

/// The reply box's line saying whom the reader posts as (empty: no reply box).
fn posting_as(page: &Page) -> &str {
    let Some(at) = page.body.find(r#"<h2 id="reply">"#) else {
        return "";
    };
    let rest = &page.body[at..];
    let start = rest.find(r#"<p class="meta">"#).unwrap_or(0);
    let end = rest[start..].find("</p>").map_or(rest.len(), |e| start + e);
    &rest[start..end]
}

/// The deadline the banner of a seat that owes something shows (empty: no such banner).
fn banner_deadline(page: &Page) -> String {
    let Some(at) = page.body.find("owes-banner") else {
        return String::new();
    };
    let rest = &page.body[at..];
    let rest = &rest[..rest.find("</p>").unwrap_or(rest.len())];
    rest.split("datetime=\"")
        .nth(1)
        .and_then(|d| d.split('"').next())
        .unwrap_or_default()
        .to_string()
}

/// The banner of a seat that owes something, whole (empty: no such banner).
fn owes_banner(page: &Page) -> String {
    let at = page.body.find("owes-banner").unwrap_or(page.body.len());
    page.body[at..]
        .split("</p>")
        .next()
        .unwrap_or_default()
        .to_string()
}

/// A dongsha night: the killers (seats 1, 4, 8) talk in their thread, the judge posts in the
/// game thread; the seats, the judge (an admin), a bystander and anonymous readers read both
/// threads in turn, twice.
async fn every_kind_of_reader_gets_only_its_own_game_thread_page(app: TestApp) {
    let g = classic_game(&app, "dongsha", &REAL, &[1, 4, 8], &[2, 6, 10], json!({})).await;
    let api = Api::new(&app);
    let id = g.id;
    for (seat, body) in [(1, "一号说：今晚动手"), (4, "四号说：同意")] {
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{id}/threads/killers"),
                &g.tokens[seat],
                json!({ "body": body }),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{b}");
    }
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/threads/game"),
            &g.admin,
            json!({"body": "法官：天黑请闭眼"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let judge_floor = b["floor"].as_i64().expect("floor");
    let killers = format!("/games/{id}/threads/killers");
    let game = format!("/games/{id}/threads/game");
    let mut readers: Vec<(Reader, Browser)> = Vec::new();
    // Each reader follows one of another kind, so that a part kept for the one before would
    // show: a killer after the judge, a bystander after a killer, and so on.
    for who in [
        Reader::Judge,
        Reader::Seat(1),
        Reader::Bystander,
        Reader::Seat(4),
        Reader::Anonymous,
        Reader::Seat(2),
        Reader::Seat(8),
    ] {
        readers.push((who, sign_in(&app, &g, who).await.0));
    }
    let mut tokens_seen: Vec<(Reader, String)> = Vec::new();
    for round in 0..2 {
        for (who, b) in &readers {
            let who = *who;
            // The killers' thread: its living team and the judge; every other reader gets the
            // refusal a thread it may not read gets.
            let page = b.get(&killers).await;
            let reads = matches!(who, Reader::Judge | Reader::Seat(1 | 4 | 8));
            if !reads {
                assert!(
                    matches!(
                        page.status,
                        StatusCode::FORBIDDEN | StatusCode::UNAUTHORIZED
                    ),
                    "{who:?}: {}",
                    page.status
                );
                assert!(!page.body.contains("今晚动手"), "{who:?}");
            } else {
                assert_eq!(page.status, StatusCode::OK, "{who:?}");
                assert!(page.body.contains("今晚动手") && page.body.contains("同意"));
                let own: Vec<i64> = match who {
                    Reader::Seat(1) => vec![1],
                    Reader::Seat(4) => vec![2],
                    _ => vec![],
                };
                assert_eq!(
                    edit_links(&page, id, "killers"),
                    own,
                    "{who:?} round {round}"
                );
                let hide = if who == Reader::Judge { 2 } else { 0 };
                assert_eq!(tools(&page), (2, 2, hide), "{who:?} round {round}");
                let line = posting_as(&page);
                match who {
                    Reader::Seat(i) => {
                        assert!(line.contains(&g.names[i]), "{who:?}: {line}");
                        for (j, other) in g.names.iter().enumerate() {
                            assert!(j == i || !line.contains(other.as_str()), "{line}");
                        }
                    }
                    _ => assert!(line.contains("法官"), "{who:?}: {line}"),
                }
                if round == 0 {
                    tokens_seen.push((who, page.csrf()));
                }
            }
            // The game thread: everyone reads it; at night no seat writes there.
            let page = b.get(&game).await;
            assert_eq!(page.status, StatusCode::OK, "{who:?}");
            assert!(page.body.contains("天黑请闭眼"));
            let judge = who == Reader::Judge;
            let edits = if judge { vec![judge_floor] } else { vec![] };
            assert_eq!(
                edit_links(&page, id, "game"),
                edits,
                "{who:?} round {round}"
            );
            let (quotes, reports, hides) = tools(&page);
            let signed_in = who != Reader::Anonymous;
            assert_eq!(quotes > 0, judge, "{who:?}: quote links");
            assert_eq!(reports > 0, signed_in, "{who:?}: report forms");
            assert_eq!(hides > 0, judge, "{who:?}: hide forms");
            assert_eq!(
                posting_as(&page).is_empty(),
                !judge,
                "{who:?}: the reply box"
            );
        }
    }
    // Each page's token is its own reader's: seat 4's reply with seat 1's token is refused, with
    // its own accepted.
    let four = &readers[3].1;
    let token_of = |r: Reader| {
        tokens_seen
            .iter()
            .find(|(w, _)| *w == r)
            .map(|(_, t)| t.clone())
            .expect("a token")
    };
    for (token, want) in [
        (token_of(Reader::Seat(1)), StatusCode::FORBIDDEN),
        (token_of(Reader::Seat(4)), StatusCode::SEE_OTHER),
    ] {
        let answer = four
            .post_answer(&killers, &[("csrf", &token), ("body", "四号再说")])
            .await;
        assert_eq!(answer.status, want);
    }
}

/// A dongsha night (CL-1: the night's kill is the killers' team's): killer 1's kill settles what
/// the team owes, so killer 4's kept pages stop asking for a kill at once; the police's kept
/// page stays as it was, so no timing of theirs tells of the kill.
async fn a_teammates_kill_is_seen_at_once_by_the_team_alone(app: TestApp) {
    let g = classic_game(&app, "dongsha", &REAL, &[1, 4, 8], &[2, 6, 10], json!({})).await;
    let id = g.id;
    let thread = format!("/games/{id}/threads/game");
    let (killer, _) = sign_in(&app, &g, Reader::Seat(4)).await;
    let (police, _) = sign_in(&app, &g, Reader::Seat(2)).await;
    let asked = owes_banner(&killer.get(&thread).await);
    assert!(!asked.is_empty(), "killer 4 owes the night's kill");
    let police_before = police.get(&thread).await.body;
    let (s, b) = Api::new(&app)
        .post(
            &format!("/api/v1/games/{id}/actions"),
            &g.tokens[1],
            json!({"type": "kill", "target": g.names[0]}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(
        owes_banner(&killer.get(&thread).await),
        "",
        "the team's kill is in: killer 4 owes nothing more, at once"
    );
    assert_eq!(police.get(&thread).await.body.len(), police_before.len());
}

/// A Death Note game (six seats, a random deal), the pages of seat `p0` and others kept.
async fn a_change_to_a_game_is_seen_at_once_by_its_kept_pages(app: TestApp) {
    let g = started_game(&app, "kp", json!({})).await;
    let api = Api::new(&app);
    let id = g.id;
    let base = format!("/api/v1/games/{id}");
    let (game_page, thread) = (format!("/games/{id}"), format!("/games/{id}/threads/game"));
    let b0 = app.browser();
    assert_eq!(b0.login("kp0", "password-123").await.status, StatusCode::OK);
    // Every seat owes a ballot: the banner says so, with the act's deadline.
    let before = banner_deadline(&b0.get(&thread).await);
    assert!(!before.is_empty(), "a banner with its deadline");
    assert_eq!(banner_deadline(&b0.get(&game_page).await), before);

    // The judge moves the deadline: both pages show the new one at once.
    let (s, b) = api
        .post(
            &format!("{base}/deadline"),
            &g.admin,
            json!({"act": 1, "extend_minutes": 30}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let moved = banner_deadline(&b0.get(&thread).await);
    assert!(!moved.is_empty() && moved != before, "{before} -> {moved}");
    assert_eq!(banner_deadline(&b0.get(&game_page).await), moved);

    // A ballot: the banner no longer asks for one.
    let asked = owes_banner(&b0.get(&thread).await);
    let b1 = app.browser();
    assert_eq!(b1.login("kp1", "password-123").await.status, StatusCode::OK);
    let kept_for_others = b1.get(&thread).await.body;
    let voter = app.account_id("kp0");
    let voter_place = maku::db::epoch::last_private(voter);
    let (s, b) = api
        .post(
            &format!("{base}/actions"),
            &g.players[0],
            json!({"type": "vote", "targets": [g.names[1]]}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_ne!(
        owes_banner(&b0.get(&thread).await),
        asked,
        "the ballot is seen at once"
    );
    // A secret action renews nothing kept for the other readers, so no timing of theirs tells
    // of it: it moved its own account's place (`db::epoch::private_changed`, which moves no
    // game's count: its unit test), and the others' page is what it was.
    assert!(maku::db::epoch::last_private(voter) > voter_place);
    assert_eq!(b1.get(&thread).await.body.len(), kept_for_others.len());

    // A post by another seat is on the kept thread page at once; p0's own post offers its
    // edit link to p0 alone, until the judge locks the thread.
    for (t, body) in [
        (&g.players[1], "一号座位发言"),
        (&g.players[0], "零号座位发言"),
    ] {
        let (s, b) = api
            .post(&format!("{base}/threads/game"), t, json!({ "body": body }))
            .await;
        assert_eq!(s, StatusCode::CREATED, "{b}");
    }
    let page = b0.get(&thread).await;
    assert!(page.body.contains("一号座位发言") && page.body.contains("零号座位发言"));
    let own = edit_links(&page, id, "game");
    assert_eq!(own.len(), 1, "{own:?}");
    let theirs = edit_links(&b1.get(&thread).await, id, "game");
    assert_eq!(theirs.len(), 1);
    assert_ne!(theirs, own);
    let (s, b) = api
        .post(&format!("{base}/lock"), &g.admin, json!({"locked": true}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert!(
        edit_links(&b0.get(&thread).await, id, "game").is_empty(),
        "locked: no seat edits, at once"
    );

    // Seat 2's account gives its seat to a substitute: the pages of both accounts know at once.
    let b2 = app.browser();
    assert_eq!(b2.login("kp2", "password-123").await.status, StatusCode::OK);
    let seat_link = format!(r#"href="/games/{id}/seat""#);
    assert!(b2.get(&game_page).await.body.contains(&seat_link));
    let sub = api.account("kpsub").await;
    let (s, b) = api
        .post(&format!("{base}/substitutes"), &sub, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let bsub = app.browser();
    assert_eq!(
        bsub.login("kpsub", "password-123").await.status,
        StatusCode::OK
    );
    assert!(!bsub.get(&game_page).await.body.contains(&seat_link));
    let (s, b) = api
        .post(
            &format!("{base}/substitute"),
            &g.admin,
            json!({"game_id": g.names[2], "account": "kpsub"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert!(bsub.get(&game_page).await.body.contains(&seat_link));
    assert!(!b2.get(&game_page).await.body.contains(&seat_link));

    // The judge ends the game: the graveyard opens to every reader at once.
    let graveyard = format!("/games/{id}/threads/graveyard");
    let stranger = app.player("kpstranger").await;
    assert_ne!(stranger.get(&graveyard).await.status, StatusCode::OK);
    let (_, view) = api.get(&base, None).await;
    let (s, b) = api
        .post(
            &format!("{base}/end"),
            &g.admin,
            json!({"act": crate::classic_api::step(&view), "reason": "测试结束"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(stranger.get(&graveyard).await.status, StatusCode::OK);
}

/// On PostgreSQL, another maku process's change to a game, and a seat's ballot cast there,
/// reach the game's pages this instance keeps within a second: the database tells
/// (`*_game_view_notify`), though the views here would live a minute.
#[actix_web::test]
async fn another_process_s_game_changes_reach_kept_pages_within_a_second() {
    let Some(app) = crate::helpers::spawn_with(crate::helpers::Backend::Postgres, long_views).await
    else {
        eprintln!("MAKU_TEST_PG_URL is not set: PostgreSQL run skipped");
        return;
    };
    let g = started_game(&app, "op", json!({})).await;
    let id = g.id;
    let other = tokio::task::spawn_blocking({
        let url = app.database_url.clone();
        move || crate::signed_in_pages::other_process(&url)
    })
    .await
    .expect("started");
    assert!(
        crate::live::told(&app, &app.state).await,
        "this instance listens"
    );
    let b0 = app.browser();
    assert_eq!(b0.login("op0", "password-123").await.status, StatusCode::OK);
    let thread = format!("/games/{id}/threads/game");
    let before = banner_deadline(&b0.get(&thread).await);
    assert!(!before.is_empty());
    // The judge moves the deadline through the other process.
    let client = crate::helpers::client().build().expect("client");
    let r = client
        .post(format!("{}/api/v1/games/{id}/deadline", other.base))
        .bearer_auth(&g.admin)
        .json(&json!({"act": 1, "extend_minutes": 30}))
        .send()
        .await
        .expect("POST");
    assert_eq!(r.status(), StatusCode::OK);
    crate::helpers::within_a_second("the moved deadline reached the kept page", async || {
        banner_deadline(&b0.get(&thread).await) != before
    })
    .await;
    // Seat 0 votes through the other process: its own banner here stops asking for a ballot
    // (a `p<account>` notice renews only that account's views).
    let asked = owes_banner(&b0.get(&thread).await);
    assert!(!asked.is_empty());
    let r = client
        .post(format!("{}/api/v1/games/{id}/actions", other.base))
        .bearer_auth(&g.players[0])
        .json(&json!({"type": "vote", "targets": [g.names[1]]}))
        .send()
        .await
        .expect("POST");
    assert_eq!(r.status(), StatusCode::OK);
    crate::helpers::within_a_second("the ballot reached the voter's kept page", async || {
        owes_banner(&b0.get(&thread).await) != asked
    })
    .await;
    // A dongsha killer's kill through the other process: his teammate's page here stops
    // asking for the team's kill (the `p` notice `games::private_changed_for` sends).
    let c = classic_game(&app, "dongsha", &REAL, &[1, 4, 8], &[2, 6, 10], json!({})).await;
    let night = format!("/games/{}/threads/game", c.id);
    let (killer, _) = sign_in(&app, &c, Reader::Seat(4)).await;
    assert!(!owes_banner(&killer.get(&night).await).is_empty());
    let r = client
        .post(format!("{}/api/v1/games/{}/actions", other.base, c.id))
        .bearer_auth(&c.tokens[1])
        .json(&json!({"type": "kill", "target": c.names[0]}))
        .send()
        .await
        .expect("POST");
    assert_eq!(r.status(), StatusCode::OK);
    crate::helpers::within_a_second("the teammate's kill reached the kept page", async || {
        owes_banner(&killer.get(&night).await).is_empty()
    })
    .await;
    drop(other);
}
