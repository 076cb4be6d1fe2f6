//! A running game of any variant: its [`Variant`] and its engine. What the server, `maku
//! replay` and `maku simulate` hold; they never learn which engine is inside.

use serde_json::Value;

use super::action::{Action, ActionError};
use super::engine::{Engine, Submission};
use super::interface::{
    ConfigError, JudgeFacts, Line, Owes, Phase, PublicSeat, SeatNow, SeatRecord, Submitted,
    TableNow,
};
use super::variant::{GameConfig, Variant};
use std::sync::OnceLock;

/// A running game.
#[derive(Debug)]
pub struct Game {
    variant: Variant,
    engine: Box<dyn Engine>,
    /// The engine's [`TableNow`], asked once and kept until the game changes: pages ask
    /// `is_over`, `phase`, `seats` many times per request, and an engine's answer builds every
    /// list (Death Note's `owing` reads each seat's view).
    table: OnceLock<TableNow>,
}

impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            variant: self.variant,
            engine: self.engine.clone_box(),
            table: self.table.clone(),
        }
    }
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.variant == other.variant && self.engine.same(other.engine.as_ref())
    }
}

impl Game {
    /// Starts a game: checks the seat count, options and setup of the variant.
    pub fn start(config: &GameConfig) -> Result<Game, ConfigError> {
        Ok(Game {
            variant: config.variant,
            engine: config.variant.rules().start(config)?,
            table: OnceLock::new(),
        })
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The engine inside, for the variant's own code (its bots, its tests).
    pub fn engine(&self) -> &dyn Engine {
        self.engine.as_ref()
    }

    /// Parses an action object for this game's variant.
    pub fn parse_action(&self, value: &Value) -> Result<Action, ActionError> {
        self.variant.parse_action(value)
    }

    /// Parses an action object, refusing fields it does not have (the server's submissions).
    pub fn parse_action_strict(&self, value: &Value) -> Result<Action, ActionError> {
        self.variant.parse_action_strict(value)
    }

    /// Takes one submission by the seat whose game ID is `by`.
    pub fn submit(&mut self, by: &str, action: &Action) -> Submitted {
        self.table.take();
        self.engine.submit(by, action)
    }

    /// Parses and takes one submission.
    pub fn submit_json(&mut self, by: &str, action: &Value) -> Result<Submitted, ActionError> {
        let action = self.parse_action(action)?;
        Ok(self.submit(by, &action))
    }

    /// Ends the current phase (its deadline has come); returns the lines it published.
    pub fn resolve_phase(&mut self) -> Vec<Line> {
        self.table.take();
        self.engine.resolve_phase()
    }

    /// The vote counts of the open act to publish with its resolution (per game ID, most votes
    /// first), when the game's options publish them; read before [`Game::resolve_phase`].
    pub fn published_votes(&self) -> Option<Vec<(String, u32)>> {
        self.table_now().published_votes.clone()
    }

    /// The current phase's step ([`Phase::step`]).
    pub fn phase(&self) -> u32 {
        self.current_phase().step
    }

    /// The phase open now (after the end: the step after the last one resolved).
    pub fn current_phase(&self) -> Phase {
        self.table_now().phase
    }

    /// The phase of step `step` (the act and kind a past or present step had).
    pub fn phase_of(&self, step: u32) -> Phase {
        self.engine.phase_of(step)
    }

    /// The phase to show a reader: the current one while the game runs, the one that ended it
    /// afterwards (a page never says "act N+1" after the end).
    pub fn shown_phase(&self) -> u32 {
        self.table_now().shown_step
    }

    /// The edition of the ruling book the game plays by, for variants whose book has editions.
    pub fn edition(&self) -> Option<u8> {
        self.table_now().edition
    }

    /// The winner's name, `None` while running.
    pub fn outcome(&self) -> Option<&'static str> {
        self.table_now().outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Seats in seat order with who is still in.
    pub fn seats(&self) -> Vec<PublicSeat> {
        self.table_now().seats.clone()
    }

    /// What the seat `game_id` sees (role, turn, private log, allowed actions).
    pub fn view_for(&self, game_id: &str) -> Option<crate::SeatView> {
        self.engine.view_for(game_id)
    }

    /// What the judge's console shows of the seat `game_id` besides its role and whether it is
    /// in (`running`: it is in and the game goes on): what it owes, its ballot, and the
    /// variant's own counts ([`SeatNow::facts`]); for a variant that tells none, whether it
    /// owes an action. Nothing for no such seat.
    pub fn judge_facts(&self, game_id: &str, running: bool) -> serde_json::Map<String, Value> {
        let Some(now) = self.engine.seat_now(game_id) else {
            return serde_json::Map::new();
        };
        if now.facts == JudgeFacts::default() {
            let owes = running && now.owes.action;
            return serde_json::Map::from_iter([("owes".to_string(), Value::Bool(owes))]);
        }
        if running {
            now.facts.running
        } else {
            now.facts.stopped
        }
    }

    /// The ballots of this phase: every living seat (while the game runs) with its ballot, or
    /// `None` while it has none. Empty for a phase without a vote.
    pub fn ballots(&self) -> Vec<(String, Option<Vec<String>>)> {
        if self.is_over() {
            return Vec::new();
        }
        self.table_now().ballots.clone()
    }

    /// `ballots` (as [`Game::ballots`] gave them) counted: votes per game ID, most first, ties
    /// in seat order, each name on a ballot one vote.
    pub fn tally(&self, ballots: &[(String, Option<Vec<String>>)]) -> Vec<(String, usize)> {
        let order: Vec<String> = self.seats().into_iter().map(|s| s.game_id).collect();
        let mut counts: Vec<(String, usize)> = order.iter().map(|g| (g.clone(), 0)).collect();
        for name in ballots.iter().filter_map(|(_, b)| b.as_ref()).flatten() {
            if let Some(c) = counts.iter_mut().find(|(g, _)| g == name) {
                c.1 += 1;
            }
        }
        counts.retain(|(_, n)| *n > 0);
        // A stable sort keeps seat order among equal counts.
        counts.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
        counts
    }

    /// The table now, as the engine answers it ([`Engine::table_now`]), asked once per state.
    pub fn table_now(&self) -> &TableNow {
        self.table.get_or_init(|| self.engine.table_now())
    }

    /// The seat `game_id` now, as the engine answers it, with whether what it owes is
    /// optional ([`Variant::submissions_optional`]); `None` for no such seat.
    pub fn seat_now(&self, game_id: &str) -> Option<SeatNow> {
        let mut now = self.engine.seat_now(game_id)?;
        now.owes.optional = self.variant.submissions_optional();
        Some(now)
    }

    /// What the seat `game_id` still owes in this phase: a ballot, and an action. Reminders,
    /// the owing banner and the console ask this.
    pub fn owes(&self, game_id: &str) -> Owes {
        self.seat_now(game_id).map(|s| s.owes).unwrap_or(Owes {
            optional: self.variant.submissions_optional(),
            ..Owes::default()
        })
    }

    /// The seat of this game that the rules carry over into the next game of a series
    /// ([`Variant::series_option`]), by its game ID.
    pub fn series_carry(&self) -> Option<String> {
        self.table_now().series_carry.clone()
    }

    /// Whether the seat `game_id` may read and write the team thread `team` now
    /// ([`Variant::team_threads`]).
    pub fn in_team(&self, team: &str, game_id: &str) -> bool {
        self.teams_of(game_id).contains(&team)
    }

    /// The team threads the seat `game_id` is in now ([`Game::in_team`]).
    pub fn teams_of(&self, game_id: &str) -> Vec<&'static str> {
        self.engine
            .seat_now(game_id)
            .map(|s| s.teams)
            .unwrap_or_default()
    }

