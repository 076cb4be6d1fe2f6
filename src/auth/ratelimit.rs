//! Sign-in attempts limited per client address and per account name, and sign-ups per address
//! in a budget of their own (GCRA: a burst, refilled evenly).
//!
//! Where the budgets are kept depends on the database. On SQLite governor keeps them in this
//! process's memory: an SQLite database has one process (several instances need PostgreSQL).
//! On PostgreSQL they are kept in the database ([`SharedLimits`], the `rate_limits` table, one
//! atomic statement per charge), so every instance sharing it charges the same budgets: three
//! instances do not triple a limit. The quotas and their meaning are the same either way. The
//! write limits (`throttle`) are kept the same way.

use crate::auth::tokens::sha256_hex;
use crate::db::DbPool;
use crate::db::queries::limits::{self, Gcra};
use crate::error::AppError;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::hash::Hash;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

#[derive(Clone)]
pub struct SignInLimiter {
    by_address: Limit<String>,
    by_account: Limit<String>,
    /// Sign-ups: a school's or a game night's sign-ups do not use up its sign-ins.
    sign_ups: Limit<String>,
    /// The database keeping the budgets (PostgreSQL); `None`: this process's memory.
    shared: Option<SharedLimits>,
}

/// One budget per key: its quota, and governor's keys for when the budgets are kept in this
/// process (left empty when they are shared).
#[derive(Clone)]
pub(crate) struct Limit<K: Hash + Eq + Clone> {
    quota: Quota,
    here: Arc<DefaultKeyedRateLimiter<K>>,
}

impl<K: Hash + Eq + Clone> Limit<K> {
    pub(crate) fn new(quota: Quota) -> Limit<K> {
        Limit {
            quota,
            here: Arc::new(RateLimiter::keyed(quota)),
        }
    }

    pub(crate) fn quota(&self) -> Quota {
        self.quota
    }

    /// Charges one to `key` in this process: `None` when allowed, or the wait until it would be.
    pub(crate) fn charge_here(&self, key: &K) -> Option<Duration> {
        self.here
            .check_key(key)
            .err()
            .map(|not_until| not_until.wait_time_from(DefaultClock::default().now()))
    }
}

/// The budgets of every instance, kept in the PostgreSQL database they share.
#[derive(Clone)]
pub struct SharedLimits {
    pool: DbPool,
}

impl SharedLimits {
    /// Budgets kept in `pool`'s database, which must be PostgreSQL.
    pub fn new(pool: DbPool) -> SharedLimits {
        SharedLimits { pool }
    }

    /// Charges one to each `(bucket, quota)`, in order, each in its own atomic statement; for
    /// each, `None` when allowed or the wait until it would be. The statements run on the
    /// blocking pool with a connection of their own, as `AppState::db` runs them (the state is
    /// built from this module, so calling it here would be an import cycle), and never inside
    /// a transaction: every caller charges before its write transaction opens.
    ///
    /// `now` is the wall clock, not the game services' clock: the limits count real requests in
    /// real time, as governor does in memory, and every instance must read one time against a
    /// shared arrival time. The game clock belongs to one instance (a hand-set clock in tests,
    /// where two instances may stand hours apart) and would give each instance its own meaning
    /// of a key's row. Instances' wall clocks are kept in step (NTP); a skew of s seconds
    /// moves a wait by at most s.
    pub(crate) async fn charge(
        &self,
        charges: Vec<(String, Quota)>,
    ) -> Result<Vec<Option<Duration>>, AppError> {
        let pool = self.pool.clone();
        let now = crate::db::queries::now();
        tokio::task::spawn_blocking(move || {
            let mut c = pool.get().map_err(|e| AppError::Internal(e.to_string()))?;
            charges
                .iter()
                .map(|(bucket, quota)| {
                    let wait = limits::charge(&mut c, bucket, now, gcra(*quota))?;
                    Ok(wait.map(|w| w.to_std().unwrap_or_default()))
                })
                .collect()
        })
        .await
        .map_err(|e| AppError::Internal(e.to_string()))?
    }
}

/// The same quota as the database charges it.
fn gcra(quota: Quota) -> Gcra {
    Gcra {
        every: chrono::TimeDelta::from_std(quota.replenish_interval())
            .unwrap_or(chrono::TimeDelta::MAX),
        burst: quota.burst_size().get(),
    }
}

/// A key of the shared store: `kind:key` (`signin-addr:1.2.3.4`, `post:7`). A long key (an
/// account name is what the client typed) is replaced by its SHA-256, so a row stays small.
pub(crate) fn bucket(kind: &str, key: &str) -> String {
    if key.len() <= 64 {
        format!("{kind}:{key}")
    } else {
        format!("{kind}:#{}", sha256_hex(key))
    }
}

/// Burst `burst`, then one more every `every`.
fn quota(burst: u32, every: Duration) -> Quota {
    let burst = NonZeroU32::new(burst.max(1)).unwrap_or(NonZeroU32::MIN);
    Quota::with_period(every)
        .unwrap_or_else(|| Quota::per_minute(NonZeroU32::MIN))
        .allow_burst(burst)
}

/// `per_hour` at once, then refilled evenly over the hour.
fn hourly(per_hour: u32) -> Quota {
    let per_hour = per_hour.max(1);
    quota(per_hour, Duration::from_secs(3600) / per_hour)
}

