//! `maku serve`: run the forum server.

use super::{GlobalArgs, LogTo, init_tracing};
use crate::config::Settings;
use crate::startup::Application;
use std::process::ExitCode;

/// The server's flags: on `maku serve`, or on `maku` with no command. The database
/// URL and the log filter are [`GlobalArgs`], taken by every command.
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Server options (with `serve` or no command)")]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "MAKU_BIND", default_value = "127.0.0.1:8080")]
    pub bind: String,
    /// Mark session cookies Secure (serve over HTTPS, or behind a TLS proxy).
    #[arg(long, env = "MAKU_SECURE_COOKIES")]
    pub secure_cookies: bool,
    /// The address of a reverse proxy of yours (repeatable; the variable takes a comma-separated
    /// list): from it, the client address is the right-most X-Forwarded-For address that is not
    /// a proxy of yours. Unset: the client address is always the connection's peer.
    #[arg(
        long = "trusted-proxy",
        value_name = "ADDR",
        env = "MAKU_TRUSTED_PROXIES",
        value_delimiter = ','
    )]
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Database connections in the pool.
    #[arg(long, env = "MAKU_POOL_SIZE", default_value_t = 8)]
    pub pool_size: u32,
    /// HTTP worker threads (0 = one per core).
    #[arg(long, env = "MAKU_WORKERS", default_value_t = 0)]
    pub workers: usize,
    /// Days without a request after which a browser session ends.
    #[arg(long, env = "MAKU_SESSION_IDLE_DAYS", default_value_t = 30,
          value_parser = clap::value_parser!(u32).range(1..=3650))]
    pub session_idle_days: u32,
    /// Sign-in attempts per client address per hour (API tokens and game-ID logins included).
    #[arg(long, env = "MAKU_SIGN_IN_BURST", default_value_t = 30,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub sign_in_burst: u32,
    /// Sign-ups per client address per hour, counted apart from sign-ins.
    #[arg(long, env = "MAKU_SIGN_UP_BURST", default_value_t = 10,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub sign_up_burst: u32,
    /// The address readers use (`https://maku.example`); absolute links such as the Atom
    /// feeds' are built from it. Default: http:// and the bound address.
    #[arg(long, env = "MAKU_PUBLIC_URL", value_parser = crate::config::parse_public_url)]
    pub public_url: Option<String>,
    /// Actions one seat may submit per minute (0 = no limit).
    #[arg(long, env = "MAKU_ACTIONS_PER_MINUTE", default_value_t = 30)]
    pub actions_per_minute: u32,
    /// Posts and edits one account may make per minute (0 = no limit).
    #[arg(long, env = "MAKU_POSTS_PER_MINUTE", default_value_t = 10)]
    pub posts_per_minute: u32,
    /// Milliseconds a page is kept for readers without a session (0 = not kept): such a
    /// reader may see a page this old.
    #[arg(long, env = "MAKU_PAGE_CACHE_MS", default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub page_cache_ms: u64,
    /// Milliseconds a signed-in reader's session and the shared part of a thread page are
    /// trusted from memory (0 = read each time). Changes made through maku are seen at once
    /// (on PostgreSQL, those of every instance); this bounds what another process changed.
    #[arg(long, env = "MAKU_VIEW_CACHE_MS", default_value_t = 5000,
          value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub view_cache_ms: u64,
    /// The SMTP server to send mail through, e.g. `smtp://127.0.0.1:25`,
    /// `smtp://user:pass@mail.example:587?tls=required` (STARTTLS) or
    /// `smtps://user:pass@mail.example` (TLS). Unset: maku sends no mail.
    #[arg(long, env = "MAKU_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,
    /// The From of every mail, e.g. `maku <noreply@maku.example>`. Default: maku at the
    /// public URL's host.
    #[arg(long, env = "MAKU_MAIL_FROM")]
    pub mail_from: Option<String>,
    /// Serve Prometheus metrics at http://ADDR/metrics (e.g. 127.0.0.1:9464): an address of its
    /// own, for the operator's scraper only. Unset: no metrics.
    #[arg(long, env = "MAKU_METRICS_BIND")]
    pub metrics_bind: Option<String>,
}

