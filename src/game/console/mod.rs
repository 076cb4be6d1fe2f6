//! The judge's console: what the open phase holds so far, who still owes what, what the phase
//! would resolve to now, and the judge's actions (deadline, pause, resume, thread lock, end,
//! substitutes). The judge's forms name the phase they mean by its step. Each action appends its event, with the judge as actor, in the transaction of
//! its effect; a refused action changes nothing.
//!
//! Substitutes (替补): the seat keeps its game ID, role and history; only the account behind it
//! changes. The engine's roster keeps the real ID dealt at the start (the one on the public
//! sign-up list), so a substitution never changes what the rules see.
//!
//! One idea a file: `view` is the console's view of a game; `deadline` the open phase's clock
//! (moved, paused, resumed); `control` the thread lock and the judge's end, and the check that
//! the game runs; `substitutes` the seats changing hands; `local_time` deadlines in the game's
//! time zone.

mod control;
mod deadline;
mod local_time;
mod substitutes;
mod view;

pub use control::{end, set_thread_lock};
pub use deadline::{extend, pause, resume};
pub use local_time::{LocalTimeError, local_deadline, zone};
pub use substitutes::{seat_chains, set_substitute, substitute};
pub use view::{
    ConsoleLink, ConsoleSeat, ConsoleSubmission, ConsoleView, Owing, Preview, SeatOut, TallyRow,
    console_view,
};
