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
//!   the magician, then the wizard (`Role::HEIRS`; 5.0's forest elder, between them in the
//!   book, is not one of them at a classic table: the classic elder is 4.0's, a good seat).
//!   While every killer and the magician dealt are out (a role not dealt counts as out), a
//!   living wizard holds the kill: his action is `kill` instead of `query` (`query` is then
//!   `not_your_role`; not himself: `self_target`), he is told `kill_inherited` privately at
//!   once (once), and his kill is the killers' kill of R4-4's step (1), as the magician's is
//!   (`Game::makes_the_kill`, `Game::holds_kill`, `magician.rs`).
//! - R5-3 (4): a check of him reads `killer` (the classic word for 5.0's `bad`); R5-5 with
//!   CL-10: he counts with the killers (`Role::with_killers`), so good wins only when every
//!   killer, undercover, magician and wizard dealt is out, and he wins with the killers.
//!
//! Readings of a classic table:
//! - A query on H. 5.0's hugged seat H is immune to everything aimed at it, a query too
//!   (R5-3 (1): a wizard whose target is H learns `blocked`). The classic table's butterfly is
//!   4.0's, whose hug voids kills only (R4-4 (1)): it shields H from no query, as it shields H
//!   from no magic (`magician.rs`). So a query on the hugged seat lands and is answered with
//!   what H's own submission named, and a query on the butterfly names the seat it hugs.
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
    let seen = if magicked == Some(wizard) {
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

    use crate::classic::doctor::tests::{
        config, dongsha_with, handle, out, peaceful, public, submit, to_night,
    };
    use crate::{Game, Line, Variant};

    /// 东杀 with one wizard, called at night after the killers and the police.
    fn document() -> Value {
        dongsha_with(&["wizard"])
    }

    /// The handle of 东杀 with one wizard, `change`d, named `name`.
    fn table(name: &str, change: impl FnOnce(&mut Value)) -> Variant {
        handle(document(), name, change)
    }

    /// The fixed deal of [`game`].
    fn deal() -> Value {
        json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "wizards": ["g5"]})
    }

    /// 9 seats g1..g9: killers g1 g2, police g3 g4, the wizard g5, civilians g6..g9.
    fn game(name: &str) -> Game {
        Game::start(&config(table(name, |_| {}), 9, Some(deal()))).expect("it starts")
    }

    /// 东杀 with the magician and the wizard, 9 seats: killers g1 g2, police g3 g4, the magician
    /// g5, the wizard g6, civilians g7..g9.
    fn heirs(name: &str) -> Game {
        let v = handle(dongsha_with(&["magician", "wizard"]), name, |_| {});
        let deal = json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "magicians": ["g5"],
                          "wizards": ["g6"]});
        Game::start(&config(v, 9, Some(deal))).expect("it starts")
    }

    /// 东杀 with the wizard and every other role across books but the undercover, 12 seats:
    /// killers g1 g2, police g3 g4, the butterfly g5, the secret police g6, the doctor g7, the
    /// sniper g8, the magician g9, the wizard g10, the elder g11, the civilian g12.
    fn across(name: &str) -> Game {
        let deal = json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "butterflies": ["g5"],
                          "secret_police": ["g6"], "doctors": ["g7"], "snipers": ["g8"],
                          "magicians": ["g9"], "wizards": ["g10"], "elders": ["g11"]});
        Game::start(&config(across_table(name), 12, Some(deal))).expect("it starts")
    }

    /// The handle of 东杀 with the wizard and the other roles across books but the undercover,
    /// at 12 seats (2 killers, 2 police).
    fn across_table(name: &str) -> Variant {
        let d = dongsha_with(&[
            "butterfly",
            "secret_police",
            "doctor",
            "sniper",
            "magician",
            "wizard",
            "elder",
        ]);
        handle(d, name, |d| {
            d["seats"] = json!({"min": 12, "max": 12});
            d["deal"][0]["count"] = json!(2);
            d["deal"][1]["count"] = json!(2);
        })
    }

    fn act(kind: &str, target: &str) -> Value {
        json!({"type": kind, "target": target})
    }

    /// The private events of `lines`, each as `[to, event]`.
    fn told(lines: &[Line]) -> Vec<Value> {
        lines
            .iter()
            .filter_map(|l| match l {
                Line::Private { to, event, .. } => Some(json!([to, event.json()])),
                _ => None,
            })
            .collect()
    }

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

    /// One night's actions, `(seat, type, target)`, in order; resolved, the lines it published.
    fn night(g: &mut Game, acts: &[(&str, &str, &str)]) -> Vec<Line> {
        assert_eq!(g.current_phase().kind, "night");
        for &(by, kind, target) in acts {
            assert_eq!(submit(g, by, act(kind, target)), None, "{by} {kind} {target}");
        }
        g.resolve_phase()
    }

    fn alive(g: &Game, s: &str) -> bool {
        g.seat_now(s).is_some_and(|s| s.out.is_none())
    }

    /// The day's speeches resolved to the vote; every living seat votes for `target`; the vote
    /// resolved, the lines it published.
    fn vote_out(g: &mut Game, target: &str) -> Vec<Line> {
        while g.current_phase().kind != "vote" {
            g.resolve_phase();
        }
        let living: Vec<String> = g
            .seats()
            .iter()
            .filter(|s| s.alive)
            .map(|s| s.game_id.clone())
            .collect();
        for by in living {
            assert_eq!(submit(g, &by, json!({"type": "vote", "target": target})), None);
        }
        g.resolve_phase()
    }

    /// R5-3 (4): the answer names the target's own submission, whether or not it took effect —
    /// a killer's own kill when the killers' majority killed another (g2 named g6 first, g1
    /// g7: the tie goes to the earliest, g6 dies; g1's answer is g7), an officer's own check
    /// when the team's is another's —, told to the wizard alone; a seat that submitted
    /// nothing reads `none`, a killer who left the kill to his fellow too.
    #[test]
    fn r5_3_4_the_answer_names_the_targets_own_submission() {
        let mut g = game("wizard-killer");
        let acts = [
            ("g2", "kill", "g6"),
            ("g1", "kill", "g7"),
            ("g5", "query", "g1"),
        ];
        let lines = night(&mut g, &acts);
        assert_eq!(public(lines.clone()), [out("g6")], "the majority's victim");
        assert_eq!(answers(&lines), [answer("g5", "g1", "g7")], "his own kill");
        // The officer's own check: g3 checks g2 and g4 g8 earlier, the team's is g4's.
        let mut g = game("wizard-officer");
        let acts = [
            ("g4", "check", "g8"),
            ("g3", "check", "g2"),
            ("g5", "query", "g3"),
        ];
        let lines = night(&mut g, &acts);
        assert_eq!(answers(&lines), [answer("g5", "g3", "g2")]);
        let checks: Vec<Value> = told(&lines)
            .into_iter()
            .filter(|t| t[1]["type"] == "check_result")
            .map(|t| t[1]["target"].clone())
            .collect();
        assert_eq!(checks, ["g8", "g8"], "the team's check is g4's");
        // A civilian submits nothing; a killer who left the kill to g2 neither.
        for (name, queried) in [("wizard-civilian", "g6"), ("wizard-silent-killer", "g1")] {
            let mut g = game(name);
            let lines = night(&mut g, &[("g2", "kill", "g7"), ("g5", "query", queried)]);
            assert_eq!(answers(&lines), [answer("g5", queried, "none")], "{name}");
            assert_eq!(public(lines), [out("g7")]);
        }
        // No query, no answer.
        let mut g = game("wizard-no-query");
        assert_eq!(answers(&night(&mut g, &[("g1", "kill", "g6")])), Vec::<Value>::new());
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
            let mut g = across(name);
            let lines = night(&mut g, &[acted, ("g10", "query", target)]);
            assert_eq!(answers(&lines), [answer("g10", target, acted_on)], "{name}");
        }
        // The save that spared the kill's victim is named too; the answer follows the check
        // and comes before the night's `out`.
        let mut g = across("wizard-order");
        let acts = [
            ("g1", "kill", "g12"),
            ("g7", "save", "g12"),
            ("g3", "check", "g1"),
            ("g8", "snipe", "g11"),
            ("g10", "query", "g7"),
        ];
        let lines = night(&mut g, &acts);
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
        let mut g = across("wizard-magicked-target");
        let acts = [
            ("g7", "save", "g12"),
            ("g9", "magic", "g7"),
            ("g10", "query", "g7"),
        ];
        assert_eq!(answers(&night(&mut g, &acts)), [answer("g10", "g7", "none")]);
        let mut g = across("wizard-magicked");
        let acts = [
            ("g7", "save", "g12"),
            ("g10", "query", "g7"),
            ("g9", "magic", "g10"),
        ];
        let lines = night(&mut g, &acts);
        assert_eq!(answers(&lines), [answer("g10", "g7", "blocked")]);
        assert_eq!(told(&lines).len(), 1, "nobody is told of the magic");
        let mut g = across("wizard-magic-elsewhere");
        let acts = [
            ("g7", "save", "g12"),
            ("g10", "query", "g7"),
            ("g9", "magic", "g8"),
        ];
        assert_eq!(answers(&night(&mut g, &acts)), [answer("g10", "g7", "g12")]);
        // A magicked killer's kill is struck: `none`, and the other killer's kill counts.
        let mut g = across("wizard-magicked-killer");
        let acts = [
            ("g1", "kill", "g12"),
            ("g2", "kill", "g11"),
            ("g9", "magic", "g1"),
            ("g10", "query", "g1"),
        ];
        let lines = night(&mut g, &acts);
        assert_eq!(answers(&lines), [answer("g10", "g1", "none")]);
        assert_eq!(public(lines), [out("g11")]);
    }

    /// R5-3 (4): the answer is given even to a wizard who dies this night (told before dawn's
    /// `out`, which names him).
    #[test]
    fn r5_3_4_a_wizard_who_dies_this_night_is_answered() {
        let mut g = game("wizard-dies");
        let acts = [("g1", "kill", "g5"), ("g5", "query", "g1")];
        let lines = night(&mut g, &acts);
        assert_eq!(answers(&lines), [answer("g5", "g1", "g5")]);
        assert_eq!(public(lines), [out("g5")]);
        assert!(!alive(&g, "g5"));
    }

    /// The classic table's reading of R5-3 (4)'s "target is H": 4.0's hug voids kills only, so
    /// a query on the hugged seat lands (the hugged sniper's shot is named), and a query on
    /// the butterfly names the seat it hugs; the kill on H is still void.
    #[test]
    fn r5_3_4_a_query_on_the_hugged_seat_lands() {
        let mut g = across("wizard-hugged");
        let acts = [
            ("g1", "kill", "g8"),
            ("g5", "hug", "g8"),
            ("g8", "snipe", "g12"),
            ("g10", "query", "g8"),
        ];
        let lines = night(&mut g, &acts);
        assert_eq!(answers(&lines), [answer("g10", "g8", "g12")]);
        assert_eq!(public(lines), [out("g12")], "the kill on H is void, the shot lands");
        let mut g = across("wizard-butterfly");
        let acts = [("g5", "hug", "g8"), ("g10", "query", "g5")];
        assert_eq!(answers(&night(&mut g, &acts)), [answer("g10", "g5", "g8")]);
    }

    /// R5-1: the query is the living wizard's, at night, on another living seat (himself:
    /// `self_target`, after `bad_target`), replaceable until the night ends (the last is
    /// answered); the form, the seat's allowed actions, what he owes and his view follow. He
    /// learns nobody (5.0), and nobody learns him. At 东杀 `query` is another game's type,
    /// refused `not_your_role`.
    #[test]
    fn r5_1_only_the_living_wizard_queries_another_seat_at_night() {
        let mut g = game("wizard-only");
        assert!(
            !told(&g.transcript())
                .iter()
                .any(|t| t[0] == "g5" || t[1].to_string().contains("g5")),
            "5.0: nobody learns him, nor he anybody"
        );
        for by in ["g1", "g3", "g6"] {
            assert_eq!(submit(&mut g, by, act("query", "g7")), Some("not_your_role"), "{by}");
            assert!(!g.seat_now(by).expect("a seat").allowed.contains(&"query"));
        }
        let w = g.seat_now("g5").expect("the wizard");
        assert_eq!(w.role, "wizard");
        assert_eq!(w.allowed, ["query"]);
        assert!(w.owes.action, "the query is owed until sent");
        assert!(w.teams.is_empty());
        assert_eq!(submit(&mut g, "g5", act("query", "nobody")), Some("bad_target"));
        assert_eq!(submit(&mut g, "g5", act("query", "g5")), Some("self_target"));
        assert_eq!(submit(&mut g, "g5", act("kill", "g6")), Some("not_your_role"));
        assert_eq!(submit(&mut g, "g5", act("magic", "g6")), Some("not_your_role"));
        assert_eq!(submit(&mut g, "g5", act("query", "g2")), None);
        assert_eq!(submit(&mut g, "g5", act("query", "g1")), None);
        assert!(!g.seat_now("g5").expect("a seat").owes.action);
        let seat_view = g.view_for("g5").expect("a view");
        let view = seat_view.json().clone();
        assert_eq!(view["query"], "g1");
        assert_eq!(view["holds_kill"], false);
        assert!(view.get("team").is_none() && view.get("teams").is_none());
        assert!(view.get("not_self").is_none());
        let sheet = g.variant().seat_sheet(&seat_view, false);
        assert_eq!(sheet.role, crate::message::Message::key("role-wizard"));
        assert_eq!(sheet.chosen, [("query", "target", "g1".to_string())]);
        assert!(sheet.notes.is_empty());
        // The last counts: g1's kill is named, not g2's nothing.
        assert_eq!(submit(&mut g, "g1", act("kill", "g6")), None);
        let lines = g.resolve_phase();
        assert_eq!(answers(&lines), [answer("g5", "g1", "g6")]);
        assert_eq!(submit(&mut g, "g5", act("query", "g1")), Some("not_now"));
        // The forms: his after the classic roles'; the query names another living seat.
        let v = table("wizard-forms", |_| {});
        let kinds: Vec<&str> = v.action_forms().iter().map(|f| f.kind).collect();
        assert_eq!(
            kinds,
            ["kill", "check", "query", "explode", "surrender", "vote"]
        );
        let input = v
            .action_forms()
            .iter()
            .find(|f| f.kind == "query")
            .map(|f| f.fields.iter().map(|x| x.input).collect::<Vec<_>>());
        assert_eq!(input, Some(vec![crate::FieldInput::OtherLivingSeat]));
        // Out: no query, nothing owed.
        let mut g = game("wizard-dead");
        night(&mut g, &[("g1", "kill", "g5")]);
        to_night(&mut g);
        assert_eq!(submit(&mut g, "g5", act("query", "g6")), Some("out"));
        let w = g.seat_now("g5").expect("a seat");
        assert!(w.allowed.is_empty() && !w.owes.action);
        // 东杀 itself: no wizard, no form, `query` refused as another game's.
        let dongsha = Variant::from_name("dongsha").expect("dongsha");
        assert!(!dongsha.action_forms().iter().any(|f| f.kind == "query"));
        let fixed = json!({"killers": ["g1", "g2"], "police": ["g3", "g4"]});
        let mut g = Game::start(&config(dongsha, 9, Some(fixed))).expect("it starts");
        assert_eq!(submit(&mut g, "g5", act("query", "g6")), Some("not_your_role"));
    }

    /// R5-2: the kill passes along the line — every killer out, the magician holds it and is
    /// told (the wizard not, and he still queries); the magician out too, the wizard holds it
    /// and is told at once, once: his action is `kill` instead of `query` (not himself), his
    /// kill kills, and the table goes on while he lives.
    #[test]
    fn r5_2_the_wizard_inherits_the_kill_after_the_killers_and_the_magician() {
        let mut g = heirs("wizard-succession");
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
        let lines = night(&mut g, &[("g6", "query", "g5"), ("g5", "kill", "g9")]);
        assert_eq!(answers(&lines), [answer("g6", "g5", "g9")], "the heir's own kill");
        assert_eq!(public(lines), [out("g9")]);
        let lines = vote_out(&mut g, "g5");
        let kinds: Vec<Value> = lines
            .iter()
            .map(|l| match l {
                Line::Private { to, event, .. } => json!([to, event.json()["type"]]),
                Line::Public { event, .. } => event.json()["type"].clone(),
                _ => Value::Null,
            })
            .collect();
        assert_eq!(kinds, [json!("votes"), json!("out"), json!(["g6", "kill_inherited"])]);
        assert_eq!(g.outcome(), None, "the wizard stands for the killers");
        to_night(&mut g);
        let w = g.seat_now("g6").expect("the wizard");
        assert_eq!(w.allowed, ["kill"]);
        assert!(w.owes.action);
        let seat_view = g.view_for("g6").expect("a view");
        assert_eq!(seat_view.json()["holds_kill"], true);
        assert_eq!(seat_view.json()["not_self"], json!(["kill"]));
        let sheet = g.variant().seat_sheet(&seat_view, false);
        assert_eq!(
            sheet.notes,
            [crate::message::Message::key("cl-seat-note-holds-kill").rule("R5-2")]
        );
        assert_eq!(submit(&mut g, "g6", act("query", "g7")), Some("not_your_role"));
        assert_eq!(submit(&mut g, "g6", act("kill", "g6")), Some("self_target"));
        assert_eq!(submit(&mut g, "g6", act("kill", "g7")), None);
        assert_eq!(g.view_for("g6").expect("a view").json()["kill"], "g7");
        let lines = g.resolve_phase();
        assert_eq!(public(lines.clone()), [out("g7")]);
        assert!(told(&lines).is_empty(), "told once, and no answer: he queried nobody");
        assert_eq!(
            submit(&mut g, "g6", json!({"type": "explode"})),
            Some("not_your_role"),
            "CL-8: never, holding the kill or not"
        );
    }

    /// R5-2: with no magician dealt (one not dealt counts as out) the wizard holds the kill
    /// once every killer is out; with the magician killed while a killer lives, the wizard is
    /// told directly when the last killer goes out (the magician never was).
    #[test]
    fn r5_2_the_wizard_holds_the_kill_when_the_seats_before_him_are_out() {
        let mut g = game("wizard-no-magician");
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
        assert_eq!(public(night(&mut g, &[("g5", "kill", "g6")])), [out("g6")]);
        // The magician out first (killed by night), then the last killer.
        let mut g = heirs("wizard-skips-magician");
        g.resolve_phase();
        vote_out(&mut g, "g1");
        to_night(&mut g);
        let lines = night(&mut g, &[("g2", "kill", "g5")]);
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
            let mut g = across(name);
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
        assert_eq!(public(night(&mut g, &acts)), [peaceful()], "the save spares it");
        let mut g = ready("wizard-heir-hugged");
        let acts = [("g10", "kill", "g12"), ("g5", "hug", "g10")];
        assert_eq!(public(night(&mut g, &acts)), [peaceful()], "H makes the kill");
        let mut g = ready("wizard-heir-kills");
        let acts = [("g10", "kill", "g12"), ("g7", "save", "g8")];
        assert_eq!(public(night(&mut g, &acts)), [out("g12")]);
    }

    /// R5-5 with CL-10: good wins only once the wizard is out too; R5-3 (4): a check of him
    /// reads `killer`; the reveal names him and he loses with the killers, or wins with them.
    #[test]
    fn r5_5_good_wins_only_with_the_wizard_out_too() {
        let mut g = game("wizard-good");
        assert_eq!(submit(&mut g, "g3", act("check", "g5")), None);
        let lines = g.resolve_phase();
        let found = json!({"type": "check_result", "target": "g5", "result": "killer"});
        assert_eq!(told(&lines), [json!(["g3", found]), json!(["g4", found])]);
        vote_out(&mut g, "g1");
        to_night(&mut g);
        g.resolve_phase();
        vote_out(&mut g, "g2");
        assert_eq!(g.outcome(), None, "the wizard stands for the killers");
        to_night(&mut g);
        g.resolve_phase();
        let lines = public(vote_out(&mut g, "g5"));
        assert_eq!(
            lines.last(),
            Some(&json!({"type": "game_over", "winner": "good"}))
        );
        assert_eq!(
            g.seat_record("g5", Some("good")).map(|r| (r.role, r.won)),
            Some(("wizard", Some(false)))
        );
        assert_eq!(g.reveal_now()["seats"][4]["role"], "wizard");
        // The killers win with him when the police are all out.
        let mut g = game("wizard-killers");
        for victim in ["g3", "g4"] {
            for by in ["g1", "g2"] {
                assert_eq!(submit(&mut g, by, act("kill", victim)), None);
            }
            g.resolve_phase();
            to_night(&mut g);
        }
        assert_eq!(g.outcome(), Some("killers"));
        assert_eq!(
            g.seat_record("g5", Some("killers")).map(|r| r.won),
            Some(Some(true))
        );
    }

    /// CL-9: the wizard never surrenders (he is in no team) and does not keep the killers'
    /// team standing: a killer whose fellow killer is out may surrender while he lives.
    #[test]
    fn cl_9_the_wizard_never_surrenders_nor_keeps_the_killers_standing() {
        let surrender = json!({"type": "surrender"});
        let mut g = game("wizard-cl9");
        assert_eq!(submit(&mut g, "g5", surrender.clone()), Some("not_your_role"));
        g.resolve_phase();
        vote_out(&mut g, "g2");
        to_night(&mut g);
        assert!(g.seat_now("g1").expect("a seat").allowed.contains(&"surrender"));
        assert!(!g.seat_now("g5").expect("a seat").allowed.contains(&"surrender"));
        assert_eq!(submit(&mut g, "g1", surrender), None);
        assert_eq!(g.outcome(), Some("good"));
        assert_eq!(
            g.seat_record("g5", Some("good")).map(|r| r.won),
            Some(Some(false))
        );
    }

    /// A classic table deals one wizard at most (R5-2: one heir of each; `setup-role-one`),
    /// and the night must call him.
    #[test]
    fn r5_2_one_wizard_per_table() {
        let mut two = document();
        two["deal"][2]["count"] = json!(2);
        let Err(found) = crate::setups::read(&two) else {
            panic!("two wizards")
        };
        let found: Vec<(String, &str)> = found
            .iter()
            .map(|p| (p.path.clone(), p.message.catalog_key().unwrap_or("")))
            .collect();
        assert_eq!(found, [("deal[2].count".to_string(), "setup-role-one")]);
        assert!(crate::setups::read(&document()).is_ok());
        let mut forgot = document();
        forgot["night"] = json!(["killer", "police"]);
        assert!(crate::setups::read(&forgot).is_err());
    }

    /// A fixed deal names the wizard (`wizards`, after `magicians` in the draw); a wrong
    /// count or a seat dealt twice is refused; the draw deals one, and the other roles' seats
    /// are drawn as at the same table without him. 东杀 has no such key.
    #[test]
    fn r5_1_a_fixed_deal_names_the_wizards() {
        let v = table("wizard-deal", |_| {});
        let start = |setup: Value| Game::start(&config(v, 9, Some(setup))).map(|_| ());
        assert_eq!(start(deal()), Ok(()));
        for (setup, says) in [
            (
                json!({"killers": ["g1", "g2"], "police": ["g3", "g4"]}),
                "deals 1 wizard(s), not 0",
            ),
            (
                json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "wizards": ["g3"]}),
                "\"g3\" is a police and a wizard",
            ),
        ] {
            let err = start(setup.clone()).expect_err("refused").to_string();
            assert!(err.contains(says), "{setup}: {err}");
        }
        let ids: Vec<String> = (1..=9).map(|i| format!("g{i}")).collect();
        let seed = |s| <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(s);
        let drawn = v.draw_roles(&ids, &mut seed(7));
        let keys: Vec<&String> = drawn.as_object().expect("an object").keys().collect();
        assert_eq!(keys, ["killers", "police", "wizards"]);
        assert_eq!(drawn["wizards"].as_array().map(Vec::len), Some(1));
        let dongsha = Variant::from_name("dongsha").expect("dongsha");
        let plain = dongsha.draw_roles(&ids, &mut seed(7));
        assert_eq!(plain, json!({"killers": drawn["killers"], "police": drawn["police"]}));
        // After the magician's key: the same magician as without a wizard.
        let both = handle(dongsha_with(&["magician", "wizard"]), "wizard-deal-mg", |_| {});
        let one = handle(dongsha_with(&["magician"]), "wizard-deal-mg-only", |_| {});
        let a = both.draw_roles(&ids, &mut seed(3));
        let b = one.draw_roles(&ids, &mut seed(3));
        for key in ["killers", "police", "magicians"] {
            assert_eq!(a[key], b[key], "{key}");
        }
        let Value::Object(m) = deal() else {
            panic!("an object")
        };
        assert_eq!(v.check_fixed_roles(&ids, &m), Ok(()));
        assert_eq!(
            dongsha.check_fixed_roles(&ids, &m),
            Err(crate::ConfigError::UnknownSetupKey("wizards".into()))
        );
        // The replay's fixed deal at 东杀 ignores it (replay.md): g5 a civilian.
        let g = Game::start(&config(dongsha, 9, Some(deal()))).expect("it starts");
        assert_eq!(g.seat_now("g5").map(|s| s.role), Some("civilian"));
    }

    /// A replay scenario of a wizard's table (`document` in place of `variant`, replay.md):
    /// the query is taken with the night's actions (`query_recorded`) and answered privately;
    /// at 东杀 the key is ignored and the query refused `not_your_role`.
    #[test]
    fn r5_3_4_a_replay_of_a_wizards_table_queries() {
        let seats: Vec<Value> = (1..=9)
            .map(|i| json!({"game_id": format!("g{i}"), "real_id": format!("r{i}")}))
            .collect();
        let acts = json!([{"submit": [
            {"by": "g1", "action": {"type": "kill", "target": "g6"}},
            {"by": "g5", "action": {"type": "query", "target": "g1"}}
        ]}]);
        let scenario = json!({
            "document": document(),
            "seats": seats,
            "setup": deal(),
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
        assert!(lines.contains(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": true,
                                       "reply": {"type": "query_recorded"}})), "{lines:?}");
        assert!(lines.contains(&json!({"kind": "private", "act": 1, "to": "g5",
                                       "event": {"type": "query_result", "target": "g1",
                                                 "acted_on": "g6"}})), "{lines:?}");
        let mut preset = scenario.clone();
        if let Value::Object(m) = &mut preset {
            m.remove("document");
            m.insert("variant".into(), json!("dongsha"));
        }
        let lines = run(&preset);
        assert!(lines.contains(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": false,
                                       "error": "not_your_role"})));
        assert!(!lines.iter().any(|l| l["event"]["type"] == "query_result"));
    }

    /// A table without a wizard is as it was: 东杀's forms and `query` refused, the killers out
    /// end the game; a magician's table has no query form and passes the kill to the magician
    /// alone.
    #[test]
    fn a_table_without_a_wizard_is_unchanged() {
        let dongsha = Variant::from_name("dongsha").expect("dongsha");
        let fixed = json!({"killers": ["g1", "g2"], "police": ["g3", "g4"]});
        let mut g = Game::start(&config(dongsha, 9, Some(fixed))).expect("it starts");
        assert!(g.view_for("g1").expect("a view").json().get("holds_kill").is_none());
        let lines = night(&mut g, &[("g1", "kill", "g6"), ("g2", "kill", "g7")]);
        assert_eq!(public(lines), [out("g6")]);
        vote_out(&mut g, "g1");
        to_night(&mut g);
        g.resolve_phase();
        let lines = vote_out(&mut g, "g2");
        assert!(told(&lines).is_empty());
        assert_eq!(g.outcome(), Some("good"));
        let magician = handle(dongsha_with(&["magician"]), "wizard-none-magician", |_| {});
        assert!(!magician.action_forms().iter().any(|f| f.kind == "query"));
        let fixed = json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "magicians": ["g5"]});
        let mut g = Game::start(&config(magician, 9, Some(fixed))).expect("it starts");
        assert_eq!(submit(&mut g, "g5", act("query", "g6")), Some("not_your_role"));
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
        let params = crate::sim::SimParams {
            seats: 9,
            guess: 0.0,
            max_phases: 400,
        };
        let heirs = handle(dongsha_with(&["magician", "wizard"]), "wizard-bots-heirs", |_| {});
        for (v, seats) in [
            (table("wizard-bots", |_| {}), 9),
            (heirs, 9),
            (across_table("wizard-bots-across"), 12),
        ] {
            let params = crate::sim::SimParams { seats, ..params };
            let run = || v.simulate(&params, 0..300, &crate::sim::Progress::default());
            let stats = run();
            assert_eq!(stats.games, 300);
            let count = |o: &str| {
                stats
                    .outcomes
                    .iter()
                    .find(|(x, _)| *x == o)
                    .map_or(0, |(_, n)| *n)
            };
            assert_eq!(count("unfinished"), 0, "every game ends: {stats:?}");
            assert!(count("good") > 0 && count("killers") > 0, "{stats:?}");
            assert_eq!(run(), stats, "seeded");
        }
    }
}
