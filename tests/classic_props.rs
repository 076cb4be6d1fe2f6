//! Property tests of the classic presets over random games: random (often illegal) submissions
//! and resolutions through `rules::Game`, and bot-played games.

use std::collections::BTreeMap;

use maku::rules::classic::{Preset, bot};
use maku::rules::scenario::Scenario;
use maku::rules::{Game, GameConfig, Line, Phase, SeatSpec, Variant};
use proptest::prelude::*;
use serde_json::{Value, json};

/// A generated submission; a seat number `n` (one past the last) is an unknown name.
#[derive(Clone, Debug)]
enum Gen {
    Kill(u8),
    Check(u8),
    Surrender,
    Peek(u8),
    Explode(Option<u8>),
    Vote(Option<u8>, Option<u8>),
    Foreign,
}

#[derive(Clone, Debug)]
enum Op {
    Submit(u8, Gen),
    Resolve,
}

#[derive(Clone, Debug)]
struct Case {
    preset: Preset,
    seats: u8,
    seed: u64,
    free: bool,
    ops: Vec<Op>,
}

fn gen_action(n: u8) -> impl Strategy<Value = Gen> {
    let seat = 0..=n;
    let round = prop::option::weighted(0.3, 1u8..=3);
    prop_oneof![
        3 => seat.clone().prop_map(Gen::Kill),
        2 => seat.clone().prop_map(Gen::Check),
        1 => Just(Gen::Surrender),
        2 => (0u8..3).prop_map(Gen::Peek),
        1 => round.clone().prop_map(Gen::Explode),
        8 => (prop::option::weighted(0.85, seat), round).prop_map(|(t, r)| Gen::Vote(t, r)),
        1 => Just(Gen::Foreign),
    ]
}

fn gen_case() -> impl Strategy<Value = Case> {
    prop::sample::select(Preset::ALL.to_vec()).prop_flat_map(|preset| {
        let range = preset.seats();
        (*range.start() as u8..=*range.end() as u8).prop_flat_map(move |n| {
            let op = prop_oneof![
                5 => (0..=n, gen_action(n)).prop_map(|(by, g)| Op::Submit(by, g)),
                3 => Just(Op::Resolve),
            ];
            (
                Just(preset),
                Just(n),
                any::<u64>(),
                prop::bool::weighted(0.3),
                prop::collection::vec(op, 0..160),
            )
                .prop_map(|(preset, seats, seed, free, ops)| Case {
                    preset,
                    seats,
                    seed,
                    free,
                    ops,
                })
        })
    })
}

fn name(i: u8, n: u8) -> String {
    if i >= n {
        "nobody".into()
    } else {
        format!("g{}", i + 1)
    }
}

fn action_json(g: &Gen, n: u8) -> Value {
    let with_round = |mut v: Value, r: &Option<u8>| {
        if let Some(r) = r {
            v["round"] = json!(r);
        }
        v
    };
    match g {
        Gen::Kill(t) => json!({"type": "kill", "target": name(*t, n)}),
        Gen::Check(t) => json!({"type": "check", "target": name(*t, n)}),
        Gen::Surrender => json!({"type": "surrender"}),
        Gen::Peek(c) => {
            let call = ["匪", "警", "none"][usize::from(*c)];
            json!({"type": "peek", "call": call})
        }
        Gen::Explode(r) => with_round(json!({"type": "explode"}), r),
        Gen::Vote(t, r) => with_round(json!({"type": "vote", "target": t.map(|t| name(t, n))}), r),
        Gen::Foreign => json!({"type": "join", "target": name(0, n)}),
    }
}

fn start(c: &Case) -> Game {
    let config = GameConfig {
        variant: Variant::from_name(c.preset.name()).expect("a variant"),
        options: if c.free {
            json!({"speeches": "free"})
        } else {
            json!({})
        },
        seed: c.seed,
        seats: (1..=c.seats)
            .map(|i| SeatSpec {
                game_id: format!("g{i}"),
                real_id: format!("r{i}"),
            })
            .collect(),
        setup: None,
    };
    Game::start(&config).expect("a valid game")
}

