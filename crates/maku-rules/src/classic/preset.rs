//! The presets of `../shared/rules/classic.md` and the table a game plays: a preset's setup
//! document or a judge's own (`setups`), which the engine asks every rule the document decides —
//! team sizes, what all civilians out and a third tie mean, last words, which actions exist.

use std::ops::RangeInclusive;
use std::sync::OnceLock;

use super::action::Across;
use super::event::Winner;
use super::roles::Role;
use crate::setups::{self, CiviliansOut, RoleCode, Setup, Win};
use crate::variant::Variant;

/// One classic preset.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// 东杀 2.0
    Dongsha,
    /// killgame 纸牌
    Killgame,
    /// 生推版（改）
    Shengtui,
    /// 无间道
    Wujian,
}

/// What a third tie does (CL-7): a setup's house rule.
pub use crate::setups::ThirdTie;

/// A classic table as its setup document says: a preset's, or a judge's own of the classic
/// book (`setups`). The engine asks it every rule the document decides.
#[derive(Copy, Clone, Debug)]
pub enum Table {
    Preset(Preset),
    Custom(&'static Custom),
}

/// A judge's own classic setup, as a process plays it (`variant::custom`).
#[derive(Debug)]
pub struct Custom {
    pub name: &'static str,
    pub setup: Setup,
    /// The roles some seat count of `setup` deals, found once ([`Table::deals`]).
    pub(super) dealt: Vec<RoleCode>,
    /// Its handle, set once it is made (the bots' games start from it).
    pub(super) variant: OnceLock<Variant>,
}

impl Custom {
    /// The table of `setup` named `name`, its handle not set yet.
    pub(super) fn new(name: &'static str, setup: Setup) -> Custom {
        Custom {
            name,
            dealt: dealt(&setup),
            setup,
            variant: OnceLock::new(),
        }
    }
}

impl PartialEq for Table {
    fn eq(&self, other: &Table) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Table {}

impl Table {
    pub fn setup(self) -> &'static Setup {
        match self {
            Table::Preset(p) => p.setup(),
            Table::Custom(c) => &c.setup,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Table::Preset(p) => p.name(),
            Table::Custom(c) => c.name,
        }
    }

    /// Allowed seat counts.
    pub fn seats(self) -> RangeInclusive<usize> {
        self.setup().seats.clone()
    }

    /// Killers and police at setup for `n` seats (a count in [`Preset::seats`]); wujian has no
    /// teams (its factions are ⌈n/2⌉ and ⌊n/2⌋, WJ-1).
    pub fn team_sizes(self, n: usize) -> (usize, usize) {
        let s = self.setup();
        (
            s.count_of(RoleCode::Killer, n),
            s.count_of(RoleCode::Police, n),
        )
    }

    /// Seats dealt `role` for `n` seats: the doctors, butterflies, secret police and elders
    /// (4.0's, R4-3), undercovers (4.0's, R4-2), snipers, magicians, forest elders, wizards,
    /// good and evil civilians, needle doctors and shield butterflies (5.0's, R5-1) only a
    /// judge's own setup deals (a role the table never deals is 0 at once, the deal unread: each
    /// of these at a preset); the classic civilians (the fill) and wujian's factions are not
    /// counted here.
    pub fn count_of(self, role: Role, n: usize) -> usize {
        code(role)
            .filter(|c| self.dealt().contains(c))
            .map_or(0, |c| self.setup().count_of(c, n))
    }

    /// Whether some seat count deals `role` (of the killers, police and the other books' roles).
    pub fn deals(self, role: Role) -> bool {
        code(role).is_some_and(|c| self.dealt().contains(&c))
    }

    /// The roles some seat count deals, found once per table: the engine asks it of every game
    /// it deals (the fixed setup's keys, the draw) and of every first vote round (the dark
    /// votes' line).
    fn dealt(self) -> &'static [RoleCode] {
        match self {
            Table::Preset(p) => p.dealt(),
            Table::Custom(c) => &c.dealt,
        }
    }

