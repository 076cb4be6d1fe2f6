//! Submissions (replay `action` objects). `Action<String>` is the wire form that names seats by
//! game ID; `Action<Seat>` is what the engine takes. Unknown names become `Seat::UNKNOWN` so that
//! they are refused in the ruling book's order instead of failing to parse.

use serde::{Deserialize, Serialize};

use crate::action::{Malformed, Why};

use super::ids::Seat;
use super::roster::Roster;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action<S = Seat> {
    /// DN-7..10
    Kill {
        target: S,
        real_id: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        notebook: Option<u8>,
    },
    /// DN-11..13
    Join {
        target: S,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        notebook: Option<u8>,
    },
    /// DN-6
    Pass {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        notebook: Option<u8>,
    },
    /// DN-20
    EyeRequest,
    /// DN-21
    EyeUse { target: S },
    /// DN-18
    Transfer {
        target: S,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        notebook: Option<u8>,
    },
    /// DN-24
    Heir {
        target: S,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        notebook: Option<u8>,
    },
    /// DN-14
    Vote { targets: Vec<S> },
}

/// The kinds of action, for `allowed_actions`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    Kill,
    Join,
    Pass,
    EyeRequest,
    EyeUse,
    Transfer,
    Heir,
    Vote,
}

impl ActionKind {
    pub const ALL: [ActionKind; 8] = [
        ActionKind::Kill,
        ActionKind::Join,
        ActionKind::Pass,
        ActionKind::EyeRequest,
        ActionKind::EyeUse,
        ActionKind::Transfer,
        ActionKind::Heir,
        ActionKind::Vote,
    ];

    /// The fields an action object of this kind may carry besides `type` (replay.md,
    /// "Deathnote actions"): the API refuses any other, so nothing unread is ever stored.
    pub fn fields(self) -> &'static [&'static str] {
        match self {
            ActionKind::Kill => &["target", "real_id", "notebook"],
            ActionKind::Join | ActionKind::Transfer | ActionKind::Heir => &["target", "notebook"],
            ActionKind::Pass => &["notebook"],
            ActionKind::EyeRequest => &[],
            ActionKind::EyeUse => &["target"],
            ActionKind::Vote => &["targets"],
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            ActionKind::Kill => "kill",
            ActionKind::Join => "join",
            ActionKind::Pass => "pass",
            ActionKind::EyeRequest => "eye_request",
            ActionKind::EyeUse => "eye_use",
            ActionKind::Transfer => "transfer",
            ActionKind::Heir => "heir",
            ActionKind::Vote => "vote",
        }
    }
}

impl<S> Action<S> {
    pub fn kind(&self) -> ActionKind {
        match self {
            Action::Kill { .. } => ActionKind::Kill,
            Action::Join { .. } => ActionKind::Join,
            Action::Pass { .. } => ActionKind::Pass,
            Action::EyeRequest => ActionKind::EyeRequest,
            Action::EyeUse { .. } => ActionKind::EyeUse,
            Action::Transfer { .. } => ActionKind::Transfer,
            Action::Heir { .. } => ActionKind::Heir,
            Action::Vote { .. } => ActionKind::Vote,
        }
    }

    /// The same action with every seat reference mapped by `f`.
    pub fn map_seats<T>(&self, mut f: impl FnMut(&S) -> T) -> Action<T> {
        match self {
            Action::Kill {
                target,
                real_id,
                notebook,
            } => Action::Kill {
                target: f(target),
                real_id: real_id.clone(),
                notebook: *notebook,
            },
            Action::Join { target, notebook } => Action::Join {
                target: f(target),
                notebook: *notebook,
            },
            Action::Pass { notebook } => Action::Pass {
                notebook: *notebook,
            },
            Action::EyeRequest => Action::EyeRequest,
            Action::EyeUse { target } => Action::EyeUse { target: f(target) },
            Action::Transfer { target, notebook } => Action::Transfer {
                target: f(target),
                notebook: *notebook,
            },
            Action::Heir { target, notebook } => Action::Heir {
                target: f(target),
                notebook: *notebook,
            },
            Action::Vote { targets } => Action::Vote {
                targets: targets.iter().map(f).collect(),
            },
        }
    }
}

