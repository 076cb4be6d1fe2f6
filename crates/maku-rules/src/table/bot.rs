//! What the bots of both engines share for `maku simulate`: a bot table's seats, and the sum of
//! many bot games (outcomes, length in acts, seats out by cause).

use std::ops::Range;

use crate::interface::SeatSpec;
use crate::sim::{Progress, SimStats};
use crate::variant::{GameConfig, Variant};

/// What the sums read of a finished (or stopped) bot game.
pub struct Played {
    /// The index of its winner among the outcomes (0 to 2); `None` while it runs.
    pub outcome: Option<usize>,
    pub acts: u32,
    /// The cause index of each seat out.
    pub outs: Vec<usize>,
}

/// A bot game of `variant` with `seats` seats `g1`… (real IDs `r1`…), no options, drawn from
/// `seed`.
pub fn bot_config(variant: Variant, seats: usize, seed: u64) -> GameConfig {
    GameConfig {
        variant,
        options: serde_json::Value::Null,
        seed,
        seats: (1..=seats)
            .map(|i| SeatSpec {
                game_id: format!("g{i}"),
                real_id: format!("r{i}"),
            })
            .collect(),
        setup: None,
    }
}

/// Plays the games with seeds in `seeds` (`play` stops at the first it cannot start) and sums
/// them up: `outcomes` names the three winners, `causes` the causes of going out.
pub fn simulate(
    seeds: Range<u64>,
    progress: &Progress,
    outcomes: [&'static str; 3],
    causes: &[&'static str],
    play: impl Fn(u64) -> Option<Played>,
) -> SimStats {
    let mut winners = [0u64; 4];
    let mut outs = vec![0u64; causes.len()];
    let mut acts = 0u64;
    let mut games = 0;
    for seed in seeds {
        let Some(g) = play(seed) else {
            break;
        };
        winners[g.outcome.unwrap_or(3)] += 1;
        acts += u64::from(g.acts);
        for c in g.outs {
            outs[c] += 1;
        }
        games += 1;
        progress.add(1);
    }
    SimStats {
        games,
        outcomes: vec![
            (outcomes[0], winners[0]),
            (outcomes[1], winners[1]),
            (outcomes[2], winners[2]),
            ("unfinished", winners[3]),
        ],
        phases: acts,
        outs: causes.iter().copied().zip(outs).collect(),
    }
}
