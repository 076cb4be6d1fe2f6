//! What every phased table game shares (the classic presets and the role games): its seats,
//! game IDs and real IDs in seat order, and the history of its phases, each with its act and
//! kind (a step is a phase's place in that history, from 1).

use super::roles::Seat;
use super::table::PHASES;
use crate::rules::interface::Phase;

/// The kinds of phase, in the order of [`PHASES`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Night,
    LastWords,
    Speech,
    Discussion,
    Vote,
    Pk,
}

impl Kind {
    /// Its [`PHASES`] name.
    pub fn name(self) -> &'static str {
        PHASES[self as usize].name
    }
}

/// One phase of the game's history.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PhaseRecord {
    pub act: u32,
    pub kind: Kind,
}

/// The seats of a table: game IDs and the real IDs behind them, in seat order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seating {
    names: Vec<String>,
    real_ids: Vec<String>,
}

impl Seating {
    pub fn new(names: Vec<String>, real_ids: Vec<String>) -> Seating {
        Seating { names, real_ids }
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    pub fn game_id(&self, s: Seat) -> &str {
        &self.names[s.index()]
    }

    pub fn real_id(&self, s: Seat) -> &str {
        &self.real_ids[s.index()]
    }

    pub fn seat_of(&self, name: &str) -> Option<Seat> {
        self.names
            .iter()
            .position(|n| n == name)
            .map(|i| Seat(i as u8))
    }

    pub fn all(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.names.len()).map(|i| Seat(i as u8))
    }
}

/// Every phase opened so far, in order.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct History(Vec<PhaseRecord>);

impl History {
    pub fn push(&mut self, act: u32, kind: Kind) {
        self.0.push(PhaseRecord { act, kind });
    }

    /// The phase open now; after the end (`over`), the step after the last one.
    pub fn phase(&self, over: bool) -> Phase {
        self.phase_of(self.0.len() as u32 + u32::from(over))
    }

    /// The phase of step `step`: a past or present one; a step after the end has the last
    /// phase's act and kind.
    pub fn phase_of(&self, step: u32) -> Phase {
        let rec = self
            .0
            .get((step as usize).saturating_sub(1))
            .or(self.0.last())
            .copied()
            .unwrap_or(PhaseRecord {
                act: 1,
                kind: Kind::Night,
            });
        Phase {
            step,
            act: rec.act,
            kind: rec.kind.name(),
        }
    }

    /// The step to show a reader: the current one, or the one that ended the game.
    pub fn shown_step(&self) -> u32 {
        self.0.len() as u32
    }
}
