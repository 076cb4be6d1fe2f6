//! Scenario files (`../shared/spec/replay.md`): parsed and checked completely before anything
//! runs, so a malformed file never produces a partial transcript.

use serde::Deserialize;
use serde_json::Value;

pub use super::Submission;
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
    variant: String,
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
        let variant = Variant::from_name(&raw.variant)
            .ok_or_else(|| ScenarioError::UnknownVariant(raw.variant.clone()))?;
        let config = GameConfig {
            variant,
            options: raw.options.map(Value::Object).unwrap_or(Value::Null),
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
