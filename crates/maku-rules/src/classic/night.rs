//! The night's resolution: the kill (CL-1), at a table that deals them the other books' roles'
//! steps — 5.0's butterfly's hug before anything (R5-3 (1): `shield.rs`), the magician's magic
//! (R5-3 (2): `magician.rs`), the secret police's kill and his immunity (R4-4 (1), (3):
//! `secret_police.rs`), the sniper's shots (R5-3: `sniper.rs`), 4.0's butterfly's hug (R4-4 (1):
//! `butterfly.rs`) and 5.0's (R5-3 (1), (3): `shield.rs`), the doctor's save and rule (R4-4 (2),
//! (4): `doctor.rs`), the needle doctor's needles and their rule (R5-3 (5): `needle.rs`) — the
//! check (CL-2), the wizard's answer (R5-3 (4): `wizard.rs`), the forest elder's silence (R4-4
//! (5): `elder.rs`), 5.0's forest elder's (R5-3 (3): `dark_elder.rs`), the civilians' dark votes
//! kept for the day (R5-3 (5): `dark_vote.rs`), dawn (CL-4); wujian's peeks (WJ-2).
//!
//! The night runs as an explicit list of steps in R4-4's order over one scratch value, as the
//! role games' nights do: 5.0's hug (R5-3 (1): magic aimed at the hugged seat has no effect);
//! the magic (R5-3 (2): it runs before everything it takes away); the kills of step (1) — the
//! killers', the secret police's, the shots (with the kills, R5-3 (3)) — each a [`Landing`];
//! the hug's effects on them (4.0's; 5.0's, which shields its hugged seat from the save and
//! the check too); the save; the secret police's immunity; the needles; the deaths; the
//! doctor's rule; the empty needles' rule; the check; the wizard's answer; the silence; 5.0's
//! elder's silence; the dark votes that land (once every death of the night is known). Then
//! dawn: the night's dead go out in the steps' order.

use super::event::{Audience, Cause, Event};
use super::roles::{Call, Faction};
use super::state::{Game, Night};
use super::{
    butterfly, dark_elder, dark_vote, doctor, elder, magician, needle, secret_police, shield,
    sniper, wizard,
};
use crate::table::{Seat, Step, majority, run_steps};

/// One kill of R4-4's step (1) — the killers', a secret police's, a shot (R5-3 (3): shots land
/// with the kills) — and what became of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Landing {
    /// The seat it names.
    pub target: Seat,
    /// The killers' kill (the one a save spares, R4-4 (2), and the secret police is immune
    /// to, R4-4 (3)); else a secret kill or a shot.
    pub killers: bool,
    /// The seats it reaches, void or not: the target, and the hugged seat when the target is
    /// the butterfly (R4-4 (1); R5-3 (3) for 5.0's). They are "attacked" (R4-4 (4)).
    pub reach: Reach,
    /// Void (R4-4 (1); R5-3 (1): aimed at 5.0's hugged seat): it kills nobody.
    pub void: bool,
    /// The seats it still kills (of `reach`, once the save and the immunity spared theirs).
    pub kills: Reach,
}

/// A kill's seats: its target, and the hugged seat too when the target is the butterfly
/// (R4-4 (1), R5-3 (3)) — two at most, kept inline (every kill of every night has some); none
/// for what is aimed at 5.0's hugged seat (R5-3 (1): `shield::lands`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Reach([Option<Seat>; 2]);

impl Reach {
    pub(super) fn none() -> Reach {
        Reach([None, None])
    }

    pub(super) fn one(s: Seat) -> Reach {
        Reach([Some(s), None])
    }

    pub(super) fn two(a: Seat, b: Seat) -> Reach {
        Reach([Some(a), Some(b)])
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = Seat> + '_ {
        self.0.iter().flatten().copied()
    }

    /// Keeps the seats `keep` keeps.
    pub(super) fn retain(&mut self, keep: impl Fn(&Seat) -> bool) {
        for slot in &mut self.0 {
            if slot.is_some_and(|s| !keep(&s)) {
                *slot = None;
            }
        }
    }
}

impl Resolution {
    /// Whether a kill of step (1) named `s` or reached it through the butterfly, void or not
    /// (R4-4 (4)'s "attacked").
    pub(super) fn attacked(&self, s: Seat) -> bool {
        self.landings.iter().any(|l| l.reach.iter().any(|r| r == s))
    }
}

