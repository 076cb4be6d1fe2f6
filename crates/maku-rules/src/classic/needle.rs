//! 5.0's doctor (医生), the **needle doctor**, at a classic table: a role of another book played
//! by the classic engine as a module (`docs/setups.md`, "Roles across books"), after 4.0's
//! doctor, butterfly, secret police, forest elder and undercover and 5.0's sniper, magician,
//! wizard and civilians. The classic book's `doctor` is 4.0's (the save), so 5.0's has a code of
//! its own, `needle_doctor`, and a table may deal both. A judge's own classic setup may deal any
//! count of it (each needle counts on its own); it plays by `../shared/rules/roles.md`:
//! - 5.0: nobody learns anybody's role, so it learns nobody and sits in no team thread; its
//!   seat sees its role and its own needle.
//! - R5-1: each night a living needle doctor may `needle` one living seat, itself allowed
//!   (R5-1's self-ban names the butterfly, magician, police and wizard only), replaceable until
//!   the night ends (the last counts). The form `needle` is a table's that deals one; at a
//!   preset `needle` stays another game's type (`not_your_role`). The night must call it.
//! - R5-3 (5): a needle cancels **one** kill or shot on its seat this night. A needle on a seat
//!   that was not attacked is an **empty needle**; a seat given two empty needles in total dies.
//!
//! Readings of a classic table:
//! - **"Kill or shot"** is every lethal landing of the classic night's kills step (R4-4's step
//!   (1), `night.rs`'s `Landing`s): the killers' kill (or the heir's, the magician's, 5.0's
//!   forest elder's or the wizard's, R5-2), the secret police's secret kill, each sniper's
//!   shot.
//! - **Order with 4.0's doctor**: the save (R4-4 (2)) runs first and spares the killers' kill
//!   only, then the secret police's immunity (R4-4 (3)); then the needles ([`cancel`]): each
//!   cancels one kill or shot still killing its seat. With several on the seat the first in
//!   step order is cancelled and the seat dies of another — which one does not matter: it dies
//!   all the same, in the place of the first kill that reached it, as every classic night death.
//!   Two needles on one seat (two needle doctors) each cancel one. A needle on an attacked seat
//!   that no kill still kills (spared by the save or the immunity, or a void kill) cancels
//!   nothing, and is not empty.
//! - **4.0's butterfly**: a kill on the butterfly reaches the hugged seat H too (R4-4 (1)). A
//!   needle on the butterfly cancels that kill, so it kills neither (as R4-4 (2)'s save of the
//!   butterfly spares H, and as 5.0's needle on the butterfly lands on H, R5-3 (3)); a needle on
//!   H cancels that kill on H alone (the butterfly still dies of it), as a save of H does.
//! - **5.0's butterfly** (the shield butterfly, `shield.rs`): its hugged seat H is immune this
//!   night to everything aimed at it, a needle too (R5-3 (1)): a needle aimed at H has no effect
//!   — it cancels nothing, not even the kill that reached H through the butterfly, and it is no
//!   empty needle (H's count is untouched). Whatever lands on that butterfly lands on H too, a
//!   needle too (R5-3 (3)): a needle on it is one needle on each of the two seats, each
//!   cancelling one kill or shot still killing its own seat — so the kill on the butterfly,
//!   which reaches H, kills neither, while a kill and a shot on it still kill both (one needle
//!   does not spare H twice) — and each is an empty needle on its own seat if that seat was not
//!   attacked (two such nights kill both, in seat order).
//! - **"Attacked"** (for the empty needle) is R4-4 (4)'s reading (`Resolution::attacked`, as
//!   `doctor.rs` reads it): named by a kill or shot of the night that the magic left (R5-3 (2):
//!   the magician strikes the magicked seat's submissions first, `Night::without`), or reached by
//!   one through the butterfly, **whether or not the kill was void** (4.0's hug voids kills).
//! - **The count** is per target seat, whichever needle doctor gave them, over the whole game:
//!   the nights need not run (R4-4 (4)'s "two nights running" is the 4.0 doctor's). Two empty
//!   needles on one seat in one night (two needle doctors) are two. It lives in the game
//!   (`Game::empty_needles`), folded as the nights resolve, as `doctor.rs` keeps its memory.
//! - **The empty needles' death** comes at the night's end ([`empty`]), after the kills' deaths
//!   and the 4.0 doctor's rule's (R4-4 (4)), in seat order; it is announced as every classic
//!   night death (`out`, cause `killed`, by game ID only: R4-4, R5-4), with CL-4's last words by
//!   the count in that order, and the end is checked once all are out. A seat that dies that
//!   night anyway goes out once.
//! - A needle doctor who dies this night still needles (R5-3 resolves the night's actions at
//!   once). The magic strikes a magicked needle doctor's needle: it cancels nothing and is no
//!   empty needle. The wizard who queries him learns the seat his needle named (R5-3 (4),
//!   `Night::acted_on`), empty or not. 5.0's forest elder's silence (`dark_elder.rs`) is the
//!   next day's (R5-4): a needle doctor he silenced still needles the night after.
//! - **Privacy**: nobody is told a needle was empty, nor that one cancelled a kill; the needle
//!   doctor's seat reads its own submission only; the public night says only its `out`s (or
//!   `peaceful`), as ever.
//! - CL-10, CL-11: it counts among the civilians and wins with good (a good seat outside the
//!   teams, dealt in a civilian's place); a check of it reads `not_killer` (CL-2); CL-9: it has
//!   no team, so no surrender; CL-8: no explosion.
//!
//! Its two steps run in `night.rs`'s list; its action, form, view (`needle`), deal
//! (`needle_doctors` in a fixed setup, drawn after `evil_civilians`) and bot are with the others
//! of the engine (`Action::Needle`, `forms::NEEDLE`).

