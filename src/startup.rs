//! Builds the whole application from one [`Settings`]: database, state, HTTP server.
//! Tests start it on port 0 with a fresh database and read the real port back.

use crate::app::AppState;
use crate::auth::password::Hasher;
use crate::auth::ratelimit::SignInLimiter;
use crate::auth::throttle::WriteLimiter;
use crate::auth::tokens::random_token;
use crate::config::Settings;
use crate::db;
use crate::db::queries::keys;
use crate::error::AppError;
use crate::forum::accounts::bootstrap_admin;
use crate::game::{Clock, SystemClock};
use crate::web;
use actix_session::SessionMiddleware;
use actix_session::storage::CookieSessionStore;
use actix_web::cookie::{Key, SameSite};
use actix_web::dev::{Server, ServerHandle};
use actix_web::middleware::{Compress, DefaultHeaders, from_fn};
use actix_web::{App, HttpServer};
use std::net::TcpListener;
use std::sync::Arc;

#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Db(#[from] db::DbError),
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: String,
        source: std::io::Error,
    },
    #[error("start-up: {0}")]
    App(#[from] AppError),
    #[error("start-up: {0}")]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Mail(#[from] crate::mail::MailConfigError),
}

/// Opens the database (migrating it) and builds the shared state.
pub async fn state(settings: &Settings) -> Result<AppState, StartError> {
    state_with_clock(settings, Arc::new(SystemClock)).await
}

pub async fn state_with_clock(
    settings: &Settings,
    clock: Arc<dyn Clock>,
) -> Result<AppState, StartError> {
    let url = settings.database_url.clone();
    let size = settings.pool_size;
    let busy = settings.sqlite_busy_timeout;
    let pool = tokio::task::spawn_blocking(move || db::connect_with(&url, size, busy))
        .await
        .map_err(|e| StartError::App(AppError::Internal(e.to_string())))??;
    // Accounts made before names had a confusable key get one (a no-op once done).
    let p = pool.clone();
    tokio::task::spawn_blocking(move || {
        let mut c = p.get().map_err(|e| AppError::Internal(e.to_string()))?;
        crate::db::queries::users::backfill_name_keys(&mut c).map_err(AppError::from)?;
        // The judges' own setups the stored games play get their handles before any page
        // asks for a game by its variant's name (records, notifications, lists).
        crate::game::setups::make_handles(&mut c)
    })
    .await
    .map_err(|e| StartError::App(AppError::Internal(e.to_string())))??;
    let mail = match &settings.smtp_url {
        Some(url) => {
            let from = settings
                .mail_from
                .clone()
                .unwrap_or_else(|| crate::mail::default_from(&settings.public_base()));
            let words = Arc::new(web::mail_text::MailWords);
            Some(Arc::new(crate::mail::Mailer::new(&url.0, &from, words)?))
        }
        None => None,
    };
    // On PostgreSQL the limits are kept in the database: every instance charges one budget.
    let postgres = matches!(
        db::DbUrl::parse(&settings.database_url),
        Ok(db::DbUrl::Postgres(_))
    );
    let shared = postgres.then(|| crate::auth::ratelimit::SharedLimits::new(pool.clone()));
    Ok(AppState {
        mail,
        pool,
        hasher: Hasher::new(settings.hash_concurrency),
        limiter: SignInLimiter::new(
            settings.sign_in_burst_per_address,
            settings.sign_in_burst_per_account,
            settings.sign_up_burst_per_address,
        )
        .shared_in(shared.clone()),
        throttle: WriteLimiter::new(settings.actions_per_minute, settings.posts_per_minute)
            .shared_in(shared),
        settings: settings.clone(),
        clock,
        shutdown: crate::app::Shutdown::default(),
        live: crate::game::live_hub::LiveHub::default(),
        sessions: crate::auth::session_cache::SessionCache::new(settings.view_cache),
        reads: crate::forum::read_marks::ReadMarks::default(),
        deals: Arc::new(crate::app::deals::Deals::Os),
    })
}

