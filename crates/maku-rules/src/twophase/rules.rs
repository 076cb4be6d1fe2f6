//! The twophase engine behind maku's interface: its [`Rules`] and its game as an [`Engine`].
use std::ops::{Range, RangeInclusive};

use serde_json::Value;

use super::variant::TwoPhase;
use super::{Action, CAST, FORMS, Game, PHASES, SEATS, phase_of, simulate};
use crate::action::{self as action, ActionError, EngineAction};
use crate::engine::{Engine, foreign_action};
use crate::forms::ActionForm;
use crate::interface::{ConfigError, Line, Phase, PhaseKind, PublicSeat, SeatRecord, Submitted};
use crate::message::{Fields, Message, common_refusal, dashed};
use crate::sim::{Progress, SimParams, SimStats};
use crate::variant::{GameConfig, Rules, only_known};

impl EngineAction for Action {
    fn to_json(&self) -> Value {
        Action::to_json(self)
    }
    fn fields(&self) -> &'static [&'static str] {
        Action::fields(self)
    }
}

impl Rules for TwoPhase {
    fn name(&self) -> &'static str {
        "twophase"
    }
    /// Never offered to judges: it exists to test the shell.
    fn offered(&self) -> bool {
        false
    }
    fn seats(&self) -> RangeInclusive<usize> {
        SEATS
    }
    fn phases(&self) -> &'static [PhaseKind] {
        &PHASES
    }
    fn teams(&self, _seats: usize) -> Vec<(&'static str, usize)> {
        Vec::new()
    }
    fn action_forms(&self) -> &'static [ActionForm] {
        &FORMS
    }
    fn default_characters(&self) -> &'static [&'static str] {
        &CAST
    }
    fn draw_roles(&self, _game_ids: &[String], _rng: &mut dyn rand::Rng) -> Value {
        Value::Object(serde_json::Map::new())
    }
    fn outcomes(&self) -> &'static [&'static str] {
        &["survivors"]
    }
    fn simulate(&self, params: &SimParams, seeds: Range<u64>, progress: &Progress) -> SimStats {
        simulate(params, seeds, progress)
    }
    fn check_options(&self, options: &serde_json::Map<String, Value>) -> Result<(), ConfigError> {
        only_known(options, &[])
    }
    fn parse_action(&self, value: &Value) -> Result<action::Action, ActionError> {
        Action::from_json(value)
            .map(action::Action::new)
            .map_err(ActionError::Invalid)
    }
    fn start(&self, config: &GameConfig) -> Result<Box<dyn Engine>, ConfigError> {
        Game::start(config)
            .map(|g| Box::new(g) as Box<dyn Engine>)
            .map_err(ConfigError::Setup)
    }
    fn public_message(&self, e: &Value) -> Option<Message> {
        Some(match e.s("type") {
            "out" => Message::key("tp-ev-out").arg("target", e.s("target")),
            "peaceful" => Message::key(format!("tp-ev-peaceful-{}", e.s("phase"))),
            _ => return None,
        })
    }
    fn tells_vote(&self, e: &Value) -> bool {
        matches!(e.s("type"), "out" | "peaceful")
    }
    fn private_message(&self, _event: &Value) -> Option<Message> {
        None
    }
    fn action_message(&self, a: &Value) -> Option<Message> {
        Some(match a.s("type") {
            "vote" => Message::key("tp-act-vote").arg("target", a.s("target")),
            "sleep" => Message::key("tp-act-sleep"),
            _ => return None,
        })
    }
    fn reply_message(&self, r: &Value) -> Option<Message> {
        matches!(r.s("type"), "vote_recorded" | "slept")
            .then(|| Message::key(format!("tp-reply-{}", dashed(r.s("type")))))
    }
    fn refusal_message(&self, code: &str) -> Message {
        common_refusal(code)
    }
    fn winner_message(&self, winner: &str) -> Message {
        Message::key(format!("tp-winner-{winner}"))
    }
    fn cause_message(&self, cause: &str) -> Message {
        Message::key(format!("tp-cause-{cause}"))
    }
    fn role_message(&self, role: &str) -> Option<Message> {
        (role == "player").then(|| Message::key("role-player"))
    }
    fn catalog(&self, lang: &str) -> &'static str {
        match lang {
            "en" => include_str!("catalog/en.ftl"),
            _ => include_str!("catalog/zh-CN.ftl"),
        }
    }
}

impl Engine for Game {
    fn submit(&mut self, by: &str, action: &action::Action) -> Submitted {
        match action.get::<Action>() {
            Some(a) => Game::submit(self, by, a),
            None => foreign_action(),
        }
    }
    fn resolve_phase(&mut self) -> Vec<Line> {
        self.resolve()
    }
    fn current_phase(&self) -> Phase {
        self.phase()
    }
    fn phase_of(&self, step: u32) -> Phase {
        phase_of(step)
    }
    fn shown_phase(&self) -> u32 {
        self.shown_step()
    }
    fn outcome(&self) -> Option<&'static str> {
        self.winner()
    }
    fn seats(&self) -> Vec<PublicSeat> {
        Game::seats(self)
    }
    fn view_for(&self, game_id: &str) -> Option<Value> {
        Game::view_for(self, game_id)
    }
    fn judge_facts(&self, game_id: &str, running: bool) -> serde_json::Map<String, Value> {
        let owes = running && Game::owing(self).iter().any(|o| o == game_id);
        serde_json::Map::from_iter([("owes".to_string(), Value::Bool(owes))])
    }
    fn ballots(&self) -> Vec<(String, Option<Vec<String>>)> {
        Game::ballots(self)
    }
    fn allowed_actions(&self, game_id: &str) -> Vec<&'static str> {
        Game::allowed_actions(self, game_id)
    }
    fn owing(&self) -> Vec<String> {
        Game::owing(self)
    }
    fn transcript(&self) -> Vec<Line> {
        Game::transcript(self)
    }
    fn reveal(&self) -> Option<Value> {
        self.winner().map(|_| Game::reveal(self))
    }
    fn reveal_now(&self) -> Value {
        Game::reveal(self)
    }
    /// The survivors win: a seat still in.
    fn seat_record(&self, game_id: &str, winner: Option<&str>) -> Option<SeatRecord> {
        let alive = Engine::seats(self)
            .into_iter()
            .find(|s| s.game_id == game_id)?
            .alive;
        Some(SeatRecord {
            role: "player",
            won: winner.map(|_| alive),
        })
    }
}
