//! The night's resolution: the kill (CL-1), at a table that deals a sniper its shots (R5-3:
//! `sniper.rs`), at one that deals a doctor its save and its rule (R4-4 (2), (4): `doctor.rs`),
//! the check (CL-2), dawn (CL-4); wujian's peeks (WJ-2).
//!
//! The night runs as an explicit list of steps in R4-4's order over one scratch value, as the
//! role games' nights do: the kill, the shots (with the kills, R5-3 (3)), the save, the doctor's
//! rule, the check. Then dawn: the night's dead go out in the steps' order.

use super::{doctor, sniper};
use super::event::{Audience, Cause, Event};
use super::roles::{Call, Faction, Role};
use super::state::Game;
use crate::table::{Seat, Step, majority, run_steps};

/// What the night's submissions name, and what the steps decided so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Resolution {
    /// The killers' kill (CL-1 majority of their last submissions).
    pub kill: Option<Seat>,
    /// The police's check (CL-2 majority).
    pub check: Option<Seat>,
    /// The seats the snipers shot (R5-1), in seat order, once each.
    pub shot: Vec<Seat>,
    /// The seats the doctors saved (R4-3), in seat order, once each.
    pub saved: Vec<Seat>,
    /// The night's deaths in announcement order: the steps' order (R4-4).
    pub dead: Vec<Seat>,
}

/// R4-4's order at a classic table: (1) the kill, and with it the shots (R5-3 (3): kills and
/// shots land at once), (2) the save (which spares the killers' kill only), (4) the doctor's
/// rule, then the check (CL-2; R4-4 (5)).
const STEPS: [Step<Game, Resolution>; 5] = [
    ("CL-1", kill),
    ("R5-3", sniper::shoot),
    ("R4-4 (2)", doctor::save),
    ("R4-4 (4)", doctor::rule),
    ("CL-2", check),
];

impl Game {
    /// The night's submissions as the steps read them.
    fn resolution(&self) -> Resolution {
        Resolution {
            kill: majority(&self.night.kills),
            check: majority(&self.night.checks),
            shot: named(&self.night.snipes),
            saved: named(&self.night.saves),
            dead: Vec::new(),
        }
    }

    /// Ends the night: wujian's peeks are told; otherwise the night's steps run (the police
    /// learn their check), the night's dead go out (or the night was peaceful), the end is
    /// checked, and dawn's last words or the day's speeches open.
    pub(super) fn resolve_night(&mut self) {
        if self.table.is_wujian() {
            self.tell_peeks();
            self.start_day();
            return;
        }
        let mut n = self.resolution();
        run_steps(&STEPS, self, &mut n);
        self.dawn(&n.dead);
    }

    /// Dawn (CL-4): the night's dead go out in order, each with last words while the seats out
    /// so far are at most the police dealt; the end is checked once they are all out (they go
    /// out at the same moment, the night's end; CL-10 in its order); a seat out when the game
    /// ends leaves none.
    fn dawn(&mut self, dead: &[Seat]) {
        if dead.is_empty() {
            self.say(Audience::Public, Event::Peaceful { day: false });
            self.start_day();
            return;
        }
        let mut words = Vec::new();
        for &s in dead {
            self.put_out(s, Cause::Killed);
            if self.leaves_last_words() {
                words.push(s);
            }
        }
        if self.check_end(false) {
            return;
        }
        words.reverse();
        self.dawn_words = words;
        self.next_dawn_words();
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

/// The seats some submission names, in seat order, once each.
fn named(subs: &[Option<Seat>]) -> Vec<Seat> {
    let mut seats: Vec<Seat> = subs.iter().flatten().copied().collect();
    seats.sort_unstable();
    seats.dedup();
    seats
}

/// CL-1: the seat most killers named dies (no submission: nobody).
fn kill(_: &mut Game, n: &mut Resolution) {
    n.dead.extend(n.kill);
}

/// CL-2: every officer alive when the night began learns the check — the one who dies this
/// night too, whatever kills him. Nobody is out yet while the steps run, so the result is
/// told before dawn's `out`s, as it always was.
fn check(g: &mut Game, n: &mut Resolution) {
    let Some(target) = n.check else { return };
    let killer = g.role(target) == Role::Killer;
    let police: Vec<Seat> = g.living().filter(|&s| g.role(s) == Role::Police).collect();
    for p in police {
        g.say(Audience::Seat(p), Event::CheckResult { target, killer });
    }
}
