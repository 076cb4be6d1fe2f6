//! Variant-independent statistics of bot-played games (`maku simulate`).

use std::sync::atomic::{AtomicU64, Ordering};

/// What the bots are told.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SimParams {
    pub seats: usize,
    /// Probability that a guess of a hidden identity is right (Death Note: a Kira's real-ID guess).
    pub guess: f64,
    /// A game still running after this many phases counts as unfinished.
    pub max_phases: u32,
}

/// Totals over many games.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SimStats {
    pub games: u64,
    /// Games by winner name (and `unfinished`), in a fixed order.
    pub outcomes: Vec<(&'static str, u64)>,
    /// Sum of game lengths in phases (acts).
    pub phases: u64,
    /// Seats out, by cause, in a fixed order.
    pub outs: Vec<(&'static str, u64)>,
}

impl SimStats {
    /// Adds `other` into `self` (same variant, so the same row order).
    pub fn merge(&mut self, other: &SimStats) {
        self.games += other.games;
        self.phases += other.phases;
        merge_rows(&mut self.outcomes, &other.outcomes);
        merge_rows(&mut self.outs, &other.outs);
    }
}

fn merge_rows(into: &mut Vec<(&'static str, u64)>, from: &[(&'static str, u64)]) {
    for &(name, n) in from {
        match into.iter_mut().find(|(k, _)| *k == name) {
            Some(row) => row.1 += n,
            None => into.push((name, n)),
        }
    }
}

/// Counts finished games for a progress bar, in batches to keep the hot loop cheap.
#[derive(Debug, Default)]
pub struct Progress(pub AtomicU64);

impl Progress {
    pub fn add(&self, n: u64) {
        self.0.fetch_add(n, Ordering::Relaxed);
    }

    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

/// Wilson score interval at 95 % for `x` successes in `n` trials.
pub fn wilson(x: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = n as f64;
    let p = x as f64 / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let center = (p + z2 / (2.0 * n)) / denom;
    let half = z / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((center - half).max(0.0), (center + half).min(1.0))
}

/// The bots' own RNG (wyrand): seeded, separate from the deal's. Each variant salts the seed
/// with its own constant, so its games stay what they were.
pub struct BotRng(u64);

impl BotRng {
    pub fn new(seed: u64, salt: u64) -> BotRng {
        BotRng(seed ^ salt)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0xa076_1d64_78bd_642f);
        let t = u128::from(self.0) * u128::from(self.0 ^ 0xe703_7ed1_a0b4_28db);
        (t as u64) ^ ((t >> 64) as u64)
    }

    /// Uniform in `0..n` (multiply-shift; the bias is negligible for n ≤ 40).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    pub fn chance(&mut self, p: f64) -> bool {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64) < p
    }

    /// One of `from`, if any.
    pub fn pick<T: Copy>(&mut self, from: &[T]) -> Option<T> {
        (!from.is_empty()).then(|| from[self.below(from.len())])
    }
}

/// The common bots, for a variant without its own: each phase, every seat that owes plays the
/// first of its allowed actions whose form it can fill (naming the first other living seat,
/// the first choice), then the phase resolves. Seats out are counted under `out`.
pub fn common(
    variant: crate::Variant,
    params: &SimParams,
    seeds: std::ops::Range<u64>,
    progress: &Progress,
) -> SimStats {
    use crate::{FieldInput, Game, GameConfig, SeatSpec};
    let mut stats = SimStats {
        outcomes: variant.outcomes().iter().map(|&o| (o, 0)).collect(),
        outs: vec![("out", 0)],
        ..SimStats::default()
    };
    stats.outcomes.push(("unfinished", 0));
    for seed in seeds {
        let seats = (0..params.seats)
            .map(|i| SeatSpec {
                game_id: format!("s{i}"),
                real_id: format!("r{i}"),
            })
            .collect();
        let config = GameConfig {
            variant,
            options: serde_json::Value::Null,
            seed,
            seats,
            setup: None,
        };
        let Ok(mut g) = Game::start(&config) else {
            break;
        };
        let mut phases = 0;
        while !g.is_over() && phases < params.max_phases {
            let living: Vec<String> = g
                .seats()
                .into_iter()
                .filter(|s| s.alive)
                .map(|s| s.game_id)
                .collect();
            for by in g.owing() {
                for kind in g.allowed_actions(&by) {
                    let form = variant.action_form(kind);
                    let mut fields: Vec<(&str, String)> = Vec::new();
                    if form.is_some_and(|f| f.confirm) {
                        fields.push((crate::CONFIRM_FIELD, "yes".into()));
                    }
                    for f in form.map_or(&[][..], |f| f.fields) {
                        let value = match f.input {
                            FieldInput::Choice(list) => list.first().map(|c| c.to_string()),
                            FieldInput::Text | FieldInput::RealId => None,
                            _ => living.iter().find(|s| **s != by).cloned(),
                        };
                        fields.extend(value.map(|v| (f.name, v)));
                    }
                    let fields: Vec<(&str, &str)> =
                        fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
                    let done = crate::form_to_action(variant, kind, &fields)
                        .is_ok_and(|a| g.submit(&by, &a).result.is_ok());
                    if done {
                        break;
                    }
                }
            }
            g.resolve_phase();
            phases += 1;
        }
        stats.games += 1;
        stats.phases += u64::from(phases);
        let row = g.outcome().unwrap_or("unfinished");
        if let Some(r) = stats.outcomes.iter_mut().find(|(k, _)| *k == row) {
            r.1 += 1;
        }
        stats.outs[0].1 += g.seats().iter().filter(|s| !s.alive).count() as u64;
        progress.add(1);
    }
    stats
}
