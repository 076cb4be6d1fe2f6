//! 4.0's butterfly (花蝴蝶) at a classic table: a role of another book played by the classic
//! engine as a module (`docs/setups.md`, "Roles across books"), the third after 4.0's doctor
//! and 5.0's sniper. A judge's own classic setup may deal it (one at most: R4-4 reads one
//! butterfly and one hugged seat, `setup-role-one`); it plays by `../shared/rules/roles.md`:
//! - R4-2: it learns nobody and sits in no team thread;
//! - R4-3: each night it may `hug` one other living seat (itself refused `self_target`), and
//!   replace its hug until the night ends (R4-4 (3): the last counts);
//! - R4-4 (1): a kill on the hugged seat H is void; the killers' kill is also void when H is a
//!   killer; a kill (either one) on the butterfly kills the butterfly and H — the secret police
//!   too, should he shoot the butterfly while it hugs him;
//! - R4-4 (2): saving the butterfly from the killers' kill spares H too (the save spares that
//!   kill only);
//! - R4-4 (4): a seat reached through the butterfly, and a seat named by a void kill, was
//!   attacked (the doctor's rule spares it).
//!
//! Readings of a classic table:
//! - 5.0's sniper's shot meets the hug as 4.0's kills do. R5-3 (1) makes H immune to a shot
//!   and R5-3 (3) lands on H whatever lands on the butterfly; R4-4 (1) says the same of "a
//!   kill (either one)": the two books agree, so a shot on H is void, a shot on the butterfly
//!   kills it and H (the sniper too, should he shoot the butterfly hugging him). Only the
//!   killers' kill is voided by a hugged killer (R4-4 (1) names that kill alone; R5-3 has no
//!   such rule), so a shot, like the secret kill, still lands while a killer is hugged. A void
//!   shot attacks (R4-4 (4)). The hug touches nothing else of a classic night: not the check
//!   (R4-4 (1) names kills only; 5.0's broader immunity, R5-3 (1), is its own night's).
//! - The hug counts on the night it was given even if the butterfly dies that night.
//! - Deaths through the butterfly go out in the kill's place, the butterfly first, then H, all
//!   announced `killed` (R4-4: by game ID only), each with CL-4's last words in that order.
//! - The butterfly counts among the civilians of CL-10 and wins with good (a good seat outside
//!   the teams, dealt in a civilian's place); a check of it reads `not_killer` (CL-2).
//!
//! Its night step runs in `night.rs`'s list; its action, form, view, deal and bot are with the
//! others of the engine (`Action::Hug`, `forms::HUG`, `butterflies` in a fixed setup).

use super::night::{Reach, Resolution};
use super::roles::Role;
use super::state::Game;

