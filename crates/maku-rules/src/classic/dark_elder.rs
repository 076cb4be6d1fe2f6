//! 5.0's forest elder (森林老人, bad) at a classic table: a role of another book played by the
//! classic engine as a module (`docs/setups.md`, "Roles across books"), the twelfth after
//! 4.0's doctor, 5.0's sniper, 4.0's butterfly, secret police, forest elder and undercover and
//! 5.0's magician, wizard, good and evil civilians and doctor (the needle doctor,
//! `needle.rs`). The classic book's `elder` is 4.0's (a
//! good seat whose silence leaves the vote, `elder.rs`); 5.0's is another role of the classic
//! book with a code of its own, `dark_elder` (named 森林老人（恶）, "forest elder (bad)"). A
//! judge's own classic setup may deal him (one at most: R5-2 passes the kill along one of each
//! bad special, `setup-role-one`), beside 4.0's elder or not; he plays by
//! `../shared/rules/roles.md`:
//! - 5.0: nobody learns anybody's role, so the killers do not know him nor he them; he is told
//!   no team and sits in no thread.
//! - R5-1: each night a living dark elder may `silence` one living seat, **himself allowed**
//!   (R5-1's self-ban names the butterfly, magician, police and wizard only), replaceable until
//!   the night ends (the last counts). The form is `silence`, the one 4.0's elder has (a table
//!   dealing both shows it once); at a preset `silence` stays another game's type
//!   (`not_your_role`). The night must call him.
//! - R5-3 (3): his silence lands with the rest, after the magic (R5-3 (2)): magic on him strikes
//!   his silence (nobody is silenced, nobody told), magic on another seat leaves it, magic on
//!   the seat he silences does not shield it. A silence on a seat that dies this night is moot
//!   (nobody silenced or told: the dead do not speak); an elder who dies this night still
//!   silences (R5-3 resolves the night's actions at once, as a dark vote cast by a seat dying
//!   this night still counts, R5-3 (5)). The silenced seat, alive at dawn, is told privately
//!   (`silenced` with `"votes": false`), and its view says `silenced` and `vote_silenced`.
//! - R5-4: the silenced seat does not speak that day, does not vote, and if voted out leaves no
//!   last words.
//! - R5-2: the kill passes along the bad specials dealt in the book's order after the killers:
//!   the magician, this elder, then the wizard ([`Role::HEIRS`]; one not dealt counts as out).
//!   While every killer and the magician dealt are out, a living dark elder holds the kill: his
//!   action is `kill` instead of `silence` (`silence` is then `not_your_role`), he is told
//!   `kill_inherited` privately at once (once), and his kill is the killers' kill of R4-4's step
//!   (1), as the magician's is (`Game::makes_the_kill`). The wizard holds it only once the dark
//!   elder is out too.
//! - R5-3 (4): a check of him reads `killer` (the classic word for 5.0's `bad`); R5-5 with
//!   CL-10: he counts with the killers (`Role::with_killers`), so good wins only when every
//!   killer, undercover, magician, dark elder and wizard dealt is out, and he wins with the
//!   killers.
//!
//! Readings of a classic table:
//! - **Which day.** The silence takes effect the next day — dawn k to day k —, as 4.0's elder's
//!   (R4-5): set at the night's end, it lasts that one day and ends when the next act opens.
//! - **R5-4 merged with the classic day (CL-4..CL-9)**, as `elder.rs` reads R4-5 for the voice:
//!   CL-5: no ordered speech (the turns pass over the seat, the order kept), no post in the game
//!   thread in any phase (`SeatNow::silenced`, by which the server refuses its posts, and
//!   `may_post`); CL-7: no PK speech, tied or not, nor in the second tie's round of the others;
//!   CL-4: voted out that day, no last words (counted among the seats out all the same); CL-8: a
//!   silenced killer may not self-explode (refused `silenced`).
//! - **No vote** ("every living, unsilenced seat votes"), in every round of that day (round 1
//!   and CL-7's revotes): its ballot — an abstention too — is refused `silenced` (the role
//!   games' code for a v5 vote by a silenced seat, after the vote's own checks: `not_now`,
//!   `bad_target`, `not_tied`); it owes no ballot, has no `vote` among its actions, and counts
//!   for nobody. It may still be voted for (a candidate as any living seat).
//! - **What is public.** CL-6 publishes every living seat's ballot, abstainers as none: the
//!   silenced seat is listed as one that cast none — the same line as a seat that abstained, so
//!   the published ballots say no more than "this seat did not vote". That the seat was
//!   silenced is seen as with 4.0's elder, by its not speaking; nothing public names the elder,
//!   his target or that he acted (the night publishes its deaths alone).
//! - **Both elders.** A table may deal 4.0's elder beside him: two silences simply add, each
//!   seat silenced with its own book's effect (4.0's keeps its vote, R4-5; his loses it, R5-4),
//!   each told by its own step (4.0's first). A seat silenced by both does not vote (the
//!   stricter) and is told twice.
//! - **The hug.** The classic table's `butterfly` is 4.0's, whose hug voids kills only (R4-4
//!   (1)): it shields its hugged seat from no silence, and a silence on it silences the
//!   butterfly alone. 5.0's butterfly, dealt as `shield_butterfly` (`shield.rs`), brings 5.0's
//!   reading (R5-3 (1), (3)): his silence aimed at its hugged seat H has no effect (nobody
//!   silenced, nobody told), and his silence on that butterfly lands on H too, with his kind —
//!   each seat alive at dawn is told `silenced` with `"votes": false` (the butterfly first) and
//!   neither speaks nor votes that day. Holding the kill (R5-2) his kill is the killers' kill,
//!   so aimed at H it is void and on the butterfly it kills the butterfly and H, as theirs;
//!   hugged himself, he still silences or kills (the immunity is from what is aimed at H).
//! - **A silenced civilian's dark vote** (`dark_vote.rs`) was cast at night and lands with the
//!   silence at once (R5-3 (3)): it counts in the day's first round, as 5.0's own night counts
//!   it; what the silence takes is the day's ballot.
//! - **His kill of himself.** R5-1's ban follows the role and does not name the forest elder,
//!   so holding the kill he may name himself (as the classic killers may, CL-1): no
//!   `self_target`, no `not_self` on his view.
//! - The wizard's query of him names his silence, or his kill when he holds it (R5-3 (4)).
//! - CL-8: he never self-explodes (a killer's only); CL-9: he never surrenders (he is in no
//!   team) and does not keep the killers' team standing (they do not know him).
//! - CL-4: last words count the `police` role dealt only, as ever.
//!
//! His night step runs after 4.0's elder's in `night.rs`'s list; his day in the engine's day
//! (`state.rs`, `vote.rs`, `submit.rs`, `view.rs`); his action (`Action::Silence`), form,
//! view (`holds_kill`, his `silence`), deal (`dark_elders` in a fixed setup, drawn after
//! `evil_civilians` and `needle_doctors`) and bot are with the others of the engine.

