//! Persistence: one connection type over SQLite (the embedded default) and PostgreSQL.
//!
//! Queries are written once against [`DbConnection`] (diesel's `MultiConnection`). Where a backend
//! needs its own SQL (migrations, `BEGIN IMMEDIATE`, `RETURNING`) we dispatch to the inner
//! connection explicitly.

pub mod chain;
pub mod epoch;
pub mod grams;
pub mod models;
pub mod queries;
pub mod schema;
pub mod schema_game_counts;
pub mod schema_limits;
pub mod schema_mail;
pub mod schema_notes;
pub mod schema_notify;
pub mod schema_records;
pub mod schema_spectators;
pub mod schema_traces;
pub mod text;

use diesel::connection::{AnsiTransactionManager, SimpleConnection, TransactionManager};
use diesel::prelude::*;
use diesel::r2d2::{ConnectionManager, CustomizeConnection, Pool, PooledConnection};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};
use std::time::Duration;

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Sqlite(diesel::SqliteConnection),
    Pg(diesel::PgConnection),
}

pub type DbPool = Pool<ConnectionManager<DbConnection>>;
pub type PooledConn = PooledConnection<ConnectionManager<DbConnection>>;

/// Errors of the persistence layer.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("unsupported database URL {0:?}: use sqlite://PATH, a file path, or postgres://…")]
    BadUrl(String),
    #[error("cannot open the database: {0}")]
    Connect(String),
    #[error("cannot migrate the database: {0}")]
    Migrate(String),
    #[error("database pool: {0}")]
    Pool(#[from] diesel::r2d2::PoolError),
    #[error(transparent)]
    Query(#[from] diesel::result::Error),
}

/// Which backend a URL names. `establish` would silently treat a mistyped URL as an SQLite file
/// name, so the scheme is checked here first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DbUrl {
    Sqlite(String),
    Postgres(String),
}

impl DbUrl {
    pub fn parse(raw: &str) -> Result<DbUrl, DbError> {
        let raw = raw.trim();
        if raw.starts_with("postgres://") || raw.starts_with("postgresql://") {
            return Ok(DbUrl::Postgres(raw.to_string()));
        }
        if let Some(path) = raw.strip_prefix("sqlite://") {
            if path.is_empty() {
                return Err(DbError::BadUrl(raw.to_string()));
            }
            return Ok(DbUrl::Sqlite(path.to_string()));
        }
        if raw.is_empty() || raw.contains("://") || raw == ":memory:" {
            // `:memory:` would give every pooled connection its own empty database.
            return Err(DbError::BadUrl(raw.to_string()));
        }
        Ok(DbUrl::Sqlite(raw.to_string()))
    }

    /// The string diesel's `establish` expects.
    fn connect_string(&self) -> &str {
        match self {
            DbUrl::Sqlite(p) | DbUrl::Postgres(p) => p,
        }
    }
}

/// How long one SQLite statement waits for another connection's write lock (the default of
/// [`connect`]; the server takes it from its settings).
pub const DEFAULT_BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Attempts at SQLite's write lock before a write transaction gives up with [`is_busy`].
/// Each attempt waits up to the busy timeout; SQLite may also answer
/// "database is locked" at once, without waiting (e.g. while a connection recovers the WAL).
const WRITE_LOCK_ATTEMPTS: u32 = 3;
/// The pause before the second attempt; it grows fourfold per attempt (50 ms, 200 ms).
const WRITE_LOCK_BACKOFF: Duration = Duration::from_millis(50);

/// Per-connection set-up: on SQLite `busy_timeout` first, then foreign keys; on PostgreSQL no
/// JIT.
#[derive(Debug)]
struct Tuning {
    busy_timeout: Duration,
}