/// R4-4 (1): the hug's effects on the kills of step (1) — a kill on H is void, the killers'
/// kill too when H makes it (a killer, or the magician holding the kill, R5-2:
/// `Game::makes_the_kill`), a kill on the butterfly reaches H (which R4-4 (4) counts as an
/// attack, void or not: `Resolution::attacked`). The hug of 5.0's butterfly is its own module's
/// (`shield.rs`): this step leaves it.
pub(super) fn hug(g: &mut Game, n: &mut Resolution) {
    if let Some((b, h)) = n.hug.filter(|&(b, _)| g.role(b) == Role::Butterfly) {
        let killer_hugged = g.makes_the_kill(h);
        for l in &mut n.landings {
            if l.target == b {
                l.reach = Reach::two(b, h);
                l.kills = Reach::two(b, h);
            }
            if l.target == h || (l.killers && killer_hugged) {
                l.void = true;
            }
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use serde_json::{Value, json};

    use crate::classic::doctor::tests::{
        alive, at_dongsha, config, dongsha_deal, dongsha_with, handle, out, peaceful, public,
        replay, scenario, submit, to_night,
    };
    use crate::{Game, Variant};

    /// 东杀 with the four roles across books: 4.0's butterfly, secret police and doctor, 5.0's
    /// sniper, one each, called at night after the police (the secret police's, the bots' and
    /// the setups' tests use it too).
    pub(in crate::classic) fn across_document() -> Value {
        dongsha_with(&["butterfly", "secret_police", "doctor", "sniper"])
    }

    /// The handle of 东杀 with the four roles across books, `change`d, named `name`.
    pub(in crate::classic) fn table(name: &str, change: impl FnOnce(&mut Value)) -> Variant {
        handle(across_document(), name, change)
    }

    /// The fixed deal of [`game`].
    pub(in crate::classic) fn deal() -> Value {
        json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "butterflies": ["g5"],
               "secret_police": ["g6"], "doctors": ["g7"], "snipers": ["g8"]})
    }

    /// 10 seats g1..g10: killers g1 g2, police g3 g4, the butterfly g5, the secret police g6,
    /// the doctor g7, the sniper g8, civilians g9 g10.
    pub(in crate::classic) fn game(name: &str) -> Game {
        Game::start(&config(table(name, |_| {}), 10, Some(deal()))).expect("it starts")
    }

    /// One night's actions, `(seat, type, target)`, the killers' kill by both killers; resolved,
    /// the public events it published.
    pub(in crate::classic) fn night(g: &mut Game, acts: &[(&str, &str, &str)]) -> Vec<Value> {
        assert_eq!(g.current_phase().kind, "night");
        for &(by, kind, target) in acts {
            let bys: &[&str] = if kind == "kill" { &["g1", "g2"] } else { &[by] };
            for by in bys {
                let a = json!({"type": kind, "target": target});
                assert_eq!(submit(g, by, a), None, "{by} {kind} {target}");
            }
        }
        public(g.resolve_phase())
    }

    /// R4-4 (1): a kill on the hugged seat is void — the killers', the secret police's, and
    /// (R5-3 (1): the hugged seat is immune to a shot too) the sniper's.
    #[test]
    fn r4_4_1_a_kill_on_the_hugged_seat_is_void() {
        for (kind, by) in [("kill", "g1"), ("secret_kill", "g6"), ("snipe", "g8")] {
            let mut g = game(&format!("hug-void-{kind}"));
            let acts = [("g5", "hug", "g9"), (by, kind, "g9")];
            assert_eq!(night(&mut g, &acts), vec![peaceful()], "{kind}");
            assert!(alive(&g, "g9"), "{kind}");
        }
        // A hug replaced before the night ends: the last counts (R4-4 (3)).
        let mut g = game("hug-replaced");
        assert_eq!(
            submit(&mut g, "g5", json!({"type": "hug", "target": "g9"})),
            None
        );
        let acts = [("g5", "hug", "g10"), ("g1", "kill", "g9")];
        assert_eq!(night(&mut g, &acts), vec![out("g9")]);
    }

    /// R4-4 (1): the killers' kill is also void when the hugged seat is a killer — that kill
    /// only: the secret police's kill and a shot still land (R4-4 (1) names the killers' kill
    /// alone; R5-3 has no such rule).
    #[test]
    fn r4_4_1_a_hugged_killer_voids_the_killers_kill_only() {
        let mut g = game("hug-killer");
        let acts = [("g5", "hug", "g1"), ("g1", "kill", "g10")];
        assert_eq!(night(&mut g, &acts), vec![peaceful()]);
        to_night(&mut g);
        let acts = [
            ("g5", "hug", "g2"),
            ("g1", "kill", "g10"),
            ("g6", "secret_kill", "g9"),
            ("g8", "snipe", "g7"),
        ];
        assert_eq!(night(&mut g, &acts), vec![out("g9"), out("g7")]);
        assert!(alive(&g, "g10"));
    }

    /// R4-4 (1): a kill (either one) on the butterfly kills it and the hugged seat, the
    /// butterfly first, both `killed`, each with CL-4's last words (2 police dealt); a shot
    /// likewise (R5-3 (3): what lands on the butterfly lands on H); the secret police dies too
    /// should he shoot the butterfly while it hugs him.
    #[test]
    fn r4_4_1_a_kill_on_the_butterfly_kills_it_and_the_hugged_seat() {
        let mut g = game("hug-butterfly-killed");
        let acts = [("g5", "hug", "g9"), ("g1", "kill", "g5")];
        assert_eq!(night(&mut g, &acts), vec![out("g5"), out("g9")]);
        let mut words = Vec::new();
        while g.current_phase().kind == "last_words" {
            words.extend(g.table_now().speaker.clone());
            g.resolve_phase();
        }
        assert_eq!(words, ["g5", "g9"]);
        assert_eq!(g.table_now().speaker.as_deref(), Some("g10"), "after g9");
        let mut g = game("hug-butterfly-shot");
        let acts = [("g5", "hug", "g10"), ("g8", "snipe", "g5")];
        assert_eq!(night(&mut g, &acts), vec![out("g5"), out("g10")]);
        let mut g = game("hug-butterfly-secret");
        let acts = [("g5", "hug", "g6"), ("g6", "secret_kill", "g5")];
        assert_eq!(night(&mut g, &acts), vec![out("g5"), out("g6")]);
        // The killers' kill on the butterfly hugging the unspent secret police: R4-4 (3)
        // spares him.
        let mut g = game("hug-butterfly-immune");
        let acts = [("g5", "hug", "g6"), ("g1", "kill", "g5")];
        assert_eq!(night(&mut g, &acts), vec![out("g5")]);
    }

    /// R4-4 (2): saving the butterfly from the killers' kill spares the hugged seat too; a
    /// save of the hugged seat spares it alone; the save spares nothing of a shot on the
    /// butterfly (it spares the killers' kill only).
    #[test]
    fn r4_4_2_saving_the_butterfly_spares_the_hugged_seat_too() {
        let mut g = game("hug-saved");
        let acts = [
            ("g5", "hug", "g9"),
            ("g1", "kill", "g5"),
            ("g7", "save", "g5"),
        ];
        assert_eq!(night(&mut g, &acts), vec![peaceful()]);
        let mut g = game("hug-saved-hugged");
        let acts = [
            ("g5", "hug", "g9"),
            ("g1", "kill", "g5"),
            ("g7", "save", "g9"),
        ];
        assert_eq!(night(&mut g, &acts), vec![out("g5")]);
        let mut g = game("hug-saved-shot");
        let acts = [
            ("g5", "hug", "g9"),
            ("g8", "snipe", "g5"),
            ("g7", "save", "g5"),
        ];
        assert_eq!(night(&mut g, &acts), vec![out("g5"), out("g9")]);
    }

    /// R4-4 (4): "attacked" counts a void kill and a kill reaching a seat through the
    /// butterfly, so the doctor's rule spares a seat saved on such a night; without the attack
    /// the second unattacked save kills.
    #[test]
    fn r4_4_4_a_void_kill_and_a_kill_through_the_butterfly_are_attacks() {
        let save = ("g7", "save", "g9");
        // A void kill on the hugged seat, then an unattacked save: nobody dies.
        let mut g = game("hug-rule-void");
        let acts = [("g5", "hug", "g9"), ("g1", "kill", "g9"), save];
        assert_eq!(night(&mut g, &acts), vec![peaceful()]);
        to_night(&mut g);
        assert_eq!(night(&mut g, &[save]), vec![peaceful()]);
        // Reached through the butterfly (and spared by the save), then an unattacked save.
        let mut g = game("hug-rule-through");
        let acts = [("g5", "hug", "g9"), ("g1", "kill", "g5"), save];
        assert_eq!(night(&mut g, &acts), vec![out("g5")]);
        to_night(&mut g);
        assert_eq!(night(&mut g, &[save]), vec![peaceful()]);
        // A void shot is an attack too.
        let mut g = game("hug-rule-shot");
        let acts = [("g5", "hug", "g9"), ("g8", "snipe", "g9"), save];
        assert_eq!(night(&mut g, &acts), vec![peaceful()]);
        to_night(&mut g);
        assert_eq!(night(&mut g, &[save]), vec![peaceful()]);
        // No attack on either night: the second save kills.
        let mut g = game("hug-rule-none");
        assert_eq!(
            night(&mut g, &[("g5", "hug", "g9"), save]),
            vec![peaceful()]
        );
        to_night(&mut g);
        assert_eq!(night(&mut g, &[save]), vec![out("g9")]);
    }

    /// R4-3: the hug is the living butterfly's, at night, of another living seat; refused in
    /// the spec's order otherwise (`self_target` after `bad_target`). The form, the seat's
    /// allowed actions, what it owes and its view follow; at 东杀 `hug` is another game's
    /// type, refused `not_your_role` as it always was.
    #[test]
    fn r4_3_only_the_living_butterfly_hugs_another_seat_at_night() {
        let hug = |t: &str| json!({"type": "hug", "target": t});
        let mut g = game("hug-only");
        for by in ["g1", "g3", "g6", "g7", "g8", "g9"] {
            assert_eq!(
                submit(&mut g, by, hug("g10")),
                Some("not_your_role"),
                "{by}"
            );
            let allowed = g.seat_now(by).expect("a seat").allowed;
            assert!(!allowed.contains(&"hug"), "{by}: {allowed:?}");
        }
        let b = g.seat_now("g5").expect("the butterfly");
        assert_eq!(b.role, "butterfly");
        assert_eq!(b.allowed, ["hug"]);
        assert!(b.owes.action, "the hug is owed until sent");
        assert_eq!(submit(&mut g, "g5", hug("nobody")), Some("bad_target"));
        assert_eq!(submit(&mut g, "g5", hug("g5")), Some("self_target"));
        assert_eq!(submit(&mut g, "g5", hug("g10")), None);
        assert!(!g.seat_now("g5").expect("the butterfly").owes.action);
        let seat_view = g.view_for("g5").expect("a view");
        let sheet = g.variant().seat_sheet(&seat_view, false);
        assert_eq!(sheet.role, crate::message::Message::key("role-butterfly"));
        assert_eq!(sheet.chosen, [("hug", "target", "g10".to_string())]);
        let view = seat_view.json();
        assert!(view.get("team").is_none(), "R4-2: it learns nobody");
        assert_eq!(view["hug"], "g10");
        assert!(
            g.view_for("g9")
                .expect("a view")
                .json()
                .get("hug")
                .is_none()
        );
        g.resolve_phase();
        assert_ne!(g.current_phase().kind, "night");
        assert!(g.seat_now("g5").expect("a seat").allowed.is_empty());
        assert_eq!(submit(&mut g, "g5", hug("g9")), Some("not_now"));
        // The forms: the other books' roles after the classic's own; the hug names another
        // living seat.
        let v = table("hug-forms", |_| {});
        let kinds: Vec<&str> = v.action_forms().iter().map(|f| f.kind).collect();
        assert_eq!(
            kinds,
            [
                "kill",
                "check",
                "save",
                "snipe",
                "hug",
                "secret_kill",
                "explode",
                "surrender",
                "vote"
            ]
        );
        let input = v
            .action_forms()
            .iter()
            .find(|f| f.kind == "hug")
            .map(|f| f.fields.iter().map(|x| x.input).collect::<Vec<_>>());
        assert_eq!(input, Some(vec![crate::FieldInput::OtherLivingSeat]));
        // The butterfly out: no hug, nothing owed.
        let mut g = game("hug-dead");
        night(&mut g, &[("g1", "kill", "g5")]);
        to_night(&mut g);
        assert_eq!(submit(&mut g, "g5", hug("g9")), Some("out"));
        let b = g.seat_now("g5").expect("a seat");
        assert!(b.allowed.is_empty() && !b.owes.action);
        // 东杀 itself: no butterfly, no form, `hug` refused as another game's.
        let dongsha = Variant::from_name("dongsha").expect("dongsha");
        assert!(!dongsha.action_forms().iter().any(|f| f.kind == "hug"));
        let deal = json!({"killers": ["g1", "g2"], "police": ["g3", "g4"]});
        let mut g = Game::start(&config(dongsha, 9, Some(deal))).expect("it starts");
        assert_eq!(submit(&mut g, "g5", hug("g6")), Some("not_your_role"));
    }

    /// CL-10 with a butterfly: it counts among the civilians and wins with good; CL-2: a check
    /// of it finds no killer. 5 seats: the killer g1, the officer g2, the butterfly g3,
    /// civilians g4 g5.
    #[test]
    fn cl_10_the_butterfly_counts_among_the_civilians_and_wins_with_good() {
        let small = table("hug-cl10", |d| {
            d["seats"] = json!({"min": 5, "max": 5});
            d["deal"] = json!([
                {"role": "killer", "count": 1},
                {"role": "police", "count": 1},
                {"role": "butterfly", "count": 1}
            ]);
            d["night"] = json!(["killer", "police", "butterfly"]);
        });
        let fixed = json!({"killers": ["g1"], "police": ["g2"], "butterflies": ["g3"]});
        let mut g = Game::start(&config(small, 5, Some(fixed))).expect("it starts");
        assert_eq!(
            submit(&mut g, "g2", json!({"type": "check", "target": "g3"})),
            None
        );
        let lines = g.resolve_phase();
        let told: Vec<Value> = lines
            .iter()
            .filter_map(|l| match l {
                crate::Line::Private { event, .. } => Some(event.json().clone()),
                _ => None,
            })
            .collect();
        assert_eq!(
            told,
            [json!({"type": "check_result", "target": "g3", "result": "not_killer"})]
        );
        // The two civilians out (a night and a vote), the butterfly lives: no 屠城 yet.
        while g.current_phase().kind != "vote" {
            g.resolve_phase();
        }
        for by in ["g1", "g2", "g3", "g4", "g5"] {
            let v = json!({"type": "vote", "target": "g4"});
            assert_eq!(submit(&mut g, by, v), None);
        }
        g.resolve_phase();
        to_night(&mut g);
        let kill = |t: &str| json!({"type": "kill", "target": t});
        assert_eq!(submit(&mut g, "g1", kill("g5")), None);
        assert_eq!(public(g.resolve_phase()), vec![out("g5")]);
        assert_eq!(
            g.outcome(),
            None,
            "the butterfly is a civilian still standing"
        );
        to_night(&mut g);
        assert_eq!(submit(&mut g, "g1", kill("g3")), None);
        assert_eq!(
            public(g.resolve_phase()),
            vec![out("g3"), json!({"type": "game_over", "winner": "killers"})],
            "屠城: the butterfly was the last civilian"
        );
        assert_eq!(
            g.seat_record("g3", Some("killers"))
                .map(|r| (r.role, r.won)),
            Some(("butterfly", Some(false)))
        );
        assert_eq!(
            g.seat_record("g3", Some("good")).map(|r| r.won),
            Some(Some(true))
        );
    }

    /// A fixed deal of a butterfly's table names it (`butterflies`, a list, as the draw gives
    /// it); a wrong count or a seat dealt twice is refused; the draw deals all four roles once.
    /// At 东杀 `butterflies` is a key the table does not have.
    #[test]
    fn r4_3_a_fixed_deal_names_the_butterflies() {
        let v = table("hug-deal", |_| {});
        let start = |setup: Value| Game::start(&config(v, 10, Some(setup))).map(|_| ());
        assert_eq!(start(deal()), Ok(()));
        let with = |key: &str, seats: Value| {
            let mut d = deal();
            d[key] = seats;
            d
        };
        for (setup, says) in [
            (
                with("butterflies", json!([])),
                "deals 1 butterfly(s), not 0",
            ),
            (
                with("butterflies", json!(["g9", "g10"])),
                "deals 1 butterfly(s), not 2",
            ),
            (
                with("butterflies", json!(["g7"])),
                "\"g7\" is a doctor and a butterfly",
            ),
            (
                with("secret_police", json!(["g5"])),
                "\"g5\" is a butterfly and a secret_police",
            ),
        ] {
            let err = start(setup.clone()).expect_err("refused").to_string();
            assert!(err.contains(says), "{setup}: {err}");
        }
        let drawn = Game::start(&config(v, 10, None)).expect("drawn");
        let mut dealt: Vec<&str> = (1..=10)
            .filter_map(|i| drawn.seat_now(&format!("g{i}")).map(|s| s.role))
            .filter(|r| !matches!(*r, "killer" | "police" | "civilian"))
            .collect();
        dealt.sort_unstable();
        assert_eq!(dealt, ["butterfly", "doctor", "secret_police", "sniper"]);
        let ids: Vec<String> = (1..=10).map(|i| format!("g{i}")).collect();
        let Value::Object(m) = deal() else {
            panic!("an object")
        };
        assert_eq!(v.check_fixed_roles(&ids, &m), Ok(()));
        let dongsha = Variant::from_name("dongsha").expect("dongsha");
        let mut m = serde_json::Map::new();
        m.insert("butterflies".into(), json!(["g5"]));
        assert_eq!(
            dongsha.check_fixed_roles(&ids, &m),
            Err(crate::ConfigError::UnknownSetupKey("butterflies".into()))
        );
    }

    /// A replay scenario of a butterfly's table (`document` in place of `variant`,
    /// replay.md): the hug is taken with the night's actions (`hug_recorded`), the kill on the
    /// butterfly puts it and its hugged seat out in that order, both `killed`; the same hug at
    /// 东杀 is another game's type, refused `not_your_role` as it always was.
    #[test]
    fn r4_4_1_a_replay_of_a_butterflys_table_hugs() {
        let acts = json!([{"submit": [
            {"by": "g5", "action": {"type": "hug", "target": "g9"}},
            {"by": "g1", "action": {"type": "kill", "target": "g5"}}
        ]}]);
        let scenario = scenario(across_document(), 10, deal(), acts);
        let lines = replay(&scenario);
        assert!(
            lines.contains(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": true,
                                       "reply": {"type": "hug_recorded"}})),
            "{lines:?}"
        );
        let outs: Vec<&Value> = lines
            .iter()
            .filter(|l| l["kind"] == "public" && l["event"]["type"] == "out" && l["act"] == 1)
            .map(|l| &l["event"])
            .collect();
        assert_eq!(outs, [&out("g5"), &out("g9")]);
        let mut preset = at_dongsha(&scenario);
        preset["setup"] = dongsha_deal(json!({}));
        let lines = replay(&preset);
        assert!(
            lines.contains(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": false,
                                       "error": "not_your_role"}))
        );
        let outs: Vec<&Value> = lines
            .iter()
            .filter(|l| l["kind"] == "public" && l["event"]["type"] == "out" && l["act"] == 1)
            .map(|l| &l["event"])
            .collect();
        assert_eq!(outs, [&out("g5")], "at 东杀 only the kill");
    }
}
