//! A judge's own setups of the 4.0 and 5.0 books, played by this engine (`docs/setups.md`, "The
//! role books' own setups"): each rule as it reads when the counts differ from the book's.

use serde_json::{Value, json};

use super::bot;
use super::table::RoleTable;
use super::variant::custom_table;
use crate::setups::{self, read};
use crate::{Game, GameConfig, SeatSpec, Variant};

/// A 4.0 document: `deal` (role, count) with civilians filling the rest, the night calling the
/// dealt roles in the book's order, both team threads.
fn r4_doc(seats: (usize, usize), deal: &[(&str, usize)]) -> Value {
    let order = [
        "killer",
        "police",
        "undercover",
        "butterfly",
        "elder",
        "doctor",
        "secret_police",
    ];
    let night: Vec<&str> = order
        .iter()
        .copied()
        .filter(|r| deal.iter().any(|(d, k)| d == r && *k > 0))
        .collect();
    json!({
        "family": "table", "book": "r4",
        "seats": {"min": seats.0, "max": seats.1},
        "deal": deal.iter().map(|(r, k)| json!({"role": r, "count": k})).collect::<Vec<_>>(),
        "fill": "civilian",
        "win": {"rule": "r4"},
        "day": {"speeches": "ordered", "third_tie": "peaceful", "last_words": "police",
                "explode": false, "surrender": false},
        "night": night,
        "teams": ["killers", "police"],
    })
}

/// A 5.0 document dealing `deal` exactly (no fill), the night in the book's order.
fn r5_doc(deal: &[(&str, usize)]) -> Value {
    let order = [
        "butterfly",
        "magician",
        "killer",
        "elder",
        "wizard",
        "police",
        "doctor",
        "sniper",
        "good_civilian",
        "evil_civilian",
    ];
    let n: usize = deal.iter().map(|(_, k)| k).sum();
    let night: Vec<&str> = order
        .iter()
        .copied()
        .filter(|r| deal.iter().any(|(d, _)| d == r))
        .collect();
    json!({
        "family": "table", "book": "r5",
        "seats": {"min": n, "max": n},
        "deal": deal.iter().map(|(r, k)| json!({"role": r, "count": k})).collect::<Vec<_>>(),
        "fill": null,
        "win": {"rule": "r5"},
        "day": {"speeches": "ordered", "third_tie": "peaceful", "last_words": "r5",
                "explode": false, "surrender": false},
        "night": night,
        "teams": [],
    })
}

/// The handle of `doc`, named `name` (one name, one document).
fn own(name: &str, doc: &Value) -> Variant {
    let setup = read(doc).unwrap_or_else(|p| panic!("{name} holds: {p:?}"));
    assert_eq!(setups::played_as(&setup), None, "{name}: no preset's");
    setups::custom_variant(name, name, &setup).expect("the role-game engine plays it")
}

/// A game of `variant` with seats `g1`..`gn` dealt as `fixed` says.
fn game(variant: Variant, n: usize, fixed: Value) -> Game {
    let config = GameConfig {
        variant,
        options: Value::Null,
        seed: 7,
        seats: (1..=n)
            .map(|i| SeatSpec {
                game_id: format!("g{i}"),
                real_id: format!("r{i}"),
            })
            .collect(),
        setup: Some(fixed),
    };
    Game::start(&config).expect("it starts")
}

fn submit(g: &mut Game, by: &str, action: Value) {
    let s = g.submit_json(by, &action).expect("an action");
    assert!(s.result.is_ok(), "{by} {action}: {:?}", s.result);
}

/// Resolves phases until one of kind `kind` is open or the game is over.
fn until(g: &mut Game, kind: &str) {
    let mut guard = 0;
    while !g.is_over() && g.current_phase().kind != kind {
        g.resolve_phase();
        guard += 1;
        assert!(guard < 200, "no {kind} phase");
    }
}

/// Every voter in `by` votes for `target`, and the round is resolved.
fn vote(g: &mut Game, by: &[&str], target: &str) {
    until(g, "vote");
    for v in by {
        submit(g, v, json!({"type": "vote", "target": target}));
    }
    g.resolve_phase();
}

fn publics(g: &Game) -> Vec<Value> {
    g.transcript()
        .iter()
        .filter_map(|l| match l {
            crate::Line::Public { event, .. } => Some(event.to_json()),
            _ => None,
        })
        .collect()
}

