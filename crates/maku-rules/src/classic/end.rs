//! The end, checked after every seat goes out (CL-10, CL-11, or a judge's table's parity rule)
//! and after every wujian surrender and day (WJ-4).
//!
//! The parity win rule (`win.rule: "parity"`, a judge's own classic table; `docs/setups.md`,
//! "The parity win rule") is checked where CL-10 is — after the night's deaths, after a
//! vote-out, after an explosion — in CL-10's place. Its readings:
//! - Mafia-style parity: the killers win when the living seats that count with the killers are
//!   at least as many as the rest that count (equal is enough), good when every seat that
//!   counts with the killers is out; both at once (nobody that counts is left) is a draw.
//! - The killers' side is CL-10's killers' count (`Role::with_killers`: the killers, the
//!   undercover, the magician, 5.0's forest elder, the wizard); good's is CL-10's police and
//!   civilians together (`Role::counts_for_good`).
//! - The evil civilian counts nowhere, as under CL-10 (R5-5: "civilians do not count"): he
//!   wins with the killers but keeps nobody standing, on either side of the count.
//! - CL-10's three conditions do not apply under it (no "all police out", no "all civilians
//!   out"); CL-8's explosion, CL-9's surrender, CL-7's third tie and R5-2's heirs are
//!   unchanged. The setup check refuses a deal that would end the game at its start
//!   (`setup-parity-at-start`).

use super::event::{Audience, Event, Side, Winner};
use super::roles::{Faction, Role};
use super::state::Game;
use crate::setups::Win;

impl Game {
    fn living_with(&self, role: Role) -> usize {
        self.living().filter(|&s| self.role(s) == role).count()
    }

    /// The living civilians of CL-10 and CL-11, the doctor, the sniper, the butterfly, the
    /// elder and the good civilian counted with them (not the evil civilian: R5-5).
    fn living_civilians(&self) -> usize {
        self.living()
            .filter(|&s| self.role(s).counts_as_civilian())
            .count()
    }

    fn living_in(&self, f: Faction) -> usize {
        self.living_with(Role::Faction(f))
    }

    /// WJ-4: more than half of the faction's living members have surrendered.
    pub(super) fn faction_surrenders(&self, f: Faction) -> bool {
        let living = self.living_in(f);
        let surrendered = self
            .living()
            .filter(|&s| self.role(s) == Role::Faction(f) && self.seat_state(s).surrendered)
            .count();
        living > 0 && 2 * surrendered > living
    }

    /// Checks the end after a seat went out (`after_vote`: by the day's vote, for CL-11); ends
    /// the game and returns `true` if it is over. When it goes on, an heir who now holds the
    /// kill is told at once (R5-2: the seats just out were the last killers, or the heir
    /// holding it before him: the magician, 5.0's forest elder, the wizard).
    pub(super) fn check_end(&mut self, after_vote: bool) -> bool {
        if self.table.is_wujian() {
            return self.end_wujian(false);
        }
        // CL-10's killers: the killers, the undercover, the magician, 5.0's forest elder and the
        // wizard (R4-6: good wins when all killers and the undercover are out; R5-5: when the
        // bad specials are; CL-11's "the killer lives" likewise).
        let killers = self
            .living()
            .filter(|&s| self.role(s).with_killers())
            .count();
        // CL-10's police: the police and the secret police (R4-6 counts them together).
        let police = self
            .living()
            .filter(|&s| self.role(s).counts_as_police())
            .count();
        let civilians = self.living_civilians();
        let winner = if self.table.setup().win == Win::Parity {
            // The parity rule in CL-10's place (this module's readings): the evil civilian
            // counts on neither side.
            match (killers == 0, killers >= police + civilians) {
                (true, true) => Some(Winner::Draw),
                (true, false) => Some(Winner::Good),
                (false, true) => Some(Winner::Killers),
                (false, false) => None,
            }
        } else {
            self.cl_10_11(killers, police, civilians, after_vote)
        };
        match winner {
            Some(w) => {
                self.finish(w);
                true
            }
            None => {
                self.pass_the_kill();
                false
            }
        }
    }

