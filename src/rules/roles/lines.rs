//! Log entries as transcript lines (`../shared/spec/replay.md`, "Role games"): seats named by
//! game ID, events as the spec's objects.

use serde_json::{Map, Value, json};

use super::event::{Audience, Entry, Event, Item, Seen};
use super::state::Game;
use crate::rules::interface::Line;
use crate::rules::table::Seat;

impl Game {
    fn ids(&self, seats: &[Seat]) -> Vec<&str> {
        seats.iter().map(|&s| self.game_id(s)).collect()
    }

    /// An event as the spec's object.
    pub fn event_json(&self, e: &Event) -> Value {
        match e {
            Event::Teammates { team, seats } => {
                json!({"type": "teammates", "team": team.name(), "seats": self.ids(seats)})
            }
            Event::CheckResult { target, result } => json!({
                "type": "check_result",
                "target": self.game_id(*target),
                "result": result.name(),
            }),
            Event::QueryResult { target, seen } => json!({
                "type": "query_result",
                "target": self.game_id(*target),
                "acted_on": match seen {
                    Seen::Seat(s) => self.game_id(*s),
                    Seen::Nothing => "none",
                    Seen::Blocked => "blocked",
                },
            }),
            Event::Silenced => json!({"type": "silenced"}),
            Event::KillInherited => json!({"type": "kill_inherited"}),
            Event::Out {
                target,
                cause,
                side,
            } => {
                let mut m = Map::new();
                m.insert("type".into(), json!("out"));
                m.insert("target".into(), json!(self.game_id(*target)));
                m.insert("cause".into(), json!(cause.name()));
                if let Some(side) = side {
                    m.insert("side".into(), json!(side.name()));
                }
                Value::Object(m)
            }
            Event::Peaceful { day } => {
                json!({"type": "peaceful", "phase": if *day { "day" } else { "night" }})
            }
            Event::Tie { round, seats } => {
                json!({"type": "tie", "round": round, "seats": self.ids(seats)})
            }
            Event::Votes { round, ballots } => {
                let ballots: Map<String, Value> = ballots
                    .iter()
                    .map(|&(voter, target)| {
                        let target = target.map(|t| self.game_id(t));
                        (self.game_id(voter).to_string(), json!(target))
                    })
                    .collect();
                json!({"type": "votes", "round": round, "ballots": ballots})
            }
            Event::GameOver { winner } => json!({"type": "game_over", "winner": winner.name()}),
        }
    }

    /// One entry as its transcript line.
    pub fn line(&self, e: &Entry) -> Line {
        let act = e.act;
        let by = |s: &Seat| self.game_id(*s).to_string();
        match &e.item {
            Item::Reply { by: s, reply } => Line::Reply {
                act,
                by: by(s),
                ok: true,
                reply: Some(json!({"type": reply.name()})),
                error: None,
            },
            Item::Refused { by: s, error } => Line::Reply {
                act,
                by: by(s),
                ok: false,
                reply: None,
                error: Some(error.code()),
            },
            Item::Event(Audience::Public, ev) => Line::Public {
                act,
                event: self.event_json(ev),
            },
            Item::Event(Audience::Seat(s), ev) => Line::Private {
                act,
                to: by(s),
                event: self.event_json(ev),
            },
        }
    }

    /// The lines of the log from entry `from` on.
    pub fn lines_since(&self, from: usize) -> Vec<Line> {
        let entries = self.log.get(from..).unwrap_or_default();
        entries.iter().map(|e| self.line(e)).collect()
    }
}
