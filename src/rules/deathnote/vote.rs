//! The tally of DN-15.

use super::state::{Game, Seat};

impl Game {
    /// DN-15: the seats the ballots put out, in seat order (at most two; none on a wide tie).
    /// Seats out earlier in the same resolution are still counted here and skipped by the caller.
    pub fn tally(&self) -> ([Seat; 2], usize) {
        let n = self.seats.len();
        let mut counts = [0u16; 64];
        for s in &self.seats {
            if let Some(b) = &s.ballot {
                for t in b.as_slice() {
                    if t.index() < n {
                        counts[t.index()] += 1;
                    }
                }
            }
        }
        let counts = &counts[..n];
        let top = counts.iter().copied().max().unwrap_or(0);
        let mut out = [Seat::UNKNOWN; 2];
        if top == 0 {
            return (out, 0);
        }
        let mut first = None;
        let mut n_top = 0;
        for (i, &c) in counts.iter().enumerate() {
            if c == top {
                n_top += 1;
                if first.is_none() {
                    first = Some(i);
                }
            }
        }
        let k = self.scratch.kiras_at_open;
        match (k >= 2, n_top, first) {
            // K = 2, |T1| = 2: both out.
            (true, 2, _) => {
                let mut len = 0;
                for (i, &c) in counts.iter().enumerate() {
                    if c == top {
                        out[len] = Seat(i as u8);
                        len += 1;
                    }
                }
                (out, 2)
            }
            // K = 2, |T1| = 1: T1, and the second count if exactly one seat holds it.
            (true, 1, Some(t)) => {
                let second = counts
                    .iter()
                    .copied()
                    .filter(|&c| c < top)
                    .max()
                    .unwrap_or(0);
                let mut n_second = 0;
                let mut second_seat = 0;
                if second > 0 {
                    for (i, &c) in counts.iter().enumerate() {
                        if c == second {
                            if n_second == 0 {
                                second_seat = i;
                            }
                            n_second += 1;
                        }
                    }
                }
                if n_second == 1 {
                    let (a, b) = (t.min(second_seat), t.max(second_seat));
                    out = [Seat(a as u8), Seat(b as u8)];
                    (out, 2)
                } else {
                    out[0] = Seat(t as u8);
                    (out, 1)
                }
            }
            // K = 1, |T1| = 1: out.
            (false, 1, Some(t)) => {
                out[0] = Seat(t as u8);
                (out, 1)
            }
            // |T1| ≥ 3 with K = 2, or |T1| ≥ 2 with K = 1: nobody.
            _ => (out, 0),
        }
    }
}
