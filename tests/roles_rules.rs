//! The role games' ruling book (`../shared/rules/roles.md`, second edition; the "Role games"
//! section of `../shared/spec/replay.md`) rule by rule, through `rules::Game` as the server
//! drives it (one submission, one phase at a time), with fixed deals. Seats are `s1`, `s2`, … in
//! seat order.
//!
//! v4wujian (16 seats): butterfly s1, forest elder s2, doctor s3, killers s4 s5 s6, undercover
//! s7, police s8 s9, secret police s10, civilians s11..s16.
//!
//! v5emin (10 seats): good — butterfly s1, sniper s2, doctor s3, police s4, good civilian s5;
//! bad — magician s6, killer s7, forest elder s8, wizard s9, evil civilian s10.

use maku::rules::{Game, GameConfig, Line, SeatSpec, Variant};
use serde_json::{Value, json};

fn seats(n: usize) -> Vec<SeatSpec> {
    (1..=n)
        .map(|i| SeatSpec {
            game_id: format!("s{i}"),
            real_id: format!("r{i}"),
        })
        .collect()
}

fn config(variant: &str, n: usize, setup: Value) -> GameConfig {
    GameConfig {
        variant: Variant::from_name(variant).expect("a role game"),
        options: json!({}),
        seed: 1,
        seats: seats(n),
        setup: Some(setup),
    }
}

fn v4_setup() -> Value {
    json!({
        "butterfly": "s1", "elder": "s2", "doctor": "s3",
        "killers": ["s4", "s5", "s6"], "undercover": "s7",
        "police": ["s8", "s9"], "secret_police": "s10",
    })
}

fn v5_setup() -> Value {
    json!({
        "butterfly": "s1", "sniper": "s2", "doctor": "s3", "police": "s4", "good_civilian": "s5",
        "magician": "s6", "killer": "s7", "elder": "s8", "wizard": "s9", "evil_civilian": "s10",
    })
}

/// The v4wujian deal of the header.
fn v4() -> Game {
    Game::start(&config("v4wujian", 16, v4_setup())).unwrap_or_else(|e| panic!("v4wujian: {e}"))
}

/// The v5emin deal of the header.
fn v5() -> Game {
    Game::start(&config("v5emin", 10, v5_setup())).unwrap_or_else(|e| panic!("v5emin: {e}"))
}

fn submit(g: &mut Game, by: &str, action: &Value) -> Result<Vec<Line>, &'static str> {
    let s = g.submit_json(by, action).expect("the action parses");
    match s.result {
        Ok(_) => Ok(s.lines),
        Err(r) => Err(r.error),
    }
}

fn ok(g: &mut Game, by: &str, action: Value) -> Vec<Line> {
    submit(g, by, &action).unwrap_or_else(|e| panic!("{by} {action}: refused {e}"))
}

/// The reply's `type` of an accepted submission.
fn reply(g: &mut Game, by: &str, action: Value) -> String {
    let s = g.submit_json(by, &action).expect("the action parses");
    match s.result {
        Ok(v) => v.to_json()["type"].as_str().unwrap_or("").to_string(),
        Err(r) => panic!("{by} {action}: refused {}", r.error),
    }
}

fn refused(g: &mut Game, by: &str, action: Value) -> &'static str {
    match submit(g, by, &action) {
        Ok(_) => panic!("{by} {action}: accepted"),
        Err(e) => e,
    }
}

fn on(kind: &str, target: &str) -> Value {
    json!({"type": kind, "target": target})
}

fn kill(t: &str) -> Value {
    on("kill", t)
}
fn check(t: &str) -> Value {
    on("check", t)
}
fn hug(t: &str) -> Value {
    on("hug", t)
}
fn silence(t: &str) -> Value {
    on("silence", t)
}
fn save(t: &str) -> Value {
    on("save", t)
}
fn secret_kill(t: &str) -> Value {
    on("secret_kill", t)
}
fn needle(t: &str) -> Value {
    on("needle", t)
}
fn snipe(t: &str) -> Value {
    on("snipe", t)
}
fn magic(t: &str) -> Value {
    on("magic", t)
}
fn query(t: &str) -> Value {
    on("query", t)
}
fn dark_vote(t: &str) -> Value {
    on("dark_vote", t)
}
fn vote(t: &str) -> Value {
    on("vote", t)
}

fn kind(g: &Game) -> &'static str {
    g.current_phase().kind
}

fn act(g: &Game) -> u32 {
    g.current_phase().act
}

/// Resolves phases until one of `kind` is open; the lines they published.
fn to(g: &mut Game, want: &str) -> Vec<Line> {
    let mut lines = Vec::new();
    for _ in 0..200 {
        if kind(g) == want && !g.is_over() {
            return lines;
        }
        assert!(!g.is_over(), "the game ended before a {want} phase");
        lines.extend(g.resolve_phase());
    }
    panic!("no {want} phase");
}

/// The night open now: these submissions (each accepted), then it resolves; its lines.
fn night(g: &mut Game, subs: &[(&str, Value)]) -> Vec<Line> {
    assert_eq!(kind(g), "night", "a night is open");
    assert!(!g.is_over());
    for (by, action) in subs {
        ok(g, by, action.clone());
    }
    g.resolve_phase()
}

/// On to the vote; these ballots (each accepted); the vote resolves; its lines.
fn day_votes(g: &mut Game, ballots: &[(&str, &str)]) -> Vec<Line> {
    to(g, "vote");
    for (by, t) in ballots {
        ok(g, by, vote(t));
    }
    g.resolve_phase()
}

/// Every living seat that may vote votes for `target` (v5: silenced seats are refused).
fn vote_out(g: &mut Game, target: &str) -> Vec<Line> {
    to(g, "vote");
    for s in living(g) {
        match submit(g, &s, &vote(target)) {
            Ok(_) | Err("silenced") => {}
            Err(e) => panic!("{s} vote {target}: {e}"),
        }
    }
    g.resolve_phase()
}

/// A day in which nobody votes (nobody is out), on to the next night.
fn quiet_day(g: &mut Game) {
    let lines = day_votes(g, &[]);
    assert!(
        publics(&lines).contains(&peaceful("day")),
        "a day without votes: {:?}",
        publics(&lines)
    );
    to(g, "night");
}

fn publics(lines: &[Line]) -> Vec<Value> {
    lines
        .iter()
        .filter_map(|l| match l {
            Line::Public { event, .. } => Some(event.to_json()),
            _ => None,
        })
        .collect()
}

fn privates(lines: &[Line]) -> Vec<(String, Value)> {
    lines
        .iter()
        .filter_map(|l| match l {
            Line::Private { to, event, .. } => Some((to.clone(), event.to_json())),
            _ => None,
        })
        .collect()
}

/// The private lines of one event type, with their act.
fn told(lines: &[Line], kind: &str) -> Vec<(u32, String, Value)> {
    lines
        .iter()
        .filter_map(|l| match l {
            Line::Private { act, to, event } if event.to_json()["type"] == kind => {
                Some((*act, to.clone(), event.to_json()))
            }
            _ => None,
        })
        .collect()
}

/// The seats told an event of this type, in the order told.
fn told_to(lines: &[Line], kind: &str) -> Vec<String> {
    told(lines, kind).into_iter().map(|(_, to, _)| to).collect()
}

fn out(t: &str) -> Value {
    json!({"type": "out", "target": t, "cause": "night"})
}

fn voted(t: &str) -> Value {
    json!({"type": "out", "target": t, "cause": "voted"})
}

fn voted_side(t: &str, side: &str) -> Value {
    json!({"type": "out", "target": t, "cause": "voted", "side": side})
}

fn game_over(w: &str) -> Value {
    json!({"type": "game_over", "winner": w})
}

fn peaceful(phase: &str) -> Value {
    json!({"type": "peaceful", "phase": phase})
}

fn tie(round: u8, seats: &[&str]) -> Value {
    json!({"type": "tie", "round": round, "seats": seats})
}

fn check_result(t: &str, result: &str) -> Value {
    json!({"type": "check_result", "target": t, "result": result})
}

fn query_result(t: &str, acted_on: &str) -> Value {
    json!({"type": "query_result", "target": t, "acted_on": acted_on})
}

fn living(g: &Game) -> Vec<String> {
    g.seats()
        .into_iter()
        .filter(|s| s.alive)
        .map(|s| s.game_id)
        .collect()
}

fn is_alive(g: &Game, id: &str) -> bool {
    living(g).iter().any(|s| s == id)
}

/// The speakers of the ordered turns up to the next vote; checks that only the speaker posts.
fn speakers_until_vote(g: &mut Game) -> Vec<String> {
    let mut speakers = Vec::new();
    for _ in 0..100 {
        if kind(g) == "vote" {
            return speakers;
        }
        if kind(g) == "speech" {
            let s = g.speaker().expect("a speech turn has a speaker");
            assert!(g.may_post(&s), "{s} may post in its turn");
            for other in living(g).iter().filter(|o| **o != s) {
                assert!(!g.may_post(other), "{other} may not post in {s}'s turn");
            }
            speakers.push(s);
        }
        g.resolve_phase();
    }
    panic!("no vote");
}

/// The speakers of the consecutive phases of `want` open now (last words, PK turns).
fn turns(g: &mut Game, want: &str) -> Vec<String> {
    let mut who = Vec::new();
    while kind(g) == want && !g.is_over() {
        who.push(g.speaker().expect("a turn has a speaker"));
        g.resolve_phase();
    }
    who
}

fn names(l: &[&str]) -> Vec<String> {
    l.iter().map(|s| s.to_string()).collect()
}

fn seat_range(from: usize, to: usize) -> Vec<String> {
    (from..=to).map(|i| format!("s{i}")).collect()
}

// ---------------------------------------------------------------------------------------------
// 4.0 无间版 (v4wujian)
// ---------------------------------------------------------------------------------------------

/// Every living seat with `null`, except the given ballots: a published round's ballots.
fn ballots(g: &Game, cast: &[(&str, &str)]) -> Value {
    let mut m = serde_json::Map::new();
    for s in living(g) {
        m.insert(s, Value::Null);
    }
    for (by, t) in cast {
        m.insert(by.to_string(), json!(t));
    }
    Value::Object(m)
}

/// R4-1: one act is night k, then day k; the day is the classic day (CL-5 speeches in seat
/// order from seat 1 when nobody is out, the CL-6 vote published whole, last words).
#[test]
fn r4_1_an_act_is_a_night_then_a_classic_day() {
    let mut g = v4();
    assert_eq!((act(&g), kind(&g)), (1, "night"));
    assert!(
        living(&g).iter().all(|s| !g.may_post(s)),
        "nobody posts at night"
    );
    let lines = g.resolve_phase();
    assert_eq!(publics(&lines), vec![peaceful("night")]);
    assert_eq!((act(&g), kind(&g)), (1, "speech"));
    assert_eq!(speakers_until_vote(&mut g), seat_range(1, 16));
    assert_eq!(g.vote_round(), Some(1));
    ok(&mut g, "s11", vote("s12"));
    ok(&mut g, "s13", json!({"type": "vote", "target": null}));
    let expected_ballots = ballots(&g, &[("s11", "s12")]);
    let lines = g.resolve_phase();
    assert_eq!(
        publics(&lines),
        vec![
            json!({"type": "votes", "round": 1, "ballots": expected_ballots}),
            voted("s12"),
        ]
    );
    assert_eq!(kind(&g), "last_words", "the first seat out");
    assert_eq!(g.speaker().as_deref(), Some("s12"));
    g.resolve_phase();
    assert_eq!((act(&g), kind(&g)), (2, "night"));
}

/// R4-1 (CL-4 with two police at setup): last words for the first two seats out only.
#[test]
fn r4_1_last_words_for_the_first_two_seats_out() {
    let mut g = v4();
    night(&mut g, &[("s4", kill("s11"))]);
    assert_eq!(kind(&g), "last_words");
    assert_eq!(g.speaker().as_deref(), Some("s11"));
    assert!(g.may_post("s11"), "the seat out posts its last words");
    assert!(!g.may_post("s12"));
    g.resolve_phase();
    vote_out(&mut g, "s12");
    assert_eq!(turns(&mut g, "last_words"), names(&["s12"]));
    assert_eq!((act(&g), kind(&g)), (2, "night"));
    night(&mut g, &[("s4", kill("s13"))]);
    assert_eq!(kind(&g), "speech", "the third seat out leaves none");
    vote_out(&mut g, "s14");
    assert_eq!((act(&g), kind(&g)), (3, "night"), "nor the fourth");
}

/// R4-1 (CL-7): a tie goes to PK speeches and a revote among the tied; a third tie puts nobody
/// out (`peaceful`) and the game goes on.
#[test]
fn r4_1_ties_go_to_pk_and_a_third_tie_puts_nobody_out() {
    let mut g = v4();
    to(&mut g, "vote");
    ok(&mut g, "s13", vote("s11"));
    ok(&mut g, "s14", vote("s12"));
    let mut lines = g.resolve_phase();
    assert_eq!(kind(&g), "pk");
    assert_eq!(g.vote_candidates(), names(&["s11", "s12"]));
    assert_eq!(turns(&mut g, "pk"), names(&["s11", "s12"]));
    assert_eq!((kind(&g), g.vote_round()), ("vote", Some(2)));
    assert_eq!(refused(&mut g, "s13", vote("s13")), "not_tied");
    lines.extend(g.resolve_phase()); // nobody votes: a tie of both
    lines.extend(to(&mut g, "vote"));
    assert_eq!(g.vote_round(), Some(3));
    ok(&mut g, "s13", vote("s11"));
    ok(&mut g, "s14", vote("s12"));
    lines.extend(g.resolve_phase());
    let p = publics(&lines);
    let kinds: Vec<&str> = p.iter().map(|e| e["type"].as_str().unwrap_or("")).collect();
    assert_eq!(
        kinds,
        ["votes", "tie", "votes", "tie", "votes", "tie", "peaceful"]
    );
    assert_eq!(p[1], tie(1, &["s11", "s12"]));
    assert_eq!(p[5], tie(3, &["s11", "s12"]));
    assert_eq!(p[6], peaceful("day"));
    assert!(!g.is_over());
    assert_eq!((act(&g), kind(&g)), (2, "night"));
    assert_eq!(living(&g).len(), 16);
}

