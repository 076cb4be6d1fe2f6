//! 5.0's wizard (巫师) at a classic table: a role of another book played by the classic engine
//! as a module (`docs/setups.md`, "Roles across books"), the eighth after 4.0's doctor, 5.0's
//! sniper, 4.0's butterfly, secret police, forest elder and undercover and 5.0's magician, and
//! like the magician a bad special of 5.0 at a classic table. A judge's own classic setup may
//! deal him (one at most: R5-2 passes the kill along one of each bad special, `setup-role-one`);
//! he plays by `../shared/rules/roles.md`:
//! - 5.0: nobody learns anybody's role, so the killers do not know him nor he them; he is told
//!   no team and sits in no thread.
//! - R5-1: each night a living wizard may `query` one other living seat (himself refused
//!   `self_target`: the ban follows the role), replaceable until the night ends (the last
//!   counts). The form `query` is a table's that deals one; at a preset `query` stays another
//!   game's type (`not_your_role`). The night must call him.
//! - R5-3 (4): at the night's end he is told privately (`query_result`, the role games' event:
//!   `target`, `acted_on`) which seat his target's **own** submission of the night named,
//!   whether or not it took effect: a killer's own kill (not the killers' majority), an
//!   officer's or the undercover's own check (not the team's), a doctor's save, a sniper's
//!   shot, a butterfly's hug, a secret police's kill, an elder's silence, a magician's magic,
//!   a good or evil civilian's dark vote (`dark_vote.rs`), or the kill of the heir holding it
//!   (`Night::acted_on`). `none` if the target submitted
//!   nothing this night (a civilian; a killer who left the kill to his fellows) or was
//!   magicked (R5-3 (2) struck its submissions); `blocked` if the wizard himself was magicked.
//!   The answer is given even to a wizard who dies this night: it is told with the police's
//!   check, before dawn's `out`s.
//! - R5-2: the kill passes along the bad specials dealt, in the book's order after the killers:
//!   the magician, 5.0's forest elder (the classic `dark_elder`, `dark_elder.rs`; 4.0's
//!   `elder` is a good seat, none of them), then the wizard (`Role::HEIRS`). While every
//!   killer, the magician and 5.0's forest elder dealt are out (a role not dealt counts as
//!   out), a
//!   living wizard holds the kill: his action is `kill` instead of `query` (`query` is then
//!   `not_your_role`; not himself: `self_target`), he is told `kill_inherited` privately at
//!   once (once), and his kill is the killers' kill of R4-4's step (1), as the magician's is
//!   (`Game::makes_the_kill`, `Game::holds_kill`, `magician.rs`).
//! - R5-3 (4): a check of him reads `killer` (the classic word for 5.0's `bad`); R5-5 with
//!   CL-10: he counts with the killers (`Role::with_killers`), so good wins only when every
//!   killer, undercover, magician, 5.0's forest elder and wizard dealt is out, and he wins
//!   with the killers.
//!
//! Readings of a classic table:
//! - A query on H. 5.0's hugged seat H is immune to everything aimed at it, a query too
//!   (R5-3 (1): a wizard whose target is H learns `blocked`). The classic table's `butterfly`
//!   is 4.0's, whose hug voids kills only (R4-4 (1)): it shields H from no query, as it shields
//!   H from no magic (`magician.rs`). So a query on its hugged seat lands and is answered with
//!   what H's own submission named, and a query on the butterfly names the seat it hugs. 5.0's
//!   butterfly, dealt as `shield_butterfly` (`shield.rs`), shields its hugged seat: a query on
//!   that seat is answered `blocked`, while one on the butterfly still names the seat it hugs
//!   (R5-3 (3): a query on the butterfly touches it alone).
//! - The answer reads the target's own submission, so a killer's answer is his own choice of
//!   victim even when the killers' majority (CL-1) killed another, and an officer's his own
//!   check even when the team's majority checked another (R5-3 (4): "whether or not it took
//!   effect").
//! - CL-8: he never self-explodes (a killer's only); CL-9: he never surrenders (he is in no
//!   team) and does not keep the killers' team standing (they do not know him).
//! - CL-4: last words count the `police` role dealt only, as ever.
//!
//! His night step (the answer) runs after the police's check in `night.rs`'s list; his
//! action, form, view (`holds_kill`, his `query`), deal (`wizards` in a fixed setup, drawn
//! after `magicians`) and bot are with the others of the engine.

