//! Time, injectable: the table never reads the system clock directly, so
//! tests and the console can move time forward to reach deadlines.

use std::sync::atomic::{AtomicI64, Ordering};

/// A source of the current time, in unix seconds.
pub trait Clock: Send + Sync + 'static {
    /// Now, in unix seconds.
    fn now(&self) -> i64;
}

/// The real clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
            .unwrap_or(0)
    }
}

/// A clock that only moves when told to (tests, the console's `wait`).
#[derive(Debug, Default)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    /// A clock showing `now`.
    pub fn new(now: i64) -> Self {
        ManualClock(AtomicI64::new(now))
    }
    /// Moves the clock forward by `seconds`.
    pub fn advance(&self, seconds: i64) {
        self.0.fetch_add(seconds, Ordering::SeqCst);
    }
    /// Sets the time.
    pub fn set(&self, now: i64) {
        self.0.store(now, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}
