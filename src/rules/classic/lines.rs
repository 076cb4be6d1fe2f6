//! Log entries as transcript lines (`../shared/spec/replay.md`, "Classic presets"): seats named
//! by game ID, events as the spec's objects.

use serde_json::{Map, Value, json};

use super::event::{Audience, Entry, Event, Item};
use super::state::Game;
use crate::rules::interface::Line;
use crate::rules::table::Seat;

impl Game {
    fn names_of(&self, seats: &[Seat]) -> Vec<&str> {
        seats.iter().map(|&s| self.game_id(s)).collect()
    }

    /// An event as the spec's object.
    pub fn event_json(&self, e: &Event) -> Value {
        match e {
            Event::Teammates { team, seats } => {
                json!({"type": "teammates", "team": team.name(), "seats": self.names_of(seats)})
            }
            Event::CheckResult { target, killer } => json!({
                "type": "check_result",
                "target": self.game_id(*target),
                "result": if *killer { "killer" } else { "not_killer" },
            }),
            Event::PeekSeen { call, seats } => {
                json!({"type": "peek_seen", "call": call.name(), "seats": self.names_of(seats)})
            }
            Event::Out { target, cause } => {
                json!({"type": "out", "target": self.game_id(*target), "cause": cause.name()})
            }
            Event::Peaceful { day } => {
                json!({"type": "peaceful", "phase": if *day { "day" } else { "night" }})
            }
            Event::Tie { round, seats } => {
                json!({"type": "tie", "round": round, "seats": self.names_of(seats)})
            }
            Event::Votes { round, ballots } => {
                let ballots: Map<String, Value> = ballots
                    .iter()
                    .map(|(voter, target)| {
                        (
                            self.game_id(*voter).to_string(),
                            json!(target.map(|t| self.game_id(t))),
                        )
                    })
                    .collect();
                json!({"type": "votes", "round": round, "ballots": ballots})
            }
            Event::Surrendered { side } => json!({"type": "surrendered", "team": side.name()}),
            Event::GameOver { winner } => json!({"type": "game_over", "winner": winner.name()}),
        }
    }

    /// One entry as its transcript line.
    pub fn line(&self, e: &Entry) -> Line {
        let act = e.act;
        match &e.item {
            Item::Reply { by, reply } => Line::Reply {
                act,
                by: self.game_id(*by).to_string(),
                ok: true,
                reply: Some(json!({"type": reply.name()})),
                error: None,
            },
            Item::Refused { by, error } => Line::Reply {
                act,
                by: self.game_id(*by).to_string(),
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
                to: self.game_id(*s).to_string(),
                event: self.event_json(ev),
            },
        }
    }

    /// The lines of the log from entry `from` on.
    pub fn lines_since(&self, from: usize) -> Vec<Line> {
        self.log
            .get(from..)
            .unwrap_or_default()
            .iter()
            .map(|e| self.line(e))
            .collect()
    }
}
