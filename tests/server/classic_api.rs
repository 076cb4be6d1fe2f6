//! The classic presets played through the HTTP API: each shared example's game, act
//! by act and phase by phase as a judge and its seats play it (speeches in the game thread, 过,
//! votes round by round), must publish and tell each seat what `maku replay` prints; and the
//! ordered turns, 过 and the phases a submission ends behave as the API says.

use crate::helpers::{Api, TestApp};
use crate::on_both_backends;
use maku::scheduler::tick;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::collections::HashMap;

on_both_backends!(
    dongsha_example_played_through_the_api,
    killgame_example_played_through_the_api,
    shengtui_example_played_through_the_api,
    wujian_example_played_through_the_api,
    an_ordered_turn_takes_one_speech_by_its_speaker_and_its_pass,
    an_explosion_during_the_vote_ends_the_day_at_once,
    the_last_officer_surrendering_at_night_ends_the_game_at_once,
);

pub(crate) fn examples_dir() -> std::path::PathBuf {
    // The shared contract when it is beside the checkout, else the copy in tests/fixtures.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let shared = root.join("../shared/examples");
    if shared.is_dir() {
        shared
    } else {
        root.join("tests/fixtures/examples")
    }
}

pub(crate) fn read_json(path: &std::path::Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("example readable"))
        .expect("example is JSON")
}

pub(crate) fn read_lines(path: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .expect("transcript readable")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// A started game with a fixed deal: its id, the judge's (admin's) token, and each
/// seat's token by game ID.
pub(crate) struct Table {
    pub(crate) id: i64,
    pub(crate) admin: String,
    pub(crate) tokens: HashMap<String, String>,
}

/// The admin creates a game of `variant` (ordered speeches, one-hour nights), every account of
/// `seats` (`{game_id, real_id}`) signs up, and the admin starts it with `roles` (the setup
/// without its seats) and those seats.
pub(crate) async fn fixed_game(
    app: &TestApp,
    variant: &str,
    seats: &Value,
    roles: &Value,
) -> Table {
    let api = Api::new(app);
    let admin = api.token("admin", &app.admin_password).await;
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": variant, "variant": variant, "act_minutes": 60,
                   "options": ordered_speeches(variant)}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    let mut tokens = HashMap::new();
    for seat in seats.as_array().expect("seats") {
        let token = api
            .account(seat["real_id"].as_str().expect("real_id"))
            .await;
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/signup"), &token, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        tokens.insert(
            seat["game_id"].as_str().expect("game_id").to_string(),
            token,
        );
    }
    let mut setup = roles.clone();
    setup["seats"] = seats.clone();
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/start"),
            &admin,
            json!({"setup": setup}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    Table { id, admin, tokens }
}

/// Ordered speeches, for a variant whose speeches are an option (a role game's day may have
/// its order fixed by its rules, R5-4).
fn ordered_speeches(variant: &str) -> Value {
    let has = maku::rules::Variant::from_name(variant)
        .is_some_and(|v| v.option_fields().iter().any(|f| f.name == "speeches"));
    if has {
        json!({"speeches": "ordered"})
    } else {
        json!({})
    }
}

/// Test-made seats `{game_id, real_id}`: game IDs `g1`.. for the accounts `{prefix}1`...
pub(crate) fn seats_of(prefix: &str, n: usize) -> Value {
    (1..=n)
        .map(|i| json!({"game_id": format!("g{i}"), "real_id": format!("{prefix}{i}")}))
        .collect()
}

pub(crate) async fn game(api: &Api<'_>, id: i64) -> Value {
    let (s, g) = api.get(&format!("/api/v1/games/{id}"), None).await;
    assert_eq!(s, StatusCode::OK, "{g}");
    g
}

pub(crate) fn step(g: &Value) -> u32 {
    g["phase"]["step"].as_u64().expect("a phase step") as u32
}

pub(crate) fn kind(g: &Value) -> &str {
    g["phase"]["kind"].as_str().expect("a phase kind")
}

pub(crate) fn deadline(g: &Value) -> chrono::NaiveDateTime {
    chrono::NaiveDateTime::parse_from_str(
        g["deadline"].as_str().expect("a deadline"),
        "%Y-%m-%dT%H:%M:%SZ",
    )
    .expect("ISO time")
}

