//! The classic action objects (`../shared/spec/replay.md`, "Classic presets"): parsed from and
//! written back to exactly the replay/API JSON.

use crate::action::Malformed;
use crate::interface::SPEC_ACTIONS;
use serde_json::{Map, Value, json};

use super::roles::Call;
use crate::table::{self, round};

/// One submission's action. Seats are named by game ID as submitted; the engine looks them up
/// (an unknown name is a `bad_target`, not a malformed action).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// CL-1: the night's kill target.
    Kill { target: String },
    /// CL-2: the night's check target.
    Check { target: String },
    /// R4-3: the doctor's save, at a table that deals a doctor (elsewhere `save` is another
    /// game's type, [`Action::Foreign`]).
    Save { target: String },
    /// R5-1: the sniper's shot, at a table that deals a sniper (elsewhere `snipe` is another
    /// game's type, [`Action::Foreign`]).
    Snipe { target: String },
    /// R4-3: the butterfly's hug of one other seat, at a table that deals a butterfly — 4.0's,
    /// or 5.0's shield butterfly (R5-1) — (elsewhere `hug` is another game's type,
    /// [`Action::Foreign`]).
    Hug { target: String },
    /// R4-3: the secret police's kill of one other seat, once per game, at a table that deals
    /// a secret police (elsewhere `secret_kill` is another game's type, [`Action::Foreign`]).
    SecretKill { target: String },
    /// R4-3: the forest elder's silence of one seat, itself allowed, at a table that deals an
    /// elder (elsewhere `silence` is another game's type, [`Action::Foreign`]).
    Silence { target: String },
    /// R5-1, R5-3 (2): the magician's magic on one other seat, at a table that deals a
    /// magician (elsewhere `magic` is another game's type, [`Action::Foreign`]).
    Magic { target: String },
    /// R5-1, R5-3 (4): the wizard's query of one other seat, at a table that deals a wizard
    /// (elsewhere `query` is another game's type, [`Action::Foreign`]).
    Query { target: String },
    /// R5-1, R5-4: a good or evil civilian's dark vote on one seat, itself allowed, at a table
    /// that deals either (elsewhere `dark_vote` is another game's type, [`Action::Foreign`]).
    DarkVote { target: String },
    /// R5-1, R5-3 (5): a needle doctor's needle on one seat, itself allowed, at a table that
    /// deals one (elsewhere `needle` is another game's type, [`Action::Foreign`]).
    Needle { target: String },
    /// CL-9, WJ-4.
    Surrender,
    /// WJ-2.
    Peek { call: Call },
    /// CL-8; `round` as given (absent: the round of the day it comes in).
    Explode { round: Option<u8> },
    /// CL-6, CL-7: `target: None` abstains; `round` as given (absent: the current round).
    Vote {
        target: Option<String>,
        round: Option<u8>,
    },
    /// An action type the spec gives another game (a Death Note `join`, a role game's `hug`):
    /// no role of a classic preset has it, so it is refused `not_your_role`. It is taken with
    /// the night's actions.
    Foreign(&'static str),
}

/// The roles of other books a classic table deals, whose actions are then its own: 4.0's
/// doctor (R4-3's `save`), 5.0's sniper (R5-1's `snipe`), 4.0's butterfly (R4-3's `hug`; 5.0's
/// shield butterfly's R5-1 `hug` too: `butterfly` is true where either is dealt),
/// secret police (R4-3's `secret_kill`) and forest elder (R4-3's `silence`), 5.0's magician
/// (R5-1's `magic`) and wizard (R5-1's `query`), 5.0's good and evil civilians (R5-1's
/// `dark_vote`: `dark_vote` is true where either is dealt), 5.0's needle doctor (R5-1's
/// `needle`). A preset deals none
/// (`Across::default()`), so there those types are other games' ([`Action::Foreign`]), parsed
/// and refused as they always were.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Across {
    pub doctor: bool,
    pub sniper: bool,
    pub butterfly: bool,
    pub secret_police: bool,
    pub elder: bool,
    pub magician: bool,
    pub wizard: bool,
    pub dark_vote: bool,
    pub needle: bool,
}

/// A seat-naming action's target: a game ID (`null` is malformed, CL-1, CL-2).
fn target(v: &Value, kind: &str) -> Result<String, Malformed> {
    table::target(v, kind, false).map(Option::unwrap_or_default)
}

impl Action {
    /// Parses an action object of a table that deals no role of another book (the presets);
    /// fields the action does not have are ignored.
    pub fn from_json(v: &Value) -> Result<Action, Malformed> {
        Action::from_json_at(v, Across::default())
    }