/// Everything a reader, a seat or the judge can see of the game now.
fn observable(g: &Game) -> Value {
    let seats = g.seats();
    let views: Vec<Value> = seats
        .iter()
        .map(|s| {
            json!({
                "view": g.view_for(&s.game_id),
                "facts": g.judge_facts(&s.game_id, true),
                "may_post": g.may_post(&s.game_id),
            })
        })
        .collect();
    json!({
        "phase": g.current_phase(),
        "shown": g.shown_phase(),
        "seats": seats,
        "views": views,
        "ballots": g.ballots(),
        "owing": g.owing(),
        "outcome": g.outcome(),
        "speaker": g.speaker(),
        "round": g.vote_round(),
        "candidates": g.vote_candidates(),
    })
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

/// Plays the case, checking as it goes; returns every line.
fn play(c: &Case) -> Result<(Game, Vec<Line>), TestCaseError> {
    let mut g = start(c);
    let mut lines = g.transcript();
    let mut phases: BTreeMap<u32, Phase> = BTreeMap::new();
    phases.insert(g.current_phase().step, g.current_phase());
    for op in &c.ops {
        let step = g.current_phase().step;
        let before = g.clone();
        match op {
            Op::Resolve => lines.extend(g.resolve_phase()),
            Op::Submit(by, generated) => {
                let action = action_json(generated, c.seats);
                let s = g.submit_json(&name(*by, c.seats), &action).expect("parses");
                if s.result.is_err() {
                    // A refused submission changes nothing: what anyone sees, and what the
                    // next resolution does.
                    prop_assert_eq!(observable(&before), observable(&g), "{}", action);
                    prop_assert_eq!(s.lines.len(), 1);
                    let (mut a, mut b) = (before.clone(), g.clone());
                    prop_assert_eq!(publics(&a.resolve_phase()), publics(&b.resolve_phase()));
                }
                if before.is_over() {
                    prop_assert!(s.result.is_err(), "accepted after the end: {}", action);
                    let want = if *by < c.seats {
                        "game_over"
                    } else {
                        "unknown_seat"
                    };
                    prop_assert_eq!(s.result.as_ref().err().map(|r| r.error), Some(want));
                }
                lines.extend(s.lines);
            }
        }
        let now = g.current_phase();
        // Every phase's step is one more than the last.
        prop_assert!(
            now.step == step || now.step == step + 1,
            "{} -> {}",
            step,
            now.step
        );
        if !g.is_over() {
            phases.entry(now.step).or_insert(now);
        }
    }
    // The history remembers every phase as it was.
    for (step, p) in &phases {
        prop_assert_eq!(g.phase_of(*step), *p);
    }
    Ok((g, lines))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_games_are_deterministic_and_keep_the_rules(c in gen_case()) {
        let (g, lines) = play(&c)?;
        // Folding the same submissions twice gives the same transcript.
        let (g2, lines2) = play(&c)?;
        prop_assert_eq!(&lines, &lines2);
        prop_assert_eq!(g.transcript(), g2.transcript());
        // At most one winner, and the outcome is it.
        let overs: Vec<Value> = publics(&lines)
            .into_iter()
            .filter(|e| e["type"] == "game_over")
            .collect();
        prop_assert!(overs.len() <= 1, "{:?}", overs);
        match overs.first() {
            Some(e) => {
                prop_assert_eq!(e["winner"].as_str(), g.outcome());
                prop_assert!(Variant::from_name(c.preset.name()).expect("a variant").outcomes().contains(&g.outcome().unwrap_or("")));
            }
            None => prop_assert_eq!(g.outcome(), None),
        }
        // No submission accepted after the game_over line.
        if let Some(at) = lines.iter().position(|l| matches!(l, Line::Public { event, .. } if event.to_json()["type"] == "game_over")) {
            let accepted_after = lines[at..].iter().any(|l| matches!(l, Line::Reply { ok: true, .. }));
            prop_assert!(!accepted_after);
        }
        // Only living seats are named by the ballots of a vote, and out seats never come back.
        let mut out = std::collections::BTreeSet::new();
        for e in publics(&lines) {
            if e["type"] == "out" {
                prop_assert!(out.insert(e["target"].to_string()), "out twice: {}", e);
            }
            if e["type"] == "votes" {
                let ballots = e["ballots"].as_object().cloned().unwrap_or_default();
                prop_assert!(ballots.keys().all(|k| !out.contains(&json!(k).to_string())));
            }
        }
    }

    #[test]
    fn replaying_a_random_scenario_twice_gives_the_same_lines(c in gen_case()) {
        // The same submissions as a scenario, cut into acts at every fourth resolve.
        let mut acts = vec![Vec::new()];
        let mut resolves = 0;
        for op in &c.ops {
            match op {
                Op::Submit(by, g) => acts.last_mut().expect("an act").push(json!({"by": name(*by, c.seats), "action": action_json(g, c.seats)})),
                Op::Resolve => {
                    resolves += 1;
                    if resolves % 4 == 0 {
                        acts.push(Vec::new());
                    }
                }
            }
        }
        let seats: Vec<Value> = (1..=c.seats).map(|i| json!({"game_id": format!("g{i}"), "real_id": format!("r{i}")})).collect();
        let text = json!({
            "variant": c.preset.name(), "seed": c.seed, "seats": seats,
            "acts": acts.iter().map(|a| json!({"submit": a})).collect::<Vec<_>>(),
        }).to_string();
        let scenario = Scenario::parse(&text).expect("a valid scenario");
        let a = scenario.run().expect("runs");
        let b = scenario.run().expect("runs");
        prop_assert_eq!(&a, &b);
        let outcome_last = matches!(a.last(), Some(Line::Outcome { .. }));
        prop_assert!(outcome_last);
        // Each reply is dated with the act it was submitted in: one reply per submission.
        for (k, subs) in acts.iter().enumerate() {
            let dated = a
                .iter()
                .filter(|l| matches!(l, Line::Reply { act, .. } if *act as usize == k + 1))
                .count();
            prop_assert_eq!(dated, subs.len(), "act {}", k + 1);
        }
    }

    #[test]
    fn bot_games_end_cleanly(
        preset in prop::sample::select(Preset::ALL.to_vec()),
        extra in 0usize..20,
        seed in any::<u64>(),
    ) {
        let range = preset.seats();
        let seats = range.start() + extra % (range.end() - range.start() + 1);
        let g = bot::play(preset.table(), seats, seed, 500).expect("a bot game starts");
        prop_assert!(g.is_over(), "{} seats of {} still running after act {}", seats, preset.name(), g.act());
        let living = g.living().count();
        prop_assert!(living > 0);
    }
}
