//! A tiny variant of two phases per act, for tests only (cargo feature `test-variant`, which
//! `cargo test` turns on): it shows that the shell — the service, the scheduler, the console,
//! reminders and act posts — handles more than one phase per act without knowing the variant,
//! and that the adapter's defaults carry a variant (the common bots play it).
//!
//! Each act is a **day** (every living seat votes for another; the one seat with most votes goes
//! out, a tie puts nobody out) and then a **night** (every living seat sends `sleep`; nothing
//! happens). The game ends when two or fewer seats are left: `survivors` win.

use serde_json::{Value, json};

use super::action::{self as action, ActionError};
use super::engine::{Engine, foreign_action, refused};
use super::forms::{FieldInput, FormField};
use super::interface::{ConfigError, Line, Owes, Phase, SeatNow, SeatRecord, Submitted, TableNow};
use super::message::{Fields, Message, dashed};
use super::plain::{Move, Seats, form, parse_move, phase, repeating_phase};
use super::variant::{GameConfig, Rules, Say, Variant, VariantInfo};

/// The two-phase rules.
pub struct TwoPhase;

pub const VARIANT: Variant = Variant::new(&TwoPhase);

/// The day's vote names another living seat.
const A_SEAT: &[FormField] = &[FormField::required("target", FieldInput::OtherLivingSeat)];