/// 4.0 at 8 seats, one police: killers g1 g2, police g3, then `more` (g4 on), civilians after.
fn one_police(name: &str, more: &[(&str, usize)], change: impl FnOnce(&mut Value)) -> Variant {
    let mut deal = vec![("killer", 2), ("police", 1)];
    deal.extend_from_slice(more);
    let mut doc = r4_doc((8, 8), &deal);
    change(&mut doc);
    own(name, &doc)
}

/// The 12-seat 4.0 table of the brief: 2 killers, the undercover, 2 police, the secret police,
/// the doctor, civilians; no butterfly and no elder (their steps do nothing).
fn twelve() -> Value {
    r4_doc(
        (10, 12),
        &[
            ("killer", 2),
            ("undercover", 1),
            ("police", 2),
            ("secret_police", 1),
            ("doctor", 1),
        ],
    )
}

/// R4-1..R4-6 at a judge's own table: a 4.0 table of 12 seats (a range 10-12) is dealt as its
/// document says at the count played, and every bot game of it ends.
#[test]
fn r4_a_judges_own_table_of_12_seats_plays_to_an_end_by_bots() {
    let setup = read(&twelve()).expect("it holds");
    let (table, variant) = custom_table("r4-twelve-bots", "4.0 12", &setup).expect("played");
    assert_eq!(table.seats(), 10..=12);
    assert!(table.is_v4(), "R4's mechanics");
    assert!(!variant.is_offered());
    assert_eq!(variant.label(), Some("4.0 12"));
    assert_eq!(variant.seats(), 10..=12);
    let forms: Vec<&str> = variant.action_forms().iter().map(|f| f.kind).collect();
    assert_eq!(
        forms,
        ["kill", "check", "save", "secret_kill", "vote"],
        "no hug and no silence: no butterfly, no elder (R4-3)"
    );
    assert_eq!(variant.team_threads(), ["killers", "police"]);
    assert_eq!(
        variant.teams(12),
        [
            ("killer", 2),
            ("undercover", 1),
            ("police", 2),
            ("secret_police", 1),
            ("doctor", 1),
            ("civilian", 5)
        ]
    );
    let mut winners = [0usize; 3];
    for seed in 0..300 {
        let g = bot::play_at(table, 12, seed, 400).expect("a bot game starts");
        assert!(
            g.is_over(),
            "seed {seed}: still running after act {}",
            g.act()
        );
        assert_eq!(g.seat_count(), 12);
        let civilians = g
            .all_seats()
            .filter(|&s| g.role(s) == super::Role::Civilian)
            .count();
        assert_eq!(civilians, 5, "seed {seed}");
        match g.winner().map(|w| w.name()) {
            Some("good") => winners[0] += 1,
            Some("bad") => winners[1] += 1,
            _ => winners[2] += 1,
        }
    }
    assert!(winners[0] > 0 && winners[1] > 0, "{winners:?}");
    // At 10 seats too: 3 civilians.
    let g = bot::play_at(table, 10, 1, 400).expect("a bot game starts");
    assert_eq!(g.seat_count(), 10);
    assert!(g.is_over());
}

/// R4-6 with one police dealt: "the two police and the secret police all out" reads as every
/// police and secret police dealt. The lone police killed leaves the secret police standing,
/// and the game goes on; once the secret police is voted out too, bad wins.
#[test]
fn r4_6_with_one_police_the_police_dealt_and_the_secret_police_all_out_is_bads_win() {
    let v = one_police(
        "r4-6-one-police",
        &[("secret_police", 1), ("doctor", 1)],
        |_| {},
    );
    let fixed = json!({"killers": ["g1", "g2"], "police": "g3", "secret_police": "g4",
        "doctor": "g5"});
    let mut g = game(v, 8, fixed);
    submit(&mut g, "g1", json!({"type": "kill", "target": "g3"}));
    g.resolve_phase();
    assert_eq!(g.outcome(), None, "R4-6: the secret police still stands");
    let all = ["g1", "g2", "g4", "g5", "g6", "g7", "g8"];
    vote(&mut g, &all, "g4");
    assert_eq!(g.outcome(), Some("bad"), "R4-6: the police dealt all out");

    // Without a secret police, the lone police's death ends it at once.
    let v = one_police("r4-6-lone-police", &[("doctor", 1)], |_| {});
    let mut g = game(
        v,
        8,
        json!({"killers": ["g1", "g2"], "police": "g3", "doctor": "g4"}),
    );
    submit(&mut g, "g1", json!({"type": "kill", "target": "g3"}));
    g.resolve_phase();
    assert_eq!(g.outcome(), Some("bad"));
}

