//! The deathnote engine behind maku's interface: its [`Rules`] and its game as an [`Engine`].
use std::ops::Range;
use std::sync::Arc;

use serde_json::Value;

use super::variant::DeathNote;
use super::{
    Audience, Edition, Entry, Game, Item, Options, Refusal, Roster, SEATS, Seat, bot, judge,
    messages,
};
use crate::action::{Action, ActionError, EngineAction};
use crate::engine::{Engine, foreign_action, to_value};
use crate::interface::{
    ConfigError, JudgeFacts, Line, Owes, Phase, PublicSeat, RulesDoc, SeatNow, SeatRecord,
    Submitted, TableNow,
};
use crate::message::Message;
use crate::reveal_rows::RevealReading;
use crate::sheet::SeatSheet;
use crate::sim::{Progress, SimParams, SimStats};
use crate::variant::{GameConfig, Pin, Rules, Say, VariantInfo, only_known, pin};

impl EngineAction for super::Action<String> {
    fn to_json(&self) -> Value {
        super::Action::to_json(self)
    }
    fn fields(&self) -> &'static [&'static str] {
        self.kind().fields()
    }
}

/// Death Note's constants: DN-1's seats (16 to 18 recommended), one phase per act, DN-12's
/// thread of the joined Kiras, DN-6 and DN-16 (a missing action or ballot is a suicide), DN-6's
/// notebook action, DN-19's windows and DN-22's Eye on the console.
pub(super) const INFO: VariantInfo = VariantInfo {
    name: "deathnote",
    rules_doc: Some(RulesDoc {
        title: "rules-title",
        about: "rules-about-deathnote",
        summary: "rules-summary",
        book: include_str!("../../../../docs/rules/deathnote.md"),
        book_link: "rules-book-link",
        shared: false,
        section: None,
        original: include_str!("../../../../docs/rules/deathnote.zh.txt"),
        one_line: true,
    }),
    seats_hint: Some("dn-seats-hint"),
    seats: SEATS,
    phases: &super::PHASES,
    option_fields: &super::OPTIONS,
    action_forms: &super::FORMS,
    default_characters: &super::CAST,
    outcomes: &["good", "kira", "draw"],
    team_threads: &["kira"],
    submissions_optional: false,
    owed_action: "seat-owes-action",
    console_columns: &[
        ("console-col-window", "DN-19"),
        ("console-col-eye", "DN-22"),
    ],
    catalogs: &[
        ("zh-CN", include_str!("catalog/zh-CN.ftl")),
        ("en", include_str!("catalog/en.ftl")),
    ],
    ..VariantInfo::DEFAULT
};

impl Rules for DeathNote {
    fn info(&self) -> &VariantInfo {
        &INFO
    }
    /// DN-2: the two Kiras are the secret.
    fn teams(&self, _seats: usize) -> Vec<(&'static str, usize)> {
        vec![("kira", 2)]
    }
    fn draw_roles(&self, game_ids: &[String], rng: &mut dyn rand::Rng) -> Value {
        super::draw_kiras(game_ids, rng)
    }
    fn simulate(
        &self,
        params: &SimParams,
        seeds: Range<u64>,
        progress: &Progress,
    ) -> Option<SimStats> {
        Some(bot::simulate(params, seeds, progress))
    }
    /// The current edition; a game logged before options were pinned started under the first.
    fn options(&self, options: &Value, read: Pin) -> Result<Value, ConfigError> {
        if let (Pin::Check, Value::Object(map)) = (read, options) {
            only_known(map, &["redistribute", "edition", "publish_votes"])?;
            serde_json::from_value::<Options>(options.clone())
                .map_err(|e| ConfigError::Options(e.to_string()))?;
        }
        let edition = match read {
            Pin::Legacy => Edition::First,
            Pin::Check | Pin::Start => Edition::CURRENT,
        };
        Ok(pin(options, "edition", edition.number().into()))
    }
    fn parse_action(&self, value: &Value) -> Result<Action, ActionError> {
        super::Action::<String>::parse(value)
            .map(Action::new)
            .map_err(ActionError::Invalid)
    }
    fn start(&self, config: &GameConfig) -> Result<Box<dyn Engine>, ConfigError> {
        let rules = |e: super::SetupError| ConfigError::Rules(e.to_string());
        let n = config.seats.len();
        if !SEATS.contains(&n) {
            return Err(rules(super::SetupError::SeatCount(n)));
        }
        let options: Options = match &config.options {
            Value::Null => Options::default(),
            v @ Value::Object(_) => serde_json::from_value(v.clone())
                .map_err(|e| ConfigError::Options(e.to_string()))?,
            _ => return Err(ConfigError::Options("options must be an object".into())),
        };
        let pairs: Vec<(&str, &str)> = config
            .seats
            .iter()
            .map(|s| (s.game_id.as_str(), s.real_id.as_str()))
            .collect();
        let roster = Arc::new(Roster::new(&pairs).map_err(rules)?);
        let game = match fixed_kiras(config.setup.as_ref(), &roster)? {
            Some(k) => Game::new(roster, k, options, config.seed),
            None => Game::new_random(roster, options, config.seed),
        }
        .map_err(rules)?;
        Ok(Box::new(game))
    }
    fn say(&self, what: Say<'_>) -> Option<Message> {
        match what {
            Say::Public(e) => messages::public(e.json()),
            Say::Private(e) => messages::private(e.json()),
            Say::Action(a) => messages::action(&a.to_json()),
            Say::Reply(r) => messages::reply(r.json()),
            Say::Refusal(code) => Some(messages::refusal(code)),
            Say::Winner(w) => Some(messages::winner(w)),
            Say::Cause(c) => Some(messages::cause(c)),
            // DN-3: a seat is Kira (it holds a notebook) or good.
            Say::Role(role @ ("kira" | "good")) => Some(Message::key(format!("reveal-{role}"))),
            Say::Role(_) | Say::Team(_) => None,
            // DN-15: one phase per act; unless an out by the vote tells it, the act post says
            // nobody was voted out.
            Say::NoVoteOut { events, phase } => (phase.is_none()
                && !events.iter().any(|e| {
                    let e = e.json();
                    e.get("type").and_then(Value::as_str) == Some("out")
                        && e.get("cause").and_then(Value::as_str) == Some("voted")
                }))
            .then(|| Message::key("thread-act-nobody-voted-out").rule("DN-15")),
        }
    }
    /// DN-28: roles change as notebooks pass: its own seats table, and a picture that draws
    /// passes, joins, the Eye and kills.
    fn read_reveal(&self, roles: &Value, transcript: &[Value]) -> RevealReading {
        RevealReading::Own(
            messages::reveal_rows(roles),
            super::timeline::timeline(roles, transcript),
        )
    }
    fn console_row(
        &self,
        role: Option<&str>,
        alive: bool,
        owes: Owes,
        facts: &serde_json::Map<String, Value>,
        act: u32,
    ) -> crate::message::ConsoleRow {
        messages::console_row(role, alive, owes, facts, act)
    }
    fn seat_sheet(&self, view: &crate::SeatView, over: bool) -> SeatSheet {
        super::sheet::seat_sheet(view.json(), over)
    }
}

