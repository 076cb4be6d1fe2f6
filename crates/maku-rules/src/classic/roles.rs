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
    /// 4.0's butterfly (花蝴蝶) at a classic table that deals one (a judge's own setup): good, in
    /// no team (R4-2: it learns nobody), it hugs one other seat a night (R4-3), by R4-4 (1), (2).
    Butterfly,
    /// 4.0's secret police (秘密警察) at a classic table that deals one: good, in no team thread
    /// (R4-2: he learns nobody), once per game he kills one other seat (R4-3), by R4-4 (1), (3);
    /// a police role for CL-10 (R4-6 counts him with the police).
    SecretPolice,
    /// 4.0's forest elder (森林老人) at a classic table that deals one: good, in no team (R4-2:
    /// it learns nobody), it silences one seat a night, itself allowed (R4-3), applied after the
    /// night's deaths (R4-4 (5)); the silenced seat keeps its vote but not its voice the next
    /// day (R4-5).
    Elder,
    /// A wujian seat (WJ-1): it knows only its own faction.
    Faction(Faction),
}

impl Role {
    /// `killer`, `police`, `civilian`, `doctor`, `sniper`, `butterfly`, `secret_police`,
    /// `elder`, or the faction's name.
    pub fn name(self) -> &'static str {
        match self {
            Role::Killer => "killer",
            Role::Police => "police",
            Role::Civilian => "civilian",
            Role::Doctor => "doctor",
            Role::Sniper => "sniper",
            Role::Butterfly => "butterfly",
            Role::SecretPolice => "secret_police",
            Role::Elder => "elder",
            Role::Faction(f) => f.name(),
        }
    }

    /// The team it belongs to (CL-0); civilians, the doctor, the butterfly, the secret police
    /// and the elder (R4-2: they learn nobody), the sniper (5.0) and wujian seats have none.
    pub fn team(self) -> Option<Team> {
        match self {
            Role::Killer => Some(Team::Killers),
            Role::Police => Some(Team::Police),
            Role::Civilian
            | Role::Doctor
            | Role::Sniper
            | Role::Butterfly
            | Role::SecretPolice
            | Role::Elder
            | Role::Faction(_) => None,
        }
    }

    /// Whether it counts among the civilians of CL-10 ("all civilians out") and CL-11: the
    /// civilians, and the doctor, the sniper, the butterfly and the elder, good seats outside
    /// the police dealt in their place (`docs/setups.md`, "Roles across books"). The secret police is not:
    /// he is a police role ([`Role::counts_as_police`]).
    pub fn counts_as_civilian(self) -> bool {
        matches!(
            self,
            Role::Civilian | Role::Doctor | Role::Sniper | Role::Butterfly | Role::Elder
        )
    }

    /// Whether it counts among the police of CL-10 ("all police out → killers win"): the
    /// police, and the secret police, whom R4-6 counts with them ("the two police and the
    /// secret police are all out"). He sits in no police thread (R4-2) and CL-4's count of
    /// last words stays the police dealt (R4-1: last words for the first 2 seats out of 4.0's
    /// two police and a secret police).
    pub fn counts_as_police(self) -> bool {
        matches!(self, Role::Police | Role::SecretPolice)
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
