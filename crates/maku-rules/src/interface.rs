//! The plain types of the engine interface: what every variant takes (the deal) and gives
//! (transcript lines, replies, refusals, phases). Their own module so that the variants can use
//! them without importing the dispatch in `rules/mod.rs`, which imports every variant.

use serde::Serialize;

use super::said::{Event, Reply};

/// One kind of phase in a variant's act. Death Note has one (the act itself); the classic
/// presets have night, last words, speeches, vote and PK.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhaseKind {
    /// Its stable name (`act`, `day`, `night`…): stored in settings, named by the catalogs as
    /// `phase-<name>`.
    pub name: &'static str,
    /// How long it lasts unless the judge says otherwise; `None`: the game's act length.
    pub default_minutes: Option<i64>,
    /// Its deadline moves on to the game's time of day for deadlines, when the judge set one.
    pub aligned: bool,
    /// The catalog key of the sentence that names the seat whose turn it is in it
    /// (`turn-speaker`: "It is X's turn to speak"; `turn-last-words` for last words, CL-4).
    pub turn: &'static str,
}

/// The phase a game is in: a game is a sequence of phases, each with its own deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Phase {
    /// Its place in the game's sequence, from 1: what deadlines, resolutions and a judge's
    /// "the phase I mean" name (Death Note: the act).
    pub step: u32,
    /// The act (幕) it belongs to: the number transcripts and pages show.
    pub act: u32,
    /// Its kind's name ([`PhaseKind::name`]).
    pub kind: &'static str,
}

/// One seat of the deal: its public game ID and the real ID (account) behind it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize, Serialize)]
pub struct SeatSpec {
    pub game_id: String,
    pub real_id: String,
}

/// A submission refused by the rules (HTTP 409 `{"ok":false,"error":code}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Refused {
    pub error: &'static str,
    pub message: String,
}

/// The answer to one submission: the reply object or the refusal, and the transcript lines it
/// produced (the reply line first, then private events it caused).
#[derive(Clone, Debug, PartialEq)]
pub struct Submitted {
    pub result: Result<Reply, Refused>,
    pub lines: Vec<Line>,
}

/// One transcript line (`../shared/spec/replay.md`, "Transcript lines").
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Line {
    Reply {
        act: u32,
        by: String,
        ok: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        reply: Option<Reply>,
        #[serde(skip_serializing_if = "Option::is_none")]
        error: Option<&'static str>,
    },
    Private {
        act: u32,
        to: String,
        event: Event,
    },
    Public {
        act: u32,
        event: Event,
    },
    Outcome {
        winner: Option<&'static str>,
    },
}

impl Line {
    /// The line as a transcript sends it (replay.md, "Transcript lines"), with the action a
    /// reply answers as the engine understood it: the edge where a line becomes JSON.
    pub fn to_json_with(&self, action: Option<&crate::Action>) -> serde_json::Value {
        let mut v = serde_json::to_value(self).unwrap_or(serde_json::Value::Null);
        if let (serde_json::Value::Object(m), Some(a)) = (&mut v, action) {
            m.insert("action".into(), a.to_json());
        }
        v
    }

    /// The act the line belongs to; `None` for the outcome.
    pub fn act(&self) -> Option<u32> {
        match self {
            Line::Reply { act, .. } | Line::Private { act, .. } | Line::Public { act, .. } => {
                Some(*act)
            }
            Line::Outcome { .. } => None,
        }
    }
}

/// A seat's part in a finished game, for its player's record: the role it ended with (or went
/// out with), and whether its side won (`None`: a draw, or no winner named).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SeatRecord {
    pub role: &'static str,
    pub won: Option<bool>,
}

/// What a seat still owes in the open phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Owes {
    pub ballot: bool,
    pub action: bool,
    /// Leaving them undone is allowed and costs nothing (`Variant::submissions_optional`):
    /// pages say "not yet submitted", not "owed".
    pub optional: bool,
}

/// What the seat asked about may and must do now, as its engine answers it
/// ([`crate::Engine::seat_now`]): the shell asks this, never a key of a view.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SeatNow {
    /// Its role now (for a seat that is out, the role it went out with).
    pub role: &'static str,
    /// When (the act) and why it went out.
    pub out: Option<(u32, &'static str)>,
    /// What it still owes in the open phase (`optional` is the variant's, filled in by
    /// [`crate::Game::seat_now`]).
    pub owes: Owes,
    /// Its turn to act has come in the new act (DN-5: a notebook of hers is on turn): the
    /// shell tells the seat's player.
    pub on_turn: bool,
    /// It may post in the game thread now (CL-4, CL-5; by default any living seat).
    pub may_post: bool,
    /// It lost its voice for the day (R4-5, R5-4).
    pub silenced: bool,
    /// The team threads it may read and write now.
    pub teams: Vec<&'static str>,
    /// The action types it could submit successfully now.
    pub allowed: Vec<&'static str>,
    /// What the judge's console (and its API) shows of it besides its role and whether it is
    /// in; none: only whether it owes ([`crate::Game::judge_facts`] says it).
    pub facts: JudgeFacts,
}

/// The judge's console's facts of a seat, as its API gives them (what it owes, its ballot,
/// the variant's own counts and flags): while the seat is in and the game goes on, and
/// otherwise (out, or the game ended, by the rules or by its judge).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct JudgeFacts {
    pub running: serde_json::Map<String, serde_json::Value>,
    pub stopped: serde_json::Map<String, serde_json::Value>,
}