/// R4-6: a group nobody was dealt is never "all out" (as CL-10's teams): a 4.0 table dealing
/// no civilians does not end at its first night, as "all civilians are out" would have it.
#[test]
fn r4_6_a_group_nobody_was_dealt_is_never_all_out() {
    let mut doc = r4_doc(
        (6, 6),
        &[
            ("killer", 1),
            ("police", 2),
            ("secret_police", 1),
            ("doctor", 1),
            ("elder", 1),
        ],
    );
    doc["fill"] = Value::Null;
    let v = own("r4-6-no-civilians", &doc);
    let fixed = json!({"killers": ["g1"], "police": ["g2", "g3"], "secret_police": "g4",
        "doctor": "g5", "elder": "g6"});
    let mut g = game(v, 6, fixed);
    g.resolve_phase();
    assert_eq!(g.outcome(), None, "no civilians dealt: none can be all out");
    // Good still wins by R4-6 when the killers are out.
    vote(&mut g, &["g2", "g3", "g4", "g5", "g6"], "g1");
    assert_eq!(g.outcome(), Some("good"));
}

/// R4-1 (CL-4) by the document: `police` counts the police dealt (one here: only the first
/// seat out leaves last words); `all` gives every seat out its words; `none` nobody.
#[test]
fn r4_1_last_words_as_the_document_says() {
    for (name, words, first, second) in [
        ("r4-1-police", "police", true, false),
        ("r4-1-all", "all", true, true),
        ("r4-1-none", "none", false, false),
    ] {
        let v = one_police(name, &[("doctor", 1)], |d| {
            d["day"]["last_words"] = json!(words);
        });
        let mut g = game(
            v,
            8,
            json!({"killers": ["g1", "g2"], "police": "g3", "doctor": "g4"}),
        );
        submit(&mut g, "g1", json!({"type": "kill", "target": "g6"}));
        g.resolve_phase();
        assert_eq!(
            g.current_phase().kind == "last_words",
            first,
            "{name}: dawn"
        );
        let all = ["g1", "g2", "g3", "g4", "g5", "g7", "g8"];
        vote(&mut g, &all, "g7");
        assert_eq!(g.outcome(), None);
        assert_eq!(
            g.current_phase().kind == "last_words",
            second,
            "{name}: voted out"
        );
    }
}

/// R4-1's third tie puts nobody out (the 4.0 book's); a document that says `draw` (CL-7's
/// column) makes it a draw.
#[test]
fn cl_7_a_third_tie_as_the_document_says() {
    for (name, tie, outcome) in [
        ("cl-7-peaceful", "peaceful", None),
        ("cl-7-draw", "draw", Some("draw")),
    ] {
        let v = one_police(name, &[("doctor", 1)], |d| {
            d["day"]["third_tie"] = json!(tie)
        });
        let mut g = game(
            v,
            8,
            json!({"killers": ["g1", "g2"], "police": "g3", "doctor": "g4"}),
        );
        g.resolve_phase();
        for _ in 0..3 {
            until(&mut g, "vote");
            for by in ["g1", "g2", "g3", "g4"] {
                submit(&mut g, by, json!({"type": "vote", "target": "g5"}));
            }
            for by in ["g5", "g6", "g7", "g8"] {
                submit(&mut g, by, json!({"type": "vote", "target": "g6"}));
            }
            g.resolve_phase();
        }
        assert_eq!(g.outcome(), outcome, "{name}");
        if outcome.is_none() {
            assert_eq!(
                g.current_phase().kind,
                "night",
                "{name}: nobody out, the next night"
            );
        }
    }
}

