//! Ratings: a leaderboard per variant, made from its finished games in the order they finished
//! (docs/ratings.md). A game is two teams, the seats of the side that won against the seats of
//! the sides that lost, rated by Weng-Lin (the `skillratings` crate). Every board is derived
//! data: [`rebuild`] recomputes all of them from the game logs, [`rebuild_variant`] one, and a
//! game that ends is played onto its variant's stored board ([`finishing`] queues it in the
//! transaction that finishes it, [`after_finish`] plays the queue: [`update_variant`]), which
//! gives what a rebuild gives. The same games give the same numbers: nothing here reads the
//! clock or a random source, and the order is the games'.
//!
//! Only finished games are read (`db::queries::ratings::finished_games`): a running game's seats
//! are secret until its reveal, so no board, count or order may tell who plays in one.

use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, BTreeSet};

use chrono::NaiveDateTime;
use serde::Serialize;
use skillratings::Outcomes;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_two_teams};

use crate::app::AppState;
use crate::db::DbConnection;
use crate::db::queries::keyset::{Edges, Seek};
use crate::db::queries::{games, ratings as q};
use crate::error::AppError;
use crate::game::log::Folded;
use crate::rules::Variant;

/// A new account's skill estimate (mu): the crate's and the method's default.
pub const START_RATING: f64 = 25.0;
/// A new account's uncertainty (sigma): a third of [`START_RATING`], so the shown rating of a
/// newcomer is 0.
pub const START_UNCERTAINTY: f64 = 25.0 / 3.0;
/// Weng-Lin's beta: the difference in team strength that gives the stronger team about two
/// chances in three (the crate's default, half of [`START_UNCERTAINTY`]).
pub const BETA: f64 = 25.0 / 6.0;
/// The least factor an uncertainty is multiplied by in one game (the crate's default): keeps
/// it above zero.
pub const UNCERTAINTY_TOLERANCE: f64 = 0.000_001;
/// How many uncertainties the shown rating stands below the estimate: mu − 3·sigma, a rating
/// the player's true skill exceeds with about 99% confidence. A newcomer starts at 0 and climbs
/// by playing, so a lucky first game does not top the board.
pub const SPREAD: f64 = 3.0;

fn config() -> WengLinConfig {
    WengLinConfig {
        beta: BETA,
        uncertainty_tolerance: UNCERTAINTY_TOLERANCE,
    }
}

/// A new account's rating.
pub fn start() -> WengLinRating {
    WengLinRating {
        rating: START_RATING,
        uncertainty: START_UNCERTAINTY,
    }
}

/// The rating a board shows and ranks by: the conservative estimate mu − [`SPREAD`]·sigma.
pub fn shown(r: &WengLinRating) -> f64 {
    r.rating - SPREAD * r.uncertainty
}

/// One game: the winning team's and the losing team's ratings before it → after it, each in
/// its seats' order.
///
/// Teams are compared by their mean strength, not their sum: a killer game's sides differ in
/// size by design (two against seven), and summed, the larger side would be all but certain to
/// win whoever sat in it, so its wins would move nothing and its losses everything. Each
/// rating goes into the crate's two-team update divided by its team's size (so the team's
/// strength is the mean and its variance that of a mean), and comes out multiplied back; each
/// player moves by its share of its team's uncertainty. Two teams of one are the crate's plain
/// update. Equal means give each side an even chance.
pub fn rate_game(
    winners: &[WengLinRating],
    losers: &[WengLinRating],
) -> (Vec<WengLinRating>, Vec<WengLinRating>) {
    if winners.is_empty() || losers.is_empty() {
        return (winners.to_vec(), losers.to_vec());
    }
    let scale = |team: &[WengLinRating]| -> Vec<WengLinRating> {
        let n = team.len() as f64;
        team.iter()
            .map(|r| WengLinRating {
                rating: r.rating / n,
                uncertainty: r.uncertainty / n,
            })
            .collect()
    };
    let unscale = |team: Vec<WengLinRating>| -> Vec<WengLinRating> {
        let n = team.len() as f64;
        team.into_iter()
            .map(|r| WengLinRating {
                rating: r.rating * n,
                uncertainty: r.uncertainty * n,
            })
            .collect()
    };
    let (w, l) = weng_lin_two_teams(&scale(winners), &scale(losers), &Outcomes::WIN, &config());
    (unscale(w), unscale(l))
}

