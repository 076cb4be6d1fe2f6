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

/// The seeding bots (`maku seed`): the common bots' way of filling a form, with every pick made
/// at random from `rng` so that games end (the common bots always name the same seat). For the
/// seat `by`: its allowed actions (in the engine's order, or now and then shuffled), each with
/// its form filled (a target among the living, or the open vote's candidates; a choice among the
/// form's; a short text; a real ID: the named seat's with odds `guess`, else any from `deal`,
/// the (game ID, real ID) pairs), to be tried in turn until the engine takes one. An
/// irreversible form (one that asks for a confirmation: a surrender, an explosion) is kept only
/// now and then, unless it is the seat's first (a Kira's notebook).
pub fn random_actions(
    game: &crate::Game,
    by: &str,
    deal: &[(String, String)],
    guess: f64,
    rng: &mut BotRng,
) -> Vec<crate::Action> {
    use crate::FieldInput;
    let variant = game.variant();
    let living: Vec<String> = game
        .seats()
        .into_iter()
        .filter(|s| s.alive)
        .map(|s| s.game_id)
        .collect();
    let others: Vec<&String> = living.iter().filter(|s| *s != by).collect();
    let candidates = game.vote_candidates();
    let mut kinds = game.allowed_actions(by);
    let mut i = 1;
    while i < kinds.len() {
        if variant.action_form(kinds[i]).is_some_and(|f| f.confirm) && !rng.chance(0.02) {
            kinds.remove(i);
        } else {
            i += 1;
        }
    }
    if rng.chance(0.2) {
        for i in (1..kinds.len()).rev() {
            kinds.swap(i, rng.below(i + 1));
        }
    }
    let mut actions = Vec::new();
    for kind in kinds {
        let form = variant.action_form(kind);
        let mut fields: Vec<(&str, String)> = Vec::new();
        if form.is_some_and(|f| f.confirm) {
            fields.push((crate::CONFIRM_FIELD, "yes".into()));
        }
        let mut named: Option<String> = None;
        for f in form.map_or(&[][..], |f| f.fields) {
            // An optional field is mostly left empty (a second ballot, a notebook's number).
            if !f.required && !rng.chance(0.25) {
                continue;
            }
            let value = match f.input {
                FieldInput::Choice(list) => list.get(rng.below(list.len())).map(|c| c.to_string()),
                FieldInput::Text => Some("……".to_string()),
                FieldInput::RealId => {
                    let right = named
                        .as_ref()
                        .and_then(|n| deal.iter().find(|(g, _)| g == n))
                        .map(|(_, r)| r.clone());
                    match right {
                        Some(r) if rng.chance(guess) => Some(r),
                        _ => deal.get(rng.below(deal.len())).map(|(_, r)| r.clone()),
                    }
                }
                FieldInput::LivingSeat => living.get(rng.below(living.len())).cloned(),
                FieldInput::Candidate if !candidates.is_empty() => {
                    candidates.get(rng.below(candidates.len())).cloned()
                }
                FieldInput::Candidate | FieldInput::OtherLivingSeat => {
                    others.get(rng.below(others.len())).map(|s| s.to_string())
                }
            };
            if named.is_none() && !matches!(f.input, FieldInput::Choice(_) | FieldInput::Text) {
                named.clone_from(&value);
            }
            fields.extend(value.map(|v| (f.name, v)));
        }
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        if let Ok(a) = crate::form_to_action(variant, kind, &fields) {
            actions.push(a);
        }
    }
    actions
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, GameConfig, SeatSpec, Variant};

    /// The seeding bots end every variant's games (`maku seed` stores finished games).
    #[test]
    fn the_seeding_bots_finish_games_of_every_variant() {
        for variant in Variant::offered() {
            let range = variant.seats();
            let n = 12.clamp(*range.start(), *range.end());
            let mut finished = 0;
            let mut phases_total = 0;
            for seed in 0..20u64 {
                let seats: Vec<SeatSpec> = (0..n)
                    .map(|i| SeatSpec {
                        game_id: format!("s{i}"),
                        real_id: format!("r{i}"),
                    })
                    .collect();
                let deal: Vec<(String, String)> = seats
                    .iter()
                    .map(|s| (s.game_id.clone(), s.real_id.clone()))
                    .collect();
                let mut g = Game::start(&GameConfig {
                    variant,
                    options: serde_json::Value::Null,
                    seed,
                    seats,
                    setup: None,
                })
                .expect("start");
                let mut rng = BotRng::new(seed, 0x5eed);
                let mut phases = 0;
                while !g.is_over() && phases < 200 {
                    let step = g.phase();
                    for _round in 0..4 {
                        let mut took = false;
                        for by in g.owing() {
                            for a in random_actions(&g, &by, &deal, 0.3, &mut rng) {
                                if g.submit(&by, &a).result.is_ok() {
                                    took = true;
                                    break;
                                }
                            }
                            if g.phase() != step || g.is_over() {
                                break;
                            }
                        }
                        if !took || g.phase() != step || g.is_over() {
                            break;
                        }
                    }
                    if g.phase() == step && !g.is_over() {
                        g.resolve_phase();
                    }
                    phases += 1;
                }
                phases_total += phases;
                finished += usize::from(g.is_over());
            }
            eprintln!(
                "{}: {finished}/20 finished, {phases_total} phases",
                variant.name()
            );
            assert!(finished >= 18, "{}: {finished}/20", variant.name());
        }
    }
}
