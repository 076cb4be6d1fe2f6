//! The leaderboards (`/leaderboard/{variant}`, `/api/v1/leaderboard/{variant}`): finished games
//! dealt at random move ratings, winners up and losers down; a running game shows nothing;
//! fixed deals, games ended without a winner and substitutes' seats move no rating; a rebuild
//! gives the same numbers every time; the page and the API tell the same board.
//!
//! Most games here are of the test variant `twophase`: three seats dealt at random, and the day
//! that votes one of them out ends the game, the two left winning (two against one).

use crate::helpers::{Api, TestApp};
use crate::on_both_backends;
use diesel::prelude::*;
use maku::db::queries::ratings::RatingRow;
use maku::db::schema::games;
use maku::game::ratings::Updated;
use maku::rules::Variant;
use reqwest::StatusCode;
use serde_json::{Value, json};

on_both_backends!(
    a_finished_game_moves_ratings_and_a_running_one_shows_nothing,
    fixed_deals_and_games_ended_without_a_winner_are_left_out,
    a_game_a_judge_ended_with_a_winner_counts,
    a_game_a_surrender_ended_counts,
    a_seat_a_substitute_played_moves_no_rating,
    ratings_rebuilt_twice_are_the_same,
    the_page_and_the_api_tell_the_same_board,
    an_unknown_variant_has_no_board,
    games_finished_one_by_one_are_played_onto_the_board_as_a_rebuild_would,
    queued_games_are_played_in_the_order_they_finished,
    a_game_that_finished_before_the_last_one_read_rebuilds_the_board,
    two_instances_finishing_games_at_once_leave_the_board_a_rebuild_gives,
    a_game_of_a_judges_setup_counts_on_its_familys_board,
    a_judge_may_ask_for_a_setups_own_board,
);

/// Registers each of `names` and returns their tokens.
async fn accounts(api: &Api<'_>, names: &[&str]) -> Vec<String> {
    let mut tokens = Vec::new();
    for n in names {
        tokens.push(api.account(n).await);
    }
    tokens
}

