//! The preset documents say what the ruling books' tables say, and a document that does not
//! hold says every problem at its field.

use serde_json::{Value, json};

use super::*;
use crate::classic::Preset;
use crate::roles::RoleGame;

fn problems(doc: &Value) -> Vec<(String, String)> {
    match read(doc) {
        Ok(_) => Vec::new(),
        Err(p) => p
            .into_iter()
            .map(|p| {
                let key = match p.message {
                    Message::Say { key, .. } => key.into_owned(),
                    other => format!("{other:?}"),
                };
                (p.path, key)
            })
            .collect(),
    }
}

fn doc(name: &str) -> Value {
    let text = PRESETS
        .iter()
        .find(|(n, _)| *n == name)
        .expect("a preset")
        .1;
    serde_json::from_str(text).expect("JSON")
}

use crate::message::Message;

#[test]
fn every_preset_reads_and_writes_back_the_same_setup() {
    for &(name, _) in PRESETS {
        let setup = preset(name).expect("it reads");
        assert_eq!(read(&setup.to_json()).as_ref(), Ok(setup), "{name}");
        assert!(
            crate::Variant::from_name(name).is_some(),
            "{name} is a variant"
        );
    }
}

/// classic.md's presets table, row by row: seats, police/killers by seat count, all civilians
/// out, third tie; CL-8's self-explode (dongsha only).
#[test]
fn the_classic_documents_are_the_books_table() {
    type Row = (
        &'static str,
        usize,
        usize,
        fn(usize) -> (usize, usize),
        Option<CiviliansOut>,
        ThirdTie,
        bool,
    );
    let rows: [Row; 4] = [
        (
            "dongsha",
            8,
            16,
            |n| match n {
                ..=10 => (2, 2),
                11..=14 => (3, 3),
                _ => (4, 4),
            },
            Some(CiviliansOut::Killers),
            ThirdTie::Peaceful,
            true,
        ),
        (
            "killgame",
            11,
            16,
            |n| if n <= 14 { (3, 3) } else { (4, 4) },
            Some(CiviliansOut::Draw),
            ThirdTie::Draw,
            false,
        ),
        (
            "shengtui",
            6,
            8,
            |_| (1, 0),
            None,
            ThirdTie::Peaceful,
            false,
        ),
        ("wujian", 4, 20, |_| (0, 0), None, ThirdTie::Ends, false),
    ];
    for (name, min, max, teams, out, tie, explode) in rows {
        let s = preset(name).expect("a preset");
        let p = Preset::from_name(name).expect("a classic preset");
        assert_eq!(s.seats, min..=max, "{name}");
        assert_eq!(p.seats(), s.seats, "{name}");
        for n in min..=max {
            let dealt = (
                s.count_of(RoleCode::Killer, n),
                s.count_of(RoleCode::Police, n),
            );
            assert_eq!(dealt, teams(n), "{name} at {n} seats");
            let total: usize = s.deal_at(n).iter().map(|(_, k)| k).sum();
            if name == "wujian" {
                // WJ-1: ⌈n/2⌉ cards each, one undealt when n is odd.
                assert_eq!(s.count_of(RoleCode::Bandit, n), n.div_ceil(2));
                assert_eq!(total, 2 * n.div_ceil(2), "{name} at {n}");
            } else {
                assert_eq!(total, n, "{name} at {n} seats");
            }
        }
        match (s.win, out) {
            (Win::Sides { civilians_out }, Some(o)) => assert_eq!(civilians_out, o, "{name}"),
            (Win::Shengtui, None) => assert_eq!(name, "shengtui"),
            (Win::Wujian, None) => assert_eq!(name, "wujian"),
            other => panic!("{name}: {other:?}"),
        }
        assert_eq!(s.day.third_tie, tie, "{name}");
        assert_eq!(s.day.explode, explode, "{name}");
        assert_eq!(s.outcomes(), p.outcomes(), "{name}");
        let threads: Vec<&str> = s.teams.iter().map(|t| t.name()).collect();
        assert_eq!(threads, p.team_threads(), "{name}");
    }
}

/// roles.md's deals (4.0: 16 seats; 5.0: one of each of ten), sides (the elder good in 4.0, bad
/// in 5.0) and team threads (R4-2), as the book lists them.
#[test]
fn the_role_game_documents_are_the_books_deals() {
    let v4 = [
        ("butterfly", 1, "good"),
        ("elder", 1, "good"),
        ("doctor", 1, "good"),
        ("killer", 3, "bad"),
        ("undercover", 1, "bad"),
        ("police", 2, "good"),
        ("secret_police", 1, "good"),
        ("civilian", 6, "good"),
    ];
    let v5 = [
        ("butterfly", 1, "good"),
        ("sniper", 1, "good"),
        ("doctor", 1, "good"),
        ("police", 1, "good"),
        ("good_civilian", 1, "good"),
        ("magician", 1, "bad"),
        ("killer", 1, "bad"),
        ("elder", 1, "bad"),
        ("wizard", 1, "bad"),
        ("evil_civilian", 1, "bad"),
    ];
    for (g, book, n) in [
        (RoleGame::V4Wujian, &v4[..], 16),
        (RoleGame::V5Emin, &v5[..], 10),
    ] {
        let s = preset(g.name()).expect("a preset");
        assert_eq!(s.seats, n..=n, "{}", g.name());
        assert_eq!(g.seats(), s.seats, "{}", g.name());
        let dealt: Vec<(&str, usize, &str)> = g
            .deal()
            .into_iter()
            .map(|(r, k)| (r.name(), k, g.side(r).name()))
            .collect();
        assert_eq!(dealt, book, "{}", g.name());
        let threads: Vec<&str> = s.teams.iter().map(|t| t.name()).collect();
        assert_eq!(threads, g.team_threads(), "{}", g.name());
    }
}

#[test]
fn a_document_that_does_not_hold_says_every_problem_at_its_field() {
    // 东杀 by 4.0's book with 5.0's wizard (4.0 has none; the classic book now has every code,
    // 4.0's doctor, butterfly, secret police, forest elder and undercover and 5.0's sniper,
    // magician, wizard and civilians among them, so a role its book lacks is shown at a 4.0
    // table), a typo, a gap in a count table and a night that forgets the police.
    let mut d = doc("dongsha");
    d["book"] = json!("r4");
    d["deal"][0]["count"] = json!({"8-9": 2, "11-14": 3, "15-16": 4});
    d["deal"]
        .as_array_mut()
        .expect("a list")
        .push(json!({"role": "wizard", "count": 1}));
    d["night"] = json!(["killer", "wizard"]);
    d["day"]["thrid_tie"] = json!("draw");
    let found = problems(&d);
    assert_eq!(
        found,
        vec![(
            "day.thrid_tie".to_string(),
            "setup-unknown-field".to_string()
        )],
        "a reading problem comes first and alone: the rest is checked on what reads"
    );
    d["day"]
        .as_object_mut()
        .expect("an object")
        .remove("thrid_tie");
    let found = problems(&d);
    for expected in [
        ("deal[2].role", "setup-role-not-in-book"),
        ("deal[0].count", "setup-range-missing"),
        ("night", "setup-night-missing"),
        ("deal", "setup-no-killer"),
    ] {
        assert!(
            found
                .iter()
                .any(|(p, k)| (p.as_str(), k.as_str()) == expected),
            "{expected:?} in {found:?}"
        );
    }
    // The same table games from the 4.0 book, with its doctor: a doctor plays by R4-3.
    d["deal"][2]["role"] = json!("doctor");
    d["win"] = json!({"rule": "r4"});
    d["day"]["explode"] = json!(false);
    d["day"]["surrender"] = json!(false);
    d["deal"][0]["count"] = json!({"8-10": 2, "11-14": 3, "15-16": 4});
    d["night"] = json!(["killer", "police", "doctor"]);
    assert_eq!(
        problems(&d),
        Vec::<(String, String)>::new(),
        "东杀 with a doctor, by 4.0's book"
    );
    let setup = read(&d).expect("it holds");
    assert_eq!(
        setup.deal_at(9),
        vec![
            (RoleCode::Killer, 2),
            (RoleCode::Police, 2),
            (RoleCode::Doctor, 1),
            (RoleCode::Civilian, 4)
        ]
    );
}