impl Landing {
    pub(super) fn new(target: Seat, killers: bool) -> Landing {
        Landing {
            target,
            killers,
            reach: Reach::one(target),
            void: false,
            kills: Reach::one(target),
        }
    }
}

/// What the night's submissions name, and what the steps decided so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Resolution {
    /// The killers' kill (CL-1 majority of their last submissions; after the magic step, of
    /// those the magic left, R5-3 (2)).
    pub kill: Option<Seat>,
    /// The police's check (CL-2 majority; likewise).
    pub check: Option<Seat>,
    /// The seats the snipers shot (R5-1), in seat order, once each.
    pub shot: Vec<Seat>,
    /// The seats the doctors saved (R4-3), in seat order, once each.
    pub saved: Vec<Seat>,
    /// Each needle doctor's needle (R5-1): the seat it names, in the needle doctors' seat
    /// order (a seat twice when two needled it: each needle counts, R5-3 (5)).
    pub needled: Vec<Seat>,
    /// Each secret police's kill (R4-3): his seat and its target, in seat order.
    pub secret: Vec<(Seat, Seat)>,
    /// The butterfly's seat, while it hugs someone, and the hugged seat H (R4-3; the first
    /// butterfly's: a classic table deals one at most, R4-4) — 4.0's butterfly's or 5.0's (the
    /// shield butterfly's, R5-1: never both at one table, `setup-one-butterfly`; each step
    /// reads its own by the hugger's role). After the magic step, none once magic on the
    /// butterfly struck the hug (R5-3 (2)).
    pub hug: Option<(Seat, Seat)>,
    /// The seat the forest elder silences (R4-3; the first elder's: a classic table deals one
    /// at most, R4-3 as the 4.0 book reads it), his seat dead or alive.
    pub silence: Option<Seat>,
    /// The seat 5.0's forest elder silences (R5-1; a classic table deals one at most, R5-2),
    /// his seat dead or alive (after the magic step, none if the magic struck it, R5-3 (2)).
    pub dark_silence: Option<Seat>,
    /// The magician's seat, while he magics someone, and the magicked seat (R5-1; a classic
    /// table deals one at most, R5-3).
    pub magic: Option<(Seat, Seat)>,
    /// Each good or evil civilian's dark vote (R5-1): its seat and its target, in seat order
    /// (after the magic step, those the magic left, R5-3 (2)).
    pub dark: Vec<(Seat, Seat)>,
    /// The kills of step (1), in R4-4's order: the killers', the secret police's, the shots.
    pub landings: Vec<Landing>,
    /// The night's deaths in announcement order: the steps' order (R4-4).
    pub dead: Vec<Seat>,
}

/// R4-4's order at a classic table, 5.0's hug first (R5-3 (1): magic aimed at the hugged seat has
/// no effect), then the magic (R5-3 (2): the magicked seat's action is gone before anything
/// resolves; magic on 5.0's butterfly cancels its hug): (1) the kills — the killers' (CL-1), the
/// secret police's, the shots (R5-3 (3): kills and shots land at once) — then the hug's effects on
/// them (4.0's, R4-4 (1); 5.0's, R5-3 (1), (3), on the save and the check too, before they are
/// read); (2) the save (which spares the killers' kill only); (3) the secret police's immunity; the
/// needles (R5-3 (5): each cancels one kill or shot still on its seat); the deaths; (4) the
/// doctor's rule; the empty needles' rule (R5-3 (5): a seat's second empty needle kills it); then
/// (5) the check (CL-2), the wizard's answer (R5-3 (4): answers come with the check, before dawn's
/// deaths are announced), the silence (R4-5) and 5.0's elder's (R5-3 (3): it lands with the rest,
/// after the magic; placed beside 4.0's, as it touches nothing the other steps read); last the
/// dark votes (R5-3 (5): one on a seat that dies this night is dropped, so every death of the
/// night is known first).
const STEPS: [Step<Game, Resolution>; 18] = [
    ("R5-3 (1)", shield::hug),
    ("R5-3 (2)", magician::magic),
    ("CL-1", kill),
    ("R4-4 (1)", secret_police::kill),
    ("R5-3", sniper::shoot),
    ("R4-4 (1)", butterfly::hug),
    ("R5-3 (1), (3)", shield::immunity),
    ("R4-4 (2)", doctor::save),
    ("R4-4 (3)", secret_police::immunity),
    ("R5-3 (5)", needle::cancel),
    ("R4-4 (1)-(3)", deaths),
    ("R4-4 (4)", doctor::rule),
    ("R5-3 (5)", needle::empty),
    ("CL-2", check),
    ("R5-3 (4)", wizard::answer),
    ("R4-4 (5)", elder::silence),
    ("R5-3 (3)", dark_elder::silence),
    ("R5-3 (5)", dark_vote::land),
];