/// A seat as the rating reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RatedSeat {
    /// The account whose rating stands for the seat in its team's strength: the one that
    /// played it last.
    pub account: i64,
    /// Whether the game moves that account's rating: not for a seat a substitute played at
    /// any time (no one account played the whole game of it).
    pub rated: bool,
}

/// A finished game that counts: its seats by side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatedGame {
    pub id: i64,
    pub winners: Vec<RatedSeat>,
    pub losers: Vec<RatedSeat>,
}

/// An account's place after the games so far.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Standing {
    pub rating: WengLinRating,
    /// Games that moved its rating, and those of them its side won.
    pub games: u32,
    pub wins: u32,
    pub last_game: i64,
}

/// Every account's standing after `games`, played in the order given. Pure: the same games in
/// the same order give the same numbers, bit for bit.
pub fn rate(games: &[RatedGame]) -> BTreeMap<i64, Standing> {
    let mut table: BTreeMap<i64, Standing> = BTreeMap::new();
    for game in games {
        rate_onto(&mut table, game);
    }
    table
}

/// Plays one more game onto `table`, the standings after the games before it: [`rate`] is this,
/// game after game, from an empty table. A game reads only its seats' accounts, so a table
/// holding just those (as stored after the games before) gives the same numbers as the whole.
pub fn rate_onto(table: &mut BTreeMap<i64, Standing>, game: &RatedGame) {
    let before = |seats: &[RatedSeat]| -> Vec<WengLinRating> {
        seats
            .iter()
            .map(|s| table.get(&s.account).map_or_else(start, |t| t.rating))
            .collect()
    };
    let (won, lost) = rate_game(&before(&game.winners), &before(&game.losers));
    for (seats, after, win) in [(&game.winners, won, true), (&game.losers, lost, false)] {
        for (seat, rating) in seats.iter().zip(after) {
            if !seat.rated {
                continue;
            }
            let t = table.entry(seat.account).or_insert(Standing {
                rating: start(),
                games: 0,
                wins: 0,
                last_game: game.id,
            });
            t.rating = rating;
            t.games += 1;
            t.wins += u32::from(win);
            t.last_game = game.id;
        }
    }
}

/// Why a finished game does not count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeftOut {
    /// Its log does not show a dealt game that is over (a status the log does not bear out).
    NotOver,
    /// Dealt by hand (a fixed deal): whoever sat where was chosen, not drawn.
    FixedDeal,
    /// Its judge ended it without naming a winner.
    NoWinner,
    /// A draw, or a seat whose side neither won nor lost.
    NoResult,
    /// Every seat on one side: no one to have won or lost against.
    OneSided,
    /// One account on two rated seats (a log no game makes): it cannot be two players at once.
    SharedAccount,
}