pub struct Application {
    port: u16,
    server: Server,
    stopper: Stopper,
    /// The first admin's password, when this start created it.
    pub admin_password: Option<String>,
    pub state: AppState,
}

impl Application {
    pub async fn build(settings: Settings) -> Result<Application, StartError> {
        Self::build_with_clock(settings, Arc::new(SystemClock)).await
    }

    /// Like [`Application::build`] with a given clock (tests move time by hand).
    pub async fn build_with_clock(
        settings: Settings,
        clock: Arc<dyn Clock>,
    ) -> Result<Application, StartError> {
        let mut state = state_with_clock(&settings, clock).await?;
        let admin_password = bootstrap_admin(&state).await?;
        // The cookie key lives in the database: restarts and sibling instances share it.
        let key_hex = state
            .db(|c| {
                Ok(keys::get_or_create(c, "session_key", || {
                    format!("{}{}", random_token(), random_token())
                })?)
            })
            .await?;
        let key_bytes =
            hex::decode(&key_hex).map_err(|e| AppError::Internal(format!("session key: {e}")))?;
        let key = Key::try_from(key_bytes.as_slice())
            .map_err(|e| AppError::Internal(format!("session key: {e}")))?;

        let listener = TcpListener::bind(&settings.bind).map_err(|source| StartError::Bind {
            addr: settings.bind.clone(),
            source,
        })?;
        let port = listener.local_addr()?.port();
        // Without --public-url, links name the port actually bound (port 0 in tests).
        if state.settings.public_url.is_none() {
            let mut bound = settings.clone();
            bound.bind = match settings.bind.rsplit_once(':') {
                Some((host, _)) => format!("{host}:{port}"),
                None => format!("{}:{port}", settings.bind),
            };
            state.settings.public_url = Some(bound.public_base());
        }
        let metrics = match &settings.metrics_bind {
            Some(bind) => {
                let (addr, server) = metrics_server(bind)?;
                // The address actually bound (port 0 in tests), as the public URL above.
                state.settings.metrics_bind = Some(addr.to_string());
                tracing::info!(%addr, "metrics at /metrics");
                let handle = server.handle();
                actix_web::rt::spawn(server);
                Some(handle)
            }
            None => None,
        };
        let data = actix_web::web::Data::new(state.clone());
        let pages = actix_web::web::Data::new(web::page_cache::PageCache::new(settings.page_cache));
        let parts = actix_web::web::Data::new(web::threads::ThreadParts::new(settings.view_cache));
        let game_parts =
            actix_web::web::Data::new(web::games::GameThreadParts::new(settings.view_cache));
        let snapshots =
            actix_web::web::Data::new(crate::game::snapshot::Snapshots::new(settings.view_cache));
        let board_lists =
            actix_web::web::Data::new(web::boards::BoardLists::new(settings.view_cache));
        let board_ids = actix_web::web::Data::new(web::boards::BoardIds::default());
        let game_lists =
            actix_web::web::Data::new(web::games::list::GameLists::new(settings.view_cache));
        let profiles = actix_web::web::Data::new(web::accounts::Profiles::new(settings.view_cache));
        let bells = actix_web::web::Data::new(web::notifications::Bells::new(settings.view_cache));
        let ladders =
            actix_web::web::Data::new(web::leaderboard::Ladders::new(settings.view_cache));
        let secure = settings.secure_cookies;
        let mut server = HttpServer::new(move || {
            App::new()
                .app_data(data.clone())
                .app_data(pages.clone())
                .app_data(parts.clone())
                .app_data(game_parts.clone())
                .app_data(snapshots.clone())
                .app_data(board_lists.clone())
                .app_data(board_ids.clone())
                .app_data(game_lists.clone())
                .app_data(profiles.clone())
                .app_data(ladders.clone())
                .app_data(bells.clone())
                .configure(web::configure)
                .wrap(from_fn(web::viewer::mask_csrf))
                .wrap(from_fn(web::head_as_get))
                .wrap(from_fn(web::bodies::strict_bodies))
                .wrap(from_fn(web::request_context))
                .wrap(
                    SessionMiddleware::builder(CookieSessionStore::default(), key.clone())
                        .cookie_name(web::SESSION_COOKIE.into())
                        .cookie_http_only(true)
                        .cookie_same_site(SameSite::Lax)
                        .cookie_secure(secure)
                        .build(),
                )
                .wrap(security_headers())
                // A page made for one reader, compressed fast in one piece (`web::compress`);
                // `Compress` leaves what it marked alone.
                .wrap(from_fn(web::compress::pages))
                // Pages, feeds and JSON, gzip or brotli as the client asks; the live stream
                // opts out (`Content-Encoding: identity`). The CSRF token in pages is masked
                // per response against BREACH (`web::viewer::mask_token`).
                .wrap(Compress::default())
                // The opt-out's header goes no further (`web::compress::no_identity`).
                .wrap(from_fn(web::compress::no_identity))
        })
        .worker_max_blocking_threads(blocking_threads_per_worker(&settings))
        // The signals are ours (`run_until_stopped`): the live streams end before actix waits.
        .disable_signals()
        .listen(listener)?;
        if settings.workers > 0 {
            server = server.workers(settings.workers);
        }
        // On PostgreSQL the database tells this instance which games changed (any instance's
        // writes); SQLite serves one instance, whose hub polls.
        if let Ok(db::DbUrl::Postgres(url)) = db::DbUrl::parse(&settings.database_url) {
            crate::game::live_listen::spawn(url, &state.live, settings.live_poll);
        }
        if settings.scheduler_secs > 0 {
            crate::scheduler::spawn(
                state.clone(),
                std::time::Duration::from_secs(settings.scheduler_secs),
            );
        }
        crate::forum::mark_writer::spawn(state.clone());
        if !settings.mail_poll.is_zero() {
            crate::mail::spawn(state.clone(), settings.mail_poll);
        }
        // Games finished before players' records were kept get theirs, behind the open doors,
        // each in its own short write (one transaction for all of them would hold SQLite's
        // write lock while ten thousand games are folded).
        let keeping = state.clone();
        tokio::spawn(async move {
            match keep_missing_records(&keeping).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(games = n, "kept the records of finished games"),
                Err(e) => tracing::error!(error = %e, "keeping finished games' records failed"),
            }
        });
        // Posts stored by an older renderer are re-rendered behind the open doors.
        let rerendering = state.clone();
        tokio::spawn(async move {
            if let Err(e) = crate::forum::render::rerender_stale(&rerendering).await {
                tracing::error!(error = %e, "re-rendering stored post HTML failed");
            }
        });
        let server = server.run();
        Ok(Application {
            port,
            stopper: Stopper {
                handle: server.handle(),
                metrics,
                shutdown: state.shutdown.clone(),
                state: state.clone(),
            },
            server,
            admin_password,
            state,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// Stops this server from elsewhere (tests; the signal handler).
    pub fn stopper(&self) -> Stopper {
        self.stopper.clone()
    }

    /// Serves until SIGINT/SIGTERM (graceful: in-flight requests finish, live streams end at
    /// once) or SIGQUIT (at once), or until a [`Stopper`] stops it.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let stopper = self.stopper.clone();
        actix_web::rt::spawn(async move {
            let graceful = stop_signal().await;
            stopper.stop(graceful).await;
        });
        self.server.await
    }
}

/// Stops a running server: fires the shutdown signal (open live streams end), then stops
/// actix, gracefully or not.
#[derive(Clone)]
pub struct Stopper {
    handle: ServerHandle,
    /// The metrics listener, when there is one.
    metrics: Option<ServerHandle>,
    shutdown: crate::app::Shutdown,
    /// For what is written after the last request: the read marks still in memory.
    state: AppState,
}

impl Stopper {
    pub async fn stop(&self, graceful: bool) {
        tracing::info!(graceful, "stopping");
        self.shutdown.fire();
        if let Some(m) = &self.metrics {
            m.stop(graceful).await;
        }
        self.handle.stop(graceful).await;
        match crate::forum::mark_writer::flush(&self.state).await {
            Ok(n) if n > 0 => tracing::info!(marks = n, "read marks written"),
            Ok(_) => {}
            Err(e) => tracing::error!(error = %e, "the last read marks were not written"),
        }
    }
}

/// Serves the Prometheus text at `/metrics` on `bind` (its own listener and one worker: the
/// forum's routes, sessions and limits are not there); returns the address bound and the
/// server, to run beside the forum.
fn metrics_server(bind: &str) -> Result<(std::net::SocketAddr, Server), StartError> {
    let handle =
        crate::telemetry::install().map_err(|e| AppError::Internal(format!("metrics: {e}")))?;
    let listener = TcpListener::bind(bind).map_err(|source| StartError::Bind {
        addr: bind.to_string(),
        source,
    })?;
    let addr = listener.local_addr()?;
    let server = HttpServer::new(move || {
        let handle = handle.clone();
        App::new().route(
            "/metrics",
            actix_web::web::get().to(move || {
                let text = crate::telemetry::render(&handle);
                async move {
                    actix_web::HttpResponse::Ok()
                        .content_type("text/plain; version=0.0.4; charset=utf-8")
                        .body(text)
                }
            }),
        )
    })
    .workers(1)
    .disable_signals()
    .listen(listener)?
    .run();
    Ok((addr, server))
}

/// Waits for SIGINT or SIGTERM (`true`: a graceful stop) or SIGQUIT (`false`).
#[cfg(unix)]
async fn stop_signal() -> bool {
    use tokio::signal::unix::{SignalKind, signal};
    let (Ok(mut term), Ok(mut quit)) =
        (signal(SignalKind::terminate()), signal(SignalKind::quit()))
    else {
        let _ = tokio::signal::ctrl_c().await;
        return true;
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => true,
        _ = term.recv() => true,
        _ = quit.recv() => false,
    }
}

#[cfg(not(unix))]
async fn stop_signal() -> bool {
    let _ = tokio::signal::ctrl_c().await;
    true
}

/// Each worker's blocking threads (database calls and password hashes run there): its share
/// of the pool's connections and the hashes allowed at once. A thread beyond those only waits
/// for a connection, and each costs memory (its stack, its allocator heap): with the pool
/// size plus four per worker, 5,000 open live streams started 24 such threads on 2 cores.
fn blocking_threads_per_worker(settings: &Settings) -> usize {
    let workers = if settings.workers > 0 {
        settings.workers
    } else {
        // actix-server's own default: one worker per core.
        std::thread::available_parallelism().map_or(1, |n| n.get())
    };
    (settings.pool_size as usize).div_ceil(workers) + settings.hash_concurrency.max(1)
}

/// Defence in depth behind the sanitiser: no inline script, no framing, no sniffing.
fn security_headers() -> DefaultHeaders {
    DefaultHeaders::new()
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Referrer-Policy", "same-origin"))
        .add((
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' https: data:; script-src 'self'; \
             style-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
        ))
}

/// Keeps the records of finished games that have none, a game a transaction; returns how many.
async fn keep_missing_records(state: &AppState) -> Result<usize, crate::error::AppError> {
    let missing = state
        .db(|c| Ok(crate::db::queries::records::missing(c)?))
        .await?;
    for &id in &missing {
        state
            .write(move |c| crate::game::records::keep(c, id))
            .await?;
    }
    Ok(missing.len())
}
