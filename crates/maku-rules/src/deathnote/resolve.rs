//! Resolution of one act, in the ruling book's order:
//!
//! 1. kills (DN-9, DN-17);
//! 2. `no_action` (DN-6);
//! 3. the tally (DN-15);
//! 4. `no_vote` (DN-16);
//! 5. the Eye (DN-22);
//! 6. windows ending (DN-19);
//! 7. redistribution (DN-23, DN-24), then joins restored (DN-13), then end checks (DN-25..27);
//!    the first edition restored joins before redistributing.
//!
//! Then the next act opens (DN-4 turns are fixed).

use rand::RngExt;

use super::event::{Audience, Cause, Entry, Event, Item, Winner};
use super::ids::{NotebookId, Seat};
use super::state::{Ballot, Change, Game};

impl Game {
    /// Resolves the current act (its deadline has come) and opens the next one.
    /// Returns the winner if the game is over. After the end, a resolution only advances the
    /// act counter (so that later submissions are dated), and publishes nothing.
    pub fn resolve(&mut self) -> Option<Winner> {
        if self.winner.is_some() {
            self.act += 1;
            return self.winner;
        }
        let logging = self.logging;
        let mut outs: Vec<Event> = Vec::new();
        let mut note = |e: Option<Event>| {
            if let Some(e) = e
                && logging
            {
                outs.push(e);
            }
        };

        // 1. Successful kills, in submission order; a kill stands even if its killer went out
        //    earlier in this step (DN-9, resolution order).
        let kills = std::mem::take(&mut self.scratch.kills);
        for k in &kills {
            note(self.put_out(k.target, Cause::Killed, Some(k.killer)));
        }
        self.scratch.kills = kills;

        // 2. DN-6: a holder who did not act with a notebook on turn she held since the opening.
        //    Only notebook holders can owe; taken in seat order.
        let mut owing = [self.notebooks[0].holder, self.notebooks[1].holder];
        owing.sort();
        for (i, &h) in owing.iter().enumerate() {
            if let Some(seat) = h
                && (i == 0 || owing[0] != h)
                && self.is_alive(seat)
                && self.owes_action(seat)
            {
                note(self.put_out(seat, Cause::NoAction, None));
            }
        }

        // 3. DN-15: the tally; a seat already out is skipped, its slot not passed on.
        let (voted, len) = self.tally();
        for &seat in &voted[..len] {
            note(self.put_out(seat, Cause::Voted, None));
        }

        // 4. DN-16: no ballot.
        //    A tight pass first (a bit per seat), then the outs in seat order.
        let mut silent = 0u64;
        for (i, s) in self.seats.iter().enumerate() {
            let owes = s.alive_at_open & s.alive & s.ballot.is_empty();
            silent |= u64::from(owes) << i;
        }
        while silent != 0 {
            let i = silent.trailing_zeros();
            silent &= silent - 1;
            note(self.put_out(Seat(i as u8), Cause::NoVote, None));
        }

        // 5. DN-22: the resolution of her third own turn.
        if let Some(h) = self.eye.holder
            && self.eye.own_turns >= 3
            && self.eye.counted_act == self.act
        {
            note(self.put_out(h, Cause::Eye, None));
        }

        // 6. DN-19: windows ending now; a giver holding no notebook goes out.
        let mut ending = [Seat::UNKNOWN; 2];
        for id in NotebookId::BOTH {
            if let Some(w) = self.windows[id.index()]
                && w.last_resolution() == self.act
            {
                self.windows[id.index()] = None;
                ending[id.index()] = w.giver;
            }
        }
        ending.sort();
        for (i, &giver) in ending.iter().enumerate() {
            if giver != Seat::UNKNOWN
                && (i == 0 || ending[0] != giver)
                && self.is_alive(giver)
                && !self.is_kira(giver)
            {
                note(self.put_out(giver, Cause::TransferExpired, None));
            }
        }

        // 7. DN-23/24 then DN-13 (second edition: a pair both redealt notebooks is joined again
        //    in this same resolution); the first edition restored first. Then DN-25..27.
        let redealt = if self.options.second_edition() {
            let redealt = self.redistribute();
            self.restore_join();
            redealt
        } else {
            self.restore_join();
            self.redistribute()
        };
        self.winner = self.end_check();
        if self.winner.is_some() {
            self.ended_in = self.act;
        }

        if logging {
            self.publish(outs, redealt);
        }
        if self.winner.is_none() {
            self.open_act();
        } else {
            self.act += 1;
        }
        self.winner
    }

