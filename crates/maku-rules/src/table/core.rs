//! What every table game keeps besides its roles: the seats, the act and the phase open now,
//! the history of phases, the order of submissions, who went out last, the winner, and the log
//! of what the game said. Each engine's `Game` holds one `Core` (its own reply, refusal, event
//! and winner types) and reads it as its own fields (`Deref`), so the phase frame and the log
//! are written once.

use crate::interface::Phase;

use super::log::{Audience, Entry, Item};
use super::phase::{History, Stage};
use super::seat::{Seat, Seating};

/// The shared state of a table game whose replies are `P`, refusals `F`, events `E` and
/// winners `W`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Core<P, F, E, W> {
    pub seating: Seating,
    /// The current act (after the end: the act that ended the game).
    pub act: u32,
    pub stage: Stage,
    pub history: History,
    /// Accepted submissions so far (orders the night's submissions, CL-1).
    pub seq: u64,
    /// Seats out so far (CL-4).
    pub outs: usize,
    /// The seat that went out last (CL-5 starts the day after it).
    pub last_out: Option<Seat>,
    pub winner: Option<W>,
    pub log: Vec<Entry<P, F, E>>,
    pub logging: bool,
    /// The act lines are dated with instead of the game's, while a replay plays an act.
    pub stamp: Option<u32>,
    /// Replay acts played after the end.
    pub acts_after_end: u32,
}

impl<P, F, E, W: Copy> Core<P, F, E, W> {
    /// Act 1's night, nothing said yet (the engine opens the first phase).
    pub fn new(names: Vec<String>, real_ids: Vec<String>) -> Self {
        Core {
            seating: Seating::new(names, real_ids),
            act: 1,
            stage: Stage::Night,
            history: History::default(),
            seq: 0,
            outs: 0,
            last_out: None,
            winner: None,
            log: Vec::new(),
            logging: true,
            stamp: None,
            acts_after_end: 0,
        }
    }

    /// The seats: game IDs, real IDs, seat order.
    pub fn seating(&self) -> &Seating {
        &self.seating
    }

    pub fn seat_count(&self) -> usize {
        self.seating.len()
    }

    pub fn game_id(&self, s: Seat) -> &str {
        self.seating.game_id(s)
    }

    pub fn real_id(&self, s: Seat) -> &str {
        self.seating.real_id(s)
    }

    pub fn seat_of(&self, name: &str) -> Option<Seat> {
        self.seating.seat_of(name)
    }

    pub fn all_seats(&self) -> impl Iterator<Item = Seat> + use<P, F, E, W> {
        self.seating.all()
    }

    /// The current act (after the end: the act that ended the game).
    pub fn act(&self) -> u32 {
        self.act
    }

    pub fn stage(&self) -> Stage {
        self.stage
    }

    pub fn winner(&self) -> Option<W> {
        self.winner
    }

    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    pub fn log(&self) -> &[Entry<P, F, E>] {
        &self.log
    }

    /// Bots play without a log (nothing reads it).
    pub fn set_logging(&mut self, on: bool) {
        self.logging = on;
    }

    /// The phase open now; after the end, the step after the last one (of the act that ended
    /// the game).
    pub fn phase(&self) -> Phase {
        self.history.phase(self.is_over())
    }

    /// The phase of step `step` (a past or present one; after the end, the last phase's).
    pub fn phase_of(&self, step: u32) -> Phase {
        self.history.phase_of(step)
    }

    /// The step to show a reader: the current one, or the one that ended the game.
    pub fn shown_step(&self) -> u32 {
        self.history.shown_step()
    }

    /// The act lines are dated with now.
    pub fn line_act(&self) -> u32 {
        self.stamp.unwrap_or(self.act)
    }

    pub fn push(&mut self, item: Item<P, F, E>) {
        if self.logging {
            let act = self.line_act();
            self.log.push(Entry { act, item });
        }
    }

    pub fn say(&mut self, audience: Audience, event: E) {
        self.push(Item::Event(audience, event));
    }

    /// Ends the game: its `game_over` event to everyone, and `winner`.
    pub fn finish(&mut self, game_over: E, winner: W) {
        self.say(Audience::Public, game_over);
        self.winner = Some(winner);
        self.stage = Stage::Over;
    }

    /// Opens `stage` as the next phase.
    pub fn open(&mut self, stage: Stage) {
        self.stage = stage;
        if let Some(kind) = stage.kind() {
            self.history.push(self.act, kind);
        }
    }
}
