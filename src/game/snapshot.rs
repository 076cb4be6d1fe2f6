//! A game as its pages read it, kept in memory between requests: its row, its fold, who holds
//! each seat, its deadline, its team threads and its public view. A signed-in reader's game
//! page and game thread are made from it without the database (the posts of a thread page are
//! kept apart, per thread: `web::games::threads`).
//!
//! A snapshot is used while the game's count of changes is the one it was read under
//! (`db::epoch::game`: the queries that write a game's log, row, seats, sign-ups or deadline
//! move it, and on PostgreSQL the `g` notices of the `*_game_view_notify` migration move it on
//! every instance) and for `--view-cache-ms` (a change by another process on SQLite shows
//! within that, and the one read that renews it: `db::epoch::past_life`). Neither a post nor a seat's submission moves the game's count, so no reader's
//! view is renewed by someone else's secret (a post in a team thread, a kill), and no timing
//! tells of it: a submission moves only its account's place (`db::epoch::private_changed`, `p`
//! notices), and its teammates' (`db::queries::games::private_changed_for`), and those accounts
//! alone read the game afresh.
//!
//! Which account holds which seat is in a snapshot: it answers "which seat is this reader's"
//! ([`Snapshot::seat_of`]) and nothing else; no page shows it.

use crate::db::DbConnection;
use crate::db::models::GameRow;
use crate::db::queries::{forum, games};
use crate::error::AppError;
use crate::game::log::Folded;
use crate::game::views::PublicGame;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Games kept at most (the oldest kept is dropped when full).
const CAPACITY: usize = 512;

/// A game as its pages read it (see the module's comment).
pub struct Snapshot {
    pub row: GameRow,
    pub folded: Arc<Folded>,
    /// (account id, seat number, game ID) of every seat.
    seats: Vec<(i64, i32, String)>,
    /// The thread of each of the variant's teams that the game has opened, and its
    /// spectators' thread.
    team_threads: Vec<(&'static str, i64)>,
    /// What everyone may see of the game (`views::public_from`).
    pub public: PublicGame,
}

impl Snapshot {
    /// Reads game `game_id` (one trip to the database pool; the fold from `game::cache`).
    pub fn read(c: &mut DbConnection, game_id: i64) -> Result<Snapshot, AppError> {
        let (row, folded) = crate::game::service::load(c, game_id)?;
        let seats = games::seat_holders(c, game_id)?;
        let mut team_threads = Vec::new();
        if let Ok(variant) = crate::game::stored::variant_of(&row) {
            for key in variant.team_threads() {
                if let Some(id) = forum::game_thread_of_kind(c, game_id, key)? {
                    team_threads.push((*key, id));
                }
            }
        }
        // The spectators' thread is kept beside them (`posting::GameThread::Spectators`).
        let spectators = crate::game::threads::SPECTATORS;
        if let Some(id) = forum::game_thread_of_kind(c, game_id, spectators)? {
            team_threads.push((spectators, id));
        }
        let public = crate::game::views::public_from(c, &row, &folded)?;
        Ok(Snapshot {
            row,
            folded,
            seats,
            team_threads,
            public,
        })
    }

    /// The seat (number, game ID) account `account_id` holds in the game.
    pub fn seat_of(&self, account_id: i64) -> Option<(i32, String)> {
        self.seats
            .iter()
            .find(|(a, ..)| *a == account_id)
            .map(|(_, n, name)| (*n, name.clone()))
    }

    /// The thread of team `key`, if the game has opened it.
    pub fn team_thread(&self, key: &str) -> Option<i64> {
        self.team_threads
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, id)| *id)
    }
}

struct Entry {
    snapshot: Arc<Snapshot>,
    epoch: u64,
    /// `db::epoch::private_seq` before it was read: it holds every private change up to it.
    read_seq: u64,
    at: Instant,
    /// A reader is reading it afresh because it is past its life (`db::epoch::past_life`).
    renewing: bool,
}

/// The kept snapshots of one instance (all its workers).
#[derive(Clone)]
pub struct Snapshots {
    life: Duration,
    entries: Arc<Mutex<HashMap<i64, Entry>>>,
}

impl Snapshots {
    /// Snapshots kept for `life` at most (zero: none).
    pub fn new(life: Duration) -> Snapshots {
        Snapshots {
            life,
            entries: Arc::default(),
        }
    }

    fn entries(&self) -> MutexGuard<'_, HashMap<i64, Entry>> {
        self.entries.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The snapshot of game `game_id` kept under `epoch` (`db::epoch::game`, read before the
    /// database), if it is young and, for `reader`'s account, read after its last private
    /// change (`db::epoch::last_private`): a seat sees its own submission at once, and nobody
    /// else's view is renewed by it.
    pub fn get(&self, game_id: i64, epoch: u64, reader: Option<i64>) -> Option<Arc<Snapshot>> {
        if self.life.is_zero() {
            return None;
        }
        let last_private = reader.map_or(0, crate::db::epoch::last_private);
        let mut entries = self.entries();
        let e = entries.get_mut(&game_id)?;
        if e.epoch != epoch || last_private > e.read_seq {
            return None;
        }
        (!crate::db::epoch::past_life(e.at.elapsed(), self.life, &mut e.renewing))
            .then(|| e.snapshot.clone())
    }

    /// Keeps `snapshot`, read after the game's count was `epoch` and the order of private
    /// changes `read_seq`; returns it to be used at once.
    pub fn put(
        &self,
        game_id: i64,
        epoch: u64,
        read_seq: u64,
        snapshot: Snapshot,
    ) -> Arc<Snapshot> {
        let snapshot = Arc::new(snapshot);
        if self.life.is_zero() {
            return snapshot;
        }
        let mut entries = self.entries();
        if entries.len() >= CAPACITY && !entries.contains_key(&game_id) {
            let life = self.life;
            entries.retain(|_, e| e.at.elapsed() < life);
            if entries.len() >= CAPACITY
                && let Some(oldest) = entries.iter().min_by_key(|(_, e)| e.at).map(|(k, _)| *k)
            {
                entries.remove(&oldest);
            }
        }
        entries.insert(
            game_id,
            Entry {
                snapshot: snapshot.clone(),
                epoch,
                read_seq,
                at: Instant::now(),
                renewing: false,
            },
        );
        snapshot
    }

    /// Games kept now (tests).
    pub fn len(&self) -> usize {
        self.entries().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
