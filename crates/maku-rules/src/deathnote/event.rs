//! What the engine tells: replies to submissions, private and public events, each with an
//! audience. These serialize to exactly the objects of the transcript spec
//! (`../shared/spec/replay.md`, "Deathnote replies / private events / public events").

use serde::{Deserialize, Serialize};

use super::ids::{Name, NotebookId, Seat};
use super::refusal::Refusal;

/// Why a seat went out (public `out.cause`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// DN-9
    Killed,
    /// DN-6
    NoAction,
    /// DN-15
    Voted,
    /// DN-16
    NoVote,
    /// DN-22
    Eye,
    /// DN-19
    TransferExpired,
}

impl Cause {
    pub const ALL: [Cause; 6] = [
        Cause::Killed,
        Cause::NoAction,
        Cause::Voted,
        Cause::NoVote,
        Cause::Eye,
        Cause::TransferExpired,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Cause::Killed => "killed",
            Cause::NoAction => "no_action",
            Cause::Voted => "voted",
            Cause::NoVote => "no_vote",
            Cause::Eye => "eye",
            Cause::TransferExpired => "transfer_expired",
        }
    }
}

/// Where the notebook of a Kira who went out went (DN-17).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fate {
    Recaptured,
    Taken,
    Destroyed,
}

/// One fate, or a list of two for a seat that held both notebooks (N1's first).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Fates {
    One(Fate),
    Two([Fate; 2]),
}

/// The end of the game (DN-25..27).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Winner {
    Good,
    Kira,
    Draw,
}

impl Winner {
    pub fn name(self) -> &'static str {
        match self {
            Winner::Good => "good",
            Winner::Kira => "kira",
            Winner::Draw => "draw",
        }
    }
}

/// The immediate private answer to an accepted submission.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Reply {
    /// DN-8
    KillSucceeded,
    /// DN-8: with the target's true real ID, unless the killer holds the Eye.
    KillFailed {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        real_id: Option<Name>,
    },
    /// DN-11
    JoinSucceeded { partner: Name },
    /// DN-11
    JoinFailed,
    /// DN-6
    Passed,
    /// DN-20
    EyeGranted,
    /// DN-21
    EyeSeen {
        target: Name,
        real_id: Name,
        kira: bool,
    },
    /// DN-18
    Transferred,
    /// DN-24
    HeirSet,
    /// DN-14
    VoteRecorded,
}

/// Something told outside a reply: privately to one seat, or publicly in the next post.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    // --- private ---
    /// DN-11, DN-13: told to the join partner (and to both when a join is restored).
    Joined { partner: Name },
    /// DN-17 (taken), DN-18 (transfer), DN-24 (redistribution).
    NotebookReceived {
        notebook: NotebookId,
        transferable: bool,
    },
    /// DN-19
    Recaptured { notebook: NotebookId },
    // --- public, in the ruling book's order ---
    /// DN-10
    KillFailed { target: Name },
    /// DN-11
    Join { succeeded: bool },
    /// DN-18
    NotebookTransferred,
    /// DN-20
    EyeAcquired,
    /// DN-9, DN-6, DN-15, DN-16, DN-22, DN-19, with DN-17 for Kiras.
    Out {
        target: Name,
        cause: Cause,
        kira: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        notebook: Option<Fates>,
    },
    /// DN-24
    Redistributed { count: u8 },
    /// DN-25..27
    GameOver { winner: Winner },
}

/// Who may read an entry.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "to", content = "seats", rename_all = "snake_case")]
pub enum Audience {
    Public,
    Seat(Seat),
    /// The joined Kiras' shared thread (DN-12).
    Pair(Seat, Seat),
}

impl Audience {
    pub fn includes(&self, seat: Seat) -> bool {
        match *self {
            Audience::Public => true,
            Audience::Seat(s) => s == seat,
            Audience::Pair(a, b) => a == seat || b == seat,
        }
    }
}

/// What an entry holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Item {
    /// An accepted submission of `by` and its reply.
    Reply {
        by: Seat,
        reply: Reply,
    },
    /// A refused submission of `by` (it changed nothing else).
    Refused {
        by: Seat,
        error: Refusal,
    },
    Event(Event),
}

/// One line of the game's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub act: u32,
    pub audience: Audience,
    pub item: Item,
}
