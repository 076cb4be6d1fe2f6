//! The night's resolution: the kill (CL-1), the check (CL-2), dawn (CL-4); wujian's peeks (WJ-2).

use super::event::{Audience, Cause, Event};
use super::roles::{Call, Faction, Role};
use super::state::Game;
use crate::table::{Seat, Stage, majority};

impl Game {
    /// Ends the night: wujian's peeks are told; otherwise the police learn their check (every
    /// officer alive when the night began, the one killed this night too: CL-2), the victim is
    /// out (or the night was peaceful), the end is checked, and dawn's last words or the day's
    /// speeches open.
    pub(super) fn resolve_night(&mut self) {
        if self.table.is_wujian() {
            self.tell_peeks();
            self.start_day();
            return;
        }
        let victim = majority(&self.night.kills);
        if let Some(target) = majority(&self.night.checks) {
            let killer = self.role(target) == Role::Killer;
            let police: Vec<Seat> = self
                .living()
                .filter(|&s| self.role(s) == Role::Police)
                .collect();
            for p in police {
                self.say(Audience::Seat(p), Event::CheckResult { target, killer });
            }
        }
        let Some(victim) = victim else {
            self.say(Audience::Public, Event::Peaceful { day: false });
            self.start_day();
            return;
        };
        self.put_out(victim, Cause::Killed);
        if self.check_end(false) {
            return;
        }
        if self.leaves_last_words() {
            self.open(Stage::LastWords {
                seat: victim,
                dawn: true,
            });
        } else {
            self.start_day();
        }
    }

    /// WJ-2: each seat that opened at a call learns the others who opened at it, in seat order.
    fn tell_peeks(&mut self) {
        for s in self.all_seats().collect::<Vec<_>>() {
            let Some(Call::At(call)) = self.night.peeks[s.index()] else {
                continue;
            };
            let seats = self.opened_at(call, s);
            self.say(Audience::Seat(s), Event::PeekSeen { call, seats });
        }
    }

    /// The seats other than `not` whose last peek opened at `call`.
    fn opened_at(&self, call: Faction, not: Seat) -> Vec<Seat> {
        self.all_seats()
            .filter(|&o| o != not && self.night.peeks[o.index()] == Some(Call::At(call)))
            .collect()
    }
}
