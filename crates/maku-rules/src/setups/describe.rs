//! A setup's rules in sentences, from its document and its roles' catalog entries, never by
//! hand: the setup page (`/setups/{id}`) renders these messages in the reader's language.

use std::ops::RangeInclusive;

use super::catalog::{Book, RoleCode, SideCode};
use super::check::role_name;
use super::{CiviliansOut, DayRules, LastWords, Setup, ThirdTie, Win};
use crate::message::Message;
use crate::table::Speeches;

/// The seat counts dealt alike, and each role's count there.
pub type DealRow = (RangeInclusive<usize>, Vec<(RoleCode, usize)>);

/// What a reader is told of a setup.
#[derive(Clone, Debug, PartialEq)]
pub struct Described {
    /// The deal by seat count: each range of seat counts dealt alike, with each role's count.
    pub deal: Vec<DealRow>,
    /// Each role dealt: its name, side, what it does at night (with the rule it follows).
    pub roles: Vec<RoleLine>,
    /// The night's order, by role.
    pub night: Vec<Message>,
    pub win: Message,
    pub day: Vec<Message>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct RoleLine {
    pub code: RoleCode,
    pub name: Message,
    pub side: Message,
    pub action: Message,
}

/// The catalog key of a side (`setup-side-<…>`).
fn side(side: SideCode) -> Message {
    Message::key(match side {
        SideCode::Good => "setup-side-good",
        SideCode::Killers => "setup-side-killers",
        SideCode::Bad => "setup-side-bad",
        SideCode::Fei => "setup-side-fei",
        SideCode::Jing => "setup-side-jing",
    })
}

/// `setup`'s rules in messages.
pub fn describe(setup: &Setup) -> Described {
    let mut deal: Vec<DealRow> = Vec::new();
    for n in setup.seats.clone() {
        let here = setup.deal_at(n);
        match deal.last_mut() {
            Some((range, roles)) if *roles == here && *range.end() + 1 == n => {
                *range = *range.start()..=n;
            }
            _ => deal.push((n..=n, here)),
        }
    }
    let roles = setup
        .roles()
        .map(|spec| RoleLine {
            code: spec.code,
            name: role_name(spec.code),
            side: side(spec.side),
            action: match spec.action {
                // R4-2: the classic table's undercover checks with the police, who do not know
                // him, and knows the killers; "killer or not" alone would hide whose side he is.
                Some(_) if classic_undercover(spec.book, spec.code) => {
                    Message::key("setup-action-check-undercover")
                }
                // R5-1, R5-2: the classic table's magician knows nobody, his magic runs before
                // the kills, and he kills in the killers' place once they are all out; "takes
                // one seat's action away" alone would hide the succession.
                Some(_) if spec.book == Book::Classic && spec.code == RoleCode::Magician => {
                    Message::key("setup-action-magic-classic")
                }
                // R5-1, R5-2, R5-3 (4): the classic table's wizard knows nobody, learns what
                // his target's own submission named, and kills once the killers and the
                // magician are out; "learns whom one seat acted on" alone would hide the
                // succession.
                Some(_) if spec.book == Book::Classic && spec.code == RoleCode::Wizard => {
                    Message::key("setup-action-query-classic")
                }
                // R5-1, R5-2, R5-4: the classic table's dark elder (5.0's forest elder) knows
                // nobody, his silence takes the next day's ballot too, and he kills once the
                // killers and the magician are out; "silences one seat" alone would hide both.
                Some(_) if spec.book == Book::Classic && spec.code == RoleCode::DarkElder => {
                    Message::key("setup-action-silence-dark-classic")
                }
                // R5-1, R5-3 (1)-(3): the classic table's shield butterfly (5.0's) shields its
                // hugged seat from everything aimed at it, and what lands on it lands on that
                // seat too; "hugs one other seat" alone would not tell it from 4.0's butterfly.
                Some(_) if spec.book == Book::Classic && spec.code == RoleCode::ShieldButterfly => {
                    Message::key("setup-action-hug-shield")
                }
                // R5-1, R5-4 at a classic table: the dark vote is added to the first vote
                // round of the next day, unseen, the ballots published as ever (CL-6).
                Some(_)
                    if spec.book == Book::Classic
                        && matches!(spec.code, RoleCode::GoodCivilian | RoleCode::EvilCivilian) =>
                {
                    Message::key("setup-action-dark-vote-classic")
                }
                // R5-1, R5-3 (5) at a classic table: the needle doctor's needle cancels one
                // kill or shot, and its empty needles count; "cancels one kill on it" alone
                // would hide the empty needle's death.
                Some(_) if spec.book == Book::Classic && spec.code == RoleCode::NeedleDoctor => {
                    Message::key("setup-action-needle-classic")
                }
                Some(a) => Message::key(format!("setup-action-{}", a.name().replace('_', "-"))),
                None => Message::key("setup-action-none"),
            }
            .rule(spec.rule),
        })
        .collect();
    let night = setup.night.iter().map(|&r| role_name(r)).collect();
    let win = match setup.win {
        Win::Sides {
            civilians_out: CiviliansOut::Killers,
        } => Message::key("setup-win-sides-killers").rule("CL-10"),
        Win::Sides {
            civilians_out: CiviliansOut::Draw,
        } => Message::key("setup-win-sides-draw").rule("CL-10"),
        Win::Shengtui => Message::key("setup-win-shengtui").rule("CL-11"),
        // No book's rule: the parity rule is the judge's, checked in CL-10's place.
        Win::Parity => Message::key("setup-win-parity"),
        Win::Wujian => Message::key("setup-win-wujian").rule("WJ-4"),
        Win::R4 => Message::key("setup-win-r4").rule("R4-6"),
        Win::R5 => Message::key("setup-win-r5").rule("R5-5"),
    };
    // R4-6 at a classic table: the undercover counts with the killers for CL-10 and CL-11
    // (4.0's own win line says so already).
    let win = if setup.book == Book::Classic && setup.deals(RoleCode::Undercover) {
        win.then(Message::text(" "))
            .then(Message::key("setup-win-undercover").rule("R4-6"))
    } else {
        win
    };
    // R5-5 at a classic table: the magician, a bad special, counts with the killers likewise.
    let win = if setup.book == Book::Classic && setup.deals(RoleCode::Magician) {
        win.then(Message::text(" "))
            .then(Message::key("setup-win-magician").rule("R5-5"))
    } else {
        win
    };
    // R5-5 at a classic table: 5.0's forest elder, a bad special, counts with the killers
    // likewise (said in the book's order of the specials: after the magician, before the
    // wizard).
    let win = if setup.book == Book::Classic && setup.deals(RoleCode::DarkElder) {
        win.then(Message::text(" "))
            .then(Message::key("setup-win-dark-elder").rule("R5-5"))
    } else {
        win
    };
    // R5-5 at a classic table: the wizard, a bad special, counts with the killers likewise.
    let win = if setup.book == Book::Classic && setup.deals(RoleCode::Wizard) {
        win.then(Message::text(" "))
            .then(Message::key("setup-win-wizard").rule("R5-5"))
    } else {
        win
    };
    // R5-5 at a classic table ("civilians do not count"): the good civilian counts among the
    // civilians, as every good seat outside the teams; the evil civilian wins with the killers
    // but counts nowhere. Under the parity rule there is no "all civilians out": they are said
    // as counted for good, and for neither side.
    let parity = setup.win == Win::Parity;
    let win = if setup.book == Book::Classic && setup.deals(RoleCode::GoodCivilian) {
        let key = match parity {
            true => "setup-win-good-civilian-parity",
            false => "setup-win-good-civilian",
        };
        win.then(Message::text(" "))
            .then(Message::key(key).rule("R5-5"))
    } else {
        win
    };
    let win = if setup.book == Book::Classic && setup.deals(RoleCode::EvilCivilian) {
        let key = match parity {
            true => "setup-win-evil-civilian-parity",
            false => "setup-win-evil-civilian",
        };
        win.then(Message::text(" "))
            .then(Message::key(key).rule("R5-5"))
    } else {
        win
    };
    let d = setup.day;
    let pk = (d.pk_rounds != DayRules::PK_ROUNDS).then(|| {
        Message::key(match d.pk_rounds {
            0 => "setup-day-pk-rounds-0",
            _ => "setup-day-pk-rounds-1",
        })
        .rule("CL-7")
    });
    let mut day = vec![
        match d.speeches {
            Speeches::Ordered => Message::key("setup-day-speeches-ordered"),
            Speeches::Free => Message::key("setup-day-speeches-free"),
        }
        .rule("CL-5"),
        // CL-7's two PK rounds make the third tie the last; fewer are said, with the last
        // tie's rule in their words (the presets' pages keep CL-7's).
        Message::key(match (d.third_tie, d.pk_rounds == DayRules::PK_ROUNDS) {
            (ThirdTie::Peaceful, true) => "setup-day-third-tie-peaceful",
            (ThirdTie::Draw, true) => "setup-day-third-tie-draw",
            (ThirdTie::Peaceful, false) => "setup-day-last-tie-peaceful",
            (ThirdTie::Draw, false) => "setup-day-last-tie-draw",
            (ThirdTie::Ends, _) => "setup-day-third-tie-ends",
        })
        .rule("CL-7"),
        match d.last_words {
            // CL-4 counts the police dealt at the game's own seat count: one number only when
            // every seat count deals as many.
            LastWords::UpToPolice => {
                let mut police = setup
                    .seats
                    .clone()
                    .map(|n| setup.count_of(RoleCode::Police, n));
                let first = police.next().unwrap_or(0);
                if police.all(|k| k == first) {
                    Message::key("setup-day-last-words-police").arg("n", first as i64)
                } else {
                    Message::key("setup-day-last-words-police-dealt")
                }
            }
            LastWords::All => Message::key("setup-day-last-words-all"),
            LastWords::None => Message::key("setup-day-last-words-none"),
            LastWords::R5 => Message::key("setup-day-last-words-r5"),
        }
        .rule("CL-4"),
    ];
    if let Some(pk) = pk {
        day.insert(1, pk);
    }
    if d.explode {
        day.push(Message::key("setup-says-explode").rule("CL-8"));
    }
    if d.surrender {
        day.push(Message::key("setup-says-surrender").rule("CL-9"));
    }
    Described {
        deal,
        roles,
        night,
        win,
        day,
    }
}

/// Whether `code` of `book` is the classic book's undercover (4.0's, played across books).
fn classic_undercover(book: Book, code: RoleCode) -> bool {
    book == Book::Classic && code == RoleCode::Undercover
}

/// Every catalog key [`describe`] may use (the shell's `locales/*/setups.ftl` words each).
pub fn keys() -> Vec<String> {
    let mut keys: Vec<String> = [
        "setup-side-good",
        "setup-side-killers",
        "setup-side-bad",
        "setup-side-fei",
        "setup-side-jing",
        "setup-action-none",
        "setup-win-sides-killers",
        "setup-win-sides-draw",
        "setup-win-shengtui",
        "setup-win-parity",
        "setup-win-wujian",
        "setup-win-r4",
        "setup-win-r5",
        "setup-day-speeches-ordered",
        "setup-day-speeches-free",
        "setup-day-third-tie-peaceful",
        "setup-day-third-tie-draw",
        "setup-day-third-tie-ends",
        "setup-day-pk-rounds-0",
        "setup-day-pk-rounds-1",
        "setup-day-last-tie-peaceful",
        "setup-day-last-tie-draw",
        "setup-day-last-words-police",
        "setup-day-last-words-police-dealt",
        "setup-day-last-words-all",
        "setup-day-last-words-none",
        "setup-day-last-words-r5",
        "setup-says-explode",
        "setup-says-surrender",
        "setup-action-check-undercover",
        "setup-win-undercover",
        "setup-action-magic-classic",
        "setup-win-magician",
        "setup-action-query-classic",
        "setup-win-wizard",
        "setup-action-dark-vote-classic",
        "setup-win-good-civilian",
        "setup-win-evil-civilian",
        "setup-win-good-civilian-parity",
        "setup-win-evil-civilian-parity",
        "setup-action-needle-classic",
        "setup-action-silence-dark-classic",
        "setup-win-dark-elder",
        "setup-action-hug-shield",
    ]
    .map(String::from)
    .to_vec();
    keys.extend(
        super::catalog::ActionCode::ALL
            .iter()
            .map(|a| format!("setup-action-{}", a.name().replace('_', "-"))),
    );
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dongsha_is_described_from_its_document() {
        let s = super::super::preset("dongsha").expect("dongsha");
        let d = describe(s);
        let ranges: Vec<(usize, usize)> =
            d.deal.iter().map(|(r, _)| (*r.start(), *r.end())).collect();
        // The deal changes with the count tables and, seat by seat, with the civilians.
        assert_eq!(ranges.first(), Some(&(8, 8)));
        assert_eq!(ranges.len(), 9);
        assert_eq!(
            d.deal[2].1,
            vec![
                (RoleCode::Killer, 2),
                (RoleCode::Police, 2),
                (RoleCode::Civilian, 6)
            ]
        );
        let roles: Vec<RoleCode> = d.roles.iter().map(|r| r.code).collect();
        assert_eq!(
            roles,
            [RoleCode::Killer, RoleCode::Police, RoleCode::Civilian]
        );
        assert_eq!(
            d.roles[0].action,
            Message::key("setup-action-kill").rule("CL-1")
        );
        assert_eq!(d.win, Message::key("setup-win-sides-killers").rule("CL-10"));
        assert_eq!(
            d.day.len(),
            5,
            "speeches, third tie, last words, explode, surrender"
        );
        let v5 = describe(super::super::preset("v5emin").expect("5.0"));
        assert_eq!(v5.deal.len(), 1, "ten seats, one of each");
        assert_eq!(v5.night.len(), 10);
    }
}
