//! One submission: checked in the ruling book's order ("Refusals": `unknown_seat`, `game_over`,
//! `out`, `not_your_role`, `not_now`, `bad_target`, `not_tied`, `series_repeat`; a butterfly's,
//! secret police's, magician's or wizard's action, as replay.md's role games: `self_target` and
//! `already_used` after `bad_target`; a silenced killer's explosion and the ballot of a seat
//! 5.0's forest elder silenced: `silenced` last, R4-5, R5-4),
//! then applied.
//! A refused submission changes nothing but the log.

use super::action::Action;
use super::event::{Audience, Cause, Event, Item, Refusal, Reply, Side, Winner};
use super::roles::{Call, Role};
use super::state::Game;
use crate::table::{Seat, Stage, Team};

/// A submission that passed its checks, its seats looked up.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Checked {
    Kill(Seat),
    Check(Seat),
    Save(Seat),
    Snipe(Seat),
    Hug(Seat),
    SecretKill(Seat),
    Silence(Seat),
    DarkSilence(Seat),
    Magic(Seat),
    Query(Seat),
    DarkVote(Seat),
    Needle(Seat),
    Peek(Call),
    Surrender,
    Explode,
    Vote(Option<Seat>),
}

impl Game {
    /// A living seat named `name`.
    /// A night action of `holder`'s on a living seat (CL-2's check, R4-3's save, hug, secret
    /// kill and silence, R5-1's shot): refused to another role (`not_your_role`), by day (`not_now`), and
    /// on a seat that is not a living one (`bad_target`), in that order.
    fn night_target(
        &self,
        role: Role,
        holder: Role,
        night: bool,
        target: &str,
    ) -> Result<Seat, Refusal> {
        if role != holder {
            return Err(Refusal::NotYourRole);
        }
        if !night {
            return Err(Refusal::NotNow);
        }
        self.living_target(target)
    }

    fn living_target(&self, name: &str) -> Result<Seat, Refusal> {
        self.seat_of(name)
            .filter(|&t| self.is_alive(t))
            .ok_or(Refusal::BadTarget)
    }

    /// The round an action names, or the current one; `not_now` for another.
    fn this_round(&self, round: Option<u8>) -> Result<(), Refusal> {
        match round {
            Some(r) if r != self.day.round => Err(Refusal::NotNow),
            _ => Ok(()),
        }
    }

    /// The living seats other than `seat` that keep `team` standing for CL-9: its members,
    /// and for the police the undercover (`Role::keeps_standing`).
    fn living_teammates(&self, team: Team, seat: Seat) -> usize {
        self.living()
            .filter(|&s| s != seat && self.role(s).keeps_standing(team))
            .count()
    }

