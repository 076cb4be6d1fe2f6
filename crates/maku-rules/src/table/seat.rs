//! Seats and teams, as every phased table game has them (the classic presets, CL-0; the role
//! games, R4-2): a seat is its place in seat order, behind it a game ID and a real ID.

/// A seat by its place in seat order: seat 1 is `Seat(0)`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(pub u8);

impl Seat {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// The two teams that know each other and share a thread (CL-0, CL-1, CL-2; R4-2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Team {
    Killers,
    Police,
}

impl Team {
    /// The transcript's `team` (`teammates`, `surrendered`) and the team thread's key.
    pub fn name(self) -> &'static str {
        match self {
            Team::Killers => "killers",
            Team::Police => "police",
        }
    }

    pub fn from_name(name: &str) -> Option<Team> {
        match name {
            "killers" => Some(Team::Killers),
            "police" => Some(Team::Police),
            _ => None,
        }
    }
}

/// The seats of a table: game IDs and the real IDs behind them, in seat order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seating {
    names: Vec<String>,
    real_ids: Vec<String>,
}

impl Seating {
    pub fn new(names: Vec<String>, real_ids: Vec<String>) -> Seating {
        Seating { names, real_ids }
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    pub fn game_id(&self, s: Seat) -> &str {
        &self.names[s.index()]
    }

    pub fn real_id(&self, s: Seat) -> &str {
        &self.real_ids[s.index()]
    }

    pub fn seat_of(&self, name: &str) -> Option<Seat> {
        self.names
            .iter()
            .position(|n| n == name)
            .map(|i| Seat(i as u8))
    }

    pub fn all(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.names.len()).map(|i| Seat(i as u8))
    }

    /// The game IDs of `seats`, in their order (the transcript names seats so, CL-0).
    pub fn names_of(&self, seats: &[Seat]) -> Vec<&str> {
        seats.iter().map(|&s| self.game_id(s)).collect()
    }
}
