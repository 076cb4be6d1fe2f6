//! The day's turns and votes (CL-5..CL-7), which 4.0 plays as the classic presets do and 5.0
//! in its one round (R5-4): the speaking order, the turns of the open speech or PK sequence,
//! the round, its candidates and each seat's ballot.

use super::phase::Stage;
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

impl Day {
    /// CL-5: the `n` seats in speaking order, from the first after `after` (seat 1 when there
    /// is none), those `alive` says.
    pub fn speaking_order(
        n: usize,
        after: Option<Seat>,
        alive: impl Fn(Seat) -> bool,
    ) -> Vec<Seat> {
        let first = after.map_or(0, |s| s.index() + 1);
        (0..n)
            .map(|k| Seat(((first + k) % n) as u8))
            .filter(|&s| alive(s))
            .collect()
    }

    /// The seat whose ordered turn (speech, an ordered PK) or last words `stage` is.
    pub fn speaker(&self, stage: Stage, speeches: Speeches) -> Option<Seat> {
        match stage {
            Stage::LastWords { seat, .. } => Some(seat),
            Stage::Speech(i) => self.speakers.get(i).copied(),
            Stage::Pk(i) if speeches == Speeches::Ordered => self.speakers.get(i).copied(),
            _ => None,
        }
    }

    /// The turn after `stage`'s in its sequence of speeches or an ordered PK; `None` when the
    /// sequence is over (the vote comes next, CL-5, CL-7) or `stage` is no turn.
    pub fn next_turn(&self, stage: Stage, speeches: Speeches) -> Option<Stage> {
        let more = |i: usize| i + 1 < self.speakers.len();
        match stage {
            Stage::Speech(i) if more(i) => Some(Stage::Speech(i + 1)),
            Stage::Pk(i) if speeches == Speeches::Ordered && more(i) => Some(Stage::Pk(i + 1)),
            _ => None,
        }
    }

    /// CL-7: the PK before round `round`'s vote for `candidates`: its turns are the seats
    /// `speaks` names, in the day's order. Returns whether anybody speaks.
    pub fn pk(&mut self, round: u8, candidates: Vec<Seat>, speaks: impl Fn(Seat) -> bool) -> bool {
        self.round = round;
        self.candidates = candidates;
        self.speakers = self.order.iter().copied().filter(|&s| speaks(s)).collect();
        !self.speakers.is_empty()
    }

    /// The vote of the round opens: round 1 is for every seat in `living`; no ballots yet.
    pub fn open_vote(&mut self, living: Vec<Seat>) {
        if self.round == 1 {
            self.candidates = living;
        }
        self.ballots.iter_mut().for_each(|b| *b = None);
    }
}
