//! The game service: the imperative shell around `rules/`. It loads a game by folding its event
//! log through the engine, takes submissions and resolutions in serialised write transactions,
//! and appends every accepted change as an event row.

pub mod access;
pub mod cache;
pub mod calendar;
/// The clock, the live hub: held by the shared state (`app`), a layer below `game`.
pub use crate::app::clock;
pub mod console;
pub mod deal;
pub mod live;
pub use crate::app::live_hub;
pub mod live_listen;
pub mod log;
pub mod notes;
pub mod posting;
pub mod ratings;
pub mod records;
pub mod replay;
pub mod service;
pub mod setups;
/// A game's settings are a value parsed at the edge (`domain::game_settings`), so that the forum
/// (a layer below `game`) reads a game thread's image policy from them; `game::settings` stays
/// their name in the game service.
pub use crate::domain::game_settings as settings;
pub mod snapshot;
pub mod spectators;
pub mod stored;
pub mod threads;
pub mod views;
pub mod votes;

pub use clock::{Clock, ManualClock, SystemClock};
pub use settings::GameSettings;