/// The game of `folded` as the rating reads it (its id `id`), or why it does not count.
pub fn read_game(id: i64, folded: &Folded) -> Result<RatedGame, LeftOut> {
    let (Some(deal), Some(game)) = (folded.started.as_ref(), folded.game.as_ref()) else {
        return Err(LeftOut::NotOver);
    };
    if !folded.is_over() {
        return Err(LeftOut::NotOver);
    }
    if deal.fixed_deal {
        return Err(LeftOut::FixedDeal);
    }
    let winner = folded.winner().ok_or(LeftOut::NoWinner)?;
    let mut rated = BTreeSet::new();
    let (mut winners, mut losers) = (Vec::new(), Vec::new());
    for (spec, &dealt) in deal.seats.iter().zip(&deal.users) {
        let record = game
            .seat_record(&spec.game_id, Some(&winner))
            .ok_or(LeftOut::NoResult)?;
        let won = record.won.ok_or(LeftOut::NoResult)?;
        let last = folded
            .substitutions
            .iter()
            .rev()
            .find(|s| s.game_id == spec.game_id);
        let seat = RatedSeat {
            account: last.map_or(dealt, |s| s.to_user),
            rated: last.is_none(),
        };
        if seat.rated && !rated.insert(seat.account) {
            return Err(LeftOut::SharedAccount);
        }
        if won {
            winners.push(seat);
        } else {
            losers.push(seat);
        }
    }
    if winners.is_empty() || losers.is_empty() {
        return Err(LeftOut::OneSided);
    }
    Ok(RatedGame {
        id,
        winners,
        losers,
    })
}

/// What a rebuild made of one variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rebuilt {
    pub variant: Variant,
    /// Finished games that moved ratings.
    pub games: usize,
    /// Finished games left out ([`LeftOut`]).
    pub left_out: usize,
    /// Accounts on the board.
    pub players: usize,
}

/// The kinds of event a game can end with (`GameEvent::kind`): a resolution, a submission that
/// ends it at once, the judge's end. A game finished when the last of these was logged; events
/// logged after its end (the judge locking the thread) do not move it in the order.
pub const ENDING_KINDS: [&str; 3] = ["resolved", "submitted", "ended"];

/// Finished games as read, by id: how each counts, or why it does not.
type Read = BTreeMap<i64, Result<RatedGame, LeftOut>>;

/// Reads (folds) the games `ids` not in `read` yet. A finished game reads the same ever after:
/// its log takes no more deals, results or substitutions.
fn read_games(c: &mut DbConnection, ids: &[i64], read: &mut Read) -> Result<(), AppError> {
    for &id in ids {
        if let Entry::Vacant(e) = read.entry(id) {
            let folded = crate::game::cache::folded(c, id)?;
            e.insert(read_game(id, &folded));
        }
    }
    Ok(())
}

/// Reads the finished games of `variant` not in `read` yet; returns all of them in the order
/// they finished, each with the time it finished.
fn read_finished(
    c: &mut DbConnection,
    variant: Variant,
    read: &mut Read,
) -> Result<Vec<(i64, NaiveDateTime)>, AppError> {
    let finished = q::finished_games(c, variant.name(), &ENDING_KINDS)?;
    let ids: Vec<i64> = finished.iter().map(|&(id, _)| id).collect();
    read_games(c, &ids, read)?;
    Ok(finished)
}

/// Recomputes every variant's board from its finished games, in one write transaction: all
/// boards change together or none does.
pub fn rebuild(c: &mut DbConnection) -> Result<Vec<Rebuilt>, AppError> {
    let (boards, unknown) = boards(c)?;
    // Folding is the slow part: done before the write lock, which then only checks the list.
    let mut read = Read::new();
    for &v in &boards {
        read_finished(c, v, &mut read)?;
    }
    crate::db::write_tx(c, |c| {
        q::lock_rebuild(c)?;
        // A board no process can make the handle of is kept as it is, not dropped.
        let known: Vec<&str> = boards
            .iter()
            .map(|v| v.name())
            .chain(unknown.iter().map(String::as_str))
            .collect();
        q::drop_other_variants(c, &known)?;
        boards
            .iter()
            .map(|&v| rebuild_locked(c, v, &mut read))
            .collect()
    })
}