impl Resolution {
    /// The night's submissions as the steps read them.
    pub(super) fn read(night: &Night) -> Resolution {
        Resolution {
            kill: majority(&night.kills),
            check: majority(&night.checks),
            shot: named(&night.snipes),
            saved: named(&night.saves),
            needled: night.needles.iter().flatten().copied().collect(),
            secret: by_seat(&night.secret_kills).collect(),
            hug: by_seat(&night.hugs).next(),
            silence: night.silences.iter().flatten().copied().next(),
            dark_silence: night.dark_silences.iter().flatten().copied().next(),
            magic: by_seat(&night.magics).next(),
            dark: by_seat(&night.dark_votes).collect(),
            ..Resolution::default()
        }
    }
}

impl Game {
    /// Ends the night: wujian's peeks are told; otherwise the night's steps run (the police
    /// learn their check), the night's dead go out (or the night was peaceful), the end is
    /// checked, and dawn's last words or the day's speeches open.
    pub(super) fn resolve_night(&mut self) {
        if self.table.is_wujian() {
            self.tell_peeks();
            self.start_day();
            return;
        }
        let mut n = Resolution::read(&self.night);
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

/// Each seat's submission with its seat, in seat order.
fn by_seat(subs: &[Option<Seat>]) -> impl Iterator<Item = (Seat, Seat)> + '_ {
    subs.iter()
        .enumerate()
        .filter_map(|(i, t)| t.map(|t| (Seat(i as u8), t)))
}

/// The seats some submission names, in seat order, once each.
fn named(subs: &[Option<Seat>]) -> Vec<Seat> {
    let mut seats: Vec<Seat> = subs.iter().flatten().copied().collect();
    seats.sort_unstable();
    seats.dedup();
    seats
}

/// CL-1: the seat most killers named dies (no submission: nobody) — unless a later step
/// spares it (the hug, the save, the secret police's immunity).
fn kill(_: &mut Game, n: &mut Resolution) {
    if let Some(k) = n.kill {
        n.landings.push(Landing::new(k, true));
    }
}

/// R4-4 (1)-(3): the seats the kills still kill die, once each, in the place of the first kill
/// of step (1) that reached them (so a saved victim also shot dies in the kill's place).
fn deaths(_: &mut Game, n: &mut Resolution) {
    // Two or three kills a night at most: read in place, nothing collected.
    for l in n.landings.iter().filter(|l| !l.void) {
        for s in l.reach.iter() {
            let dies = n
                .landings
                .iter()
                .filter(|k| !k.void)
                .any(|k| k.kills.iter().any(|d| d == s));
            if dies && !n.dead.contains(&s) {
                n.dead.push(s);
            }
        }
    }
}

/// CL-2: every officer alive when the night began learns the check — the one who dies this
/// night too, whatever kills him. Nobody is out yet while the steps run, so the result is
/// told before dawn's `out`s, as it always was. At a table with an undercover the check is the
/// police team's, his too (R4-3): it reads `killer` for a killer, the undercover or the
/// magician (R5-3 (4): his `bad`), and every member of the team alive when the night began
/// learns it, he with the police (CL-2's reading; R4-4 (5)'s "alive after the night's deaths"
/// is 4.0's own night). The evil civilian reads `not_killer` (R5-3 (4): the police learn
/// `good` of him; `Role::with_killers`). A magicked member learns the check the others made (R5-3 (2) took
/// his own out of the majority; nobody is told of the magic), and nobody learns anything
/// when no check is left, nor when the check is aimed at 5.0's hugged seat (R5-3 (1), (4):
/// `shield::immunity` took it away).
fn check(g: &mut Game, n: &mut Resolution) {
    let Some(target) = n.check else { return };
    let killer = g.role(target).with_killers();
    let police: Vec<Seat> = g.living().filter(|&s| g.role(s).checks()).collect();
    for p in police {
        g.say(Audience::Seat(p), Event::CheckResult { target, killer });
    }
}