#[test]
fn each_kind_of_problem_is_found() {
    type Case = (&'static str, fn(&mut Value), (&'static str, &'static str));
    let cases: Vec<Case> = vec![
        (
            "not an object",
            |d| *d = json!([1]),
            ("", "setup-want-object"),
        ),
        (
            "unknown book",
            |d| d["book"] = json!("r6"),
            ("book", "setup-unknown-value"),
        ),
        (
            "missing win",
            |d| {
                d.as_object_mut().map(|m| m.remove("win"));
            },
            ("win", "setup-missing"),
        ),
        (
            "seats backwards",
            |d| d["seats"] = json!({"min": 12, "max": 9}),
            ("seats", "setup-seats"),
        ),
        (
            "too many seats",
            |d| d["seats"]["max"] = json!(40),
            ("seats", "setup-seats"),
        ),
        (
            "a count as text",
            |d| d["deal"][1]["count"] = json!("2"),
            ("deal[1].count", "setup-want-number"),
        ),
        (
            "a bad range",
            |d| d["deal"][1]["count"] = json!({"10-8": 2}),
            ("deal[1].count.10-8", "setup-bad-range"),
        ),
        (
            "ranges overlap",
            |d| d["deal"][1]["count"] = json!({"8-12": 2, "11-16": 3}),
            ("deal[1].count", "setup-range-overlap"),
        ),
        (
            "a range outside",
            |d| d["deal"][1]["count"] = json!({"6-10": 2, "11-16": 3}),
            ("deal[1].count.6-10", "setup-range-outside"),
        ),
        (
            "more roles than seats",
            |d| d["deal"][1]["count"] = json!(7),
            ("deal", "setup-too-many"),
        ),
        (
            "seats left with no fill",
            |d| d["fill"] = json!(null),
            ("deal", "setup-too-few"),
        ),
        (
            "a role twice",
            |d| d["deal"][1]["role"] = json!("killer"),
            ("deal[1].role", "setup-role-twice"),
        ),
        (
            "fill dealt",
            |d| d["fill"] = json!("police"),
            ("fill", "setup-fill-dealt"),
        ),
        (
            "night of an undealt role",
            |d| d["night"] = json!(["killer", "police", "butterfly"]),
            ("night[2]", "setup-night-not-dealt"),
        ),
        (
            "night of a role without action",
            |d| d["night"] = json!(["killer", "police", "civilian"]),
            ("night[2]", "setup-night-no-action"),
        ),
        (
            "a team nobody sits in",
            |d| {
                d["deal"]
                    .as_array_mut()
                    .map(|a| a.truncate(1))
                    .unwrap_or(())
            },
            ("teams[1]", "setup-team-empty"),
        ),
        (
            "a win rule of another book",
            |d| d["win"] = json!({"rule": "r5"}),
            ("win.rule", "setup-win-book"),
        ),
        (
            "wujian's deal",
            |d| d["win"] = json!({"rule": "wujian"}),
            ("deal", "setup-wujian-deal"),
        ),
        (
            "civilians_out with shengtui",
            |d| d["win"] = json!({"rule": "shengtui", "civilians_out": "draw"}),
            ("win.civilians_out", "setup-unknown-field"),
        ),
        (
            "a third tie that ends",
            |d| d["day"]["third_tie"] = json!("ends"),
            ("day.third_tie", "setup-third-tie-ends"),
        ),
        (
            "explode without killers' book",
            |d| {
                d["book"] = json!("r4");
                d["win"] = json!({"rule": "r4"});
            },
            ("day.explode", "setup-day-explode"),
        ),
        (
            "a flag as text",
            |d| d["day"]["explode"] = json!("yes"),
            ("day.explode", "setup-want-flag"),
        ),
        (
            "last words of 5.0",
            |d| d["day"]["last_words"] = json!("r5"),
            ("day.last_words", "setup-last-words-r5"),
        ),
    ];
    for (what, change, expected) in cases {
        let mut d = doc("dongsha");
        change(&mut d);
        let found = problems(&d);
        assert!(
            found
                .iter()
                .any(|(p, k)| (p.as_str(), k.as_str()) == expected),
            "{what}: {expected:?} in {found:?}"
        );
    }
    // Nothing a user sends panics the reader.
    for d in [
        json!(null),
        json!("x"),
        json!({"deal": 3}),
        json!({"seats": {"min": -1, "max": 1e9}}),
        json!({"deal": [{"role": 1, "count": {"": -2}}]}),
    ] {
        assert!(read(&d).is_err(), "{d}");
    }
}

/// Every problem key the reader and the checks use, worded in both languages (the shell's
/// catalog, `locales/*/setups.ftl`; the server's i18n test reads this list).
#[test]
fn problem_keys_are_listed() {
    let source = [include_str!("document.rs"), include_str!("check.rs")].concat();
    let mut keys: Vec<&str> = source
        .match_indices("\"setup-")
        .map(|(i, _)| {
            let rest = &source[i + 1..];
            &rest[..rest.find('"').unwrap_or(0)]
        })
        .collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys, PROBLEM_KEYS, "PROBLEM_KEYS names every key used");
}

/// A judge's own classic setup is played by the classic engine, bots included: 东杀 with one
/// police at 9 seats gives the killers more games than 东杀 (CL-10: the lone officer's death
/// ends it), and every game ends.
#[test]
fn a_judges_own_classic_setup_plays_and_its_bots_play_it() {
    let mut d = doc("dongsha");
    d["deal"][1]["count"] = json!(1);
    let setup = read(&d).expect("it holds");
    assert_eq!(played_as(&setup), None, "no preset's");
    let own =
        custom_variant("one-police", "一警东杀 v1", &setup).expect("the classic engine plays it");
    assert_eq!(own.name(), "one-police");
    assert_eq!(own.label(), Some("一警东杀 v1"));
    assert_eq!(
        crate::Variant::from_name("one-police"),
        Some(own),
        "found by its name"
    );
    assert_eq!(
        custom_variant("dongsha", "x", &setup),
        None,
        "a preset's name is its own"
    );
    assert_eq!(own.seats(), 8..=16);
    assert!(
        !own.is_offered(),
        "not in the create form's list of presets"
    );
    let kinds: Vec<&str> = own.action_forms().iter().map(|f| f.kind).collect();
    assert_eq!(kinds, ["kill", "check", "explode", "surrender", "vote"]);
    let params = crate::sim::SimParams {
        seats: 9,
        guess: 0.0,
        max_phases: 400,
    };
    let killers = |v: crate::Variant| {
        let stats = v.simulate(&params, 0..1500, &crate::sim::Progress::default());
        assert_eq!(stats.games, 1500);
        let count = |k: &str| {
            stats
                .outcomes
                .iter()
                .find(|(o, _)| *o == k)
                .map_or(0, |o| o.1)
        };
        assert_eq!(
            count("good") + count("killers") + count("draw"),
            1500,
            "{}: every game ends",
            v.name()
        );
        count("killers")
    };
    let dongsha = crate::Variant::from_name("dongsha").expect("dongsha");
    let (ours, theirs) = (killers(own), killers(dongsha));
    assert!(
        ours > theirs,
        "one police: {ours} killers' wins, 东杀: {theirs}"
    );
    // A setup of the role books is the role-game engine's (`roles::custom`).
    let mut v4 = doc("v4wujian");
    v4["deal"][0]["count"] = json!(0);
    v4["night"] = json!([
        "killer",
        "police",
        "undercover",
        "elder",
        "doctor",
        "secret_police"
    ]);
    let v4 = read(&v4).expect("it holds");
    assert_eq!(played_as(&v4), None);
    let own = custom_variant("v4-own", "4.0 无花蝴蝶 v1", &v4).expect("played");
    assert_eq!(own.outcomes(), ["good", "bad", "draw"]);
    assert!(!own.is_offered());
}

