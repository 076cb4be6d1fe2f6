//! A running game as every variant's engine offers it to the shell. The shell holds it as
//! `rules::Game` and never learns which engine is inside.

use std::any::Any;
use std::fmt;

use serde_json::Value;

use super::action::Action;
use super::interface::{Line, Phase, Refused, SeatNow, SeatRecord, Submitted, TableNow};
use super::said::SeatView;

/// One submission of a replay act: the game ID of the submitter (possibly unknown: refused
/// `unknown_seat`) and its parsed action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    pub by: String,
    pub action: Action,
}

/// What a running game of one variant does: the engine side of the adapter. Object-safe; ten
/// methods, eight of them required (the two defaults are what a variant without that feature
/// does). The shell asks it — never a key of a view — what each seat owes and may do and what
/// the console shows of it ([`Engine::seat_now`]), and how the table stands, its ballots and
/// what a series carries on ([`Engine::table_now`]); [`crate::Game`] keeps the shell's
/// helpers over these answers.
pub trait Engine: Basics + fmt::Debug + Send + Sync {
    /// Takes one submission by the seat whose game ID is `by` (an action its variant parsed).
    fn submit(&mut self, by: &str, action: &Action) -> Submitted;

    /// Ends the current phase (its deadline has come); returns the lines it published.
    fn resolve_phase(&mut self) -> Vec<Line>;

    /// The phase of step `step` (the act and kind a past or present step had).
    fn phase_of(&self, step: u32) -> Phase;

    /// The table now: phase, seats, outcome, who owes, whose turn, the open vote.
    fn table_now(&self) -> TableNow;

    /// The seat `game_id` now: what it owes, may and may not do; `None` for no such seat.
    fn seat_now(&self, game_id: &str) -> Option<SeatNow>;

    /// What the seat `game_id` sees (role, turn, private log, allowed actions): the seat page's
    /// and the API's view, an edge.
    fn view_for(&self, game_id: &str) -> Option<SeatView>;

    /// Every line so far (the archive transcript, without the final outcome line).
    fn transcript(&self) -> Vec<Line>;

    /// The seat `game_id`'s part in the game as it ended, `winner` being the rules' winner or
    /// the one the judge named (`None`: none); `None` for no such seat.
    fn seat_record(&self, game_id: &str, winner: Option<&str>) -> Option<SeatRecord>;

    /// The reveal as things stand, for a game the judge ended before the rules did. Default,
    /// for a variant without secret roles: the public seats and the winner.
    fn reveal_now(&self) -> Value {
        let table = self.table_now();
        serde_json::json!({"seats": table.seats, "winner": table.outcome})
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

/// The refusal `error` of a submission by `by` in the act `act` (`message`: the engine's own
/// words, for `maku replay` and the logs): the answer and its reply line.
pub fn refused(act: u32, by: &str, error: &'static str, message: String) -> Submitted {
    Submitted {
        result: Err(Refused { error, message }),
        lines: vec![Line::Reply {
            act,
            by: by.to_string(),
            ok: false,
            reply: None,
            error: Some(error),
        }],
    }
}
