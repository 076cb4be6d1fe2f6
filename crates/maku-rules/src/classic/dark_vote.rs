//! 5.0's good civilian (善民) and evil civilian (恶民) at a classic table: roles of another book
//! played by the classic engine as a module (`docs/setups.md`, "Roles across books"), after
//! 4.0's doctor, butterfly, secret police, forest elder and undercover and 5.0's sniper,
//! magician and wizard. Both act by the one action they share, the **dark vote**. A judge's own
//! classic setup may deal any count of either (their votes simply add); they play by
//! `../shared/rules/roles.md`:
//! - 5.0: nobody learns anybody's role, so neither learns anybody nor sits in a thread; each
//!   seat sees its role and its own dark vote.
//! - R5-1: each night a living good or evil civilian may `dark_vote` one living seat, itself
//!   allowed (R5-1's self-ban names the butterfly, magician, police and wizard only),
//!   replaceable until the night ends (the last counts). The form `dark_vote` is a table's that
//!   deals either; at a preset `dark_vote` stays another game's type (`not_your_role`). The
//!   night must call each role dealt.
//! - R5-3 (5) at a classic table: the dark votes land once every death of the night is known
//!   ([`land`], the night's last step): a dark vote cast by a seat that dies this night still
//!   counts; a dark vote on a seat that dies this night is dropped. R5-3 (2): a magicked
//!   civilian's dark vote is struck with the rest of its night (`Night::without`).
//! - R5-4 merged with CL-6 and CL-7: the night's surviving dark votes are added to the **first
//!   vote round** of the next day, one each, **unseen** ([`Game::take_dark_votes`]). CL-6's
//!   publication of the day's ballots (who voted for whom) stays exactly as it is; the dark votes
//!   are not listed, never counted in a published tally, and no caster or target is named. The
//!   outcome follows the combined count.
//! - R5-3 (4): a check of either reads `not_killer` (the police learn `good` of the evil civilian
//!   too); the wizard who queries a civilian is told the seat its dark vote named, as any
//!   target's own submission (`Night::acted_on`).
//! - R5-5 merged with CL-10 and CL-11: "civilians do not count". The good civilian is a good
//!   seat dealt in a civilian's place: it counts among CL-10's civilians (`all civilians out`
//!   needs it out too) and wins with good. The evil civilian wins with the killers
//!   (`Role::wins_with_killers`), but is **not** counted with them for "all killers out" (good
//!   wins while he lives) nor among the civilians for "all civilians out"
//!   (`Role::with_killers`, `Role::counts_as_civilian`). The reveal names `good_civilian` on
//!   the good side and `evil_civilian` on the killers'.
//!
//! Readings of a classic table:
//! - **A tie made by dark votes** is a tie: CL-7's PK round runs with the tied seats, as for
//!   any tie of round 1 (R5-4's "a tie at the top puts nobody out" is 5.0's one-round day; the
//!   classic day has its PK rounds).
//! - **Round 1's "nobody voted for: nobody out"** (CL-6) reads the combined count: the dark
//!   votes are votes, so when only dark votes exist their top seat is out (or their tie opens a
//!   PK round); nobody is out only when neither a ballot nor a dark vote names a seat.
//! - **PK rounds** (CL-7's rounds 2 and 3) count the day's ballots only: R5-4 adds the dark
//!   votes to "the day's count", and the classic day's count that decides on the night's terms
//!   is round 1's; a revote among the tied is a new count of the living.
//! - **What is published.** The `votes` event is the day's ballots, every living seat listed as
//!   before. At a table that deals them, one public line follows every first round,
//!   `dark_votes_counted` ("any dark votes of the night were counted too"), naming nobody and no
//!   number, **whether or not** a dark vote counted: a line said only when one counted would
//!   tell that a civilian lived and voted. A table without them never has one. So the outcome may differ from the ballots' own tally,
//!   and players can infer the dark votes' total from the gap: a known consequence of CL-6's
//!   published ballots meeting R5-4's unseen votes (5.0's own judge publishes no ballots).
//! - **The hug.** The classic table's `butterfly` is 4.0's, whose hug voids kills only (R4-4
//!   (1)): a dark vote on its hugged seat counts, and one on the butterfly counts for the
//!   butterfly alone. 5.0's butterfly, dealt as `shield_butterfly` (`shield.rs`), brings 5.0's
//!   reading (R5-3 (1), (3)): a dark vote on its hugged seat is dropped, and one on the
//!   butterfly counts on the hugged seat too (one vote each).
//! - **The silence.** A dark vote is cast at night: a civilian the forest elder silences for
//!   the next day has its dark vote counted (R4-5: the silenced seat still votes), and a dark
//!   vote on a silenced seat counts.
//! - A day that holds no vote (an explosion, CL-8) counts no dark vote: they are the one day's
//!   and go when the next act opens.
//! - CL-8: neither civilian self-explodes; CL-9: neither surrenders (no team), nor keeps a team
//!   standing. CL-4: last words count the `police` role dealt only.
//!
//! Their action, form, view (`dark_vote`), deal (`good_civilians` and `evil_civilians` in a
//! fixed setup, drawn after `wizards`) and bots are with the others of the engine.

