//! The live hub: one poll per open game per instance, shared by every live stream of that
//! game. The first stream of a game starts a poller task; later streams subscribe to its
//! [`watch`] channel of the latest [`Mark`]; the poller stops when the last stream is gone (the
//! server's stop ends the streams, and so the pollers), and a later stream starts a new one.
//! 5,000 open streams of one game cost one poll per interval, and a stream holds a receiver and
//! the mark it last sent (48 bytes), no view.
//!
//! A stream compares against a mark read after it opened, as when each stream polled for
//! itself: the page it serves was rendered just before, so an older mark (the channel's, up to
//! an interval old) would announce as new a post the page already shows, and the page would
//! reload for nothing. Opening a stream therefore asks the poller for a poll now and waits for
//! it; the streams that open while it runs share the next one. Opening costs at most one poll,
//! shared, like the page view it follows; an open stream costs nothing more.
//!
//! The hub knows nothing of how a mark is read (`game::live` says): it is held by the shared
//! state, which the reading needs.
//!
//! On PostgreSQL the database tells every instance which game changed (`game::live_listen`,
//! `LISTEN/NOTIFY` fed by triggers): a poller reads when [`LiveHub::poke`]d, so a post on one
//! instance reaches the streams of all at once, and a quiet game costs no reads but a rare
//! safety poll.

use crate::error::AppError;
use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::{Notify, watch};

/// What the streams compare between polls: public facts only, so that they move exactly when
/// what everyone may see moves. Never a log sequence number or a post id, whose gaps would
/// count secret submissions and private posts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Mark {
    pub act: u32,
    /// The floor of the game thread's newest post (0: no post, no thread).
    pub floor: i64,
    /// A digest of the public view (status, deadline, pause, lock, sign-ups, public events).
    pub public: [u8; 32],
}

/// What a game's channel holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seen {
    /// The poller has not polled yet.
    Waiting,
    Now(Mark),
    /// The game went away (`true`) or the database failed: the poller stopped, its streams
    /// end (the client retries).
    Gone {
        not_found: bool,
    },
}

/// One live game's receiver: [`watch::Receiver::changed`] wakes it when the public mark moves.
pub type Receiver = watch::Receiver<Seen>;

/// Per instance (held in the shared state): game id → its poller's channels.
#[derive(Clone, Default)]
pub struct LiveHub(Arc<Inner>);

/// A hub held without keeping it alive (the listener thread's).
pub struct WeakHub(std::sync::Weak<Inner>);

impl WeakHub {
    pub fn upgrade(&self) -> Option<LiveHub> {
        self.0.upgrade().map(LiveHub)
    }

    /// How many hold the hub now.
    pub fn strong_count(&self) -> usize {
        self.0.strong_count()
    }
}

#[derive(Default)]
struct Inner {
    games: Mutex<HashMap<i64, Arc<Game>>>,
    /// The database tells this hub of changes (PostgreSQL `LISTEN`, `game::live_listen`): a
    /// poller then reads when told, and on its interval only as a safety net.
    told: std::sync::atomic::AtomicBool,
    polls: AtomicU64,
    /// Public changes seen by any poller (a mark that moved, a game gone).
    changes: AtomicU64,
}

/// One polled game.
struct Game {
    /// The latest mark, sent when it moves.
    marks: watch::Sender<Seen>,
    /// Polls started.
    started: AtomicU64,
    /// Polls finished (their mark is in `marks` by then).
    done: watch::Sender<u64>,
    /// A stream opened: poll now.
    wake: Notify,
}

impl LiveHub {
    fn games(&self) -> MutexGuard<'_, HashMap<i64, Arc<Game>>> {
        // A poisoned map still holds valid senders: keep serving.
        self.0.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// How many public changes this instance's pollers have seen: a count that moves, before
    /// the streams are told, whenever the public mark of a watched game does. Kept pages of
    /// that age are old (`web::page_cache`).
    pub fn changes(&self) -> u64 {
        self.0.changes.load(Ordering::SeqCst)
    }

    /// A public change no poller sees (a moderator hid a post): kept pages are old at once,
    /// so no reader without an account is given the hidden text again from this instance.
    pub fn note_change(&self) {
        self.0.changes.fetch_add(1, Ordering::SeqCst);
    }

    /// How many times this hub has read a game's mark (tests compare it with the streams).
    pub fn polls(&self) -> u64 {
        self.0.polls.load(Ordering::Relaxed)
    }

    /// Games with a running poller.
    pub fn pollers(&self) -> usize {
        self.games().len()
    }

    pub fn downgrade(&self) -> WeakHub {
        WeakHub(Arc::downgrade(&self.0))
    }

    /// Something of `game_id` changed in the database (any instance wrote it): its poller, if
    /// this instance has one, reads the mark now.
    pub fn poke(&self, game_id: i64) {
        if let Some(game) = self.games().get(&game_id) {
            game.wake.notify_one();
        }
    }