    /// DN-6: `seat` holds a notebook on turn, held since the opening, that has not acted.
    pub fn owes_action(&self, seat: Seat) -> bool {
        self.notebooks.iter().any(|n| {
            n.on_turn && !n.acted && n.holder == Some(seat) && n.holder_at_open == Some(seat)
        })
    }

    /// DN-13: the join is in force exactly while its two seats each hold one notebook.
    fn restore_join(&mut self) {
        let Some([a, b]) = self.join.pair else {
            return;
        };
        let h = [self.notebooks[0].holder, self.notebooks[1].holder];
        let valid = self.is_alive(a)
            && self.is_alive(b)
            && (h == [Some(a), Some(b)] || h == [Some(b), Some(a)]);
        if valid && !self.join.active {
            self.join.active = true;
            let (first, second) = (a.min(b), a.max(b));
            let to_first = Event::Joined {
                partner: self.game_id(second).clone(),
            };
            let to_second = Event::Joined {
                partner: self.game_id(first).clone(),
            };
            self.tell(first, to_first);
            self.tell(second, to_second);
        } else if !valid {
            self.join.active = false;
        }
    }

    /// DN-23/24: deal notebooks again when both are destroyed. Returns how many were dealt.
    fn redistribute(&mut self) -> u8 {
        if !self.options.redistribute || self.notebooks.iter().any(|n| n.holder.is_some()) {
            return 0;
        }
        let alive = self.alive_count();
        let mut receiving: [Option<Seat>; 2] = [None, None];
        if alive >= 14 {
            for id in NotebookId::BOTH {
                let heir = self.valid_heir(self.notebooks[id.index()].heir, &receiving);
                let to = heir.unwrap_or_else(|| self.draw_seat(&receiving));
                receiving[id.index()] = Some(to);
            }
        } else if alive >= 9 {
            // A single redealt notebook is N1, and it can never be transferred.
            let heir = self
                .valid_heir(self.notebooks[0].heir, &receiving)
                .or_else(|| self.valid_heir(self.notebooks[1].heir, &receiving));
            let to = heir.unwrap_or_else(|| self.draw_seat(&receiving));
            receiving[0] = Some(to);
            self.notebooks[0].transferable = false;
        } else {
            return 0;
        }
        let mut count = 0;
        for id in NotebookId::BOTH {
            if let Some(to) = receiving[id.index()] {
                self.give(id, to);
                self.note_change(to, id, Change::Redealt, None);
                let transferable = self.notebooks[id.index()].transferable;
                self.tell(
                    to,
                    Event::NotebookReceived {
                        notebook: id,
                        transferable,
                    },
                );
                count += 1;
            }
        }
        count
    }

    fn valid_heir(&self, heir: Option<Seat>, receiving: &[Option<Seat>; 2]) -> Option<Seat> {
        heir.filter(|&h| self.is_alive(h) && !receiving.contains(&Some(h)))
    }

    /// A living seat not already receiving a notebook, drawn with the game's seeded RNG.
    fn draw_seat(&mut self, receiving: &[Option<Seat>; 2]) -> Seat {
        let mut pool = [Seat::UNKNOWN; 64];
        let mut len = 0;
        for (i, s) in self.seats.iter().enumerate() {
            let seat = Seat(i as u8);
            if s.alive && !receiving.contains(&Some(seat)) {
                pool[len] = seat;
                len += 1;
            }
        }
        // Redistribution only happens with 9 or more alive, so the pool is never empty.
        pool[self.rng.random_range(0..len.max(1))]
    }

    /// DN-25..27, in this order.
    fn end_check(&self) -> Option<Winner> {
        let alive = self.alive_count();
        if alive == 0 {
            return Some(Winner::Draw);
        }
        let kiras = self.kira_count();
        if kiras == 0 {
            return Some(Winner::Good);
        }
        if alive - kiras <= kiras {
            return Some(Winner::Kira);
        }
        None
    }