    /// The roles of other books it deals, whose actions are its own (a preset: none): a
    /// doctor's `save` (R4-3), a sniper's `snipe` (R5-1), a butterfly's `hug` (4.0's, R4-3, or
    /// 5.0's shield butterfly's, R5-1: a table deals one of them at most), a secret police's
    /// `secret_kill` and an elder's `silence` (R4-3; 5.0's forest elder's too, R5-1), a
    /// magician's `magic`, a wizard's `query`, a good or evil civilian's `dark_vote` and a
    /// needle doctor's `needle` (R5-1).
    pub fn across(self) -> Across {
        Across {
            doctor: self.deals(Role::Doctor),
            sniper: self.deals(Role::Sniper),
            butterfly: self.deals(Role::Butterfly) || self.deals(Role::ShieldButterfly),
            secret_police: self.deals(Role::SecretPolice),
            elder: self.deals(Role::Elder) || self.deals(Role::DarkElder),
            magician: self.deals(Role::Magician),
            wizard: self.deals(Role::Wizard),
            dark_vote: self.deals(Role::GoodCivilian) || self.deals(Role::EvilCivilian),
            needle: self.deals(Role::NeedleDoctor),
        }
    }

    /// The winner when all civilians are out (CL-10's column); `None` where CL-10 does not
    /// apply (shengtui's CL-11 decides first, wujian has no civilians, the parity rule has no
    /// such condition: `end.rs`).
    pub fn civilians_out(self) -> Option<Winner> {
        match self.setup().win {
            Win::Sides {
                civilians_out: CiviliansOut::Killers,
            }
            | Win::Shengtui => Some(Winner::Killers),
            Win::Sides {
                civilians_out: CiviliansOut::Draw,
            } => Some(Winner::Draw),
            Win::Parity | Win::Wujian | Win::R4 | Win::R5 => None,
        }
    }

    pub fn third_tie(self) -> ThirdTie {
        self.setup().day.third_tie
    }

    /// Whether a tie in vote round `round` is the last (CL-7: the third; `day.pk_rounds`).
    pub fn last_tie(self, round: u8) -> bool {
        self.setup().day.last_tie(round)
    }

    pub fn is_wujian(self) -> bool {
        self.setup().win == Win::Wujian
    }

    /// CL-8: the table's killers may self-explode (of the presets, dongsha's).
    pub fn has_explode(self) -> bool {
        self.setup().day.explode
    }

    /// The private team threads (CL-0).
    pub fn team_threads(self) -> impl Iterator<Item = &'static str> {
        self.setup().teams.iter().map(|t| t.name())
    }

    /// Its handle in the registry, or the custom setup's own.
    pub fn variant(self) -> Option<Variant> {
        match self {
            Table::Preset(p) => Some(super::variant::of(p)),
            Table::Custom(c) => c.variant.get().copied(),
        }
    }
}