use super::night::Resolution;
use super::roles::Role;
use super::shield;
use super::state::Game;
use crate::table::Seat;

/// R5-3 (5): the night's dark votes that land — those the magic left (R5-3 (2): the steps read
/// the struck night), cast by any seat, the one who dies this night too, and on a seat alive at
/// dawn (one on a seat that dies this night is dropped) — kept unseen for the day's first vote
/// round. The night's last step: every death of the night (the kills', the doctor's rule's) is
/// known by then. At a table of 5.0's butterfly (R5-3 (1), (3): `shield.rs`) a dark vote aimed
/// at the hugged seat has no effect, and one on the butterfly counts on the hugged seat too
/// (one vote each, each dropped if its seat dies this night).
pub(super) fn land(g: &mut Game, n: &mut Resolution) {
    let mut landed = Vec::new();
    for &(caster, target) in &n.dark {
        for t in shield::lands(g, n, target).iter() {
            if !n.dead.contains(&t) {
                landed.push((caster, t));
            }
        }
    }
    g.dark_votes = landed;
}

impl Game {
    /// Whether the table deals a role that casts dark votes (R5-1): the good or the evil
    /// civilian.
    pub(super) fn deals_dark_votes(&self) -> bool {
        self.table.deals(Role::GoodCivilian) || self.table.deals(Role::EvilCivilian)
    }

    /// R5-4: the dark votes round `round` counts — the night's that landed, in round 1 only
    /// (CL-7's PK rounds count the day's ballots alone) — as their targets, on the round's
    /// candidates (every living seat in round 1). Taken: they count once.
    pub(super) fn take_dark_votes(&mut self, round: u8) -> Vec<Seat> {
        if round != 1 {
            return Vec::new();
        }
        std::mem::take(&mut self.dark_votes)
            .into_iter()
            .map(|(_, t)| t)
            .filter(|t| self.day.candidates.contains(t))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::classic::doctor::tests::{
        RoleTable, across_table, act, alive, assert_forms, at_dongsha, bots_win_on_both_sides,
        cast, dongsha_deal, dongsha_game, dongsha_ignores, dongsha_with, drawn_after,
        foreign_at_dongsha, handle, killed_acts_no_more, names_its_seats, night_acts, out,
        peaceful, public, replay, scenario, seat_ids, started, submit, to_night, to_vote, told,
    };
    use crate::{Game, Line};

    /// 东杀 with one good and one evil civilian (R5-1), called at night after the killers and
    /// the police; its game: 9 seats g1..g9, killers g1 g2, police g3 g4, the good civilian
    /// g5, the evil civilian g6, civilians g7..g9.
    const TABLE: RoleTable = RoleTable(&[
        ("good_civilian", "good_civilians"),
        ("evil_civilian", "evil_civilians"),
    ]);

    /// 东杀 with the two civilians, the magician, the wizard and the butterfly; its game at 10
    /// seats (2 killers, 2 police): killers g1 g2, police g3 g4, the good civilian g5, the evil
    /// civilian g6, the magician g7, the wizard g8, the butterfly g9, the civilian g10.
    const ACROSS: RoleTable = RoleTable(&[
        ("good_civilian", "good_civilians"),
        ("evil_civilian", "evil_civilians"),
        ("magician", "magicians"),
        ("wizard", "wizards"),
        ("butterfly", "butterflies"),
    ]);

    /// The day's speeches (or PK) resolved to the vote; `ballots` cast (`(voter, target)`), the
    /// rest none; the vote resolved, the public events it published.
    fn vote(g: &mut Game, ballots: &[(&str, &str)]) -> Vec<Value> {
        to_vote(g);
        cast(g, ballots);
        public(g.resolve_phase())
    }

    /// The `votes` event of round `round` with `ballots` (`(voter, target)`), every other
    /// living seat of `living` listed with `null`.
    fn votes(round: u8, living: &[&str], ballots: &[(&str, &str)]) -> Value {
        let listed: serde_json::Map<String, Value> = living
            .iter()
            .map(|&v| {
                let target = ballots.iter().find(|(b, _)| *b == v).map(|(_, t)| *t);
                (v.to_string(), json!(target))
            })
            .collect();
        json!({"type": "votes", "round": round, "ballots": listed})
    }

    fn counted() -> Value {
        json!({"type": "dark_votes_counted"})
    }

    fn voted(target: &str) -> Value {
        json!({"type": "out", "target": target, "cause": "voted"})
    }

    fn tie(round: u8, seats: &[&str]) -> Value {
        json!({"type": "tie", "round": round, "seats": seats})
    }

    /// Every seat of the 9-seat game but `gone`, in seat order.
    fn living_but(gone: &[&str]) -> Vec<&'static str> {
        ["g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9"]
            .into_iter()
            .filter(|s| !gone.contains(s))
            .collect()
    }

