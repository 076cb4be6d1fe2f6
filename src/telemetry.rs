//! Metrics for the operator (docs/operations.md): recorded through the `metrics` facade wherever
//! something happens, and served as Prometheus text on an address of their own
//! (`--metrics-bind`), never on the forum's: no reader reaches them.
//!
//! Without `--metrics-bind` no recorder is installed and every `metrics::…!` call is a no-op.
//! The recorder is global to the process; several servers in one process (the tests) share it,
//! each serving the same text.
//!
//! Nothing recorded names a person, a game or a seat: labels are routes (`/games/{id}/seat`),
//! methods, status classes and kinds of mail. A count per game would tell an operator's scraper
//! no secret, but a label per game would grow without bound.

use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

/// Request time of one route: `route`, `method`, `status` (`2xx`, `4xx`, …).
pub const HTTP_SECONDS: &str = "maku_http_request_duration_seconds";
/// From an act's deadline to its resolution by the scheduler.
pub const SCHEDULER_LAG_SECONDS: &str = "maku_scheduler_lag_seconds";
/// Live update streams open on this instance (`/games/{id}/events`).
pub const LIVE_STREAMS: &str = "maku_live_streams_open";
/// Time spent waiting for a database connection from the pool.
pub const POOL_WAIT_SECONDS: &str = "maku_db_pool_wait_seconds";
/// Mails queued, by `kind` (a kind of notification, `digest`, `confirm`).
pub const MAILS_QUEUED: &str = "maku_mail_queued_total";
/// Mails sent, and mails not sent by `outcome` (`retry`, `given_up`).
pub const MAILS_SENT: &str = "maku_mail_sent_total";
pub const MAILS_FAILED: &str = "maku_mail_failed_total";
/// Acts resolved at their deadline by the scheduler.
pub const ACTS_RESOLVED: &str = "maku_scheduler_resolved_total";

/// Histogram buckets (seconds): from a fast page (a millisecond) to a slow deadline (ten
/// minutes late), so one set serves requests, pool waits and scheduler lag.
const BUCKETS: [f64; 16] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 30.0, 120.0,
    600.0,
];

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// Whether a recorder is installed: without one, [`request`] skips even building its labels (two
/// strings a request, on the hottest path there is).
pub fn recording() -> bool {
    HANDLE.get().is_some()
}

/// Installs the process's recorder (once; later calls get the same handle). Two servers
/// starting at once in one process wait for each other here, so neither records into the void
/// between the handle being kept and the recorder being set.
pub fn install() -> Result<PrometheusHandle, String> {
    static INSTALLING: Mutex<()> = Mutex::new(());
    let _one_at_a_time = INSTALLING
        .lock()
        .map_err(|_| "a poisoned lock".to_string())?;
    if let Some(h) = HANDLE.get() {
        return Ok(h.clone());
    }
    let builder = PrometheusBuilder::new()
        .set_buckets(&BUCKETS)
        .map_err(|e| e.to_string())?;
    let recorder = builder.build_recorder();
    let handle = recorder.handle();
    metrics::set_global_recorder(recorder).map_err(|e| e.to_string())?;
    describe();
    register();
    HANDLE
        .set(handle.clone())
        .map_err(|_| "a recorder was installed twice".to_string())?;
    Ok(handle)
}

fn describe() {
    use metrics::{Unit, describe_counter, describe_gauge, describe_histogram};
    describe_histogram!(
        HTTP_SECONDS,
        Unit::Seconds,
        "Request time by route pattern, method and status class"
    );
    describe_histogram!(
        SCHEDULER_LAG_SECONDS,
        Unit::Seconds,
        "From an act's deadline to its resolution by the scheduler"
    );
    describe_gauge!(LIVE_STREAMS, "Live update streams open on this instance");
    describe_histogram!(
        POOL_WAIT_SECONDS,
        Unit::Seconds,
        "Waiting for a database connection from the pool"
    );
    describe_counter!(MAILS_QUEUED, "Mails queued, by kind");
    describe_counter!(MAILS_SENT, "Mails the SMTP server accepted");
    describe_counter!(MAILS_FAILED, "Mails not sent, by outcome (retry, given_up)");
    describe_counter!(
        ACTS_RESOLVED,
        "Acts resolved at their deadline by the scheduler"
    );
}

/// The series that exist from the start, at zero: a counter is exported only once it was
/// touched, and a scraper (an alert on `rate(maku_mail_failed_total[5m])`) cannot tell a series
/// that never moved from one that is missing. Labelled ones are registered for each label value
/// they can take (`outcome`); `maku_mail_queued_total`'s kinds follow the notifications'.
fn register() {
    metrics::counter!(MAILS_SENT).increment(0);
    for outcome in FAILED_OUTCOMES {
        metrics::counter!(MAILS_FAILED, "outcome" => outcome).increment(0);
    }
    metrics::counter!(ACTS_RESOLVED).increment(0);
    metrics::gauge!(LIVE_STREAMS).increment(0.0);
}

/// The `outcome` of [`MAILS_FAILED`]: tried again later, or given up.
pub const FAILED_OUTCOMES: [&str; 2] = ["retry", "given_up"];

/// The Prometheus text of everything recorded so far.
pub fn render(handle: &PrometheusHandle) -> String {
    handle.run_upkeep();
    handle.render()
}

/// Records one request: its route pattern (`None`, or the catch-all that answers every path no
/// resource took: `unmatched`), method and status.
pub fn request(route: Option<&str>, method: &str, status: u16, took: Duration) {
    if !recording() {
        return;
    }
    let route = route.filter(|r| !r.starts_with("/{tail"));
    let class = match status {
        100..=199 => "1xx",
        200..=299 => "2xx",
        300..=399 => "3xx",
        400..=499 => "4xx",
        _ => "5xx",
    };
    metrics::histogram!(
        HTTP_SECONDS,
        "route" => route.unwrap_or("unmatched").to_string(),
        "method" => method.to_string(),
        "status" => class,
    )
    .record(took.as_secs_f64());
}

/// Counts an open live stream while it lives.
pub struct StreamGauge;

impl StreamGauge {
    pub fn open() -> StreamGauge {
        metrics::gauge!(LIVE_STREAMS).increment(1.0);
        StreamGauge
    }
}

impl Drop for StreamGauge {
    fn drop(&mut self) {
        metrics::gauge!(LIVE_STREAMS).decrement(1.0);
    }
}
