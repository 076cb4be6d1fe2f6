//! Lists kept for every reader (issue 42, `web::listings`): a board's page of threads, the
//! lobby, a profile, a leaderboard and an account's bell are read once per change, not per
//! view. Views here would live a minute: every change below must show at once, because it moves
//! the count the list was read under (`db::epoch`), and each reader still gets only their own
//! "new" marks and bell.

use crate::helpers::{Api, Page, TestApp, started_game};
use crate::on_both_backends_with;
use reqwest::StatusCode;
use serde_json::json;
use std::time::Duration;

/// Longer than any of these tests: only a counted change may renew a list.
fn long_views(s: &mut maku::config::Settings) {
    s.view_cache = Duration::from_secs(60);
}

on_both_backends_with!(long_views:
    a_kept_board_page_shows_every_change_at_once_with_each_reader_s_own_marks,
    the_kept_lobby_profile_and_leaderboard_show_a_game_s_changes_at_once,
    a_kept_bell_shows_its_own_account_s_changes_at_once,
);

/// The thread titles a board page lists marked new.
fn new_titles(page: &Page) -> Vec<String> {
    page.body
        .split("<li class=\"unread\">")
        .skip(1)
        .filter_map(|item| {
            let at = item.find("class=\"title\"")?;
            let rest = &item[at..];
            let start = rest.find('>')? + 1;
            let end = rest.find("</a>")?;
            Some(rest[start..end].to_string())
        })
        .collect()
}

async fn a_kept_board_page_shows_every_change_at_once_with_each_reader_s_own_marks(app: TestApp) {
    let slug = app.board("talk").await;
    let board = format!("/b/{slug}");
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let first = alice.new_thread(&slug, "爱丽丝的帖", "一楼").await;
    // Both read the board: its page is kept.
    assert!(alice.get(&board).await.body.contains("爱丽丝的帖"));
    assert!(bob.get(&board).await.body.contains("爱丽丝的帖"));
    // A new thread shows at once, new to Alice, not to its author (who has not opened
    // Alice's: that one is new to him).
    let second = bob.new_thread(&slug, "鲍勃的帖", "一楼").await;
    let seen = alice.get(&board).await;
    assert!(seen.body.contains("鲍勃的帖"), "{}", seen.body);
    assert_eq!(new_titles(&seen), vec!["鲍勃的帖".to_string()]);
    assert_eq!(
        new_titles(&bob.get(&board).await),
        vec!["爱丽丝的帖".to_string()]
    );
    // Alice reads it: no longer new to her (her mark, though the list is kept).
    assert_eq!(
        alice.get(&format!("/t/{second}")).await.status,
        StatusCode::OK
    );
    assert!(new_titles(&alice.get(&board).await).is_empty());
    // Bob replies in Alice's thread: it moves to the top with its new count, new to Alice.
    let before = alice.get(&board).await.body;
    assert_eq!(bob.reply(first, "二楼").await.status, StatusCode::OK);
    let after = alice.get(&board).await;
    assert_ne!(after.body, before);
    assert!(
        after.body.find("爱丽丝的帖") < after.body.find("鲍勃的帖"),
        "the replied thread leads"
    );
    assert_eq!(new_titles(&after), vec!["爱丽丝的帖".to_string()]);
    // A lock shows at once.
    let admin = app.admin().await;
    let page = admin.get(&format!("/t/{first}")).await;
    let locked = admin
        .post(
            &format!("/t/{first}/moderate"),
            &[("csrf", page.csrf().as_str()), ("action", "lock")],
        )
        .await;
    assert_eq!(locked.status, StatusCode::OK, "{}", locked.body);
    assert!(
        bob.get(&board).await.body.contains("badge muted"),
        "the locked badge"
    );
}

async fn the_kept_lobby_profile_and_leaderboard_show_a_game_s_changes_at_once(app: TestApp) {
    let api = Api::new(&app);
    let reader = app.player("reader").await;
    let game = started_game(&app, "kl", json!({"title": "留存之局"})).await;
    let lobby = reader.get("/games").await;
    assert!(lobby.body.contains("留存之局"));
    let profile = reader.get("/u/kl0").await;
    assert_eq!(profile.status, StatusCode::OK);
    let board = reader.get("/leaderboard/deathnote").await;
    assert!(!board.body.contains("kl0"), "no finished game yet");
    // A new open table shows in the kept lobby at once, and a sign-up moves its seats.
    let (s, b) = api
        .post(
            "/api/v1/games",
            &game.admin,
            json!({"title": "新开的桌", "variant": "deathnote", "min_seats": 6, "max_seats": 6}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let table = b["id"].as_i64().expect("id");
    let open = reader.get("/games").await.body;
    assert!(open.contains("新开的桌"), "{open}");
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{table}/signup"),
            &game.players[0],
            json!({}),
        )
        .await;
    assert!(s.is_success(), "{b}");
    assert_ne!(
        reader.get("/games").await.body,
        open,
        "the seats left moved"
    );
    // The game ends: its player's profile and the leaderboard show it at once.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/end", game.id),
            &game.admin,
            json!({"act": 1, "reason": "结束", "winner": "good"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert!(
        reader
            .get("/u/kl0")
            .await
            .body
            .contains(&format!("/games/{}/reveal", game.id)),
        "the finished game on the kept profile"
    );
    assert!(
        reader
            .get("/leaderboard/deathnote")
            .await
            .body
            .contains("kl0")
    );
    assert_ne!(reader.get("/games").await.body, open);
}

async fn a_kept_bell_shows_its_own_account_s_changes_at_once(app: TestApp) {
    let slug = app.board("talk").await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let thread = alice.new_thread(&slug, "提醒", "一楼").await;
    let empty = alice.get("/notifications").await;
    assert!(!empty.body.contains("class=\"unread\""));
    assert!(carol.get("/notifications").await.status.is_success());
    // Bob mentions Alice: her kept bell shows it at once, unread; Carol's shows nothing.
    assert_eq!(
        bob.reply(thread, "@alice 看这里").await.status,
        StatusCode::OK
    );
    maku::notify::tick(&app.state).await.expect("notify tick");
    let rung = alice.get("/notifications").await;
    assert!(rung.body.contains("class=\"unread\""), "{}", rung.body);
    assert!(
        !carol
            .get("/notifications")
            .await
            .body
            .contains("class=\"unread\"")
    );
    // Alice marks all read: at once, nothing unread.
    let read = alice
        .post("/notifications/read", &[("csrf", rung.csrf().as_str())])
        .await;
    assert_eq!(read.status, StatusCode::OK);
    let after = alice.get("/notifications").await;
    assert!(!after.body.contains("class=\"unread\""), "{}", after.body);
    assert!(after.body.contains("bob"), "the mention is still listed");
}
