//! Bots for `maku simulate`: random legal play driven through the engine's typed methods (no
//! JSON, no strings built), so that a whole 18-seat game takes microseconds.
//!
//! A Kira acts with every notebook on turn (mostly kills; sometimes a join or a pass), sometimes
//! transfers, names an heir, requests and uses the Eye; a kill guesses the right real ID with
//! probability `guess` (always right after seeing the target with the Eye), else a wrong
//! signed-up real ID. Everyone votes for random living seats (a Kira never for herself).

use std::ops::Range;
use std::sync::Arc;

use super::event::{Cause, Winner};
use super::ids::{NotebookId, Seat};
use super::roster::Roster;
use super::state::{Game, Options};
use crate::sim::{BotRng, Progress, SimParams, SimStats};

/// The bots' RNG salt: this variant's games stay what they were.
const SALT: u64 = 0x9e37_79b9_7f4a_7c15;

/// Living seats, rebuilt once per act.
struct Living {
    seats: [Seat; 64],
    len: usize,
}

impl Living {
    fn of(game: &Game) -> Living {
        let mut l = Living {
            seats: [Seat::UNKNOWN; 64],
            len: 0,
        };
        for i in 0..game.seat_count() {
            let s = Seat(i as u8);
            if game.is_alive(s) {
                l.seats[l.len] = s;
                l.len += 1;
            }
        }
        l
    }

    /// A random living seat other than `not` (and other than `not2`), if any.
    fn pick(&self, rng: &mut BotRng, not: Seat, not2: Option<Seat>) -> Option<Seat> {
        for _ in 0..16 {
            let s = self.seats[rng.below(self.len)];
            if s != not && Some(s) != not2 {
                return Some(s);
            }
        }
        self.seats[..self.len]
            .iter()
            .copied()
            .find(|&s| s != not && Some(s) != not2)
    }
}

/// The roster of a simulated game: game IDs `g1…`, real IDs `r1…`.
pub fn sim_roster(seats: usize) -> Arc<Roster> {
    let pairs: Vec<(String, String)> = (1..=seats)
        .map(|i| (format!("g{i}"), format!("r{i}")))
        .collect();
    match Roster::new(&pairs) {
        Ok(r) => Arc::new(r),
        Err(e) => panic!("simulated roster of {seats} seats: {e}"),
    }
}

/// Plays one whole game with bots; returns it finished (or stopped after `max_acts`).
pub fn play(roster: &Arc<Roster>, options: Options, seed: u64, guess: f64, max_acts: u32) -> Game {
    // The deal uses the game's own RNG; the bots use another stream of the same seed.
    let Ok(mut game) = Game::new_random(roster.clone(), options, seed) else {
        unreachable!("sim rosters have a valid seat count")
    };
    game.set_logging(false);
    let mut rng = BotRng::new(seed, SALT);
    while game.winner().is_none() && game.act() <= max_acts {
        let living = Living::of(&game);
        // Only notebook holders have Kira moves: at most two seats, N1's first.
        let holders = [
            game.notebook(NotebookId::N1).holder,
            game.notebook(NotebookId::N2).holder,
        ];
        for (i, h) in holders.iter().enumerate() {
            if let Some(me) = *h
                && (i == 0 || holders[0] != Some(me))
                && game.is_alive(me)
                && game.is_kira(me)
            {
                kira_turn(&mut game, roster, &living, &mut rng, me, guess);
            }
        }
        let limit = game.ballot_limit();
        for &me in &living.seats[..living.len] {
            let not2 = if game.is_kira(me) {
                game.partner(me)
            } else {
                None
            };
            let Some(a) = living.pick(&mut rng, me, not2) else {
                let _ = game.vote(me, &[me]);
                continue;
            };
            let b = if limit == 2 && rng.chance(0.5) {
                living.pick(&mut rng, me, Some(a))
            } else {
                None
            };
            let _ = match b {
                Some(b) => game.vote(me, &[a, b]),
                None => game.vote(me, &[a]),
            };
        }
        game.resolve();
    }
    game
}

fn kira_turn(
    game: &mut Game,
    roster: &Roster,
    living: &Living,
    rng: &mut BotRng,
    me: Seat,
    guess: f64,
) {
    let partner = game.partner(me);
    if rng.chance(0.03)
        && game.transfer_notebook(me, None).is_ok()
        && let Some(t) = living.pick(rng, me, partner)
    {
        let _ = game.transfer(me, t, None);
        return;
    }
    if rng.chance(0.05)
        && let Some(t) = living.pick(rng, me, None)
    {
        let _ = game.heir(me, t, None);
    }
    if !game.has_own_turn(me) {
        return;
    }
    if rng.chance(0.04) {
        let _ = game.eye_request(me);
    }
    let mut seen = None;
    if game.check_eye_use(me).is_ok()
        && let Some(t) = living.pick(rng, me, partner)
    {
        let _ = game.eye_use(me, t);
        seen = Some(t);
    }
    // Every notebook on turn acts once (DN-6); a few tries in case a target is taken.
    for _ in 0..4 {
        if game.turn_notebook(me, None).is_err() {
            break;
        }
        let roll = rng.below(100);
        if roll < 6 && game.join_notebook(me, None).is_ok() {
            if let Some(t) = living.pick(rng, me, None) {
                let _ = game.join(me, t, None);
            }
            continue;
        }
        if roll < 12 {
            let _ = game.pass(me, None);
            continue;
        }
        let target = match seen {
            Some(t) if !game.seat(t).is_some_and(|s| s.doomed) => Some(t),
            _ => living.pick(rng, me, partner),
        };
        let Some(t) = target else {
            let _ = game.pass(me, None);
            continue;
        };
        let right = seen == Some(t) || rng.chance(guess);
        let guessed = if right {
            t
        } else {
            // A wrong signed-up real ID: anyone's but the target's.
            let mut g = Seat(rng.below(roster.len() - 1) as u8);
            if g >= t {
                g = Seat(g.0 + 1);
            }
            g
        };
        if game
            .kill(me, t, roster.real_ids()[guessed.index()].as_str(), None)
            .is_err()
        {
            let _ = game.pass(me, None);
        }
    }
}

/// Plays the games with seeds in `seeds` and sums them up.
pub fn simulate(params: &SimParams, seeds: Range<u64>, progress: &Progress) -> SimStats {
    let roster = sim_roster(params.seats);
    let options = Options::default();
    let mut winners = [0u64; 4];
    let mut causes = [0u64; 6];
    let mut acts = 0u64;
    let mut pending = 0;
    for seed in seeds.clone() {
        let game = play(&roster, options, seed, params.guess, params.max_phases);
        let w = match game.winner() {
            Some(Winner::Good) => 0,
            Some(Winner::Kira) => 1,
            Some(Winner::Draw) => 2,
            None => 3,
        };
        winners[w] += 1;
        // After the end the act counter points past the last act.
        acts += u64::from(game.act().saturating_sub(1));
        for i in 0..game.seat_count() {
            if let Some((_, c)) = game.seat(Seat(i as u8)).and_then(|s| s.out) {
                causes[c.index()] += 1;
            }
        }
        pending += 1;
        if pending == 256 {
            progress.add(pending);
            pending = 0;
        }
    }
    progress.add(pending);
    SimStats {
        games: seeds.end - seeds.start,
        outcomes: vec![
            ("good", winners[0]),
            ("kira", winners[1]),
            ("draw", winners[2]),
            ("unfinished", winners[3]),
        ],
        phases: acts,
        outs: Cause::ALL
            .iter()
            .map(|c| (c.name(), causes[c.index()]))
            .collect(),
    }
}
