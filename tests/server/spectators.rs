//! Spectators and the dead (issue 41, item 3): any account without a seat watches a running
//! game (`POST /api/v1/games/{id}/watch`, the game page's button) and reads its spectators'
//! thread, which the seats that are out share when the judge allows it. The thread is walked as
//! every reader (anonymous, outsider, watcher, dead seat allowed and not, living seat, judge)
//! before and after the end: pages, the API, search, the live mark, `/me`, notifications; a
//! watcher is refused as a substitute, and a suspended watcher writes nothing.

use crate::helpers::*;
use maku::notify::{self, store::NotificationRow};
use reqwest::StatusCode;
use serde_json::{Value, json};

crate::on_both_backends!(
    the_spectators_thread_walked_as_every_reader,
    the_dead_stay_out_when_the_judge_says_so,
    watching_from_the_game_page,
);

/// The fixed deal's game IDs; `{prefix}{i}` plays `CAST[i]`, the first and third are Kira.
const CAST: [&str; 6] = ["夜神月", "L", "弥海砂", "尼亚", "梅洛", "松田"];

/// A running six-seat Death Note game with a fixed deal, judged by the admin, made with `extra`
/// merged into the create body; seat `{prefix}5` (松田) was put out in act 1, so act 2 is open.
pub(crate) async fn game_with_a_dead_seat(
    app: &TestApp,
    prefix: &str,
    extra: Value,
) -> StartedGame {
    let api = Api::new(app);
    let mut create = json!({"title": "观战局", "variant": "deathnote", "act_minutes": 60,
        "characters": CAST, "min_seats": 6, "max_seats": 6});
    if let (Value::Object(c), Value::Object(e)) = (&mut create, extra) {
        c.extend(e);
    }
    let (id, admin, players) = signed_up_with(app, prefix, 6, create).await;
    let seats: Vec<Value> = CAST
        .iter()
        .enumerate()
        .map(|(i, g)| json!({"game_id": g, "real_id": format!("{prefix}{i}")}))
        .collect();
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/start"),
            &admin,
            json!({"setup": {"seats": seats, "kira": ["夜神月", "弥海砂"]}}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    // Light (on turn in act 1) writes 松田's real name; the judge resolves the act.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/actions"),
            &players[0],
            json!({"type": "kill", "target": "松田", "real_id": format!("{prefix}5")}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    // Every other seat votes (a seat that does not is out, DN), for 松田: only he is out.
    for t in &players[..5] {
        let target = "松田";
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{id}/actions"),
                t,
                json!({"type": "vote", "targets": [target]}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    let act = api.act(id).await;
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/resolve"),
            &admin,
            json!({"act": act}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (_, g) = api.get(&format!("/api/v1/games/{id}"), None).await;
    assert!(g["winner"].is_null(), "{g}");
    let dead: Vec<&str> = g["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .filter(|s| s["alive"] == false)
        .filter_map(|s| s["game_id"].as_str())
        .collect();
    assert_eq!(dead, ["松田"], "{g}");
    StartedGame {
        id,
        admin,
        players,
        names: CAST.iter().map(|s| s.to_string()).collect(),
    }
}

async fn user_id(app: &TestApp, name: &str) -> i64 {
    app.account_id(name)
}

async fn notes(app: &TestApp, name: &str) -> Vec<NotificationRow> {
    let user = user_id(app, name).await;
    app.state
        .db(move |c| Ok(notify::store::list(c, user, None, 500)?))
        .await
        .expect("db")
}

/// The hits of a search for `word` as `token`'s reader.
async fn hits(api: &Api<'_>, word: &str, token: Option<&str>) -> usize {
    let (s, b) = api.get(&format!("/api/v1/search?q={word}"), token).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    b["hits"].as_array().expect("hits").len()
}

/// The game's live mark now (what every open page of the game is woken by).
async fn live_mark(app: &TestApp, id: i64) -> String {
    app.state
        .db(move |c| maku::game::live::mark(c, id))
        .await
        .map(|m| format!("{m:?}"))
        .expect("a mark")
}

/// A signed-in browser of `name` (registered through the API, password `password-123`).
pub(crate) async fn signed_in(app: &TestApp, name: &str) -> Browser {
    let b = app.browser();
    let p = b.login(name, "password-123").await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    b
}

async fn the_spectators_thread_walked_as_every_reader(app: TestApp) {
    let api = Api::new(&app);
    let g = game_with_a_dead_seat(&app, "sp", json!({})).await;
    let id = g.id;
    let living = &g.players[1];
    let dead = &g.players[5];
    let watcher = api.account("watcher").await;
    let watcher2 = api.account("watcher2").await;
    let outsider = api.account("outsider").await;
    let thread = format!("/api/v1/games/{id}/threads/spectators");

    // Before watching, an outsider reads nothing of it and may not post.
    let (s, _) = api.get(&thread, Some(&watcher)).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, b) = api.post(&thread, &watcher, json!({"body": "早"})).await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("cannot_post_here"))
    );

    // Who may watch: not a seat (dead or alive), not the judge, not a game-ID login.
    for (token, code) in [
        (living, "watch_seated"),
        (dead, "watch_seated"),
        (&g.admin, "judge_cannot_watch"),
    ] {
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/watch"), token, json!({}))
            .await;
        assert_eq!(
            (s, b["error"].clone()),
            (StatusCode::CONFLICT, json!(code)),
            "{b}"
        );
        assert!(
            b["message"].as_str().is_some_and(|m| !m.contains("error-")),
            "a message in words: {b}"
        );
    }
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/alias"),
            living,
            json!({"password": "alias-pass-1"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (s, b) = api
        .call(
            reqwest::Method::POST,
            &format!("/api/v1/games/{id}/tokens"),
            None,
            Some(json!({"game_id": "L", "password": "alias-pass-1"})),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let alias = b["token"].as_str().expect("a token").to_string();
    let (s, _) = api
        .post(&format!("/api/v1/games/{id}/watch"), &alias, json!({}))
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN, "a game-ID login does not watch");
    // A game not running: not yet started, or over (below).
    let (open, _, _) = signed_up_with(
        &app,
        "spo",
        1,
        json!({"title": "未开", "variant": "deathnote", "act_minutes": 60}),
    )
    .await;
    let (s, b) = api
        .post(&format!("/api/v1/games/{open}/watch"), &watcher, json!({}))
        .await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("game_not_started"))
    );

    // Two accounts watch.
    for t in [&watcher, &watcher2] {
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/watch"), t, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        assert_eq!(b["watching"], json!(true));
        let (_, b) = api.get(&format!("/api/v1/games/{id}/watch"), Some(t)).await;
        assert_eq!(b["watching"], json!(true));
    }
    // A watcher reads what the public reads: no seat of its own.
    let (s, b) = api
        .get(&format!("/api/v1/games/{id}/me"), Some(&watcher))
        .await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("not_seated"))
    );

    // The watcher posts as her account and mentions a living seat's account and the other
    // watcher; the dead seat posts as its game ID; the judge as the judge.
    let mark = live_mark(&app, id).await;
    let (s, b) = api
        .post(
            &thread,
            &watcher,
            json!({"body": "WATCHERWORD @sp1 @watcher2"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let (s, b) = api
        .post(&thread, dead, json!({"body": "DEADWORD 我是松田"}))
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let (s, b) = api
        .post(&thread, &g.admin, json!({"body": "JUDGEWORD"}))
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    assert_eq!(
        live_mark(&app, id).await,
        mark,
        "the live mark does not move"
    );

    // The API as every reader: the thread's readers see the three posts, the dead seat as its
    // game ID only; everyone else the same refusal, whether or not a floor exists.
    let (s, b) = api.get(&thread, Some(&watcher2)).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let posts = b["posts"].as_array().expect("posts");
    assert_eq!(posts.len(), 3, "{b}");
    assert_eq!(
        (posts[0]["author"].clone(), posts[0]["watcher"].clone()),
        (Value::Null, json!("watcher"))
    );
    assert_eq!(
        (posts[1]["author"].clone(), posts[1]["watcher"].clone()),
        (json!("松田"), Value::Null)
    );
    assert!(
        !b.to_string().contains("sp5"),
        "never the dead seat's account: {b}"
    );
    assert_eq!(
        (posts[2]["author"].clone(), posts[2]["kind"].clone()),
        (Value::Null, json!("judge"))
    );
    for (who, token) in [("dead seat", Some(dead)), ("judge", Some(&g.admin))] {
        let (s, b) = api.get(&thread, token.map(|t| t.as_str())).await;
        assert_eq!(s, StatusCode::OK, "{who}: {b}");
        assert_eq!(b["posts"].as_array().map(Vec::len), Some(3), "{who}");
    }
    for (who, token) in [
        ("anonymous", None),
        ("outsider", Some(outsider.as_str())),
        ("living seat", Some(living.as_str())),
        ("living seat's game-ID login", Some(alias.as_str())),
    ] {
        let (s, b) = api.get(&thread, token).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{who}: {b}");
        let mut answers = Vec::new();
        for floor in [1, 999] {
            let (s, b) = api
                .get(&format!("{thread}/posts/{floor}/revisions"), token)
                .await;
            answers.push((s, b["error"].clone()));
        }
        assert_eq!(
            answers[0], answers[1],
            "{who}: a floor that exists answers as one that does not"
        );
        assert_eq!(answers[0].0, StatusCode::FORBIDDEN, "{who}");
        if let Some(t) = token {
            let (s, b) = api.post(&thread, t, json!({"body": "让我看看"})).await;
            assert_eq!(
                (s, b["error"].clone()),
                (StatusCode::CONFLICT, json!("cannot_post_here")),
                "{who}"
            );
        }
    }

    // The pages as every reader: the same status for "may not read" as for "no such floor".
    let anonymous = app.browser();
    let b_outsider = signed_in(&app, "outsider").await;
    let b_living = signed_in(&app, "sp1").await;
    let b_watcher = signed_in(&app, "watcher").await;
    let b_dead = signed_in(&app, "sp5").await;
    let b_judge = app.admin().await;
    let page = format!("/games/{id}/threads/spectators");
    for (who, b) in [
        ("anonymous", &anonymous),
        ("outsider", &b_outsider),
        ("living seat", &b_living),
    ] {
        for path in [
            page.clone(),
            format!("{page}?quote=1"),
            format!("{page}/1/history"),
            format!("{page}/999/history"),
            format!("{page}/1/edit"),
            format!("{page}/999/edit"),
        ] {
            let p = b.get(&path).await;
            // A signed-out reader's edit link leads to signing in.
            let to_login =
                who == "anonymous" && path.ends_with("/edit") && p.url.contains("/login");
            assert!(
                to_login || p.status == StatusCode::FORBIDDEN,
                "{who} {path}: {}",
                p.status
            );
            for word in ["WATCHERWORD", "DEADWORD", "JUDGEWORD"] {
                assert!(!p.body.contains(word), "{who} {path}");
            }
        }
        let one = b.get(&format!("{page}/1/history")).await.status;
        let none = b.get(&format!("{page}/999/history")).await.status;
        assert_eq!(one, none, "{who}: exists and forbidden answer alike");
    }
    for (who, b) in [
        ("watcher", &b_watcher),
        ("dead seat", &b_dead),
        ("judge", &b_judge),
    ] {
        let p = b.get(&page).await;
        assert_eq!(p.status, StatusCode::OK, "{who}");
        for word in ["WATCHERWORD", "DEADWORD", "JUDGEWORD"] {
            assert!(p.body.contains(word), "{who} reads {word}");
        }
        assert!(
            p.body.contains("（观战）"),
            "a watcher's post is marked: {}",
            p.body
        );
        // (The dead seat's own page names its account in the header, as every page does.)
        assert!(
            who == "dead seat" || !p.body.contains("sp5"),
            "{who}: never the dead seat's account"
        );
        assert!(p.body.contains(r#"id="reply""#), "{who} may reply");
    }
    // Her own post is hers to edit; the dead seat edits its own as the game ID.
    let p = b_watcher.get(&format!("{page}/1/edit")).await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    assert!(p.body.contains("「watcher」"), "{}", p.body);
    let p = b_dead.get(&format!("{page}/2/edit")).await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    assert!(p.body.contains("「松田」"), "{}", p.body);
    assert_eq!(
        b_watcher.get(&format!("{page}/2/edit")).await.status,
        StatusCode::FORBIDDEN
    );

    // Search finds none of it before the end, whoever searches; the living seat's pages say
    // nothing of it.
    for token in [
        None,
        Some(watcher.as_str()),
        Some(g.admin.as_str()),
        Some(dead.as_str()),
    ] {
        for word in ["WATCHERWORD", "DEADWORD", "JUDGEWORD"] {
            assert_eq!(hits(&api, word, token).await, 0, "{word} before the end");
        }
    }
    let (_, me) = api
        .get(&format!("/api/v1/games/{id}/me"), Some(living))
        .await;
    assert!(!me.to_string().contains("WATCHERWORD"), "{me}");
    for path in [
        format!("/games/{id}"),
        format!("/games/{id}/seat"),
        format!("/games/{id}/threads/game"),
    ] {
        let p = b_living.get(&path).await;
        assert_eq!(p.status, StatusCode::OK, "{path}");
        assert!(!p.body.contains("WATCHERWORD"), "{path}");
    }

    // Notifications: the other watcher is told of her mention, the living seat is not.
    notify::tick(&app.state).await.expect("notify tick");
    let told = |rows: &[NotificationRow]| rows.iter().filter(|r| r.kind == "mentioned").count();
    assert_eq!(told(&notes(&app, "watcher2").await), 1, "a watcher is told");
    assert_eq!(
        told(&notes(&app, "sp1").await),
        0,
        "a living seat is never told"
    );
    // The other watcher answers.
    let (s, b) = api
        .post(&thread, &watcher2, json!({"body": "同意楼上"}))
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");

    // Substitutes: a watcher, now or before, is refused both ways.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/substitutes"),
            &watcher,
            json!({}),
        )
        .await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("watcher_cannot_substitute")),
        "{b}"
    );
    let (s, b) = api
        .call(
            reqwest::Method::DELETE,
            &format!("/api/v1/games/{id}/watch"),
            Some(&watcher2),
            Some(json!({})),
        )
        .await;
    assert_eq!(
        (s, b["watching"].clone()),
        (StatusCode::OK, json!(false)),
        "{b}"
    );
    let (s, _) = api.get(&thread, Some(&watcher2)).await;
    assert_eq!(
        s,
        StatusCode::FORBIDDEN,
        "no longer watching, no longer reading"
    );
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/substitute"),
            &g.admin,
            json!({"game_id": "L", "account": "watcher2"}),
        )
        .await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("watcher_cannot_substitute")),
        "{b}"
    );
    // An outsider who never watched may still be a substitute.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/substitutes"),
            &outsider,
            json!({}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");

    // A suspended watcher writes nothing there.
    let (s, b) = api
        .post(
            "/api/v1/accounts/watcher/suspend",
            &g.admin,
            json!({"days": 1, "reason": "spectator-reason"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (s, b) = api
        .post(&thread, &watcher, json!({"body": "被封了还说"}))
        .await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::FORBIDDEN, json!("suspended")),
        "{b}"
    );
    let (s, b) = api
        .call(
            reqwest::Method::PATCH,
            &format!("{thread}/posts/1"),
            Some(&watcher),
            Some(json!({"body": "改"})),
        )
        .await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::FORBIDDEN, json!("suspended")),
        "{b}"
    );
    let reply = b_watcher
        .post(
            &page,
            &[
                ("csrf", &b_watcher.get(&page).await.csrf()),
                ("body", "KEPT-SPECTATOR"),
            ],
        )
        .await;
    reply.assert_back_at(&page);
    assert!(reply.body.contains("spectator-reason") && reply.body.contains("KEPT-SPECTATOR"));
    let (s, _) = api
        .call(
            reqwest::Method::DELETE,
            "/api/v1/accounts/watcher/suspend",
            Some(&g.admin),
            Some(json!({})),
        )
        .await;
    assert_eq!(s, StatusCode::OK);

    // The end: everyone reads it, search finds it, the watcher can no longer start watching.
    let act = api.act(id).await;
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/end"),
            &g.admin,
            json!({"act": act, "reason": "测试结束"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/watch"), &outsider, json!({}))
        .await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("game_over"))
    );
    for (who, token) in [
        ("anonymous", None),
        ("outsider", Some(outsider.as_str())),
        ("living seat", Some(living.as_str())),
    ] {
        let (s, b) = api.get(&thread, token).await;
        assert_eq!(s, StatusCode::OK, "{who}: {b}");
        assert_eq!(b["posts"].as_array().map(Vec::len), Some(4), "{who}");
        for word in ["WATCHERWORD", "DEADWORD", "JUDGEWORD"] {
            assert_eq!(
                hits(&api, word, token).await,
                1,
                "{who}: {word} after the end"
            );
        }
    }
    for (who, b) in [("anonymous", &anonymous), ("living seat", &b_living)] {
        let p = b.get(&page).await;
        assert_eq!(p.status, StatusCode::OK, "{who}");
        assert!(
            p.body.contains("WATCHERWORD") && p.body.contains("DEADWORD"),
            "{who}"
        );
    }
    // As in the graveyard, the seats and the watchers may still talk there; an outsider not.
    let (s, b) = api.post(&thread, living, json!({"body": "原来如此"})).await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let (s, b) = api.post(&thread, &watcher, json!({"body": "好局"})).await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let (s, b) = api.post(&thread, &outsider, json!({"body": "路过"})).await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("cannot_post_here"))
    );
}

