//! 5.0's magician (魔法师) at a classic table: a role of another book played by the classic
//! engine as a module (`docs/setups.md`, "Roles across books"), the sixth after 4.0's doctor,
//! 5.0's sniper, 4.0's butterfly, secret police and undercover. A judge's own classic setup
//! may deal him (one at most: R5-3 has one magic, `setup-role-one`); he plays by
//! `../shared/rules/roles.md`:
//! - 5.0: nobody learns anybody's role, so the killers do not know him nor he them; he is told
//!   no team and sits in no thread.
//! - R5-1: each night a living magician may `magic` one other living seat (himself refused
//!   `self_target`: the ban follows the role), replaceable until the night ends (the last
//!   counts).
//! - R5-3 (2): the magicked seat loses its action this night. At a classic table the magic
//!   runs first, before the kills: the magicked seat's own submission of the night counts for
//!   nothing — a magicked killer's kill is left out of the killers' majority (the others'
//!   still count; CL-1's "a killer who submits nothing agrees with the rest" does not let his
//!   vote count), a magicked officer's or undercover's check out of the police team's, and a
//!   magicked doctor's save, sniper's shot, butterfly's hug (magic on the butterfly cancels
//!   the hug) and secret police's kill have no effect (the secret kill is not spent: no night
//!   resolved with it). Magic on a seat with no action does nothing.
//! - R5-2: while every killer dealt is out, a living magician holds the kill: his action is
//!   `kill` instead of `magic` (not himself: `self_target`), he is told `kill_inherited`
//!   privately at once (and when he is out too, the kill passes on to the wizard, if the
//!   table deals one: `wizard.rs`; the line is [`Role::HEIRS`]), and his kill is the killers'
//!   kill of R4-4's step (1) — a save spares it, the secret police is immune to it, a hug on
//!   its target voids it, and so does a hug on him (R4-4 (1) voids the killers' kill when the
//!   hugged seat makes it: a killer, not the undercover, who does not kill).
//! - R5-3 (4): a check of him reads `killer` (the classic word for 5.0's `bad`); R5-5 with
//!   CL-10: he counts with the killers (`Role::with_killers`), so good wins only when every
//!   killer, undercover and magician dealt is out, and he wins with the killers.
//!
//! Readings of a classic table:
//! - The classic table's butterfly is 4.0's: its hug voids kills only (R4-4 (1)), so magic on
//!   the hugged seat still lands (5.0's immunity of H, R5-3 (1), is its own night's).
//! - Nobody is told he was magicked, as in 5.0. 5.0 tells a magicked police `blocked` in place
//!   of his own answer; a classic check is the police team's: the team is told the majority of
//!   the checks left (every officer alive when the night began, the magicked one too, CL-2),
//!   and nothing when none is left, as on a night the police checked nobody (CL-2 has no
//!   `blocked` word; the missing answer says as much).
//! - CL-8: he never self-explodes (a killer's only); CL-9: he never surrenders (he is in no
//!   team) and does not keep the killers' team standing (they do not know him).
//! - CL-4: last words count the `police` role dealt only, as ever.
//!
//! His night step runs first in `night.rs`'s list; his action, form, view (`holds_kill`),
//! deal (`magicians` in a fixed setup) and bot are with the others of the engine.

use super::event::{Audience, Event};
use super::night::Resolution;
use super::roles::Role;
use super::state::Game;
use crate::table::{Seat, majority};

/// R5-3 (2): the magicked seat loses its action this night — its submissions are struck
/// before any step reads them (the kills' and checks' majorities are taken again without
/// it). Magic on a seat with no action changes nothing.
pub(super) fn magic(g: &mut Game, n: &mut Resolution) {
    if let Some((_, t)) = n.magic {
        *n = Resolution::read(&g.night.without(t));
    }
}

impl Game {
    /// R5-2: the living seat that holds the kill after the killers — none while a killer
    /// lives (a classic table always deals one: `setup-no-killer`); else the first living seat
    /// of R5-2's line dealt at the table ([`Role::HEIRS`]: the magician, then the wizard; one
    /// not dealt counts as out). Exactly one living bad special holds it.
    pub(super) fn kill_heir(&self) -> Option<Seat> {
        if self.living().any(|k| self.role(k) == Role::Killer) {
            return None;
        }
        Role::HEIRS
            .iter()
            .find_map(|&r| self.living().find(|&s| self.role(s) == r))
    }

