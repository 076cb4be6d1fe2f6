//! Every role a setup may deal, by ruling book: its side, its night action and its team
//! (`../shared/rules/classic.md` CL-0..CL-2, WJ-1, `../shared/rules/roles.md` R4-3, R5-1). The
//! names a reader sees are the shell's (`role-<code>` in `locales/*/games.ftl`).

use crate::table::Team;

/// Whose mechanics a setup's roles play by: the same code (`killer`) acts by its book's rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Book {
    /// The classic presets (`classic.md`).
    Classic,
    /// 4.0 (`roles.md`, R4).
    R4,
    /// 5.0 (`roles.md`, R5).
    R5,
}

impl Book {
    pub const ALL: [Book; 3] = [Book::Classic, Book::R4, Book::R5];

    pub const fn name(self) -> &'static str {
        match self {
            Book::Classic => "classic",
            Book::R4 => "r4",
            Book::R5 => "r5",
        }
    }

    pub fn from_name(name: &str) -> Option<Book> {
        Book::ALL.into_iter().find(|b| b.name() == name)
    }
}

/// A unit enum whose every value has a code: `ALL`, `name`, `from_name`.
macro_rules! codes {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident => $code:literal,)+ }) => {
        $(#[$meta])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name { $($(#[$vmeta])* $variant,)+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];

            pub const fn name(self) -> &'static str {
                match self { $($name::$variant => $code,)+ }
            }

            pub fn from_name(name: &str) -> Option<$name> {
                $name::ALL.iter().copied().find(|c| c.name() == name)
            }
        }
    };
}
pub(super) use codes;

codes! {
    /// A role's code: the document's `role`, the reveal's, and the catalog key's tail.
    RoleCode {
        Killer => "killer",
        Police => "police",
        Civilian => "civilian",
        Bandit => "bandit",
        Cop => "cop",
        Butterfly => "butterfly",
        Elder => "elder",
        Doctor => "doctor",
        Undercover => "undercover",
        SecretPolice => "secret_police",
        Sniper => "sniper",
        GoodCivilian => "good_civilian",
        Magician => "magician",
        Wizard => "wizard",
        EvilCivilian => "evil_civilian",
        NeedleDoctor => "needle_doctor",
        DarkElder => "dark_elder",
        ShieldButterfly => "shield_butterfly",
    }
}

codes! {
    /// A night action's type, as the action object names it.
    ActionCode {
        Kill => "kill",
        Check => "check",
        Peek => "peek",
        Hug => "hug",
        Silence => "silence",
        Save => "save",
        SecretKill => "secret_kill",
        Magic => "magic",
        Query => "query",
        Needle => "needle",
        Snipe => "snipe",
        DarkVote => "dark_vote",
    }
}

codes! {
    /// The side a role wins with.
    SideCode {
        Good => "good",
        Killers => "killers",
        Bad => "bad",
        Fei => "匪",
        Jing => "警",
    }
}

/// One role of one book.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RoleSpec {
    pub code: RoleCode,
    pub book: Book,
    pub side: SideCode,
    /// What it does at night (`None`: nothing; a civilian of the classic book).
    pub action: Option<ActionCode>,
    /// The private thread it sits in from the start.
    pub team: Option<Team>,
    /// The rule that says what it does.
    pub rule: &'static str,
}

const fn role(
    book: Book,
    code: RoleCode,
    side: SideCode,
    action: Option<ActionCode>,
    team: Option<Team>,
    rule: &'static str,
) -> RoleSpec {
    RoleSpec {
        code,
        book,
        side,
        action,
        team,
        rule,
    }
}

use ActionCode as A;
use Book::{Classic, R4, R5};
use RoleCode as C;
use SideCode as S;