/// Every board: each variant's of this build, and each judge's setup version's own that a game
/// was made to count on (its handle made first from the games' pinned setups, as at start-up:
/// `maku ratings rebuild` is a process of its own); and the names of boards no handle could be
/// made for.
fn boards(c: &mut DbConnection) -> Result<(Vec<Variant>, Vec<String>), AppError> {
    crate::game::setups::make_handles(c)?;
    let mut boards: Vec<Variant> = Variant::all().to_vec();
    let mut unknown = Vec::new();
    for name in games::boards(c)? {
        match Variant::from_name(&name) {
            Some(v) if !boards.contains(&v) => boards.push(v),
            Some(_) => {}
            None => {
                tracing::warn!(board = %name, "a game's board names no variant this process knows");
                unknown.push(name);
            }
        }
    }
    Ok((boards, unknown))
}

/// The board a stored game counts on (`games.board`).
fn board_of(row: &crate::db::models::GameRow) -> Result<Variant, AppError> {
    Variant::from_name(&row.board)
        .ok_or_else(|| AppError::Internal(format!("game {}: unknown board {}", row.id, row.board)))
}

/// Recomputes `variant`'s board from its finished games, in one write transaction.
pub fn rebuild_variant(c: &mut DbConnection, variant: Variant) -> Result<Rebuilt, AppError> {
    let mut read = Read::new();
    read_finished(c, variant, &mut read)?;
    crate::db::write_tx(c, |c| {
        q::lock_rebuild(c)?;
        rebuild_locked(c, variant, &mut read)
    })
}

/// Rebuilds `variant`'s board inside the caller's transaction, which holds the rebuild lock.
/// The list of finished games is read again under the lock (games that finished since `read`
/// was made are read now), so of two rebuilds the later one has seen every game the earlier saw.
/// It records the last game it read (where [`update_variant`] goes on from) and takes the games
/// it read off the queue.
fn rebuild_locked(
    c: &mut DbConnection,
    variant: Variant,
    read: &mut Read,
) -> Result<Rebuilt, AppError> {
    let mut counted = Vec::new();
    let mut left_out = 0;
    let finished = read_finished(c, variant, read)?;
    for &(id, _) in &finished {
        match read.remove(&id) {
            Some(Ok(game)) => counted.push(game),
            Some(Err(why)) => {
                tracing::debug!(game_id = id, ?why, "game left out of the ratings");
                left_out += 1;
            }
            None => return Err(AppError::Internal(format!("game {id} was not read"))),
        }
    }
    let table = rate(&counted);
    let rows = to_rows(variant, &table, |_| true);
    q::replace_variant(c, variant.name(), &rows)?;
    // Games queued after the list above was read stay queued: they are not on this board.
    let listed: BTreeSet<i64> = finished.iter().map(|&(id, _)| id).collect();
    let done: Vec<i64> = q::pending(c, variant.name())?
        .into_iter()
        .filter(|id| listed.contains(id))
        .collect();
    q::unqueue(c, &done)?;
    let last = finished.last();
    q::set_board_state(
        c,
        &q::BoardState {
            variant: variant.name().to_string(),
            last_finished_at: last.map(|&(_, at)| at),
            last_game_id: last.map(|&(id, _)| id),
            rated: counted.len() as i64,
            left_out: left_out as i64,
        },
    )?;
    Ok(Rebuilt {
        variant,
        games: counted.len(),
        left_out,
        players: rows.len(),
    })
}

/// The rows to store of `variant` for the accounts in `table` that `keep` keeps.
fn to_rows(
    variant: Variant,
    table: &BTreeMap<i64, Standing>,
    keep: impl Fn(i64) -> bool,
) -> Vec<q::RatingRow> {
    table
        .iter()
        .filter(|&(&user_id, _)| keep(user_id))
        .map(|(&user_id, s)| q::RatingRow {
            variant: variant.name().to_string(),
            user_id,
            rating: s.rating.rating,
            uncertainty: s.rating.uncertainty,
            score: shown(&s.rating),
            games: i64::from(s.games),
            wins: i64::from(s.wins),
            last_game_id: s.last_game,
        })
        .collect()
}

