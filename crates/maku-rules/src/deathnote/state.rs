//! The state of one Death Note game: seats, the two notebooks, windows, the Eye, the join.
//!
//! Everything is indexed by seat number (`Seat`) in small `Vec`s and arrays, so that the
//! simulator can play whole games without hashing or allocating strings.

use std::sync::Arc;

use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::event::{Cause, Entry, Winner};
use super::ids::{Name, NotebookId, Seat};
use super::roster::Roster;

/// The edition of the ruling book a game plays by (option `edition`). A game keeps the edition
/// it started with, so that logs written under the first edition fold to the same state.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Edition {
    /// The first edition: window T+1..T+2, recapture on any cause, joins restored before
    /// redistribution, Eye turns counted at the act's opening, the Eye only before a kill.
    First,
    /// The second edition (the book as it stands).
    #[default]
    Second,
}

impl Edition {
    pub const CURRENT: Edition = Edition::Second;

    pub fn number(self) -> u8 {
        match self {
            Edition::First => 1,
            Edition::Second => 2,
        }
    }

    pub fn from_number(n: u64) -> Option<Edition> {
        match n {
            1 => Some(Edition::First),
            2 => Some(Edition::Second),
            _ => None,
        }
    }
}

impl Serialize for Edition {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.number())
    }
}

impl<'de> Deserialize<'de> for Edition {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = u64::deserialize(d)?;
        Edition::from_number(n).ok_or_else(|| serde::de::Error::custom("edition must be 1 or 2"))
    }
}

/// A game's settings (replay `options`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// `false` skips DN-23/DN-24: both notebooks destroyed means good wins at once.
    pub redistribute: bool,
    /// The ruling book's edition (default: the current, second edition).
    pub edition: Edition,
    /// Publish each act's vote counts (per game ID, never who voted for whom) with its
    /// resolution; off by default, as the ruling book publishes only who is out.
    pub publish_votes: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            redistribute: true,
            edition: Edition::CURRENT,
            publish_votes: false,
        }
    }
}

impl Options {
    /// The second edition's readings apply (DN-13, DN-17, DN-19, DN-21, DN-22, step 7).
    pub fn second_edition(&self) -> bool {
        self.edition >= Edition::Second
    }
}

/// Per-seat state. The `*_act` scratch fields are reset when an act opens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatState {
    pub alive: bool,
    /// When and why the seat went out.
    pub out: Option<(u32, Cause)>,
    /// Alive when the current act opened (DN terms: "living at opening").
    pub alive_at_open: bool,
    /// The ballot of this act (DN-14: the last one counts).
    pub ballot: Ballot,
    /// A successful kill of this act names this seat (DN-9 `target_taken`).
    pub doomed: bool,
    /// This seat used a notebook this act in a way that closes the Eye (DN-21 `eye_after_kill`):
    /// a kill (successful or not), and in the second edition also a join.
    pub used_notebook_this_act: bool,
    /// Held a notebook when it went out (DN-28: the role it had when it went out).
    pub out_as_kira: bool,
}

/// A ballot of one or two seats (DN-14); unused places hold `Seat::UNKNOWN`, so that the tally
/// can count both places of every ballot without branching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ballot {
    pub len: u8,
    pub seats: [Seat; 2],
}

impl Ballot {
    /// No ballot (yet).
    pub const NONE: Ballot = Ballot {
        len: 0,
        seats: [Seat::UNKNOWN; 2],
    };

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_slice(&self) -> &[Seat] {
        &self.seats[..self.len as usize]
    }
}

/// One notebook. `holder == None` means destroyed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notebook {
    pub holder: Option<Seat>,
    /// The transfer right (DN-18: once per game; DN-23: a single redealt notebook loses it).
    pub transferable: bool,
    /// The heir named by the (last) holder (DN-24); forgotten when the notebook changes hands.
    pub heir: Option<Seat>,
    /// On turn in the current act (DN-4: fixed when the act opens).
    pub on_turn: bool,
    /// The holder when the act opened: only she owes an action (DN-6).
    pub holder_at_open: Option<Seat>,
    /// A kill, join or pass was made with it this act (DN-6).
    pub acted: bool,
}

/// A transferrer's right to recapture (DN-19), opened by the transfer of one notebook.
/// Each notebook is transferred at most once, so there is at most one window per notebook.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub giver: Seat,
    /// The act of the transfer, T.
    pub opened_in: u32,
    /// The first resolution the window covers: T+2 (second edition: the transfer is published
    /// in post T+1, the window is the two acts after that one); T+1 in the first edition.
    pub first: u32,
}

