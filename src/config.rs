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
    /// Sign-in attempts per address and per account before 429.
    pub sign_in_burst_per_address: u32,
    pub sign_in_burst_per_account: u32,
    /// HTTP worker threads (0 = one per core).
    pub workers: usize,
    /// Seconds between scheduler ticks (0 = no scheduler in this process).
    pub scheduler_secs: u64,
    /// Actions one seat may submit in a minute (0 = no limit).
    pub actions_per_minute: u32,
    /// Posts and edits one account may make in a minute (0 = no limit).
    pub posts_per_minute: u32,
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
            sign_in_burst_per_address: 20,
            sign_in_burst_per_account: 5,
            workers: 0,
            scheduler_secs: 5,
            actions_per_minute: 30,
            posts_per_minute: 10,
        }
    }
}