    /// Parses an action object of a table that deals the roles of other books `across` says.
    /// Only a table with a doctor has `save` of its own (R4-3), only one with a sniper `snipe`
    /// (R5-1), only one with a butterfly `hug`, one with a secret police `secret_kill` and one
    /// with an elder `silence` (R4-3), only one with a magician `magic` and one with a wizard
    /// `query` (R5-1), only one with a good or evil civilian `dark_vote` and one with a needle
    /// doctor `needle` (R5-1), each needing a target; elsewhere each is another game's type, parsed as it always was
    /// ([`Action::Foreign`]), so a preset's transcript stays what it was.
    pub fn from_json_at(v: &Value, across: Across) -> Result<Action, Malformed> {
        let Some(kind) = v.get("type").and_then(Value::as_str) else {
            return Err(Malformed::no_type());
        };
        match kind {
            "kill" => Ok(Action::Kill {
                target: target(v, kind)?,
            }),
            "check" => Ok(Action::Check {
                target: target(v, kind)?,
            }),
            "save" if across.doctor => Ok(Action::Save {
                target: target(v, kind)?,
            }),
            "snipe" if across.sniper => Ok(Action::Snipe {
                target: target(v, kind)?,
            }),
            "hug" if across.butterfly => Ok(Action::Hug {
                target: target(v, kind)?,
            }),
            "secret_kill" if across.secret_police => Ok(Action::SecretKill {
                target: target(v, kind)?,
            }),
            "silence" if across.elder => Ok(Action::Silence {
                target: target(v, kind)?,
            }),
            "magic" if across.magician => Ok(Action::Magic {
                target: target(v, kind)?,
            }),
            "query" if across.wizard => Ok(Action::Query {
                target: target(v, kind)?,
            }),
            "dark_vote" if across.dark_vote => Ok(Action::DarkVote {
                target: target(v, kind)?,
            }),
            "needle" if across.needle => Ok(Action::Needle {
                target: target(v, kind)?,
            }),
            "surrender" => Ok(Action::Surrender),
            "peek" => match v
                .get("call")
                .and_then(Value::as_str)
                .and_then(Call::from_name)
            {
                Some(call) => Ok(Action::Peek { call }),
                None => Err(Malformed::field(
                    "call",
                    "peek needs a call: 匪, 警 or none",
                )),
            },
            "explode" => Ok(Action::Explode { round: round(v)? }),
            "vote" => {
                let target = match v.get("target") {
                    Some(Value::String(s)) => Some(s.clone()),
                    Some(Value::Null) => None,
                    Some(_) => {
                        return Err(Malformed::field(
                            "target",
                            "vote: target must be a game ID or null",
                        ));
                    }
                    None => {
                        return Err(Malformed::field(
                            "target",
                            "vote needs a target (a game ID, or null)",
                        ));
                    }
                };
                Ok(Action::Vote {
                    target,
                    round: round(v)?,
                })
            }
            // Another game's type (this game's own are matched above) is refused `not_your_role`
            // by the engine rather than failing to parse.
            other => match SPEC_ACTIONS.iter().find(|f| **f == other) {
                Some(f) => Ok(Action::Foreign(f)),
                None => Err(Malformed::unknown_type(other)),
            },
        }
    }