impl Window {
    /// DN-19: the window of a transfer made in act `t` under `edition`.
    pub fn new(giver: Seat, t: u32, edition: Edition) -> Window {
        let first = match edition {
            Edition::First => t + 1,
            Edition::Second => t + 2,
        };
        Window {
            giver,
            opened_in: t,
            first,
        }
    }

    pub fn covers(&self, resolution: u32) -> bool {
        resolution >= self.first && resolution <= self.last_resolution()
    }

    /// The resolution at which the window ends (the giver goes out then if he holds no notebook).
    pub fn last_resolution(&self) -> u32 {
        self.first + 1
    }
}

/// The Eye of Death (DN-20..22). Only one Eye exists per game (source: 整场游戏里仅有1次).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Eye {
    /// The Eye was granted already in this game.
    pub granted: bool,
    /// Its holder while she is in the game.
    pub holder: Option<Seat>,
    /// Own turns counted so far, the request's turn included (DN-22).
    pub own_turns: u8,
    /// The last act counted as one of her own turns.
    pub counted_act: u32,
    /// The act in which she last used it (DN-21: once per own turn).
    pub used_act: u32,
}

/// Joined Kiras (DN-11..13). The pair is remembered while both are in the game, so that the join
/// can be restored when both hold notebooks again (DN-13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Join {
    pub pair: Option<[Seat; 2]>,
    pub active: bool,
}

/// A successful kill waiting for resolution (DN-9), in submission order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PendingKill {
    pub killer: Seat,
    pub target: Seat,
}

/// What the current act has collected for the next public post.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ActScratch {
    pub kills: Vec<PendingKill>,
    /// Targets of failed kills in submission order (DN-10).
    pub failed_kills: Vec<Seat>,
    /// Join results in submission order (DN-11).
    pub joins: Vec<bool>,
    /// Transfers made this act (DN-18).
    pub transfers: u8,
    /// The Eye was requested this act (DN-20).
    pub eye_acquired: bool,
    /// K of DN-14: Kiras living at opening, a seat holding both counted once.
    pub kiras_at_open: u8,
}

/// How a seat became or stopped being Kira (DN-28: the role history of the reveal).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Change {
    /// DN-2: dealt at the start.
    Dealt,
    /// DN-18: received by transfer (`with`: the giver).
    Received,
    /// DN-19: recaptured by its transferrer (`with`: the Kira who went out).
    Recaptured,
    /// DN-17: taken from the Kira she killed (`with`: the victim).
    Took,
    /// DN-23/24: dealt again.
    Redealt,
    /// DN-18: given away by transfer (`with`: the receiver).
    Gave,
    /// DN-17/19: went out and the notebook was recaptured (`with`: the recapturer).
    LostToRecapture,
    /// DN-17: went out killed and the killer took the notebook (`with`: the killer).
    LostToKiller,
    /// DN-17/22: went out and the notebook was destroyed.
    Destroyed,
}

impl Change {
    /// The seat holds the notebook after this change.
    pub fn gains(self) -> bool {
        matches!(
            self,
            Change::Dealt | Change::Received | Change::Recaptured | Change::Took | Change::Redealt
        )
    }

    /// The change came with the seat going out (her notebook went elsewhere).
    pub fn goes_out(self) -> bool {
        matches!(
            self,
            Change::LostToRecapture | Change::LostToKiller | Change::Destroyed
        )
    }

    pub fn name(self) -> &'static str {
        match self {
            Change::Dealt => "dealt",
            Change::Received => "received",
            Change::Recaptured => "recaptured",
            Change::Took => "took",
            Change::Redealt => "redealt",
            Change::Gave => "gave",
            Change::LostToRecapture => "lost_to_recapture",
            Change::LostToKiller => "lost_to_killer",
            Change::Destroyed => "destroyed",
        }
    }
}

/// One change of a seat's notebooks (DN-28), in the order it happened.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RoleChange {
    /// The act in which (or at whose resolution) it happened.
    pub act: u32,
    pub seat: Seat,
    pub notebook: NotebookId,
    pub change: Change,
    /// The other seat involved, if any (giver, receiver, killer, victim, recapturer).
    pub with: Option<Seat>,
    /// The seat is Kira after the change.
    pub kira_after: bool,
}