async fn the_dead_stay_out_when_the_judge_says_so(app: TestApp) {
    let api = Api::new(&app);
    let g = game_with_a_dead_seat(&app, "sd", json!({"spectators_dead": false})).await;
    let id = g.id;
    let thread = format!("/api/v1/games/{id}/threads/spectators");
    let watcher = api.account("watcher").await;
    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/watch"), &watcher, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (s, b) = api
        .post(&thread, &watcher, json!({"body": "ONLYWATCHERS"}))
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    // The dead seat reads its graveyard, not the watchers' thread, and answers as a living
    // seat does.
    let dead = &g.players[5];
    let living = &g.players[1];
    for token in [dead, living] {
        let (s, _) = api.get(&thread, Some(token)).await;
        assert_eq!(s, StatusCode::FORBIDDEN);
        let (s, b) = api.post(&thread, token, json!({"body": "我也来"})).await;
        assert_eq!(
            (s, b["error"].clone()),
            (StatusCode::CONFLICT, json!("cannot_post_here"))
        );
    }
    let (s, _) = api
        .get(&format!("/api/v1/games/{id}/threads/graveyard"), Some(dead))
        .await;
    assert_eq!(s, StatusCode::OK);
    let b_dead = signed_in(&app, "sd5").await;
    let p = b_dead.get(&format!("/games/{id}/threads/spectators")).await;
    assert_eq!(p.status, StatusCode::FORBIDDEN);
    assert!(!p.body.contains("ONLYWATCHERS"));
    // The game page says so; the default says the dead share it.
    let page = app.browser().get(&format!("/games/{id}")).await;
    assert_eq!(page.status, StatusCode::OK);
    let (_, view) = api.get(&format!("/api/v1/games/{id}"), None).await;
    assert_eq!(view["settings"]["spectators_dead"], json!(false), "{view}");
    let other = started_game(&app, "se", json!({})).await;
    let (_, view) = api.get(&format!("/api/v1/games/{}", other.id), None).await;
    assert!(
        view["settings"].get("spectators_dead").is_none(),
        "on by default, not stored: {view}"
    );
}