impl Preset {
    pub const ALL: [Preset; 4] = [
        Preset::Dongsha,
        Preset::Killgame,
        Preset::Shengtui,
        Preset::Wujian,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Preset::Dongsha => "dongsha",
            Preset::Killgame => "killgame",
            Preset::Shengtui => "shengtui",
            Preset::Wujian => "wujian",
        }
    }

    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name() == name)
    }

    /// Allowed seat counts.
    pub const fn seats(self) -> RangeInclusive<usize> {
        match self {
            Preset::Dongsha => 8..=16,
            Preset::Killgame => 11..=16,
            Preset::Shengtui => 6..=8,
            Preset::Wujian => 4..=20,
        }
    }

    pub const fn table(self) -> Table {
        Table::Preset(self)
    }

    /// The preset's setup document (`setups/presets/<name>.json`): the deal, the win column,
    /// the third tie and the self-explode are read from it.
    pub fn setup(self) -> &'static Setup {
        // Found once: the engine asks it on every submission and check of the end.
        static FOUND: OnceLock<[&'static Setup; Preset::ALL.len()]> = OnceLock::new();
        FOUND.get_or_init(|| {
            Preset::ALL.map(|p| {
                setups::preset(p.name()).unwrap_or_else(|| panic!("{} has no document", p.name()))
            })
        })[self as usize]
    }

    /// The roles some seat count of its document deals, found once ([`Table::deals`]).
    fn dealt(self) -> &'static [RoleCode] {
        static FOUND: OnceLock<[Vec<RoleCode>; Preset::ALL.len()]> = OnceLock::new();
        &FOUND.get_or_init(|| Preset::ALL.map(|p| dealt(p.setup())))[self as usize]
    }

    /// The private team threads: one per team of more than one seat (shengtui's lone killer
    /// needs none; wujian seats know no teammates).
    pub const fn team_threads(self) -> &'static [&'static str] {
        match self {
            Preset::Dongsha | Preset::Killgame => &["killers", "police"],
            Preset::Shengtui | Preset::Wujian => &[],
        }
    }

    /// The winners a game may have (a judge ending it may name one).
    pub const fn outcomes(self) -> &'static [&'static str] {
        match self {
            Preset::Wujian => &["匪", "警", "draw"],
            _ => &["good", "killers", "draw"],
        }
    }
}

/// The setup's code of a role the deal counts (killers, police, doctors, snipers, butterflies,
/// secret police, elders, undercovers, magicians, wizards, good and evil civilians, needle
/// doctors, 5.0's forest elders, shield butterflies).
fn code(role: Role) -> Option<RoleCode> {
    match role {
        Role::Killer => Some(RoleCode::Killer),
        Role::Police => Some(RoleCode::Police),
        Role::Doctor => Some(RoleCode::Doctor),
        Role::Sniper => Some(RoleCode::Sniper),
        Role::Butterfly => Some(RoleCode::Butterfly),
        Role::SecretPolice => Some(RoleCode::SecretPolice),
        Role::Elder => Some(RoleCode::Elder),
        Role::Undercover => Some(RoleCode::Undercover),
        Role::Magician => Some(RoleCode::Magician),
        Role::Wizard => Some(RoleCode::Wizard),
        Role::GoodCivilian => Some(RoleCode::GoodCivilian),
        Role::EvilCivilian => Some(RoleCode::EvilCivilian),
        Role::NeedleDoctor => Some(RoleCode::NeedleDoctor),
        Role::DarkElder => Some(RoleCode::DarkElder),
        Role::ShieldButterfly => Some(RoleCode::ShieldButterfly),
        Role::Civilian | Role::Faction(_) => None,
    }
}

/// The roles some seat count of `setup` deals ([`Setup::deals`]), in the catalog's order.
fn dealt(setup: &Setup) -> Vec<RoleCode> {
    RoleCode::ALL
        .iter()
        .copied()
        .filter(|&c| setup.deals(c))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_is_in_the_enums_order() {
        for (i, p) in Preset::ALL.iter().enumerate() {
            assert_eq!(*p as usize, i, "{}", p.name());
            assert_eq!(p.setup(), setups::preset(p.name()).expect("a document"));
        }
    }

    #[test]
    fn the_table_of_presets() {
        assert_eq!(Preset::Dongsha.table().team_sizes(8), (2, 2));
        assert_eq!(Preset::Dongsha.table().team_sizes(10), (2, 2));
        assert_eq!(Preset::Dongsha.table().team_sizes(11), (3, 3));
        assert_eq!(Preset::Dongsha.table().team_sizes(14), (3, 3));
        assert_eq!(Preset::Dongsha.table().team_sizes(15), (4, 4));
        assert_eq!(Preset::Killgame.table().team_sizes(11), (3, 3));
        assert_eq!(Preset::Killgame.table().team_sizes(16), (4, 4));
        assert_eq!(Preset::Shengtui.table().team_sizes(6), (1, 0));
        for p in Preset::ALL {
            assert_eq!(Preset::from_name(p.name()), Some(p));
        }
    }
}
