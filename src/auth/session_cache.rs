//! Sessions read from memory: a signed-in reader's plain reads (`GET`) find the session's
//! account and unread count here instead of in the database, for a short, bounded life.
//!
//! An entry is trusted while all of these hold: it is younger than the cache's life (real
//! time) and than the same span on the service's clock (a test's manual clock moving hours
//! ends it, as it would end an idle session) — past it, one reader reads it afresh while the
//! others use it, for another life at most (`db::epoch::past_life`); and no change to sessions, accounts, seats or
//! notifications was counted since it was read (`db::epoch::accounts`, moved by the queries
//! that make those changes, and on PostgreSQL by every instance's). Writes (`POST`) always read
//! the database: a session ended elsewhere can at most still *read* for two lives of an entry,
//! never act. Only live sessions are kept; an unknown or ended one is looked up every time.

use crate::auth::account::Account;
use chrono::NaiveDateTime;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The most sessions kept at once; past it, the expired go, then all (a burst of new readers
/// costs one database read each, as without the cache).
const MOST: usize = 20_000;

/// What a session resolves to.
#[derive(Clone, Debug)]
pub struct Resolved {
    pub account: Account,
    /// Unread notifications (the bell).
    pub unread: i64,
}

/// Where the counts a session's entry depends on stood before it was read from the database
/// ([`ReadAt::now`]): sessions, roles and seats (`db::epoch::accounts`), and the order of
/// bell changes (`db::epoch::bell_seq`: an account's notifications renew its own sessions
/// only, so a notification, often news of a secret, times nothing for anyone else).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadAt {
    accounts: u64,
    bells: u64,
}

impl ReadAt {
    pub fn now() -> ReadAt {
        ReadAt {
            accounts: crate::db::epoch::accounts(),
            bells: crate::db::epoch::bell_seq(),
        }
    }
}

struct Entry {
    resolved: Resolved,
    at: Instant,
    clock_at: NaiveDateTime,
    read_at: ReadAt,
    /// A reader is reading it afresh because it is past its life (`db::epoch::past_life`).
    renewing: bool,
}

/// The sessions of one instance (all its workers).
#[derive(Clone)]
pub struct SessionCache {
    life: Duration,
    entries: Arc<Mutex<HashMap<String, Entry>>>,
}

impl SessionCache {
    /// A cache trusting each entry for `life` (zero: none is kept).
    pub fn new(life: Duration) -> SessionCache {
        SessionCache {
            life,
            entries: Arc::default(),
        }
    }

    fn entries(&self) -> std::sync::MutexGuard<'_, HashMap<String, Entry>> {
        self.entries.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The session `sid` as read at most a life ago, with no counted change since.
    pub fn get(&self, sid: &str, now: NaiveDateTime) -> Option<Resolved> {
        if self.life.is_zero() {
            return None;
        }
        let accounts = crate::db::epoch::accounts();
        let mut entries = self.entries();
        let e = entries.get_mut(sid)?;
        let unchanged = e.read_at.accounts == accounts
            && crate::db::epoch::last_bell(e.resolved.account.id) <= e.read_at.bells;
        // Its age by real time or by the service's clock, whichever is more.
        let age = match (now - e.clock_at).to_std() {
            Ok(on_clock) if now >= e.clock_at => on_clock.max(e.at.elapsed()),
            _ => return None,
        };
        (unchanged && !crate::db::epoch::past_life(age, self.life, &mut e.renewing))
            .then(|| e.resolved.clone())
    }

    /// Keeps what session `sid` resolved to, read from the database after the count was
    /// `read_at` (taken *before* the database: a change meanwhile makes it old at once).
    pub fn put(&self, sid: &str, read_at: ReadAt, now: NaiveDateTime, resolved: Resolved) {
        if self.life.is_zero() {
            return;
        }
        let mut entries = self.entries();
        if entries.len() >= MOST {
            let life = self.life;
            entries.retain(|_, e| e.at.elapsed() < life);
            if entries.len() >= MOST {
                entries.clear();
            }
        }
        entries.insert(
            sid.to_string(),
            Entry {
                resolved,
                at: Instant::now(),
                clock_at: now,
                read_at,
                renewing: false,
            },
        );
    }

    /// Forgets session `sid` (it signed out here).
    pub fn forget(&self, sid: &str) {
        self.entries().remove(sid);
    }

    /// Sessions kept now (tests).
    pub fn len(&self) -> usize {
        self.entries().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Role;

    fn resolved(unread: i64) -> Resolved {
        Resolved {
            account: Account {
                id: 1,
                name: "甲".into(),
                role: Role::Player,
                scope: None,
            },
            unread,
        }
    }

    fn t(h: u32) -> NaiveDateTime {
        chrono::NaiveDate::from_ymd_opt(2026, 12, 4)
            .and_then(|d| d.and_hms_opt(h, 0, 0))
            .expect("a time")
    }

    #[test]
    fn an_entry_lives_until_a_counted_change_or_the_clock_moves_past_its_life() {
        let cache = SessionCache::new(Duration::from_secs(60));
        let read_at = ReadAt::now();
        cache.put("s1", read_at, t(10), resolved(2));
        // Other tests of this process may count changes: read again until one is seen
        // unchanged, or see it dropped for the change.
        match cache.get("s1", t(10)) {
            Some(r) => assert_eq!(r.unread, 2),
            None => assert_ne!(ReadAt::now(), read_at),
        }
        assert!(cache.get("s2", t(10)).is_none(), "an unknown session");
        assert!(
            cache.get("s1", t(12)).is_none(),
            "two hours later on the clock"
        );
        assert!(cache.get("s1", t(9)).is_none(), "a clock moved back");
        cache.put("s1", ReadAt::now(), t(10), resolved(3));
        crate::db::epoch::accounts_changed();
        assert!(cache.get("s1", t(10)).is_none(), "a change was counted");
        // The bell: another account's moves nothing kept here; its own does.
        let mut other = resolved(3);
        other.account.id = 7_300_001;
        cache.put("s3", ReadAt::now(), t(10), other);
        crate::db::epoch::bell_changed(7_300_002);
        assert!(cache.get("s3", t(10)).is_some(), "another account's bell");
        crate::db::epoch::bell_changed(7_300_001);
        assert!(cache.get("s3", t(10)).is_none(), "its own bell");
        cache.forget("s1");
        cache.forget("s3");
        assert!(cache.is_empty());
    }

    #[test]
    fn a_cache_of_no_life_keeps_nothing() {
        let cache = SessionCache::new(Duration::ZERO);
        cache.put("s1", ReadAt::now(), t(10), resolved(1));
        assert!(cache.is_empty());
        assert!(cache.get("s1", t(10)).is_none());
    }
}
