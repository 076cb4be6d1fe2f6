//! A player's record: the finished games it played, the roles it held and the games its side
//! won, in all and by variant. Only finished games count: a running game's seats are secret
//! until its reveal, so no record, count or order may tell which account plays in one.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::db::DbConnection;
use crate::db::queries::games;
use crate::db::queries::records as q;
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

/// The record of the account `user_id`: the totals kept with its seats of finished games
/// ([`keep`]). A substitute's seat counts for the substitute (the account that held it
/// at the end); a draw, or no winner, is no win.
pub fn record_of(c: &mut DbConnection, user_id: i64) -> Result<PlayerRecord, AppError> {
    let mut record = PlayerRecord::default();
    for (variant, role, n, wins) in q::of_user(c, user_id)? {
        let n = u32::try_from(n).unwrap_or(u32::MAX);
        let wins = u32::try_from(wins).unwrap_or(0);
        let v = record.by_variant.entry(variant).or_default();
        v.games += n;
        v.wins += wins;
        *v.roles.entry(role).or_default() += n;
        record.games += n;
        record.wins += wins;
    }
    Ok(record)
}

/// Keeps the record of every seat of the finished game `game_id`, in the transaction that ends
/// it (issue 42: a profile then reads rows, never folds the game again). The game is read as
/// its log stands so far, the ending event included.
pub fn keep(c: &mut DbConnection, game_id: i64) -> Result<(), AppError> {
    // The kept fold, brought up to the ending event (it folds only the rows it has not seen).
    let folded = crate::game::cache::folded(c, game_id)?;
    let Some(game) = folded.game.as_ref() else {
        return Ok(());
    };
    let winner = folded.winner();
    let mut kept = Vec::new();
    for (user_id, seat, name) in games::seat_holders(c, game_id)? {
        if let Some(r) = game.seat_record(&name, winner.as_deref()) {
            kept.push(q::SeatRow {
                seat,
                user_id,
                variant: game.variant().name().to_string(),
                role: r.role.to_string(),
                won: r.won,
            });
        }
    }
    Ok(q::keep(c, game_id, &kept)?)
}

/// Keeps the records of finished games that have none (finished before records were kept);
/// returns how many games, in the caller's one transaction (the server's start keeps each in
/// its own).
pub fn keep_missing(c: &mut DbConnection) -> Result<usize, AppError> {
    let missing = q::missing(c)?;
    for id in &missing {
        keep(c, *id)?;
    }
    Ok(missing.len())
}

/// Rebuilds every record from the logs (`maku ratings records`), in one transaction; returns
/// how many games.
pub fn rebuild(c: &mut DbConnection) -> Result<usize, AppError> {
    q::clear(c)?;
    keep_missing(c)
}
