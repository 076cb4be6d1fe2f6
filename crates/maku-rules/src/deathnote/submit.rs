//! Taking one submission: every check runs first, in the ruling book's refusal order, and only
//! then is anything changed — so a refused submission changes nothing (not even the log).

use super::action::{Action, real_id_matches};
use super::event::{Audience, Entry, Event, Item, Reply};
use super::ids::{NotebookId, Seat};
use super::refusal::Refusal;
use super::state::{Ballot, Change, Game, PendingKill, Window};

/// An accepted submission's reply, and a private event it causes for another seat.
type Accepted = (Reply, Option<(Seat, Event)>);

impl Game {
    /// Takes one submission of `by`. Accepted: the reply (logged with any private event it
    /// causes). Refused: the reason, and the game is unchanged.
    pub fn submit(&mut self, by: Seat, action: &Action<Seat>) -> Result<Reply, Refusal> {
        match action {
            Action::Kill {
                target,
                real_id,
                notebook,
            } => self.kill(by, *target, real_id, *notebook),
            Action::Join { target, notebook } => self.join(by, *target, *notebook),
            Action::Pass { notebook } => self.pass(by, *notebook),
            Action::EyeRequest => self.eye_request(by),
            Action::EyeUse { target } => self.eye_use(by, *target),
            Action::Transfer { target, notebook } => self.transfer(by, *target, *notebook),
            Action::Heir { target, notebook } => self.heir(by, *target, *notebook),
            Action::Vote { targets } => self.vote(by, targets),
        }
    }

    /// DN-7..10: kill `target`, guessing its real ID.
    pub fn kill(
        &mut self,
        by: Seat,
        target: Seat,
        real_id: &str,
        notebook: Option<u8>,
    ) -> Result<Reply, Refusal> {
        let r = self.try_kill(by, target, real_id, notebook);
        self.answer(by, r)
    }

    /// DN-11: join hands with `target`.
    pub fn join(&mut self, by: Seat, target: Seat, notebook: Option<u8>) -> Result<Reply, Refusal> {
        let r = self.try_join(by, target, notebook);
        self.answer(by, r)
    }

    /// DN-6: pass with a notebook on turn.
    pub fn pass(&mut self, by: Seat, notebook: Option<u8>) -> Result<Reply, Refusal> {
        let r = self.try_pass(by, notebook);
        self.answer(by, r)
    }

    /// DN-20: request the Eye.
    pub fn eye_request(&mut self, by: Seat) -> Result<Reply, Refusal> {
        let r = self.try_eye_request(by);
        self.answer(by, r)
    }

    /// DN-21: use the Eye on `target`.
    pub fn eye_use(&mut self, by: Seat, target: Seat) -> Result<Reply, Refusal> {
        let r = self.try_eye_use(by, target);
        self.answer(by, r)
    }

    /// DN-18: transfer a notebook to `target`.
    pub fn transfer(
        &mut self,
        by: Seat,
        target: Seat,
        notebook: Option<u8>,
    ) -> Result<Reply, Refusal> {
        let r = self.try_transfer(by, target, notebook);
        self.answer(by, r)
    }

    /// DN-24: name `target` heir of a notebook (all held notebooks when none is named).
    pub fn heir(&mut self, by: Seat, target: Seat, notebook: Option<u8>) -> Result<Reply, Refusal> {
        let r = self.try_heir(by, target, notebook);
        self.answer(by, r)
    }

    /// DN-14: cast (or replace) a ballot.
    pub fn vote(&mut self, by: Seat, targets: &[Seat]) -> Result<Reply, Refusal> {
        // The hot path of simulations: no intermediate `Accepted` value.
        self.try_vote(by, targets)?;
        if self.logging {
            self.log.push(Entry {
                act: self.act,
                audience: Audience::Seat(by),
                item: Item::Reply {
                    by,
                    reply: Reply::VoteRecorded,
                },
            });
        }
        Ok(Reply::VoteRecorded)
    }