    fn check(&self, seat: Seat, action: &Action) -> Result<Checked, Refusal> {
        if self.is_over() {
            return Err(Refusal::GameOver);
        }
        if !self.is_alive(seat) {
            return Err(Refusal::Out);
        }
        let role = self.role(seat);
        let night = self.stage == Stage::Night;
        match action {
            // CL-1, CL-3; R5-2: the heir holding the kill (the magician once every killer is
            // out, 5.0's forest elder once the magician dealt is out too, the wizard once the
            // elder dealt is out too) kills in their place; the magician and the wizard never
            // himself (R5-1: the ban follows the role, and names no forest elder).
            Action::Kill { target } => {
                if !self.makes_the_kill(seat) {
                    return Err(Refusal::NotYourRole);
                }
                if !night {
                    return Err(Refusal::NotNow);
                }
                let t = self.living_target(target)?;
                if t == seat && self.holds_kill(seat) && role.self_banned() {
                    return Err(Refusal::SelfTarget);
                }
                if self.act == 1 && self.options.previous_first_victim.as_deref() == Some(target) {
                    return Err(Refusal::SeriesRepeat);
                }
                Ok(Checked::Kill(t))
            }
            // CL-2; R4-3: the police team's check, the undercover's too (any other role:
            // `not_your_role`).
            Action::Check { target } => {
                let holder = if role.checks() { role } else { Role::Police };
                self.night_target(role, holder, night, target)
                    .map(Checked::Check)
            }
            // R4-3: the doctor saves any living seat, itself included.
            Action::Save { target } => self
                .night_target(role, Role::Doctor, night, target)
                .map(Checked::Save),
            // R5-1: the sniper shoots any living seat, itself included (only the butterfly,
            // magician, police and wizard may not name themselves).
            Action::Snipe { target } => self
                .night_target(role, Role::Sniper, night, target)
                .map(Checked::Snipe),
            // R4-3: the butterfly hugs one other living seat; R5-1: so does 5.0's (the shield
            // butterfly), whose ban on itself follows the role.
            Action::Hug { target } => {
                if !role.hugs() {
                    return Err(Refusal::NotYourRole);
                }
                let t = self.night_target(role, role, night, target)?;
                if t == seat {
                    return Err(Refusal::SelfTarget);
                }
                Ok(Checked::Hug(t))
            }
            // R4-3: the secret police kills one other living seat, once per game (spent when a
            // night resolves with it, R4-4 (3)).
            Action::SecretKill { target } => {
                let t = self.night_target(role, Role::SecretPolice, night, target)?;
                if t == seat {
                    return Err(Refusal::SelfTarget);
                }
                if self.secret_spent.contains(&seat) {
                    return Err(Refusal::AlreadyUsed);
                }
                Ok(Checked::SecretKill(t))
            }
            // R4-3: the forest elder silences any living seat, itself included; R5-1: so does
            // 5.0's (the classic `dark_elder`), but not while he holds the kill (R5-2: his
            // action is `kill` instead).
            Action::Silence { target } if role == Role::DarkElder => {
                if self.holds_kill(seat) {
                    return Err(Refusal::NotYourRole);
                }
                self.night_target(role, role, night, target)
                    .map(Checked::DarkSilence)
            }
            Action::Silence { target } => self
                .night_target(role, Role::Elder, night, target)
                .map(Checked::Silence),
            // R5-1: the magician magics one other living seat; R5-2: not while he holds the
            // kill (his action is `kill` instead).
            Action::Magic { target } => {
                if self.holds_kill(seat) {
                    return Err(Refusal::NotYourRole);
                }
                let t = self.night_target(role, Role::Magician, night, target)?;
                if t == seat {
                    return Err(Refusal::SelfTarget);
                }
                Ok(Checked::Magic(t))
            }
            // R5-1: the wizard queries one other living seat; R5-2: not while he holds the
            // kill (his action is `kill` instead).
            Action::Query { target } => {
                if self.holds_kill(seat) {
                    return Err(Refusal::NotYourRole);
                }
                let t = self.night_target(role, Role::Wizard, night, target)?;
                if t == seat {
                    return Err(Refusal::SelfTarget);
                }
                Ok(Checked::Query(t))
            }
            // R5-1: a good or evil civilian dark-votes any living seat, itself included (the
            // self-ban names neither civilian).
            Action::DarkVote { target } => {
                if !role.dark_votes() {
                    return Err(Refusal::NotYourRole);
                }
                self.night_target(role, role, night, target)
                    .map(Checked::DarkVote)
            }
            // R5-1: the needle doctor needles any living seat, itself included (the self-ban
            // names the butterfly, magician, police and wizard only).
            Action::Needle { target } => self
                .night_target(role, Role::NeedleDoctor, night, target)
                .map(Checked::Needle),
            // WJ-2.
            Action::Peek { call } => {
                if !self.table.is_wujian() {
                    return Err(Refusal::NotYourRole);
                }
                if !night {
                    return Err(Refusal::NotNow);
                }
                Ok(Checked::Peek(*call))
            }
            // WJ-4: any seat, any time; CL-9: at night, the last living member of a team (a
            // killer or an officer: the undercover never surrenders, `Role::team`).
            Action::Surrender => {
                if self.table.is_wujian() {
                    return Ok(Checked::Surrender);
                }
                let Some(team) = role.team().filter(|_| self.table.setup().day.surrender) else {
                    return Err(Refusal::NotYourRole);
                };
                if !night || self.living_teammates(team, seat) > 0 {
                    return Err(Refusal::NotNow);
                }
                Ok(Checked::Surrender)
            }
            // CL-8; R4-5, R5-4: a killer a forest elder (either) silenced today may not speak,
            // and an explosion is spoken (爆匪: the killer declares himself), so he may not
            // explode.
            Action::Explode { round } => {
                if !(self.table.has_explode() && role == Role::Killer) {
                    return Err(Refusal::NotYourRole);
                }
                if !self.stage.is_day() {
                    return Err(Refusal::NotNow);
                }
                self.this_round(*round)?;
                if self.is_silenced(seat) {
                    return Err(Refusal::Silenced);
                }
                Ok(Checked::Explode)
            }
            // CL-6, CL-7; R5-4: a seat 5.0's forest elder silenced today does not vote (an
            // abstention neither: it is no voter), refused `silenced` after the vote's own
            // checks, as the role games refuse a v5 vote by a silenced seat.
            Action::Vote { target, round } => {
                if self.stage != Stage::Vote {
                    return Err(Refusal::NotNow);
                }
                self.this_round(*round)?;
                let ballot = match target {
                    None => None,
                    Some(name) => {
                        let t = self.living_target(name)?;
                        if !self.day.candidates.contains(&t) {
                            return Err(Refusal::NotTied);
                        }
                        Some(t)
                    }
                };
                if self.is_vote_silenced(seat) {
                    return Err(Refusal::Silenced);
                }
                Ok(Checked::Vote(ballot))
            }
            Action::Foreign(_) => Err(Refusal::NotYourRole),
        }
    }