/// Every role of every book, books in order, each book's roles as its text lists them.
pub const ROLES: &[RoleSpec] = &[
    role(
        Classic,
        C::Killer,
        S::Killers,
        Some(A::Kill),
        Some(Team::Killers),
        "CL-1",
    ),
    role(
        Classic,
        C::Police,
        S::Good,
        Some(A::Check),
        Some(Team::Police),
        "CL-2",
    ),
    role(Classic, C::Civilian, S::Good, None, None, "CL-0"),
    role(Classic, C::Bandit, S::Fei, Some(A::Peek), None, "WJ-1"),
    role(Classic, C::Cop, S::Jing, Some(A::Peek), None, "WJ-1"),
    // Roles across books: 4.0's doctor, played at a classic table by its own rules (R4-3's
    // save, R4-4 (2) and (4)); good, in no team (R4-2), counted with the civilians (CL-10).
    role(Classic, C::Doctor, S::Good, Some(A::Save), None, "R4-3"),
    // Roles across books: 5.0's sniper, played at a classic table by its own rules (R5-1's
    // snipe, R5-3's "every other kill or shot kills"); good, in no team (R5: nobody learns
    // anybody), counted with the civilians (CL-10).
    role(Classic, C::Sniper, S::Good, Some(A::Snipe), None, "R5-1"),
    // Roles across books: 4.0's butterfly, played at a classic table by its own rules (R4-3's
    // hug of another seat, R4-4 (1), (2)); good, in no team (R4-2), counted with the civilians
    // (CL-10).
    role(Classic, C::Butterfly, S::Good, Some(A::Hug), None, "R4-3"),
    // Roles across books: 4.0's secret police (R4-3's secret kill, once per game; R4-4 (1),
    // (3)); good, in no team thread (R4-2: he learns nobody), counted with the police for
    // CL-10 (R4-6 counts the police and the secret police together).
    role(
        Classic,
        C::SecretPolice,
        S::Good,
        Some(A::SecretKill),
        None,
        "R4-3",
    ),
    // Roles across books: 4.0's forest elder (R4-3's silence of one seat, itself allowed;
    // R4-5: the silenced seat may not post or speak the next day, and still votes); good, in
    // no team (R4-2: it learns nobody), counted with the civilians (CL-10).
    role(Classic, C::Elder, S::Good, Some(A::Silence), None, "R4-3"),
    // Roles across books: 4.0's undercover (R4-2: the killers and he learn each other, he
    // sits in the police team, who do not know which member he is; R4-3: he checks with the
    // police), played at a classic table by its own rules; he wins with the killers (R4-6),
    // sits in the killers' thread in act 1 only and in the police's throughout.
    role(
        Classic,
        C::Undercover,
        S::Killers,
        Some(A::Check),
        Some(Team::Police),
        "R4-2",
    ),
    // Roles across books: 5.0's magician (R5-1's magic on another seat, R5-3 (2): its target
    // loses its action; R5-2: he holds the kill once every killer is out), played at a classic
    // table by its own rules; he wins with the killers and reads `killer` (R5-3 (4), R5-5), in
    // no team (5.0: nobody learns anybody).
    role(
        Classic,
        C::Magician,
        S::Killers,
        Some(A::Magic),
        None,
        "R5-1",
    ),
    // Roles across books: 5.0's wizard (R5-1's query of another seat, R5-3 (4): he learns
    // whom its own submission named; R5-2: he holds the kill once every killer and the
    // magician dealt are out), played at a classic table by its own rules; he wins with the
    // killers and reads `killer` (R5-3 (4), R5-5), in no team (5.0: nobody learns anybody).
    role(Classic, C::Wizard, S::Killers, Some(A::Query), None, "R5-1"),
    // Roles across books: 5.0's good civilian (R5-1's dark vote, added unseen to the next day's
    // first vote round, R5-4), played at a classic table by its own rules; good, in no team
    // (5.0: nobody learns anybody), counted with the civilians (CL-10).
    role(
        Classic,
        C::GoodCivilian,
        S::Good,
        Some(A::DarkVote),
        None,
        "R5-1",
    ),
    // Roles across books: 5.0's evil civilian (R5-1's dark vote, R5-4), played at a classic
    // table by its own rules; he wins with the killers but counts for nobody at the end (R5-5:
    // "civilians do not count") and a check of him reads `not_killer` (R5-3 (4): `good`); in
    // no team.
    role(
        Classic,
        C::EvilCivilian,
        S::Killers,
        Some(A::DarkVote),
        None,
        "R5-1",
    ),
    // Roles across books: 5.0's doctor, the needle doctor (R5-1's needle of one living seat,
    // itself allowed; R5-3 (5): a needle cancels one kill or shot on its seat, and a seat given
    // two empty needles dies), played at a classic table by its own rules beside 4.0's doctor
    // (`doctor`, the save), with a code of its own; good, in no team (5.0: nobody learns
    // anybody), counted with the civilians (CL-10).
    role(
        Classic,
        C::NeedleDoctor,
        S::Good,
        Some(A::Needle),
        None,
        "R5-1",
    ),
    // Roles across books: 5.0's forest elder (森林老人, bad: R5-1's silence of one seat, itself
    // allowed; R5-4: the silenced seat neither speaks nor votes the next day; R5-2: he holds
    // the kill once every killer and the magician dealt are out), played at a classic table
    // by its own rules under a code of its own (the classic `elder` is 4.0's, good); he wins
    // with the killers and reads `killer` (R5-3 (4), R5-5), in no team (5.0: nobody learns
    // anybody).
    role(
        Classic,
        C::DarkElder,
        S::Killers,
        Some(A::Silence),
        None,
        "R5-1",
    ),
    // Roles across books: 5.0's butterfly (R5-1's hug of another seat, R5-3 (1): the hugged
    // seat is immune to everything aimed at it, R5-3 (3): what lands on the butterfly lands on
    // it too), a code of its own beside the classic book's `butterfly` (4.0's); good, in no
    // team (5.0: nobody learns anybody), counted with the civilians (CL-10).
    role(
        Classic,
        C::ShieldButterfly,
        S::Good,
        Some(A::Hug),
        None,
        "R5-1",
    ),
    role(R4, C::Butterfly, S::Good, Some(A::Hug), None, "R4-3"),
    role(R4, C::Elder, S::Good, Some(A::Silence), None, "R4-3"),
    role(R4, C::Doctor, S::Good, Some(A::Save), None, "R4-3"),
    role(
        R4,
        C::Killer,
        S::Bad,
        Some(A::Kill),
        Some(Team::Killers),
        "R4-3",
    ),
    role(
        R4,
        C::Undercover,
        S::Bad,
        Some(A::Check),
        Some(Team::Police),
        "R4-2",
    ),
    role(
        R4,
        C::Police,
        S::Good,
        Some(A::Check),
        Some(Team::Police),
        "R4-3",
    ),
    role(
        R4,
        C::SecretPolice,
        S::Good,
        Some(A::SecretKill),
        None,
        "R4-3",
    ),
    role(R4, C::Civilian, S::Good, None, None, "R4-1"),
    role(R5, C::Butterfly, S::Good, Some(A::Hug), None, "R5-1"),
    role(R5, C::Sniper, S::Good, Some(A::Snipe), None, "R5-1"),
    role(R5, C::Doctor, S::Good, Some(A::Needle), None, "R5-1"),
    role(R5, C::Police, S::Good, Some(A::Check), None, "R5-1"),
    role(
        R5,
        C::GoodCivilian,
        S::Good,
        Some(A::DarkVote),
        None,
        "R5-1",
    ),
    role(R5, C::Magician, S::Bad, Some(A::Magic), None, "R5-1"),
    role(R5, C::Killer, S::Bad, Some(A::Kill), None, "R5-1"),
    role(R5, C::Elder, S::Bad, Some(A::Silence), None, "R5-1"),
    role(R5, C::Wizard, S::Bad, Some(A::Query), None, "R5-1"),
    role(R5, C::EvilCivilian, S::Bad, Some(A::DarkVote), None, "R5-1"),
];