    fn answer(&mut self, by: Seat, r: Result<Accepted, Refusal>) -> Result<Reply, Refusal> {
        let (reply, private) = r?;
        if self.logging {
            let act = self.act;
            self.log.push(Entry {
                act,
                audience: Audience::Seat(by),
                item: Item::Reply {
                    by,
                    reply: reply.clone(),
                },
            });
            if let Some((to, event)) = private {
                self.log.push(Entry {
                    act,
                    audience: Audience::Seat(to),
                    item: Item::Event(event),
                });
            }
        }
        Ok(reply)
    }

    // ---- checks, in the refusal order ----

    /// `unknown_seat`, `game_over`, `out`.
    pub(crate) fn check_actor(&self, by: Seat) -> Result<(), Refusal> {
        let Some(seat) = self.seats.get(by.index()) else {
            return Err(Refusal::UnknownSeat);
        };
        if self.winner.is_some() {
            return Err(Refusal::GameOver);
        }
        if !seat.alive {
            return Err(Refusal::Out);
        }
        Ok(())
    }

    /// `not_kira`, then `bad_notebook` for a named notebook she does not hold (DN-6a).
    pub(crate) fn check_named(
        &self,
        by: Seat,
        notebook: Option<u8>,
    ) -> Result<Option<NotebookId>, Refusal> {
        if !self.is_kira(by) {
            return Err(Refusal::NotKira);
        }
        match notebook {
            None => Ok(None),
            Some(n) => match NotebookId::from_number(n) {
                Some(id) if self.notebooks[id.index()].holder == Some(by) => Ok(Some(id)),
                _ => Err(Refusal::BadNotebook),
            },
        }
    }

    /// For kill, join and pass: `not_kira`, `bad_notebook`, `not_your_turn`, `already_acted`,
    /// and the notebook to use (DN-6a: the named one, else the lowest on turn not yet acted).
    pub(crate) fn turn_notebook(
        &self,
        by: Seat,
        notebook: Option<u8>,
    ) -> Result<NotebookId, Refusal> {
        match self.check_named(by, notebook)? {
            Some(id) => {
                let nb = &self.notebooks[id.index()];
                if !nb.on_turn {
                    Err(Refusal::NotYourTurn)
                } else if nb.acted {
                    Err(Refusal::AlreadyActed)
                } else {
                    Ok(id)
                }
            }
            None => {
                let mut on_turn = false;
                for id in NotebookId::BOTH {
                    let nb = &self.notebooks[id.index()];
                    if nb.holder == Some(by) && nb.on_turn {
                        on_turn = true;
                        if !nb.acted {
                            return Ok(id);
                        }
                    }
                }
                Err(if on_turn {
                    Refusal::AlreadyActed
                } else {
                    Refusal::NotYourTurn
                })
            }
        }
    }

    /// `bad_target` (unknown or out), then `self_target`.
    pub(crate) fn check_target(&self, by: Seat, target: Seat) -> Result<(), Refusal> {
        if !self.is_alive(target) {
            Err(Refusal::BadTarget)
        } else if target == by {
            Err(Refusal::SelfTarget)
        } else {
            Ok(())
        }
    }

    /// The rule's own checks of DN-20 (`eye_request`).
    pub(crate) fn check_eye_request(&self, by: Seat) -> Result<(), Refusal> {
        self.check_actor(by)?;
        if !self.is_kira(by) {
            return Err(Refusal::NotKira);
        }
        if !self.has_own_turn(by) {
            return Err(Refusal::NotYourTurn);
        }
        if self.eye.granted {
            return Err(Refusal::EyeUnavailable);
        }
        Ok(())
    }

    /// The checks of DN-21 (`eye_use`) before the target.
    pub(crate) fn check_eye_use(&self, by: Seat) -> Result<(), Refusal> {
        self.check_actor(by)?;
        if !self.is_kira(by) {
            return Err(Refusal::NotKira);
        }
        if !self.has_own_turn(by) {
            return Err(Refusal::NotYourTurn);
        }
        if self.eye.holder != Some(by) {
            return Err(Refusal::EyeNotHeld);
        }
        if self.eye.used_act == self.act {
            return Err(Refusal::EyeAlreadyUsed);
        }
        if self.seats[by.index()].used_notebook_this_act {
            return Err(Refusal::EyeAfterKill);
        }
        Ok(())
    }

