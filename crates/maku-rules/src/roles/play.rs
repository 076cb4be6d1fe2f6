//! The game as the shell and the replay drive it: submissions by game ID, resolutions, and a
//! replay act taken phase by phase (`../shared/spec/replay.md`, "Role games").

use serde_json::json;

use super::action::Action;
use super::event::Refusal;
use super::state::Game;
use crate::interface::{Line, Refused, Submitted};
use crate::table::{Stage, Word};

impl Game {
    /// Takes one submission by the seat whose game ID is `by`: its reply line.
    pub fn submit(&mut self, by: &str, action: &Action) -> Submitted {
        let mark = self.log.len();
        let result = match self.seat_of(by) {
            Some(seat) => self
                .submit_as(seat, action)
                .map(|r| crate::Reply::new(json!({"type": r.word()}))),
            None => Err(Refusal::UnknownSeat),
        };
        let mut lines = self.lines_since(mark);
        if let Err(e) = result
            && lines.is_empty()
        {
            lines.push(Line::Reply {
                act: self.line_act(),
                by: by.to_string(),
                ok: false,
                reply: None,
                error: Some(e.code()),
            });
        }
        Submitted {
            result: result.map_err(|e| Refused {
                error: e.code(),
                message: e.to_string(),
            }),
            lines,
        }
    }

    /// Ends the open phase; returns the lines it published.
    pub fn resolve_lines(&mut self) -> Vec<Line> {
        let mark = self.log.len();
        self.resolve();
        self.lines_since(mark)
    }

    /// Resolves on while the act is `act`, the game runs and `go` holds.
    fn resolve_while(&mut self, act: u32, go: impl Fn(&Game) -> bool, lines: &mut Vec<Line>) {
        while self.act == act && !self.is_over() && go(self) {
            lines.extend(self.resolve_lines());
        }
    }

    /// Plays one replay act: the night's submissions (every type without a day round), then the
    /// phases up to the vote; then each round's ballots (absent round: 1), its vote resolved and
    /// any PK after it; then on to the next act's night. Every line of the act is dated with
    /// the act (after the end the acts count on).
    pub fn play_act(&mut self, subs: &[(&str, &Action)]) -> Vec<Line> {
        if self.is_over() {
            self.acts_after_end += 1;
        }
        self.stamp = Some(self.act + self.acts_after_end);
        let act = self.act;
        let mut lines = Vec::new();
        for (by, a) in subs.iter().filter(|(_, a)| a.replay_round().is_none()) {
            lines.extend(self.submit(by, a).lines);
        }
        self.resolve_while(act, |g| g.stage != Stage::Vote, &mut lines);
        for round in 1..=3 {
            for (by, a) in subs.iter().filter(|(_, a)| a.replay_round() == Some(round)) {
                lines.extend(self.submit(by, a).lines);
            }
            if self.act == act && self.stage == Stage::Vote && self.today.vote.round == round {
                lines.extend(self.resolve_lines());
                self.resolve_while(act, |g| matches!(g.stage, Stage::Pk(_)), &mut lines);
            }
        }
        self.resolve_while(act, |_| true, &mut lines);
        self.stamp = None;
        lines
    }
}