    /// CL-10 then CL-11 on the living seats counted with the killers, with the police and
    /// among the civilians: the winner, or `None` while the game goes on.
    fn cl_10_11(
        &self,
        killers: usize,
        police: usize,
        civilians: usize,
        after_vote: bool,
    ) -> Option<Winner> {
        // CL-10 (only a team that existed at the setup can be all out), then CL-11. A doctor,
        // a sniper, a butterfly, an elder and a good civilian count among the civilians
        // (`Role::counts_as_civilian`), a secret police among the police
        // (`Role::counts_as_police`), an undercover, a magician, 5.0's forest elder and a
        // wizard among the killers (`Role::with_killers`); the evil civilian nowhere (R5-5:
        // civilians do not count), so good may win while he lives, and he loses with the
        // killers.
        if killers == 0 {
            Some(Winner::Good)
        } else if self.police_group_at_setup > 0 && police == 0 {
            Some(Winner::Killers)
        } else if self.civilians_at_setup > 0 && civilians == 0 {
            self.table.civilians_out()
        } else if self.table.setup().win == Win::Shengtui && after_vote && civilians <= 2 {
            Some(Winner::Killers)
        } else {
            None
        }
    }

    /// WJ-4: the game ends when more than half of a faction's living members surrendered (that
    /// faction loses, and `surrendered` comes first), when 3 or fewer seats remain, when a
    /// faction has no living seat, or when a day put nobody out (`day_without_out`); then the
    /// faction with more living seats wins, equal is a draw. Returns `true` if it is over.
    pub(super) fn end_wujian(&mut self, day_without_out: bool) -> bool {
        if let Some(f) = Faction::ALL
            .into_iter()
            .find(|&f| self.faction_surrenders(f))
        {
            self.say(
                Audience::Public,
                Event::Surrendered {
                    side: Side::Faction(f),
                },
            );
            self.finish(Winner::Faction(f.other()));
            return true;
        }
        let fei = self.living_in(Faction::Fei);
        let jing = self.living_in(Faction::Jing);
        if day_without_out || fei + jing <= 3 || fei == 0 || jing == 0 {
            let winner = match fei.cmp(&jing) {
                std::cmp::Ordering::Greater => Winner::Faction(Faction::Fei),
                std::cmp::Ordering::Less => Winner::Faction(Faction::Jing),
                std::cmp::Ordering::Equal => Winner::Draw,
            };
            self.finish(winner);
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::classic::doctor::tests::{
        alive, dongsha_with, handle, night_acts, public, started, submit, to_night, told, vote_out,
    };
    use crate::{Game, Variant};

    fn parity() -> Value {
        json!({"rule": "parity"})
    }

    /// CL-10 with 屠城.
    fn sides() -> Value {
        json!({"rule": "sides", "civilians_out": "killers"})
    }

    /// A 7-seat classic table (东杀's document at 7 seats): 2 killers, 1 police, one each of
    /// `roles` called at night after them, civilians filling; won by `win`; named `name`.
    fn seven(name: &str, roles: &[&str], win: Value) -> Variant {
        handle(dongsha_with(roles), name, |d| {
            d["seats"] = json!({"min": 7, "max": 7});
            d["deal"][0]["count"] = json!(2);
            d["deal"][1]["count"] = json!(1);
            d["win"] = win;
        })
    }

    /// Its game: killers g1 g2, the officer g3, `extra` (a fixed deal's keys: g4's role across
    /// books) added; the civilians the seats left.
    fn game(v: Variant, extra: Value) -> Game {
        let mut deal = json!({"killers": ["g1", "g2"], "police": ["g3"]});
        if let (Some(d), Value::Object(extra)) = (deal.as_object_mut(), extra) {
            d.extend(extra);
        }
        started(v, 7, deal)
    }

    /// Both killers kill `victim`; the night resolved, its public events.
    fn kill(g: &mut Game, victim: &str) -> Vec<Value> {
        public(night_acts(
            g,
            &[("g1", "kill", victim), ("g2", "kill", victim)],
        ))
    }

    fn over(winner: &str) -> Value {
        json!({"type": "game_over", "winner": winner})
    }

    /// Parity at a 7-seat table (2 killers, 1 police, 4 civilians): a civilian killed (2
    /// against 4), one voted out (2 against 3), a second killed at night: 2 against 2 (the
    /// officer and a civilian), and the killers win at that dawn. Under CL-10 (屠边, 屠城) the
    /// same game goes on: the officer and a civilian live.
    #[test]
    fn parity_the_killers_win_at_the_dawn_they_are_as_many_as_good() {
        for (name, win, ends) in [
            ("parity-dawn", parity(), true),
            ("sides-dawn", sides(), false),
        ] {
            let mut g = game(seven(name, &[], win), json!({}));
            kill(&mut g, "g4");
            assert_eq!(g.outcome(), None, "{name}: 2 against 4");
            vote_out(&mut g, "g5");
            assert_eq!(g.outcome(), None, "{name}: 2 against 3");
            to_night(&mut g);
            let dawn = kill(&mut g, "g6");
            if ends {
                assert_eq!(dawn.last(), Some(&over("killers")), "{name}: {dawn:?}");
                assert_eq!(g.outcome(), Some("killers"));
            } else {
                assert_eq!(g.outcome(), None, "{name}: CL-10 goes on");
            }
        }
    }

    /// Parity: every seat that counts with the killers out, good wins (by the vote here, the
    /// second killer voted out on day 2).
    #[test]
    fn parity_good_wins_when_the_killers_side_is_out() {
        let mut g = game(seven("parity-good", &[], parity()), json!({}));
        g.resolve_phase();
        vote_out(&mut g, "g1");
        assert_eq!(g.outcome(), None, "1 against 5");
        to_night(&mut g);
        night_acts(&mut g, &[("g2", "kill", "g4")]);
        assert_eq!(g.outcome(), None, "1 against 4");
        let day = public(vote_out(&mut g, "g2"));
        assert_eq!(day.last(), Some(&over("good")), "{day:?}");
        assert_eq!(
            g.seat_record("g3", Some("good")).map(|r| r.won),
            Some(Some(true))
        );
    }

    /// CL-9 under parity, unchanged: the lone officer, last of his team, surrenders at night
    /// and the killers win, though good still outnumbers them.
    #[test]
    fn parity_cl_9_a_surrender_still_loses() {
        let mut g = game(seven("parity-cl9", &[], parity()), json!({}));
        assert_eq!(submit(&mut g, "g3", json!({"type": "surrender"})), None);
        assert_eq!(g.outcome(), Some("killers"));
    }

    /// Parity with 5.0's evil civilian (R5-5: "civilians do not count"): killers g1 g2, the
    /// officer g3, the evil civilian g4, civilians g5..g7. A civilian killed: 2 against 3, and
    /// the game goes on (were he counted with the killers, 3 against 3 would end it); a second
    /// voted out: 2 against 2, the killers win while he lives (were he counted for good, 2
    /// against 3 would go on), and he wins with them.
    #[test]
    fn parity_r5_5_the_evil_civilian_counts_nowhere() {
        let v = seven("parity-evil", &["evil_civilian"], parity());
        let mut g = game(v, json!({"evil_civilians": ["g4"]}));
        kill(&mut g, "g5");
        assert_eq!(
            g.outcome(),
            None,
            "2 against 3, the evil civilian on neither side"
        );
        let day = public(vote_out(&mut g, "g6"));
        assert_eq!(day.last(), Some(&over("killers")), "{day:?}");
        assert!(alive(&g, "g4"));
        assert_eq!(
            g.seat_record("g4", Some("killers"))
                .map(|r| (r.role, r.won)),
            Some(("evil_civilian", Some(true)))
        );
    }

    /// Parity with 5.0's magician (R5-5: a bad special, counted with the killers): killers g1
    /// g2, the officer g3, the magician g4, civilians g5..g7. A civilian killed on night 1: 3
    /// against 3, the killers win at that dawn (under CL-10 the game goes on). R5-2 kept: the
    /// killers voted out, he holds the kill and the game goes on (1 against 4); his kill counts
    /// (1 against 3); voted out, good wins.
    #[test]
    fn parity_r5_2_r5_5_the_magician_counts_with_the_killers_and_inherits() {
        let magician = json!({"magicians": ["g4"]});
        for (name, win, ends) in [
            ("parity-magician", parity(), true),
            ("sides-magician", sides(), false),
        ] {
            let mut g = game(seven(name, &["magician"], win), magician.clone());
            kill(&mut g, "g5");
            let expected = ends.then_some("killers");
            assert_eq!(g.outcome(), expected, "{name}: 3 against 3");
        }
        let mut g = game(
            seven("parity-heir", &["magician"], parity()),
            magician.clone(),
        );
        g.resolve_phase();
        vote_out(&mut g, "g1");
        to_night(&mut g);
        g.resolve_phase();
        let lines = vote_out(&mut g, "g2");
        assert!(
            told(&lines)
                .iter()
                .any(|t| *t == json!(["g4", {"type": "kill_inherited"}])),
            "R5-2: {lines:?}"
        );
        assert_eq!(g.outcome(), None, "the magician stands for the killers");
        to_night(&mut g);
        assert_eq!(
            submit(&mut g, "g4", json!({"type": "kill", "target": "g5"})),
            None
        );
        g.resolve_phase();
        assert!(!alive(&g, "g5"));
        assert_eq!(g.outcome(), None, "1 against 3");
        let day = public(vote_out(&mut g, "g4"));
        assert_eq!(day.last(), Some(&over("good")), "{day:?}");
    }
}