    /// R5-2: whether `s` is the bad special holding the kill ([`Game::kill_heir`]): the
    /// magician once every killer is out, the wizard once the magician dealt is out too.
    pub(super) fn holds_kill(&self, s: Seat) -> bool {
        Role::HEIRS.contains(&self.role(s)) && self.kill_heir() == Some(s)
    }

    /// Whether `s` makes the killers' kill (CL-1, R5-2): a killer, or the heir holding the
    /// kill.
    pub(super) fn makes_the_kill(&self, s: Seat) -> bool {
        self.role(s) == Role::Killer || self.holds_kill(s)
    }

    /// The police team's check that counts this night: CL-2's majority of the checks the
    /// magic left (R5-3 (2)). The bots read it to know what their check found.
    pub(super) fn counted_check(&self) -> Option<Seat> {
        let magicked = self.night.magics.iter().flatten().next();
        match magicked {
            Some(&t) => majority(&self.night.without(t).checks),
            None => majority(&self.night.checks),
        }
    }

    /// R5-2: when the kill passes — every killer out while the magician lives; the magician
    /// out too while the wizard lives — its new holder is told at once, each heir once (not
    /// when the game ended there, `check_end`).
    pub(super) fn pass_the_kill(&mut self) {
        let Some(s) = self.kill_heir() else { return };
        if self.heir_told != Some(s) {
            self.heir_told = Some(s);
            self.say(Audience::Seat(s), Event::KillInherited);
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::classic::doctor::tests::{
        config, dongsha_with, handle, out, peaceful, public, submit, to_night,
    };
    use crate::{Game, Line, Variant};

    /// 东杀 with one magician, called at night after the killers and the police.
    fn document() -> Value {
        dongsha_with(&["magician"])
    }

    /// The handle of 东杀 with one magician, `change`d, named `name`.
    fn table(name: &str, change: impl FnOnce(&mut Value)) -> Variant {
        handle(document(), name, change)
    }

    /// The fixed deal of [`game`].
    fn deal() -> Value {
        json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "magicians": ["g5"]})
    }

    /// 9 seats g1..g9: killers g1 g2, police g3 g4, the magician g5, civilians g6..g9.
    fn game(name: &str) -> Game {
        Game::start(&config(table(name, |_| {}), 9, Some(deal()))).expect("it starts")
    }

