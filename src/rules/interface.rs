//! The plain types of the engine interface: what every variant takes (the deal) and gives
//! (transcript lines, replies, refusals, phases). Their own module so that the variants can use
//! them without importing the dispatch in `rules/mod.rs`, which imports every variant.

use serde::Serialize;
use serde_json::Value;

/// The variants this engine knows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    DeathNote,
    /// A classic preset (`dongsha`, `killgame`, `shengtui`, `wujian`).
    Classic(super::classic::Preset),
    /// A role game (`v4wujian`, `v5emin`).
    Roles(super::roles::RoleGame),
    /// A two-phase variant that exists only to test the shell (feature `test-variant`, on for
    /// `cargo test`): never offered to judges.
    #[cfg(feature = "test-variant")]
    TwoPhase,
}

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

/// Everything needed to start a game (the scenario minus its acts; the server's start request).
#[derive(Clone, Debug, PartialEq)]
pub struct GameConfig {
    pub variant: Variant,
    /// Variant options (`{"redistribute": false}`); `Value::Null` or `{}` for the defaults.
    pub options: Value,
    pub seed: u64,
    /// Seat order.
    pub seats: Vec<SeatSpec>,
    /// A fixed deal (`{"kira": [...]}`); `None`, `null`, or an empty list draws from `seed`.
    pub setup: Option<Value>,
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
    pub result: Result<Value, Refused>,
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
        reply: Option<Value>,
        #[serde(skip_serializing_if = "Option::is_none")]
        error: Option<&'static str>,
    },
    Private {
        act: u32,
        to: String,
        event: Value,
    },
    Public {
        act: u32,
        event: Value,
    },
    Outcome {
        winner: Option<&'static str>,
    },
}

/// A seat as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PublicSeat {
    pub game_id: String,
    pub alive: bool,
}
