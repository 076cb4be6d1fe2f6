//! The game service: the imperative shell around `rules/`. It loads a game by folding its event
//! log through the engine, takes submissions and resolutions in serialised write transactions,
//! and appends every accepted change as an event row.

pub mod access;
pub mod cache;
pub mod calendar;
pub mod clock;
pub mod console;
pub mod deal;
pub mod live;
pub mod live_hub;
pub mod live_listen;
pub mod log;
pub mod posting;
pub mod ratings;
pub mod records;
pub mod replay;
pub mod scheduler;
pub mod service;
pub mod settings;
pub mod snapshot;
pub mod stored;
pub mod threads;
pub mod views;

pub use clock::{Clock, ManualClock, SystemClock};
pub use settings::GameSettings;
