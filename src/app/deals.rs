//! Where a game's deal draws its randomness: the operating system's CSPRNG (the server, always),
//! or a sequence seeded by `maku seed`, so that a seeded forum's games come out the same from the
//! same seed. Nothing but the seed command makes a seeded source: a deal a player could predict
//! would tell who plays which seat.

use rand::rngs::SysRng;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha20Rng;
use std::sync::Mutex;

pub enum Deals {
    /// Each deal from the operating system's random source.
    Os,
    /// Each deal from the next 32 bytes of one seeded generator (`maku seed` only).
    Seeded(Box<Mutex<ChaCha20Rng>>),
}

impl Deals {
    /// A source whose deals follow from `seed` (`maku seed`).
    pub fn seeded(seed: u64) -> Deals {
        Deals::Seeded(Box::new(Mutex::new(ChaCha20Rng::seed_from_u64(seed))))
    }

    /// A fresh generator for one deal; the error is the operating system's.
    pub fn rng(&self) -> Result<ChaCha20Rng, String> {
        match self {
            Deals::Os => ChaCha20Rng::try_from_rng(&mut SysRng).map_err(|e| e.to_string()),
            Deals::Seeded(rng) => {
                let mut rng = rng.lock().map_err(|e| e.to_string())?;
                Ok(ChaCha20Rng::from_seed(rng.random()))
            }
        }
    }
}