/// Death Note keeps its own engine: its house rules are the choices its book leaves to the
/// judge (`redistribute`, the book's `edition`…), each at the book's reading.
#[test]
fn death_notes_house_rules_are_its_options_at_their_defaults() {
    let own: Vec<&str> = own_engines().map(|v| v.name()).collect();
    assert_eq!(own, ["deathnote"]);
    let dn = crate::Variant::from_name("deathnote").expect("Death Note");
    let doc = house_rules(dn);
    assert_eq!(doc["family"], "deathnote");
    assert_eq!(doc["seats"], json!({"min": 6, "max": 40}));
    assert_eq!(
        doc["house_rules"]["redistribute"], true,
        "DN: redistribute by default"
    );
    let rules = doc["house_rules"].as_object().expect("an object");
    assert_eq!(rules.len(), dn.option_fields().len());
}

/// A game of a judge's own table: 9 seats, killers g1 g2, the lone officer g3, `change`d from
/// 东杀 with one police.
fn own_table(name: &str, change: impl FnOnce(&mut Value)) -> crate::Game {
    let mut d = doc("dongsha");
    d["deal"][1]["count"] = json!(1);
    change(&mut d);
    let setup = read(&d).expect("it holds");
    let variant = custom_variant(name, name, &setup).expect("the classic engine plays it");
    let config = crate::GameConfig {
        variant,
        options: Value::Null,
        seed: 1,
        seats: (1..=9)
            .map(|i| crate::SeatSpec {
                game_id: format!("g{i}"),
                real_id: format!("r{i}"),
            })
            .collect(),
        setup: Some(json!({"killers": ["g1", "g2"], "police": ["g3"]})),
    };
    crate::Game::start(&config).expect("it starts")
}

fn error_of(g: &mut crate::Game, by: &str, action: Value) -> Option<&'static str> {
    let submitted = g.submit_json(by, &action).expect("an action");
    submitted.result.err().map(|r| r.error)
}

/// CL-4 by the document: with one police dealt, the first seat out leaves last words; with
/// `last_words: "none"`, nobody does.
#[test]
fn cl_4_a_judges_table_counts_last_words_by_its_own_police() {
    for (name, words, expected) in [
        ("cl4-one-police", "police", "last_words"),
        ("cl4-none", "none", "speech"),
    ] {
        let mut g = own_table(name, |d| d["day"]["last_words"] = json!(words));
        for by in ["g1", "g2"] {
            assert_eq!(
                error_of(&mut g, by, json!({"type": "kill", "target": "g4"})),
                None
            );
        }
        g.resolve_phase();
        assert_eq!(
            g.current_phase().kind,
            expected,
            "{name}: after the night's kill"
        );
    }
}

/// CL-9 and CL-8 by the document: a table without surrender refuses it as not the seat's role
/// (not merely not now); one with self-explode takes a killer's by day.
#[test]
fn cl_8_cl_9_a_judges_table_has_the_actions_its_document_gives() {
    let mut g = own_table("cl9-off", |d| d["day"]["surrender"] = json!(false));
    assert_eq!(
        error_of(&mut g, "g3", json!({"type": "surrender"})),
        Some("not_your_role"),
        "CL-9 is off"
    );
    let mut g = own_table("cl9-on", |_| {});
    assert_eq!(
        error_of(&mut g, "g3", json!({"type": "surrender"})),
        None,
        "CL-9: the lone officer, last of his team, surrenders at night"
    );
    assert_eq!(g.outcome(), Some("killers"));
    let mut g = own_table("cl8-on", |_| {});
    for by in ["g1", "g2"] {
        error_of(&mut g, by, json!({"type": "kill", "target": "g4"}));
    }
    while g.current_phase().kind != "speech" {
        g.resolve_phase();
    }
    assert_eq!(
        error_of(&mut g, "g1", json!({"type": "explode"})),
        None,
        "CL-8 by day"
    );
}

/// 东杀 with one doctor: the preset's document, a `doctor` dealt and (`called`) in the night's
/// order.
fn with_doctor(called: bool) -> Value {
    let mut d = doc("dongsha");
    d["deal"]
        .as_array_mut()
        .expect("a list")
        .push(json!({"role": "doctor", "count": 1}));
    if called {
        d["night"] = json!(["killer", "police", "doctor"]);
    }
    d
}

/// Roles across books: the classic book deals 4.0's doctor (R4-3) when the night calls it; a
/// night that forgets it is the night's problem, with the doctor's name; a night that calls an
/// undealt doctor likewise. The page's line for it comes from the catalog (R4-3's save, good).
#[test]
fn r4_3_a_classic_table_deals_a_doctor_the_night_calls() {
    let setup = read(&with_doctor(true)).expect("东杀 with a doctor holds");
    assert_eq!(setup.book, Book::Classic);
    assert_eq!(
        setup.deal_at(9),
        vec![
            (RoleCode::Killer, 2),
            (RoleCode::Police, 2),
            (RoleCode::Doctor, 1),
            (RoleCode::Civilian, 4)
        ]
    );
    assert_eq!(played_as(&setup), None, "no preset's");
    let Err(found) = read(&with_doctor(false)) else {
        panic!("a night that forgets the doctor")
    };
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].path, "night");
    assert_eq!(
        found[0].message,
        Message::key("setup-night-missing").arg("role", Message::key("role-doctor"))
    );
    let mut undealt = doc("dongsha");
    undealt["night"] = json!(["killer", "police", "doctor"]);
    assert_eq!(
        problems(&undealt),
        vec![("night[2]".to_string(), "setup-night-not-dealt".to_string())]
    );
    let described = describe::describe(&setup);
    let doctor = described
        .roles
        .iter()
        .find(|r| r.code == RoleCode::Doctor)
        .expect("the doctor's line");
    assert_eq!(doctor.side, Message::key("setup-side-good"));
    assert_eq!(
        doctor.action,
        Message::key("setup-action-save").rule("R4-3")
    );
    assert_eq!(
        described.night.last(),
        Some(&Message::key("role-doctor")),
        "called last, as the document orders"
    );
    // The presets deal no doctor: their documents are unchanged.
    for &(name, _) in PRESETS {
        let s = preset(name).expect("a preset");
        if s.book == Book::Classic {
            assert!(!s.deals(RoleCode::Doctor), "{name}");
        }
    }
}

/// The balance estimate of 东杀 with one doctor: the bots play it (the doctor saving at
/// random, R4-3) and every game ends, the same estimate every time.
#[test]
fn r4_3_the_balance_of_dongsha_with_a_doctor_is_estimated() {
    let setup = read(&with_doctor(true)).expect("it holds");
    let own = custom_variant("dongsha-doctor", "东杀+医生 v1", &setup).expect("played");
    let b = balance::estimate(own, 9, 200);
    assert_eq!(b.games, 200);
    let names: Vec<&str> = b.sides.iter().map(|s| s.side).collect();
    assert_eq!(names, ["good", "killers", "draw"], "no game unfinished");
    let total: f64 = b.sides.iter().map(|s| s.rate).sum();
    assert!((total - 1.0).abs() < 1e-9, "{b:?}");
    assert_eq!(balance::estimate(own, 9, 200), b);
}

