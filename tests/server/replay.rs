//! Replay as a seat (`/games/{id}/replay?seat=G&act=N`, `GET /api/v1/games/{id}/replay`):
//! after the end, act N as seat G saw it — its own private lines of the act, the team threads it
//! could read up to the end of the act (not later posts, not after it left the team), the act's
//! game-thread posts from the post that opened it to the one that resolved its last phase, and
//! the act's public events; the page and the JSON tell the same facts. Before the end every
//! reader gets exactly the 404 of a game that does not exist.

use crate::classic_api::{Table, fixed_game, game, kind, seats_of, step};
use crate::helpers::{Api, Browser, Page, TestApp};
use crate::on_both_backends;
use reqwest::StatusCode;
use serde_json::{Value, json};

on_both_backends!(
    a_classic_game_replays_each_seats_acts_with_its_team_threads,
    a_replay_answers_as_no_game_does_until_the_judge_ends_it,
);

async fn replay(api: &Api<'_>, id: i64, query: &str) -> (StatusCode, Value) {
    api.get(&format!("/api/v1/games/{id}/replay{query}"), None)
        .await
}

/// The replay of `query`, which must be there.
async fn replayed(api: &Api<'_>, id: i64, query: &str) -> Value {
    let (s, r) = replay(api, id, query).await;
    assert_eq!(s, StatusCode::OK, "{query}: {r}");
    r
}

fn list(v: &Value) -> &Vec<Value> {
    v.as_array().unwrap_or_else(|| panic!("a list: {v}"))
}

/// Whether one of `posts` (a replay's `team` or `public`) holds `text`.
fn has(posts: &Value, text: &str) -> bool {
    list(posts)
        .iter()
        .any(|p| p["html"].as_str().is_some_and(|h| h.contains(text)))
}

async fn ok(table: &Table, api: &Api<'_>, by: &str, action: Value) {
    let (s, b) = table.act(api, by, action.clone()).await;
    assert_eq!(s, StatusCode::OK, "{by} {action} → {b}");
}

async fn post(api: &Api<'_>, id: i64, token: &str, thread: &str, body: &str) {
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/threads/{thread}"),
            token,
            json!({"body": body}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{thread}: {body} → {b}");
}

/// The text of `body` between the first `from` and the next `to` (or the end).
fn section<'a>(body: &'a str, from: &str, to: &str) -> &'a str {
    let start = body
        .find(from)
        .unwrap_or_else(|| panic!("{from} on the page: {body}"));
    let rest = &body[start..];
    rest.find(to).map_or(rest, |end| &rest[..end])
}

