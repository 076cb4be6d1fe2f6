//! A tiny variant of two phases per act, for tests only (cargo feature `test-variant`, which
//! `cargo test` turns on): it shows that the shell — the service, the scheduler, the console,
//! reminders and act posts — handles more than one phase per act without knowing the variant,
//! and that the adapter's defaults carry a variant (the common bots play it).
//!
//! Each act is a **day** (every living seat votes for another; the one seat with most votes goes
//! out, a tie puts nobody out) and then a **night** (every living seat sends `sleep`; nothing
//! happens). The game ends when two or fewer seats are left: `survivors` win.

use serde_json::{Value, json};

use super::action::{self as action, ActionError, EngineAction, Malformed};
use super::engine::{Engine, foreign_action, refused};
use super::forms::{ActionForm, FieldInput, FormField};
use super::interface::{
    ConfigError, Line, Owes, Phase, PhaseKind, PublicSeat, SeatNow, SeatRecord, Submitted, TableNow,
};
use super::message::{Fields, Message, dashed};
use super::variant::{GameConfig, Rules, Say, Variant, VariantInfo};

/// The two-phase rules.
pub struct TwoPhase;

pub const VARIANT: Variant = Variant::new(&TwoPhase);

/// Day, then night. The night is short by default; the day lasts the game's act length. The
/// day's vote names another living seat; the night's sleep asks for nothing. Never offered to
/// judges: it exists to test the shell.
const INFO: VariantInfo = VariantInfo {
    name: "twophase",
    offered: false,
    seats: 3..=12,
    phases: &[
        PhaseKind {
            name: "day",
            default_minutes: None,
            aligned: true,
            turn: "turn-speaker",
        },
        PhaseKind {
            name: "night",
            default_minutes: Some(60),
            aligned: false,
            turn: "turn-speaker",
        },
    ],
    action_forms: &[
        ActionForm {
            kind: "vote",
            fields: &[FormField::required("target", FieldInput::OtherLivingSeat)],
            confirm: false,
        },
        ActionForm {
            kind: "sleep",
            fields: &[],
            confirm: false,
        },
    ],
    default_characters: &[
        "Alder", "Birch", "Cedar", "Dogwood", "Elm", "Fir", "Ginkgo", "Hazel", "Ivy", "Juniper",
        "Kapok", "Larch",
    ],
    outcomes: &["survivors"],
    catalogs: &[
        ("zh-CN", include_str!("catalog/zh-CN.ftl")),
        ("en", include_str!("catalog/en.ftl")),
    ],
    ..VariantInfo::DEFAULT
};

/// An action: the day's vote for its target, or the night's sleep (`None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action(Option<String>);

impl EngineAction for Action {
    fn to_json(&self) -> Value {
        match &self.0 {
            Some(target) => json!({"type": "vote", "target": target}),
            None => json!({"type": "sleep"}),
        }
    }
    fn fields(&self) -> &'static [&'static str] {
        if self.0.is_some() { &["target"] } else { &[] }
    }
}

impl Rules for TwoPhase {
    fn info(&self) -> &VariantInfo {
        &INFO
    }
    fn parse_action(&self, v: &Value) -> Result<action::Action, ActionError> {
        let a = match v.get("type").and_then(Value::as_str) {
            Some("vote") => match v.get("target").and_then(Value::as_str) {
                Some(t) => Action(Some(t.to_string())),
                None => Err(Malformed::field("target", "vote needs a target"))?,
            },
            Some("sleep") => Action(None),
            Some(other) => Err(Malformed::unknown_type(other))?,
            None => Err(Malformed::no_type())?,
        };
        Ok(action::Action::new(a))
    }
    fn start(&self, config: &GameConfig) -> Result<Box<dyn Engine>, ConfigError> {
        let n = config.seats.len();
        if !INFO.seats.contains(&n) {
            return Err(ConfigError::Setup(format!("3 to 12 seats, not {n}")));
        }
        match &config.setup {
            None | Some(Value::Null) => {}
            Some(Value::Object(m)) if m.keys().all(|k| k == "seats") => {}
            Some(_) => return Err(ConfigError::Setup("this variant has no roles".into())),
        }
        Ok(Box::new(Game {
            names: config.seats.iter().map(|s| s.game_id.clone()).collect(),
            alive: vec![true; n],
            step: 1,
            acted: vec![None; n],
            log: Vec::new(),
            winner: None,
        }))
    }
    fn say(&self, what: Say<'_>) -> Option<Message> {
        Some(match what {
            Say::Public(e) if e.s("type") == "out" => {
                Message::key("tp-ev-out").arg("target", e.s("target"))
            }
            Say::Public(e) if e.s("type") == "peaceful" => {
                Message::key(format!("tp-ev-peaceful-{}", e.s("phase")))
            }
            Say::Action(a) if a.s("type") == "vote" => {
                Message::key("tp-act-vote").arg("target", a.s("target"))
            }
            Say::Action(a) if a.s("type") == "sleep" => Message::key("tp-act-sleep"),
            Say::Reply(r) if matches!(r.s("type"), "vote_recorded" | "slept") => {
                Message::key(format!("tp-reply-{}", dashed(r.s("type"))))
            }
            Say::Winner(w) => Message::key(format!("tp-winner-{w}")),
            Say::Cause(c) => Message::key(format!("tp-cause-{c}")),
            Say::Role("player") => Message::key("role-player"),
            _ => return None,
        })
    }
}

/// A game: odd steps are days, even steps nights; two steps an act.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    names: Vec<String>,
    alive: Vec<bool>,
    step: u32,
    /// What each seat did in this phase: voted for a seat (day), or slept (`Some(None)`).
    acted: Vec<Option<Option<usize>>>,
    log: Vec<Line>,
    winner: Option<&'static str>,
}

