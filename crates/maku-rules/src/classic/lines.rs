//! Log entries as transcript lines (`../shared/spec/replay.md`, "Classic presets"): seats named
//! by game ID, events as the spec's objects (those the role games tell too are the table's).

use serde_json::{Value, json};

use super::event::{Event, Seen};
use super::state::Game;
use crate::interface::Line;
use crate::table;

impl Game {
    /// An event as the spec's object.
    pub fn event_json(&self, e: &Event) -> Value {
        let seating = &self.seating;
        match e {
            Event::Teammates { team, seats } => table::teammates_json(seating, *team, seats),
            Event::CheckResult { target, killer } => json!({
                "type": "check_result",
                "target": self.game_id(*target),
                "result": if *killer { "killer" } else { "not_killer" },
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
            Event::KillInherited => json!({"type": "kill_inherited"}),
            Event::PeekSeen { call, seats } => {
                json!({"type": "peek_seen", "call": call.name(), "seats": seating.names_of(seats)})
            }
            Event::Out { target, cause } => {
                json!({"type": "out", "target": self.game_id(*target), "cause": cause.name()})
            }
            Event::Peaceful { day } => table::peaceful_json(*day),
            Event::Tie { round, seats } => table::tie_json(seating, *round, seats),
            Event::Votes { round, ballots } => table::votes_json(seating, *round, ballots),
            Event::DarkVotesCounted => json!({"type": "dark_votes_counted"}),
            Event::Surrendered { side } => json!({"type": "surrendered", "team": side.name()}),
            // R4-5: the 4.0 elder's silence, as the role games tell it; R5-4: 5.0's elder's
            // takes the ballot too, and says so.
            Event::Silenced { votes: true } => json!({"type": "silenced"}),
            Event::Silenced { votes: false } => json!({"type": "silenced", "votes": false}),
            Event::GameOver { winner } => table::game_over_json(winner.name()),
        }
    }

    /// The lines of the log from entry `from` on.
    pub fn lines_since(&self, from: usize) -> Vec<Line> {
        table::lines_since(&self.log, from, &self.seating, |e| self.event_json(e))
    }
}
