//! What the classic engine tells: replies to submissions, refusals, and private and public events,
//! each with its audience. Seats are numbers here; `lines.rs` turns an entry into the transcript
//! objects of `../shared/spec/replay.md` ("Classic presets"), naming seats by game ID.

use super::roles::Faction;
pub use crate::table::Audience;
use crate::table::{self, Seat, Team, Word};

/// Why a seat went out (public `out.cause`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cause {
    /// The night's kill (CL-1); at a table with a role of another book, every night death
    /// (R4-4: announced by game ID only, R5-4: without causes; so the doctor's rule's death, a
    /// shot's, a secret kill's, a second empty needle's and a death through the butterfly read
    /// as the kill's).
    Killed,
    /// The day's vote (CL-6).
    Voted,
    /// Self-explosion (CL-8).
    Exploded,
}

impl Cause {
    pub const ALL: [Cause; 3] = [Cause::Killed, Cause::Voted, Cause::Exploded];

    pub fn name(self) -> &'static str {
        match self {
            Cause::Killed => "killed",
            Cause::Voted => "voted",
            Cause::Exploded => "exploded",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// The end of a game (CL-10, CL-11, WJ-4, the third tie of CL-7).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    /// Police and civilians.
    Good,
    Killers,
    Draw,
    /// A wujian faction.
    Faction(Faction),
}

impl Winner {
    pub fn name(self) -> &'static str {
        match self {
            Winner::Good => "good",
            Winner::Killers => "killers",
            Winner::Draw => "draw",
            Winner::Faction(f) => f.name(),
        }
    }
}

/// Who surrendered (`surrendered.team`): a team (CL-9) or a wujian faction (WJ-4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Team(Team),
    Faction(Faction),
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Team(t) => t.name(),
            Side::Faction(f) => f.name(),
        }
    }
}

/// The reply to an accepted submission (`reply.type`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reply {
    KillRecorded,
    CheckRecorded,
    /// R4-3: the doctor's save.
    SaveRecorded,
    /// R5-1: the sniper's shot.
    SnipeRecorded,
    /// R4-3: the butterfly's hug.
    HugRecorded,
    /// R4-3: the secret police's kill.
    SecretKillRecorded,
    /// R4-3: the forest elder's silence.
    SilenceRecorded,
    /// R5-1: the magician's magic.
    MagicRecorded,
    /// R5-1: the wizard's query.
    QueryRecorded,
    /// R5-1: a good or evil civilian's dark vote.
    DarkVoteRecorded,
    /// R5-1: a needle doctor's needle.
    NeedleRecorded,
    VoteRecorded,
    PeekRecorded,
    Exploded,
    Surrendered,
}

impl Word for Reply {
    /// Its `type`.
    fn word(&self) -> &'static str {
        match self {
            Reply::KillRecorded => "kill_recorded",
            Reply::CheckRecorded => "check_recorded",
            Reply::SaveRecorded => "save_recorded",
            Reply::SnipeRecorded => "snipe_recorded",
            Reply::HugRecorded => "hug_recorded",
            Reply::SecretKillRecorded => "secret_kill_recorded",
            Reply::SilenceRecorded => "silence_recorded",
            Reply::MagicRecorded => "magic_recorded",
            Reply::QueryRecorded => "query_recorded",
            Reply::DarkVoteRecorded => "dark_vote_recorded",
            Reply::NeedleRecorded => "needle_recorded",
            Reply::VoteRecorded => "vote_recorded",
            Reply::PeekRecorded => "peek_recorded",
            Reply::Exploded => "exploded",
            Reply::Surrendered => "surrendered",
        }
    }
}

