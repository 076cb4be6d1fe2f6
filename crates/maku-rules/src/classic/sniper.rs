//! 5.0's sniper (狙击手) at a classic table: a role of another book played by the classic engine
//! as a module (`docs/setups.md`, "Roles across books"), the second after 4.0's doctor. A
//! judge's own classic setup may deal it; it plays by `../shared/rules/roles.md`:
//! - 5.0: nobody learns anybody's role at the start, so it learns nobody and sits in no team
//!   thread;
//! - R5-1: each night it may `snipe` one living seat or not act; it may name itself (only the
//!   butterfly, magician, police and wizard may not), and may replace its shot until the night
//!   ends (the last counts);
//! - R5-3 (3), (5): shots land with the kills, and "every other kill or shot kills": the shot
//!   seat dies. A needle cancels one kill or shot — at a table that deals 5.0's needle doctor
//!   (`needle.rs`) —, while 4.0's doctor's save, R4-4 (2), spares the killers' kill only, so a
//!   saved seat that is shot dies (unless a needle cancels the shot);
//! - R5-4: the night's dead are announced without causes, so a shot's death is announced as
//!   every classic night death is (`out`, cause `killed`), and nobody learns which was a shot.
//!
//! Readings of a classic table: the shots run right after the kills (R4-4's step (1), R5-3's
//! "all the rest at once"); the night's dead go out in the steps' order — the kill's victim,
//! the secret kill's, then the shot seats in seat order, then the doctor's rule's — a seat
//! both killed and shot once, each with CL-4's last words in that order. With 4.0's butterfly
//! at the table a shot meets the hug as 4.0's kills do (`butterfly.rs`). With more than one sniper each shoots on
//! its own. The sniper counts among the civilians of CL-10 and wins with good (a good seat
//! outside the teams, dealt in a civilian's place); a check of it reads `not_killer` (CL-2).
//!
//! Its night step runs in `night.rs`'s list; its action, form, view, deal and bot are with the
//! others of the engine (`Action::Snipe`, `forms::SNIPE`, `snipers` in a fixed setup).

use super::night::{Landing, Resolution};
use super::state::Game;

/// R5-3 (3), (5): each shot lands with the kills of R4-4's step (1), after the killers' and the
/// secret police's, in seat order (a seat the kill named too dies once, in the kill's place);
/// the butterfly's hug acts on it as on a kill (`butterfly.rs`).
pub(super) fn shoot(_: &mut Game, n: &mut Resolution) {
    for &s in &n.shot {
        n.landings.push(Landing::new(s, false));
    }
}

#[cfg(test)]
pub(super) mod tests {
    use serde_json::{Value, json};

    use crate::classic::doctor::tests::{
        at_dongsha, bots_play, config, dealt_by_draw, dongsha_deal, dongsha_ignores, dongsha_with,
        handle, out, peaceful, public, replay, scenario, submit, to_night,
    };
    use crate::{Game, Variant};

    /// 东杀 with one sniper: the preset's document, a `sniper` dealt and called at night (the
    /// bots' and the setups' tests use it too).
    pub(in crate::classic) fn sniper_document() -> Value {
        dongsha_with(&["sniper"])
    }

    /// The handle of 东杀 with one sniper, `change`d, named `name`.
    fn table(name: &str, change: impl FnOnce(&mut Value)) -> Variant {
        handle(sniper_document(), name, change)
    }

    fn variant(name: &str) -> Variant {
        table(name, |_| {})
    }