impl Game {
    fn is_day(&self) -> bool {
        self.step % 2 == 1
    }

    fn seat(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// Whether the living seat `s` has yet to vote (day) or sleep (night).
    fn owes(&self, s: usize) -> bool {
        self.winner.is_none() && self.alive[s] && self.acted[s].is_none()
    }
}

impl Engine for Game {
    fn submit(&mut self, by: &str, action: &action::Action) -> Submitted {
        let Some(action) = action.get::<Action>() else {
            return foreign_action();
        };
        let act = self.step.div_ceil(2);
        let checked = match self.seat(by) {
            None => Err("unknown_seat"),
            Some(_) if self.winner.is_some() => Err("game_over"),
            Some(s) if !self.alive[s] => Err("out"),
            Some(s) => match (&action.0, self.is_day()) {
                (Some(target), true) => match self.seat(target) {
                    Some(t) if t != s && self.alive[t] => Ok((s, Some(t))),
                    _ => Err("bad_target"),
                },
                (None, false) => Ok((s, None)),
                _ => Err("not_now"),
            },
        };
        let (s, vote) = match checked {
            Err(code) => return refused(act, by, code, code.replace('_', " ")),
            Ok(done) => done,
        };
        self.acted[s] = Some(vote);
        let reply = match vote {
            Some(_) => json!({"type": "vote_recorded"}),
            None => json!({"type": "slept"}),
        };
        let line = Line::Reply {
            act,
            by: by.to_string(),
            ok: true,
            reply: Some(reply.clone()),
            error: None,
        };
        self.log.push(line.clone());
        Submitted {
            result: Ok(reply),
            lines: vec![line],
        }
    }

    /// Ends the open phase: the day's vote (the one seat with most votes goes out), or a
    /// quiet night.
    fn resolve_phase(&mut self) -> Vec<Line> {
        let act = self.step.div_ceil(2);
        let mut lines = Vec::new();
        if self.winner.is_none() {
            let mut counts = vec![0u32; self.names.len()];
            self.acted
                .iter()
                .flatten()
                .flatten()
                .for_each(|&t| counts[t] += 1);
            let top = counts.iter().copied().max().unwrap_or(0);
            let leaders: Vec<usize> = (0..counts.len()).filter(|&i| counts[i] == top).collect();
            let event = match leaders.as_slice() {
                [one] if top > 0 => {
                    self.alive[*one] = false;
                    json!({"type": "out", "target": self.names[*one], "cause": "voted"})
                }
                _ => json!({"type": "peaceful", "phase": self.phase_of(self.step).kind}),
            };
            lines.push(Line::Public { act, event });
            if self.alive.iter().filter(|a| **a).count() <= 2 {
                self.winner = Some("survivors");
            }
        }
        self.acted.iter_mut().for_each(|a| *a = None);
        self.step += 1;
        self.log.extend(lines.iter().cloned());
        lines
    }

    fn phase_of(&self, step: u32) -> Phase {
        Phase {
            step,
            act: step.div_ceil(2),
            kind: INFO.phases[((step + 1) % 2) as usize].name,
        }
    }

    fn table_now(&self) -> TableNow {
        TableNow {
            seats: (self.names.iter().zip(&self.alive))
                .map(|(n, a)| PublicSeat {
                    game_id: n.clone(),
                    alive: *a,
                })
                .collect(),
            owing: (0..self.names.len())
                .filter(|&s| self.owes(s))
                .map(|s| self.names[s].clone())
                .collect(),
            ..TableNow::plain(
                self.phase_of(self.step),
                self.step - u32::from(self.winner.is_some()),
                self.winner,
            )
        }
    }

    fn seat_now(&self, name: &str) -> Option<SeatNow> {
        let s = self.seat(name)?;
        let open = self.alive[s] && self.winner.is_none();
        Some(SeatNow {
            role: "player",
            owes: Owes {
                action: self.owes(s),
                ..Owes::default()
            },
            may_post: self.alive[s],
            allowed: match (open, self.is_day()) {
                (false, _) => Vec::new(),
                (true, day) => vec![if day { "vote" } else { "sleep" }],
            },
            ..SeatNow::default()
        })
    }

    fn view_for(&self, name: &str) -> Option<Value> {
        let s = self.seat(name)?;
        Some(json!({
            "game_id": name,
            "role": "player",
            "alive": self.alive[s],
            "phase": self.phase_of(self.step).kind,
            "vote": self.acted[s].flatten().map(|t| self.names[t].clone()),
            "actions": self.seat_now(name)?.allowed,
        }))
    }

    /// Each living seat's vote this day (`None` while it has none); empty at night.
    fn ballots(&self) -> Vec<(String, Option<Vec<String>>)> {
        (0..self.names.len())
            .filter(|&s| self.alive[s] && self.is_day())
            .map(|s| {
                let vote = self.acted[s].flatten().map(|t| vec![self.names[t].clone()]);
                (self.names[s].clone(), vote)
            })
            .collect()
    }

    fn transcript(&self) -> Vec<Line> {
        self.log.clone()
    }

    fn reveal_now(&self) -> Value {
        json!({"seats": self.table_now().seats, "winner": self.winner})
    }

    /// The survivors win: a seat still in.
    fn seat_record(&self, name: &str, winner: Option<&str>) -> Option<SeatRecord> {
        let s = self.seat(name)?;
        Some(SeatRecord {
            role: "player",
            won: winner.map(|_| self.alive[s]),
        })
    }
}
