//! What a table game says, and to whom: each reply, refusal and event is logged with its
//! audience and its act, so that pages and transcripts are projections of one log. The reply,
//! refusal and event types are each engine's own (`classic::event`, `roles::event`); the
//! transcript lines they make are written here once (`../shared/spec/replay.md`).

use serde_json::{Map, Value, json};

use super::seat::{Seat, Seating, Team};
use crate::interface::Line;

/// Who an event is told to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Audience {
    Public,
    Seat(Seat),
}

/// A reply's `type` or a refusal's error code, as the transcript writes it.
pub trait Word {
    fn word(&self) -> &'static str;
}

/// One thing the game said: the reply `P` to an accepted submission, the refusal `F` of one,
/// or an event `E` with its audience.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item<P, F, E> {
    Reply { by: Seat, reply: P },
    Refused { by: Seat, error: F },
    Event(Audience, E),
}

/// One entry of the game's log: what was said, and in which act.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry<P, F, E> {
    pub act: u32,
    pub item: Item<P, F, E>,
}

impl<P: Word, F: Word, E> Entry<P, F, E> {
    /// The entry as its transcript line, seats named by game ID and events written by `event`.
    pub fn line(&self, seating: &Seating, event: impl Fn(&E) -> Value) -> Line {
        let act = self.act;
        let by = |s: &Seat| seating.game_id(*s).to_string();
        match &self.item {
            Item::Reply { by: s, reply } => Line::Reply {
                act,
                by: by(s),
                ok: true,
                reply: Some(crate::Reply::new(json!({"type": reply.word()}))),
                error: None,
            },
            Item::Refused { by: s, error } => Line::Reply {
                act,
                by: by(s),
                ok: false,
                reply: None,
                error: Some(error.word()),
            },
            Item::Event(Audience::Public, ev) => Line::Public {
                act,
                event: crate::Event::new(event(ev)),
            },
            Item::Event(Audience::Seat(s), ev) => Line::Private {
                act,
                to: by(s),
                event: crate::Event::new(event(ev)),
            },
        }
    }
}

/// The lines of `log` from entry `from` on.
pub fn lines_since<P: Word, F: Word, E>(
    log: &[Entry<P, F, E>],
    from: usize,
    seating: &Seating,
    event: impl Fn(&E) -> Value,
) -> Vec<Line> {
    let entries = log.get(from..).unwrap_or_default();
    entries.iter().map(|e| e.line(seating, &event)).collect()
}

// The events both engines tell alike, as the spec's objects.

/// CL-0, R4-2: the whole team in seat order.
pub fn teammates_json(seating: &Seating, team: Team, seats: &[Seat]) -> Value {
    json!({"type": "teammates", "team": team.name(), "seats": seating.names_of(seats)})
}

/// A night in which nobody died (`day: false`), or a day that put nobody out.
pub fn peaceful_json(day: bool) -> Value {
    json!({"type": "peaceful", "phase": if day { "day" } else { "night" }})
}

/// CL-7: the tied seats in seat order.
pub fn tie_json(seating: &Seating, round: u8, seats: &[Seat]) -> Value {
    json!({"type": "tie", "round": round, "seats": seating.names_of(seats)})
}

/// CL-6: every living seat's ballot (`None`: abstained or cast none), in seat order.
pub fn votes_json(seating: &Seating, round: u8, ballots: &[(Seat, Option<Seat>)]) -> Value {
    let ballots: Map<String, Value> = ballots
        .iter()
        .map(|&(voter, target)| {
            let target = target.map(|t| seating.game_id(t));
            (seating.game_id(voter).to_string(), json!(target))
        })
        .collect();
    json!({"type": "votes", "round": round, "ballots": ballots})
}

/// The end, with the winner's name.
pub fn game_over_json(winner: &str) -> Value {
    json!({"type": "game_over", "winner": winner})
}
