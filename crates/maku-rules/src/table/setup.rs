//! What every deal checks and does alike: the seat count, distinct game IDs, the options both
//! engines read (`edition`, CL-5's `speeches`), and a fixed setup or, without one, roles drawn
//! with the seed's RNG and read back as a fixed setup (so a draw deals only what a judge could).

use std::ops::RangeInclusive;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{Map, Value};

use super::day::Speeches;
use crate::variant::GameConfig;

/// Why a game cannot start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("{game} needs {} seats, not {n}", seat_words(.seats))]
    SeatCount {
        game: &'static str,
        seats: RangeInclusive<usize>,
        n: usize,
    },
    #[error("game ID {0:?} is used by two seats")]
    DuplicateGameId(String),
    #[error("bad options: {0}")]
    Options(String),
    #[error("bad setup: {0}")]
    Setup(String),
}

/// `8 to 16`, or `exactly 16` for a game of one size.
fn seat_words(seats: &RangeInclusive<usize>) -> String {
    let (min, max) = (seats.start(), seats.end());
    if min == max {
        format!("exactly {min}")
    } else {
        format!("{min} to {max}")
    }
}

/// A malformed setup.
pub fn bad(msg: impl Into<String>) -> SetupError {
    SetupError::Setup(msg.into())
}

/// The game IDs of `config`'s seats in seat order, once `game`'s seat count (`seats`) and the
/// IDs' distinctness are checked.
pub fn seat_names(
    config: &GameConfig,
    game: &'static str,
    seats: RangeInclusive<usize>,
) -> Result<Vec<String>, SetupError> {
    let n = config.seats.len();
    if !seats.contains(&n) {
        return Err(SetupError::SeatCount { game, seats, n });
    }
    let names: Vec<String> = config.seats.iter().map(|s| s.game_id.clone()).collect();
    for (i, g) in names.iter().enumerate() {
        if names[..i].contains(g) {
            return Err(SetupError::DuplicateGameId(g.clone()));
        }
    }
    Ok(names)
}

/// The real IDs behind the seats, in seat order.
pub fn real_ids(config: &GameConfig) -> Vec<String> {
    config.seats.iter().map(|s| s.real_id.clone()).collect()
}

/// The roles dealt: `fixed` reads a setup (`None`: it fixes nothing); without a fixed setup,
/// `draw` draws one with the seed's RNG and `fixed` reads that.
pub fn deal<R>(
    config: &GameConfig,
    fixed: impl Fn(Option<&Value>) -> Result<Option<Vec<R>>, SetupError>,
    draw: impl Fn(&mut ChaCha8Rng) -> Value,
) -> Result<Vec<R>, SetupError> {
    if let Some(roles) = fixed(config.setup.as_ref())? {
        return Ok(roles);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    let drawn = draw(&mut rng);
    fixed(Some(&drawn))?.ok_or_else(|| bad("the draw dealt no roles"))
}

/// An options value's keys: `null` has none; anything but an object is refused.
pub fn option_map(options: &Value) -> Result<Option<&Map<String, Value>>, String> {
    match options {
        Value::Null => Ok(None),
        Value::Object(m) => Ok(Some(m)),
        _ => Err("options must be an object".into()),
    }
}

/// `edition`: only the book's `edition` is played (pinned in the options at the start).
pub fn edition(v: &Value, edition: u8) -> Result<(), String> {
    if v.as_u64() == Some(u64::from(edition)) {
        Ok(())
    } else {
        Err(format!("edition must be {edition}"))
    }
}

/// `speeches` (CL-5): `"ordered"` or `"free"`.
pub fn speeches(v: &Value) -> Result<Speeches, String> {
    match v.as_str() {
        Some("ordered") => Ok(Speeches::Ordered),
        Some("free") => Ok(Speeches::Free),
        _ => Err("speeches must be \"ordered\" or \"free\"".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seat_count_is_worded_by_the_range() {
        let e = |seats| SetupError::SeatCount {
            game: "g",
            seats,
            n: 3,
        };
        assert_eq!(e(8..=16).to_string(), "g needs 8 to 16 seats, not 3");
        assert_eq!(e(10..=10).to_string(), "g needs exactly 10 seats, not 3");
    }
}