impl ServeArgs {
    pub fn settings(&self, global: &GlobalArgs) -> Settings {
        let mut s = Settings::new(self.bind.clone(), global.database_url.clone());
        s.secure_cookies = self.secure_cookies;
        s.trusted_proxies = self.trusted_proxies.clone();
        s.pool_size = self.pool_size.max(1);
        s.workers = self.workers;
        s.session_idle_days = self.session_idle_days;
        s.sign_in_burst_per_address = self.sign_in_burst;
        s.sign_up_burst_per_address = self.sign_up_burst;
        s.public_url = self.public_url.clone();
        s.actions_per_minute = self.actions_per_minute;
        s.posts_per_minute = self.posts_per_minute;
        s.page_cache = std::time::Duration::from_millis(self.page_cache_ms);
        s.view_cache = std::time::Duration::from_millis(self.view_cache_ms);
        s.smtp_url = self.smtp_url.clone().map(crate::config::SmtpUrl);
        s.mail_from = self.mail_from.clone();
        s.metrics_bind = self.metrics_bind.clone();
        s
    }
}

pub fn run(args: &ServeArgs, global: &GlobalArgs) -> ExitCode {
    let _log = init_tracing(&global.log, LogTo::Stdout);
    let settings = args.settings(global);
    actix_web::rt::System::new().block_on(async move {
        let app = match Application::build(settings.clone()).await {
            Ok(app) => app,
            Err(e) => {
                eprintln!("maku: {e}");
                return ExitCode::FAILURE;
            }
        };
        if let Some(pw) = &app.admin_password {
            println!("Created the account `admin` with the password: {pw}");
            println!("(shown once; change it at /account/password)");
        }
        let host = settings
            .bind
            .rsplit_once(':')
            .map_or("127.0.0.1", |(h, _)| h);
        println!("maku listening on http://{host}:{}", app.port());
        match app.run_until_stopped().await {
            Ok(()) => {
                tracing::info!("stopped");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("maku: {e}");
                ExitCode::FAILURE
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::ServeArgs;
    use crate::cli::GlobalArgs;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        global: GlobalArgs,
        #[command(flatten)]
        args: ServeArgs,
    }

    fn settings(args: &[&str]) -> Result<crate::config::Settings, clap::Error> {
        let argv = std::iter::once("maku").chain(args.iter().copied());
        Cli::try_parse_from(argv).map(|c| c.args.settings(&c.global))
    }

    /// The idle time of sessions is a flag, 30 days unless set, at least one.
    #[test]
    fn session_idle_days_is_a_flag() {
        assert_eq!(settings(&[]).expect("defaults").session_idle_days, 30);
        let s = settings(&["--session-idle-days", "7"]).expect("parses");
        assert_eq!(s.session_idle(), chrono::Duration::days(7));
        assert!(settings(&["--session-idle-days", "0"]).is_err());
    }

    /// Pages are kept a second for readers without a session unless told otherwise;
    /// 0 keeps none, and more than a minute is refused.
    #[test]
    fn the_page_cache_time_is_a_flag() {
        use std::time::Duration;
        let d = settings(&[]).expect("defaults");
        assert_eq!(d.page_cache, Duration::from_secs(1));
        let off = settings(&["--page-cache-ms", "0"]).expect("parses");
        assert_eq!(off.page_cache, Duration::ZERO);
        let s = settings(&["--page-cache-ms", "250"]).expect("parses");
        assert_eq!(s.page_cache, Duration::from_millis(250));
        assert!(settings(&["--page-cache-ms", "60001"]).is_err());
        assert!(settings(&["--page-cache-ms", "-1"]).is_err());
    }

    /// The sign-in and sign-up budgets per address are flags.
    #[test]
    fn sign_in_and_sign_up_bursts_are_flags() {
        let d = settings(&[]).expect("defaults");
        assert_eq!(
            (d.sign_in_burst_per_address, d.sign_up_burst_per_address),
            (30, 10)
        );
        let s = settings(&["--sign-in-burst", "100", "--sign-up-burst", "500"]).expect("parses");
        assert_eq!(
            (s.sign_in_burst_per_address, s.sign_up_burst_per_address),
            (100, 500)
        );
        assert!(settings(&["--sign-up-burst", "0"]).is_err());
    }
}
