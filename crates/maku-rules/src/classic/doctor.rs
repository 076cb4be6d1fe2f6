//! 4.0's doctor (医生) at a classic table: a role of another book played by the classic engine
//! as a module (`docs/setups.md`, "Roles across books"). A judge's own classic setup may deal
//! it; it plays by `../shared/rules/roles.md`:
//! - R4-2: it learns nobody and sits in no team thread;
//! - R4-3: each night it may `save` one living seat, itself allowed, and replace its save until
//!   the night ends (the last counts);
//! - R4-4 (2): the saved seat does not die from the killers' kill — from that kill only: a
//!   sniper's shot (`sniper.rs`) kills a saved seat, as the secret police's kill does
//!   (`secret_police.rs`); saving the butterfly from the killers' kill spares the hugged seat
//!   too (`butterfly.rs`);
//! - R4-4 (4): a seat saved two nights running that no kill attacked on either night dies at
//!   the second night's end ("attacked": named by a kill of step (1) — the killers', the secret
//!   police's, a shot — or reached by one through the butterfly, void or not).
//!
//! Readings of a classic table with more than one doctor: each doctor saves on its own; a
//! seat any doctor saved is saved, and R4-4 (4) reads the seat ("a seat saved two nights
//! running"), whichever doctor saved it each night. A night without a save starts the count
//! again, as in the role games.
//!
//! Its night steps run in `night.rs`'s list; its action, form, view, deal and bot are with the
//! others of the engine (`Action::Save`, `forms::SAVE`, `doctors` in a fixed setup).

use super::night::Resolution;
use super::state::Game;
use crate::table::Seat;

/// R4-4 (2): a saved seat does not die from the killers' kill (the night is peaceful unless
/// someone else dies); saving the butterfly from the killers' kill spares the hugged seat too
/// (`butterfly.rs`). The save spares that kill only: a seat also shot or secretly killed this
/// night dies of it (R5-3 (5): "every other kill or shot kills"; a classic table has no
/// needle; the secret police's kill ignores the doctor).
pub(super) fn save(_: &mut Game, n: &mut Resolution) {
    let mut spared: Vec<Seat> = Vec::new();
    for &d in &n.saved {
        match n.hug {
            Some((b, h)) if b == d => spared.extend([b, h]),
            _ => spared.push(d),
        }
    }
    for l in n.landings.iter_mut().filter(|l| l.killers) {
        l.kills.retain(|s| !spared.contains(s));
    }
}

/// R4-4 (4): each seat saved tonight and last night, attacked on neither night, dies now
/// (after the kills' deaths, in seat order). "Attacked": named by a kill of step (1) — the
/// killers', the secret police's, a shot — or reached by one through the butterfly, void or
/// not. Tonight's unattacked saves are kept for tomorrow.
pub(super) fn rule(g: &mut Game, n: &mut Resolution) {
    let unattacked: Vec<Seat> = n
        .saved
        .iter()
        .copied()
        .filter(|&s| !n.attacked(s))
        .collect();
    for &s in &unattacked {
        if g.saved_unattacked.contains(&s) && !n.dead.contains(&s) {
            n.dead.push(s);
        }
    }
    g.saved_unattacked = unattacked;
}

#[cfg(test)]
pub(super) mod tests {
    use serde_json::{Value, json};

    use crate::setups::{self, read};
    use crate::table::Stage;
    use crate::{Game, GameConfig, SeatSpec, Variant};

    /// 东杀 with one doctor: the preset's document, a `doctor` dealt and called at night (the
    /// bots' tests use it too).
    pub(in crate::classic) fn doctor_document() -> Value {
        dongsha_with(&["doctor"])
    }