/// R4-1: there is no self-explode and no surrender (`not_your_role`, by night and by day).
#[test]
fn r4_1_no_self_explode_and_no_surrender() {
    let mut g = v4();
    for s in ["s4", "s7", "s8", "s10", "s11"] {
        assert_eq!(
            refused(&mut g, s, json!({"type": "surrender"})),
            "not_your_role"
        );
        assert_eq!(
            refused(&mut g, s, json!({"type": "explode"})),
            "not_your_role"
        );
    }
    to(&mut g, "speech");
    assert_eq!(
        refused(&mut g, "s4", json!({"type": "explode"})),
        "not_your_role"
    );
    assert!(!g.allowed_actions("s4").contains(&"explode"));
    to(&mut g, "vote");
    assert_eq!(
        refused(&mut g, "s4", json!({"type": "explode", "round": 1})),
        "not_your_role"
    );
    assert_eq!(
        refused(&mut g, "s5", json!({"type": "surrender"})),
        "not_your_role"
    );
}

/// R4-2: at the start the three killers and the undercover learn each other (team `killers`),
/// the two police and the undercover learn each other (team `police`); nobody else learns anybody.
#[test]
fn r4_2_teammates_at_the_start() {
    let g = v4();
    let killers =
        json!({"type": "teammates", "team": "killers", "seats": ["s4", "s5", "s6", "s7"]});
    let police = json!({"type": "teammates", "team": "police", "seats": ["s7", "s8", "s9"]});
    let start = g.transcript();
    assert_eq!(
        privates(&start),
        vec![
            ("s4".to_string(), killers.clone()),
            ("s5".to_string(), killers.clone()),
            ("s6".to_string(), killers.clone()),
            ("s7".to_string(), killers),
            ("s7".to_string(), police.clone()),
            ("s8".to_string(), police.clone()),
            ("s9".to_string(), police),
        ]
    );
    assert!(
        start
            .iter()
            .all(|l| matches!(l, Line::Private { act: 1, .. })),
        "told in act 1, nothing public"
    );
    for s in ["s4", "s5", "s6", "s7"] {
        assert!(g.in_team("killers", s), "{s} sits with the killers");
    }
    for s in ["s7", "s8", "s9"] {
        assert!(g.in_team("police", s), "{s} sits with the police");
    }
    for s in ["s1", "s2", "s3", "s10", "s11"] {
        assert!(!g.in_team("killers", s) && !g.in_team("police", s), "{s}");
    }
    assert!(!g.in_team("killers", "s8") && !g.in_team("police", "s4"));
}

/// R4-2: from night 2 on the undercover no longer sits with the killers, but stays with the
/// police. (As for the classic teams, a seat out sits in no team thread.)
#[test]
fn r4_2_from_night_2_the_undercover_leaves_the_killers() {
    let mut g = v4();
    g.resolve_phase();
    assert_eq!((act(&g), kind(&g)), (1, "speech"));
    assert!(g.in_team("killers", "s7"), "day 1 is still act 1");
    vote_out(&mut g, "s5");
    to(&mut g, "night");
    assert_eq!(act(&g), 2);
    assert!(!g.in_team("killers", "s7"), "night 2: out of the killers'");
    assert!(g.in_team("police", "s7"), "still in the police's");
    assert!(g.in_team("killers", "s4") && g.in_team("killers", "s6"));
    assert!(!g.in_team("killers", "s5"), "a killer out");
    night(&mut g, &[("s4", kill("s9"))]);
    assert!(!g.in_team("police", "s9"), "an officer out");
    assert!(g.in_team("police", "s8"));
    to(&mut g, "night");
    // The undercover never kills.
    assert_eq!(refused(&mut g, "s7", kill("s11")), "not_your_role");
}

/// R4-3: each role's night action; the others have none.
#[test]
fn r4_3_each_role_has_its_night_action() {
    let g = v4();
    for (seat, action) in [
        ("s1", "hug"),
        ("s2", "silence"),
        ("s3", "save"),
        ("s4", "kill"),
        ("s5", "kill"),
        ("s6", "kill"),
        ("s7", "check"),
        ("s8", "check"),
        ("s9", "check"),
        ("s10", "secret_kill"),
    ] {
        let allowed = g.allowed_actions(seat);
        assert!(allowed.contains(&action), "{seat}: {allowed:?}");
    }
    for seat in ["s11", "s12", "s16"] {
        let allowed = g.allowed_actions(seat);
        assert!(
            !["kill", "check", "hug", "silence", "save", "secret_kill"]
                .iter()
                .any(|a| allowed.contains(a)),
            "a civilian: {allowed:?}"
        );
    }
    assert!(!g.allowed_actions("s7").contains(&"kill"), "the undercover");
    assert!(!g.allowed_actions("s4").contains(&"check"), "a killer");
    let mut g = v4();
    for (by, action) in [
        ("s11", kill("s12")),
        ("s11", check("s12")),
        ("s11", hug("s12")),
        ("s11", silence("s12")),
        ("s11", save("s12")),
        ("s11", secret_kill("s12")),
        ("s7", kill("s12")),
        ("s4", check("s12")),
        ("s8", secret_kill("s12")),
        ("s10", kill("s12")),
        ("s3", hug("s12")),
        ("s1", save("s12")),
        ("s2", kill("s12")),
    ] {
        assert_eq!(
            refused(&mut g, by, action.clone()),
            "not_your_role",
            "{by} {action}"
        );
    }
}

/// R4-3 and the spec: every night action replies `<type>_recorded`, a ballot `vote_recorded`.
#[test]
fn r4_3_replies_name_the_action_recorded() {
    let mut g = v4();
    for (by, action, want) in [
        ("s1", hug("s12"), "hug_recorded"),
        ("s2", silence("s13"), "silence_recorded"),
        ("s3", save("s14"), "save_recorded"),
        ("s4", kill("s15"), "kill_recorded"),
        ("s7", check("s16"), "check_recorded"),
        ("s8", check("s16"), "check_recorded"),
        ("s10", secret_kill("s11"), "secret_kill_recorded"),
    ] {
        assert_eq!(reply(&mut g, by, action), want);
    }
    g.resolve_phase();
    to(&mut g, "vote");
    assert_eq!(reply(&mut g, "s5", vote("s6")), "vote_recorded");
}

/// R4-3: who may name whom — the butterfly hugs another seat, the secret police shoots another
/// seat; the elder may silence itself, the doctor save itself; the killers may name a teammate,
/// the police team may check a teammate (seed: 也可以指向自己的伙伴).
#[test]
fn r4_3_self_targets() {
    let mut g = v4();
    assert_eq!(refused(&mut g, "s1", hug("s1")), "self_target");
    assert_eq!(refused(&mut g, "s10", secret_kill("s10")), "self_target");
    ok(&mut g, "s2", silence("s2"));
    ok(&mut g, "s3", save("s3"));
    ok(&mut g, "s4", kill("s5"));
    ok(&mut g, "s8", check("s9"));
    let lines = g.resolve_phase();
    assert_eq!(publics(&lines), vec![out("s5")]);
    assert_eq!(told_to(&lines, "silenced"), names(&["s2"]));
}

/// R4-3 (CL-2 majority): the police team's check is the seat most named by its three members,
/// the undercover included; the result (`killer` for a killer or the undercover) goes to all
/// three, in seat order.
#[test]
fn r4_3_the_police_teams_check_by_majority_told_to_all_three() {
    let mut g = v4();
    ok(&mut g, "s8", check("s11"));
    ok(&mut g, "s9", check("s4"));
    ok(&mut g, "s7", check("s4"));
    let lines = g.resolve_phase();
    let r = check_result("s4", "killer");
    assert_eq!(
        told(&lines, "check_result"),
        vec![
            (1, "s7".to_string(), r.clone()),
            (1, "s8".to_string(), r.clone()),
            (1, "s9".to_string(), r)
        ]
    );
    // The undercover checks as `killer`; the secret police and the others as `not_killer`.
    for (target, result) in [
        ("s7", "killer"),
        ("s6", "killer"),
        ("s10", "not_killer"),
        ("s1", "not_killer"),
        ("s9", "not_killer"),
        ("s12", "not_killer"),
    ] {
        let mut g = v4();
        let lines = night(&mut g, &[("s8", check(target))]);
        assert_eq!(
            told(&lines, "check_result")
                .into_iter()
                .map(|(_, to, e)| (to, e))
                .collect::<Vec<_>>(),
            ["s7", "s8", "s9"]
                .iter()
                .map(|s| (s.to_string(), check_result(target, result)))
                .collect::<Vec<_>>(),
            "{target}"
        );
    }
    // The undercover's check alone is the team's check.
    let mut g = v4();
    let lines = night(&mut g, &[("s7", check("s13"))]);
    assert_eq!(told_to(&lines, "check_result"), names(&["s7", "s8", "s9"]));
    // No check, no result.
    let mut g = v4();
    assert!(told(&g.resolve_phase(), "check_result").is_empty());
}

/// R4-4 (1): a kill (either one) on the hugged seat is void.
#[test]
fn r4_4_a_hug_voids_a_kill_on_the_hugged_seat() {
    let mut g = v4();
    let lines = night(&mut g, &[("s1", hug("s11")), ("s4", kill("s11"))]);
    assert_eq!(publics(&lines), vec![peaceful("night")]);
    let mut g = v4();
    let lines = night(&mut g, &[("s1", hug("s11")), ("s10", secret_kill("s11"))]);
    assert_eq!(publics(&lines), vec![peaceful("night")]);
    // Hugging another seat protects nobody else.
    let mut g = v4();
    let lines = night(&mut g, &[("s1", hug("s12")), ("s4", kill("s11"))]);
    assert_eq!(publics(&lines), vec![out("s11")]);
}

/// R4-4 (1): a kill on the butterfly kills the butterfly and the hugged seat — the killers'
/// kill and the secret police's alike, the secret police himself when he shoots the butterfly
/// hugging him.
#[test]
fn r4_4_a_kill_on_the_butterfly_kills_it_and_the_hugged_seat() {
    let mut g = v4();
    let lines = night(&mut g, &[("s1", hug("s11")), ("s4", kill("s1"))]);
    assert_eq!(publics(&lines), vec![out("s1"), out("s11")]);
    let mut g = v4();
    let lines = night(&mut g, &[("s1", hug("s12")), ("s10", secret_kill("s1"))]);
    assert_eq!(publics(&lines), vec![out("s1"), out("s12")]);
    let mut g = v4();
    let lines = night(&mut g, &[("s1", hug("s10")), ("s10", secret_kill("s1"))]);
    assert_eq!(publics(&lines), vec![out("s1"), out("s10")]);
    // A butterfly that hugs nobody dies alone.
    let mut g = v4();
    let lines = night(&mut g, &[("s4", kill("s1"))]);
    assert_eq!(publics(&lines), vec![out("s1")]);
}

/// R4-4 (1): the killers' kill is void when the hugged seat is a killer — not when it is the
/// undercover, and the secret police's kill is not voided by it.
#[test]
fn r4_4_a_hugged_killer_voids_the_killers_kill_not_a_hugged_undercover() {
    for hugged in ["s4", "s5", "s6"] {
        let mut g = v4();
        let lines = night(&mut g, &[("s1", hug(hugged)), ("s4", kill("s11"))]);
        assert_eq!(publics(&lines), vec![peaceful("night")], "{hugged}");
    }
    let mut g = v4();
    let lines = night(&mut g, &[("s1", hug("s7")), ("s4", kill("s11"))]);
    assert_eq!(publics(&lines), vec![out("s11")]);
    let mut g = v4();
    let lines = night(
        &mut g,
        &[
            ("s1", hug("s5")),
            ("s4", kill("s11")),
            ("s10", secret_kill("s12")),
        ],
    );
    assert_eq!(publics(&lines), vec![out("s12")]);
}

/// R4-4 (1) and the announcement: both kills land; deaths of one step in seat order.
#[test]
fn r4_4_both_kills_land_in_seat_order() {
    let mut g = v4();
    let lines = night(&mut g, &[("s4", kill("s13")), ("s10", secret_kill("s12"))]);
    assert_eq!(publics(&lines), vec![out("s12"), out("s13")]);
    // Both on one seat: one death.
    let mut g = v4();
    let lines = night(&mut g, &[("s4", kill("s13")), ("s10", secret_kill("s13"))]);
    assert_eq!(publics(&lines), vec![out("s13")]);
}

/// R4-4 (2): the doctor's save stops the killers' kill, not the secret police's.
#[test]
fn r4_4_the_doctor_saves_from_the_killers_kill_only() {
    let mut g = v4();
    let lines = night(&mut g, &[("s4", kill("s11")), ("s3", save("s11"))]);
    assert_eq!(publics(&lines), vec![peaceful("night")]);
    let mut g = v4();
    let lines = night(&mut g, &[("s10", secret_kill("s11")), ("s3", save("s11"))]);
    assert_eq!(publics(&lines), vec![out("s11")]);
    // The doctor may save himself.
    let mut g = v4();
    let lines = night(&mut g, &[("s4", kill("s3")), ("s3", save("s3"))]);
    assert_eq!(publics(&lines), vec![peaceful("night")]);
}

