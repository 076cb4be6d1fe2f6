//! One submission: checked in the spec's order (`unknown_seat`, `game_over`, `out`,
//! `not_your_role`, `not_now`, `bad_target`, `self_target`, `not_tied`, `already_used`,
//! `silenced`), then recorded. A refused submission changes nothing but the log; an accepted
//! one only records (nothing resolves before the phase ends).

use super::action::{Action, NightAct};
use super::event::{Item, Refusal, Reply};
use super::role::Role;
use super::state::{Game, NightSub};
use crate::table::{Seat, Stage};

/// A submission that passed its checks, its seats looked up.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Checked {
    Night(NightAct, Seat),
    Vote(Option<Seat>),
}

impl Game {
    /// Whether `seat`'s role has the night action `act` now (R4-3; R5-1 with R5-2's kill).
    pub fn has_action(&self, seat: Seat, act: NightAct) -> bool {
        use NightAct as A;
        let role = self.role(seat);
        if self.table.is_v4() {
            return matches!(
                (act, role),
                (A::Kill, Role::Killer)
                    | (A::Check, Role::Police | Role::Undercover)
                    | (A::Hug, Role::Butterfly)
                    | (A::Silence, Role::Elder)
                    | (A::Save, Role::Doctor)
                    | (A::SecretKill, Role::SecretPolice)
            );
        }
        let holds = self.kill_holder() == Some(seat);
        match act {
            A::Kill => holds,
            A::Magic => role == Role::Magician && !holds,
            A::Query => role == Role::Wizard && !holds,
            A::Silence => role == Role::Elder && !holds,
            A::Hug => role == Role::Butterfly,
            A::Check => role == Role::Police,
            A::Needle => role == Role::Doctor,
            A::Snipe => role == Role::Sniper,
            A::DarkVote => matches!(role, Role::GoodCivilian | Role::EvilCivilian),
            A::Save | A::SecretKill => false,
        }
    }

    /// Whether `seat` may not name itself with `act` (R4-3: the hug and the secret kill name
    /// another seat; R5-1: the ban follows the role).
    fn self_banned(&self, seat: Seat, act: NightAct) -> bool {
        if self.table.is_v4() {
            matches!(act, NightAct::Hug | NightAct::SecretKill)
        } else {
            self.role(seat).v5_self_banned()
        }
    }

    fn living_target(&self, name: Option<&str>) -> Result<Seat, Refusal> {
        name.and_then(|n| self.seat_of(n))
            .filter(|&t| self.is_alive(t))
            .ok_or(Refusal::BadTarget)
    }

    fn check(&self, seat: Seat, action: &Action) -> Result<Checked, Refusal> {
        if self.is_over() {
            return Err(Refusal::GameOver);
        }
        if !self.is_alive(seat) {
            return Err(Refusal::Out);
        }
        match action {
            Action::Foreign { .. } => Err(Refusal::NotYourRole),
            Action::Night { act, target } => {
                if !self.has_action(seat, *act) {
                    return Err(Refusal::NotYourRole);
                }
                if self.stage != Stage::Night {
                    return Err(Refusal::NotNow);
                }
                let t = self.living_target(target.as_deref())?;
                if t == seat && self.self_banned(seat, *act) {
                    return Err(Refusal::SelfTarget);
                }
                if *act == NightAct::SecretKill && self.secret_spent {
                    return Err(Refusal::AlreadyUsed);
                }
                Ok(Checked::Night(*act, t))
            }
            Action::Vote { target, round } => {
                let day = &self.today.vote;
                let open = if self.table.is_v4() { day.round } else { 1 };
                if self.stage != Stage::Vote || round.is_some_and(|r| r != open) {
                    return Err(Refusal::NotNow);
                }
                let t = match target {
                    None => None,
                    Some(name) => Some(self.living_target(Some(name))?),
                };
                if t.is_some_and(|t| !day.candidates.contains(&t)) {
                    return Err(Refusal::NotTied);
                }
                if !self.table.is_v4() && self.is_silenced(seat) {
                    return Err(Refusal::Silenced);
                }
                Ok(Checked::Vote(t))
            }
        }
    }

    /// Whether the submission would be accepted now (nothing changes).
    pub fn check_only(&self, seat: Seat, action: &Action) -> bool {
        self.check(seat, action).is_ok()
    }

    /// Takes one submission of `seat`: the reply, or the refusal (which changes nothing but the
    /// log). A later submission of the same seat replaces its earlier one.
    pub fn submit_as(&mut self, seat: Seat, action: &Action) -> Result<Reply, Refusal> {
        let checked = match self.check(seat, action) {
            Ok(c) => c,
            Err(error) => {
                self.push(Item::Refused { by: seat, error });
                return Err(error);
            }
        };
        let i = seat.index();
        let reply = match checked {
            Checked::Night(act, target) => {
                let seq = self.seq;
                self.night[i] = Some(NightSub { act, target, seq });
                Reply::Recorded(act)
            }
            Checked::Vote(t) => {
                self.today.vote.ballots[i] = Some(t);
                Reply::VoteRecorded
            }
        };
        self.seq += 1;
        self.push(Item::Reply { by: seat, reply });
        Ok(reply)
    }
}