    /// R5-4 with CL-6: the night's dark votes are added to round 1's count, one each, unseen —
    /// the published ballots are the day's alone (g7 has two, g8 one), a line says dark votes
    /// were counted, and the two dark votes on g8 put g8 out (3 to 2) where the ballots alone
    /// would have put out g7.
    #[test]
    fn r5_4_dark_votes_add_to_round_1_unseen_and_decide_who_is_out() {
        let mut g = TABLE.game("dark-decides");
        let lines = night_acts(
            &mut g,
            &[
                ("g1", "kill", "g9"),
                ("g5", "dark_vote", "g8"),
                ("g6", "dark_vote", "g8"),
            ],
        );
        assert_eq!(public(lines.clone()), [out("g9")]);
        assert!(told(&lines).is_empty(), "nobody is told of a dark vote");
        let ballots = [("g1", "g7"), ("g2", "g7"), ("g3", "g8")];
        let said = vote(&mut g, &ballots);
        let living = living_but(&["g9"]);
        assert_eq!(
            said,
            [votes(1, &living, &ballots), counted(), voted("g8")],
            "the ballots as cast, then the line, then the combined count's outcome"
        );
        assert!(!alive(&g, "g8") && alive(&g, "g7"));
    }

    /// R5-4 with CL-7: a tie made by a dark vote is a tie — CL-7's PK round runs with the tied
    /// seats (g7 two ballots; g8 one and a dark vote) — and the PK round counts the day's
    /// ballots only: g8's dark vote is not counted again (one ballot for g7 puts g7 out, though
    /// the night's dark vote named g8).
    #[test]
    fn r5_4_a_dark_vote_makes_a_tie_and_pk_rounds_ignore_it() {
        let mut g = TABLE.game("dark-tie");
        night_acts(&mut g, &[("g1", "kill", "g9"), ("g5", "dark_vote", "g8")]);
        let ballots = [("g1", "g7"), ("g2", "g7"), ("g3", "g8")];
        let said = vote(&mut g, &ballots);
        let living = living_but(&["g9"]);
        assert_eq!(
            said,
            [
                votes(1, &living, &ballots),
                counted(),
                tie(1, &["g7", "g8"])
            ]
        );
        assert_eq!(g.current_phase().kind, "pk");
        let said = vote(&mut g, &[("g4", "g7")]);
        assert_eq!(
            said,
            [votes(2, &living, &[("g4", "g7")]), voted("g7")],
            "round 2: the ballots alone, no line"
        );
        // A PK round whose ballots name nobody is a tie of its seats (CL-7), dark votes or not.
        let mut g = TABLE.game("dark-tie-empty-pk");
        night_acts(
            &mut g,
            &[("g5", "dark_vote", "g8"), ("g6", "dark_vote", "g7")],
        );
        let said = vote(&mut g, &[]);
        let living = living_but(&[]);
        assert_eq!(
            said,
            [votes(1, &living, &[]), counted(), tie(1, &["g7", "g8"])]
        );
        let said = vote(&mut g, &[]);
        assert_eq!(said, [votes(2, &living, &[]), tie(2, &["g7", "g8"])]);
    }

