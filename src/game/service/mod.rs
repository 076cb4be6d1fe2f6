//! Game operations. Each runs in one write transaction: lock the game, fold its log, ask the
//! engine, append the event, update the indexes. A refused action appends nothing but the
//! seat's own record of it.
//!
//! One idea a file: `store` loads a game and appends its events; `lifecycle` creates, signs up
//! and starts a game, `series` links games into a series; `submit` takes a seat's action;
//! `resolution` ends a phase when it is due, `phase_end` closes it (the act post, the next
//! deadline); `guards` holds the checks a judge's action passes.

mod guards;
mod lifecycle;
mod phase_end;
mod resolution;
mod series;
mod store;
mod submit;

pub use guards::{check_meant_act, require_judge};
pub use lifecycle::{Signup, create, rehost, set_signup, start, start_when_due};
pub use phase_end::Resolved;
pub use resolution::{end_turn, resolve};
pub(crate) use store::append;
pub use store::{iso, iso_time, load, load_locked};
pub use submit::{Sent, SubmitOutcome, submit, unparsed};
