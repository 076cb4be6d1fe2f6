//! Counts of changes, per process, that the web shell's in-memory views depend on: a session's
//! account and bell (`auth::session_cache`), the shared part of a thread's pages
//! (`web::fragments`), and a game as its pages read it (`game::snapshot`), with each
//! account's private changes apart from it. The queries that write those rows move the count, in the same call as
//! the write, so a reader on this instance never gets a view older than a write it could see;
//! on PostgreSQL the same moves reach every instance through `LISTEN` (`game::live_listen`),
//! and each view also has a short life of its own (a write by another process on SQLite, or
//! while the listener is away, shows within it).
//!
//! A count is moved when the write is made, and again once its transaction has ended
//! ([`around_transaction`], which `db::write_tx` runs every write transaction in): a reader
//! between the write and the commit may keep what it read under the first move, never under
//! the second. Counts only grow; a cache compares the count it read *before* reading the
//! database with the one now.
//!
//! The counts are global to the process: several servers in one process (the tests) only
//! make each other's views a little shorter-lived.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

/// The most threads (or games) counted one by one; past it, all their counts start again at a
/// move of the kind's common count (every kept view of that kind renews once).
const MOST_COUNTED: usize = 100_000;

static ACCOUNTS: AtomicU64 = AtomicU64::new(0);

/// A count per id (a thread's, a game's) over one common count of the kind. Exact, not shared
/// between ids: a post in a game's private thread moves no count a forum page reads, so no
/// page's timing tells of it.
struct PerId {
    all: AtomicU64,
    own: Mutex<Option<HashMap<i64, u64>>>,
}

impl PerId {
    const fn new() -> PerId {
        PerId {
            all: AtomicU64::new(0),
            own: Mutex::new(None),
        }
    }

    fn own(&self) -> MutexGuard<'_, Option<HashMap<i64, u64>>> {
        self.own.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn count(&self, id: i64) -> u64 {
        let own = self
            .own()
            .as_ref()
            .and_then(|m| m.get(&id).copied())
            .unwrap_or(0);
        // Both halves only grow (the map is emptied only with a move of the other), so their
        // sum moves whenever either does.
        self.all.load(Ordering::SeqCst).wrapping_add(own)
    }

    fn bump(&self, id: i64) {
        let mut guard = self.own();
        let map = guard.get_or_insert_with(HashMap::new);
        if map.len() >= MOST_COUNTED && !map.contains_key(&id) {
            // Moved first: a reader between the two sees the new total either way.
            self.all.fetch_add(u64::MAX / 2, Ordering::SeqCst);
            map.clear();
        }
        *map.entry(id).or_insert(0) += 1;
    }

    fn bump_all(&self) {
        self.all.fetch_add(1, Ordering::SeqCst);
    }
}

static THREADS: PerId = PerId::new();
static GAMES: PerId = PerId::new();
/// A board's list of threads (a listed thread came, went, was locked or had a post): only
/// listed threads move it, so a post in a private thread changes no board page's timing.
static BOARDS: PerId = PerId::new();
/// Any game's public change (what [`game_changed`] counts): the lists of games (the lobby), of
/// ratings and of finished games read from it. A submission does not move it.
static GAME_LISTS: AtomicU64 = AtomicU64::new(0);

/// An order of changes per account: each account's last change is the place the order had
/// then; a view read when the order stood at `n` holds every change up to `n`. Past
/// [`MOST_COUNTED`] accounts the map starts again from `floor`, which every account then
/// reports (every view is read once more).
struct LastChange {
    seq: AtomicU64,
    map: std::sync::LazyLock<Mutex<(u64, HashMap<i64, u64>)>>,
}

impl LastChange {
    const fn new() -> LastChange {
        LastChange {
            seq: AtomicU64::new(0),
            map: std::sync::LazyLock::new(Mutex::default),
        }
    }

    fn map(&self) -> MutexGuard<'_, (u64, HashMap<i64, u64>)> {
        self.map.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn now(&self) -> u64 {
        self.seq.load(Ordering::SeqCst)
    }

