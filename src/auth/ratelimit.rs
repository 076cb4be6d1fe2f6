//! Sign-in attempts limited per client address and per account name, and sign-ups per
//! address in a budget of their own (governor, GCRA). Limits are per process; several
//! instances each apply them.

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

#[derive(Clone)]
pub struct SignInLimiter {
    by_address: Arc<DefaultKeyedRateLimiter<String>>,
    by_account: Arc<DefaultKeyedRateLimiter<String>>,
    /// Sign-ups: a school's or a game night's sign-ups do not use up its sign-ins.
    sign_ups: Arc<DefaultKeyedRateLimiter<String>>,
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
    /// every 30 s.
    pub fn new(sign_ins_per_hour: u32, per_account: u32, sign_ups_per_hour: u32) -> SignInLimiter {
        SignInLimiter {
            by_address: Arc::new(RateLimiter::keyed(hourly(sign_ins_per_hour))),
            by_account: Arc::new(RateLimiter::keyed(quota(
                per_account,
                Duration::from_secs(30),
            ))),
            sign_ups: Arc::new(RateLimiter::keyed(hourly(sign_ups_per_hour))),
        }
    }

    /// True when this attempt may go ahead; both keys are charged.
    pub fn check(&self, address: &str, account_key: &str) -> bool {
        let a = self.by_address.check_key(&address.to_string()).is_ok();
        let b = self.by_account.check_key(&account_key.to_string()).is_ok();
        a && b
    }

    /// A sign-up from `address` (counted apart from sign-ins).
    pub fn check_sign_up(&self, address: &str) -> bool {
        self.sign_ups.check_key(&address.to_string()).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_per_account_and_per_address() {
        let l = SignInLimiter::new(100, 3, 100);
        assert!(l.check("1.1.1.1", "alice"));
        assert!(l.check("2.2.2.2", "alice"));
        assert!(l.check("3.3.3.3", "alice"));
        assert!(!l.check("4.4.4.4", "alice"), "the account's burst is spent");
        assert!(l.check("4.4.4.4", "bob"));
        let l = SignInLimiter::new(2, 100, 100);
        assert!(l.check("1.1.1.1", "a"));
        assert!(l.check("1.1.1.1", "b"));
        assert!(!l.check("1.1.1.1", "c"), "the address's burst is spent");
    }

    /// Sign-ups have their own budget per address; spending one leaves the
    /// other whole.
    #[test]
    fn sign_ups_are_counted_apart_from_sign_ins() {
        let l = SignInLimiter::new(2, 100, 3);
        for _ in 0..3 {
            assert!(l.check_sign_up("1.1.1.1"));
        }
        assert!(!l.check_sign_up("1.1.1.1"), "the sign-up burst is spent");
        assert!(l.check_sign_up("2.2.2.2"), "another address");
        assert!(l.check("1.1.1.1", "a"), "sign-ins are untouched");
        assert!(l.check("1.1.1.1", "b"));
        assert!(!l.check("1.1.1.1", "c"));
        assert!(l.check_sign_up("2.2.2.2"), "sign-ins do not spend sign-ups");
    }

    #[test]
    fn hourly_quotas_refill_over_the_hour() {
        assert_eq!(hourly(10).replenish_interval(), Duration::from_secs(360));
        assert_eq!(hourly(10).burst_size().get(), 10);
        assert_eq!(hourly(0).burst_size().get(), 1);
    }
}
