//! The end, checked after the night and after the day (R4-6, R5-5).

use super::event::Winner;
use super::role::Role;
use super::state::Game;

impl Game {
    fn living_any(&self, roles: &[Role]) -> bool {
        self.living().any(|s| roles.contains(&self.role(s)))
    }

    /// The winner the living seats make now, if any.
    pub fn winner_now(&self) -> Option<Winner> {
        if self.kind.is_v4() {
            // R4-6.
            let good = !self.living_any(&[Role::Killer, Role::Undercover]);
            let bad_n = self
                .living()
                .filter(|&s| self.side(s) == super::role::Side::Bad)
                .count();
            let good_n = self.living().count() - bad_n;
            let bad = !self.living_any(&[Role::Police, Role::SecretPolice])
                || !self.living_any(&[Role::Civilian])
                || bad_n >= good_n;
            Winner::of(good, bad)
        } else {
            // R5-5: civilians do not count.
            let good = !self.living_any(&Role::SUCCESSION);
            let bad =
                !self.living_any(&[Role::Butterfly, Role::Sniper, Role::Doctor, Role::Police]);
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
