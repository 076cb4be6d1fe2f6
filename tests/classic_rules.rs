//! The classic ruling book (`../shared/rules/classic.md`, second edition) rule by rule, through
//! `rules::Game` as the server drives it (one submission, one phase at a time), with fixed deals.
//! Seats are `s1`, `s2`, … in seat order.

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

fn start(variant: &str, n: usize, setup: Value, options: Value) -> Game {
    let config = GameConfig {
        variant: Variant::from_name(variant).expect("a preset"),
        options,
        seed: 1,
        seats: seats(n),
        setup: Some(setup),
    };
    Game::start(&config).unwrap_or_else(|e| panic!("{variant}: {e}"))
}

/// Killers s1, s2; police s3, s4; civilians s5..s8.
fn dongsha8() -> Game {
    start(
        "dongsha",
        8,
        json!({"killers": ["s1", "s2"], "police": ["s3", "s4"]}),
        json!({}),
    )
}

/// Killers s1..s3; police s4..s6; civilians s7..s11.
fn dongsha11() -> Game {
    start(
        "dongsha",
        11,
        json!({"killers": ["s1", "s2", "s3"], "police": ["s4", "s5", "s6"]}),
        json!({}),
    )
}

/// Killers s1..s3; police s4..s6; civilians s7..s11.
fn killgame11() -> Game {
    start(
        "killgame",
        11,
        json!({"killers": ["s1", "s2", "s3"], "police": ["s4", "s5", "s6"]}),
        json!({}),
    )
}

/// The killer s1; civilians s2..s6.
fn shengtui6() -> Game {
    start("shengtui", 6, json!({"killers": ["s1"]}), json!({}))
}

/// 匪 s1..s3, 警 s4..s6.
fn wujian6() -> Game {
    start(
        "wujian",
        6,
        json!({"factions": {"匪": ["s1", "s2", "s3"], "警": ["s4", "s5", "s6"]}}),
        json!({}),
    )
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

fn refused(g: &mut Game, by: &str, action: Value) -> &'static str {
    match submit(g, by, &action) {
        Ok(_) => panic!("{by} {action}: accepted"),
        Err(e) => e,
    }
}

fn kill(t: &str) -> Value {
    json!({"type": "kill", "target": t})
}

fn check(t: &str) -> Value {
    json!({"type": "check", "target": t})
}

fn vote(t: &str) -> Value {
    json!({"type": "vote", "target": t})
}

fn abstain() -> Value {
    json!({"type": "vote", "target": null})
}

fn explode() -> Value {
    json!({"type": "explode"})
}

fn surrender() -> Value {
    json!({"type": "surrender"})
}

fn peek(call: &str) -> Value {
    json!({"type": "peek", "call": call})
}

fn kind(g: &Game) -> &'static str {
    g.current_phase().kind
}

