//! Property tests over random scenarios (random, often illegal, submissions).

use std::sync::Arc;

use std::collections::BTreeSet;

use maku::rules::deathnote::{
    Action, Audience, Cause, Change, Edition, Event, Fate, Fates, Game, Item, NotebookId, Options,
    Roster, Seat,
};
use maku::rules::scenario::Scenario;
use proptest::prelude::*;

/// A generated submission: seat numbers may be one past the last seat (an unknown name).
#[derive(Clone, Debug)]
enum Gen {
    Kill {
        target: u8,
        guess: u8,
        notebook: Option<u8>,
    },
    Join {
        target: u8,
    },
    Pass {
        notebook: Option<u8>,
    },
    EyeRequest,
    EyeUse {
        target: u8,
    },
    Transfer {
        target: u8,
        notebook: Option<u8>,
    },
    Heir {
        target: u8,
        notebook: Option<u8>,
    },
    Vote {
        targets: Vec<u8>,
    },
}

#[derive(Clone, Debug)]
struct Act {
    /// Everyone votes for herself first (keeps games going).
    self_votes: bool,
    subs: Vec<(u8, Gen)>,
}

#[derive(Clone, Debug)]
struct Case {
    seats: u8,
    kiras: [u8; 2],
    redistribute: bool,
    edition: Edition,
    seed: u64,
    acts: Vec<Act>,
}

fn gen_action(n: u8) -> impl Strategy<Value = Gen> {
    let seat = 0..=n; // n = unknown
    let nb = prop::option::of(0u8..4);
    prop_oneof![
        4 => (seat.clone(), 0..n, nb.clone()).prop_map(|(target, guess, notebook)| Gen::Kill { target, guess, notebook }),
        1 => seat.clone().prop_map(|target| Gen::Join { target }),
        2 => nb.clone().prop_map(|notebook| Gen::Pass { notebook }),
        1 => Just(Gen::EyeRequest),
        1 => seat.clone().prop_map(|target| Gen::EyeUse { target }),
        1 => (seat.clone(), nb.clone()).prop_map(|(target, notebook)| Gen::Transfer { target, notebook }),
        1 => (seat.clone(), nb).prop_map(|(target, notebook)| Gen::Heir { target, notebook }),
        4 => prop::collection::vec(seat, 0..4).prop_map(|targets| Gen::Vote { targets }),
    ]
}

fn gen_case() -> impl Strategy<Value = Case> {
    (6u8..=16).prop_flat_map(|n| {
        let kiras = (0..n, 0..n - 1).prop_map(move |(a, b)| [a, if b >= a { b + 1 } else { b }]);
        let act = (
            prop::bool::weighted(0.8),
            prop::collection::vec((0..=n, gen_action(n)), 0..24),
        )
            .prop_map(|(self_votes, subs)| Act { self_votes, subs });
        let edition = prop_oneof![1 => Just(Edition::First), 3 => Just(Edition::Second)];
        (
            Just(n),
            kiras,
            any::<bool>(),
            edition,
            any::<u64>(),
            prop::collection::vec(act, 1..10),
        )
            .prop_map(|(seats, kiras, redistribute, edition, seed, acts)| Case {
                seats,
                kiras,
                redistribute,
                edition,
                seed,
                acts,
            })
    })
}

fn seat(i: u8, n: u8) -> Seat {
    if i >= n { Seat::UNKNOWN } else { Seat(i) }
}

fn to_action(g: &Gen, n: u8) -> Action<Seat> {
    match g {
        Gen::Kill {
            target,
            guess,
            notebook,
        } => Action::Kill {
            target: seat(*target, n),
            real_id: format!("r{}", guess + 1),
            notebook: *notebook,
        },
        Gen::Join { target } => Action::Join {
            target: seat(*target, n),
            notebook: None,
        },
        Gen::Pass { notebook } => Action::Pass {
            notebook: *notebook,
        },
        Gen::EyeRequest => Action::EyeRequest,
        Gen::EyeUse { target } => Action::EyeUse {
            target: seat(*target, n),
        },
        Gen::Transfer { target, notebook } => Action::Transfer {
            target: seat(*target, n),
            notebook: *notebook,
        },
        Gen::Heir { target, notebook } => Action::Heir {
            target: seat(*target, n),
            notebook: *notebook,
        },
        Gen::Vote { targets } => Action::Vote {
            targets: targets.iter().map(|&t| seat(t, n)).collect(),
        },
    }
}

fn name(i: u8, n: u8) -> String {
    if i >= n {
        "nobody".into()
    } else {
        format!("g{}", i + 1)
    }
}

