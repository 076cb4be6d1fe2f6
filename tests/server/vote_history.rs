//! The day at a glance (issue 41, part 5): `/games/{id}/votes` and `GET
//! /api/v1/games/{id}/votes` list each day's ballots as the rules publish them — who voted for
//! whom in seat order, round by round, with the tallies and the outcome — and nothing of a
//! ballot still sealed; Death Note publishes no ballot (the counts with `publish_votes`); every
//! reader, signed in or not, reads the same; an unknown game is a 404.

use crate::classic_api::{Table, fixed_game, game, kind, seats_of, step};
use crate::helpers::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

crate::on_both_backends!(
    a_classic_games_days_list_ballots_tallies_and_outcomes,
    a_death_note_game_shows_no_ballot,
);

async fn ok(table: &Table, api: &Api<'_>, by: &str, action: Value) {
    let (s, b) = table.act(api, by, action.clone()).await;
    assert_eq!(s, StatusCode::OK, "{by} {action} → {b}");
}

/// Resolves phase after phase until act `act`'s phase of kind `kind` is open.
async fn resolve_to(table: &Table, api: &Api<'_>, act: u64, want: &str) {
    loop {
        let g = game(api, table.id).await;
        if g["phase"]["act"].as_u64() == Some(act) && kind(&g) == want {
            return;
        }
        assert!(g["winner"].is_null(), "the game ended first: {g}");
        let (s, b) = table.resolve(api, step(&g)).await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
}

async fn votes(api: &Api<'_>, id: i64, token: Option<&str>) -> Value {
    let (s, v) = api.get(&format!("/api/v1/games/{id}/votes"), token).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v
}

fn ballots(round: &Value) -> Vec<(String, Value)> {
    round["ballots"]
        .as_array()
        .unwrap_or_else(|| panic!("ballots: {round}"))
        .iter()
        .map(|b| {
            (
                b["voter"].as_str().expect("voter").to_string(),
                b["choice"].clone(),
            )
        })
        .collect()
}

fn tallies(round: &Value) -> Vec<(String, u64)> {
    round["tallies"]
        .as_array()
        .expect("tallies")
        .iter()
        .map(|t| {
            (
                t["seat"].as_str().expect("seat").to_string(),
                t["votes"].as_u64().expect("votes"),
            )
        })
        .collect()
}

fn pairs(list: &[(&str, Option<&str>)]) -> Vec<(String, Value)> {
    list.iter()
        .map(|(v, c)| (v.to_string(), json!(c)))
        .collect()
}

/// The page's content, from its heading to the link back (no header, no session's token).
fn content(page: &Page) -> &str {
    let start = page.body.find("<h1>").expect("a heading");
    let end = page.body.rfind("</main>").unwrap_or(page.body.len());
    &page.body[start..end]
}

/// 东杀, eight seats: killers g1, g2; police g3, g4. Day 1: g1 is voted out in one round.
/// Day 2: round 1 ties g2 and g4, the PK round puts g2 out: the good side wins.
async fn a_classic_games_days_list_ballots_tallies_and_outcomes(app: TestApp) {
    let api = Api::new(&app);
    let table = fixed_game(
        &app,
        "dongsha",
        &seats_of("vh", 8),
        &json!({"killers": ["g1", "g2"], "police": ["g3", "g4"]}),
    )
    .await;
    let id = table.id;
    let outsider = api.account("vh-outsider").await;

    ok(&table, &api, "g1", json!({"type": "kill", "target": "g5"})).await;
    ok(&table, &api, "g2", json!({"type": "kill", "target": "g5"})).await;
    resolve_to(&table, &api, 1, "vote").await;
    for (by, target) in [
        ("g1", "g6"),
        ("g2", "g6"),
        ("g3", "g1"),
        ("g4", "g1"),
        ("g6", "g1"),
        ("g7", "g2"),
    ] {
        ok(&table, &api, by, json!({"type": "vote", "target": target})).await;
    }
    // Sealed until the round closes: nothing of act 1 yet, for anyone.
    for token in [None, Some(table.tokens["g3"].as_str()), Some(&table.admin)] {
        let v = votes(&api, id, token).await;
        assert_eq!(v["days"], json!([]), "{v}");
    }
    let p = app.browser().get(&format!("/games/{id}/votes")).await;
    assert_eq!(p.status, StatusCode::OK);
    assert!(!p.body.contains("<th scope=\"row\">g1</th>"), "{}", p.body);
    let g = game(&api, id).await;
    let (s, b) = table.resolve(&api, step(&g)).await;
    assert_eq!(s, StatusCode::OK, "{b}");

    resolve_to(&table, &api, 2, "night").await;
    ok(&table, &api, "g2", json!({"type": "kill", "target": "g3"})).await;
    resolve_to(&table, &api, 2, "vote").await;
    for (by, target) in [("g2", "g4"), ("g4", "g2"), ("g6", "g2"), ("g7", "g4")] {
        ok(&table, &api, by, json!({"type": "vote", "target": target})).await;
    }
    let g = game(&api, id).await;
    let (s, b) = table.resolve(&api, step(&g)).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    // The tie's PK round: round 1 is published with its tie, the day still open.
    resolve_to(&table, &api, 2, "vote").await;
    for by in ["g4", "g6", "g7", "g8"] {
        ok(
            &table,
            &api,
            by,
            json!({"type": "vote", "target": "g2", "round": 2}),
        )
        .await;
    }
    ok(
        &table,
        &api,
        "g2",
        json!({"type": "vote", "target": "g4", "round": 2}),
    )
    .await;
    let v = votes(&api, id, None).await;
    let day2 = &v["days"][1];
    assert_eq!(day2["act"], 2, "{v}");
    assert_eq!(
        day2["rounds"].as_array().map(Vec::len),
        Some(1),
        "round 2 is sealed: {v}"
    );
    assert_eq!(day2["rounds"][0]["tie"], json!(["g2", "g4"]));
    assert_eq!(day2["outcome"]["out"], json!([]));
    let p = app
        .browser_in("en")
        .get(&format!("/games/{id}/votes"))
        .await;
    assert!(p.body.contains("Tied: g2、g4"), "{}", p.body);
    assert!(p.body.contains("The vote is still open."), "{}", p.body);
    assert!(!p.body.contains("Round 2 (PK)"), "{}", p.body);
    let g = game(&api, id).await;
    let (s, b) = table.resolve(&api, step(&g)).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let g = game(&api, id).await;
    assert_eq!(g["winner"], "good", "{g}");

    let v = votes(&api, id, None).await;
    assert_eq!(v["published"], "ballots");
    let days = v["days"].as_array().expect("days");
    assert_eq!(days.len(), 2, "{v}");
    let d1 = &days[0];
    assert_eq!(d1["act"], 1);
    assert_eq!(d1["rounds"].as_array().map(Vec::len), Some(1));
    assert_eq!(
        ballots(&d1["rounds"][0]),
        pairs(&[
            ("g1", Some("g6")),
            ("g2", Some("g6")),
            ("g3", Some("g1")),
            ("g4", Some("g1")),
            ("g6", Some("g1")),
            ("g7", Some("g2")),
            ("g8", None),
        ]),
        "every living seat in seat order, abstention as none"
    );
    assert_eq!(
        tallies(&d1["rounds"][0]),
        [
            ("g1".to_string(), 3),
            ("g6".to_string(), 2),
            ("g2".to_string(), 1)
        ]
    );
    assert_eq!(d1["rounds"][0]["abstained"], 1);
    assert_eq!(d1["outcome"]["out"], json!(["g1"]));
    let d2 = &days[1];
    assert_eq!(
        ballots(&d2["rounds"][0]),
        pairs(&[
            ("g2", Some("g4")),
            ("g4", Some("g2")),
            ("g6", Some("g2")),
            ("g7", Some("g4")),
            ("g8", None),
        ])
    );
    assert_eq!(d2["rounds"][0]["tie"], json!(["g2", "g4"]));
    assert_eq!(d2["rounds"][1]["round"], 2);
    assert_eq!(
        tallies(&d2["rounds"][1]),
        [("g2".to_string(), 4), ("g4".to_string(), 1)]
    );
    assert_eq!(d2["outcome"]["out"], json!(["g2"]));

    // Every reader reads the same: anonymous, a seat, an outsider, the judge.
    for token in [
        Some(table.tokens["g3"].as_str()),
        Some(outsider.as_str()),
        Some(table.admin.as_str()),
    ] {
        assert_eq!(votes(&api, id, token).await, v);
    }
    let anonymous = app
        .browser_in("en")
        .get(&format!("/games/{id}/votes"))
        .await;
    assert_eq!(anonymous.status, StatusCode::OK);
    let seat = app.browser_in("en");
    seat.login("vh3", "password-123").await;
    let judge = app.browser_in("en");
    judge.login("admin", &app.admin_password).await;
    for b in [&seat, &judge] {
        let p = b.get(&format!("/games/{id}/votes")).await;
        assert_eq!(content(&p), content(&anonymous));
    }
    // The page: the summary of every day, each day's table with captions and scoped headers.
    let body = &anonymous.body;
    assert!(
        body.contains("<caption>Every day&#39;s vote at a glance</caption>"),
        "{body}"
    );
    assert!(
        body.contains("<caption>Ballots of Act 1</caption>"),
        "{body}"
    );
    assert!(
        body.contains(r#"<th scope="row">g8</th><td class="choice none">(none)</td>"#),
        "{body}"
    );
    assert!(
        body.contains(r#"<th scope="col">Round 2 (PK)</th>"#),
        "{body}"
    );
    assert!(body.contains("Voted out: g1."), "{body}");
    assert!(body.contains("Voted out: g2."), "{body}");
    assert!(body.contains("g1 3 · g6 2 · g2 1"), "{body}");
    // Linked from the game page.
    let p = app.browser().get(&format!("/games/{id}")).await;
    assert!(
        p.body.contains(&format!(r#"href="/games/{id}/votes""#)),
        "{}",
        p.body
    );

    // An unknown game.
    let (s, _) = api.get("/api/v1/games/999999/votes", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let p = app.browser().get("/games/999999/votes").await;
    assert_eq!(p.status, StatusCode::NOT_FOUND);
}

/// DN-14, DN-15: a Death Note game publishes who is out and, with `publish_votes`, the counts;
/// never who voted for whom, before the end or after it.
async fn a_death_note_game_shows_no_ballot(app: TestApp) {
    let api = Api::new(&app);
    let g = started_game(&app, "vd", json!({"options": {"publish_votes": true}})).await;
    let base = format!("/api/v1/games/{}", g.id);
    let target = g.names[5].clone();
    for t in &g.players {
        api.post(&format!("{base}/actions"), t, json!({"type": "pass"}))
            .await;
        let (s, b) = api
            .post(
                &format!("{base}/actions"),
                t,
                json!({"type": "vote", "targets": [target]}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    let v = votes(&api, g.id, None).await;
    assert_eq!(v["days"], json!([]), "nothing before the resolution: {v}");
    let (s, b) = api
        .post(&format!("{base}/resolve"), &g.admin, json!({"act": 1}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let v = votes(&api, g.id, None).await;
    assert_eq!(v["published"], "counts", "{v}");
    let round = &v["days"][0]["rounds"][0];
    assert_eq!(round["ballots"], Value::Null, "{v}");
    assert_eq!(tallies(round), [(target.clone(), 6)]);
    assert!(
        v["days"][0]["outcome"]["out"]
            .as_array()
            .expect("out")
            .contains(&json!(target))
    );
    for token in [None, Some(g.players[0].as_str()), Some(g.admin.as_str())] {
        let seen = votes(&api, g.id, token).await;
        assert_eq!(seen, v);
        assert!(!seen.to_string().contains("voter"), "{seen}");
    }
    let p = app
        .browser_in("en")
        .get(&format!("/games/{}/votes", g.id))
        .await;
    assert!(p.body.contains("never who voted for whom"), "{}", p.body);
    assert!(!p.body.contains("Ballots of"), "{}", p.body);

    // Without the option: the outcome alone.
    let plain = started_game(&app, "vp", json!({})).await;
    let base = format!("/api/v1/games/{}", plain.id);
    let target = plain.names[5].clone();
    for t in &plain.players {
        api.post(&format!("{base}/actions"), t, json!({"type": "pass"}))
            .await;
        api.post(
            &format!("{base}/actions"),
            t,
            json!({"type": "vote", "targets": [target]}),
        )
        .await;
    }
    let (s, b) = api
        .post(&format!("{base}/resolve"), &plain.admin, json!({"act": 1}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let v = votes(&api, plain.id, None).await;
    assert_eq!(v["published"], "outcome", "{v}");
    assert_eq!(v["days"][0]["rounds"], json!([]));
    assert!(!v.to_string().contains("voter"), "{v}");
}
