//! 4.0's secret police (秘密警察) at a classic table: a role of another book played by the
//! classic engine as a module (`docs/setups.md`, "Roles across books"), the fourth after 4.0's
//! doctor, 5.0's sniper and 4.0's butterfly. A judge's own classic setup may deal him (one at
//! most: R4-4 reads one secret police, `setup-role-one`); he plays by
//! `../shared/rules/roles.md`:
//! - R4-2: he learns nobody and sits in no team thread (not the police's);
//! - R4-3: once per game, at night, he may `secret_kill` one other living seat (itself refused
//!   `self_target`); he may replace it until the night ends (R4-4 (3): the last counts); once
//!   spent it is refused `already_used`;
//! - R4-4 (1): his kill lands with the killers' (after theirs); a kill on the hugged seat is
//!   void; his kill on the butterfly kills it and the hugged seat — himself too if it hugs him;
//! - R4-4 (2): the doctor's save does not spare his kill;
//! - R4-4 (3): he cannot die from the killers' kill until he has used his own, and is still
//!   immune on the night he uses it; the secret kill is spent when a night resolves with it,
//!   even when it was void.
//!
//! Readings of a classic table:
//! - CL-10: "all police out → killers win" counts him with the police, as R4-6 counts "the two
//!   police and the secret police" together as the group whose loss makes bad win: the killers
//!   win when the police and the secret police are all out (a table dealing him and no police
//!   has him alone as its police). He is not a civilian. CL-4's count of last words stays the
//!   police dealt (R4-1: 4.0's two police and a secret police give last words to the first 2
//!   seats out). He wins with good; a check of him reads `not_killer` (CL-2); CL-9: he has no
//!   team, so no surrender.
//! - His death goes out in his kill's place (after the killers' victim, before the shot
//!   seats), announced `killed` (R4-4: by game ID only) with CL-4's last words in that order.
//! - His immunity is from the killers' kill only: a shot kills him (R5-3 (5)), as his own kill
//!   ignores the doctor.
//!
//! His night steps run in `night.rs`'s list; his action, form, view (`secret_kill_spent`),
//! deal and bot are with the others of the engine (`Action::SecretKill`, `forms::SECRET_KILL`,
//! `secret_police` in a fixed setup).

use super::night::{Landing, Resolution};
use super::roles::Role;
use super::state::Game;
use crate::table::Seat;

/// R4-4 (1): each secret kill lands with the kills, after the killers'.
pub(super) fn kill(_: &mut Game, n: &mut Resolution) {
    for &(_, t) in &n.secret {
        n.landings.push(Landing::new(t, false));
    }
}