    /// 东杀 with the magician and 4.0's butterfly, secret police and doctor and 5.0's sniper,
    /// 10 seats: killers g1 g2, police g3 g4, the butterfly g5, the secret police g6, the doctor
    /// g7, the sniper g8, the magician g9, the civilian g10.
    fn across(name: &str) -> Game {
        let deal = json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "butterflies": ["g5"],
                          "secret_police": ["g6"], "doctors": ["g7"], "snipers": ["g8"],
                          "magicians": ["g9"]});
        Game::start(&config(across_table(name), 10, Some(deal))).expect("it starts")
    }

    /// The handle of 东杀 with the magician and the four other roles across books, at 10
    /// seats (2 killers, 2 police).
    fn across_table(name: &str) -> Variant {
        let d = dongsha_with(&["butterfly", "secret_police", "doctor", "sniper", "magician"]);
        handle(d, name, |d| {
            d["seats"] = json!({"min": 10, "max": 10});
            d["deal"][0]["count"] = json!(2);
            d["deal"][1]["count"] = json!(2);
        })
    }

    fn act(kind: &str, target: &str) -> Value {
        json!({"type": kind, "target": target})
    }

    /// One night's actions, `(seat, type, target)`, in order; resolved, the public events.
    fn night(g: &mut Game, acts: &[(&str, &str, &str)]) -> Vec<Value> {
        assert_eq!(g.current_phase().kind, "night");
        for &(by, kind, target) in acts {
            assert_eq!(submit(g, by, act(kind, target)), None, "{by} {kind} {target}");
        }
        public(g.resolve_phase())
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

    /// R5-3 (2): magic runs before the kills and takes the magicked killer's kill out of the
    /// majority; the other killer's kill counts. g1 names g6 first, g2 g7: a tie goes to the
    /// earliest (g6); g1 magicked, g2's g7 dies; g2 magicked, g1's g6.
    #[test]
    fn r5_3_2_magic_leaves_a_magicked_killers_kill_out_of_the_majority() {
        let kills = [("g1", "kill", "g6"), ("g2", "kill", "g7")];
        let mut g = game("magic-none");
        assert_eq!(night(&mut g, &kills), [out("g6")], "without magic");
        for (magicked, dies) in [("g1", "g7"), ("g2", "g6")] {
            let mut g = game(&format!("magic-killer-{magicked}"));
            let mut acts = kills.to_vec();
            acts.push(("g5", "magic", magicked));
            assert_eq!(night(&mut g, &acts), [out(dies)], "{magicked} magicked");
        }
        // Both killers name g6, one magicked: the other's kill still kills.
        let mut g = game("magic-killer-agreed");
        let acts = [("g1", "kill", "g6"), ("g2", "kill", "g6"), ("g5", "magic", "g2")];
        assert_eq!(night(&mut g, &acts), [out("g6")]);
    }

    /// R5-3 (2) with CL-1: a magicked lone submitting killer kills nobody — the killer who
    /// submitted nothing "agrees with the rest", and no vote of the rest is left.
    #[test]
    fn r5_3_2_a_magicked_lone_killer_kills_nobody() {
        let mut g = game("magic-lone-killer");
        let acts = [("g1", "kill", "g6"), ("g5", "magic", "g1")];
        assert_eq!(night(&mut g, &acts), [peaceful()]);
        assert!(alive(&g, "g6"));
        // Magic on a seat with no action does nothing: the kill on the magicked civilian lands.
        let mut g = game("magic-civilian");
        let acts = [("g1", "kill", "g6"), ("g5", "magic", "g6")];
        assert_eq!(night(&mut g, &acts), [out("g6")]);
    }

    /// R5-3 (2) with CL-2: a magicked officer's check is left out of the police's majority;
    /// the team is told the rest's check (the magicked officer too, CL-2), and nothing when no
    /// check is left. Nobody is told he was magicked. A magicked undercover's check likewise.
    #[test]
    fn r5_3_2_magic_leaves_a_check_out_of_the_police_majority() {
        let results = |lines: &[Line]| -> Vec<Value> {
            told(lines)
                .into_iter()
                .filter(|t| t[1]["type"] == "check_result")
                .collect()
        };
        let mut g = game("magic-check-alone");
        assert_eq!(submit(&mut g, "g3", act("check", "g1")), None);
        assert_eq!(submit(&mut g, "g5", act("magic", "g3")), None);
        let lines = g.resolve_phase();
        assert_eq!(told(&lines), Vec::<Value>::new(), "no check, and no word of the magic");
        let mut g = game("magic-check-two");
        assert_eq!(submit(&mut g, "g3", act("check", "g1")), None);
        assert_eq!(submit(&mut g, "g4", act("check", "g6")), None);
        assert_eq!(submit(&mut g, "g5", act("magic", "g3")), None);
        let lines = g.resolve_phase();
        let not_killer = json!({"type": "check_result", "target": "g6", "result": "not_killer"});
        assert_eq!(
            results(&lines),
            [json!(["g3", not_killer]), json!(["g4", not_killer])],
            "g4's g6, not g3's earlier g1"
        );
        // The undercover's check is the police team's too.
        let d = dongsha_with(&["undercover", "magician"]);
        let v = handle(d, "magic-check-undercover", |_| {});
        let fixed = json!({"killers": ["g1", "g2"], "police": ["g3", "g4"],
                           "undercovers": ["g5"], "magicians": ["g6"]});
        let mut g = Game::start(&config(v, 9, Some(fixed))).expect("it starts");
        assert_eq!(submit(&mut g, "g5", act("check", "g7")), None);
        assert_eq!(submit(&mut g, "g3", act("check", "g1")), None);
        assert_eq!(submit(&mut g, "g6", act("magic", "g5")), None);
        let lines = g.resolve_phase();
        assert!(
            results(&lines).iter().all(|t| t[1]["target"] == "g1"),
            "{:?}",
            results(&lines)
        );
        assert_eq!(results(&lines).len(), 3, "the police and the undercover");
    }

    /// R5-3 (2) with the other books' roles: a magicked doctor's save, sniper's shot,
    /// butterfly's hug (magic on the butterfly cancels the hug) and secret police's kill have no
    /// effect, and the secret kill is not spent; magic on the hugged seat still lands (the
    /// classic table's butterfly is 4.0's: its hug voids kills only).
    #[test]
    fn r5_3_2_magic_voids_a_save_a_shot_a_hug_and_a_secret_kill() {
        let kill = |t: &'static str| [("g1", "kill", t), ("g2", "kill", t)];
        // The save.
        let mut g = across("magic-save");
        let mut acts = kill("g10").to_vec();
        acts.extend([("g7", "save", "g10"), ("g9", "magic", "g7")]);
        assert_eq!(night(&mut g, &acts), [out("g10")]);
        // The shot.
        let mut g = across("magic-shot");
        let acts = [("g8", "snipe", "g10"), ("g9", "magic", "g8")];
        assert_eq!(night(&mut g, &acts), [peaceful()]);
        // The hug: magic on the butterfly cancels it, so the kill on the hugged seat lands.
        let mut g = across("magic-hug");
        let mut acts = kill("g10").to_vec();
        acts.extend([("g5", "hug", "g10"), ("g9", "magic", "g5")]);
        assert_eq!(night(&mut g, &acts), [out("g10")]);
        // Magic on the hugged seat lands: the hugged sniper's shot is gone.
        let mut g = across("magic-hugged");
        let acts = [
            ("g5", "hug", "g8"),
            ("g8", "snipe", "g10"),
            ("g9", "magic", "g8"),
        ];
        assert_eq!(night(&mut g, &acts), [peaceful()]);
        // The secret kill: no effect, not spent (he is still immune to the killers' kill, and
        // kills the next night).
        let mut g = across("magic-secret");
        let mut acts = kill("g6").to_vec();
        acts.extend([("g6", "secret_kill", "g10"), ("g9", "magic", "g6")]);
        assert_eq!(night(&mut g, &acts), [peaceful()]);
        assert_eq!(
            g.view_for("g6").expect("a view").json()["secret_kill_spent"],
            false
        );
        to_night(&mut g);
        assert_eq!(night(&mut g, &[("g6", "secret_kill", "g10")]), [out("g10")]);
        assert_eq!(
            g.view_for("g6").expect("a view").json()["secret_kill_spent"],
            true
        );
        // A magicked save is no save: R4-4 (4)'s count starts again.
        let mut g = across("magic-rule");
        let save = ("g7", "save", "g10");
        assert_eq!(night(&mut g, &[save]), [peaceful()]);
        to_night(&mut g);
        assert_eq!(night(&mut g, &[save, ("g9", "magic", "g7")]), [peaceful()]);
        to_night(&mut g);
        assert_eq!(night(&mut g, &[save]), [peaceful()], "one save running");
        to_night(&mut g);
        assert_eq!(night(&mut g, &[save]), [out("g10")], "two saves running");
    }

    /// R5-3 (2) with 4.0's forest elder (R4-3): magic on the elder voids his silence — nobody
    /// is silenced the next day (R4-5) — while magic on another seat leaves it.
    #[test]
    fn r5_3_2_magic_voids_the_elders_silence() {
        let deal = json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "elders": ["g5"],
                          "magicians": ["g6"]});
        for (name, magicked, silenced) in [("magic-elder", "g5", false), ("magic-else", "g7", true)]
        {
            let v = handle(dongsha_with(&["elder", "magician"]), name, |_| {});
            let mut g = Game::start(&config(v, 9, Some(deal.clone()))).expect("it starts");
            night(&mut g, &[("g5", "silence", "g8"), ("g6", "magic", magicked)]);
            let view = g.view_for("g8").expect("a view");
            let view = view.json();
            assert_eq!(view["silenced"], silenced, "{name}: {view}");
        }
    }

    /// R5-1: the magic is the living magician's, at night, on another living seat (himself:
    /// `self_target`, after `bad_target`), replaceable until the night ends; the form, the
    /// seat's allowed actions, what he owes and his view follow. He learns nobody (5.0), and
    /// nobody learns him. At 东杀 `magic` is another game's type, refused `not_your_role`.
    #[test]
    fn r5_1_only_the_living_magician_magics_another_seat_at_night() {
        let mut g = game("magic-only");
        assert!(
            !told(&g.transcript())
                .iter()
                .any(|t| t[0] == "g5" || t[1].to_string().contains("g5")),
            "5.0: nobody learns him, nor he anybody"
        );
        for by in ["g1", "g3", "g6"] {
            assert_eq!(submit(&mut g, by, act("magic", "g7")), Some("not_your_role"), "{by}");
            assert!(!g.seat_now(by).expect("a seat").allowed.contains(&"magic"));
        }
        let m = g.seat_now("g5").expect("the magician");
        assert_eq!(m.role, "magician");
        assert_eq!(m.allowed, ["magic"]);
        assert!(m.owes.action, "the magic is owed until sent");
        assert!(m.teams.is_empty());
        assert_eq!(submit(&mut g, "g5", act("magic", "nobody")), Some("bad_target"));
        assert_eq!(submit(&mut g, "g5", act("magic", "g5")), Some("self_target"));
        assert_eq!(submit(&mut g, "g5", act("kill", "g6")), Some("not_your_role"));
        assert_eq!(submit(&mut g, "g5", act("magic", "g2")), None);
        assert_eq!(submit(&mut g, "g5", act("magic", "g1")), None);
        assert!(!g.seat_now("g5").expect("a seat").owes.action);
        let seat_view = g.view_for("g5").expect("a view");
        let view = seat_view.json().clone();
        assert_eq!(view["magic"], "g1");
        assert_eq!(view["holds_kill"], false);
        assert!(view.get("team").is_none() && view.get("teams").is_none());
        assert!(view.get("not_self").is_none());
        let sheet = g.variant().seat_sheet(&seat_view, false);
        assert_eq!(sheet.role, crate::message::Message::key("role-magician"));
        assert_eq!(sheet.chosen, [("magic", "target", "g1".to_string())]);
        assert!(sheet.notes.is_empty());
        // The last counts: g1 magicked, his lone kill is gone.
        assert_eq!(submit(&mut g, "g1", act("kill", "g6")), None);
        assert_eq!(public(g.resolve_phase()), [peaceful()]);
        assert_eq!(submit(&mut g, "g5", act("magic", "g1")), Some("not_now"));
        // The forms: his after the other books' roles'; the magic names another living seat.
        let v = table("magic-forms", |_| {});
        let kinds: Vec<&str> = v.action_forms().iter().map(|f| f.kind).collect();
        assert_eq!(
            kinds,
            ["kill", "check", "magic", "explode", "surrender", "vote"]
        );
        let input = v
            .action_forms()
            .iter()
            .find(|f| f.kind == "magic")
            .map(|f| f.fields.iter().map(|x| x.input).collect::<Vec<_>>());
        assert_eq!(input, Some(vec![crate::FieldInput::OtherLivingSeat]));
        // Out: no magic, nothing owed.
        let mut g = game("magic-dead");
        night(&mut g, &[("g1", "kill", "g5")]);
        to_night(&mut g);
        assert_eq!(submit(&mut g, "g5", act("magic", "g6")), Some("out"));
        let m = g.seat_now("g5").expect("a seat");
        assert!(m.allowed.is_empty() && !m.owes.action);
        // 东杀 itself: no magician, no form, `magic` refused as another game's.
        let dongsha = Variant::from_name("dongsha").expect("dongsha");
        assert!(!dongsha.action_forms().iter().any(|f| f.kind == "magic"));
        let fixed = json!({"killers": ["g1", "g2"], "police": ["g3", "g4"]});
        let mut g = Game::start(&config(dongsha, 9, Some(fixed))).expect("it starts");
        assert_eq!(submit(&mut g, "g5", act("magic", "g6")), Some("not_your_role"));
    }

    /// R5-2: once every killer is out while he lives, the magician is told `kill_inherited` at
    /// once (after the vote's `out`, before anything else), and not before; his action is then
    /// `kill` instead of `magic` (not himself), his kill kills, and the table goes on while he
    /// lives (he counts with the killers).
    #[test]
    fn r5_2_the_magician_inherits_the_kill_when_every_killer_is_out() {
        let mut g = game("magic-succession");
        g.resolve_phase();
        let lines = vote_out(&mut g, "g1");
        assert!(!told(&lines).iter().any(|t| t[1]["type"] == "kill_inherited"));
        to_night(&mut g);
        assert_eq!(g.seat_now("g5").expect("a seat").allowed, ["magic"]);
        g.resolve_phase();
        let lines = vote_out(&mut g, "g2");
        let voted = json!({"type": "out", "target": "g2", "cause": "voted"});
        let kinds: Vec<Value> = lines
            .iter()
            .map(|l| match l {
                Line::Private { to, event, .. } => json!([to, event.json()["type"]]),
                Line::Public { event, .. } => event.json()["type"].clone(),
                _ => Value::Null,
            })
            .collect();
        assert_eq!(kinds, [json!("votes"), json!("out"), json!(["g5", "kill_inherited"])]);
        assert!(public(lines).contains(&voted));
        assert_eq!(g.outcome(), None, "the magician stands for the killers");
        // Words: the classic catalog's, with R5-2.
        let words = g
            .variant()
            .words(crate::Say::Private(&crate::Event::new(
                json!({"type": "kill_inherited"}),
            )))
            .expect("words");
        assert_eq!(words, crate::message::Message::key("cl-pev-kill-inherited").rule("R5-2"));
        to_night(&mut g);
        let m = g.seat_now("g5").expect("the magician");
        assert_eq!(m.allowed, ["kill"]);
        assert!(m.owes.action);
        let seat_view = g.view_for("g5").expect("a view");
        assert_eq!(seat_view.json()["holds_kill"], true);
        assert_eq!(seat_view.json()["not_self"], json!(["kill"]));
        let sheet = g.variant().seat_sheet(&seat_view, false);
        assert_eq!(
            sheet.notes,
            [crate::message::Message::key("cl-seat-note-holds-kill").rule("R5-2")]
        );
        assert_eq!(submit(&mut g, "g5", act("magic", "g6")), Some("not_your_role"));
        assert_eq!(submit(&mut g, "g5", act("kill", "g5")), Some("self_target"));
        assert_eq!(submit(&mut g, "g5", act("kill", "g6")), None);
        assert_eq!(g.view_for("g5").expect("a view").json()["kill"], "g6");
        let lines = g.resolve_phase();
        assert_eq!(public(lines.clone()), [out("g6")]);
        assert!(
            !told(&lines).iter().any(|t| t[1]["type"] == "kill_inherited"),
            "told once"
        );
        // CL-8: he never self-explodes, holding the kill or not.
        assert_eq!(
            submit(&mut g, "g5", json!({"type": "explode"})),
            Some("not_your_role")
        );
    }

    /// R5-2 with R4-4: the magician's kill is the killers' kill of step (1) — the doctor's save
    /// spares it, the unspent secret police is immune to it, a hug on its target voids it, and
    /// so does a hug on him (the hugged seat makes the kill). A killer who self-explodes as the
    /// last of them passes the kill at once too (CL-8).
    #[test]
    fn r5_2_the_magicians_kill_is_the_killers_kill() {
        // The killers out: g1 voted out, g2 self-explodes on day 2.
        let ready = |name: &str| {
            let mut g = across(name);
            g.resolve_phase();
            vote_out(&mut g, "g1");
            to_night(&mut g);
            g.resolve_phase();
            let lines = g
                .submit_json("g2", &json!({"type": "explode"}))
                .expect("an action")
                .lines;
            assert!(
                told(&lines)
                    .iter()
                    .any(|t| t[0] == "g9" && t[1]["type"] == "kill_inherited"),
                "{lines:?}"
            );
            assert_eq!(g.current_phase().kind, "night");
            g
        };
        let mut g = ready("heir-saved");
        let acts = [("g9", "kill", "g10"), ("g7", "save", "g10")];
        assert_eq!(night(&mut g, &acts), [peaceful()], "the save spares it");
        let mut g = ready("heir-immune");
        assert_eq!(night(&mut g, &[("g9", "kill", "g6")]), [peaceful()], "R4-4 (3)");
        let mut g = ready("heir-hugged-target");
        let acts = [("g9", "kill", "g10"), ("g5", "hug", "g10")];
        assert_eq!(night(&mut g, &acts), [peaceful()], "a kill on H is void");
        let mut g = ready("heir-hugged");
        let acts = [("g9", "kill", "g10"), ("g5", "hug", "g9")];
        assert_eq!(night(&mut g, &acts), [peaceful()], "H makes the kill");
        let mut g = ready("heir-kills");
        let acts = [("g9", "kill", "g10"), ("g7", "save", "g8")];
        assert_eq!(night(&mut g, &acts), [out("g10")]);
    }

    /// R5-5 with CL-10: good wins only once the magician is out too; R5-3 (4): a check of him
    /// reads `killer`; the reveal names him and he loses with the killers.
    #[test]
    fn r5_5_good_wins_only_with_the_magician_out_too() {
        let mut g = game("magic-good");
        assert_eq!(submit(&mut g, "g3", act("check", "g5")), None);
        let lines = g.resolve_phase();
        let found = json!({"type": "check_result", "target": "g5", "result": "killer"});
        assert_eq!(told(&lines), [json!(["g3", found]), json!(["g4", found])]);
        vote_out(&mut g, "g1");
        to_night(&mut g);
        g.resolve_phase();
        vote_out(&mut g, "g2");
        assert_eq!(g.outcome(), None, "the magician stands for the killers");
        to_night(&mut g);
        g.resolve_phase();
        let lines = public(vote_out(&mut g, "g5"));
        assert_eq!(
            lines.last(),
            Some(&json!({"type": "game_over", "winner": "good"}))
        );
        assert_eq!(
            g.seat_record("g5", Some("good")).map(|r| (r.role, r.won)),
            Some(("magician", Some(false)))
        );
        assert_eq!(g.reveal_now()["seats"][4]["role"], "magician");
        // The killers win with him when the police are all out.
        let mut g = game("magic-killers");
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
        // Every killer out and the magician killed the same night's dawn: good wins, and he
        // is told nothing (the game ended there).
        let mut g = game("magic-end-at-once");
        g.resolve_phase();
        vote_out(&mut g, "g1");
        to_night(&mut g);
        assert_eq!(submit(&mut g, "g2", act("kill", "g5")), None);
        g.resolve_phase();
        let lines = vote_out(&mut g, "g2");
        assert!(!told(&lines).iter().any(|t| t[1]["type"] == "kill_inherited"));
        assert_eq!(g.outcome(), Some("good"));
    }

    /// CL-9: the magician never surrenders (he is in no team) and does not keep the killers'
    /// team standing: a killer whose fellow killers are out may surrender while he lives.
    #[test]
    fn cl_9_the_magician_never_surrenders_nor_keeps_the_killers_standing() {
        let surrender = json!({"type": "surrender"});
        let mut g = game("magic-cl9");
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

    /// A classic table deals one magician at most (R5-3: one magic; `setup-role-one`).
    #[test]
    fn r5_3_one_magician_per_table() {
        let mut two = document();
        two["deal"][2]["count"] = json!(2);
        let Err(found) = crate::setups::read(&two) else {
            panic!("two magicians")
        };
        let found: Vec<(String, &str)> = found
            .iter()
            .map(|p| (p.path.clone(), p.message.catalog_key().unwrap_or("")))
            .collect();
        assert_eq!(found, [("deal[2].count".to_string(), "setup-role-one")]);
        assert!(crate::setups::read(&document()).is_ok());
        // The night must call him.
        let mut forgot = document();
        forgot["night"] = json!(["killer", "police"]);
        assert!(crate::setups::read(&forgot).is_err());
    }

    /// A fixed deal names the magician (`magicians`, after the other books' keys in the draw);
    /// a wrong count or a seat dealt twice is refused; the draw deals one, and the other roles'
    /// seats are drawn as at the same table without him. 东杀 has no such key.
    #[test]
    fn r5_1_a_fixed_deal_names_the_magicians() {
        let v = table("magic-deal", |_| {});
        let start = |setup: Value| Game::start(&config(v, 9, Some(setup))).map(|_| ());
        assert_eq!(start(deal()), Ok(()));
        for (setup, says) in [
            (
                json!({"killers": ["g1", "g2"], "police": ["g3", "g4"]}),
                "deals 1 magician(s), not 0",
            ),
            (
                json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "magicians": ["g3"]}),
                "\"g3\" is a police and a magician",
            ),
        ] {
            let err = start(setup.clone()).expect_err("refused").to_string();
            assert!(err.contains(says), "{setup}: {err}");
        }
        let ids: Vec<String> = (1..=9).map(|i| format!("g{i}")).collect();
        let seed = |s| <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(s);
        let drawn = v.draw_roles(&ids, &mut seed(7));
        let keys: Vec<&String> = drawn.as_object().expect("an object").keys().collect();
        assert_eq!(keys, ["killers", "magicians", "police"]);
        assert_eq!(drawn["magicians"].as_array().map(Vec::len), Some(1));
        let dongsha = Variant::from_name("dongsha").expect("dongsha");
        let plain = dongsha.draw_roles(&ids, &mut seed(7));
        assert_eq!(plain, json!({"killers": drawn["killers"], "police": drawn["police"]}));
        // After the undercover's key too: the same undercover as without a magician.
        let both = handle(dongsha_with(&["undercover", "magician"]), "magic-deal-uc", |_| {});
        let one = handle(dongsha_with(&["undercover"]), "magic-deal-uc-only", |_| {});
        let a = both.draw_roles(&ids, &mut seed(3));
        let b = one.draw_roles(&ids, &mut seed(3));
        for key in ["killers", "police", "undercovers"] {
            assert_eq!(a[key], b[key], "{key}");
        }
        let Value::Object(m) = deal() else {
            panic!("an object")
        };
        assert_eq!(v.check_fixed_roles(&ids, &m), Ok(()));
        assert_eq!(
            dongsha.check_fixed_roles(&ids, &m),
            Err(crate::ConfigError::UnknownSetupKey("magicians".into()))
        );
        // The replay's fixed deal at 东杀 ignores it (replay.md): g5 a civilian.
        let g = Game::start(&config(dongsha, 9, Some(deal()))).expect("it starts");
        assert_eq!(g.seat_now("g5").map(|s| s.role), Some("civilian"));
    }

    /// A replay scenario of a magician's table (`document` in place of `variant`, replay.md):
    /// the magic is taken with the night's actions (`magic_recorded`) and the magicked killer's
    /// kill is gone; at 东杀 the key is ignored and the magic refused `not_your_role`.
    #[test]
    fn r5_3_2_a_replay_of_a_magicians_table_magics() {
        let seats: Vec<Value> = (1..=9)
            .map(|i| json!({"game_id": format!("g{i}"), "real_id": format!("r{i}")}))
            .collect();
        let acts = json!([{"submit": [
            {"by": "g1", "action": {"type": "kill", "target": "g6"}},
            {"by": "g5", "action": {"type": "magic", "target": "g1"}}
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
        let outs = |lines: &[Value]| -> usize {
            lines
                .iter()
                .filter(|l| l["act"] == 1 && l["event"]["type"] == "out")
                .count()
        };
        let lines = run(&scenario);
        assert!(lines.contains(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": true,
                                       "reply": {"type": "magic_recorded"}})), "{lines:?}");
        assert!(lines.contains(&json!({"kind": "public", "act": 1,
                                       "event": {"type": "peaceful", "phase": "night"}})));
        assert_eq!(outs(&lines), 0);
        let mut preset = scenario.clone();
        if let Value::Object(m) = &mut preset {
            m.remove("document");
            m.insert("variant".into(), json!("dongsha"));
        }
        let lines = run(&preset);
        assert!(lines.contains(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": false,
                                       "error": "not_your_role"})));
        assert_eq!(outs(&lines), 1, "at 东杀 the kill lands");
    }

    /// A table without a magician is as it was: 东杀's forms and `magic` refused, a tie of
    /// two kills to the earliest, the killers out end the game.
    #[test]
    fn a_table_without_a_magician_is_unchanged() {
        let dongsha = Variant::from_name("dongsha").expect("dongsha");
        let fixed = json!({"killers": ["g1", "g2"], "police": ["g3", "g4"]});
        let mut g = Game::start(&config(dongsha, 9, Some(fixed))).expect("it starts");
        assert!(g.view_for("g1").expect("a view").json().get("holds_kill").is_none());
        let acts = [("g1", "kill", "g6"), ("g2", "kill", "g7")];
        assert_eq!(night(&mut g, &acts), [out("g6")]);
        vote_out(&mut g, "g1");
        to_night(&mut g);
        g.resolve_phase();
        let lines = vote_out(&mut g, "g2");
        assert!(told(&lines).is_empty());
        assert_eq!(g.outcome(), Some("good"));
        // A sniper's table without a magician: no magic form either.
        let sniper = handle(dongsha_with(&["sniper"]), "magic-none-sniper", |_| {});
        assert!(!sniper.action_forms().iter().any(|f| f.kind == "magic"));
    }

    /// The bots play a magician's table to the end — the magician magicking a random other
    /// living seat most nights, killing once he holds the kill —, the same games for the same
    /// seeds, with both sides winning some; so does the table with all the roles across books.
    #[test]
    fn r5_1_bots_play_a_magician_table_to_the_end() {
        let params = crate::sim::SimParams {
            seats: 9,
            guess: 0.0,
            max_phases: 400,
        };
        for (v, seats) in [
            (table("magic-bots", |_| {}), 9),
            (across_table("magic-bots-across"), 10),
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
