//! The role games' action objects (`../shared/spec/replay.md`, "Role games"): parsed from and
//! written back to exactly the replay/API JSON. Both games parse the same types; which seat may
//! use which is the rules' business (`not_your_role`).

use crate::action::Malformed;
use crate::interface::SPEC_ACTIONS;
use serde_json::{Map, Value, json};

use crate::table::{self, round};

/// A night action type (R4-3, R5-1), each naming one seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum NightAct {
    Kill,
    Check,
    Hug,
    Silence,
    Save,
    SecretKill,
    Needle,
    Snipe,
    Magic,
    Query,
    DarkVote,
}

impl NightAct {
    pub const ALL: [NightAct; 11] = [
        NightAct::Kill,
        NightAct::Check,
        NightAct::Hug,
        NightAct::Silence,
        NightAct::Save,
        NightAct::SecretKill,
        NightAct::Needle,
        NightAct::Snipe,
        NightAct::Magic,
        NightAct::Query,
        NightAct::DarkVote,
    ];

    /// Its `type`.
    pub fn name(self) -> &'static str {
        match self {
            NightAct::Kill => "kill",
            NightAct::Check => "check",
            NightAct::Hug => "hug",
            NightAct::Silence => "silence",
            NightAct::Save => "save",
            NightAct::SecretKill => "secret_kill",
            NightAct::Needle => "needle",
            NightAct::Snipe => "snipe",
            NightAct::Magic => "magic",
            NightAct::Query => "query",
            NightAct::DarkVote => "dark_vote",
        }
    }

    /// Its reply (`<type>_recorded`).
    pub fn recorded(self) -> &'static str {
        match self {
            NightAct::Kill => "kill_recorded",
            NightAct::Check => "check_recorded",
            NightAct::Hug => "hug_recorded",
            NightAct::Silence => "silence_recorded",
            NightAct::Save => "save_recorded",
            NightAct::SecretKill => "secret_kill_recorded",
            NightAct::Needle => "needle_recorded",
            NightAct::Snipe => "snipe_recorded",
            NightAct::Magic => "magic_recorded",
            NightAct::Query => "query_recorded",
            NightAct::DarkVote => "dark_vote_recorded",
        }
    }

    fn from_name(name: &str) -> Option<NightAct> {
        NightAct::ALL.into_iter().find(|a| a.name() == name)
    }
}

/// One submission's action. Seats are named by game ID as submitted; the engine looks them up
/// (an unknown name, or `null` outside a vote, is a `bad_target`, not a malformed action).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Night {
        act: NightAct,
        target: Option<String>,
    },
    /// `target: None` abstains; `round` as given (absent: the current round).
    Vote {
        target: Option<String>,
        round: Option<u8>,
    },
    /// A type of another game; `round` only for a day one (`explode`).
    Foreign {
        kind: &'static str,
        round: Option<u8>,
    },
}

/// A target: a game ID or `null` (refused `bad_target` outside a vote, not malformed).
fn target(v: &Value, kind: &str) -> Result<Option<String>, Malformed> {
    table::target(v, kind, true)
}

impl Action {
    /// Parses an action object; fields the action does not have are ignored.
    pub fn from_json(v: &Value) -> Result<Action, Malformed> {
        let Some(kind) = v.get("type").and_then(Value::as_str) else {
            return Err(Malformed::no_type());
        };
        if kind == "vote" {
            return Ok(Action::Vote {
                target: target(v, kind)?,
                round: round(v)?,
            });
        }
        if let Some(act) = NightAct::from_name(kind) {
            return Ok(Action::Night {
                act,
                target: target(v, kind)?,
            });
        }
        // Another game's type (this game's own are matched above) is refused `not_your_role` by
        // the engine rather than failing to parse; `explode` is a day action, taken with its
        // round, the others with the night's.
        match SPEC_ACTIONS.iter().find(|f| **f == kind) {
            Some(&"explode") => Ok(Action::Foreign {
                kind: "explode",
                round: Some(round(v)?.unwrap_or(1)),
            }),
            Some(f) => Ok(Action::Foreign {
                kind: f,
                round: None,
            }),
            None => Err(Malformed::unknown_type(kind)),
        }
    }

    /// The action object as the engine understood it.
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("type".into(), json!(self.kind()));
        match self {
            Action::Night { target, .. } => {
                m.insert("target".into(), json!(target));
            }
            Action::Vote { target, round } => {
                m.insert("target".into(), json!(target));
                if let Some(r) = round {
                    m.insert("round".into(), json!(r));
                }
            }
            Action::Foreign { .. } => {}
        }
        Value::Object(m)
    }

    /// Its `type`.
    pub fn kind(&self) -> &'static str {
        match self {
            Action::Night { act, .. } => act.name(),
            Action::Vote { .. } => "vote",
            Action::Foreign { kind, .. } => kind,
        }
    }

    /// The fields its type may carry besides `type`.
    pub fn fields(&self) -> &'static [&'static str] {
        match self {
            Action::Night { .. } => &["target"],
            Action::Vote { .. } => &["target", "round"],
            Action::Foreign { kind, .. } => crate::interface::spec_fields(kind),
        }
    }

    /// The day round a replay takes it in; `None` for the night's actions.
    pub fn replay_round(&self) -> Option<u8> {
        match self {
            Action::Vote { round, .. } => Some(round.unwrap_or(1)),
            Action::Foreign { round, .. } => *round,
            Action::Night { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip_and_bad_objects_are_malformed() {
        for v in [
            json!({"type": "hug", "target": "令狐冲"}),
            json!({"type": "secret_kill", "target": "令狐冲"}),
            json!({"type": "dark_vote", "target": null}),
            json!({"type": "vote", "target": null}),
            json!({"type": "vote", "target": "令狐冲", "round": 3}),
            json!({"type": "join"}),
        ] {
            let a = Action::from_json(&v).expect("parses");
            assert_eq!(a.to_json(), v);
        }
        assert_eq!(
            Action::from_json(&json!({"type": "explode", "round": 2}))
                .expect("parses")
                .replay_round(),
            Some(2)
        );
        for v in [
            json!({"type": "kill"}),
            json!({"type": "needle", "target": 3}),
            json!({"type": "vote"}),
            json!({"type": "vote", "target": null, "round": 4}),
            json!({"type": "dance", "target": "x"}),
            json!({"target": "x"}),
        ] {
            assert!(Action::from_json(&v).is_err(), "{v}");
        }
    }
}
