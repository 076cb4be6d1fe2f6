//! The role games (`../shared/rules/roles.md`) through the HTTP API: each shared
//! example played phase by phase as a judge and its seats play it must publish and tell each
//! seat what `maku replay` prints; and what the shell adds to the engine — the team threads of
//! R4-2, silence in the game thread and the ballot (R4-5, R5-4), dark votes unseen (R5-4), the
//! kill's new holder told (R5-2) — behaves as the book says for every reader.

use crate::classic_api::{Table, fixed_game, game, kind, play_example, seats_of, step};
use crate::helpers::{Api, TestApp};
use crate::on_both_backends;
use reqwest::StatusCode;
use serde_json::{Value, json};

on_both_backends!(
    v4wujian_example_played_through_the_api,
    v5emin_example_played_through_the_api,
    the_undercover_leaves_the_killers_thread_after_night_one,
    a_silenced_seat_neither_posts_nor_speaks_the_next_day_but_votes,
    a_v5_silenced_seat_neither_speaks_nor_votes_and_dark_votes_stay_unseen,
    the_kill_passes_to_the_magician_who_is_told_at_once,
);

async fn v4wujian_example_played_through_the_api(app: TestApp) {
    play_example(&app, "v4wujian-random-1").await;
}

async fn v5emin_example_played_through_the_api(app: TestApp) {
    play_example(&app, "v5emin-random-1").await;
}

/// 16 seats g1..g16: police g1, g5; undercover g3; secret police g6; doctor g9; killers g11,
/// g12, g15; elder g13; butterfly g16; civilians the rest.
async fn v4(app: &TestApp, prefix: &str) -> Table {
    fixed_game(
        app,
        "v4wujian",
        &seats_of(prefix, 16),
        &json!({"butterfly": "g16", "elder": "g13", "doctor": "g9",
                "killers": ["g11", "g12", "g15"], "undercover": "g3",
                "police": ["g1", "g5"], "secret_police": "g6"}),
    )
    .await
}

/// 10 seats g1..g10, one of each role: butterfly g1, sniper g2, doctor g3, police g4, good
/// civilian g5, magician g6, killer g7, elder g8, wizard g9, evil civilian g10.
async fn v5(app: &TestApp, prefix: &str) -> Table {
    fixed_game(
        app,
        "v5emin",
        &seats_of(prefix, 10),
        &json!({"butterfly": "g1", "sniper": "g2", "doctor": "g3", "police": "g4",
                "good_civilian": "g5", "magician": "g6", "killer": "g7", "elder": "g8",
                "wizard": "g9", "evil_civilian": "g10"}),
    )
    .await
}

async fn ok(table: &Table, api: &Api<'_>, by: &str, action: Value) {
    let (s, b) = table.act(api, by, action.clone()).await;
    assert_eq!(s, StatusCode::OK, "{by} {action} → {b}");
}

async fn refused(table: &Table, api: &Api<'_>, by: &str, action: Value) -> Value {
    let (s, b) = table.act(api, by, action.clone()).await;
    assert_eq!(s, StatusCode::CONFLICT, "{by} {action} → {b}");
    b["error"].clone()
}

/// What a team thread answers `by` (status, and the post bodies when it may read).
async fn read_thread(table: &Table, api: &Api<'_>, by: &str, team: &str) -> (StatusCode, Value) {
    api.get(
        &format!("/api/v1/games/{}/threads/{team}", table.id),
        Some(&table.tokens[by]),
    )
    .await
}

async fn post_thread(
    table: &Table,
    api: &Api<'_>,
    by: &str,
    thread: &str,
    body: &str,
) -> (StatusCode, Value) {
    api.post(
        &format!("/api/v1/games/{}/threads/{thread}", table.id),
        &table.tokens[by],
        json!({"body": body}),
    )
    .await
}

