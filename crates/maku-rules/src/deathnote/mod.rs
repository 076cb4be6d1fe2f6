//! The Death Note (死亡笔记) engine: `../shared/rules/deathnote.md`.
//!
//! A pure, deterministic state machine: `Game::submit` checks then applies one submission
//! (refusals change nothing), `Game::resolve` runs an act's resolution in the ruling book's order
//! and opens the next act. Randomness comes only from the game's seeded RNG. Every reply and
//! event is logged with its audience (`Entry`), so pages are projections of one log.
//!
//! # Editions
//! `Options::edition` (default 2, the book as it stands) selects the readings that changed in
//! the second edition; a game keeps the edition it started with so that stored logs fold to the
//! same state. The first edition's readings: a window covers resolutions T+1 and T+2; a Kira who
//! goes out by any cause may be recaptured; joins are restored before redistribution (a pair both
//! redealt notebooks is joined at the next resolution); the Eye holder's own turns are counted
//! when an act opens (plus the act of the request); the Eye comes only before a kill.
//!
//! # Options
//! A game's options (`Options`, replay `options`) are checked when the game is created: an
//! unknown key or a value of the wrong type is refused.
//! - `redistribute` (default `true`): `false` skips DN-23/DN-24.
//! - `edition` (default 2): the ruling book's edition (above).
//! - `publish_votes` (default `false`): each act's resolution also publishes the vote counts
//!   of that act's ballots (`Game::published_votes`): how many votes each game ID received,
//!   every place of every ballot counting one as in DN-15, seats with none left out, most votes
//!   first then seat order. Never who voted for whom. The engine's events do not change (the
//!   counts are not an event), so transcripts are the same with the option on or off; the
//!   server adds the counts to the act post.
//!
//! # Readings of the ruling book
//! Where the book leaves a point open, this engine decides:
//! - The Eye exists once per game (source: 整场游戏里仅有1次). `eye_use` needs an own turn and
//!   comes before any kill or join of the act (a failed kill or join counts; DN-21), but not
//!   before a pass; `already_acted` never applies to Eye actions. Own turns for DN-22 are counted
//!   when an act opens (a notebook on turn held at the opening), at the request, and when an
//!   on-turn notebook reaches her by transfer during the act; each act counts once.
//! - Transfer and heir need no turn. A transfer without a transferable notebook (named or not)
//!   is `transfer_unavailable`. A killer who has since given her notebook away still takes her
//!   victim's (DN-17: "to the killer").
//! - A window covers resolutions T+2 and T+3; a giver who goes out loses his windows. "The
//!   one other seat whose window is open" is the transferrer of the other notebook.
//! - The joined pair is remembered while both are in the game; the join is in force exactly while
//!   each holds one notebook, and is restored (with `joined` to both) at step 7 of any resolution
//!   where that becomes true again, after the redistribution of that step.
//! - A redistribution draw never picks a seat already receiving the other notebook.
//! - A `notebook` number other than 1 or 2 is refused `bad_notebook`; a non-number is malformed.
//! - After the end, submissions are refused `game_over` (`unknown_seat` first) and resolutions
//!   publish nothing; the act counter still advances so replies carry their act number (pages
//!   show `Game::shown_act`, the act that ended the game).
//! - DN-3's private role notice is the seat view (`Game::view_for`), not a transcript line.
//! - DN-28's role history (`Game::role_history`) records every change of a seat's notebooks with
//!   its act: dealt, received, recaptured, taken from a killed Kira, redealt, given away, and what
//!   became of her notebooks when she went out. An out seat's role is the one it went out with.
//! - `Audience::Pair` (the joined thread) exists for the server's shared posts; the engine's own
//!   events are addressed to single seats (each partner's `joined` names the other).

pub mod action;
pub mod bot;
pub mod event;
mod ids;
pub mod judge;
mod messages;
mod notebook;
pub mod refusal;
mod resolve;
mod roster;
mod rules;
pub mod setup;
mod sheet;
pub mod state;
mod submit;
mod table;
mod timeline;
mod variant;
mod view;
mod vote;

pub use action::{Action, ActionKind, real_id_matches};
pub use event::{Audience, Cause, Entry, Event, Fate, Fates, Item, Reply, Winner};
pub use ids::{Name, NotebookId, Seat};
pub use messages::{eye_status, seat_role, window};
pub use refusal::Refusal;
pub use roster::{Roster, SEATS, SetupError};
pub use setup::deal_game_ids;
pub use state::{Ballot, Change, Edition, Game, Options, RoleChange, Window};
pub use table::{CAST, FORMS, OPTIONS, PHASES, draw_kiras};
pub use variant::VARIANT;
pub use view::{EyeView, NotebookView, Reveal, RevealChange, RevealSeat, SeatView, WindowView};
