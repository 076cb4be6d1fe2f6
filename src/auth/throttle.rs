//! Write limits: actions per seat and posts per account, each per minute (GCRA: a burst, refilled
//! evenly). Every accepted or refused action and every post is kept forever (the log, the
//! revisions), so a flood must be stopped before it is written.
//!
//! Kept like the sign-in limits (`ratelimit`): in this process's memory on SQLite (governor),
//! and in the database on PostgreSQL, so the instances sharing it charge one budget per seat
//! and per account. A charge runs before the service's write transaction opens, never inside
//! it: on PostgreSQL it takes a connection of its own.

use crate::auth::ratelimit::{Limit, SharedLimits, bucket};
use crate::error::AppError;
use governor::Quota;
use std::num::NonZeroU32;
use std::time::Duration;

#[derive(Clone)]
pub struct WriteLimiter {
    /// Keyed by (game, account): a seat's account and its game-ID login share one account id.
    actions: Option<Limit<(i64, i64)>>,
    /// Keyed by account: new threads, replies, edits and game-thread posts.
    posts: Option<Limit<i64>>,
    /// The database keeping the budgets (PostgreSQL); `None`: this process's memory.
    shared: Option<SharedLimits>,
}

/// `n` at once, refilled evenly over a minute; `None` for 0 (no limit).
fn per_minute<K: std::hash::Hash + Eq + Clone>(n: u32) -> Option<Limit<K>> {
    NonZeroU32::new(n).map(|n| Limit::new(Quota::per_minute(n)))
}

/// The refusal, with the wait in whole seconds rounded up: retrying at once would be refused
/// again.
fn too_fast(wait: Duration) -> AppError {
    let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    AppError::TooFast(secs.max(1))
}

impl WriteLimiter {
    /// `actions` per seat and `posts` per account a minute (0: unlimited), kept in this process
    /// until [`WriteLimiter::shared_in`].
    pub fn new(actions: u32, posts: u32) -> WriteLimiter {
        WriteLimiter {
            actions: per_minute(actions),
            posts: per_minute(posts),
            shared: None,
        }
    }

    /// The same limits, kept in `shared` when there is one (PostgreSQL).
    pub fn shared_in(self, shared: Option<SharedLimits>) -> WriteLimiter {
        WriteLimiter { shared, ..self }
    }

    /// Charges one to `limit`'s `key` (`bucket` in the shared store); `TooFast` with the wait
    /// when over.
    async fn charge<K: std::hash::Hash + Eq + Clone>(
        &self,
        limit: &Option<Limit<K>>,
        key: K,
        bucket: impl FnOnce() -> String,
    ) -> Result<(), AppError> {
        let Some(limit) = limit else {
            return Ok(());
        };
        let wait = match &self.shared {
            None => limit.charge_here(&key),
            Some(shared) => shared
                .charge(vec![(bucket(), limit.quota())])
                .await?
                .into_iter()
                .flatten()
                .next(),
        };
        wait.map_or(Ok(()), |w| Err(too_fast(w)))
    }

    /// Charges one action of `account` in `game`; `TooFast` with the wait when over.
    pub async fn action(&self, game: i64, account: i64) -> Result<(), AppError> {
        let key = || bucket("action", &format!("{game}:{account}"));
        self.charge(&self.actions, (game, account), key).await
    }

    /// Charges one post (or edit) of `account`.
    pub async fn post(&self, account: i64) -> Result<(), AppError> {
        let key = || bucket("post", &account.to_string());
        self.charge(&self.posts, account, key).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn limits_per_seat_and_per_account_with_a_wait() {
        let l = WriteLimiter::new(2, 1);
        assert!(l.action(1, 7).await.is_ok());
        assert!(l.action(1, 7).await.is_ok());
        match l.action(1, 7).await {
            Err(AppError::TooFast(secs)) => assert!((1..=30).contains(&secs), "{secs}"),
            other => panic!("{other:?}"),
        }
        assert!(l.action(2, 7).await.is_ok(), "another game is another seat");
        assert!(l.action(1, 8).await.is_ok(), "another seat");
        assert!(l.post(7).await.is_ok());
        assert!(matches!(l.post(7).await, Err(AppError::TooFast(_))));
        let free = WriteLimiter::new(0, 0);
        for _ in 0..1000 {
            assert!(free.action(1, 1).await.is_ok() && free.post(1).await.is_ok());
        }
    }

    #[test]
    fn waits_are_whole_seconds_rounded_up() {
        let secs = |d| match too_fast(d) {
            AppError::TooFast(s) => s,
            other => panic!("{other:?}"),
        };
        assert_eq!(secs(Duration::from_millis(19_001)), 20);
        assert_eq!(secs(Duration::from_secs(20)), 20);
        assert_eq!(secs(Duration::ZERO), 1);
    }
}
