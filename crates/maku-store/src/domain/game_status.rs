//! Where a game stands: open for sign-ups, running (dealt, acts resolving), or finished. Stored
//! as its name; parsed once, where a row is read.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// Created, taking sign-ups; nothing is dealt.
    Signup,
    /// Dealt; its acts resolve at their deadlines.
    Running,
    /// Over: its winner is known and its secrets are revealed.
    Finished,
}

/// A stored status that is none of the known ones.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game status {0:?}")]
pub struct UnknownStatus(pub String);

impl GameStatus {
    pub const ALL: [GameStatus; 3] = [
        GameStatus::Signup,
        GameStatus::Running,
        GameStatus::Finished,
    ];

    /// Its stored name (and its catalog key's end, `games-status-<name>`).
    pub fn name(self) -> &'static str {
        match self {
            GameStatus::Signup => "signup",
            GameStatus::Running => "running",
            GameStatus::Finished => "finished",
        }
    }

    pub fn is_signup(self) -> bool {
        self == GameStatus::Signup
    }

    pub fn is_running(self) -> bool {
        self == GameStatus::Running
    }

    pub fn is_finished(self) -> bool {
        self == GameStatus::Finished
    }

    pub fn parse(name: &str) -> Option<GameStatus> {
        GameStatus::ALL.into_iter().find(|s| s.name() == name)
    }
}

impl TryFrom<String> for GameStatus {
    type Error = UnknownStatus;
    fn try_from(s: String) -> Result<GameStatus, UnknownStatus> {
        GameStatus::parse(&s).ok_or(UnknownStatus(s))
    }
}

impl fmt::Display for GameStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl serde::Serialize for GameStatus {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_reads_back_as_stored() {
        for s in GameStatus::ALL {
            assert_eq!(GameStatus::try_from(s.name().to_string()), Ok(s));
        }
        assert!(GameStatus::try_from("paused".to_string()).is_err());
    }
}