impl Action<String> {
    /// Parses a wire action object (`{"type":"kill","target":…,"real_id":…}`).
    /// Unknown `type`, a missing field or a wrong type is an error; unknown fields are ignored.
    pub fn from_json(value: &serde_json::Value) -> Result<Self, serde_json::Error> {
        Action::deserialize(value)
    }

    /// Like [`Action::from_json`], an object that does not parse told by what is wrong with it
    /// (no type, an unknown one, or the first field of its type that is missing or not of its
    /// kind), with serde's English as the detail.
    pub fn parse(value: &serde_json::Value) -> Result<Self, Malformed> {
        Action::from_json(value).map_err(|e| Malformed::new(malformed(value), e.to_string()))
    }

    /// The wire object of what was understood: exactly the known fields, nothing else.
    pub fn to_json(&self) -> serde_json::Value {
        // Strings, numbers and lists of strings: serializing cannot fail.
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }

    /// Names → seats; an unknown name becomes `Seat::UNKNOWN`.
    pub fn to_seats(&self, roster: &Roster) -> Action<Seat> {
        self.map_seats(|name| roster.seat_or_unknown(name))
    }
}

/// What is wrong with an action object serde refused (replay.md, "Deathnote actions").
fn malformed(value: &serde_json::Value) -> Why {
    use serde_json::Value;
    let Some(kind) = value.get("type").and_then(Value::as_str) else {
        return Why::NoType;
    };
    let Some(kind) = ActionKind::ALL.into_iter().find(|k| k.name() == kind) else {
        return Why::UnknownType;
    };
    let wrong = |field: &str| match (field, value.get(field)) {
        ("targets", Some(Value::Array(l))) => !l.iter().all(Value::is_string),
        // DN-6a: a notebook is named by its number, or not at all.
        ("notebook", None | Some(Value::Null)) => false,
        ("notebook", Some(n)) => n.as_u64().is_none_or(|n| n > u64::from(u8::MAX)),
        (_, Some(v)) => !v.is_string(),
        (_, None) => true,
    };
    kind.fields()
        .iter()
        .find(|f| wrong(f))
        // serde refused what every field check passes: say the type does not fit.
        .map_or(Why::UnknownType, |f| Why::Field(f))
}

/// DN-7: both sides trimmed, ASCII letters compared case-insensitively, all else exact.
pub fn real_id_matches(guess: &str, real: &str) -> bool {
    guess.trim().eq_ignore_ascii_case(real.trim())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Every field an action of each kind can serialize is in its `fields` list, and no other.
    #[test]
    fn field_lists_match_the_wire_form() {
        let full: [Action<String>; 8] = [
            Action::Kill {
                target: "L".into(),
                real_id: "bob".into(),
                notebook: Some(1),
            },
            Action::Join {
                target: "L".into(),
                notebook: Some(1),
            },
            Action::Pass { notebook: Some(2) },
            Action::EyeRequest,
            Action::EyeUse { target: "L".into() },
            Action::Transfer {
                target: "L".into(),
                notebook: Some(1),
            },
            Action::Heir {
                target: "L".into(),
                notebook: Some(1),
            },
            Action::Vote {
                targets: vec!["L".into()],
            },
        ];
        for (a, kind) in full.iter().zip(ActionKind::ALL) {
            assert_eq!(a.kind(), kind);
            let serde_json::Value::Object(m) = a.to_json() else {
                panic!("an object");
            };
            let mut keys: Vec<&str> = m
                .keys()
                .map(String::as_str)
                .filter(|k| *k != "type")
                .collect();
            let mut want = kind.fields().to_vec();
            keys.sort_unstable();
            want.sort_unstable();
            assert_eq!(keys, want, "{}", kind.name());
            assert_eq!(m["type"], json!(kind.name()));
        }
    }

    #[test]
    fn the_wire_form_keeps_only_what_was_understood() {
        let sent = json!({"type": "vote", "targets": ["L"], "pad": "x", "by": "L"});
        let a = Action::from_json(&sent).expect("unknown fields are ignored when parsing");
        assert_eq!(a.to_json(), json!({"type": "vote", "targets": ["L"]}));
        let pass = Action::from_json(&json!({"type": "pass", "notebook": null})).expect("parses");
        assert_eq!(pass.to_json(), json!({"type": "pass"}));
    }
}
