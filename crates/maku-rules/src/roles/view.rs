//! Projections for the shell: what a seat may do and post now, who still owes a submission,
//! what one seat sees, what the judge's console shows, and the reveal at the end.
//!
//! Privacy: a seat's view holds only what that seat was told (its role and side, its teams as
//! R4-2 tells them, its own submissions, the private events of its log); the public facts
//! (phase, speaker, round, candidates) are the same for every seat.

use serde_json::{Map, Value, json};

use super::action::{Action, NightAct};
use super::event::{Audience, Item};
use super::role::{Role, in_team};
use super::state::Game;
use crate::table::{self, Seat, Stage, Team};

impl Game {
    /// The vote round open now (`None` outside a vote).
    pub fn vote_round(&self) -> Option<u8> {
        (self.stage == Stage::Vote).then_some(self.today.vote.round)
    }

    /// The seats the open vote (or the vote after the open PK) is for; empty otherwise, and in
    /// 5.0 (any living seat).
    pub fn candidates(&self) -> &[Seat] {
        match self.stage {
            Stage::Vote | Stage::Pk(_) if self.table.is_v4() => &self.today.vote.candidates,
            _ => &[],
        }
    }

    /// Whether `seat` may post in the game thread now: nobody at night; only the speaker in
    /// last words and ordered turns; in a free phase the living unsilenced seats it is for
    /// (R4-5, R5-4: a silenced seat does not post that day). After the end: the living.
    pub fn may_post(&self, seat: Seat) -> bool {
        let alive = self.is_alive(seat);
        let voiced = alive && !self.is_silenced(seat);
        let stage = (self.stage, self.speeches);
        table::may_post(&self.today.vote, stage, seat, alive, voiced)
    }

