//! Live updates across instances on PostgreSQL: one connection per instance `LISTEN`s on
//! `maku_live`, which triggers fill with the id of every game a write touched (the migration
//! `*_live_notify`), and pokes that game's poller in this instance's hub
//! ([`LiveHub::poke`]). A post written on one instance so reaches the streams of every instance
//! at once, and a quiet game costs no polls but a rare safety one (`game::live::SAFETY_POLLS`).
//!
//! diesel gives the notices that have arrived without waiting for one, so the thread looks every
//! [`TICK`]: a local read of the socket, no round trip. Every [`KEEPALIVE`] it asks the server
//! something, so a connection that died quietly is noticed. While it has no connection, the hub
//! is not "told" (new pollers poll at the normal interval) and every poller reads once per
//! retry, so nothing waits on a notice that cannot come. SQLite serves one instance: there the hub
//! polls, and this never runs.
//!
//! The same channel carries what the web shell's in-memory views depend on (`db::epoch`): a
//! session ended or a forum post written on one instance renews the views of every instance.

use crate::game::live_hub::LiveHub;
use diesel::{Connection, PgConnection, RunQueryDsl};
use std::time::{Duration, Instant};

/// How often the notices that arrived are read.
const TICK: Duration = Duration::from_millis(25);
/// How often the connection is checked with a query.
const KEEPALIVE: Duration = Duration::from_secs(30);
/// The channel the triggers notify.
pub const CHANNEL: &str = "maku_live";

/// Starts the listener of this instance: a thread that lives as long as the hub does (it ends
/// once every holder of the hub is gone), reconnecting after `retry` when the connection fails.
pub fn spawn(url: String, hub: &LiveHub, retry: Duration) {
    let weak = hub.downgrade();
    let started = std::thread::Builder::new()
        .name("maku-live-listen".into())
        .spawn(move || {
            loop {
                let Some(hub) = weak.upgrade() else { return };
                match listen(&url, &hub, &weak) {
                    Ok(Ended::HubGone) => return,
                    Err(e) => {
                        tracing::warn!(error = %e, "live notices: the connection failed; polling meanwhile");
                    }
                }
                hub.set_told(false);
                // What came while there was no connection is unknown: every poller reads.
                hub.poke_all();
                drop(hub);
                std::thread::sleep(retry);
            }
        });
    if let Err(e) = started {
        tracing::error!(error = %e, "live notices: no listener thread; the hub polls");
    }
}

/// What one notice says: a game's id (its poller reads), `a` (sessions, accounts or seats
/// changed: the views of sessions are read again), `t` and a thread's id (its kept page parts
/// are made again), `g` and a game's id (its kept snapshot is read again), `p` and an
/// account's id (it submitted: its own reads of games read them again), or `b` and an
/// account's id (its notifications changed: its own sessions are read again), or `l` and a
/// board's id (a listed thread of it changed: its kept lists are read again) — see `db::epoch`
/// and the `*_view_notify`, `*_game_view_notify`, `*_bell_notify` and `*_board_notify`
/// migrations.
fn told(hub: &LiveHub, payload: &str) {
    if let Ok(game_id) = payload.parse::<i64>() {
        hub.poke(game_id);
    } else if let Some(Ok(game_id)) = payload.strip_prefix('g').map(str::parse::<i64>) {
        crate::db::epoch::game_changed(game_id);
    } else if let Some(Ok(account)) = payload.strip_prefix('p').map(str::parse::<i64>) {
        crate::db::epoch::private_changed(account);
    } else if let Some(Ok(account)) = payload.strip_prefix('b').map(str::parse::<i64>) {
        crate::db::epoch::bell_changed(account);
    } else if payload == "a" {
        crate::db::epoch::accounts_changed();
    } else if let Some(Ok(thread_id)) = payload.strip_prefix('t').map(str::parse::<i64>) {
        crate::db::epoch::thread_changed(thread_id);
    } else if let Some(Ok(board_id)) = payload.strip_prefix('l').map(str::parse::<i64>) {
        crate::db::epoch::board_changed(board_id);
    }
}

enum Ended {
    HubGone,
}

fn listen(
    url: &str,
    hub: &LiveHub,
    weak: &crate::game::live_hub::WeakHub,
) -> Result<Ended, diesel::result::Error> {
    let mut conn = PgConnection::establish(url)
        .map_err(|e| diesel::result::Error::QueryBuilderError(Box::new(e)))?;
    diesel::sql_query(format!("LISTEN {CHANNEL}")).execute(&mut conn)?;
    hub.set_told(true);
    // Views kept while there was no listener may have missed a notice: none is trusted.
    crate::db::epoch::accounts_changed();
    crate::db::epoch::all_threads_changed();
    crate::db::epoch::all_games_changed();
    // Changes made before the LISTEN took effect: read them now.
    hub.poke_all();
    let mut checked = Instant::now();
    loop {
        // Only the listener holds the hub for long: when the server is gone, so is this.
        if weak.strong_count() <= 1 {
            return Ok(Ended::HubGone);
        }
        for notice in conn.notifications_iter() {
            told(hub, &notice?.payload);
        }
        if checked.elapsed() >= KEEPALIVE {
            diesel::sql_query("SELECT 1").execute(&mut conn)?;
            checked = Instant::now();
        }
        std::thread::sleep(TICK);
    }
}