/// 东杀 with one sniper: the preset's document, a `sniper` dealt and (`called`) in the night's
/// order.
fn with_sniper(called: bool) -> Value {
    let mut d = doc("dongsha");
    d["deal"]
        .as_array_mut()
        .expect("a list")
        .push(json!({"role": "sniper", "count": 1}));
    if called {
        d["night"] = json!(["killer", "police", "sniper"]);
    }
    d
}

/// Roles across books: the classic book deals 5.0's sniper (R5-1) when the night calls it; a
/// night that forgets it is the night's problem, with the sniper's name; a night that calls an
/// undealt sniper likewise. The page's line for it comes from the catalog (R5-1's snipe, good).
/// With the doctor too, both hold.
#[test]
fn r5_1_a_classic_table_deals_a_sniper_the_night_calls() {
    let setup = read(&with_sniper(true)).expect("东杀 with a sniper holds");
    assert_eq!(setup.book, Book::Classic);
    assert_eq!(
        setup.deal_at(9),
        vec![
            (RoleCode::Killer, 2),
            (RoleCode::Police, 2),
            (RoleCode::Sniper, 1),
            (RoleCode::Civilian, 4)
        ]
    );
    assert_eq!(played_as(&setup), None, "no preset's");
    let Err(found) = read(&with_sniper(false)) else {
        panic!("a night that forgets the sniper")
    };
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].path, "night");
    assert_eq!(
        found[0].message,
        Message::key("setup-night-missing").arg("role", Message::key("role-sniper"))
    );
    let mut undealt = doc("dongsha");
    undealt["night"] = json!(["killer", "police", "sniper"]);
    assert_eq!(
        problems(&undealt),
        vec![("night[2]".to_string(), "setup-night-not-dealt".to_string())]
    );
    let described = describe::describe(&setup);
    let sniper = described
        .roles
        .iter()
        .find(|r| r.code == RoleCode::Sniper)
        .expect("the sniper's line");
    assert_eq!(sniper.side, Message::key("setup-side-good"));
    assert_eq!(
        sniper.action,
        Message::key("setup-action-snipe").rule("R5-1")
    );
    assert_eq!(
        described.night.last(),
        Some(&Message::key("role-sniper")),
        "called last, as the document orders"
    );
    // A doctor and a sniper at one table.
    let mut both = with_sniper(true);
    both["deal"]
        .as_array_mut()
        .expect("a list")
        .push(json!({"role": "doctor", "count": 1}));
    both["night"] = json!(["killer", "police", "sniper", "doctor"]);
    assert_eq!(problems(&both), Vec::new());
    // 5.0's good civilian, played across books too, holds beside him.
    let mut civilian = with_sniper(true);
    civilian["deal"]
        .as_array_mut()
        .expect("a list")
        .push(json!({"role": "good_civilian", "count": 1}));
    civilian["night"] = json!(["killer", "police", "sniper", "good_civilian"]);
    assert_eq!(problems(&civilian), Vec::new());
    // 4.0's book has no sniper: a 4.0 table that deals one is refused at its line.
    let mut r4 = with_sniper(true);
    r4["book"] = json!("r4");
    r4["win"] = json!({"rule": "r4"});
    r4["day"]["explode"] = json!(false);
    r4["day"]["surrender"] = json!(false);
    assert!(
        problems(&r4)
            .iter()
            .any(|(path, key)| (path.as_str(), key.as_str())
                == ("deal[2].role", "setup-role-not-in-book")),
        "{:?}",
        problems(&r4)
    );
    // The presets deal no sniper: their documents are unchanged.
    for &(name, _) in PRESETS {
        let s = preset(name).expect("a preset");
        if s.book == Book::Classic {
            assert!(!s.deals(RoleCode::Sniper), "{name}");
        }
    }
}

/// The balance estimate of 东杀 with one sniper: the bots play it (the sniper shooting at
/// random most nights, R5-1) and every game ends, the same estimate every time.
#[test]
fn r5_1_the_balance_of_dongsha_with_a_sniper_is_estimated() {
    let setup = read(&with_sniper(true)).expect("it holds");
    let own = custom_variant("dongsha-sniper", "东杀+狙击手 v1", &setup).expect("played");
    let b = balance::estimate(own, 9, 200);
    assert_eq!(b.games, 200);
    let names: Vec<&str> = b.sides.iter().map(|s| s.side).collect();
    assert_eq!(names, ["good", "killers", "draw"], "no game unfinished");
    let total: f64 = b.sides.iter().map(|s| s.rate).sum();
    assert!((total - 1.0).abs() < 1e-9, "{b:?}");
    assert_eq!(balance::estimate(own, 9, 200), b);
}

/// 东杀 with 4.0's butterfly and secret police (`called`: in the night's order).
fn with_butterfly_and_secret_police(called: bool) -> Value {
    let mut d = doc("dongsha");
    let deal = d["deal"].as_array_mut().expect("a list");
    deal.push(json!({"role": "butterfly", "count": 1}));
    deal.push(json!({"role": "secret_police", "count": 1}));
    if called {
        d["night"] = json!(["killer", "police", "butterfly", "secret_police"]);
    }
    d
}

/// Roles across books: the classic book deals 4.0's butterfly and secret police (R4-3) when
/// the night calls them; a night that forgets one is the night's problem, with its name; a
/// second of either is refused at its count (R4-4 reads one butterfly, one hugged seat, one
/// secret police). The page's lines come from the catalog (R4-3's hug and secret kill, good,
/// no team). With the doctor and the sniper too, all four hold.
#[test]
fn r4_3_a_classic_table_deals_a_butterfly_and_a_secret_police_the_night_calls() {
    let setup = read(&with_butterfly_and_secret_police(true)).expect("it holds");
    assert_eq!(setup.book, Book::Classic);
    assert_eq!(
        setup.deal_at(10),
        vec![
            (RoleCode::Killer, 2),
            (RoleCode::Police, 2),
            (RoleCode::Butterfly, 1),
            (RoleCode::SecretPolice, 1),
            (RoleCode::Civilian, 4)
        ]
    );
    assert_eq!(played_as(&setup), None, "no preset's");
    let Err(found) = read(&with_butterfly_and_secret_police(false)) else {
        panic!("a night that forgets them")
    };
    let missing: Vec<Message> = found.iter().map(|p| p.message.clone()).collect();
    assert_eq!(
        missing,
        [
            Message::key("setup-night-missing").arg("role", Message::key("role-butterfly")),
            Message::key("setup-night-missing").arg("role", Message::key("role-secret-police"))
        ]
    );
    for (i, role) in [(2, "butterfly"), (3, "secret police")] {
        let mut two = with_butterfly_and_secret_police(true);
        two["deal"][i]["count"] = json!(2);
        assert_eq!(
            problems(&two),
            vec![(format!("deal[{i}].count"), "setup-role-one".to_string())],
            "two of the {role}"
        );
    }
    let described = describe::describe(&setup);
    for (code, key) in [
        (RoleCode::Butterfly, "setup-action-hug"),
        (RoleCode::SecretPolice, "setup-action-secret-kill"),
    ] {
        let line = described
            .roles
            .iter()
            .find(|r| r.code == code)
            .expect("the role's line");
        assert_eq!(line.side, Message::key("setup-side-good"));
        assert_eq!(line.action, Message::key(key).rule("R4-3"));
    }
    let mut all = with_butterfly_and_secret_police(true);
    let deal = all["deal"].as_array_mut().expect("a list");
    deal.push(json!({"role": "doctor", "count": 1}));
    deal.push(json!({"role": "sniper", "count": 1}));
    all["night"] = json!([
        "killer",
        "police",
        "butterfly",
        "secret_police",
        "doctor",
        "sniper"
    ]);
    assert_eq!(problems(&all), Vec::new());
    // 5.0's evil civilian, played across books too, holds in the butterfly's place.
    let mut civilian = with_butterfly_and_secret_police(true);
    civilian["deal"][2]["role"] = json!("evil_civilian");
    civilian["night"] = json!(["killer", "police", "evil_civilian", "secret_police"]);
    assert_eq!(problems(&civilian), Vec::new());
    for &(name, _) in PRESETS {
        let s = preset(name).expect("a preset");
        if s.book == Book::Classic {
            assert!(!s.deals(RoleCode::Butterfly), "{name}");
            assert!(!s.deals(RoleCode::SecretPolice), "{name}");
        }
    }
}

