//! Setups (版本) as data: a judge's own version of a table game — seats, the deal by seat count,
//! the win rule, the day's house rules, the night's order and the team threads — as one JSON
//! document, read into a typed [`Setup`] and checked before any game starts (`docs/setups.md`).
//!
//! The six table presets ship as such documents (`presets/*.json`) and their engines read the
//! deal, the third tie, the win column and the self-explode from them ([`preset`]), so a preset
//! is played through its document. Each role the document deals is a catalog entry of its ruling
//! book ([`ROLES`]): its side, its night action, its team. A document that does not hold comes
//! back as every problem at once, each with the path of its field ([`Problem`]).

pub mod balance;
mod catalog;
mod check;
pub mod describe;
mod document;
mod presets;

use std::ops::RangeInclusive;

pub use catalog::{ActionCode, Book, ROLES, RoleCode, RoleSpec, SideCode, role_spec};
pub use check::role_name;
pub use document::{Problem, read};
pub use presets::{PRESETS, custom_variant, house_rules, own_engines, played_as, preset};

use crate::table::{Speeches, Team};
use catalog::codes;

/// The most seats a table setup may have (the largest preset's, wujian's 20).
pub const MAX_SEATS: usize = 20;
/// The fewest: a night, a day and somebody left to win.
pub const MIN_SEATS: usize = 3;

/// A checked setup of the table family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Whose mechanics the roles play by.
    pub book: Book,
    pub seats: RangeInclusive<usize>,
    /// Each role and its count; the fill role takes the seats left.
    pub deal: Vec<Deal>,
    pub fill: Option<RoleCode>,
    pub win: Win,
    pub day: DayRules,
    /// The roles that act at night, in the order the judge calls them.
    pub night: Vec<RoleCode>,
    /// The private team threads (CL-0, R4-2).
    pub teams: Vec<Team>,
}

/// One line of the deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub role: RoleCode,
    pub count: Count,
}

/// How many seats hold a role.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Count {
    /// The same at every seat count.
    Each(usize),
    /// By seat count: each range of seat counts and its number (`{"8-10": 2, "11-14": 3}`).
    BySeats(Vec<(RangeInclusive<usize>, usize)>),
    /// WJ-1: ⌈n/2⌉ cards of each of the two factions, one undealt when n is odd (which faction
    /// holds the extra seat is drawn).
    Half,
}

impl Count {
    /// The count at `n` seats (`None`: no range of the table holds `n`).
    pub fn at(&self, n: usize) -> Option<usize> {
        match self {
            Count::Each(k) => Some(*k),
            Count::BySeats(table) => table.iter().find(|(r, _)| r.contains(&n)).map(|(_, k)| *k),
            Count::Half => Some(n.div_ceil(2)),
        }
    }
}

/// When the game ends and who wins.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Win {
    /// CL-10 (屠边): all killers out → good wins; all police out → killers win; all civilians
    /// out → `civilians_out`.
    Sides { civilians_out: CiviliansOut },
    /// CL-11 (生推): the killer out → civilians win; two or fewer civilians after a vote-out
    /// with the killer alive → the killer wins.
    Shengtui,
    /// Parity (a classic table's, checked where CL-10 is, in its place): every seat that counts
    /// with the killers out → good wins; the living seats that count with the killers at least
    /// as many as the living police and civilians (CL-10's good) → the killers win; both at
    /// once → a draw. The evil civilian counts nowhere (`docs/setups.md`, "The parity win
    /// rule").
    Parity,
    /// WJ-4: three seats left, a faction gone, a day with nobody out, or a surrender.
    Wujian,
    /// R4-6.
    R4,
    /// R5-5: a side's four specials out.
    R5,
}

codes! {
    /// CL-10's column: what all civilians out means.
    CiviliansOut {
        /// 屠城: the killers win (dongsha).
        Killers => "killers",
        /// The game is a draw (killgame).
        Draw => "draw",
    }
}

/// The day's house rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DayRules {
    /// The default the create form offers (CL-5); the `speeches` option still chooses.
    pub speeches: Speeches,
    /// How many PK rounds (CL-7's revotes among a tie) a tie gets before the last tie's rule:
    /// 2, CL-7's (the default, left out of the document); 1, the first tie's PK alone (a tie
    /// in round 2 is the last); 0, none (a tie in round 1 is the last).
    pub pk_rounds: u8,
    /// What the last tie does (CL-7's third, with two PK rounds).
    pub third_tie: ThirdTie,
    pub last_words: LastWords,
    /// CL-8: killers may self-explode by day.
    pub explode: bool,
    /// CL-9: the last living member of a team may surrender at night.
    pub surrender: bool,
}

codes! {
    /// What the last tie does (CL-7's third tie, the presets table's last column; with fewer
    /// PK rounds, the tie of the round after the last PK, [`DayRules::pk_rounds`]).
    ThirdTie {
        /// Nobody is out (平安); the game goes on.
        Peaceful => "peaceful",
        /// The game is a draw.
        Draw => "draw",
        /// The game ends (WJ-4).
        Ends => "ends",
    }
}