/// The judge resolves phases until the game reaches act `act` (or ends).
async fn resolve_until_act(table: &Table, api: &Api<'_>, act: u64) -> Value {
    loop {
        let g = game(api, table.id).await;
        if g["winner"].is_string() || g["phase"]["act"].as_u64() >= Some(act) {
            return g;
        }
        let (s, b) = table.resolve(api, step(&g)).await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
}

fn private_events(me: &Value) -> Vec<Value> {
    me["private"]
        .as_array()
        .expect("private")
        .iter()
        .filter(|l| l["kind"] == "private")
        .map(|l| l["event"].clone())
        .collect()
}

async fn me(table: &Table, api: &Api<'_>, by: &str) -> Value {
    let (s, me) = api
        .get(
            &format!("/api/v1/games/{}/me", table.id),
            Some(&table.tokens[by]),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{me}");
    me
}

/// R4-2: in act 1 the undercover sits with the killers and the police; from night 2 on only
/// with the police. Out of the killers' thread, he gets the answer any other outsider gets, and
/// may no longer post there; the police thread stays his.
async fn the_undercover_leaves_the_killers_thread_after_night_one(app: TestApp) {
    let api = Api::new(&app);
    let t = v4(&app, "u").await;
    let (s, b) = post_thread(&t, &api, "g3", "killers", "我是卧底").await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let (s, b) = post_thread(&t, &api, "g3", "police", "我是警察").await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let (s, b) = read_thread(&t, &api, "g3", "killers").await;
    assert_eq!(s, StatusCode::OK, "{b}");
    // Police and killers each read only their own thread.
    assert_eq!(
        read_thread(&t, &api, "g1", "police").await.0,
        StatusCode::OK
    );
    assert_eq!(
        read_thread(&t, &api, "g11", "killers").await.0,
        StatusCode::OK
    );
    let outsider_killers = read_thread(&t, &api, "g1", "killers").await;
    assert_ne!(outsider_killers.0, StatusCode::OK);
    let outsider_police = read_thread(&t, &api, "g11", "police").await;
    assert_eq!(outsider_police.0, outsider_killers.0);
    assert_eq!(
        outsider_police.1, outsider_killers.1,
        "one answer for outsiders"
    );

    let g = resolve_until_act(&t, &api, 2).await;
    assert_eq!(g["phase"]["act"], 2, "{g}");
    assert_eq!(kind(&g), "night");
    // Night 2: the undercover answers as an outsider in the killers' thread.
    assert_eq!(
        read_thread(&t, &api, "g3", "killers").await,
        outsider_killers
    );
    let (s, b) = post_thread(&t, &api, "g3", "killers", "还在吗").await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("cannot_post_here")),
        "{b}"
    );
    // The killers still have theirs, the police thread is still his.
    assert_eq!(
        read_thread(&t, &api, "g11", "killers").await.0,
        StatusCode::OK
    );
    let (s, b) = post_thread(&t, &api, "g3", "police", "第二夜").await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let (s, b) = read_thread(&t, &api, "g5", "police").await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let bodies: Vec<&str> = b["posts"]
        .as_array()
        .expect("posts")
        .iter()
        .filter_map(|p| p["body"].as_str())
        .collect();
    assert!(bodies.contains(&"第二夜"), "{bodies:?}");
}