    /// 9 seats g1..g9: killers g1 g2, police g3 g4, the sniper g5, civilians g6..g9.
    fn game(name: &str) -> Game {
        let deal = json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "snipers": ["g5"]});
        Game::start(&config(variant(name), 9, Some(deal))).expect("it starts")
    }

    /// 东杀 with a doctor and a sniper, 9 seats: killers g1 g2, police g3 g4, the doctor g5, the
    /// sniper g6, civilians g7..g9.
    fn game_with_doctor(name: &str) -> Game {
        let v = table(name, |d| {
            if let Some(deal) = d["deal"].as_array_mut() {
                deal.insert(2, json!({"role": "doctor", "count": 1}));
            }
            d["night"] = json!(["killer", "police", "doctor", "sniper"]);
        });
        let deal = json!({
            "killers": ["g1", "g2"], "police": ["g3", "g4"], "doctors": ["g5"], "snipers": ["g6"]
        });
        Game::start(&config(v, 9, Some(deal))).expect("it starts")
    }

    /// The night's kill on `victim` (both killers) and `sniper`'s shot at `shot`, resolved;
    /// the public events the night published.
    fn night(g: &mut Game, victim: Option<&str>, sniper: &str, shot: Option<&str>) -> Vec<Value> {
        assert_eq!(g.current_phase().kind, "night");
        if let Some(v) = victim {
            for by in ["g1", "g2"] {
                assert_eq!(submit(g, by, json!({"type": "kill", "target": v})), None);
            }
        }
        if let Some(t) = shot {
            assert_eq!(submit(g, sniper, snipe(t)), None);
        }
        public(g.resolve_phase())
    }

    fn snipe(target: &str) -> Value {
        json!({"type": "snipe", "target": target})
    }

    /// The dawn's last words, speaker by speaker, then the first speech's speaker.
    fn dawn(g: &mut Game) -> (Vec<String>, Option<String>) {
        let mut words = Vec::new();
        while g.current_phase().kind == "last_words" {
            words.extend(g.table_now().speaker.clone());
            g.resolve_phase();
        }
        assert_eq!(g.current_phase().kind, "speech");
        (words, g.table_now().speaker.clone())
    }

    /// R5-3 (5): "every other kill or shot kills" — the shot seat dies, announced as every
    /// classic night death (R5-4: without causes), and leaves last words by CL-4.
    #[test]
    fn r5_3_the_shot_kills() {
        let mut g = game("sniper-kills");
        assert_eq!(night(&mut g, None, "g5", Some("g7")), vec![out("g7")]);
        assert!(g.seat_now("g7").is_some_and(|s| s.out.is_some()));
        assert_eq!(
            dawn(&mut g),
            (vec!["g7".to_string()], Some("g8".to_string()))
        );
        // A night without a shot or a kill is peaceful (R5-1: the sniper may not act).
        to_night(&mut g);
        assert_eq!(night(&mut g, None, "g5", None), vec![peaceful()]);
    }

    /// R5-3 (3): kills and shots land at once; the night's dead go out in the steps' order
    /// (the kill's victim, then the shot seat), each with CL-4's last words while the seats
    /// out are at most the police dealt (2), in that order; the day's speeches start after the
    /// last seat out (CL-5). The next night's two deaths find the count spent: no last words.
    #[test]
    fn cl_4_a_kill_and_a_shot_put_two_seats_out_in_order_each_with_last_words() {
        let mut g = game("sniper-two-deaths");
        assert_eq!(
            night(&mut g, Some("g8"), "g5", Some("g6")),
            vec![out("g8"), out("g6")],
            "the kill's victim first, though the shot seat comes earlier"
        );
        assert_eq!(
            dawn(&mut g),
            (
                vec!["g8".to_string(), "g6".to_string()],
                Some("g7".to_string())
            ),
            "after g6, the last out"
        );
        to_night(&mut g);
        assert_eq!(
            night(&mut g, Some("g9"), "g5", Some("g7")),
            vec![out("g9"), out("g7")]
        );
        assert_eq!(
            dawn(&mut g).0,
            Vec::<String>::new(),
            "4 out, 2 police dealt"
        );
        // A kill and a shot on one seat put it out once.
        let mut g = game("sniper-same-seat");
        assert_eq!(night(&mut g, Some("g7"), "g5", Some("g7")), vec![out("g7")]);
        assert_eq!(dawn(&mut g).0, ["g7"]);
    }

    /// R5-1: the sniper may name itself (only the butterfly, magician, police and wizard may
    /// not) and replace its shot until the night ends; the last counts.
    #[test]
    fn r5_1_the_sniper_may_shoot_itself_and_replace_its_shot() {
        let mut g = game("sniper-self");
        assert_eq!(submit(&mut g, "g5", snipe("g6")), None);
        assert_eq!(night(&mut g, None, "g5", Some("g5")), vec![out("g5")]);
        assert!(g.seat_now("g6").is_some_and(|s| s.out.is_none()));
    }

    /// R4-4 (2): the doctor's save spares the killers' kill only; a shot kills the saved seat
    /// (R5-3 (5): only a needle cancels a shot, and this table deals no needle doctor).
    #[test]
    fn r4_4_2_a_save_does_not_spare_a_shot() {
        let save = |t: &str| json!({"type": "save", "target": t});
        // Shot and saved.
        let mut g = game_with_doctor("sniper-saved-shot");
        assert_eq!(submit(&mut g, "g5", save("g7")), None);
        assert_eq!(night(&mut g, None, "g6", Some("g7")), vec![out("g7")]);
        // Killed, shot and saved: out once.
        let mut g = game_with_doctor("sniper-saved-killed-shot");
        assert_eq!(submit(&mut g, "g5", save("g7")), None);
        assert_eq!(night(&mut g, Some("g7"), "g6", Some("g7")), vec![out("g7")]);
        // Killed and saved, another seat shot: the save holds, the shot kills.
        let mut g = game_with_doctor("sniper-saved-killed");
        assert_eq!(submit(&mut g, "g5", save("g7")), None);
        assert_eq!(night(&mut g, Some("g7"), "g6", Some("g8")), vec![out("g8")]);
        assert!(g.seat_now("g7").is_some_and(|s| s.out.is_none()));
    }

    /// R5-1: the shot is the sniper's, at night, on a living seat; refused in the spec's order
    /// otherwise. The form and the seat's allowed actions follow; at a preset `snipe` is
    /// another game's type, refused `not_your_role` as it always was.
    #[test]
    fn r5_1_only_the_living_sniper_snipes_and_only_at_night() {
        let mut g = game("sniper-only");
        for by in ["g1", "g3", "g6"] {
            assert_eq!(
                submit(&mut g, by, snipe("g6")),
                Some("not_your_role"),
                "{by}"
            );
            let allowed = g.seat_now(by).expect("a seat").allowed;
            assert!(!allowed.contains(&"snipe"), "{by}: {allowed:?}");
        }
        let sniper = g.seat_now("g5").expect("the sniper");
        assert_eq!(sniper.role, "sniper");
        assert_eq!(sniper.allowed, ["snipe"]);
        assert!(sniper.owes.action, "the shot is owed until sent, as in 5.0");
        assert_eq!(submit(&mut g, "g5", snipe("nobody")), Some("bad_target"));
        assert_eq!(submit(&mut g, "g5", snipe("g7")), None);
        assert!(!g.seat_now("g5").expect("the sniper").owes.action);
        // The seat's view: its role, no team, its own shot.
        let seat_view = g.view_for("g5").expect("a view");
        let sheet = g.variant().seat_sheet(&seat_view, false);
        assert_eq!(sheet.role, crate::message::Message::key("role-sniper"));
        assert_eq!(sheet.chosen, [("snipe", "target", "g7".to_string())]);
        let view = seat_view.json();
        assert_eq!(view["role"], "sniper");
        assert!(view.get("team").is_none());
        assert_eq!(view["snipe"], "g7");
        assert_eq!(view["actions"], json!(["snipe"]));
        assert!(
            g.view_for("g6")
                .expect("a view")
                .json()
                .get("snipe")
                .is_none()
        );
        g.resolve_phase();
        assert_ne!(g.current_phase().kind, "night");
        assert!(g.seat_now("g5").expect("the sniper").allowed.is_empty());
        assert_eq!(submit(&mut g, "g5", snipe("g8")), Some("not_now"));
        // The form: kind `snipe`, a living seat, after the check's.
        let kinds: Vec<&str> = variant("sniper-only")
            .action_forms()
            .iter()
            .map(|f| f.kind)
            .collect();
        assert_eq!(
            kinds,
            ["kill", "check", "snipe", "explode", "surrender", "vote"]
        );
        let form = variant("sniper-only")
            .action_forms()
            .iter()
            .find(|f| f.kind == "snipe")
            .map(|f| f.fields.iter().map(|x| x.name).collect::<Vec<_>>());
        assert_eq!(form, Some(vec!["target"]));
        // The sniper shot: out, so no shot (and CL-9: no surrender, it has no team).
        let mut g = game("sniper-dead");
        night(&mut g, Some("g5"), "g5", None);
        to_night(&mut g);
        assert_eq!(submit(&mut g, "g5", snipe("g6")), Some("out"));
        assert!(g.seat_now("g5").expect("a seat").allowed.is_empty());
        let mut g = game("sniper-no-surrender");
        assert_eq!(
            submit(&mut g, "g5", json!({"type": "surrender"})),
            Some("not_your_role")
        );
        // 东杀 itself: no sniper, no form, `snipe` refused as another game's.
        let dongsha = Variant::from_name("dongsha").expect("dongsha");
        let kinds: Vec<&str> = dongsha.action_forms().iter().map(|f| f.kind).collect();
        assert_eq!(
            kinds,
            ["kill", "check", "explode", "surrender", "vote"],
            "no sniper"
        );
        let deal = json!({"killers": ["g1", "g2"], "police": ["g3", "g4"]});
        let mut g = Game::start(&config(dongsha, 9, Some(deal))).expect("it starts");
        assert_eq!(submit(&mut g, "g5", snipe("g6")), Some("not_your_role"));
    }

    /// 5.0: nobody learns anybody's role, so the sniper learns nobody; CL-2: a check of it
    /// finds no killer, and an officer shot this night is told the check too (every officer
    /// alive when the night began).
    #[test]
    fn r5_1_the_sniper_learns_nobody_and_reads_as_not_a_killer() {
        let mut g = game("sniper-checked");
        assert!(
            !g.transcript()
                .iter()
                .any(|l| matches!(l, crate::Line::Private { to, .. } if to == "g5")),
            "no teammates for the sniper"
        );
        assert_eq!(
            submit(&mut g, "g3", json!({"type": "check", "target": "g5"})),
            None
        );
        assert_eq!(submit(&mut g, "g5", snipe("g3")), None);
        let lines = g.resolve_phase();
        let told: Vec<(String, Value)> = lines
            .iter()
            .filter_map(|l| match l {
                crate::Line::Private { to, event, .. } => Some((to.clone(), event.json().clone())),
                _ => None,
            })
            .collect();
        let result = json!({"type": "check_result", "target": "g5", "result": "not_killer"});
        assert_eq!(
            told,
            vec![
                ("g3".to_string(), result.clone()),
                ("g4".to_string(), result)
            ]
        );
        assert_eq!(public(lines), vec![out("g3")]);
    }

    /// CL-10 with a sniper: it counts among the civilians (all civilians are out only when it
    /// is out too) and wins with good. 5 seats: the killer g1, the officer g2, the sniper g3,
    /// civilians g4 g5.
    #[test]
    fn cl_10_the_sniper_counts_among_the_civilians_and_wins_with_good() {
        let small = table("sniper-cl10", |d| {
            d["seats"] = json!({"min": 5, "max": 5});
            d["deal"] = json!([
                {"role": "killer", "count": 1},
                {"role": "police", "count": 1},
                {"role": "sniper", "count": 1}
            ]);
        });
        let deal = json!({"killers": ["g1"], "police": ["g2"], "snipers": ["g3"]});
        let start = || Game::start(&config(small, 5, Some(deal.clone()))).expect("it starts");
        // The shot puts out the last killer: good wins, the sniper with it.
        let mut g = start();
        assert_eq!(submit(&mut g, "g3", snipe("g1")), None);
        assert_eq!(
            public(g.resolve_phase()),
            vec![out("g1"), json!({"type": "game_over", "winner": "good"})]
        );
        assert_eq!(
            g.seat_record("g3", Some("good")).map(|r| (r.role, r.won)),
            Some(("sniper", Some(true))),
            "the sniper is good"
        );
        // The kill puts out the last officer and the shot the last killer at once: the end is
        // checked once both are out, CL-10 in its order (killers first).
        let mut g = start();
        assert_eq!(
            submit(&mut g, "g1", json!({"type": "kill", "target": "g2"})),
            None
        );
        assert_eq!(submit(&mut g, "g3", snipe("g1")), None);
        assert_eq!(
            public(g.resolve_phase()),
            vec![
                out("g2"),
                out("g1"),
                json!({"type": "game_over", "winner": "good"})
            ]
        );
        // 屠城 needs the sniper out too.
        let mut g = start();
        assert_eq!(
            submit(&mut g, "g1", json!({"type": "kill", "target": "g4"})),
            None
        );
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
        assert_eq!(
            g.outcome(),
            None,
            "the last civilian out, the sniper lives on"
        );
        to_night(&mut g);
        assert_eq!(
            submit(&mut g, "g1", json!({"type": "kill", "target": "g3"})),
            None
        );
        assert_eq!(
            public(g.resolve_phase()),
            vec![out("g3"), json!({"type": "game_over", "winner": "killers"})],
            "屠城: the sniper was the last civilian"
        );
        assert_eq!(
            g.seat_record("g3", Some("killers"))
                .map(|r| (r.role, r.won)),
            Some(("sniper", Some(false)))
        );
    }

    /// A fixed deal of a sniper table names its snipers (`snipers`, as the draw gives them);
    /// a wrong count or a seat dealt twice is refused. A table without a sniper has no such
    /// key: replay.md ignores it there, and the server's fixed deal refuses it.
    #[test]
    fn r5_1_a_fixed_deal_names_the_snipers() {
        let v = variant("sniper-deal");
        let start = |setup: Value| Game::start(&config(v, 9, Some(setup))).map(|_| ());
        assert_eq!(
            start(json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "snipers": ["g9"]})),
            Ok(())
        );
        for (setup, says) in [
            (
                json!({"killers": ["g1", "g2"], "police": ["g3", "g4"]}),
                "deals 1 sniper(s), not 0",
            ),
            (
                json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "snipers": ["g5", "g6"]}),
                "deals 1 sniper(s), not 2",
            ),
            (
                json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "snipers": ["g3"]}),
                "\"g3\" is a police and a sniper",
            ),
            (
                json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "snipers": ["x"]}),
                "unknown seat \"x\" in snipers",
            ),
        ] {
            let err = start(setup.clone()).expect_err("refused").to_string();
            assert!(err.contains(says), "{setup}: {err}");
        }
        // The draw deals the sniper too, and a fixed deal has its keys.
        assert_eq!(dealt_by_draw(v, 9, "sniper"), 1);
        let ids: Vec<String> = (1..=9).map(|i| format!("g{i}")).collect();
        let fixed = |v: Variant, roles: Value| match roles {
            Value::Object(m) => v.check_fixed_roles(&ids, &m),
            _ => panic!("an object"),
        };
        assert!(fixed(v, json!({"killers": ["g1", "g2"], "police": ["g3", "g4"]})).is_err());
        assert_eq!(
            fixed(
                v,
                json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "snipers": ["g5"]})
            ),
            Ok(())
        );
        // With a doctor too: both keys, one seat each.
        let both = game_with_doctor("sniper-deal-doctor");
        let roles: Vec<&str> = (5..=6)
            .map(|i| both.seat_now(&format!("g{i}")).map_or("", |s| s.role))
            .collect();
        assert_eq!(roles, ["doctor", "sniper"]);
        let v2 = both.variant();
        let twice = json!({
            "killers": ["g1", "g2"], "police": ["g3", "g4"], "doctors": ["g5"], "snipers": ["g5"]
        });
        let err = Game::start(&config(v2, 9, Some(twice)))
            .map(|_| ())
            .expect_err("refused")
            .to_string();
        assert!(err.contains("\"g5\" is a doctor and a sniper"), "{err}");
        let drawn = Game::start(&config(v2, 9, None)).expect("drawn");
        let mut dealt: Vec<&str> = (1..=9)
            .filter_map(|i| drawn.seat_now(&format!("g{i}")).map(|s| s.role))
            .filter(|r| matches!(*r, "doctor" | "sniper"))
            .collect();
        dealt.sort_unstable();
        assert_eq!(dealt, ["doctor", "sniper"]);
        // 东杀 itself: no sniper; `snipers` is ignored by the engine (replay.md: unknown setup
        // keys are ignored) and refused by the server's fixed deal.
        dongsha_ignores(&dongsha_deal(json!({"snipers": ["g5"]})), "snipers");
    }

    /// The bots play a sniper table to the end (the sniper shooting a random other living seat
    /// most nights), from the seeded RNG: the same games every time.
    #[test]
    fn r5_1_bots_play_a_sniper_table_to_the_end() {
        bots_play(variant("sniper-bots"), 9);
    }

    /// A replay scenario of a sniper table (`document` in place of `variant`, replay.md): the
    /// sniper's `snipe` is taken with the night's actions, the kill's victim and the shot seat
    /// go out in that order, both `killed`, and the reply is `snipe_recorded`; the same shot
    /// at 东杀 is another game's type, refused `not_your_role` as it always was.
    #[test]
    fn r5_3_a_replay_of_a_sniper_table_shoots() {
        let acts = json!([{"submit": [
            {"by": "g1", "action": {"type": "kill", "target": "g8"}},
            {"by": "g5", "action": {"type": "snipe", "target": "g6"}},
            {"by": "g3", "action": {"type": "check", "target": "g1"}}
        ]}]);
        let setup = dongsha_deal(json!({"snipers": ["g5"]}));
        let scenario = scenario(sniper_document(), 9, setup, acts);
        let lines = replay(&scenario);
        let has = |l: &Value| lines.contains(l);
        assert!(
            has(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": true,
                            "reply": {"type": "snipe_recorded"}})),
            "{lines:?}"
        );
        let outs: Vec<&Value> = lines
            .iter()
            .filter(|l| l["kind"] == "public" && l["event"]["type"] == "out")
            .map(|l| &l["event"])
            .collect();
        assert_eq!(
            outs,
            [&out("g8"), &out("g6")],
            "the kill's victim, then the shot seat"
        );
        assert!(has(&json!({"kind": "private", "act": 1, "to": "g3",
                            "event": {"type": "check_result", "target": "g1", "result": "killer"}})));
        let lines = replay(&at_dongsha(&scenario));
        assert!(
            lines.contains(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": false,
                                       "error": "not_your_role"}))
        );
        let outs = lines
            .iter()
            .filter(|l| l["kind"] == "public" && l["event"]["type"] == "out" && l["act"] == 1)
            .count();
        assert_eq!(outs, 1, "at 东杀 only the kill");
    }
}
