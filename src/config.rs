//! One `Settings` value builds the whole app (the server, the CLI and the tests use it alike).

/// Everything the server needs to start.
#[derive(Debug, Clone)]
pub struct Settings {
    /// `host:port`; port 0 picks a free port (tests read the real one back).
    pub bind: String,
    pub database_url: String,
    /// Mark session cookies `Secure` (set when served over HTTPS).
    pub secure_cookies: bool,
    /// Take the client address from `X-Forwarded-For` (only behind a trusted proxy).
    pub trust_proxy: bool,
    pub pool_size: u32,
    /// Concurrent argon2 hashes (each ~19 MiB).
    pub hash_concurrency: usize,
    /// Sign-in attempts per address per hour (a burst, refilled over the hour) before 429.
    pub sign_in_burst_per_address: u32,
    /// Sign-in attempts per account name before 429 (one more every 30 s).
    pub sign_in_burst_per_account: u32,
    /// Sign-ups per address per hour, counted apart from sign-ins.
    pub sign_up_burst_per_address: u32,
    /// HTTP worker threads (0 = one per core).
    pub workers: usize,
    /// Seconds between scheduler ticks (0 = no scheduler in this process).
    pub scheduler_secs: u64,
    /// How long an SQLite statement waits for another connection's write lock; a write still
    /// locked out after a few such waits answers 503 (several instances need PostgreSQL).
    pub sqlite_busy_timeout: std::time::Duration,
    /// A browser session unused this many days ends (checked on the server, not the cookie).
    pub session_idle_days: u32,
}

impl Settings {
    pub fn new(bind: impl Into<String>, database_url: impl Into<String>) -> Settings {
        Settings {
            bind: bind.into(),
            database_url: database_url.into(),
            secure_cookies: false,
            trust_proxy: false,
            pool_size: 8,
            hash_concurrency: 2,
            sign_in_burst_per_address: 30,
            sign_in_burst_per_account: 5,
            sign_up_burst_per_address: 10,
            workers: 0,
            scheduler_secs: 5,
            sqlite_busy_timeout: crate::db::DEFAULT_BUSY_TIMEOUT,
            session_idle_days: 30,
        }
    }

    /// The idle time after which a session ends.
    pub fn session_idle(&self) -> chrono::Duration {
        chrono::Duration::days(i64::from(self.session_idle_days.max(1)))
    }
}