/// The scenario JSON of a case (what `maku replay` reads).
fn scenario_json(c: &Case) -> String {
    let n = c.seats;
    let seats: Vec<_> = (1..=n)
        .map(|i| serde_json::json!({"game_id": format!("g{i}"), "real_id": format!("r{i}")}))
        .collect();
    let acts: Vec<_> = c
        .acts
        .iter()
        .map(|a| {
            let mut subs = Vec::new();
            if a.self_votes {
                for i in 0..n {
                    subs.push(serde_json::json!({"by": name(i, n), "action": {"type": "vote", "targets": [name(i, n)]}}));
                }
            }
            for (by, g) in &a.subs {
                let action = to_action(g, n).map_seats(|s| name(s.0, n));
                subs.push(serde_json::json!({"by": name(*by, n), "action": action}));
            }
            serde_json::json!({ "submit": subs })
        })
        .collect();
    serde_json::json!({
        "variant": "deathnote",
        "options": {"redistribute": c.redistribute, "edition": c.edition.number()},
        "seed": c.seed,
        "seats": seats,
        "setup": {"kira": [name(c.kiras[0], n), name(c.kiras[1], n)]},
        "acts": acts,
    })
    .to_string()
}

fn check_invariants(game: &Game) -> Result<(), TestCaseError> {
    // DN-28: the role history, replayed, gives every notebook's holder now (bot games play
    // without a log, and so without a history: it begins with the deal when kept).
    let history = game.role_history();
    if !history.is_empty() {
        check_history(game)?;
    }
    check_living_roles(game)
}

fn check_history(game: &Game) -> Result<(), TestCaseError> {
    let mut holders = [None, None];
    for c in game.role_history() {
        let i = c.notebook.index();
        if c.change.gains() {
            holders[i] = Some(c.seat);
        } else if c.change == Change::Destroyed {
            holders[i] = None;
        }
    }
    for id in NotebookId::BOTH {
        prop_assert_eq!(
            holders[id.index()],
            game.notebook(id).holder,
            "history of {:?}",
            id
        );
    }
    // An out seat's role is the one it went out with: Kira iff its notebooks went somewhere
    // when it went out.
    for i in 0..game.seat_count() {
        let s = Seat(i as u8);
        if !game.is_alive(s) {
            let went_out_holding = game
                .role_history()
                .iter()
                .any(|c| c.seat == s && c.change.goes_out());
            prop_assert_eq!(game.role_of(s) == "kira", went_out_holding, "seat {:?}", s);
        }
    }
    Ok(())
}

fn check_living_roles(game: &Game) -> Result<(), TestCaseError> {
    for id in NotebookId::BOTH {
        if let Some(h) = game.notebook(id).holder {
            prop_assert!(game.is_alive(h), "{id:?} held by out seat {h:?}");
        }
    }
    prop_assert_eq!(
        game.alive_count(),
        (0..game.seat_count())
            .filter(|&i| game.is_alive(Seat(i as u8)))
            .count()
    );
    Ok(())
}

fn play(c: &Case) -> Result<(), TestCaseError> {
    let n = c.seats;
    let pairs: Vec<(String, String)> = (1..=n)
        .map(|i| (format!("g{i}"), format!("r{i}")))
        .collect();
    let roster = Arc::new(Roster::new(&pairs).unwrap());
    let options = Options {
        redistribute: c.redistribute,
        edition: c.edition,
        ..Options::default()
    };
    let mut game = Game::new(
        roster,
        [Seat(c.kiras[0]), Seat(c.kiras[1])],
        options,
        c.seed,
    )
    .unwrap();
    let mut eye_acts = EyeActs::default();
    eye_acts.note(&game);
    for act in &c.acts {
        let mut subs: Vec<(u8, Action<Seat>)> = Vec::new();
        if act.self_votes {
            subs.extend((0..n).map(|i| {
                (
                    i,
                    Action::Vote {
                        targets: vec![Seat(i)],
                    },
                )
            }));
        }
        subs.extend(act.subs.iter().map(|(by, g)| (*by, to_action(g, n))));
        for (by, action) in subs {
            let by = seat(by, n);
            let before = game.clone();
            let was_alive = game.is_alive(by);
            match game.submit(by, &action) {
                Ok(_) => prop_assert!(was_alive, "an out or unknown seat acted: {by:?} {action:?}"),
                Err(_) => prop_assert!(game == before, "a refused {action:?} changed the game"),
            }
            check_invariants(&game)?;
            eye_acts.note(&game);
        }
        let act = game.act();
        let holder = game.eye().holder;
        game.resolve();
        check_invariants(&game)?;
        eye_acts.check_death(&game, act, holder, c.edition)?;
        eye_acts.note(&game);
    }
    check_editions(&game, c.edition)?;
    Ok(())
}

/// DN-22, counted independently of the engine: the acts in which the Eye holder held a
/// notebook on turn at some moment (second edition), seen after every submission and opening.
#[derive(Default)]
struct EyeActs {
    holder: Option<Seat>,
    acts: BTreeSet<u32>,
}

impl EyeActs {
    fn note(&mut self, game: &Game) {
        let Some(h) = game.eye().holder else { return };
        if self.holder != Some(h) {
            self.holder = Some(h);
            self.acts.clear();
        }
        if game.winner().is_none() && game.has_own_turn(h) {
            self.acts.insert(game.act());
        }
    }