/// R4-4 (2): saving the butterfly from the killers' kill spares the hugged seat too; against
/// the secret kill the save does nothing, both die.
#[test]
fn r4_4_saving_the_butterfly_spares_the_hugged_seat() {
    let mut g = v4();
    let lines = night(
        &mut g,
        &[("s1", hug("s12")), ("s4", kill("s1")), ("s3", save("s1"))],
    );
    assert_eq!(publics(&lines), vec![peaceful("night")]);
    let mut g = v4();
    let lines = night(
        &mut g,
        &[
            ("s1", hug("s12")),
            ("s10", secret_kill("s1")),
            ("s3", save("s1")),
        ],
    );
    assert_eq!(publics(&lines), vec![out("s1"), out("s12")]);
}

/// R4-4 (3): the secret police cannot die from the killers' kill until he has used his own, and
/// is still immune on the night he uses it; afterwards he can.
#[test]
fn r4_4_the_secret_police_is_immune_to_the_killers_until_his_kill_is_used() {
    let mut g = v4();
    let lines = night(&mut g, &[("s4", kill("s10"))]);
    assert_eq!(publics(&lines), vec![peaceful("night")]);
    quiet_day(&mut g);
    let lines = night(&mut g, &[("s4", kill("s10")), ("s10", secret_kill("s12"))]);
    assert_eq!(publics(&lines), vec![out("s12")], "immune on that night");
    to(&mut g, "night");
    let lines = night(&mut g, &[("s4", kill("s10"))]);
    assert_eq!(publics(&lines), vec![out("s10")]);
}

/// R4-4 (3): a secret kill may be replaced until the night ends; it is spent when the night
/// resolves with it, and a second one is refused `already_used`.
#[test]
fn r4_4_the_secret_kill_is_once_per_game() {
    let mut g = v4();
    ok(&mut g, "s10", secret_kill("s12"));
    ok(&mut g, "s10", secret_kill("s13"));
    assert_eq!(publics(&g.resolve_phase()), vec![out("s13")]);
    to(&mut g, "night");
    assert!(!g.allowed_actions("s10").contains(&"secret_kill"));
    assert_eq!(refused(&mut g, "s10", secret_kill("s14")), "already_used");
    // Not spent while the nights resolve without it.
    let mut g = v4();
    g.resolve_phase();
    quiet_day(&mut g);
    assert!(g.allowed_actions("s10").contains(&"secret_kill"));
    let lines = night(&mut g, &[("s10", secret_kill("s14"))]);
    assert_eq!(publics(&lines), vec![out("s14")]);
}

/// R4-4 (3), (5): using the secret kill spends it even when it turns out void — and with it
/// the immunity.
#[test]
fn r4_4_a_void_secret_kill_is_spent_too() {
    let mut g = v4();
    let lines = night(&mut g, &[("s1", hug("s12")), ("s10", secret_kill("s12"))]);
    assert_eq!(publics(&lines), vec![peaceful("night")]);
    quiet_day(&mut g);
    assert_eq!(refused(&mut g, "s10", secret_kill("s13")), "already_used");
    let lines = night(&mut g, &[("s4", kill("s10"))]);
    assert_eq!(publics(&lines), vec![out("s10")], "no longer immune");
}

/// R4-4 (3): night actions may be replaced until the night ends; the last counts.
#[test]
fn r4_4_night_actions_may_be_replaced() {
    let mut g = v4();
    ok(&mut g, "s1", hug("s11"));
    ok(&mut g, "s1", hug("s12"));
    ok(&mut g, "s4", kill("s12"));
    ok(&mut g, "s4", kill("s11"));
    ok(&mut g, "s3", save("s11"));
    ok(&mut g, "s3", save("s13"));
    ok(&mut g, "s2", silence("s14"));
    ok(&mut g, "s2", silence("s15"));
    let lines = g.resolve_phase();
    assert_eq!(publics(&lines), vec![out("s11")]);
    assert_eq!(told_to(&lines, "silenced"), names(&["s15"]));
}

/// R4-4 (4): a seat saved two nights running that was not attacked on either night dies at the
/// second night's end (after the kills of step 1 in the announcement).
#[test]
fn r4_4_the_doctors_overdose() {
    let mut g = v4();
    let lines = night(&mut g, &[("s3", save("s11"))]);
    assert_eq!(publics(&lines), vec![peaceful("night")]);
    quiet_day(&mut g);
    let lines = night(&mut g, &[("s3", save("s11")), ("s4", kill("s12"))]);
    assert_eq!(
        publics(&lines),
        vec![out("s12"), out("s11")],
        "steps 1, then 4"
    );
    // The doctor's own seat too.
    let mut g = v4();
    night(&mut g, &[("s3", save("s3"))]);
    quiet_day(&mut g);
    assert_eq!(
        publics(&night(&mut g, &[("s3", save("s3"))])),
        vec![out("s3")]
    );
    // Not running: saved on nights 1 and 3.
    let mut g = v4();
    night(&mut g, &[("s3", save("s11"))]);
    quiet_day(&mut g);
    night(&mut g, &[("s3", save("s12"))]);
    quiet_day(&mut g);
    let lines = night(&mut g, &[("s3", save("s11"))]);
    assert_eq!(publics(&lines), vec![peaceful("night")]);
}

/// R4-4 (4): a seat attacked on either of the two nights does not die of the saves.
#[test]
fn r4_4_no_overdose_for_a_seat_attacked_on_either_night() {
    // Attacked on the first night (and saved).
    let mut g = v4();
    let lines = night(&mut g, &[("s3", save("s11")), ("s4", kill("s11"))]);
    assert_eq!(publics(&lines), vec![peaceful("night")]);
    quiet_day(&mut g);
    let lines = night(&mut g, &[("s3", save("s11"))]);
    assert_eq!(publics(&lines), vec![peaceful("night")]);
    // Attacked on the second night (and saved).
    let mut g = v4();
    night(&mut g, &[("s3", save("s11"))]);
    quiet_day(&mut g);
    let lines = night(&mut g, &[("s3", save("s11")), ("s4", kill("s11"))]);
    assert_eq!(publics(&lines), vec![peaceful("night")]);
}

/// R4-4 (4), second edition: a void kill still counts as an attack — on the hugged seat (the
/// killers' kill or the secret one), or reaching the hugged seat through the butterfly.
#[test]
fn r4_4_void_kills_count_as_attacks_for_the_overdose() {
    // The killers' kill on the hugged seat.
    let mut g = v4();
    let lines = night(
        &mut g,
        &[("s1", hug("s11")), ("s4", kill("s11")), ("s3", save("s11"))],
    );
    assert_eq!(publics(&lines), vec![peaceful("night")]);
    quiet_day(&mut g);
    let lines = night(&mut g, &[("s3", save("s11"))]);
    assert_eq!(
        publics(&lines),
        vec![peaceful("night")],
        "attacked on night 1"
    );
    // The secret kill on the hugged seat.
    let mut g = v4();
    night(
        &mut g,
        &[
            ("s1", hug("s11")),
            ("s10", secret_kill("s11")),
            ("s3", save("s11")),
        ],
    );
    quiet_day(&mut g);
    let lines = night(&mut g, &[("s3", save("s11"))]);
    assert_eq!(publics(&lines), vec![peaceful("night")]);
    // Reached through the butterfly: the killers kill the butterfly hugging s11, the doctor
    // saves s11 (the butterfly dies); saved again on night 2, s11 was attacked on night 1.
    let mut g = v4();
    let lines = night(
        &mut g,
        &[("s1", hug("s11")), ("s4", kill("s1")), ("s3", save("s11"))],
    );
    assert_eq!(publics(&lines), vec![out("s1")]);
    quiet_day(&mut g);
    let lines = night(&mut g, &[("s3", save("s11"))]);
    assert_eq!(
        publics(&lines),
        vec![peaceful("night")],
        "reached through the butterfly"
    );
    // A killers' kill void because the hugged seat is a killer still attacks its victim.
    let mut g = v4();
    let lines = night(
        &mut g,
        &[("s1", hug("s4")), ("s4", kill("s12")), ("s3", save("s12"))],
    );
    assert_eq!(publics(&lines), vec![peaceful("night")]);
    quiet_day(&mut g);
    let lines = night(&mut g, &[("s3", save("s12"))]);
    assert_eq!(publics(&lines), vec![peaceful("night")]);
}

/// R4-4 (5): the check result goes to the members of the police team alive after the night.
#[test]
fn r4_4_the_check_result_goes_to_the_police_team_alive_after_the_night() {
    let mut g = v4();
    let lines = night(&mut g, &[("s9", check("s5")), ("s4", kill("s9"))]);
    assert_eq!(publics(&lines), vec![out("s9")]);
    let r = check_result("s5", "killer");
    assert_eq!(
        told(&lines, "check_result"),
        vec![(1, "s7".to_string(), r.clone()), (1, "s8".to_string(), r)]
    );
    // The butterfly's death takes the hugged officer with it: he is not told either.
    let mut g = v4();
    let lines = night(
        &mut g,
        &[
            ("s8", check("s4")),
            ("s1", hug("s8")),
            ("s10", secret_kill("s1")),
        ],
    );
    assert_eq!(publics(&lines), vec![out("s1"), out("s8")]);
    assert_eq!(told_to(&lines, "check_result"), names(&["s7", "s9"]));
    // From act 2 the undercover is still told.
    let mut g = v4();
    g.resolve_phase();
    quiet_day(&mut g);
    let lines = night(&mut g, &[("s8", check("s11"))]);
    assert_eq!(told_to(&lines, "check_result"), names(&["s7", "s8", "s9"]));
}

/// R4-4 (5), R4-5: the silenced seat is told (`silenced`) — only if it is alive at dawn.
#[test]
fn r4_4_silence_is_told_to_a_seat_alive_at_dawn() {
    let mut g = v4();
    let lines = night(&mut g, &[("s2", silence("s11"))]);
    assert_eq!(
        told(&lines, "silenced"),
        vec![(1, "s11".to_string(), json!({"type": "silenced"}))]
    );
    let mut g = v4();
    let lines = night(&mut g, &[("s2", silence("s11")), ("s4", kill("s11"))]);
    assert!(told(&lines, "silenced").is_empty());
    assert_eq!(publics(&lines), vec![out("s11")]);
}

/// R4-5: a silenced seat may not post or speak the next day (no speech turn); it still votes;
/// the day after it speaks again.
#[test]
fn r4_5_a_silenced_seat_has_no_voice_for_a_day_but_votes() {
    let mut g = v4();
    night(&mut g, &[("s2", silence("s11"))]);
    assert!(!g.may_post("s11"));
    let speakers = speakers_until_vote(&mut g);
    let mut want = seat_range(1, 16);
    want.retain(|s| s != "s11");
    assert_eq!(speakers, want);
    assert!(!g.may_post("s11"), "nor in the vote");
    ok(&mut g, "s11", vote("s12"));
    let p = publics(&g.resolve_phase());
    assert_eq!(p[1], voted("s12"), "the silenced seat's vote counts");
    g.resolve_phase(); // s12's last words
    g.resolve_phase(); // a peaceful night 2
    let speakers = speakers_until_vote(&mut g);
    assert!(speakers.contains(&"s11".to_string()), "{speakers:?}");
    // The elder may silence itself.
    let mut g = v4();
    night(&mut g, &[("s2", silence("s2"))]);
    assert!(!speakers_until_vote(&mut g).contains(&"s2".to_string()));
}

/// R4-6: good wins when all the killers and the undercover are out (here after a day).
#[test]
fn r4_6_good_wins_when_the_killers_and_the_undercover_are_out() {
    let mut g = v4();
    let lines = night(&mut g, &[("s4", kill("s4")), ("s10", secret_kill("s5"))]);
    assert_eq!(publics(&lines), vec![out("s4"), out("s5")]);
    vote_out(&mut g, "s6");
    assert!(!g.is_over(), "the undercover lives");
    to(&mut g, "night");
    assert_eq!(publics(&g.resolve_phase()), vec![peaceful("night")]);
    let p = publics(&vote_out(&mut g, "s7"));
    assert_eq!(&p[1..], [voted("s7"), game_over("good")]);
    assert_eq!(g.outcome(), Some("good"));
}

/// R4-6: bad wins when the two police and the secret police are all out.
#[test]
fn r4_6_bad_wins_when_the_police_and_the_secret_police_are_out() {
    let mut g = v4();
    night(&mut g, &[("s4", kill("s8")), ("s10", secret_kill("s9"))]);
    assert!(!g.is_over());
    let p = publics(&vote_out(&mut g, "s10"));
    assert_eq!(&p[1..], [voted("s10"), game_over("bad")]);
    assert_eq!(g.outcome(), Some("bad"));
}

/// R4-6: bad wins when all six civilians are out (checked after the night).
#[test]
fn r4_6_bad_wins_when_all_civilians_are_out() {
    let mut g = v4();
    night(&mut g, &[("s4", kill("s11")), ("s10", secret_kill("s12"))]);
    vote_out(&mut g, "s13");
    to(&mut g, "night");
    night(&mut g, &[("s4", kill("s14"))]);
    vote_out(&mut g, "s15");
    assert!(!g.is_over());
    to(&mut g, "night");
    let lines = night(&mut g, &[("s4", kill("s16"))]);
    assert_eq!(publics(&lines), vec![out("s16"), game_over("bad")]);
}