impl Table {
    pub(crate) async fn resolve(&self, api: &Api<'_>, step: u32) -> (StatusCode, Value) {
        api.post(
            &format!("/api/v1/games/{}/resolve", self.id),
            &self.admin,
            json!({"act": step}),
        )
        .await
    }

    pub(crate) async fn act(&self, api: &Api<'_>, by: &str, action: Value) -> (StatusCode, Value) {
        api.post(
            &format!("/api/v1/games/{}/actions", self.id),
            &self.tokens[by],
            action,
        )
        .await
    }

    pub(crate) async fn speak(&self, api: &Api<'_>, by: &str, body: &str) -> (StatusCode, Value) {
        api.post(
            &format!("/api/v1/games/{}/threads/game", self.id),
            &self.tokens[by],
            json!({"body": body}),
        )
        .await
    }

    pub(crate) async fn pass(&self, api: &Api<'_>, by: &str, step: u32) -> (StatusCode, Value) {
        api.post(
            &format!("/api/v1/games/{}/pass", self.id),
            &self.tokens[by],
            json!({"phase": step}),
        )
        .await
    }

    /// The judge resolves every phase up to the first vote of the day (or the end).
    pub(crate) async fn resolve_to_vote(&self, api: &Api<'_>) -> Value {
        loop {
            let g = game(api, self.id).await;
            if kind(&g) == "vote" || g["winner"].is_string() {
                return g;
            }
            let (s, b) = self.resolve(api, step(&g)).await;
            assert_eq!(s, StatusCode::OK, "{b}");
        }
    }
}

/// Which phase the replay takes a submission in: the night's actions (0) or a day round (1–3).
fn bucket(action: &Value) -> u64 {
    match action["type"].as_str() {
        Some("vote" | "explode") => action["round"].as_u64().unwrap_or(1),
        _ => 0,
    }
}