    /// R5-4 with CL-6's "in round 1, nobody voted for: nobody is out": the dark votes are votes,
    /// so when nobody casts a ballot the dark votes' top seat is out; with neither ballots nor
    /// dark votes the day is peaceful — and the line that any dark votes counted is said all
    /// the same (said only when one counted, it would tell that a civilian lived and voted).
    #[test]
    fn r5_4_only_dark_votes_put_their_top_seat_out() {
        let mut g = TABLE.game("dark-only");
        night_acts(&mut g, &[("g5", "dark_vote", "g2")]);
        let said = vote(&mut g, &[]);
        assert_eq!(
            said,
            [votes(1, &living_but(&[]), &[]), counted(), voted("g2")]
        );
        let mut g = TABLE.game("dark-none");
        night_acts(&mut g, &[]);
        let said = vote(&mut g, &[]);
        let day = json!({"type": "peaceful", "phase": "day"});
        assert_eq!(said, [votes(1, &living_but(&[]), &[]), counted(), day]);
    }

    /// R5-3 (5): a dark vote cast by a seat that dies this night still counts (the good
    /// civilian killed, his dark vote puts g8 out); a dark vote on a seat that dies this night
    /// is dropped (a peaceful day; the same line as ever, which tells nothing).
    #[test]
    fn r5_3_5_a_dark_vote_by_the_dead_counts_and_one_on_the_dead_is_dropped() {
        let mut g = TABLE.game("dark-caster-dies");
        let lines = night_acts(&mut g, &[("g1", "kill", "g5"), ("g5", "dark_vote", "g8")]);
        assert_eq!(public(lines), [out("g5")]);
        let said = vote(&mut g, &[]);
        assert_eq!(
            said,
            [votes(1, &living_but(&["g5"]), &[]), counted(), voted("g8")]
        );
        let mut g = TABLE.game("dark-target-dies");
        let lines = night_acts(&mut g, &[("g1", "kill", "g8"), ("g6", "dark_vote", "g8")]);
        assert_eq!(public(lines), [out("g8")]);
        let said = vote(&mut g, &[]);
        let day = json!({"type": "peaceful", "phase": "day"});
        assert_eq!(said, [votes(1, &living_but(&["g8"]), &[]), counted(), day]);
    }

    /// R5-3 (2): the magic strikes a magicked civilian's dark vote (`Night::without`): it is
    /// not counted (a peaceful day), and the wizard who queries it reads `none`; a civilian
    /// left alone is queried as any seat (R5-3 (4): the seat its dark vote named).
    #[test]
    fn r5_3_2_a_magicked_civilians_dark_vote_is_struck() {
        let mut g = ACROSS.game_at(10, "dark-magicked");
        let lines = night_acts(
            &mut g,
            &[
                ("g5", "dark_vote", "g10"),
                ("g7", "magic", "g5"),
                ("g8", "query", "g5"),
            ],
        );
        let answer = json!({"type": "query_result", "target": "g5", "acted_on": "none"});
        assert_eq!(told(&lines), [json!(["g8", answer])]);
        let said = vote(&mut g, &[]);
        assert_eq!(
            said.last(),
            Some(&json!({"type": "peaceful", "phase": "day"}))
        );
        // The public day reads as a day whose civilians cast nothing: the struck vote leaves
        // no trace.
        let mut quiet = ACROSS.game_at(10, "dark-none-cast");
        night_acts(&mut quiet, &[]);
        assert_eq!(said, vote(&mut quiet, &[]));
        // Magic elsewhere: the dark vote counts and the wizard learns its target.
        let mut g = ACROSS.game_at(10, "dark-queried");
        let lines = night_acts(
            &mut g,
            &[
                ("g6", "dark_vote", "g10"),
                ("g7", "magic", "g3"),
                ("g8", "query", "g6"),
            ],
        );
        let answer = json!({"type": "query_result", "target": "g6", "acted_on": "g10"});
        assert_eq!(told(&lines), [json!(["g8", answer])]);
        assert_eq!(vote(&mut g, &[]).last(), Some(&voted("g10")));
    }