/// R4-6: bad wins when living bad ≥ living good (4 against 4; a civilian and the secret police
/// still in).
#[test]
fn r4_6_bad_wins_when_living_bad_reach_living_good() {
    let mut g = v4();
    night(&mut g, &[("s4", kill("s1")), ("s10", secret_kill("s2"))]);
    vote_out(&mut g, "s3");
    to(&mut g, "night");
    night(&mut g, &[("s4", kill("s8"))]);
    vote_out(&mut g, "s9");
    to(&mut g, "night");
    night(&mut g, &[("s4", kill("s11"))]);
    vote_out(&mut g, "s12");
    assert!(!g.is_over(), "5 good against 4 bad");
    to(&mut g, "night");
    let lines = night(&mut g, &[("s4", kill("s13"))]);
    assert_eq!(publics(&lines), vec![out("s13"), game_over("bad")]);
}

/// R4-6: both sides' conditions at once: a draw. Night 4: the last killer kills himself while
/// the butterfly hugs the last of the police side, the secret police, who shoots it (R4-4 (1)):
/// the last bad and the last police go out together.
#[test]
fn r4_6_both_at_once_is_a_draw() {
    let mut g = v4();
    night(&mut g, &[("s4", kill("s8"))]);
    vote_out(&mut g, "s9");
    to(&mut g, "night");
    night(&mut g, &[("s4", kill("s6"))]);
    vote_out(&mut g, "s5");
    to(&mut g, "night");
    night(&mut g, &[("s4", kill("s7"))]);
    quiet_day(&mut g);
    assert!(!g.is_over());
    let lines = night(
        &mut g,
        &[
            ("s4", kill("s4")),
            ("s1", hug("s10")),
            ("s10", secret_kill("s1")),
        ],
    );
    assert_eq!(
        publics(&lines),
        vec![out("s1"), out("s4"), out("s10"), game_over("draw")]
    );
    assert_eq!(g.outcome(), Some("draw"));
}

/// The spec's refusal order for v4: `unknown_seat`, `game_over`, `out`, `not_your_role`,
/// `not_now`, `bad_target`, `self_target`, `not_tied`, `already_used`.
#[test]
fn v4_refusals_come_in_the_specs_order() {
    let mut g = v4();
    assert_eq!(refused(&mut g, "ghost", kill("s11")), "unknown_seat");
    // bad_target: unknown, null (not a vote).
    assert_eq!(refused(&mut g, "s4", kill("nobody")), "bad_target");
    for (by, t) in [
        ("s4", "kill"),
        ("s1", "hug"),
        ("s2", "silence"),
        ("s3", "save"),
        ("s8", "check"),
        ("s10", "secret_kill"),
    ] {
        assert_eq!(
            refused(&mut g, by, json!({"type": t, "target": null})),
            "bad_target",
            "{t} null"
        );
    }
    assert_eq!(
        refused(&mut g, "s11", vote("s12")),
        "not_now",
        "a vote at night"
    );
    ok(&mut g, "s4", kill("s11"));
    ok(&mut g, "s10", secret_kill("s12"));
    g.resolve_phase();
    // out before not_your_role; a seat out is a bad target.
    assert_eq!(refused(&mut g, "s11", kill("s13")), "out");
    to(&mut g, "speech");
    // not_your_role before not_now before bad_target.
    assert_eq!(refused(&mut g, "s13", kill("nobody")), "not_your_role");
    assert_eq!(refused(&mut g, "s4", kill("nobody")), "not_now");
    to(&mut g, "vote");
    assert_eq!(refused(&mut g, "s13", vote("s11")), "bad_target");
    ok(&mut g, "s13", json!({"type": "vote", "target": null}));
    ok(&mut g, "s13", vote("s14"));
    ok(&mut g, "s15", vote("s16"));
    g.resolve_phase();
    to(&mut g, "vote");
    // bad_target before not_tied.
    assert_eq!(refused(&mut g, "s13", vote("nobody")), "bad_target");
    assert_eq!(refused(&mut g, "s13", vote("s13")), "not_tied");
    ok(&mut g, "s13", vote("s14"));
    g.resolve_phase();
    to(&mut g, "night");
    assert!(!is_alive(&g, "s14"));
    // bad_target, then self_target, then already_used.
    assert_eq!(refused(&mut g, "s10", secret_kill("s11")), "bad_target");
    assert_eq!(refused(&mut g, "s10", secret_kill("s10")), "self_target");
    assert_eq!(refused(&mut g, "s10", secret_kill("s13")), "already_used");
    assert_eq!(refused(&mut g, "s4", kill("s14")), "bad_target", "out");
    // game_over before out; unknown_seat before game_over.
    let mut g = v4();
    night(&mut g, &[("s4", kill("s8")), ("s10", secret_kill("s9"))]);
    vote_out(&mut g, "s10");
    assert_eq!(g.outcome(), Some("bad"));
    assert_eq!(refused(&mut g, "ghost", kill("s11")), "unknown_seat");
    assert_eq!(refused(&mut g, "s8", check("s4")), "game_over");
    assert_eq!(refused(&mut g, "s4", kill("s11")), "game_over");
}

/// The spec: other games' action types are `not_your_role` in v4, by night and by day.
#[test]
fn v4_other_games_actions_are_not_your_role() {
    let mut g = v4();
    let others = [
        json!({"type": "peek", "call": "匪"}),
        json!({"type": "explode"}),
        json!({"type": "join", "target": "s5"}),
        json!({"type": "surrender"}),
        needle("s11"),
        snipe("s11"),
        magic("s11"),
        query("s11"),
        dark_vote("s11"),
    ];
    for by in ["s3", "s4", "s7", "s11"] {
        for a in &others {
            assert_eq!(refused(&mut g, by, a.clone()), "not_your_role", "{by} {a}");
        }
    }
    to(&mut g, "vote");
    for a in &others {
        assert_eq!(refused(&mut g, "s4", a.clone()), "not_your_role", "{a}");
    }
}

/// The seat views name each seat's role.
#[test]
fn v4_each_seat_sees_its_role() {
    let g = v4();
    for (seat, role) in [
        ("s1", "butterfly"),
        ("s2", "elder"),
        ("s3", "doctor"),
        ("s4", "killer"),
        ("s7", "undercover"),
        ("s8", "police"),
        ("s10", "secret_police"),
        ("s11", "civilian"),
    ] {
        let v = g.view_for(seat).expect("a seat").into_json();
        assert_eq!(v["role"], role, "{seat}: {v}");
    }
    assert!(g.view_for("ghost").is_none());
}

/// Setups that do not fit v4 are refused; the seat count is exactly 16.
#[test]
fn v4_setups_that_do_not_fit_are_refused() {
    let mut partial = v4_setup();
    partial.as_object_mut().expect("object").remove("doctor");
    let mut two_roles = v4_setup();
    two_roles["doctor"] = json!("s1");
    let mut short = v4_setup();
    short["killers"] = json!(["s4", "s5"]);
    let mut unknown = v4_setup();
    unknown["elder"] = json!("s17");
    for setup in [partial, two_roles, short, unknown] {
        assert!(
            Game::start(&config("v4wujian", 16, setup.clone())).is_err(),
            "{setup}"
        );
    }
    for n in [15, 17] {
        let cfg = GameConfig {
            setup: None,
            ..config("v4wujian", n, json!(null))
        };
        assert!(Game::start(&cfg).is_err(), "{n} seats");
    }
}

// ---------------------------------------------------------------------------------------------
// 5.0 恶民传说 (v5emin)
// ---------------------------------------------------------------------------------------------

/// R5-1: one act is night k then day k; nobody learns anybody's role at the start; each role
/// has its one night action.
#[test]
fn r5_1_each_role_has_its_night_action_and_nobody_is_told_anything() {
    let g = v5();
    assert!(
        privates(&g.transcript()).is_empty(),
        "nobody learns anybody"
    );
    assert!(publics(&g.transcript()).is_empty());
    for s in seat_range(1, 10) {
        assert!(
            !g.in_team("killers", &s) && !g.in_team("police", &s),
            "{s}: no team in v5"
        );
    }
    assert_eq!((act(&g), kind(&g)), (1, "night"));
    let all = [
        "hug",
        "snipe",
        "needle",
        "check",
        "dark_vote",
        "magic",
        "kill",
        "silence",
        "query",
    ];
    for (seat, action) in [
        ("s1", "hug"),
        ("s2", "snipe"),
        ("s3", "needle"),
        ("s4", "check"),
        ("s5", "dark_vote"),
        ("s6", "magic"),
        ("s7", "kill"),
        ("s8", "silence"),
        ("s9", "query"),
        ("s10", "dark_vote"),
    ] {
        let allowed = g.allowed_actions(seat);
        assert!(allowed.contains(&action), "{seat}: {allowed:?}");
        for other in all.iter().filter(|a| **a != action) {
            assert!(!allowed.contains(other), "{seat} {other}: {allowed:?}");
        }
    }
    let mut g = v5();
    for (by, action) in [
        ("s2", kill("s5")),
        ("s6", kill("s5")),
        ("s8", kill("s5")),
        ("s9", kill("s5")),
        ("s1", snipe("s5")),
        ("s7", magic("s5")),
        ("s5", check("s6")),
        ("s4", query("s6")),
        ("s9", silence("s5")),
        ("s3", hug("s5")),
        ("s7", dark_vote("s5")),
        ("s6", needle("s5")),
    ] {
        assert_eq!(
            refused(&mut g, by, action.clone()),
            "not_your_role",
            "{by} {action}"
        );
    }
}

/// R5-1 and the spec: every night action replies `<type>_recorded`.
#[test]
fn r5_1_replies_name_the_action_recorded() {
    let mut g = v5();
    for (by, action, want) in [
        ("s1", hug("s5"), "hug_recorded"),
        ("s2", snipe("s10"), "snipe_recorded"),
        ("s3", needle("s2"), "needle_recorded"),
        ("s4", check("s6"), "check_recorded"),
        ("s5", dark_vote("s6"), "dark_vote_recorded"),
        ("s6", magic("s4"), "magic_recorded"),
        ("s7", kill("s2"), "kill_recorded"),
        ("s8", silence("s3"), "silence_recorded"),
        ("s9", query("s7"), "query_recorded"),
        ("s10", dark_vote("s2"), "dark_vote_recorded"),
    ] {
        assert_eq!(reply(&mut g, by, action), want);
    }
    g.resolve_phase();
    to(&mut g, "vote");
    assert_eq!(reply(&mut g, "s1", vote("s1")), "vote_recorded");
}

/// R5-1: the butterfly, magician, police and wizard may not name themselves; the others may
/// (the killer, the elder, the doctor, the sniper, the civilians).
#[test]
fn r5_1_self_target_bans() {
    let mut g = v5();
    assert_eq!(refused(&mut g, "s1", hug("s1")), "self_target");
    assert_eq!(refused(&mut g, "s6", magic("s6")), "self_target");
    assert_eq!(refused(&mut g, "s4", check("s4")), "self_target");
    assert_eq!(refused(&mut g, "s9", query("s9")), "self_target");
    ok(&mut g, "s3", needle("s3"));
    ok(&mut g, "s8", silence("s8"));
    ok(&mut g, "s5", dark_vote("s5"));
    ok(&mut g, "s10", dark_vote("s10"));
    ok(&mut g, "s2", snipe("s2"));
    assert_eq!(publics(&g.resolve_phase()), vec![out("s2")]);
    let mut g = v5();
    assert_eq!(
        publics(&night(&mut g, &[("s7", kill("s7"))])),
        vec![out("s7")]
    );
}

/// R5-1 (second edition): the ban follows the role — a magician or wizard holding the kill may
/// not kill itself; an elder holding it may.
#[test]
fn r5_1_a_magician_or_wizard_holding_the_kill_may_not_kill_itself() {
    let mut g = v5();
    night(&mut g, &[("s2", snipe("s7"))]);
    to(&mut g, "night");
    assert_eq!(refused(&mut g, "s6", kill("s6")), "self_target");
    ok(&mut g, "s6", kill("s5"));
    // The elder, then the wizard.
    let mut g = v5();
    night(&mut g, &[("s2", snipe("s7")), ("s3", needle("s4"))]);
    vote_out(&mut g, "s6");
    to(&mut g, "night");
    assert!(g.allowed_actions("s8").contains(&"kill"));
    let lines = night(&mut g, &[("s8", kill("s8"))]);
    assert_eq!(publics(&lines), vec![out("s8")]);
    to(&mut g, "night");
    assert_eq!(refused(&mut g, "s9", kill("s9")), "self_target");
    ok(&mut g, "s9", kill("s5"));
}

/// R5-1: a seat may replace its action until the night ends; the last counts.
#[test]
fn r5_1_an_action_may_be_replaced_until_the_night_ends() {
    let mut g = v5();
    ok(&mut g, "s7", kill("s2"));
    ok(&mut g, "s7", kill("s3"));
    ok(&mut g, "s2", snipe("s10"));
    ok(&mut g, "s2", snipe("s5"));
    assert_eq!(publics(&g.resolve_phase()), vec![out("s3"), out("s5")]);
}

/// R5-2: the killer out at night — the magician holds the kill instead of magic and is told
/// `kill_inherited` in that act.
#[test]
fn r5_2_the_kill_passes_after_a_night_death() {
    let mut g = v5();
    let lines = night(&mut g, &[("s2", snipe("s7"))]);
    assert_eq!(publics(&lines), vec![out("s7")]);
    assert_eq!(
        told(&lines, "kill_inherited"),
        vec![(1, "s6".to_string(), json!({"type": "kill_inherited"}))]
    );
    to(&mut g, "night");
    let allowed = g.allowed_actions("s6");
    assert!(
        allowed.contains(&"kill") && !allowed.contains(&"magic"),
        "{allowed:?}"
    );
    assert_eq!(refused(&mut g, "s6", magic("s5")), "not_your_role");
    assert_eq!(refused(&mut g, "s8", kill("s5")), "not_your_role");
    assert_eq!(
        publics(&night(&mut g, &[("s6", kill("s5"))])),
        vec![out("s5")]
    );
}

