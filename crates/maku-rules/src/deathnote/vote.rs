//! The tally of DN-15.

use super::ids::Seat;
use super::state::Game;

impl Game {
    /// The votes each seat holds in this act's ballots (DN-14/15: every place of every ballot
    /// counts one), as the tally counts them: seats with at least one vote, most votes first,
    /// then in seat order. The counts never say who cast them.
    pub fn vote_counts(&self) -> Vec<(Seat, u32)> {
        let mut counts = vec![0u32; self.seats.len()];
        for s in &self.seats {
            for seat in s.ballot.as_slice() {
                if let Some(c) = counts.get_mut(seat.index()) {
                    *c += 1;
                }
            }
        }
        let mut out: Vec<(Seat, u32)> = counts
            .into_iter()
            .enumerate()
            .filter(|&(_, c)| c > 0)
            .map(|(i, c)| (Seat(i as u8), c))
            .collect();
        out.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        out
    }

    /// The vote counts to publish with this act's resolution: `Some` exactly when the game's
    /// option `publish_votes` is on (read before [`Game::resolve`], which opens the next act).
    pub fn published_votes(&self) -> Option<Vec<(Seat, u32)>> {
        self.options.publish_votes.then(|| self.vote_counts())
    }

    /// DN-15: the seats the ballots put out, in seat order (at most two; none on a wide tie).
    /// Seats out earlier in the same resolution are still counted here and skipped by the caller.
    pub fn tally(&self) -> ([Seat; 2], usize) {
        let n = self.seats.len();
        // Both places of every ballot, empty ones landing on the unused slot 255.
        let mut counts = [0u8; 256];
        for s in &self.seats {
            let [a, b] = s.ballot.seats;
            counts[a.index()] = counts[a.index()].wrapping_add(1);
            counts[b.index()] = counts[b.index()].wrapping_add(1);
        }
        // Branch-free passes over at most 40 bytes (vectorized): top count, how many hold it;
        // the second count, how many hold it.
        let counts = &counts[..n];
        let top = counts.iter().copied().max().unwrap_or(0);
        let n_top = counts.iter().filter(|&&c| c == top).count();
        let first_top = counts.iter().position(|&c| c == top).unwrap_or(0);
        let second = counts
            .iter()
            .copied()
            .filter(|&c| c < top)
            .max()
            .unwrap_or(0);
        let n_second = counts.iter().filter(|&&c| c == second).count();
        let first_second = counts.iter().position(|&c| c == second).unwrap_or(0);
        let mut out = [Seat::UNKNOWN; 2];
        if top == 0 {
            return (out, 0);
        }
        let seat = |i: usize| Seat(i as u8);
        if self.scratch.kiras_at_open >= 2 {
            match n_top {
                // |T1| = 2: both out.
                2 => {
                    let second_top = (first_top + 1..n)
                        .find(|&i| counts[i] == top)
                        .unwrap_or(first_top);
                    out = [seat(first_top), seat(second_top)];
                    (out, 2)
                }
                // |T1| = 1: T1, and the second count if exactly one seat holds it.
                1 if second > 0 && n_second == 1 => {
                    let (a, b) = (first_top.min(first_second), first_top.max(first_second));
                    out = [seat(a), seat(b)];
                    (out, 2)
                }
                1 => {
                    out[0] = seat(first_top);
                    (out, 1)
                }
                // |T1| ≥ 3: nobody.
                _ => (out, 0),
            }
        } else if n_top == 1 {
            // K = 1: only a unique top count puts a seat out.
            out[0] = seat(first_top);
            (out, 1)
        } else {
            (out, 0)
        }
    }
}