    /// The classic table's hug voids kills only (R4-4 (1)): a dark vote on the hugged seat
    /// counts, and one on the butterfly counts for the butterfly alone.
    #[test]
    fn r5_3_the_hug_does_not_touch_a_dark_vote() {
        let mut g = ACROSS.game_at(10, "dark-hugged");
        night_acts(&mut g, &[("g9", "hug", "g10"), ("g5", "dark_vote", "g10")]);
        assert_eq!(vote(&mut g, &[]).last(), Some(&voted("g10")));
        let mut g = ACROSS.game_at(10, "dark-butterfly");
        night_acts(
            &mut g,
            &[
                ("g9", "hug", "g10"),
                ("g5", "dark_vote", "g9"),
                ("g6", "dark_vote", "g9"),
            ],
        );
        assert_eq!(
            vote(&mut g, &[("g1", "g10")]).last(),
            Some(&voted("g9")),
            "2 to 1"
        );
    }

    /// R5-4 "unseen": no public line of a whole game names a dark vote's caster or target —
    /// the dark-voted seats g8 and g9 (outvoted: g7 goes) appear only as voters in the
    /// ballots; the only trace is `dark_votes_counted`, which names nothing.
    #[test]
    fn r5_4_published_events_never_name_a_dark_vote() {
        let mut g = TABLE.game("dark-unseen");
        night_acts(
            &mut g,
            &[
                ("g1", "kill", "g4"),
                ("g5", "dark_vote", "g9"),
                ("g6", "dark_vote", "g8"),
            ],
        );
        let ballots = [("g1", "g7"), ("g2", "g7"), ("g3", "g7")];
        let said = vote(&mut g, &ballots);
        assert_eq!(
            said,
            [
                votes(1, &living_but(&["g4"]), &ballots),
                counted(),
                voted("g7")
            ]
        );
        let transcript = g.transcript();
        let published: Vec<Value> = transcript
            .iter()
            .filter_map(|l| match l {
                Line::Public { event, .. } => Some(event.json().clone()),
                _ => None,
            })
            .collect();
        for e in &published {
            let kind = e["type"].as_str().unwrap_or("");
            assert!(
                ["out", "votes", "dark_votes_counted"].contains(&kind),
                "{e}"
            );
            if kind == "dark_votes_counted" {
                assert_eq!(e, &counted(), "no caster, no target, no number");
            }
            if kind == "votes" {
                let named: Vec<&Value> = e["ballots"]
                    .as_object()
                    .map(|m| m.values().collect())
                    .unwrap_or_default();
                assert!(!named.contains(&&json!("g8")) && !named.contains(&&json!("g9")));
            }
            if kind == "out" {
                assert!(e["target"] != "g8" && e["target"] != "g9", "{e}");
            }
        }
        // Nobody is told anything of them privately either (CL-0's team notices aside): the
        // casters have only their own replies.
        let private: Vec<Value> = told(&transcript)
            .into_iter()
            .filter(|t| t[1]["type"] != "teammates")
            .collect();
        assert!(private.is_empty(), "{private:?}");
    }