/// Inside the transaction that finishes game `game_id` (by its rules or its judge), before the
/// event that ends it is logged: queues the game for the board it was made to count on
/// (`games.board`: its variant's; a judge's own setup's family's, or its own when the judge
/// asked: `GameSettings::board`).
///
/// The queue row commits with the finish or not at all, so the queue is exactly the finished
/// games no board has read yet, whatever fails or stops after the commit ([`after_finish`]
/// reads it). The ratings lock is taken first (PostgreSQL; SQLite's write transactions are one
/// at a time already) and held to the commit: the game's finish is stamped after every game
/// whose finish committed before, so games reach their board in the order they finished and it
/// can play each onto it (an earlier one arriving later would mean rebuilding the board whole).
/// The lock is held only for the end of a finishing transaction.
pub fn finishing(c: &mut DbConnection, game_id: i64) -> Result<(), AppError> {
    q::lock_rebuild(c)?;
    let board = games::get(c, game_id)?.ok_or(AppError::NotFound)?.board;
    q::queue(c, game_id, &board)?;
    Ok(())
}

/// What [`update_variant`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Updated {
    /// It played the queued games onto the stored board: `games` of them (rated or left out).
    Played { variant: Variant, games: usize },
    /// It rebuilt the board from every finished game (never rebuilt before, or a queued game
    /// finished before the last game the board had read).
    Rebuilt(Rebuilt),
}

/// Brings `variant`'s board up to date with its finished games.
///
/// A rebuild folds every finished game of the variant, so rebuilding after each game made N
/// games ending cost O(N²) folds. Here the board is stored with the last game it read (the
/// order of [`finished_games`](q::finished_games): when each finished, ties by id), and the
/// games queued since ([`finishing`]) are played onto the rows of their seats' accounts, in
/// that order, costing the same however many games finished before. That gives exactly what a
/// rebuild gives: [`rate`] is [`rate_onto`] game after game, a game reads and writes only its
/// seats' standings, the stored rows are those standings (8-byte doubles, bit for bit), and the
/// queue holds exactly the finished games the board has not read. It holds only if every queued
/// game finished after the last one read; if one did not (finishes stamped by the clocks of two
/// instances that disagree), or the board was never rebuilt, the board is rebuilt whole.
///
/// Serialised with every other update and rebuild by the ratings lock; the queued games are
/// folded before it.
pub fn update_variant(c: &mut DbConnection, variant: Variant) -> Result<Updated, AppError> {
    let mut read = Read::new();
    let queued = q::pending(c, variant.name())?;
    read_games(c, &queued, &mut read)?;
    let played = crate::db::write_tx(c, |c| {
        q::lock_rebuild(c)?;
        play_queued(c, variant, &mut read)
    })?;
    if let Some(games) = played {
        return Ok(Updated::Played { variant, games });
    }
    // Rebuilt whole: every finished game is folded, before the lock again. Under it, the queue
    // is tried first once more: updates that waited behind one rebuild (the first games to end
    // after an upgrade) play onto it instead of each rebuilding again.
    read_finished(c, variant, &mut read)?;
    crate::db::write_tx(c, |c| {
        q::lock_rebuild(c)?;
        match play_queued(c, variant, &mut read)? {
            Some(games) => Ok(Updated::Played { variant, games }),
            None => rebuild_locked(c, variant, &mut read).map(Updated::Rebuilt),
        }
    })
}

