//! The classic engine behind maku's interface: its [`Rules`] and its game as an [`Engine`].
use std::ops::Range;

use serde_json::Value;

use super::variant::Classic;
use super::{
    Action, Audience, CAST, Cause, EDITION, Entry, Event, Game, Item, Options, PHASES, Preset,
    SetupError, Team, bot, draw_roles, forms, messages, start,
};
use crate::action::{self as action, ActionError, EngineAction};
use crate::engine::Engine;
use crate::interface::{ConfigError, RulesDoc};
use crate::message::Message;
use crate::reveal_rows::RevealReading;
use crate::sheet::{SeatSheet, table_choices};
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

/// A preset's constants: its seats, forms, outcomes and team threads (CL-0..CL-2, WJ-1), its
/// rules page in the shared classic book, CL-3's series option (wujian has no night kill to
/// repeat).
pub(super) const fn info(p: Preset) -> VariantInfo {
    let (title, about, summary, section, original) = match p {
        Preset::Dongsha => (
            "rules-title-dongsha",
            "rules-about-dongsha",
            "rules-preset-dongsha",
            None,
            include_str!("../../../../docs/rules/dongsha.zh.txt"),
        ),
        Preset::Killgame => (
            "rules-title-killgame",
            "rules-about-killgame",
            "rules-preset-killgame",
            None,
            include_str!("../../../../docs/rules/killgame.zh.txt"),
        ),
        Preset::Shengtui => (
            "rules-title-shengtui",
            "rules-about-shengtui",
            "rules-preset-shengtui",
            None,
            include_str!("../../../../docs/rules/shengtui.zh.txt"),
        ),
        Preset::Wujian => (
            "rules-title-wujian",
            "rules-about-wujian",
            "rules-preset-wujian",
            Some(("<h2>无间道 (wujian)", "wujian")),
            include_str!("../../../../docs/rules/wujian.zh.txt"),
        ),
    };
    VariantInfo {
        name: p.name(),
        rules_doc: Some(RulesDoc {
            title,
            about,
            summary,
            book: include_str!("../../../../docs/rules/classic.md"),
            book_link: "rules-book-link-classic",
            shared: true,
            section,
            original,
            one_line: false,
        }),
        seats: p.seats(),
        phases: &PHASES,
        option_fields: &crate::table::OPTIONS,
        series_option: if matches!(p, Preset::Wujian) {
            None
        } else {
            Some("previous_first_victim")
        },
        action_forms: forms(p),
        default_characters: &CAST,
        outcomes: p.outcomes(),
        team_threads: p.team_threads(),
        catalogs: &[
            ("zh-CN", include_str!("catalog/zh-CN.ftl")),
            ("en", include_str!("catalog/en.ftl")),
        ],
        ..VariantInfo::DEFAULT
    }
}

