//! The phase machine's frame: the stage open now, the kinds of phase, and the history of every
//! phase so far, each with its act and kind (a step is a phase's place in that history, from
//! 1). The classic presets and the role games run the same phases (CL-1..CL-7; R4-1, R5-4).

use crate::interface::{Phase, PhaseKind};

use super::seat::Seat;

/// The phase kinds of every classic preset and role game, in their order within an act (a
/// night, last words of its victim, the day's speeches or discussion, votes and PK speeches,
/// last words of the voted-out).
pub const PHASES: [PhaseKind; 6] = [
    PhaseKind {
        name: "night",
        default_minutes: None,
        aligned: true,
        turn: "turn-speaker",
    },
    PhaseKind {
        name: "last_words",
        default_minutes: Some(120),
        aligned: false,
        turn: "turn-last-words",
    },
    PhaseKind {
        name: "speech",
        default_minutes: Some(120),
        aligned: false,
        turn: "turn-speaker",
    },
    PhaseKind {
        name: "discussion",
        default_minutes: None,
        aligned: true,
        turn: "turn-speaker",
    },
    PhaseKind {
        name: "vote",
        default_minutes: Some(360),
        aligned: false,
        turn: "turn-speaker",
    },
    PhaseKind {
        name: "pk",
        default_minutes: Some(120),
        aligned: false,
        turn: "turn-speaker",
    },
];

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

/// The phase open now.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// CL-1, CL-2; wujian's peek night (WJ-2); R4-3, R5-1.
    Night,
    /// CL-4: `seat`'s last words, at dawn or after the day's vote.
    LastWords { seat: Seat, dawn: bool },
    /// CL-5, ordered: the turn of `Day::speakers[i]`.
    Speech(usize),
    /// CL-5, free: the day's speeches.
    Discussion,
    /// CL-6, CL-7: the vote of round `Day::round`.
    Vote,
    /// CL-7: the PK before the vote of round `Day::round`; ordered: the turn of
    /// `Day::speakers[i]`, free: one phase for all of them.
    Pk(usize),
    /// The game is over.
    Over,
}

impl Stage {
    pub fn kind(self) -> Option<Kind> {
        match self {
            Stage::Night => Some(Kind::Night),
            Stage::LastWords { .. } => Some(Kind::LastWords),
            Stage::Speech(_) => Some(Kind::Speech),
            Stage::Discussion => Some(Kind::Discussion),
            Stage::Vote => Some(Kind::Vote),
            Stage::Pk(_) => Some(Kind::Pk),
            Stage::Over => None,
        }
    }

    /// A phase of the day in which a killer may self-explode (CL-8): all but the night and the
    /// last words after the day's vote (the day is over then).
    pub fn is_day(self) -> bool {
        !matches!(
            self,
            Stage::Night | Stage::Over | Stage::LastWords { dawn: false, .. }
        )
    }
}

/// One phase of the game's history.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PhaseRecord {
    pub act: u32,
    pub kind: Kind,
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
