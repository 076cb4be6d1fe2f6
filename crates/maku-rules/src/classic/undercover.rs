//! 4.0's undercover (卧底) at a classic table: a role of another book played by the classic
//! engine as a module (`docs/setups.md`, "Roles across books"), the fifth after 4.0's doctor,
//! 5.0's sniper, 4.0's butterfly and secret police. A judge's own classic setup may deal any
//! count of them (their check is a majority) at a table that deals police
//! (`setup-undercover-police`: his check is the police team's); he plays by
//! `../shared/rules/roles.md`:
//! - R4-2 (CL-0): at the start the killers and he learn each other — the killers' team notice
//!   names him among them, and he sits in their thread in act 1 only ("from night 2 on he
//!   leaves their thread") —, and the police and he learn each other as one team: the police's
//!   notice names him among them without saying which member he is, and adds that the team
//!   may hold an undercover (only at a table that deals one); he sits in the police's thread
//!   throughout. Threads exist as the document's `teams` say; the notices are CL-0's, told
//!   whether or not a team has a thread.
//! - R4-3: he does not kill (the kill is the killer role's); he `check`s one living seat with
//!   the police, replaceable until the night ends; the check is the police team's majority
//!   (CL-2's rule over the police and him), and its result — `killer` for a killer **or an
//!   undercover** — is told to every member of the police team alive when the night began,
//!   he too (CL-2's reading, the classic engine's: R4-4 (5)'s "alive after the night's
//!   deaths" is 4.0's own night).
//! - R4-6 merged with CL-10: good wins when every killer and every undercover dealt is out;
//!   the killers' side — he with them — wins when all police dealt are out (the police and the
//!   secret police, `Role::counts_as_police`; he is not police) or all civilians are out (the
//!   table's column). CL-11: "the killer out" reads as every killer and undercover out, "the
//!   killer lives" as a killer or an undercover lives. Only a team that existed at the setup
//!   can be all out.
//!
//! Readings of a classic table:
//! - CL-4: last words count the `police` role dealt only, as ever (R4-1: the book's two
//!   police make its "first 2"; the undercover is none of them).
//! - CL-8: he cannot self-explode (a killer's only).
//! - CL-9: he never surrenders (CL-9 gives it to a killer or a police officer; he is neither).
//!   A killer is the last of his team when no other killer lives: the undercover does not
//!   keep the killers' team standing (the killers know him; he is no killer and does not
//!   kill). An officer is not the last of his team while the undercover lives: the police do
//!   not know which member of their team he is, and the surrender offered to an officer would
//!   tell him (`Role::keeps_standing`).
//! - His seat sees his role and both teams as told (`teams`), his check and its result; a
//!   police officer's sees his team's seats, never which of them is the undercover, until the
//!   reveal names each role.
//! - A fixed deal names the undercovers as `undercovers: [...]`, after the other books' keys
//!   in the draw, so a table without one draws as it always did.
//!
//! His team membership is `Role::told_in` (CL-0's notices), `Role::sits_in` (the threads by
//! act) and `Role::keeps_standing` (CL-9); his check and its result `Role::checks` and
//! `Role::with_killers` (`night.rs`), his side `Role::with_killers` (`end.rs`); his bot
//! checks with the police and votes as a killer does (`bot.rs`).

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::classic::doctor::tests::{
        RoleTable, act, at_dongsha, bots_win_on_both_sides, dongsha_deal, dongsha_game,
        dongsha_with, handle, killers_win_with, names_its_seats, out, peaceful, public, replay,
        scenario, started, submit, to_night, told, vote_out,
    };
    use crate::message::Message;
    use crate::{Line, Variant};

    /// 东杀 with one undercover (R4-2), called at night after the killers and the police; its
    /// game: 9 seats g1..g9, killers g1 g2, police g3 g4, the undercover g5, civilians g6..g9.
    const TABLE: RoleTable = RoleTable(&[("undercover", "undercovers")]);

    /// The seats told the night's check result, in order, with the result.
    fn results(lines: &[Line]) -> Vec<(String, String)> {
        told(lines)
            .into_iter()
            .filter(|t| t[1]["type"] == "check_result")
            .map(|t| {
                (
                    t[0].as_str().unwrap_or("").into(),
                    t[1]["result"].to_string(),
                )
            })
            .collect()
    }

    /// The check result `result` told to each of `seats`, as [`results`] lists them.
    fn each(seats: &[&str], result: &str) -> Vec<(String, String)> {
        seats
            .iter()
            .map(|s| (s.to_string(), format!("\"{result}\"")))
            .collect()
    }

    fn teammates(team: &str, seats: &[&str]) -> Value {
        json!({"type": "teammates", "team": team, "seats": seats})
    }

    /// R4-2, CL-0: the killers learn the undercover and he them (their notice names him among
    /// them); the police and he learn each other as one team, their notice naming him among
    /// them without saying which he is, with the note that the team may hold an undercover —
    /// only at a table that deals one. His view holds both teams as told; an officer's names
    /// his team's seats, never roles.
    #[test]
    fn r4_2_the_teams_are_told_with_the_undercover_in_both() {
        let g = TABLE.game("undercover-teams");
        let killers = teammates("killers", &["g1", "g2", "g5"]);
        let police = teammates("police", &["g3", "g4", "g5"]);
        assert_eq!(
            told(&g.transcript()),
            [
                json!(["g1", killers]),
                json!(["g2", killers]),
                json!(["g5", killers]),
                json!(["g3", police]),
                json!(["g4", police]),
                json!(["g5", police]),
            ]
        );
        // The police's notice says the team may hold an undercover; the killers' says nothing
        // more; at 东杀 the police's notice is as it always was.
        let words = |v: Variant, e: &Value| {
            v.words(crate::Say::Private(&crate::Event::new(e.clone())))
                .expect("words")
        };
        let note = Message::key("cl-team-note-police-undercover").rule("R4-2");
        let plain = Message::key("cl-pev-teammates")
            .arg("team", Message::key("cl-team-police"))
            .arg(
                "seats",
                ["g3", "g4", "g5"].map(crate::message::Arg::from).to_vec(),
            );
        assert_eq!(
            words(g.variant(), &police),
            plain.clone().then(Message::text(" ")).then(note)
        );
        let k = words(g.variant(), &killers);
        assert_eq!(k.catalog_key(), Some("cl-pev-teammates"));
        assert!(!format!("{k:?}").contains("undercover"), "{k:?}");
        let dongsha = Variant::from_name("dongsha").expect("dongsha");
        assert_eq!(words(dongsha, &police), plain);
        // The views: his two teams, an officer's one, a killer's one; nobody's view names a
        // role but its own.
        let view = |s: &str| g.view_for(s).expect("a view").json().clone();
        let u = view("g5");
        assert_eq!(u["role"], "undercover");
        assert_eq!(
            u["teams"],
            json!({"killers": ["g1", "g2", "g5"], "police": ["g3", "g4", "g5"]})
        );
        assert!(u.get("team").is_none());
        let p = view("g3");
        assert_eq!(p["team"], json!(["g3", "g4", "g5"]));
        assert!(!p.to_string().contains("undercover"), "{p}");
        assert_eq!(view("g1")["team"], json!(["g1", "g2", "g5"]));
        // The role's name.
        let role = g.variant().words(crate::Say::Role("undercover"));
        assert_eq!(role, Some(Message::key("role-undercover")));
    }

    /// R4-2: the undercover sits in the killers' thread in act 1 only (its night and its day),
    /// in the police's throughout; out, in none.
    #[test]
    fn r4_2_the_undercover_leaves_the_killers_thread_after_act_1() {
        let mut g = TABLE.game("undercover-threads");
        assert_eq!(g.variant().team_threads(), ["killers", "police"]);
        assert_eq!(g.teams_of("g5"), ["killers", "police"]);
        assert_eq!(g.teams_of("g1"), ["killers"]);
        assert_eq!(g.teams_of("g3"), ["police"]);
        assert!(g.teams_of("g6").is_empty());
        assert_eq!(
            g.seat_now("g5").expect("a seat").teams,
            ["killers", "police"]
        );
        g.resolve_phase();
        assert_ne!(g.current_phase().kind, "night");
        assert_eq!(g.teams_of("g5"), ["killers", "police"], "day 1 is act 1");
        to_night(&mut g);
        assert_eq!(g.teams_of("g5"), ["police"], "from night 2 on");
        assert!(!g.in_team("killers", "g5"));
        assert!(g.in_team("police", "g5"));
        assert_eq!(g.teams_of("g1"), ["killers"]);
        // Killed: in no thread.
        for by in ["g1", "g2"] {
            assert_eq!(submit(&mut g, by, act("kill", "g5")), None);
        }
        assert_eq!(public(g.resolve_phase()), [out("g5")]);
        assert!(g.teams_of("g5").is_empty());
    }

    /// R4-3, CL-2: the undercover checks with the police and his check counts in the team's
    /// majority; the check is owed by the team (his or an officer's settles it); he neither
    /// kills nor self-explodes (CL-8).
    #[test]
    fn r4_3_the_undercovers_check_counts_in_the_police_majority() {
        let mut g = TABLE.game("undercover-majority");
        let u = g.seat_now("g5").expect("the undercover");
        assert_eq!(u.role, "undercover");
        assert_eq!(u.allowed, ["check"]);
        assert!(u.owes.action, "the team's check is owed");
        assert_eq!(
            submit(&mut g, "g5", act("kill", "g6")),
            Some("not_your_role")
        );
        assert_eq!(
            submit(&mut g, "g5", act("check", "nobody")),
            Some("bad_target")
        );
        // g4 first names g1; g3 and the undercover g7: two to one.
        assert_eq!(submit(&mut g, "g4", act("check", "g1")), None);
        assert!(
            !g.seat_now("g5").expect("a seat").owes.action,
            "the team has a check"
        );
        assert_eq!(submit(&mut g, "g3", act("check", "g7")), None);
        assert_eq!(submit(&mut g, "g5", act("check", "g7")), None);
        assert_eq!(g.view_for("g5").expect("a view").json()["check"], "g7");
        let lines = g.resolve_phase();
        assert_eq!(
            results(&lines),
            each(&["g3", "g4", "g5"], "not_killer"),
            "g7, not g1: his check made the majority"
        );
        assert!(told(&lines).iter().all(|t| t[1]["target"] == "g7"));
        // Without him the tie goes to the earliest counting submission (g4's g1).
        let mut g = TABLE.game("undercover-majority-without");
        assert_eq!(submit(&mut g, "g4", act("check", "g1")), None);
        assert_eq!(submit(&mut g, "g3", act("check", "g7")), None);
        let lines = g.resolve_phase();
        assert!(told(&lines).iter().all(|t| t[1]["target"] == "g1"));
        // CL-8: by day he cannot self-explode, a killer can.
        assert_eq!(
            submit(&mut g, "g5", json!({"type": "explode"})),
            Some("not_your_role")
        );
        assert!(
            !g.seat_now("g5")
                .expect("a seat")
                .allowed
                .contains(&"explode")
        );
        assert!(
            g.seat_now("g1")
                .expect("a seat")
                .allowed
                .contains(&"explode")
        );
    }

    /// R4-3: a check of the undercover reads `killer`, and the result reaches every member of
    /// the police team alive when the night began — the undercover too, and an officer killed
    /// this night (CL-2).
    #[test]
    fn r4_3_a_check_of_the_undercover_reads_killer_and_reaches_him() {
        let mut g = TABLE.game("undercover-checked");
        assert_eq!(submit(&mut g, "g3", act("check", "g5")), None);
        for by in ["g1", "g2"] {
            assert_eq!(submit(&mut g, by, act("kill", "g4")), None);
        }
        let lines = g.resolve_phase();
        assert_eq!(results(&lines), each(&["g3", "g4", "g5"], "killer"));
        assert_eq!(public(lines), [out("g4")]);
        // The undercover's own check of a killer reads `killer` too, told to him.
        to_night(&mut g);
        assert_eq!(submit(&mut g, "g5", act("check", "g2")), None);
        let lines = g.resolve_phase();
        assert_eq!(results(&lines), each(&["g3", "g5"], "killer"));
        assert_eq!(public(lines), [peaceful()]);
    }

    /// R4-6 with CL-10: good wins only once every killer and the undercover are out; the
    /// reveal names his role and he loses with the killers.
    #[test]
    fn r4_6_good_wins_only_with_the_undercover_out_too() {
        let mut g = TABLE.game("undercover-good");
        g.resolve_phase();
        let voted = |s: &str| json!({"type": "out", "target": s, "cause": "voted"});
        assert!(public(vote_out(&mut g, "g1")).contains(&voted("g1")));
        to_night(&mut g);
        assert_eq!(public(g.resolve_phase()), [peaceful()]);
        assert!(public(vote_out(&mut g, "g2")).contains(&voted("g2")));
        assert_eq!(
            g.outcome(),
            None,
            "the undercover still stands for the killers"
        );
        to_night(&mut g);
        g.resolve_phase();
        let lines = public(vote_out(&mut g, "g5"));
        assert_eq!(
            lines.last(),
            Some(&json!({"type": "game_over", "winner": "good"}))
        );
        assert_eq!(
            g.seat_record("g5", Some("good")).map(|r| (r.role, r.won)),
            Some(("undercover", Some(false)))
        );
        assert_eq!(
            g.seat_record("g3", Some("good")).map(|r| r.won),
            Some(Some(true))
        );
        let reveal = g.reveal_now();
        assert_eq!(reveal["seats"][4]["role"], "undercover");
    }

    /// CL-10: the police all out, the killers' side wins — the undercover with them (he is not
    /// police, and his living does not keep the police standing).
    #[test]
    fn cl_10_all_police_out_the_killers_win_with_the_undercover() {
        killers_win_with(&mut TABLE.game("undercover-killers"), "undercover");
    }

    /// CL-11 (the shengtui family, one killer): "the killer out → civilians win" reads as
    /// every killer and undercover out; "2 or fewer civilians remain and the killer lives" as
    /// a killer or the undercover lives. 6 seats: the killer g1, the officer g2, the
    /// undercover g3, civilians g4..g6.
    #[test]
    fn cl_11_the_killer_out_is_every_killer_and_undercover_out() {
        let small = TABLE.table("undercover-cl11", |d| {
            d["seats"] = json!({"min": 6, "max": 6});
            d["deal"] = json!([
                {"role": "killer", "count": 1},
                {"role": "police", "count": 1},
                {"role": "undercover", "count": 1}
            ]);
            d["win"] = json!({"rule": "shengtui"});
            d["day"]["explode"] = json!(false);
        });
        let fixed = json!({"killers": ["g1"], "police": ["g2"], "undercovers": ["g3"]});
        let mut g = started(small, 6, fixed);
        g.resolve_phase();
        vote_out(&mut g, "g1");
        assert_eq!(
            g.outcome(),
            None,
            "the undercover lives: the killer's side stands"
        );
        to_night(&mut g);
        g.resolve_phase();
        let lines = public(vote_out(&mut g, "g4"));
        assert_eq!(
            lines.last(),
            Some(&json!({"type": "game_over", "winner": "killers"})),
            "two civilians left and the undercover lives"
        );
    }

    /// CL-9: the undercover never surrenders; a killer whose fellow killers are out is the
    /// last of his team though the undercover lives; an officer is not the last of his team
    /// while the undercover lives (the police do not know which member he is).
    #[test]
    fn cl_9_the_undercover_never_surrenders_nor_keeps_the_killers_standing() {
        let surrender = json!({"type": "surrender"});
        let mut g = TABLE.game("undercover-cl9");
        assert_eq!(
            submit(&mut g, "g5", surrender.clone()),
            Some("not_your_role")
        );
        assert!(
            !g.seat_now("g5")
                .expect("a seat")
                .allowed
                .contains(&"surrender")
        );
        // The officer g3 killed: g4's only living teammate is the undercover.
        for by in ["g1", "g2"] {
            assert_eq!(submit(&mut g, by, act("kill", "g3")), None);
        }
        g.resolve_phase();
        g.resolve_phase();
        vote_out(&mut g, "g2");
        to_night(&mut g);
        assert_eq!(submit(&mut g, "g4", surrender.clone()), Some("not_now"));
        assert!(
            !g.seat_now("g4")
                .expect("a seat")
                .allowed
                .contains(&"surrender")
        );
        assert_eq!(
            submit(&mut g, "g5", surrender.clone()),
            Some("not_your_role")
        );
        // The killer g1, his fellow killer out, may surrender though the undercover lives.
        assert!(
            g.seat_now("g1")
                .expect("a seat")
                .allowed
                .contains(&"surrender")
        );
        assert_eq!(submit(&mut g, "g1", surrender), None);
        assert_eq!(g.outcome(), Some("good"));
    }

    /// A classic table that deals an undercover must deal police at each such seat count
    /// (`setup-undercover-police`, at the undercover's count); any count of undercovers holds.
    #[test]
    fn r4_2_an_undercover_without_police_is_refused() {
        let mut d = TABLE.document();
        d["deal"][1]["count"] = json!({"8-10": 0, "11-14": 3, "15-16": 4});
        let Err(found) = crate::setups::read(&d) else {
            panic!("no police at 8 to 10 seats")
        };
        let found: Vec<(String, Message)> =
            found.into_iter().map(|p| (p.path, p.message)).collect();
        assert_eq!(
            found,
            [(
                "deal[2].count".to_string(),
                Message::key("setup-undercover-police").arg("seats", "8, 9, 10")
            )]
        );
        let mut two = TABLE.document();
        two["deal"][2]["count"] = json!(2);
        assert!(crate::setups::read(&two).is_ok(), "two undercovers");
        assert!(crate::setups::read(&TABLE.document()).is_ok());
    }

    /// A fixed deal names the undercovers (`undercovers`, after the other books' keys in the
    /// draw); a wrong count or a seat dealt twice is refused; the draw deals one, and the
    /// other roles' seats are drawn as at the same table without him. 东杀 has no such key.
    #[test]
    fn r4_2_a_fixed_deal_names_the_undercovers() {
        let v = TABLE.table("undercover-deal", |_| {});
        names_its_seats(
            v,
            &TABLE.deal(),
            &[
                (dongsha_deal(json!({})), "deals 1 undercover(s), not 0"),
                (
                    dongsha_deal(json!({"undercovers": ["g1"]})),
                    "\"g1\" is a killer and a undercover",
                ),
            ],
            &["killers", "police", "undercovers"],
            &[("undercovers", 1)],
            "undercovers",
        );
    }

    /// A table without an undercover is as it was: 东杀's police notice has no note, its
    /// teams are its killers and police, a check of a civilian reads `not_killer`, and `check`
    /// stays the police's.
    #[test]
    fn a_table_without_an_undercover_is_unchanged() {
        let mut g = dongsha_game();
        assert_eq!(
            told(&g.transcript()),
            [
                json!(["g1", teammates("killers", &["g1", "g2"])]),
                json!(["g2", teammates("killers", &["g1", "g2"])]),
                json!(["g3", teammates("police", &["g3", "g4"])]),
                json!(["g4", teammates("police", &["g3", "g4"])]),
            ]
        );
        assert_eq!(
            submit(&mut g, "g5", act("check", "g6")),
            Some("not_your_role")
        );
        assert_eq!(submit(&mut g, "g3", act("check", "g5")), None);
        let lines = g.resolve_phase();
        assert_eq!(results(&lines), each(&["g3", "g4"], "not_killer"));
        // A doctor's table without an undercover: no note either.
        let doctor = handle(dongsha_with(&["doctor"]), "undercover-none-doctor", |_| {});
        let police = teammates("police", &["g3", "g4"]);
        let words = doctor
            .words(crate::Say::Private(&crate::Event::new(police)))
            .expect("words");
        assert!(!format!("{words:?}").contains("undercover"), "{words:?}");
    }

    /// A replay scenario of an undercover's table (`document` in place of `variant`,
    /// replay.md): the fixed deal's `undercovers` deals him, his check is taken with the
    /// night's actions and its result told to the police team; at 东杀 the key is ignored
    /// (replay.md: unknown setup keys) and his check refused `not_your_role`.
    #[test]
    fn r4_3_a_replay_of_an_undercovers_table_checks() {
        let acts = json!([{"submit": [
            {"by": "g5", "action": {"type": "check", "target": "g2"}}
        ]}]);
        let scenario = scenario(TABLE.document(), 9, TABLE.deal(), acts);
        let lines = replay(&scenario);
        assert!(
            lines.contains(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": true,
                                       "reply": {"type": "check_recorded"}})),
            "{lines:?}"
        );
        let found: Vec<&Value> = lines
            .iter()
            .filter(|l| l["kind"] == "private" && l["event"]["type"] == "check_result")
            .map(|l| &l["to"])
            .collect();
        assert_eq!(found, ["g3", "g4", "g5"]);
        let lines = replay(&at_dongsha(&scenario));
        assert!(
            lines.contains(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": false,
                                       "error": "not_your_role"}))
        );
    }

    /// The bots play an undercover's table to the end — the undercover checking with the
    /// police (a random other living seat) and voting as a killer does —, the same games for
    /// the same seeds, with both sides winning some.
    #[test]
    fn r4_3_bots_play_an_undercover_table_to_the_end() {
        bots_win_on_both_sides(TABLE.table("undercover-bots", |_| {}), 9);
    }
}