/// A `twophase` game the admin made, signed up by `players` (tokens) and started, with a random
/// deal unless `setup` fixes it: its id and each player's game ID.
async fn two_phase(
    api: &Api<'_>,
    admin: &str,
    players: &[&String],
    setup: Option<Value>,
) -> (i64, Vec<String>) {
    let (s, b) = api
        .post(
            "/api/v1/games",
            admin,
            json!({"title": "三人局", "variant": "twophase", "act_minutes": 60}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    for t in players {
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/signup"), t, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    let start = match setup {
        Some(setup) => json!({"setup": setup}),
        None => json!({}),
    };
    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/start"), admin, start)
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let mut names = Vec::new();
    for t in players {
        let (_, me) = api.get(&format!("/api/v1/games/{id}/me"), Some(t)).await;
        names.push(me["game_id"].as_str().expect("game id").to_string());
    }
    (id, names)
}

/// Every seat votes for the seat `names[out]`, which votes for another: not yet resolved.
async fn vote_out(api: &Api<'_>, id: i64, players: &[&String], names: &[String], out: usize) {
    for (i, t) in players.iter().enumerate() {
        let target = if i == out {
            &names[(out + 1) % names.len()]
        } else {
            &names[out]
        };
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{id}/actions"),
                t,
                json!({"type": "vote", "target": target}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
}

/// The judge ends the open phase: with a seat voted out of three, the game is over.
async fn resolve(api: &Api<'_>, admin: &str, id: i64) {
    let act = api.act(id).await;
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/resolve"),
            admin,
            json!({"act": act}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (_, g) = api.get(&format!("/api/v1/games/{id}"), None).await;
    assert_eq!(g["status"], "finished", "{g}");
}

/// A whole `twophase` game dealt at random in which `players[out]` is voted out and loses.
async fn played(api: &Api<'_>, admin: &str, players: &[&String], out: usize) -> i64 {
    let (id, names) = two_phase(api, admin, players, None).await;
    vote_out(api, id, players, &names, out).await;
    resolve(api, admin, id).await;
    id
}

/// The board of `variant` as the API gives it.
async fn board(api: &Api<'_>, variant: &str) -> Vec<Value> {
    let (s, b) = api
        .get(&format!("/api/v1/leaderboard/{variant}"), None)
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["variant"], variant);
    b["players"].as_array().expect("players").clone()
}

/// The line of `name` on a board.
fn line<'a>(board: &'a [Value], name: &str) -> &'a Value {
    board
        .iter()
        .find(|l| l["name"] == name)
        .unwrap_or_else(|| panic!("{name} is on the board: {board:?}"))
}

fn mu(l: &Value) -> f64 {
    l["mu"].as_f64().expect("mu")
}

/// Every rating row, as stored.
async fn rows(app: &TestApp) -> Vec<RatingRow> {
    app.state
        .db(|c| Ok(maku::db::queries::ratings::all(c)?))
        .await
        .expect("the ratings read")
}

async fn a_finished_game_moves_ratings_and_a_running_one_shows_nothing(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let t = accounts(&api, &["ra", "rb", "rc", "rd"]).await;
    let (ra, rb, rc, rd) = (&t[0], &t[1], &t[2], &t[3]);

    // A running game, its votes cast: no board shows any of it.
    let (id, names) = two_phase(&api, &admin, &[ra, rb, rc], None).await;
    vote_out(&api, id, &[ra, rb, rc], &names, 2).await;
    assert!(board(&api, "twophase").await.is_empty());
    assert!(rows(&app).await.is_empty(), "no row of a running game");
    let page = app.browser().get("/leaderboard/twophase").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.contains("这个排行榜还没有计分的已结束对局"),
        "{}",
        page.body
    );
    for name in ["ra", "rb", "rc"] {
        assert!(
            !page.body.contains(&format!("/u/{name}\"")),
            "{}",
            page.body
        );
    }

    // It ends: the two left won, the one voted out lost.
    resolve(&api, &admin, id).await;
    let after = board(&api, "twophase").await;
    assert_eq!(after.len(), 3, "{after:?}");
    for name in ["ra", "rb"] {
        let l = line(&after, name);
        assert!(mu(l) > 25.0, "{l}");
        assert!(l["sigma"].as_f64().expect("sigma") < 25.0 / 3.0, "{l}");
        assert_eq!(
            (l["games"].as_i64(), l["wins"].as_i64()),
            (Some(1), Some(1))
        );
    }
    let loser = line(&after, "rc");
    assert!(mu(loser) < 25.0, "{loser}");
    assert_eq!(
        (loser["games"].as_i64(), loser["wins"].as_i64()),
        (Some(1), Some(0))
    );
    assert_eq!(loser["rank"], 3, "the loser ranks last: {after:?}");
    // The shown rating is the conservative estimate, and ranks the board.
    for l in &after {
        let want = mu(l) - 3.0 * l["sigma"].as_f64().expect("sigma");
        assert!(
            (l["rating"].as_f64().expect("rating") - want).abs() < 1e-9,
            "{l}"
        );
    }
    assert!(
        after
            .windows(2)
            .all(|w| w[0]["rating"].as_f64() >= w[1]["rating"].as_f64())
    );
    assert!(
        after[0]["rating"].as_f64() > Some(0.0),
        "a winner climbs above 0"
    );

    // A second game, running: its new player is nowhere and no number moves.
    let (id2, names2) = two_phase(&api, &admin, &[rb, rc, rd], None).await;
    vote_out(&api, id2, &[rb, rc, rd], &names2, 0).await;
    assert_eq!(board(&api, "twophase").await, after);
    resolve(&api, &admin, id2).await;
    let last = board(&api, "twophase").await;
    assert_eq!(last.len(), 4, "{last:?}");
    let rb_now = line(&last, "rb");
    assert_eq!(
        (rb_now["games"].as_i64(), rb_now["wins"].as_i64()),
        (Some(2), Some(1))
    );
    assert!(
        mu(rb_now) < mu(line(&after, "rb")),
        "rb lost the second game"
    );
    assert!(mu(line(&last, "rc")) > mu(loser), "rc won the second game");
    assert!(mu(line(&last, "rd")) > 25.0);
    // ra did not play again: its numbers stand (its rank may not).
    for key in ["mu", "sigma", "rating", "games", "wins"] {
        assert_eq!(line(&last, "ra")[key], line(&after, "ra")[key], "{key}");
    }
}

async fn fixed_deals_and_games_ended_without_a_winner_are_left_out(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let t = accounts(&api, &["rf0", "rf1", "rf2"]).await;
    let players: Vec<&String> = t.iter().collect();

    // Dealt by hand (as the tests and replays deal), played to its end: not rated.
    let seats = json!({"seats": [
        {"game_id": "甲", "real_id": "rf0"},
        {"game_id": "乙", "real_id": "rf1"},
        {"game_id": "丙", "real_id": "rf2"}]});
    let (fixed, names) = two_phase(&api, &admin, &players, Some(seats)).await;
    assert_eq!(names, ["甲", "乙", "丙"]);
    vote_out(&api, fixed, &players, &names, 0).await;
    resolve(&api, &admin, fixed).await;
    let (_, reveal) = api
        .get(&format!("/api/v1/games/{fixed}/reveal"), None)
        .await;
    assert_eq!(reveal["fixed_deal"], true, "{reveal}");
    assert!(board(&api, "twophase").await.is_empty());

    // Dealt at random, ended by the judge naming no winner: not rated either.
    let (ended, _) = two_phase(&api, &admin, &players, None).await;
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{ended}/end"),
            &admin,
            json!({"act": 1, "reason": "到此为止", "winner": null}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert!(board(&api, "twophase").await.is_empty());

    // The rebuild agrees: two finished games, both left out.
    let rebuilt = app
        .state
        .db(maku::game::ratings::rebuild)
        .await
        .expect("rebuild");
    let twophase = rebuilt
        .iter()
        .find(|r| r.variant.name() == "twophase")
        .expect("a board of every variant");
    assert_eq!(
        (twophase.games, twophase.left_out, twophase.players),
        (0, 2, 0)
    );
    assert!(rows(&app).await.is_empty());

    // One game dealt at random and played to its end is rated.
    played(&api, &admin, &players, 1).await;
    assert_eq!(board(&api, "twophase").await.len(), 3);
}

/// A judge who ends a game naming the winner decides it as the rules would have: it counts,
/// two teams of unequal size (Death Note's two notebooks against the four others, DN-2).
async fn a_game_a_judge_ended_with_a_winner_counts(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let names = ["rw0", "rw1", "rw2", "rw3", "rw4", "rw5"];
    let tokens = accounts(&api, &names).await;
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "法官判好人胜", "variant": "deathnote", "min_seats": 6, "max_seats": 6}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    for t in &tokens {
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/signup"), t, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/start"), &admin, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert!(board(&api, "deathnote").await.is_empty());
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/end"),
            &admin,
            json!({"act": 1, "reason": "好人胜", "winner": "good"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");

    let (_, reveal) = api.get(&format!("/api/v1/games/{id}/reveal"), None).await;
    let after = board(&api, "deathnote").await;
    assert_eq!(after.len(), 6, "{after:?}");
    for r in reveal["roles"]["seats"].as_array().expect("roles") {
        let l = line(&after, r["real_id"].as_str().expect("real_id"));
        let good = r["role"] == "good";
        assert_eq!(l["wins"].as_i64(), Some(i64::from(good)), "{l} {r}");
        assert_eq!(mu(l) > 25.0, good, "{l} {r}");
    }
    // The smaller side carries more of the result: a notebook's holder falls further than a
    // good seat rises.
    let rise = after.iter().map(mu).fold(f64::MIN, f64::max) - 25.0;
    let fall = 25.0 - after.iter().map(mu).fold(f64::MAX, f64::min);
    assert!(fall > rise, "{after:?}");
    assert!(
        board(&api, "twophase").await.is_empty(),
        "one board per variant"
    );
}

/// A game that a submission ends (CL-9: the last police officer surrenders at night) is rated
/// as soon as it ends, as one the judge or a deadline ends: the dealt killers won.
async fn a_game_a_surrender_ended_counts(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let names: Vec<String> = (1..=8).map(|i| format!("ry{i}")).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let tokens = accounts(&api, &refs).await;
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "投降", "variant": "dongsha", "act_minutes": 60}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    for t in &tokens {
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/signup"), t, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/start"), &admin, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    // Who was dealt what: each seat's own view says.
    let mut seats = Vec::new();
    for (t, real) in tokens.iter().zip(&names) {
        let (_, me) = api.get(&format!("/api/v1/games/{id}/me"), Some(t)).await;
        let role = me["role"].as_str().expect("a role").to_string();
        seats.push((
            t,
            real,
            me["game_id"].as_str().expect("game id").to_string(),
            role,
        ));
    }
    let with = |role: &str| -> Vec<(&String, String)> {
        seats
            .iter()
            .filter(|s| s.3 == role)
            .map(|s| (s.0, s.2.clone()))
            .collect()
    };
    let (killers, police) = (with("killer"), with("police"));
    assert_eq!((killers.len(), police.len()), (2, 2), "{seats:?}");
    let actions = format!("/api/v1/games/{id}/actions");
    let at = format!("/api/v1/games/{id}");
    // Night 1: the killers kill one officer; the day votes nobody out.
    for (t, _) in &killers {
        let kill = json!({"type": "kill", "target": police[0].1});
        let (s, b) = api.post(&actions, t, kill).await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    let mut g = api.get(&at, None).await.1;
    while g["phase"]["act"] == 1 {
        let step = json!({"act": g["phase"]["step"]});
        let (s, b) = api.post(&format!("{at}/resolve"), &admin, step).await;
        assert_eq!(s, StatusCode::OK, "{b}");
        g = api.get(&at, None).await.1;
    }
    assert_eq!(g["phase"]["kind"], "night", "{g}");
    assert!(board(&api, "dongsha").await.is_empty(), "running: no board");
    // Night 2: the last officer surrenders, and the game is over at once.
    let (s, b) = api
        .post(&actions, police[1].0, json!({"type": "surrender"}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let g = api.get(&at, None).await.1;
    assert_eq!(g["winner"], "killers", "{g}");
    assert_eq!(g["status"], "finished", "{g}");
    let after = board(&api, "dongsha").await;
    assert_eq!(after.len(), 8, "{after:?}");
    for (_, real, _, role) in &seats {
        let l = line(&after, real);
        let won = role == "killer";
        assert_eq!(l["wins"].as_i64(), Some(i64::from(won)), "{l} {role}");
        assert_eq!(mu(l) > 25.0, won, "{l} {role}");
    }
}

async fn a_seat_a_substitute_played_moves_no_rating(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let t = accounts(&api, &["rs0", "rs1", "rs2", "rsub"]).await;
    let players: Vec<&String> = t[..3].iter().collect();
    let (id, names) = two_phase(&api, &admin, &players, None).await;
    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/substitutes"), &t[3], json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/substitute"),
            &admin,
            json!({"game_id": names[0], "account": "rsub"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    // rs0's seat, now played by rsub, votes with rs2: rs1 is out.
    vote_out(&api, id, &[&t[3], &t[1], &t[2]], &names, 1).await;
    resolve(&api, &admin, id).await;

    let after = board(&api, "twophase").await;
    let on_board: Vec<&str> = after.iter().filter_map(|l| l["name"].as_str()).collect();
    assert_eq!(on_board.len(), 2, "{after:?}");
    assert!(
        on_board.contains(&"rs1") && on_board.contains(&"rs2"),
        "{after:?}"
    );
    assert!(mu(line(&after, "rs2")) > 25.0 && mu(line(&after, "rs1")) < 25.0);
}

async fn ratings_rebuilt_twice_are_the_same(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let t = accounts(&api, &["rr0", "rr1", "rr2", "rr3"]).await;
    let p: Vec<&String> = t.iter().collect();
    let first_game = played(&api, &admin, &[p[0], p[1], p[2]], 2).await;
    played(&api, &admin, &[p[1], p[2], p[3]], 0).await;
    played(&api, &admin, &[p[3], p[0], p[2]], 1).await;
    // What the games' ends left.
    let kept = rows(&app).await;
    assert_eq!(kept.len(), 4, "{kept:?}");
    // The judge locks the first game's thread after the end: an event logged after it, which
    // does not make it a game that finished later.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{first_game}/lock"),
            &admin,
            json!({"locked": true}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let rebuild = || async {
        app.state
            .db(maku::game::ratings::rebuild)
            .await
            .expect("rebuild")
    };
    let first = rebuild().await;
    let once = rows(&app).await;
    let second = rebuild().await;
    let twice = rows(&app).await;
    assert_eq!(first, second);
    let bits = |rows: &[RatingRow]| -> Vec<(i64, u64, u64, u64)> {
        rows.iter()
            .map(|r| {
                (
                    r.user_id,
                    r.rating.to_bits(),
                    r.uncertainty.to_bits(),
                    r.score.to_bits(),
                )
            })
            .collect()
    };
    assert_eq!(bits(&once), bits(&twice), "the same numbers, bit for bit");
    assert_eq!(once, twice);
    assert_eq!(once, kept, "a full rebuild is what the games' ends left");
    let twophase = first
        .iter()
        .find(|r| r.variant.name() == "twophase")
        .expect("twophase");
    assert_eq!(
        (twophase.games, twophase.left_out, twophase.players),
        (3, 0, 4)
    );
}

async fn the_page_and_the_api_tell_the_same_board(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let t = accounts(&api, &["rp0", "rp1", "rp2", "rp3"]).await;
    let p: Vec<&String> = t.iter().collect();
    played(&api, &admin, &[p[0], p[1], p[2]], 0).await;
    played(&api, &admin, &[p[3], p[1], p[2]], 2).await;
    let lines = board(&api, "twophase").await;
    assert_eq!(lines.len(), 4);
    let page = app.browser().get("/leaderboard/twophase").await;
    assert_eq!(page.status, StatusCode::OK);
    let mut at = 0;
    for (i, l) in lines.iter().enumerate() {
        assert_eq!(l["rank"], i as i64 + 1, "{lines:?}");
        let name = l["name"].as_str().expect("name");
        let row = format!(
            "<tr><td>{}</td><th scope=\"row\"><a href=\"/u/{name}\">{name}</a></th><td class=\"rating\">{:.1}</td><td>{}</td><td>{}</td></tr>",
            l["rank"],
            l["rating"].as_f64().expect("rating"),
            l["games"],
            l["wins"],
        );
        let found = page.body[at..]
            .find(&row)
            .unwrap_or_else(|| panic!("{row} in order on the page: {}", page.body));
        at += found + row.len();
    }
    // The other variants' boards are linked, and the method.
    assert!(
        page.body.contains("href=\"/leaderboard/deathnote\""),
        "{}",
        page.body
    );
    assert!(page.body.contains("Weng"), "{}", page.body);
    // In English too.
    let en = app.browser_in("en").get("/leaderboard/twophase").await;
    assert!(
        en.body.contains("Two phases (test) leaderboard"),
        "{}",
        en.body
    );
    // The games list leads here; /leaderboard is the first variant's board.
    let list = app.browser().get("/games").await;
    assert!(list.body.contains("href=\"/leaderboard\""), "{}", list.body);
    let first = app.browser().get("/leaderboard").await;
    assert_eq!(first.status, StatusCode::OK);
    assert!(
        first.url.ends_with("/leaderboard/deathnote"),
        "{}",
        first.url
    );
    assert!(
        first.body.contains("这个排行榜还没有计分的已结束对局"),
        "{}",
        first.body
    );
    // A page past the last shows the last.
    let far = app.browser().get("/leaderboard/twophase?page=99").await;
    assert_eq!(far.status, StatusCode::OK);
    assert!(far.body.contains("href=\"/u/rp1\""), "{}", far.body);
}

async fn an_unknown_variant_has_no_board(app: TestApp) {
    let api = Api::new(&app);
    let (s, b) = api.get("/api/v1/leaderboard/nope", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{b}");
    assert_eq!(b["error"], "unknown_variant", "{b}");
    assert!(
        b["message"].as_str().is_some_and(|m| m.contains("nope")),
        "{b}"
    );
    let page = app.browser().get("/leaderboard/nope").await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
    assert!(page.body.contains("没有名为“nope”的玩法"), "{}", page.body);
    let en = app.browser_in("en").get("/leaderboard/nope").await;
    assert!(
        en.body.contains("There is no variant named “nope”"),
        "{}",
        en.body
    );
}

/// A rating row with its numbers as bits: variant, account, mu, sigma, shown rating, games,
/// wins, last game.
type RowBits = (String, i64, u64, u64, u64, i64, i64, i64);

/// Every rating row with its numbers as bits: two boards are the same only if every number is.
fn bits(rows: &[RatingRow]) -> Vec<RowBits> {
    rows.iter()
        .map(|r| {
            (
                r.variant.clone(),
                r.user_id,
                r.rating.to_bits(),
                r.uncertainty.to_bits(),
                r.score.to_bits(),
                r.games,
                r.wins,
                r.last_game_id,
            )
        })
        .collect()
}

/// The rows a full rebuild makes now (it replaces the stored ones).
async fn rebuilt_rows(app: &TestApp) -> Vec<RatingRow> {
    app.state
        .db(maku::game::ratings::rebuild)
        .await
        .expect("rebuild");
    rows(app).await
}

fn twophase() -> Variant {
    Variant::from_name("twophase").expect("the test variant")
}

/// Runs `f` on a connection of the app's pool.
async fn on_db<T: Send + 'static>(
    app: &TestApp,
    f: impl FnOnce(&mut maku::db::DbConnection) -> QueryResult<T> + Send + 'static,
) -> T {
    app.state.db(move |c| Ok(f(c)?)).await.expect("the query")
}

/// A game that ends is played onto the stored board (not rebuilt from every finished game), and
/// many games ended one by one, rated and left out, with a substitute's seat among them, leave
/// exactly the rows a full rebuild makes, bit for bit.
async fn games_finished_one_by_one_are_played_onto_the_board_as_a_rebuild_would(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let t = accounts(&api, &["ro0", "ro1", "ro2", "ro3", "ro4", "rosub"]).await;
    let p: Vec<&String> = t.iter().collect();
    // The first game rebuilds the board (it has never been made).
    played(&api, &admin, &[p[0], p[1], p[2]], 2).await;
    // A row no game makes: a rebuild would delete it, a game played onto the board leaves it.
    let admin_id = on_db(&app, |c| {
        maku::db::queries::users::list(c, 0, 10)
            .map(|us| us.into_iter().find(|u| u.username == "admin").map(|u| u.id))
    })
    .await
    .expect("the admin");
    let first = rows(&app).await[0].last_game_id;
    let marker = RatingRow {
        variant: "twophase".into(),
        user_id: admin_id,
        rating: 1.0,
        uncertainty: 1.0,
        score: -2.0,
        games: 1,
        wins: 0,
        last_game_id: first,
    };
    let m = marker.clone();
    on_db(&app, move |c| {
        maku::db::queries::ratings::put_rows(c, "twophase", std::slice::from_ref(&m))
    })
    .await;
    // Games among five players in many orders, each ended in turn.
    let trios = [
        [1, 2, 3],
        [3, 4, 0],
        [0, 2, 4],
        [4, 1, 2],
        [2, 3, 0],
        [1, 0, 4],
        [3, 2, 1],
        [0, 4, 3],
    ];
    for (k, trio) in trios.iter().enumerate() {
        let seats: Vec<&String> = trio.iter().map(|&i| p[i]).collect();
        played(&api, &admin, &seats, k % 3).await;
    }
    // Left out: dealt by hand, and ended by the judge naming no winner.
    let fixed = json!({"seats": [
        {"game_id": "甲", "real_id": "ro0"},
        {"game_id": "乙", "real_id": "ro1"},
        {"game_id": "丙", "real_id": "ro2"}]});
    let (id, names) = two_phase(&api, &admin, &[p[0], p[1], p[2]], Some(fixed)).await;
    vote_out(&api, id, &[p[0], p[1], p[2]], &names, 0).await;
    resolve(&api, &admin, id).await;
    let (id, _) = two_phase(&api, &admin, &[p[2], p[3], p[4]], None).await;
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/end"),
            &admin,
            json!({"act": 1, "reason": "到此为止", "winner": null}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    // A seat a substitute took over: it weighs in its team and moves no rating.
    let (id, names) = two_phase(&api, &admin, &[p[3], p[0], p[1]], None).await;
    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/substitutes"), &t[5], json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/substitute"),
            &admin,
            json!({"game_id": names[0], "account": "rosub"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    vote_out(&api, id, &[&t[5], p[0], p[1]], &names, 2).await;
    resolve(&api, &admin, id).await;
    played(&api, &admin, &[p[4], p[3], p[1]], 1).await;

    let kept = rows(&app).await;
    assert!(
        kept.contains(&marker),
        "every game after the first was played onto the stored board, none rebuilt it"
    );
    let state = on_db(&app, |c| {
        maku::db::queries::ratings::board_state(c, "twophase")
    })
    .await
    .expect("the board says what it was made from");
    assert_eq!((state.rated, state.left_out), (11, 2), "{state:?}");
    assert!(
        on_db(&app, |c| maku::db::queries::ratings::pending(c, "twophase"))
            .await
            .is_empty(),
        "no game waits"
    );
    let kept: Vec<RatingRow> = kept.into_iter().filter(|r| *r != marker).collect();
    assert_eq!(kept.len(), 5, "{kept:?}");
    let rebuilt = rebuilt_rows(&app).await;
    assert_eq!(bits(&kept), bits(&rebuilt), "the same numbers, bit for bit");
}

/// Sets the status of the games `ids`.
async fn set_status(app: &TestApp, ids: &[i64], status: &'static str) {
    let ids = ids.to_vec();
    on_db(app, move |c| {
        diesel::update(games::table.filter(games::id.eq_any(ids)))
            .set(games::status.eq(status))
            .execute(c)
    })
    .await;
}

/// Makes the board as it was before the games `ids` finished (a rebuild without them), with the
/// games finished again and queued: as if their updates had all failed.
async fn board_without(app: &TestApp, ids: &[i64]) {
    set_status(app, ids, "running").await;
    app.state
        .db(|c| maku::game::ratings::rebuild_variant(c, twophase()))
        .await
        .expect("rebuild");
    set_status(app, ids, "finished").await;
    let ids = ids.to_vec();
    on_db(app, move |c| {
        // Queued in another order than they finished: the update sorts them.
        for &id in ids.iter().rev() {
            maku::db::queries::ratings::queue(c, id, "twophase")?;
        }
        Ok(())
    })
    .await;
}

/// Games queued that no update read (their updates failed, or the instance stopped) are played
/// onto the board by the next update, in the order they finished.
async fn queued_games_are_played_in_the_order_they_finished(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let t = accounts(&api, &["rq0", "rq1", "rq2", "rq3"]).await;
    let p: Vec<&String> = t.iter().collect();
    let mut ids = Vec::new();
    for (k, trio) in [[0, 1, 2], [1, 2, 3], [2, 3, 0], [3, 0, 1], [0, 2, 1]]
        .iter()
        .enumerate()
    {
        let seats: Vec<&String> = trio.iter().map(|&i| p[i]).collect();
        ids.push(played(&api, &admin, &seats, k % 3).await);
    }
    let want = rows(&app).await;
    assert_eq!(bits(&want), bits(&rebuilt_rows(&app).await));
    board_without(&app, &ids[2..]).await;
    assert_ne!(bits(&rows(&app).await), bits(&want), "the board is behind");
    let updated = app
        .state
        .db(|c| maku::game::ratings::update_variant(c, twophase()))
        .await
        .expect("update");
    assert_eq!(
        updated,
        Updated::Played {
            variant: twophase(),
            games: 3
        }
    );
    assert_eq!(bits(&rows(&app).await), bits(&want));
    // Nothing is left to play.
    let again = app
        .state
        .db(|c| maku::game::ratings::update_variant(c, twophase()))
        .await
        .expect("update");
    assert_eq!(
        again,
        Updated::Played {
            variant: twophase(),
            games: 0
        }
    );
    assert_eq!(bits(&rows(&app).await), bits(&want));
}

/// A queued game that finished before the last game its board read (two instances' clocks, a
/// commit that came late) cannot be played on top: the board is rebuilt, and is what a rebuild
/// gives, the games in the order they finished. Played on top, the numbers would differ.
async fn a_game_that_finished_before_the_last_one_read_rebuilds_the_board(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let t = accounts(&api, &["rx0", "rx1", "rx2", "rx3"]).await;
    let p: Vec<&String> = t.iter().collect();
    let early = played(&api, &admin, &[p[0], p[1], p[2]], 2).await;
    let late = played(&api, &admin, &[p[1], p[2], p[3]], 0).await;
    // The board has read the later game only; the earlier one waits in the queue.
    board_without(&app, &[early]).await;
    let behind = rows(&app).await;
    assert!(behind.iter().all(|r| r.last_game_id == late), "{behind:?}");
    let updated = app
        .state
        .db(|c| maku::game::ratings::update_variant(c, twophase()))
        .await
        .expect("update");
    assert!(
        matches!(&updated, Updated::Rebuilt(r) if r.games == 2),
        "{updated:?}"
    );
    let after = rows(&app).await;
    assert_eq!(bits(&after), bits(&rebuilt_rows(&app).await));
    // rx0 played the early game only; rx1 and rx2 both, the late one last; rx3 the late one.
    let early_only: Vec<&RatingRow> = after.iter().filter(|r| r.last_game_id == early).collect();
    assert_eq!(early_only.len(), 1, "{after:?}");
    assert_eq!(early_only[0].games, 1, "{after:?}");
    assert_eq!(
        after.iter().filter(|r| r.games == 2).count(),
        2,
        "{after:?}"
    );
}

/// Two instances on one database end games at the same moment, pair after pair: each game is
/// read by its board once, and the board is what a rebuild gives (on PostgreSQL the two
/// finishing transactions and updates run at once).
async fn two_instances_finishing_games_at_once_leave_the_board_a_rebuild_gives(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let t = accounts(&api, &["rt0", "rt1", "rt2", "rt3", "rt4", "rt5"]).await;
    let p: Vec<&String> = t.iter().collect();
    let (_, other) = app.another_instance(app.clock.now_utc(), |_| {}).await;
    let admin_id = on_db(&app, |c| {
        maku::db::queries::users::list(c, 0, 10)
            .map(|us| us.into_iter().find(|u| u.username == "admin").map(|u| u.id))
    })
    .await
    .expect("the admin");
    let mut ready = Vec::new();
    for k in 0..8 {
        let trio = if k % 2 == 0 {
            [p[k % 3], p[3], p[4]]
        } else {
            [p[5], p[(k + 1) % 3], p[3]]
        };
        let (id, names) = two_phase(&api, &admin, &trio, None).await;
        vote_out(&api, id, &trio, &names, k % 3).await;
        ready.push((id, api.act(id).await as u32));
    }
    for pair in ready.chunks(2) {
        let [(a, act_a), (b, act_b)] = pair else {
            unreachable!("pairs")
        };
        let (ra, rb) = tokio::join!(
            maku::game::service::resolve(&app.state, *a, *act_a, "judge", Some(admin_id)),
            maku::game::service::resolve(&other, *b, *act_b, "judge", Some(admin_id)),
        );
        assert!(ra.expect("resolve").over && rb.expect("resolve").over);
    }
    let kept = rows(&app).await;
    assert_eq!(kept.len(), 6, "{kept:?}");
    assert!(
        on_db(&app, |c| maku::db::queries::ratings::pending(c, "twophase"))
            .await
            .is_empty()
    );
    assert_eq!(bits(&kept), bits(&rebuilt_rows(&app).await));
}

/// A timing harness, not a check (run by hand, `--ignored`): `MAKU_RATINGS_GAMES` (300 unless
/// set) sixteen-seat Death Note games of the same sixteen players are made through the service
/// (each step timed), then ended one after the other: every other one at its act 1 deadline as
/// the scheduler ends the load script's due games (every seat missed its ballot: no winner, left
/// out of the board but read by every rebuild), the rest by the judge naming the winner (rated).
/// The time per game ending is printed in groups, so a cost that grows with the finished games
/// before it shows. Nothing is asserted about times.
///
/// `MAKU_RATINGS_TICK=1` ends them all with one scheduler tick instead (several at once, as the
/// load script's due minute) and prints the time it took.
///
/// `MAKU_RATINGS_GAMES=1000 cargo test --test server timing::sqlite -- --ignored --nocapture`
mod timing {
    use crate::helpers::{Api, Backend, TestApp, spawn_with};
    use maku::auth::account::Account;
    use maku::game::GameSettings;
    use maku::game::settings::SettingsRequest;
    use std::time::{Duration, Instant};

    #[actix_web::test]
    #[ignore = "a timing harness: prints the time per game ending"]
    async fn sqlite() {
        let app = spawn_with(Backend::Sqlite, pool).await.expect("sqlite app");
        time_game_endings(app).await;
    }

    #[actix_web::test]
    #[ignore = "a timing harness: prints the time per game ending"]
    async fn postgres() {
        match spawn_with(Backend::Postgres, pool).await {
            Some(app) => time_game_endings(app).await,
            None => eprintln!("MAKU_TEST_PG_URL is not set: PostgreSQL run skipped"),
        }
    }

    /// The server's default pool (the tests' is smaller): the scheduler resolves four at once.
    /// With `MAKU_TIMING_SCHEDULER=SECS`, the scheduler ticks (and the notifier after it) every
    /// SECS seconds, as on a server (the tests turn it off).
    fn pool(s: &mut maku::config::Settings) {
        s.pool_size = 8;
        if let Some(secs) = std::env::var("MAKU_TIMING_SCHEDULER")
            .ok()
            .and_then(|v| v.parse().ok())
        {
            s.scheduler_secs = secs;
        }
    }

    fn ms(d: Duration) -> f64 {
        d.as_secs_f64() * 1000.0
    }

    /// Prints the mean of each group of `group` timings.
    fn report(what: &str, times: &[Duration], group: usize) {
        for (i, chunk) in times.chunks(group).enumerate() {
            let mean = chunk.iter().map(|d| ms(*d)).sum::<f64>() / chunk.len() as f64;
            let max = chunk.iter().map(|d| ms(*d)).fold(0.0, f64::max);
            println!(
                "{what} {:>5}–{:<5} mean {mean:8.2} ms  max {max:8.2} ms",
                i * group + 1,
                i * group + chunk.len()
            );
        }
        let total: Duration = times.iter().sum();
        println!("{what}: {} in {:.2} s", times.len(), total.as_secs_f64());
    }

    async fn time_game_endings(app: TestApp) {
        let n: usize = std::env::var("MAKU_RATINGS_GAMES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(300);
        let api = Api::new(&app);
        let names: Vec<String> = (0..16).map(|i| format!("tp{i}")).collect();
        for name in &names {
            api.account(name).await;
        }
        let users = app
            .state
            .db(|c| Ok(maku::db::queries::users::list(c, 0, 100)?))
            .await
            .expect("users");
        let account = |name: &str| {
            Account::from_user(users.iter().find(|u| u.username == name).expect("a user"))
        };
        let admin = account("admin");
        let players: Vec<Account> = names.iter().map(|n| account(n)).collect();
        let settings = || {
            let mut request = SettingsRequest::of("deathnote");
            request.act_minutes = Some(60);
            request.min_seats = Some(16);
            request.max_seats = Some(16);
            GameSettings::parse(request).expect("settings")
        };
        let (mut create, mut signups, mut start) = (Vec::new(), Vec::new(), Vec::new());
        let mut ids = Vec::new();
        for k in 0..n {
            let t = Instant::now();
            let id =
                maku::game::service::create(&app.state, &admin, &format!("计时 {k}"), settings())
                    .await
                    .expect("create");
            create.push(t.elapsed());
            let t = Instant::now();
            for p in &players {
                maku::game::service::set_signup(&app.state, p, id, true)
                    .await
                    .expect("sign-up");
            }
            signups.push(t.elapsed());
            let t = Instant::now();
            maku::game::service::start(&app.state, &admin, id, None)
                .await
                .expect("start");
            start.push(t.elapsed());
            ids.push(id);
        }
        let group = (n / 6).max(1);
        report("create          ", &create, group);
        report("16 sign-ups     ", &signups, group);
        report("start           ", &start, group);

        app.clock.advance(chrono::Duration::minutes(61));
        if std::env::var_os("MAKU_RATINGS_TICK").is_some() {
            // As the load script's minute: one scheduler tick ends them all, several at once.
            let t = Instant::now();
            let n = maku::scheduler::tick(&app.state).await.expect("tick");
            let took = t.elapsed();
            println!(
                "one tick ended {n} games in {:.2} s ({:.2} ms a game)",
                took.as_secs_f64(),
                ms(took) / n.max(1) as f64
            );
            assert_eq!(n, ids.len());
            return;
        }
        let mut endings = Vec::new();
        for (k, &id) in ids.iter().enumerate() {
            let t = Instant::now();
            if k % 2 == 0 {
                // As the load script's: every seat missed its ballot, the deadline ends the
                // game with no winner (left out of the board, but read by every rebuild).
                let r = maku::game::service::resolve(&app.state, id, 1, "deadline", None)
                    .await
                    .expect("resolve");
                assert!(r.over, "every seat missed its ballot: the game is over");
            } else {
                // The judge ends it naming the winner: rated, sixteen ratings move.
                maku::game::console::end(&app.state, &admin, id, 1, "计时", Some("good".into()))
                    .await
                    .expect("end");
            }
            endings.push(t.elapsed());
        }
        report("game ending     ", &endings, group);
        let t = Instant::now();
        let rebuilt = app
            .state
            .db(maku::game::ratings::rebuild)
            .await
            .expect("rebuild");
        println!(
            "full rebuild: {:.2} s ({:?})",
            t.elapsed().as_secs_f64(),
            rebuilt
                .iter()
                .map(|r| (r.variant.name(), r.games))
                .collect::<Vec<_>>()
        );
    }

    #[actix_web::test]
    #[ignore = "a timing harness: prints the time per game made through the API"]
    async fn seeding_sqlite() {
        let app = spawn_with(Backend::Sqlite, pool).await.expect("sqlite app");
        time_seeding(app).await;
    }

    #[actix_web::test]
    #[ignore = "a timing harness: prints the time per game made through the API"]
    async fn seeding_postgres() {
        match spawn_with(Backend::Postgres, pool).await {
            Some(app) => time_seeding(app).await,
            None => eprintln!("MAKU_TEST_PG_URL is not set: PostgreSQL run skipped"),
        }
    }

    /// As the load script seeds: `MAKU_RATINGS_GAMES` games made through the API by 8 clients
    /// at once (`MAKU_TIMING_CLIENTS`), each created, signed up by the same sixteen players and started; the time of
    /// each step, in groups by the order the games were made, and the whole.
    async fn time_seeding(app: TestApp) {
        use serde_json::json;
        let n: usize = std::env::var("MAKU_RATINGS_GAMES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(300);
        let api = Api::new(&app);
        let admin = api.token("admin", &app.admin_password).await;
        let mut players = Vec::new();
        for i in 0..16 {
            players.push(api.account(&format!("sp{i}")).await);
        }
        let clients: usize = std::env::var("MAKU_TIMING_CLIENTS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(8);
        let next = std::sync::atomic::AtomicUsize::new(0);
        let times = std::sync::Mutex::new(Vec::new());
        let wall = Instant::now();
        let client = |_: usize| async {
            loop {
                let k = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                if k >= n {
                    break;
                }
                let body = json!({"title": format!("种子 {k}"), "variant": "deathnote",
                    "min_seats": 16, "max_seats": 16, "act_minutes": 60});
                let t = Instant::now();
                let (s, b) = api.post("/api/v1/games", &admin, body).await;
                assert_eq!(s, reqwest::StatusCode::CREATED, "{b}");
                let create = t.elapsed();
                let id = b["id"].as_i64().expect("id");
                let t = Instant::now();
                for p in &players {
                    let (s, b) = api
                        .post(&format!("/api/v1/games/{id}/signup"), p, json!({}))
                        .await;
                    assert_eq!(s, reqwest::StatusCode::OK, "{b}");
                }
                let signups = t.elapsed();
                let t = Instant::now();
                let (s, b) = api
                    .post(&format!("/api/v1/games/{id}/start"), &admin, json!({}))
                    .await;
                assert_eq!(s, reqwest::StatusCode::OK, "{b}");
                let start = t.elapsed();
                if let Ok(mut all) = times.lock() {
                    all.push((wall.elapsed(), create, signups, start));
                }
            }
        };
        futures_util::future::join_all((0..clients).map(client)).await;
        let took = wall.elapsed();
        let mut all = times.into_inner().expect("times");
        all.sort_by_key(|t| t.0);
        let group = (n / 6).max(1);
        report(
            "create (API)    ",
            &all.iter().map(|t| t.1).collect::<Vec<_>>(),
            group,
        );
        report(
            "16 sign-ups (API)",
            &all.iter().map(|t| t.2).collect::<Vec<_>>(),
            group,
        );
        report(
            "start (API)     ",
            &all.iter().map(|t| t.3).collect::<Vec<_>>(),
            group,
        );
        println!(
            "{n} games made by {clients} clients in {:.2} s ({:.1} ms a game)",
            took.as_secs_f64(),
            ms(took) / n as f64
        );
    }
}

/// Issue 40: a game made from a judge's own setup (东杀 with one police) counts on its
/// family's board, 东杀's, and a rebuild counts it there too; the setup's own variant has no
/// board of its own.
async fn a_game_of_a_judges_setup_counts_on_its_familys_board(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let setup = one_police_setup(&api, &admin).await;
    let id = ended_setup_game(&api, &admin, setup, false, "fb", "killers").await;
    let (_, reveal) = api.get(&format!("/api/v1/games/{id}/reveal"), None).await;
    let seats = reveal["roles"]["seats"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(seats.len(), 8, "{reveal}");
    let check = |board: &[Value]| {
        assert_eq!(board.len(), 8, "{board:?}");
        for r in &seats {
            let l = line(board, r["real_id"].as_str().expect("real_id"));
            let killer = r["role"] == "killer";
            assert_eq!(l["wins"].as_i64(), Some(i64::from(killer)), "{l} {r}");
        }
    };
    check(&board(&api, "dongsha").await);
    let (_, game) = api.get(&format!("/api/v1/games/{id}"), None).await;
    let own = game["variant"].as_str().expect("its variant").to_string();
    assert!(own.starts_with("setup-"), "{game}");
    assert!(
        board(&api, &own).await.is_empty(),
        "no board of its own: it counts under its family"
    );
    for other in ["killgame", "shengtui", "wujian"] {
        assert!(board(&api, other).await.is_empty(), "{other}");
    }
    // A rebuild from the logs counts it on the same board.
    {
        let mut c = app.state.pool.get().expect("a connection");
        maku::game::ratings::rebuild(&mut c).expect("a rebuild");
    }
    check(&board(&api, "dongsha").await);
}

/// 东杀 with one police, saved by `admin` as a judge's own setup: its id.
async fn one_police_setup(api: &Api<'_>, admin: &str) -> i64 {
    let (_, presets) = api.get("/api/v1/setups/presets", None).await;
    let mut doc = presets["presets"][0]["document"].clone();
    assert_eq!(doc["win"]["civilians_out"], "killers", "东杀's document");
    doc["deal"][1]["count"] = json!(1);
    let (s, b) = api
        .post(
            "/api/v1/setups",
            admin,
            json!({"name": "一警东杀", "document": doc}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    b["id"].as_i64().expect("an id")
}

/// Makes a started 8-seat game of setup `setup` v1 (`own_board` as given) with accounts
/// `<prefix>1`…`<prefix>8`, ends it with `winner`, and returns its id.
async fn ended_setup_game(
    api: &Api<'_>,
    admin: &str,
    setup: i64,
    own_board: bool,
    prefix: &str,
    winner: &str,
) -> i64 {
    let (s, b) = api
        .post(
            "/api/v1/games",
            admin,
            json!({"title": prefix, "setup": {"id": setup, "version": 1}, "min_seats": 8, "max_seats": 8, "own_board": own_board}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    let names: Vec<String> = (1..=8).map(|i| format!("{prefix}{i}")).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    for t in accounts(api, &refs).await {
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/signup"), &t, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/start"), admin, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/end"),
            admin,
            json!({"act": 1, "reason": "r", "winner": winner}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    id
}

/// Issue 40: "custom setups counted under their family unless a judge asks for their own
/// board": a game made with `own_board` counts on the setup version's own board (its page links
/// it), not on 东杀's; a rebuild keeps both; a preset's game may not ask for one.
async fn a_judge_may_ask_for_a_setups_own_board(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let setup = one_police_setup(&api, &admin).await;
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "t", "variant": "dongsha", "own_board": true}),
        )
        .await;
    assert_eq!(
        (s, b["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("own_board_preset")),
        "{b}"
    );
    ended_setup_game(&api, &admin, setup, false, "fa", "killers").await;
    let own = ended_setup_game(&api, &admin, setup, true, "ow", "good").await;
    let (_, game) = api.get(&format!("/api/v1/games/{own}"), None).await;
    let variant = game["variant"].as_str().expect("its variant").to_string();
    let check = async |api: &Api<'_>| {
        let dongsha = board(api, "dongsha").await;
        assert_eq!(
            dongsha.len(),
            8,
            "only the family game's seats: {dongsha:?}"
        );
        assert!(
            dongsha
                .iter()
                .all(|l| l["name"].as_str().is_some_and(|n| n.starts_with("fa")))
        );
        let mine = board(api, &variant).await;
        assert_eq!(mine.len(), 8, "the own board's: {mine:?}");
        assert!(
            mine.iter()
                .all(|l| l["name"].as_str().is_some_and(|n| n.starts_with("ow")))
        );
    };
    check(&api).await;
    {
        let mut c = app.state.pool.get().expect("a connection");
        maku::game::ratings::rebuild(&mut c).expect("a rebuild");
    }
    check(&api).await;
    let page = app.browser_in("en").get(&format!("/setups/{setup}")).await;
    assert!(
        page.body.contains(&format!(
            r#"<a href="/leaderboard/{variant}">一警东杀 v1</a>"#
        )),
        "the setup's page links its own board: {}",
        page.body
    );
    let page = app
        .browser_in("en")
        .get(&format!("/leaderboard/{variant}"))
        .await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("ow1"), "{}", page.body);
}