    /// The seat whose ordered turn (speech, PK) or last words it is now.
    pub fn speaker(&self) -> Option<String> {
        self.table_now().speaker.clone()
    }

    /// Whether the seat `game_id` may post in the game thread now.
    pub fn may_post(&self, game_id: &str) -> bool {
        self.engine.seat_now(game_id).is_some_and(|s| s.may_post)
    }

    /// Whether the seat `game_id` lost its voice for the day.
    pub fn is_silenced(&self, game_id: &str) -> bool {
        self.engine.seat_now(game_id).is_some_and(|s| s.silenced)
    }

    /// The round of the vote open now; `None` outside a vote and for variants without rounds.
    pub fn vote_round(&self) -> Option<u8> {
        self.table_now().vote_round
    }

    /// The seats the open vote is for, in seat order; empty when any living seat may be named.
    pub fn vote_candidates(&self) -> Vec<String> {
        self.table_now().vote_candidates.clone()
    }

    /// Plays one replay act (`../shared/spec/replay.md`).
    pub fn play_act(&mut self, subs: &[Submission]) -> Vec<Line> {
        self.table.take();
        self.engine.play_act(subs)
    }

    /// Action types the seat `game_id` could submit successfully now.
    pub fn allowed_actions(&self, game_id: &str) -> Vec<&'static str> {
        self.engine
            .seat_now(game_id)
            .map(|s| s.allowed)
            .unwrap_or_default()
    }

    /// Game IDs of the seats that still owe a submission in this phase.
    pub fn owing(&self) -> Vec<String> {
        self.table_now().owing.clone()
    }

    /// Every line so far (the archive transcript, without the final outcome line).
    pub fn transcript(&self) -> Vec<Line> {
        self.engine.transcript()
    }

    /// The end-of-game reveal ([`Game::reveal_now`] once the rules ended the game); `None`
    /// while running.
    pub fn reveal(&self) -> Option<Value> {
        self.outcome().map(|_| self.engine.reveal_now())
    }

    /// The reveal as things stand, for a game the judge ended before the rules did.
    pub fn reveal_now(&self) -> Value {
        self.engine.reveal_now()
    }

    /// The seat `game_id`'s role at the end and whether its side won `winner`.
    pub fn seat_record(&self, game_id: &str, winner: Option<&str>) -> Option<SeatRecord> {
        self.engine.seat_record(game_id, winner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SeatSpec;
    use serde_json::json;

    /// The engine's typed answers ([`Game::seat_now`]) say what the console API's facts and
    /// the seat's own view say (`owes`, `owes_ballot`, DN-6's `owes_notebooks`, `role`,
    /// `out`), at every phase of a bot-played game of every variant: the shell asks the
    /// answers and no longer reads the keys.
    #[test]
    fn seat_now_answers_what_the_views_said() {
        let (mut ballots, mut actions, mut outs) = (0, 0, 0);
        for &v in Variant::all() {
            let n = 8usize.clamp(*v.seats().start(), *v.seats().end());
            let seats: Vec<SeatSpec> = (0..n)
                .map(|i| SeatSpec {
                    game_id: format!("s{i}"),
                    real_id: format!("r{i}"),
                })
                .collect();
            let config = GameConfig {
                variant: v,
                options: Value::Null,
                seed: 7,
                seats: seats.clone(),
                setup: None,
            };
            let mut g = Game::start(&config).expect("starts");
            for _ in 0..12 {
                for s in &seats {
                    let now = g.seat_now(&s.game_id).expect("a seat");
                    let view = g.view_for(&s.game_id).expect("a view").into_json();
                    assert_eq!(Some(now.role), view["role"].as_str(), "{v}");
                    let out = now.out.map(|(act, cause)| json!([act, cause]));
                    assert_eq!(out.unwrap_or(Value::Null), view["out"], "{v}");
                    let facts = g.judge_facts(&s.game_id, true);
                    let flag = |k: &str| facts.get(k).and_then(Value::as_bool) == Some(true);
                    let notebooks = facts
                        .get("owes_notebooks")
                        .and_then(Value::as_array)
                        .is_some_and(|l| !l.is_empty());
                    assert_eq!(now.owes.ballot, flag("owes_ballot"), "{v} {}", s.game_id);
                    assert_eq!(now.owes.action, flag("owes") || notebooks, "{v}");
                    assert_eq!(now.owes.optional, v.submissions_optional());
                    // Out of the running (out, or ended by the judge), the console's facts owe
                    // nothing, and still say so.
                    let stopped = g.judge_facts(&s.game_id, false);
                    assert!(stopped.contains_key("owes") || stopped.contains_key("owes_ballot"));
                    for (k, f) in stopped.iter().filter(|(k, _)| k.starts_with("owes")) {
                        assert!(f == &json!(false) || f == &json!([]), "{v} {k}: {f}");
                    }
                    ballots += usize::from(now.owes.ballot);
                    actions += usize::from(now.owes.action);
                    outs += usize::from(now.out.is_some());
                }
                // Each seat that owes plays its first allowed action on another living seat.
                for by in g.owing() {
                    if let Some(kind) = g.allowed_actions(&by).first() {
                        let target = g.seats().into_iter().find(|t| t.alive && t.game_id != by);
                        let mut a = json!({"type": kind});
                        if let Some(t) = target {
                            a["target"] = json!(t.game_id);
                            a["targets"] = json!([t.game_id]);
                        }
                        if let Ok(action) = g.parse_action(&a) {
                            g.submit(&by, &action);
                        }
                    }
                }
                g.resolve_phase();
            }
        }
        assert!(
            ballots > 0 && actions > 0 && outs > 0,
            "{ballots} {actions} {outs}"
        );
    }
}
