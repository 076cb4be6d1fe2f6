//! Who plays (DN-1): the allowed seat counts, the checked roster of game IDs and real IDs, and
//! why a game cannot start.
//!
//! A file of its own so that `state` (which holds the roster) and `setup` (which starts a game
//! from it) both build on it without importing each other (no import cycle inside the
//! engine).

use super::ids::{Name, Seat};

/// DN-1: a game may start with 6 to 40 seats.
pub const SEATS: std::ops::RangeInclusive<usize> = 6..=40;

/// Why a game cannot start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("a Death Note game needs 6 to 40 seats, not {0} (DN-1)")]
    SeatCount(usize),
    #[error("game ID {0:?} is used by two seats")]
    DuplicateGameId(String),
    #[error("unknown seat {0:?} in setup")]
    UnknownSeat(String),
    #[error("setup.kira must name two different seats (DN-2)")]
    KiraCount,
}

/// The public list of who plays: game IDs and real IDs in seat order. Checked once when built
/// (DN-1 seat count, distinct game IDs) and immutable, so many simulated games can share one
/// roster behind an `Arc`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roster {
    game_ids: Vec<Name>,
    real_ids: Vec<Name>,
}

impl Roster {
    /// `(game_id, real_id)` pairs in seat order.
    pub fn new<G: AsRef<str>, R: AsRef<str>>(seats: &[(G, R)]) -> Result<Roster, SetupError> {
        let n = seats.len();
        if !SEATS.contains(&n) {
            return Err(SetupError::SeatCount(n));
        }
        for (i, (g, _)) in seats.iter().enumerate() {
            if seats[..i].iter().any(|(h, _)| h.as_ref() == g.as_ref()) {
                return Err(SetupError::DuplicateGameId(g.as_ref().to_string()));
            }
        }
        Ok(Roster {
            game_ids: seats.iter().map(|(g, _)| Name::from(g.as_ref())).collect(),
            real_ids: seats.iter().map(|(_, r)| Name::from(r.as_ref())).collect(),
        })
    }

    pub fn game_ids(&self) -> &[Name] {
        &self.game_ids
    }

    pub fn real_ids(&self) -> &[Name] {
        &self.real_ids
    }

    pub fn len(&self) -> usize {
        self.game_ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.game_ids.is_empty()
    }

    /// The seat whose game ID is exactly `game_id`.
    pub fn seat_of(&self, game_id: &str) -> Option<Seat> {
        self.game_ids
            .iter()
            .position(|g| g.as_str() == game_id)
            .map(|i| Seat(i as u8))
    }

    /// Like `seat_of`, but an unknown name becomes `Seat::UNKNOWN` (refused later, in order).
    pub fn seat_or_unknown(&self, game_id: &str) -> Seat {
        self.seat_of(game_id).unwrap_or(Seat::UNKNOWN)
    }
}