/// Plays `variant`'s queued games onto its stored board, inside the caller's transaction that
/// holds the ratings lock; how many, or `None` if the board must be rebuilt instead.
fn play_queued(
    c: &mut DbConnection,
    variant: Variant,
    read: &mut Read,
) -> Result<Option<usize>, AppError> {
    let Some(board) = q::board_state(c, variant.name())? else {
        return Ok(None);
    };
    // Read again under the lock: another update may have played some, and more may be queued.
    let queued = q::pending(c, variant.name())?;
    if queued.is_empty() {
        return Ok(Some(0));
    }
    // A queued game without an ending event (none is made so) is not listed by a rebuild
    // either: it is only taken off the queue.
    let order = q::finish_times(c, &queued, &ENDING_KINDS)?;
    if let (Some(&(id, at)), Some(last)) = (order.first(), board.last())
        && (at, id) <= last
    {
        tracing::info!(
            game_id = id,
            variant = variant.name(),
            "a game finished before the last one its board read: rebuilding the board"
        );
        return Ok(None);
    }
    let ids: Vec<i64> = order.iter().map(|&(id, _)| id).collect();
    read_games(c, &ids, read)?;
    let games: Vec<(i64, &Result<RatedGame, LeftOut>)> = ids
        .iter()
        .map(|&id| {
            read.get(&id)
                .map(|g| (id, g))
                .ok_or_else(|| AppError::Internal(format!("game {id} was not read")))
        })
        .collect::<Result<_, _>>()?;
    let seated: BTreeSet<i64> = games
        .iter()
        .filter_map(|(_, g)| g.as_ref().ok())
        .flat_map(|g| g.winners.iter().chain(&g.losers).map(|s| s.account))
        .collect();
    let mut table = BTreeMap::new();
    for row in q::rows_of(c, variant.name(), &seated)? {
        let count = |n: i64| {
            u32::try_from(n).map_err(|_| AppError::Internal(format!("a rating row counts {n}")))
        };
        let standing = Standing {
            rating: WengLinRating {
                rating: row.rating,
                uncertainty: row.uncertainty,
            },
            games: count(row.games)?,
            wins: count(row.wins)?,
            last_game: row.last_game_id,
        };
        table.insert(row.user_id, standing);
    }
    let (mut rated, mut left_out) = (board.rated, board.left_out);
    let mut moved = BTreeSet::new();
    for (id, game) in &games {
        match game {
            Ok(game) => {
                rate_onto(&mut table, game);
                let seats = game.winners.iter().chain(&game.losers);
                moved.extend(seats.filter(|s| s.rated).map(|s| s.account));
                rated += 1;
            }
            Err(why) => {
                tracing::debug!(game_id = id, ?why, "game left out of the ratings");
                left_out += 1;
            }
        }
    }
    q::put_rows(
        c,
        variant.name(),
        &to_rows(variant, &table, |u| moved.contains(&u)),
    )?;
    let last = order.last().map(|&(id, at)| (at, id)).or(board.last());
    q::set_board_state(
        c,
        &q::BoardState {
            variant: variant.name().to_string(),
            last_finished_at: last.map(|(at, _)| at),
            last_game_id: last.map(|(_, id)| id),
            rated,
            left_out,
        },
    )?;
    q::unqueue(c, &queued)?;
    Ok(Some(games.len()))
}

/// After the transaction that finished game `game_id` (by its rules or its judge): brings its
/// variant's board up to date ([`update_variant`]). The game has ended whatever happens here,
/// so a failure is logged for the operator and never fails the request that ended it; the game
/// stays queued, so the next update of the board reads it (`maku ratings rebuild` too).
pub async fn after_finish(state: &AppState, game_id: i64) {
    let result = state
        .db(move |c| {
            let row = games::get(c, game_id)?.ok_or(AppError::NotFound)?;
            let board = board_of(&row)?;
            update_variant(c, board)
        })
        .await;
    match result {
        Ok(Updated::Played { variant, games }) => {
            tracing::debug!(game_id, variant = variant.name(), games, "ratings updated")
        }
        Ok(Updated::Rebuilt(r)) => tracing::info!(
            game_id,
            variant = r.variant.name(),
            games = r.games,
            players = r.players,
            "ratings rebuilt"
        ),
        Err(e) => tracing::error!(game_id, error = %e, "ratings update failed"),
    }
}

/// One line of a board.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BoardLine {
    /// 1 for the best; equal ratings keep the accounts' order.
    pub rank: i64,
    pub name: String,
    /// The shown rating ([`shown`]).
    pub rating: f64,
    pub mu: f64,
    pub sigma: f64,
    pub games: i64,
    pub wins: i64,
}