    /// Every poller reads now (the listener reconnected: what it missed is unknown).
    pub fn poke_all(&self) {
        for game in self.games().values() {
            game.wake.notify_one();
        }
    }

    /// Whether the database tells this hub of changes (set by the listener while it listens).
    pub fn is_told(&self) -> bool {
        self.0.told.load(Ordering::SeqCst)
    }

    pub fn set_told(&self, told: bool) {
        self.0.told.store(told, Ordering::SeqCst);
    }

    /// A receiver of the game's public mark, and the mark as of a poll that started after this
    /// call (the receiver has seen it). The first subscriber of a game starts its poller, which
    /// reads the mark with `read` every `every` (and at once when a stream opens); a game that
    /// does not exist (`read` says `NotFound`) is `NotFound`.
    pub async fn subscribe<R, F>(
        &self,
        game_id: i64,
        every: Duration,
        read: R,
    ) -> Result<(Receiver, Mark), AppError>
    where
        R: Fn(i64) -> F + Send + 'static,
        F: Future<Output = Result<Mark, AppError>> + Send,
    {
        let (mut rx, mut done, want) = {
            let mut games = self.games();
            let game = match games.get(&game_id) {
                // Present means running: the poller removes itself under this lock before it
                // stops, so no one subscribes to a poller that is just stopping.
                Some(game) => {
                    game.wake.notify_one();
                    Arc::clone(game)
                }
                None => {
                    let game = Arc::new(Game {
                        marks: watch::channel(Seen::Waiting).0,
                        started: AtomicU64::new(0),
                        done: watch::channel(0).0,
                        wake: Notify::new(),
                    });
                    games.insert(game_id, Arc::clone(&game));
                    let hub = self.clone();
                    let polled = Arc::clone(&game);
                    tokio::spawn(async move { hub.poll(game_id, polled, every, read).await });
                    game
                }
            };
            let want = game.started.load(Ordering::SeqCst) + 1;
            (game.marks.subscribe(), game.done.subscribe(), want)
        };
        // A poll that started after this stream opened (the poller woke for it).
        done.wait_for(|d| *d >= want)
            .await
            .map_err(|_| AppError::Internal("the live poller stopped".into()))?;
        let seen = rx.borrow_and_update().clone();
        match seen {
            Seen::Now(mark) => Ok((rx, mark)),
            Seen::Gone { not_found: true } => Err(AppError::NotFound),
            _ => Err(AppError::Internal("the live poller failed".into())),
        }
    }

    /// The poller of one game: reads its mark every `every` (or at once when a stream opens)
    /// while anyone listens, and publishes it when it moved.
    async fn poll<R, F>(self, game_id: i64, game: Arc<Game>, every: Duration, read: R)
    where
        R: Fn(i64) -> F,
        F: Future<Output = Result<Mark, AppError>>,
    {
        let mut first = true;
        loop {
            if !first {
                tokio::select! {
                    _ = tokio::time::sleep(every) => {}
                    _ = game.wake.notified() => {}
                    _ = game.marks.closed() => {}
                }
            }
            first = false;
            if self.stop_if_unwatched(game_id, &game) {
                return;
            }
            game.started.fetch_add(1, Ordering::SeqCst);
            self.0.polls.fetch_add(1, Ordering::Relaxed);
            match read(game_id).await {
                Ok(now) => {
                    game.marks.send_if_modified(|seen| {
                        let moved = *seen != Seen::Now(now.clone());
                        if moved {
                            // Counted before the streams wake: a page they reload is new.
                            self.0.changes.fetch_add(1, Ordering::SeqCst);
                            *seen = Seen::Now(now);
                        }
                        moved
                    });
                    game.done.send_modify(|d| *d += 1);
                }
                Err(e) => {
                    let not_found = matches!(e, AppError::NotFound);
                    if !not_found {
                        tracing::warn!(game_id, error = %e, "live poll failed");
                    }
                    self.remove(game_id, &game);
                    self.0.changes.fetch_add(1, Ordering::SeqCst);
                    game.marks.send_replace(Seen::Gone { not_found });
                    game.done.send_modify(|d| *d += 1);
                    return;
                }
            }
        }
    }

    /// Under the map's lock: when no stream listens, forget the game (`true`: stop polling).
    fn stop_if_unwatched(&self, game_id: i64, game: &Arc<Game>) -> bool {
        let mut games = self.games();
        if game.marks.receiver_count() == 0 {
            if games.get(&game_id).is_some_and(|g| Arc::ptr_eq(g, game)) {
                games.remove(&game_id);
            }
            true
        } else {
            false
        }
    }

    fn remove(&self, game_id: i64, game: &Arc<Game>) {
        let mut games = self.games();
        if games.get(&game_id).is_some_and(|g| Arc::ptr_eq(g, game)) {
            games.remove(&game_id);
        }
    }
}