use super::event::{Audience, Event};
use super::night::Resolution;
use super::shield;
use super::state::Game;

#[cfg(doc)]
use super::roles::Role;

/// R5-3 (3), R5-4: the silence lands on its seat if it is alive at dawn (a silence on a seat
/// that died tonight is moot), which is told it loses its voice and its vote for the day. The
/// magic step struck a magicked elder's silence before this one reads it (R5-3 (2)). At a
/// table of 5.0's butterfly (R5-3 (1), (3): `shield.rs`) a silence aimed at the hugged seat has
/// no effect, and one on the butterfly lands on the hugged seat too, with this elder's kind (no
/// voice, no vote): each alive at dawn is silenced and told, the butterfly first.
pub(super) fn silence(g: &mut Game, n: &mut Resolution) {
    let Some(s) = n.dark_silence else { return };
    for t in shield::lands(g, n, s).iter() {
        if g.is_alive(t) && !n.dead.contains(&t) {
            g.dark_silenced.push(t);
            g.say(Audience::Seat(t), Event::Silenced { votes: false });
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::classic::doctor::tests::{
        RoleTable, across_table, act, alive, assert_forms, at_dongsha, bots_win_on_both_sides,
        cast, dongsha_deal, dongsha_game, drawn, drawn_after, foreign_at_dongsha,
        good_wins_only_with_the_heir_out, ids, killed_acts_no_more, killers_win_with, kinds,
        learns_nobody, names_its_seats, never_surrenders_nor_keeps_the_killers_standing,
        night_acts, one_per_table, out, peaceful, public, replay, scenario, silenced, submit,
        to_night, to_vote, told, told_of, turns, vote_out,
    };
    use crate::message::Message;
    use crate::{Game, Line};

    /// 东杀 with 5.0's forest elder (R5-1), called at night after the killers and the police;
    /// its game: 9 seats g1..g9, killers g1 g2, police g3 g4, the dark elder g5, civilians
    /// g6..g9.
    const TABLE: RoleTable = RoleTable(&[("dark_elder", "dark_elders")]);

    /// 东杀 with 4.0's elder and 5.0's (two silences): the elder g5, the dark elder g6,
    /// civilians g7..g9.
    const BOTH: RoleTable = RoleTable(&[("elder", "elders"), ("dark_elder", "dark_elders")]);

    /// 东杀 with the three heirs of R5-2 in the book's order: the magician g5, the dark elder g6,
    /// the wizard g7, civilians g8 g9.
    const HEIRS: RoleTable = RoleTable(&[
        ("magician", "magicians"),
        ("dark_elder", "dark_elders"),
        ("wizard", "wizards"),
    ]);

    /// The private `silenced` of 5.0's elder's silence.
    fn dark_silenced() -> Value {
        json!({"type": "silenced", "votes": false})
    }

    /// The seat's view's `vote_silenced` (R5-4).
    fn vote_silenced(g: &Game, s: &str) -> Value {
        g.view_for(s).expect("a view").json()["vote_silenced"].clone()
    }

    /// R5-1, 5.0: only the living dark elder silences, at night, a living seat — himself
    /// allowed, replaceable (the last counts); he learns nobody and nobody learns him; his
    /// form, allowed actions, what he owes, his view and page follow. Privacy: the silenced
    /// seat alone is told; only his own seat reads his target; the night publishes what a
    /// night without a silence publishes.
    #[test]
    fn r5_1_only_the_living_dark_elder_silences_a_living_seat_at_night() {
        let mut g = TABLE.game("delder-only");
        learns_nobody(&g, "g5");
        for by in ["g1", "g3", "g6"] {
            assert_eq!(
                submit(&mut g, by, act("silence", "g7")),
                Some("not_your_role"),
                "{by}"
            );
            assert!(!g.seat_now(by).expect("a seat").allowed.contains(&"silence"));
        }
        let s = g.seat_now("g5").expect("the dark elder");
        assert_eq!(s.role, "dark_elder");
        assert_eq!(s.allowed, ["silence"]);
        assert!(s.owes.action, "the silence is owed until sent");
        assert!(s.teams.is_empty());
        assert_eq!(
            submit(&mut g, "g5", act("silence", "nobody")),
            Some("bad_target")
        );
        assert_eq!(
            submit(&mut g, "g5", act("kill", "g6")),
            Some("not_your_role")
        );
        assert_eq!(submit(&mut g, "g5", act("silence", "g5")), None, "himself");
        assert_eq!(submit(&mut g, "g5", act("silence", "g6")), None);
        assert_eq!(submit(&mut g, "g5", act("silence", "g7")), None);
        assert!(!g.seat_now("g5").expect("a seat").owes.action);
        let seat_view = g.view_for("g5").expect("a view");
        let view = seat_view.json().clone();
        assert_eq!(view["silence"], "g7");
        assert_eq!(view["holds_kill"], false);
        assert_eq!(view["silenced"], false);
        assert_eq!(view["vote_silenced"], false);
        assert!(view.get("team").is_none() && view.get("not_self").is_none());
        let sheet = g.variant().seat_sheet(&seat_view, false);
        assert_eq!(sheet.role, Message::key("role-dark-elder"));
        assert_eq!(sheet.chosen, [("silence", "target", "g7".to_string())]);
        assert!(sheet.notes.is_empty());
        for other in ["g1", "g3", "g7"] {
            let v = g.view_for(other).expect("a view");
            assert!(v.json().get("silence").is_none(), "{other}: only his own");
        }
        let lines = g.resolve_phase();
        assert_eq!(told(&lines), [json!(["g7", dark_silenced()])], "the last");
        assert_eq!(public(lines), [peaceful()], "nothing public of the silence");
        assert!(silenced(&g, "g7") && !silenced(&g, "g6") && !silenced(&g, "g5"));
        assert_eq!(vote_silenced(&g, "g7"), true);
        assert_eq!(vote_silenced(&g, "g6"), false);
        let seat_view = g.view_for("g7").expect("a view");
        assert_eq!(
            g.variant().seat_sheet(&seat_view, false).notes,
            [Message::key("cl-seat-note-silenced-dark").rule("R5-4")]
        );
        // By day: no silence.
        assert_eq!(submit(&mut g, "g5", act("silence", "g6")), Some("not_now"));
        assert!(g.seat_now("g5").expect("a seat").allowed.is_empty());
        // Himself (R5-1: the ban does not name the forest elder).
        let mut g = TABLE.game("delder-self");
        let lines = night_acts(&mut g, &[("g5", "silence", "g5")]);
        assert_eq!(told(&lines), [json!(["g5", dark_silenced()])]);
        assert!(silenced(&g, "g5"));
        // The forms: the silence after the classic roles', a living seat, himself too.
        assert_forms(
            TABLE.table("delder-forms", |_| {}),
            &["kill", "check", "silence", "explode", "surrender", "vote"],
            "silence",
            crate::FieldInput::LivingSeat,
        );
        // Out: no silence, nothing owed. CL-8: he never self-explodes.
        let mut g = TABLE.game("delder-dead");
        assert_eq!(
            submit(&mut g, "g5", json!({"type": "explode"})),
            Some("not_your_role")
        );
        killed_acts_no_more(&mut g, "g5", "silence", "g6");
        // 东杀 itself: no such role, `silence` refused as another game's.
        foreign_at_dongsha("silence");
    }

    /// R5-4 with CL-5 and CL-7: the seat the dark elder silenced has no ordered speech (the
    /// turns pass over it, the order kept), no PK speech when tied, none in the second tie's
    /// round of the others, and may post at no turn of the day; the next day it speaks again.
    #[test]
    fn r5_4_cl_5_cl_7_the_silenced_seat_neither_speaks_nor_posts() {
        let mut g = TABLE.game("delder-speeches");
        night_acts(
            &mut g,
            &[
                ("g1", "kill", "g6"),
                ("g2", "kill", "g6"),
                ("g5", "silence", "g8"),
            ],
        );
        assert_eq!(g.current_phase().kind, "last_words", "g6: the first out");
        assert!(!g.may_post("g8"));
        g.resolve_phase();
        assert_eq!(
            turns(&mut g, "g8"),
            ids(&["g7", "g9", "g1", "g2", "g3", "g4", "g5"]),
            "from the seat after g6, g8 passed over"
        );
        assert_eq!(g.current_phase().kind, "vote");
        assert!(!g.may_post("g8"));
        // Tied: no PK speech; the second tie's round of the others passes over it too.
        let mut g = TABLE.game("delder-pk");
        night_acts(&mut g, &[("g5", "silence", "g8")]);
        to_vote(&mut g);
        cast(&mut g, &[("g1", "g8"), ("g2", "g9")]);
        g.resolve_phase();
        assert_eq!(g.current_phase().kind, "pk");
        assert_eq!(turns(&mut g, "g8"), ids(&["g9"]), "the tied g8 gives none");
        cast(&mut g, &[("g1", "g8"), ("g2", "g9")]);
        g.resolve_phase();
        assert_eq!(
            turns(&mut g, "g8"),
            ids(&["g1", "g2", "g3", "g4", "g5", "g6", "g7"]),
            "every other living seat but the tied"
        );
        let mut g = TABLE.game("delder-pk-others");
        night_acts(&mut g, &[("g5", "silence", "g8")]);
        to_vote(&mut g);
        cast(&mut g, &[("g1", "g6"), ("g2", "g7")]);
        g.resolve_phase();
        assert_eq!(turns(&mut g, "g8"), ids(&["g6", "g7"]));
        cast(&mut g, &[("g1", "g6"), ("g2", "g7")]);
        g.resolve_phase();
        assert_eq!(
            turns(&mut g, "g8"),
            ids(&["g1", "g2", "g3", "g4", "g5", "g9"]),
            "g8 passed over among the others"
        );
        // The next day it speaks and posts in its turn.
        to_night(&mut g);
        assert!(!silenced(&g, "g8"), "the night after");
        g.resolve_phase();
        let mut speakers = Vec::new();
        while g.current_phase().kind == "speech" {
            let s = g.table_now().speaker.clone().expect("a speaker");
            assert!(g.may_post(&s));
            speakers.push(s);
            g.resolve_phase();
        }
        assert!(speakers.contains(&"g8".to_string()), "{speakers:?}");
    }

    /// R5-4 with CL-6: the silenced seat does not vote — its ballot and its abstention are
    /// refused `silenced` after the vote's own checks, it owes none and has no `vote` among its
    /// actions; the published ballots list it as a seat that cast none, the same line as an
    /// abstainer's (nothing more public); it may still be voted out, and then leaves no last
    /// words, though it is among the first seats out (2 police dealt), where an unsilenced seat
    /// leaves them. The next day it votes again.
    #[test]
    fn r5_4_cl_6_the_silenced_seat_does_not_vote_and_voted_out_leaves_no_last_words() {
        let mut g = TABLE.game("delder-votes");
        night_acts(&mut g, &[("g5", "silence", "g8")]);
        assert_eq!(
            submit(&mut g, "g8", json!({"type": "vote", "target": "g9"})),
            Some("not_now"),
            "the vote's own checks first"
        );
        to_vote(&mut g);
        let s = g.seat_now("g8").expect("a seat");
        assert!(
            s.silenced && !s.owes.ballot && !s.allowed.contains(&"vote"),
            "{s:?}"
        );
        assert!(!g.owing().iter().any(|o| o == "g8"), "it owes nothing");
        assert_eq!(
            submit(&mut g, "g8", json!({"type": "vote", "target": "nobody"})),
            Some("bad_target")
        );
        for ballot in [json!("g9"), Value::Null] {
            assert_eq!(
                submit(&mut g, "g8", json!({"type": "vote", "target": ballot})),
                Some("silenced"),
                "{ballot}"
            );
        }
        cast(
            &mut g,
            &[("g1", "g8"), ("g2", "g8"), ("g3", "g9"), ("g9", "g1")],
        );
        let lines = public(g.resolve_phase());
        assert_eq!(lines[0]["ballots"]["g8"], Value::Null, "{lines:?}");
        assert_eq!(
            lines[1],
            json!({"type": "out", "target": "g8", "cause": "voted"})
        );
        assert_eq!(g.current_phase().kind, "night", "no last words (R5-4)");
        // Privacy: the day with g8 silenced publishes what the same day with g8 unsilenced
        // and abstaining publishes.
        let day = |name: &str, silence: bool| {
            let mut g = TABLE.game(name);
            let acts: &[(&str, &str, &str)] = if silence {
                &[("g5", "silence", "g8")]
            } else {
                &[]
            };
            night_acts(&mut g, acts);
            to_vote(&mut g);
            if !silence {
                let abstain = json!({"type": "vote", "target": null});
                assert_eq!(submit(&mut g, "g8", abstain), None);
            }
            cast(&mut g, &[("g1", "g9"), ("g2", "g9"), ("g3", "g9")]);
            public(g.resolve_phase())
        };
        assert_eq!(
            day("delder-votes-silenced", true),
            day("delder-votes-abstains", false)
        );
        // Unsilenced, the first seat out leaves words; its ballot counts.
        let mut g = TABLE.game("delder-votes-words");
        night_acts(&mut g, &[("g5", "silence", "g9")]);
        to_vote(&mut g);
        cast(&mut g, &[("g1", "g8"), ("g2", "g8"), ("g8", "g7")]);
        let lines = public(g.resolve_phase());
        assert_eq!(lines[0]["ballots"]["g8"], "g7");
        assert_eq!(g.current_phase().kind, "last_words");
        assert_eq!(g.table_now().speaker.as_deref(), Some("g8"));
        // In a revote (CL-7) it does not vote either; the next day it does.
        let mut g = TABLE.game("delder-votes-revote");
        night_acts(&mut g, &[("g5", "silence", "g8")]);
        to_vote(&mut g);
        cast(&mut g, &[("g1", "g6"), ("g2", "g7")]);
        g.resolve_phase();
        to_vote(&mut g);
        assert_eq!(
            submit(&mut g, "g8", json!({"type": "vote", "target": "g6"})),
            Some("silenced")
        );
        to_night(&mut g);
        g.resolve_phase();
        to_vote(&mut g);
        assert_eq!(vote_silenced(&g, "g8"), false);
        assert_eq!(
            submit(&mut g, "g8", json!({"type": "vote", "target": "g6"})),
            None
        );
    }

    /// R5-4 with CL-8: a killer the dark elder silenced may not self-explode that day (refused
    /// `silenced`), nor vote; the other killer may explode.
    #[test]
    fn r5_4_cl_8_a_silenced_killer_may_not_self_explode() {
        let explode = json!({"type": "explode"});
        let mut g = TABLE.game("delder-explode");
        night_acts(&mut g, &[("g5", "silence", "g1")]);
        assert_eq!(submit(&mut g, "g1", explode.clone()), Some("silenced"));
        to_vote(&mut g);
        assert_eq!(submit(&mut g, "g1", explode.clone()), Some("silenced"));
        assert_eq!(
            submit(&mut g, "g1", json!({"type": "vote", "target": "g6"})),
            Some("silenced")
        );
        assert_eq!(submit(&mut g, "g2", explode), None);
        assert_eq!(g.current_phase().kind, "night");
    }

    /// R5-3 (2), (3): the magic runs first and strikes a magicked dark elder's silence (nobody
    /// silenced or told); magic on another seat, the silenced one too, leaves it.
    #[test]
    fn r5_3_2_magic_on_the_dark_elder_strikes_his_silence() {
        let both = RoleTable(&[("magician", "magicians"), ("dark_elder", "dark_elders")]);
        for (name, magicked, lands) in [
            ("delder-magic-elder", "g6", false),
            ("delder-magic-else", "g7", true),
            ("delder-magic-silenced", "g8", true),
        ] {
            let mut g = both.game(name);
            let lines = night_acts(
                &mut g,
                &[("g6", "silence", "g8"), ("g5", "magic", magicked)],
            );
            assert_eq!(silenced(&g, "g8"), lands, "{name}");
            let expected: Vec<Value> = if lands {
                vec![json!(["g8", dark_silenced()])]
            } else {
                Vec::new()
            };
            assert_eq!(told(&lines), expected, "{name}: nobody told of the magic");
            assert_eq!(public(lines), [peaceful()], "{name}");
        }
    }

    /// R5-3 (3), (5): a silence on a seat that dies this night is moot (nobody silenced, nobody
    /// told); a dark elder killed this night still silences. The classic butterfly is 4.0's:
    /// its hug does not shield the hugged seat from the silence, and a silence on the
    /// butterfly silences the butterfly alone.
    #[test]
    fn r5_3_a_silence_on_a_dying_seat_is_moot_and_a_dying_elder_still_silences() {
        let mut g = TABLE.game("delder-moot");
        let lines = night_acts(
            &mut g,
            &[
                ("g1", "kill", "g7"),
                ("g2", "kill", "g7"),
                ("g5", "silence", "g7"),
            ],
        );
        assert!(told_of(&lines, "silenced").is_empty());
        assert_eq!(public(lines), [out("g7")]);
        assert!((1..=9).all(|i| !silenced(&g, &format!("g{i}"))));
        let mut g = TABLE.game("delder-dies");
        let lines = night_acts(
            &mut g,
            &[
                ("g1", "kill", "g5"),
                ("g2", "kill", "g5"),
                ("g5", "silence", "g8"),
            ],
        );
        assert_eq!(
            told_of(&lines, "silenced"),
            [json!(["g8", dark_silenced()])]
        );
        assert_eq!(public(lines), [out("g5")]);
        assert!(silenced(&g, "g8"));
        // The hug: the butterfly g5, the dark elder g6.
        let hug = RoleTable(&[("butterfly", "butterflies"), ("dark_elder", "dark_elders")]);
        let mut g = hug.game("delder-hugged");
        let lines = night_acts(&mut g, &[("g5", "hug", "g8"), ("g6", "silence", "g8")]);
        assert_eq!(
            told_of(&lines, "silenced"),
            [json!(["g8", dark_silenced()])]
        );
        let mut g = hug.game("delder-butterfly");
        let lines = night_acts(&mut g, &[("g5", "hug", "g8"), ("g6", "silence", "g5")]);
        assert_eq!(
            told_of(&lines, "silenced"),
            [json!(["g5", dark_silenced()])]
        );
        assert!(!silenced(&g, "g8"));
    }

    /// Both elders at one table: each silence lands with its own book's effect — 4.0's seat
    /// keeps its vote (R4-5), his loses it (R5-4) —, each told by its own step (4.0's first);
    /// a seat both silence does not vote (the stricter), is told twice, and its page notes the
    /// stricter silence.
    #[test]
    fn r4_5_r5_4_both_elders_silence_each_with_its_own_effect() {
        let mut g = BOTH.game("delder-both");
        let lines = night_acts(&mut g, &[("g6", "silence", "g8"), ("g5", "silence", "g7")]);
        assert_eq!(
            told_of(&lines, "silenced"),
            [
                json!(["g7", {"type": "silenced"}]),
                json!(["g8", dark_silenced()])
            ]
        );
        assert!(silenced(&g, "g7") && silenced(&g, "g8"));
        assert_eq!(vote_silenced(&g, "g7"), false);
        let seat_view = g.view_for("g7").expect("a view");
        assert_eq!(
            g.variant().seat_sheet(&seat_view, false).notes,
            [Message::key("cl-seat-note-silenced").rule("R4-5")]
        );
        to_vote(&mut g);
        assert_eq!(
            submit(&mut g, "g7", json!({"type": "vote", "target": "g9"})),
            None
        );
        assert_eq!(
            submit(&mut g, "g8", json!({"type": "vote", "target": "g9"})),
            Some("silenced")
        );
        // One seat silenced by both.
        let mut g = BOTH.game("delder-both-one");
        let lines = night_acts(&mut g, &[("g5", "silence", "g8"), ("g6", "silence", "g8")]);
        assert_eq!(
            told_of(&lines, "silenced"),
            [
                json!(["g8", {"type": "silenced"}]),
                json!(["g8", dark_silenced()])
            ]
        );
        let seat_view = g.view_for("g8").expect("a view");
        assert_eq!(
            g.variant().seat_sheet(&seat_view, false).notes,
            [Message::key("cl-seat-note-silenced-dark").rule("R5-4")]
        );
        to_vote(&mut g);
        assert_eq!(
            submit(&mut g, "g8", json!({"type": "vote", "target": "g9"})),
            Some("silenced")
        );
        // The forms: one `silence` for both.
        assert_forms(
            BOTH.table("delder-both-forms", |_| {}),
            &["kill", "check", "silence", "explode", "surrender", "vote"],
            "silence",
            crate::FieldInput::LivingSeat,
        );
    }

    /// R5-4 with R5-3 (5): a good civilian the dark elder silences still has its dark vote of
    /// the same night counted in the first round (cast at night, landing at once with the
    /// silence); only its ballot is taken: nobody casting one, the dark vote's seat is out.
    #[test]
    fn r5_4_a_silenced_civilians_dark_vote_counts() {
        let both = RoleTable(&[
            ("good_civilian", "good_civilians"),
            ("dark_elder", "dark_elders"),
        ]);
        let mut g = both.game("delder-civilian");
        night_acts(
            &mut g,
            &[("g5", "dark_vote", "g9"), ("g6", "silence", "g5")],
        );
        assert!(silenced(&g, "g5"));
        to_vote(&mut g);
        assert_eq!(
            submit(&mut g, "g5", json!({"type": "vote", "target": "g9"})),
            Some("silenced")
        );
        let lines = public(g.resolve_phase());
        assert!(
            lines.contains(&json!({"type": "out", "target": "g9", "cause": "voted"})),
            "{lines:?}"
        );
    }

    /// R5-2 without a magician (one not dealt counts as out): every killer out, the dark elder
    /// holds the kill, told at once, once; his action is `kill` instead of `silence` (refused
    /// `not_your_role`), owed; his view says `holds_kill` without `not_self` and his page the
    /// elder's note (R5-1: the ban does not name him, so his kill may name himself); his kill
    /// kills; CL-8: he never self-explodes.
    #[test]
    fn r5_2_the_dark_elder_holds_the_kill_once_the_killers_are_out() {
        let mut g = TABLE.game("delder-heir");
        g.resolve_phase();
        vote_out(&mut g, "g1");
        to_night(&mut g);
        assert_eq!(g.seat_now("g5").expect("a seat").allowed, ["silence"]);
        g.resolve_phase();
        let lines = vote_out(&mut g, "g2");
        assert_eq!(told(&lines), [json!(["g5", {"type": "kill_inherited"}])]);
        assert_eq!(g.outcome(), None, "he stands for the killers");
        to_night(&mut g);
        let s = g.seat_now("g5").expect("the heir");
        assert_eq!(s.allowed, ["kill"]);
        assert!(s.owes.action);
        let seat_view = g.view_for("g5").expect("a view");
        assert_eq!(seat_view.json()["holds_kill"], true);
        assert!(seat_view.json().get("not_self").is_none());
        assert_eq!(
            g.variant().seat_sheet(&seat_view, false).notes,
            [Message::key("cl-seat-note-holds-kill-dark").rule("R5-2")]
        );
        assert_eq!(
            submit(&mut g, "g5", act("silence", "g6")),
            Some("not_your_role")
        );
        assert_eq!(submit(&mut g, "g5", act("kill", "g5")), None, "himself");
        assert_eq!(submit(&mut g, "g5", act("kill", "g6")), None, "replaced");
        let lines = g.resolve_phase();
        assert_eq!(public(lines.clone()), [out("g6")]);
        assert!(told(&lines).is_empty(), "told once");
        assert_eq!(
            submit(&mut g, "g5", json!({"type": "explode"})),
            Some("not_your_role")
        );
    }

    /// R5-2's line killers → magician → dark elder → wizard: every killer out, the magician
    /// holds the kill (the elder still silences, the wizard queries); the magician out too,
    /// the elder holds it and is told at once, the wizard still queries; the elder out too,
    /// the wizard holds it. Without a magician the elder holds it right after the killers,
    /// the wizard still querying.
    #[test]
    fn r5_2_the_kill_passes_killers_magician_dark_elder_wizard() {
        let inherited = |lines: &[Line]| -> Vec<Value> {
            told_of(lines, "kill_inherited")
                .into_iter()
                .map(|t| t[0].clone())
                .collect()
        };
        let allowed = |g: &Game, s: &str| g.seat_now(s).expect("a seat").allowed;
        let mut g = HEIRS.game("delder-line");
        g.resolve_phase();
        vote_out(&mut g, "g1");
        to_night(&mut g);
        g.resolve_phase();
        assert_eq!(inherited(&vote_out(&mut g, "g2")), ["g5"], "the magician");
        to_night(&mut g);
        assert_eq!(allowed(&g, "g5"), ["kill"]);
        assert_eq!(allowed(&g, "g6"), ["silence"]);
        assert_eq!(allowed(&g, "g7"), ["query"]);
        g.resolve_phase();
        let lines = vote_out(&mut g, "g5");
        assert_eq!(
            kinds(&lines),
            [
                json!("votes"),
                json!("out"),
                json!(["g6", "kill_inherited"])
            ]
        );
        to_night(&mut g);
        assert_eq!(allowed(&g, "g6"), ["kill"]);
        assert_eq!(allowed(&g, "g7"), ["query"], "not while the elder lives");
        let lines = night_acts(&mut g, &[("g6", "kill", "g8"), ("g7", "query", "g6")]);
        assert_eq!(public(lines.clone()), [out("g8")]);
        assert_eq!(
            told(&lines),
            [json!(["g7", {"type": "query_result", "target": "g6", "acted_on": "g8"}])],
            "the wizard's query names the heir's kill"
        );
        let lines = vote_out(&mut g, "g6");
        assert_eq!(inherited(&lines), ["g7"], "then the wizard");
        assert_eq!(g.outcome(), None);
        to_night(&mut g);
        assert_eq!(allowed(&g, "g7"), ["kill"]);
        // Without a magician: the elder right after the killers; the wizard still queries.
        let pair = RoleTable(&[("dark_elder", "dark_elders"), ("wizard", "wizards")]);
        let mut g = pair.game("delder-line-no-magician");
        g.resolve_phase();
        vote_out(&mut g, "g1");
        to_night(&mut g);
        g.resolve_phase();
        assert_eq!(inherited(&vote_out(&mut g, "g2")), ["g5"]);
        to_night(&mut g);
        assert_eq!(allowed(&g, "g5"), ["kill"]);
        assert_eq!(allowed(&g, "g6"), ["query"]);
        // The elder killed while a killer lives never holds it: the wizard is told at once
        // when the last killer goes out.
        let mut g = pair.game("delder-line-skipped");
        g.resolve_phase();
        vote_out(&mut g, "g1");
        to_night(&mut g);
        night_acts(&mut g, &[("g2", "kill", "g5")]);
        assert_eq!(inherited(&vote_out(&mut g, "g2")), ["g6"]);
    }

    /// R5-3 (4): a check of him reads `killer`; R5-5 with CL-10: good wins only once he is out
    /// too, he loses with the killers and the reveal names him; the killers win with him when
    /// the police are all out.
    #[test]
    fn r5_5_good_wins_only_with_the_dark_elder_out_too() {
        good_wins_only_with_the_heir_out(&mut TABLE.game("delder-good"), "dark_elder");
        killers_win_with(&mut TABLE.game("delder-killers"), "dark_elder");
    }

    /// CL-9: the dark elder never surrenders (he is in no team) and does not keep the killers'
    /// team standing.
    #[test]
    fn cl_9_the_dark_elder_never_surrenders_nor_keeps_the_killers_standing() {
        never_surrenders_nor_keeps_the_killers_standing(&mut TABLE.game("delder-cl9"));
    }

    /// A classic table deals one dark elder at most (R5-2: one heir of each; `setup-role-one`),
    /// and the night must call him.
    #[test]
    fn r5_2_one_dark_elder_per_table() {
        one_per_table(TABLE.document());
    }

    /// A fixed deal names him (`dark_elders`, drawn after `evil_civilians` and `needle_doctors`,
    /// before `shield_butterflies`); a wrong
    /// count or a seat dealt twice is refused; the draw deals one, the other roles' seats drawn
    /// as at the same table without him. 东杀 has no such key.
    #[test]
    fn r5_1_a_fixed_deal_names_the_dark_elders() {
        let v = TABLE.table("delder-deal", |_| {});
        names_its_seats(
            v,
            &TABLE.deal(),
            &[
                (dongsha_deal(json!({})), "deals 1 dark_elder(s), not 0"),
                (
                    dongsha_deal(json!({"dark_elders": ["g3"]})),
                    "\"g3\" is a police and a dark_elder",
                ),
            ],
            // The draw's keys as its object lists them (alphabetically).
            &["dark_elders", "killers", "police"],
            &[("dark_elders", 1)],
            "dark_elders",
        );
        // After the evil civilian's key: the same civilian as without him.
        drawn_after(
            "evil_civilian",
            "evil_civilians",
            "dark_elder",
            "delder-deal-evil",
        );
        // After the needle doctor's key: the same needle doctor as without him.
        drawn_after(
            "needle_doctor",
            "needle_doctors",
            "dark_elder",
            "delder-deal-needle",
        );
    }

    /// A replay scenario of a dark elder's table (`document` in place of `variant`,
    /// replay.md): the silence is taken with the night's actions (`silence_recorded`), the
    /// silenced seat is told (`silenced`, `votes: false`); its explosion and its ballot are
    /// refused `silenced`. At 东杀 the key is ignored and the silence refused `not_your_role`.
    #[test]
    fn r5_4_a_replay_of_a_dark_elder_table_silences() {
        let acts = json!([{"submit": [
            {"by": "g5", "action": {"type": "silence", "target": "g1"}},
            {"by": "g1", "action": {"type": "explode"}},
            {"by": "g1", "action": {"type": "vote", "target": "g9"}}
        ]}]);
        let scenario = scenario(TABLE.document(), 9, TABLE.deal(), acts);
        let lines = replay(&scenario);
        let has = |l: Value| lines.contains(&l);
        assert!(
            has(json!({"kind": "reply", "act": 1, "by": "g5", "ok": true,
                           "reply": {"type": "silence_recorded"}})),
            "{lines:?}"
        );
        assert!(has(json!({"kind": "private", "act": 1, "to": "g1",
                           "event": {"type": "silenced", "votes": false}})));
        let refused = lines
            .iter()
            .filter(|l| {
                **l == json!({"kind": "reply", "act": 1, "by": "g1", "ok": false,
                              "error": "silenced"})
            })
            .count();
        assert_eq!(refused, 2, "the explosion and the ballot: {lines:?}");
        let lines = replay(&at_dongsha(&scenario));
        assert!(
            lines.contains(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": false,
                                       "error": "not_your_role"}))
        );
    }

    /// A table without a dark elder is unchanged: 东杀 has no `vote_silenced` on a view and
    /// `silence` is another game's type there; a table's draw is the same with or without him
    /// but for his `dark_elders` key (drawn from the same shuffle, after the others); 4.0's
    /// elder's table says no `vote_silenced` and its silenced seat votes.
    #[test]
    fn a_table_without_a_dark_elder_is_unchanged() {
        let g = dongsha_game();
        let view = g.view_for("g5").expect("a view");
        assert!(view.json().get("vote_silenced").is_none());
        assert!(view.json().get("silenced").is_none());
        let four = ["butterfly", "secret_police", "doctor", "sniper", "elder"];
        let without = across_table(&four, 11, "delder-draw-without");
        let five = [&four[..], &["dark_elder"]].concat();
        let with = across_table(&five, 11, "delder-draw-with");
        for seed in 0..20 {
            let mut table_drawn = drawn(with, 11, seed);
            let elders = table_drawn
                .as_object_mut()
                .and_then(|m| m.remove("dark_elders"))
                .expect("the dark elders drawn");
            assert_eq!(elders.as_array().map(Vec::len), Some(1));
            assert_eq!(table_drawn, drawn(without, 11, seed), "seed {seed}");
        }
        let elder = RoleTable(&[("elder", "elders")]);
        let mut g = elder.game("delder-none-elder");
        night_acts(&mut g, &[("g5", "silence", "g8")]);
        assert!(
            g.view_for("g8")
                .expect("a view")
                .json()
                .get("vote_silenced")
                .is_none()
        );
        to_vote(&mut g);
        assert!(g.seat_now("g8").expect("a seat").owes.ballot);
        assert_eq!(
            submit(&mut g, "g8", json!({"type": "vote", "target": "g9"})),
            None
        );
        assert!(alive(&g, "g8"));
    }

    /// The bots play a dark elder's table to the end — the elder silencing a random other
    /// living seat most nights, killing once he holds the kill; the seat he silenced casting no
    /// ballot —, the same games for the same seeds, with both sides winning some; so do the
    /// table of the three heirs and the table of both elders.
    #[test]
    fn r5_1_bots_play_a_dark_elder_table_to_the_end() {
        for (v, seats) in [
            (TABLE.table("delder-bots", |_| {}), 9),
            (HEIRS.table("delder-bots-heirs", |_| {}), 9),
            (BOTH.table("delder-bots-both", |_| {}), 9),
        ] {
            bots_win_on_both_sides(v, seats);
        }
    }
}