impl CustomizeConnection<DbConnection, diesel::r2d2::Error> for Tuning {
    fn on_acquire(&self, conn: &mut DbConnection) -> Result<(), diesel::r2d2::Error> {
        match conn {
            DbConnection::Sqlite(c) => {
                c.batch_execute(&format!(
                    "PRAGMA busy_timeout = {}; PRAGMA foreign_keys = ON; \
                     PRAGMA synchronous = NORMAL;",
                    self.busy_timeout.as_millis()
                ))
                .map_err(diesel::r2d2::Error::QueryError)?;
                // The search index's triggers call it (`grams`).
                grams::register(c).map_err(diesel::r2d2::Error::QueryError)?;
            }
            // No JIT: PostgreSQL compiles a plan whose estimate passes `jit_above_cost`, which
            // the search's bucket walk does though it stops after a few buckets (the estimate
            // is of every bucket): 20 to 200 ms of compiling for a 2 ms search. maku's queries
            // are all a page's, where compiling never pays.
            DbConnection::Pg(c) => c
                .batch_execute("SET jit = off")
                .map_err(diesel::r2d2::Error::QueryError)?,
        }
        Ok(())
    }
}

/// Opens (creating if needed) and migrates the database, then builds the pool.
pub fn connect(url: &str, pool_size: u32) -> Result<DbPool, DbError> {
    connect_with(url, pool_size, DEFAULT_BUSY_TIMEOUT)
}

/// [`connect`], with SQLite statements waiting up to `busy_timeout` for another writer.
pub fn connect_with(url: &str, pool_size: u32, busy_timeout: Duration) -> Result<DbPool, DbError> {
    let url = DbUrl::parse(url)?;
    let mut first = establish(&url)?;
    if let DbConnection::Sqlite(c) = &mut first {
        // WAL is a property of the database file: set it once, before the pool exists.
        c.batch_execute(&format!(
            "PRAGMA busy_timeout = {}; PRAGMA journal_mode = WAL;",
            busy_timeout.as_millis()
        ))
        .map_err(|e| DbError::Connect(e.to_string()))?;
        // Before the migrations: the search index's fill and triggers call it (`grams`).
        grams::register(c).map_err(|e| DbError::Connect(e.to_string()))?;
    }
    run_migrations(&mut first)?;
    drop(first);
    let manager = ConnectionManager::<DbConnection>::new(url.connect_string());
    let builder = Pool::builder()
        .max_size(pool_size)
        .connection_timeout(Duration::from_secs(15));
    builder
        .connection_customizer(Box::new(Tuning { busy_timeout }))
        .build(manager)
        .map_err(|e| DbError::Connect(e.to_string()))
}

fn establish(url: &DbUrl) -> Result<DbConnection, DbError> {
    let result = match url {
        DbUrl::Sqlite(path) => diesel::SqliteConnection::establish(path).map(DbConnection::Sqlite),
        DbUrl::Postgres(u) => diesel::PgConnection::establish(u).map(DbConnection::Pg),
    };
    result.map_err(|e| DbError::Connect(e.to_string()))
}

fn run_migrations(conn: &mut DbConnection) -> Result<(), DbError> {
    let result = match conn {
        DbConnection::Sqlite(c) => c.run_pending_migrations(SQLITE_MIGRATIONS).map(|_| ()),
        DbConnection::Pg(c) => {
            // Several instances may start at once against one database: serialise migrations.
            c.batch_execute("SELECT pg_advisory_lock(7262617)")
                .map_err(|e| DbError::Migrate(e.to_string()))?;
            let r = c.run_pending_migrations(POSTGRES_MIGRATIONS).map(|_| ());
            let _ = c.batch_execute("SELECT pg_advisory_unlock(7262617)");
            r
        }
    };
    result.map_err(|e| DbError::Migrate(e.to_string()))
}

/// A write transaction. On SQLite it starts with `BEGIN IMMEDIATE`, so two writers queue on the
/// busy timeout instead of failing when a read lock is upgraded; a lock still busy after a few
/// attempts is [`is_busy`] (the web layer answers 503), and nothing was written.
pub fn write_tx<T, E, F>(conn: &mut DbConnection, f: F) -> Result<T, E>
where
    F: FnOnce(&mut DbConnection) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
    // The views the transaction's writes make old are made old again once it has ended.
    epoch::around_transaction(|| write_tx_inner(conn, f))
}

