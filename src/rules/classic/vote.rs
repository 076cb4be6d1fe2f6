//! The day's vote (CL-6) and its ties (CL-7).

use super::event::{Audience, Cause, Event};
use super::preset::ThirdTie;
use super::roles::Seat;
use super::state::{Game, Stage};

/// What a round's ballots decide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Count {
    /// Round 1 and nobody voted for: nobody is out.
    Nobody,
    /// The one seat with most votes.
    Out(Seat),
    /// The seats of the tie, in seat order.
    Tie(Vec<Seat>),
}

/// Counts `ballots` (each seat's, `None` for none or an abstention) for `candidates` (seat
/// order) in `round`. In rounds 2 and 3 a round that gives no candidate a vote is a tie of them
/// all (CL-7).
pub fn count(ballots: &[Option<Seat>], candidates: &[Seat], round: u8) -> Count {
    let votes = |c: Seat| ballots.iter().filter(|b| **b == Some(c)).count();
    let top = candidates.iter().map(|&c| votes(c)).max().unwrap_or(0);
    if top == 0 {
        return if round == 1 {
            Count::Nobody
        } else {
            Count::Tie(candidates.to_vec())
        };
    }
    let leaders: Vec<Seat> = candidates
        .iter()
        .copied()
        .filter(|&c| votes(c) == top)
        .collect();
    match leaders.as_slice() {
        [one] => Count::Out(*one),
        _ => Count::Tie(leaders),
    }
}

impl Game {
    /// Ends a round's vote: the ballots are published, then the seat out, the tie (with the PK
    /// and the next round, or the third tie's rule) or the peaceful day.
    pub(super) fn resolve_vote(&mut self) {
        let round = self.day.round;
        let ballots: Vec<(Seat, Option<Seat>)> = self
            .living()
            .map(|s| (s, self.day.ballots[s.index()].flatten()))
            .collect();
        let cast: Vec<Option<Seat>> = ballots.iter().map(|(_, b)| *b).collect();
        let result = count(&cast, &self.day.candidates, round);
        self.say(Audience::Public, Event::Votes { round, ballots });
        match result {
            Count::Nobody => self.day_without_out(),
            Count::Out(seat) => {
                self.put_out(seat, Cause::Voted);
                if self.check_end(true) {
                    return;
                }
                if self.leaves_last_words() {
                    self.open(Stage::LastWords { seat, dawn: false });
                } else {
                    self.next_act();
                }
            }
            Count::Tie(seats) => {
                self.say(
                    Audience::Public,
                    Event::Tie {
                        round,
                        seats: seats.clone(),
                    },
                );
                match round {
                    // First tie: the tied seats speak, then a revote for them.
                    1 => self.open_pk(2, seats.clone(), seats),
                    // Second tie: every other living seat speaks, then a revote for this tie.
                    2 => {
                        let others: Vec<Seat> =
                            self.living().filter(|s| !seats.contains(s)).collect();
                        self.open_pk(3, seats, others);
                    }
                    _ => match self.preset.third_tie() {
                        ThirdTie::Peaceful | ThirdTie::Ends => self.day_without_out(),
                        ThirdTie::Draw => self.finish(super::event::Winner::Draw),
                    },
                }
            }
        }
    }

    /// A day that put nobody out: `peaceful`, then the next act (wujian: the end, WJ-4).
    fn day_without_out(&mut self) {
        let round = self.day.round;
        if !(self.preset.is_wujian() && round == 3) {
            self.say(Audience::Public, Event::Peaceful { day: true });
        }
        if self.preset.is_wujian() {
            self.end_wujian(true);
        } else {
            self.next_act();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cl_6_cl_7_counting() {
        let s = Seat;
        let all = [s(0), s(1), s(2)];
        assert_eq!(count(&[None, None, None], &all, 1), Count::Nobody);
        assert_eq!(
            count(&[None, None, None], &all[..2], 2),
            Count::Tie(vec![s(0), s(1)])
        );
        assert_eq!(
            count(&[Some(s(2)), Some(s(2)), Some(s(0))], &all, 1),
            Count::Out(s(2))
        );
        assert_eq!(
            count(&[Some(s(2)), Some(s(0)), None], &all, 1),
            Count::Tie(vec![s(0), s(2)])
        );
    }
}