/// R5-2: the killer voted out by day — the magician is told in that act, after the vote.
#[test]
fn r5_2_the_kill_passes_after_a_day_vote_out() {
    let mut g = v5();
    g.resolve_phase();
    let lines = vote_out(&mut g, "s7");
    assert_eq!(publics(&lines), vec![voted_side("s7", "bad")]);
    assert_eq!(
        told(&lines, "kill_inherited"),
        vec![(1, "s6".to_string(), json!({"type": "kill_inherited"}))]
    );
    assert_eq!(
        (act(&g), kind(&g)),
        (2, "night"),
        "a bad seat leaves no last words"
    );
    assert!(g.allowed_actions("s6").contains(&"kill"));
}

/// R5-2: the kill passes killer → magician → elder → wizard, skipping a seat already out, to
/// exactly one living bad special.
#[test]
fn r5_2_succession_skips_the_seats_out() {
    let mut g = v5();
    let lines = night(&mut g, &[("s2", snipe("s6"))]);
    assert!(
        told(&lines, "kill_inherited").is_empty(),
        "the killer still holds it"
    );
    let lines = vote_out(&mut g, "s7");
    assert_eq!(told_to(&lines, "kill_inherited"), names(&["s8"]));
    to(&mut g, "night");
    let allowed = g.allowed_actions("s8");
    assert!(
        allowed.contains(&"kill") && !allowed.contains(&"silence"),
        "{allowed:?}"
    );
    assert!(!g.allowed_actions("s9").contains(&"kill"));
    let lines = night(&mut g, &[("s8", kill("s8"))]);
    assert_eq!(told_to(&lines, "kill_inherited"), names(&["s9"]));
    to(&mut g, "night");
    let allowed = g.allowed_actions("s9");
    assert!(
        allowed.contains(&"kill") && !allowed.contains(&"query"),
        "{allowed:?}"
    );
    assert_eq!(refused(&mut g, "s9", query("s5")), "not_your_role");
}

/// R5-3 (1): the hugged seat H is immune to a kill, a shot, a silence aimed at it.
#[test]
fn r5_3_the_hugged_seat_is_immune_to_kill_shot_and_silence() {
    let mut g = v5();
    let lines = night(&mut g, &[("s1", hug("s5")), ("s7", kill("s5"))]);
    assert_eq!(publics(&lines), vec![peaceful("night")]);
    let mut g = v5();
    let lines = night(&mut g, &[("s1", hug("s5")), ("s2", snipe("s5"))]);
    assert_eq!(publics(&lines), vec![peaceful("night")]);
    let mut g = v5();
    let lines = night(&mut g, &[("s1", hug("s5")), ("s8", silence("s5"))]);
    assert!(told(&lines, "silenced").is_empty());
    assert!(speakers_until_vote(&mut g).contains(&"s5".to_string()));
    ok(&mut g, "s5", vote("s6"));
}

/// R5-3 (1): a needle on H has no effect — it is not an empty needle either.
#[test]
fn r5_3_the_hugged_seat_is_immune_to_a_needle() {
    let mut g = v5();
    night(&mut g, &[("s1", hug("s5")), ("s3", needle("s5"))]);
    quiet_day(&mut g);
    let lines = night(&mut g, &[("s3", needle("s5"))]);
    assert_eq!(
        publics(&lines),
        vec![peaceful("night")],
        "one empty needle only"
    );
    quiet_day(&mut g);
    let lines = night(&mut g, &[("s3", needle("s5"))]);
    assert_eq!(publics(&lines), vec![out("s5")], "two empty needles");
}

/// R5-3 (1): a dark vote on H has no effect on the day's count.
#[test]
fn r5_3_the_hugged_seat_is_immune_to_a_dark_vote() {
    let mut g = v5();
    night(&mut g, &[("s1", hug("s4")), ("s10", dark_vote("s4"))]);
    let lines = day_votes(&mut g, &[("s2", "s4"), ("s3", "s6")]);
    assert_eq!(publics(&lines), vec![peaceful("day")], "1 against 1");
    // Without the hug the dark vote decides.
    let mut g = v5();
    night(&mut g, &[("s10", dark_vote("s4"))]);
    let lines = day_votes(&mut g, &[("s2", "s4"), ("s3", "s6")]);
    assert_eq!(publics(&lines), vec![voted_side("s4", "good")]);
}

/// R5-3 (1), (4): a check or query on H learns nothing (`blocked`); magic on H does nothing.
#[test]
fn r5_3_the_hugged_seat_is_immune_to_check_query_and_magic() {
    let mut g = v5();
    let lines = night(
        &mut g,
        &[("s1", hug("s7")), ("s4", check("s7")), ("s9", query("s7"))],
    );
    assert_eq!(
        told(&lines, "check_result"),
        vec![(1, "s4".to_string(), check_result("s7", "blocked"))]
    );
    assert_eq!(
        told(&lines, "query_result"),
        vec![(1, "s9".to_string(), query_result("s7", "blocked"))]
    );
    let mut g = v5();
    let lines = night(
        &mut g,
        &[("s1", hug("s7")), ("s6", magic("s7")), ("s7", kill("s2"))],
    );
    assert_eq!(publics(&lines), vec![out("s2")], "the magic on H is void");
}

/// R5-3 (2): the magician's target loses its action this night, whatever it is.
#[test]
fn r5_3_magic_cancels_the_targets_action() {
    let mut g = v5();
    let lines = night(&mut g, &[("s6", magic("s7")), ("s7", kill("s2"))]);
    assert_eq!(publics(&lines), vec![peaceful("night")]);
    let mut g = v5();
    let lines = night(&mut g, &[("s6", magic("s2")), ("s2", snipe("s5"))]);
    assert_eq!(publics(&lines), vec![peaceful("night")]);
    let mut g = v5();
    let lines = night(&mut g, &[("s6", magic("s4")), ("s4", check("s7"))]);
    assert_eq!(
        told(&lines, "check_result"),
        vec![(1, "s4".to_string(), check_result("s7", "blocked"))]
    );
    let mut g = v5();
    let lines = night(
        &mut g,
        &[("s6", magic("s9")), ("s9", query("s7")), ("s7", kill("s2"))],
    );
    assert_eq!(
        told(&lines, "query_result"),
        vec![(1, "s9".to_string(), query_result("s7", "blocked"))]
    );
    assert_eq!(publics(&lines), vec![out("s2")]);
    let mut g = v5();
    let lines = night(
        &mut g,
        &[
            ("s6", magic("s3")),
            ("s3", needle("s2")),
            ("s7", kill("s2")),
        ],
    );
    assert_eq!(publics(&lines), vec![out("s2")], "the needle is gone");
    let mut g = v5();
    let lines = night(&mut g, &[("s6", magic("s8")), ("s8", silence("s4"))]);
    assert!(told(&lines, "silenced").is_empty());
    let mut g = v5();
    night(&mut g, &[("s6", magic("s10")), ("s10", dark_vote("s4"))]);
    let lines = day_votes(&mut g, &[("s2", "s4"), ("s3", "s5")]);
    assert_eq!(
        publics(&lines),
        vec![peaceful("day")],
        "the dark vote is gone"
    );
}

/// R5-3 (2): magic on the butterfly cancels the hug: H is not protected, and what lands on the
/// butterfly stays there.
#[test]
fn r5_3_magic_on_the_butterfly_cancels_the_hug() {
    let mut g = v5();
    let lines = night(
        &mut g,
        &[("s1", hug("s5")), ("s6", magic("s1")), ("s7", kill("s5"))],
    );
    assert_eq!(publics(&lines), vec![out("s5")]);
    let mut g = v5();
    let lines = night(
        &mut g,
        &[("s1", hug("s5")), ("s6", magic("s1")), ("s7", kill("s1"))],
    );
    assert_eq!(publics(&lines), vec![out("s1")]);
}

/// R5-3 (3): a kill or a shot on the butterfly lands on H too (despite H's immunity).
#[test]
fn r5_3_a_kill_or_shot_on_the_butterfly_lands_on_the_hugged_seat() {
    let mut g = v5();
    let lines = night(&mut g, &[("s1", hug("s5")), ("s7", kill("s1"))]);
    assert_eq!(publics(&lines), vec![out("s1"), out("s5")]);
    let mut g = v5();
    let lines = night(&mut g, &[("s1", hug("s5")), ("s2", snipe("s1"))]);
    assert_eq!(publics(&lines), vec![out("s1"), out("s5")]);
    // A butterfly that hugs nobody dies alone.
    let mut g = v5();
    let lines = night(&mut g, &[("s7", kill("s1"))]);
    assert_eq!(publics(&lines), vec![out("s1")]);
    // The butterfly hugging the killer who kills it: both die, the kill passes on.
    let mut g = v5();
    let lines = night(&mut g, &[("s1", hug("s7")), ("s7", kill("s1"))]);
    assert_eq!(publics(&lines), vec![out("s1"), out("s7")]);
    assert_eq!(told_to(&lines, "kill_inherited"), names(&["s6"]));
}

/// R5-3 (3): a silence on the butterfly silences H too.
#[test]
fn r5_3_a_silence_on_the_butterfly_lands_on_the_hugged_seat() {
    let mut g = v5();
    let lines = night(&mut g, &[("s1", hug("s5")), ("s8", silence("s1"))]);
    let mut silenced = told_to(&lines, "silenced");
    silenced.sort();
    assert_eq!(silenced, names(&["s1", "s5"]));
    let speakers = speakers_until_vote(&mut g);
    assert!(!speakers.contains(&"s1".to_string()) && !speakers.contains(&"s5".to_string()));
    assert_eq!(refused(&mut g, "s5", vote("s6")), "silenced");
    assert_eq!(refused(&mut g, "s1", vote("s6")), "silenced");
}

/// R5-3 (3): a dark vote on the butterfly counts on H too.
#[test]
fn r5_3_a_dark_vote_on_the_butterfly_lands_on_the_hugged_seat() {
    // s5: s3's vote and the dark vote through the butterfly, 2; s6 1; s1 1 (the dark vote).
    let mut g = v5();
    night(&mut g, &[("s1", hug("s5")), ("s10", dark_vote("s1"))]);
    let lines = day_votes(&mut g, &[("s3", "s5"), ("s4", "s6")]);
    assert_eq!(publics(&lines), vec![voted_side("s5", "good")]);
}

/// R5-3 (3), (5): a needle on the butterfly lands on H too — an empty needle for both.
#[test]
fn r5_3_a_needle_on_the_butterfly_lands_on_the_hugged_seat() {
    let mut g = v5();
    night(&mut g, &[("s1", hug("s5")), ("s3", needle("s1"))]);
    quiet_day(&mut g);
    let lines = night(&mut g, &[("s3", needle("s5"))]);
    assert_eq!(publics(&lines), vec![out("s5")], "its second empty needle");
    quiet_day(&mut g);
    let lines = night(&mut g, &[("s3", needle("s1"))]);
    assert_eq!(publics(&lines), vec![out("s1")], "the butterfly's second");
}

/// R5-3 (3): a check or a query that lands on the butterfly touches the butterfly alone (the
/// check reads the butterfly; the query learns whom the butterfly hugged).
#[test]
fn r5_3_a_check_or_query_on_the_butterfly_touches_it_alone() {
    let mut g = v5();
    let lines = night(
        &mut g,
        &[("s1", hug("s7")), ("s4", check("s1")), ("s9", query("s1"))],
    );
    assert_eq!(
        told(&lines, "check_result"),
        vec![(1, "s4".to_string(), check_result("s1", "good"))]
    );
    assert_eq!(
        told(&lines, "query_result"),
        vec![(1, "s9".to_string(), query_result("s1", "s7"))]
    );
}

/// R5-3 (4): the police learns `bad` for the four bad specials, `good` for everyone else —
/// the evil civilian too.
#[test]
fn r5_3_the_police_learns_good_or_bad() {
    for (target, result) in [
        ("s1", "good"),
        ("s2", "good"),
        ("s3", "good"),
        ("s5", "good"),
        ("s6", "bad"),
        ("s7", "bad"),
        ("s8", "bad"),
        ("s9", "bad"),
        ("s10", "good"),
    ] {
        let mut g = v5();
        let lines = night(&mut g, &[("s4", check(target))]);
        assert_eq!(
            told(&lines, "check_result"),
            vec![(1, "s4".to_string(), check_result(target, result))],
            "{target}"
        );
    }
    let mut g = v5();
    assert!(
        told(&g.resolve_phase(), "check_result").is_empty(),
        "no check"
    );
}

