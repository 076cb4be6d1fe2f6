//! What the services and every handler share: the pool, the clock, the hasher, the limits and
//! the settings. No HTTP here: the web shell hands it to handlers as `web::Data<AppState>`.

use crate::auth::password::Hasher;
use crate::auth::ratelimit::SignInLimiter;
use crate::auth::throttle::WriteLimiter;
use crate::config::Settings;
use crate::db::{DbConnection, DbPool};
use crate::error::AppError;
use std::sync::Arc;

// The handles the shared state holds live beside it, below every service that uses it
// (docs/architecture.md); `game::clock`, `game::live_hub`, `forum::read_marks` and
// `mail::mailer` are still their names there.
pub mod clock;
pub mod deals;
pub mod live_hub;
pub mod mailer;
pub mod read_marks;

use clock::Clock;

#[derive(Clone)]
pub struct AppState {
    pub pool: DbPool,
    pub hasher: Hasher,
    pub limiter: SignInLimiter,
    /// Actions per seat and posts per account, per minute.
    pub throttle: WriteLimiter,
    pub settings: Settings,
    /// Now, as the game service sees it (a manual clock in tests).
    pub clock: Arc<dyn Clock>,
    /// Fired when the server stops: open live streams end at once.
    pub shutdown: Shutdown,
    /// One shared poll per open game for its live streams.
    pub live: live_hub::LiveHub,
    /// The mail sender, when the server has an SMTP address (`mail::`).
    pub mail: Option<Arc<mailer::Mailer>>,
    /// Sessions as lately read, for plain reads (`auth::session_cache`).
    pub sessions: crate::auth::session_cache::SessionCache,
    /// Read marks, moved in memory and written in batches (`forum::read_marks`).
    pub reads: read_marks::ReadMarks,
    /// Where deals draw their randomness: the OS, except in `maku seed` (`app::deals`).
    pub deals: Arc<deals::Deals>,
}

/// A signal fired once when the server stops. The live-update streams watch it: a graceful
/// stop waits for every open response, and an event stream never ends by itself, so without
/// it a stop with open game pages waited the whole shutdown timeout.
#[derive(Clone)]
pub struct Shutdown(Arc<tokio::sync::watch::Sender<bool>>);

impl Default for Shutdown {
    fn default() -> Self {
        Shutdown(Arc::new(tokio::sync::watch::channel(false).0))
    }
}

impl Shutdown {
    pub fn fire(&self) {
        self.0.send_replace(true);
    }

    pub fn is_fired(&self) -> bool {
        *self.0.borrow()
    }

    /// Resolves once the signal has fired (at once if it has already).
    pub async fn fired(&self) {
        let mut rx = self.0.subscribe();
        // The sender lives as long as `self`: `wait_for` cannot fail while we hold it.
        let _ = rx.wait_for(|fired| *fired).await;
    }
}

impl AppState {
    /// Runs `f` with a pooled connection on the blocking pool (diesel is synchronous).
    pub async fn db<T, F>(&self, f: F) -> Result<T, AppError>
    where
        F: FnOnce(&mut DbConnection) -> Result<T, AppError> + Send + 'static,
        T: Send + 'static,
    {
        let pool = self.pool.clone();
        tokio::task::spawn_blocking(move || {
            let waited = std::time::Instant::now();
            let mut conn = pool.get().map_err(|e| AppError::Internal(e.to_string()))?;
            metrics::histogram!(crate::telemetry::POOL_WAIT_SECONDS)
                .record(waited.elapsed().as_secs_f64());
            f(&mut conn)
        })
        .await
        .map_err(|e| AppError::Internal(e.to_string()))?
    }

    /// Like [`AppState::db`], inside a write transaction (`BEGIN IMMEDIATE` on SQLite).
    pub async fn write<T, F>(&self, f: F) -> Result<T, AppError>
    where
        F: FnOnce(&mut DbConnection) -> Result<T, AppError> + Send + 'static,
        T: Send + 'static,
    {
        self.db(move |conn| crate::db::write_tx(conn, f)).await
    }
}
