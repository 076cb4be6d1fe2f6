//! Projections for the server: what a seat may do now, who still owes something, what one seat
//! sees (DN-3), and the reveal at the end (DN-28).

use serde::Serialize;

use super::action::ActionKind;
use super::event::{Cause, Entry, Item};
use super::state::{Game, Name, NotebookId, Seat};

/// One notebook as its holder sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NotebookView {
    pub notebook: NotebookId,
    pub on_turn: bool,
    pub acted: bool,
    /// This holder must act with it before the deadline (DN-6).
    pub owed: bool,
    pub transferable: bool,
    pub heir: Option<Name>,
}

/// What one seat sees of the game (DN-3 and its private log).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    pub act: u32,
    pub game_id: Name,
    pub real_id: Name,
    pub alive: bool,
    pub out: Option<(u32, Cause)>,
    /// `"kira"` or `"good"`.
    pub role: &'static str,
    pub notebooks: Vec<NotebookView>,
    /// DN-5: a notebook of hers is on turn.
    pub on_turn: bool,
    pub eye: bool,
    pub partner: Option<Name>,
    pub ballot: Option<Vec<Name>>,
    /// How many names a ballot takes this act (DN-14).
    pub ballot_size: usize,
    pub owes_ballot: bool,
    pub actions: Vec<ActionKind>,
    /// Replies and private events addressed to this seat.
    pub private: Vec<Entry>,
}

/// One seat at the end (DN-28).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RevealSeat {
    pub game_id: Name,
    pub real_id: Name,
    pub out: Option<(u32, Cause)>,
    pub kira_at_start: Option<NotebookId>,
    pub kira_at_end: bool,
}

/// Everything revealed at the end (DN-28): real IDs, roles, and every private entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reveal {
    pub seats: Vec<RevealSeat>,
    pub private: Vec<Entry>,
}

impl Game {
    /// The kinds of action `seat` could submit successfully right now (with a fitting target).
    pub fn allowed_actions(&self, seat: Seat) -> Vec<ActionKind> {
        let mut out = Vec::new();
        if self.check_actor(seat).is_err() {
            return out;
        }
        let other_alive = self
            .seats
            .iter()
            .enumerate()
            .any(|(i, s)| s.alive && i != seat.index());
        let killable = self
            .seats
            .iter()
            .enumerate()
            .any(|(i, s)| s.alive && !s.doomed && i != seat.index());
        if self.turn_notebook(seat, None).is_ok() {
            if killable {
                out.push(ActionKind::Kill);
            }
            if other_alive && self.join_notebook(seat, None).is_ok() {
                out.push(ActionKind::Join);
            }
            out.push(ActionKind::Pass);
        }
        if self.check_eye_request(seat).is_ok() {
            out.push(ActionKind::EyeRequest);
        }
        if other_alive && self.check_eye_use(seat).is_ok() {
            out.push(ActionKind::EyeUse);
        }
        if other_alive && self.transfer_notebook(seat, None).is_ok() {
            out.push(ActionKind::Transfer);
        }
        if other_alive && self.is_kira(seat) {
            out.push(ActionKind::Heir);
        }
        out.push(ActionKind::Vote);
        out
    }

    /// DN-14/16: `seat` is in the game and has no ballot this act.
    pub fn owes_ballot(&self, seat: Seat) -> bool {
        self.winner.is_none()
            && self
                .seats
                .get(seat.index())
                .is_some_and(|s| s.alive && s.ballot.is_empty())
    }

    /// Seats that still owe a ballot or a notebook action this act, in seat order.
    pub fn owing(&self) -> Vec<Seat> {
        if self.winner.is_some() {
            return Vec::new();
        }
        (0..self.seats.len())
            .map(|i| Seat(i as u8))
            .filter(|&s| self.owes_ballot(s) || (self.is_alive(s) && self.owes_action(s)))
            .collect()
    }

    /// What `seat` sees; `None` for a seat not in the game.
    pub fn view_for(&self, seat: Seat) -> Option<SeatView> {
        let st = self.seats.get(seat.index())?;
        let notebooks = NotebookId::BOTH
            .into_iter()
            .filter(|id| self.notebooks[id.index()].holder == Some(seat))
            .map(|id| {
                let nb = &self.notebooks[id.index()];
                NotebookView {
                    notebook: id,
                    on_turn: nb.on_turn,
                    acted: nb.acted,
                    owed: nb.on_turn && !nb.acted && nb.holder_at_open == Some(seat),
                    transferable: nb.transferable,
                    heir: nb.heir.map(|h| self.game_id(h).clone()),
                }
            })
            .collect();
        Some(SeatView {
            act: self.act,
            game_id: self.game_id(seat).clone(),
            real_id: self.real_id(seat).clone(),
            alive: st.alive,
            out: st.out,
            role: if self.is_kira(seat) { "kira" } else { "good" },
            notebooks,
            on_turn: self.has_own_turn(seat),
            eye: self.eye.holder == Some(seat),
            partner: self.partner(seat).map(|p| self.game_id(p).clone()),
            ballot: (!st.ballot.is_empty()).then(|| {
                st.ballot
                    .as_slice()
                    .iter()
                    .map(|&t| self.game_id(t).clone())
                    .collect()
            }),
            ballot_size: self.ballot_limit(),
            owes_ballot: self.owes_ballot(seat),
            actions: self.allowed_actions(seat),
            private: self
                .log
                .iter()
                .filter(|e| {
                    e.audience != super::event::Audience::Public && e.audience.includes(seat)
                })
                .cloned()
                .collect(),
        })
    }

    /// DN-28: everything, once the game is over (`None` before).
    pub fn reveal(&self) -> Option<Reveal> {
        self.winner?;
        Some(self.reveal_now())
    }

    /// The reveal as things stand, over or not (a game the judge ended early).
    pub fn reveal_now(&self) -> Reveal {
        let seats = (0..self.seats.len())
            .map(|i| {
                let seat = Seat(i as u8);
                RevealSeat {
                    game_id: self.game_id(seat).clone(),
                    real_id: self.real_id(seat).clone(),
                    out: self.seats[i].out,
                    kira_at_start: NotebookId::BOTH
                        .into_iter()
                        .find(|id| self.initial_kiras[id.index()] == seat),
                    kira_at_end: self.is_kira(seat),
                }
            })
            .collect();
        let private = self
            .log
            .iter()
            .filter(|e| {
                !matches!(e.audience, super::event::Audience::Public)
                    || matches!(e.item, Item::Reply { .. })
            })
            .cloned()
            .collect();
        Reveal { seats, private }
    }
}
