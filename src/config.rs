//! One `Settings` value builds the whole app (the server, the CLI and the tests use it alike).

/// Everything the server needs to start.
#[derive(Debug, Clone)]
pub struct Settings {
    /// `host:port`; port 0 picks a free port (tests read the real one back).
    pub bind: String,
    pub database_url: String,
    /// Mark session cookies `Secure` (set when served over HTTPS).
    pub secure_cookies: bool,
    /// The operator's reverse proxies: when the TCP peer is one of them, the client address is
    /// the right-most address of `X-Forwarded-For` that is not (`web::viewer::client_ip`);
    /// empty: always the peer.
    pub trusted_proxies: Vec<std::net::IpAddr>,
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
    /// Actions one seat may submit in a minute (0 = no limit).
    pub actions_per_minute: u32,
    /// Posts and edits one account may make in a minute (0 = no limit).
    pub posts_per_minute: u32,
    /// Where readers reach the server (`https://maku.example`, no trailing slash): absolute
    /// links (Atom feeds) are built from it, never from the request's `Host` header. `None`:
    /// `http://` and the bound address.
    pub public_url: Option<String>,
    /// How often the live hub reads an open game's public mark (no flag: tests shorten it).
    pub live_poll: std::time::Duration,
    /// How long a page kept for readers without a session is served (`web::page_cache`);
    /// zero keeps none. Off here, so tests read their own writes at once; the server's flag
    /// defaults to a second.
    pub page_cache: std::time::Duration,
    /// How long a session's account and bell are trusted from memory by plain reads
    /// (`auth::session_cache`), and the shared part of a thread page (`web::fragments`);
    /// zero reads the database every time. A change made through this instance (or, on
    /// PostgreSQL, any instance) is seen at once either way.
    pub view_cache: std::time::Duration,
    /// The SMTP server mail leaves through (`mail::`); `None`: no mail at all.
    pub smtp_url: Option<SmtpUrl>,
    /// The `From` of every mail; `None`: `maku` at the public URL's host.
    pub mail_from: Option<String>,
    /// How often this process sends waiting mail and queues what is due (zero: never; another
    /// instance does). Mail queued by this process is sent at once either way.
    pub mail_poll: std::time::Duration,
    /// Where the Prometheus metrics are served (`host:port`, port 0: any free port); `None`:
    /// not at all.
    pub metrics_bind: Option<String>,
}

/// An SMTP URL; it may hold a password, so it never prints.
#[derive(Clone)]
pub struct SmtpUrl(pub String);

impl std::fmt::Debug for SmtpUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SmtpUrl(…)")
    }
}

impl Settings {
    pub fn new(bind: impl Into<String>, database_url: impl Into<String>) -> Settings {
        Settings {
            bind: bind.into(),
            database_url: database_url.into(),
            secure_cookies: false,
            trusted_proxies: Vec::new(),
            pool_size: 8,
            hash_concurrency: 2,
            sign_in_burst_per_address: 30,
            sign_in_burst_per_account: 5,
            sign_up_burst_per_address: 10,
            workers: 0,
            scheduler_secs: 5,
            sqlite_busy_timeout: crate::db::DEFAULT_BUSY_TIMEOUT,
            session_idle_days: 30,
            actions_per_minute: 30,
            posts_per_minute: 10,
            public_url: None,
            live_poll: std::time::Duration::from_secs(2),
            page_cache: std::time::Duration::ZERO,
            view_cache: std::time::Duration::from_secs(5),
            smtp_url: None,
            mail_from: None,
            mail_poll: std::time::Duration::from_secs(5),
            metrics_bind: None,
        }
    }

    /// The idle time after which a session ends.
    pub fn session_idle(&self) -> chrono::Duration {
        chrono::Duration::days(i64::from(self.session_idle_days.max(1)))
    }

    /// The public base URL: the configured one, else `http://` and the bind address (a
    /// wildcard host as `localhost`).
    pub fn public_base(&self) -> String {
        if let Some(u) = &self.public_url {
            return u.clone();
        }
        let (host, port) = self
            .bind
            .rsplit_once(':')
            .unwrap_or((self.bind.as_str(), "80"));
        let host = match host {
            "" | "0.0.0.0" | "[::]" | "::" => "localhost",
            h => h,
        };
        format!("http://{host}:{port}")
    }
}

/// Checks a `--public-url`: an absolute `http`/`https` URL with a host and no query or
/// fragment; returned without its trailing slash.
pub fn parse_public_url(raw: &str) -> Result<String, String> {
    let u = url::Url::parse(raw.trim()).map_err(|e| format!("not a URL: {e}"))?;
    if !matches!(u.scheme(), "http" | "https") || u.host_str().is_none() {
        return Err("the public URL must be http:// or https:// with a host".into());
    }
    if u.query().is_some() || u.fragment().is_some() || !u.username().is_empty() {
        return Err("the public URL takes no query, fragment or user".into());
    }
    Ok(u.as_str().trim_end_matches('/').to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_urls_are_checked_and_defaulted() {
        assert_eq!(
            parse_public_url("https://maku.example/forum/").as_deref(),
            Ok("https://maku.example/forum")
        );
        assert_eq!(
            parse_public_url("https://maku.example").as_deref(),
            Ok("https://maku.example")
        );
        assert!(parse_public_url("maku.example").is_err());
        assert!(parse_public_url("ftp://maku.example").is_err());
        assert!(parse_public_url("https://maku.example/?x=1").is_err());
        let mut s = Settings::new("0.0.0.0:8080", "maku.db");
        assert_eq!(s.public_base(), "http://localhost:8080");
        s.bind = "127.0.0.1:9000".into();
        assert_eq!(s.public_base(), "http://127.0.0.1:9000");
        s.public_url = Some("https://maku.example".into());
        assert_eq!(s.public_base(), "https://maku.example");
    }
}
