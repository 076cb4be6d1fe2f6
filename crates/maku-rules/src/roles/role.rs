//! The two role games, their roles and sides (`../shared/rules/roles.md`).

use std::ops::RangeInclusive;

use std::sync::OnceLock;

use crate::setups::{self, RoleCode, Setup, SideCode};
use crate::table::Team;

/// One of the role games.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RoleGame {
    /// 4.0 无间版 (R4-1..R4-6): 16 seats.
    V4Wujian,
    /// 5.0 恶民传说 (R5-1..R5-5): 10 seats, one of each role.
    V5Emin,
}

impl RoleGame {
    pub const ALL: [RoleGame; 2] = [RoleGame::V4Wujian, RoleGame::V5Emin];

    pub const fn name(self) -> &'static str {
        match self {
            RoleGame::V4Wujian => "v4wujian",
            RoleGame::V5Emin => "v5emin",
        }
    }

    pub fn from_name(name: &str) -> Option<RoleGame> {
        RoleGame::ALL.into_iter().find(|g| g.name() == name)
    }

    /// Exactly 16 seats (4.0) or 10 (5.0).
    pub const fn seats(self) -> RangeInclusive<usize> {
        match self {
            RoleGame::V4Wujian => 16..=16,
            RoleGame::V5Emin => 10..=10,
        }
    }

    /// The game's setup document (`setups/presets/<name>.json`): the deal and each role's side
    /// are read from it and its book's catalog.
    pub fn setup(self) -> &'static Setup {
        setups::preset(self.name()).unwrap_or_else(|| panic!("{} has no document", self.name()))
    }

    /// The deal: each role and how many seats hold it (civilians last, filling the rest).
    pub fn deal(self) -> Vec<(Role, usize)> {
        let s = self.setup();
        s.deal_at(*s.seats.start())
            .into_iter()
            .filter_map(|(code, k)| Some((Role::from_code(code)?, k)))
            .collect()
    }

    /// The side a role plays for (R4 intro, R5 intro): the forest elder is good in 4.0 and bad
    /// in 5.0.
    pub fn side(self, role: Role) -> Side {
        // Read once per game from the catalog: the end is checked after every night and day.
        static SIDES: OnceLock<[[Side; ALL_ROLES.len()]; 2]> = OnceLock::new();
        let sides = SIDES.get_or_init(|| {
            RoleGame::ALL.map(|g| {
                ALL_ROLES.map(|r| {
                    let code = RoleCode::from_name(r.name());
                    let spec = code.and_then(|c| setups::role_spec(g.setup().book, c));
                    match spec.map(|s| s.side) {
                        Some(SideCode::Bad) => Side::Bad,
                        _ => Side::Good,
                    }
                })
            })
        });
        sides[self as usize][role as usize]
    }

    /// The private team threads (R4-2); 5.0 has none.
    pub const fn team_threads(self) -> &'static [&'static str] {
        match self {
            RoleGame::V4Wujian => &["killers", "police"],
            RoleGame::V5Emin => &[],
        }
    }

    /// The catalog key of what a team's `teammates` line must add (R4-2: the police team of
    /// 4.0 holds the undercover, and the police do not know which of the three he is).
    pub fn team_note(self, team: &str) -> Option<&'static str> {
        match (self, team) {
            (RoleGame::V4Wujian, "police") => Some("rg-team-note-police"),
            _ => None,
        }
    }

    pub const fn is_v4(self) -> bool {
        matches!(self, RoleGame::V4Wujian)
    }
}

const ALL_ROLES: [Role; 13] = [
    Role::Butterfly,
    Role::Elder,
    Role::Doctor,
    Role::Killer,
    Role::Undercover,
    Role::Police,
    Role::SecretPolice,
    Role::Civilian,
    Role::Sniper,
    Role::GoodCivilian,
    Role::Magician,
    Role::Wizard,
    Role::EvilCivilian,
];

/// A seat's role, dealt at the start and kept to the end.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    Butterfly,
    Elder,
    Doctor,
    Killer,
    Undercover,
    Police,
    SecretPolice,
    Civilian,
    Sniper,
    GoodCivilian,
    Magician,
    Wizard,
    EvilCivilian,
}

impl Role {
    /// The role code of views, the reveal and `setup` keys (`killers`/`police` lists aside).
    pub const fn name(self) -> &'static str {
        match self {
            Role::Butterfly => "butterfly",
            Role::Elder => "elder",
            Role::Doctor => "doctor",
            Role::Killer => "killer",
            Role::Undercover => "undercover",
            Role::Police => "police",
            Role::SecretPolice => "secret_police",
            Role::Civilian => "civilian",
            Role::Sniper => "sniper",
            Role::GoodCivilian => "good_civilian",
            Role::Magician => "magician",
            Role::Wizard => "wizard",
            Role::EvilCivilian => "evil_civilian",
        }
    }

    /// The role of a setup's code (`None`: a role of the classic book only).
    pub fn from_code(code: RoleCode) -> Option<Role> {
        ALL_ROLES.into_iter().find(|r| r.name() == code.name())
    }

    /// R5-1: the butterfly, magician, police and wizard may not name themselves, whatever
    /// action they hold (the kill too).
    pub fn v5_self_banned(self) -> bool {
        matches!(
            self,
            Role::Butterfly | Role::Magician | Role::Police | Role::Wizard
        )
    }

    /// 5.0's side as the judge tells it (R5-3 4. checks, R5-4 day outs): the four bad specials
    /// are `bad`, everyone else (the evil civilian too) `good`.
    pub fn v5_told_side(self) -> Side {
        if Role::SUCCESSION.contains(&self) {
            Side::Bad
        } else {
            Side::Good
        }
    }

    /// R5-2: the order in which 5.0's bad specials hold the kill.
    pub const SUCCESSION: [Role; 4] = [Role::Killer, Role::Magician, Role::Elder, Role::Wizard];
}

/// Good or bad (`out.side`, the winners).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Good,
    Bad,
}

impl Side {
    pub const fn name(self) -> &'static str {
        match self {
            Side::Good => "good",
            Side::Bad => "bad",
        }
    }
}

/// Whether `role` sits in 4.0's team `team` in act `act` (R4-2: the killers' team is the three
/// killers and, during act 1 only, the undercover; the police's is the two police and the
/// undercover).
pub fn in_team(team: Team, role: Role, act: u32) -> bool {
    match team {
        Team::Killers => role == Role::Killer || (role == Role::Undercover && act == 1),
        Team::Police => matches!(role, Role::Police | Role::Undercover),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `side`'s table is indexed by the enums' order.
    #[test]
    fn the_lists_are_in_the_enums_order() {
        for (i, r) in ALL_ROLES.iter().enumerate() {
            assert_eq!(*r as usize, i, "{}", r.name());
        }
        for (i, g) in RoleGame::ALL.iter().enumerate() {
            assert_eq!(*g as usize, i, "{}", g.name());
        }
        assert_eq!(RoleGame::V4Wujian.side(Role::Elder), Side::Good);
        assert_eq!(RoleGame::V5Emin.side(Role::Elder), Side::Bad);
        assert_eq!(RoleGame::V4Wujian.side(Role::Undercover), Side::Bad);
        assert_eq!(RoleGame::V5Emin.side(Role::EvilCivilian), Side::Bad);
    }
}
