//! The table a role game plays: a preset's ([`RoleGame`]) or a judge's own setup of the 4.0 or
//! 5.0 book (`setups`, `docs/setups.md`, "The role books' own setups"). The engine asks it every
//! rule the document decides — its seats, its deal by seat count, its team threads (R4-2), who
//! leaves last words (R4-1, CL-4), what a third tie does (CL-7) — and plays the book's
//! mechanics (R4: 4.0's night, R5: 5.0's) by [`RoleTable::game`].

use std::ops::RangeInclusive;
use std::sync::OnceLock;

use super::role::{Role, RoleGame, Side};
use crate::forms::ActionForm;
use crate::setups::{Book, LastWords, RoleCode, Setup, ThirdTie};
use crate::table::Team;
use crate::variant::Variant;

/// A role-game table as its setup document says: a preset's, or a judge's own of the r4 or r5
/// book.
#[derive(Copy, Clone, Debug)]
pub enum RoleTable {
    Preset(RoleGame),
    Custom(&'static RoleCustom),
}

/// A judge's own setup of a role book, as a process plays it (`variant::custom`).
#[derive(Debug)]
pub struct RoleCustom {
    pub name: &'static str,
    pub setup: Setup,
    /// The book's mechanics it plays by (R4 → 4.0's, R5 → 5.0's).
    pub game: RoleGame,
    /// Its team threads, the document's (R4-2).
    pub(super) threads: &'static [&'static str],
    /// Its action forms: the book's, for the actions its dealt roles have.
    pub(super) forms: &'static [ActionForm],
    /// Its handle, set once it is made (the bots' games start from it).
    pub(super) variant: OnceLock<Variant>,
}

impl PartialEq for RoleTable {
    fn eq(&self, other: &RoleTable) -> bool {
        self.name() == other.name()
    }
}

impl Eq for RoleTable {}

impl From<RoleGame> for RoleTable {
    fn from(game: RoleGame) -> RoleTable {
        RoleTable::Preset(game)
    }
}

impl RoleGame {
    /// The game whose mechanics a setup of `book` plays by (`None`: the classic book).
    pub fn of_book(book: Book) -> Option<RoleGame> {
        match book {
            Book::R4 => Some(RoleGame::V4Wujian),
            Book::R5 => Some(RoleGame::V5Emin),
            Book::Classic => None,
        }
    }
}

impl RoleTable {
    pub fn name(self) -> &'static str {
        match self {
            RoleTable::Preset(g) => g.name(),
            RoleTable::Custom(c) => c.name,
        }
    }

    /// The book's mechanics: 4.0's (R4-1..R4-6) or 5.0's (R5-1..R5-5).
    pub fn game(self) -> RoleGame {
        match self {
            RoleTable::Preset(g) => g,
            RoleTable::Custom(c) => c.game,
        }
    }

    pub fn is_v4(self) -> bool {
        self.game().is_v4()
    }

    pub fn setup(self) -> &'static Setup {
        match self {
            RoleTable::Preset(g) => g.setup(),
            RoleTable::Custom(c) => &c.setup,
        }
    }

    /// Allowed seat counts (the presets' are one each: 16, 10).
    pub fn seats(self) -> RangeInclusive<usize> {
        match self {
            RoleTable::Preset(g) => g.seats(),
            RoleTable::Custom(c) => c.setup.seats.clone(),
        }
    }

    /// The deal at `n` seats (a count outside the table's range reads as its nearest): each
    /// role and how many seats hold it, the fill role last.
    pub fn deal(self, n: usize) -> Vec<(Role, usize)> {
        let seats = self.seats();
        // Not `clamp`: it panics on a range backwards, which only an unchecked setup has.
        let n = n.max(*seats.start()).min(*seats.end());
        self.setup()
            .deal_at(n)
            .into_iter()
            .filter_map(|(code, k)| Some((Role::from_code(code)?, k)))
            .collect()
    }

    /// The role that takes the seats the deal leaves (the seats a fixed setup does not name).
    pub fn fill(self) -> Option<Role> {
        self.setup().fill.and_then(Role::from_code)
    }

    /// The side a role plays for, by the table's book (R4 intro, R5 intro).
    pub fn side(self, role: Role) -> Side {
        self.game().side(role)
    }

    /// The private team threads (R4-2): the document's.
    pub fn team_threads(self) -> &'static [&'static str] {
        match self {
            RoleTable::Preset(g) => g.team_threads(),
            RoleTable::Custom(c) => c.threads,
        }
    }

    /// Whether the table has the team thread `team` (R4-2: only the document's teams are told
    /// and have a thread).
    pub fn has_team(self, team: Team) -> bool {
        self.team_threads().contains(&team.name())
    }

    /// The catalog key of what a team's `teammates` line must add (R4-2: the police team holds
    /// the undercover, and the police do not know which seat he is). A judge's own 4.0 table
    /// says it without the book's count, and only if it deals an undercover.
    pub fn team_note(self, team: &str) -> Option<&'static str> {
        match self {
            RoleTable::Preset(g) => g.team_note(team),
            RoleTable::Custom(c) => (c.game.is_v4()
                && team == Team::Police.name()
                && c.setup.deals(RoleCode::Undercover))
            .then_some("rg-team-note-police-own"),
        }
    }

    /// The action forms of the table's actions, in the order a seat page shows them.
    pub fn forms(self) -> &'static [ActionForm] {
        match self {
            RoleTable::Preset(g) => super::forms(g),
            RoleTable::Custom(c) => c.forms,
        }
    }

    /// R4-1 (CL-4) by the document's `day.last_words`: whether a seat out, the `outs`-th out
    /// so far, leaves last words, `police` being the police dealt (4.0's book: 2, "the first 2
    /// seats out"). 5.0's last words are R5-4's own (`r5`), read by the engine.
    pub fn last_words(self, outs: usize, police: usize) -> bool {
        match self.setup().day.last_words {
            LastWords::UpToPolice => outs <= police,
            LastWords::All | LastWords::R5 => true,
            LastWords::None => false,
        }
    }

    /// CL-7's third tie, by the document (R4-1: nobody out, the 4.0 book's).
    pub fn third_tie(self) -> ThirdTie {
        self.setup().day.third_tie
    }

    /// Whether a tie in vote round `round` is the last (CL-7: the third; `day.pk_rounds`).
    pub fn last_tie(self, round: u8) -> bool {
        self.setup().day.last_tie(round)
    }

    /// The catalog key of what `role` does at this table (`role-about-…`): the book's words;
    /// a judge's own 4.0 table says the killers', undercover's and police's without the book's
    /// counts (R4-2: "the two other killers", "the three of you").
    pub fn role_about(self, role: &str) -> String {
        let role = crate::message::dashed(role);
        match self {
            RoleTable::Custom(c)
                if c.game.is_v4()
                    && matches!(role.as_str(), "killer" | "undercover" | "police") =>
            {
                format!("role-about-r4-{role}")
            }
            _ => format!("role-about-{}-{role}", self.game().name()),
        }
    }

    /// Its handle in the registry, or the custom setup's own.
    pub fn variant(self) -> Option<Variant> {
        match self {
            RoleTable::Preset(g) => Some(super::variant::of(g)),
            RoleTable::Custom(c) => c.variant.get().copied(),
        }
    }
}
