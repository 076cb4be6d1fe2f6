//! Projections for the server: what a seat may do now, who still owes something, what one seat
//! sees (DN-3), and the reveal at the end (DN-28).

use serde::Serialize;

use super::action::ActionKind;
use super::event::{Cause, Entry, Item};
use super::ids::{Name, NotebookId, Seat};
use super::state::{Change, Edition, Game, Window};

/// One notebook as its holder sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NotebookView {
    pub notebook: NotebookId,
    pub on_turn: bool,
    pub acted: bool,
    /// This holder must act with it before the deadline (DN-6).
    pub owed: bool,
    /// Never transferred yet (DN-18: each notebook once in the game).
    pub transferable: bool,
    /// A transfer of it can be made now (DN-18: never transferred, more than 8 seats alive,
    /// its holder without the Eye): what the seat page calls "transferable".
    pub can_transfer: bool,
    pub heir: Option<Name>,
}

/// A giver's recapture window (DN-19) as he sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WindowView {
    /// The notebook he gave away.
    pub notebook: NotebookId,
    /// The act of the transfer.
    pub transferred_in: u32,
    /// The first and last resolutions the window covers.
    pub first_resolution: u32,
    pub last_resolution: u32,
    /// He goes out at `last_resolution` if he holds no notebook then.
    pub expires_out: bool,
}

/// The Eye as its holder sees it (DN-22).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EyeView {
    /// Own turns counted so far, the request's included (she goes out at the third).
    pub own_turns: u8,
    /// The resolution at which she goes out, if her turns keep their present pattern.
    pub death_act: Option<u32>,
}

/// What one seat sees of the game (DN-3 and its private log).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    /// The current act; after the end, the act whose resolution ended the game.
    pub act: u32,
    /// The ruling book's edition the game plays by.
    pub edition: u8,
    pub game_id: Name,
    pub real_id: Name,
    pub alive: bool,
    pub out: Option<(u32, Cause)>,
    /// `"kira"` or `"good"`; for a seat that is out, the role it had when it went out.
    pub role: &'static str,
    pub notebooks: Vec<NotebookView>,
    /// DN-5: a notebook of hers is on turn.
    pub on_turn: bool,
    pub eye: bool,
    /// DN-22, for the Eye holder.
    pub eye_status: Option<EyeView>,
    /// DN-19: the windows this seat opened by giving a notebook away, while open or pending.
    pub windows: Vec<WindowView>,
    /// What a transfer made now would cost (DN-19): its window's resolutions.
    pub transfer_window: Option<(u32, u32)>,
    /// What an Eye request made now would cost (DN-22): the resolution she would go out at.
    pub eye_request_death: Option<u32>,
    pub partner: Option<Name>,
    pub ballot: Option<Vec<Name>>,
    /// How many names a ballot takes this act (DN-14).
    pub ballot_size: usize,
    pub owes_ballot: bool,
    pub actions: Vec<ActionKind>,
    /// Replies and private events addressed to this seat.
    pub private: Vec<Entry>,
}

/// One change in a seat's role history (DN-28).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RevealChange {
    pub act: u32,
    pub notebook: NotebookId,
    pub change: Change,
    /// The other seat involved (game ID), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub with: Option<Name>,
    /// `"kira"` or `"good"` after this change (for a seat going out: `"out"`).
    pub role_after: &'static str,
}

/// One seat at the end (DN-28).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RevealSeat {
    pub game_id: Name,
    pub real_id: Name,
    pub out: Option<(u32, Cause)>,
    pub kira_at_start: Option<NotebookId>,
    pub kira_at_end: bool,
    /// The role it had when it went out; for a seat still in, its role at the end.
    pub role: &'static str,
    /// Every time the seat became or stopped being Kira, or its notebooks changed, in order.
    pub history: Vec<RevealChange>,
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
        let mut view = self.standing_of(seat)?;
        view.private = self
            .log
            .iter()
            .filter(|e| e.audience != super::event::Audience::Public && e.audience.includes(seat))
            .cloned()
            .collect();
        Some(view)
    }

    /// What `seat` sees but its private log (left empty): what the shell asks of every seat
    /// each time it looks (`Engine::seat_now`), without reading the whole log for each.
    pub fn standing_of(&self, seat: Seat) -> Option<SeatView> {
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
                    can_transfer: self.transfer_notebook(seat, Some(id.number())).is_ok(),
                    heir: nb.heir.map(|h| self.game_id(h).clone()),
                }
            })
            .collect();
        let over = self.winner.is_some();
        let windows = if st.alive && !over {
            NotebookId::BOTH
                .into_iter()
                .filter_map(|id| {
                    let w = self.windows[id.index()].filter(|w| w.giver == seat)?;
                    Some(WindowView {
                        notebook: id,
                        transferred_in: w.opened_in,
                        first_resolution: w.first,
                        last_resolution: w.last_resolution(),
                        expires_out: !self.is_kira(seat),
                    })
                })
                .collect()
        } else {
            Vec::new()
        };
        let eye_status = (self.eye.holder == Some(seat) && !over).then(|| EyeView {
            own_turns: self.eye.own_turns,
            death_act: self.eye_death_act(),
        });
        let transfer_window = self.transfer_notebook(seat, None).is_ok().then(|| {
            let w = Window::new(seat, self.act, self.options.edition);
            (w.first, w.last_resolution())
        });
        let eye_request_death = self
            .check_eye_request(seat)
            .is_ok()
            .then(|| self.third_turn(seat, 1, self.act))
            .flatten();
        Some(SeatView {
            act: self.shown_act(),
            transfer_window,
            eye_request_death,
            edition: self.options.edition.number(),
            game_id: self.game_id(seat).clone(),
            real_id: self.real_id(seat).clone(),
            alive: st.alive,
            out: st.out,
            role: self.role_of(seat),
            notebooks,
            on_turn: self.has_own_turn(seat),
            eye: self.eye.holder == Some(seat),
            eye_status,
            windows,
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
            private: Vec::new(),
        })
    }

    /// `"kira"` or `"good"`: a living seat's role now, or the role an out seat had when it went
    /// out (DN-28).
    pub fn role_of(&self, seat: Seat) -> &'static str {
        let Some(st) = self.seats.get(seat.index()) else {
            return "good";
        };
        let kira = if st.alive {
            self.is_kira(seat)
        } else {
            st.out_as_kira
        };
        if kira { "kira" } else { "good" }
    }

    /// The ruling book's edition this game plays by.
    pub fn edition(&self) -> Edition {
        self.options.edition
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
                    kira_at_end: self.is_alive(seat) && self.is_kira(seat),
                    role: self.role_of(seat),
                    history: self
                        .history
                        .iter()
                        .filter(|c| c.seat == seat)
                        .map(|c| RevealChange {
                            act: c.act,
                            notebook: c.notebook,
                            change: c.change,
                            with: c.with.map(|w| self.game_id(w).clone()),
                            role_after: if c.kira_after {
                                "kira"
                            } else if c.change.goes_out() {
                                "out"
                            } else {
                                "good"
                            },
                        })
                        .collect(),
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