    /// After resolution `act`: the holder went out by the Eye exactly at her third own turn.
    fn check_death(
        &self,
        game: &Game,
        act: u32,
        holder: Option<Seat>,
        edition: Edition,
    ) -> Result<(), TestCaseError> {
        let Some(h) = holder else { return Ok(()) };
        if edition != Edition::Second || self.holder != Some(h) {
            return Ok(());
        }
        // `h` held the Eye before this resolution, so she was still in: she goes out by the
        // Eye iff this was her third own turn, unless an earlier step put her out.
        let out = game.seat(h).and_then(|s| s.out);
        if matches!(out, Some((a, c)) if a == act && c != Cause::Eye) {
            return Ok(());
        }
        let third = self.acts.len() == 3 && self.acts.last() == Some(&act);
        prop_assert_eq!(
            out == Some((act, Cause::Eye)),
            third,
            "Eye death at {} with own turns {:?}",
            act,
            &self.acts
        );
        Ok(())
    }
}

/// The readings that changed between the editions, checked on the whole game's log.
fn check_editions(game: &Game, edition: Edition) -> Result<(), TestCaseError> {
    for e in game.log() {
        if let (
            Audience::Public,
            Item::Event(Event::Out {
                cause,
                notebook: Some(f),
                ..
            }),
        ) = (&e.audience, &e.item)
        {
            let recaptured = match f {
                Fates::One(f) => *f == Fate::Recaptured,
                Fates::Two(fs) => fs.contains(&Fate::Recaptured),
            };
            if edition == Edition::Second && recaptured {
                // DN-17: no recapture ever follows an `eye`, `no_action` or `no_vote` out.
                prop_assert!(
                    matches!(cause, Cause::Voted | Cause::Killed),
                    "recaptured after {:?}",
                    cause
                );
            }
            if edition == Edition::Second && *cause == Cause::Eye {
                // DN-22: the Eye holder's notebooks are destroyed.
                let destroyed = match f {
                    Fates::One(f) => *f == Fate::Destroyed,
                    Fates::Two(fs) => fs.iter().all(|f| *f == Fate::Destroyed),
                };
                prop_assert!(destroyed, "an Eye death passed a notebook on");
            }
        }
    }
    // DN-19: a recapture falls inside its window: resolutions T+2..T+3 (first edition T+1..T+2)
    // after the transfer of that notebook in act T.
    let history = game.role_history();
    let (lo, hi) = match edition {
        Edition::First => (1, 2),
        Edition::Second => (2, 3),
    };
    for (i, c) in history.iter().enumerate() {
        if c.change != Change::Recaptured {
            continue;
        }
        let given = history[..i]
            .iter()
            .rev()
            .filter(|g| g.change == Change::Gave)
            .find(|g| g.seat == c.seat);
        let Some(g) = given else {
            return Err(TestCaseError::fail("a recapture without a transfer"));
        };
        prop_assert!(
            c.act >= g.act + lo && c.act <= g.act + hi,
            "recaptured at {} after a transfer in {}",
            c.act,
            g.act
        );
    }
    Ok(())
}

// 1000 random scenarios per property and 3000 bot games: thousands of games each `cargo test`.
proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_invariants(c in gen_case()) {
        play(&c)?;
    }

    #[test]
    fn same_scenario_same_transcript(c in gen_case()) {
        let text = scenario_json(&c);
        let run = || -> String {
            let lines = Scenario::parse(&text).expect("valid scenario").run().expect("runs");
            lines.iter().map(|l| serde_json::to_string(l).unwrap() + "\n").collect()
        };
        let a = run();
        prop_assert_eq!(&a, &run());
        let last: serde_json::Value = serde_json::from_str(a.lines().last().unwrap()).unwrap();
        prop_assert_eq!(&last["kind"], "outcome");
    }

    #[test]
    fn a_random_deal_is_reproducible(n in 6usize..=40, seed in any::<u64>()) {
        let pairs: Vec<(String, String)> = (1..=n).map(|i| (format!("g{i}"), format!("r{i}"))).collect();
        let roster = Arc::new(Roster::new(&pairs).unwrap());
        let a = Game::new_random(roster.clone(), Options::default(), seed).unwrap();
        let b = Game::new_random(roster, Options::default(), seed).unwrap();
        prop_assert!(a == b);
        prop_assert_eq!(a.kira_count(), 2);
    }

    #[test]
    fn arbitrary_json_never_panics(text in "\\PC{0,200}") {
        let _ = Scenario::parse(&text);
    }
}

#[test]
fn bot_games_finish_and_keep_the_invariants() {
    let roster = maku::rules::deathnote::bot::sim_roster(18);
    for seed in 0..3000 {
        let game = maku::rules::deathnote::bot::play(&roster, Options::default(), seed, 0.3, 500);
        assert!(game.winner().is_some(), "seed {seed} unfinished");
        check_invariants(&game).unwrap();
    }
}