    /// R5-1: the dark vote is the living good or evil civilian's, at night, on any living seat,
    /// itself included, replaceable until the night ends (the last counts); the form, the
    /// seat's allowed actions, what it owes and its view follow. Neither learns anybody (5.0).
    /// By day it is `not_now`, out it is `out`; other roles are refused `not_your_role`, and at
    /// 东杀 `dark_vote` is another game's type, refused `not_your_role`.
    #[test]
    fn r5_1_only_a_living_civilian_dark_votes_at_night_itself_allowed() {
        let mut g = TABLE.game("dark-only-civilians");
        for by in ["g1", "g3", "g7"] {
            assert_eq!(
                submit(&mut g, by, act("dark_vote", "g8")),
                Some("not_your_role"),
                "{by}"
            );
            assert!(
                !g.seat_now(by)
                    .expect("a seat")
                    .allowed
                    .contains(&"dark_vote")
            );
        }
        for (by, role) in [("g5", "good_civilian"), ("g6", "evil_civilian")] {
            let c = g.seat_now(by).expect("a civilian");
            assert_eq!(c.role, role);
            assert_eq!(c.allowed, ["dark_vote"]);
            assert!(c.owes.action, "the dark vote is owed until sent");
            assert!(c.teams.is_empty(), "5.0: nobody learns anybody");
            let view = g.view_for(by).expect("a view").json().clone();
            assert!(view.get("team").is_none() && view.get("teams").is_none());
        }
        assert_eq!(
            submit(&mut g, "g5", act("dark_vote", "nobody")),
            Some("bad_target")
        );
        assert_eq!(
            submit(&mut g, "g5", act("dark_vote", "g5")),
            None,
            "itself allowed"
        );
        assert_eq!(submit(&mut g, "g5", act("dark_vote", "g8")), None);
        assert!(!g.seat_now("g5").expect("a seat").owes.action);
        let seat_view = g.view_for("g5").expect("a view");
        assert_eq!(seat_view.json()["dark_vote"], "g8");
        let sheet = g.variant().seat_sheet(&seat_view, false);
        assert_eq!(
            sheet.role,
            crate::message::Message::key("role-good-civilian")
        );
        assert_eq!(sheet.chosen, [("dark_vote", "target", "g8".to_string())]);
        assert!(sheet.notes.is_empty());
        assert!(
            g.view_for("g6")
                .expect("a view")
                .json()
                .get("dark_vote")
                .is_none()
        );
        let lines = g.resolve_phase();
        assert_eq!(public(lines), [peaceful()]);
        assert_eq!(
            submit(&mut g, "g5", act("dark_vote", "g7")),
            Some("not_now")
        );
        // The last counts: g8, not g5.
        assert_eq!(vote(&mut g, &[]).last(), Some(&voted("g8")));
        // The forms: theirs after the classic roles'; any living seat.
        assert_forms(
            TABLE.table("dark-forms", |_| {}),
            &["kill", "check", "dark_vote", "explode", "surrender", "vote"],
            "dark_vote",
            crate::FieldInput::LivingSeat,
        );
        // A table dealing the evil civilian alone has the form too.
        let evil = handle(dongsha_with(&["evil_civilian"]), "dark-forms-evil", |_| {});
        assert!(evil.action_forms().iter().any(|f| f.kind == "dark_vote"));
        // Out: no dark vote, nothing owed.
        killed_acts_no_more(&mut TABLE.game("dark-dead"), "g5", "dark_vote", "g6");
        // 东杀 itself: no civilian of 5.0, no form, `dark_vote` refused as another game's.
        foreign_at_dongsha("dark_vote");
    }