/// R4-3, R4-5: the elder silences a seat at night; the next day it has no turn to speak and may
/// not post in the game thread, but its ballot counts.
async fn a_silenced_seat_neither_posts_nor_speaks_the_next_day_but_votes(app: TestApp) {
    let api = Api::new(&app);
    let t = v4(&app, "s").await;
    ok(&t, &api, "g13", json!({"type": "silence", "target": "g2"})).await;
    let (s, b) = t.resolve(&api, 1).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert!(
        private_events(&me(&t, &api, "g2").await).contains(&json!({"type": "silenced"})),
        "the silenced seat is told"
    );
    // Every turn of the day: never g2's, and g2 may not post.
    let mut speakers = Vec::new();
    loop {
        let g = game(&api, t.id).await;
        if kind(&g) == "vote" {
            break;
        }
        if let Some(sp) = g["speaker"].as_str() {
            speakers.push(sp.to_string());
        }
        let (s, b) = t.speak(&api, "g2", "我要说话").await;
        assert_eq!(
            (s, b["error"].clone()),
            (StatusCode::CONFLICT, json!("cannot_post_here")),
            "{g}: {b}"
        );
        let (s, b) = t.resolve(&api, step(&g)).await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    assert_eq!(speakers.len(), 15, "every living seat but g2: {speakers:?}");
    assert!(!speakers.iter().any(|s| s == "g2"), "{speakers:?}");
    // Its vote counts.
    ok(&t, &api, "g2", json!({"type": "vote", "target": "g4"})).await;
    let g = game(&api, t.id).await;
    let (s, b) = t.resolve(&api, step(&g)).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let g = game(&api, t.id).await;
    let public = g["public"].as_array().expect("public");
    assert!(
        public.contains(
            &json!({"act": 1, "event": {"type": "out", "target": "g4", "cause": "voted"}})
        ),
        "{public:?}"
    );
    // The next day g2 speaks again (the silence was for one day).
    let g = resolve_until_act(&t, &api, 2).await;
    let (s, b) = t.resolve(&api, step(&g)).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let mut spoke = false;
    loop {
        let g = game(&api, t.id).await;
        if kind(&g) == "vote" || g["winner"].is_string() {
            break;
        }
        if g["speaker"] == "g2" {
            let (s, b) = t.speak(&api, "g2", "我回来了").await;
            assert_eq!(s, StatusCode::CREATED, "{b}");
            spoke = true;
        }
        let (s, b) = t.resolve(&api, step(&g)).await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    assert!(spoke, "g2 had a turn on day 2");
}

/// R5-4: a silenced seat has no speech and no ballot (`silenced`); the night's dark votes join
/// the day's count unseen: only who is out and the side are published, never a ballot or a tie.
async fn a_v5_silenced_seat_neither_speaks_nor_votes_and_dark_votes_stay_unseen(app: TestApp) {
    let api = Api::new(&app);
    let t = v5(&app, "e").await;
    // Night 1: the elder silences g4 (the police); both civilians dark-vote g9 (the wizard).
    ok(&t, &api, "g8", json!({"type": "silence", "target": "g4"})).await;
    ok(&t, &api, "g5", json!({"type": "dark_vote", "target": "g9"})).await;
    ok(
        &t,
        &api,
        "g10",
        json!({"type": "dark_vote", "target": "g9"}),
    )
    .await;
    let (s, b) = t.resolve(&api, 1).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let mut speakers = Vec::new();
    loop {
        let g = game(&api, t.id).await;
        if kind(&g) == "vote" {
            break;
        }
        assert_eq!(kind(&g), "speech", "nobody died: no last words: {g}");
        speakers.push(g["speaker"].as_str().expect("a speaker").to_string());
        let (s, b) = t.resolve(&api, step(&g)).await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    // Nobody left last words: seat order from g1, without the silenced g4.
    let want: Vec<String> = [1, 2, 3, 5, 6, 7, 8, 9, 10]
        .iter()
        .map(|i| format!("g{i}"))
        .collect();
    assert_eq!(speakers, want);
    assert_eq!(
        refused(&t, &api, "g4", json!({"type": "vote", "target": "g7"})).await,
        json!("silenced")
    );
    assert_eq!(
        refused(
            &t,
            &api,
            "g1",
            json!({"type": "vote", "target": "g7", "round": 2})
        )
        .await,
        json!("not_now")
    );
    // Two day votes for g7 against two dark votes and one day vote for g9: g9 is out.
    ok(&t, &api, "g1", json!({"type": "vote", "target": "g7"})).await;
    ok(&t, &api, "g2", json!({"type": "vote", "target": "g7"})).await;
    ok(&t, &api, "g3", json!({"type": "vote", "target": "g9"})).await;
    let g = game(&api, t.id).await;
    let vote_step = step(&g);
    let (s, b) = t.resolve(&api, vote_step).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let g = game(&api, t.id).await;
    let day1: Vec<&Value> = g["public"]
        .as_array()
        .expect("public")
        .iter()
        .filter(|e| e["act"] == 1)
        .map(|e| &e["event"])
        .collect();
    assert_eq!(
        day1,
        vec![
            &json!({"type": "peaceful", "phase": "night"}),
            &json!({"type": "out", "target": "g9", "cause": "voted", "side": "bad"}),
        ],
        "only who is out and the side"
    );
    // The act post and the thread say no more than the events: no ballot, no count.
    let (_, thread) = api
        .get(&format!("/api/v1/games/{}/threads/game", t.id), None)
        .await;
    let text = thread.to_string();
    assert!(!text.contains("dark_vote"), "{text}");
    assert!(!text.contains("ballots"), "{text}");
    // A bad seat voted out leaves no last words: the next night is open.
    assert_eq!(kind(&game(&api, t.id).await), "night");
}

/// R5-2: the killer dies at night; the magician now holds the kill, is told at once, and may
/// kill instead of using magic.
async fn the_kill_passes_to_the_magician_who_is_told_at_once(app: TestApp) {
    let api = Api::new(&app);
    let t = v5(&app, "k").await;
    ok(&t, &api, "g2", json!({"type": "snipe", "target": "g7"})).await;
    let (s, b) = t.resolve(&api, 1).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let g = game(&api, t.id).await;
    assert!(
        g["public"].as_array().expect("public").contains(
            &json!({"act": 1, "event": {"type": "out", "target": "g7", "cause": "night"}})
        ),
        "{g}"
    );
    assert!(
        private_events(&me(&t, &api, "g6").await).contains(&json!({"type": "kill_inherited"})),
        "the magician is told"
    );
    for other in ["g8", "g9", "g1"] {
        assert!(
            !private_events(&me(&t, &api, other).await)
                .contains(&json!({"type": "kill_inherited"})),
            "{other} is not told"
        );
    }
    let g = resolve_until_act(&t, &api, 2).await;
    assert_eq!(kind(&g), "night");
    ok(&t, &api, "g6", json!({"type": "kill", "target": "g5"})).await;
    assert_eq!(
        refused(&t, &api, "g6", json!({"type": "magic", "target": "g5"})).await,
        json!("not_your_role")
    );
    assert_eq!(
        refused(&t, &api, "g6", json!({"type": "kill", "target": "g6"})).await,
        json!("self_target")
    );
}
