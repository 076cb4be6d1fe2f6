//! Roles and factions of the classic presets (`../shared/rules/classic.md`); seats and teams are
//! the table's (`crate::table`).

use crate::table::Team;

/// The two factions of 无间道 (WJ-1): 匪 and 警.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Faction {
    /// 匪
    Fei,
    /// 警
    Jing,
}

impl Faction {
    pub const ALL: [Faction; 2] = [Faction::Fei, Faction::Jing];

    /// `匪` or `警`: the role, the peek call and the winner's name.
    pub fn name(self) -> &'static str {
        match self {
            Faction::Fei => "匪",
            Faction::Jing => "警",
        }
    }

    pub fn from_name(name: &str) -> Option<Faction> {
        match name {
            "匪" => Some(Faction::Fei),
            "警" => Some(Faction::Jing),
            _ => None,
        }
    }

    pub fn other(self) -> Faction {
        match self {
            Faction::Fei => Faction::Jing,
            Faction::Jing => Faction::Fei,
        }
    }
}

/// A seat's secret role, dealt at the start and kept to the end.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    Killer,
    Police,
    Civilian,
    /// 4.0's doctor at a classic table that deals one (a judge's own setup): good, in no team
    /// (R4-2: it learns nobody), it saves one seat a night (R4-3), by R4-4 (2) and (4).
    Doctor,
    /// 5.0's sniper at a classic table that deals one (a judge's own setup): good, in no team
    /// (5.0: nobody learns anybody's role), it shoots one seat a night (R5-1), by R5-3.
    Sniper,
    /// A wujian seat (WJ-1): it knows only its own faction.
    Faction(Faction),
}

impl Role {
    /// `killer`, `police`, `civilian`, `doctor`, `sniper`, or the faction's name.
    pub fn name(self) -> &'static str {
        match self {
            Role::Killer => "killer",
            Role::Police => "police",
            Role::Civilian => "civilian",
            Role::Doctor => "doctor",
            Role::Sniper => "sniper",
            Role::Faction(f) => f.name(),
        }
    }

    /// The team it belongs to (CL-0); civilians, the doctor (R4-2), the sniper (5.0) and
    /// wujian seats have none.
    pub fn team(self) -> Option<Team> {
        match self {
            Role::Killer => Some(Team::Killers),
            Role::Police => Some(Team::Police),
            Role::Civilian | Role::Doctor | Role::Sniper | Role::Faction(_) => None,
        }
    }

    /// Whether it counts among the civilians of CL-10 ("all civilians out") and CL-11: the
    /// civilians, and the doctor and the sniper, good seats outside the police dealt in their
    /// place (`docs/setups.md`, "Roles across books").
    pub fn counts_as_civilian(self) -> bool {
        matches!(self, Role::Civilian | Role::Doctor | Role::Sniper)
    }
}

/// Where a wujian seat opens its eyes on the one night (WJ-2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Call {
    /// At the call of this faction.
    At(Faction),
    /// Not at all.
    Closed,
}

impl Call {
    pub const NAMES: [&'static str; 3] = ["匪", "警", "none"];

    /// `匪`, `警` or `none`, as the action object names it.
    pub fn name(self) -> &'static str {
        match self {
            Call::At(f) => f.name(),
            Call::Closed => "none",
        }
    }

    pub fn from_name(name: &str) -> Option<Call> {
        match name {
            "none" => Some(Call::Closed),
            other => Faction::from_name(other).map(Call::At),
        }
    }
}
