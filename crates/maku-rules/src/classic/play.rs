//! The game as the shell and the replay drive it: submissions by game ID, resolutions, and a
//! replay act taken phase by phase (`../shared/spec/replay.md`, "Classic presets").

use serde_json::json;

use super::action::Action;
use super::event::Refusal;
use super::state::Game;
use crate::interface::{Line, Refused, Submitted};
use crate::table::{Stage, Word};

fn refused(error: Refusal) -> Refused {
    Refused {
        error: error.code(),
        message: error.to_string(),
    }
}

impl Game {
    /// Takes one submission by the seat whose game ID is `by`: the reply line first, then what
    /// it caused at once (a surrender's or an explosion's public lines).
    pub fn submit(&mut self, by: &str, action: &Action) -> Submitted {
        let Some(seat) = self.seat_of(by) else {
            let error = Refusal::UnknownSeat;
            return Submitted {
                result: Err(refused(error)),
                lines: vec![Line::Reply {
                    act: self.line_act(),
                    by: by.to_string(),
                    ok: false,
                    reply: None,
                    error: Some(error.code()),
                }],
            };
        };
        let mark = self.log.len();
        let result = self
            .submit_as(seat, action)
            .map(|r| crate::Reply::new(json!({"type": r.word()})))
            .map_err(refused);
        Submitted {
            result,
            lines: self.lines_since(mark),
        }
    }

    /// Ends the open phase; returns the lines it published.
    pub fn resolve_lines(&mut self) -> Vec<Line> {
        let mark = self.log.len();
        self.resolve();
        self.lines_since(mark)
    }

    fn is_vote_of(&self, act: u32, round: u8) -> bool {
        self.act == act && self.stage == Stage::Vote && self.day.round == round
    }

    /// Plays one replay act: the night's submissions (kill, check, surrender, peek and any type
    /// not of a day), the night and the day's speeches resolved up to the round-1 vote; then for
    /// each round its explosions and votes (absent round: round 1), and its vote resolved with
    /// the PK after it, if the round happens (else its submissions are refused `not_now`); then
    /// on to the next act's first phase. Every line of the act is dated with the act (after the
    /// end: the acts count on), as the replay numbers acts.
    pub fn play_act(&mut self, subs: &[(&str, &Action)]) -> Vec<Line> {
        let dated = if self.is_over() {
            self.acts_after_end += 1;
            self.act + self.acts_after_end
        } else {
            self.act
        };
        self.stamp = Some(dated);
        let act = self.act;
        let mut lines = Vec::new();
        for (by, a) in subs.iter().filter(|(_, a)| !a.is_day()) {
            lines.extend(self.submit(by, a).lines);
        }
        while self.act == act && !self.is_over() && !self.is_vote_of(act, 1) {
            lines.extend(self.resolve_lines());
        }
        for round in 1..=3 {
            for (by, a) in subs
                .iter()
                .filter(|(_, a)| a.is_day() && a.replay_round() == round)
            {
                lines.extend(self.submit(by, a).lines);
            }
            if self.is_vote_of(act, round) {
                lines.extend(self.resolve_lines());
                while self.act == act && matches!(self.stage, Stage::Pk(_)) {
                    lines.extend(self.resolve_lines());
                }
            }
        }
        while self.act == act && !self.is_over() {
            lines.extend(self.resolve_lines());
        }
        self.stamp = None;
        lines
    }
}