    /// R5-5 with CL-10: civilians do not count — good wins with the evil civilian alive once
    /// every killer is out (he is not counted with them), and he loses with the killers; the
    /// reveal names both civilians, the good one winning. R5-3 (4): a check of either reads
    /// `not_killer`.
    #[test]
    fn r5_5_good_wins_with_the_evil_civilian_alive() {
        let mut g = TABLE.game("dark-good-wins");
        assert_eq!(submit(&mut g, "g3", act("check", "g6")), None);
        assert_eq!(submit(&mut g, "g4", act("check", "g6")), None);
        let lines = g.resolve_phase();
        let found = json!({"type": "check_result", "target": "g6", "result": "not_killer"});
        assert_eq!(told(&lines), [json!(["g3", found]), json!(["g4", found])]);
        vote(&mut g, &[("g3", "g1"), ("g4", "g1")]);
        to_night(&mut g);
        assert_eq!(submit(&mut g, "g3", act("check", "g5")), None);
        let lines = g.resolve_phase();
        let good = json!({"type": "check_result", "target": "g5", "result": "not_killer"});
        assert_eq!(told(&lines), [json!(["g3", good]), json!(["g4", good])]);
        let said = vote(&mut g, &[("g3", "g2"), ("g4", "g2")]);
        assert_eq!(
            said.last(),
            Some(&json!({"type": "game_over", "winner": "good"}))
        );
        assert!(alive(&g, "g6"), "the evil civilian lives");
        let record =
            |g: &Game, s: &str, w: &str| g.seat_record(s, Some(w)).map(|r| (r.role, r.won));
        assert_eq!(
            record(&g, "g6", "good"),
            Some(("evil_civilian", Some(false)))
        );
        assert_eq!(
            record(&g, "g5", "good"),
            Some(("good_civilian", Some(true)))
        );
        let reveal = g.reveal_now();
        assert_eq!(reveal["seats"][4]["role"], "good_civilian");
        assert_eq!(reveal["seats"][5]["role"], "evil_civilian");
        // The killers win with him when the police are all out.
        let mut g = TABLE.game("dark-killers-win");
        for victim in ["g3", "g4"] {
            night_acts(&mut g, &[("g1", "kill", victim)]);
            to_night(&mut g);
        }
        assert_eq!(g.outcome(), Some("killers"));
        assert_eq!(
            record(&g, "g6", "killers"),
            Some(("evil_civilian", Some(true)))
        );
        assert_eq!(
            record(&g, "g5", "killers"),
            Some(("good_civilian", Some(false)))
        );
    }

    /// R5-5 with CL-10's "all civilians out": the good civilian counts among the civilians
    /// (the game goes on while it lives, the other civilians out), the evil civilian does not
    /// (once the good civilian is out too the killers win, he alive).
    #[test]
    fn r5_5_all_civilians_out_counts_the_good_civilian_not_the_evil_one() {
        let mut g = TABLE.game("dark-civilians-out");
        for victim in ["g7", "g8", "g9"] {
            night_acts(&mut g, &[("g1", "kill", victim)]);
            assert_eq!(g.outcome(), None, "the good civilian lives");
            to_night(&mut g);
        }
        night_acts(&mut g, &[("g1", "kill", "g5")]);
        assert_eq!(g.outcome(), Some("killers"), "the civilians are out");
        assert!(alive(&g, "g6"));
    }

    /// CL-9: neither civilian surrenders (no team); CL-8: neither explodes.
    #[test]
    fn cl_8_cl_9_civilians_neither_surrender_nor_explode() {
        let mut g = TABLE.game("dark-cl9");
        for by in ["g5", "g6"] {
            assert_eq!(
                submit(&mut g, by, json!({"type": "surrender"})),
                Some("not_your_role")
            );
        }
        g.resolve_phase();
        while g.current_phase().kind != "vote" {
            g.resolve_phase();
        }
        assert_eq!(
            submit(&mut g, "g6", json!({"type": "explode"})),
            Some("not_your_role")
        );
    }

    /// Any count of either may be dealt (their votes simply add); a fixed deal names them
    /// (`good_civilians`, `evil_civilians`, drawn after `wizards`, before `needle_doctors`); a
    /// wrong count or a seat dealt twice is refused; the other roles' seats are drawn as at the
    /// same table without them. 东杀 has no such keys.
    #[test]
    fn r5_1_a_fixed_deal_names_the_civilians() {
        let v = TABLE.table("dark-deal", |d| d["deal"][2]["count"] = json!(2));
        let two = dongsha_deal(json!({"good_civilians": ["g5", "g7"], "evil_civilians": ["g6"]}));
        names_its_seats(
            v,
            &two,
            &[
                (TABLE.deal(), "deals 2 good_civilian(s), not 1"),
                (
                    dongsha_deal(json!({"good_civilians": ["g5", "g7"], "evil_civilians": ["g5"]})),
                    "\"g5\" is a good_civilian and a evil_civilian",
                ),
            ],
            &["evil_civilians", "good_civilians", "killers", "police"],
            &[("good_civilians", 2), ("evil_civilians", 1)],
            "evil_civilians",
        );
        // Two good civilians: both dark-vote, their votes add.
        let mut g = started(v, 9, two);
        night_acts(
            &mut g,
            &[
                ("g5", "dark_vote", "g8"),
                ("g7", "dark_vote", "g8"),
                ("g6", "dark_vote", "g9"),
            ],
        );
        let said = vote(&mut g, &[("g1", "g3")]);
        assert_eq!(
            said.last(),
            Some(&voted("g8")),
            "two dark votes to one and one ballot"
        );
        // After the wizard's key: the same wizard as without the civilians.
        drawn_after("wizard", "wizards", "good_civilian", "dark-deal-wizard");
        let Value::Object(m) = TABLE.deal() else {
            panic!("an object")
        };
        let one = TABLE.table("dark-deal-one", |_| {});
        assert_eq!(one.check_fixed_roles(&seat_ids(9), &m), Ok(()));
        // 东杀 refuses the keys in a fixed deal; the replay's fixed deal there ignores them
        // (replay.md): g5 a civilian.
        dongsha_ignores(&TABLE.deal(), "evil_civilians");
    }