/// `code`'s entry in `book`, if the book has it.
pub fn role_spec(book: Book, code: RoleCode) -> Option<&'static RoleSpec> {
    ROLES.iter().find(|r| r.book == book && r.code == code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_role_of_a_book_is_listed_once_and_every_code_somewhere() {
        for (i, a) in ROLES.iter().enumerate() {
            for b in &ROLES[i + 1..] {
                assert!(
                    !(a.book == b.book && a.code == b.code),
                    "{:?} {} twice",
                    a.book,
                    a.code.name()
                );
            }
        }
        for &code in RoleCode::ALL {
            assert!(ROLES.iter().any(|r| r.code == code), "{}", code.name());
            assert_eq!(RoleCode::from_name(code.name()), Some(code));
        }
        assert_eq!(RoleCode::from_name("werewolf"), None);
        assert_eq!(role_spec(Book::R5, RoleCode::Undercover), None);
        // Roles across books: the classic doctor is 4.0's (R4-3), good and in no team.
        let doctor = role_spec(Book::Classic, RoleCode::Doctor).expect("a classic doctor");
        assert_eq!(
            (doctor.side, doctor.action, doctor.team, doctor.rule),
            (SideCode::Good, Some(ActionCode::Save), None, "R4-3")
        );
        // And 4.0's undercover (R4-2): he wins with the killers, checks with the police and
        // sits in their team.
        let undercover =
            role_spec(Book::Classic, RoleCode::Undercover).expect("a classic undercover");
        assert_eq!(
            (
                undercover.side,
                undercover.action,
                undercover.team,
                undercover.rule
            ),
            (
                SideCode::Killers,
                Some(ActionCode::Check),
                Some(Team::Police),
                "R4-2"
            )
        );
        // And 4.0's butterfly and secret police (R4-3), good and in no team.
        for (code, action) in [
            (RoleCode::Butterfly, ActionCode::Hug),
            (RoleCode::SecretPolice, ActionCode::SecretKill),
        ] {
            let r = role_spec(Book::Classic, code).expect("a classic role across books");
            assert_eq!(
                (r.side, r.action, r.team, r.rule),
                (SideCode::Good, Some(action), None, "R4-3")
            );
        }
        // And 4.0's forest elder (R4-3), good in the classic book as in 4.0, in no team.
        let elder = role_spec(Book::Classic, RoleCode::Elder).expect("a classic elder");
        assert_eq!(
            (elder.side, elder.action, elder.team, elder.rule),
            (SideCode::Good, Some(ActionCode::Silence), None, "R4-3")
        );
        // And 5.0's magician (R5-1): he wins with the killers, magics, sits in no team.
        let magician = role_spec(Book::Classic, RoleCode::Magician).expect("a classic magician");
        assert_eq!(
            (magician.side, magician.action, magician.team, magician.rule),
            (SideCode::Killers, Some(ActionCode::Magic), None, "R5-1")
        );
        // And 5.0's wizard (R5-1): he wins with the killers, queries, sits in no team.
        let wizard = role_spec(Book::Classic, RoleCode::Wizard).expect("a classic wizard");
        assert_eq!(
            (wizard.side, wizard.action, wizard.team, wizard.rule),
            (SideCode::Killers, Some(ActionCode::Query), None, "R5-1")
        );
        // And 5.0's good and evil civilians (R5-1): each dark-votes and sits in no team; the good
        // one is good, the evil one wins with the killers.
        for (code, side) in [
            (RoleCode::GoodCivilian, SideCode::Good),
            (RoleCode::EvilCivilian, SideCode::Killers),
        ] {
            let r = role_spec(Book::Classic, code).expect("a classic civilian of 5.0");
            assert_eq!(
                (r.side, r.action, r.team, r.rule),
                (side, Some(ActionCode::DarkVote), None, "R5-1")
            );
        }
        // And 5.0's doctor, with a code of its own at a classic table (R5-1's needle; the
        // classic `doctor` is 4.0's save): good, in no team; neither role book lists the code
        // (5.0's own doctor is its book's `doctor`).
        let needle = role_spec(Book::Classic, RoleCode::NeedleDoctor).expect("a needle doctor");
        assert_eq!(
            (needle.side, needle.action, needle.team, needle.rule),
            (SideCode::Good, Some(ActionCode::Needle), None, "R5-1")
        );
        assert_eq!(role_spec(Book::R5, RoleCode::NeedleDoctor), None);
        assert_eq!(
            role_spec(Book::R5, RoleCode::Doctor).and_then(|r| r.action),
            Some(ActionCode::Needle)
        );
        // And 5.0's forest elder (R5-1), under a code of his own: he wins with the killers,
        // silences, sits in no team; 5.0's own book has no such code (its elder is `elder`).
        let dark = role_spec(Book::Classic, RoleCode::DarkElder).expect("a classic dark elder");
        assert_eq!(
            (dark.side, dark.action, dark.team, dark.rule),
            (SideCode::Killers, Some(ActionCode::Silence), None, "R5-1")
        );
        assert_eq!(role_spec(Book::R5, RoleCode::DarkElder), None);
        assert_eq!(role_spec(Book::R4, RoleCode::DarkElder), None);
        // And 5.0's butterfly (R5-1), the shield butterfly: good, hugs, sits in no team; a
        // code of the classic book alone (5.0's own book deals its butterfly as `butterfly`).
        let shield = role_spec(Book::Classic, RoleCode::ShieldButterfly).expect("a classic shield");
        assert_eq!(
            (shield.side, shield.action, shield.team, shield.rule),
            (SideCode::Good, Some(ActionCode::Hug), None, "R5-1")
        );
        assert_eq!(role_spec(Book::R5, RoleCode::ShieldButterfly), None);
        // Every code is now the classic book's (5.0's needle doctor, bad elder and shield
        // butterfly are codes of their own, `needle_doctor`, `dark_elder` and
        // `shield_butterfly`: the classic doctor, elder and butterfly are 4.0's); 4.0's book
        // still lacks 5.0's roles.
        for &code in RoleCode::ALL {
            assert!(role_spec(Book::Classic, code).is_some(), "{}", code.name());
        }
        assert_eq!(role_spec(Book::R4, RoleCode::Wizard), None);
        assert_eq!(role_spec(Book::R4, RoleCode::EvilCivilian), None);
        // And 5.0's sniper (R5-1), good and in no team.
        let sniper = role_spec(Book::Classic, RoleCode::Sniper).expect("a classic sniper");
        assert_eq!(
            (sniper.side, sniper.action, sniper.team, sniper.rule),
            (SideCode::Good, Some(ActionCode::Snipe), None, "R5-1")
        );
        assert_eq!(
            role_spec(Book::R4, RoleCode::Elder).map(|r| r.side),
            Some(SideCode::Good),
            "R4: the elder is good"
        );
        assert_eq!(
            role_spec(Book::R5, RoleCode::Elder).map(|r| r.side),
            Some(SideCode::Bad),
            "R5: the elder is bad"
        );
    }
}
