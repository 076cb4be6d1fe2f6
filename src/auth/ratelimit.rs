//! Sign-in attempts limited per client address and per account name (governor, GCRA).
//! Limits are per process; several instances each apply them.

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

#[derive(Clone)]
pub struct SignInLimiter {
    by_address: Arc<DefaultKeyedRateLimiter<String>>,
    by_account: Arc<DefaultKeyedRateLimiter<String>>,
}

/// Burst `burst`, then one more every `every`.
fn quota(burst: u32, every: Duration) -> Quota {
    let burst = NonZeroU32::new(burst.max(1)).unwrap_or(NonZeroU32::MIN);
    Quota::with_period(every)
        .unwrap_or_else(|| Quota::per_minute(NonZeroU32::MIN))
        .allow_burst(burst)
}

impl SignInLimiter {
    /// `per_address` and `per_account` attempts in a burst, refilled one per 12 s and 30 s.
    pub fn new(per_address: u32, per_account: u32) -> SignInLimiter {
        SignInLimiter {
            by_address: Arc::new(RateLimiter::keyed(quota(
                per_address,
                Duration::from_secs(12),
            ))),
            by_account: Arc::new(RateLimiter::keyed(quota(
                per_account,
                Duration::from_secs(30),
            ))),
        }
    }

    /// True when this attempt may go ahead; both keys are charged.
    pub fn check(&self, address: &str, account_key: &str) -> bool {
        let a = self.by_address.check_key(&address.to_string()).is_ok();
        let b = self.by_account.check_key(&account_key.to_string()).is_ok();
        a && b
    }

    /// Attempts that only name an address (registration).
    pub fn check_address(&self, address: &str) -> bool {
        self.by_address.check_key(&address.to_string()).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_per_account_and_per_address() {
        let l = SignInLimiter::new(100, 3);
        assert!(l.check("1.1.1.1", "alice"));
        assert!(l.check("2.2.2.2", "alice"));
        assert!(l.check("3.3.3.3", "alice"));
        assert!(!l.check("4.4.4.4", "alice"), "the account's burst is spent");
        assert!(l.check("4.4.4.4", "bob"));
        let l = SignInLimiter::new(2, 100);
        assert!(l.check("1.1.1.1", "a"));
        assert!(l.check("1.1.1.1", "b"));
        assert!(!l.check("1.1.1.1", "c"), "the address's burst is spent");
    }
}