/// CL-7 with `day.pk_rounds` (R4-1: 4.0's day follows CL-7): with 0 PK rounds a round-1 tie
/// is the last (its rule at once, no PK speech); with 1, the tie of the PK revote (round 2).
#[test]
fn cl_7_fewer_pk_rounds_bring_the_last_tie_sooner() {
    for (name, pk, tie, outcome) in [
        ("r4-cl-7-pk0-peaceful", 0, "peaceful", None),
        ("r4-cl-7-pk0-draw", 0, "draw", Some("draw")),
        ("r4-cl-7-pk1-peaceful", 1, "peaceful", None),
        ("r4-cl-7-pk1-draw", 1, "draw", Some("draw")),
    ] {
        let v = one_police(name, &[("doctor", 1)], |d| {
            d["day"]["third_tie"] = json!(tie);
            d["day"]["pk_rounds"] = json!(pk);
        });
        let mut g = game(
            v,
            8,
            json!({"killers": ["g1", "g2"], "police": "g3", "doctor": "g4"}),
        );
        g.resolve_phase();
        for round in 0..=pk {
            until(&mut g, "vote");
            for by in ["g1", "g2", "g3", "g4"] {
                submit(&mut g, by, json!({"type": "vote", "target": "g5"}));
            }
            for by in ["g5", "g6", "g7", "g8"] {
                submit(&mut g, by, json!({"type": "vote", "target": "g6"}));
            }
            g.resolve_phase();
            let pk_next = g.current_phase().kind == "pk";
            assert_eq!(
                pk_next,
                round < pk,
                "{name}: round {} then a PK?",
                round + 1
            );
        }
        assert_eq!(g.outcome(), outcome, "{name}");
        if outcome.is_none() {
            assert_eq!(g.current_phase().kind, "night", "{name}: the next night");
        }
    }
}

/// R4-2: the teams are the document's. A table with the killers' thread only tells the police
/// nobody and gives them no thread; its undercover still meets the killers on night 1 and
/// still checks with the police (R4-3).
#[test]
fn r4_2_the_teams_are_the_documents() {
    let v = one_police("r4-2-killers-only", &[("undercover", 1)], |d| {
        d["teams"] = json!(["killers"]);
    });
    assert_eq!(v.team_threads(), ["killers"]);
    let mut g = game(
        v,
        8,
        json!({"killers": ["g1", "g2"], "police": "g3", "undercover": "g4"}),
    );
    assert_eq!(
        g.teams_of("g4"),
        ["killers"],
        "R4-2: night 1 with the killers"
    );
    assert!(g.teams_of("g3").is_empty(), "no police thread");
    let told: Vec<Value> = g
        .transcript()
        .iter()
        .filter_map(|l| match l {
            crate::Line::Private { to, event, .. } => Some(json!([to, event.to_json()])),
            _ => None,
        })
        .collect();
    assert!(
        told.iter().all(|t| t[1]["team"] == "killers"),
        "only the killers' team is told: {told:?}"
    );
    assert_eq!(told.len(), 3, "{told:?}");
    // The check is still the police's and the undercover's, by majority (R4-3).
    submit(&mut g, "g4", json!({"type": "check", "target": "g1"}));
    let lines = g.resolve_phase();
    let results: Vec<String> = lines
        .iter()
        .filter_map(|l| match l {
            crate::Line::Private { to, event, .. } if event.to_json()["type"] == "check_result" => {
                Some(to.clone())
            }
            _ => None,
        })
        .collect();
    assert_eq!(results, ["g3", "g4"]);
    until(&mut g, "night");
    assert!(
        g.teams_of("g4").is_empty(),
        "from night 2 on, not with the killers"
    );
}

/// R4-2's note to the police team: a judge's own table without the book's count, only where it
/// deals an undercover.
#[test]
fn r4_2_the_police_teams_note_follows_the_deal() {
    let with = own("r4-2-note-with", &twelve());
    let without = one_police("r4-2-note-without", &[("doctor", 1)], |_| {});
    let teammates = json!({"type": "teammates", "team": "police", "seats": ["g3"]});
    let note = |v: Variant| {
        let m = v
            .words(crate::Say::Private(&crate::Event::new(teammates.clone())))
            .expect("words");
        format!("{m:?}")
    };
    assert!(
        note(with).contains("rg-team-note-police-own"),
        "{}",
        note(with)
    );
    assert!(!note(without).contains("rg-team-note"), "{}", note(without));
    let preset = Variant::from_name("v4wujian").expect("4.0");
    assert!(
        note(preset).contains("\"rg-team-note-police\""),
        "{}",
        note(preset)
    );
}