/// The balance estimate of 东杀 with the butterfly and the secret police: the bots play it
/// (R4-3: a hug every night, the secret kill once) and every game ends, the same estimate
/// every time.
#[test]
fn r4_3_the_balance_of_dongsha_with_a_butterfly_and_a_secret_police_is_estimated() {
    let setup = read(&with_butterfly_and_secret_police(true)).expect("it holds");
    let own = custom_variant("dongsha-hug", "东杀+花蝴蝶+秘密警察 v1", &setup).expect("played");
    let b = balance::estimate(own, 10, 200);
    assert_eq!(b.games, 200);
    let names: Vec<&str> = b.sides.iter().map(|s| s.side).collect();
    assert_eq!(names, ["good", "killers", "draw"], "no game unfinished");
    let total: f64 = b.sides.iter().map(|s| s.rate).sum();
    assert!((total - 1.0).abs() < 1e-9, "{b:?}");
    assert_eq!(balance::estimate(own, 10, 200), b);
}

/// Roles across books: the classic book deals 4.0's forest elder (R4-3) when the night calls
/// it, one at most (`setup-role-one`, as the 4.0 book reads it); the page's line comes from the
/// catalog (R4-3's silence, good); no preset deals one; the bots play it to an estimate
/// (R4-3: a silence most nights; R4-5: the silenced seat still votes) the same every time.
#[test]
fn r4_3_a_classic_table_deals_a_forest_elder_the_night_calls() {
    let mut d = doc("dongsha");
    d["deal"]
        .as_array_mut()
        .expect("a list")
        .push(json!({"role": "elder", "count": 1}));
    let Err(found) = read(&d) else {
        panic!("a night that forgets the elder")
    };
    let missing: Vec<Message> = found.iter().map(|p| p.message.clone()).collect();
    assert_eq!(
        missing,
        [Message::key("setup-night-missing").arg("role", Message::key("role-elder"))]
    );
    d["night"] = json!(["killer", "police", "elder"]);
    let setup = read(&d).expect("it holds");
    assert_eq!(
        setup.deal_at(9),
        vec![
            (RoleCode::Killer, 2),
            (RoleCode::Police, 2),
            (RoleCode::Elder, 1),
            (RoleCode::Civilian, 4)
        ]
    );
    assert_eq!(played_as(&setup), None, "no preset's");
    let mut two = d.clone();
    two["deal"][2]["count"] = json!({"8-12": 1, "13-16": 2});
    assert_eq!(
        problems(&two),
        vec![("deal[2].count".to_string(), "setup-role-one".to_string())],
        "two elders"
    );
    let described = describe::describe(&setup);
    let line = described
        .roles
        .iter()
        .find(|r| r.code == RoleCode::Elder)
        .expect("the elder's line");
    assert_eq!(line.name, Message::key("role-elder"));
    assert_eq!(line.side, Message::key("setup-side-good"));
    assert_eq!(
        line.action,
        Message::key("setup-action-silence").rule("R4-3")
    );
    assert!(described.night.contains(&Message::key("role-elder")));
    for &(name, _) in PRESETS {
        let s = preset(name).expect("a preset");
        if s.book == Book::Classic {
            assert!(!s.deals(RoleCode::Elder), "{name}");
        }
    }
    let own = custom_variant("dongsha-elder", "东杀+森林老人 v1", &setup).expect("played");
    let b = balance::estimate(own, 9, 200);
    assert_eq!(b.games, 200);
    let names: Vec<&str> = b.sides.iter().map(|s| s.side).collect();
    assert_eq!(names, ["good", "killers", "draw"], "no game unfinished");
    let total: f64 = b.sides.iter().map(|s| s.rate).sum();
    assert!((total - 1.0).abs() < 1e-9, "{b:?}");
    assert_eq!(balance::estimate(own, 9, 200), b);
}

/// 东杀 with 5.0's magician (`called`: in the night's order).
fn with_magician(called: bool) -> Value {
    let mut d = doc("dongsha");
    d["deal"]
        .as_array_mut()
        .expect("a list")
        .push(json!({"role": "magician", "count": 1}));
    if called {
        d["night"] = json!(["killer", "police", "magician"]);
    }
    d
}

/// Roles across books: the classic book deals 5.0's magician (R5-1) when the night calls
/// him, one at most (R5-3: one magic, `setup-role-one`). The page says his side (the
/// killers'), his magic with the succession (R5-1, R5-2) and, after the win rule, that he
/// counts with the killers (R5-5) — after the undercover's line where both are dealt. The
/// presets deal none.
#[test]
fn r5_1_a_classic_table_deals_one_magician_the_night_calls() {
    let setup = read(&with_magician(true)).expect("it holds");
    assert_eq!(
        setup.deal_at(9),
        vec![
            (RoleCode::Killer, 2),
            (RoleCode::Police, 2),
            (RoleCode::Magician, 1),
            (RoleCode::Civilian, 4)
        ]
    );
    assert_eq!(played_as(&setup), None, "no preset's");
    assert_eq!(
        problems(&with_magician(false)),
        vec![("night".to_string(), "setup-night-missing".to_string())]
    );
    let mut two = with_magician(true);
    two["deal"][2]["count"] = json!(2);
    assert_eq!(
        problems(&two),
        vec![("deal[2].count".to_string(), "setup-role-one".to_string())]
    );
    let Err(found) = read(&two) else {
        panic!("two magicians")
    };
    assert_eq!(
        found[0].message,
        Message::key("setup-role-one")
            .arg("role", Message::key("role-magician"))
            .arg("rule", "R5-3")
            .arg("seats", "8, 9, 10, 11, 12, 13, 14, 15, 16")
    );
    let described = describe::describe(&setup);
    let line = described
        .roles
        .iter()
        .find(|r| r.code == RoleCode::Magician)
        .expect("the magician's line");
    assert_eq!(line.side, Message::key("setup-side-killers"));
    assert_eq!(
        line.action,
        Message::key("setup-action-magic-classic").rule("R5-1")
    );
    let killers_win = Message::key("setup-win-sides-killers").rule("CL-10");
    assert_eq!(
        described.win,
        killers_win
            .clone()
            .then(Message::text(" "))
            .then(Message::key("setup-win-magician").rule("R5-5"))
    );
    let mut both = with_magician(true);
    both["deal"]
        .as_array_mut()
        .expect("a list")
        .push(json!({"role": "undercover", "count": 1}));
    both["night"] = json!(["killer", "police", "magician", "undercover"]);
    let both = read(&both).expect("it holds");
    assert_eq!(
        describe::describe(&both).win,
        killers_win
            .then(Message::text(" "))
            .then(Message::key("setup-win-undercover").rule("R4-6"))
            .then(Message::text(" "))
            .then(Message::key("setup-win-magician").rule("R5-5"))
    );
    // 5.0's own magician keeps its book's line.
    let v5 = describe::describe(preset("v5emin").expect("5.0"));
    let own = v5
        .roles
        .iter()
        .find(|r| r.code == RoleCode::Magician)
        .expect("5.0's magician");
    assert_eq!(own.action, Message::key("setup-action-magic").rule("R5-1"));
    for &(name, _) in PRESETS {
        let s = preset(name).expect("a preset");
        if s.book == Book::Classic {
            assert!(!s.deals(RoleCode::Magician), "{name}");
        }
    }
}