/// Why a submission was refused. The variants are in the ruling book's order ("Refusals"):
/// when several apply, the first is given.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, thiserror::Error)]
pub enum Refusal {
    #[error("no such seat in this game")]
    UnknownSeat,
    #[error("the game is over")]
    GameOver,
    #[error("the seat is out")]
    Out,
    #[error("no role of this seat has that action")]
    NotYourRole,
    #[error("that action is not open in this phase")]
    NotNow,
    #[error("the target is unknown or out")]
    BadTarget,
    /// R4-3: the butterfly's hug and the secret kill name another seat; R5-1: so do the
    /// magician's magic, the wizard's query and the kill of either holding it (R5-2).
    #[error("this action may not name the seat itself (R4-3, R5-1)")]
    SelfTarget,
    #[error("this round's vote is only for the tied seats (CL-7)")]
    NotTied,
    /// R4-3: the secret police kills once per game.
    #[error("the secret kill is spent: once per game (R4-3)")]
    AlreadyUsed,
    /// R4-5: a seat a forest elder silenced may not speak today, so a silenced killer may
    /// not self-explode (CL-8: an explosion is spoken); R5-4: a seat 5.0's forest elder
    /// silenced does not vote either, so its ballot is refused (the role games' code for a v5
    /// vote by a silenced seat).
    #[error(
        "a silenced seat does not speak today nor self-explode, nor vote if 5.0's (R4-5, R5-4)"
    )]
    Silenced,
    #[error("the first night may not kill the previous game's first victim again (CL-3)")]
    SeriesRepeat,
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
            Refusal::SeriesRepeat => "series_repeat",
        }
    }
}

/// The wizard's answer (`query_result.acted_on`, R5-3 (4)), as the role games word it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Seen {
    /// The seat the target's own submission named, whether or not it took effect.
    Seat(Seat),
    /// `none`: the target submitted nothing this night, or was magicked (R5-3 (2) struck its
    /// submissions).
    Nothing,
    /// `blocked`: the wizard himself was magicked; he learns nothing.
    Blocked,
}

/// An event of the game (`event.type`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// CL-0: the whole team in seat order, the recipient included.
    Teammates {
        team: Team,
        seats: Vec<Seat>,
    },
    /// CL-2: the night's check.
    CheckResult {
        target: Seat,
        killer: bool,
    },
    /// R5-3 (4): the wizard's answer, told to him alone at the night's end (even if he dies
    /// this night): what his target's own submission of the night named (the role games'
    /// `query_result`).
    QueryResult {
        target: Seat,
        seen: Seen,
    },
    /// R5-2: told to the heir of the kill when it passes to him (the magician when every
    /// killer is out, the wizard when the magician dealt is out too): the kill is his now.
    KillInherited,
    /// WJ-2: the other seats that opened at the same call, in seat order.
    PeekSeen {
        call: Faction,
        seats: Vec<Seat>,
    },
    Out {
        target: Seat,
        cause: Cause,
    },
    /// A night in which nobody died (`day: false`), or a day that put nobody out.
    Peaceful {
        day: bool,
    },
    /// CL-7: the tied seats in seat order.
    Tie {
        round: u8,
        seats: Vec<Seat>,
    },
    /// CL-6: every living seat's ballot (`None`: abstained or cast none), in seat order.
    Votes {
        round: u8,
        ballots: Vec<(Seat, Option<Seat>)>,
    },
    /// R5-4 at a classic table: the night's dark votes were counted with round 1's ballots
    /// (published after them, only when at least one was). It names no caster, no target and
    /// no number: the dark votes are added "unseen"; the line only says why the outcome may
    /// differ from the published ballots.
    DarkVotesCounted,
    Surrendered {
        side: Side,
    },
    /// R4-4 (5), R4-5: the seat the forest elder silenced, alive after the night's deaths, is
    /// told it loses its voice for the day (the role games' private `silenced`); R5-3 (3),
    /// R5-4: the seat 5.0's forest elder silenced likewise, and that it does not vote either
    /// (`votes: false`, said as `"votes": false` on the event: the only thing that tells the
    /// seat which silence it bears at a table that deals both elders).
    Silenced {
        votes: bool,
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