    /// 东杀's document with one of each of `roles` dealt, called at night after the killers
    /// and the police, in that order (the other roles' modules' tests use it too).
    pub(in crate::classic) fn dongsha_with(roles: &[&str]) -> Value {
        let text = setups::PRESETS
            .iter()
            .find(|(n, _)| *n == "dongsha")
            .map(|(_, t)| *t)
            .unwrap_or_default();
        let mut d: Value = serde_json::from_str(text).expect("JSON");
        if let Some(deal) = d["deal"].as_array_mut() {
            for role in roles {
                deal.push(json!({"role": role, "count": 1}));
            }
        }
        let mut night = vec!["killer", "police"];
        night.extend_from_slice(roles);
        d["night"] = json!(night);
        d
    }

    /// The handle of `d`, `change`d, named `name` (a name per test: one handle per name).
    pub(in crate::classic) fn handle(
        mut d: Value,
        name: &str,
        change: impl FnOnce(&mut Value),
    ) -> Variant {
        change(&mut d);
        let setup = read(&d).expect("it holds");
        setups::custom_variant(name, name, &setup).expect("the classic engine plays it")
    }

    /// The handle of 东杀 with one doctor, `change`d, named `name`.
    fn table(name: &str, change: impl FnOnce(&mut Value)) -> Variant {
        handle(doctor_document(), name, change)
    }

    fn variant(name: &str) -> Variant {
        table(name, |_| {})
    }

    /// A game of `variant` with seats g1..g`n` dealt `setup` (`None`: drawn from seed 1).
    pub(in crate::classic) fn config(
        variant: Variant,
        n: usize,
        setup: Option<Value>,
    ) -> GameConfig {
        GameConfig {
            variant,
            options: Value::Null,
            seed: 1,
            seats: (1..=n)
                .map(|i| SeatSpec {
                    game_id: format!("g{i}"),
                    real_id: format!("r{i}"),
                })
                .collect(),
            setup,
        }
    }

