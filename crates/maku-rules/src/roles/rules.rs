//! The roles engine behind maku's interface: its [`Rules`] and its game as an [`Engine`].
use std::ops::{Range, RangeInclusive};

use serde_json::Value;

use super::variant::Roles;
use super::{Action, CAST, EDITION, Game, SetupError, bot, draw_roles, forms, messages};
use crate::action::{self as action, ActionError, EngineAction};
use crate::engine::Engine;
use crate::forms::ActionForm;
use crate::interface::{ConfigError, PhaseKind, RulesDoc};
use crate::message::Message;
use crate::options::OptionField;
use crate::sheet::SeatSheet;
use crate::sim::{Progress, SimParams, SimStats};
use crate::table::messages as table;
use crate::table::table_engine;
use crate::variant::{GameConfig, Rules, pin};

impl EngineAction for Action {
    fn to_json(&self) -> Value {
        Action::to_json(self)
    }
    fn fields(&self) -> &'static [&'static str] {
        Action::fields(self)
    }
}

impl Rules for Roles {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn rules_doc(&self) -> Option<RulesDoc> {
        let v4 = self.0.is_v4();
        Some(RulesDoc {
            title: if v4 {
                "rules-title-v4wujian"
            } else {
                "rules-title-v5emin"
            },
            about: if v4 {
                "rules-about-v4wujian"
            } else {
                "rules-about-v5emin"
            },
            summary: if v4 {
                "rules-preset-v4wujian"
            } else {
                "rules-preset-v5emin"
            },
            book: include_str!("../../../../docs/rules/roles.md"),
            book_link: "rules-book-link-roles",
            shared: true,
            section: Some(if v4 {
                ("<h2>4.0 无间版 (", "v4wujian")
            } else {
                ("<h2>5.0 恶民传说 (", "v5emin")
            }),
            original: if v4 {
                include_str!("../../../../docs/rules/v4wujian.zh.txt")
            } else {
                include_str!("../../../../docs/rules/v5emin.zh.txt")
            },
            one_line: false,
        })
    }
    fn seats(&self) -> RangeInclusive<usize> {
        self.0.seats()
    }
    fn phases(&self) -> &'static [PhaseKind] {
        &crate::table::PHASES
    }
    /// R5-4 fixes 5.0's speeches.
    fn option_fields(&self) -> &'static [OptionField] {
        if self.0.is_v4() {
            &crate::table::OPTIONS
        } else {
            &[]
        }
    }
    /// The whole deal, role by role (its roles are its secret).
    fn teams(&self, _seats: usize) -> Vec<(&'static str, usize)> {
        self.0
            .deal()
            .iter()
            .map(|(role, k)| (role.name(), *k))
            .collect()
    }
    fn action_forms(&self) -> &'static [ActionForm] {
        forms(self.0)
    }
    fn default_characters(&self) -> &'static [&'static str] {
        CAST
    }
    fn draw_roles(&self, game_ids: &[String], rng: &mut dyn rand::Rng) -> Value {
        draw_roles(self.0, game_ids, rng)
    }
    /// R4-6, R5-5: the judge's foreseen draw is one of them.
    fn outcomes(&self) -> &'static [&'static str] {
        &["good", "bad", "draw"]
    }
    fn team_threads(&self) -> &'static [&'static str] {
        self.0.team_threads()
    }
    fn simulate(&self, params: &SimParams, seeds: Range<u64>, progress: &Progress) -> SimStats {
        bot::simulate(self.0, params, seeds, progress)
    }
    fn pinned_options(&self, options: &Value) -> Value {
        pin(options, "edition", EDITION.into())
    }
    /// Role games were never played before options were pinned.
    fn legacy_options(&self, options: &Value) -> Value {
        self.pinned_options(options)
    }
    fn check_options(&self, options: &serde_json::Map<String, Value>) -> Result<(), ConfigError> {
        super::options(self.0, &Value::Object(options.clone()))
            .map(|_| ())
            .map_err(ConfigError::Options)
    }
    fn parse_action(&self, value: &Value) -> Result<action::Action, ActionError> {
        Action::from_json(value)
            .map(action::Action::new)
            .map_err(ActionError::Invalid)
    }
    fn start(&self, config: &GameConfig) -> Result<Box<dyn Engine>, ConfigError> {
        match super::start(self.0, config) {
            Ok(game) => Ok(Box::new(game)),
            Err(SetupError::Options(m)) => Err(ConfigError::Options(m)),
            Err(e) => Err(ConfigError::Setup(e.to_string())),
        }
    }
    fn public_message(&self, event: &Value) -> Option<Message> {
        messages::public(event)
    }
    fn public_listed(&self, event: &Value, order: &[String]) -> Option<(Message, Vec<Message>)> {
        table::votes_listed(event, order)
    }
    fn tells_vote(&self, event: &Value) -> bool {
        table::tells_vote(event)
    }
    fn private_message(&self, event: &Value) -> Option<Message> {
        messages::private(self.0, event)
    }
    fn action_message(&self, action: &Value) -> Option<Message> {
        messages::action(action)
    }
    fn reply_message(&self, reply: &Value) -> Option<Message> {
        messages::reply(reply)
    }
    fn refusal_message(&self, code: &str) -> Message {
        messages::refusal(self.0, code)
    }
    fn winner_message(&self, winner: &str) -> Message {
        messages::winner(winner)
    }
    fn cause_message(&self, cause: &str) -> Message {
        messages::cause(cause)
    }
    fn catalog(&self, lang: &str) -> &'static str {
        match lang {
            "en" => include_str!("catalog/en.ftl"),
            _ => include_str!("catalog/zh-CN.ftl"),
        }
    }
    fn seat_sheet(&self, view: &Value, over: bool) -> SeatSheet {
        super::sheet::seat_sheet(self.0, view, over)
    }
    fn role_message(&self, role: &str) -> Option<Message> {
        messages::role(role)
    }
    fn team_message(&self, team: &str) -> Message {
        match team {
            "good" | "bad" => messages::side(team),
            other => table::team(other),
        }
    }
    /// R4-6, R5-5: the seat's side; the good side's police (R4-3) drawn apart.
    fn tone(&self, seat: &Value) -> crate::timeline::Tone {
        use crate::timeline::Tone;
        match (
            seat.get("side").and_then(Value::as_str),
            seat.get("role").and_then(Value::as_str),
        ) {
            (Some("bad"), _) => Tone::Bad,
            (Some("good"), Some("police" | "secret_police")) => Tone::Police,
            (Some("good"), _) => Tone::Good,
            _ => Tone::Other,
        }
    }
}

table_engine!(Game, Action, EDITION, {
    /// R4-6, R5-5: good against bad, by the seat's side (its role is dealt once and kept).
    fn seat_record(
        &self,
        game_id: &str,
        winner: Option<&str>,
    ) -> Option<crate::interface::SeatRecord> {
        let s = self.seat_of(game_id)?;
        let won = match winner {
            None | Some("draw") => None,
            Some(w) => Some(self.side(s).name() == w),
        };
        Some(crate::interface::SeatRecord {
            role: self.role(s).name(),
            won,
        })
    }
    /// R4-2: 4.0's teams, each in its act.
    fn in_team(&self, team: &str, game_id: &str) -> bool {
        self.in_team_named(team, game_id)
    }
    /// R4-5, R5-4: a silence lasts from the dawn it is told at to the next night.
    fn is_silenced(&self, game_id: &str) -> bool {
        self.seat_of(game_id)
            .is_some_and(|s| Game::is_silenced(self, s))
    }
});