    /// The action object as the engine understood it.
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("type".into(), json!(self.kind()));
        match self {
            Action::Kill { target }
            | Action::Check { target }
            | Action::Save { target }
            | Action::Snipe { target }
            | Action::Hug { target }
            | Action::SecretKill { target }
            | Action::Silence { target }
            | Action::Magic { target }
            | Action::Query { target }
            | Action::DarkVote { target }
            | Action::Needle { target } => {
                m.insert("target".into(), json!(target));
            }
            Action::Peek { call } => {
                m.insert("call".into(), json!(call.name()));
            }
            Action::Explode { round } => {
                if let Some(r) = round {
                    m.insert("round".into(), json!(r));
                }
            }
            Action::Vote { target, round } => {
                m.insert("target".into(), json!(target));
                if let Some(r) = round {
                    m.insert("round".into(), json!(r));
                }
            }
            Action::Surrender | Action::Foreign(_) => {}
        }
        Value::Object(m)
    }

    /// Its `type`.
    pub fn kind(&self) -> &'static str {
        match self {
            Action::Kill { .. } => "kill",
            Action::Check { .. } => "check",
            Action::Save { .. } => "save",
            Action::Snipe { .. } => "snipe",
            Action::Hug { .. } => "hug",
            Action::SecretKill { .. } => "secret_kill",
            Action::Silence { .. } => "silence",
            Action::Magic { .. } => "magic",
            Action::Query { .. } => "query",
            Action::DarkVote { .. } => "dark_vote",
            Action::Needle { .. } => "needle",
            Action::Surrender => "surrender",
            Action::Peek { .. } => "peek",
            Action::Explode { .. } => "explode",
            Action::Vote { .. } => "vote",
            Action::Foreign(kind) => kind,
        }
    }

    /// The fields its type may carry besides `type`.
    pub fn fields(&self) -> &'static [&'static str] {
        match self {
            Action::Kill { .. }
            | Action::Check { .. }
            | Action::Save { .. }
            | Action::Snipe { .. }
            | Action::Hug { .. }
            | Action::SecretKill { .. }
            | Action::Silence { .. }
            | Action::Magic { .. }
            | Action::Query { .. }
            | Action::DarkVote { .. }
            | Action::Needle { .. } => &["target"],
            Action::Peek { .. } => &["call"],
            Action::Explode { .. } => &["round"],
            Action::Vote { .. } => &["target", "round"],
            Action::Surrender => &[],
            Action::Foreign(kind) => crate::interface::spec_fields(kind),
        }
    }

    /// A day's action (explode, vote), taken by the replay with its round; the others are
    /// taken with the night's.
    pub fn is_day(&self) -> bool {
        matches!(self, Action::Explode { .. } | Action::Vote { .. })
    }

    /// The round a replay takes a day's action in (absent: round 1, the day's first).
    pub fn replay_round(&self) -> u8 {
        match self {
            Action::Explode { round } | Action::Vote { round, .. } => round.unwrap_or(1),
            _ => 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip_and_bad_objects_are_malformed() {
        for v in [
            json!({"type": "kill", "target": "令狐冲"}),
            json!({"type": "check", "target": "令狐冲"}),
            json!({"type": "surrender"}),
            json!({"type": "peek", "call": "匪"}),
            json!({"type": "peek", "call": "none"}),
            json!({"type": "explode"}),
            json!({"type": "explode", "round": 2}),
            json!({"type": "vote", "target": null}),
            json!({"type": "vote", "target": "令狐冲", "round": 3}),
            json!({"type": "join"}),
        ] {
            let a = Action::from_json(&v).expect("parses");
            assert_eq!(a.to_json(), v);
        }
        for v in [
            json!({"type": "kill"}),
            json!({"type": "kill", "target": null}),
            json!({"type": "vote"}),
            json!({"type": "vote", "target": 3}),
            json!({"type": "vote", "target": null, "round": 4}),
            json!({"type": "explode", "round": 0}),
            json!({"type": "peek", "call": "L"}),
            json!({"type": "dance"}),
            json!({"target": "x"}),
        ] {
            assert!(Action::from_json(&v).is_err(), "{v}");
        }
    }

    /// A table that deals every role across books (R4-3, R5-1): the fields set one by one
    /// false give a table of all the others.
    fn every_role() -> Across {
        Across {
            doctor: true,
            sniper: true,
            butterfly: true,
            secret_police: true,
            elder: true,
            magician: true,
            wizard: true,
            dark_vote: true,
            needle: true,
        }
    }

    /// R4-3, R5-1: a role across books' action `own`, naming 令狐冲, is another game's type at
    /// a preset (`Action::Foreign`, parsed with or without its target, later refused
    /// `not_your_role`), and its own at a table `at` that deals the role: parsed as `own`, it
    /// round-trips, its field is the target, it is taken with the night's actions (not by day),
    /// and a missing or null target is malformed there.
    fn assert_own_at(at: Across, own: Action) {
        let kind = own.kind();
        let action = json!({"type": kind, "target": "令狐冲"});
        assert_eq!(
            Action::from_json(&action),
            Ok(Action::Foreign(kind)),
            "a preset"
        );
        assert!(Action::from_json(&json!({"type": kind})).is_ok(), "{kind}");
        let parsed = Action::from_json_at(&action, at).expect("parses");
        assert_eq!(parsed, own);
        assert_eq!(parsed.to_json(), action);
        assert_eq!(parsed.fields(), ["target"], "{kind}");
        assert!(!parsed.is_day(), "{kind}: taken with the night's actions");
        assert!(
            Action::from_json_at(&json!({"type": kind}), at).is_err(),
            "{kind}"
        );
        let null = json!({"type": kind, "target": null});
        assert!(Action::from_json_at(&null, at).is_err(), "{kind}");
    }

    /// R4-3, R5-1: [`assert_own_at`] a table whose role takes `own` (`set` true: the field of
    /// that role in [`Across`]); at a table of every other role across books (`set` false)
    /// `own` is another game's type all the same.
    fn assert_own_only_at(set: fn(&mut Across, bool), own: Action) {
        let kind = own.kind();
        let mut others = every_role();
        set(&mut others, false);
        let action = json!({"type": kind, "target": "令狐冲"});
        assert_eq!(
            Action::from_json_at(&action, others),
            Ok(Action::Foreign(kind))
        );
        let mut at = Across::default();
        set(&mut at, true);
        assert_own_at(at, own);
    }

    /// R4-3: `save` is the doctor's own only at a table that deals one; elsewhere it is another
    /// game's type, parsed (and later refused `not_your_role`) as it always was.
    #[test]
    fn r4_3_save_is_a_doctor_tables_own() {
        let doctor = Across {
            doctor: true,
            ..Across::default()
        };
        assert_own_at(
            doctor,
            Action::Save {
                target: "令狐冲".into(),
            },
        );
        // A doctor's table has no sniper: `snipe` stays another game's there.
        let snipe = json!({"type": "snipe", "target": "令狐冲"});
        assert_eq!(
            Action::from_json_at(&snipe, doctor),
            Ok(Action::Foreign("snipe"))
        );
    }

    /// R5-1: `snipe` is the sniper's own only at a table that deals one (a target needed, any
    /// seat's name: the engine looks it up); elsewhere — the presets — it is another game's
    /// type, parsed (and later refused `not_your_role`) as it always was.
    #[test]
    fn r5_1_snipe_is_a_sniper_tables_own() {
        let sniper = Across {
            sniper: true,
            ..Across::default()
        };
        assert_own_at(
            sniper,
            Action::Snipe {
                target: "令狐冲".into(),
            },
        );
        // `save` stays another game's at a sniper's table without a doctor.
        let save = json!({"type": "save", "target": "令狐冲"});
        assert_eq!(
            Action::from_json_at(&save, sniper),
            Ok(Action::Foreign("save"))
        );
    }

    /// R4-3: `hug` is the butterfly's own only at a table that deals one, `secret_kill` the
    /// secret police's only at one that deals him (a target needed); elsewhere — the presets —
    /// each is another game's type, parsed (and later refused `not_your_role`) as it always was.
    #[test]
    fn r4_3_hug_and_secret_kill_are_their_tables_own() {
        let hug = json!({"type": "hug", "target": "令狐冲"});
        let secret = json!({"type": "secret_kill", "target": "令狐冲"});
        let butterfly = Across {
            butterfly: true,
            ..Across::default()
        };
        assert_own_at(
            butterfly,
            Action::Hug {
                target: "令狐冲".into(),
            },
        );
        assert_eq!(
            Action::from_json_at(&secret, butterfly),
            Ok(Action::Foreign("secret_kill")),
            "no secret police at a butterfly's table"
        );
        let police = Across {
            secret_police: true,
            ..Across::default()
        };
        assert_own_at(
            police,
            Action::SecretKill {
                target: "令狐冲".into(),
            },
        );
        assert_eq!(
            Action::from_json_at(&hug, police),
            Ok(Action::Foreign("hug"))
        );
    }

    /// R4-3: `silence` is the forest elder's own only at a table that deals one (a target
    /// needed); elsewhere — the presets, a table of the other roles across books — it is
    /// another game's type, parsed (and later refused `not_your_role`) as it always was.
    #[test]
    fn r4_3_silence_is_an_elder_tables_own() {
        let silence = Action::Silence {
            target: "令狐冲".into(),
        };
        assert_own_only_at(|at, on| at.elder = on, silence);
    }

    /// R5-1: `query` is the wizard's own only at a table that deals one (a target needed);
    /// elsewhere — the presets, a table of the other roles across books — it is another game's
    /// type, parsed (and later refused `not_your_role`) as it always was.
    #[test]
    fn r5_1_query_is_a_wizard_tables_own() {
        let own = Action::Query {
            target: "令狐冲".into(),
        };
        assert_eq!(own.kind(), "query");
        assert_own_only_at(|at, on| at.wizard = on, own);
    }

    /// R5-1: `dark_vote` is the good and the evil civilian's own only at a table that deals
    /// either (a target needed); elsewhere — the presets, a table of the other roles across
    /// books — it is another game's type, parsed (and later refused `not_your_role`) as it
    /// always was.
    #[test]
    fn r5_1_dark_vote_is_a_civilians_tables_own() {
        let own = Action::DarkVote {
            target: "令狐冲".into(),
        };
        assert_eq!(own.kind(), "dark_vote");
        assert_own_only_at(|at, on| at.dark_vote = on, own);
    }

    /// R5-1: `needle` is the needle doctor's own only at a table that deals one (a target
    /// needed); elsewhere — the presets, a table of the other roles across books, 4.0's doctor's
    /// among them — it is another game's type, parsed (and later refused `not_your_role`) as it
    /// always was.
    #[test]
    fn r5_1_needle_is_a_needle_doctors_tables_own() {
        let own = Action::Needle {
            target: "令狐冲".into(),
        };
        assert_eq!(own.kind(), "needle");
        assert_own_only_at(|at, on| at.needle = on, own);
    }
}