    fn last(&self, account_id: i64) -> u64 {
        let map = self.map();
        map.1.get(&account_id).copied().unwrap_or(map.0)
    }

    fn bump(&self, account_id: i64) {
        let mut map = self.map();
        let n = self.seq.fetch_add(1, Ordering::SeqCst) + 1;
        if map.1.len() >= MOST_COUNTED && !map.1.contains_key(&account_id) {
            map.1.clear();
            map.0 = n;
        }
        map.1.insert(account_id, n);
    }

    fn bump_all(&self) {
        let mut map = self.map();
        map.1.clear();
        map.0 = self.seq.fetch_add(1, Ordering::SeqCst) + 1;
    }
}

/// Each account's private changes (its seat's submissions).
static PRIVATE: LastChange = LastChange::new();
/// Each account's bell (a notification added or read).
static BELLS: LastChange = LastChange::new();

/// A count moved inside a write transaction, to move again once it has ended.
#[derive(Clone, Copy)]
enum Move {
    Accounts,
    Thread(i64),
    Board(i64),
    Game(i64),
    Private(i64),
    Bell(i64),
}

thread_local! {
    /// The moves of the write transaction running on this thread (diesel is synchronous: a
    /// transaction runs on one thread), if one is.
    static IN_TRANSACTION: std::cell::RefCell<Option<Vec<Move>>> =
        const { std::cell::RefCell::new(None) };
}

fn record(m: Move) {
    IN_TRANSACTION.with(|t| {
        if let Some(moves) = t.borrow_mut().as_mut() {
            moves.push(m);
        }
    });
}

/// Runs `transaction` (a write transaction, to its commit or rollback); the counts it moved move
/// once more after it. A view read between the write and the commit was kept under the first
/// move: the second makes it old. Nested calls count for the outer one.
pub fn around_transaction<T>(transaction: impl FnOnce() -> T) -> T {
    struct Ended;
    impl Drop for Ended {
        fn drop(&mut self) {
            let moves = IN_TRANSACTION
                .with(|t| t.borrow_mut().take())
                .unwrap_or_default();
            for m in moves {
                match m {
                    Move::Accounts => {
                        ACCOUNTS.fetch_add(1, Ordering::SeqCst);
                    }
                    Move::Thread(id) => THREADS.bump(id),
                    Move::Board(id) => BOARDS.bump(id),
                    Move::Game(id) => {
                        GAMES.bump(id);
                        GAME_LISTS.fetch_add(1, Ordering::SeqCst);
                    }
                    Move::Private(id) => PRIVATE.bump(id),
                    Move::Bell(id) => BELLS.bump(id),
                }
            }
        }
    }
    let outer = IN_TRANSACTION.with(|t| {
        let mut t = t.borrow_mut();
        let outer = t.is_some();
        if !outer {
            *t = Some(Vec::new());
        }
        outer
    });
    if outer {
        return transaction();
    }
    let _ended = Ended;
    transaction()
}

/// The count of changes to what a session resolves to (its end, its account's role, a seat
/// moved to a substitute); an account's notifications are counted apart ([`bell_changed`]).
pub fn accounts() -> u64 {
    ACCOUNTS.load(Ordering::SeqCst)
}

/// Something a cached session or its bell shows may have changed.
pub fn accounts_changed() {
    ACCOUNTS.fetch_add(1, Ordering::SeqCst);
    record(Move::Accounts);
}

/// The count of changes to thread `thread_id`'s posts and row (and to every thread's, see
/// [`all_threads_changed`]).
pub fn thread(thread_id: i64) -> u64 {
    THREADS.count(thread_id)
}

/// Thread `thread_id` changed: a post (written, edited, hidden, restored), its row (lock,
/// deletion, last post).
pub fn thread_changed(thread_id: i64) {
    THREADS.bump(thread_id);
    record(Move::Thread(thread_id));
}

/// Every thread's view renews, and every board's (the listener reconnected: notices may have
/// been missed).
pub fn all_threads_changed() {
    THREADS.bump_all();
    BOARDS.bump_all();
}

