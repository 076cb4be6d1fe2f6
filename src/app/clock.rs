//! Time as an input: the service asks a `Clock`, so tests can move time by hand.

use chrono::NaiveDateTime;
use std::sync::Mutex;

pub trait Clock: Send + Sync {
    /// Now, UTC.
    fn now(&self) -> NaiveDateTime;
}

pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> NaiveDateTime {
        chrono::Utc::now().naive_utc()
    }
}

/// A clock that moves only when told (tests).
pub struct ManualClock(Mutex<NaiveDateTime>);

impl ManualClock {
    pub fn new(start: NaiveDateTime) -> ManualClock {
        ManualClock(Mutex::new(start))
    }

    /// The current reading (the same as [`Clock::now`]).
    pub fn now_utc(&self) -> NaiveDateTime {
        self.now()
    }

    pub fn advance(&self, by: chrono::Duration) {
        if let Ok(mut t) = self.0.lock() {
            *t += by;
        }
    }
}

impl Clock for ManualClock {
    fn now(&self) -> NaiveDateTime {
        self.0.lock().map(|t| *t).unwrap_or_default()
    }
}
