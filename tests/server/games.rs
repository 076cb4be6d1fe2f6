//! Death Note games played through the HTTP API: the server must say what `maku replay` says.

use crate::helpers::{Api, TestApp};
use crate::on_both_backends;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::collections::HashMap;

on_both_backends!(
    example_basic_matches_its_transcript,
    example_random_1_matches_its_transcript,
    example_random_2_matches_its_transcript,
    example_random_3_matches_its_transcript,
    signup_start_and_refusals,
    the_games_list_filters_and_pages,
    a_game_ended_by_its_judge_counts_in_the_records,
);

fn examples_dir() -> std::path::PathBuf {
    // The shared contract when it is beside the checkout, else the copy in tests/fixtures.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let shared = root.join("../shared/examples");
    if shared.is_dir() {
        shared
    } else {
        root.join("tests/fixtures/examples")
    }
}

fn read_json(path: &std::path::Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("example readable"))
        .expect("example is JSON")
}

fn read_lines(path: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .expect("transcript readable")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// Plays one example scenario through the API with a fixed deal and compares what the server
/// publishes and tells each seat with the expected transcript.
async fn play_example(app: &TestApp, name: &str) {
    let scenario = read_json(&examples_dir().join(format!("{name}.json")));
    let expected = read_lines(&examples_dir().join(format!("{name}.expected.jsonl")));
    let api = Api::new(app);
    let admin = api.token("admin", &app.admin_password).await;
    let seats = scenario["seats"].as_array().expect("seats");
    let mut tokens: HashMap<String, String> = HashMap::new();
    for s in seats {
        let real = s["real_id"].as_str().expect("real_id");
        tokens.insert(
            s["game_id"].as_str().expect("game_id").to_string(),
            api.account(real).await,
        );
    }
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": name, "variant": "deathnote", "options": scenario["options"], "act_minutes": 60}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    for t in tokens.values() {
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/signup"), t, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    let setup = json!({"seats": scenario["seats"], "kira": scenario["setup"]["kira"]});
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/start"),
            &admin,
            json!({"setup": setup}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["act"], 1);
    // A running game is in no one's record: its seats are secret until the reveal.
    for s in seats {
        let real = s["real_id"].as_str().expect("real_id");
        let (status, record) = api
            .get(&format!("/api/v1/players/{real}/record"), None)
            .await;
        assert_eq!(status, StatusCode::OK, "{record}");
        assert_eq!(
            record,
            json!({"games": 0, "wins": 0, "by_variant": {}}),
            "{real}"
        );
    }

    let mut replies = expected.iter().filter(|l| l["kind"] == "reply");
    for (k, act) in scenario["acts"]
        .as_array()
        .expect("acts")
        .iter()
        .enumerate()
    {
        for sub in act["submit"].as_array().expect("submit") {
            let by = sub["by"].as_str().expect("by");
            let Some(token) = tokens.get(by) else {
                // An unknown seat cannot reach the server: there is no account behind it.
                let skipped = replies.next().expect("a reply line");
                assert_eq!(skipped["error"], "unknown_seat");
                continue;
            };
            let (status, body) = api
                .post(
                    &format!("/api/v1/games/{id}/actions"),
                    token,
                    sub["action"].clone(),
                )
                .await;
            let want = replies.next().expect("a reply line for each submission");
            assert_eq!(want["by"], by);
            if want["ok"] == true {
                assert_eq!(
                    status,
                    StatusCode::OK,
                    "{name} act {}: {sub} → {body}",
                    k + 1
                );
                assert_eq!(body["reply"], want["reply"], "{name}: {sub}");
            } else {
                assert_eq!(status, StatusCode::CONFLICT, "{name}: {sub} → {body}");
                assert_eq!(body["error"], want["error"], "{name}: {sub}");
            }
        }
        let (status, body) = api
            .post(
                &format!("/api/v1/games/{id}/resolve"),
                &admin,
                json!({"act": api.act(id).await}),
            )
            .await;
        let (_, game) = api.get(&format!("/api/v1/games/{id}"), None).await;
        if status != StatusCode::OK {
            assert_eq!(status, StatusCode::CONFLICT, "{body}");
            assert!(
                game["winner"].is_string(),
                "only a finished game refuses to resolve"
            );
        }
    }

    let (_, game) = api.get(&format!("/api/v1/games/{id}"), None).await;
    let want_public: Vec<Value> = expected
        .iter()
        .filter(|l| l["kind"] == "public")
        .map(|l| json!({"act": l["act"], "event": l["event"]}))
        .collect();
    assert_eq!(
        game["public"].as_array().expect("public"),
        &want_public,
        "{name}: public events"
    );
    let outcome = expected.last().expect("outcome line");
    assert_eq!(game["winner"], outcome["winner"], "{name}: winner");

    // Each seat's private log holds exactly its replies and private events, in order.
    for (seat, token) in &tokens {
        let (s, me) = api
            .get(&format!("/api/v1/games/{id}/me"), Some(token))
            .await;
        assert_eq!(s, StatusCode::OK);
        assert_eq!(me["game_id"], seat.as_str());
        let got: Vec<Value> = me["private"]
            .as_array()
            .expect("private")
            .iter()
            .map(|l| {
                let mut l = l.clone();
                if let Value::Object(m) = &mut l {
                    m.remove("action");
                }
                l
            })
            .collect();
        let want: Vec<Value> = expected
            .iter()
            .filter(|l| {
                (l["kind"] == "reply" && l["by"] == seat.as_str())
                    || (l["kind"] == "private" && l["to"] == seat.as_str())
            })
            .cloned()
            .collect();
        // After the end the server answers `game_over` (as the replay does) but keeps nothing:
        // the log of a finished game is closed, so those refusals are in no seat's log.
        let strip = |v: &Vec<Value>, kind: &str| -> Vec<Value> {
            v.iter()
                .filter(|l| l["kind"] == kind && l["error"] != "game_over")
                .cloned()
                .collect()
        };
        assert_eq!(
            strip(&got, "reply"),
            strip(&want, "reply"),
            "{name}: replies of {seat}"
        );
        assert_eq!(
            strip(&got, "private"),
            strip(&want, "private"),
            "{name}: private events of {seat}"
        );
    }

    if game["winner"].is_string() {
        let (s, reveal) = api.get(&format!("/api/v1/games/{id}/reveal"), None).await;
        assert_eq!(s, StatusCode::OK);
        assert_eq!(reveal["commitment"]["verified"], true);
        assert_eq!(reveal["fixed_deal"], true);
        // DN-28: every seat's real ID and every private action, in order, are revealed.
        let revealed: Vec<&Value> = reveal["seats"].as_array().expect("seats").iter().collect();
        for s in seats {
            assert!(
                revealed
                    .iter()
                    .any(|r| r["game_id"] == s["game_id"] && r["real_id"] == s["real_id"]),
                "{name}: {s} revealed"
            );
        }
        let replies = |v: &[Value]| -> Vec<Value> {
            v.iter()
                // Unknown seats never reach the rules; after the end nothing is logged.
                .filter(|l| {
                    l["kind"] == "reply"
                        && l["error"] != "unknown_seat"
                        && l["error"] != "game_over"
                })
                .map(|l| json!([l["by"], l["ok"], l["reply"], l["error"]]))
                .collect()
        };
        let transcript = reveal["transcript"].as_array().expect("transcript");
        assert_eq!(
            replies(transcript),
            replies(&expected),
            "{name}: every action revealed"
        );
        // The reveal page draws the game: each seat's last ballot of each act (DN-14) and
        // every out in its act.
        let facts =
            crate::picture::picture_facts(app, id, &crate::picture::seat_names(&scenario)).await;
        crate::picture::assert_picture(
            &facts,
            &crate::picture::revealed_ballots(&reveal),
            &crate::picture::published_outs(&expected),
        );
        // After the end each player's record holds the game, with the role the reveal gives
        // its seat and a win when that role is the winner (DN-25..27: a draw is no win).
        for r in reveal["roles"]["seats"]
            .as_array()
            .expect("the roles revealed")
        {
            let real = r["real_id"].as_str().expect("real_id");
            let role = r["role"].as_str().expect("role");
            let won = u32::from(game["winner"] == role);
            let (status, record) = api
                .get(&format!("/api/v1/players/{real}/record"), None)
                .await;
            assert_eq!(status, StatusCode::OK, "{record}");
            assert_eq!(
                record,
                json!({"games": 1, "wins": won, "by_variant": {"deathnote":
                    {"games": 1, "wins": won, "roles": {role: 1}}}}),
                "{name}: the record of {real}"
            );
        }
        let (status, _) = api.get("/api/v1/players/nobody-here/record", None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        // The profile page tells the same record in words.
        let first = &reveal["roles"]["seats"][0];
        let real = first["real_id"].as_str().expect("real_id");
        let page = app.browser().get(&format!("/u/{real}")).await;
        assert_eq!(page.status, StatusCode::OK);
        let words = if first["role"] == "kira" {
            "基拉 ×1"
        } else {
            "好人 ×1"
        };
        assert!(
            page.body.contains("已完成 1 局")
                && page.body.contains("死亡笔记")
                && page.body.contains(words),
            "{}",
            page.body
        );
    } else {
        let (s, _) = api.get(&format!("/api/v1/games/{id}/reveal"), None).await;
        assert_eq!(s, StatusCode::CONFLICT, "no reveal before the end");
    }
}

async fn example_basic_matches_its_transcript(app: TestApp) {
    play_example(&app, "deathnote-basic").await;
}

async fn example_random_1_matches_its_transcript(app: TestApp) {
    play_example(&app, "deathnote-random-1").await;
}

async fn example_random_2_matches_its_transcript(app: TestApp) {
    play_example(&app, "deathnote-random-2").await;
}

async fn example_random_3_matches_its_transcript(app: TestApp) {
    play_example(&app, "deathnote-random-3").await;
}

async fn signup_start_and_refusals(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let player = api.account("plain").await;
    let (s, _) = api
        .post(
            "/api/v1/games",
            &player,
            json!({"title": "x", "variant": "deathnote"}),
        )
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN, "players do not create games");
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "x", "variant": "chess"}),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{b}");
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "第一局", "variant": "deathnote", "min_seats": 6, "max_seats": 9}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    let mut tokens = Vec::new();
    for i in 0..5 {
        let t = api.account(&format!("p{i}")).await;
        let (s, _) = api
            .post(&format!("/api/v1/games/{id}/signup"), &t, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK);
        tokens.push(t);
    }
    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/start"), &admin, json!({}))
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "five cannot start: {b}");
    assert_eq!(b["error"], "seat_count");
    assert_eq!(
        b["message"],
        json!("已报名 5 人，本局需要 6–9 人才能开始。"),
        "the counts: {b}"
    );
    let (s, _) = api
        .post(&format!("/api/v1/games/{id}/start"), &player, json!({}))
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN, "only its judge starts it");
    let (s, _) = api
        .post(&format!("/api/v1/games/{id}/signup"), &player, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK);
    let (_, g) = api.get(&format!("/api/v1/games/{id}"), None).await;
    assert_eq!(g["signups"].as_array().map(Vec::len), Some(6));
    assert_eq!(g["status"], "signup");
    let resp = api
        .client
        .post(app.url(&format!("/api/v1/games/{id}/start")))
        .bearer_auth(&admin)
        .body("{\"setup\": oops")
        .send()
        .await
        .expect("POST");
    assert_eq!(
        resp.status(),
        StatusCode::BAD_REQUEST,
        "a body that is not JSON is refused"
    );
    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/start"), &admin, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert!(b["deadline"].is_string());
    let (_, g) = api.get(&format!("/api/v1/games/{id}"), None).await;
    assert_eq!(g["status"], "running");
    assert_eq!(g["act"], 1);
    assert_eq!(g["seats"].as_array().map(Vec::len), Some(6));
    assert_eq!(g["commitment"].as_str().map(str::len), Some(64));
    let (s, _) = api
        .post(&format!("/api/v1/games/{id}/signup"), &tokens[0], json!({}))
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "no sign-up after the start");
    let outsider = api.account("outsider").await;
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/actions"),
            &outsider,
            json!({"type": "vote", "targets": ["L"]}),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(b["error"], "not_seated");
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/actions"),
            &tokens[0],
            json!({"type": "dance"}),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{b}");
    let (s, me) = api
        .get(&format!("/api/v1/games/{id}/me"), Some(&tokens[0]))
        .await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        me["actions"]
            .as_array()
            .is_some_and(|a| a.iter().any(|x| x == "vote"))
    );
    let (s, _) = api
        .get(&format!("/api/v1/games/{id}/audit"), Some(&tokens[0]))
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, audit) = api
        .get(&format!("/api/v1/games/{id}/audit"), Some(&admin))
        .await;
    assert_eq!(s, StatusCode::OK);
    let kinds: Vec<&str> = audit["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter_map(|e| e["kind"].as_str())
        .collect();
    assert_eq!(kinds.first(), Some(&"created"));
    assert!(kinds.contains(&"started"));
}