    /// The checks of DN-18 before the target, and the notebook to give.
    pub(crate) fn transfer_notebook(
        &self,
        by: Seat,
        notebook: Option<u8>,
    ) -> Result<NotebookId, Refusal> {
        self.check_actor(by)?;
        let named = self.check_named(by, notebook)?;
        // DN-18: only while more than 8 seats are alive; never while holding the Eye.
        if self.alive_count() <= 8 || self.eye.holder == Some(by) {
            return Err(Refusal::TransferUnavailable);
        }
        match named {
            Some(id) if self.notebooks[id.index()].transferable => Ok(id),
            Some(_) => Err(Refusal::TransferUnavailable),
            None => self
                .held(by)
                .find(|id| self.notebooks[id.index()].transferable)
                .ok_or(Refusal::TransferUnavailable),
        }
    }

    /// The checks of DN-11/12 before the target, and the notebook that acts.
    pub(crate) fn join_notebook(
        &self,
        by: Seat,
        notebook: Option<u8>,
    ) -> Result<NotebookId, Refusal> {
        self.check_actor(by)?;
        let id = self.turn_notebook(by, notebook)?;
        // DN-12: impossible while holding both notebooks or while already joined.
        if self.holds_both(by) || self.partner(by).is_some() {
            return Err(Refusal::JoinUnavailable);
        }
        Ok(id)
    }

    /// DN-14: ballot size for K Kiras living at opening.
    pub fn ballot_limit(&self) -> usize {
        if self.scratch.kiras_at_open >= 2 {
            2
        } else {
            1
        }
    }

    // ---- each action: all checks, then the change ----

    fn try_kill(
        &mut self,
        by: Seat,
        target: Seat,
        guess: &str,
        notebook: Option<u8>,
    ) -> Result<Accepted, Refusal> {
        self.check_actor(by)?;
        let id = self.turn_notebook(by, notebook)?;
        self.check_target(by, target)?;
        if self.seats[target.index()].doomed {
            return Err(Refusal::TargetTaken);
        }
        self.notebooks[id.index()].acted = true;
        self.seats[by.index()].used_notebook_this_act = true;
        let real = &self.roster.real_ids()[target.index()];
        if real_id_matches(guess, real.as_str()) {
            // DN-9: takes effect at resolution; nobody but the killer knows until then.
            self.seats[target.index()].doomed = true;
            self.scratch.kills.push(PendingKill { killer: by, target });
            Ok((Reply::KillSucceeded, None))
        } else {
            // DN-8: the true real ID, unless the killer holds the Eye. DN-10: public next post.
            let real_id = (self.eye.holder != Some(by)).then(|| real.clone());
            self.scratch.failed_kills.push(target);
            Ok((Reply::KillFailed { real_id }, None))
        }
    }

    fn try_join(
        &mut self,
        by: Seat,
        target: Seat,
        notebook: Option<u8>,
    ) -> Result<Accepted, Refusal> {
        let id = self.join_notebook(by, notebook)?;
        self.check_target(by, target)?;
        self.notebooks[id.index()].acted = true;
        // DN-21 (second edition): the Eye comes before a join too.
        if self.options.second_edition() {
            self.seats[by.index()].used_notebook_this_act = true;
        }
        // DN-11: success iff the target holds a notebook at this moment.
        let succeeded = self.is_kira(target);
        self.scratch.joins.push(succeeded);
        if succeeded {
            self.join = super::state::Join {
                pair: Some([by, target]),
                active: true,
            };
            let partner = self.game_id(target).clone();
            let told = Event::Joined {
                partner: self.game_id(by).clone(),
            };
            Ok((Reply::JoinSucceeded { partner }, Some((target, told))))
        } else {
            Ok((Reply::JoinFailed, None))
        }
    }

