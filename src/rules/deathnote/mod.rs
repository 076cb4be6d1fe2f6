//! The Death Note (死亡笔记) engine: `../shared/rules/deathnote.md`.
//!
//! A pure, deterministic state machine: `Game::submit` checks then applies one submission
//! (refusals change nothing), `Game::resolve` runs an act's resolution in the ruling book's order
//! and opens the next act. Randomness comes only from the game's seeded RNG. Every reply and
//! event is logged with its audience (`Entry`), so pages are projections of one log.

pub mod action;
pub mod bot;
pub mod event;
mod notebook;
pub mod refusal;
mod resolve;
pub mod setup;
pub mod state;
mod submit;
mod view;
mod vote;

pub use action::{Action, ActionKind, real_id_matches};
pub use event::{Audience, Cause, Entry, Event, Fate, Fates, Item, Reply, Winner};
pub use refusal::Refusal;
pub use setup::{SEATS, SetupError, deal_game_ids};
pub use state::{Ballot, Game, Name, NotebookId, Options, Roster, Seat};
pub use view::{NotebookView, Reveal, RevealSeat, SeatView};