/// Plays one example through the API and checks what the server publishes and tells each seat
/// against its transcript. Act by act: the night's submissions; then every phase of the act in
/// turn — the night resolved by the judge; a turn to speak (speech, PK, last words) either
/// spoken in the game thread and ended by the speaker's 过 or, every other turn, ended by the
/// judge; a vote with its round's submissions, then resolved by the judge. The submissions of
/// a round that does not come are made after the rounds that came, as the replay takes them.
pub(crate) async fn play_example(app: &TestApp, name: &str) {
    let scenario = read_json(&examples_dir().join(format!("{name}.json")));
    let expected = read_lines(&examples_dir().join(format!("{name}.expected.jsonl")));
    let api = Api::new(app);
    let variant = scenario["variant"].as_str().expect("variant");
    assert_eq!(
        scenario["options"],
        json!({}),
        "{name}: the default options"
    );
    let table = fixed_game(app, variant, &scenario["seats"], &scenario["setup"]).await;
    let id = table.id;

    let mut replies = expected.iter().filter(|l| l["kind"] == "reply");
    let mut turns = 0usize;
    let mut speeches = 0usize;
    for (k, act) in scenario["acts"]
        .as_array()
        .expect("acts")
        .iter()
        .enumerate()
    {
        let k = k as u64 + 1;
        let subs = act["submit"].as_array().expect("submit");
        let mut send = async |round: u64| {
            for sub in subs.iter().filter(|s| bucket(&s["action"]) == round) {
                let by = sub["by"].as_str().expect("by");
                let want = replies.next().expect("a reply line for each submission");
                assert_eq!(want["by"], by, "{name} act {k}: replies in phase order");
                if !table.tokens.contains_key(by) {
                    // An unknown seat cannot reach the server: no account plays it.
                    assert_eq!(want["error"], "unknown_seat");
                    continue;
                }
                let (status, body) = table.act(&api, by, sub["action"].clone()).await;
                if want["ok"] == true {
                    assert_eq!(status, StatusCode::OK, "{name} act {k}: {sub} → {body}");
                    assert_eq!(body["reply"], want["reply"], "{name} act {k}: {sub}");
                } else {
                    assert_eq!(
                        status,
                        StatusCode::CONFLICT,
                        "{name} act {k}: {sub} → {body}"
                    );
                    assert_eq!(body["error"], want["error"], "{name} act {k}: {sub}");
                }
            }
        };
        send(0).await;
        // The next round whose submissions are still to come.
        let mut round = 1u64;
        loop {
            let g = game(&api, id).await;
            if g["winner"].is_string() || g["phase"]["act"].as_u64() != Some(k) {
                break;
            }
            let step = step(&g);
            match kind(&g) {
                "night" => {
                    assert!(g["speaker"].is_null(), "nobody speaks at night: {g}");
                    let (s, b) = table.resolve(&api, step).await;
                    assert_eq!(s, StatusCode::OK, "{name} act {k}: {b}");
                }
                "speech" | "pk" | "last_words" => {
                    let speaker = g["speaker"]
                        .as_str()
                        .unwrap_or_else(|| panic!("an ordered turn has its speaker: {g}"))
                        .to_string();
                    turns += 1;
                    if turns % 2 == 1 {
                        let (s, b) = table
                            .speak(&api, &speaker, &format!("{speaker}：第 {k} 幕发言"))
                            .await;
                        assert_eq!(s, StatusCode::CREATED, "{name}: {speaker} speaks: {b}");
                        speeches += 1;
                        let (s, b) = table.pass(&api, &speaker, step).await;
                        assert_eq!(s, StatusCode::OK, "{name}: {speaker} passes: {b}");
                    } else {
                        let (s, b) = table.resolve(&api, step).await;
                        assert_eq!(s, StatusCode::OK, "{name}: the judge ends a turn: {b}");
                    }
                }
                "vote" => {
                    assert!(round <= 3, "{name} act {k}: a fourth vote");
                    send(round).await;
                    round += 1;
                    let (s, b) = table.resolve(&api, step).await;
                    assert_eq!(s, StatusCode::OK, "{name} act {k}: {b}");
                    // Another round follows only after a tie: a PK or the next vote of this
                    // act. Otherwise the later rounds' submissions come now (refused).
                    let g = game(&api, id).await;
                    let again = !g["winner"].is_string()
                        && g["phase"]["act"].as_u64() == Some(k)
                        && matches!(kind(&g), "pk" | "vote");
                    if !again {
                        while round <= 3 {
                            send(round).await;
                            round += 1;
                        }
                    }
                }
                other => panic!("{name}: an ordered game has no {other} phase"),
            }
        }
        // The rounds the act never reached (the game ended first).
        while round <= 3 {
            send(round).await;
            round += 1;
        }
    }
    assert!(replies.next().is_none(), "{name}: every reply line was met");
    assert!(speeches > 0, "{name}: some turns were spoken");

    let g = game(&api, id).await;
    let want_public: Vec<Value> = expected
        .iter()
        .filter(|l| l["kind"] == "public")
        .map(|l| json!({"act": l["act"], "event": l["event"]}))
        .collect();
    assert_eq!(
        g["public"].as_array().expect("public"),
        &want_public,
        "{name}: public events"
    );
    let outcome = expected.last().expect("outcome line");
    assert_eq!(outcome["kind"], "outcome");
    assert_eq!(g["winner"], outcome["winner"], "{name}: winner");
    assert_eq!(g["status"], "finished", "{name}");

    // The reveal draws the game: its ballots are the ones each vote round published (CL-6,
    // CL-7), and every seat that went out is marked in its act.
    let ballots: std::collections::BTreeSet<(u64, u64, String, String)> = expected
        .iter()
        .filter(|l| l["kind"] == "public" && l["event"]["type"] == "votes")
        .flat_map(|l| {
            let (act, round) = (l["act"].as_u64(), l["event"]["round"].as_u64());
            l["event"]["ballots"]
                .as_object()
                .into_iter()
                .flatten()
                .filter_map(move |(voter, target)| {
                    Some((act?, round?, voter.clone(), target.as_str()?.to_string()))
                })
        })
        .collect();
    // A game whose rules publish no ballots (5.0's) shows the votes its reveal tells.
    let ballots = if ballots.is_empty() {
        let (_, reveal) = api.get(&format!("/api/v1/games/{id}/reveal"), None).await;
        crate::picture::revealed_ballots(&reveal)
    } else {
        ballots
    };
    let facts =
        crate::picture::picture_facts(app, id, &crate::picture::seat_names(&scenario)).await;
    crate::picture::assert_picture(&facts, &ballots, &crate::picture::published_outs(&expected));

    // Each player's record now holds the game with its revealed role, and a win when its side
    // won: in a role game the side the reveal names (R4-6, R5-5); in a classic one good is
    // every seat but the killers (CL-10), a wujian faction its own seats; a draw is no win.
    let (_, reveal) = api.get(&format!("/api/v1/games/{id}/reveal"), None).await;
    let winner = g["winner"].as_str().unwrap_or("draw");
    for r in reveal["roles"]["seats"]
        .as_array()
        .expect("the roles revealed")
    {
        let real = r["real_id"].as_str().expect("real_id");
        let role = r["role"].as_str().expect("role");
        let won = match (winner, r["side"].as_str()) {
            ("draw", _) => false,
            (w, Some(side)) => side == w,
            ("good", None) => role != "killer",
            ("killers", None) => role == "killer",
            (faction, None) => role == faction,
        };
        let won = u32::from(won);
        let (status, record) = api
            .get(&format!("/api/v1/players/{real}/record"), None)
            .await;
        assert_eq!(status, StatusCode::OK, "{record}");
        assert_eq!(
            record,
            json!({"games": 1, "wins": won, "by_variant": {variant:
                {"games": 1, "wins": won, "roles": {role: 1}}}}),
            "{name}: the record of {real}"
        );
    }

    // Each seat's private log holds its replies and private events, in order. After the end
    // the server answers `game_over` (as the replay does) but keeps nothing: the log of a
    // finished game is closed, so those refusals are in no seat's log.
    let strip = |v: &[Value], kind: &str| -> Vec<Value> {
        v.iter()
            .filter(|l| l["kind"] == kind && l["error"] != "game_over")
            .map(|l| {
                let mut l = l.clone();
                if let Value::Object(m) = &mut l {
                    m.remove("action");
                }
                l
            })
            .collect()
    };
    for (seat, token) in &table.tokens {
        let (s, me) = api
            .get(&format!("/api/v1/games/{id}/me"), Some(token))
            .await;
        assert_eq!(s, StatusCode::OK, "{me}");
        assert_eq!(me["game_id"], seat.as_str());
        let got = me["private"].as_array().expect("private");
        let want: Vec<Value> = expected
            .iter()
            .filter(|l| {
                (l["kind"] == "reply" && l["by"] == seat.as_str())
                    || (l["kind"] == "private" && l["to"] == seat.as_str())
            })
            .cloned()
            .collect();
        for kind in ["reply", "private"] {
            assert_eq!(
                strip(got, kind),
                strip(&want, kind),
                "{name}: {kind} lines of {seat}"
            );
        }
    }
}