impl SignInLimiter {
    /// Per address: `sign_ins_per_hour` sign-in attempts and `sign_ups_per_hour` sign-ups, each
    /// a burst refilled over the hour; per account name: `per_account` attempts, one more
    /// every 30 s. Kept in this process until [`SignInLimiter::shared_in`].
    pub fn new(sign_ins_per_hour: u32, per_account: u32, sign_ups_per_hour: u32) -> SignInLimiter {
        SignInLimiter {
            by_address: Limit::new(hourly(sign_ins_per_hour)),
            by_account: Limit::new(quota(per_account, Duration::from_secs(30))),
            sign_ups: Limit::new(hourly(sign_ups_per_hour)),
            shared: None,
        }
    }

    /// The same limits, kept in `shared` when there is one (PostgreSQL).
    pub fn shared_in(self, shared: Option<SharedLimits>) -> SignInLimiter {
        SignInLimiter { shared, ..self }
    }

    /// True when this attempt may go ahead; both keys are charged.
    pub async fn check(&self, address: &str, account_key: &str) -> Result<bool, AppError> {
        let Some(shared) = &self.shared else {
            let a = self.by_address.charge_here(&address.to_string()).is_none();
            let b = self
                .by_account
                .charge_here(&account_key.to_string())
                .is_none();
            return Ok(a && b);
        };
        let waits = shared
            .charge(vec![
                (bucket("signin-addr", address), self.by_address.quota()),
                (bucket("signin-acct", account_key), self.by_account.quota()),
            ])
            .await?;
        Ok(waits.iter().all(Option::is_none))
    }

    /// A sign-up from `address` (counted apart from sign-ins).
    pub async fn check_sign_up(&self, address: &str) -> Result<bool, AppError> {
        let Some(shared) = &self.shared else {
            return Ok(self.sign_ups.charge_here(&address.to_string()).is_none());
        };
        let waits = shared
            .charge(vec![(bucket("signup", address), self.sign_ups.quota())])
            .await?;
        Ok(waits.iter().all(Option::is_none))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn ok(l: &SignInLimiter, address: &str, key: &str) -> bool {
        l.check(address, key).await.expect("kept in memory")
    }

    async fn sign_up(l: &SignInLimiter, address: &str) -> bool {
        l.check_sign_up(address).await.expect("kept in memory")
    }

    #[tokio::test]
    async fn limits_per_account_and_per_address() {
        let l = SignInLimiter::new(100, 3, 100);
        assert!(ok(&l, "1.1.1.1", "alice").await);
        assert!(ok(&l, "2.2.2.2", "alice").await);
        assert!(ok(&l, "3.3.3.3", "alice").await);
        assert!(
            !ok(&l, "4.4.4.4", "alice").await,
            "the account's burst is spent"
        );
        assert!(ok(&l, "4.4.4.4", "bob").await);
        let l = SignInLimiter::new(2, 100, 100);
        assert!(ok(&l, "1.1.1.1", "a").await);
        assert!(ok(&l, "1.1.1.1", "b").await);
        assert!(
            !ok(&l, "1.1.1.1", "c").await,
            "the address's burst is spent"
        );
    }

    /// Sign-ups have their own budget per address; spending one leaves the
    /// other whole.
    #[tokio::test]
    async fn sign_ups_are_counted_apart_from_sign_ins() {
        let l = SignInLimiter::new(2, 100, 3);
        for _ in 0..3 {
            assert!(sign_up(&l, "1.1.1.1").await);
        }
        assert!(!sign_up(&l, "1.1.1.1").await, "the sign-up burst is spent");
        assert!(sign_up(&l, "2.2.2.2").await, "another address");
        assert!(ok(&l, "1.1.1.1", "a").await, "sign-ins are untouched");
        assert!(ok(&l, "1.1.1.1", "b").await);
        assert!(!ok(&l, "1.1.1.1", "c").await);
        assert!(
            sign_up(&l, "2.2.2.2").await,
            "sign-ins do not spend sign-ups"
        );
    }

    #[test]
    fn hourly_quotas_refill_over_the_hour() {
        assert_eq!(hourly(10).replenish_interval(), Duration::from_secs(360));
        assert_eq!(hourly(10).burst_size().get(), 10);
        assert_eq!(hourly(0).burst_size().get(), 1);
    }

    /// The database charges governor's quotas: T is the refill interval, B the burst.
    #[test]
    fn the_shared_store_charges_the_same_quotas() {
        let g = gcra(hourly(10));
        assert_eq!(g.every, chrono::TimeDelta::seconds(360));
        assert_eq!(g.burst, 10);
        let g = gcra(quota(5, Duration::from_secs(30)));
        assert_eq!(g.every, chrono::TimeDelta::seconds(30));
        assert_eq!(g.burst, 5);
    }

    #[test]
    fn long_keys_are_hashed_into_small_buckets() {
        assert_eq!(bucket("signin-addr", "1.2.3.4"), "signin-addr:1.2.3.4");
        let long = bucket("signin-acct", &"a".repeat(5000));
        assert!(
            long.starts_with("signin-acct:#") && long.len() < 100,
            "{long}"
        );
    }
}