/// A whole Death Note game. Pure: no I/O, no clock; randomness only from `rng`, seeded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub(crate) roster: Arc<Roster>,
    pub(crate) options: Options,
    pub(crate) seats: Vec<SeatState>,
    /// Seats alive now (kept in step with `SeatState::alive`).
    pub(crate) alive: usize,
    pub(crate) notebooks: [Notebook; 2],
    pub(crate) windows: [Option<Window>; 2],
    pub(crate) eye: Eye,
    pub(crate) join: Join,
    pub(crate) act: u32,
    pub(crate) winner: Option<Winner>,
    pub(crate) scratch: ActScratch,
    pub(crate) rng: ChaCha8Rng,
    /// The deal of DN-2 (revealed at the end, DN-28).
    pub(crate) initial_kiras: [Seat; 2],
    /// The act whose resolution ended the game (DN-25..27); 0 while it runs.
    pub(crate) ended_in: u32,
    /// Every change of a seat's notebooks (DN-28; kept only when `logging` is on).
    pub(crate) history: Vec<RoleChange>,
    /// Everything that happened, with its audience (kept only when `logging` is on).
    pub(crate) log: Vec<Entry>,
    pub(crate) logging: bool,
}

impl Game {
    pub fn roster(&self) -> &Roster {
        &self.roster
    }

    /// The shared roster (cheap to clone).
    pub fn roster_arc(&self) -> Arc<Roster> {
        self.roster.clone()
    }

    pub fn options(&self) -> Options {
        self.options
    }

    /// The current act (1-based). After the end it keeps counting resolutions that do nothing.
    pub fn act(&self) -> u32 {
        self.act
    }

    /// The act to show a reader: the current one while the game runs, the one whose resolution
    /// ended it afterwards (never "act N+1" after the end).
    pub fn shown_act(&self) -> u32 {
        if self.winner.is_some() {
            self.ended_in
        } else {
            self.act
        }
    }

    /// Every change of a seat's notebooks so far (DN-28).
    pub fn role_history(&self) -> &[RoleChange] {
        &self.history
    }

    pub fn seat_count(&self) -> usize {
        self.seats.len()
    }

    pub fn winner(&self) -> Option<Winner> {
        self.winner
    }

    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    pub fn seat(&self, seat: Seat) -> Option<&SeatState> {
        self.seats.get(seat.index())
    }

    pub fn is_alive(&self, seat: Seat) -> bool {
        self.seats.get(seat.index()).is_some_and(|s| s.alive)
    }

    pub fn alive_count(&self) -> usize {
        self.alive
    }

    pub fn notebook(&self, id: NotebookId) -> &Notebook {
        &self.notebooks[id.index()]
    }

    pub fn window(&self, id: NotebookId) -> Option<Window> {
        self.windows[id.index()]
    }

    pub fn eye(&self) -> Eye {
        self.eye
    }

    pub fn join_state(&self) -> Join {
        self.join
    }

    pub fn scratch(&self) -> &ActScratch {
        &self.scratch
    }

    pub fn game_id(&self, seat: Seat) -> &Name {
        &self.roster.game_ids()[seat.index()]
    }

    pub fn real_id(&self, seat: Seat) -> &Name {
        &self.roster.real_ids()[seat.index()]
    }

    /// Notebooks `seat` holds, N1 first.
    pub fn held(&self, seat: Seat) -> impl Iterator<Item = NotebookId> + '_ {
        NotebookId::BOTH
            .into_iter()
            .filter(move |id| self.notebooks[id.index()].holder == Some(seat))
    }

    /// DN terms: a Kira is a living seat that holds at least one notebook.
    pub fn is_kira(&self, seat: Seat) -> bool {
        self.notebooks.iter().any(|n| n.holder == Some(seat))
    }

    pub fn holds_both(&self, seat: Seat) -> bool {
        self.notebooks.iter().all(|n| n.holder == Some(seat))
    }

    /// Living Kiras, a seat holding both counted once.
    pub fn kira_count(&self) -> usize {
        match (self.notebooks[0].holder, self.notebooks[1].holder) {
            (None, None) => 0,
            (Some(a), Some(b)) if a != b => 2,
            _ => 1,
        }
    }

    /// DN-5: a Kira's own turn — a notebook she holds is on turn in this act.
    pub fn has_own_turn(&self, seat: Seat) -> bool {
        self.notebooks
            .iter()
            .any(|n| n.holder == Some(seat) && n.on_turn)
    }

    /// The joined partner of `seat`, while the join is in force (DN-12).
    pub fn partner(&self, seat: Seat) -> Option<Seat> {
        if !self.join.active {
            return None;
        }
        match self.join.pair {
            Some([a, b]) if a == seat => Some(b),
            Some([a, b]) if b == seat => Some(a),
            _ => None,
        }
    }

    /// The full log (replies, refusals and events, each with its audience).
    pub fn log(&self) -> &[Entry] {
        &self.log
    }

    /// Turns the log on or off (the simulator turns it off for speed).
    /// Without a log there is no role history either (a partial one would mislead).
    pub fn set_logging(&mut self, on: bool) {
        self.logging = on;
        if !on {
            self.history.clear();
        }
    }
}