/// The balance estimate of 东杀 with a magician: the bots play it (R5-1: magic most nights;
/// R5-2: the kill once the killers are out) and every game ends, the same estimate every time.
#[test]
fn r5_1_the_balance_of_dongsha_with_a_magician_is_estimated() {
    let setup = read(&with_magician(true)).expect("it holds");
    let own = custom_variant("dongsha-magician", "东杀+魔法师 v1", &setup).expect("played");
    let b = balance::estimate(own, 9, 200);
    assert_eq!(b.games, 200);
    let names: Vec<&str> = b.sides.iter().map(|s| s.side).collect();
    assert_eq!(names, ["good", "killers", "draw"], "no game unfinished");
    assert_eq!(balance::estimate(own, 9, 200), b);
}

/// 东杀 with 5.0's wizard (`called`: in the night's order).
fn with_wizard(called: bool) -> Value {
    let mut d = doc("dongsha");
    d["deal"]
        .as_array_mut()
        .expect("a list")
        .push(json!({"role": "wizard", "count": 1}));
    if called {
        d["night"] = json!(["killer", "police", "wizard"]);
    }
    d
}

/// Roles across books: the classic book deals 5.0's wizard (R5-1) when the night calls him,
/// one at most (R5-2: the kill passes along one heir of each, `setup-role-one`). The page says
/// his side (the killers'), his query with the succession (R5-1, R5-2, R5-3 (4)) and, after
/// the win rule, that he counts with the killers (R5-5) — after the magician's line where both
/// are dealt. 5.0's own wizard keeps its book's line; the presets deal none.
#[test]
fn r5_1_a_classic_table_deals_one_wizard_the_night_calls() {
    let setup = read(&with_wizard(true)).expect("it holds");
    assert_eq!(
        setup.deal_at(9),
        vec![
            (RoleCode::Killer, 2),
            (RoleCode::Police, 2),
            (RoleCode::Wizard, 1),
            (RoleCode::Civilian, 4)
        ]
    );
    assert_eq!(played_as(&setup), None, "no preset's");
    assert_eq!(
        problems(&with_wizard(false)),
        vec![("night".to_string(), "setup-night-missing".to_string())]
    );
    let mut two = with_wizard(true);
    two["deal"][2]["count"] = json!(2);
    assert_eq!(
        problems(&two),
        vec![("deal[2].count".to_string(), "setup-role-one".to_string())]
    );
    let Err(found) = read(&two) else {
        panic!("two wizards")
    };
    assert_eq!(
        found[0].message,
        Message::key("setup-role-one")
            .arg("role", Message::key("role-wizard"))
            .arg("rule", "R5-2")
            .arg("seats", "8, 9, 10, 11, 12, 13, 14, 15, 16")
    );
    let described = describe::describe(&setup);
    let line = described
        .roles
        .iter()
        .find(|r| r.code == RoleCode::Wizard)
        .expect("the wizard's line");
    assert_eq!(line.side, Message::key("setup-side-killers"));
    assert_eq!(
        line.action,
        Message::key("setup-action-query-classic").rule("R5-1")
    );
    let killers_win = Message::key("setup-win-sides-killers").rule("CL-10");
    assert_eq!(
        described.win,
        killers_win
            .clone()
            .then(Message::text(" "))
            .then(Message::key("setup-win-wizard").rule("R5-5"))
    );
    let mut both = with_wizard(true);
    both["deal"]
        .as_array_mut()
        .expect("a list")
        .push(json!({"role": "magician", "count": 1}));
    both["night"] = json!(["killer", "police", "wizard", "magician"]);
    let both = read(&both).expect("it holds");
    assert_eq!(
        describe::describe(&both).win,
        killers_win
            .then(Message::text(" "))
            .then(Message::key("setup-win-magician").rule("R5-5"))
            .then(Message::text(" "))
            .then(Message::key("setup-win-wizard").rule("R5-5"))
    );
    // 5.0's own wizard keeps its book's line.
    let v5 = describe::describe(preset("v5emin").expect("5.0"));
    let own = v5
        .roles
        .iter()
        .find(|r| r.code == RoleCode::Wizard)
        .expect("5.0's wizard");
    assert_eq!(own.action, Message::key("setup-action-query").rule("R5-1"));
    for &(name, _) in PRESETS {
        let s = preset(name).expect("a preset");
        if s.book == Book::Classic {
            assert!(!s.deals(RoleCode::Wizard), "{name}");
        }
    }
}

/// The balance estimate of 东杀 with a wizard: the bots play it (R5-1: a query most nights;
/// R5-2: the kill once the killers are out) and every game ends, the same estimate every time.
#[test]
fn r5_1_the_balance_of_dongsha_with_a_wizard_is_estimated() {
    let setup = read(&with_wizard(true)).expect("it holds");
    let own = custom_variant("dongsha-wizard", "东杀+巫师 v1", &setup).expect("played");
    let b = balance::estimate(own, 9, 200);
    assert_eq!(b.games, 200);
    let names: Vec<&str> = b.sides.iter().map(|s| s.side).collect();
    assert_eq!(names, ["good", "killers", "draw"], "no game unfinished");
    assert_eq!(balance::estimate(own, 9, 200), b);
}

/// 东杀 with 5.0's good and evil civilians, `good` and `evil` of each (`called`: in the
/// night's order).
fn with_civilians(good: u64, evil: u64, called: bool) -> Value {
    let mut d = doc("dongsha");
    let deal = d["deal"].as_array_mut().expect("a list");
    deal.push(json!({"role": "good_civilian", "count": good}));
    deal.push(json!({"role": "evil_civilian", "count": evil}));
    if called {
        d["night"] = json!(["killer", "police", "good_civilian", "evil_civilian"]);
    }
    d
}

