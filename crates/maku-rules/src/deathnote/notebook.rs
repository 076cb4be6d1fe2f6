//! Where a notebook goes when its holder goes out (DN-17), recapture (DN-19), and turns (DN-4).

use super::event::{Cause, Event, Fate, Fates};
use super::ids::{NotebookId, Seat};
use super::state::{Change, Game, RoleChange};

impl Game {
    /// DN-4: which notebooks are on turn in the act that opens now.
    pub(crate) fn fix_turns(&mut self) {
        let parity = if self.act % 2 == 1 {
            NotebookId::N1
        } else {
            NotebookId::N2
        };
        let joined = self.join.active;
        let holders = [self.notebooks[0].holder, self.notebooks[1].holder];
        for id in NotebookId::BOTH {
            let other = holders[id.other().index()];
            let nb = &mut self.notebooks[id.index()];
            nb.holder_at_open = nb.holder;
            nb.acted = false;
            nb.on_turn = match nb.holder {
                None => false,
                // Its parity; the only notebook left; one seat holds both; the holder is joined.
                Some(h) => id == parity || other.is_none() || other == Some(h) || joined,
            };
        }
    }

    /// A window of DN-19 open at the current resolution, with a giver still in the game.
    fn open_window(&self, of: NotebookId, excluding: Seat) -> Option<Seat> {
        let w = self.windows[of.index()]?;
        (w.covers(self.act) && w.giver != excluding && self.is_alive(w.giver)).then_some(w.giver)
    }

    /// DN-17 precedence 1: the recapturer of notebook `id` held by `victim`, if any.
    fn recapturer(&self, id: NotebookId, victim: Seat, held_both: bool) -> Option<Seat> {
        if let Some(giver) = self.open_window(id, victim) {
            return Some(giver);
        }
        if held_both {
            // "when she held both notebooks, only each notebook's own transferrer may recapture it"
            return None;
        }
        self.open_window(id.other(), victim)
    }

    /// Takes `seat` out of the game with `cause` (no-op if already out: DN-15 "skipped"), decides
    /// the fate of each notebook she held (DN-17) and returns the public `out` event.
    pub(crate) fn put_out(
        &mut self,
        seat: Seat,
        cause: Cause,
        killer: Option<Seat>,
    ) -> Option<Event> {
        let st = &mut self.seats[seat.index()];
        if !st.alive {
            return None;
        }
        st.alive = false;
        self.alive -= 1;
        st.out = Some((self.act, cause));
        st.out_as_kira = self.notebooks.iter().any(|n| n.holder == Some(seat));
        let mut held = [NotebookId::N1; 2];
        let mut count = 0;
        for id in NotebookId::BOTH {
            if self.notebooks[id.index()].holder == Some(seat) {
                held[count] = id;
                count += 1;
            }
        }
        let held_both = count == 2;
        let mut fates = [Fate::Destroyed; 2];
        for i in 0..count {
            fates[i] = self.pass_on(held[i], seat, held_both, cause, killer);
        }
        // Her own windows can no longer recapture anything.
        for w in self.windows.iter_mut() {
            if w.is_some_and(|w| w.giver == seat) {
                *w = None;
            }
        }
        if self.join.pair.is_some_and(|p| p.contains(&seat)) {
            self.join = Default::default();
        }
        if self.eye.holder == Some(seat) {
            self.eye.holder = None;
        }
        let notebook = match count {
            0 => None,
            1 => Some(Fates::One(fates[0])),
            _ => Some(Fates::Two(fates)),
        };
        Some(Event::Out {
            target: self.game_id(seat).clone(),
            cause,
            kira: count > 0,
            notebook,
        })
    }

    /// DN-17 for one notebook of a Kira going out.
    fn pass_on(
        &mut self,
        id: NotebookId,
        victim: Seat,
        held_both: bool,
        cause: Cause,
        killer: Option<Seat>,
    ) -> Fate {
        // DN-17 (second edition): only a Kira voted out or killed is recaptured (被投或被杀);
        // the first edition recaptured on any cause.
        let recapturable =
            !self.options.second_edition() || matches!(cause, Cause::Voted | Cause::Killed);
        if recapturable && let Some(r) = self.recapturer(id, victim, held_both) {
            // DN-19: he is Kira again; a recapture closes all of his windows.
            self.give(id, r);
            for w in self.windows.iter_mut() {
                if w.is_some_and(|w| w.giver == r) {
                    *w = None;
                }
            }
            self.tell(r, Event::Recaptured { notebook: id });
            self.note_change(victim, id, Change::LostToRecapture, Some(r));
            self.note_change(r, id, Change::Recaptured, Some(victim));
            return Fate::Recaptured;
        }
        if cause == Cause::Killed
            && let Some(k) = killer.filter(|&k| self.is_alive(k))
        {
            self.give(id, k);
            let transferable = self.notebooks[id.index()].transferable;
            self.tell(
                k,
                Event::NotebookReceived {
                    notebook: id,
                    transferable,
                },
            );
            self.note_change(victim, id, Change::LostToKiller, Some(k));
            self.note_change(k, id, Change::Took, Some(victim));
            return Fate::Taken;
        }
        let nb = &mut self.notebooks[id.index()];
        nb.holder = None;
        self.note_change(victim, id, Change::Destroyed, None);
        Fate::Destroyed
    }

    /// Records a change of `seat`'s notebooks for the reveal (DN-28), after it happened.
    pub(crate) fn note_change(
        &mut self,
        seat: Seat,
        notebook: NotebookId,
        change: Change,
        with: Option<Seat>,
    ) {
        if self.logging {
            let kira_after = self.is_alive(seat) && self.is_kira(seat);
            self.history.push(RoleChange {
                act: self.act,
                seat,
                notebook,
                change,
                with,
                kira_after,
            });
        }
    }

    /// The notebook changes hands: its heir is forgotten (DN-24).
    pub(crate) fn give(&mut self, id: NotebookId, to: Seat) {
        let nb = &mut self.notebooks[id.index()];
        nb.holder = Some(to);
        nb.heir = None;
    }
}
