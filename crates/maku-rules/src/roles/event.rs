//! What the role games tell: replies, refusals, private and public events, each with its
//! audience. Seats are numbers here; `lines.rs` names them by game ID.

use super::action::NightAct;
use super::role::Side;
pub use crate::table::Audience;
use crate::table::{self, Seat, Team, Word};

/// Why a seat went out (public `out.cause`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cause {
    /// Any night death (R4-4, R5-3 5.): announced without its cause.
    Night,
    /// The day's vote (R4-1, R5-4).
    Voted,
}

impl Cause {
    pub const ALL: [Cause; 2] = [Cause::Night, Cause::Voted];

    pub fn name(self) -> &'static str {
        match self {
            Cause::Night => "night",
            Cause::Voted => "voted",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// The end (R4-6, R5-5).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    Good,
    Bad,
    Draw,
}

impl Winner {
    pub fn name(self) -> &'static str {
        match self {
            Winner::Good => "good",
            Winner::Bad => "bad",
            Winner::Draw => "draw",
        }
    }

    /// The winner of a side, or a draw when both win at once.
    pub fn of(good: bool, bad: bool) -> Option<Winner> {
        match (good, bad) {
            (true, true) => Some(Winner::Draw),
            (true, false) => Some(Winner::Good),
            (false, true) => Some(Winner::Bad),
            (false, false) => None,
        }
    }
}

/// The reply to an accepted submission (`reply.type`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reply {
    /// `<type>_recorded`.
    Recorded(NightAct),
    VoteRecorded,
}

impl Word for Reply {
    /// Its `type`.
    fn word(&self) -> &'static str {
        match self {
            Reply::Recorded(a) => a.recorded(),
            Reply::VoteRecorded => "vote_recorded",
        }
    }
}

/// Why a submission was refused, in the spec's order: when several apply, the first is given.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, thiserror::Error)]
pub enum Refusal {
    #[error("no such seat in this game")]
    UnknownSeat,
    #[error("the game is over")]
    GameOver,
    #[error("the seat is out")]
    Out,
    #[error("no role of this seat has that action now")]
    NotYourRole,
    #[error("that action is not open in this phase")]
    NotNow,
    #[error("the target is unknown or out")]
    BadTarget,
    #[error("this role may not name itself")]
    SelfTarget,
    #[error("this round's vote is only for the tied seats (CL-7)")]
    NotTied,
    #[error("the secret kill is spent (R4-3)")]
    AlreadyUsed,
    #[error("a silenced seat does not vote today (R5-4)")]
    Silenced,
}

impl Refusal {
    /// The spec's error code.
    pub fn code(self) -> &'static str {
        match self {
            Refusal::UnknownSeat => "unknown_seat",
            Refusal::GameOver => "game_over",
            Refusal::Out => "out",
            Refusal::NotYourRole => "not_your_role",
            Refusal::NotNow => "not_now",
            Refusal::BadTarget => "bad_target",
            Refusal::SelfTarget => "self_target",
            Refusal::NotTied => "not_tied",
            Refusal::AlreadyUsed => "already_used",
            Refusal::Silenced => "silenced",
        }
    }
}

/// A check's answer (`check_result.result`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Finding {
    /// 4.0: a killer or the undercover.
    Killer,
    NotKiller,
    /// 5.0.
    Side(Side),
    /// 5.0: the police was magicked or named the hugged seat.
    Blocked,
}

impl Finding {
    pub fn name(self) -> &'static str {
        match self {
            Finding::Killer => "killer",
            Finding::NotKiller => "not_killer",
            Finding::Side(s) => s.name(),
            Finding::Blocked => "blocked",
        }
    }
}

/// The wizard's answer (`query_result.acted_on`, R5-3 4.).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Seen {
    /// The seat the target acted on.
    Seat(Seat),
    /// The target did not act, or was magicked.
    Nothing,
    /// The wizard was magicked or named the hugged seat.
    Blocked,
}

/// An event of the game (`event.type`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// R4-2: the whole team in seat order, the recipient included.
    Teammates {
        team: Team,
        seats: Vec<Seat>,
    },
    CheckResult {
        target: Seat,
        result: Finding,
    },
    QueryResult {
        target: Seat,
        seen: Seen,
    },
    /// R4-5, R5-3: the seat loses its voice for the day.
    Silenced,
    /// R5-2: the seat now holds the kill.
    KillInherited,
    /// `side`: 5.0's day outs (the evil civilian counts as good).
    Out {
        target: Seat,
        cause: Cause,
        side: Option<Side>,
    },
    /// A night in which nobody died (`day: false`), or a day that put nobody out.
    Peaceful {
        day: bool,
    },
    /// 4.0 (CL-7): the tied seats in seat order.
    Tie {
        round: u8,
        seats: Vec<Seat>,
    },
    /// 4.0 (CL-6): every living seat's ballot, in seat order.
    Votes {
        round: u8,
        ballots: Vec<(Seat, Option<Seat>)>,
    },
    GameOver {
        winner: Winner,
    },
}

/// One thing the game said.
pub type Item = table::Item<Reply, Refusal, Event>;

/// One entry of the game's log: what was said, and in which act.
pub type Entry = table::Entry<Reply, Refusal, Event>;

impl Word for Refusal {
    fn word(&self) -> &'static str {
        self.code()
    }
}
