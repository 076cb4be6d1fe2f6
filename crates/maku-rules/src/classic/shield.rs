//! 5.0's butterfly (花蝴蝶（护身）, the shield butterfly, `shield_butterfly`) at a classic
//! table: a role of another book played by the classic engine as a module (`docs/setups.md`,
//! "Roles across books"), after 4.0's doctor, butterfly, secret police, forest elder and
//! undercover and 5.0's sniper, magician, wizard, civilians, doctor (the needle doctor,
//! `needle.rs`) and forest elder (the dark elder, `dark_elder.rs`). The classic book's `butterfly`
//! is 4.0's, whose hug voids kills only (R4-4 (1), `butterfly.rs`); this one is 5.0's, whose hug
//! shields its hugged seat from everything aimed at it, so it has a code of its own. A judge's
//! own classic setup may deal it (one at most: R5-3 reads one hug and one hugged seat,
//! `setup-role-one`), never beside 4.0's butterfly at one seat count (`setup-one-butterfly`:
//! how the two hugs read together on one night is written nowhere). It plays by
//! `../shared/rules/roles.md`:
//! - 5.0: nobody learns anybody's role, so it learns nobody and sits in no thread; its seat sees
//!   its role and its own hug.
//! - R5-1: each night the living shield butterfly may `hug` one other living seat (itself
//!   refused `self_target`: the ban follows the role), replaceable until the night ends (the
//!   last counts). The form is the butterflies' one `hug`, owed each night as 4.0's
//!   butterfly's; at a preset `hug` stays another game's type (`not_your_role`). The night must
//!   call it.
//! - R5-3 (1), **the hug**, the night's first step ([`hug`]): the hugged seat H is immune this
//!   night to everything aimed at it — such an action on H has no effect.
//! - R5-3 (2), **the magic**: magic aimed at H has no effect (H keeps its action); magic on the
//!   butterfly cancels the hug (the butterfly's submission is struck as any magicked seat's,
//!   `magician.rs`), and H is not protected.
//! - R5-3 (3), **the rest at once**: whatever lands on the butterfly itself lands on H too,
//!   despite H's immunity ([`lands`], [`immunity`]); a check or a query that lands on the
//!   butterfly touches the butterfly alone.
//! - R5-3 (4), **the answers**: a police or a wizard whose target is H learns nothing.
//!
//! Readings of a classic table (what is aimed at H, what lands through the butterfly, and how
//! the classic night says "nothing"):
//! - **The killers' kill** on H is void: the kill is the team's one action (CL-1's majority of
//!   the killers' submissions, a killer's own naming H counted in it as ever), and it is that
//!   kill which is aimed at H; so is the kill of the heir holding it (R5-2: the magician, 5.0's
//!   forest elder or the wizard, `dark_elder.rs`). **The secret
//!   police's kill** on H is void and still spent: R4-4 (3) spends it "when a night resolves
//!   with it", even void. **The sniper's shot** on H is void.
//! - **4.0's doctor's save** on H has no effect: it spares nothing — not H from a kill that
//!   reaches it through the butterfly, as 5.0's needle on H does not (R5-3 (1)) — and it is no
//!   save for R4-4 (4)'s count (the count starts again, as after a magicked save). Nothing aimed
//!   at H can kill it anyway, so a save of H is harmless either way.
//! - **The forest elder's silence** on H — 4.0's or 5.0's (the dark elder, `dark_elder.rs`) —:
//!   nobody is silenced, nobody told. **5.0's needle doctor's needle** on H (`needle.rs`) has no
//!   effect: it cancels nothing, not even a kill that reached H through the butterfly, and it is
//!   no empty needle. **A dark vote** on H is dropped.
//! - **The police team's check** on H (CL-2's majority, as for the kill) tells the team nothing.
//!   5.0 says `blocked`; a classic check is the team's, and the classic night says "nothing"
//!   by telling nothing, as `magician.rs` does when the magic left no check: no `check_result`
//!   this night. **The wizard's query** on H: `blocked` (his `query_result` with no answer,
//!   `wizard.rs`), as R5-3 (4) says.
//! - **What lands on the butterfly lands on H.** The killers' kill, the secret kill or a shot on
//!   the butterfly kills it and H: both go out in that kill's place, the butterfly first, each
//!   announced `killed` (by game ID only, R4-4; R5-4: without causes), each with CL-4's last
//!   words in that order; the unspent secret police hugged is still immune to the killers' kill
//!   that reaches him (R4-4 (3)). A save on the butterfly spares H too from the killers' kill
//!   (R5-3 (3) lands a needle on the butterfly on H; R4-4 (2) says the same of 4.0's butterfly),
//!   and R4-4 (4)'s count reads the seat the doctor named. A needle on the butterfly is a needle
//!   on H too: one on each seat, each cancelling one kill or shot still killing its own seat (the
//!   kill on the butterfly then kills neither; a kill and a shot on it still kill both), each an
//!   empty needle on its own seat if that seat was not attacked (`needle.rs`). A silence on the
//!   butterfly silences H too, with that elder's kind — 4.0's leaves H its ballot (R4-5), 5.0's
//!   takes it (R5-4) — (each alive at dawn is silenced for the day and told, the butterfly
//!   first). A dark vote
//!   on the butterfly counts on H too (one vote on each, each dropped if its seat dies this
//!   night). A check of the butterfly reads the butterfly (`not_killer`) and a query of it names
//!   the seat it hugged: they touch the butterfly alone.
//! - **A hugged seat still acts.** 4.0's hug voids the killers' kill when a killer is hugged
//!   (R4-4 (1)); 5.0's immunity is from what is aimed at H, not what H does, so a hugged killer's
//!   kill lands (and so does a hugged heir's, a hugged sniper's shot, a hugged secret police's
//!   kill). The hug counts on the night it was given even if the butterfly dies that night.
//! - **Privacy.** Nobody is told they were hugged, H included; only the butterfly's seat sees
//!   its own hug (its view, its page). No public line moves with the hug: the night's deaths
//!   are announced as ever, and a void kill is a peaceful night's.
//! - CL-10 (and CL-11): it counts among the civilians (a good seat outside the teams, dealt in a
//!   civilian's place, as 4.0's butterfly) and wins with good; a check of it reads `not_killer`.
//!   CL-8: it never self-explodes; CL-9: it never surrenders (no team). CL-4's last words count
//!   the `police` role dealt only.
//!
//! Its two night steps run in `night.rs`'s list ([`hug`] first, [`immunity`] with the kills);
//! the needles, the silences (4.0's elder's and 5.0's), the dark votes and the query read
//! [`lands`] and [`immune`] in their own steps.
//! Its action, form, view, deal (`shield_butterflies` in a fixed setup, drawn after
//! `evil_civilians`, `needle_doctors` and `dark_elders`) and bot are with the others of the engine.

