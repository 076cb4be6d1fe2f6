//! Scenario files (`../shared/spec/replay.md`): parsed and checked completely before anything
//! runs, so a malformed file never produces a partial transcript.

use serde::Deserialize;
use serde_json::Value;

pub use super::Submission;
use super::setups::{self, Problem};
use super::{ConfigError, Game, GameConfig, Line, SeatSpec, Variant};

/// Why a scenario file is malformed (`maku replay` exits 2 with this message).
#[derive(Debug, thiserror::Error)]
pub enum ScenarioError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("bad scenario JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("unknown variant {0:?}")]
    UnknownVariant(String),
    #[error("a scenario names its game by `variant` or by `document`, exactly one of them")]
    VariantOrDocument,
    /// The document does not hold: every problem, each at its field.
    #[error("the setup document does not hold: {}", .0.iter().map(|p| format!("{}: {}", p.path, p.message.catalog_key().unwrap_or_default())).collect::<Vec<_>>().join("; "))]
    Setup(Vec<Problem>),
    /// No engine made a handle for it (every book's own setups are played: the classic
    /// engine's, the role-game engine's for 4.0 and 5.0).
    #[error("the setup document holds, but no engine plays it")]
    NotPlayable,
    #[error("{0}")]
    Config(#[from] ConfigError),
    #[error("act {act}, submission {index}: {message}")]
    Action {
        act: usize,
        index: usize,
        message: String,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSubmission {
    by: String,
    action: Value,
}

#[derive(Deserialize)]
struct RawAct {
    #[serde(default)]
    submit: Vec<RawSubmission>,
}

#[derive(Deserialize)]
struct RawScenario {
    #[serde(default)]
    variant: Option<String>,
    /// A setup document in place of `variant`.
    #[serde(default)]
    document: Option<Value>,
    #[serde(default)]
    options: Option<serde_json::Map<String, Value>>,
    #[serde(default)]
    seed: u64,
    seats: Vec<SeatSpec>,
    #[serde(default)]
    setup: Option<Value>,
    #[serde(default)]
    acts: Vec<RawAct>,
}

/// A checked scenario: a game ready to start and every act's submissions.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    pub config: GameConfig,
    pub acts: Vec<Vec<Submission>>,
}

impl Scenario {
    /// Reads and checks a scenario file.
    pub fn load(path: &std::path::Path) -> Result<Scenario, ScenarioError> {
        let text = std::fs::read_to_string(path).map_err(|source| ScenarioError::Read {
            path: path.display().to_string(),
            source,
        })?;
        Scenario::parse(&text)
    }

    /// Checks a scenario text: JSON shape, variant, seats, options, setup and every action.
    pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
        let raw: RawScenario = serde_json::from_str(text)?;
        let mut options = raw.options.map(Value::Object).unwrap_or(Value::Null);
        let variant = match (raw.variant, raw.document) {
            (Some(name), None) => {
                Variant::from_name(&name).ok_or(ScenarioError::UnknownVariant(name))?
            }
            (None, Some(document)) => {
                let setup = setups::read(&document).map_err(ScenarioError::Setup)?;
                let (variant, speeches) = match setups::played_as(&setup) {
                    Some((name, speeches)) => (Variant::from_name(name), speeches),
                    None => (
                        {
                            // One handle per document in a process: named by its digest.
                            use std::hash::{Hash, Hasher};
                            let mut h = std::hash::DefaultHasher::new();
                            setup.to_json().to_string().hash(&mut h);
                            let name = format!("document-{:016x}", h.finish());
                            setups::custom_variant(&name, "custom", &setup)
                        },
                        setup.day.speeches,
                    ),
                };
                let variant = variant.ok_or(ScenarioError::NotPlayable)?;
                // The document's speeches are the game's unless the options choose.
                if speeches != crate::table::Speeches::Ordered {
                    let map = match &mut options {
                        Value::Object(m) => m,
                        other => {
                            *other = Value::Object(serde_json::Map::new());
                            other.as_object_mut().ok_or(ScenarioError::NotPlayable)?
                        }
                    };
                    map.entry("speeches").or_insert_with(|| "free".into());
                }
                variant
            }
            _ => return Err(ScenarioError::VariantOrDocument),
        };
        let config = GameConfig {
            variant,
            options,
            seed: raw.seed,
            seats: raw.seats,
            setup: raw.setup,
        };
        // Starting once checks seat count, options and setup.
        Game::start(&config)?;
        let mut acts = Vec::with_capacity(raw.acts.len());
        for (a, act) in raw.acts.into_iter().enumerate() {
            let mut subs = Vec::with_capacity(act.submit.len());
            for (i, s) in act.submit.into_iter().enumerate() {
                let action =
                    variant
                        .parse_action(&s.action)
                        .map_err(|e| ScenarioError::Action {
                            act: a + 1,
                            index: i + 1,
                            message: e.to_string(),
                        })?;
                subs.push(Submission { by: s.by, action });
            }
            acts.push(subs);
        }
        Ok(Scenario { config, acts })
    }

    /// Plays the scenario: the lines the game wrote at its start (the classic `teammates`,
    /// CL-0), then each act as [`Game::play_act`] plays it; the outcome line last. After the
    /// game is over, later submissions are still answered (`game_over`) but their acts publish
    /// nothing.
    pub fn run(&self) -> Result<Vec<Line>, ScenarioError> {
        let mut game = Game::start(&self.config)?;
        let mut lines = game.transcript();
        for act in &self.acts {
            lines.extend(game.play_act(act));
        }
        lines.push(Line::Outcome {
            winner: game.outcome(),
        });
        Ok(lines)
    }
}
