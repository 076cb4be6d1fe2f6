//! Bots for `maku simulate`: random legal play through the engine's typed methods, phase by
//! phase as the server runs a game.
//!
//! Every seat with a night action uses it most nights on a random living seat (its own side's
//! specials spared when it knows them: 4.0's killers spare the killers, 5.0's bad specials
//! spare nobody since nobody knows anybody); everyone who may vote votes for a random living
//! seat, sometimes abstaining.

use std::ops::Range;

use super::action::{Action, NightAct};
use super::event::{Cause, Winner};
use super::role::{Role, RoleGame};
use super::setup::start;
use super::state::Game;
use super::table::RoleTable;
use crate::sim::{BotRng, Progress, SimParams, SimStats};
use crate::table::{self, Played, Seat, Stage};

/// The bots' RNG salt.
const SALT: u64 = 0x2545_f491_4f6c_dd1d;

fn night(g: &mut Game, rng: &mut BotRng) {
    let living: Vec<Seat> = g.living().collect();
    for &me in &living {
        let Some(act) = NightAct::ALL.into_iter().find(|&a| g.has_action(me, a)) else {
            continue;
        };
        if rng.chance(0.2) || (act == NightAct::SecretKill && !rng.chance(0.3)) {
            continue;
        }
        let pool: Vec<Seat> = living
            .iter()
            .copied()
            .filter(|&s| s != me)
            .filter(|&s| !(act == NightAct::Kill && g.kind().is_v4() && g.role(s) == Role::Killer))
            .collect();
        if let Some(t) = rng.pick(&pool) {
            let target = Some(g.game_id(t).to_string());
            let _ = g.submit_as(me, &Action::Night { act, target });
        }
    }
}

fn vote(g: &mut Game, rng: &mut BotRng) {
    let pool: Vec<Seat> = if g.candidates().is_empty() {
        g.living().collect()
    } else {
        g.candidates().to_vec()
    };
    for me in g.living().collect::<Vec<_>>() {
        let target = if rng.chance(0.1) {
            None
        } else {
            rng.pick(&pool)
        };
        let target = target.map(|t| g.game_id(t).to_string());
        let _ = g.submit_as(
            me,
            &Action::Vote {
                target,
                round: None,
            },
        );
    }
}

/// Plays one whole game of a preset with bots; returns it finished (or stopped after
/// `max_acts`).
pub fn play(kind: RoleGame, seed: u64, max_acts: u32) -> Option<Game> {
    play_at(kind.into(), *kind.seats().start(), seed, max_acts)
}

/// Plays one whole game at `at` of `seats` seats with bots (`None`: the table has no handle
/// yet, or does not start at that count).
pub fn play_at(at: RoleTable, seats: usize, seed: u64, max_acts: u32) -> Option<Game> {
    let config = table::bot_config(at.variant()?, seats, seed);
    let mut g = start(at, &config).ok()?;
    g.set_logging(false);
    let mut rng = BotRng::new(seed, SALT);
    while !g.is_over() && g.act() <= max_acts {
        match g.stage() {
            Stage::Night => night(&mut g, &mut rng),
            Stage::Vote => vote(&mut g, &mut rng),
            _ => {}
        }
        g.resolve();
    }
    Some(g)
}

/// Plays the games with seeds in `seeds` and sums them up: at `params.seats` seats, or the
/// table's fewest when it does not seat that many (a preset seats one count).
pub fn simulate(
    at: RoleTable,
    params: &SimParams,
    seeds: Range<u64>,
    progress: &Progress,
) -> SimStats {
    let causes = Cause::ALL.map(Cause::name);
    let range = at.seats();
    let seats = if range.contains(&params.seats) {
        params.seats
    } else {
        *range.start()
    };
    table::simulate(seeds, progress, ["good", "bad", "draw"], &causes, |seed| {
        let g = play_at(at, seats, seed, params.max_phases)?;
        let outcome = g.winner().map(|w| match w {
            Winner::Good => 0,
            Winner::Bad => 1,
            Winner::Draw => 2,
        });
        let outs = g.seats.iter().filter_map(|s| s.out.map(|o| o.1.index()));
        Some(Played {
            outcome,
            acts: g.act(),
            outs: outs.collect(),
        })
    })
}
