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
//!   magicked doctor's save, needle doctor's needle (no empty needle either: `needle.rs`),
//!   sniper's shot, butterfly's hug (magic on the butterfly cancels the hug) and secret
//!   police's kill have no effect (the secret kill is not spent: no night
//!   resolved with it). Magic on a seat with no action does nothing.
//! - R5-2: while every killer dealt is out, a living magician holds the kill: his action is
//!   `kill` instead of `magic` (not himself: `self_target`), he is told `kill_inherited`
//!   privately at once (and when he is out too, the kill passes on to 5.0's forest elder, then
//!   the wizard, those the table deals: `dark_elder.rs`, `wizard.rs`; the line is
//!   [`Role::HEIRS`]), and his kill is the killers'
//!   kill of R4-4's step (1) — a save spares it, the secret police is immune to it, a hug on
//!   its target voids it, and so does a hug on him (R4-4 (1) voids the killers' kill when the
//!   hugged seat makes it: a killer, not the undercover, who does not kill).
//! - R5-3 (4): a check of him reads `killer` (the classic word for 5.0's `bad`); R5-5 with
//!   CL-10: he counts with the killers (`Role::with_killers`), so good wins only when every
//!   killer, undercover and magician dealt is out, and he wins with the killers.
//!
//! Readings of a classic table:
//! - The classic table's `butterfly` is 4.0's: its hug voids kills only (R4-4 (1)), so magic on
//!   its hugged seat still lands. 5.0's butterfly, dealt as `shield_butterfly` (`shield.rs`),
//!   hugs first (R5-3 (1)): magic aimed at its hugged seat has no effect (nobody struck), and
//!   magic on it cancels its hug (R5-3 (2): its submission struck like any magicked seat's).
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
    /// of R5-2's line dealt at the table ([`Role::HEIRS`]: the magician, 5.0's forest elder,
    /// then the wizard; one not dealt counts as out). Exactly one living bad special holds it.
    pub(super) fn kill_heir(&self) -> Option<Seat> {
        if self.living().any(|k| self.role(k) == Role::Killer) {
            return None;
        }
        Role::HEIRS
            .iter()
            .find_map(|&r| self.living().find(|&s| self.role(s) == r))
    }

    /// R5-2: whether `s` is the bad special holding the kill ([`Game::kill_heir`]): the
    /// magician once every killer is out, 5.0's forest elder once the magician dealt is out
    /// too, the wizard once the elder dealt is out too.
    pub(super) fn holds_kill(&self, s: Seat) -> bool {
        Role::HEIRS.contains(&self.role(s)) && self.kill_heir() == Some(s)
    }

    /// Whether `s` makes the killers' kill (CL-1, R5-2): a killer, or the heir holding the
    /// kill.
    pub(super) fn makes_the_kill(&self, s: Seat) -> bool {
        self.role(s) == Role::Killer || self.holds_kill(s)
    }

    /// The police team's check that counts this night: CL-2's majority of the checks the
    /// magic left (R5-3 (2)); none when it is aimed at 5.0's hugged seat (R5-3 (1): magic
    /// aimed at that seat has no effect, and magic on the butterfly cancels the hug:
    /// `shield.rs`). The bots read it to know what their check found.
    pub(super) fn counted_check(&self) -> Option<Seat> {
        let hug = self.shield_hug();
        let hugged = hug.map(|(_, h)| h);
        let magicked = self
            .night
            .magics
            .iter()
            .flatten()
            .next()
            .copied()
            .filter(|&t| Some(t) != hugged);
        let check = match magicked {
            Some(t) => majority(&self.night.without(t).checks),
            None => majority(&self.night.checks),
        };
        let hugged = hug.filter(|&(b, _)| magicked != Some(b)).map(|(_, h)| h);
        check.filter(|&t| Some(t) != hugged)
    }

    /// R5-2: when the kill passes — every killer out while the magician lives; the magician
    /// out too while 5.0's forest elder lives; the elder out too while the wizard lives — its
    /// new holder is told at once, each heir once (not when the game ended there,
    /// `check_end`).
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

    use crate::Line;
    use crate::classic::doctor::tests::{
        RoleTable, act, acts_alone_on_another_seat, alive, assert_forms, at_dongsha,
        bots_win_on_both_sides, dongsha_deal, dongsha_killers_out_end_the_game, dongsha_with,
        drawn_after, foreign_at_dongsha, good_wins_only_with_the_heir_out, handle, heir_kills,
        killed_acts_no_more, killers_win_with, kinds, names_its_seats,
        never_surrenders_nor_keeps_the_killers_standing, one_per_table, out, peaceful, public,
        public_night, replay, scenario, submit, to_night, told, vote_out,
    };

    /// 东杀 with one magician (R5-1), called at night after the killers and the police; its
    /// game: 9 seats g1..g9, killers g1 g2, police g3 g4, the magician g5, civilians g6..g9.
    const TABLE: RoleTable = RoleTable(&[("magician", "magicians")]);

    /// 东杀 with the magician and 4.0's butterfly, secret police and doctor and 5.0's sniper; its
    /// game at 10 seats (2 killers, 2 police): killers g1 g2, police g3 g4, the butterfly g5,
    /// the secret police g6, the doctor g7, the sniper g8, the magician g9, the civilian g10.
    const ACROSS: RoleTable = RoleTable(&[
        ("butterfly", "butterflies"),
        ("secret_police", "secret_police"),
        ("doctor", "doctors"),
        ("sniper", "snipers"),
        ("magician", "magicians"),
    ]);

    /// R5-3 (2): magic runs before the kills and takes the magicked killer's kill out of the
    /// majority; the other killer's kill counts. g1 names g6 first, g2 g7: a tie goes to the
    /// earliest (g6); g1 magicked, g2's g7 dies; g2 magicked, g1's g6.
    #[test]
    fn r5_3_2_magic_leaves_a_magicked_killers_kill_out_of_the_majority() {
        let kills = [("g1", "kill", "g6"), ("g2", "kill", "g7")];
        let mut g = TABLE.game("magic-none");
        assert_eq!(public_night(&mut g, &kills), [out("g6")], "without magic");
        for (magicked, dies) in [("g1", "g7"), ("g2", "g6")] {
            let mut g = TABLE.game(&format!("magic-killer-{magicked}"));
            let mut acts = kills.to_vec();
            acts.push(("g5", "magic", magicked));
            assert_eq!(
                public_night(&mut g, &acts),
                [out(dies)],
                "{magicked} magicked"
            );
        }
        // Both killers name g6, one magicked: the other's kill still kills.
        let mut g = TABLE.game("magic-killer-agreed");
        let acts = [
            ("g1", "kill", "g6"),
            ("g2", "kill", "g6"),
            ("g5", "magic", "g2"),
        ];
        assert_eq!(public_night(&mut g, &acts), [out("g6")]);
    }

    /// R5-3 (2) with CL-1: a magicked lone submitting killer kills nobody — the killer who
    /// submitted nothing "agrees with the rest", and no vote of the rest is left.
    #[test]
    fn r5_3_2_a_magicked_lone_killer_kills_nobody() {
        let mut g = TABLE.game("magic-lone-killer");
        let acts = [("g1", "kill", "g6"), ("g5", "magic", "g1")];
        assert_eq!(public_night(&mut g, &acts), [peaceful()]);
        assert!(alive(&g, "g6"));
        // Magic on a seat with no action does nothing: the kill on the magicked civilian lands.
        let mut g = TABLE.game("magic-civilian");
        let acts = [("g1", "kill", "g6"), ("g5", "magic", "g6")];
        assert_eq!(public_night(&mut g, &acts), [out("g6")]);
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
        let mut g = TABLE.game("magic-check-alone");
        assert_eq!(submit(&mut g, "g3", act("check", "g1")), None);
        assert_eq!(submit(&mut g, "g5", act("magic", "g3")), None);
        let lines = g.resolve_phase();
        assert_eq!(
            told(&lines),
            Vec::<Value>::new(),
            "no check, and no word of the magic"
        );
        let mut g = TABLE.game("magic-check-two");
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
        let both = RoleTable(&[("undercover", "undercovers"), ("magician", "magicians")]);
        let mut g = both.game("magic-check-undercover");
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
        let mut g = ACROSS.game_at(10, "magic-save");
        let mut acts = kill("g10").to_vec();
        acts.extend([("g7", "save", "g10"), ("g9", "magic", "g7")]);
        assert_eq!(public_night(&mut g, &acts), [out("g10")]);
        // The shot.
        let mut g = ACROSS.game_at(10, "magic-shot");
        let acts = [("g8", "snipe", "g10"), ("g9", "magic", "g8")];
        assert_eq!(public_night(&mut g, &acts), [peaceful()]);
        // The hug: magic on the butterfly cancels it, so the kill on the hugged seat lands.
        let mut g = ACROSS.game_at(10, "magic-hug");
        let mut acts = kill("g10").to_vec();
        acts.extend([("g5", "hug", "g10"), ("g9", "magic", "g5")]);
        assert_eq!(public_night(&mut g, &acts), [out("g10")]);
        // Magic on the hugged seat lands: the hugged sniper's shot is gone.
        let mut g = ACROSS.game_at(10, "magic-hugged");
        let acts = [
            ("g5", "hug", "g8"),
            ("g8", "snipe", "g10"),
            ("g9", "magic", "g8"),
        ];
        assert_eq!(public_night(&mut g, &acts), [peaceful()]);
        // The secret kill: no effect, not spent (he is still immune to the killers' kill, and
        // kills the next night).
        let mut g = ACROSS.game_at(10, "magic-secret");
        let mut acts = kill("g6").to_vec();
        acts.extend([("g6", "secret_kill", "g10"), ("g9", "magic", "g6")]);
        assert_eq!(public_night(&mut g, &acts), [peaceful()]);
        assert_eq!(
            g.view_for("g6").expect("a view").json()["secret_kill_spent"],
            false
        );
        to_night(&mut g);
        assert_eq!(
            public_night(&mut g, &[("g6", "secret_kill", "g10")]),
            [out("g10")]
        );
        assert_eq!(
            g.view_for("g6").expect("a view").json()["secret_kill_spent"],
            true
        );
        // A magicked save is no save: R4-4 (4)'s count starts again.
        let mut g = ACROSS.game_at(10, "magic-rule");
        let save = ("g7", "save", "g10");
        assert_eq!(public_night(&mut g, &[save]), [peaceful()]);
        to_night(&mut g);
        assert_eq!(
            public_night(&mut g, &[save, ("g9", "magic", "g7")]),
            [peaceful()]
        );
        to_night(&mut g);
        assert_eq!(
            public_night(&mut g, &[save]),
            [peaceful()],
            "one save running"
        );
        to_night(&mut g);
        assert_eq!(
            public_night(&mut g, &[save]),
            [out("g10")],
            "two saves running"
        );
    }

    /// R5-3 (2) with 4.0's forest elder (R4-3): magic on the elder voids his silence — nobody
    /// is silenced the next day (R4-5) — while magic on another seat leaves it.
    #[test]
    fn r5_3_2_magic_voids_the_elders_silence() {
        let both = RoleTable(&[("elder", "elders"), ("magician", "magicians")]);
        for (name, magicked, silenced) in [("magic-elder", "g5", false), ("magic-else", "g7", true)]
        {
            let mut g = both.game(name);
            public_night(
                &mut g,
                &[("g5", "silence", "g8"), ("g6", "magic", magicked)],
            );
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
        let mut g = TABLE.game("magic-only");
        acts_alone_on_another_seat(&mut g, "magician", "magic");
        // The last counts: g1 magicked, his lone kill is gone.
        assert_eq!(submit(&mut g, "g1", act("kill", "g6")), None);
        assert_eq!(public(g.resolve_phase()), [peaceful()]);
        assert_eq!(submit(&mut g, "g5", act("magic", "g1")), Some("not_now"));
        // The forms: his after the other books' roles'; the magic names another living seat.
        assert_forms(
            TABLE.table("magic-forms", |_| {}),
            &["kill", "check", "magic", "explode", "surrender", "vote"],
            "magic",
            crate::FieldInput::OtherLivingSeat,
        );
        // Out: no magic, nothing owed.
        killed_acts_no_more(&mut TABLE.game("magic-dead"), "g5", "magic", "g6");
        // 东杀 itself: no magician, no form, `magic` refused as another game's.
        foreign_at_dongsha("magic");
    }

    /// R5-2: once every killer is out while he lives, the magician is told `kill_inherited` at
    /// once (after the vote's `out`, before anything else), and not before; his action is then
    /// `kill` instead of `magic` (not himself), his kill kills, and the table goes on while he
    /// lives (he counts with the killers).
    #[test]
    fn r5_2_the_magician_inherits_the_kill_when_every_killer_is_out() {
        let mut g = TABLE.game("magic-succession");
        g.resolve_phase();
        let lines = vote_out(&mut g, "g1");
        assert!(
            !told(&lines)
                .iter()
                .any(|t| t[1]["type"] == "kill_inherited")
        );
        to_night(&mut g);
        assert_eq!(g.seat_now("g5").expect("a seat").allowed, ["magic"]);
        g.resolve_phase();
        let lines = vote_out(&mut g, "g2");
        let voted = json!({"type": "out", "target": "g2", "cause": "voted"});
        assert_eq!(
            kinds(&lines),
            [
                json!("votes"),
                json!("out"),
                json!(["g5", "kill_inherited"])
            ]
        );
        assert!(public(lines).contains(&voted));
        assert_eq!(g.outcome(), None, "the magician stands for the killers");
        // Words: the classic catalog's, with R5-2.
        let words = g
            .variant()
            .words(crate::Say::Private(&crate::Event::new(
                json!({"type": "kill_inherited"}),
            )))
            .expect("words");
        assert_eq!(
            words,
            crate::message::Message::key("cl-pev-kill-inherited").rule("R5-2")
        );
        // Holding the kill (R5-2), he kills g6; CL-8: he never self-explodes.
        let lines = heir_kills(&mut g, "g5", "magic", "g6");
        assert!(
            !told(&lines)
                .iter()
                .any(|t| t[1]["type"] == "kill_inherited"),
            "told once"
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
            let mut g = ACROSS.game_at(10, name);
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
        assert_eq!(
            public_night(&mut g, &acts),
            [peaceful()],
            "the save spares it"
        );
        let mut g = ready("heir-immune");
        assert_eq!(
            public_night(&mut g, &[("g9", "kill", "g6")]),
            [peaceful()],
            "R4-4 (3)"
        );
        let mut g = ready("heir-hugged-target");
        let acts = [("g9", "kill", "g10"), ("g5", "hug", "g10")];
        assert_eq!(
            public_night(&mut g, &acts),
            [peaceful()],
            "a kill on H is void"
        );
        let mut g = ready("heir-hugged");
        let acts = [("g9", "kill", "g10"), ("g5", "hug", "g9")];
        assert_eq!(
            public_night(&mut g, &acts),
            [peaceful()],
            "H makes the kill"
        );
        let mut g = ready("heir-kills");
        let acts = [("g9", "kill", "g10"), ("g7", "save", "g8")];
        assert_eq!(public_night(&mut g, &acts), [out("g10")]);
    }

    /// R5-5 with CL-10: good wins only once the magician is out too; R5-3 (4): a check of him
    /// reads `killer`; the reveal names him and he loses with the killers.
    #[test]
    fn r5_5_good_wins_only_with_the_magician_out_too() {
        good_wins_only_with_the_heir_out(&mut TABLE.game("magic-good"), "magician");
        // The killers win with him when the police are all out.
        killers_win_with(&mut TABLE.game("magic-killers"), "magician");
        // Every killer out and the magician killed the same night's dawn: good wins, and he
        // is told nothing (the game ended there).
        let mut g = TABLE.game("magic-end-at-once");
        g.resolve_phase();
        vote_out(&mut g, "g1");
        to_night(&mut g);
        assert_eq!(submit(&mut g, "g2", act("kill", "g5")), None);
        g.resolve_phase();
        let lines = vote_out(&mut g, "g2");
        assert!(
            !told(&lines)
                .iter()
                .any(|t| t[1]["type"] == "kill_inherited")
        );
        assert_eq!(g.outcome(), Some("good"));
    }

    /// CL-9: the magician never surrenders (he is in no team) and does not keep the killers'
    /// team standing: a killer whose fellow killers are out may surrender while he lives.
    #[test]
    fn cl_9_the_magician_never_surrenders_nor_keeps_the_killers_standing() {
        never_surrenders_nor_keeps_the_killers_standing(&mut TABLE.game("magic-cl9"));
    }

    /// A classic table deals one magician at most (R5-3: one magic; `setup-role-one`).
    #[test]
    fn r5_3_one_magician_per_table() {
        one_per_table(TABLE.document());
    }

    /// A fixed deal names the magician (`magicians`, after the other books' keys in the draw);
    /// a wrong count or a seat dealt twice is refused; the draw deals one, and the other roles'
    /// seats are drawn as at the same table without him. 东杀 has no such key.
    #[test]
    fn r5_1_a_fixed_deal_names_the_magicians() {
        let v = TABLE.table("magic-deal", |_| {});
        names_its_seats(
            v,
            &TABLE.deal(),
            &[
                (dongsha_deal(json!({})), "deals 1 magician(s), not 0"),
                (
                    dongsha_deal(json!({"magicians": ["g3"]})),
                    "\"g3\" is a police and a magician",
                ),
            ],
            &["killers", "magicians", "police"],
            &[("magicians", 1)],
            "magicians",
        );
        // After the undercover's key too: the same undercover as without a magician.
        drawn_after("undercover", "undercovers", "magician", "magic-deal-uc");
    }

    /// A replay scenario of a magician's table (`document` in place of `variant`, replay.md):
    /// the magic is taken with the night's actions (`magic_recorded`) and the magicked killer's
    /// kill is gone; at 东杀 the key is ignored and the magic refused `not_your_role`.
    #[test]
    fn r5_3_2_a_replay_of_a_magicians_table_magics() {
        let acts = json!([{"submit": [
            {"by": "g1", "action": {"type": "kill", "target": "g6"}},
            {"by": "g5", "action": {"type": "magic", "target": "g1"}}
        ]}]);
        let scenario = scenario(TABLE.document(), 9, TABLE.deal(), acts);
        let outs = |lines: &[Value]| -> usize {
            lines
                .iter()
                .filter(|l| l["act"] == 1 && l["event"]["type"] == "out")
                .count()
        };
        let lines = replay(&scenario);
        assert!(
            lines.contains(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": true,
                                       "reply": {"type": "magic_recorded"}})),
            "{lines:?}"
        );
        assert!(lines.contains(&json!({"kind": "public", "act": 1,
                                       "event": {"type": "peaceful", "phase": "night"}})));
        assert_eq!(outs(&lines), 0);
        let lines = replay(&at_dongsha(&scenario));
        assert!(
            lines.contains(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": false,
                                       "error": "not_your_role"}))
        );
        assert_eq!(outs(&lines), 1, "at 东杀 the kill lands");
    }

    /// A table without a magician is as it was: 东杀's forms and `magic` refused, a tie of
    /// two kills to the earliest, the killers out end the game.
    #[test]
    fn a_table_without_a_magician_is_unchanged() {
        dongsha_killers_out_end_the_game();
        // A sniper's table without a magician: no magic form either.
        let sniper = handle(dongsha_with(&["sniper"]), "magic-none-sniper", |_| {});
        assert!(!sniper.action_forms().iter().any(|f| f.kind == "magic"));
    }

    /// The bots play a magician's table to the end — the magician magicking a random other
    /// living seat most nights, killing once he holds the kill —, the same games for the same
    /// seeds, with both sides winning some; so does the table with all the roles across books.
    #[test]
    fn r5_1_bots_play_a_magician_table_to_the_end() {
        for (v, seats) in [
            (TABLE.table("magic-bots", |_| {}), 9),
            (ACROSS.at(10, "magic-bots-across"), 10),
        ] {
            bots_win_on_both_sides(v, seats);
        }
    }
}