/// A night's submissions.
type Night<'a> = &'a [(&'a str, Value)];

/// R5-3 (4): the wizard learns the seat its target acted on, whether or not it took effect;
/// `none` if it did not act or was magicked.
#[test]
fn r5_3_the_wizard_learns_what_its_target_acted_on() {
    let cases: [(Night, &str, &str); 6] = [
        (&[("s7", kill("s2"))], "s7", "s2"),
        (&[], "s5", "none"),
        (&[("s6", magic("s7")), ("s7", kill("s2"))], "s7", "none"),
        (&[("s1", hug("s2")), ("s7", kill("s2"))], "s7", "s2"),
        (&[("s3", needle("s3"))], "s3", "s3"),
        (&[("s10", dark_vote("s4"))], "s10", "s4"),
    ];
    for (subs, target, acted_on) in cases {
        let mut g = v5();
        let mut subs = subs.to_vec();
        subs.push(("s9", query(target)));
        let lines = night(&mut g, &subs);
        assert_eq!(
            told(&lines, "query_result"),
            vec![(1, "s9".to_string(), query_result(target, acted_on))],
            "{subs:?}"
        );
    }
}

/// R5-3 (4): the answers reach a police or wizard that dies this night.
#[test]
fn r5_3_answers_reach_a_police_or_wizard_dying_this_night() {
    let mut g = v5();
    let lines = night(&mut g, &[("s4", check("s6")), ("s7", kill("s4"))]);
    assert_eq!(publics(&lines), vec![out("s4")]);
    assert_eq!(
        told(&lines, "check_result"),
        vec![(1, "s4".to_string(), check_result("s6", "bad"))]
    );
    let mut g = v5();
    let lines = night(
        &mut g,
        &[
            ("s9", query("s4")),
            ("s2", snipe("s9")),
            ("s4", check("s5")),
        ],
    );
    assert_eq!(publics(&lines), vec![out("s9")]);
    assert_eq!(
        told(&lines, "query_result"),
        vec![(1, "s9".to_string(), query_result("s4", "s5"))]
    );
}

/// R5-3 (5): a needle cancels one kill or shot on its seat; with both, the other kills.
#[test]
fn r5_3_a_needle_cancels_one_kill_or_shot() {
    let mut g = v5();
    let lines = night(&mut g, &[("s7", kill("s2")), ("s3", needle("s2"))]);
    assert_eq!(publics(&lines), vec![peaceful("night")]);
    let mut g = v5();
    let lines = night(&mut g, &[("s2", snipe("s5")), ("s3", needle("s5"))]);
    assert_eq!(publics(&lines), vec![peaceful("night")]);
    let mut g = v5();
    let lines = night(
        &mut g,
        &[
            ("s7", kill("s5")),
            ("s2", snipe("s5")),
            ("s3", needle("s5")),
        ],
    );
    assert_eq!(publics(&lines), vec![out("s5")]);
}

/// R5-3 (5): a needle on a seat not attacked is empty; two empty needles in total (not only on
/// running nights) kill; a needle that saves is not empty.
#[test]
fn r5_3_two_empty_needles_in_total_kill() {
    let mut g = v5();
    night(&mut g, &[("s3", needle("s5"))]);
    quiet_day(&mut g);
    night(&mut g, &[("s3", needle("s4"))]);
    quiet_day(&mut g);
    let lines = night(&mut g, &[("s3", needle("s5"))]);
    assert_eq!(publics(&lines), vec![out("s5")]);
    // The doctor needling herself twice (the example's doctor).
    let mut g = v5();
    night(&mut g, &[("s3", needle("s3"))]);
    quiet_day(&mut g);
    assert_eq!(
        publics(&night(&mut g, &[("s3", needle("s3"))])),
        vec![out("s3")]
    );
    // A saving needle is not empty.
    let mut g = v5();
    night(&mut g, &[("s7", kill("s5")), ("s3", needle("s5"))]);
    quiet_day(&mut g);
    let lines = night(&mut g, &[("s3", needle("s5"))]);
    assert_eq!(publics(&lines), vec![peaceful("night")], "one empty needle");
    quiet_day(&mut g);
    let lines = night(&mut g, &[("s3", needle("s5"))]);
    assert_eq!(publics(&lines), vec![out("s5")]);
}

/// R5-3 (5): a dark vote cast by a seat that dies this night still counts.
#[test]
fn r5_3_a_dark_vote_by_a_seat_dying_that_night_counts() {
    let mut g = v5();
    let lines = night(&mut g, &[("s5", dark_vote("s6")), ("s7", kill("s5"))]);
    assert_eq!(publics(&lines), vec![out("s5")]);
    let lines = day_votes(&mut g, &[("s2", "s6"), ("s3", "s4")]);
    assert_eq!(
        publics(&lines),
        vec![voted_side("s6", "bad")],
        "2 against 1"
    );
}

/// R5-3 (5): a dark vote on a seat that dies this night is dropped.
#[test]
fn r5_3_a_dark_vote_on_a_seat_dying_that_night_is_dropped() {
    let mut g = v5();
    night(&mut g, &[("s10", dark_vote("s2")), ("s7", kill("s2"))]);
    let lines = day_votes(&mut g, &[("s3", "s4")]);
    assert_eq!(
        publics(&lines),
        vec![voted_side("s4", "good")],
        "no tie with s2"
    );
    let mut g = v5();
    night(&mut g, &[("s10", dark_vote("s2")), ("s7", kill("s2"))]);
    let lines = day_votes(&mut g, &[]);
    assert_eq!(publics(&lines), vec![peaceful("day")]);
}

/// R5-3 (5): deaths are listed in seat order, whatever killed them.
#[test]
fn r5_3_deaths_in_seat_order() {
    let mut g = v5();
    let lines = night(&mut g, &[("s7", kill("s9")), ("s2", snipe("s3"))]);
    assert_eq!(publics(&lines), vec![out("s3"), out("s9")]);
    let mut g = v5();
    night(&mut g, &[("s3", needle("s10"))]);
    quiet_day(&mut g);
    let lines = night(&mut g, &[("s3", needle("s10")), ("s2", snipe("s5"))]);
    assert_eq!(publics(&lines), vec![out("s5"), out("s10")]);
}

/// R5-4: every night death leaves last words (in seat order); then every living seat speaks
/// once, in seat order from the seat after the last one that left last words.
#[test]
fn r5_4_last_words_for_every_night_death_then_speeches_from_the_next_seat() {
    let mut g = v5();
    let lines = night(&mut g, &[("s7", kill("s3")), ("s2", snipe("s6"))]);
    assert_eq!(publics(&lines), vec![out("s3"), out("s6")]);
    assert_eq!(kind(&g), "last_words");
    assert!(g.may_post("s3") && !g.may_post("s4"));
    assert_eq!(turns(&mut g, "last_words"), names(&["s3", "s6"]));
    assert_eq!(
        speakers_until_vote(&mut g),
        names(&["s7", "s8", "s9", "s10", "s1", "s2", "s4", "s5"])
    );
    // Day 1 without a death: from seat 1.
    let mut g = v5();
    g.resolve_phase();
    assert_eq!(speakers_until_vote(&mut g), seat_range(1, 10));
}

/// R5-4: the order changes every day: it starts after the last seat that left last words —
/// a bad seat voted out leaves none and does not move it; a good one does.
#[test]
fn r5_4_the_speaking_order_follows_the_last_words() {
    let mut g = v5();
    night(&mut g, &[("s7", kill("s3"))]);
    assert_eq!(turns(&mut g, "last_words"), names(&["s3"]));
    assert_eq!(speakers_until_vote(&mut g)[0], "s4");
    let lines = vote_out(&mut g, "s8");
    assert_eq!(publics(&lines), vec![voted_side("s8", "bad")]);
    assert_eq!((act(&g), kind(&g)), (2, "night"), "no last words");
    g.resolve_phase(); // a peaceful night
    assert_eq!(
        speakers_until_vote(&mut g),
        names(&["s4", "s5", "s6", "s7", "s9", "s10", "s1", "s2"])
    );
    let lines = vote_out(&mut g, "s5");
    assert_eq!(publics(&lines), vec![voted_side("s5", "good")]);
    assert_eq!(turns(&mut g, "last_words"), names(&["s5"]));
    assert_eq!((act(&g), kind(&g)), (3, "night"));
    g.resolve_phase();
    assert_eq!(
        speakers_until_vote(&mut g),
        names(&["s6", "s7", "s9", "s10", "s1", "s2", "s4"])
    );
}

/// R5-4: night deaths are announced without causes (cause `night`, nothing else).
#[test]
fn r5_4_night_deaths_are_announced_without_causes() {
    let mut g = v5();
    let lines = night(&mut g, &[("s7", kill("s2")), ("s2", snipe("s4"))]);
    assert_eq!(
        publics(&lines),
        vec![
            json!({"type": "out", "target": "s2", "cause": "night"}),
            json!({"type": "out", "target": "s4", "cause": "night"})
        ]
    );
}

/// R5-4: a silenced seat does not speak and cannot vote (`silenced`); it can be voted for, and
/// voted out it leaves no last words even when good.
#[test]
fn r5_4_a_silenced_seat_does_not_speak_or_vote() {
    let mut g = v5();
    let lines = night(&mut g, &[("s8", silence("s4"))]);
    assert_eq!(
        told(&lines, "silenced"),
        vec![(1, "s4".to_string(), json!({"type": "silenced"}))]
    );
    assert!(!g.may_post("s4"));
    let mut want = seat_range(1, 10);
    want.retain(|s| s != "s4");
    assert_eq!(speakers_until_vote(&mut g), want);
    assert!(!g.allowed_actions("s4").contains(&"vote"));
    assert_eq!(refused(&mut g, "s4", vote("s6")), "silenced");
    let lines = vote_out(&mut g, "s4");
    assert_eq!(publics(&lines), vec![voted_side("s4", "good")]);
    assert_eq!((act(&g), kind(&g)), (2, "night"), "no last words");
    // The next day it speaks and votes again.
    let mut g = v5();
    night(&mut g, &[("s8", silence("s4"))]);
    quiet_day(&mut g);
    g.resolve_phase();
    assert!(speakers_until_vote(&mut g).contains(&"s4".to_string()));
    ok(&mut g, "s4", vote("s6"));
}

/// The spec: `silenced` is told only to a seat alive at dawn.
#[test]
fn r5_4_silenced_is_told_only_to_a_seat_alive_at_dawn() {
    let mut g = v5();
    let lines = night(&mut g, &[("s8", silence("s2")), ("s7", kill("s2"))]);
    assert!(told(&lines, "silenced").is_empty());
}

/// R5-4: the night's dark votes are added unseen to the day's count; the single top seat is
/// out; v5 publishes neither `votes` nor `tie`.
#[test]
fn r5_4_dark_votes_are_added_unseen_and_the_top_seat_is_out() {
    let mut g = v5();
    night(&mut g, &[("s5", dark_vote("s7"))]);
    let lines = day_votes(&mut g, &[("s1", "s7"), ("s2", "s6")]);
    assert_eq!(publics(&lines), vec![voted_side("s7", "bad")]);
    // A dark vote making a tie: nobody out.
    let mut g = v5();
    night(&mut g, &[("s10", dark_vote("s6"))]);
    let lines = day_votes(&mut g, &[("s1", "s7"), ("s2", "s7"), ("s3", "s6")]);
    assert_eq!(publics(&lines), vec![peaceful("day")]);
    assert_eq!((act(&g), kind(&g)), (2, "night"));
    assert_eq!(living(&g).len(), 10);
}

/// R5-4: a tie at the top puts nobody out (`peaceful`), as does a day without ballots; a
/// missing ballot counts for nobody; a seat may vote for itself.
#[test]
fn r5_4_a_tie_puts_nobody_out() {
    let mut g = v5();
    g.resolve_phase();
    let lines = day_votes(&mut g, &[("s1", "s7"), ("s2", "s6")]);
    assert_eq!(publics(&lines), vec![peaceful("day")]);
    let mut g = v5();
    g.resolve_phase();
    assert_eq!(publics(&day_votes(&mut g, &[])), vec![peaceful("day")]);
    let mut g = v5();
    g.resolve_phase();
    let lines = day_votes(&mut g, &[("s9", "s9"), ("s9", "s2"), ("s1", "s2")]);
    assert_eq!(
        publics(&lines),
        vec![voted_side("s2", "good")],
        "the last ballot counts"
    );
}

/// R5-4: the post says whether the seat out is good or bad — the evil civilian counts as good.
#[test]
fn r5_4_out_names_the_side() {
    for (seat, side) in [
        ("s1", "good"),
        ("s3", "good"),
        ("s5", "good"),
        ("s6", "bad"),
        ("s8", "bad"),
        ("s9", "bad"),
        ("s10", "good"),
    ] {
        let mut g = v5();
        g.resolve_phase();
        let lines = vote_out(&mut g, seat);
        assert_eq!(publics(&lines), vec![voted_side(seat, side)], "{seat}");
    }
}

/// R5-4: a good seat voted out leaves last words; a bad one does not.
#[test]
fn r5_4_last_words_for_a_good_seat_voted_out_only() {
    let mut g = v5();
    g.resolve_phase();
    vote_out(&mut g, "s2");
    assert_eq!(kind(&g), "last_words");
    assert_eq!(turns(&mut g, "last_words"), names(&["s2"]));
    assert_eq!((act(&g), kind(&g)), (2, "night"));
    let mut g = v5();
    g.resolve_phase();
    vote_out(&mut g, "s9");
    assert_eq!((act(&g), kind(&g)), (2, "night"));
}

/// The spec: a v5 day has one vote round; a vote for round 2 or 3 is `not_now`.
#[test]
fn r5_4_one_vote_round_only() {
    let mut g = v5();
    g.resolve_phase();
    to(&mut g, "vote");
    for round in [2, 3] {
        assert_eq!(
            refused(
                &mut g,
                "s1",
                json!({"type": "vote", "target": "s2", "round": round})
            ),
            "not_now"
        );
    }
    ok(
        &mut g,
        "s1",
        json!({"type": "vote", "target": "s2", "round": 1}),
    );
    ok(&mut g, "s1", json!({"type": "vote", "target": null}));
}

/// R5-5: all four bad specials out → good wins (the evil civilian still in: civilians do not
/// count); the last out hands the kill to nobody.
#[test]
fn r5_5_good_wins_when_the_bad_specials_are_out() {
    let mut g = v5();
    night(&mut g, &[("s2", snipe("s7"))]);
    vote_out(&mut g, "s6");
    to(&mut g, "night");
    let lines = night(&mut g, &[("s2", snipe("s8"))]);
    assert_eq!(told_to(&lines, "kill_inherited"), names(&["s9"]));
    assert!(!g.is_over());
    let lines = vote_out(&mut g, "s9");
    assert_eq!(
        publics(&lines),
        vec![voted_side("s9", "bad"), game_over("good")]
    );
    assert!(told(&lines, "kill_inherited").is_empty());
    assert!(is_alive(&g, "s10"));
    assert_eq!(g.outcome(), Some("good"));
}

/// R5-5: all four good specials out → bad wins (checked after the night; the good civilian
/// out before does not end it).
#[test]
fn r5_5_bad_wins_when_the_good_specials_are_out() {
    let mut g = v5();
    night(&mut g, &[("s7", kill("s1"))]);
    vote_out(&mut g, "s2");
    to(&mut g, "night");
    night(&mut g, &[("s7", kill("s3"))]);
    vote_out(&mut g, "s5");
    assert!(!g.is_over(), "civilians do not count");
    to(&mut g, "night");
    let lines = night(&mut g, &[("s7", kill("s4"))]);
    assert_eq!(publics(&lines), vec![out("s4"), game_over("bad")]);
    assert_eq!(g.outcome(), Some("bad"));
    // And after a day.
    let mut g = v5();
    night(&mut g, &[("s7", kill("s1"))]);
    vote_out(&mut g, "s2");
    to(&mut g, "night");
    night(&mut g, &[("s7", kill("s3"))]);
    let lines = vote_out(&mut g, "s4");
    assert_eq!(
        publics(&lines),
        vec![voted_side("s4", "good"), game_over("bad")]
    );
}

/// R5-5: both sides' specials out together → draw (the sniper and the killer shoot each other
/// on night 3).
#[test]
fn r5_5_both_sides_specials_out_together_is_a_draw() {
    let mut g = v5();
    night(&mut g, &[("s7", kill("s1")), ("s2", snipe("s6"))]);
    vote_out(&mut g, "s8");
    to(&mut g, "night");
    night(&mut g, &[("s7", kill("s3")), ("s2", snipe("s9"))]);
    vote_out(&mut g, "s4");
    assert!(!g.is_over());
    to(&mut g, "night");
    let lines = night(&mut g, &[("s7", kill("s2")), ("s2", snipe("s7"))]);
    assert_eq!(
        publics(&lines),
        vec![out("s2"), out("s7"), game_over("draw")]
    );
    assert_eq!(g.outcome(), Some("draw"));
    assert!(told(&lines, "kill_inherited").is_empty());
}

/// The spec's refusal order for v5: `unknown_seat`, `game_over`, `out`, `not_your_role`,
/// `not_now`, `bad_target`, `self_target`, `silenced`; `null` is a target for a vote only.
#[test]
fn v5_refusals_come_in_the_specs_order() {
    let mut g = v5();
    assert_eq!(refused(&mut g, "ghost", kill("s2")), "unknown_seat");
    for (by, t) in [
        ("s1", "hug"),
        ("s2", "snipe"),
        ("s3", "needle"),
        ("s4", "check"),
        ("s5", "dark_vote"),
        ("s6", "magic"),
        ("s7", "kill"),
        ("s8", "silence"),
        ("s9", "query"),
    ] {
        assert_eq!(
            refused(&mut g, by, json!({"type": t, "target": null})),
            "bad_target",
            "{t} null"
        );
        assert_eq!(refused(&mut g, by, on(t, "nobody")), "bad_target", "{t}");
    }
    // bad_target before self_target does not arise; not_now before bad_target.
    assert_eq!(refused(&mut g, "s1", vote("nobody")), "not_now");
    ok(&mut g, "s8", silence("s4"));
    ok(&mut g, "s7", kill("s2"));
    g.resolve_phase();
    // out before not_your_role.
    assert_eq!(refused(&mut g, "s2", kill("s3")), "out");
    assert_eq!(refused(&mut g, "s2", vote("s3")), "out");
    // not_your_role before not_now.
    assert_eq!(refused(&mut g, "s5", kill("nobody")), "not_your_role");
    assert_eq!(refused(&mut g, "s7", kill("nobody")), "not_now");
    to(&mut g, "vote");
    assert_eq!(refused(&mut g, "s7", kill("s3")), "not_now");
    // The silenced seat: not_now, bad_target before silenced.
    assert_eq!(
        refused(
            &mut g,
            "s4",
            json!({"type": "vote", "target": "s6", "round": 2})
        ),
        "not_now"
    );
    assert_eq!(refused(&mut g, "s4", vote("nobody")), "bad_target");
    assert_eq!(
        refused(&mut g, "s4", vote("s2")),
        "bad_target",
        "a seat out"
    );
    assert_eq!(refused(&mut g, "s4", vote("s6")), "silenced");
    assert_eq!(
        refused(&mut g, "s4", json!({"type": "vote", "target": null})),
        "silenced"
    );
    // game_over before out; unknown_seat before game_over.
    let mut g = v5();
    night(&mut g, &[("s7", kill("s1")), ("s2", snipe("s6"))]);
    vote_out(&mut g, "s8");
    to(&mut g, "night");
    night(&mut g, &[("s7", kill("s3")), ("s2", snipe("s9"))]);
    vote_out(&mut g, "s4");
    to(&mut g, "night");
    night(&mut g, &[("s7", kill("s2")), ("s2", snipe("s7"))]);
    assert!(g.is_over());
    assert_eq!(refused(&mut g, "ghost", kill("s5")), "unknown_seat");
    assert_eq!(refused(&mut g, "s2", snipe("s5")), "game_over");
    assert_eq!(refused(&mut g, "s10", dark_vote("s5")), "game_over");
}

/// The spec: other games' action types are `not_your_role` in v5.
#[test]
fn v5_other_games_actions_are_not_your_role() {
    let mut g = v5();
    let others = [
        json!({"type": "peek", "call": "警"}),
        json!({"type": "explode"}),
        json!({"type": "join", "target": "s5"}),
        json!({"type": "surrender"}),
        save("s5"),
        secret_kill("s5"),
    ];
    for by in ["s1", "s3", "s7", "s10"] {
        for a in &others {
            assert_eq!(refused(&mut g, by, a.clone()), "not_your_role", "{by} {a}");
        }
    }
    to(&mut g, "vote");
    for a in &others {
        assert_eq!(refused(&mut g, "s7", a.clone()), "not_your_role", "{a}");
    }
}

/// The seat views name each seat's role.
#[test]
fn v5_each_seat_sees_its_role() {
    let g = v5();
    for (seat, role) in [
        ("s1", "butterfly"),
        ("s2", "sniper"),
        ("s3", "doctor"),
        ("s4", "police"),
        ("s5", "good_civilian"),
        ("s6", "magician"),
        ("s7", "killer"),
        ("s8", "elder"),
        ("s9", "wizard"),
        ("s10", "evil_civilian"),
    ] {
        let v = g.view_for(seat).expect("a seat").into_json();
        assert_eq!(v["role"], role, "{seat}: {v}");
    }
}

/// Setups that do not fit v5 are refused; the seat count is exactly 10.
#[test]
fn v5_setups_that_do_not_fit_are_refused() {
    let mut partial = v5_setup();
    partial.as_object_mut().expect("object").remove("wizard");
    let mut twice = v5_setup();
    twice["wizard"] = json!("s1");
    for setup in [partial, twice] {
        assert!(
            Game::start(&config("v5emin", 10, setup.clone())).is_err(),
            "{setup}"
        );
    }
    for n in [9, 11] {
        let cfg = GameConfig {
            setup: None,
            ..config("v5emin", n, json!(null))
        };
        assert!(Game::start(&cfg).is_err(), "{n} seats");
    }
}

// ---------------------------------------------------------------------------------------------
// Tricky nights: each outcome worked out from the book.
// ---------------------------------------------------------------------------------------------

/// v5: the butterfly hugs the killer, the magician magics the butterfly, the killer kills the
/// butterfly. Step 2: the magic cancels the hug, so there is no H this night; step 3: the kill
/// lands on the butterfly alone. Only s1 dies; the killer keeps the kill (no `kill_inherited`).
/// (Without the magic both would die, as in the shared example.)
#[test]
fn tricky_v5_magic_on_the_butterfly_that_hugs_the_killer() {
    let mut g = v5();
    let lines = night(
        &mut g,
        &[("s1", hug("s7")), ("s6", magic("s1")), ("s7", kill("s1"))],
    );
    assert_eq!(publics(&lines), vec![out("s1")]);
    assert!(told(&lines, "kill_inherited").is_empty());
}

/// v5: the butterfly hugs s5; the killer kills the butterfly; the doctor needles the
/// butterfly. Step 3: the kill lands on s1 and on s5, and so does the needle; step 5: on each
/// seat the needle cancels its one kill. Nobody dies, and neither needle was empty: s5's next
/// needle is its first empty one.
#[test]
fn tricky_v5_a_kill_and_a_needle_on_the_butterfly() {
    let mut g = v5();
    let lines = night(
        &mut g,
        &[("s1", hug("s5")), ("s7", kill("s1")), ("s3", needle("s1"))],
    );
    assert_eq!(publics(&lines), vec![peaceful("night")]);
    quiet_day(&mut g);
    let lines = night(&mut g, &[("s3", needle("s5"))]);
    assert_eq!(publics(&lines), vec![peaceful("night")]);
}

/// v5: the butterfly hugs the doctor; the killer kills s2; the doctor needles s2. The hug makes
/// the doctor immune to what is aimed at her, it does not stop her own action: the needle
/// cancels the kill. Nobody dies.
#[test]
fn tricky_v5_the_hugged_doctor_still_needles() {
    let mut g = v5();
    let lines = night(
        &mut g,
        &[("s1", hug("s3")), ("s7", kill("s2")), ("s3", needle("s2"))],
    );
    assert_eq!(publics(&lines), vec![peaceful("night")]);
}

/// v5: the butterfly hugs the wizard; the wizard queries the butterfly; the police checks the
/// wizard; the killer kills the butterfly. Step 3: the kill lands on s1 and on H = s9 (despite
/// H's immunity); the query on the butterfly touches it alone and learns whom it acted on (s9);
/// the check on H is blocked. Step 4: the wizard, dying, still learns. Deaths s1, s9.
#[test]
fn tricky_v5_the_hugged_wizard_queries_its_butterfly() {
    let mut g = v5();
    let lines = night(
        &mut g,
        &[
            ("s1", hug("s9")),
            ("s9", query("s1")),
            ("s4", check("s9")),
            ("s7", kill("s1")),
        ],
    );
    assert_eq!(publics(&lines), vec![out("s1"), out("s9")]);
    assert_eq!(
        told(&lines, "query_result"),
        vec![(1, "s9".to_string(), query_result("s1", "s9"))]
    );
    assert_eq!(
        told(&lines, "check_result"),
        vec![(1, "s4".to_string(), check_result("s9", "blocked"))]
    );
    assert!(
        told(&lines, "kill_inherited").is_empty(),
        "the killer lives"
    );
}

/// v5: the magician magics the butterfly that hugs s5; the elder silences the butterfly; the
/// wizard queries the butterfly. The hug is cancelled, so the silence lands on s1 alone, and
/// the wizard learns `none` (its target was magicked).
#[test]
fn tricky_v5_a_magicked_butterfly_is_silenced_alone() {
    let mut g = v5();
    let lines = night(
        &mut g,
        &[
            ("s1", hug("s5")),
            ("s6", magic("s1")),
            ("s8", silence("s1")),
            ("s9", query("s1")),
        ],
    );
    assert_eq!(told_to(&lines, "silenced"), names(&["s1"]));
    assert_eq!(
        told(&lines, "query_result"),
        vec![(1, "s9".to_string(), query_result("s1", "none"))]
    );
}

/// v5: the magician (the killer still in) magics the sniper, who aims at the magician; the
/// killer kills the magician. The shot is gone; the kill lands. s6 dies; the kill stays with the
/// killer, so nobody inherits.
#[test]
fn tricky_v5_the_killer_kills_the_magician_who_blocks_the_sniper() {
    let mut g = v5();
    let lines = night(
        &mut g,
        &[("s6", magic("s2")), ("s2", snipe("s6")), ("s7", kill("s6"))],
    );
    assert_eq!(publics(&lines), vec![out("s6")]);
    assert!(told(&lines, "kill_inherited").is_empty());
}

/// v4: the butterfly hugs the secret police (kill unused); the killers kill the butterfly. The
/// kill on the butterfly reaches the hugged seat (R4-4 (1)), but the secret police cannot die
/// from the killers' kill before he has used his own (R4-4 (3)). Only s1 dies.
#[test]
fn tricky_v4_the_butterfly_hugging_the_immune_secret_police() {
    let mut g = v4();
    let lines = night(&mut g, &[("s1", hug("s10")), ("s4", kill("s1"))]);
    assert_eq!(publics(&lines), vec![out("s1")]);
}

/// v4: the butterfly hugs s11; the killers kill the butterfly; the doctor saves s11. The kill
/// reaches s1 and s11; s11 is saved from the killers' kill (R4-4 (2)). Only s1 dies.
#[test]
fn tricky_v4_the_doctor_saves_the_hugged_seat_not_the_butterfly() {
    let mut g = v4();
    let lines = night(
        &mut g,
        &[("s1", hug("s11")), ("s4", kill("s1")), ("s3", save("s11"))],
    );
    assert_eq!(publics(&lines), vec![out("s1")]);
}

/// v4: the butterfly hugs a killer; the killers kill the butterfly. The killers' kill is void
/// whenever the hugged seat is a killer (R4-4 (1)) — the kill on the butterfly too: nobody
/// dies. The secret police's kill on that butterfly is not void: it kills the butterfly and the
/// hugged killer.
#[test]
fn tricky_v4_the_butterfly_hugging_a_killer() {
    let mut g = v4();
    let lines = night(&mut g, &[("s1", hug("s4")), ("s5", kill("s1"))]);
    assert_eq!(publics(&lines), vec![peaceful("night")]);
    let mut g = v4();
    let lines = night(&mut g, &[("s1", hug("s4")), ("s10", secret_kill("s1"))]);
    assert_eq!(publics(&lines), vec![out("s1"), out("s4")]);
}

/// v4: the butterfly hugs s11; the killers kill s11; the secret police shoots the butterfly.
/// The killers' kill on the hugged seat is void, but the secret kill on the butterfly kills the
/// butterfly and s11. Deaths s1, s11.
#[test]
fn tricky_v4_a_void_kill_and_a_secret_kill_on_the_butterfly() {
    let mut g = v4();
    let lines = night(
        &mut g,
        &[
            ("s1", hug("s11")),
            ("s4", kill("s11")),
            ("s10", secret_kill("s1")),
        ],
    );
    assert_eq!(publics(&lines), vec![out("s1"), out("s11")]);
}

/// v4: the killers kill the secret police on the night he shoots the doctor, who saves the
/// secret police. He survives (immune on the night he uses his kill, and saved besides); the
/// secret kill ignores the doctor: s3 dies. Next night, his kill spent and no doctor left, the
/// killers' kill on him lands.
#[test]
fn tricky_v4_the_secret_police_shoots_the_doctor() {
    let mut g = v4();
    let lines = night(
        &mut g,
        &[
            ("s4", kill("s10")),
            ("s10", secret_kill("s3")),
            ("s3", save("s10")),
        ],
    );
    assert_eq!(publics(&lines), vec![out("s3")]);
    to(&mut g, "night");
    let lines = night(&mut g, &[("s4", kill("s10"))]);
    assert_eq!(publics(&lines), vec![out("s10")]);
}

// ---------------------------------------------------------------------------------------------
// Through the replay runner (`maku replay`): phase by phase within an act.
// ---------------------------------------------------------------------------------------------

fn replay(variant: &str, n: usize, setup: Value, acts: &[Vec<(&str, Value)>]) -> Vec<Value> {
    let seats: Vec<Value> = (1..=n)
        .map(|i| json!({"game_id": format!("s{i}"), "real_id": format!("r{i}")}))
        .collect();
    let acts: Vec<Value> = acts
        .iter()
        .map(|a| {
            let subs: Vec<Value> = a
                .iter()
                .map(|(by, action)| json!({"by": by, "action": action}))
                .collect();
            json!({ "submit": subs })
        })
        .collect();
    let text = json!({
        "variant": variant, "seed": 0, "seats": seats, "setup": setup, "acts": acts,
    })
    .to_string();
    let scenario = maku::rules::scenario::Scenario::parse(&text).expect("a valid scenario");
    scenario
        .run()
        .expect("runs")
        .iter()
        .map(|l| serde_json::to_value(l).expect("a line"))
        .collect()
}

fn replies(lines: &[Value]) -> Vec<(u64, String, Value)> {
    lines
        .iter()
        .filter(|l| l["kind"] == "reply")
        .map(|l| {
            let what = if l["ok"] == true {
                l["reply"]["type"].clone()
            } else {
                l["error"].clone()
            };
            (
                l["act"].as_u64().unwrap_or(0),
                l["by"].as_str().unwrap_or("").to_string(),
                what,
            )
        })
        .collect()
}

/// The spec: an act's submissions are taken phase by phase — the night's first (a Death Note
/// `join` with them, refused `not_your_role`), then the day's votes; a v5 round-2 vote is
/// `not_now`; the dark vote is added unseen.
#[test]
fn replay_v5_night_first_then_the_days_votes() {
    let lines = replay(
        "v5emin",
        10,
        v5_setup(),
        &[vec![
            ("s1", vote("s7")),
            ("s5", dark_vote("s7")),
            ("s3", json!({"type": "join", "target": "s2"})),
            ("s2", vote("s6")),
            ("s2", json!({"type": "vote", "target": "s6", "round": 2})),
        ]],
    );
    assert_eq!(
        replies(&lines),
        vec![
            (1, "s5".into(), json!("dark_vote_recorded")),
            (1, "s3".into(), json!("not_your_role")),
            (1, "s1".into(), json!("vote_recorded")),
            (1, "s2".into(), json!("vote_recorded")),
            (1, "s2".into(), json!("not_now")),
        ]
    );
    let publics: Vec<Value> = lines
        .iter()
        .filter(|l| l["kind"] == "public")
        .map(|l| l["event"].clone())
        .collect();
    assert_eq!(publics, vec![peaceful("night"), voted_side("s7", "bad")]);
    assert_eq!(
        lines.last(),
        Some(&json!({"kind": "outcome", "winner": null}))
    );
}

/// The spec: v4 takes its night (a `needle` refused `not_your_role` there), then the votes by
/// round; the ballots are published with who voted for whom.
#[test]
fn replay_v4_night_then_votes_by_round() {
    let lines = replay(
        "v4wujian",
        16,
        v4_setup(),
        &[vec![
            ("s11", vote("s12")),
            ("s4", kill("s16")),
            ("s3", needle("s4")),
            ("s13", json!({"type": "vote", "target": "s12", "round": 2})),
        ]],
    );
    assert_eq!(
        replies(&lines),
        vec![
            (1, "s4".into(), json!("kill_recorded")),
            (1, "s3".into(), json!("not_your_role")),
            (1, "s11".into(), json!("vote_recorded")),
            (1, "s13".into(), json!("not_now")),
        ]
    );
    let publics: Vec<Value> = lines
        .iter()
        .filter(|l| l["kind"] == "public")
        .map(|l| l["event"].clone())
        .collect();
    assert_eq!(publics[0], out("s16"));
    assert_eq!(publics[1]["type"], "votes");
    assert_eq!(publics[1]["ballots"]["s11"], "s12");
    assert_eq!(publics[2], voted("s12"));
    assert_eq!(
        publics[1]["ballots"].as_object().map(|m| m.len()),
        Some(15),
        "every living seat listed"
    );
}

// ---------------------------------------------------------------------------------------------
// More combinations and privacy.
// ---------------------------------------------------------------------------------------------

/// R4-2 and privacy: the police learn their team of three but not which of the three is the
/// undercover; the seats that learn nobody see no team and were told nothing.
#[test]
fn v4_views_do_not_tell_the_police_who_the_undercover_is() {
    let g = v4();
    for s in ["s8", "s9"] {
        let v = g.view_for(s).expect("a seat").into_json().to_string();
        assert!(!v.contains("undercover"), "{s}: {v}");
        assert!(!v.contains("killer"), "{s}: {v}");
    }
    for s in ["s1", "s2", "s3", "s10", "s11", "s16"] {
        let v = g.view_for(s).expect("a seat").into_json();
        assert!(v.get("teams").is_none_or(Value::is_null), "{s}: {v}");
        assert!(
            v.get("told")
                .and_then(Value::as_array)
                .is_none_or(Vec::is_empty),
            "{s}: {v}"
        );
    }
}

/// v4: the butterfly hugs s11; both the killers and the secret police kill the butterfly. Each
/// kill kills s1 and s11: each dies once, s1 then s11.
#[test]
fn tricky_v4_both_kills_on_the_butterfly() {
    let mut g = v4();
    let lines = night(
        &mut g,
        &[
            ("s1", hug("s11")),
            ("s4", kill("s1")),
            ("s10", secret_kill("s1")),
        ],
    );
    assert_eq!(publics(&lines), vec![out("s1"), out("s11")]);
}

/// v4: the butterfly hugs the doctor; the killers kill the butterfly; the doctor saves the
/// butterfly. Saving the butterfly from the killers' kill spares the hugged seat (R4-4 (2)):
/// nobody dies.
#[test]
fn tricky_v4_the_butterfly_hugs_the_doctor_who_saves_it() {
    let mut g = v4();
    let lines = night(
        &mut g,
        &[("s1", hug("s3")), ("s4", kill("s1")), ("s3", save("s1"))],
    );
    assert_eq!(publics(&lines), vec![peaceful("night")]);
}

/// v5: the butterfly hugs s5; the killer kills the butterfly; the doctor needles s5. The needle
/// is aimed at H, so it has no effect (step 1); the kill lands on H through the butterfly
/// despite its immunity (step 3): nothing cancels it. s1 and s5 die.
#[test]
fn tricky_v5_a_needle_on_the_hugged_seat_does_not_save_it_from_the_butterflys_kill() {
    let mut g = v5();
    let lines = night(
        &mut g,
        &[("s1", hug("s5")), ("s7", kill("s1")), ("s3", needle("s5"))],
    );
    assert_eq!(publics(&lines), vec![out("s1"), out("s5")]);
}

/// v5: on the night the killer is shot, the magician's action is still magic (the kill passes
/// when the killer is out, R5-2): the police it magicked learns nothing; the magician is told
/// `kill_inherited` in that act and kills from night 2.
#[test]
fn tricky_v5_the_magic_of_the_night_the_killer_dies_still_works() {
    let mut g = v5();
    let lines = night(
        &mut g,
        &[
            ("s2", snipe("s7")),
            ("s6", magic("s4")),
            ("s4", check("s6")),
        ],
    );
    assert_eq!(publics(&lines), vec![out("s7")]);
    assert_eq!(
        told(&lines, "check_result"),
        vec![(1, "s4".to_string(), check_result("s6", "blocked"))]
    );
    assert_eq!(told_to(&lines, "kill_inherited"), names(&["s6"]));
}

/// v5: the sniper shoots the killer while the killer kills the magician: both die the same
/// night, so the kill goes straight to the elder (R5-2: exactly one living bad special holds
/// it), who alone is told.
#[test]
fn tricky_v5_killer_and_magician_die_together_the_elder_inherits() {
    let mut g = v5();
    let lines = night(&mut g, &[("s2", snipe("s7")), ("s7", kill("s6"))]);
    assert_eq!(publics(&lines), vec![out("s6"), out("s7")]);
    assert_eq!(told_to(&lines, "kill_inherited"), names(&["s8"]));
    to(&mut g, "night");
    assert!(g.allowed_actions("s8").contains(&"kill"));
}

/// v5: the wizard queries the magician: it learns the magician's target.
#[test]
fn r5_3_the_wizard_querying_the_magician_learns_its_target() {
    let mut g = v5();
    let lines = night(&mut g, &[("s6", magic("s2")), ("s9", query("s6"))]);
    assert_eq!(
        told(&lines, "query_result"),
        vec![(1, "s9".to_string(), query_result("s6", "s2"))]
    );
}

/// R5-4: the speeches start after the last seat that left last words, skipping a silenced seat.
#[test]
fn r5_4_the_first_speaker_skips_a_silenced_seat() {
    let mut g = v5();
    night(&mut g, &[("s7", kill("s3")), ("s8", silence("s4"))]);
    assert_eq!(turns(&mut g, "last_words"), names(&["s3"]));
    assert_eq!(
        speakers_until_vote(&mut g),
        names(&["s5", "s6", "s7", "s8", "s9", "s10", "s1", "s2"])
    );
}

/// R5-4 fixes 5.0's day (one speech each, in turn): it has no `speeches` option, while 4.0's
/// classic day (R4-1) may run free speeches.
#[test]
fn r5_4_the_speaking_order_is_not_an_option() {
    let v5 = Variant::from_name("v5emin").expect("v5emin");
    let v4 = Variant::from_name("v4wujian").expect("v4wujian");
    for speeches in ["free", "ordered"] {
        assert!(v5.check_options(&json!({ "speeches": speeches })).is_err());
        assert!(v4.check_options(&json!({ "speeches": speeches })).is_ok());
    }
    assert!(v5.option_fields().is_empty());
    assert!(v4.option_fields().iter().any(|f| f.name == "speeches"));
}

/// R5-1, R4-3, for the seat pages: each view names the night actions its
/// seat may take but not on itself (`not_self`), so a form never offers a seat the engine
/// refuses: the magician holding the kill may not kill itself, the killer and the doctor may
/// name themselves; the butterfly never; 4.0's secret police not.
#[test]
fn views_name_the_actions_a_seat_may_not_take_on_itself() {
    let not_self =
        |g: &Game, s: &str| g.view_for(s).expect("a seat").into_json()["not_self"].clone();
    let mut g = v5();
    for (s, want) in [
        ("s1", json!(["hug"])),
        ("s3", json!([])),
        ("s4", json!(["check"])),
        ("s6", json!(["magic"])),
        ("s7", json!([])),
        ("s9", json!(["query"])),
    ] {
        assert_eq!(not_self(&g, s), want, "{s}");
    }
    night(&mut g, &[("s2", snipe("s7"))]);
    to(&mut g, "night");
    assert_eq!(not_self(&g, "s6"), json!(["kill"]));
    assert_eq!(refused(&mut g, "s6", kill("s6")), "self_target");
    assert_eq!(not_self(&g, "s7"), json!([]), "out: no action at all");
    let g = v4();
    for (s, want) in [("s1", json!(["hug"])), ("s10", json!(["secret_kill"]))] {
        assert_eq!(not_self(&g, s), want, "{s}");
    }
    assert_eq!(not_self(&g, "s3"), json!([]), "the doctor saves herself");
}