use super::night::{Reach, Resolution};
use super::shield;
use super::state::Game;
use crate::table::Seat;

/// R5-3 (5): each needle cancels one kill or shot still killing its seat (after the save and the
/// immunity): the first such kill of step (1), in step order. A needle on the kill's own target
/// cancels the kill (4.0's butterfly's hugged seat it reached is spared too); one on a seat it
/// reached through 4.0's butterfly spares that seat alone. At a table of 5.0's butterfly (R5-3
/// (1), (3): `shield.rs`) a needle aimed at the hugged seat has no effect, and one on the
/// butterfly lands on the hugged seat too: one needle on each seat, each cancelling one kill or
/// shot still killing its own seat.
pub(super) fn cancel(g: &mut Game, n: &mut Resolution) {
    for i in 0..n.needled.len() {
        let t = n.needled[i];
        let lands = shield::lands(g, n, t);
        if lands == Reach::one(t) {
            cancel_one(n, t, true);
        } else {
            for s in lands.iter() {
                cancel_one(n, s, false);
            }
        }
    }
}

/// One needle on `t`: the first kill of step (1) still killing `t` spares it — the whole kill
/// when `whole` and the kill names `t` (4.0's butterfly's hugged seat with it), else `t` alone.
fn cancel_one(n: &mut Resolution, t: Seat, whole: bool) {
    let kill = n
        .landings
        .iter_mut()
        .find(|l| !l.void && l.kills.iter().any(|s| s == t));
    if let Some(l) = kill {
        if whole && l.target == t {
            l.kills.retain(|_| false);
        } else {
            l.kills.retain(|&s| s != t);
        }
    }
}