    fn try_pass(&mut self, by: Seat, notebook: Option<u8>) -> Result<Accepted, Refusal> {
        self.check_actor(by)?;
        let id = self.turn_notebook(by, notebook)?;
        self.notebooks[id.index()].acted = true;
        Ok((Reply::Passed, None))
    }

    fn try_eye_request(&mut self, by: Seat) -> Result<Accepted, Refusal> {
        self.check_eye_request(by)?;
        // DN-22: the turn of the request is her first own turn.
        self.eye.granted = true;
        self.eye.holder = Some(by);
        self.eye.own_turns = 1;
        self.eye.counted_act = self.act;
        self.scratch.eye_acquired = true;
        Ok((Reply::EyeGranted, None))
    }

    fn try_eye_use(&mut self, by: Seat, target: Seat) -> Result<Accepted, Refusal> {
        self.check_eye_use(by)?;
        self.check_target(by, target)?;
        self.eye.used_act = self.act;
        Ok((
            Reply::EyeSeen {
                target: self.game_id(target).clone(),
                real_id: self.real_id(target).clone(),
                kira: self.is_kira(target),
            },
            None,
        ))
    }

    fn try_transfer(
        &mut self,
        by: Seat,
        target: Seat,
        notebook: Option<u8>,
    ) -> Result<Accepted, Refusal> {
        let id = self.transfer_notebook(by, notebook)?;
        self.check_target(by, target)?;
        let nb = &mut self.notebooks[id.index()];
        nb.holder = Some(target);
        nb.transferable = false;
        nb.heir = None;
        // DN-19: the giver's window covers resolutions T+2 and T+3 (first edition: T+1, T+2).
        self.windows[id.index()] = Some(Window::new(by, self.act, self.options.edition));
        self.note_change(by, id, Change::Gave, Some(target));
        self.note_change(target, id, Change::Received, Some(by));
        // DN-22 (second edition): an on-turn notebook received mid-act makes this act one of
        // the Eye holder's own turns.
        if self.options.second_edition() && self.notebooks[id.index()].on_turn {
            self.count_eye_turn(target);
        }
        // DN-13: a transfer by either joined Kira breaks the join.
        if self.join.active && self.join.pair.is_some_and(|p| p.contains(&by)) {
            self.join.active = false;
        }
        self.scratch.transfers = self.scratch.transfers.saturating_add(1);
        let told = Event::NotebookReceived {
            notebook: id,
            transferable: false,
        };
        Ok((Reply::Transferred, Some((target, told))))
    }

    fn try_heir(
        &mut self,
        by: Seat,
        target: Seat,
        notebook: Option<u8>,
    ) -> Result<Accepted, Refusal> {
        self.check_actor(by)?;
        let named = self.check_named(by, notebook)?;
        self.check_target(by, target)?;
        for id in NotebookId::BOTH {
            let nb = &mut self.notebooks[id.index()];
            if nb.holder == Some(by) && named.is_none_or(|n| n == id) {
                nb.heir = Some(target);
            }
        }
        Ok((Reply::HeirSet, None))
    }

    #[inline]
    fn try_vote(&mut self, by: Seat, targets: &[Seat]) -> Result<(), Refusal> {
        self.check_actor(by)?;
        if targets.is_empty() || targets.len() > self.ballot_limit() {
            return Err(Refusal::BallotSize);
        }
        if targets.iter().any(|&t| !self.is_alive(t)) {
            return Err(Refusal::BadTarget);
        }
        if targets.len() == 2 && targets[0] == targets[1] {
            return Err(Refusal::DuplicateTarget);
        }
        let mut ballot = Ballot {
            len: targets.len() as u8,
            ..Ballot::NONE
        };
        ballot.seats[..targets.len()].copy_from_slice(targets);
        self.seats[by.index()].ballot = ballot;
        Ok(())
    }
}