/// R4-4 (3): a secret police who had not used his kill before tonight does not die from the
/// killers' kill (still immune on the night he uses it); tonight's secret kills are spent,
/// void ones too.
pub(super) fn immunity(g: &mut Game, n: &mut Resolution) {
    let immune: Vec<Seat> = g
        .all_seats()
        .filter(|&s| g.role(s) == Role::SecretPolice && !g.secret_spent.contains(&s))
        .collect();
    for l in n.landings.iter_mut().filter(|l| l.killers) {
        l.kills.retain(|s| !immune.contains(s));
    }
    for &(sp, _) in &n.secret {
        if !g.secret_spent.contains(&sp) {
            g.secret_spent.push(sp);
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::classic::butterfly::tests::{game, night, table};
    use crate::classic::doctor::tests::{alive, config, out, peaceful, public, submit, to_night};
    use crate::{Game, Variant};

    fn secret(t: &str) -> Value {
        json!({"type": "secret_kill", "target": t})
    }

    /// R4-4 (1): the secret kill lands with the killers' kill, after it (announced in that
    /// order, both `killed`); R4-4 (2): the doctor's save does not spare it.
    #[test]
    fn r4_4_1_the_secret_kill_kills_after_the_killers_and_ignores_the_save() {
        let mut g = game("secret-kills");
        let acts = [("g1", "kill", "g10"), ("g6", "secret_kill", "g9")];
        assert_eq!(night(&mut g, &acts), vec![out("g10"), out("g9")]);
        let mut g = game("secret-saved");
        let acts = [("g6", "secret_kill", "g9"), ("g7", "save", "g9")];
        assert_eq!(night(&mut g, &acts), vec![out("g9")]);
        // The killers' kill and the secret kill on one seat, saved: the secret kill kills it.
        let mut g = game("secret-both-saved");
        let acts = [
            ("g1", "kill", "g9"),
            ("g6", "secret_kill", "g9"),
            ("g7", "save", "g9"),
        ];
        assert_eq!(night(&mut g, &acts), vec![out("g9")]);
    }

    /// R4-4 (3): the secret police cannot die from the killers' kill until he has used his own,
    /// and is still immune on the night he uses it; after that the killers' kill kills him. A
    /// shot is not the killers' kill: it kills him any night (R5-3 (5)).
    #[test]
    fn r4_4_3_the_secret_police_is_immune_to_the_killers_until_his_kill_is_spent() {
        let mut g = game("secret-immune");
        assert_eq!(night(&mut g, &[("g1", "kill", "g6")]), vec![peaceful()]);
        to_night(&mut g);
        let acts = [("g1", "kill", "g6"), ("g6", "secret_kill", "g10")];
        assert_eq!(
            night(&mut g, &acts),
            vec![out("g10")],
            "immune the night he uses it"
        );
        to_night(&mut g);
        assert_eq!(night(&mut g, &[("g1", "kill", "g6")]), vec![out("g6")]);
        let mut g = game("secret-shot");
        assert_eq!(night(&mut g, &[("g8", "snipe", "g6")]), vec![out("g6")]);
    }

    /// R4-3, R4-4 (3): once per game, replaceable until the night ends (the last counts), and
    /// spent when a night resolves with it — a void one too (on the hugged seat, R4-4 (1)):
    /// the next is refused `already_used`, the form and the allowed actions no longer offer
    /// it, the seat's view and page say it is spent. It is never owed.
    #[test]
    fn r4_3_the_secret_kill_is_once_per_game_and_spent_even_when_void() {
        let mut g = game("secret-once");
        let sp = g.seat_now("g6").expect("the secret police");
        assert_eq!(sp.role, "secret_police");
        assert_eq!(sp.allowed, ["secret_kill"]);
        assert!(!sp.owes.action, "once per game: never owed");
        assert_eq!(
            g.view_for("g6").expect("a view").json()["secret_kill_spent"],
            false
        );
        assert_eq!(submit(&mut g, "g6", secret("g6")), Some("self_target"));
        assert_eq!(submit(&mut g, "g6", secret("nobody")), Some("bad_target"));
        assert_eq!(submit(&mut g, "g6", secret("g10")), None);
        let view = g.view_for("g6").expect("a view").json().clone();
        assert_eq!(view["secret_kill"], "g10");
        assert!(view.get("team").is_none(), "R4-2: in no team thread");
        let acts = [("g5", "hug", "g9"), ("g6", "secret_kill", "g9")];
        assert_eq!(
            night(&mut g, &acts),
            vec![peaceful()],
            "the last counts, void on H"
        );
        assert!(alive(&g, "g10"));
        to_night(&mut g);
        assert_eq!(submit(&mut g, "g6", secret("g10")), Some("already_used"));
        let sp = g.seat_now("g6").expect("the secret police");
        assert!(sp.allowed.is_empty(), "{:?}", sp.allowed);
        let seat_view = g.view_for("g6").expect("a view");
        assert_eq!(seat_view.json()["secret_kill_spent"], true);
        let sheet = g.variant().seat_sheet(&seat_view, false);
        assert_eq!(
            sheet.notes,
            [crate::message::Message::key("cl-seat-note-secret-kill-spent").rule("R4-3")]
        );
        // Others may not secret-kill; by day not even he may.
        let mut g = game("secret-only");
        for by in ["g1", "g3", "g5", "g9"] {
            assert_eq!(
                submit(&mut g, by, secret("g10")),
                Some("not_your_role"),
                "{by}"
            );
        }
        g.resolve_phase();
        assert_eq!(submit(&mut g, "g6", secret("g10")), Some("not_now"));
        // 东杀 itself: `secret_kill` refused as another game's.
        let dongsha = Variant::from_name("dongsha").expect("dongsha");
        let deal = json!({"killers": ["g1", "g2"], "police": ["g3", "g4"]});
        let mut g = Game::start(&config(dongsha, 9, Some(deal))).expect("it starts");
        assert_eq!(submit(&mut g, "g5", secret("g6")), Some("not_your_role"));
    }

    /// CL-10 with a secret police: he counts with the police (R4-6: "the two police and the
    /// secret police are all out"), so the killers win only once the police and he are all
    /// out; CL-4's count of last words stays the police dealt (R4-1); he learns nobody and a
    /// check of him reads `not_killer`. 6 seats: the killer g1, the officer g2, the secret
    /// police g3, civilians g4..g6.
    #[test]
    fn cl_10_the_secret_police_counts_with_the_police() {
        let small = table("secret-cl10", |d| {
            d["seats"] = json!({"min": 6, "max": 6});
            d["deal"] = json!([
                {"role": "killer", "count": 1},
                {"role": "police", "count": 1},
                {"role": "secret_police", "count": 1}
            ]);
            d["night"] = json!(["killer", "police", "secret_police"]);
        });
        let fixed = json!({"killers": ["g1"], "police": ["g2"], "secret_police": ["g3"]});
        let mut g = Game::start(&config(small, 6, Some(fixed))).expect("it starts");
        assert!(
            !g.transcript()
                .iter()
                .any(|l| matches!(l, crate::Line::Private { to, .. } if to == "g3")),
            "R4-2: no teammates for the secret police"
        );
        assert_eq!(
            submit(&mut g, "g1", json!({"type": "kill", "target": "g2"})),
            None
        );
        assert_eq!(
            submit(&mut g, "g2", json!({"type": "check", "target": "g3"})),
            None
        );
        let lines = g.resolve_phase();
        assert!(
            lines
                .iter()
                .any(|l| matches!(l, crate::Line::Private { to, event, .. }
            if to == "g2" && event.json()["result"] == "not_killer"))
        );
        assert_eq!(public(lines), vec![out("g2")]);
        assert_eq!(g.outcome(), None, "the secret police still stands");
        assert_eq!(
            g.current_phase().kind,
            "last_words",
            "the first out of 1 police"
        );
        while g.current_phase().kind != "vote" {
            g.resolve_phase();
        }
        for by in ["g1", "g3", "g4", "g5", "g6"] {
            let v = json!({"type": "vote", "target": "g3"});
            assert_eq!(submit(&mut g, by, v), None);
        }
        let lines = public(g.resolve_phase());
        assert_eq!(
            lines.last(),
            Some(&json!({"type": "game_over", "winner": "killers"})),
            "the police and the secret police all out"
        );
        assert_eq!(
            g.seat_record("g3", Some("killers"))
                .map(|r| (r.role, r.won)),
            Some(("secret_police", Some(false)))
        );
        // CL-4: the second seat out leaves no last words (1 police dealt, R4-1).
        let mut g = Game::start(&config(
            small,
            6,
            Some(json!({"killers": ["g1"], "police": ["g2"], "secret_police": ["g3"]})),
        ))
        .expect("it starts");
        assert_eq!(
            submit(&mut g, "g1", json!({"type": "kill", "target": "g4"})),
            None
        );
        assert_eq!(submit(&mut g, "g3", secret("g5")), None);
        assert_eq!(public(g.resolve_phase()), vec![out("g4"), out("g5")]);
        assert_eq!(g.table_now().speaker.as_deref(), Some("g4"));
        g.resolve_phase();
        assert_eq!(g.current_phase().kind, "speech", "g5 leaves none");
    }
}
