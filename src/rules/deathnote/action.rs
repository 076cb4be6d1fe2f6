//! Submissions (replay `action` objects). `Action<String>` is the wire form that names seats by
//! game ID; `Action<Seat>` is what the engine takes. Unknown names become `Seat::UNKNOWN` so that
//! they are refused in the ruling book's order instead of failing to parse.

use serde::{Deserialize, Serialize};

use super::state::{Roster, Seat};

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

    /// Names → seats; an unknown name becomes `Seat::UNKNOWN`.
    pub fn to_seats(&self, roster: &Roster) -> Action<Seat> {
        self.map_seats(|name| roster.seat_or_unknown(name))
    }
}

/// DN-7: both sides trimmed, ASCII letters compared case-insensitively, all else exact.
pub fn real_id_matches(guess: &str, real: &str) -> bool {
    guess.trim().eq_ignore_ascii_case(real.trim())
}
