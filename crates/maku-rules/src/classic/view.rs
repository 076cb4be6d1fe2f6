//! Projections for the shell: what a seat may do and post now, who still owes a submission,
//! what one seat sees, what the judge's console shows, and the reveal at the end.
//!
//! Privacy: a seat's view holds only what that seat was told (its role, its team if CL-0 told
//! it, its own submissions); the public facts (phase, speaker, round, candidates) are the same
//! for every seat.

use serde_json::{Map, Value, json};

use super::action::Action;
use super::roles::{Call, Role};
use super::state::Game;
use crate::table::{self, Seat, Stage, Team};

impl Game {
    /// The vote round open now (`None` outside a vote).
    pub fn vote_round(&self) -> Option<u8> {
        (self.stage == Stage::Vote).then_some(self.day.round)
    }

    /// The day's round (1 from dawn to the first vote, 2 and 3 after ties); `None` at night and
    /// after the day's vote.
    pub fn day_round(&self) -> Option<u8> {
        self.stage.is_day().then_some(self.day.round)
    }

    /// The seats the open vote is for, or the coming vote after a PK (seat order); empty
    /// otherwise.
    pub fn candidates(&self) -> &[Seat] {
        match self.stage {
            Stage::Vote | Stage::Pk(_) => &self.day.candidates,
            _ => &[],
        }
    }

    /// Whether `seat` may post in the game thread now: nobody at night; only the speaker in
    /// last words and ordered turns; the living seats a free phase is for (a free vote: every
    /// living seat, an ordered vote: nobody), but a seat a forest elder silenced today (R4-5,
    /// R5-4: it may not post the next day). After the end: the living seats (the shell opens
    /// the thread to everyone then).
    pub fn may_post(&self, seat: Seat) -> bool {
        let alive = self.is_alive(seat);
        let voiced = alive && !self.is_silenced(seat);
        let stage = (self.stage, self.options.speeches);
        table::may_post(&self.day, stage, seat, alive, voiced)
    }