/// Resolves phases until one of `kind` is open; the lines they published.
fn to(g: &mut Game, want: &str) -> Vec<Line> {
    let mut lines = Vec::new();
    for _ in 0..100 {
        if kind(g) == want && !g.is_over() {
            return lines;
        }
        assert!(!g.is_over(), "the game ended before a {want} phase");
        lines.extend(g.resolve_phase());
    }
    panic!("no {want} phase");
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

fn out(t: &str, cause: &str) -> Value {
    json!({"type": "out", "target": t, "cause": cause})
}

fn game_over(w: &str) -> Value {
    json!({"type": "game_over", "winner": w})
}

fn peaceful(phase: &str) -> Value {
    json!({"type": "peaceful", "phase": phase})
}

fn living(g: &Game) -> Vec<String> {
    g.seats()
        .into_iter()
        .filter(|s| s.alive)
        .map(|s| s.game_id)
        .collect()
}

/// The night's kill by `killer` (the night must be open); resolves the night.
fn night_kill(g: &mut Game, killer: &str, target: &str) -> Vec<Line> {
    assert_eq!(kind(g), "night");
    ok(g, killer, kill(target));
    g.resolve_phase()
}

/// Every living seat votes for `target` in round 1; resolves the vote.
fn vote_out(g: &mut Game, target: &str) -> Vec<Line> {
    to(g, "vote");
    for s in living(g) {
        ok(g, &s, vote(target));
    }
    g.resolve_phase()
}

/// The speakers of the ordered turns up to the next vote.
fn speakers_until_vote(g: &mut Game) -> Vec<String> {
    let mut speakers = Vec::new();
    while kind(g) != "vote" {
        if kind(g) == "speech" {
            speakers.push(g.speaker().expect("a speaker"));
        }
        g.resolve_phase();
    }
    speakers
}

fn names(l: &[&str]) -> Vec<String> {
    l.iter().map(|s| s.to_string()).collect()
}

#[test]
fn cl_0_each_team_is_told_its_whole_team_in_seat_order() {
    let g = start(
        "dongsha",
        8,
        json!({"killers": ["s6", "s2"], "police": ["s8", "s3"]}),
        json!({}),
    );
    let killers = json!({"type": "teammates", "team": "killers", "seats": ["s2", "s6"]});
    let police = json!({"type": "teammates", "team": "police", "seats": ["s3", "s8"]});
    assert_eq!(
        privates(&g.transcript()),
        vec![
            ("s2".to_string(), killers.clone()),
            ("s6".to_string(), killers),
            ("s3".to_string(), police.clone()),
            ("s8".to_string(), police),
        ]
    );
    let k = g.view_for("s6").expect("a seat").into_json();
    assert_eq!(
        (&k["role"], &k["team"]),
        (&json!("killer"), &json!(["s2", "s6"]))
    );
    let c = g.view_for("s1").expect("a seat").into_json();
    assert_eq!(c["role"], "civilian");
    assert!(c.get("team").is_none(), "a civilian has no team: {c}");
    // A lone killer is told too.
    let g = shengtui6();
    assert_eq!(
        privates(&g.transcript()),
        vec![(
            "s1".to_string(),
            json!({"type": "teammates", "team": "killers", "seats": ["s1"]})
        )]
    );
    // Outs are announced by game ID only.
    let mut g = dongsha8();
    let lines = night_kill(&mut g, "s1", "s3");
    assert_eq!(publics(&lines), vec![out("s3", "killed")]);
}

#[test]
fn cl_1_the_kill_goes_to_the_most_named_seat_a_tie_to_the_earliest_counting_submission() {
    let mut g = dongsha11();
    ok(&mut g, "s1", kill("s7"));
    ok(&mut g, "s2", kill("s8"));
    // Replaced: only the last counts, and it came after s2's. s3 submits nothing: he agrees.
    ok(&mut g, "s1", kill("s9"));
    assert_eq!(publics(&g.resolve_phase()), vec![out("s8", "killed")]);

    let mut g = dongsha11();
    ok(&mut g, "s1", kill("s7"));
    ok(&mut g, "s2", kill("s8"));
    ok(&mut g, "s3", kill("s8"));
    assert_eq!(publics(&g.resolve_phase()), vec![out("s8", "killed")]);

    // No submission at all: nobody dies.
    let mut g = dongsha11();
    assert_eq!(publics(&g.resolve_phase()), vec![peaceful("night")]);
    assert_eq!(living(&g).len(), 11);
}

#[test]
fn cl_1_a_killer_may_kill_a_teammate_or_himself() {
    let mut g = dongsha11();
    assert_eq!(
        publics(&night_kill(&mut g, "s1", "s1")),
        vec![out("s1", "killed")]
    );
    assert!(!g.is_over());
    let mut g = dongsha11();
    assert_eq!(
        publics(&night_kill(&mut g, "s1", "s2")),
        vec![out("s2", "killed")]
    );
    // Only killers kill, only police check.
    let mut g = dongsha11();
    assert_eq!(refused(&mut g, "s7", kill("s8")), "not_your_role");
    assert_eq!(refused(&mut g, "s4", kill("s8")), "not_your_role");
    assert_eq!(refused(&mut g, "s1", check("s8")), "not_your_role");
}

#[test]
fn cl_2_every_officer_alive_at_nightfall_learns_the_check_the_one_killed_this_night_too() {
    let mut g = dongsha8();
    ok(&mut g, "s3", check("s1"));
    ok(&mut g, "s4", check("s5"));
    // The officer killed this night: his check still counts (it came first in the tie).
    ok(&mut g, "s1", kill("s3"));
    let lines = g.resolve_phase();
    let result = json!({"type": "check_result", "target": "s1", "result": "killer"});
    assert_eq!(
        privates(&lines),
        vec![
            ("s3".to_string(), result.clone()),
            ("s4".to_string(), result)
        ]
    );
    assert_eq!(publics(&lines), vec![out("s3", "killed")]);
}

#[test]
fn cl_2_the_nights_victim_can_still_be_checked() {
    let mut g = dongsha8();
    ok(&mut g, "s4", check("s6"));
    ok(&mut g, "s2", kill("s6"));
    let lines = g.resolve_phase();
    let result = json!({"type": "check_result", "target": "s6", "result": "not_killer"});
    assert_eq!(
        privates(&lines),
        vec![
            ("s3".to_string(), result.clone()),
            ("s4".to_string(), result)
        ]
    );
    // Only the police check.
    assert_eq!(refused(&mut g, "s5", check("s1")), "not_your_role");
}

#[test]
fn cl_2_results_are_told_even_when_the_nights_kill_ends_the_game() {
    let mut g = dongsha8();
    night_kill(&mut g, "s1", "s3");
    to(&mut g, "vote");
    g.resolve_phase(); // nobody voted for: a peaceful day
    assert_eq!((g.current_phase().act, kind(&g)), (2, "night"));
    ok(&mut g, "s4", check("s2"));
    ok(&mut g, "s1", kill("s4"));
    let lines = g.resolve_phase();
    assert_eq!(
        privates(&lines),
        vec![(
            "s4".to_string(),
            json!({"type": "check_result", "target": "s2", "result": "killer"})
        )]
    );
    assert_eq!(
        publics(&lines),
        vec![out("s4", "killed"), game_over("killers")]
    );
}

#[test]
fn cl_3_the_first_night_may_not_kill_the_previous_games_first_victim() {
    let mut g = start(
        "dongsha",
        8,
        json!({"killers": ["s1", "s2"], "police": ["s3", "s4"]}),
        json!({"previous_first_victim": "s5"}),
    );
    assert_eq!(refused(&mut g, "s1", kill("s5")), "series_repeat");
    assert!(g.allowed_actions("s1").contains(&"kill"), "another target");
    ok(&mut g, "s1", kill("s6"));
    assert_eq!(publics(&g.resolve_phase()), vec![out("s6", "killed")]);
    to(&mut g, "vote");
    g.resolve_phase();
    // Later nights may.
    assert_eq!((g.current_phase().act, kind(&g)), (2, "night"));
    ok(&mut g, "s1", kill("s5"));
}

#[test]
fn cl_4_last_words_while_the_seats_out_are_at_most_the_police_at_setup() {
    let mut g = dongsha8(); // two police
    night_kill(&mut g, "s1", "s5");
    assert_eq!(kind(&g), "last_words");
    assert_eq!(g.speaker().as_deref(), Some("s5"));
    assert!(g.may_post("s5"), "the seat out posts its last words");
    assert!(!g.may_post("s6"));
    g.resolve_phase();
    assert_eq!(kind(&g), "speech");
    vote_out(&mut g, "s6");
    assert_eq!(kind(&g), "last_words", "the second seat out");
    assert_eq!(g.speaker().as_deref(), Some("s6"));
    g.resolve_phase();
    night_kill(&mut g, "s1", "s7");
    assert_eq!(kind(&g), "speech", "the third seat out leaves none");
}

#[test]
fn cl_4_shengtui_always_leaves_last_words_wujian_never() {
    let mut g = shengtui6();
    night_kill(&mut g, "s1", "s2");
    assert_eq!(kind(&g), "last_words");
    vote_out(&mut g, "s3");
    assert_eq!(kind(&g), "last_words");
    g.resolve_phase();
    night_kill(&mut g, "s1", "s4");
    assert_eq!(kind(&g), "last_words");

    let mut g = wujian6();
    vote_out(&mut g, "s3");
    assert_eq!((g.current_phase().act, kind(&g)), (2, "speech"));
}

#[test]
fn cl_5_ordered_turns_start_after_the_nights_victim() {
    let mut g = dongsha8();
    night_kill(&mut g, "s1", "s3");
    g.resolve_phase(); // last words
    assert_eq!(
        speakers_until_vote(&mut g),
        names(&["s4", "s5", "s6", "s7", "s8", "s1", "s2"])
    );
}

#[test]
fn cl_5_after_a_peaceful_night_turns_start_after_the_last_seat_out() {
    let mut g = dongsha8();
    g.resolve_phase(); // peaceful: nobody is out yet, seat 1 first
    assert_eq!(
        speakers_until_vote(&mut g),
        names(&["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"])
    );
    for s in living(&g) {
        ok(&mut g, &s, vote("s6"));
    }
    g.resolve_phase();
    to(&mut g, "night");
    g.resolve_phase(); // peaceful again
    assert_eq!(
        speakers_until_vote(&mut g),
        names(&["s7", "s8", "s1", "s2", "s3", "s4", "s5"])
    );
}

#[test]
fn cl_5_in_ordered_mode_only_the_speaker_posts() {
    let mut g = dongsha8();
    assert!(living(&g).iter().all(|s| !g.may_post(s)), "nobody at night");
    g.resolve_phase();
    assert_eq!(kind(&g), "speech");
    assert!(g.may_post("s1"));
    assert!(!g.may_post("s2"));
    g.resolve_phase();
    assert!(g.may_post("s2") && !g.may_post("s1"));
    to(&mut g, "vote");
    assert!(
        living(&g).iter().all(|s| !g.may_post(s)),
        "nobody in a vote"
    );
}

#[test]
fn cl_5_free_mode_has_one_discussion_for_the_day_and_one_phase_per_pk() {
    let mut g = start(
        "dongsha",
        8,
        json!({"killers": ["s1", "s2"], "police": ["s3", "s4"]}),
        json!({"speeches": "free"}),
    );
    g.resolve_phase();
    assert_eq!(kind(&g), "discussion");
    assert_eq!(g.speaker(), None);
    assert!(living(&g).iter().all(|s| g.may_post(s)));
    g.resolve_phase();
    assert_eq!(kind(&g), "vote");
    assert!(living(&g).iter().all(|s| g.may_post(s)), "a free vote");
    ok(&mut g, "s5", vote("s7"));
    ok(&mut g, "s6", vote("s8"));
    g.resolve_phase();
    assert_eq!(kind(&g), "pk");
    assert_eq!(g.speaker(), None);
    assert!(g.may_post("s7") && g.may_post("s8") && !g.may_post("s1"));
    g.resolve_phase();
    assert_eq!((kind(&g), g.vote_round()), ("vote", Some(2)));
}

#[test]
fn cl_5_wujian_day_1_has_two_rounds_of_turns_later_days_one() {
    let mut g = wujian6();
    g.resolve_phase(); // the peek night
    let round = names(&["s1", "s2", "s3", "s4", "s5", "s6"]);
    assert_eq!(speakers_until_vote(&mut g), [round.clone(), round].concat());
    for s in living(&g) {
        ok(&mut g, &s, vote("s3"));
    }
    g.resolve_phase();
    assert_eq!(
        speakers_until_vote(&mut g),
        names(&["s4", "s5", "s6", "s1", "s2"])
    );
}

#[test]
fn cl_6_ballots_are_sealed_until_the_vote_resolves_then_published_whole() {
    let mut g = dongsha8();
    to(&mut g, "vote");
    assert_eq!(g.vote_round(), Some(1));
    assert_eq!(g.vote_candidates(), living(&g));
    ok(&mut g, "s1", vote("s5"));
    ok(&mut g, "s1", vote("s6")); // replaced: the last counts
    ok(&mut g, "s2", abstain());
    ok(&mut g, "s3", vote("s6"));
    assert_eq!(g.view_for("s1").expect("seat").into_json()["vote"], "s6");
    assert_eq!(
        g.view_for("s2").expect("seat").into_json()["vote"],
        Value::Null
    );
    let other = g.view_for("s4").expect("seat").into_json();
    assert!(other.get("vote").is_none(), "{other}");
    let ballots = g.ballots();
    assert_eq!(ballots[0], ("s1".to_string(), Some(names(&["s6"]))));
    assert_eq!(ballots[1], ("s2".to_string(), Some(Vec::new())));
    assert_eq!(ballots[3], ("s4".to_string(), None));
    let lines = g.resolve_phase();
    assert_eq!(
        publics(&lines),
        vec![
            json!({"type": "votes", "round": 1, "ballots": {
                "s1": "s6", "s2": null, "s3": "s6", "s4": null,
                "s5": null, "s6": null, "s7": null, "s8": null}}),
            out("s6", "voted"),
        ]
    );
}

#[test]
fn cl_6_round_1_with_nobody_voted_for_is_a_peaceful_day() {
    let mut g = dongsha8();
    to(&mut g, "vote");
    ok(&mut g, "s1", abstain());
    let lines = g.resolve_phase();
    assert_eq!(publics(&lines)[1], peaceful("day"));
    assert_eq!(publics(&lines).len(), 2);
    assert_eq!((g.current_phase().act, kind(&g)), (2, "night"));
}

#[test]
fn cl_6_ballots_only_in_a_vote_of_its_round_for_living_seats() {
    let mut g = dongsha8();
    assert_eq!(refused(&mut g, "s5", vote("s6")), "not_now");
    night_kill(&mut g, "s1", "s8");
    assert_eq!(refused(&mut g, "s5", vote("s6")), "not_now", "last words");
    g.resolve_phase();
    assert_eq!(refused(&mut g, "s5", vote("s6")), "not_now", "a speech");
    to(&mut g, "vote");
    assert_eq!(refused(&mut g, "s5", vote("s8")), "bad_target");
    assert_eq!(refused(&mut g, "s5", vote("nobody")), "bad_target");
    assert_eq!(
        refused(
            &mut g,
            "s5",
            json!({"type": "vote", "target": "s6", "round": 2})
        ),
        "not_now"
    );
    ok(
        &mut g,
        "s5",
        json!({"type": "vote", "target": "s6", "round": 1}),
    );
    ok(&mut g, "s5", vote("s5")); // oneself
}

/// Day 1 of `g` to three ties between `a` and `b`: round 1 `va` votes `a` and `vb` votes `b`;
/// round 2 nobody votes (a tie of both, CL-7); round 3 as round 1. Returns the lines.
fn three_ties(g: &mut Game, a: &str, b: &str, va: &str, vb: &str) -> Vec<Line> {
    to(g, "vote");
    ok(g, va, vote(a));
    ok(g, vb, vote(b));
    let mut lines = g.resolve_phase();
    assert_eq!(kind(g), "pk");
    assert_eq!(g.vote_candidates(), names(&[a, b]));
    lines.extend(to(g, "vote"));
    assert_eq!(g.vote_round(), Some(2));
    assert_eq!(refused(g, va, vote(va)), "not_tied");
    lines.extend(g.resolve_phase());
    lines.extend(to(g, "vote"));
    assert_eq!(g.vote_round(), Some(3));
    ok(g, va, vote(a));
    ok(g, vb, vote(b));
    lines.extend(g.resolve_phase());
    lines
}

fn tie(round: u8, seats: &[&str]) -> Value {
    json!({"type": "tie", "round": round, "seats": seats})
}

#[test]
fn cl_7_ties_in_all_three_rounds_dongsha_ends_the_day_peacefully() {
    let mut g = dongsha8();
    let publics = publics(&three_ties(&mut g, "s7", "s8", "s5", "s6"));
    let kinds: Vec<&str> = publics
        .iter()
        .map(|e| e["type"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(
        kinds,
        ["votes", "tie", "votes", "tie", "votes", "tie", "peaceful"]
    );
    assert_eq!(publics[1], tie(1, &["s7", "s8"]));
    assert_eq!(publics[3], tie(2, &["s7", "s8"]));
    assert_eq!(publics[5], tie(3, &["s7", "s8"]));
    assert_eq!(publics[6], peaceful("day"));
    assert_eq!((g.current_phase().act, kind(&g)), (2, "night"));
}

#[test]
fn cl_7_a_third_tie_in_killgame_is_a_draw() {
    let mut g = killgame11();
    let p = publics(&three_ties(&mut g, "s10", "s11", "s7", "s8"));
    assert_eq!(p[p.len() - 2], tie(3, &["s10", "s11"]));
    assert_eq!(p.last(), Some(&game_over("draw")));
    assert_eq!(g.outcome(), Some("draw"));
}

#[test]
fn cl_7_a_third_tie_in_shengtui_is_a_peaceful_day() {
    let mut g = shengtui6();
    let p = publics(&three_ties(&mut g, "s5", "s6", "s2", "s3"));
    assert_eq!(p.last(), Some(&peaceful("day")));
    assert_eq!((g.current_phase().act, kind(&g)), (2, "night"));
}

#[test]
fn cl_7_a_third_tie_in_wujian_ends_the_game() {
    let mut g = wujian6();
    let p = publics(&three_ties(&mut g, "s5", "s6", "s2", "s3"));
    assert_eq!(p[p.len() - 2], tie(3, &["s5", "s6"]));
    assert_eq!(p.last(), Some(&game_over("draw")), "3 against 3");
}

#[test]
fn cl_7_the_pk_speakers_the_tied_then_every_other_living_seat() {
    let mut g = dongsha8();
    to(&mut g, "vote");
    ok(&mut g, "s1", vote("s8"));
    ok(&mut g, "s2", vote("s6"));
    g.resolve_phase();
    let mut pk = Vec::new();
    while kind(&g) == "pk" {
        pk.push(g.speaker().expect("a PK turn"));
        assert!(g.may_post(pk.last().expect("one")));
        g.resolve_phase();
    }
    assert_eq!(pk, names(&["s6", "s8"]));
    ok(&mut g, "s1", vote("s8"));
    ok(&mut g, "s2", vote("s6"));
    g.resolve_phase();
    let mut pk = Vec::new();
    while kind(&g) == "pk" {
        pk.push(g.speaker().expect("a PK turn"));
        g.resolve_phase();
    }
    assert_eq!(pk, names(&["s1", "s2", "s3", "s4", "s5", "s7"]));
    assert_eq!(g.vote_round(), Some(3));
}

#[test]
fn cl_7_the_third_round_is_for_the_seats_of_the_second_tie() {
    let mut g = dongsha8();
    to(&mut g, "vote");
    ok(&mut g, "s1", vote("s6"));
    ok(&mut g, "s2", vote("s7"));
    ok(&mut g, "s3", vote("s8"));
    let p = publics(&g.resolve_phase());
    assert_eq!(p[1], tie(1, &["s6", "s7", "s8"]));
    to(&mut g, "vote");
    assert_eq!(refused(&mut g, "s1", vote("s5")), "not_tied");
    ok(&mut g, "s1", vote("s7"));
    ok(&mut g, "s2", vote("s8"));
    let p = publics(&g.resolve_phase());
    assert_eq!(p[1], tie(2, &["s7", "s8"]));
    to(&mut g, "vote");
    assert_eq!(g.vote_candidates(), names(&["s7", "s8"]));
    assert_eq!(refused(&mut g, "s1", vote("s6")), "not_tied");
    ok(&mut g, "s1", vote("s7"));
    let p = publics(&g.resolve_phase());
    assert_eq!(p[1], out("s7", "voted"));
}

#[test]
fn cl_8_a_dongsha_killer_may_explode_in_a_vote_the_day_ends_and_night_falls() {
    let mut g = dongsha8();
    to(&mut g, "vote");
    let step = g.current_phase().step;
    ok(&mut g, "s3", vote("s1"));
    let lines = ok(&mut g, "s1", explode());
    assert!(
        matches!(&lines[0], Line::Reply { ok: true, reply: Some(r), .. } if r.to_json()["type"] == "exploded")
    );
    assert_eq!(
        publics(&lines),
        vec![out("s1", "exploded")],
        "no votes published"
    );
    let now = g.current_phase();
    assert_eq!((now.step, now.act, now.kind), (step + 1, 2, "night"));
    assert_eq!(
        g.view_for("s1").expect("seat").into_json()["out"],
        json!([1, "exploded"])
    );
    assert!(g.ballots().is_empty(), "the day's ballots are discarded");
}

#[test]
fn cl_8_explode_in_a_pk_and_in_dawns_last_words() {
    let mut g = dongsha8();
    to(&mut g, "vote");
    ok(&mut g, "s5", vote("s7"));
    ok(&mut g, "s6", vote("s8"));
    g.resolve_phase();
    assert_eq!(kind(&g), "pk");
    assert_eq!(
        publics(&ok(&mut g, "s2", explode())),
        vec![out("s2", "exploded")]
    );
    assert_eq!((g.current_phase().act, kind(&g)), (2, "night"));

    let mut g = dongsha8();
    night_kill(&mut g, "s1", "s5");
    assert_eq!(kind(&g), "last_words");
    ok(&mut g, "s2", explode());
    assert_eq!((g.current_phase().act, kind(&g)), (2, "night"));
}

#[test]
fn cl_8_no_explosion_at_night_after_the_days_vote_in_another_round_or_in_killgame() {
    let mut g = dongsha8();
    assert_eq!(refused(&mut g, "s1", explode()), "not_now");
    to(&mut g, "vote");
    assert_eq!(
        refused(&mut g, "s1", json!({"type": "explode", "round": 2})),
        "not_now"
    );
    assert_eq!(refused(&mut g, "s5", explode()), "not_your_role");
    for s in living(&g) {
        ok(&mut g, &s, vote("s5"));
    }
    g.resolve_phase();
    assert_eq!(kind(&g), "last_words");
    assert_eq!(
        refused(&mut g, "s1", explode()),
        "not_now",
        "the day is over"
    );
    let mut g = killgame11();
    to(&mut g, "vote");
    assert_eq!(refused(&mut g, "s1", explode()), "not_your_role");
}

#[test]
fn cl_8_the_last_killer_exploding_ends_the_game() {
    let mut g = dongsha8();
    night_kill(&mut g, "s2", "s2");
    to(&mut g, "speech");
    let lines = ok(&mut g, "s1", explode());
    assert_eq!(
        publics(&lines),
        vec![out("s1", "exploded"), game_over("good")]
    );
    assert_eq!(g.outcome(), Some("good"));
    assert_eq!(refused(&mut g, "s3", vote("s4")), "game_over");
}

#[test]
fn cl_9_the_last_living_member_of_a_team_may_surrender_at_night() {
    let mut g = dongsha8();
    assert_eq!(refused(&mut g, "s1", surrender()), "not_now", "s2 lives");
    assert_eq!(refused(&mut g, "s5", surrender()), "not_your_role");
    night_kill(&mut g, "s2", "s2");
    to(&mut g, "speech");
    assert_eq!(refused(&mut g, "s1", surrender()), "not_now", "by day");
    to(&mut g, "vote");
    g.resolve_phase();
    assert_eq!(kind(&g), "night");
    let lines = ok(&mut g, "s1", surrender());
    assert!(
        matches!(&lines[0], Line::Reply { ok: true, reply: Some(r), .. } if r.to_json()["type"] == "surrendered")
    );
    assert_eq!(
        publics(&lines),
        vec![
            json!({"type": "surrendered", "team": "killers"}),
            game_over("good")
        ]
    );
    assert!(g.is_over());
    assert_eq!(refused(&mut g, "s3", check("s1")), "game_over");
    assert!(
        g.resolve_phase().is_empty(),
        "nothing else of the act resolves"
    );
}

#[test]
fn cl_9_the_last_officer_surrendering_loses_for_the_police() {
    let mut g = dongsha8();
    night_kill(&mut g, "s1", "s3");
    to(&mut g, "vote");
    g.resolve_phase();
    let lines = ok(&mut g, "s4", surrender());
    assert_eq!(
        publics(&lines),
        vec![
            json!({"type": "surrendered", "team": "police"}),
            game_over("killers")
        ]
    );
}

#[test]
fn cl_10_all_killers_out_good_wins_all_police_out_killers_win() {
    let mut g = dongsha8();
    night_kill(&mut g, "s1", "s1");
    let p = publics(&vote_out(&mut g, "s2"));
    assert_eq!(p.last(), Some(&game_over("good")));

    let mut g = dongsha8();
    night_kill(&mut g, "s1", "s3");
    let p = publics(&vote_out(&mut g, "s4"));
    assert_eq!(&p[1..], [out("s4", "voted"), game_over("killers")]);
    assert_eq!(kind(&g), "vote", "no last words when the game is over");
}

#[test]
fn cl_10_all_civilians_out_is_the_presets_column() {
    let mut g = dongsha8();
    night_kill(&mut g, "s1", "s5");
    vote_out(&mut g, "s6");
    to(&mut g, "night");
    night_kill(&mut g, "s1", "s7");
    let p = publics(&vote_out(&mut g, "s8"));
    assert_eq!(p.last(), Some(&game_over("killers")));

    let mut g = killgame11();
    night_kill(&mut g, "s1", "s7");
    vote_out(&mut g, "s8");
    to(&mut g, "night");
    night_kill(&mut g, "s1", "s9");
    vote_out(&mut g, "s10");
    to(&mut g, "night");
    let p = publics(&night_kill(&mut g, "s1", "s11"));
    assert_eq!(p, vec![out("s11", "killed"), game_over("draw")]);
}

#[test]
fn cl_10_only_a_team_that_existed_at_the_setup_can_be_all_out() {
    // Shengtui has no police: nothing ends it for that.
    let mut g = shengtui6();
    night_kill(&mut g, "s1", "s2");
    assert!(!g.is_over());
}

#[test]
fn cl_11_shengtui_the_killer_out_civilians_win() {
    let mut g = shengtui6();
    let p = publics(&vote_out(&mut g, "s1"));
    assert_eq!(p.last(), Some(&game_over("good")));
}

#[test]
fn cl_11_shengtui_after_a_vote_out_two_civilians_left_the_killer_wins() {
    let mut g = shengtui6();
    night_kill(&mut g, "s1", "s2");
    vote_out(&mut g, "s3");
    assert!(!g.is_over(), "three civilians left");
    to(&mut g, "night");
    night_kill(&mut g, "s1", "s4");
    assert!(!g.is_over(), "two left, but after a night's kill");
    let p = publics(&vote_out(&mut g, "s5"));
    assert_eq!(&p[1..], [out("s5", "voted"), game_over("killers")]);
}

#[test]
fn wj_1_two_factions_each_seat_learns_only_its_own() {
    let g = wujian6();
    let v = g.view_for("s2").expect("seat").into_json();
    assert_eq!(v["role"], "匪");
    assert!(v.get("team").is_none(), "no teammates: {v}");
    // An odd count: the factions hold 4 and 3, either way round.
    for setup in [
        json!({"factions": {"匪": ["s1", "s2", "s3", "s4"], "警": ["s5", "s6", "s7"]}}),
        json!({"factions": {"警": ["s1", "s2", "s3", "s4"], "匪": ["s5", "s6", "s7"]}}),
    ] {
        let cfg = GameConfig {
            variant: Variant::from_name("wujian").expect("preset"),
            options: json!({}),
            seed: 0,
            seats: seats(7),
            setup: Some(setup),
        };
        assert!(Game::start(&cfg).is_ok());
    }
    for setup in [
        json!({"factions": {"匪": ["s1", "s2", "s3"], "警": ["s5", "s6", "s7"]}}),
        json!({"factions": {"匪": ["s1", "s2", "s3", "s4", "s5"], "警": ["s6", "s7"]}}),
        json!({"factions": {"匪": ["s1", "s2", "s3", "s4"], "警": ["s4", "s6", "s7"]}}),
        json!({"factions": {"匪": ["s1", "s2", "s3", "s4"], "兵": ["s5", "s6", "s7"]}}),
    ] {
        let cfg = GameConfig {
            variant: Variant::from_name("wujian").expect("preset"),
            options: json!({}),
            seed: 0,
            seats: seats(7),
            setup: Some(setup.clone()),
        };
        assert!(Game::start(&cfg).is_err(), "{setup}");
    }
    // A seeded draw deals ⌈7/2⌉ and ⌊7/2⌋.
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(5);
    let ids: Vec<String> = (1..=7).map(|i| format!("s{i}")).collect();
    let drawn = Variant::from_name("wujian")
        .expect("preset")
        .draw_roles(&ids, &mut rng);
    let mut sizes: Vec<usize> = ["匪", "警"]
        .iter()
        .map(|f| drawn["factions"][f].as_array().map_or(0, Vec::len))
        .collect();
    sizes.sort_unstable();
    assert_eq!(sizes, [3, 4]);
}

#[test]
fn wj_2_one_night_each_seat_learns_who_else_opened_at_its_call() {
    let mut g = wujian6();
    ok(&mut g, "s1", peek("匪"));
    ok(&mut g, "s2", peek("匪"));
    ok(&mut g, "s4", peek("匪"));
    ok(&mut g, "s4", peek("警")); // replaced: the last counts
    ok(&mut g, "s5", peek("警"));
    ok(&mut g, "s6", peek("none"));
    assert_eq!(refused(&mut g, "s3", kill("s1")), "not_your_role");
    assert_eq!(refused(&mut g, "s3", check("s1")), "not_your_role");
    let lines = g.resolve_phase();
    let seen =
        |call: &str, seats: &[&str]| json!({"type": "peek_seen", "call": call, "seats": seats});
    assert_eq!(
        privates(&lines),
        vec![
            ("s1".to_string(), seen("匪", &["s2"])),
            ("s2".to_string(), seen("匪", &["s1"])),
            ("s4".to_string(), seen("警", &["s5"])),
            ("s5".to_string(), seen("警", &["s4"])),
        ]
    );
    assert!(publics(&lines).is_empty(), "no night kill, nothing public");
    assert_eq!(
        refused(&mut g, "s3", peek("匪")),
        "not_now",
        "one night only"
    );
    // The other presets have no peek.
    let mut g = dongsha8();
    assert_eq!(refused(&mut g, "s5", peek("匪")), "not_your_role");
}

#[test]
fn wj_3_no_last_words_and_later_days_are_days_only() {
    let mut g = wujian6();
    vote_out(&mut g, "s1");
    assert_eq!((g.current_phase().act, kind(&g)), (2, "speech"));
    vote_out(&mut g, "s4");
    assert_eq!((g.current_phase().act, kind(&g)), (3, "speech"));
}

#[test]
fn wj_4_the_game_ends_when_three_seats_remain() {
    let mut g = start(
        "wujian",
        4,
        json!({"factions": {"匪": ["s1", "s2"], "警": ["s3", "s4"]}}),
        json!({}),
    );
    let p = publics(&vote_out(&mut g, "s1"));
    assert_eq!(&p[1..], [out("s1", "voted"), game_over("警")]);
}

#[test]
fn wj_4_the_game_ends_when_a_day_puts_nobody_out() {
    let mut g = wujian6();
    to(&mut g, "vote");
    let p = publics(&g.resolve_phase());
    assert_eq!(&p[1..], [peaceful("day"), game_over("draw")]);
}

#[test]
fn wj_4_a_faction_with_no_living_seat_loses() {
    let mut g = wujian6();
    vote_out(&mut g, "s1");
    vote_out(&mut g, "s2");
    let p = publics(&vote_out(&mut g, "s3"));
    assert_eq!(p.last(), Some(&game_over("警")));
}

#[test]
fn wj_4_more_than_half_of_a_factions_living_members_surrendering_loses() {
    let mut g = wujian6();
    let lines = ok(&mut g, "s1", surrender());
    assert!(publics(&lines).is_empty(), "one of three");
    let lines = ok(&mut g, "s1", surrender());
    assert!(publics(&lines).is_empty(), "a repeated one changes nothing");
    to(&mut g, "speech");
    let lines = ok(&mut g, "s2", surrender());
    assert_eq!(
        publics(&lines),
        vec![
            json!({"type": "surrendered", "team": "匪"}),
            game_over("警")
        ]
    );
}

#[test]
fn wj_4_a_surrender_stands_and_counts_when_a_member_goes_out() {
    let mut g = start(
        "wujian",
        8,
        json!({"factions": {"匪": ["s1", "s2", "s3", "s4"], "警": ["s5", "s6", "s7", "s8"]}}),
        json!({}),
    );
    ok(&mut g, "s1", surrender());
    ok(&mut g, "s2", surrender());
    assert!(!g.is_over(), "two of four");
    let p = publics(&vote_out(&mut g, "s3"));
    assert_eq!(
        &p[1..],
        [
            out("s3", "voted"),
            json!({"type": "surrendered", "team": "匪"}),
            game_over("警")
        ]
    );
}

#[test]
fn refusals_come_in_the_books_order() {
    let mut g = dongsha8();
    // not_your_role before not_now: a civilian's kill by day; not_now before bad_target.
    to(&mut g, "speech");
    assert_eq!(refused(&mut g, "s5", kill("nobody")), "not_your_role");
    assert_eq!(refused(&mut g, "s1", kill("nobody")), "not_now");
    to(&mut g, "vote");
    ok(&mut g, "s5", vote("s7"));
    ok(&mut g, "s6", vote("s8"));
    g.resolve_phase();
    to(&mut g, "vote");
    // bad_target before not_tied.
    assert_eq!(refused(&mut g, "s5", vote("nobody")), "bad_target");
    assert_eq!(refused(&mut g, "s5", vote("s6")), "not_tied");
    ok(&mut g, "s5", vote("s7"));
    g.resolve_phase(); // s7 out, last words
    g.resolve_phase();
    assert_eq!(kind(&g), "night");
    // out before not_your_role.
    assert_eq!(refused(&mut g, "s7", kill("s1")), "out");
    // bad_target before series_repeat.
    let mut g = start(
        "dongsha",
        8,
        json!({"killers": ["s1", "s2"], "police": ["s3", "s4"]}),
        json!({"previous_first_victim": "ghost"}),
    );
    assert_eq!(refused(&mut g, "s1", kill("ghost")), "bad_target");
    // unknown_seat before game_over before out.
    ok(&mut g, "s1", kill("s3"));
    g.resolve_phase();
    let p = publics(&vote_out(&mut g, "s4"));
    assert_eq!(p.last(), Some(&game_over("killers")));
    assert_eq!(refused(&mut g, "ghost", kill("s1")), "unknown_seat");
    assert_eq!(refused(&mut g, "s3", kill("s1")), "game_over");
    // The spec's actions of other games: not_your_role.
    let mut g = dongsha8();
    assert_eq!(
        refused(&mut g, "s1", json!({"type": "join", "target": "s2"})),
        "not_your_role"
    );
}

#[test]
fn a_refused_submission_changes_nothing() {
    let mut g = dongsha8();
    ok(&mut g, "s1", kill("s5"));
    let before = g.clone();
    assert_eq!(refused(&mut g, "s5", kill("s6")), "not_your_role");
    assert_eq!(g.view_for("s1"), before.view_for("s1"));
    let (mut a, mut b) = (before, g.clone());
    assert_eq!(publics(&a.resolve_phase()), publics(&b.resolve_phase()));
}

#[test]
fn phases_are_numbered_from_1_and_remembered() {
    let mut g = dongsha8();
    let mut seen = vec![g.current_phase()];
    while !g.is_over() && seen.len() < 60 {
        if kind(&g) == "night" {
            let target = living(&g)[2].clone();
            ok(&mut g, "s1", kill(&target));
        }
        g.resolve_phase();
        let now = g.current_phase();
        assert_eq!(now.step, seen.last().expect("one").step + 1);
        seen.push(now);
    }
    assert!(g.is_over(), "the killers kill a seat each night");
    // The last step is the one after the end; the one that ended it is shown.
    let last = seen.pop().expect("one");
    assert_eq!(g.shown_phase(), last.step - 1);
    for p in &seen {
        assert_eq!(g.phase_of(p.step), *p);
    }
    assert_eq!(seen[0].kind, "night");
    assert_eq!((seen[1].act, seen[1].kind), (1, "last_words"));
}

#[test]
fn the_view_names_the_phase_speaker_round_and_own_submissions() {
    let mut g = dongsha8();
    ok(&mut g, "s1", kill("s5"));
    ok(&mut g, "s3", check("s2"));
    let v = g.view_for("s1").expect("seat").into_json();
    assert_eq!((&v["phase"], &v["kill"]), (&json!("night"), &json!("s5")));
    assert_eq!(v["actions"], json!(["kill"]), "no surrender while s2 lives");
    assert!(
        g.view_for("s2")
            .expect("seat")
            .into_json()
            .get("kill")
            .is_none()
    );
    assert_eq!(g.view_for("s3").expect("seat").into_json()["check"], "s2");
    assert!(g.owing().is_empty(), "each team has its kill and its check");
    g.resolve_phase();
    let v = g.view_for("s6").expect("seat").into_json();
    assert_eq!(
        (&v["phase"], &v["speaker"], &v["round"]),
        (&json!("last_words"), &json!("s5"), &json!(1))
    );
    assert_eq!(v["actions"], json!([]));
    assert_eq!(
        g.view_for("s2").expect("seat").into_json()["actions"],
        json!(["explode"])
    );
    let facts = g.judge_facts("s1", true);
    assert_eq!(facts.get("owes"), Some(&json!(false)));
}

#[test]
fn the_reveal_names_every_seats_real_id_and_role_at_the_end() {
    let mut g = dongsha8();
    assert!(g.reveal().is_none());
    night_kill(&mut g, "s1", "s3");
    vote_out(&mut g, "s4");
    let r = g.reveal().expect("over");
    assert_eq!(r["winner"], "killers");
    assert_eq!(
        r["seats"][2],
        json!({"game_id": "s3", "real_id": "r3", "role": "police", "out": {"act": 1, "cause": "killed"}})
    );
    assert_eq!(r["seats"][0]["out"], Value::Null);
}

#[test]
fn setups_that_do_not_fit_are_refused() {
    for (variant, n, setup) in [
        (
            "dongsha",
            8,
            json!({"killers": ["s1"], "police": ["s3", "s4"]}),
        ),
        ("dongsha", 8, json!({"killers": ["s1", "s2"]})),
        (
            "dongsha",
            8,
            json!({"killers": ["s1", "s2"], "police": ["s2", "s4"]}),
        ),
        (
            "dongsha",
            8,
            json!({"killers": ["s1", "s9"], "police": ["s3", "s4"]}),
        ),
        (
            "killgame",
            11,
            json!({"killers": ["s1", "s2"], "police": ["s3", "s4"]}),
        ),
        ("shengtui", 6, json!({"killers": ["s1", "s2"]})),
        ("shengtui", 6, json!({"killers": ["s1"], "police": ["s2"]})),
    ] {
        let cfg = GameConfig {
            variant: Variant::from_name(variant).expect("preset"),
            options: json!({}),
            seed: 0,
            seats: seats(n),
            setup: Some(setup.clone()),
        };
        assert!(Game::start(&cfg).is_err(), "{variant} {setup}");
    }
    // Seat ranges.
    for (variant, bad) in [
        ("dongsha", 7),
        ("dongsha", 17),
        ("killgame", 10),
        ("shengtui", 9),
        ("wujian", 3),
        ("wujian", 21),
    ] {
        let cfg = GameConfig {
            variant: Variant::from_name(variant).expect("preset"),
            options: json!({}),
            seed: 0,
            seats: seats(bad),
            setup: None,
        };
        assert!(Game::start(&cfg).is_err(), "{variant} {bad}");
    }
    // Absent or empty lists: a seeded draw of the right sizes.
    let g = start("killgame", 15, json!({"killers": []}), json!({}));
    let told = privates(&g.transcript());
    assert_eq!(told.len(), 8, "4 killers and 4 police are told");
}

/// A scenario of the dongsha8 deal with these acts (each a list of (by, action)).
fn replay_dongsha8(acts: &[Vec<(&str, Value)>]) -> Vec<Value> {
    let seats: Vec<Value> = (1..=8)
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
        "variant": "dongsha", "seed": 0, "seats": seats,
        "setup": {"killers": ["s1", "s2"], "police": ["s3", "s4"]},
        "acts": acts,
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

#[test]
fn replay_an_explosion_ends_the_day_and_later_day_submissions_of_the_act_are_not_now() {
    let lines = replay_dongsha8(&[
        vec![
            ("s3", vote("s5")),
            ("s1", explode()),
            ("s4", vote("s5")),
            ("s5", json!({"type": "vote", "target": "s6", "round": 2})),
        ],
        vec![("s2", kill("s6"))],
    ]);
    assert_eq!(
        replies(&lines),
        vec![
            (1, "s3".into(), json!("vote_recorded")),
            (1, "s1".into(), json!("exploded")),
            (1, "s4".into(), json!("not_now")),
            (1, "s5".into(), json!("not_now")),
            (2, "s2".into(), json!("kill_recorded")),
        ]
    );
    let publics: Vec<(u64, Value)> = lines
        .iter()
        .filter(|l| l["kind"] == "public")
        .map(|l| (l["act"].as_u64().unwrap_or(0), l["event"].clone()))
        .collect();
    assert_eq!(
        publics,
        vec![
            (1, peaceful("night")),
            (1, out("s1", "exploded")),
            (2, out("s6", "killed")),
            (
                2,
                json!({"type": "votes", "round": 1, "ballots": {
                    "s2": null, "s3": null, "s4": null, "s5": null, "s7": null, "s8": null}})
            ),
            (2, peaceful("day")),
        ]
    );
}

#[test]
fn replay_the_votes_of_a_round_that_does_not_happen_are_refused_in_their_act() {
    let everyone = |t: &str| -> Vec<(&'static str, Value)> {
        ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"]
            .into_iter()
            .map(|s| (s, vote(t)))
            .collect()
    };
    let mut act1 = vec![("s1", kill("s5"))];
    act1.extend(everyone("s7"));
    // Act 2: the third and fourth seats out leave no last words, so the vote opens act 3's
    // night at once; the round-2 vote is still act 2's.
    let mut act2 = vec![("s1", kill("s6"))];
    act2.extend(everyone("s3"));
    act2.push(("s4", json!({"type": "vote", "target": "s1", "round": 2})));
    let lines = replay_dongsha8(&[act1, act2]);
    let last = replies(&lines).pop().expect("a reply");
    assert_eq!(last, (2, "s4".into(), json!("not_now")));
    assert!(lines.iter().any(|l| l["event"] == out("s3", "voted")));
    assert_eq!(
        lines.last(),
        Some(&json!({"kind": "outcome", "winner": null}))
    );
}

#[test]
fn replay_after_the_end_submissions_are_game_over_and_acts_count_on() {
    let lines = replay_dongsha8(&[
        vec![
            ("s1", kill("s3")),
            ("s1", vote("s4")),
            ("s2", vote("s4")),
            ("s4", vote("s4")),
        ],
        vec![("s5", vote("s1"))],
        vec![("s6", kill("s1")), ("ghost", vote("s1"))],
    ]);
    let r = replies(&lines);
    assert_eq!(
        &r[4..],
        [
            (2, "s5".into(), json!("game_over")),
            (3, "s6".into(), json!("game_over")),
            (3, "ghost".into(), json!("unknown_seat")),
        ]
    );
    assert_eq!(
        lines.last(),
        Some(&json!({"kind": "outcome", "winner": "killers"}))
    );
    assert!(
        lines
            .iter()
            .filter(|l| l["kind"] == "public")
            .all(|l| l["act"] == 1)
    );
}
