//! Ratings: a leaderboard per variant, made from its finished games in the order they finished
//! (docs/ratings.md). A game is two teams, the seats of the side that won against the seats of
//! the sides that lost, rated by Weng-Lin (the `skillratings` crate). Every board is derived
//! data: [`rebuild`] recomputes all of them from the game logs, [`rebuild_variant`] one, and a
//! game that ends rebuilds its variant's ([`after_finish`]). The same games give the same
//! numbers: nothing here reads the clock or a random source, and the order is the games'.
//!
//! Only finished games are read (`db::queries::ratings::finished_games`): a running game's seats
//! are secret until its reveal, so no board, count or order may tell who plays in one.

use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use skillratings::Outcomes;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_two_teams};

use crate::app::AppState;
use crate::db::DbConnection;
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
    table
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

/// Reads (folds) the finished games of `variant` not in `read` yet; returns the ids of all of
/// them in the order they finished. A finished game reads the same ever after: its log takes
/// no more deals, results or substitutions.
fn read_finished(
    c: &mut DbConnection,
    variant: Variant,
    read: &mut Read,
) -> Result<Vec<i64>, AppError> {
    let finished = q::finished_games(c, variant.name(), &ENDING_KINDS)?;
    for &(id, _) in &finished {
        if let Entry::Vacant(e) = read.entry(id) {
            let folded = crate::game::cache::folded(c, id)?;
            e.insert(read_game(id, &folded));
        }
    }
    Ok(finished.into_iter().map(|(id, _)| id).collect())
}

/// Recomputes every variant's board from its finished games, in one write transaction: all
/// boards change together or none does.
pub fn rebuild(c: &mut DbConnection) -> Result<Vec<Rebuilt>, AppError> {
    // Folding is the slow part: done before the write lock, which then only checks the list.
    let mut read = Read::new();
    for &v in Variant::all() {
        read_finished(c, v, &mut read)?;
    }
    crate::db::write_tx(c, |c| {
        q::lock_rebuild(c)?;
        let known: Vec<&str> = Variant::all().iter().map(|v| v.name()).collect();
        q::drop_other_variants(c, &known)?;
        Variant::all()
            .iter()
            .map(|&v| rebuild_locked(c, v, &mut read))
            .collect()
    })
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
fn rebuild_locked(
    c: &mut DbConnection,
    variant: Variant,
    read: &mut Read,
) -> Result<Rebuilt, AppError> {
    let mut counted = Vec::new();
    let mut left_out = 0;
    for id in read_finished(c, variant, read)? {
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
    let rows: Vec<q::RatingRow> = table
        .iter()
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
        .collect();
    q::replace_variant(c, variant.name(), &rows)?;
    Ok(Rebuilt {
        variant,
        games: counted.len(),
        left_out,
        players: rows.len(),
    })
}

/// After the transaction that finished game `game_id` (by its rules or its judge): rebuilds
/// its variant's board. The game has ended whatever happens here, so a failure is logged for
/// the operator (`maku ratings rebuild` mends it) and never fails the request that ended it.
pub async fn after_finish(state: &AppState, game_id: i64) {
    let result = state
        .db(move |c| {
            let row = games::get(c, game_id)?.ok_or(AppError::NotFound)?;
            let variant = crate::game::stored::variant_of(&row)?;
            rebuild_variant(c, variant)
        })
        .await;
    match result {
        Ok(r) => tracing::info!(
            game_id,
            variant = r.variant.name(),
            games = r.games,
            players = r.players,
            "ratings rebuilt"
        ),
        Err(e) => tracing::error!(game_id, error = %e, "ratings rebuild failed"),
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

/// `limit` lines of `variant`'s board from `offset`, best first.
pub fn board(
    c: &mut DbConnection,
    variant: Variant,
    offset: i64,
    limit: i64,
) -> Result<Vec<BoardLine>, AppError> {
    let rows = q::board(c, variant.name(), offset, limit)?;
    Ok(rows
        .into_iter()
        .zip(offset + 1..)
        .map(|((r, name), rank)| BoardLine {
            rank,
            name,
            rating: r.score,
            mu: r.rating,
            sigma: r.uncertainty,
            games: r.games,
            wins: r.wins,
        })
        .collect())
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
                act: 1,
                trigger: "judge".into(),
            },
            GameEvent::Submitted {
                act: 1,
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