    /// A replay scenario of a civilians' table (`document` in place of `variant`, replay.md):
    /// the dark vote is taken with the night's actions (`dark_vote_recorded`) and decides the
    /// day unseen; at 东杀 the keys are ignored and the dark vote refused `not_your_role`.
    #[test]
    fn r5_4_a_replay_of_a_civilians_table_dark_votes() {
        let acts = json!([{"submit": [
            {"by": "g1", "action": {"type": "kill", "target": "g9"}},
            {"by": "g6", "action": {"type": "dark_vote", "target": "g8"}}
        ]}]);
        let scenario = scenario(TABLE.document(), 9, TABLE.deal(), acts);
        let lines = replay(&scenario);
        assert!(
            lines.contains(&json!({"kind": "reply", "act": 1, "by": "g6", "ok": true,
                                       "reply": {"type": "dark_vote_recorded"}})),
            "{lines:?}"
        );
        assert!(
            lines.contains(&json!({"kind": "public", "act": 1,
                                       "event": {"type": "dark_votes_counted"}})),
            "{lines:?}"
        );
        assert!(
            lines.contains(&json!({"kind": "public", "act": 1,
                                       "event": {"type": "out", "target": "g8",
                                                 "cause": "voted"}})),
            "{lines:?}"
        );
        let lines = replay(&at_dongsha(&scenario));
        assert!(
            lines.contains(&json!({"kind": "reply", "act": 1, "by": "g6", "ok": false,
                                       "error": "not_your_role"}))
        );
        assert!(
            !lines
                .iter()
                .any(|l| l["event"]["type"] == "dark_votes_counted")
        );
    }

    /// A table without them is as it was: 东杀's day, its nobody-voted-for round and its
    /// transcript kinds; a wizard's table has no dark vote form.
    #[test]
    fn a_table_without_them_is_unchanged() {
        let mut g = dongsha_game();
        night_acts(&mut g, &[("g1", "kill", "g9")]);
        let said = vote(&mut g, &[]);
        let day = json!({"type": "peaceful", "phase": "day"});
        assert_eq!(said, [votes(1, &living_but(&["g9"]), &[]), day]);
        to_night(&mut g);
        night_acts(&mut g, &[]);
        let said = vote(&mut g, &[("g1", "g7")]);
        assert_eq!(
            said,
            [votes(1, &living_but(&["g9"]), &[("g1", "g7")]), voted("g7")]
        );
        let wizard = handle(dongsha_with(&["wizard"]), "dark-none-wizard", |_| {});
        assert!(!wizard.action_forms().iter().any(|f| f.kind == "dark_vote"));
    }

    /// The bots play a civilians' table to the end — the civilians dark-voting a random other
    /// living seat most nights —, the same games for the same seeds, with both sides winning
    /// some; so does a table of both civilians with every other role across books but the
    /// undercover.
    #[test]
    fn r5_1_bots_play_a_civilians_table_to_the_end() {
        let all = across_table(
            &[
                "butterfly",
                "secret_police",
                "doctor",
                "sniper",
                "magician",
                "wizard",
                "elder",
                "good_civilian",
                "evil_civilian",
            ],
            14,
            "dark-bots-across",
        );
        for (v, seats) in [(TABLE.table("dark-bots", |_| {}), 9), (all, 14)] {
            bots_win_on_both_sides(v, seats);
        }
    }
}
