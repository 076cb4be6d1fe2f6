//! The small identifiers every part of the engine speaks in: seats, the two notebooks, names.
//!
//! They live in a file of their own, below `state`, `event` and `roster`, so that those files can
//! share them without importing each other (no import cycle inside the engine).

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A seat: its position in seat order, 0-based (seat 1 of the spec is `Seat(0)`).
/// A number outside the game stands for an unknown name (refused `bad_target` / `unknown_seat`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    /// Stands for a name that is not a seat of the game.
    pub const UNKNOWN: Seat = Seat(u8::MAX);

    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// One of the two notebooks (DN terms: "exactly two exist, N1 and N2"). Serialized as 1 or 2.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NotebookId {
    N1,
    N2,
}

impl NotebookId {
    pub const BOTH: [NotebookId; 2] = [NotebookId::N1, NotebookId::N2];

    pub fn index(self) -> usize {
        match self {
            NotebookId::N1 => 0,
            NotebookId::N2 => 1,
        }
    }

    pub fn number(self) -> u8 {
        self.index() as u8 + 1
    }

    /// 1 → N1, 2 → N2, anything else → `None`.
    pub fn from_number(n: u8) -> Option<NotebookId> {
        match n {
            1 => Some(NotebookId::N1),
            2 => Some(NotebookId::N2),
            _ => None,
        }
    }

    pub fn other(self) -> NotebookId {
        match self {
            NotebookId::N1 => NotebookId::N2,
            NotebookId::N2 => NotebookId::N1,
        }
    }
}

impl Serialize for NotebookId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.number())
    }
}

impl<'de> Deserialize<'de> for NotebookId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = u8::deserialize(d)?;
        NotebookId::from_number(n)
            .ok_or_else(|| serde::de::Error::custom("notebook must be 1 or 2"))
    }
}

/// A game ID or real ID, shared cheaply between the roster, events and replies.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Name(pub Arc<str>);

impl Name {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<&str> for Name {
    fn from(s: &str) -> Self {
        Name(Arc::from(s))
    }
}

impl Serialize for Name {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Name(Arc::from(String::deserialize(d)?)))
    }
}
