//! The end, checked after the night and after the day (R4-6, R5-5).
//!
//! At a judge's own table the book's groups are the roles dealt: "the two police and the secret
//! police" (R4-6) are the police and secret police dealt, "a side's four specials" (R5-5) the
//! side's specials dealt; a group nobody was dealt is never "all out" (as CL-10: only a team
//! that existed at the setup can be all out).

use super::event::Winner;
use super::role::{Role, Side};
use super::state::Game;

/// R5-5: the good side's specials (the bad side's are R5-2's succession).
const GOOD_SPECIALS: [Role; 4] = [Role::Butterfly, Role::Sniper, Role::Doctor, Role::Police];

impl Game {
    fn living_any(&self, roles: &[Role]) -> bool {
        self.living().any(|s| roles.contains(&self.role(s)))
    }

    /// Whether some seat was dealt one of `roles` and none of them is alive.
    fn all_out(&self, roles: &[Role]) -> bool {
        self.roles.iter().any(|r| roles.contains(r)) && !self.living_any(roles)
    }

    /// The winner the living seats make now, if any.
    pub fn winner_now(&self) -> Option<Winner> {
        if self.table.is_v4() {
            // R4-6.
            let good = !self.living_any(&[Role::Killer, Role::Undercover]);
            let bad_n = self.living().filter(|&s| self.side(s) == Side::Bad).count();
            let good_n = self.living().count() - bad_n;
            let bad = self.all_out(&[Role::Police, Role::SecretPolice])
                || self.all_out(&[Role::Civilian])
                || bad_n >= good_n;
            Winner::of(good, bad)
        } else {
            // R5-5: civilians do not count.
            let good = self.all_out(&Role::SUCCESSION);
            let bad = self.all_out(&GOOD_SPECIALS);
            Winner::of(good, bad)
        }
    }

    /// Ends the game and returns `true` if it is over.
    pub(super) fn check_end(&mut self) -> bool {
        match self.winner_now() {
            Some(w) => {
                self.finish(w);
                true
            }
            None => false,
        }
    }
}