/// The count of changes to board `board_id`'s list of listed threads (and to every board's,
/// see [`all_threads_changed`]).
pub fn board(board_id: i64) -> u64 {
    BOARDS.count(board_id)
}

/// Board `board_id`'s list changed: a listed thread of it came, went, was locked or had a post.
/// Never moved for a thread that is not listed (a team's, a graveyard, spectators').
pub fn board_changed(board_id: i64) {
    BOARDS.bump(board_id);
    record(Move::Board(board_id));
}

/// The count of changes to game `game_id`: its log (but for submissions, see
/// [`private_changed`]), its row, its seats, sign-ups and deadline (and to every game's, see
/// [`all_games_changed`]) — what `game::snapshot` is read from.
pub fn game(game_id: i64) -> u64 {
    GAMES.count(game_id)
}

/// Game `game_id` changed (an event other than a submission appended; its row, a seat, a
/// sign-up or its deadline written).
pub fn game_changed(game_id: i64) {
    GAMES.bump(game_id);
    GAME_LISTS.fetch_add(1, Ordering::SeqCst);
    record(Move::Game(game_id));
}

/// The count of public changes to any game ([`game_changed`]): what the kept lists of games,
/// ratings and players' records are read under.
pub fn game_lists() -> u64 {
    GAME_LISTS.load(Ordering::SeqCst)
}

/// Every game's view renews (the listener reconnected: notices may have been missed).
pub fn all_games_changed() {
    GAMES.bump_all();
    GAME_LISTS.fetch_add(1, Ordering::SeqCst);
    // And every account's private changes and bells may have been missed too.
    PRIVATE.bump_all();
    BELLS.bump_all();
}

/// Where the order of private changes stands now: read it before reading a view from the
/// database, and keep it with the view (see [`private_changed`]).
pub fn private_seq() -> u64 {
    PRIVATE.now()
}

/// Account `account_id`'s last private change in that order (0: none counted).
pub fn last_private(account_id: i64) -> u64 {
    PRIVATE.last(account_id)
}

/// Account `account_id` changed something only it may see (its seat's submission). It moves
/// no game's count: a view of the game read before it is still right for every other reader,
/// and renewing it for them would let them time the secret action. Its own reader holds a view
/// only if the view was read after this ([`last_private`] ≤ the view's [`private_seq`]).
pub fn private_changed(account_id: i64) {
    PRIVATE.bump(account_id);
    record(Move::Private(account_id));
}

/// Where the order of bell changes stands now: read it before reading a session from the
/// database, and keep it with the session (see [`bell_changed`]).
pub fn bell_seq() -> u64 {
    BELLS.now()
}

/// Account `account_id`'s last bell change in that order (0: none counted).
pub fn last_bell(account_id: i64) -> u64 {
    BELLS.last(account_id)
}

/// Account `account_id`'s notifications changed (one added, or read). Only its own sessions
/// are read again: a notification is often news of a secret (a private result, a team's
/// reminder), and every other reader's session staying kept means no timing tells of it.
pub fn bell_changed(account_id: i64) {
    BELLS.bump(account_id);
    record(Move::Bell(account_id));
}