fn write_tx_inner<T, E, F>(conn: &mut DbConnection, f: F) -> Result<T, E>
where
    F: FnOnce(&mut DbConnection) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
    match conn {
        DbConnection::Pg(_) => conn.transaction(f),
        DbConnection::Sqlite(inner) => {
            begin_immediate(inner)?;
            let result = f(conn);
            let DbConnection::Sqlite(inner) = conn else {
                unreachable!("the backend of a connection does not change")
            };
            match result {
                Ok(value) => {
                    AnsiTransactionManager::commit_transaction(inner)?;
                    Ok(value)
                }
                Err(e) => {
                    AnsiTransactionManager::rollback_transaction(inner)?;
                    Err(e)
                }
            }
        }
    }
}

/// `BEGIN IMMEDIATE`, retried a bounded number of times while SQLite answers "database is
/// locked". Only the start is retried: a transaction that holds the write lock is not refused
/// for a busy database afterwards (in WAL mode readers never block a commit), and so the
/// transaction's work, a closure that may consume its input, runs once.
fn begin_immediate(inner: &mut diesel::SqliteConnection) -> QueryResult<()> {
    let mut attempt = 1;
    loop {
        match AnsiTransactionManager::begin_transaction_sql(inner, "BEGIN IMMEDIATE") {
            Err(e) if is_busy(&e) && attempt < WRITE_LOCK_ATTEMPTS => {
                tracing::warn!(attempt, "SQLite write lock busy; retrying");
                std::thread::sleep(WRITE_LOCK_BACKOFF * 4u32.pow(attempt - 1));
                attempt += 1;
            }
            other => return other,
        }
    }
}

/// Runs `$body` on the inner connection of whichever backend `$conn` is, for statements
/// MultiConnection cannot express (`RETURNING`, `ON CONFLICT`). `$body` is written once and
/// compiled for each backend.
#[macro_export]
macro_rules! on_backend {
    ($conn:expr, |$c:ident| $body:expr) => {
        match $conn {
            $crate::db::DbConnection::Sqlite($c) => $body,
            $crate::db::DbConnection::Pg($c) => $body,
        }
    };
}

/// `VACUUM INTO`: a consistent copy of a live SQLite database.
pub fn backup_sqlite(conn: &mut DbConnection, target: &str) -> Result<(), DbError> {
    match conn {
        DbConnection::Sqlite(c) => {
            diesel::sql_query("VACUUM INTO ?")
                .bind::<diesel::sql_types::Text, _>(target)
                .execute(c)?;
            Ok(())
        }
        DbConnection::Pg(_) => Err(DbError::BadUrl(
            "backup copies SQLite databases; for PostgreSQL use pg_dump".into(),
        )),
    }
}

/// SQLite's SQLITE_BUSY ("database is locked") or SQLITE_LOCKED: another connection, maybe in
/// another process, holds the lock for longer than the busy timeout. Diesel reports both as
/// unknown database errors, with SQLite's fixed text for the code; PostgreSQL never answers so.
pub fn is_busy(e: &diesel::result::Error) -> bool {
    match e {
        diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::Unknown, info) => {
            matches!(
                info.message(),
                "database is locked" | "database table is locked" | "database schema is locked"
            )
        }
        _ => false,
    }
}

/// A statement the database refused for the data it was given rather than for its own state:
/// PostgreSQL's data exceptions (a NUL in text, "invalid byte sequence for encoding", a number
/// out of range, text too long for its column, input that does not parse as its type). Diesel
/// tells them only by their message. The web shell refuses such input before it gets here
/// (`web::bodies`); this is the net under it, so input never makes a `500`.
pub fn is_bad_input(e: &diesel::result::Error) -> bool {
    match e {
        diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::Unknown, info) => {
            let m = info.message();
            [
                "invalid byte sequence for encoding",
                "out of range",
                "value too long for type",
                "invalid input syntax",
                "unsupported Unicode escape sequence",
                "null character not permitted",
            ]
            .iter()
            .any(|needle| m.contains(needle))
        }
        diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::CheckViolation,
            _,
        ) => true,
        _ => false,
    }
}

pub fn is_unique_violation(e: &diesel::result::Error) -> bool {
    matches!(
        e,
        diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::UniqueViolation, _)
    )
}
