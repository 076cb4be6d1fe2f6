//! A setup's balance before any game: the simulator's bots play it and each side's share of
//! wins is given with its 95% interval (Wilson). Labelled as bots' play: the bots act at random
//! within their roles (killers never name a teammate by day, police vote out a seat they
//! found), so the figures say how the rules lean, not how people play (docs/setups.md).

use crate::Variant;
use crate::sim::{Progress, SimParams, wilson};

/// Games the bots play for one estimate: a few thousand, so that an interval is about ±2
/// points wide and the estimate takes about a second on one core (release build).
pub const GAMES: u64 = 3000;

/// Each side's share of the bots' games.
#[derive(Clone, Debug, PartialEq)]
pub struct Balance {
    pub games: u64,
    /// Each outcome of the variant (and `unfinished`, when some game ran past the bound), with
    /// its share and 95% interval.
    pub sides: Vec<Share>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Share {
    pub side: &'static str,
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

/// The bots play `games` games of `variant` at `seats` seats, seeds `0..games` (the same
/// estimate every time).
pub fn estimate(variant: Variant, seats: usize, games: u64) -> Balance {
    let params = SimParams {
        seats,
        guess: 0.3,
        max_phases: 400,
    };
    let stats = variant.simulate(&params, 0..games, &Progress::default());
    let sides = stats
        .outcomes
        .iter()
        .filter(|&&(side, n)| n > 0 || side != "unfinished")
        .map(|&(side, n)| {
            let (low, high) = wilson(n, stats.games);
            Share {
                side,
                rate: if stats.games == 0 {
                    0.0
                } else {
                    n as f64 / stats.games as f64
                },
                low,
                high,
            }
        })
        .collect();
    Balance {
        games: stats.games,
        sides,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shares add up to the games, each inside its interval; and the estimate is the same
    /// every time (seeded).
    #[test]
    fn an_estimate_is_each_sides_share_with_its_interval() {
        let dongsha = Variant::from_name("dongsha").expect("dongsha");
        let b = estimate(dongsha, 9, 400);
        assert_eq!(b.games, 400);
        let names: Vec<&str> = b.sides.iter().map(|s| s.side).collect();
        assert_eq!(names, ["good", "killers", "draw"]);
        let total: f64 = b.sides.iter().map(|s| s.rate).sum();
        assert!((total - 1.0).abs() < 1e-9, "{b:?}");
        for s in &b.sides {
            assert!(s.low <= s.rate && s.rate <= s.high, "{s:?}");
            assert!(s.high - s.low < 0.15, "{s:?}");
        }
        assert_eq!(estimate(dongsha, 9, 400), b);
    }
}