    /// The night action types of this game, in its forms' order.
    fn night_acts(&self) -> &'static [NightAct] {
        use NightAct as A;
        if self.table.is_v4() {
            &[
                A::Kill,
                A::Check,
                A::Hug,
                A::Silence,
                A::Save,
                A::SecretKill,
            ]
        } else {
            &[
                A::Hug,
                A::Magic,
                A::Query,
                A::Kill,
                A::Silence,
                A::Check,
                A::Needle,
                A::Snipe,
                A::DarkVote,
            ]
        }
    }

    /// The action types `seat` could submit successfully now (with a fitting target).
    pub fn allowed_actions(&self, seat: Seat) -> Vec<&'static str> {
        let other = self
            .living()
            .find(|&s| s != seat)
            .map(|s| self.game_id(s).to_string());
        let mut actions: Vec<Action> = self
            .night_acts()
            .iter()
            .map(|&act| Action::Night {
                act,
                target: other.clone(),
            })
            .collect();
        actions.push(Action::Vote {
            target: None,
            round: None,
        });
        actions
            .iter()
            .filter(|a| self.check_only(seat, a))
            .map(Action::kind)
            .collect()
    }

    /// Whether `seat` still owes a night action (its team's, for 4.0's kill and check; the
    /// once-only secret kill is never owed) and a ballot.
    pub fn owes(&self, seat: Seat) -> (bool, bool) {
        if self.is_over() || !self.is_alive(seat) {
            return (false, false);
        }
        let action = self.stage == Stage::Night
            && self.night_acts().iter().any(|&act| {
                let shared = self.table.is_v4() && matches!(act, NightAct::Kill | NightAct::Check);
                self.has_action(seat, act)
                    && act != NightAct::SecretKill
                    && !self.all_seats().any(|s| {
                        (s == seat || (shared && self.has_action(s, act)))
                            && self.night[s.index()].is_some_and(|n| n.act == act)
                    })
            });
        let ballot = self.today.vote.ballots[seat.index()].is_none()
            && self.check_only(
                seat,
                &Action::Vote {
                    target: None,
                    round: None,
                },
            );
        (action, ballot)
    }

    /// The seats that still owe a submission in this phase.
    pub fn owing(&self) -> Vec<Seat> {
        table::owing(self.all_seats(), |s| self.owes(s))
    }

    /// The ballots of the open vote: each seat that may vote (`Some(None)`: an abstention;
    /// `None`: none yet); empty outside a vote.
    pub fn ballots(&self) -> Vec<(Seat, Option<Option<Seat>>)> {
        if self.stage != Stage::Vote {
            return Vec::new();
        }
        self.living()
            .filter(|&s| self.table.is_v4() || !self.is_silenced(s))
            .map(|s| (s, self.today.vote.ballots[s.index()]))
            .collect()
    }

    /// Whether the seat `game_id` may read and write 4.0's team thread `team` now: a living
    /// member of that team in this act (R4-2), at a table that has the thread.
    pub fn in_team_named(&self, team: &str, game_id: &str) -> bool {
        match (Team::from_name(team), self.seat_of(game_id)) {
            (Some(t), Some(s)) if self.table.is_v4() && self.table.has_team(t) => {
                self.is_alive(s) && in_team(t, self.role(s), self.act)
            }
            _ => false,
        }
    }

    /// This seat's own submissions of the open phase: its night action, its ballot.
    fn own_submissions(&self, s: Seat, m: &mut Map<String, Value>) {
        let i = s.index();
        if self.stage == Stage::Night
            && let Some(n) = self.night[i]
        {
            let action = json!({"type": n.act.name(), "target": self.game_id(n.target)});
            m.insert("action".into(), action);
        }
        if self.stage == Stage::Vote
            && let Some(b) = self.today.vote.ballots[i]
        {
            m.insert("vote".into(), json!(b.map(|t| self.game_id(t))));
        }
    }

    /// The role's own state: the secret kill spent (4.0's secret police), whether it holds the
    /// kill (5.0's bad specials), whether it is silenced today.
    fn role_facts(&self, s: Seat, m: &mut Map<String, Value>) {
        let role = self.role(s);
        if role == Role::SecretPolice {
            m.insert("secret_kill_spent".into(), json!(self.secret_spent));
        }
        if !self.table.is_v4() && Role::SUCCESSION.contains(&role) {
            m.insert("holds_kill".into(), json!(self.kill_holder() == Some(s)));
        }
        m.insert("silenced".into(), json!(self.is_silenced(s)));
    }

    /// What `seat` sees: its game ID, role and side, its teams (R4-2: the killers' team only in
    /// act 1 for the undercover), whether it is in, the phase, speaker, round and candidates,
    /// its own submissions of this phase, its role's state, the private events told to it, the
    /// actions it may take and those of them it may not take on itself (`not_self`).
    pub fn view_for(&self, s: Seat) -> Value {
        let role = self.role(s);
        let mut m = Map::new();
        m.insert("game_id".into(), json!(self.game_id(s)));
        m.insert("role".into(), json!(role.name()));
        m.insert("side".into(), json!(self.side(s).name()));
        let mut teams = Map::new();
        for team in [Team::Killers, Team::Police] {
            if self.table.is_v4() && self.table.has_team(team) && in_team(team, role, self.act) {
                teams.insert(
                    team.name().into(),
                    json!(self.seating.names_of(&self.team_seats(team))),
                );
            }
        }
        if !teams.is_empty() {
            m.insert("teams".into(), Value::Object(teams));
        }
        m.insert("alive".into(), json!(self.is_alive(s)));
        let out = self
            .seat_state(s)
            .out
            .map(|(act, c)| json!([act, c.name()]));
        m.insert("out".into(), json!(out));
        m.insert("act".into(), json!(self.act));
        m.insert("phase".into(), json!(self.stage.kind().map(|k| k.name())));
        m.insert(
            "speaker".into(),
            json!(self.speaker().map(|t| self.game_id(t))),
        );
        let round = self.stage.is_day().then_some(self.today.vote.round);
        m.insert("round".into(), json!(round));
        let candidates = self.candidates();
        let candidates = (!candidates.is_empty()).then(|| self.seating.names_of(candidates));
        m.insert("candidates".into(), json!(candidates));
        self.own_submissions(s, &mut m);
        self.role_facts(s, &mut m);
        m.insert("told".into(), json!(self.told(s)));
        m.insert("actions".into(), json!(self.allowed_actions(s)));
        m.insert("not_self".into(), json!(self.not_self(s)));
        Value::Object(m)
    }

    /// The night actions `seat` may take now but not on itself (R5-1: the butterfly,
    /// magician, police and wizard, whatever their action; R4-3: the butterfly's hug and the
    /// secret kill), so that its forms do not offer its own seat.
    pub fn not_self(&self, seat: Seat) -> Vec<&'static str> {
        let allowed = self.allowed_actions(seat);
        self.night_acts()
            .iter()
            .filter(|act| allowed.contains(&act.name()))
            .filter(|&&act| {
                let own = Action::Night {
                    act,
                    target: Some(self.game_id(seat).to_string()),
                };
                !self.check_only(seat, &own)
            })
            .map(|act| act.name())
            .collect()
    }

    /// The private events told to `s` so far, each with its act (the night results).
    fn told(&self, s: Seat) -> Vec<Value> {
        self.log
            .iter()
            .filter_map(|e| match &e.item {
                Item::Event(Audience::Seat(to), ev) if *to == s => {
                    Some(json!({"act": e.act, "event": self.event_json(ev)}))
                }
                _ => None,
            })
            .collect()
    }

    /// The console's facts of `seat` besides its role (`running`: it is in and the game goes
    /// on): what it owes (`owes`, `owes_ballot`), what it submitted in this phase (`action`,
    /// `ballot`) and its role's state.
    pub fn judge_facts(&self, s: Seat, running: bool) -> Map<String, Value> {
        let own = |m: &mut Map<String, Value>| self.own_submissions(s, m);
        let mut m = table::judge_facts(running, || self.owes(s), own);
        self.role_facts(s, &mut m);
        m
    }

    /// Everything at the end: each seat's real ID, role, side and how it went out, the winner.
    pub fn reveal_now(&self) -> Value {
        let seats: Vec<Value> = self
            .all_seats()
            .map(|s| {
                let out = self.seat_state(s).out;
                json!({
                    "game_id": self.game_id(s),
                    "real_id": self.seating.real_id(s),
                    "role": self.role(s).name(),
                    "side": self.side(s).name(),
                    "out": out.map(|(act, cause)| json!({"act": act, "cause": cause.name()})),
                })
            })
            .collect();
        json!({"seats": seats, "winner": self.winner.map(|w| w.name())})
    }
}