/// The games list filters by variant and by status, from the registry's variants, both on the
/// page and in the API; a name no variant or status has is refused, as is an unknown field; the
/// page is paged, newest first.
async fn the_games_list_filters_and_pages(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let mut made = Vec::new();
    for (i, variant) in ["deathnote", "dongsha", "deathnote"].iter().enumerate() {
        let (s, b) = api
            .post(
                "/api/v1/games",
                &admin,
                json!({"title": format!("筛选局 {i}"), "variant": variant}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{b}");
        made.push(b["id"].as_i64().expect("id"));
    }
    let ids = |b: &Value| -> Vec<i64> {
        b["games"]
            .as_array()
            .expect("games")
            .iter()
            .filter_map(|g| g["id"].as_i64())
            .collect()
    };
    let (s, b) = api.get("/api/v1/games?variant=deathnote", None).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(ids(&b), [made[2], made[0]], "newest first, Death Note only");
    let (_, b) = api
        .get("/api/v1/games?variant=dongsha&status=signup", None)
        .await;
    assert_eq!(ids(&b), [made[1]]);
    let (_, b) = api.get("/api/v1/games?status=finished", None).await;
    assert_eq!(ids(&b), Vec::<i64>::new());
    for bad in ["variant=chess", "status=paused", "sort=title"] {
        let (s, b) = api.get(&format!("/api/v1/games?{bad}"), None).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{bad}: {b}");
    }
    let b = app.browser();
    let page = b.get("/games?variant=dongsha").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("筛选局 1"), "{}", page.body);
    assert!(!page.body.contains("筛选局 0") && !page.body.contains("筛选局 2"));
    assert!(
        page.body.contains(r#"<option value="dongsha" selected>"#),
        "the filter shows its choice"
    );
    // Every offered variant is a choice, from the registry; the test-only one is not.
    assert!(page.body.contains(r#"<option value="v5emin">"#));
    assert!(!page.body.contains(r#"value="twophase""#));
    let none = b.get("/games?status=finished").await;
    assert!(
        none.body.contains("没有符合筛选条件的游戏"),
        "{}",
        none.body
    );
    assert_eq!(
        b.get("/games?variant=chess").await.status,
        StatusCode::BAD_REQUEST
    );
    // An unknown key (a tracker's `utm_*`, a typo) is ignored on a page (issue 38.6).
    assert_eq!(b.get("/games?order=new").await.status, StatusCode::OK);
    // Thirty to a page: the thirty-first game is on page 2, with the filter kept.
    for i in 0..30 {
        let (s, _) = api
            .post(
                "/api/v1/games",
                &admin,
                json!({"title": format!("翻页局 {i}"), "variant": "deathnote"}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED);
    }
    let first = b.get("/games?variant=deathnote").await;
    assert!(first.body.contains("翻页局 29") && !first.body.contains("筛选局 0"));
    assert!(
        first
            .body
            .contains(r#"href="/games?variant=deathnote&#38;page=2&#38;after=s"#),
        "{}",
        first.body
    );
    let second = b.get("/games?variant=deathnote&page=2").await;
    assert!(second.body.contains("筛选局 0") && second.body.contains("筛选局 2"));
    assert!(!second.body.contains("翻页局 29"));
}

/// A game its judge ended counts in its players' records once it is over, with no win when the
/// judge named no winner, and with a win for the named side's seats when the judge named one
/// (DN-25..27 name the sides; here "good" is every seat the deal left without a notebook).
async fn a_game_ended_by_its_judge_counts_in_the_records(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let mut tokens = Vec::new();
    for i in 0..6 {
        tokens.push(api.account(&format!("rec{i}")).await);
    }
    let mut ids = Vec::new();
    for (title, winner) in [
        ("法官结束无胜者", Value::Null),
        ("法官判好人胜", json!("good")),
    ] {
        let (s, b) = api
            .post(
                "/api/v1/games",
                &admin,
                json!({"title": title, "variant": "deathnote", "min_seats": 6, "max_seats": 6}),
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
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{id}/end"),
                &admin,
                json!({"act": 1, "reason": "到此为止", "winner": winner}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        ids.push(id);
    }
    // The second game's seats: which were good (no notebook) when the judge ended it.
    let (_, reveal) = api
        .get(&format!("/api/v1/games/{}/reveal", ids[1]), None)
        .await;
    let mut total_wins = 0;
    for i in 0..6 {
        let real = format!("rec{i}");
        let seat = reveal["roles"]["seats"]
            .as_array()
            .expect("the roles revealed")
            .iter()
            .find(|r| r["real_id"] == real.as_str())
            .expect("a seat of each player")
            .clone();
        let won = u32::from(seat["role"] == "good");
        total_wins += won;
        let (s, record) = api
            .get(&format!("/api/v1/players/{real}/record"), None)
            .await;
        assert_eq!(s, StatusCode::OK, "{record}");
        assert_eq!(record["games"], 2, "{real}: {record}");
        assert_eq!(
            record["wins"], won,
            "{real}: no win in the game without a winner"
        );
        assert_eq!(record["by_variant"]["deathnote"]["games"], 2, "{record}");
    }
    assert_eq!(total_wins, 4, "DN-2: two Kiras, four good seats");
}
