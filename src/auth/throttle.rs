//! Write limits: actions per seat and posts per account, each per minute (governor, GCRA).
//! Every accepted or refused action and every post is kept forever (the log, the revisions), so a
//! flood must be stopped before it is written. Limits are per process, like the sign-in limits.

use crate::error::AppError;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::hash::Hash;
use std::num::NonZeroU32;
use std::sync::Arc;

#[derive(Clone)]
pub struct WriteLimiter {
    /// Keyed by (game, account): a seat's account and its game-ID login share one account id.
    actions: Option<Arc<DefaultKeyedRateLimiter<(i64, i64)>>>,
    /// Keyed by account: new threads, replies, edits and game-thread posts.
    posts: Option<Arc<DefaultKeyedRateLimiter<i64>>>,
}

/// `n` at once, refilled evenly over a minute; `None` for 0 (no limit).
fn per_minute<K: Hash + Eq + Clone>(n: u32) -> Option<Arc<DefaultKeyedRateLimiter<K>>> {
    NonZeroU32::new(n).map(|n| Arc::new(RateLimiter::keyed(Quota::per_minute(n))))
}

fn charge<K: Hash + Eq + Clone>(
    limiter: &Option<Arc<DefaultKeyedRateLimiter<K>>>,
    key: K,
) -> Result<(), AppError> {
    let Some(l) = limiter else {
        return Ok(());
    };
    l.check_key(&key).map_err(|not_until| {
        let wait = not_until.wait_time_from(DefaultClock::default().now());
        // Whole seconds, rounded up: retrying at once would be refused again.
        let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        AppError::TooFast(secs.max(1))
    })
}

impl WriteLimiter {
    /// `actions` per seat and `posts` per account a minute (0: unlimited).
    pub fn new(actions: u32, posts: u32) -> WriteLimiter {
        WriteLimiter {
            actions: per_minute(actions),
            posts: per_minute(posts),
        }
    }

    /// Charges one action of `account` in `game`; `TooFast` with the wait when over.
    pub fn action(&self, game: i64, account: i64) -> Result<(), AppError> {
        charge(&self.actions, (game, account))
    }

    /// Charges one post (or edit) of `account`.
    pub fn post(&self, account: i64) -> Result<(), AppError> {
        charge(&self.posts, account)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_per_seat_and_per_account_with_a_wait() {
        let l = WriteLimiter::new(2, 1);
        assert!(l.action(1, 7).is_ok());
        assert!(l.action(1, 7).is_ok());
        match l.action(1, 7) {
            Err(AppError::TooFast(secs)) => assert!((1..=30).contains(&secs), "{secs}"),
            other => panic!("{other:?}"),
        }
        assert!(l.action(2, 7).is_ok(), "another game is another seat");
        assert!(l.action(1, 8).is_ok(), "another seat");
        assert!(l.post(7).is_ok());
        assert!(matches!(l.post(7), Err(AppError::TooFast(_))));
        let free = WriteLimiter::new(0, 0);
        for _ in 0..1000 {
            assert!(free.action(1, 1).is_ok() && free.post(1).is_ok());
        }
    }
}