    /// The public post, in the ruling book's order: kill results, join results, transfers, the
    /// Eye, the seats out (in step order), redealt notebooks, the result.
    fn publish(&mut self, outs: Vec<Event>, redealt: u8) {
        let mut post = Vec::with_capacity(outs.len() + 4);
        for &t in &self.scratch.failed_kills {
            post.push(Event::KillFailed {
                target: self.game_id(t).clone(),
            });
        }
        for &succeeded in &self.scratch.joins {
            post.push(Event::Join { succeeded });
        }
        for _ in 0..self.scratch.transfers {
            post.push(Event::NotebookTransferred);
        }
        if self.scratch.eye_acquired {
            post.push(Event::EyeAcquired);
        }
        post.extend(outs);
        if redealt > 0 {
            post.push(Event::Redistributed { count: redealt });
        }
        if let Some(winner) = self.winner {
            post.push(Event::GameOver { winner });
        }
        let act = self.act;
        self.log.extend(post.into_iter().map(|e| Entry {
            act,
            audience: Audience::Public,
            item: Item::Event(e),
        }));
    }

    /// Logs a private event for `to`.
    pub(crate) fn tell(&mut self, to: Seat, event: Event) {
        if self.logging {
            self.log.push(Entry {
                act: self.act,
                audience: Audience::Seat(to),
                item: Item::Event(event),
            });
        }
    }

    /// Opens the next act: clears the act's scratch, fixes turns (DN-4), freezes K (DN-14) and
    /// counts the Eye holder's own turn (DN-22; the second edition also counts an act that
    /// becomes hers mid-act, see `count_eye_turn`).
    pub(crate) fn open_act(&mut self) {
        self.act += 1;
        for s in &mut self.seats {
            s.alive_at_open = s.alive;
            s.ballot = Ballot::NONE;
            s.doomed = false;
            s.used_notebook_this_act = false;
        }
        let sc = &mut self.scratch;
        sc.kills.clear();
        sc.failed_kills.clear();
        sc.joins.clear();
        sc.transfers = 0;
        sc.eye_acquired = false;
        self.fix_turns();
        self.scratch.kiras_at_open = self.kira_count() as u8;
        if let Some(h) = self.eye.holder {
            self.count_eye_turn(h);
        }
    }

    /// DN-22: the current act is one of the Eye holder's own turns once she holds a notebook on
    /// turn in it; each act counts once.
    pub(crate) fn count_eye_turn(&mut self, seat: Seat) {
        if self.eye.holder == Some(seat)
            && self.has_own_turn(seat)
            && self.eye.counted_act != self.act
        {
            self.eye.own_turns = self.eye.own_turns.saturating_add(1);
            self.eye.counted_act = self.act;
        }
    }

    /// DN-22: the act at whose resolution the Eye holder goes out, if her turns keep to the
    /// pattern they have now (her notebooks, the join, the other notebook): counted as the book
    /// counts them. A change (the other Kira out, a join) can only bring it sooner.
    pub fn eye_death_act(&self) -> Option<u32> {
        let h = self.eye.holder?;
        if self.winner.is_some() || !self.is_alive(h) {
            return None;
        }
        if self.eye.counted_act == self.act && self.eye.own_turns >= 3 {
            return Some(self.act);
        }
        self.third_turn(h, self.eye.own_turns, self.act)
    }

    /// The act of `seat`'s third own turn, `turns` being counted up to act `from` included, if
    /// her turns keep to the pattern they have now.
    pub(crate) fn third_turn(&self, seat: Seat, turns: u8, from: u32) -> Option<u32> {
        if turns >= 3 {
            return Some(from);
        }
        let (h, mut turns, mut act) = (seat, turns, from);
        // Turns come at least every other act, so this ends within six acts.
        for _ in 0..8 {
            act += 1;
            if self.would_be_on_turn(h, act) {
                turns = turns.saturating_add(1);
                if turns >= 3 {
                    return Some(act);
                }
            }
        }
        None
    }

    /// DN-4 for a future act `act`, with the notebooks held as they are now.
    fn would_be_on_turn(&self, seat: Seat, act: u32) -> bool {
        let parity = if act % 2 == 1 {
            NotebookId::N1
        } else {
            NotebookId::N2
        };
        NotebookId::BOTH.into_iter().any(|id| {
            let other = self.notebooks[id.other().index()].holder;
            self.notebooks[id.index()].holder == Some(seat)
                && (id == parity || other.is_none() || other == Some(seat) || self.join.active)
        })
    }
}