/// `setup.kira` of DN-2: two different seats, or absent/empty for a seeded draw.
fn fixed_kiras(setup: Option<&Value>, roster: &Roster) -> Result<Option<[Seat; 2]>, ConfigError> {
    let kira = match setup {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Object(m)) => m.get("kira"),
        Some(_) => return Err(ConfigError::Setup("setup must be an object".into())),
    };
    let list = match kira {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Array(list)) if list.is_empty() => return Ok(None),
        Some(Value::Array(list)) => list,
        Some(_) => return Err(ConfigError::Setup("setup.kira must be a list".into())),
    };
    if list.len() != 2 {
        return Err(ConfigError::Setup(format!(
            "setup.kira must name exactly 2 seats, not {}",
            list.len()
        )));
    }
    let mut seats = [Seat::UNKNOWN; 2];
    for (i, v) in list.iter().enumerate() {
        let Value::String(name) = v else {
            return Err(ConfigError::Setup("setup.kira must list game IDs".into()));
        };
        seats[i] = roster
            .seat_of(name)
            .ok_or_else(|| ConfigError::Setup(format!("unknown seat {name:?} in setup.kira")))?;
    }
    if seats[0] == seats[1] {
        return Err(ConfigError::Setup(
            "setup.kira names the same seat twice".into(),
        ));
    }
    Ok(Some(seats))
}

fn refused(act: u32, by: &str, r: Refusal) -> Submitted {
    crate::engine::refused(act, by, r.code(), r.to_string())
}

/// Log entries → transcript lines.
fn lines(g: &Game, entries: &[Entry]) -> Vec<Line> {
    let name = |s: Seat| g.game_id(s).to_string();
    let mut lines = Vec::with_capacity(entries.len());
    for e in entries {
        let act = e.act;
        match (&e.item, e.audience) {
            (Item::Reply { by, reply }, _) => lines.push(Line::Reply {
                act,
                by: name(*by),
                ok: true,
                reply: Some(crate::Reply::of(reply)),
                error: None,
            }),
            (Item::Refused { by, error }, _) => lines.push(Line::Reply {
                act,
                by: name(*by),
                ok: false,
                reply: None,
                error: Some(error.code()),
            }),
            (Item::Event(ev), Audience::Public) => lines.push(Line::Public {
                act,
                event: crate::Event::of(ev),
            }),
            (Item::Event(ev), Audience::Seat(s)) => lines.push(Line::Private {
                act,
                to: name(s),
                event: crate::Event::of(ev),
            }),
            (Item::Event(ev), Audience::Pair(a, b)) => {
                for s in [a, b] {
                    lines.push(Line::Private {
                        act,
                        to: name(s),
                        event: crate::Event::of(ev),
                    });
                }
            }
        }
    }
    lines
}