/// R5-5 with fewer specials: "a side's four specials" are the side's specials dealt. A 5.0 table
/// of 7 (police and doctor good; killer and magician bad; civilians) ends when the police and
/// the doctor are out, civilians alive; and, the other way, when the killer and then the
/// magician, who took the kill (R5-2), are voted out.
#[test]
fn r5_5_with_fewer_specials_the_specials_dealt_decide() {
    let deal = [
        ("police", 1),
        ("doctor", 1),
        ("killer", 1),
        ("magician", 1),
        ("good_civilian", 2),
        ("evil_civilian", 1),
    ];
    let v = own("r5-5-fewer", &r5_doc(&deal));
    assert_eq!(v.seats(), 7..=7);
    let fixed = json!({"police": "g1", "doctor": "g2", "killer": "g3", "magician": "g4",
        "good_civilian": ["g5", "g6"], "evil_civilian": "g7"});
    let mut g = game(v, 7, fixed.clone());
    submit(&mut g, "g3", json!({"type": "kill", "target": "g1"}));
    g.resolve_phase();
    assert_eq!(g.outcome(), None, "the doctor still stands");
    until(&mut g, "night");
    submit(&mut g, "g3", json!({"type": "kill", "target": "g2"}));
    g.resolve_phase();
    assert_eq!(
        g.outcome(),
        Some("bad"),
        "R5-5: the good specials dealt are out"
    );

    let mut g = game(v, 7, fixed);
    g.resolve_phase();
    vote(&mut g, &["g1", "g2", "g4", "g5", "g6", "g7"], "g3");
    assert_eq!(g.outcome(), None, "R5-2: the magician holds the kill now");
    let told = g.transcript().iter().any(|l| {
        matches!(l, crate::Line::Private { to, event, .. }
            if to == "g4" && event.to_json()["type"] == "kill_inherited")
    });
    assert!(told, "R5-2: the magician is told");
    until(&mut g, "night");
    g.resolve_phase();
    vote(&mut g, &["g1", "g2", "g5", "g6", "g7"], "g4");
    assert_eq!(
        g.outcome(),
        Some("good"),
        "R5-5: the bad specials dealt are out"
    );
    let outs: Vec<Value> = publics(&g)
        .into_iter()
        .filter(|e| e["type"] == "out")
        .collect();
    assert_eq!(outs.len(), 2, "{outs:?}");
}

/// A 5.0 table of 12 (the book's ten, two more good civilians) plays by bots to an end, and
/// the bots' balance is estimated; its forms are the book's (R5-1).
#[test]
fn r5_a_judges_own_table_plays_by_bots() {
    let mut deal: Vec<(&str, usize)> = RoleTable::Preset(super::RoleGame::V5Emin)
        .deal(10)
        .into_iter()
        .map(|(r, k)| (r.name(), k))
        .collect();
    for d in &mut deal {
        if d.0 == "good_civilian" {
            d.1 = 3;
        }
    }
    let v = own("r5-twelve", &r5_doc(&deal));
    assert_eq!(v.seats(), 12..=12);
    let forms: Vec<&str> = v.action_forms().iter().map(|f| f.kind).collect();
    assert_eq!(forms.len(), 10, "{forms:?}");
    let b = setups::balance::estimate(v, 12, 200);
    assert_eq!(b.games, 200);
    let names: Vec<&str> = b.sides.iter().map(|s| s.side).collect();
    assert_eq!(names, ["good", "bad", "draw"], "no game unfinished");
    assert_eq!(setups::balance::estimate(v, 12, 200), b, "seeded");
}