/// Day, then night. The night is short by default; the day lasts the game's act length. The
/// night's sleep asks for nothing. Never offered to judges: it exists to test the shell.
const INFO: VariantInfo = VariantInfo {
    name: "twophase",
    offered: false,
    seats: 3..=12,
    phases: &[phase("day", None, true), phase("night", Some(60), false)],
    action_forms: &[form("vote", A_SEAT), form("sleep", &[])],
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

impl Rules for TwoPhase {
    fn info(&self) -> &VariantInfo {
        &INFO
    }
    fn parse_action(&self, v: &Value) -> Result<action::Action, ActionError> {
        parse_move(INFO.action_forms, v)
    }
    fn start(&self, config: &GameConfig) -> Result<Box<dyn Engine>, ConfigError> {
        let seats = Seats::start(&INFO, config)?;
        Ok(Box::new(Game {
            acted: vec![None; seats.names.len()],
            seats,
            step: 1,
            winner: None,
        }))
    }
    fn say(&self, what: Say<'_>) -> Option<Message> {
        Some(match what {
            Say::Public(e) if e.json().s("type") == "out" => {
                Message::key("tp-ev-out").arg("target", e.json().s("target"))
            }
            Say::Public(e) if e.json().s("type") == "peaceful" => {
                Message::key(format!("tp-ev-peaceful-{}", e.json().s("phase")))
            }
            Say::Action(a) => match a.get::<Move>() {
                Some(m) if m.kind == "vote" => {
                    Message::key("tp-act-vote").arg("target", m.target.as_deref().unwrap_or(""))
                }
                Some(m) if m.kind == "sleep" => Message::key("tp-act-sleep"),
                _ => return None,
            },
            Say::Reply(r) if matches!(r.json().s("type"), "vote_recorded" | "slept") => {
                Message::key(format!("tp-reply-{}", dashed(r.json().s("type"))))
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
    seats: Seats,
    step: u32,
    /// What each seat did in this phase: voted for a seat (day), or slept (`Some(None)`).
    acted: Vec<Option<Option<usize>>>,
    winner: Option<&'static str>,
}

impl Game {
    fn is_day(&self) -> bool {
        self.step % 2 == 1
    }

    /// Whether the living seat `s` has yet to vote (day) or sleep (night).
    fn owes(&self, s: usize) -> bool {
        self.winner.is_none() && self.seats.alive[s] && self.acted[s].is_none()
    }

    /// The name of the seat `s` voted for this day.
    fn vote_of(&self, s: usize) -> Option<String> {
        self.acted[s].flatten().map(|t| self.seats.names[t].clone())
    }
}

impl Engine for Game {
    fn submit(&mut self, by: &str, action: &action::Action) -> Submitted {
        let Some(action) = action.get::<Move>() else {
            return foreign_action();
        };
        let (act, alive) = (self.step.div_ceil(2), &self.seats.alive);
        let checked = match self.seats.index(by) {
            None => Err("unknown_seat"),
            Some(_) if self.winner.is_some() => Err("game_over"),
            Some(s) if !alive[s] => Err("out"),
            Some(s) => match (&action.target, self.is_day()) {
                (Some(target), true) => match self.seats.index(target) {
                    Some(t) if t != s && alive[t] => Ok((s, Some(t))),
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
        let reply = if vote.is_some() {
            "vote_recorded"
        } else {
            "slept"
        };
        self.seats.accept(act, by, json!({ "type": reply }))
    }

    /// Ends the open phase: the day's vote (the one seat with most votes goes out), or a
    /// quiet night.
    fn resolve_phase(&mut self) -> Vec<Line> {
        let act = self.step.div_ceil(2);
        let mut lines = Vec::new();
        if self.winner.is_none() {
            let mut counts = vec![0u32; self.seats.names.len()];
            self.acted
                .iter()
                .flatten()
                .flatten()
                .for_each(|&t| counts[t] += 1);
            let top = counts.iter().copied().max().unwrap_or(0);
            let leaders: Vec<usize> = (0..counts.len()).filter(|&i| counts[i] == top).collect();
            let event = match leaders.as_slice() {
                [one] if top > 0 => {
                    self.seats.alive[*one] = false;
                    json!({"type": "out", "target": self.seats.names[*one], "cause": "voted"})
                }
                _ => json!({"type": "peaceful", "phase": self.phase_of(self.step).kind}),
            };
            lines.push(self.seats.publish(act, event));
            if self.seats.living() <= 2 {
                self.winner = Some("survivors");
            }
        }
        self.acted.iter_mut().for_each(|a| *a = None);
        self.step += 1;
        lines
    }

    fn phase_of(&self, step: u32) -> Phase {
        repeating_phase(&INFO, step)
    }

    fn table_now(&self) -> TableNow {
        let shown = self.step - u32::from(self.winner.is_some());
        TableNow {
            seats: self.seats.public(),
            owing: (0..self.seats.names.len())
                .filter(|&s| self.owes(s))
                .map(|s| self.seats.names[s].clone())
                .collect(),
            // Each living seat's vote this day (`None` while it has none); none at night.
            ballots: (0..self.seats.names.len())
                .filter(|&s| self.seats.alive[s] && self.is_day())
                .map(|s| {
                    (
                        self.seats.names[s].clone(),
                        self.vote_of(s).map(|v| vec![v]),
                    )
                })
                .collect(),
            ..TableNow::plain(self.phase_of(self.step), shown, self.winner)
        }
    }

    fn seat_now(&self, name: &str) -> Option<SeatNow> {
        let s = self.seats.index(name)?;
        let open = self.seats.alive[s] && self.winner.is_none();
        Some(SeatNow {
            role: "player",
            owes: Owes {
                action: self.owes(s),
                ..Owes::default()
            },
            may_post: self.seats.alive[s],
            allowed: match (open, self.is_day()) {
                (false, _) => Vec::new(),
                (true, day) => vec![if day { "vote" } else { "sleep" }],
            },
            ..SeatNow::default()
        })
    }

    fn view_for(&self, name: &str) -> Option<crate::SeatView> {
        let s = self.seats.index(name)?;
        Some(crate::SeatView::new(json!({
            "game_id": name,
            "role": "player",
            "alive": self.seats.alive[s],
            "phase": self.phase_of(self.step).kind,
            "vote": self.vote_of(s),
            "actions": self.seat_now(name)?.allowed,
        })))
    }

    fn transcript(&self) -> Vec<Line> {
        self.seats.log.clone()
    }

    /// The survivors win: a seat still in.
    fn seat_record(&self, name: &str, winner: Option<&str>) -> Option<SeatRecord> {
        let s = self.seats.index(name)?;
        Some(SeatRecord {
            role: "player",
            won: winner.map(|_| self.seats.alive[s]),
        })
    }
}