impl Game {
    fn alive_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.seat_count())
            .map(|i| Seat(i as u8))
            .filter(|&s| self.is_alive(s))
    }

    /// The seat's ballot of this act as its view names it (DN-14), `None` while it has none.
    fn ballot_of(&self, s: Seat) -> Option<Vec<String>> {
        let ballot = &self.seats.get(s.index())?.ballot;
        (!ballot.is_empty()).then(|| {
            ballot
                .as_slice()
                .iter()
                .map(|&t| self.game_id(t).as_str().to_string())
                .collect()
        })
    }
}

impl Engine for Game {
    fn submit(&mut self, by: &str, action: &Action) -> Submitted {
        let Some(a) = action.get::<super::Action<String>>() else {
            return foreign_action();
        };
        let act = self.act();
        let Some(seat) = self.roster().seat_of(by) else {
            return refused(act, by, Refusal::UnknownSeat);
        };
        let mark = self.log().len();
        let engine_action = a.to_seats(self.roster());
        match Game::submit(self, seat, &engine_action) {
            Ok(reply) => Submitted {
                result: Ok(crate::Reply::of(&reply)),
                lines: lines(self, &self.log()[mark..]),
            },
            Err(r) => refused(act, by, r),
        }
    }

    fn resolve_phase(&mut self) -> Vec<Line> {
        let mark = self.log().len();
        self.resolve();
        lines(self, &self.log()[mark..])
    }

    /// One phase per act: the act itself.
    fn phase_of(&self, step: u32) -> Phase {
        Phase {
            step,
            act: step,
            kind: super::PHASES[0].name,
        }
    }

    fn table_now(&self) -> TableNow {
        TableNow {
            edition: Some(Game::edition(self).number()),
            seats: (0..self.seat_count())
                .map(|i| {
                    let s = Seat(i as u8);
                    PublicSeat {
                        game_id: self.game_id(s).to_string(),
                        alive: self.is_alive(s),
                    }
                })
                .collect(),
            owing: Game::owing(self)
                .iter()
                .map(|&s| self.game_id(s).to_string())
                .collect(),
            // DN-14: every living seat's ballot of this act.
            ballots: self
                .alive_seats()
                .map(|s| (self.game_id(s).to_string(), self.ballot_of(s)))
                .collect(),
            // DN-15, option `publish_votes`.
            published_votes: Game::published_votes(self).map(|counts| {
                counts
                    .into_iter()
                    .map(|(seat, n)| (self.game_id(seat).to_string(), n))
                    .collect()
            }),
            ..TableNow::plain(
                Engine::phase_of(self, self.act()),
                self.shown_act(),
                self.winner().map(|w| w.name()),
            )
        }
    }

    /// DN-6 (a notebook's action), DN-14 (a ballot), DN-5 (a notebook on turn), DN-12 (the
    /// joined Kiras' thread) and the console's facts, from the seat's typed view.
    fn seat_now(&self, game_id: &str) -> Option<SeatNow> {
        let seat = self.roster().seat_of(game_id)?;
        let view = Game::standing_of(self, seat)?;
        Some(SeatNow {
            role: view.role,
            out: view.out.map(|(act, cause)| (act, cause.name())),
            owes: Owes {
                ballot: view.owes_ballot,
                action: view.notebooks.iter().any(|nb| nb.owed),
                optional: false,
            },
            on_turn: view.on_turn,
            may_post: self.is_alive(seat),
            silenced: false,
            teams: if self.partner(seat).is_some() {
                vec!["kira"]
            } else {
                Vec::new()
            },
            allowed: Game::allowed_actions(self, seat)
                .iter()
                .map(|k| k.name())
                .collect(),
            // Notebooks, DN-19 windows and the DN-22 Eye besides what the seat owes.
            facts: JudgeFacts::of(|running| match judge::seat_facts(&view, running) {
                Value::Object(m) => m,
                _ => serde_json::Map::new(),
            }),
        })
    }

    fn view_for(&self, game_id: &str) -> Option<crate::SeatView> {
        let seat = self.roster().seat_of(game_id)?;
        Game::view_for(self, seat).map(|v| crate::SeatView::of(&v))
    }

    /// DN-25..27: good against the Kiras, by the role the seat ended with (or went out with,
    /// DN-28): a notebook passed on changes a seat's side.
    fn seat_record(&self, game_id: &str, winner: Option<&str>) -> Option<SeatRecord> {
        let seat = self.roster().seat_of(game_id)?;
        let role = Game::role_of(self, seat);
        let won = match winner {
            None | Some("draw") => None,
            Some(w) => Some(w == role),
        };
        Some(SeatRecord { role, won })
    }

    fn transcript(&self) -> Vec<Line> {
        lines(self, self.log())
    }

    fn reveal_now(&self) -> Value {
        to_value(&Game::reveal_now(self))
    }
}
