//! The role games' engine: 4.0 无间版 (`v4wujian`, 16 seats) and 5.0 恶民传说 (`v5emin`, 10
//! seats), `../shared/rules/roles.md` (second edition), rule numbers R4-1..R4-6, R5-1..R5-5;
//! and a judge's own setup of either book (`custom`), played by its book's mechanics. A game
//! asks its table (`table.rs`: a preset's or a judge's own) what the document decides — seats,
//! deal by seat count, team threads, last words, third tie — and reads R4-6 and R5-5's groups
//! as the roles dealt (`docs/setups.md`, "The role books' own setups").
//!
//! Built as the classic presets' engine is (`super::classic`; what the two share, the seats,
//! phase kinds, vote count, CL-1 majority, speeches option and vote form, is `super::table`'s):
//! a pure, deterministic state machine of phases. `Game::submit_as` checks then records one
//! submission (refusals change nothing but the log), `Game::resolve` ends the open phase and
//! opens the next. Every reply and event is logged with its audience (`Entry`).
//!
//! # Phases
//! `night` (R4-3/R4-4, R5-1/R5-3), `last_words` (one per seat that leaves them: 4.0 CL-4, the
//! first 2 seats out, a judge's own table as its `day.last_words` says; 5.0 every night death
//! at dawn, in seat order, and a good voted-out seat),
//! `speech` (ordered: one per living unsilenced seat) or `discussion` (free), `vote` (4.0:
//! rounds 1 to 3 with CL-7's `pk` between; 5.0: one round).
//!
//! # Night resolution
//! Each game's night is an explicit list of steps, each citing its rule: `night4.rs` (R4-4
//! (1)..(5)) and `night5.rs` (R5-3 1..5), run in order over one scratch value.
//!
//! # Options
//! 4.0: `speeches` (`"ordered"`, the default, or `"free"`, as the classic presets' day); 5.0 has
//! none (R5-4: one speech each, in turn). Both: `edition` (only 2, pinned at the start);
//! anything else is refused.
//!
//! # Readings of the ruling book
//! Where the book leaves a point open, this engine decides:
//! - 4.0's killers' kill and the police team's check are CL-1/CL-2 majorities of each member's
//!   last submission (ties: the earliest counting submission); the undercover checks, never
//!   kills. Every other action is its seat's last submission.
//! - R4-4 (1): a kill on the butterfly while it hugs a killer is void for the killers' kill
//!   (the hugged-killer rule wins), but the secret kill on it still kills both. Kill deaths are
//!   one step, listed in seat order; the doctor's-rule death comes after them.
//! - R4-4 (4): "saved two nights running" is the same seat saved on two consecutive nights; a
//!   night without a save starts the count again.
//! - R4-5: a silenced 4.0 seat has no speech or PK turn, may not post that day, and leaves no
//!   last words if voted out that day (it still counts as a seat out for CL-4).
//! - 4.0's speeches start after the last seat announced out (CL-5); 5.0's after the last seat
//!   that left last words, whenever that was (seat 1 when nobody has yet).
//! - R5-1: the self-target ban covers the night actions only: every seat may vote for itself
//!   by day (R5-4). The check of a silenced police still answers (silence is the day's).
//! - R5-3: magic on H has no effect (H is immune to it); magic cancels its target's action of
//!   the night, whatever it is (the kill too). A police or wizard who submitted nothing is
//!   told nothing. A dark vote or needle on the butterfly lands on H too, so it counts (or
//!   needles) both. A needle on H lands nowhere (H is immune to it), so it is not even an
//!   empty needle; a kill or shot on H is no attack (4.0's void-kill rule is 4.0's).
//! - R5-4: a silenced seat neither speaks nor votes (`silenced`); a vote names any living seat
//!   or `null`; the dark votes count with the day's ballots, a tie at the top (or no vote at
//!   all) puts nobody out (`peaceful`). The published side of a seat out by day is the check's
//!   (the evil civilian `good`), and a seat published good leaves last words.
//! - R5-2: `kill_inherited` comes after the deaths that passed the kill (night) or the vote-out
//!   (day), and not when the game ended there. The new holder's old action is gone: holding the
//!   kill, the magician has no magic, the elder no silence, the wizard no query.
//! - A night in which nobody died publishes `peaceful` (`night`), as the classic presets do.
//! - The spec's action types of other games (`join`, `peek`, `explode`, …) parse and are refused
//!   `not_your_role`; so are a 4.0 type in 5.0 (`save`, `secret_kill`) and the reverse.
//! - After the end, submissions are refused `game_over` and resolutions publish nothing.

mod action;
pub mod bot;
mod day;
mod end;
mod event;
mod forms;
mod lines;
mod messages;
mod night4;
mod night5;
mod play;
mod role;
mod rules;
mod setup;
mod sheet;
mod state;
mod submit;
mod table;
mod variant;
mod view;

pub use action::{Action, NightAct};
pub use event::{Audience, Cause, Entry, Event, Finding, Item, Refusal, Reply, Seen, Winner};
pub use forms::{CAST, forms};
pub use night4::Night4;
pub use night5::Night5;
pub use role::{Role, RoleGame, Side, in_team};
pub use setup::{EDITION, SetupError, draw_roles, options, start};
pub use state::{Game, NightSub, SeatState, Today};
pub use table::{RoleCustom, RoleTable};
pub use variant::{V4WUJIAN, V5EMIN, custom};

#[cfg(test)]
mod own_tests;

/// What the tests of both nights (`night4.rs`, `night5.rs`) share: a table dealt fixed roles,
/// and one night played from its submissions.
#[cfg(test)]
mod night_tests {
    use super::action::{Action, NightAct};
    use super::role::Role;
    use super::state::Game;
    use super::table::RoleTable;
    use crate::table::{Seat, Speeches};

    /// A game at `table` whose seat `i` (game and real ID `s{i}`) holds `roles[i]`.
    pub(super) fn game(table: impl Into<RoleTable>, roles: Vec<Role>) -> Game {
        let names: Vec<String> = (0..roles.len()).map(|i| format!("s{i}")).collect();
        Game::new(table.into(), Speeches::Ordered, names.clone(), names, roles)
    }

    /// Submits `acts` (seat, action, target seat), resolves the night and returns who it put out.
    pub(super) fn night(g: &mut Game, acts: &[(u8, NightAct, u8)]) -> Vec<Seat> {
        for &(by, act, t) in acts {
            let a = Action::Night {
                act,
                target: Some(format!("s{t}")),
            };
            g.submit_as(Seat(by), &a).expect("accepted");
        }
        let before: Vec<bool> = g.all_seats().map(|s| g.is_alive(s)).collect();
        g.resolve();
        g.all_seats()
            .filter(|s| before[s.index()] && !g.is_alive(*s))
            .collect()
    }
}