/// Roles across books: the classic book deals 5.0's good and evil civilians (R5-1) when the
/// night calls them, at any count (their dark votes simply add). The page says each one's side
/// (good; the killers'), their dark vote added unseen to the next day's first round (R5-1,
/// R5-4) and, after the win rule, how each counts (R5-5: the good civilian among the
/// civilians, the evil one nowhere); 5.0's own keep their book's line; the presets deal none.
#[test]
fn r5_1_a_classic_table_deals_good_and_evil_civilians_the_night_calls() {
    let setup = read(&with_civilians(1, 1, true)).expect("it holds");
    assert_eq!(setup.book, Book::Classic);
    assert_eq!(
        setup.deal_at(9),
        vec![
            (RoleCode::Killer, 2),
            (RoleCode::Police, 2),
            (RoleCode::GoodCivilian, 1),
            (RoleCode::EvilCivilian, 1),
            (RoleCode::Civilian, 3)
        ]
    );
    assert_eq!(played_as(&setup), None, "no preset's");
    let Err(found) = read(&with_civilians(1, 1, false)) else {
        panic!("a night that forgets them")
    };
    let missing: Vec<Message> = found.iter().map(|p| p.message.clone()).collect();
    assert_eq!(
        missing,
        [
            Message::key("setup-night-missing").arg("role", Message::key("role-good-civilian")),
            Message::key("setup-night-missing").arg("role", Message::key("role-evil-civilian"))
        ]
    );
    assert_eq!(
        problems(&with_civilians(2, 2, true)),
        Vec::new(),
        "any count"
    );
    let many = read(&with_civilians(2, 2, true)).expect("it holds");
    assert_eq!(many.count_of(RoleCode::GoodCivilian, 9), 2);
    assert_eq!(many.count_of(RoleCode::EvilCivilian, 9), 2);
    let described = describe::describe(&setup);
    for (code, side) in [
        (RoleCode::GoodCivilian, "setup-side-good"),
        (RoleCode::EvilCivilian, "setup-side-killers"),
    ] {
        let line = described
            .roles
            .iter()
            .find(|r| r.code == code)
            .expect("the role's line");
        assert_eq!(line.side, Message::key(side));
        assert_eq!(
            line.action,
            Message::key("setup-action-dark-vote-classic").rule("R5-1")
        );
    }
    let killers_win = Message::key("setup-win-sides-killers").rule("CL-10");
    assert_eq!(
        described.win,
        killers_win
            .clone()
            .then(Message::text(" "))
            .then(Message::key("setup-win-good-civilian").rule("R5-5"))
            .then(Message::text(" "))
            .then(Message::key("setup-win-evil-civilian").rule("R5-5"))
    );
    let evil_only = read(&{
        let mut d = with_civilians(1, 1, true);
        d["deal"].as_array_mut().expect("a list").remove(2);
        d["night"] = json!(["killer", "police", "evil_civilian"]);
        d
    })
    .expect("it holds");
    assert_eq!(
        describe::describe(&evil_only).win,
        killers_win
            .then(Message::text(" "))
            .then(Message::key("setup-win-evil-civilian").rule("R5-5"))
    );
    // 5.0's own civilians keep their book's line.
    let v5 = describe::describe(preset("v5emin").expect("5.0"));
    for code in [RoleCode::GoodCivilian, RoleCode::EvilCivilian] {
        let own = v5
            .roles
            .iter()
            .find(|r| r.code == code)
            .expect("5.0's civilian");
        assert_eq!(
            own.action,
            Message::key("setup-action-dark-vote").rule("R5-1")
        );
    }
    for &(name, _) in PRESETS {
        let s = preset(name).expect("a preset");
        if s.book == Book::Classic {
            assert!(!s.deals(RoleCode::GoodCivilian), "{name}");
            assert!(!s.deals(RoleCode::EvilCivilian), "{name}");
        }
    }
}

/// The balance estimate of 东杀 with a good and an evil civilian: the bots play it (R5-1: a
/// dark vote most nights) and every game ends, the same estimate every time.
#[test]
fn r5_1_the_balance_of_dongsha_with_civilians_is_estimated() {
    let setup = read(&with_civilians(1, 1, true)).expect("it holds");
    let own = custom_variant("dongsha-civilians", "东杀+善民恶民 v1", &setup).expect("played");
    let b = balance::estimate(own, 9, 200);
    assert_eq!(b.games, 200);
    let names: Vec<&str> = b.sides.iter().map(|s| s.side).collect();
    assert_eq!(names, ["good", "killers", "draw"], "no game unfinished");
    assert_eq!(balance::estimate(own, 9, 200), b);
}

/// A judge's own 4.0 document of 12 seats (2 killers, the undercover, 2 police, the secret
/// police, the doctor, civilians; no butterfly, no elder): R4-3's roles of the deal.
fn r4_twelve() -> Value {
    let mut d = doc("v4wujian");
    d["seats"] = json!({"min": 12, "max": 12});
    d["deal"] = json!([
        {"role": "doctor", "count": 1},
        {"role": "killer", "count": 2},
        {"role": "undercover", "count": 1},
        {"role": "police", "count": 2},
        {"role": "secret_police", "count": 1}
    ]);
    d["night"] = json!(["killer", "police", "undercover", "doctor", "secret_police"]);
    d
}

/// 5.0 without its butterfly and wizard at 8 seats: the book's other specials (R5-1), one each.
fn r5_eight() -> Value {
    let mut d = doc("v5emin");
    d["seats"] = json!({"min": 8, "max": 8});
    d["deal"] = json!([
        {"role": "sniper", "count": 1},
        {"role": "doctor", "count": 1},
        {"role": "police", "count": 1},
        {"role": "good_civilian", "count": 1},
        {"role": "magician", "count": 1},
        {"role": "killer", "count": 1},
        {"role": "elder", "count": 1},
        {"role": "evil_civilian", "count": 1}
    ]);
    d["night"] = json!([
        "magician",
        "killer",
        "elder",
        "police",
        "doctor",
        "sniper",
        "good_civilian",
        "evil_civilian"
    ]);
    d
}

/// The balance estimate of the role books' own setups: the bots play a 4.0 table of 12 and a
/// 5.0 table of 8 by their books (R4-1..R4-6, R5-1..R5-5), every game ends, the same estimate
/// every time.
#[test]
fn r4_r5_the_balance_of_a_role_books_own_setup_is_estimated() {
    for (name, d, seats) in [
        ("r4-twelve-balance", r4_twelve(), 12),
        ("r5-eight-balance", r5_eight(), 8),
    ] {
        let setup = read(&d).unwrap_or_else(|p| panic!("{name}: {p:?}"));
        assert_eq!(played_as(&setup), None, "{name}");
        let own = custom_variant(name, name, &setup).expect("played");
        let b = balance::estimate(own, seats, 300);
        assert_eq!(b.games, 300, "{name}");
        let names: Vec<&str> = b.sides.iter().map(|s| s.side).collect();
        assert_eq!(names, ["good", "bad", "draw"], "{name}: no game unfinished");
        let total: f64 = b.sides.iter().map(|s| s.rate).sum();
        assert!((total - 1.0).abs() < 1e-9, "{name}: {b:?}");
        assert!(
            b.sides[0].rate > 0.0 && b.sides[1].rate > 0.0,
            "{name}: {b:?}"
        );
        assert_eq!(balance::estimate(own, seats, 300), b, "{name}: seeded");
    }
}