    /// The action types `seat` could submit successfully now (with a fitting target), in the
    /// order of the preset's forms.
    pub fn allowed_actions(&self, seat: Seat) -> Vec<&'static str> {
        let fits =
            |n: &String| self.act != 1 || self.options.previous_first_victim.as_ref() != Some(n);
        let target = self
            .living()
            .map(|s| self.game_id(s).to_string())
            .find(fits)
            .unwrap_or_default();
        // R4-3: the hug and the secret kill name another seat; R5-1: so do the magic, the
        // query and the kill of the heir holding it (R5-2: the magician or the wizard).
        let other = self
            .living()
            .filter(|&s| s != seat)
            .map(|s| self.game_id(s).to_string())
            .next()
            .unwrap_or_default();
        let kill = if self.holds_kill(seat) {
            self.living()
                .filter(|&s| s != seat)
                .map(|s| self.game_id(s).to_string())
                .find(fits)
                .unwrap_or_default()
        } else {
            target.clone()
        };
        let candidates = [
            Action::Kill { target: kill },
            Action::Check {
                target: target.clone(),
            },
            Action::Save {
                target: target.clone(),
            },
            Action::Snipe {
                target: target.clone(),
            },
            Action::Hug {
                target: other.clone(),
            },
            Action::SecretKill {
                target: other.clone(),
            },
            // R4-3, R5-1: the silence may name the elder itself (either elder).
            Action::Silence {
                target: self.game_id(seat).to_string(),
            },
            Action::Magic {
                target: other.clone(),
            },
            Action::Query { target: other },
            // R5-1: the dark vote may name the civilian itself.
            Action::DarkVote {
                target: self.game_id(seat).to_string(),
            },
            // R5-1: the needle may name any living seat, the needle doctor itself too.
            Action::Needle { target },
            Action::Explode { round: None },
            Action::Surrender,
            Action::Peek { call: Call::Closed },
            Action::Vote {
                target: None,
                round: None,
            },
        ];
        candidates
            .iter()
            .filter(|a| self.check_only(seat, a))
            .map(Action::kind)
            .collect()
    }

    /// Whether `seat` still owes a submission in this phase: a night's kill while its team has
    /// none, a check likewise (the police team's: the police's and the undercover's, R4-3), a
    /// doctor's save (R4-3), a sniper's shot (R5-1), a butterfly's hug (4.0's or 5.0's: R4-3,
    /// R5-1) and an elder's silence (R4-3), a magician's magic, 5.0's forest elder's silence or
    /// a wizard's query (R5-1) or, while one of them holds it, his kill (R5-2), a good or evil
    /// civilian's dark vote and a needle doctor's needle (R5-1), a wujian peek, a ballot (a seat
    /// 4.0's elder silenced owes its ballot too: R4-5, it still votes; one 5.0's elder silenced
    /// owes none: R5-4, it does not vote). The secret kill is never owed (once per game, as the
    /// role games have it).
    pub fn owes(&self, seat: Seat) -> (bool, bool) {
        if self.is_over() || !self.is_alive(seat) {
            return (false, false);
        }
        let team_has = |subs: &[Option<(Seat, u64)>], member: fn(Role) -> bool| {
            self.all_seats()
                .any(|s| member(self.role(s)) && subs[s.index()].is_some())
        };
        let action = match (self.stage, self.role(seat)) {
            (Stage::Night, Role::Killer) => !team_has(&self.night.kills, |r| r == Role::Killer),
            (Stage::Night, Role::Police | Role::Undercover) => {
                !team_has(&self.night.checks, Role::checks)
            }
            (Stage::Night, Role::Doctor) => self.night.saves[seat.index()].is_none(),
            (Stage::Night, Role::Sniper) => self.night.snipes[seat.index()].is_none(),
            (Stage::Night, Role::Butterfly | Role::ShieldButterfly) => {
                self.night.hugs[seat.index()].is_none()
            }
            (Stage::Night, Role::Elder) => self.night.silences[seat.index()].is_none(),
            (Stage::Night, Role::Magician | Role::DarkElder | Role::Wizard)
                if self.holds_kill(seat) =>
            {
                self.night.kills[seat.index()].is_none()
            }
            (Stage::Night, Role::Magician) => self.night.magics[seat.index()].is_none(),
            (Stage::Night, Role::DarkElder) => self.night.dark_silences[seat.index()].is_none(),
            (Stage::Night, Role::Wizard) => self.night.queries[seat.index()].is_none(),
            (Stage::Night, Role::GoodCivilian | Role::EvilCivilian) => {
                self.night.dark_votes[seat.index()].is_none()
            }
            (Stage::Night, Role::NeedleDoctor) => self.night.needles[seat.index()].is_none(),
            (Stage::Night, Role::Faction(_)) => self.night.peeks[seat.index()].is_none(),
            _ => false,
        };
        let ballot = self.stage == Stage::Vote
            && self.day.ballots[seat.index()].is_none()
            && !self.is_vote_silenced(seat);
        (action, ballot)
    }

    /// The seats that still owe a submission in this phase.
    pub fn owing(&self) -> Vec<Seat> {
        table::owing(self.all_seats(), |s| self.owes(s))
    }

    /// The ballots of the open vote: each living seat's (`Some(None)`: an abstention; `None`:
    /// none yet); empty outside a vote.
    pub fn ballots(&self) -> Vec<(Seat, Option<Option<Seat>>)> {
        if self.stage != Stage::Vote {
            return Vec::new();
        }
        self.living()
            .map(|s| (s, self.day.ballots[s.index()]))
            .collect()
    }

    fn out_json(&self, s: Seat) -> Value {
        match self.seat_state(s).out {
            Some((act, cause)) => json!([act, cause.name()]),
            None => Value::Null,
        }
    }

    /// This seat's own submissions of the open phase: `kill`, `check`, `save`, `snipe`, `hug`,
    /// `secret_kill`, `silence`, `magic`, `query`, `dark_vote`, `needle`, `peek`, `vote` (R5-3
    /// (5): the needle doctor's seat reads its needle, never whether it was empty).
    fn own_submissions(&self, s: Seat, m: &mut Map<String, Value>) {
        let i = s.index();
        if self.stage == Stage::Night {
            if let Some((t, _)) = self.night.kills[i] {
                m.insert("kill".into(), json!(self.game_id(t)));
            }
            if let Some((t, _)) = self.night.checks[i] {
                m.insert("check".into(), json!(self.game_id(t)));
            }
            if let Some(t) = self.night.saves[i] {
                m.insert("save".into(), json!(self.game_id(t)));
            }
            if let Some(t) = self.night.snipes[i] {
                m.insert("snipe".into(), json!(self.game_id(t)));
            }
            if let Some(t) = self.night.hugs[i] {
                m.insert("hug".into(), json!(self.game_id(t)));
            }
            if let Some(t) = self.night.secret_kills[i] {
                m.insert("secret_kill".into(), json!(self.game_id(t)));
            }
            // R4-3, R5-1: either elder's silence is his `silence`.
            if let Some(t) = self.night.silences[i].or(self.night.dark_silences[i]) {
                m.insert("silence".into(), json!(self.game_id(t)));
            }
            if let Some(t) = self.night.magics[i] {
                m.insert("magic".into(), json!(self.game_id(t)));
            }
            if let Some(t) = self.night.queries[i] {
                m.insert("query".into(), json!(self.game_id(t)));
            }
            if let Some(t) = self.night.dark_votes[i] {
                m.insert("dark_vote".into(), json!(self.game_id(t)));
            }
            if let Some(t) = self.night.needles[i] {
                m.insert("needle".into(), json!(self.game_id(t)));
            }
            if let Some(c) = self.night.peeks[i] {
                m.insert("peek".into(), json!(c.name()));
            }
        }
        if self.stage == Stage::Vote
            && let Some(b) = self.day.ballots[i]
        {
            m.insert("vote".into(), json!(b.map(|t| self.game_id(t))));
        }
    }

    /// The role's own state, as the role games say it: the secret police's kill spent (R4-3),
    /// whether the magician, 5.0's forest elder or the wizard holds the kill (R5-2); at a table
    /// that deals a forest elder of either book, whether the seat is silenced today (R4-5,
    /// R5-4: the silenced seat learns it; a table without one says nothing of it, as before),
    /// and at one that deals 5.0's, whether that silence takes its ballot too
    /// (`vote_silenced`, R5-4).
    fn role_facts(&self, s: Seat, m: &mut Map<String, Value>) {
        match self.role(s) {
            Role::SecretPolice => {
                m.insert(
                    "secret_kill_spent".into(),
                    json!(self.secret_spent.contains(&s)),
                );
            }
            Role::Magician | Role::DarkElder | Role::Wizard => {
                m.insert("holds_kill".into(), json!(self.holds_kill(s)));
            }
            _ => {}
        }
        let dark = self.table.deals(Role::DarkElder);
        if self.table.deals(Role::Elder) || dark {
            m.insert("silenced".into(), json!(self.is_silenced(s)));
        }
        if dark {
            m.insert("vote_silenced".into(), json!(self.is_vote_silenced(s)));
        }
    }

    /// What `seat` sees: its game ID, role, team (CL-0; none in wujian) — the undercover his
    /// two (`teams`: the killers' and the police's, as R4-2 told them; a team's list names its
    /// seats, never which of them is the undercover) —, whether it is in, the phase, speaker,
    /// round and candidates, its own submissions of this phase and the actions it may take
    /// (and, for the magician or wizard holding the kill, that it may not name himself:
    /// `not_self`; 5.0's forest elder holding it may).
    pub fn view_for(&self, s: Seat) -> Value {
        let role = self.role(s);
        let mut m = Map::new();
        m.insert("game_id".into(), json!(self.game_id(s)));
        m.insert("role".into(), json!(role.name()));
        if let Some(team) = role.team() {
            m.insert(
                "team".into(),
                json!(self.seating.names_of(&self.team_seats(team))),
            );
        } else if role == Role::Undercover {
            let teams: Map<String, Value> = [Team::Killers, Team::Police]
                .into_iter()
                .map(|t| {
                    let seats = self.seating.names_of(&self.team_seats(t));
                    (t.name().to_string(), json!(seats))
                })
                .collect();
            m.insert("teams".into(), Value::Object(teams));
        }
        m.insert("alive".into(), json!(self.is_alive(s)));
        m.insert("out".into(), self.out_json(s));
        m.insert("act".into(), json!(self.act));
        m.insert("phase".into(), json!(self.stage.kind().map(|k| k.name())));
        m.insert(
            "speaker".into(),
            json!(self.speaker().map(|t| self.game_id(t))),
        );
        m.insert("round".into(), json!(self.day_round()));
        let candidates = self.candidates();
        m.insert(
            "candidates".into(),
            if candidates.is_empty() {
                Value::Null
            } else {
                json!(self.seating.names_of(candidates))
            },
        );
        if self.table.is_wujian() {
            m.insert("surrendered".into(), json!(self.seat_state(s).surrendered));
        }
        self.own_submissions(s, &mut m);
        self.role_facts(s, &mut m);
        m.insert("actions".into(), json!(self.allowed_actions(s)));
        // R5-1: the heir's kill may not name himself, so its form does not offer his seat (the
        // role games' `not_self`; the hug, secret kill, magic and query forms name other
        // seats) — the magician's and the wizard's: the ban follows the role, and 5.0's forest
        // elder has none.
        if self.holds_kill(s) && role.self_banned() {
            m.insert("not_self".into(), json!(["kill"]));
        }
        Value::Object(m)
    }

    /// The console's facts of `seat` besides its role (`running`: it is in and the game goes
    /// on): what it owes (`owes`, `owes_ballot`) and its submissions of this phase.
    pub fn judge_facts(&self, s: Seat, running: bool) -> Map<String, Value> {
        let own = |m: &mut Map<String, Value>| self.own_submissions(s, m);
        let mut m = table::judge_facts(running, || self.owes(s), own);
        self.role_facts(s, &mut m);
        if self.table.is_wujian() {
            m.insert("surrendered".into(), json!(self.seat_state(s).surrendered));
        }
        m
    }

    /// Everything at the end: each seat's real ID, role and how it went out, and the winner.
    pub fn reveal_now(&self) -> Value {
        let seats: Vec<Value> = self
            .all_seats()
            .map(|s| {
                json!({
                    "game_id": self.game_id(s),
                    "real_id": self.real_id(s),
                    "role": self.role(s).name(),
                    "out": self.seat_state(s).out.map(|(act, cause)| json!({"act": act, "cause": cause.name()})),
                })
            })
            .collect();
        json!({"seats": seats, "winner": self.winner.map(|w| w.name())})
    }
}