codes! {
    /// Who leaves last words (遗言).
    LastWords {
        /// CL-4: while the seats out so far are at most the police dealt (R4-1: the first two).
        UpToPolice => "police",
        /// Every seat out (shengtui).
        All => "all",
        /// Nobody (WJ-3).
        None => "none",
        /// R5-4: the night's dead, and a good seat voted out unless silenced.
        R5 => "r5",
    }
}

impl DayRules {
    /// CL-7's number of PK rounds, the default of `day.pk_rounds`.
    pub const PK_ROUNDS: u8 = 2;

    /// Whether a tie in vote round `round` (1: the day's vote; 2 and 3: the PK revotes) is the
    /// last tie: its rule is [`DayRules::third_tie`], and no PK follows.
    pub const fn last_tie(&self, round: u8) -> bool {
        round > self.pk_rounds
    }
}

impl Win {
    /// Every `win.rule` a document may name.
    pub const RULES: [&'static str; 6] = ["sides", "parity", "shengtui", "wujian", "r4", "r5"];

    /// Its `win.rule`.
    pub const fn rule(self) -> &'static str {
        match self {
            Win::Sides { .. } => "sides",
            Win::Shengtui => "shengtui",
            Win::Parity => "parity",
            Win::Wujian => "wujian",
            Win::R4 => "r4",
            Win::R5 => "r5",
        }
    }
}

impl Setup {
    /// The roles dealt at `n` seats with their counts, the fill role last (with the seats left);
    /// roles dealt to nobody are left out.
    pub fn deal_at(&self, n: usize) -> Vec<(RoleCode, usize)> {
        let mut dealt: Vec<(RoleCode, usize)> = self
            .deal
            .iter()
            .filter_map(|d| Some((d.role, d.count.at(n)?)))
            .filter(|&(_, k)| k > 0)
            .collect();
        if let Some(fill) = self.fill {
            let taken: usize = dealt.iter().map(|(_, k)| k).sum();
            if n > taken {
                dealt.push((fill, n - taken));
            }
        }
        dealt
    }

    /// How many seats hold `role` at `n` seats (as [`Setup::deal_at`] deals them, without
    /// making the list: the engines ask it of every action they read).
    pub fn count_of(&self, role: RoleCode, n: usize) -> usize {
        let dealt: usize = self
            .deal
            .iter()
            .filter(|d| d.role == role)
            .filter_map(|d| d.count.at(n))
            .sum();
        if self.fill == Some(role) {
            let taken: usize = self.deal.iter().filter_map(|d| d.count.at(n)).sum();
            dealt + n.saturating_sub(taken)
        } else {
            dealt
        }
    }

    /// Whether some seat count deals `role`.
    pub fn deals(&self, role: RoleCode) -> bool {
        self.seats.clone().any(|n| self.count_of(role, n) > 0)
    }

    /// The catalog entry of each role some seat count deals (the fill role included), once
    /// each.
    pub fn roles(&self) -> impl Iterator<Item = &'static RoleSpec> + '_ {
        let mut seen: Vec<RoleCode> = Vec::new();
        self.deal
            .iter()
            .map(|d| d.role)
            .chain(self.fill)
            .filter(move |r| {
                let new = !seen.contains(r);
                seen.push(*r);
                new
            })
            .filter(|&r| self.deals(r))
            .filter_map(|r| role_spec(self.book, r))
    }

    /// The winners a game may have (a judge ending it may name one).
    pub fn outcomes(&self) -> &'static [&'static str] {
        match self.win {
            Win::Wujian => &["匪", "警", "draw"],
            Win::R4 | Win::R5 => &["good", "bad", "draw"],
            Win::Sides { .. } | Win::Shengtui | Win::Parity => &["good", "killers", "draw"],
        }
    }
}

/// Every catalog key a [`Problem`] may carry (the shell's `locales/*/setups.ftl` words each).
pub const PROBLEM_KEYS: &[&str] = &[
    "setup-bad-range",
    "setup-day-explode",
    "setup-day-surrender",
    "setup-fill-dealt",
    "setup-last-words-no-police",
    "setup-last-words-r5",
    "setup-missing",
    "setup-night-missing",
    "setup-night-no-action",
    "setup-night-not-dealt",
    "setup-no-killer",
    "setup-no-specials",
    "setup-one-butterfly",
    "setup-parity-at-start",
    "setup-pk-rounds",
    "setup-pk-rounds-r5",
    "setup-range-missing",
    "setup-range-outside",
    "setup-range-overlap",
    "setup-role-not-in-book",
    "setup-role-not-in-book-classic",
    "setup-role-one",
    "setup-role-twice",
    "setup-seats",
    "setup-speeches-r5",
    "setup-team-empty",
    "setup-team-twice",
    "setup-third-tie-ends",
    "setup-third-tie-r5",
    "setup-too-few",
    "setup-too-many",
    "setup-undercover-police",
    "setup-unknown-field",
    "setup-unknown-value",
    "setup-want-flag",
    "setup-want-list",
    "setup-want-number",
    "setup-want-object",
    "setup-want-text",
    "setup-win-book",
    "setup-win-no-side",
    "setup-wujian-deal",
    "setup-wujian-only",
];

#[cfg(test)]
mod tests;
