//! The presets table of `../shared/rules/classic.md`: seats, team sizes, what all civilians out
//! and a third tie mean, which preset has which action.

use std::ops::RangeInclusive;

use super::event::Winner;

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

/// What a third tie does (CL-7, the table's last column).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ThirdTie {
    /// Nobody is out (平安); the game goes on.
    Peaceful,
    /// The game is a draw.
    Draw,
    /// The game ends (WJ-4).
    Ends,
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

    /// Killers and police at setup for `n` seats (a count in [`Preset::seats`]); wujian has no
    /// teams (its factions are ⌈n/2⌉ and ⌊n/2⌋, WJ-1).
    pub fn team_sizes(self, n: usize) -> (usize, usize) {
        match self {
            Preset::Dongsha => match n {
                ..=10 => (2, 2),
                11..=14 => (3, 3),
                _ => (4, 4),
            },
            Preset::Killgame => match n {
                ..=14 => (3, 3),
                _ => (4, 4),
            },
            Preset::Shengtui => (1, 0),
            Preset::Wujian => (0, 0),
        }
    }

    /// The winner when all civilians are out (CL-10's column); `None` for wujian.
    pub fn civilians_out(self) -> Option<Winner> {
        match self {
            Preset::Dongsha | Preset::Shengtui => Some(Winner::Killers),
            Preset::Killgame => Some(Winner::Draw),
            Preset::Wujian => None,
        }
    }

    pub fn third_tie(self) -> ThirdTie {
        match self {
            Preset::Dongsha | Preset::Shengtui => ThirdTie::Peaceful,
            Preset::Killgame => ThirdTie::Draw,
            Preset::Wujian => ThirdTie::Ends,
        }
    }

    pub const fn is_wujian(self) -> bool {
        matches!(self, Preset::Wujian)
    }

    /// CL-8: only dongsha's killers may self-explode.
    pub fn has_explode(self) -> bool {
        self == Preset::Dongsha
    }

    /// CL-2: dongsha and killgame have police.
    pub fn has_police(self) -> bool {
        matches!(self, Preset::Dongsha | Preset::Killgame)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_of_presets() {
        assert_eq!(Preset::Dongsha.team_sizes(8), (2, 2));
        assert_eq!(Preset::Dongsha.team_sizes(10), (2, 2));
        assert_eq!(Preset::Dongsha.team_sizes(11), (3, 3));
        assert_eq!(Preset::Dongsha.team_sizes(14), (3, 3));
        assert_eq!(Preset::Dongsha.team_sizes(15), (4, 4));
        assert_eq!(Preset::Killgame.team_sizes(11), (3, 3));
        assert_eq!(Preset::Killgame.team_sizes(16), (4, 4));
        assert_eq!(Preset::Shengtui.team_sizes(6), (1, 0));
        for p in Preset::ALL {
            assert_eq!(Preset::from_name(p.name()), Some(p));
        }
    }
}