/// R5-3 (5): each needle on a living seat no kill or shot attacked tonight (R4-4 (4)'s reading,
/// void kills included) is an empty needle, counted on its seat over the game; a seat whose
/// count reaches two dies now, after the kills' deaths and the 4.0 doctor's rule's, in seat
/// order (once, should it die tonight anyway). At a table of 5.0's butterfly (R5-3 (1), (3):
/// `shield.rs`) a needle aimed at the hugged seat is none (no effect, so not empty), and one on
/// the butterfly is a needle on each of the two seats, each empty if its own seat was not
/// attacked.
pub(super) fn empty(g: &mut Game, n: &mut Resolution) {
    if n.needled.is_empty() {
        return;
    }
    let seats = g.seat_count();
    let mut dies: Vec<Seat> = Vec::new();
    let mut landed: Vec<Seat> = Vec::new();
    for &t in &n.needled {
        landed.extend(shield::lands(g, n, t).iter());
    }
    for t in landed {
        if n.attacked(t) || !g.is_alive(t) {
            continue;
        }
        if g.empty_needles.len() < seats {
            g.empty_needles.resize(seats, 0);
        }
        let count = &mut g.empty_needles[t.index()];
        *count = count.saturating_add(1);
        if *count >= 2 && !dies.contains(&t) {
            dies.push(t);
        }
    }
    dies.sort_unstable();
    for t in dies {
        if !n.dead.contains(&t) {
            n.dead.push(t);
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::classic::doctor::tests::{
        RoleTable, act, alive, assert_forms, at_dongsha, bots_win_on_both_sides, dongsha_deal,
        dongsha_with, drawn_after, foreign_at_dongsha, handle, killed_acts_no_more, kinds,
        learns_nobody, names_its_seats, night_acts, out, peaceful, public, replay, said, scenario,
        started, submit, to_night, to_vote, told,
    };
    use crate::{Game, Line};

    /// 东杀 with one needle doctor (R5-1), called at night after the killers and the police; its
    /// game: 9 seats g1..g9, killers g1 g2, police g3 g4, the needle doctor g5, civilians
    /// g6..g9.
    const TABLE: RoleTable = RoleTable(&[("needle_doctor", "needle_doctors")]);

    /// 东杀 with the needle doctor, 5.0's sniper and 4.0's doctor; its game: killers g1 g2,
    /// police g3 g4, the needle doctor g5, the sniper g6, the doctor g7, civilians g8 g9.
    const SHOTS: RoleTable = RoleTable(&[
        ("needle_doctor", "needle_doctors"),
        ("sniper", "snipers"),
        ("doctor", "doctors"),
    ]);

    /// 东杀 with the needle doctor and the other roles whose steps it meets; its game at 12
    /// seats (2 killers, 2 police): killers g1 g2, police g3 g4, the needle doctor g5, the
    /// sniper g6, the doctor g7, the butterfly g8, the secret police g9, the magician g10, the
    /// wizard g11, the civilian g12.
    const ACROSS: RoleTable = RoleTable(&[
        ("needle_doctor", "needle_doctors"),
        ("sniper", "snipers"),
        ("doctor", "doctors"),
        ("butterfly", "butterflies"),
        ("secret_police", "secret_police"),
        ("magician", "magicians"),
        ("wizard", "wizards"),
    ]);

    /// 东杀 with the needle doctor and 5.0's forest elder (`dark_elder`); its game: killers g1
    /// g2, police g3 g4, the needle doctor g5, the dark elder g6, civilians g7..g9.
    const DARK: RoleTable = RoleTable(&[
        ("needle_doctor", "needle_doctors"),
        ("dark_elder", "dark_elders"),
    ]);

    /// `roles` at 东杀 with two needle doctors (the first line dealt twice), named `name`: its
    /// 9-seat game dealt the needle doctors g5 g6 and the other roles from g7 on, in order.
    fn two_doctors(roles: &[&str], name: &str) -> Game {
        let mut all = vec!["needle_doctor"];
        all.extend_from_slice(roles);
        let v = handle(dongsha_with(&all), name, |d| {
            d["deal"][2]["count"] = json!(2)
        });
        let mut deal = json!({"needle_doctors": ["g5", "g6"]});
        for (i, role) in (7..).zip(roles) {
            let key = match *role {
                "sniper" => "snipers",
                other => panic!("no key for {other}"),
            };
            deal[key] = json!([format!("g{i}")]);
        }
        started(v, 9, dongsha_deal(deal))
    }

    /// R5-3 (5): a needle cancels the kill on its seat — the night is peaceful; a needle on
    /// another seat spares nobody (CL-1); the needle doctor may needle itself (R5-1).
    #[test]
    fn r5_3_5_a_needle_cancels_a_kill() {
        let mut g = TABLE.game("needle-kill");
        assert_eq!(
            said(&mut g, &[("g1", "kill", "g6"), ("g5", "needle", "g6")]),
            [peaceful()]
        );
        assert!(alive(&g, "g6"));
        assert_eq!(
            said(&mut g, &[("g1", "kill", "g7"), ("g5", "needle", "g8")]),
            [out("g7")]
        );
        assert_eq!(
            said(&mut g, &[("g1", "kill", "g5"), ("g5", "needle", "g5")]),
            [peaceful()],
            "itself allowed"
        );
    }

    /// R5-3 (5): "a kill or shot" — a needle cancels a sniper's shot, and a secret police's
    /// secret kill, as the killers' kill.
    #[test]
    fn r5_3_5_a_needle_cancels_a_shot_and_a_secret_kill() {
        let mut g = SHOTS.game("needle-shot");
        assert_eq!(
            said(&mut g, &[("g6", "snipe", "g8"), ("g5", "needle", "g8")]),
            [peaceful()]
        );
        let mut g = ACROSS.game_at(12, "needle-secret-kill");
        assert_eq!(
            said(
                &mut g,
                &[("g9", "secret_kill", "g12"), ("g5", "needle", "g12")]
            ),
            [peaceful()]
        );
        assert!(alive(&g, "g12"));
    }

    /// R5-3 (5): a needle cancels **one** kill or shot: killed and shot, the needled seat dies
    /// (of the one left, out once); a needle cancels nothing on another seat. Two needles on one
    /// seat (two needle doctors) each cancel one: killed and shot, it lives.
    #[test]
    fn r5_3_5_two_attacks_and_one_needle_kill_the_seat() {
        let mut g = SHOTS.game("needle-two-attacks");
        assert_eq!(
            said(
                &mut g,
                &[
                    ("g1", "kill", "g8"),
                    ("g6", "snipe", "g8"),
                    ("g5", "needle", "g8")
                ]
            ),
            [out("g8")]
        );
        assert_eq!(
            said(
                &mut g,
                &[
                    ("g1", "kill", "g9"),
                    ("g6", "snipe", "g5"),
                    ("g5", "needle", "g9")
                ]
            ),
            [out("g5")],
            "the kill on g9 cancelled, the shot on g5 kills"
        );
        let mut g = two_doctors(&["sniper"], "needle-two-needles");
        let acts = [
            ("g1", "kill", "g8"),
            ("g7", "snipe", "g8"),
            ("g5", "needle", "g8"),
            ("g6", "needle", "g8"),
        ];
        assert_eq!(said(&mut g, &acts), [peaceful()]);
        assert!(alive(&g, "g8"));
    }

    /// R4-4 (2) then R5-3 (5): 4.0's doctor's save runs first and spares the killers' kill
    /// only; the needle then cancels one kill or shot left — killed, shot, saved and needled,
    /// the seat lives (had the needle gone to the kill, the shot would have killed it). The
    /// secret police's immunity (R4-4 (3)) likewise runs before the needles: killed and shot,
    /// the needle cancels the shot.
    #[test]
    fn r4_4_2_r5_3_5_save_needle_kill_and_shot() {
        let mut g = SHOTS.game("needle-save-kill-shot");
        let acts = [
            ("g1", "kill", "g8"),
            ("g6", "snipe", "g8"),
            ("g7", "save", "g8"),
            ("g5", "needle", "g8"),
        ];
        assert_eq!(said(&mut g, &acts), [peaceful()]);
        // Without the needle the save spares the kill only: the shot kills.
        let acts = [
            ("g1", "kill", "g9"),
            ("g6", "snipe", "g9"),
            ("g7", "save", "g9"),
        ];
        assert_eq!(said(&mut g, &acts), [out("g9")]);
        let mut g = ACROSS.game_at(12, "needle-immunity");
        let acts = [
            ("g1", "kill", "g9"),
            ("g6", "snipe", "g9"),
            ("g5", "needle", "g9"),
        ];
        assert_eq!(said(&mut g, &acts), [peaceful()]);
        assert!(alive(&g, "g9"));
    }

    /// R5-3 (5): a seat given two empty needles in total dies at that night's end — the nights
    /// need not run (another seat needled between, a night without a needle), announced as
    /// every night death (`out`, `killed`) with CL-4's last words. The count is the seat's,
    /// whichever needle doctor gave them: two needle doctors, a night each, or both on one
    /// night.
    #[test]
    fn r5_3_5_two_empty_needles_kill_across_nights() {
        let mut g = TABLE.game("needle-two-empty");
        assert_eq!(said(&mut g, &[("g5", "needle", "g6")]), [peaceful()]);
        assert_eq!(said(&mut g, &[("g5", "needle", "g7")]), [peaceful()]);
        assert_eq!(said(&mut g, &[]), [peaceful()]);
        let lines = night_acts(&mut g, &[("g5", "needle", "g6")]);
        assert_eq!(public(lines), [out("g6")]);
        assert_eq!(g.table_now().phase.kind, "last_words");
        assert_eq!(g.table_now().speaker.as_deref(), Some("g6"));
        // g7 has one: a second kills it.
        to_night(&mut g);
        assert_eq!(said(&mut g, &[("g5", "needle", "g7")]), [out("g7")]);
        // Two needle doctors, a night each.
        let mut g = two_doctors(&["sniper"], "needle-two-doctors-nights");
        assert_eq!(said(&mut g, &[("g5", "needle", "g8")]), [peaceful()]);
        assert_eq!(said(&mut g, &[("g6", "needle", "g8")]), [out("g8")]);
        // Both on one night: two empty needles.
        let mut g = two_doctors(&["sniper"], "needle-two-doctors-night");
        let acts = [("g5", "needle", "g9"), ("g6", "needle", "g9")];
        assert_eq!(said(&mut g, &acts), [out("g9")]);
    }

    /// R5-3 (5): a needle on an attacked seat is not empty — killed and needled (saved); a
    /// void kill (4.0's hug: R4-4 (1)) attacks too, as R4-4 (4) reads "attacked"; and so does
    /// a kill that reaches the hugged seat through the butterfly. Each such seat dies only of
    /// two later empty needles.
    #[test]
    fn r5_3_5_a_needle_on_an_attacked_seat_is_not_empty() {
        let twice_more = |g: &mut Game, seat: &str| {
            assert_eq!(said(g, &[("g5", "needle", seat)]), [peaceful()], "{seat}");
            assert_eq!(said(g, &[("g5", "needle", seat)]), [out(seat)], "{seat}");
        };
        let mut g = TABLE.game("needle-attacked");
        assert_eq!(
            said(&mut g, &[("g1", "kill", "g6"), ("g5", "needle", "g6")]),
            [peaceful()]
        );
        twice_more(&mut g, "g6");
        // A void kill: the kill on the hugged seat.
        let mut g = ACROSS.game_at(12, "needle-void-kill");
        let acts = [
            ("g8", "hug", "g12"),
            ("g1", "kill", "g12"),
            ("g5", "needle", "g12"),
        ];
        assert_eq!(said(&mut g, &acts), [peaceful()]);
        twice_more(&mut g, "g12");
        // Reached through the butterfly: the needle spares the hugged seat alone, the
        // butterfly dies of the kill on it.
        let mut g = ACROSS.game_at(12, "needle-through-butterfly");
        let acts = [
            ("g8", "hug", "g12"),
            ("g1", "kill", "g8"),
            ("g5", "needle", "g12"),
        ];
        assert_eq!(said(&mut g, &acts), [out("g8")]);
        twice_more(&mut g, "g12");
        // A needle on the butterfly cancels the kill on it: the hugged seat lives too.
        let mut g = ACROSS.game_at(12, "needle-on-butterfly");
        let acts = [
            ("g8", "hug", "g12"),
            ("g1", "kill", "g8"),
            ("g5", "needle", "g8"),
        ];
        assert_eq!(said(&mut g, &acts), [peaceful()]);
        assert!(alive(&g, "g8") && alive(&g, "g12"));
    }

    /// R5-2 with R5-3 (5): once every killer is out, 5.0's forest elder holds the kill (no
    /// magician dealt), and his kill is the killers' kill of the night's kills step — "a kill"
    /// a needle cancels: a needle on his target cancels it (the night peaceful, the seat
    /// attacked, so the needle is not empty), one on another seat cancels nothing. R5-4: his
    /// silence is the next day's, so the needle doctor he silenced still needles the night after
    /// (its day's ballot alone refused).
    #[test]
    fn r5_2_r5_3_5_a_needle_cancels_the_dark_elders_kill() {
        let mut g = DARK.game("needle-dark-elder");
        let lines = night_acts(&mut g, &[("g6", "silence", "g5")]);
        let dark = json!({"type": "silenced", "votes": false});
        assert_eq!(told(&lines), [json!(["g5", dark])]);
        to_vote(&mut g);
        let ballot = json!({"type": "vote", "target": "g1"});
        assert_eq!(submit(&mut g, "g5", ballot.clone()), Some("silenced"));
        for by in ["g1", "g2", "g3", "g4", "g6", "g7", "g8", "g9"] {
            assert_eq!(submit(&mut g, by, ballot.clone()), None, "{by}");
        }
        g.resolve_phase();
        assert!(!alive(&g, "g1"));
        to_night(&mut g);
        let s = g.seat_now("g5").expect("the needle doctor");
        assert_eq!(
            s.allowed,
            ["needle"],
            "silenced yesterday, it needles tonight"
        );
        assert!(s.owes.action);
        assert_eq!(
            said(&mut g, &[("g2", "kill", "g7"), ("g5", "needle", "g7")]),
            [peaceful()]
        );
        to_vote(&mut g);
        let ballot = json!({"type": "vote", "target": "g2"});
        for by in ["g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9"] {
            assert_eq!(submit(&mut g, by, ballot.clone()), None, "{by}");
        }
        let lines = g.resolve_phase();
        assert_eq!(told(&lines), [json!(["g6", {"type": "kill_inherited"}])]);
        assert_eq!(g.outcome(), None, "he stands for the killers");
        to_night(&mut g);
        assert_eq!(
            said(&mut g, &[("g6", "kill", "g7"), ("g5", "needle", "g7")]),
            [peaceful()],
            "the heir's kill cancelled"
        );
        assert!(alive(&g, "g7"));
        assert_eq!(
            said(&mut g, &[("g6", "kill", "g8"), ("g5", "needle", "g9")]),
            [out("g8")]
        );
        // g7's two needles were on an attacked seat: neither was empty, so one more empty
        // needle does not kill it.
        assert_eq!(said(&mut g, &[("g5", "needle", "g7")]), [peaceful()]);
        assert!(alive(&g, "g7"));
    }

    /// R5-3 (2): the magic strikes a magicked needle doctor's needle (`Night::without`): the
    /// kill it named kills, and it is no empty needle either (the seat dies only of two later
    /// ones). A kill the magic struck is no attack: a needle on its seat is empty. R5-3 (4): the
    /// wizard who queries the needle doctor learns the seat his needle named, empty or not
    /// (`none` the night he is magicked).
    #[test]
    fn r5_3_2_magic_strikes_the_needle() {
        let mut g = ACROSS.game_at(12, "needle-magicked");
        let acts = [
            ("g10", "magic", "g5"),
            ("g1", "kill", "g12"),
            ("g5", "needle", "g12"),
        ];
        assert_eq!(said(&mut g, &acts), [out("g12")]);
        let mut g = ACROSS.game_at(12, "needle-magicked-empty");
        let acts = [
            ("g10", "magic", "g5"),
            ("g5", "needle", "g12"),
            ("g11", "query", "g5"),
        ];
        let lines = night_acts(&mut g, &acts);
        let none = json!({"type": "query_result", "target": "g5", "acted_on": "none"});
        assert_eq!(told(&lines), [json!(["g11", none])]);
        to_night(&mut g);
        let lines = night_acts(&mut g, &[("g5", "needle", "g12"), ("g11", "query", "g5")]);
        assert_eq!(
            public(lines.clone()),
            [peaceful()],
            "the first empty needle"
        );
        let seen = json!({"type": "query_result", "target": "g5", "acted_on": "g12"});
        assert_eq!(told(&lines), [json!(["g11", seen])]);
        to_night(&mut g);
        assert_eq!(said(&mut g, &[("g5", "needle", "g12")]), [out("g12")]);
        // The killer magicked: his kill is struck, so the needled seat was not attacked.
        let mut g = ACROSS.game_at(12, "needle-kill-struck");
        let acts = [
            ("g10", "magic", "g1"),
            ("g1", "kill", "g12"),
            ("g5", "needle", "g12"),
        ];
        assert_eq!(said(&mut g, &acts), [peaceful()]);
        assert_eq!(said(&mut g, &[("g5", "needle", "g12")]), [out("g12")]);
    }

    /// R4-4 (4) beside R5-3 (5): the needle is no attack for the 4.0 doctor's rule, nor the
    /// save one for the needle's; a night's deaths go out in step order — the kill's, the 4.0
    /// doctor's rule's, the empty needles' (not seat order) —; a seat both rules kill goes out
    /// once.
    #[test]
    fn r4_4_4_r5_3_5_the_needle_beside_the_doctors_rule() {
        let mut g = SHOTS.game("needle-beside-rule");
        let acts = [("g7", "save", "g9"), ("g5", "needle", "g8")];
        assert_eq!(said(&mut g, &acts), [peaceful()]);
        let acts = [
            ("g1", "kill", "g4"),
            ("g7", "save", "g9"),
            ("g5", "needle", "g8"),
        ];
        assert_eq!(said(&mut g, &acts), [out("g4"), out("g9"), out("g8")]);
        let mut g = SHOTS.game("needle-and-save-one-seat");
        let acts = [("g7", "save", "g8"), ("g5", "needle", "g8")];
        assert_eq!(said(&mut g, &acts), [peaceful()]);
        assert_eq!(said(&mut g, &acts), [out("g8")]);
    }

    /// Privacy (R5-3 (5)): nobody is told a needle was empty — a night with an empty needle
    /// publishes and tells what the same night without it does; the needle doctor's seat reads
    /// its own needle (its view, its page), no other seat does, and the view says nothing of a
    /// count; the empty needles' death reads as the kill's (`out`, `killed`).
    #[test]
    fn r5_3_5_only_the_needle_doctors_seat_reads_its_needle() {
        let mut with = TABLE.game("needle-private");
        let mut without = TABLE.game("needle-private-none");
        assert_eq!(submit(&mut with, "g5", act("needle", "g7")), None);
        for s in ["g1", "g2", "g3", "g4", "g6", "g7", "g8", "g9"] {
            let view = with.view_for(s).expect("a view").json().clone();
            assert!(view.get("needle").is_none(), "{s}: {view}");
        }
        let seat_view = with.view_for("g5").expect("a view");
        assert_eq!(seat_view.json()["needle"], "g7");
        let sheet = with.variant().seat_sheet(&seat_view, false);
        assert_eq!(sheet.chosen, [("needle", "target", "g7".to_string())]);
        assert!(sheet.notes.is_empty());
        let a: Vec<Line> = with.resolve_phase();
        let b: Vec<Line> = without.resolve_phase();
        assert_eq!(kinds(&a), kinds(&b));
        assert_eq!(public(a.clone()), public(b));
        assert!(told(&a).is_empty(), "nobody is told");
        let view = with.view_for("g5").expect("a view").json().clone();
        assert!(view.get("needle").is_none(), "a night's submission: {view}");
        // The second empty needle: an `out` as a kill's, the transcript naming no needle.
        to_night(&mut with);
        let lines = night_acts(&mut with, &[("g5", "needle", "g7")]);
        assert_eq!(public(lines), [out("g7")]);
        let transcript: Vec<String> = with
            .transcript()
            .iter()
            .filter_map(|l| match l {
                Line::Public { event, .. } | Line::Private { event, .. } => {
                    Some(event.json().to_string())
                }
                _ => None,
            })
            .collect();
        assert!(
            transcript.iter().all(|e| !e.contains("needle")),
            "{transcript:?}"
        );
    }

    /// R5-1: the needle is the living needle doctor's, at night, on any living seat, itself
    /// included, replaceable until the night ends (the last counts); the form, the seat's
    /// allowed actions, what it owes and its view follow; it learns nobody (5.0). By day it is
    /// `not_now`, out it is `out`; other roles are refused `not_your_role` — 4.0's doctor too,
    /// and the needle doctor's `save` —; at 东杀 `needle` is another game's type.
    #[test]
    fn r5_1_only_a_living_needle_doctor_needles_at_night() {
        let mut g = SHOTS.game("needle-only");
        for by in ["g1", "g3", "g6", "g7", "g8"] {
            assert_eq!(
                submit(&mut g, by, act("needle", "g8")),
                Some("not_your_role"),
                "{by}"
            );
            assert!(!g.seat_now(by).expect("a seat").allowed.contains(&"needle"));
        }
        assert_eq!(
            submit(&mut g, "g5", act("save", "g8")),
            Some("not_your_role")
        );
        let s = g.seat_now("g5").expect("the needle doctor");
        assert_eq!(s.role, "needle_doctor");
        assert_eq!(s.allowed, ["needle"]);
        assert!(s.owes.action, "the needle is owed until sent");
        assert!(s.teams.is_empty(), "5.0: nobody learns anybody");
        learns_nobody(&g, "g5");
        let view = g.view_for("g5").expect("a view").json().clone();
        assert!(view.get("team").is_none() && view.get("teams").is_none());
        assert_eq!(
            submit(&mut g, "g5", act("needle", "nobody")),
            Some("bad_target")
        );
        assert_eq!(submit(&mut g, "g5", act("needle", "g5")), None, "itself");
        assert_eq!(submit(&mut g, "g5", act("needle", "g8")), None);
        assert!(!g.seat_now("g5").expect("a seat").owes.action);
        let seat_view = g.view_for("g5").expect("a view");
        assert_eq!(seat_view.json()["needle"], "g8");
        let sheet = g.variant().seat_sheet(&seat_view, false);
        assert_eq!(
            sheet.role,
            crate::message::Message::key("role-needle-doctor")
        );
        // The last counts: g8's kill is cancelled.
        assert_eq!(submit(&mut g, "g1", act("kill", "g8")), None);
        assert_eq!(public(g.resolve_phase()), [peaceful()]);
        assert_eq!(submit(&mut g, "g5", act("needle", "g7")), Some("not_now"));
        assert!(g.seat_now("g5").expect("a seat").allowed.is_empty());
        // The forms: the needle after the other roles across books'; any living seat.
        assert_forms(
            TABLE.table("needle-forms", |_| {}),
            &["kill", "check", "needle", "explode", "surrender", "vote"],
            "needle",
            crate::FieldInput::LivingSeat,
        );
        assert_forms(
            SHOTS.table("needle-forms-shots", |_| {}),
            &[
                "kill",
                "check",
                "save",
                "snipe",
                "needle",
                "explode",
                "surrender",
                "vote",
            ],
            "needle",
            crate::FieldInput::LivingSeat,
        );
        // Out: no needle, nothing owed.
        killed_acts_no_more(&mut TABLE.game("needle-dead"), "g5", "needle", "g6");
        // 东杀 itself: no needle doctor, no form, `needle` refused as another game's.
        foreign_at_dongsha("needle");
    }

    /// CL-10 with a needle doctor: it counts among the civilians (the game goes on while it
    /// lives, the other civilians out; then the killers win) and loses with good; CL-2 a check
    /// of it reads `not_killer`; CL-9 it never surrenders; the reveal names it.
    #[test]
    fn cl_10_the_needle_doctor_counts_among_the_civilians() {
        let mut g = TABLE.game("needle-cl10");
        assert_eq!(
            submit(&mut g, "g5", json!({"type": "surrender"})),
            Some("not_your_role")
        );
        let lines = night_acts(&mut g, &[("g1", "kill", "g6"), ("g3", "check", "g5")]);
        let found = json!({"type": "check_result", "target": "g5", "result": "not_killer"});
        assert_eq!(told(&lines), [json!(["g3", found]), json!(["g4", found])]);
        to_night(&mut g);
        for victim in ["g7", "g8", "g9"] {
            night_acts(&mut g, &[("g1", "kill", victim)]);
            assert_eq!(g.outcome(), None, "the needle doctor lives");
            to_night(&mut g);
        }
        night_acts(&mut g, &[("g1", "kill", "g5")]);
        assert_eq!(
            g.outcome(),
            Some("killers"),
            "屠城: it was the last civilian"
        );
        assert_eq!(
            g.seat_record("g5", Some("killers"))
                .map(|r| (r.role, r.won)),
            Some(("needle_doctor", Some(false)))
        );
        assert_eq!(g.reveal_now()["seats"][4]["role"], "needle_doctor");
    }

    /// Any count may be dealt (each needle on its own); a fixed deal names the needle doctors
    /// (`needle_doctors`, drawn after `evil_civilians`, before `dark_elders`); a wrong count or a seat dealt
    /// twice is refused; the other roles' seats are drawn as at the same table without them;
    /// 4.0's doctor and the needle doctor are dealt side by side. 东杀 has no such key.
    #[test]
    fn r5_1_a_fixed_deal_names_the_needle_doctors() {
        let v = TABLE.table("needle-deal", |d| d["deal"][2]["count"] = json!(2));
        let two = dongsha_deal(json!({"needle_doctors": ["g5", "g6"]}));
        names_its_seats(
            v,
            &two,
            &[
                (TABLE.deal(), "deals 2 needle_doctor(s), not 1"),
                (
                    dongsha_deal(json!({"needle_doctors": ["g1", "g5"]})),
                    "\"g1\" is a killer and a needle_doctor",
                ),
            ],
            &["killers", "needle_doctors", "police"],
            &[("needle_doctors", 2)],
            "needle_doctors",
        );
        // After the evil civilian's key: the same evil civilian as without the needle doctor.
        drawn_after(
            "evil_civilian",
            "evil_civilians",
            "needle_doctor",
            "needle-deal-evil",
        );
        // With 4.0's doctor: both keys, one seat each, and a seat dealt both is refused.
        let both = SHOTS.game("needle-deal-doctor");
        let roles: Vec<&str> = [5, 7]
            .iter()
            .map(|i| both.seat_now(&format!("g{i}")).map_or("", |s| s.role))
            .collect();
        assert_eq!(roles, ["needle_doctor", "doctor"]);
        let mut twice = SHOTS.deal();
        twice["doctors"] = json!(["g5"]);
        let err = Game::start(&crate::classic::doctor::tests::config(
            SHOTS.table("needle-deal-twice", |_| {}),
            9,
            Some(twice),
        ))
        .map(|_| ())
        .expect_err("refused")
        .to_string();
        assert!(
            err.contains("\"g5\" is a doctor and a needle_doctor"),
            "{err}"
        );
    }

    /// A replay scenario of a needle doctor's table (`document` in place of `variant`,
    /// replay.md): the needle is taken with the night's actions (`needle_recorded`) and cancels
    /// the kill; at 东杀 the key is ignored and the needle refused `not_your_role`.
    #[test]
    fn r5_3_5_a_replay_of_a_needle_doctors_table_needles() {
        let acts = json!([{"submit": [
            {"by": "g1", "action": {"type": "kill", "target": "g6"}},
            {"by": "g5", "action": {"type": "needle", "target": "g6"}}
        ]}]);
        let scenario = scenario(TABLE.document(), 9, TABLE.deal(), acts);
        let lines = replay(&scenario);
        assert!(
            lines.contains(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": true,
                                       "reply": {"type": "needle_recorded"}})),
            "{lines:?}"
        );
        assert!(
            lines.contains(&json!({"kind": "public", "act": 1,
                                       "event": {"type": "peaceful", "phase": "night"}})),
            "{lines:?}"
        );
        let lines = replay(&at_dongsha(&scenario));
        assert!(
            lines.contains(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": false,
                                       "error": "not_your_role"}))
        );
        assert!(lines.contains(&json!({"kind": "public", "act": 1,
                                       "event": {"type": "out", "target": "g6", "cause": "killed"}})));
    }

    /// The bots play a needle doctor's table to the end — the needle doctor needling a random
    /// living seat every night, itself allowed —, the same games for the same seeds, with both
    /// sides winning some; so does a table of it beside the sniper and 4.0's doctor.
    #[test]
    fn r5_1_bots_play_a_needle_doctors_table_to_the_end() {
        for v in [
            TABLE.table("needle-bots", |_| {}),
            SHOTS.table("needle-bots-shots", |_| {}),
        ] {
            bots_win_on_both_sides(v, 9);
        }
    }
}
