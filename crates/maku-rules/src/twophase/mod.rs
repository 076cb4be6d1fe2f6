//! A tiny variant of two phases per act, for tests only (cargo feature `test-variant`, which
//! `cargo test` turns on): it shows that the shell — the service, the scheduler, the console,
//! reminders and act posts — handles more than one phase per act without knowing the variant.
//!
//! Each act is a **day** (every living seat votes for another; the one seat with most votes goes
//! out, a tie puts nobody out) and then a **night** (every living seat sends `sleep`; nothing
//! happens). The game ends when two or fewer seats are left: `survivors` win.

use std::ops::{Range, RangeInclusive};

use serde_json::{Value, json};

use super::action::Malformed;
use super::forms::{ActionForm, FieldInput, FormField};
use super::interface::{Line, Phase, PhaseKind, PublicSeat, Refused, SeatSpec, Submitted};
use super::sim::{Progress, SimParams, SimStats};
use super::variant::GameConfig;

mod rules;
mod variant;
pub use variant::VARIANT;

pub const SEATS: RangeInclusive<usize> = 3..=12;

/// Day, then night. The night is short by default; the day lasts the game's act length.
pub const PHASES: [PhaseKind; 2] = [
    PhaseKind {
        name: "day",
        default_minutes: None,
        aligned: true,
    },
    PhaseKind {
        name: "night",
        default_minutes: Some(60),
        aligned: false,
    },
];

pub const CAST: [&str; 12] = [
    "Alder", "Birch", "Cedar", "Dogwood", "Elm", "Fir", "Ginkgo", "Hazel", "Ivy", "Juniper",
    "Kapok", "Larch",
];

/// The day's vote names another living seat; the night's sleep asks for nothing.
pub const FORMS: [ActionForm; 2] = [
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
];