async fn dongsha_example_played_through_the_api(app: TestApp) {
    play_example(&app, "dongsha-random-1").await;
}

async fn killgame_example_played_through_the_api(app: TestApp) {
    play_example(&app, "killgame-random-1").await;
}

async fn shengtui_example_played_through_the_api(app: TestApp) {
    play_example(&app, "shengtui-random-1").await;
}

async fn wujian_example_played_through_the_api(app: TestApp) {
    play_example(&app, "wujian-random-1").await;
}

/// CL-5 ordered: in a speech turn only its speaker posts in the game thread, once; only the
/// speaker's 过 ends the turn, and a 过 for a turn that already ended ends none.
async fn an_ordered_turn_takes_one_speech_by_its_speaker_and_its_pass(app: TestApp) {
    let api = Api::new(&app);
    let table = fixed_game(
        &app,
        "shengtui",
        &seats_of("t", 6),
        &json!({"killers": ["g4"]}),
    )
    .await;
    let id = table.id;
    // A night without a kill; nobody is out, so g1 speaks first.
    let (s, b) = table.resolve(&api, 1).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let g = game(&api, id).await;
    assert_eq!(g["phase"], json!({"step": 2, "act": 1, "kind": "speech"}));
    assert_eq!(g["speaker"], "g1");
    let posts = || async {
        let (s, t) = api
            .get(&format!("/api/v1/games/{id}/threads/game"), None)
            .await;
        assert_eq!(s, StatusCode::OK, "{t}");
        t["posts"].as_array().expect("posts").len()
    };
    let before = posts().await;
    // Another seat may neither post nor pass during g1's turn.
    let (s, b) = table.speak(&api, "g2", "插话").await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("cannot_post_here")),
        "{b}"
    );
    let (s, b) = table.pass(&api, "g2", 2).await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("not_your_turn")),
        "{b}"
    );
    // The speaker speaks once.
    let (s, b) = table.speak(&api, "g1", "我是好人").await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let (s, b) = table.speak(&api, "g1", "再说一句").await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("one_speech")),
        "{b}"
    );
    assert_eq!(posts().await, before + 1, "one speech, nothing else");
    assert_eq!(step(&game(&api, id).await), 2, "nothing ended the turn");
    // Her 过 ends the turn: g2's opens.
    let (s, b) = table.pass(&api, "g1", 2).await;
    assert_eq!((s, b), (StatusCode::OK, json!({"phase": 3})));
    let g = game(&api, id).await;
    assert_eq!(g["phase"], json!({"step": 3, "act": 1, "kind": "speech"}));
    assert_eq!(g["speaker"], "g2");
    // A 过 for the turn that ended (a double click, a page left open) ends none.
    for by in ["g1", "g2"] {
        let (s, b) = table.pass(&api, by, 2).await;
        assert_eq!(
            (s, b["error"].clone()),
            (StatusCode::CONFLICT, json!("already_resolved")),
            "{by}: {b}"
        );
    }
    assert_eq!(step(&game(&api, id).await), 3);
    // g1's turn is over: she may not post again, now that it is g2's.
    let (s, b) = table.speak(&api, "g1", "补充").await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("cannot_post_here")),
        "{b}"
    );
    let (s, b) = table.speak(&api, "g2", "我也是好人").await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
}

