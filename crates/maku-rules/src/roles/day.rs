//! The day's vote: 4.0's is the classic one (CL-6, CL-7, a third tie puts nobody out); 5.0's
//! is one round, the night's dark votes added unseen, the single top seat out (R5-4).

use super::event::{Audience, Cause, Event, Winner};
use super::state::Game;
use crate::setups::ThirdTie;
use crate::table::{Count, Seat, count};

impl Game {
    /// Ends the night: each game's steps, then dawn.
    pub(super) fn resolve_night(&mut self) {
        if self.table.is_v4() {
            self.resolve_night4();
        } else {
            self.resolve_night5();
        }
    }

    pub(super) fn resolve_vote(&mut self) {
        if self.table.is_v4() {
            self.resolve_vote4();
        } else {
            self.resolve_vote5();
        }
    }

    /// Each living seat's ballot of the open round (`None`: abstained or cast none).
    fn cast(&self) -> Vec<(Seat, Option<Seat>)> {
        self.living()
            .map(|s| (s, self.today.vote.ballots[s.index()].flatten()))
            .collect()
    }

    /// 4.0 (R4-1): the ballots are published, then the seat out (last words as the document's
    /// CL-4 says, the book's for the first 2 out; not for a silenced seat), the tie with its PK,
    /// or after the last tie nobody (CL-7 by the document: a draw if it says so; the third tie,
    /// or sooner with fewer PK rounds, `day.pk_rounds`).
    fn resolve_vote4(&mut self) {
        let round = self.today.vote.round;
        let ballots = self.cast();
        let votes: Vec<Option<Seat>> = ballots.iter().map(|(_, b)| *b).collect();
        let result = count(&votes, &self.today.vote.candidates, round);
        self.say(Audience::Public, Event::Votes { round, ballots });
        match result {
            Count::Nobody => self.peaceful_day(),
            Count::Out(seat) => {
                let outs = self.put_out(seat, Cause::Voted, None);
                if !self.check_end() {
                    let words = self.leaves_last_words(outs);
                    self.after_vote_out(seat, words);
                }
            }
            Count::Tie(seats) => {
                let tie = Event::Tie {
                    round,
                    seats: seats.clone(),
                };
                self.say(Audience::Public, tie);
                match round {
                    // The last tie (CL-7's third; sooner with fewer PK rounds, `day.pk_rounds`).
                    _ if self.table.last_tie(round) => match self.table.third_tie() {
                        ThirdTie::Draw => self.finish(Winner::Draw),
                        ThirdTie::Peaceful | ThirdTie::Ends => self.peaceful_day(),
                    },
                    1 => self.open_pk(2, seats.clone(), &seats),
                    _ => {
                        let others: Vec<Seat> =
                            self.living().filter(|s| !seats.contains(s)).collect();
                        self.open_pk(3, seats, &others);
                    }
                }
            }
        }
    }

    /// 5.0 (R5-4): the day's ballots and the night's dark votes are counted; the single top
    /// seat is out with its published side (a good, unsilenced one leaves last words); a tie
    /// or no vote at all puts nobody out.
    fn resolve_vote5(&mut self) {
        let mut votes: Vec<Seat> = self.cast().into_iter().filter_map(|(_, b)| b).collect();
        votes.extend(self.today.dark.iter().map(|&(_, t)| t));
        let n = self.seat_count();
        let mut tally = vec![0usize; n];
        for t in &votes {
            tally[t.index()] += 1;
        }
        let top = tally.iter().copied().max().unwrap_or(0);
        let leaders: Vec<Seat> = self
            .living()
            .filter(|s| top > 0 && tally[s.index()] == top)
            .collect();
        let [seat] = leaders[..] else {
            self.peaceful_day();
            return;
        };
        let holder = self.kill_holder();
        let side = self.role(seat).v5_told_side();
        self.put_out(seat, Cause::Voted, Some(side));
        if self.check_end() {
            return;
        }
        self.pass_the_kill(holder);
        self.after_vote_out(seat, side == super::role::Side::Good);
    }

    /// A day that put nobody out.
    fn peaceful_day(&mut self) {
        self.say(Audience::Public, Event::Peaceful { day: true });
        self.next_act();
    }
}
