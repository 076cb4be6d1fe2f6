//! What the classic presets (the `classic` engine, `../shared/rules/classic.md`) and the role
//! games (the `roles` engine, `../shared/rules/roles.md`) have in common: one table of seats in
//! seat order playing nights and days of phases (CL-1..CL-7, which 4.0 plays as they stand and
//! 5.0 in part, R4-1, R5-4). Both engines import it; it imports neither.
//!
//! Only what both engines do alike lives here, so that a fix to a shared rule is made once:
//! seats and teams (`seat.rs`), the phase frame (`phase.rs`), the night's steps (`night.rs`), the day's
//! turns and ballots (`day.rs`, `ballot.rs`), the log and its transcript lines (`log.rs`), the fields of action
//! objects (`action.rs`), the deal's checks and draw (`setup.rs`),
//! the bots' table and sums (`bot.rs`) and the projections both show alike
//! (`view.rs`) and the shared action form and cast (`forms.rs`). What differs
//! between the games (roles, night actions, the end) stays in each engine. Pure like every
//! engine: no I/O, no clock, no randomness but a seeded one.

mod action;
mod ballot;
mod bot;
mod core;
mod day;
mod engine;
mod forms;
mod log;
pub mod messages;
mod night;
mod phase;
mod seat;
mod setup;
mod view;

pub use action::{round, target};
pub use ballot::{Count, count, majority};
pub use bot::{Played, bot_config, simulate};
pub use core::Core;
pub use day::{Day, Speeches};
pub(crate) use engine::{table_core, table_engine};
pub(crate) use forms::VOTE;
pub use forms::{CAST, OPTIONS};
pub use log::{
    Audience, Entry, Item, Word, game_over_json, lines_since, peaceful_json, teammates_json,
    tie_json, votes_json,
};
pub use night::{Step, run_steps};
pub use phase::{History, Kind, PHASES, PhaseRecord, Stage};
pub use seat::{Seat, Seating, Team};
pub use setup::{SetupError, bad, deal, edition, option_map, real_ids, seat_names, speeches};
pub use view::{judge_facts, may_post, owing};
