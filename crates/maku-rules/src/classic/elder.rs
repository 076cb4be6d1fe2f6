//! 4.0's forest elder (森林老人) at a classic table: a role of another book played by the
//! classic engine as a module (`docs/setups.md`, "Roles across books"), the fifth after 4.0's
//! doctor, 5.0's sniper and 4.0's butterfly and secret police. A judge's own classic setup may
//! deal it (one at most: the 4.0 book reads one elder, R4-3, `setup-role-one`); it plays by
//! `../shared/rules/roles.md`:
//! - R4-2: it learns nobody and sits in no team thread;
//! - R4-3: each night it may `silence` one living seat, itself allowed, and replace its silence
//!   until the night ends (the last counts);
//! - R4-4 (5): the silence is applied with the check, after the night's deaths: a silence on a
//!   seat that dies this night is moot (nobody is silenced, nobody told); 4.0's hug voids kills
//!   only (R4-4 (1)), so its hugged seat is silenced all the same (5.0's, `shield.rs`, shields
//!   its hugged seat from the silence, and a silence on that butterfly lands on the hugged seat
//!   too: R5-3 (1), (3)); an elder who dies this night
//!   still silences (R4-4 resolves every action of the night, as the role games do: a dead
//!   elder's submitted silence counts, as a killer killed tonight still counted for the kill);
//! - R4-5: the silenced seat may not post or speak the next day; it still votes.
//!
//! Readings of R4-5 for the classic day (CL-4..CL-9) that follows the night:
//! - CL-5: the silenced seat has no ordered speech: it is passed over, as the role games pass
//!   it (it alone was told why, `silenced`; the order itself keeps it, so the turns after it are
//!   the same seats'). In free speeches it may not post (`SeatNow::may_post`, and the engine
//!   answers `SeatNow::silenced`, by which the server refuses its posts in the game thread).
//! - CL-6, CL-7: it still votes, in every round, and owes its ballot as any seat; it gives no
//!   PK speech when tied, and does not speak in the second tie's "every living seat except the
//!   tied" round.
//! - CL-4: voted out that day it leaves no last words (still counted among the seats out, so
//!   the police dealt are counted as ever).
//! - CL-8: a silenced killer may not self-explode that day — an explosion is spoken (爆匪: the
//!   killer declares himself) — refused `silenced` (the role games' code for what a silenced
//!   seat may not do), after the day's own checks (`not_your_role`, `not_now`). CL-9: a
//!   surrender is at night, when no seat is silenced: unaffected.
//! - The silence lasts that one day: it ends when the next act opens.
//! - The elder counts among the civilians of CL-10 (and CL-11) and wins with good (a good
//!   seat outside the teams, dealt in a civilian's place); a check of it reads `not_killer`.
//!
//! Its night step runs in `night.rs`'s list, its day in the engine's day (`state.rs`,
//! `vote.rs`, `submit.rs`, `view.rs`); its action, form, view, deal and bot are with the others
//! of the engine (`Action::Silence`, `forms::SILENCE`, `elders` in a fixed setup).

use super::event::{Audience, Event};
use super::night::Resolution;
use super::shield;
use super::state::Game;