/// CL-8: a dongsha killer's explosion during the vote ends the day at once: the next act's
/// night is open, with its own deadline, which the scheduler honours (the old vote deadline
/// resolves nothing).
async fn an_explosion_during_the_vote_ends_the_day_at_once(app: TestApp) {
    let api = Api::new(&app);
    let table = fixed_game(
        &app,
        "dongsha",
        &seats_of("x", 8),
        &json!({"killers": ["g3", "g6"], "police": ["g4", "g8"]}),
    )
    .await;
    let id = table.id;
    let g = table.resolve_to_vote(&api).await;
    assert_eq!(g["phase"]["act"], 1);
    let vote_step = step(&g);
    let vote_deadline = deadline(&g);
    let (s, b) = table
        .act(&api, "g1", json!({"type": "vote", "target": "g3"}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    // Late in the vote, g3 explodes.
    app.clock.advance(chrono::Duration::minutes(350));
    let (s, b) = table.act(&api, "g3", json!({"type": "explode"})).await;
    assert_eq!(
        (s, b),
        (
            StatusCode::OK,
            json!({"ok": true, "reply": {"type": "exploded"}})
        )
    );
    let g = game(&api, id).await;
    assert_eq!(
        g["phase"],
        json!({"step": vote_step + 1, "act": 2, "kind": "night"}),
        "the day ended at once: {g}"
    );
    assert!(g["winner"].is_null());
    let public = g["public"].as_array().expect("public");
    assert_eq!(
        public.last(),
        Some(&json!({"act": 1, "event": {"type": "out", "target": "g3", "cause": "exploded"}}))
    );
    assert!(
        !public.iter().any(|e| e["event"]["type"] == "votes"),
        "the vote was never counted: {public:?}"
    );
    // The night's own length from now, not what was left of the vote.
    let night_deadline = deadline(&g);
    // (Deadlines are stored to the second.)
    let left = (night_deadline - app.clock.now_utc()).num_seconds();
    assert!((3599..=3600).contains(&left), "{left} s");
    assert!(night_deadline > vote_deadline);
    // The act post says the day ended and the night opened.
    let (_, thread) = api
        .get(&format!("/api/v1/games/{id}/threads/game"), None)
        .await;
    let last = thread["posts"]
        .as_array()
        .and_then(|p| p.last())
        .expect("the act post")
        .clone();
    assert_eq!(last["act"]["resolved"], vote_step, "{last}");
    assert_eq!(last["act"]["opens"], vote_step + 1, "{last}");
    // A vote now is too late.
    let (s, b) = table
        .act(&api, "g2", json!({"type": "vote", "target": "g6"}))
        .await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("not_now"))
    );
    // The vote's old deadline passes: the scheduler resolves nothing early.
    app.clock.advance(chrono::Duration::minutes(20));
    assert!(app.clock.now_utc() > vote_deadline);
    assert_eq!(tick(&app.state).await.expect("tick"), 0);
    assert_eq!(step(&game(&api, id).await), vote_step + 1);
    // The night ends at its own deadline.
    app.clock.advance(chrono::Duration::minutes(41));
    assert_eq!(tick(&app.state).await.expect("tick"), 1);
    let g = game(&api, id).await;
    assert_eq!(g["phase"]["act"], 2);
    assert_ne!(kind(&g), "night", "{g}");
}