/// A replay scenario may carry a judge's own 4.0 document (`replay.md`: `document` in place of
/// `variant`): it plays by the role-game engine, dealt as its `setup` says, and the same
/// document is the same handle.
#[test]
fn a_replay_scenario_with_a_judges_own_r4_document_runs() {
    let seats: Vec<Value> = (1..=8)
        .map(|i| json!({"game_id": format!("g{i}"), "real_id": format!("r{i}")}))
        .collect();
    let doc = r4_doc((8, 8), &[("killer", 2), ("police", 1), ("doctor", 1)]);
    let scenario = json!({
        "document": doc,
        "seed": 3,
        "seats": seats,
        "setup": {"killers": ["g1", "g2"], "police": "g3", "doctor": "g4"},
        "acts": [
            {"submit": [
                {"by": "g1", "action": {"type": "kill", "target": "g3"}},
                {"by": "g4", "action": {"type": "save", "target": "g5"}}
            ]}
        ]
    });
    let s = crate::scenario::Scenario::parse(&scenario.to_string()).expect("it parses");
    assert!(s.config.variant.name().starts_with("document-"));
    let again = crate::scenario::Scenario::parse(&scenario.to_string()).expect("again");
    assert_eq!(
        again.config.variant, s.config.variant,
        "one handle per document"
    );
    let lines: Vec<Value> = s
        .run()
        .expect("it runs")
        .iter()
        .map(|l| l.to_json_with(None))
        .collect();
    assert!(
        lines.iter().any(|l| l["kind"] == "private"
            && l["event"]["type"] == "teammates"
            && l["event"]["team"] == "killers"),
        "R4-2"
    );
    assert!(
        lines
            .iter()
            .any(|l| l["event"] == json!({"type": "out", "target": "g3", "cause": "night"})),
        "R4-4"
    );
    // R4-6: the lone police (no secret police dealt) is out: bad wins at once.
    assert_eq!(
        lines.last(),
        Some(&json!({"kind": "outcome", "winner": "bad"}))
    );
    // A fixed deal of the wrong count is the scenario's error, not a panic.
    let mut wrong = scenario.clone();
    wrong["setup"]["killers"] = json!(["g1"]);
    assert!(crate::scenario::Scenario::parse(&wrong.to_string()).is_err());
}

/// Every seat's view, facts and allowed actions of a judge's own table, phase by phase, while
/// its seats submit what they are allowed at random: nothing panics, what a seat is offered it
/// may submit (a fitting target aside), and the game keeps its seat count.
#[test]
fn a_judges_own_tables_views_hold_through_random_play() {
    let r5 = {
        let mut deal: Vec<(&str, usize)> = RoleTable::Preset(super::RoleGame::V5Emin)
            .deal(10)
            .into_iter()
            .map(|(r, k)| (r.name(), k))
            .collect();
        // No butterfly (R5-3 1.: no hug), a second evil civilian.
        deal.retain(|(r, _)| *r != "butterfly");
        for d in &mut deal {
            if d.0 == "evil_civilian" {
                d.1 = 2;
            }
        }
        deal
    };
    let tables = [
        (own("views-r4", &twelve()), vec![10, 11, 12]),
        (own("views-r5", &r5_doc(&r5)), vec![10]),
    ];
    for (v, counts) in tables {
        for n in counts {
            for seed in 0..20u64 {
                let ids: Vec<String> = (1..=n).map(|i| format!("g{i}")).collect();
                let config = GameConfig {
                    variant: v,
                    options: Value::Null,
                    seed,
                    seats: ids
                        .iter()
                        .map(|g| SeatSpec {
                            game_id: g.clone(),
                            real_id: format!("r-{g}"),
                        })
                        .collect(),
                    setup: None,
                };
                let mut g = Game::start(&config).expect("it starts");
                let mut rng = crate::sim::BotRng::new(seed, 11);
                for _ in 0..150 {
                    if g.is_over() {
                        break;
                    }
                    for id in &ids {
                        let view = g.view_for(id).expect("a view").to_json();
                        assert!(view["role"].is_string());
                        let _ = g.judge_facts(id, true);
                        let allowed = g.allowed_actions(id);
                        if allowed.is_empty() || rng.chance(0.2) {
                            continue;
                        }
                        let kind = allowed[rng.below(allowed.len())];
                        let target = &ids[rng.below(n)];
                        let s = g
                            .submit_json(id, &json!({"type": kind, "target": target}))
                            .expect("it parses");
                        if let Err(e) = s.result {
                            assert!(
                                ["bad_target", "self_target", "not_tied"].contains(&e.error),
                                "{id} {kind} {target}: {e:?}"
                            );
                        }
                    }
                    g.resolve_phase();
                }
                assert_eq!(g.seats().len(), n);
                if let Some(reveal) = g.reveal() {
                    assert_eq!(reveal["seats"].as_array().map(Vec::len), Some(n));
                }
            }
        }
    }
}