impl Rules for Classic {
    fn info(&self) -> &VariantInfo {
        &self.1
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
    /// Classic games were never played before options were pinned: the edition either way.
    fn options(&self, options: &Value, read: Pin) -> Result<Value, ConfigError> {
        if read == Pin::Check {
            Options::from_json(options).map_err(ConfigError::Options)?;
        }
        Ok(pin(options, "edition", EDITION.into()))
    }
    fn parse_action(&self, value: &Value) -> Result<action::Action, ActionError> {
        Action::from_json_at(value, self.0.across())
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
    fn say(&self, what: Say<'_>) -> Option<Message> {
        match what {
            Say::Public(e) => messages::public(e.json()),
            Say::Private(e) => messages::private(self.0, e.json()),
            Say::Action(a) => messages::action(&a.to_json()),
            Say::Reply(r) => messages::reply(r.json()),
            Say::Refusal(code) => Some(messages::refusal(self.0, code)),
            Say::Winner(w) => Some(messages::winner(w)),
            Say::Cause(c) => Some(messages::cause(c)),
            Say::Role(r) => messages::role(r),
            Say::Team(t) => Some(table::team(t)),
            Say::NoVoteOut { .. } => None,
        }
    }
    fn listed(&self, event: &crate::Event, order: &[String]) -> Option<(Message, Vec<Message>)> {
        table::votes_listed(event.json(), order)
    }
    /// Roles dealt once and kept, each seat drawn by its side (CL-10, WJ-1).
    fn read_reveal(&self, roles: &Value, _transcript: &[Value]) -> RevealReading {
        RevealReading::Kept(crate::reveal_rows::seats(roles).map(tone).collect())
    }
    /// The seat's role, its secret kill spent (R4-3: a secret police's, while he lives and the
    /// game goes on), its silence today (R4-5: at a forest elder's table, while it lives and
    /// the game goes on; R5-4: 5.0's elder's, which takes its vote too), the kill it holds
    /// (R5-2: a magician's, 5.0's forest elder's or a wizard's, likewise), and its choices of
    /// the open phase on its forms.
    fn seat_sheet(&self, view: &crate::SeatView, over: bool) -> SeatSheet {
        let view = view.json();
        let role = view.get("role").and_then(Value::as_str).unwrap_or("");
        let mut sheet =
            SeatSheet::of_role(messages::role(role).unwrap_or_else(|| Message::text(role)));
        let flag = |k: &str| view.get(k).and_then(Value::as_bool) == Some(true);
        if !over && flag("alive") && flag("secret_kill_spent") {
            sheet
                .notes
                .push(Message::key("cl-seat-note-secret-kill-spent").rule("R4-3"));
        }
        // R5-4: silenced by 5.0's forest elder (by both elders too: the stricter), no vote.
        if !over && flag("alive") && flag("vote_silenced") {
            sheet
                .notes
                .push(Message::key("cl-seat-note-silenced-dark").rule("R5-4"));
        } else if !over && flag("alive") && flag("silenced") {
            sheet
                .notes
                .push(Message::key("cl-seat-note-silenced").rule("R4-5"));
        }
        // R5-2; R5-1: the magician and the wizard may not kill themselves, 5.0's forest elder
        // may.
        if !over && flag("alive") && flag("holds_kill") {
            let key = if role == "dark_elder" {
                "cl-seat-note-holds-kill-dark"
            } else {
                "cl-seat-note-holds-kill"
            };
            sheet.notes.push(Message::key(key).rule("R5-2"));
        }
        table_choices(&mut sheet, view, self.1.action_forms);
        sheet
    }
}

table_engine!(Game, Action, EDITION, {
    /// CL-10, CL-11, WJ: good (police and civilians) against the killers (the undercover with
    /// them, R4-6; the magician, 5.0's forest elder and the wizard, R5-5; the evil civilian, who counts for nobody
    /// but wins with them, R5-5), or a wujian faction; the seat's role is dealt once and kept.
    fn seat_record(
        &self,
        game_id: &str,
        winner: Option<&str>,
    ) -> Option<crate::interface::SeatRecord> {
        let role = self.role(self.seat_of(game_id)?);
        let won = match winner {
            None | Some("draw") => None,
            Some("good") => Some(!role.wins_with_killers()),
            Some("killers") => Some(role.wins_with_killers()),
            Some(faction) => Some(role.name() == faction),
        };
        Some(crate::interface::SeatRecord {
            role: role.name(),
            won,
        })
    }
});

impl Game {
    /// CL-0: the team threads of its table that the seat reads and writes, as a living member
    /// of the team in this act (R4-2: the undercover the killers' in act 1 only, the police's
    /// throughout).
    fn teams_now(&self, s: Seat) -> Vec<&'static str> {
        self.table
            .team_threads()
            .filter(|t| {
                Team::from_name(t)
                    .is_some_and(|t| self.is_alive(s) && self.role(s).sits_in(t, self.act))
            })
            .collect()
    }

    /// CL-3: the first night's victim, carried into the next game of a series.
    fn series_carry(&self) -> Option<String> {
        self.log.iter().find_map(|e| match e {
            Entry {
                act: 1,
                item:
                    Item::Event(
                        Audience::Public,
                        Event::Out {
                            target,
                            cause: Cause::Killed,
                        },
                    ),
            } => Some(self.game_id(*target).to_string()),
            _ => None,
        })
    }

    /// R4-5, R5-4: the seat a forest elder (either) silenced loses its voice from the dawn it
    /// is told at to the next night (a table without an elder: nobody, ever).
    fn silenced_now(&self, s: Seat) -> bool {
        self.is_silenced(s)
    }
}

/// CL-10: killers (an undercover, a magician, 5.0's forest elder, a wizard and an evil civilian
/// with them) against police and civilians (a doctor, a sniper, a butterfly of either book, an
/// elder, a good civilian and a needle doctor with the civilians, a secret police with the
/// police); WJ-1: 匪 against 警.
fn tone(seat: &Value) -> crate::timeline::Tone {
    use crate::timeline::Tone;
    match seat.get("role").and_then(Value::as_str) {
        Some(
            "killer" | "undercover" | "magician" | "dark_elder" | "wizard" | "evil_civilian" | "匪",
        ) => Tone::Bad,
        Some("police" | "secret_police" | "警") => Tone::Police,
        Some(
            "civilian" | "doctor" | "sniper" | "butterfly" | "shield_butterfly" | "elder"
            | "good_civilian" | "needle_doctor",
        ) => Tone::Good,
        _ => Tone::Other,
    }
}
