//! The Death Note (死亡笔记) engine: `../shared/rules/deathnote.md`.
//!
//! A pure, deterministic state machine: `Game::submit` checks then applies one submission
//! (refusals change nothing), `Game::resolve` runs an act's resolution in the ruling book's order
//! and opens the next act. Randomness comes only from the game's seeded RNG. Every reply and
//! event is logged with its audience (`Entry`), so pages are projections of one log.
//!
//! # Readings of the ruling book
//! Where the book leaves a point open, this engine decides:
//! - The Eye exists once per game (source: 整场游戏里仅有1次). `eye_use` needs an own turn and
//!   comes before any kill of the act (a failed kill counts), but not before a pass or join;
//!   `already_acted` never applies to Eye actions. Own turns for DN-22 are counted when an act
//!   opens (a notebook on turn held at the opening), plus the act of the request.
//! - Transfer and heir need no turn. A transfer without a transferable notebook (named or not)
//!   is `transfer_unavailable`. A killer who has since given her notebook away still takes her
//!   victim's (DN-17: "to the killer").
//! - A window covers resolutions T+1 and T+2 only; a giver who goes out loses his windows. "The
//!   one other seat whose window is open" is the transferrer of the other notebook.
//! - The joined pair is remembered while both are in the game; the join is in force exactly while
//!   each holds one notebook, and is restored (with `joined` to both) at step 7 of any resolution
//!   where that becomes true again. Restoring precedes redistribution (step 7's order), so a pair
//!   both redealt notebooks is restored at the next resolution.
//! - A redistribution draw never picks a seat already receiving the other notebook.
//! - A `notebook` number other than 1 or 2 is refused `bad_notebook`; a non-number is malformed.
//! - After the end, submissions are refused `game_over` (`unknown_seat` first) and resolutions
//!   publish nothing; the act counter still advances so replies carry their act number.
//! - DN-3's private role notice is the seat view (`Game::view_for`), not a transcript line.
//! - `Audience::Pair` (the joined thread) exists for the server's shared posts; the engine's own
//!   events are addressed to single seats (each partner's `joined` names the other).

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
