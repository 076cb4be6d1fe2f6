//! The day's turns and votes (CL-5..CL-7), which 4.0 plays as the classic presets do and 5.0
//! in its one round (R5-4): the speaking order, the turns of the open speech or PK sequence,
//! the round, its candidates and each seat's ballot.

use super::seat::Seat;

/// How the day's speeches run (CL-5).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Speeches {
    /// One speech per living seat in turn, each with its own phase (the default).
    #[default]
    Ordered,
    /// Living seats post freely until the day's deadline.
    Free,
}

/// The day's turns and votes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Day {
    /// CL-5: the living seats in speaking order (every turn of the day follows it).
    pub order: Vec<Seat>,
    /// The turns of the open speech or PK sequence.
    pub speakers: Vec<Seat>,
    /// 1 from dawn to the first vote; 2 after the first tie; 3 after the second.
    pub round: u8,
    /// The seats this round's vote is for (round 1: every living seat; later: the last tie).
    pub candidates: Vec<Seat>,
    /// Each seat's ballot of this round: `Some(None)` abstains, `None` has none yet.
    pub ballots: Vec<Option<Option<Seat>>>,
}

impl Day {
    pub(crate) fn new(n: usize) -> Day {
        Day {
            order: Vec::new(),
            speakers: Vec::new(),
            round: 1,
            candidates: Vec::new(),
            ballots: vec![None; n],
        }
    }
}
