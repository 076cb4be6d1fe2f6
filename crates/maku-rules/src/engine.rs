//! A running game as every variant's engine offers it to the shell. The shell holds it as
//! `rules::Game` and never learns which engine is inside.

use std::any::Any;
use std::fmt;

use serde_json::Value;

use super::action::Action;
use super::interface::{Line, Phase, PublicSeat, Refused, SeatRecord, Submitted};

/// One submission of a replay act: the game ID of the submitter (possibly unknown: refused
/// `unknown_seat`) and its parsed action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    pub by: String,
    pub action: Action,
}

/// What a running game of one variant does. Object-safe; every method's default is what a
/// variant without that feature does.
pub trait Engine: Basics + fmt::Debug + Send + Sync {
    /// Takes one submission by the seat whose game ID is `by` (an action its variant parsed).
    fn submit(&mut self, by: &str, action: &Action) -> Submitted;

    /// Ends the current phase (its deadline has come); returns the lines it published.
    fn resolve_phase(&mut self) -> Vec<Line>;

    /// The vote counts of the open act to publish with its resolution (per game ID, most votes
    /// first), when the game's options publish them; read before the resolution.
    fn published_votes(&self) -> Option<Vec<(String, u32)>> {
        None
    }

    /// The phase open now (after the end: the step after the last one resolved).
    fn current_phase(&self) -> Phase;

    /// The phase of step `step` (the act and kind a past or present step had).
    fn phase_of(&self, step: u32) -> Phase;

    /// The phase to show a reader: the current one while the game runs, the one that ended it
    /// afterwards.
    fn shown_phase(&self) -> u32;

    /// The edition of the ruling book the game plays by, for variants whose book has editions.
    fn edition(&self) -> Option<u8> {
        None
    }

    /// The winner's name, `None` while running.
    fn outcome(&self) -> Option<&'static str>;

    /// Seats in seat order with who is still in.
    fn seats(&self) -> Vec<PublicSeat>;

    /// What the seat `game_id` sees (role, turn, private log, allowed actions).
    fn view_for(&self, game_id: &str) -> Option<Value>;

    /// What the judge's console shows of the seat besides its role and whether it is in
    /// (`running`: it is in and the game goes on).
    fn judge_facts(&self, game_id: &str, running: bool) -> serde_json::Map<String, Value>;

    /// The ballots of this phase: every living seat with its ballot, or `None` while it has
    /// none. Empty for a phase without a vote.
    fn ballots(&self) -> Vec<(String, Option<Vec<String>>)> {
        Vec::new()
    }

    /// The seat of this game the rules carry into the next game of a series, by game ID.
    fn series_carry(&self) -> Option<String> {
        None
    }

    /// Whether the seat `game_id` may read and write the team thread `team` now.
    fn in_team(&self, _team: &str, _game_id: &str) -> bool {
        false
    }

    /// The seat whose ordered turn (speech, PK) or last words it is now.
    fn speaker(&self) -> Option<String> {
        None
    }

    /// Whether the seat `game_id` may post in the game thread now (default: any living seat).
    fn may_post(&self, game_id: &str) -> bool {
        self.seats().iter().any(|s| s.game_id == game_id && s.alive)
    }

    /// Whether the seat `game_id` lost its voice for the day.
    fn is_silenced(&self, _game_id: &str) -> bool {
        false
    }

    /// The round of the vote open now; `None` outside a vote and for variants without rounds.
    fn vote_round(&self) -> Option<u8> {
        None
    }

    /// The seats the open vote is for, in seat order; empty when any living seat may be named.
    fn vote_candidates(&self) -> Vec<String> {
        Vec::new()
    }

    /// Plays one replay act (`../shared/spec/replay.md`); by default each submission, then one
    /// resolution.
    fn play_act(&mut self, subs: &[Submission]) -> Vec<Line> {
        let mut lines = Vec::new();
        for s in subs {
            lines.extend(self.submit(&s.by, &s.action).lines);
        }
        lines.extend(self.resolve_phase());
        lines
    }

    /// Action types the seat `game_id` could submit successfully now.
    fn allowed_actions(&self, game_id: &str) -> Vec<&'static str>;

    /// Game IDs of the seats that still owe a submission in this phase.
    fn owing(&self) -> Vec<String>;

    /// Every line so far (the archive transcript, without the final outcome line).
    fn transcript(&self) -> Vec<Line>;

    /// The end-of-game reveal; `None` while running.
    fn reveal(&self) -> Option<Value>;

    /// The reveal as things stand, for a game the judge ended before the rules did.
    fn reveal_now(&self) -> Value;

    /// The seat `game_id`'s part in the game as it ended, `winner` being the rules' winner or
    /// the one the judge named (`None`: none); `None` for no such seat.
    fn seat_record(&self, game_id: &str, winner: Option<&str>) -> Option<SeatRecord>;
}

/// What every engine has by being `Clone + PartialEq`: copies (games are cloned out of the fold
/// cache) and comparison.
pub trait Basics: Any {
    fn clone_box(&self) -> Box<dyn Engine>;
    /// Whether `other` is the same game in the same state.
    fn same(&self, other: &dyn Engine) -> bool;
    fn as_any(&self) -> &dyn Any;
}

impl<T: Engine + Clone + PartialEq> Basics for T {
    fn clone_box(&self) -> Box<dyn Engine> {
        Box::new(self.clone())
    }
    fn same(&self, other: &dyn Engine) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// The refusal of an action another variant parsed (the shell never makes one).
pub fn foreign_action() -> Submitted {
    Submitted {
        result: Err(Refused {
            error: "bad_request",
            message: "an action of another variant".into(),
        }),
        lines: Vec::new(),
    }
}

/// A variant's own serializable value as JSON (its event and reply types always serialize:
/// plain enums, strings and numbers).
pub fn to_value<T: serde::Serialize>(t: &T) -> Value {
    serde_json::to_value(t).unwrap_or(Value::Null)
}