    /// 9 seats g1..g9: killers g1 g2, police g3 g4, the doctor g5, civilians g6..g9.
    fn game(name: &str) -> Game {
        let deal = json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "doctors": ["g5"]});
        Game::start(&config(variant(name), 9, Some(deal))).expect("it starts")
    }

    pub(in crate::classic) fn submit(
        g: &mut Game,
        by: &str,
        action: Value,
    ) -> Option<&'static str> {
        let submitted = g.submit_json(by, &action).expect("an action");
        submitted.result.err().map(|r| r.error)
    }

    /// The night's kill on `victim` (both killers) and the doctor's save of `saved`, resolved;
    /// the public events the night published.
    fn night(g: &mut Game, victim: Option<&str>, saved: Option<&str>) -> Vec<Value> {
        assert_eq!(g.current_phase().kind, "night");
        if let Some(v) = victim {
            for by in ["g1", "g2"] {
                assert_eq!(submit(g, by, json!({"type": "kill", "target": v})), None);
            }
        }
        if let Some(s) = saved {
            assert_eq!(submit(g, "g5", json!({"type": "save", "target": s})), None);
        }
        public(g.resolve_phase())
    }

    pub(in crate::classic) fn public(lines: Vec<crate::Line>) -> Vec<Value> {
        lines
            .into_iter()
            .filter_map(|l| match l {
                crate::Line::Public { event, .. } => Some(event.json().clone()),
                _ => None,
            })
            .collect()
    }

    /// Resolves the day to the next night (nobody votes: CL-6's round 1 puts nobody out).
    pub(in crate::classic) fn to_night(g: &mut Game) {
        while g.current_phase().kind != "night" && g.outcome().is_none() {
            g.resolve_phase();
        }
    }

    pub(in crate::classic) fn out(target: &str) -> Value {
        json!({"type": "out", "target": target, "cause": "killed"})
    }

    pub(in crate::classic) fn peaceful() -> Value {
        json!({"type": "peaceful", "phase": "night"})
    }

    #[test]
    fn r4_4_2_the_saved_victim_survives_and_the_night_is_peaceful() {
        let mut g = game("doctor-saves");
        assert_eq!(night(&mut g, Some("g6"), Some("g6")), vec![peaceful()]);
        assert!(g.seat_now("g6").is_some_and(|s| s.out.is_none()));
        // A save of another seat spares nobody: the victim dies (CL-1).
        to_night(&mut g);
        assert_eq!(night(&mut g, Some("g7"), Some("g8")), vec![out("g7")]);
    }

    #[test]
    fn r4_3_the_doctor_may_save_itself_and_replace_its_save() {
        let mut g = game("doctor-self");
        assert_eq!(submit(&mut g, "g5", json!({"type": "save", "target": "g6"})), None);
        // R4-3 with R4-4 (3)'s "may be replaced until the night ends": the last counts.
        assert_eq!(night(&mut g, Some("g5"), Some("g5")), vec![peaceful()]);
        assert!(g.seat_now("g5").is_some_and(|s| s.out.is_none()));
    }

    #[test]
    fn r4_4_4_two_saves_running_unattacked_kill_the_saved_seat() {
        let mut g = game("doctor-twice");
        assert_eq!(night(&mut g, None, Some("g6")), vec![peaceful()]);
        to_night(&mut g);
        assert_eq!(night(&mut g, None, Some("g6")), vec![out("g6")]);
        // CL-4: the first seat out (of 2 police dealt) leaves last words at dawn.
        assert_eq!(g.current_phase().kind, "last_words");
    }

    #[test]
    fn r4_4_4_an_attack_on_either_night_spares_the_twice_saved_seat() {
        // Attacked (and saved) on the first night.
        let mut g = game("doctor-attacked-first");
        assert_eq!(night(&mut g, Some("g6"), Some("g6")), vec![peaceful()]);
        to_night(&mut g);
        assert_eq!(night(&mut g, None, Some("g6")), vec![peaceful()]);
        // Attacked (and saved) on the second night.
        let mut g = game("doctor-attacked-second");
        assert_eq!(night(&mut g, None, Some("g6")), vec![peaceful()]);
        to_night(&mut g);
        assert_eq!(night(&mut g, Some("g6"), Some("g6")), vec![peaceful()]);
        // A night without a save starts the count again.
        let mut g = game("doctor-gap");
        assert_eq!(night(&mut g, None, Some("g6")), vec![peaceful()]);
        to_night(&mut g);
        assert_eq!(night(&mut g, None, None), vec![peaceful()]);
        to_night(&mut g);
        assert_eq!(night(&mut g, None, Some("g6")), vec![peaceful()]);
    }

    /// R4-4's order: the kill's death, then the doctor's rule's; CL-4 gives each last words
    /// while the seats out are at most the police dealt (2), in the order they went out; the
    /// day's speeches start after the last seat out (CL-5).
    #[test]
    fn r4_4_two_deaths_in_a_night_go_out_in_order_each_with_last_words() {
        let mut g = game("doctor-two-deaths");
        assert_eq!(night(&mut g, None, Some("g6")), vec![peaceful()]);
        to_night(&mut g);
        assert_eq!(
            night(&mut g, Some("g8"), Some("g6")),
            vec![out("g8"), out("g6")]
        );
        for speaker in ["g8", "g6"] {
            let now = g.table_now();
            assert_eq!(now.phase.kind, "last_words");
            assert_eq!(now.speaker.as_deref(), Some(speaker));
            g.resolve_phase();
        }
        let now = g.table_now();
        assert_eq!(now.phase.kind, "speech");
        assert_eq!(now.speaker.as_deref(), Some("g7"), "after g6, the last out");
    }

    /// CL-2: the check is told to the police as ever, the doctor learns nothing (R4-2) and a
    /// check of the doctor finds no killer.
    #[test]
    fn r4_2_the_doctor_learns_nobody_and_reads_as_not_a_killer() {
        let mut g = game("doctor-checked");
        let start: Vec<crate::Line> = g.transcript();
        assert!(
            !start
                .iter()
                .any(|l| matches!(l, crate::Line::Private { to, .. } if to == "g5")),
            "no teammates for the doctor"
        );
        assert_eq!(submit(&mut g, "g3", json!({"type": "check", "target": "g5"})), None);
        let lines = g.resolve_phase();
        let told: Vec<(String, Value)> = lines
            .into_iter()
            .filter_map(|l| match l {
                crate::Line::Private { to, event, .. } => Some((to, event.json().clone())),
                _ => None,
            })
            .collect();
        let result = json!({"type": "check_result", "target": "g5", "result": "not_killer"});
        assert_eq!(
            told,
            vec![("g3".to_string(), result.clone()), ("g4".to_string(), result)]
        );
    }

    /// R4-3: the save is the doctor's, at night, on a living seat; refused in the spec's order
    /// otherwise. The form and the seat's allowed actions follow.
    #[test]
    fn r4_3_only_the_living_doctor_saves_and_only_at_night() {
        let mut g = game("doctor-only");
        let save = |t: &str| json!({"type": "save", "target": t});
        for by in ["g1", "g3", "g6"] {
            assert_eq!(submit(&mut g, by, save("g6")), Some("not_your_role"), "{by}");
            let allowed = g.seat_now(by).expect("a seat").allowed;
            assert!(!allowed.contains(&"save"), "{by}: {allowed:?}");
        }
        let doctor = g.seat_now("g5").expect("the doctor");
        assert_eq!(doctor.role, "doctor");
        assert_eq!(doctor.allowed, ["save"]);
        assert!(doctor.owes.action, "the save is owed until sent, as a kill is");
        assert_eq!(submit(&mut g, "g5", save("nobody")), Some("bad_target"));
        assert_eq!(submit(&mut g, "g5", save("g7")), None);
        assert!(!g.seat_now("g5").expect("the doctor").owes.action);
        // The seat's view: its role, no team, its own save.
        let seat_view = g.view_for("g5").expect("a view");
        let sheet = g.variant().seat_sheet(&seat_view, false);
        assert_eq!(sheet.role, crate::message::Message::key("role-doctor"));
        assert_eq!(sheet.chosen, [("save", "target", "g7".to_string())]);
        let view = seat_view.json();
        assert_eq!(view["role"], "doctor");
        assert!(view.get("team").is_none());
        assert_eq!(view["save"], "g7");
        assert_eq!(view["actions"], json!(["save"]));
        assert!(g.view_for("g6").expect("a view").json().get("save").is_none());
        g.resolve_phase();
        assert_ne!(g.current_phase().kind, "night");
        assert_eq!(submit(&mut g, "g5", save("g7")), Some("not_now"));
        // The form: kind `save`, a living seat, after the check's.
        let kinds: Vec<&str> = variant("doctor-only")
            .action_forms()
            .iter()
            .map(|f| f.kind)
            .collect();
        assert_eq!(kinds, ["kill", "check", "save", "explode", "surrender", "vote"]);
        let dongsha = Variant::from_name("dongsha").expect("dongsha");
        let kinds: Vec<&str> = dongsha.action_forms().iter().map(|f| f.kind).collect();
        assert_eq!(kinds, ["kill", "check", "explode", "surrender", "vote"], "no doctor");
        // The doctor killed: out, so no save (and CL-9: no surrender, it has no team).
        let mut g = game("doctor-dead");
        night(&mut g, Some("g5"), None);
        to_night(&mut g);
        assert_eq!(submit(&mut g, "g5", save("g6")), Some("out"));
        let mut g = game("doctor-no-surrender");
        assert_eq!(
            submit(&mut g, "g5", json!({"type": "surrender"})),
            Some("not_your_role")
        );
        assert_eq!(g.current_phase().kind, "night");
        assert_eq!(Stage::Night.kind().map(|k| k.name()), Some("night"));
    }

    /// CL-10 with a doctor: it counts among the civilians, so all civilians are out only when
    /// the doctor is out too (`docs/setups.md`, "Roles across books"). 5 seats: the killer g1,
    /// the officer g2, the doctor g3, civilians g4 g5; all civilians out → the killers win.
    #[test]
    fn cl_10_the_doctor_counts_among_the_civilians() {
        let small = table("doctor-cl10", |d| {
            d["seats"] = json!({"min": 5, "max": 5});
            d["deal"] = json!([
                {"role": "killer", "count": 1},
                {"role": "police", "count": 1},
                {"role": "doctor", "count": 1}
            ]);
        });
        let deal = json!({"killers": ["g1"], "police": ["g2"], "doctors": ["g3"]});
        let mut g = Game::start(&config(small, 5, Some(deal))).expect("it starts");
        assert_eq!(submit(&mut g, "g1", json!({"type": "kill", "target": "g4"})), None);
        g.resolve_phase();
        while g.current_phase().kind != "vote" {
            g.resolve_phase();
        }
        for by in ["g1", "g2", "g3", "g5"] {
            assert_eq!(
                submit(&mut g, by, json!({"type": "vote", "target": "g5"})),
                None
            );
        }
        g.resolve_phase();
        assert_eq!(g.outcome(), None, "the last civilian out, the doctor lives on");
        to_night(&mut g);
        assert_eq!(
            night_of(&mut g, "g1", "g3"),
            vec![
                out("g3"),
                json!({"type": "game_over", "winner": "killers"})
            ],
            "屠城: the doctor was the last civilian"
        );
        assert_eq!(
            g.seat_record("g3", Some("killers")).map(|r| (r.role, r.won)),
            Some(("doctor", Some(false))),
            "the doctor is good"
        );
    }

    /// `by`'s kill on `target`, the night resolved; its public events.
    fn night_of(g: &mut Game, by: &str, target: &str) -> Vec<Value> {
        assert_eq!(submit(g, by, json!({"type": "kill", "target": target})), None);
        public(g.resolve_phase())
    }

    /// A fixed deal of a doctor table names its doctors (`doctors`, as the draw gives them);
    /// a wrong count or a seat dealt twice is refused. A table without a doctor has no such
    /// key: replay.md ignores it there, and the server's fixed deal refuses it.
    #[test]
    fn r4_3_a_fixed_deal_names_the_doctors() {
        let v = variant("doctor-deal");
        let start = |setup: Value| Game::start(&config(v, 9, Some(setup))).map(|_| ());
        assert_eq!(
            start(json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "doctors": ["g9"]})),
            Ok(())
        );
        for (setup, says) in [
            (
                json!({"killers": ["g1", "g2"], "police": ["g3", "g4"]}),
                "deals 1 doctor(s), not 0",
            ),
            (
                json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "doctors": ["g5", "g6"]}),
                "deals 1 doctor(s), not 2",
            ),
            (
                json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "doctors": ["g1"]}),
                "\"g1\" is a killer and a doctor",
            ),
            (
                json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "doctors": ["x"]}),
                "unknown seat \"x\" in doctors",
            ),
        ] {
            let err = start(setup.clone()).expect_err("refused").to_string();
            assert!(err.contains(says), "{setup}: {err}");
        }
        // The draw deals the doctor too, and a fixed deal has its keys.
        let drawn = Game::start(&config(v, 9, None)).expect("drawn");
        let doctors = (1..=9)
            .filter(|i| drawn.seat_now(&format!("g{i}")).is_some_and(|s| s.role == "doctor"))
            .count();
        assert_eq!(doctors, 1);
        let ids: Vec<String> = (1..=9).map(|i| format!("g{i}")).collect();
        let fixed = |roles: Value| match roles {
            Value::Object(m) => v.check_fixed_roles(&ids, &m),
            _ => panic!("an object"),
        };
        assert!(fixed(json!({"killers": ["g1", "g2"], "police": ["g3", "g4"]})).is_err());
        assert_eq!(
            fixed(json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "doctors": ["g5"]})),
            Ok(())
        );
        // 东杀 itself: no doctor; `doctors` is ignored by the engine (replay.md: unknown setup
        // keys are ignored) and refused by the server's fixed deal.
        let dongsha = Variant::from_name("dongsha").expect("dongsha");
        let with_doctor =
            json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "doctors": ["g5"]});
        let g = Game::start(&config(dongsha, 9, Some(with_doctor.clone()))).expect("it starts");
        assert_eq!(g.seat_now("g5").map(|s| s.role), Some("civilian"));
        let Value::Object(m) = with_doctor else {
            panic!("an object")
        };
        assert_eq!(
            dongsha.check_fixed_roles(&ids, &m),
            Err(crate::ConfigError::UnknownSetupKey("doctors".into()))
        );
    }

    /// The bots play a doctor table to the end, the doctor saving a random living seat
    /// (itself allowed), from the seeded RNG: the same games every time.
    #[test]
    fn r4_3_bots_play_a_doctor_table_to_the_end() {
        let v = variant("doctor-bots");
        let params = crate::sim::SimParams {
            seats: 9,
            guess: 0.0,
            max_phases: 400,
        };
        let run = || v.simulate(&params, 0..300, &crate::sim::Progress::default());
        let stats = run();
        assert_eq!(stats.games, 300);
        let ended: u64 = stats
            .outcomes
            .iter()
            .filter(|(o, _)| *o != "unfinished")
            .map(|(_, n)| n)
            .sum();
        assert_eq!(ended, 300, "every game ends: {stats:?}");
        assert_eq!(run(), stats, "seeded");
    }

    /// A replay scenario of a doctor table (`document` in place of `variant`, replay.md): the
    /// doctor's `save` is taken with the night's actions, the saved victim lives, and the
    /// reply is `save_recorded`; the same save at 东杀 is another game's type, refused
    /// `not_your_role` as it always was.
    #[test]
    fn r4_4_2_a_replay_of_a_doctor_table_saves_the_victim() {
        let seats: Vec<Value> = (1..=9)
            .map(|i| json!({"game_id": format!("g{i}"), "real_id": format!("r{i}")}))
            .collect();
        let acts = json!([{"submit": [
            {"by": "g1", "action": {"type": "kill", "target": "g6"}},
            {"by": "g5", "action": {"type": "save", "target": "g6"}},
            {"by": "g3", "action": {"type": "check", "target": "g1"}}
        ]}]);
        let scenario = json!({
            "document": doctor_document(),
            "seats": seats,
            "setup": {"killers": ["g1", "g2"], "police": ["g3", "g4"], "doctors": ["g5"]},
            "acts": acts,
        });
        let run = |scenario: &Value| -> Vec<Value> {
            let s = crate::scenario::Scenario::parse(&scenario.to_string()).expect("it reads");
            let lines = s.run().expect("it plays");
            lines
                .iter()
                .map(|l| serde_json::to_value(l).expect("JSON"))
                .collect()
        };
        let lines = run(&scenario);
        let has = |l: &Value| lines.contains(l);
        assert!(has(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": true,
                            "reply": {"type": "save_recorded"}})), "{lines:?}");
        assert!(has(&json!({"kind": "public", "act": 1,
                            "event": {"type": "peaceful", "phase": "night"}})));
        assert!(has(&json!({"kind": "private", "act": 1, "to": "g3",
                            "event": {"type": "check_result", "target": "g1", "result": "killer"}})));
        let mut preset = scenario.clone();
        if let Value::Object(m) = &mut preset {
            m.remove("document");
            m.insert("variant".into(), json!("dongsha"));
        }
        let lines = run(&preset);
        assert!(lines.contains(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": false,
                                       "error": "not_your_role"})));
        assert!(lines.contains(&json!({"kind": "public", "act": 1,
                                       "event": {"type": "out", "target": "g6", "cause": "killed"}})));
    }
}
