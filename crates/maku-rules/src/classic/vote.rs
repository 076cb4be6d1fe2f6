//! The day's vote (CL-6) and its ties (CL-7); at a table that deals 5.0's civilians, the
//! night's dark votes added to round 1, unseen (R5-4, `dark_vote.rs`).

use super::event::{Audience, Cause, Event};
use super::state::Game;
use crate::setups::ThirdTie;
use crate::table::{Count, Seat, Stage, count};

impl Game {
    /// Ends a round's vote: the ballots are published, then the seat out, the tie (with the PK
    /// and the next round, or the third tie's rule) or the peaceful day. In round 1 the
    /// night's dark votes count with the ballots, one each (R5-4); the published ballots stay
    /// the day's alone, and a table that deals dark votes adds one line that any were counted.
    pub(super) fn resolve_vote(&mut self) {
        let round = self.day.round;
        let ballots: Vec<(Seat, Option<Seat>)> = self
            .living()
            .map(|s| (s, self.day.ballots[s.index()].flatten()))
            .collect();
        let mut cast: Vec<Option<Seat>> = ballots.iter().map(|(_, b)| *b).collect();
        let dark = self.take_dark_votes(round);
        cast.extend(dark.iter().copied().map(Some));
        let result = count(&cast, &self.day.candidates, round);
        self.say(Audience::Public, Event::Votes { round, ballots });
        // The line is said after every first round at a table that deals dark votes, whether
        // or not one counted: said only when one counted, it would tell that a civilian lived
        // and voted (R5-4: the dark votes are unseen).
        if round == 1 && self.deals_dark_votes() {
            self.say(Audience::Public, Event::DarkVotesCounted);
        }
        match result {
            Count::Nobody => self.day_without_out(),
            Count::Out(seat) => {
                self.put_out(seat, Cause::Voted);
                if self.check_end(true) {
                    return;
                }
                // R4-5: a seat voted out on the day it is silenced leaves no last words (it
                // still counts among the seats out for CL-4).
                if self.leaves_last_words() && !self.is_silenced(seat) {
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
                    // Second tie: every other living seat speaks, then a revote for this tie
                    // (the silenced seat not: `open_pk`, R4-5).
                    2 => {
                        let others: Vec<Seat> =
                            self.living().filter(|s| !seats.contains(s)).collect();
                        self.open_pk(3, seats, others);
                    }
                    _ => match self.table.third_tie() {
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
        if !(self.table.is_wujian() && round == 3) {
            self.say(Audience::Public, Event::Peaceful { day: true });
        }
        if self.table.is_wujian() {
            self.end_wujian(true);
        } else {
            self.next_act();
        }
    }
}
