//! A player's record: the finished games it played, the roles it held and the games its side
//! won, in all and by variant. Only finished games count: a running game's seats are secret
//! until its reveal, so no record, count or order may tell which account plays in one.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::db::DbConnection;
use crate::db::models::GameRow;
use crate::db::queries::games;
use crate::domain::GameStatus;
use crate::error::AppError;

/// A player's finished games (`GET /api/v1/players/{name}/record`).
#[derive(Debug, Default, PartialEq, Eq, Serialize)]
pub struct PlayerRecord {
    pub games: u32,
    pub wins: u32,
    /// By the variant's name.
    pub by_variant: BTreeMap<String, VariantRecord>,
}

/// A player's finished games of one variant.
#[derive(Debug, Default, PartialEq, Eq, Serialize)]
pub struct VariantRecord {
    pub games: u32,
    pub wins: u32,
    /// How many games it ended with each role (or went out with).
    pub roles: BTreeMap<String, u32>,
}

/// The record of the account `user_id` (see [`tally`]).
pub fn record_of(c: &mut DbConnection, user_id: i64) -> Result<PlayerRecord, AppError> {
    let seats = games::seats_of(c, user_id)?;
    tally(c, &seats)
}

/// The record of an account's `seats` (its games, each with its seat's game ID, as
/// `games::seats_of` lists them; a substitute's seat counts for the substitute): every finished
/// one, its role there, and whether its side won the winner the rules or the judge named (a
/// draw, or no winner, is no win).
pub fn tally(c: &mut DbConnection, seats: &[(GameRow, String)]) -> Result<PlayerRecord, AppError> {
    let mut record = PlayerRecord::default();
    for (row, name) in seats {
        if row.status != GameStatus::Finished {
            continue;
        }
        let folded = crate::game::cache::folded(c, row.id)?;
        let Some(game) = folded.game.as_ref() else {
            continue;
        };
        let winner = folded.winner();
        let Some(seat) = game.seat_record(name, winner.as_deref()) else {
            continue;
        };
        let won = u32::from(seat.won == Some(true));
        let v = record
            .by_variant
            .entry(game.variant().name().to_string())
            .or_default();
        v.games += 1;
        v.wins += won;
        *v.roles.entry(seat.role.to_string()).or_default() += 1;
        record.games += 1;
        record.wins += won;
    }
    Ok(record)
}