    /// Whether the submission would be accepted now (nothing changes).
    pub(super) fn check_only(&self, seat: Seat, action: &Action) -> bool {
        self.check(seat, action).is_ok()
    }

    /// Takes one submission of `seat`: the reply, or the refusal (which changes nothing but the
    /// log). A surrender or an explosion may end the phase, the day or the game at once.
    pub fn submit_as(&mut self, seat: Seat, action: &Action) -> Result<Reply, Refusal> {
        let checked = match self.check(seat, action) {
            Ok(c) => c,
            Err(error) => {
                self.push(Item::Refused { by: seat, error });
                return Err(error);
            }
        };
        let reply = match checked {
            Checked::Kill(_) => Reply::KillRecorded,
            Checked::Check(_) => Reply::CheckRecorded,
            Checked::Save(_) => Reply::SaveRecorded,
            Checked::Snipe(_) => Reply::SnipeRecorded,
            Checked::Hug(_) => Reply::HugRecorded,
            Checked::SecretKill(_) => Reply::SecretKillRecorded,
            Checked::Silence(_) | Checked::DarkSilence(_) => Reply::SilenceRecorded,
            Checked::Magic(_) => Reply::MagicRecorded,
            Checked::Query(_) => Reply::QueryRecorded,
            Checked::DarkVote(_) => Reply::DarkVoteRecorded,
            Checked::Needle(_) => Reply::NeedleRecorded,
            Checked::Peek(_) => Reply::PeekRecorded,
            Checked::Surrender => Reply::Surrendered,
            Checked::Explode => Reply::Exploded,
            Checked::Vote(_) => Reply::VoteRecorded,
        };
        self.push(Item::Reply { by: seat, reply });
        let seq = self.seq;
        self.seq += 1;
        let i = seat.index();
        match checked {
            Checked::Kill(t) => self.night.kills[i] = Some((t, seq)),
            Checked::Check(t) => self.night.checks[i] = Some((t, seq)),
            // R4-4 (3): replaceable until the night ends; the last counts.
            Checked::Save(t) => self.night.saves[i] = Some(t),
            // R5-1: "a seat may replace its action until the night ends"; the last counts.
            Checked::Snipe(t) => self.night.snipes[i] = Some(t),
            // R4-4 (3): night actions may be replaced until the night ends; the last counts.
            Checked::Hug(t) => self.night.hugs[i] = Some(t),
            Checked::SecretKill(t) => self.night.secret_kills[i] = Some(t),
            // R4-3: replaceable until the night ends; the last counts.
            Checked::Silence(t) => self.night.silences[i] = Some(t),
            // R5-1: replaceable until the night ends; the last counts.
            Checked::DarkSilence(t) => self.night.dark_silences[i] = Some(t),
            // R5-1: replaceable until the night ends; the last counts.
            Checked::Magic(t) => self.night.magics[i] = Some(t),
            // R5-1: replaceable until the night ends; the last counts.
            Checked::Query(t) => self.night.queries[i] = Some(t),
            // R5-1: replaceable until the night ends; the last counts.
            Checked::DarkVote(t) => self.night.dark_votes[i] = Some(t),
            // R5-1: replaceable until the night ends; the last counts.
            Checked::Needle(t) => self.night.needles[i] = Some(t),
            Checked::Peek(c) => self.night.peeks[i] = Some(c),
            Checked::Vote(t) => self.day.ballots[i] = Some(t),
            Checked::Surrender => self.surrender(seat),
            Checked::Explode => {
                // CL-8: out without last words; the day ends at once and night falls.
                self.put_out(seat, Cause::Exploded);
                if !self.check_end(false) {
                    self.next_act();
                }
            }
        }
        Ok(reply)
    }

    fn surrender(&mut self, seat: Seat) {
        if self.table.is_wujian() {
            // WJ-4: it stands until the end; the end comes when it makes a majority.
            self.seats[seat.index()].surrendered = true;
            self.end_wujian(false);
            return;
        }
        // CL-9: his team loses at once; nothing else of the act resolves.
        let Some(team) = self.role(seat).team() else {
            return;
        };
        self.seats[seat.index()].surrendered = true;
        self.say(
            Audience::Public,
            Event::Surrendered {
                side: Side::Team(team),
            },
        );
        self.finish(match team {
            Team::Killers => Winner::Good,
            Team::Police => Winner::Killers,
        });
    }
}