use super::night::{Reach, Resolution};
use super::roles::Role;
use super::state::Game;
use crate::table::Seat;

/// The shield butterfly's seat and its hugged seat H while the hug stands this night: the
/// night's hug (`Resolution::hug`) when 5.0's butterfly made it — after the magic step, none
/// once magic on the butterfly struck it (R5-3 (2)).
fn shield(g: &Game, n: &Resolution) -> Option<(Seat, Seat)> {
    n.hug.filter(|&(b, _)| g.role(b) == Role::ShieldButterfly)
}

/// R5-3 (1): whether `t` is the hugged seat H, immune this night to everything aimed at it.
pub(super) fn immune(g: &Game, n: &Resolution, t: Seat) -> bool {
    shield(g, n).is_some_and(|(_, h)| h == t)
}

/// R5-3 (1), (3): the seats an action aimed at `t` lands on — none when `t` is H (immune); the
/// butterfly and H when `t` is the butterfly (a kill, a shot, a save, a needle, a silence, a
/// dark vote: what lands on the butterfly lands on H despite its immunity); else `t` alone. A
/// check and a query are not spread (they touch the butterfly alone).
pub(super) fn lands(g: &Game, n: &Resolution, t: Seat) -> Reach {
    match shield(g, n) {
        Some((_, h)) if h == t => Reach::none(),
        Some((b, h)) if b == t => Reach::two(b, h),
        _ => Reach::one(t),
    }
}

/// R5-3 (1), the night's first step: the hug, before the magic — magic aimed at H has no
/// effect (nobody's action is struck). Magic on the butterfly is the magic step's: it strikes
/// the hug (R5-3 (2)).
pub(super) fn hug(g: &mut Game, n: &mut Resolution) {
    if n.magic.is_some_and(|(_, t)| immune(g, n, t)) {
        n.magic = None;
    }
}

/// R5-3 (1), (3) on what the steps after it read: a kill of step (1) aimed at H (the killers',
/// a secret kill, a shot) is void; one on the butterfly reaches H too and kills both; a save
/// aimed at H is no save (the save on the butterfly spares H too: `doctor::save`); a check
/// aimed at H is no check (the team is told nothing). Runs with the kills, before the save.
pub(super) fn immunity(g: &mut Game, n: &mut Resolution) {
    let Some((b, h)) = shield(g, n) else { return };
    for l in &mut n.landings {
        if l.target == h {
            l.void = true;
        } else if l.target == b {
            l.reach = Reach::two(b, h);
            l.kills = Reach::two(b, h);
        }
    }
    n.saved.retain(|&s| s != h);
    if n.check == Some(h) {
        n.check = None;
    }
}