/// The phase of step `step`: odd steps are days, even steps nights; two steps an act.
pub fn phase_of(step: u32) -> Phase {
    Phase {
        step,
        act: step.div_ceil(2),
        kind: PHASES[((step + 1) % 2) as usize].name,
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Vote { target: String },
    Sleep,
}

impl Action {
    pub fn from_json(v: &Value) -> Result<Action, Malformed> {
        match v.get("type").and_then(Value::as_str) {
            Some("vote") => match v.get("target").and_then(Value::as_str) {
                Some(t) => Ok(Action::Vote {
                    target: t.to_string(),
                }),
                None => Err(Malformed::field("target", "vote needs a target")),
            },
            Some("sleep") => Ok(Action::Sleep),
            Some(other) => Err(Malformed::unknown_type(other)),
            None => Err(Malformed::no_type()),
        }
    }

    pub fn to_json(&self) -> Value {
        match self {
            Action::Vote { target } => json!({"type": "vote", "target": target}),
            Action::Sleep => json!({"type": "sleep"}),
        }
    }

    pub fn fields(&self) -> &'static [&'static str] {
        match self {
            Action::Vote { .. } => &["target"],
            Action::Sleep => &[],
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    names: Vec<String>,
    alive: Vec<bool>,
    step: u32,
    /// This day's vote of each seat.
    votes: Vec<Option<usize>>,
    /// Who has slept this night.
    slept: Vec<bool>,
    log: Vec<Line>,
    winner: Option<&'static str>,
}

impl Game {
    /// A game of the configured seats; the error says why it cannot start.
    pub fn start(config: &GameConfig) -> Result<Game, String> {
        let n = config.seats.len();
        if !SEATS.contains(&n) {
            return Err(format!("3 to 12 seats, not {n}"));
        }
        match &config.setup {
            None | Some(Value::Null) => {}
            Some(Value::Object(m)) if m.keys().all(|k| k == "seats") => {}
            Some(_) => return Err("this variant has no roles".into()),
        }
        Ok(Game {
            names: config.seats.iter().map(|s| s.game_id.clone()).collect(),
            alive: vec![true; n],
            step: 1,
            votes: vec![None; n],
            slept: vec![false; n],
            log: Vec::new(),
            winner: None,
        })
    }

    pub fn phase(&self) -> Phase {
        phase_of(self.step)
    }

    fn is_day(&self) -> bool {
        self.step % 2 == 1
    }

    pub fn shown_step(&self) -> u32 {
        if self.winner.is_some() {
            self.step - 1
        } else {
            self.step
        }
    }

    fn seat(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    fn refuse(&self, by: &str, error: &'static str) -> Submitted {
        Submitted {
            result: Err(Refused {
                error,
                message: error.replace('_', " "),
            }),
            lines: vec![Line::Reply {
                act: self.phase().act,
                by: by.to_string(),
                ok: false,
                reply: None,
                error: Some(error),
            }],
        }
    }

    pub fn submit(&mut self, by: &str, action: &Action) -> Submitted {
        let Some(seat) = self.seat(by) else {
            return self.refuse(by, "unknown_seat");
        };
        if self.winner.is_some() {
            return self.refuse(by, "game_over");
        }
        if !self.alive[seat] {
            return self.refuse(by, "out");
        }
        let reply = match (action, self.is_day()) {
            (Action::Vote { target }, true) => match self.seat(target) {
                Some(t) if t != seat && self.alive[t] => {
                    self.votes[seat] = Some(t);
                    json!({"type": "vote_recorded"})
                }
                _ => return self.refuse(by, "bad_target"),
            },
            (Action::Sleep, false) => {
                self.slept[seat] = true;
                json!({"type": "slept"})
            }
            _ => return self.refuse(by, "not_now"),
        };
        let line = Line::Reply {
            act: self.phase().act,
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

    /// Ends the open phase: the day's vote, or a quiet night.
    pub fn resolve(&mut self) -> Vec<Line> {
        let act = self.phase().act;
        let mut lines = Vec::new();
        if self.winner.is_none() {
            let event = if self.is_day() {
                let mut counts = vec![0u32; self.names.len()];
                for t in self.votes.iter().flatten() {
                    counts[*t] += 1;
                }
                let top = counts.iter().copied().max().unwrap_or(0);
                let leaders: Vec<usize> = (0..counts.len()).filter(|&i| counts[i] == top).collect();
                match leaders.as_slice() {
                    [one] if top > 0 => {
                        self.alive[*one] = false;
                        json!({"type": "out", "target": self.names[*one], "cause": "voted"})
                    }
                    _ => json!({"type": "peaceful", "phase": "day"}),
                }
            } else {
                json!({"type": "peaceful", "phase": "night"})
            };
            lines.push(Line::Public { act, event });
            if self.alive.iter().filter(|a| **a).count() <= 2 {
                self.winner = Some("survivors");
            }
        }
        self.votes.iter_mut().for_each(|v| *v = None);
        self.slept.iter_mut().for_each(|s| *s = false);
        self.step += 1;
        self.log.extend(lines.iter().cloned());
        lines
    }

    pub fn winner(&self) -> Option<&'static str> {
        self.winner
    }

    pub fn seats(&self) -> Vec<PublicSeat> {
        self.names
            .iter()
            .zip(&self.alive)
            .map(|(n, a)| PublicSeat {
                game_id: n.clone(),
                alive: *a,
            })
            .collect()
    }

    pub fn view_for(&self, name: &str) -> Option<Value> {
        let seat = self.seat(name)?;
        Some(json!({
            "game_id": name,
            "role": "player",
            "alive": self.alive[seat],
            "phase": self.phase().kind,
            "vote": self.votes[seat].map(|t| self.names[t].clone()),
            "actions": self.allowed_actions(name),
        }))
    }

    pub fn allowed_actions(&self, name: &str) -> Vec<&'static str> {
        match self.seat(name) {
            Some(s) if self.alive[s] && self.winner.is_none() => {
                vec![if self.is_day() { "vote" } else { "sleep" }]
            }
            _ => Vec::new(),
        }
    }

    /// Living seats that have not voted (day) or slept (night) yet.
    pub fn owing(&self) -> Vec<String> {
        if self.winner.is_some() {
            return Vec::new();
        }
        (0..self.names.len())
            .filter(|&s| self.alive[s])
            .filter(|&s| {
                if self.is_day() {
                    self.votes[s].is_none()
                } else {
                    !self.slept[s]
                }
            })
            .map(|s| self.names[s].clone())
            .collect()
    }

    /// Each living seat's vote this day (`None` while it has none); empty at night.
    pub fn ballots(&self) -> Vec<(String, Option<Vec<String>>)> {
        if !self.is_day() {
            return Vec::new();
        }
        (0..self.names.len())
            .filter(|&s| self.alive[s])
            .map(|s| {
                let vote = self.votes[s].map(|t| vec![self.names[t].clone()]);
                (self.names[s].clone(), vote)
            })
            .collect()
    }

    pub fn transcript(&self) -> Vec<Line> {
        self.log.clone()
    }

    pub fn reveal(&self) -> Value {
        json!({"seats": self.seats(), "winner": self.winner})
    }
}

/// Bots vote for the first other living seat and sleep: the game lasts until two are left.
pub fn simulate(params: &SimParams, seeds: Range<u64>, progress: &Progress) -> SimStats {
    let mut stats = SimStats {
        outcomes: vec![("survivors", 0), ("unfinished", 0)],
        outs: vec![("voted", 0)],
        ..SimStats::default()
    };
    for _ in seeds {
        let seats = (0..params.seats)
            .map(|i| SeatSpec {
                game_id: format!("s{i}"),
                real_id: format!("r{i}"),
            })
            .collect();
        let config = GameConfig {
            variant: variant::VARIANT,
            options: Value::Null,
            seed: 0,
            seats,
            setup: None,
        };
        let Ok(mut g) = Game::start(&config) else {
            break;
        };
        while g.winner.is_none() && g.step <= params.max_phases {
            for by in g.owing() {
                let action = if g.is_day() {
                    let target = g.owing().into_iter().find(|t| *t != by).unwrap_or_default();
                    Action::Vote { target }
                } else {
                    Action::Sleep
                };
                g.submit(&by, &action);
            }
            g.resolve();
        }
        stats.games += 1;
        stats.phases += u64::from(g.step - 1);
        stats.outcomes[usize::from(g.winner.is_none())].1 += 1;
        stats.outs[0].1 += g.alive.iter().filter(|a| !**a).count() as u64;
        progress.add(1);
    }
    stats
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SeatSpec;

    fn game(n: usize) -> Game {
        let seats = (0..n)
            .map(|i| SeatSpec {
                game_id: CAST[i].to_string(),
                real_id: format!("r{i}"),
            })
            .collect();
        Game::start(&GameConfig {
            variant: variant::VARIANT,
            options: Value::Null,
            seed: 0,
            seats,
            setup: None,
        })
        .expect("starts")
    }

    #[test]
    fn a_day_then_a_night_make_an_act() {
        let mut g = game(4);
        assert_eq!(g.phase(), phase_of(1));
        assert_eq!((g.phase().act, g.phase().kind), (1, "day"));
        for by in ["Alder", "Birch", "Cedar"] {
            let target = if by == "Alder" { "Birch" } else { "Alder" };
            let target = target.to_string();
            assert!(g.submit(by, &Action::Vote { target }).result.is_ok());
        }
        assert_eq!(g.owing(), vec!["Dogwood".to_string()]);
        assert_eq!(
            g.submit("Alder", &Action::Sleep)
                .result
                .map_err(|r| r.error),
            Err("not_now")
        );
        let lines = g.resolve();
        assert!(matches!(&lines[0], Line::Public { act: 1, event } if event["target"] == "Alder"));
        assert_eq!((g.phase().act, g.phase().kind), (1, "night"));
        assert_eq!(g.owing().len(), 3);
        g.resolve();
        assert_eq!(
            (g.phase().step, g.phase().act, g.phase().kind),
            (3, 2, "day")
        );
    }

    #[test]
    fn two_left_and_the_survivors_win() {
        let mut g = game(3);
        g.submit(
            "Alder",
            &Action::Vote {
                target: "Cedar".into(),
            },
        );
        g.resolve();
        assert_eq!(g.winner(), Some("survivors"));
        assert_eq!(g.shown_step(), 1);
        assert!(g.allowed_actions("Alder").is_empty());
    }
}