/// CL-9: the last living police officer surrenders at night: his team loses at once, the game
/// is over and no deadline is left for the scheduler.
async fn the_last_officer_surrendering_at_night_ends_the_game_at_once(app: TestApp) {
    let api = Api::new(&app);
    let table = fixed_game(
        &app,
        "dongsha",
        &seats_of("y", 8),
        &json!({"killers": ["g3", "g6"], "police": ["g4", "g8"]}),
    )
    .await;
    let id = table.id;
    // While his teammate lives, an officer may not surrender.
    let (s, b) = table.act(&api, "g8", json!({"type": "surrender"})).await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("not_now"))
    );
    // Night 1: the killers kill g4; the day votes nobody out.
    for by in ["g3", "g6"] {
        let (s, b) = table
            .act(&api, by, json!({"type": "kill", "target": "g4"}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    let g = table.resolve_to_vote(&api).await;
    assert_eq!(g["phase"]["act"], 1);
    let (s, b) = table.resolve(&api, step(&g)).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let mut g = game(&api, id).await;
    while g["phase"]["act"] == 1 {
        let (s, b) = table.resolve(&api, step(&g)).await;
        assert_eq!(s, StatusCode::OK, "{b}");
        g = game(&api, id).await;
    }
    assert_eq!(g["phase"]["kind"], "night", "{g}");
    assert!(g["deadline"].is_string());
    let night_step = step(&g);
    // Night 2: g8, the last officer, surrenders.
    let (s, b) = table.act(&api, "g8", json!({"type": "surrender"})).await;
    assert_eq!(
        (s, b),
        (
            StatusCode::OK,
            json!({"ok": true, "reply": {"type": "surrendered"}})
        )
    );
    let g = game(&api, id).await;
    assert_eq!(g["winner"], "killers", "{g}");
    assert_eq!(g["status"], "finished");
    assert!(g["deadline"].is_null(), "no deadline is left: {g}");
    assert_eq!(g["phase"]["step"], night_step, "the phase that ended it");
    let public = g["public"].as_array().expect("public");
    assert_eq!(
        &public[public.len() - 2..],
        &[
            json!({"act": 2, "event": {"type": "surrendered", "team": "police"}}),
            json!({"act": 2, "event": {"type": "game_over", "winner": "killers"}}),
        ]
    );
    // Nothing is left to resolve: neither the judge nor the scheduler.
    let (s, b) = table.resolve(&api, night_step).await;
    assert_eq!(s, StatusCode::CONFLICT, "{b}");
    app.clock.advance(chrono::Duration::hours(2));
    assert_eq!(tick(&app.state).await.expect("tick"), 0);
    assert_eq!(
        game(&api, id).await["public"].as_array().map(Vec::len),
        Some(public.len())
    );
}