use super::event::{Audience, Event, Seen};
use super::night::Resolution;
use super::shield;
use super::state::Game;

/// R5-3 (4): the wizard who queried a seat this night is told what his target's own
/// submission named (`Night::acted_on`), whether or not it took effect; `none` if it named
/// nothing or the target was magicked, `blocked` if he was magicked himself (R5-3 (2): the
/// night's magic, `Resolution::magic`). He is told even if he dies this night (the step runs
/// before dawn). The query is read from the night as submitted: the magic struck a magicked
/// wizard's query from the steps' reading, and he is answered `blocked` for it.
pub(super) fn answer(g: &mut Game, n: &mut Resolution) {
    let asked = g
        .all_seats()
        .find_map(|s| g.night.queries[s.index()].map(|t| (s, t)));
    let Some((wizard, target)) = asked else {
        return;
    };
    let magicked = n.magic.map(|(_, t)| t);
    // R5-3 (4): a wizard whose target is H learns nothing (5.0's butterfly: `shield.rs`).
    let seen = if magicked == Some(wizard) || shield::immune(g, n, target) {
        Seen::Blocked
    } else if magicked == Some(target) {
        Seen::Nothing
    } else {
        g.night.acted_on(target).map_or(Seen::Nothing, Seen::Seat)
    };
    g.say(Audience::Seat(wizard), Event::QueryResult { target, seen });
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::Line;
    use crate::classic::doctor::tests::{
        RoleTable, act, acts_alone_on_another_seat, alive, assert_forms, at_dongsha,
        bots_win_on_both_sides, dongsha_deal, dongsha_killers_out_end_the_game, dongsha_with,
        drawn_after, foreign_at_dongsha, good_wins_only_with_the_heir_out, handle, heir_kills,
        killed_acts_no_more, killers_win_with, kinds, names_its_seats,
        never_surrenders_nor_keeps_the_killers_standing, night_acts, one_per_table, out, peaceful,
        public, replay, scenario, started, submit, to_night, told, vote_out,
    };

    /// 东杀 with one wizard (R5-1), called at night after the killers and the police; its game:
    /// 9 seats g1..g9, killers g1 g2, police g3 g4, the wizard g5, civilians g6..g9.
    const TABLE: RoleTable = RoleTable(&[("wizard", "wizards")]);

    /// 东杀 with the magician and the wizard (R5-2: the heirs, in that order); its game: 9
    /// seats, killers g1 g2, police g3 g4, the magician g5, the wizard g6, civilians g7..g9.
    const HEIRS: RoleTable = RoleTable(&[("magician", "magicians"), ("wizard", "wizards")]);

    /// 东杀 with the wizard and every other role across books but the undercover and the
    /// civilians; its game at 12 seats (2 killers, 2 police): killers g1 g2, police g3 g4, the
    /// butterfly g5, the secret police g6, the doctor g7, the sniper g8, the magician g9, the
    /// wizard g10, the elder g11, the civilian g12.
    const ACROSS: RoleTable = RoleTable(&[
        ("butterfly", "butterflies"),
        ("secret_police", "secret_police"),
        ("doctor", "doctors"),
        ("sniper", "snipers"),
        ("magician", "magicians"),
        ("wizard", "wizards"),
        ("elder", "elders"),
    ]);

    /// The `query_result`s of `lines`, each as `[to, event]`.
    fn answers(lines: &[Line]) -> Vec<Value> {
        told(lines)
            .into_iter()
            .filter(|t| t[1]["type"] == "query_result")
            .collect()
    }

    /// The answer told to `wizard` on `target`: it acted on `acted_on`.
    fn answer(wizard: &str, target: &str, acted_on: &str) -> Value {
        json!([wizard, {"type": "query_result", "target": target, "acted_on": acted_on}])
    }

    /// R5-3 (4): the answer names the target's own submission, whether or not it took effect —
    /// a killer's own kill when the killers' majority killed another (g2 named g6 first, g1
    /// g7: the tie goes to the earliest, g6 dies; g1's answer is g7), an officer's own check
    /// when the team's is another's —, told to the wizard alone; a seat that submitted
    /// nothing reads `none`, a killer who left the kill to his fellow too.
    #[test]
    fn r5_3_4_the_answer_names_the_targets_own_submission() {
        let mut g = TABLE.game("wizard-killer");
        let acts = [
            ("g2", "kill", "g6"),
            ("g1", "kill", "g7"),
            ("g5", "query", "g1"),
        ];
        let lines = night_acts(&mut g, &acts);
        assert_eq!(public(lines.clone()), [out("g6")], "the majority's victim");
        assert_eq!(answers(&lines), [answer("g5", "g1", "g7")], "his own kill");
        // The officer's own check: g3 checks g2 and g4 g8 earlier, the team's is g4's.
        let mut g = TABLE.game("wizard-officer");
        let acts = [
            ("g4", "check", "g8"),
            ("g3", "check", "g2"),
            ("g5", "query", "g3"),
        ];
        let lines = night_acts(&mut g, &acts);
        assert_eq!(answers(&lines), [answer("g5", "g3", "g2")]);
        let checks: Vec<Value> = told(&lines)
            .into_iter()
            .filter(|t| t[1]["type"] == "check_result")
            .map(|t| t[1]["target"].clone())
            .collect();
        assert_eq!(checks, ["g8", "g8"], "the team's check is g4's");
        // A civilian submits nothing; a killer who left the kill to g2 neither.
        for (name, queried) in [("wizard-civilian", "g6"), ("wizard-silent-killer", "g1")] {
            let mut g = TABLE.game(name);
            let lines = night_acts(&mut g, &[("g2", "kill", "g7"), ("g5", "query", queried)]);
            assert_eq!(answers(&lines), [answer("g5", queried, "none")], "{name}");
            assert_eq!(public(lines), [out("g7")]);
        }
        // No query, no answer.
        let mut g = TABLE.game("wizard-no-query");
        assert_eq!(
            answers(&night_acts(&mut g, &[("g1", "kill", "g6")])),
            Vec::<Value>::new()
        );
    }

    /// R5-3 (4) with the other books' roles: a doctor's save (the victim spared or not), an
    /// elder's silence, a sniper's shot, a secret police's kill, a magician's magic, each
    /// named; the answer comes after the police's check and before dawn's `out`s.
    #[test]
    fn r5_3_4_the_answer_names_a_save_a_silence_a_shot_a_secret_kill_and_a_magic() {
        for (name, target, acted, acted_on) in [
            ("wizard-save", "g7", ("g7", "save", "g12"), "g12"),
            ("wizard-silence", "g11", ("g11", "silence", "g3"), "g3"),
            ("wizard-shot", "g8", ("g8", "snipe", "g12"), "g12"),
            ("wizard-secret", "g6", ("g6", "secret_kill", "g12"), "g12"),
            ("wizard-magic", "g9", ("g9", "magic", "g3"), "g3"),
        ] {
            let mut g = ACROSS.game_at(12, name);
            let lines = night_acts(&mut g, &[acted, ("g10", "query", target)]);
            assert_eq!(answers(&lines), [answer("g10", target, acted_on)], "{name}");
        }
        // The save that spared the kill's victim is named too; the answer follows the check
        // and comes before the night's `out`.
        let mut g = ACROSS.game_at(12, "wizard-order");
        let acts = [
            ("g1", "kill", "g12"),
            ("g7", "save", "g12"),
            ("g3", "check", "g1"),
            ("g8", "snipe", "g11"),
            ("g10", "query", "g7"),
        ];
        let lines = night_acts(&mut g, &acts);
        let kinds: Vec<Value> = lines
            .iter()
            .map(|l| match l {
                Line::Private { to, event, .. } => json!([to, event.json()["type"]]),
                Line::Public { event, .. } => event.json()["type"].clone(),
                _ => Value::Null,
            })
            .collect();
        assert_eq!(
            kinds[..4],
            [
                json!(["g3", "check_result"]),
                json!(["g4", "check_result"]),
                json!(["g10", "query_result"]),
                json!("out"),
            ]
        );
        assert_eq!(answers(&lines), [answer("g10", "g7", "g12")]);
        assert!(alive(&g, "g12") && !alive(&g, "g11"));
    }

    /// R5-3 (4) with R5-3 (2): a magicked target reads `none` (the magic struck its
    /// submission), a magicked wizard learns nothing (`blocked`, still told); magic elsewhere
    /// changes nothing of the answer.
    #[test]
    fn r5_3_4_a_magicked_target_reads_none_and_a_magicked_wizard_is_blocked() {
        let save = ("g7", "save", "g12");
        let query = ("g10", "query", "g7");
        for (name, acts, acted_on) in [
            (
                "wizard-magicked-target",
                [save, ("g9", "magic", "g7"), query],
                "none",
            ),
            (
                "wizard-magicked",
                [save, query, ("g9", "magic", "g10")],
                "blocked",
            ),
            (
                "wizard-magic-elsewhere",
                [save, query, ("g9", "magic", "g8")],
                "g12",
            ),
        ] {
            let lines = night_acts(&mut ACROSS.game_at(12, name), &acts);
            assert_eq!(answers(&lines), [answer("g10", "g7", acted_on)], "{name}");
            assert_eq!(told(&lines).len(), 1, "{name}: nobody is told of the magic");
        }
        // A magicked killer's kill is struck: `none`, and the other killer's kill counts.
        let mut g = ACROSS.game_at(12, "wizard-magicked-killer");
        let acts = [
            ("g1", "kill", "g12"),
            ("g2", "kill", "g11"),
            ("g9", "magic", "g1"),
            ("g10", "query", "g1"),
        ];
        let lines = night_acts(&mut g, &acts);
        assert_eq!(answers(&lines), [answer("g10", "g1", "none")]);
        assert_eq!(public(lines), [out("g11")]);
    }

    /// R5-3 (4): the answer is given even to a wizard who dies this night (told before dawn's
    /// `out`, which names him).
    #[test]
    fn r5_3_4_a_wizard_who_dies_this_night_is_answered() {
        let mut g = TABLE.game("wizard-dies");
        let acts = [("g1", "kill", "g5"), ("g5", "query", "g1")];
        let lines = night_acts(&mut g, &acts);
        assert_eq!(answers(&lines), [answer("g5", "g1", "g5")]);
        assert_eq!(public(lines), [out("g5")]);
        assert!(!alive(&g, "g5"));
    }

    /// The classic table's reading of R5-3 (4)'s "target is H": 4.0's hug voids kills only, so
    /// a query on the hugged seat lands (the hugged sniper's shot is named), and a query on
    /// the butterfly names the seat it hugs; the kill on H is still void.
    #[test]
    fn r5_3_4_a_query_on_the_hugged_seat_lands() {
        let mut g = ACROSS.game_at(12, "wizard-hugged");
        let acts = [
            ("g1", "kill", "g8"),
            ("g5", "hug", "g8"),
            ("g8", "snipe", "g12"),
            ("g10", "query", "g8"),
        ];
        let lines = night_acts(&mut g, &acts);
        assert_eq!(answers(&lines), [answer("g10", "g8", "g12")]);
        assert_eq!(
            public(lines),
            [out("g12")],
            "the kill on H is void, the shot lands"
        );
        let mut g = ACROSS.game_at(12, "wizard-butterfly");
        let acts = [("g5", "hug", "g8"), ("g10", "query", "g5")];
        assert_eq!(
            answers(&night_acts(&mut g, &acts)),
            [answer("g10", "g5", "g8")]
        );
    }

    /// R5-1: the query is the living wizard's, at night, on another living seat (himself:
    /// `self_target`, after `bad_target`), replaceable until the night ends (the last is
    /// answered); the form, the seat's allowed actions, what he owes and his view follow. He
    /// learns nobody (5.0), and nobody learns him. At 东杀 `query` is another game's type,
    /// refused `not_your_role`.
    #[test]
    fn r5_1_only_the_living_wizard_queries_another_seat_at_night() {
        let mut g = TABLE.game("wizard-only");
        acts_alone_on_another_seat(&mut g, "wizard", "query");
        assert_eq!(
            submit(&mut g, "g5", act("magic", "g6")),
            Some("not_your_role")
        );
        // The last counts: g1's kill is named, not g2's nothing.
        assert_eq!(submit(&mut g, "g1", act("kill", "g6")), None);
        let lines = g.resolve_phase();
        assert_eq!(answers(&lines), [answer("g5", "g1", "g6")]);
        assert_eq!(submit(&mut g, "g5", act("query", "g1")), Some("not_now"));
        // The forms: his after the classic roles'; the query names another living seat.
        assert_forms(
            TABLE.table("wizard-forms", |_| {}),
            &["kill", "check", "query", "explode", "surrender", "vote"],
            "query",
            crate::FieldInput::OtherLivingSeat,
        );
        // Out: no query, nothing owed.
        killed_acts_no_more(&mut TABLE.game("wizard-dead"), "g5", "query", "g6");
        // 东杀 itself: no wizard, no form, `query` refused as another game's.
        foreign_at_dongsha("query");
    }

    /// R5-2: the kill passes along the line — every killer out, the magician holds it and is
    /// told (the wizard not, and he still queries); the magician out too, the wizard holds it
    /// and is told at once, once: his action is `kill` instead of `query` (not himself), his
    /// kill kills, and the table goes on while he lives.
    #[test]
    fn r5_2_the_wizard_inherits_the_kill_after_the_killers_and_the_magician() {
        let mut g = HEIRS.game("wizard-succession");
        g.resolve_phase();
        vote_out(&mut g, "g1");
        to_night(&mut g);
        g.resolve_phase();
        let lines = vote_out(&mut g, "g2");
        let inherited: Vec<Value> = told(&lines)
            .into_iter()
            .filter(|t| t[1]["type"] == "kill_inherited")
            .map(|t| t[0].clone())
            .collect();
        assert_eq!(inherited, ["g5"], "the magician first");
        to_night(&mut g);
        assert_eq!(g.seat_now("g6").expect("a seat").allowed, ["query"]);
        assert_eq!(g.seat_now("g5").expect("a seat").allowed, ["kill"]);
        let lines = night_acts(&mut g, &[("g6", "query", "g5"), ("g5", "kill", "g9")]);
        assert_eq!(
            answers(&lines),
            [answer("g6", "g5", "g9")],
            "the heir's own kill"
        );
        assert_eq!(public(lines), [out("g9")]);
        let lines = vote_out(&mut g, "g5");
        assert_eq!(
            kinds(&lines),
            [
                json!("votes"),
                json!("out"),
                json!(["g6", "kill_inherited"])
            ]
        );
        assert_eq!(g.outcome(), None, "the wizard stands for the killers");
        // Holding the kill (R5-2), he kills g7; CL-8: he never self-explodes.
        let lines = heir_kills(&mut g, "g6", "query", "g7");
        assert!(
            told(&lines).is_empty(),
            "told once, and no answer: he queried nobody"
        );
    }

    /// R5-2: with no magician dealt (one not dealt counts as out) the wizard holds the kill
    /// once every killer is out; with the magician killed while a killer lives, the wizard is
    /// told directly when the last killer goes out (the magician never was).
    #[test]
    fn r5_2_the_wizard_holds_the_kill_when_the_seats_before_him_are_out() {
        let mut g = TABLE.game("wizard-no-magician");
        g.resolve_phase();
        vote_out(&mut g, "g1");
        to_night(&mut g);
        assert_eq!(g.seat_now("g5").expect("a seat").allowed, ["query"]);
        g.resolve_phase();
        let lines = vote_out(&mut g, "g2");
        assert_eq!(
            told(&lines),
            [json!(["g5", {"type": "kill_inherited"}])],
            "the wizard at once"
        );
        to_night(&mut g);
        assert_eq!(g.seat_now("g5").expect("a seat").allowed, ["kill"]);
        assert_eq!(
            public(night_acts(&mut g, &[("g5", "kill", "g6")])),
            [out("g6")]
        );
        // The magician out first (killed by night), then the last killer.
        let mut g = HEIRS.game("wizard-skips-magician");
        g.resolve_phase();
        vote_out(&mut g, "g1");
        to_night(&mut g);
        let lines = night_acts(&mut g, &[("g2", "kill", "g5")]);
        assert!(told(&lines).is_empty(), "a killer lives: nobody inherits");
        let lines = vote_out(&mut g, "g2");
        assert_eq!(told(&lines), [json!(["g6", {"type": "kill_inherited"}])]);
    }

    /// R5-2 with R4-4: the wizard's kill is the killers' kill of step (1) — the doctor's save
    /// spares it, a hug on him voids it (he makes the kill) — once the killers and the
    /// magician are out.
    #[test]
    fn r5_2_the_wizards_kill_is_the_killers_kill() {
        let ready = |name: &str| {
            let mut g = ACROSS.game_at(12, name);
            for seat in ["g1", "g2", "g9"] {
                g.resolve_phase();
                vote_out(&mut g, seat);
                to_night(&mut g);
            }
            assert_eq!(g.seat_now("g10").expect("a seat").allowed, ["kill"]);
            g
        };
        let mut g = ready("wizard-heir-saved");
        let acts = [("g10", "kill", "g12"), ("g7", "save", "g12")];
        assert_eq!(
            public(night_acts(&mut g, &acts)),
            [peaceful()],
            "the save spares it"
        );
        let mut g = ready("wizard-heir-hugged");
        let acts = [("g10", "kill", "g12"), ("g5", "hug", "g10")];
        assert_eq!(
            public(night_acts(&mut g, &acts)),
            [peaceful()],
            "H makes the kill"
        );
        let mut g = ready("wizard-heir-kills");
        let acts = [("g10", "kill", "g12"), ("g7", "save", "g8")];
        assert_eq!(public(night_acts(&mut g, &acts)), [out("g12")]);
    }

    /// R5-5 with CL-10: good wins only once the wizard is out too; R5-3 (4): a check of him
    /// reads `killer`; the reveal names him and he loses with the killers, or wins with them.
    #[test]
    fn r5_5_good_wins_only_with_the_wizard_out_too() {
        good_wins_only_with_the_heir_out(&mut TABLE.game("wizard-good"), "wizard");
        // The killers win with him when the police are all out.
        killers_win_with(&mut TABLE.game("wizard-killers"), "wizard");
    }

    /// CL-9: the wizard never surrenders (he is in no team) and does not keep the killers'
    /// team standing: a killer whose fellow killer is out may surrender while he lives.
    #[test]
    fn cl_9_the_wizard_never_surrenders_nor_keeps_the_killers_standing() {
        never_surrenders_nor_keeps_the_killers_standing(&mut TABLE.game("wizard-cl9"));
    }

    /// A classic table deals one wizard at most (R5-2: one heir of each; `setup-role-one`),
    /// and the night must call him.
    #[test]
    fn r5_2_one_wizard_per_table() {
        one_per_table(TABLE.document());
    }

    /// A fixed deal names the wizard (`wizards`, after `magicians` in the draw); a wrong
    /// count or a seat dealt twice is refused; the draw deals one, and the other roles' seats
    /// are drawn as at the same table without him. 东杀 has no such key.
    #[test]
    fn r5_1_a_fixed_deal_names_the_wizards() {
        let v = TABLE.table("wizard-deal", |_| {});
        names_its_seats(
            v,
            &TABLE.deal(),
            &[
                (dongsha_deal(json!({})), "deals 1 wizard(s), not 0"),
                (
                    dongsha_deal(json!({"wizards": ["g3"]})),
                    "\"g3\" is a police and a wizard",
                ),
            ],
            &["killers", "police", "wizards"],
            &[("wizards", 1)],
            "wizards",
        );
        // After the magician's key: the same magician as without a wizard.
        drawn_after("magician", "magicians", "wizard", "wizard-deal-mg");
    }

    /// A replay scenario of a wizard's table (`document` in place of `variant`, replay.md):
    /// the query is taken with the night's actions (`query_recorded`) and answered privately;
    /// at 东杀 the key is ignored and the query refused `not_your_role`.
    #[test]
    fn r5_3_4_a_replay_of_a_wizards_table_queries() {
        let acts = json!([{"submit": [
            {"by": "g1", "action": {"type": "kill", "target": "g6"}},
            {"by": "g5", "action": {"type": "query", "target": "g1"}}
        ]}]);
        let scenario = scenario(TABLE.document(), 9, TABLE.deal(), acts);
        let lines = replay(&scenario);
        assert!(
            lines.contains(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": true,
                                       "reply": {"type": "query_recorded"}})),
            "{lines:?}"
        );
        assert!(
            lines.contains(&json!({"kind": "private", "act": 1, "to": "g5",
                                       "event": {"type": "query_result", "target": "g1",
                                                 "acted_on": "g6"}})),
            "{lines:?}"
        );
        let lines = replay(&at_dongsha(&scenario));
        assert!(
            lines.contains(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": false,
                                       "error": "not_your_role"}))
        );
        assert!(!lines.iter().any(|l| l["event"]["type"] == "query_result"));
    }

    /// A table without a wizard is as it was: 东杀's forms and `query` refused, the killers out
    /// end the game; a magician's table has no query form and passes the kill to the magician
    /// alone.
    #[test]
    fn a_table_without_a_wizard_is_unchanged() {
        dongsha_killers_out_end_the_game();
        let magician = handle(dongsha_with(&["magician"]), "wizard-none-magician", |_| {});
        assert!(!magician.action_forms().iter().any(|f| f.kind == "query"));
        let mut g = started(magician, 9, dongsha_deal(json!({"magicians": ["g5"]})));
        assert_eq!(
            submit(&mut g, "g5", act("query", "g6")),
            Some("not_your_role")
        );
        g.resolve_phase();
        vote_out(&mut g, "g1");
        to_night(&mut g);
        g.resolve_phase();
        let lines = vote_out(&mut g, "g2");
        assert_eq!(told(&lines), [json!(["g5", {"type": "kill_inherited"}])]);
        to_night(&mut g);
        g.resolve_phase();
        let lines = vote_out(&mut g, "g5");
        assert_eq!(g.outcome(), Some("good"));
        assert!(told(&lines).is_empty(), "no heir after him");
    }

    /// The bots play a wizard's table to the end — the wizard querying a random other living
    /// seat most nights, killing once he holds the kill —, the same games for the same seeds,
    /// with both sides winning some; so do the table of both heirs and the table with every
    /// role across books but the undercover.
    #[test]
    fn r5_1_bots_play_a_wizard_table_to_the_end() {
        for (v, seats) in [
            (TABLE.table("wizard-bots", |_| {}), 9),
            (HEIRS.table("wizard-bots-heirs", |_| {}), 9),
            (ACROSS.at(12, "wizard-bots-across"), 12),
        ] {
            bots_win_on_both_sides(v, seats);
        }
    }
}
