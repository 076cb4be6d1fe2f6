//! The end, checked after every seat goes out (CL-10, CL-11) and after every wujian surrender and
//! day (WJ-4).

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
        // CL-10 (only a team that existed at the setup can be all out), then CL-11. A doctor,
        // a sniper, a butterfly, an elder and a good civilian count among the civilians
        // (`Role::counts_as_civilian`), a secret police among the police
        // (`Role::counts_as_police`), an undercover, a magician, 5.0's forest elder and a
        // wizard among the killers (`Role::with_killers`); the evil civilian nowhere (R5-5:
        // civilians do not count), so good may win while he lives, and he loses with the
        // killers.
        let winner = if killers == 0 {
            Some(Winner::Good)
        } else if self.police_group_at_setup > 0 && police == 0 {
            Some(Winner::Killers)
        } else if self.civilians_at_setup > 0 && civilians == 0 {
            self.table.civilians_out()
        } else if self.table.setup().win == Win::Shengtui && after_vote && civilians <= 2 {
            Some(Winner::Killers)
        } else {
            None
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