impl Game {
    /// The shield butterfly's hug as submitted this night (its seat and H), before the magic
    /// (the bots' reading of their check, `Game::counted_check`); none at a table that deals
    /// no shield butterfly.
    pub(super) fn shield_hug(&self) -> Option<(Seat, Seat)> {
        if !self.table.deals(Role::ShieldButterfly) {
            return None;
        }
        self.all_seats().find_map(|s| {
            self.night.hugs[s.index()]
                .filter(|_| self.role(s) == Role::ShieldButterfly)
                .map(|h| (s, h))
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::Game;
    use crate::classic::doctor::tests::{
        RoleTable, act, alive, assert_forms, at_dongsha, bots_win_on_both_sides, cast,
        dongsha_deal, dongsha_with, drawn_after, foreign_at_dongsha, killed_acts_no_more,
        learns_nobody, names_its_seats, night_acts, one_per_table, out, peaceful, public,
        public_night, replay, said, scenario, silenced, submit, to_night, to_vote, told, told_of,
        vote_out,
    };

    /// 东杀 with one shield butterfly (R5-1), called at night after the killers and the police;
    /// its game: 9 seats g1..g9, killers g1 g2, police g3 g4, the butterfly g5, civilians
    /// g6..g9.
    const TABLE: RoleTable = RoleTable(&[("shield_butterfly", "shield_butterflies")]);

    /// 东杀 with the shield butterfly and the roles across books whose actions it meets; its
    /// game at 14 seats (2 killers, 2 police): killers g1 g2, police g3 g4, the butterfly g5,
    /// the secret police g6, the doctor g7, the sniper g8, the magician g9, the wizard g10, the
    /// elder g11, the good civilian g12, civilians g13 g14.
    const ACROSS: RoleTable = RoleTable(&[
        ("shield_butterfly", "shield_butterflies"),
        ("secret_police", "secret_police"),
        ("doctor", "doctors"),
        ("sniper", "snipers"),
        ("magician", "magicians"),
        ("wizard", "wizards"),
        ("elder", "elders"),
        ("good_civilian", "good_civilians"),
    ]);

    /// A game of [`ACROSS`] named `name`.
    fn across(name: &str) -> Game {
        ACROSS.game_at(14, name)
    }

    /// 东杀 with the shield butterfly beside 5.0's other roles that meet it at night — the
    /// needle doctor, the forest elder (bad) — and the sniper; its game at 12 seats (2 killers,
    /// 2 police): killers g1 g2, police g3 g4, the butterfly g5, the needle doctor g6, the dark
    /// elder g7, the sniper g8, civilians g9..g12.
    const FIVE: RoleTable = RoleTable(&[
        ("shield_butterfly", "shield_butterflies"),
        ("needle_doctor", "needle_doctors"),
        ("dark_elder", "dark_elders"),
        ("sniper", "snipers"),
    ]);

    /// A game of [`FIVE`] named `name`.
    fn five(name: &str) -> Game {
        FIVE.game_at(12, name)
    }

    /// Both killers' kill of `t` (CL-1).
    fn kill(t: &'static str) -> [(&'static str, &'static str, &'static str); 2] {
        [("g1", "kill", t), ("g2", "kill", t)]
    }

    /// R5-3 (1): the kills aimed at H have no effect — the killers' (CL-1), the sniper's shot,
    /// the secret police's kill (void, and spent: R4-4 (3) spends it when a night resolves with
    /// it) — and the night is peaceful; without the hug each kills.
    #[test]
    fn r5_3_1_no_kill_or_shot_aimed_at_the_hugged_seat_has_effect() {
        for (name, acts) in [
            ("shield-kill", kill("g13").to_vec()),
            ("shield-shot", vec![("g8", "snipe", "g13")]),
            ("shield-secret", vec![("g6", "secret_kill", "g13")]),
        ] {
            let mut g = across(name);
            let mut hugged = acts.clone();
            hugged.push(("g5", "hug", "g13"));
            assert_eq!(public_night(&mut g, &hugged), [peaceful()], "{name}");
            assert!(alive(&g, "g13"), "{name}");
            let mut g = across(&format!("{name}-unhugged"));
            assert_eq!(public_night(&mut g, &acts), [out("g13")], "{name}: no hug");
        }
        let mut g = across("shield-secret-spent");
        public_night(
            &mut g,
            &[("g5", "hug", "g13"), ("g6", "secret_kill", "g13")],
        );
        assert_eq!(
            g.view_for("g6").expect("a view").json()["secret_kill_spent"],
            true,
            "spent, though void"
        );
        to_night(&mut g);
        assert_eq!(
            submit(&mut g, "g6", act("secret_kill", "g13")),
            Some("already_used")
        );
    }

    /// R5-3 (1), (2): magic aimed at H has no effect — the hugged sniper's shot lands, and a
    /// hugged officer's check counts —, while the same magic without the hug strikes them.
    #[test]
    fn r5_3_2_magic_aimed_at_the_hugged_seat_has_no_effect() {
        let shot = [("g8", "snipe", "g13"), ("g9", "magic", "g8")];
        let mut g = across("shield-magic");
        let mut acts = shot.to_vec();
        acts.push(("g5", "hug", "g8"));
        assert_eq!(public_night(&mut g, &acts), [out("g13")]);
        let mut g = across("shield-magic-unhugged");
        assert_eq!(
            public_night(&mut g, &shot),
            [peaceful()],
            "the magic strikes"
        );
        // A hugged officer's check: still the team's.
        let mut g = across("shield-magic-check");
        let acts = [
            ("g3", "check", "g1"),
            ("g5", "hug", "g3"),
            ("g9", "magic", "g3"),
        ];
        let found = json!({"type": "check_result", "target": "g1", "result": "killer"});
        assert_eq!(
            told_of(&night_acts(&mut g, &acts), "check_result"),
            [json!(["g3", found]), json!(["g4", found])]
        );
    }

    /// R5-3 (2): magic on the butterfly cancels the hug — H is not protected: the kill on it
    /// lands, and the kill on the butterfly kills the butterfly alone.
    #[test]
    fn r5_3_2_magic_on_the_butterfly_cancels_the_hug() {
        let mut g = across("shield-magicked");
        let mut acts = kill("g13").to_vec();
        acts.extend([("g5", "hug", "g13"), ("g9", "magic", "g5")]);
        assert_eq!(public_night(&mut g, &acts), [out("g13")]);
        let mut g = across("shield-magicked-butterfly");
        let mut acts = kill("g5").to_vec();
        acts.extend([("g5", "hug", "g13"), ("g9", "magic", "g5")]);
        assert_eq!(
            public_night(&mut g, &acts),
            [out("g5")],
            "the butterfly alone"
        );
        assert!(alive(&g, "g13"));
    }

    /// R5-3 (1): the police team's check aimed at H (CL-2's majority) tells the team nothing
    /// (the classic night's "blocked": no `check_result`); the wizard's query aimed at H is
    /// answered `blocked` (R5-3 (4)). Without the hug both are answered.
    #[test]
    fn r5_3_4_a_check_or_query_aimed_at_the_hugged_seat_learns_nothing() {
        let acts = [
            ("g1", "kill", "g14"),
            ("g3", "check", "g1"),
            ("g10", "query", "g1"),
        ];
        let mut g = across("shield-blocked");
        let mut hugged = acts.to_vec();
        hugged.push(("g5", "hug", "g1"));
        let lines = night_acts(&mut g, &hugged);
        assert_eq!(told_of(&lines, "check_result"), Vec::<Value>::new());
        assert_eq!(
            told_of(&lines, "query_result"),
            [json!(["g10", {"type": "query_result", "target": "g1", "acted_on": "blocked"}])]
        );
        assert_eq!(public(lines), [out("g14")], "the hugged killer still kills");
        let mut g = across("shield-blocked-unhugged");
        let lines = night_acts(&mut g, &acts);
        assert_eq!(told_of(&lines, "check_result").len(), 2);
        assert_eq!(
            told_of(&lines, "query_result"),
            [json!(["g10", {"type": "query_result", "target": "g1", "acted_on": "g14"}])]
        );
        // Two officers split: the majority names H (the earliest of the tie), nothing told.
        let mut g = across("shield-blocked-majority");
        let acts = [
            ("g3", "check", "g13"),
            ("g4", "check", "g1"),
            ("g5", "hug", "g13"),
        ];
        assert!(told_of(&night_acts(&mut g, &acts), "check_result").is_empty());
    }

    /// R5-3 (1): the forest elder's silence aimed at H has no effect (nobody silenced, nobody
    /// told); a dark vote aimed at H is dropped (R5-3 (5)): the day's first round counts the
    /// ballots alone.
    #[test]
    fn r5_3_1_a_silence_or_dark_vote_aimed_at_the_hugged_seat_has_no_effect() {
        let mut g = across("shield-silence-h");
        let acts = [("g5", "hug", "g13"), ("g11", "silence", "g13")];
        let lines = night_acts(&mut g, &acts);
        assert!(told_of(&lines, "silenced").is_empty());
        assert!(!silenced(&g, "g13"));
        // The dark vote on H: g3's ballot alone for g14 puts it out (without the hug, the dark
        // vote would tie g13 with it).
        let mut g = across("shield-dark-h");
        night_acts(&mut g, &[("g5", "hug", "g13"), ("g12", "dark_vote", "g13")]);
        to_vote(&mut g);
        cast(&mut g, &[("g3", "g14")]);
        let lines = public(g.resolve_phase());
        assert!(lines.contains(&json!({"type": "out", "target": "g14", "cause": "voted"})));
        let mut g = across("shield-dark-h-unhugged");
        night_acts(&mut g, &[("g12", "dark_vote", "g13")]);
        to_vote(&mut g);
        cast(&mut g, &[("g3", "g14")]);
        let lines = public(g.resolve_phase());
        assert!(lines.iter().any(|e| e["type"] == "tie"), "{lines:?}");
    }

    /// R5-3 (1) with R4-4 (2), (4): 4.0's doctor's save aimed at H has no effect — it does not
    /// spare H from a kill reaching it through the butterfly, and it is no save for the
    /// doctor's rule (the count starts again).
    #[test]
    fn r5_3_1_a_save_aimed_at_the_hugged_seat_has_no_effect() {
        let mut g = across("shield-save-h");
        let mut acts = kill("g5").to_vec();
        acts.extend([("g5", "hug", "g13"), ("g7", "save", "g13")]);
        assert_eq!(public_night(&mut g, &acts), [out("g5"), out("g13")]);
        // The doctor's rule: a save of g14, one of H, one of g14 — one save running, not two.
        let mut g = across("shield-save-rule");
        let save = ("g7", "save", "g14");
        assert_eq!(public_night(&mut g, &[save]), [peaceful()]);
        to_night(&mut g);
        let acts = [("g5", "hug", "g14"), save];
        assert_eq!(public_night(&mut g, &acts), [peaceful()]);
        to_night(&mut g);
        assert_eq!(
            public_night(&mut g, &[save]),
            [peaceful()],
            "one save running"
        );
        to_night(&mut g);
        assert_eq!(
            public_night(&mut g, &[save]),
            [out("g14")],
            "two saves running"
        );
    }

    /// R5-3 (3): a kill on the butterfly lands on H too, despite its immunity — the killers',
    /// the secret police's, a shot —: both die, the butterfly first, both `killed`; the save
    /// on the butterfly spares both from the killers' kill (not from a shot).
    #[test]
    fn r5_3_3_a_kill_on_the_butterfly_kills_the_hugged_seat_too() {
        for (name, acts) in [
            ("shield-through-kill", kill("g5").to_vec()),
            ("shield-through-shot", vec![("g8", "snipe", "g5")]),
            ("shield-through-secret", vec![("g6", "secret_kill", "g5")]),
        ] {
            let mut g = across(name);
            let mut hugged = acts.clone();
            hugged.push(("g5", "hug", "g13"));
            assert_eq!(
                public_night(&mut g, &hugged),
                [out("g5"), out("g13")],
                "{name}"
            );
        }
        let mut g = across("shield-through-saved");
        let mut acts = kill("g5").to_vec();
        acts.extend([("g5", "hug", "g13"), ("g7", "save", "g5")]);
        assert_eq!(public_night(&mut g, &acts), [peaceful()]);
        let mut g = across("shield-through-saved-shot");
        let acts = [
            ("g5", "hug", "g13"),
            ("g8", "snipe", "g5"),
            ("g7", "save", "g5"),
        ];
        assert_eq!(public_night(&mut g, &acts), [out("g5"), out("g13")]);
    }

    /// R5-3 (3): a silence on the butterfly silences H too — both told, both silenced for the
    /// day; a dark vote on the butterfly counts on H too (one each: with g3's ballot for g13,
    /// g13 has two and is out).
    #[test]
    fn r5_3_3_a_silence_or_dark_vote_on_the_butterfly_lands_on_the_hugged_seat_too() {
        let mut g = across("shield-silence-b");
        let lines = night_acts(&mut g, &[("g5", "hug", "g13"), ("g11", "silence", "g5")]);
        assert_eq!(
            told_of(&lines, "silenced"),
            [
                json!(["g5", {"type": "silenced"}]),
                json!(["g13", {"type": "silenced"}])
            ]
        );
        assert!(silenced(&g, "g5") && silenced(&g, "g13"));
        to_night(&mut g);
        assert!(!silenced(&g, "g5") && !silenced(&g, "g13"), "one day");
        // The butterfly dying this night (the killers' kill on it, which the unspent secret
        // police it hugs is immune to, R4-4 (3)): the silence lands on H alone.
        let mut g = across("shield-silence-b-dead");
        let mut acts = kill("g5").to_vec();
        acts.extend([("g5", "hug", "g6"), ("g11", "silence", "g5")]);
        let lines = night_acts(&mut g, &acts);
        assert_eq!(public(lines.clone()), [out("g5")]);
        assert_eq!(
            told_of(&lines, "silenced"),
            [json!(["g6", {"type": "silenced"}])]
        );
        // The dark vote.
        let mut g = across("shield-dark-b");
        night_acts(&mut g, &[("g5", "hug", "g13"), ("g12", "dark_vote", "g5")]);
        to_vote(&mut g);
        cast(&mut g, &[("g3", "g13"), ("g4", "g14")]);
        let lines = public(g.resolve_phase());
        assert!(
            lines.contains(&json!({"type": "out", "target": "g13", "cause": "voted"})),
            "{lines:?}"
        );
    }

    /// R5-3 (3), (4): a check or a query that lands on the butterfly touches it alone — the
    /// check reads the butterfly (`not_killer`: good, CL-2), the query names the seat it
    /// hugged.
    #[test]
    fn r5_3_3_a_check_or_query_on_the_butterfly_touches_it_alone() {
        let mut g = across("shield-check-b");
        let acts = [
            ("g5", "hug", "g1"),
            ("g3", "check", "g5"),
            ("g10", "query", "g5"),
        ];
        let lines = night_acts(&mut g, &acts);
        let read = json!({"type": "check_result", "target": "g5", "result": "not_killer"});
        assert_eq!(
            told_of(&lines, "check_result"),
            [json!(["g3", read]), json!(["g4", read])]
        );
        assert_eq!(
            told_of(&lines, "query_result"),
            [json!(["g10", {"type": "query_result", "target": "g5", "acted_on": "g1"}])]
        );
    }

    /// R5-3: the hug does not stop H acting (4.0's hugged-killer rule, R4-4 (1), is 4.0's
    /// butterfly's): a hugged killer's kill lands; so does the heir's (R5-2) and a hugged
    /// sniper's shot.
    #[test]
    fn r5_3_the_hugged_killer_still_kills() {
        let mut g = TABLE.game("shield-killer");
        let acts = [("g5", "hug", "g1"), ("g1", "kill", "g6")];
        assert_eq!(public_night(&mut g, &acts), [out("g6")]);
        to_night(&mut g);
        let acts = [
            ("g5", "hug", "g2"),
            ("g1", "kill", "g7"),
            ("g2", "kill", "g7"),
        ];
        assert_eq!(public_night(&mut g, &acts), [out("g7")]);
        let mut g = across("shield-sniper");
        let acts = [("g5", "hug", "g8"), ("g8", "snipe", "g14")];
        assert_eq!(public_night(&mut g, &acts), [out("g14")]);
    }

    /// Privacy (5.0: nobody is told they were hugged): only the butterfly's seat sees its hug
    /// (its view, its page); H and every other seat see none and are told nothing; a night with
    /// a hug and nothing aimed at H publishes what one without it does.
    #[test]
    fn privacy_only_the_butterflys_seat_reads_its_hug() {
        let mut g = TABLE.game("shield-privacy");
        assert_eq!(submit(&mut g, "g5", act("hug", "g6")), None);
        let view = g.view_for("g5").expect("a view");
        assert_eq!(view.json()["hug"], "g6");
        let sheet = g.variant().seat_sheet(&view, false);
        assert_eq!(sheet.chosen, [("hug", "target", "g6".to_string())]);
        for i in 1..=9 {
            let s = format!("g{i}");
            if s != "g5" {
                let v = g.view_for(&s).expect("a view").json().clone();
                assert!(v.get("hug").is_none(), "{s}: {v}");
                assert!(!v.to_string().contains("shield"), "{s}: {v}");
            }
        }
        let hugged = g.resolve_phase();
        assert!(told(&hugged).is_empty(), "nobody is told: {hugged:?}");
        let mut plain = TABLE.game("shield-privacy-plain");
        assert_eq!(public(hugged), public(plain.resolve_phase()));
    }

    /// R5-1: the hug is the living shield butterfly's, at night, on another living seat
    /// (itself: `self_target`; an unknown seat: `bad_target`), replaceable (the last counts),
    /// owed each night; it learns nobody and sits in no team; the form is `hug` (another living
    /// seat), after the classic roles'. Out, it hugs no more. At 东杀 `hug` stays another
    /// game's type.
    #[test]
    fn r5_1_only_the_living_shield_butterfly_hugs_another_seat_at_night() {
        let mut g = TABLE.game("shield-only");
        learns_nobody(&g, "g5");
        for by in ["g1", "g3", "g6"] {
            assert_eq!(submit(&mut g, by, act("hug", "g7")), Some("not_your_role"));
        }
        let s = g.seat_now("g5").expect("a seat");
        assert_eq!(
            (s.role, s.allowed.clone()),
            ("shield_butterfly", vec!["hug"])
        );
        assert!(s.owes.action && s.teams.is_empty());
        assert_eq!(
            submit(&mut g, "g5", act("hug", "nobody")),
            Some("bad_target")
        );
        assert_eq!(submit(&mut g, "g5", act("hug", "g5")), Some("self_target"));
        assert_eq!(
            submit(&mut g, "g5", act("kill", "g6")),
            Some("not_your_role")
        );
        // The last counts: the hug on g7 voids the kill on it, the one on g6 is gone.
        assert_eq!(submit(&mut g, "g5", act("hug", "g6")), None);
        assert_eq!(submit(&mut g, "g5", act("hug", "g7")), None);
        assert!(!g.seat_now("g5").expect("a seat").owes.action);
        assert_eq!(public_night(&mut g, &kill("g7")), [peaceful()]);
        assert_eq!(submit(&mut g, "g5", act("hug", "g6")), Some("not_now"));
        to_night(&mut g);
        assert!(g.seat_now("g5").expect("a seat").owes.action, "owed again");
        assert_forms(
            TABLE.table("shield-forms", |_| {}),
            &["kill", "check", "hug", "explode", "surrender", "vote"],
            "hug",
            crate::FieldInput::OtherLivingSeat,
        );
        killed_acts_no_more(&mut TABLE.game("shield-dead"), "g5", "hug", "g6");
        foreign_at_dongsha("hug");
    }

    /// CL-10: the shield butterfly counts among the civilians (all civilians out needs it out
    /// too) and wins with good; CL-2: a check of it reads `not_killer`; the reveal names it.
    #[test]
    fn cl_10_the_shield_butterfly_counts_among_the_civilians() {
        let mut g = TABLE.game("shield-civilians");
        for victim in ["g6", "g7", "g8", "g9"] {
            assert_eq!(public_night(&mut g, &kill(victim)), [out(victim)]);
            assert_eq!(g.outcome(), None, "the butterfly stands for the civilians");
            to_night(&mut g);
        }
        let lines = public_night(&mut g, &kill("g5"));
        assert_eq!(
            lines.last(),
            Some(&json!({"type": "game_over", "winner": "killers"}))
        );
        assert_eq!(
            g.seat_record("g5", Some("killers"))
                .map(|r| (r.role, r.won)),
            Some(("shield_butterfly", Some(false)))
        );
        assert_eq!(g.reveal_now()["seats"][4]["role"], "shield_butterfly");
        assert_eq!(
            submit(
                &mut TABLE.game("shield-cl9"),
                "g5",
                json!({"type": "surrender"})
            ),
            Some("not_your_role"),
            "CL-9: no team"
        );
    }

    /// A classic table deals one shield butterfly at most (R5-3: one hug; `setup-role-one`),
    /// never beside 4.0's butterfly at one seat count (`setup-one-butterfly`, at its line), and
    /// the night must call it.
    #[test]
    fn r5_3_one_shield_butterfly_per_table_and_never_beside_4_0s() {
        one_per_table(TABLE.document());
        let both = dongsha_with(&["butterfly", "shield_butterfly"]);
        let Err(found) = crate::setups::read(&both) else {
            panic!("both butterflies")
        };
        let found: Vec<(&str, crate::message::Message)> = found
            .iter()
            .map(|p| (p.path.as_str(), p.message.clone()))
            .collect();
        let says = crate::message::Message::key("setup-one-butterfly")
            .arg(
                "role",
                crate::message::Message::key("role-shield-butterfly"),
            )
            .arg("other", crate::message::Message::key("role-butterfly"))
            .arg("seats", "8, 9, 10, 11, 12, 13, 14, 15, 16");
        assert_eq!(found, [("deal[3].role", says)]);
        // At different seat counts they hold: no game deals both.
        let mut apart = both;
        apart["deal"][2]["count"] = json!({"8-12": 1, "13-16": 0});
        apart["deal"][3]["count"] = json!({"8-12": 0, "13-16": 1});
        assert!(crate::setups::read(&apart).is_ok());
    }

    /// A fixed deal names the shield butterfly (`shield_butterflies`, drawn after
    /// `evil_civilians`, `needle_doctors` and `dark_elders`, last); a wrong count or a seat dealt twice is refused; the draw deals
    /// one, the other roles' seats drawn as at the same table without it. 东杀 has no such key.
    #[test]
    fn r5_1_a_fixed_deal_names_the_shield_butterflies() {
        names_its_seats(
            TABLE.table("shield-deal", |_| {}),
            &TABLE.deal(),
            &[
                (
                    dongsha_deal(json!({})),
                    "deals 1 shield_butterfly(s), not 0",
                ),
                (
                    dongsha_deal(json!({"shield_butterflies": ["g3"]})),
                    "\"g3\" is a police and a shield_butterfly",
                ),
            ],
            &["killers", "police", "shield_butterflies"],
            &[("shield_butterflies", 1)],
            "shield_butterflies",
        );
        drawn_after(
            "evil_civilian",
            "evil_civilians",
            "shield_butterfly",
            "shield-deal-evil",
        );
    }

    /// A replay scenario of a shield butterfly's table (`document` in place of `variant`,
    /// replay.md): the hug is taken with the night's actions (`hug_recorded`), the kill on the
    /// butterfly puts it and H out in that order, both `killed`; at 东杀 the hug is refused
    /// `not_your_role` and only the kill's victim dies.
    #[test]
    fn r5_3_3_a_replay_of_a_shield_butterflys_table_hugs() {
        let acts = json!([{"submit": [
            {"by": "g5", "action": {"type": "hug", "target": "g9"}},
            {"by": "g1", "action": {"type": "kill", "target": "g5"}}
        ]}]);
        let scenario = scenario(TABLE.document(), 9, TABLE.deal(), acts);
        let outs = |lines: &[Value]| -> Vec<Value> {
            lines
                .iter()
                .filter(|l| l["kind"] == "public" && l["event"]["type"] == "out" && l["act"] == 1)
                .map(|l| l["event"].clone())
                .collect()
        };
        let lines = replay(&scenario);
        assert!(
            lines.contains(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": true,
                                       "reply": {"type": "hug_recorded"}})),
            "{lines:?}"
        );
        assert_eq!(outs(&lines), [out("g5"), out("g9")]);
        let lines = replay(&at_dongsha(&scenario));
        assert!(
            lines.contains(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": false,
                                       "error": "not_your_role"}))
        );
        assert_eq!(outs(&lines), [out("g5")], "at 东杀 only the kill");
    }

    /// The bots play a shield butterfly's table to the end (it hugs a random other living seat
    /// every night: `bot.rs`), the same games for the same seeds, both sides winning some; so
    /// does the table of every role it meets.
    #[test]
    fn r5_1_bots_play_a_shield_butterfly_table_to_the_end() {
        for (v, seats) in [
            (TABLE.table("shield-bots", |_| {}), 9),
            (ACROSS.at(14, "shield-bots-across"), 14),
            (FIVE.at(12, "shield-bots-five"), 12),
        ] {
            bots_win_on_both_sides(v, seats);
        }
    }

    /// R5-3 (1) with R5-3 (5): a needle aimed at H has no effect. It is no cancel — the kill on
    /// the butterfly reaches H and kills it all the same (a needle on 4.0's butterfly's hugged
    /// seat would spare it, `needle.rs`) — and no empty needle: two such nights leave H's count
    /// untouched, so only two later empty needles kill it.
    #[test]
    fn r5_3_1_a_needle_aimed_at_the_hugged_seat_has_no_effect() {
        let mut g = five("shield-needle-h");
        let mut acts = kill("g5").to_vec();
        acts.extend([("g5", "hug", "g9"), ("g6", "needle", "g9")]);
        assert_eq!(said(&mut g, &acts), [out("g5"), out("g9")], "no cancel");
        let mut g = five("shield-needle-h-empty");
        let hugged = [("g5", "hug", "g9"), ("g6", "needle", "g9")];
        for night in ["first", "second"] {
            assert_eq!(said(&mut g, &hugged), [peaceful()], "{night}");
        }
        let empty = [("g6", "needle", "g9")];
        assert_eq!(said(&mut g, &empty), [peaceful()], "the first empty needle");
        assert_eq!(said(&mut g, &empty), [out("g9")], "the second");
    }

    /// R5-3 (3) with R5-3 (5): a needle on the butterfly lands on H too — a needle on each
    /// seat, each cancelling one kill or shot still on its own seat. The kill on the butterfly,
    /// which reaches H, is cancelled on both (the night peaceful); a kill and a shot on the
    /// butterfly leave one on each, so both die (one needle does not spare H twice). With
    /// nothing attacking them it is an empty needle on each seat: the second such night kills
    /// both, in seat order.
    #[test]
    fn r5_3_3_a_needle_on_the_butterfly_lands_on_the_hugged_seat_too() {
        let mut g = five("shield-needle-b");
        let mut acts = kill("g5").to_vec();
        acts.extend([("g5", "hug", "g9"), ("g6", "needle", "g5")]);
        assert_eq!(said(&mut g, &acts), [peaceful()]);
        assert!(alive(&g, "g5") && alive(&g, "g9"));
        let mut g = five("shield-needle-b-two");
        let mut acts = kill("g5").to_vec();
        acts.extend([
            ("g8", "snipe", "g5"),
            ("g5", "hug", "g9"),
            ("g6", "needle", "g5"),
        ]);
        assert_eq!(said(&mut g, &acts), [out("g5"), out("g9")]);
        let mut g = five("shield-needle-b-empty");
        let acts = [("g5", "hug", "g9"), ("g6", "needle", "g5")];
        assert_eq!(said(&mut g, &acts), [peaceful()], "one empty needle each");
        assert_eq!(said(&mut g, &acts), [out("g5"), out("g9")], "two each");
    }

    /// R5-3 (1), (3) with R5-4: 5.0's forest elder's silence aimed at H has no effect (nobody
    /// told; H keeps its voice and its ballot), while on the butterfly it lands on H too, with
    /// that elder's kind: both are told `silenced` with `"votes": false`, neither owes nor may
    /// cast a ballot that day (refused `silenced`), and both speak again the next.
    #[test]
    fn r5_3_1_3_the_dark_elders_silence_spares_the_hugged_seat_and_spreads_from_the_butterfly() {
        let mut g = five("shield-delder-h");
        let lines = night_acts(&mut g, &[("g5", "hug", "g9"), ("g7", "silence", "g9")]);
        assert_eq!(told_of(&lines, "silenced"), Vec::<Value>::new());
        assert!(!silenced(&g, "g9"));
        to_vote(&mut g);
        cast(&mut g, &[("g9", "g1")]);
        let mut g = five("shield-delder-b");
        let lines = night_acts(&mut g, &[("g5", "hug", "g9"), ("g7", "silence", "g5")]);
        let dark = json!({"type": "silenced", "votes": false});
        assert_eq!(
            told_of(&lines, "silenced"),
            [json!(["g5", dark]), json!(["g9", dark])]
        );
        for s in ["g5", "g9"] {
            assert!(silenced(&g, s), "{s}");
            let view = g.view_for(s).expect("a view");
            assert_eq!(view.json()["vote_silenced"], true, "{s}");
        }
        to_vote(&mut g);
        let ballot = json!({"type": "vote", "target": "g1"});
        for s in ["g5", "g9"] {
            assert!(!g.seat_now(s).expect("a seat").owes.ballot, "{s}");
            assert_eq!(submit(&mut g, s, ballot.clone()), Some("silenced"), "{s}");
        }
        to_night(&mut g);
        assert!(!silenced(&g, "g5") && !silenced(&g, "g9"), "one day");
    }

    /// R5-2 with R5-3 (1), (3): once every killer is out (no magician dealt), 5.0's forest
    /// elder holds the kill, the killers' kill of the night — so his kill aimed at H is void
    /// like theirs (the night peaceful), his kill on the butterfly kills it and H, and hugged
    /// himself he still kills (the immunity is from what is aimed at H, not what H does).
    #[test]
    fn r5_2_r5_3_1_the_dark_elders_kill_on_the_hugged_seat_is_void() {
        let mut g = five("shield-delder-heir");
        public_night(&mut g, &[]);
        vote_out(&mut g, "g1");
        to_night(&mut g);
        public_night(&mut g, &[]);
        let lines = vote_out(&mut g, "g2");
        assert!(
            told(&lines).contains(&json!(["g7", {"type": "kill_inherited"}])),
            "{lines:?}"
        );
        assert_eq!(g.outcome(), None, "he stands for the killers");
        to_night(&mut g);
        let acts = [("g5", "hug", "g9"), ("g7", "kill", "g9")];
        assert_eq!(said(&mut g, &acts), [peaceful()], "void");
        assert!(alive(&g, "g9"));
        let acts = [("g5", "hug", "g7"), ("g7", "kill", "g10")];
        assert_eq!(said(&mut g, &acts), [out("g10")], "hugged, he kills");
        let acts = [("g5", "hug", "g9"), ("g7", "kill", "g5")];
        assert_eq!(said(&mut g, &acts), [out("g5"), out("g9")]);
    }
}