/// How many accounts `variant`'s board ranks.
pub fn players(c: &mut DbConnection, variant: Variant) -> Result<i64, AppError> {
    Ok(q::count(c, variant.name())?)
}

/// Every line of `variant`'s board, best first (the API gives it whole).
pub fn every_line(c: &mut DbConnection, variant: Variant) -> Result<Vec<BoardLine>, AppError> {
    let total = players(c, variant)?;
    let (lines, ..) = board_page(c, variant, &Seek::Number(1), 1, total.max(1))?;
    Ok(lines)
}

/// A page of `variant`'s board read by key (`keyset`), `per_page` lines, reached by a link
/// that said page `said`: its lines ranked, the keys of the pages near it, the players in all
/// and the page's number.
pub fn board_page(
    c: &mut DbConnection,
    variant: Variant,
    seek: &Seek<q::RatingKey>,
    said: i64,
    per_page: i64,
) -> Result<(Vec<BoardLine>, Edges<q::RatingKey>, i64, i64), AppError> {
    let (read, total) = q::board_page(c, variant.name(), seek, per_page)?;
    let edges = read.edges;
    let first = edges.first_place(said, total, per_page, read.rows.len());
    let lines = read
        .rows
        .into_iter()
        .zip(first..)
        .map(|((r, name), rank)| BoardLine {
            rank,
            name,
            rating: r.score,
            mu: r.rating,
            sigma: r.uncertainty,
            games: r.games,
            wins: r.wins,
        })
        .collect();
    let page = edges.page_number(said, total, per_page);
    Ok((lines, edges, total, page))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(account: i64) -> RatedSeat {
        RatedSeat {
            account,
            rated: true,
        }
    }

    fn game(id: i64, winners: &[i64], losers: &[i64]) -> RatedGame {
        RatedGame {
            id,
            winners: winners.iter().copied().map(seat).collect(),
            losers: losers.iter().copied().map(seat).collect(),
        }
    }

    #[test]
    fn winners_go_up_and_losers_down_in_teams_of_unequal_size() {
        let (w, l) = rate_game(&[start(), start()], &[start(); 7]);
        assert_eq!((w.len(), l.len()), (2, 7));
        for r in &w {
            assert!(r.rating > START_RATING && r.uncertainty < START_UNCERTAINTY);
        }
        for r in &l {
            assert!(r.rating < START_RATING && r.uncertainty < START_UNCERTAINTY);
        }
        // Equal means: an even chance, so the small team's players carry more of the result.
        assert!(w[0].rating - START_RATING > START_RATING - l[0].rating);
        // The mean model: the bigger side winning as expected is no certainty, so it moves.
        let (big, small) = rate_game(&[start(); 7], &[start(), start()]);
        assert!(big[0].rating - START_RATING > 0.1, "{big:?}");
        assert!(START_RATING - small[0].rating > 0.1, "{small:?}");
    }

    #[test]
    fn two_teams_of_one_are_the_crates_own_update() {
        let (w, l) = rate_game(&[start()], &[start()]);
        let (cw, cl) =
            skillratings::weng_lin::weng_lin(&start(), &start(), &Outcomes::WIN, &config());
        assert_eq!((w[0], l[0]), (cw, cl));
    }

    #[test]
    fn the_same_games_give_the_same_numbers() {
        let games = vec![
            game(1, &[1, 2], &[3, 4, 5, 6, 7]),
            game(2, &[3, 4, 5, 6], &[1, 8]),
            game(3, &[8], &[2, 3, 9]),
        ];
        let first = rate(&games);
        let second = rate(&games);
        assert_eq!(first, second);
        for (a, b) in first.values().zip(second.values()) {
            assert_eq!(a.rating.rating.to_bits(), b.rating.rating.to_bits());
            assert_eq!(
                a.rating.uncertainty.to_bits(),
                b.rating.uncertainty.to_bits()
            );
        }
        assert_eq!(first[&1].games, 2);
        assert_eq!(first[&1].wins, 1);
        assert_eq!(first[&1].last_game, 2);
        assert_eq!(first[&9].games, 1);
        // The order of the games matters, and is the caller's.
        let mut reversed = games.clone();
        reversed.reverse();
        assert_ne!(rate(&reversed)[&2].rating, first[&2].rating);
    }

    /// What an update does: each game played onto a table holding only its seats' accounts as
    /// stored after the games before, the moved standings written back. The same numbers as
    /// rating every game from the start, bit for bit.
    #[test]
    fn games_played_onto_their_seats_stored_standings_are_the_whole_fold() {
        let mut games = Vec::new();
        for id in 1..=60i64 {
            // Seven accounts, teams of one to four, a substitute's seat now and then.
            let seats: Vec<i64> = (0..5).map(|k| (id * 3 + k * (id % 4 + 1)) % 7).collect();
            let mut seen = BTreeSet::new();
            let seats: Vec<i64> = seats.into_iter().filter(|s| seen.insert(*s)).collect();
            let split = 1 + (id as usize % (seats.len() - 1));
            let mut g = game(id, &seats[..split], &seats[split..]);
            if id % 5 == 0 {
                g.losers[0].rated = false;
            }
            games.push(g);
        }
        let whole = rate(&games);
        let mut stored: BTreeMap<i64, Standing> = BTreeMap::new();
        for g in &games {
            let seats: Vec<&RatedSeat> = g.winners.iter().chain(&g.losers).collect();
            let mut table: BTreeMap<i64, Standing> = seats
                .iter()
                .filter_map(|s| stored.get(&s.account).map(|t| (s.account, *t)))
                .collect();
            rate_onto(&mut table, g);
            for s in seats.iter().filter(|s| s.rated) {
                stored.insert(s.account, table[&s.account]);
            }
        }
        assert_eq!(whole.len(), stored.len());
        for ((a, x), (b, y)) in whole.iter().zip(&stored) {
            assert_eq!(a, b);
            assert_eq!(x.rating.rating.to_bits(), y.rating.rating.to_bits());
            assert_eq!(
                x.rating.uncertainty.to_bits(),
                y.rating.uncertainty.to_bits()
            );
            assert_eq!(
                (x.games, x.wins, x.last_game),
                (y.games, y.wins, y.last_game)
            );
        }
    }

    #[test]
    fn a_substituted_seat_counts_in_its_team_but_moves_no_rating() {
        let mut g = game(1, &[1, 2], &[3, 4]);
        g.winners[1].rated = false;
        let table = rate(&[g.clone()]);
        assert!(
            !table.contains_key(&2),
            "the substitute's seat moves no rating"
        );
        assert!(table[&1].rating.rating > START_RATING);
        // It still weighs: a strong last player on the seat makes the win less of a surprise.
        let strong = rate(&[game(0, &[2], &[5]), game(0, &[2], &[6]), g]);
        assert!(strong[&1].rating.rating < table[&1].rating.rating);
    }

    #[test]
    fn the_ending_kinds_are_the_logs_own() {
        use crate::game::log::GameEvent;
        let ending = [
            GameEvent::Resolved {
                step: 1,
                trigger: "judge".into(),
            },
            GameEvent::Submitted {
                step: 1,
                by: "a".into(),
                action: serde_json::Value::Null,
                ends_phase: true,
            },
            GameEvent::Ended {
                reason: "r".into(),
                winner: None,
            },
        ];
        assert_eq!(ending.map(|e| e.kind()), ENDING_KINDS);
    }

    #[test]
    fn the_shown_rating_is_the_conservative_estimate() {
        assert_eq!(shown(&start()), 0.0);
        let r = WengLinRating {
            rating: 30.0,
            uncertainty: 2.0,
        };
        assert_eq!(shown(&r), 24.0);
    }
}
