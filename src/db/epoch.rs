//! Counts of changes, per process, that the web shell's in-memory views depend on: a session's
//! account and bell (`auth::session_cache`), and the shared part of a thread's pages
//! (`web::fragments`). The queries that write those rows move the count, in the same call as
//! the write, so a reader on this instance never gets a view older than a write it could see;
//! on PostgreSQL the same moves reach every instance through `LISTEN` (`game::live_listen`),
//! and each view also has a short life of its own (a write by another process on SQLite, or
//! while the listener is away, shows within it).
//!
//! A count is moved before its transaction commits: a reader in between may keep what it read
//! then under the new count, until that view's own life ends. Counts only grow; a cache compares
//! the count it read *before* reading the database with the one now.
//!
//! The counts are global to the process: several servers in one process (the tests) only
//! make each other's views a little shorter-lived.

use std::sync::atomic::{AtomicU64, Ordering};

/// How many slots the threads' counts share (a thread's is its id modulo this): two threads in
/// one slot only renew each other's pages more often.
const THREAD_SLOTS: usize = 1024;

static ACCOUNTS: AtomicU64 = AtomicU64::new(0);
static ALL_THREADS: AtomicU64 = AtomicU64::new(0);
static THREADS: [AtomicU64; THREAD_SLOTS] = [const { AtomicU64::new(0) }; THREAD_SLOTS];

/// The count of changes to what a session resolves to (its end, its account's role, a seat
/// moved to a substitute) and to accounts' notifications.
pub fn accounts() -> u64 {
    ACCOUNTS.load(Ordering::SeqCst)
}

/// Something a cached session or its bell shows may have changed.
pub fn accounts_changed() {
    ACCOUNTS.fetch_add(1, Ordering::SeqCst);
}

fn slot(thread_id: i64) -> &'static AtomicU64 {
    &THREADS[thread_id.rem_euclid(THREAD_SLOTS as i64) as usize]
}

/// The count of changes to thread `thread_id`'s posts and row (and to every thread's, see
/// [`all_threads_changed`]).
pub fn thread(thread_id: i64) -> u64 {
    // Both halves only grow, so their sum moves whenever either does.
    ALL_THREADS
        .load(Ordering::SeqCst)
        .wrapping_add(slot(thread_id).load(Ordering::SeqCst))
}

/// Thread `thread_id` changed: a post, its row (lock, deletion, last post).
pub fn thread_changed(thread_id: i64) {
    slot(thread_id).fetch_add(1, Ordering::SeqCst);
}

/// A change whose thread is not at hand (an edit, a post hidden or restored, named by the
/// post), or that touches many (the listener reconnected): every thread's view renews.
pub fn all_threads_changed() {
    ALL_THREADS.fetch_add(1, Ordering::SeqCst);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thread_count_moves_with_its_own_change_and_with_every_thread_change() {
        // Other tests of this process may move counts too: only growth is asserted.
        let (a, b) = (7_000_001, 7_000_002);
        let a0 = thread(a);
        thread_changed(a);
        assert_ne!(thread(a), a0);
        let (a1, b1) = (thread(a), thread(b));
        all_threads_changed();
        assert_ne!(thread(a), a1);
        assert_ne!(thread(b), b1);
        let n = accounts();
        accounts_changed();
        assert!(accounts() > n);
    }
}