impl JudgeFacts {
    /// Both, from the variant's facts of the seat given whether it is `running`.
    pub fn of(facts: impl Fn(bool) -> serde_json::Map<String, serde_json::Value>) -> JudgeFacts {
        JudgeFacts {
            running: facts(true),
            stopped: facts(false),
        }
    }
}

/// The table as everyone sees it now ([`crate::Engine::table_now`]): the phase, the seats,
/// whose turn it is, what the open vote is and how it stands, and what a series carries on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableNow {
    /// The phase open now (after the end: the step after the last one resolved).
    pub phase: Phase,
    /// The step to show a reader: the current one while the game runs, the one that ended it
    /// afterwards.
    pub shown_step: u32,
    /// The winner's name, `None` while running.
    pub outcome: Option<&'static str>,
    /// The edition of the ruling book the game plays by, for variants whose book has editions.
    pub edition: Option<u8>,
    /// Seats in seat order with who is still in.
    pub seats: Vec<PublicSeat>,
    /// Game IDs of the seats that still owe a submission in this phase.
    pub owing: Vec<String>,
    /// The seat whose ordered turn (speech, PK) or last words it is now.
    pub speaker: Option<String>,
    /// The round of the vote open now; `None` outside a vote and for variants without rounds.
    pub vote_round: Option<u8>,
    /// The seats the open vote is for, in seat order; empty when any living seat may be named.
    pub vote_candidates: Vec<String>,
    /// The ballots of this phase: every living seat with its ballot, or `None` while it has
    /// none. Empty for a phase without a vote.
    pub ballots: Vec<(String, Option<Vec<String>>)>,
    /// The vote counts of the open act that its resolution will publish (per game ID, most
    /// votes first), when the game's options publish them (DN-15's `publish_votes`): read
    /// before the resolution, which clears the ballots.
    pub published_votes: Option<Vec<(String, u32)>>,
    /// The seat the rules carry into the next game of a series (CL-3: the first night's
    /// victim), by game ID.
    pub series_carry: Option<String>,
}

impl TableNow {
    /// A table of `seats` in `phase` with nothing else to tell (no speaker, no rounds).
    pub fn plain(phase: Phase, shown_step: u32, outcome: Option<&'static str>) -> TableNow {
        TableNow {
            phase,
            shown_step,
            outcome,
            edition: None,
            seats: Vec::new(),
            owing: Vec::new(),
            speaker: None,
            vote_round: None,
            vote_candidates: Vec::new(),
            ballots: Vec::new(),
            published_votes: None,
            series_carry: None,
        }
    }
}

/// A seat as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PublicSeat {
    pub game_id: String,
    pub alive: bool,
}

/// The action types of `../shared/spec/replay.md`, in whichever game has them.
pub const SPEC_ACTIONS: [&str; 21] = [
    "kill",
    "join",
    "pass",
    "eye_request",
    "eye_use",
    "transfer",
    "heir",
    "vote",
    "check",
    "peek",
    "explode",
    "surrender",
    "hug",
    "silence",
    "save",
    "secret_kill",
    "needle",
    "snipe",
    "magic",
    "query",
    "dark_vote",
];

/// The fields `../shared/spec/replay.md` gives an action type, in whichever game has it. A game
/// refuses another game's type (`not_your_role`) after strict parsing, so the fields that type
/// carries in its own game are not unknown (a 4.0 seat's `peek` with its `call` gets the
/// refusal, not `unknown_field`).
pub fn spec_fields(kind: &str) -> &'static [&'static str] {
    match kind {
        "kill" => &["target", "real_id", "notebook"],
        "join" | "eye_use" | "check" | "hug" | "silence" | "save" | "secret_kill" | "needle"
        | "snipe" | "magic" | "query" | "dark_vote" => &["target"],
        "pass" => &["notebook"],
        "transfer" | "heir" => &["target", "notebook"],
        "vote" => &["target", "targets", "round"],
        "peek" => &["call"],
        "explode" => &["round"],
        _ => &[],
    }
}

/// A game that cannot start as configured.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("unknown variant {0:?}")]
    UnknownVariant(String),
    #[error("bad options: {0}")]
    Options(String),
    #[error("bad setup: {0}")]
    Setup(String),
    /// A fixed deal's key that the variant's setup does not have (`Variant::check_fixed_roles`).
    #[error("unknown setup key {0:?}")]
    UnknownSetupKey(String),
    /// A deal the variant's rules refuse, in their own words.
    #[error("{0}")]
    Rules(String),
}

/// A variant's rules page: the ruling book the engine follows (English) and the Chinese original
/// it was written from, with the catalog keys of its title, index line and summary.
#[derive(Clone, Copy, Debug)]
pub struct RulesDoc {
    pub title: &'static str,
    pub about: &'static str,
    pub summary: &'static str,
    /// The ruling book (Markdown), and the catalog key of the link to it.
    pub book: &'static str,
    pub book_link: &'static str,
    /// The book covers several variants, so the page says which one it is about.
    pub shared: bool,
    /// The variant's own section of the book: the start of its heading as rendered, and the
    /// anchor the page gives it.
    pub section: Option<(&'static str, &'static str)>,
    /// The Chinese original of this variant alone.
    pub original: &'static str,
    /// The original ran its numbered sections together on one line (else it has real lines).
    pub one_line: bool,
}