async fn watching_from_the_game_page(app: TestApp) {
    let g = started_game(&app, "sw", json!({})).await;
    let id = g.id;
    let viewer = app.player("guest").await;
    let game = format!("/games/{id}");
    let page = viewer.get(&game).await;
    assert!(
        page.body
            .contains(&format!(r#"action="/games/{id}/watch""#)),
        "{}",
        page.body
    );
    assert!(page.body.contains("观战本局"));
    // The button: 303 to the thread, which she reads and writes in.
    let csrf = page.csrf();
    let answer = viewer
        .post_answer(&format!("/games/{id}/watch"), &[("csrf", &csrf)])
        .await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    assert_eq!(answer.location, format!("/games/{id}/threads/spectators"));
    let thread = viewer.get(&answer.location).await;
    assert_eq!(thread.status, StatusCode::OK, "{}", thread.body);
    assert!(
        thread.body.contains("「guest」"),
        "she posts as herself: {}",
        thread.body
    );
    let posted = viewer
        .post(
            &answer.location,
            &[("csrf", &thread.csrf()), ("body", "PAGEWATCHER 你好")],
        )
        .await;
    assert_eq!(posted.answer, StatusCode::SEE_OTHER);
    assert!(posted.body.contains("PAGEWATCHER"), "{}", posted.body);
    assert!(posted.body.contains("guest"));
    // The game page now offers to stop.
    let page = viewer.get(&game).await;
    assert!(page.body.contains("你正在观战本局"), "{}", page.body);
    let stopped = viewer
        .post(&format!("/games/{id}/unwatch"), &[("csrf", &page.csrf())])
        .await;
    stopped.assert_back_at(&game);
    assert!(stopped.body.contains("观战本局"));
    assert_eq!(
        viewer.get(&answer.location).await.status,
        StatusCode::FORBIDDEN
    );
    // A seat pressing the button (a crafted form) is told why, on the game page.
    let seat = signed_in(&app, "sw0").await;
    let page = seat.get(&game).await;
    assert!(
        !page
            .body
            .contains(&format!(r#"action="/games/{id}/watch""#)),
        "no button for a seat"
    );
    let refused = seat
        .post(&format!("/games/{id}/watch"), &[("csrf", &page.csrf())])
        .await;
    refused.assert_back_at(&game);
    assert!(
        refused.body.contains("你在本局有（或曾有）座位"),
        "{}",
        refused.body
    );
    // Without the form's token nothing happens.
    let forged = app.player("forger").await;
    let p = forged
        .post(&format!("/games/{id}/watch"), &[("csrf", "nope")])
        .await;
    assert_eq!(p.answer, StatusCode::FORBIDDEN);
    let (_, b) = Api::new(&app)
        .get(
            &format!("/api/v1/games/{id}/watch"),
            Some(&Api::new(&app).token("forger", "password-123").await),
        )
        .await;
    assert_eq!(b["watching"], json!(false));
    // The English page speaks English.
    let en = app.browser_in("en");
    en.login("guest", "password-123").await;
    let page = en.get(&game).await;
    assert!(page.body.contains("Watch this game"), "{}", page.body);
}