/// What the role books' own setups cannot be played as their books read is refused, each at
/// its field: a second butterfly, doctor, elder or secret police of 4.0 (R4-3, R4-4: one seat's
/// hug, save, silence and secret kill), a second special of 5.0 (R5-2, R5-3), a fill of such a
/// role; 5.0's free speeches and third-tie draw (R5-4: one speech each, one vote round); a 5.0
/// seat count with no good special (R5-5).
#[test]
fn r4_r5_what_the_role_books_cannot_play_is_refused() {
    assert_eq!(problems(&r4_twelve()), Vec::<(String, String)>::new());
    assert_eq!(problems(&r5_eight()), Vec::<(String, String)>::new());
    type Case = (
        &'static str,
        fn() -> Value,
        fn(&mut Value),
        (&'static str, &'static str),
    );
    let cases: Vec<Case> = vec![
        (
            "R4-4: two doctors",
            r4_twelve,
            |d| d["deal"][0]["count"] = json!(2),
            ("deal[0].count", "setup-role-one"),
        ),
        (
            "R4-4: two secret police at 16 seats",
            r4_twelve,
            |d| {
                d["seats"] = json!({"min": 12, "max": 16});
                d["deal"][4]["count"] = json!({"12-15": 1, "16": 2});
            },
            ("deal[4].count", "setup-role-one"),
        ),
        (
            "R4-4: doctors filling the rest",
            r4_twelve,
            |d| {
                d["deal"][0]["role"] = json!("civilian");
                d["deal"][0]["count"] = json!(4);
                d["fill"] = json!("doctor");
            },
            ("fill", "setup-role-one"),
        ),
        (
            "R5-3: two police",
            r5_eight,
            |d| {
                d["deal"][2]["count"] = json!(2);
                d["deal"][3]["count"] = json!(0);
                d["night"] = json!([
                    "magician",
                    "killer",
                    "elder",
                    "police",
                    "doctor",
                    "sniper",
                    "evil_civilian"
                ]);
            },
            ("deal[2].count", "setup-role-one"),
        ),
        (
            "R5-2: two killers",
            r5_eight,
            |d| {
                d["deal"][5]["count"] = json!(2);
                d["deal"][3]["count"] = json!(0);
                d["night"] = json!([
                    "magician",
                    "killer",
                    "elder",
                    "police",
                    "doctor",
                    "sniper",
                    "evil_civilian"
                ]);
            },
            ("deal[5].count", "setup-role-one"),
        ),
        (
            "R5-4: free speeches",
            r5_eight,
            |d| d["day"]["speeches"] = json!("free"),
            ("day.speeches", "setup-speeches-r5"),
        ),
        (
            "R5-4: a third tie's draw",
            r5_eight,
            |d| d["day"]["third_tie"] = json!("draw"),
            ("day.third_tie", "setup-third-tie-r5"),
        ),
        (
            "R5-5: no good special",
            r5_eight,
            |d| {
                d["deal"] = json!([
                    {"role": "good_civilian", "count": 4},
                    {"role": "magician", "count": 1},
                    {"role": "killer", "count": 1},
                    {"role": "elder", "count": 1},
                    {"role": "evil_civilian", "count": 1}
                ]);
                d["night"] = json!([
                    "magician",
                    "killer",
                    "elder",
                    "good_civilian",
                    "evil_civilian"
                ]);
            },
            ("deal", "setup-no-specials"),
        ),
    ];
    for (what, base, change, expected) in cases {
        let mut d = base();
        change(&mut d);
        let found = problems(&d);
        assert_eq!(
            found,
            vec![(expected.0.to_string(), expected.1.to_string())],
            "{what}: only {expected:?}"
        );
    }
    // The words say which role, which rule and at which seat counts.
    let mut d = r4_twelve();
    d["deal"][0]["count"] = json!(2);
    let Err(found) = read(&d) else {
        panic!("two doctors")
    };
    assert_eq!(
        found[0].message,
        Message::key("setup-role-one")
            .arg("role", Message::key("role-doctor"))
            .arg("rule", "R4-4")
            .arg("seats", "12")
    );
    // The classic book's doctor may be dealt twice (`classic/doctor.rs`): not refused there.
    let mut two = with_doctor(true);
    two["deal"][2]["count"] = json!(2);
    assert_eq!(problems(&two), Vec::<(String, String)>::new());
}

/// `count_of` counts as `deal_at` deals, for every preset, seat count and role (it is asked of
/// every action an engine reads, so it makes no list).
#[test]
fn count_of_agrees_with_the_deal() {
    for (name, _) in PRESETS {
        let s = preset(name).expect("a preset");
        for n in s.seats.clone() {
            let dealt = s.deal_at(n);
            for &role in RoleCode::ALL {
                let listed: usize = dealt
                    .iter()
                    .filter(|(r, _)| *r == role)
                    .map(|(_, k)| k)
                    .sum();
                assert_eq!(s.count_of(role, n), listed, "{name} {n} {}", role.name());
            }
        }
    }
}

/// 东杀 with 4.0's undercover (`called`: in the night's order).
fn with_undercover(called: bool) -> Value {
    let mut d = doc("dongsha");
    d["deal"]
        .as_array_mut()
        .expect("a list")
        .push(json!({"role": "undercover", "count": 1}));
    if called {
        d["night"] = json!(["killer", "police", "undercover"]);
    }
    d
}

/// Roles across books: the classic book deals 4.0's undercover (R4-2) when the night calls
/// him, at any count, with police at every seat count that deals him
/// (`setup-undercover-police`; 4.0's own tables are not held to it). The page says his side
/// (the killers'), his check with the police (R4-2) and, after the win rule, that he counts
/// with the killers (R4-6).
#[test]
fn r4_2_a_classic_table_deals_an_undercover_with_police() {
    let setup = read(&with_undercover(true)).expect("it holds");
    assert_eq!(setup.book, Book::Classic);
    assert_eq!(
        setup.deal_at(9),
        vec![
            (RoleCode::Killer, 2),
            (RoleCode::Police, 2),
            (RoleCode::Undercover, 1),
            (RoleCode::Civilian, 4)
        ]
    );
    assert_eq!(played_as(&setup), None, "no preset's");
    assert_eq!(
        problems(&with_undercover(false)),
        vec![("night".to_string(), "setup-night-missing".to_string())]
    );
    let mut three = with_undercover(true);
    three["deal"][2]["count"] = json!(3);
    assert_eq!(
        problems(&three),
        Vec::new(),
        "any count: their check is a majority"
    );
    let mut alone = with_undercover(true);
    alone["deal"][1]["count"] = json!(0);
    alone["day"]["last_words"] = json!("all");
    alone["teams"] = json!(["killers"]);
    alone["night"] = json!(["killer", "undercover"]);
    assert_eq!(
        problems(&alone),
        vec![(
            "deal[2].count".to_string(),
            "setup-undercover-police".to_string()
        )]
    );
    // 4.0's own table keeps its book's reading (no police: no check).
    let mut r4 = doc("v4wujian");
    let deal = r4["deal"].as_array_mut().expect("a list");
    deal.retain(|d| d["role"] != "police");
    let problems_r4 = problems(&r4);
    assert!(
        !problems_r4
            .iter()
            .any(|(_, k)| k == "setup-undercover-police"),
        "{problems_r4:?}"
    );
    let described = describe::describe(&setup);
    let line = described
        .roles
        .iter()
        .find(|r| r.code == RoleCode::Undercover)
        .expect("the undercover's line");
    assert_eq!(line.side, Message::key("setup-side-killers"));
    assert_eq!(
        line.action,
        Message::key("setup-action-check-undercover").rule("R4-2")
    );
    assert_eq!(
        described.win,
        Message::key("setup-win-sides-killers")
            .rule("CL-10")
            .then(Message::text(" "))
            .then(Message::key("setup-win-undercover").rule("R4-6"))
    );
    let dongsha = describe::describe(preset("dongsha").expect("dongsha"));
    assert_eq!(
        dongsha.win,
        Message::key("setup-win-sides-killers").rule("CL-10")
    );
    for &(name, _) in PRESETS {
        let s = preset(name).expect("a preset");
        if s.book == Book::Classic {
            assert!(!s.deals(RoleCode::Undercover), "{name}");
        }
    }
}

/// The balance estimate of 东杀 with an undercover: the bots play it (R4-3: he checks with
/// the police and votes as a killer) and every game ends, the same estimate every time.
#[test]
fn r4_2_the_balance_of_dongsha_with_an_undercover_is_estimated() {
    let setup = read(&with_undercover(true)).expect("it holds");
    let own = custom_variant("dongsha-undercover", "东杀+卧底 v1", &setup).expect("played");
    let b = balance::estimate(own, 9, 200);
    assert_eq!(b.games, 200);
    let names: Vec<&str> = b.sides.iter().map(|s| s.side).collect();
    assert_eq!(names, ["good", "killers", "draw"], "no game unfinished");
    assert_eq!(balance::estimate(own, 9, 200), b);
}
