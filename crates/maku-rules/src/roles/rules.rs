//! The roles engine behind maku's interface: its [`Rules`] and its game as an [`Engine`].
use std::ops::Range;

use serde_json::Value;

use super::variant::Roles;
use super::{Action, CAST, EDITION, Game, RoleGame, SetupError, bot, draw_roles, forms, messages};
use crate::action::{self as action, ActionError, EngineAction};
use crate::engine::Engine;
use crate::interface::{ConfigError, RulesDoc};
use crate::message::Message;
use crate::reveal_rows::RevealReading;
use crate::sheet::SeatSheet;
use crate::sim::{Progress, SimParams, SimStats};
use crate::table::messages as table;
use crate::table::{Seat, table_engine};
use crate::variant::{GameConfig, Pin, Rules, Say, VariantInfo, pin};

impl EngineAction for Action {
    fn to_json(&self) -> Value {
        Action::to_json(self)
    }
    fn fields(&self) -> &'static [&'static str] {
        Action::fields(self)
    }
}

/// A role game's constants: its seats, forms and team threads (R4-2), R4-6 and R5-5's
/// outcomes (the judge's foreseen draw is one of them), its page in the shared roles book;
/// R5-4 fixes 5.0's speeches, so only 4.0 has the table's options.
pub(super) const fn info(g: RoleGame) -> VariantInfo {
    let v4 = g.is_v4();
    VariantInfo {
        name: g.name(),
        rules_doc: Some(RulesDoc {
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
        }),
        seats: g.seats(),
        phases: &crate::table::PHASES,
        option_fields: if v4 { &crate::table::OPTIONS } else { &[] },
        action_forms: forms(g),
        default_characters: CAST,
        outcomes: &["good", "bad", "draw"],
        team_threads: g.team_threads(),
        catalogs: &[
            ("zh-CN", include_str!("catalog/zh-CN.ftl")),
            ("en", include_str!("catalog/en.ftl")),
        ],
        ..VariantInfo::DEFAULT
    }
}

impl Rules for Roles {
    fn info(&self) -> &VariantInfo {
        &self.1
    }
    /// The whole deal at `seats` seats, role by role (its roles are its secret).
    fn teams(&self, seats: usize) -> Vec<(&'static str, usize)> {
        self.0
            .deal(seats)
            .iter()
            .map(|(role, k)| (role.name(), *k))
            .collect()
    }
    fn draw_roles(&self, game_ids: &[String], rng: &mut dyn rand::Rng) -> Value {
        draw_roles(self.0, game_ids, rng)
    }
    fn simulate(
        &self,
        params: &SimParams,
        seeds: Range<u64>,
        progress: &Progress,
    ) -> Option<SimStats> {
        Some(bot::simulate(self.0, params, seeds, progress))
    }
    /// Role games were never played before options were pinned: the edition either way.
    fn options(&self, options: &Value, read: Pin) -> Result<Value, ConfigError> {
        if read == Pin::Check {
            super::options(self.0, options).map_err(ConfigError::Options)?;
        }
        Ok(pin(options, "edition", EDITION.into()))
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
    fn say(&self, what: Say<'_>) -> Option<Message> {
        match what {
            Say::Public(e) => messages::public(e.json()),
            Say::Private(e) => messages::private(self.0, e.json()),
            Say::Action(a) => messages::action(&a.to_json()),
            Say::Reply(r) => messages::reply(r.json()),
            Say::Refusal(code) => Some(messages::refusal(self.0.game(), code)),
            Say::Winner(w) => Some(messages::winner(w)),
            Say::Cause(c) => Some(messages::cause(c)),
            Say::Role(r) => messages::role(r),
            Say::Team(t @ ("good" | "bad")) => Some(messages::side(t)),
            Say::Team(t) => Some(table::team(t)),
            Say::NoVoteOut { .. } => None,
        }
    }
    fn listed(&self, event: &crate::Event, order: &[String]) -> Option<(Message, Vec<Message>)> {
        table::votes_listed(event.json(), order)
    }
    /// Roles dealt once and kept, each seat drawn by its side (R4-6, R5-5).
    fn read_reveal(&self, roles: &Value, _transcript: &[Value]) -> RevealReading {
        RevealReading::Kept(crate::reveal_rows::seats(roles).map(tone).collect())
    }
    fn seat_sheet(&self, view: &crate::SeatView, over: bool) -> SeatSheet {
        super::sheet::seat_sheet(self.0, view.json(), over)
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
});

impl Game {
    /// R4-2: 4.0's teams, each in its act.
    fn teams_now(&self, s: Seat) -> Vec<&'static str> {
        let name = self.game_id(s).to_string();
        self.table
            .team_threads()
            .iter()
            .copied()
            .filter(|t| self.in_team_named(t, &name))
            .collect()
    }

    /// R4-5, R5-4: a silence lasts from the dawn it is told at to the next night.
    fn silenced_now(&self, s: Seat) -> bool {
        Game::is_silenced(self, s)
    }

    /// The role games link no games into a series.
    fn series_carry(&self) -> Option<String> {
        None
    }
}

/// R4-6, R5-5: the seat's side; the good side's police (R4-3) drawn apart.
fn tone(seat: &Value) -> crate::timeline::Tone {
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