/// R4-4 (5): the silence lands after the night's deaths, on its seat if it is alive at dawn
/// (a silence on a seat that died tonight is moot), and the seat is told (R4-5: for the day).
/// At a table of 5.0's butterfly (R5-3 (1), (3): `shield.rs`) a silence aimed at the hugged
/// seat has no effect, and one on the butterfly lands on the hugged seat too (each alive at
/// dawn is silenced and told, the butterfly first).
pub(super) fn silence(g: &mut Game, n: &mut Resolution) {
    let Some(s) = n.silence else { return };
    for t in shield::lands(g, n, s).iter() {
        if g.is_alive(t) && !n.dead.contains(&t) {
            g.silenced.push(t);
            g.say(Audience::Seat(t), Event::Silenced { votes: true });
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::classic::doctor::tests::{
        RoleTable, across_table, assert_forms, at_dongsha, bots_play, cast, config, dealt_by_draw,
        dongsha_deal, dongsha_game, dongsha_ignores, drawn, foreign_at_dongsha, ids,
        killed_acts_no_more, one_per_table, out, peaceful, public, refuses, replay, scenario,
        seat_ids, silenced, started, submit, to_night, to_vote, turns,
    };
    use crate::{Game, Line};

    /// 东杀 with one forest elder (R4-3), called at night after the killers and the police; its
    /// game: 9 seats g1..g9, killers g1 g2, police g3 g4, the elder g5, civilians g6..g9.
    const TABLE: RoleTable = RoleTable(&[("elder", "elders")]);

    /// The same with free speeches (CL-5's `free` option).
    fn free_game(name: &str) -> Game {
        let mut c = config(TABLE.table(name, |_| {}), 9, Some(TABLE.deal()));
        c.options = json!({"speeches": "free"});
        Game::start(&c).expect("it starts")
    }

    /// One night: the killers' kill on `victim` (both killers) and the elder's silence of
    /// `silenced`, resolved; the lines it published.
    fn night(g: &mut Game, victim: Option<&str>, silenced: Option<&str>) -> Vec<Line> {
        assert_eq!(g.current_phase().kind, "night");
        if let Some(v) = victim {
            for by in ["g1", "g2"] {
                assert_eq!(submit(g, by, json!({"type": "kill", "target": v})), None);
            }
        }
        if let Some(s) = silenced {
            let a = json!({"type": "silence", "target": s});
            assert_eq!(submit(g, "g5", a), None);
        }
        g.resolve_phase()
    }

    /// The seats told `silenced` among `lines`.
    fn told_silenced(lines: &[Line]) -> Vec<String> {
        lines
            .iter()
            .filter_map(|l| match l {
                Line::Private { to, event, .. } if event.json()["type"] == "silenced" => {
                    Some(to.clone())
                }
                _ => None,
            })
            .collect()
    }

    /// R4-3, R4-4 (5): the elder's silence lands at the night's end on a living seat, which is
    /// told (`silenced`, it alone) and is silenced for the day (`SeatNow::silenced`, its view and
    /// page say so); replaceable until the night ends, the last counting; itself allowed.
    #[test]
    fn r4_4_5_the_silence_is_applied_at_the_nights_end() {
        let mut g = TABLE.game("elder-silences");
        assert_eq!(
            submit(&mut g, "g5", json!({"type": "silence", "target": "g8"})),
            None
        );
        assert!(!silenced(&g, "g8"), "not before the night ends");
        let lines = night(&mut g, Some("g6"), Some("g7"));
        assert_eq!(told_silenced(&lines), ["g7"], "the last counts");
        assert_eq!(public(lines), vec![out("g6")]);
        for s in ["g1", "g5", "g6", "g8"] {
            assert!(!silenced(&g, s), "{s}");
        }
        assert!(silenced(&g, "g7"));
        let view = g.view_for("g7").expect("a view");
        assert_eq!(view.json()["silenced"], true);
        let sheet = g.variant().seat_sheet(&view, false);
        assert_eq!(
            sheet.notes,
            [crate::message::Message::key("cl-seat-note-silenced").rule("R4-5")]
        );
        assert_eq!(g.view_for("g8").expect("a view").json()["silenced"], false);
        // Itself allowed (R4-3).
        let mut g = TABLE.game("elder-self");
        let lines = night(&mut g, None, Some("g5"));
        assert_eq!(told_silenced(&lines), ["g5"]);
        assert!(silenced(&g, "g5"));
    }

    /// R4-3, R4-2: only the living elder silences, at night, a living seat; refused in the
    /// book's order otherwise. Its form, allowed actions, what it owes and its view (its own
    /// silence; no team) follow. The reveal names the role; it wins with good (CL-10: among
    /// the civilians) and a check of it reads `not_killer`.
    #[test]
    fn r4_3_only_the_living_elder_silences_a_living_seat_at_night() {
        let silence = |t: &str| json!({"type": "silence", "target": t});
        let mut g = TABLE.game("elder-only");
        for by in ["g1", "g3", "g6"] {
            assert_eq!(
                submit(&mut g, by, silence("g7")),
                Some("not_your_role"),
                "{by}"
            );
            let allowed = g.seat_now(by).expect("a seat").allowed;
            assert!(!allowed.contains(&"silence"), "{by}: {allowed:?}");
        }
        let e = g.seat_now("g5").expect("the elder");
        assert_eq!(e.role, "elder");
        assert_eq!(e.allowed, ["silence"]);
        assert!(e.teams.is_empty(), "R4-2: no team thread");
        assert!(e.owes.action, "owed each night until sent, as a save");
        assert_eq!(submit(&mut g, "g5", silence("nobody")), Some("bad_target"));
        assert_eq!(submit(&mut g, "g5", silence("g7")), None);
        assert!(!g.seat_now("g5").expect("the elder").owes.action);
        let view = g.view_for("g5").expect("a view");
        assert_eq!(view.json()["silence"], "g7");
        assert!(view.json().get("team").is_none(), "R4-2: it learns nobody");
        let sheet = g.variant().seat_sheet(&view, false);
        assert_eq!(sheet.role, crate::message::Message::key("role-elder"));
        assert_eq!(sheet.chosen, [("silence", "target", "g7".to_string())]);
        assert!(
            g.view_for("g7")
                .expect("a view")
                .json()
                .get("silence")
                .is_none()
        );
        assert_eq!(
            submit(&mut g, "g3", json!({"type": "check", "target": "g5"})),
            None
        );
        let lines = g.resolve_phase();
        assert!(
            lines
                .iter()
                .any(|l| matches!(l, Line::Private { to, event, .. }
            if to == "g3" && event.json()["result"] == "not_killer"))
        );
        assert_eq!(submit(&mut g, "g5", silence("g7")), Some("not_now"));
        assert!(g.seat_now("g5").expect("a seat").allowed.is_empty());
        // The elder out: no silence, nothing owed.
        to_night(&mut g);
        killed_acts_no_more(&mut g, "g5", "silence", "g7");
        // The forms: the silence after the other books' roles, a living seat, itself too.
        assert_forms(
            TABLE.table("elder-forms", |_| {}),
            &["kill", "check", "silence", "explode", "surrender", "vote"],
            "silence",
            crate::FieldInput::LivingSeat,
        );
        // The reveal names it; it wins with good.
        let reveal = g.reveal_now();
        let seats = reveal["seats"].as_array().expect("seats");
        assert_eq!(seats[4]["role"], "elder");
        assert_eq!(
            g.seat_record("g5", Some("good")).map(|r| (r.role, r.won)),
            Some(("elder", Some(true)))
        );
        assert_eq!(
            g.seat_record("g5", Some("killers")).map(|r| r.won),
            Some(Some(false))
        );
    }

    /// R4-5, CL-5: the silenced seat's ordered speech is skipped (the turns pass over it, the
    /// order kept), and it may not post at any turn of the day; the other seats speak as ever.
    /// In free speeches it may not post in the discussion nor in a free vote, while the others
    /// may.
    #[test]
    fn r4_5_cl_5_the_silenced_seat_has_no_speech_and_may_not_post() {
        let mut g = TABLE.game("elder-speeches");
        night(&mut g, Some("g6"), Some("g8"));
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
        // Free speeches.
        let mut g = free_game("elder-free");
        night(&mut g, None, Some("g8"));
        assert_eq!(g.current_phase().kind, "discussion");
        assert!(!g.may_post("g8"));
        assert!(g.may_post("g7") && g.may_post("g5"));
        g.resolve_phase();
        assert_eq!(g.current_phase().kind, "vote");
        assert!(!g.may_post("g8"), "a free vote: not the silenced seat");
        assert!(g.may_post("g7"));
    }

    /// R4-5, CL-6: the silenced seat still votes (it owes its ballot, may cast it, and it is
    /// counted and published); CL-4: voted out that day it leaves no last words, though it is
    /// among the first seats out (2 police dealt), where an unsilenced seat leaves them.
    #[test]
    fn r4_5_cl_6_the_silenced_seat_votes_and_voted_out_leaves_no_last_words() {
        let mut g = TABLE.game("elder-votes");
        night(&mut g, None, Some("g8"));
        to_vote(&mut g);
        let s = g.seat_now("g8").expect("a seat");
        assert!(s.silenced && s.owes.ballot && s.allowed.contains(&"vote"));
        cast(
            &mut g,
            &[("g8", "g9"), ("g1", "g8"), ("g2", "g8"), ("g3", "g8")],
        );
        let lines = public(g.resolve_phase());
        let ballots = &lines[0]["ballots"];
        assert_eq!(ballots["g8"], "g9", "its ballot is counted: {lines:?}");
        assert_eq!(
            lines[1],
            json!({"type": "out", "target": "g8", "cause": "voted"})
        );
        assert_eq!(g.current_phase().kind, "night", "no last words (R4-5)");
        // The same seat voted out unsilenced: the first out of 2 police dealt leaves words.
        let mut g = TABLE.game("elder-votes-words");
        night(&mut g, None, Some("g9"));
        to_vote(&mut g);
        cast(&mut g, &[("g1", "g8"), ("g2", "g8")]);
        g.resolve_phase();
        assert_eq!(g.current_phase().kind, "last_words");
        assert_eq!(g.table_now().speaker.as_deref(), Some("g8"));
    }

    /// R4-5, CL-7: tied, the silenced seat gives no PK speech (the other tied seat does) and
    /// still votes in the revote; at the second tie it does not speak among "every living seat
    /// except the tied".
    #[test]
    fn r4_5_cl_7_the_silenced_seat_gives_no_pk_speech() {
        let mut g = TABLE.game("elder-pk");
        night(&mut g, None, Some("g8"));
        to_vote(&mut g);
        cast(&mut g, &[("g1", "g8"), ("g2", "g9")]);
        g.resolve_phase();
        assert_eq!(g.current_phase().kind, "pk");
        assert_eq!(turns(&mut g, "g8"), ids(&["g9"]), "the tied g8 gives none");
        cast(&mut g, &[("g8", "g9"), ("g1", "g8")]);
        g.resolve_phase();
        assert_eq!(g.current_phase().kind, "pk", "the second tie");
        assert_eq!(
            turns(&mut g, "g8"),
            ids(&["g1", "g2", "g3", "g4", "g5", "g6", "g7"]),
            "every other living seat but the tied"
        );
        // The silenced seat among the others at the second tie: it does not speak.
        let mut g = TABLE.game("elder-pk-others");
        night(&mut g, None, Some("g8"));
        to_vote(&mut g);
        cast(&mut g, &[("g1", "g6"), ("g2", "g7")]);
        g.resolve_phase();
        assert_eq!(turns(&mut g, "g8"), ids(&["g6", "g7"]));
        cast(&mut g, &[("g1", "g6"), ("g8", "g7")]);
        g.resolve_phase();
        assert_eq!(
            turns(&mut g, "g8"),
            ids(&["g1", "g2", "g3", "g4", "g5", "g9"]),
            "g8 passed over among the others"
        );
        assert_eq!(g.current_phase().kind, "vote");
        assert!(
            g.seat_now("g8")
                .is_some_and(|s| s.allowed.contains(&"vote"))
        );
    }

    /// R4-5, CL-8: a silenced killer may not self-explode that day (an explosion is spoken):
    /// refused `silenced` at every phase of the day, and not among his allowed actions; the
    /// other killer may. CL-9 is at night, when nobody is silenced.
    #[test]
    fn r4_5_cl_8_a_silenced_killer_may_not_self_explode() {
        let explode = json!({"type": "explode"});
        let mut g = TABLE.game("elder-explode");
        night(&mut g, None, Some("g1"));
        assert!(silenced(&g, "g1"));
        while g.current_phase().kind != "night" {
            assert_eq!(submit(&mut g, "g1", explode.clone()), Some("silenced"));
            let allowed = g.seat_now("g1").expect("a seat").allowed;
            assert!(!allowed.contains(&"explode"), "{allowed:?}");
            assert!(
                g.seat_now("g2")
                    .expect("a seat")
                    .allowed
                    .contains(&"explode")
            );
            g.resolve_phase();
        }
        assert!(g.seat_now("g1").is_some_and(|s| s.out.is_none()));
        // The order of the refusals: by night it is `not_now`, not `silenced`.
        assert_eq!(submit(&mut g, "g1", explode.clone()), Some("not_now"));
        // The other killer explodes as ever.
        let mut g = TABLE.game("elder-explode-other");
        night(&mut g, None, Some("g1"));
        assert_eq!(submit(&mut g, "g2", explode), None);
        assert_eq!(g.current_phase().kind, "night");
    }

    /// R4-5: the silence lasts that one day: the next night nobody is silenced, and the next
    /// day the seat speaks, posts in its turn and may self-explode again.
    #[test]
    fn r4_5_the_silence_lasts_one_day() {
        let mut g = TABLE.game("elder-one-day");
        night(&mut g, None, Some("g1"));
        to_night(&mut g);
        assert!(!silenced(&g, "g1"), "the night after");
        assert_eq!(g.view_for("g1").expect("a view").json()["silenced"], false);
        let lines = night(&mut g, None, None);
        assert!(told_silenced(&lines).is_empty());
        assert!(!silenced(&g, "g1"));
        assert_eq!(g.current_phase().kind, "speech");
        let mut speakers = Vec::new();
        while g.current_phase().kind == "speech" {
            let s = g.table_now().speaker.clone().expect("a speaker");
            assert!(g.may_post(&s));
            speakers.push(s);
            g.resolve_phase();
        }
        assert!(speakers.contains(&"g1".to_string()), "{speakers:?}");
        assert_eq!(submit(&mut g, "g1", json!({"type": "explode"})), None);
    }

    /// R4-4 (5): the silence is applied after the night's deaths: on a seat that dies this
    /// night it is moot (nobody silenced, nobody told); an elder killed this night still
    /// silences (his submitted silence counts, as the role games resolve it).
    #[test]
    fn r4_4_5_a_silence_on_a_seat_dying_this_night_is_moot() {
        let mut g = TABLE.game("elder-moot");
        let lines = night(&mut g, Some("g7"), Some("g7"));
        assert!(told_silenced(&lines).is_empty());
        assert_eq!(public(lines), vec![out("g7")]);
        assert!((1..=9).all(|i| !silenced(&g, &format!("g{i}"))));
        let mut g = TABLE.game("elder-dead");
        let lines = night(&mut g, Some("g5"), Some("g8"));
        assert_eq!(told_silenced(&lines), ["g8"]);
        assert_eq!(public(lines), vec![out("g5")]);
        assert!(silenced(&g, "g8"));
    }

    /// R4-4 (1): the hug voids kills only; it does not shield the hugged seat from the
    /// silence. 10 seats: killers g1 g2, police g3 g4, the butterfly g5, the elder g6.
    #[test]
    fn r4_4_1_the_hug_does_not_shield_from_the_silence() {
        let both = RoleTable(&[("butterfly", "butterflies"), ("elder", "elders")]);
        let mut g = started(both.table("elder-hug", |_| {}), 10, both.deal());
        for (by, a) in [
            ("g5", json!({"type": "hug", "target": "g8"})),
            ("g6", json!({"type": "silence", "target": "g8"})),
            ("g1", json!({"type": "kill", "target": "g8"})),
        ] {
            assert_eq!(submit(&mut g, by, a), None);
        }
        let lines = g.resolve_phase();
        assert_eq!(told_silenced(&lines), ["g8"]);
        assert_eq!(public(lines), vec![peaceful()], "the kill on g8 is void");
        assert!(silenced(&g, "g8"));
    }

    /// A table without an elder is unchanged: at 东杀 `silence` is another game's type,
    /// refused `not_your_role`; no form, no `silenced` in a view, nobody ever silenced; and a
    /// table's draw is the same with or without an elder but for its `elders` key (the
    /// elder's seat drawn from the same shuffle, after the others).
    #[test]
    fn a_table_without_an_elder_is_unchanged() {
        foreign_at_dongsha("silence");
        let mut g = dongsha_game();
        g.resolve_phase();
        assert!(
            g.view_for("g5")
                .expect("a view")
                .json()
                .get("silenced")
                .is_none()
        );
        assert!((1..=9).all(|i| !silenced(&g, &format!("g{i}"))));
        // The draw.
        let dongsha = g.variant();
        let four = ["butterfly", "secret_police", "doctor", "sniper"];
        let across = across_table(&four, 10, "elder-draw-without");
        let five = [&four[..], &["elder"]].concat();
        let with = across_table(&five, 10, "elder-draw-with");
        let elder = TABLE.table("elder-draw-dongsha", |_| {});
        for (without, with) in [(dongsha, elder), (across, with)] {
            for seed in 0..20 {
                let mut table_drawn = drawn(with, 10, seed);
                let elders = table_drawn
                    .as_object_mut()
                    .and_then(|m| m.remove("elders"))
                    .expect("the elders drawn");
                assert_eq!(elders.as_array().map(Vec::len), Some(1));
                assert_eq!(table_drawn, drawn(without, 10, seed), "seed {seed}");
            }
        }
    }

    /// A fixed deal of an elder's table names it (`elders`, a list, as the draw gives it,
    /// after the other roles across books); a wrong count or a seat dealt twice is refused;
    /// the draw deals one elder. At 东杀 `elders` is a key the table does not have.
    #[test]
    fn r4_3_a_fixed_deal_names_the_elders() {
        let v = TABLE.table("elder-deal", |_| {});
        let start = |setup: Value| Game::start(&config(v, 9, Some(setup))).map(|_| ());
        assert_eq!(start(TABLE.deal()), Ok(()));
        refuses(
            v,
            9,
            &[
                (
                    dongsha_deal(json!({"elders": []})),
                    "deals 1 elder(s), not 0",
                ),
                (
                    dongsha_deal(json!({"elders": ["g6", "g7"]})),
                    "deals 1 elder(s), not 2",
                ),
                (
                    dongsha_deal(json!({"elders": ["g3"]})),
                    "\"g3\" is a police and a elder",
                ),
            ],
        );
        assert_eq!(dealt_by_draw(v, 9, "elder"), 1);
        let ids = seat_ids(9);
        let Value::Object(m) = TABLE.deal() else {
            panic!("an object")
        };
        assert_eq!(v.check_fixed_roles(&ids, &m), Ok(()));
        let mut missing = m.clone();
        missing.remove("elders");
        assert!(
            v.check_fixed_roles(&ids, &missing).is_err(),
            "every role named"
        );
        // 东杀 refuses the key in a fixed deal; the replay's fixed deal there ignores it
        // (replay.md): g5 a civilian.
        dongsha_ignores(&TABLE.deal(), "elders");
    }

    /// R4-3 as the 4.0 book reads it: one elder per table; a second is refused at its count
    /// (`setup-role-one`), and a night that forgets the elder is refused too.
    #[test]
    fn r4_3_one_elder_per_table() {
        one_per_table(TABLE.document());
    }

    /// The bots play an elder's table to the end, the elder silencing a random other living
    /// seat most nights (a silenced killer votes rather than explodes), from the seeded RNG:
    /// the same games every time.
    #[test]
    fn r4_3_bots_play_an_elder_table_to_the_end() {
        bots_play(TABLE.table("elder-bots", |_| {}), 9);
    }

    /// A replay scenario of an elder's table (`document` in place of `variant`, replay.md):
    /// the silence is taken with the night's actions (`silence_recorded`), the silenced seat is
    /// told (`silenced`); the silenced killer's explosion is refused `silenced`, and he still
    /// votes. The same silence at 东杀 is another game's type, refused `not_your_role`.
    #[test]
    fn r4_5_a_replay_of_an_elder_table_silences() {
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
                           "event": {"type": "silenced"}})));
        assert!(has(
            json!({"kind": "reply", "act": 1, "by": "g1", "ok": false,
                           "error": "silenced"})
        ));
        assert!(has(
            json!({"kind": "reply", "act": 1, "by": "g1", "ok": true,
                           "reply": {"type": "vote_recorded"}})
        ));
        let lines = replay(&at_dongsha(&scenario));
        assert!(
            lines.contains(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": false,
                                       "error": "not_your_role"}))
        );
        assert!(
            lines.contains(&json!({"kind": "reply", "act": 1, "by": "g1", "ok": true,
                                       "reply": {"type": "exploded"}}))
        );
    }
}