/// The page shows what the JSON says: as many private lines, team and public posts, each post
/// by its floor and stored HTML, and as many public events.
fn page_tells(page: &Page, r: &Value) {
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let body = &page.body;
    let private = section(body, r#"<h2 id="private">"#, r#"<h2 id="team">"#);
    assert_eq!(
        private.matches("<li").count(),
        list(&r["private"]).len(),
        "private lines: {private}"
    );
    let team = section(body, r#"<h2 id="team">"#, r#"<h2 id="public">"#);
    assert_eq!(
        team.matches("<article").count(),
        list(&r["team"]).len(),
        "{team}"
    );
    for p in list(&r["team"]) {
        let html = p["html"].as_str().expect("a team post has HTML");
        assert!(team.contains(html), "{html} in {team}");
        assert!(team.contains(&format!(">#{}<", p["floor"])), "{p}");
    }
    let public = section(body, r#"<h2 id="public">"#, "<footer");
    assert_eq!(
        public.matches("<article").count(),
        list(&r["public"]).len(),
        "{public}"
    );
    for p in list(&r["public"]) {
        assert!(public.contains(&format!(r#"id="p{}""#, p["floor"])), "{p}");
        if let Some(html) = p["html"].as_str() {
            assert!(public.contains(html), "{html} in {public}");
        }
    }
    let events = if list(&r["events"]).is_empty() {
        0
    } else {
        section(body, r#"<ul class="public-events">"#, "</ul>")
            .matches("<li>")
            .count()
    };
    assert_eq!(events, list(&r["events"]).len(), "{public}");
}

/// Dongsha, 8 seats (several phases an act, a killers' and a police thread): killers g1, g2;
/// police g3, g4. Act 1: g5 killed at night, nobody voted out. Act 2: g3 killed at night, then
/// g4 voted out: no police left, the killers win.
async fn a_classic_game_replays_each_seats_acts_with_its_team_threads(app: TestApp) {
    let api = Api::new(&app);
    let table = fixed_game(
        &app,
        "dongsha",
        &seats_of("rp", 8),
        &json!({"killers": ["g1", "g2"], "police": ["g3", "g4"]}),
    )
    .await;
    let id = table.id;
    let token = |g: &str| table.tokens[g].clone();

    // Act 1, the night.
    ok(&table, &api, "g1", json!({"type": "kill", "target": "g5"})).await;
    ok(&table, &api, "g2", json!({"type": "kill", "target": "g5"})).await;
    ok(&table, &api, "g3", json!({"type": "check", "target": "g1"})).await;
    post(&api, id, &token("g1"), "killers", "杀手帖：第一幕夜").await;
    post(&api, id, &token("g3"), "police", "警察帖：第一幕夜").await;
    post(&api, id, &table.admin, "game", "法官：第一幕公开").await;
    let (s, _) = replay(&api, id, "?seat=g1&act=1").await;
    assert_eq!(s, StatusCode::NOT_FOUND, "no replay while the game runs");
    // Its day: one speech, a killers' post, and a vote nobody casts.
    let mut spoke = false;
    loop {
        let g = game(&api, id).await;
        if kind(&g) == "vote" {
            break;
        }
        if kind(&g) == "speech" && !spoke {
            let speaker = g["speaker"].as_str().expect("a speaker").to_string();
            let (s, b) = table.speak(&api, &speaker, "发言：第一幕").await;
            assert_eq!(s, StatusCode::CREATED, "{b}");
            spoke = true;
        }
        let (s, b) = table.resolve(&api, step(&g)).await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    assert!(spoke, "act 1 had a speech");
    post(&api, id, &token("g2"), "killers", "杀手帖：第一幕白天").await;
    let g = game(&api, id).await;
    let (s, b) = table.resolve(&api, step(&g)).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let g = game(&api, id).await;
    assert_eq!((g["phase"]["act"].as_u64(), kind(&g)), (Some(2), "night"));

    // Act 2, the night: g3 is killed; after that only g4 reads the police thread.
    ok(&table, &api, "g1", json!({"type": "kill", "target": "g3"})).await;
    ok(&table, &api, "g4", json!({"type": "check", "target": "g2"})).await;
    post(&api, id, &token("g1"), "killers", "杀手帖：第二幕夜").await;
    post(&api, id, &token("g3"), "police", "警察帖：第二幕夜").await;
    post(&api, id, &table.admin, "game", "法官：第二幕公开").await;
    let (s, b) = table.resolve(&api, step(&g)).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    post(&api, id, &token("g4"), "police", "警察帖：g3 出局之后").await;
    let g = table.resolve_to_vote(&api).await;
    for by in ["g1", "g2", "g6", "g7", "g8"] {
        ok(&table, &api, by, json!({"type": "vote", "target": "g4"})).await;
    }
    let (s, b) = table.resolve(&api, step(&g)).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let g = game(&api, id).await;
    assert_eq!(g["winner"], "killers", "{g}");
    let public_events = |act: u64| -> Vec<Value> {
        list(&g["public"])
            .iter()
            .filter(|e| e["act"].as_u64() == Some(act))
            .map(|e| e["event"].clone())
            .collect()
    };

    // g1, act 1: its own lines of act 1 only, the killers' thread up to the end of act 1, the
    // game thread from the start to the resolution of act 1's vote.
    let r = replayed(&api, id, "?seat=g1&act=1").await;
    assert_eq!(
        (&r["game"], &r["seat"], &r["act"], &r["acts"]),
        (&json!(id), &json!("g1"), &json!(1), &json!(2))
    );
    assert_eq!(r["role"], "killer");
    assert_eq!(r["alive"], true);
    for l in list(&r["private"]) {
        assert_eq!(l["act"], 1, "{l}");
        assert!(
            l["by"] == "g1" || l["to"] == "g1",
            "only g1's own lines: {l}"
        );
    }
    assert!(
        list(&r["private"])
            .iter()
            .any(|l| l["kind"] == "reply" && l["action"] == json!({"type": "kill", "target": "g5"})),
        "its kill, with the action it sent: {r}"
    );
    assert!(
        list(&r["private"])
            .iter()
            .any(|l| l["kind"] == "private" && l["event"]["type"] == "teammates"),
        "{r}"
    );
    assert!(has(&r["team"], "杀手帖：第一幕夜") && has(&r["team"], "杀手帖：第一幕白天"));
    assert!(
        !has(&r["team"], "杀手帖：第二幕夜"),
        "not a later post: {r}"
    );
    assert!(!has(&r["team"], "警察帖"), "not another team's thread: {r}");
    assert!(list(&r["team"]).iter().all(|p| p["thread"] == "killers"));
    assert!(has(&r["public"], "法官：第一幕公开") && has(&r["public"], "发言：第一幕"));
    assert!(!has(&r["public"], "法官：第二幕公开"), "{r}");
    let public = list(&r["public"]);
    let (first, last) = (&public[0], &public[public.len() - 1]);
    assert_eq!(
        (&first["kind"], first["floor"].as_i64()),
        (&json!("act"), Some(1))
    );
    assert!(
        first["act"]["resolved"].is_null() && first["html"].is_null(),
        "{first}"
    );
    assert_eq!(
        last["kind"], "act",
        "the act ends with its last resolution: {last}"
    );
    assert!(last["act"]["resolved"].is_u64() && last["act"]["winner"].is_null());
    assert!(
        public
            .iter()
            .all(|p| p["thread"] == "game" && p["at"].is_string())
    );
    assert_eq!(r["events"], json!(public_events(1)));
    let act1_end = last["floor"].as_i64().expect("a floor");

    // The same seat's act 2: the killers' thread to the end, the game thread from the post that
    // closed act 1 to the one that ended the game.
    let r2 = replayed(&api, id, "?seat=g1&act=2").await;
    assert!(has(&r2["team"], "杀手帖：第一幕夜") && has(&r2["team"], "杀手帖：第二幕夜"));
    assert!(has(&r2["public"], "法官：第二幕公开") && !has(&r2["public"], "法官：第一幕公开"));
    let public2 = list(&r2["public"]);
    assert_eq!(public2[0]["floor"].as_i64(), Some(act1_end));
    assert_eq!(public2[public2.len() - 1]["act"]["winner"], "killers");
    assert_eq!(r2["events"], json!(public_events(2)));
    for l in list(&r2["private"]) {
        assert_eq!(l["act"], 2, "{l}");
    }

    // Another killer's lines are its own.
    let other = replayed(&api, id, "?seat=g2&act=1").await;
    assert!(
        list(&other["private"])
            .iter()
            .all(|l| l["by"] == "g2" || l["to"] == "g2")
    );
    assert_ne!(other["private"], r["private"]);
    assert_eq!(
        other["team"], r["team"],
        "the same thread up to the same time"
    );

    // g3, police, killed in act 2's night: its thread up to its death, not the post after.
    let cop1 = replayed(&api, id, "?seat=g3&act=1").await;
    assert!(has(&cop1["team"], "警察帖：第一幕夜") && !has(&cop1["team"], "警察帖：第二幕夜"));
    let cop2 = replayed(&api, id, "?seat=g3&act=2").await;
    assert_eq!(
        (&cop2["role"], &cop2["alive"]),
        (&json!("police"), &json!(false))
    );
    assert!(has(&cop2["team"], "警察帖：第一幕夜") && has(&cop2["team"], "警察帖：第二幕夜"));
    assert!(
        !has(&cop2["team"], "g3 出局之后"),
        "written after it left: {cop2}"
    );
    assert!(list(&cop2["team"]).iter().all(|p| p["thread"] == "police"));
    assert!(
        list(&cop2["private"])
            .iter()
            .all(|l| l["by"] == "g3" || l["to"] == "g3")
    );
    let cop4 = replayed(&api, id, "?seat=g4&act=2").await;
    assert!(has(&cop4["team"], "g3 出局之后"), "{cop4}");
    // A civilian reads no team thread.
    let civilian = replayed(&api, id, "?seat=g5&act=1").await;
    assert_eq!(civilian["team"], json!([]));
    assert_eq!(civilian["alive"], false, "killed in act 1's night");

    // The page tells the same, with the steps and the chooser.
    let reader = app.browser();
    let p1 = reader
        .get(&format!("/games/{id}/replay?seat=g1&act=1"))
        .await;
    page_tells(&p1, &r);
    assert!(p1.body.contains("回放：g1，第 1 幕"), "{}", p1.body);
    let next = format!(r#"href="/games/{id}/replay?seat=g1&#38;act=2""#);
    assert!(p1.body.contains(&next), "a link to act 2: {}", p1.body);
    assert!(!p1.body.contains(r#"rel="prev""#), "no act before act 1");
    let chooser = section(&p1.body, r#"<form method="get""#, "</form>");
    assert!(chooser.contains(&format!(r#"action="/games/{id}/replay""#)));
    assert!(chooser.contains(r#"<option value="g3">"#) && !chooser.contains("csrf"));
    assert!(
        chooser.contains(r#"<option value="g1" selected>"#),
        "{chooser}"
    );
    let p2 = reader
        .get(&format!("/games/{id}/replay?seat=g1&act=2"))
        .await;
    page_tells(&p2, &r2);
    let prev = format!(r#"href="/games/{id}/replay?seat=g1&#38;act=1""#);
    assert!(p2.body.contains(&prev) && !p2.body.contains(r#"rel="next""#));
    page_tells(
        &reader
            .get(&format!("/games/{id}/replay?seat=g3&act=2"))
            .await,
        &cop2,
    );
    let en = app
        .browser_in("en")
        .get(&format!("/games/{id}/replay?seat=g3&act=2"))
        .await;
    page_tells(&en, &cop2);
    assert!(en.body.contains("Replay: g3, act 2"), "{}", en.body);
    for key in ["replay-", "seat-", "thread-act-"] {
        assert!(!en.body.contains(key) && !p2.body.contains(key), "{key}");
    }

    // Without a seat the first; without an act act 1.
    let first = reader.get(&format!("/games/{id}/replay")).await;
    assert!(first.body.contains("回放：g1，第 1 幕"), "{}", first.body);
    assert_eq!(replayed(&api, id, "").await, r);
    assert_eq!(replayed(&api, id, "?seat=g1").await, r);

    // No such seat or act: 404; a query that is not one: 400.
    for q in ["?seat=nobody&act=1", "?seat=g1&act=0", "?seat=g1&act=3"] {
        let (s, b) = replay(&api, id, q).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{q}: {b}");
        let page = reader.get(&format!("/games/{id}/replay{q}")).await;
        assert_eq!(page.status, StatusCode::NOT_FOUND, "{q}");
    }
    for (q, named) in [
        ("?seat=g1&act=abc", "act"),
        ("?seat=g1&act=-1", "act"),
        ("?act=1.5", "act"),
        ("?seat=g1&act=1&seet=g2", "seet"),
    ] {
        let (s, b) = replay(&api, id, q).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{q}: {b}");
        assert_eq!(b["error"], "bad_request", "{b}");
        assert!(
            b["message"].as_str().is_some_and(|m| m.contains(named)),
            "{b}"
        );
        // The page answers its own message in the reader's language (issue 38.6), never the
        // deserializer's English.
        let page = reader.get(&format!("/games/{id}/replay{q}")).await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST, "{q}");
        assert!(!page.body.contains("deserialize"), "{}", page.body);
    }

    // A post a moderator hides leaves the replay as it leaves the thread: its place says so.
    let thread_page = reader.get(&format!("/games/{id}/threads/game")).await;
    let game_thread = crate::helpers::permalink_thread(&thread_page.body);
    let judges = list(&r["public"])
        .iter()
        .find(|p| {
            p["html"]
                .as_str()
                .is_some_and(|h| h.contains("法官：第一幕公开"))
        })
        .expect("the judge's act 1 post");
    let (s, b) = api
        .post(
            &format!(
                "/api/v1/threads/{game_thread}/posts/{}/hide",
                judges["floor"]
            ),
            &table.admin,
            json!({"reason": "剧透"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let hidden = app
        .browser()
        .get(&format!("/games/{id}/replay?seat=g1&act=1"))
        .await;
    assert!(!hidden.body.contains("法官：第一幕公开"), "{}", hidden.body);
    assert!(
        hidden.body.contains("此帖已被管理隐藏") && hidden.body.contains("剧透"),
        "{}",
        hidden.body
    );
}

/// `seat` as a query value (game IDs may be Chinese).
fn encoded(seat: &str) -> String {
    url::form_urlencoded::byte_serialize(seat.as_bytes()).collect()
}

/// Every kind of reader gets, for this game's replay, exactly what it gets for a game that
/// does not exist: the same status and the same body, page and JSON.
async fn hidden_as_no_game(
    app: &TestApp,
    id: i64,
    readers: &[(&Browser, Option<&str>)],
    queries: &[String],
) {
    let api = Api::new(app);
    for (browser, token) in readers {
        for q in queries {
            let hidden = browser.get(&format!("/games/{id}/replay{q}")).await;
            let none = browser.get(&format!("/games/999999/replay{q}")).await;
            assert_eq!(hidden.status, StatusCode::NOT_FOUND, "{q}: {}", hidden.body);
            assert_eq!(
                (hidden.status, &hidden.body),
                (none.status, &none.body),
                "{q}"
            );
            let hidden = api
                .get(&format!("/api/v1/games/{id}/replay{q}"), *token)
                .await;
            let none = api
                .get(&format!("/api/v1/games/999999/replay{q}"), *token)
                .await;
            assert_eq!(hidden.0, StatusCode::NOT_FOUND, "{q}: {}", hidden.1);
            assert_eq!(hidden, none, "{q}");
        }
    }
}

/// Death Note (one phase an act), judged by a judge who is not an admin, ended by her in act
/// 2: no replay before the end for anyone; after it, act 2 runs to the judge's closing post.
async fn a_replay_answers_as_no_game_does_until_the_judge_ends_it(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let judge = api.account("rpjudge").await;
    let (s, b) = api
        .post(
            "/api/v1/accounts/rpjudge/role",
            &admin,
            json!({"role": "judge"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (s, b) = api
        .post(
            "/api/v1/games",
            &judge,
            json!({"title": "回放局", "variant": "deathnote", "act_minutes": 60}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    let mut players = Vec::new();
    for i in 0..6 {
        let t = api.account(&format!("rpd{i}")).await;
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/signup"), &t, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        players.push(t);
    }
    let anonymous = app.browser();
    let seat = app.browser();
    assert_eq!(
        seat.login("rpd0", "password-123").await.status,
        StatusCode::OK
    );
    let judge_browser = app.browser();
    assert_eq!(
        judge_browser.login("rpjudge", "password-123").await.status,
        StatusCode::OK
    );
    let admin_browser = app.admin().await;
    let readers = [
        (&anonymous, None),
        (&seat, Some(players[0].as_str())),
        (&judge_browser, Some(judge.as_str())),
        (&admin_browser, Some(admin.as_str())),
    ];
    let mut queries = vec![String::new(), "?act=1".to_string()];
    // Before the start.
    hidden_as_no_game(&app, id, &readers, &queries).await;

    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/start"), &judge, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let mut names = Vec::new();
    let mut kiras = Vec::new();
    for t in &players {
        let (_, me) = api.get(&format!("/api/v1/games/{id}/me"), Some(t)).await;
        names.push(me["game_id"].as_str().expect("game id").to_string());
        if me["role"] == "kira" {
            kiras.push(t.clone());
        }
    }
    let me = encoded(&names[0]);
    queries.push(format!("?seat={me}&act=1"));
    queries.push(format!("?seat={me}&act=2"));
    hidden_as_no_game(&app, id, &readers, &queries).await;

    // Act 1: every seat votes for itself (nobody out, DN-15; nobody out for want of a ballot,
    // DN-16), each Kira passes (none out for want of an action, DN-6; a notebook not on turn
    // is refused, which changes nothing), a post; the judge resolves it.
    for t in &kiras {
        api.post(
            &format!("/api/v1/games/{id}/actions"),
            t,
            json!({"type": "pass"}),
        )
        .await;
    }
    for (t, name) in players.iter().zip(&names) {
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{id}/actions"),
                t,
                json!({"type": "vote", "targets": [name]}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    post(&api, id, &players[0], "game", "第一幕：公开发言").await;
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/resolve"),
            &judge,
            json!({"act": 1}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    // Act 2: a post, then the judge ends the game with her reason.
    post(&api, id, &players[0], "game", "第二幕：公开发言").await;
    hidden_as_no_game(&app, id, &readers, &queries).await;
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/end"),
            &judge,
            json!({"act": 2, "reason": "法官提前结束"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");

    let r1 = replayed(&api, id, &format!("?seat={me}&act=1")).await;
    assert_eq!((&r1["seat"], &r1["acts"]), (&json!(names[0]), &json!(2)));
    assert!(has(&r1["public"], "第一幕：公开发言") && !has(&r1["public"], "第二幕"));
    assert!(
        list(&r1["private"])
            .iter()
            .any(|l| l["kind"] == "reply" && l["action"]["type"] == "vote" && l["act"] == 1),
        "{r1}"
    );
    assert!(list(&r1["private"]).iter().all(|l| l["act"] == 1));
    let r2 = replayed(&api, id, &format!("?seat={me}&act=2")).await;
    assert!(has(&r2["public"], "第二幕：公开发言") && !has(&r2["public"], "第一幕"));
    let public = list(&r2["public"]);
    let last = &public[public.len() - 1];
    assert!(
        last["html"]
            .as_str()
            .is_some_and(|h| h.contains("法官提前结束")),
        "the act ends with the judge's closing post: {r2}"
    );
    assert_eq!(last["author"], Value::Null, "the judge: {last}");
    assert_eq!(public[0]["kind"], "act", "{r2}");
    let (s, _) = replay(&api, id, &format!("?seat={me}&act=3")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);

    let page = seat
        .get(&format!("/games/{id}/replay?seat={me}&act=2"))
        .await;
    page_tells(&page, &r2);
    assert!(
        page.body
            .contains(&format!(r#"href="/games/{id}/replay?seat={me}&#38;act=1""#)),
        "the link keeps the seat: {}",
        page.body
    );
    assert!(!page.body.contains(r#"rel="next""#), "act 2 is the last");
}