/// Whether a reader reads a kept view afresh because of its age alone (it is otherwise
/// current): within `life`, no; past it, the first reader does (`renewing` marks that one is),
/// and the others keep using the kept one until that reader has put the new one, for another
/// `life` at most. Without this, every request in flight read afresh at once when a view's life
/// ended (64 under the load script, each a few queries on PostgreSQL); while they waited, the
/// requests that found the new view kept each worker so busy that the waiting ones were held
/// for up to two seconds (a worker polls tasks woken from the blocking pool once in 31;
/// docs/benchmarks.md).
pub fn past_life(age: std::time::Duration, life: std::time::Duration, renewing: &mut bool) -> bool {
    if age < life {
        return false;
    }
    if age >= life * 2 || !*renewing {
        *renewing = true;
        return true;
    }
    false
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The counts are process-wide: a test that moves every game's (`all_games_changed`) would
    /// move the count another asserts stands, so these tests run one at a time. (They shared the
    /// server's larger test binary before; alone in the store's crate the race showed.)
    pub(crate) fn one_at_a_time() -> MutexGuard<'static, ()> {
        static SERIAL: Mutex<()> = Mutex::new(());
        SERIAL.lock().unwrap_or_else(|e| e.into_inner())
    }

    #[test]
    fn past_its_life_one_reader_renews_and_the_others_use_the_kept_view() {
        let _serial = one_at_a_time();
        let (life, s) = (
            std::time::Duration::from_secs(5),
            std::time::Duration::from_secs,
        );
        let mut renewing = false;
        assert!(!past_life(s(4), life, &mut renewing), "young");
        assert!(!renewing);
        assert!(past_life(s(5), life, &mut renewing), "the first renews");
        for _ in 0..3 {
            assert!(
                !past_life(s(6), life, &mut renewing),
                "the others use it meanwhile"
            );
        }
        assert!(
            past_life(s(10), life, &mut renewing),
            "twice its life: nobody uses it (a renewal that never came)"
        );
        assert!(past_life(s(11), life, &mut renewing));
    }

    #[test]
    fn a_write_transaction_moves_its_counts_again_when_it_ends() {
        let _serial = one_at_a_time();
        let t = 7_000_100;
        let before = thread(t);
        let inside = around_transaction(|| {
            thread_changed(t);
            // A reader now reads the database before the commit: it keeps its view under this.
            around_transaction(|| thread(t))
        });
        assert_ne!(inside, before, "moved with the write");
        assert_ne!(thread(t), inside, "and again once the transaction ended");
        let after = thread(t);
        thread_changed(t);
        assert_eq!(
            thread(t),
            after.wrapping_add(1),
            "outside a transaction, once"
        );
    }

    #[test]
    fn a_thread_count_moves_with_its_own_change_and_with_every_thread_change() {
        let _serial = one_at_a_time();
        // Other tests of this process may move counts too: only growth is asserted.
        let (a, b) = (7_000_001, 7_000_002 + 1024);
        let (a0, b0) = (thread(a), thread(b));
        thread_changed(a);
        assert_ne!(thread(a), a0);
        assert_eq!(
            thread(b),
            b0,
            "no other thread's count moves (no timing tells of it)"
        );
        let (a1, b1) = (thread(a), thread(b));
        all_threads_changed();
        assert_ne!(thread(a), a1);
        assert_ne!(thread(b), b1);
        let n = accounts();
        accounts_changed();
        assert!(accounts() > n);
    }

    #[test]
    fn a_private_change_moves_only_its_accounts_place_and_again_after_its_transaction() {
        let _serial = one_at_a_time();
        let (a, b, g) = (7_200_001, 7_200_002, 7_200_003);
        let game0 = game(g);
        let read = private_seq();
        assert!(last_private(a) <= read && last_private(b) <= read);
        let inside = around_transaction(|| {
            private_changed(a);
            last_private(a)
        });
        assert!(inside > read, "a view read before is not a's");
        assert!(
            last_private(a) > inside,
            "moved again once the transaction ended"
        );
        assert!(last_private(b) <= read, "b's view stands");
        assert_eq!(game(g), game0, "no game's count moves");
        let now = private_seq();
        assert!(last_private(a) <= now, "a view read now is a's too");
    }

    #[test]
    fn a_game_count_moves_with_its_own_change_only_and_again_after_its_transaction() {
        let _serial = one_at_a_time();
        let (a, b) = (7_100_001, 7_100_002);
        let (a0, b0) = (game(a), game(b));
        let inside = around_transaction(|| {
            game_changed(a);
            game(a)
        });
        assert_ne!(inside, a0);
        assert_ne!(game(a), inside, "moved again once the transaction ended");
        assert_eq!(game(b), b0, "no other game's count moves");
        assert_eq!(thread(a), thread(a), "threads are counted apart");
        let b1 = game(b);
        all_games_changed();
        assert_ne!(game(b), b1);
    }
}
