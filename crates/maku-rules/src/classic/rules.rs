//! The classic engine behind maku's interface: its [`Rules`] and its game as an [`Engine`].
use std::ops::{Range, RangeInclusive};

use serde_json::Value;

use super::variant::Classic;
use super::{
    Action, CAST, EDITION, Game, Options, PHASES, Preset, SetupError, Team, bot, draw_roles, forms,
    messages, start,
};
use crate::action::{self as action, ActionError, EngineAction};
use crate::engine::Engine;
use crate::forms::ActionForm;
use crate::interface::{ConfigError, Line, PhaseKind, RulesDoc};
use crate::message::Message;
use crate::options::OptionField;
use crate::sheet::{SeatSheet, table_choices};
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

/// The catalog keys of a preset's rules page: its title, index line and summary.
fn title_key(p: Preset) -> &'static str {
    match p {
        Preset::Dongsha => "rules-title-dongsha",
        Preset::Killgame => "rules-title-killgame",
        Preset::Shengtui => "rules-title-shengtui",
        Preset::Wujian => "rules-title-wujian",
    }
}

fn about_key(p: Preset) -> &'static str {
    match p {
        Preset::Dongsha => "rules-about-dongsha",
        Preset::Killgame => "rules-about-killgame",
        Preset::Shengtui => "rules-about-shengtui",
        Preset::Wujian => "rules-about-wujian",
    }
}

fn summary_key(p: Preset) -> &'static str {
    match p {
        Preset::Dongsha => "rules-preset-dongsha",
        Preset::Killgame => "rules-preset-killgame",
        Preset::Shengtui => "rules-preset-shengtui",
        Preset::Wujian => "rules-preset-wujian",
    }
}

impl Rules for Classic {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn rules_doc(&self) -> Option<RulesDoc> {
        let (section, original) = match self.0 {
            Preset::Dongsha => (None, include_str!("../../../../docs/rules/dongsha.zh.txt")),
            Preset::Killgame => (None, include_str!("../../../../docs/rules/killgame.zh.txt")),
            Preset::Shengtui => (None, include_str!("../../../../docs/rules/shengtui.zh.txt")),
            Preset::Wujian => (
                Some(("<h2>无间道 (wujian)", "wujian")),
                include_str!("../../../../docs/rules/wujian.zh.txt"),
            ),
        };
        Some(RulesDoc {
            title: title_key(self.0),
            about: about_key(self.0),
            summary: summary_key(self.0),
            book: include_str!("../../../../docs/rules/classic.md"),
            book_link: "rules-book-link-classic",
            shared: true,
            section,
            original,
            one_line: false,
        })
    }
    fn seats(&self) -> RangeInclusive<usize> {
        self.0.seats()
    }
    fn phases(&self) -> &'static [PhaseKind] {
        &PHASES
    }
    fn option_fields(&self) -> &'static [OptionField] {
        &crate::table::OPTIONS
    }
    fn teams(&self, seats: usize) -> Vec<(&'static str, usize)> {
        if self.0.is_wujian() {
            // WJ-1: ⌈n/2⌉ cards each; with n odd one stays undealt.
            let half = seats.div_ceil(2);
            return vec![("fei", half), ("jing", half)];
        }
        let (killers, police) = self.0.team_sizes(seats);
        [("killers", killers), ("police", police)]
            .into_iter()
            .filter(|(_, n)| *n > 0)
            .collect()
    }
    /// CL-3: the previous game's first-night victim; wujian has no night kill to repeat.
    fn series_option(&self) -> Option<&'static str> {
        (!self.0.is_wujian()).then_some("previous_first_victim")
    }
    fn action_forms(&self) -> &'static [ActionForm] {
        forms(self.0)
    }
    fn default_characters(&self) -> &'static [&'static str] {
        &CAST
    }
    fn draw_roles(&self, game_ids: &[String], rng: &mut dyn rand::Rng) -> Value {
        draw_roles(self.0, game_ids, rng)
    }
    fn outcomes(&self) -> &'static [&'static str] {
        self.0.outcomes()
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
    /// Classic games were never played before options were pinned.
    fn legacy_options(&self, options: &Value) -> Value {
        self.pinned_options(options)
    }
    fn check_options(&self, options: &serde_json::Map<String, Value>) -> Result<(), ConfigError> {
        Options::from_json(&Value::Object(options.clone()))
            .map(|_| ())
            .map_err(ConfigError::Options)
    }
    fn parse_action(&self, value: &Value) -> Result<action::Action, ActionError> {
        Action::from_json(value)
            .map(action::Action::new)
            .map_err(ActionError::Invalid)
    }
    fn start(&self, config: &GameConfig) -> Result<Box<dyn Engine>, ConfigError> {
        match start(self.0, config) {
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
        messages::private(event)
    }
    fn action_message(&self, action: &Value) -> Option<Message> {
        messages::action(action)
    }
    fn reply_message(&self, reply: &Value) -> Option<Message> {
        messages::reply(reply)
    }
    fn refusal_message(&self, code: &str) -> Message {
        messages::refusal(code)
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
    /// The seat's role, and its choices of the open phase on its forms.
    fn seat_sheet(&self, view: &Value, _over: bool) -> SeatSheet {
        let role = view.get("role").and_then(Value::as_str).unwrap_or("");
        let mut sheet =
            SeatSheet::of_role(messages::role(role).unwrap_or_else(|| Message::text(role)));
        table_choices(&mut sheet, view, forms(self.0));
        sheet
    }
    fn role_message(&self, role: &str) -> Option<Message> {
        messages::role(role)
    }
    fn team_message(&self, team: &str) -> Message {
        table::team(team)
    }
    /// CL-10: killers against police and civilians; WJ-1: 匪 against 警.
    fn tone(&self, seat: &Value) -> crate::timeline::Tone {
        use crate::timeline::Tone;
        match seat.get("role").and_then(Value::as_str) {
            Some("killer" | "匪") => Tone::Bad,
            Some("police" | "警") => Tone::Police,
            Some("civilian") => Tone::Good,
            _ => Tone::Other,
        }
    }
}

table_engine!(Game, Action, EDITION, {
    /// CL-3: the first night's victim.
    fn series_carry(&self) -> Option<String> {
        self.lines_since(0).into_iter().find_map(|l| match l {
            Line::Public { act: 1, event }
                if event["type"] == "out" && event["cause"] == "killed" =>
            {
                event["target"].as_str().map(str::to_string)
            }
            _ => None,
        })
    }
    /// CL-10, CL-11, WJ: good (police and civilians) against the killers, or a wujian
    /// faction; the seat's role is dealt once and kept.
    fn seat_record(
        &self,
        game_id: &str,
        winner: Option<&str>,
    ) -> Option<crate::interface::SeatRecord> {
        let role = self.role(self.seat_of(game_id)?);
        let won = match winner {
            None | Some("draw") => None,
            Some("good") => Some(role.team() != Some(Team::Killers)),
            Some("killers") => Some(role.team() == Some(Team::Killers)),
            Some(faction) => Some(role.name() == faction),
        };
        Some(crate::interface::SeatRecord {
            role: role.name(),
            won,
        })
    }
    /// CL-0: a living member of the team.
    fn in_team(&self, team: &str, game_id: &str) -> bool {
        match (Team::from_name(team), self.seat_of(game_id)) {
            (Some(t), Some(s)) => self.is_alive(s) && self.role(s).team() == Some(t),
            _ => false,
        }
    }
});
