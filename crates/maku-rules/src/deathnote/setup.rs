//! Starting a game (DN-1..3): seat count, the two Kiras, the seeded RNG.

use std::sync::Arc;

use rand::RngExt;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::ids::{Name, NotebookId, Seat};
use super::roster::{Roster, SetupError};
use super::state::{ActScratch, Ballot, Change, Eye, Game, Join, Notebook, Options, SeatState};

impl Game {
    /// A game with a fixed deal: `kiras[0]` gets N1, `kiras[1]` gets N2 (DN-2). `seed` seeds the
    /// game's RNG (used by DN-24 draws).
    pub fn new(
        roster: Arc<Roster>,
        kiras: [Seat; 2],
        options: Options,
        seed: u64,
    ) -> Result<Game, SetupError> {
        let rng = ChaCha8Rng::seed_from_u64(seed);
        Self::with_rng(roster, kiras, options, rng)
    }

    /// A game whose two Kiras are drawn from `seed` (DN-2), then played on with the same RNG.
    pub fn new_random(
        roster: Arc<Roster>,
        options: Options,
        seed: u64,
    ) -> Result<Game, SetupError> {
        let n = roster.len();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let a = rng.random_range(0..n);
        let mut b = rng.random_range(0..n - 1);
        if b >= a {
            b += 1;
        }
        Self::with_rng(roster, [Seat(a as u8), Seat(b as u8)], options, rng)
    }

    fn with_rng(
        roster: Arc<Roster>,
        kiras: [Seat; 2],
        options: Options,
        rng: ChaCha8Rng,
    ) -> Result<Game, SetupError> {
        let n = roster.len();
        if kiras[0] == kiras[1] || kiras.iter().any(|k| k.index() >= n) {
            return Err(SetupError::KiraCount);
        }
        let seat = SeatState {
            alive: true,
            out: None,
            alive_at_open: true,
            ballot: Ballot::NONE,
            doomed: false,
            used_notebook_this_act: false,
            out_as_kira: false,
        };
        let notebook = |holder: Seat| Notebook {
            holder: Some(holder),
            transferable: true,
            heir: None,
            on_turn: false,
            holder_at_open: Some(holder),
            acted: false,
        };
        let mut game = Game {
            roster,
            options,
            seats: vec![seat; n],
            alive: n,
            notebooks: [notebook(kiras[0]), notebook(kiras[1])],
            windows: [None, None],
            eye: Eye::default(),
            join: Join::default(),
            act: 0,
            winner: None,
            scratch: ActScratch::default(),
            rng,
            initial_kiras: kiras,
            ended_in: 0,
            history: Vec::new(),
            log: Vec::new(),
            logging: true,
        };
        game.open_act();
        for id in NotebookId::BOTH {
            game.note_change(kiras[id.index()], id, Change::Dealt, None);
        }
        Ok(game)
    }
}

/// DN-2: the judge deals game IDs from a character list to the signed-up real IDs at random.
/// Returns `(game_id, real_id)` pairs in seat order, or `None` with too few characters.
pub fn deal_game_ids(
    real_ids: &[String],
    characters: &[String],
    seed: u64,
) -> Option<Vec<(Name, Name)>> {
    if characters.len() < real_ids.len() {
        return None;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut chars: Vec<&String> = characters.iter().collect();
    chars.shuffle(&mut rng);
    Some(
        real_ids
            .iter()
            .zip(chars)
            .map(|(r, g)| (Name::from(g.as_str()), Name::from(r.as_str())))
            .collect(),
    )
}
