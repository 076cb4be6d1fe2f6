//! What a read document must hold before a game can start from it: every problem at once, each
//! at its field (the composer shows them beside the fields; the API lists them).

use super::catalog::{ActionCode, Book, RoleCode, SideCode, role_spec};
use super::document::Problem;
use super::{Count, LastWords, MAX_SEATS, MIN_SEATS, Setup, ThirdTie, Win};
use crate::classic::Role;
use crate::message::{Arg, Message};
use crate::table::Speeches;

/// Every problem of `s` (none: it can be played).
pub(super) fn check(s: &Setup) -> Vec<Problem> {
    let mut p = Vec::new();
    let seats_hold = MIN_SEATS <= *s.seats.start()
        && s.seats.start() <= s.seats.end()
        && *s.seats.end() <= MAX_SEATS;
    if !seats_hold {
        p.push(
            Problem::new("seats", "setup-seats")
                .arg("min", MIN_SEATS as i64)
                .arg("max", MAX_SEATS as i64),
        );
    }
    roles(s, &mut p);
    // What the deal gives is read over the seat counts: none to read, nothing more to check.
    if !seats_hold {
        return p;
    }
    counts(s, &mut p);
    role_books(s, &mut p);
    undercover(s, &mut p);
    butterflies(s, &mut p);
    night(s, &mut p);
    teams(s, &mut p);
    win(s, &mut p);
    day(s, &mut p);
    p
}

/// The reader's name of a role (`role-<code>` in the shell's catalog).
pub fn role_name(code: RoleCode) -> Message {
    Message::key(format!("role-{}", code.name().replace('_', "-")))
}

fn role_arg(code: RoleCode) -> Arg {
    Arg::Message(Box::new(role_name(code)))
}

/// Seat counts as one argument: `8, 9, 10`.
fn seat_list(ns: &[usize]) -> String {
    ns.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn roles(s: &Setup, p: &mut Vec<Problem>) {
    // A role the classic book lists to mix (every book's but 无间道's factions, which play
    // alone) is refused at a role book's table with where it is dealt: the judge who mixes
    // books is told which book mixes them.
    let not_in_book = |path: String, role: RoleCode| {
        let mixed = role_spec(Book::Classic, role)
            .is_some_and(|r| !matches!(r.side, SideCode::Fei | SideCode::Jing));
        let key = match mixed && s.book != Book::Classic {
            true => "setup-role-not-in-book-classic",
            false => "setup-role-not-in-book",
        };
        Problem::new(path, key)
            .arg("role", role_arg(role))
            .arg("book", s.book.name())
    };
    for (i, d) in s.deal.iter().enumerate() {
        if role_spec(s.book, d.role).is_none() {
            p.push(not_in_book(format!("deal[{i}].role"), d.role));
        }
        if s.deal[..i].iter().any(|e| e.role == d.role) {
            p.push(
                Problem::new(format!("deal[{i}].role"), "setup-role-twice")
                    .arg("role", role_arg(d.role)),
            );
        }
    }
    if let Some(fill) = s.fill {
        if role_spec(s.book, fill).is_none() {
            p.push(not_in_book("fill".into(), fill));
        }
        if s.deal.iter().any(|d| d.role == fill) {
            p.push(Problem::new("fill", "setup-fill-dealt").arg("role", role_arg(fill)));
        }
    }
}

/// The count tables cover the seat range once each; the deal fits every seat count.
fn counts(s: &Setup, p: &mut Vec<Problem>) {
    for (i, d) in s.deal.iter().enumerate() {
        let Count::BySeats(table) = &d.count else {
            continue;
        };
        let path = format!("deal[{i}].count");
        for (r, _) in table {
            if r.start() < s.seats.start() || r.end() > s.seats.end() {
                p.push(
                    Problem::new(
                        format!("{path}.{}-{}", r.start(), r.end()),
                        "setup-range-outside",
                    )
                    .arg("min", *s.seats.start() as i64)
                    .arg("max", *s.seats.end() as i64),
                );
            }
        }
        let (mut gaps, mut twice) = (Vec::new(), Vec::new());
        for n in s.seats.clone() {
            match table.iter().filter(|(r, _)| r.contains(&n)).count() {
                0 => gaps.push(n),
                1 => {}
                _ => twice.push(n),
            }
        }
        if !gaps.is_empty() {
            p.push(Problem::new(&path, "setup-range-missing").arg("seats", seat_list(&gaps)));
        }
        if !twice.is_empty() {
            p.push(Problem::new(&path, "setup-range-overlap").arg("seats", seat_list(&twice)));
        }
    }
    let (mut over, mut under) = (Vec::new(), Vec::new());
    for n in s.seats.clone() {
        // WJ-1's halves share the seats between them.
        let halves = s.deal.iter().any(|d| d.count == Count::Half);
        let dealt: usize = s
            .deal
            .iter()
            .filter(|d| d.count != Count::Half)
            .filter_map(|d| d.count.at(n))
            .sum::<usize>()
            + if halves { n } else { 0 };
        if dealt > n {
            over.push(n);
        } else if dealt < n && s.fill.is_none() {
            under.push(n);
        }
    }
    if !over.is_empty() {
        p.push(Problem::new("deal", "setup-too-many").arg("seats", seat_list(&over)));
    }
    if !under.is_empty() {
        p.push(Problem::new("deal", "setup-too-few").arg("seats", seat_list(&under)));
    }
    if s.win != Win::Wujian {
        let without: Vec<usize> = s
            .seats
            .clone()
            .filter(|&n| {
                !s.deal_at(n).iter().any(|&(r, k)| {
                    k > 0
                        && role_spec(s.book, r).is_some_and(|r| r.action == Some(ActionCode::Kill))
                })
            })
            .collect();
        if !without.is_empty() {
            p.push(Problem::new("deal", "setup-no-killer").arg("seats", seat_list(&without)));
        }
    }
}

/// The roles of 4.0's and 5.0's books whose rules are written for one seat each: at most one
/// dealt, with the rule that reads them so — at a classic table too, for the roles it takes
/// across books whose rule reads one seat (R4-4: the butterfly's hugged seat, the secret
/// police's kill and immunity; R4-3: the forest elder's silence, as the 4.0 book reads it;
/// R5-3: the one magic; R5-2: the kill passed along one heir of each — the magician, 5.0's
/// forest elder, then the wizard; R5-3 again: 5.0's butterfly, one hug and one hugged seat; the
/// doctor and the sniper each act on their own there).
const ONE_EACH: &[(Book, RoleCode, &str)] = &[
    (Book::Classic, RoleCode::Butterfly, "R4-4"),
    (Book::Classic, RoleCode::ShieldButterfly, "R5-3"),
    (Book::Classic, RoleCode::SecretPolice, "R4-4"),
    (Book::Classic, RoleCode::Elder, "R4-3"),
    (Book::Classic, RoleCode::Magician, "R5-3"),
    (Book::Classic, RoleCode::Wizard, "R5-2"),
    (Book::Classic, RoleCode::DarkElder, "R5-2"),
    // R4-4 (1), (2), (4): the hug and its hugged seat, the save, the secret kill and its
    // immunity (3) are one seat's each; R4-5: the silence.
    (Book::R4, RoleCode::Butterfly, "R4-4"),
    (Book::R4, RoleCode::Doctor, "R4-4"),
    (Book::R4, RoleCode::SecretPolice, "R4-4"),
    (Book::R4, RoleCode::Elder, "R4-3"),
    // R5-2: exactly one living bad special holds the kill, passed along one of each; R5-3: the
    // hug, the magic, the check, the needle and the shot are one seat's each.
    (Book::R5, RoleCode::Killer, "R5-2"),
    (Book::R5, RoleCode::Magician, "R5-2"),
    (Book::R5, RoleCode::Elder, "R5-2"),
    (Book::R5, RoleCode::Wizard, "R5-2"),
    (Book::R5, RoleCode::Butterfly, "R5-3"),
    (Book::R5, RoleCode::Police, "R5-3"),
    (Book::R5, RoleCode::Doctor, "R5-3"),
    (Book::R5, RoleCode::Sniper, "R5-3"),
];

/// R5-5: the good side's specials, whose being all out ends a 5.0 game (the bad side's always
/// hold a killer: `setup-no-killer`).
const R5_GOOD_SPECIALS: [RoleCode; 4] = [
    RoleCode::Butterfly,
    RoleCode::Sniper,
    RoleCode::Doctor,
    RoleCode::Police,
];

/// What the role books' own setups need to be played as their books read (`docs/setups.md`,
/// "The role books' own setups"): their one-seat roles dealt once at most; 5.0's day as R5-4
/// has it (one speech each in turn, one vote round), and a good special at every seat count
/// (R5-5).
fn role_books(s: &Setup, p: &mut Vec<Problem>) {
    for &(_, role, rule) in ONE_EACH.iter().filter(|(book, ..)| *book == s.book) {
        let many: Vec<usize> = s
            .seats
            .clone()
            .filter(|&n| s.count_of(role, n) > 1)
            .collect();
        if many.is_empty() {
            continue;
        }
        // At its line's count, or the fill's when the fill is that role.
        let path = match s.deal.iter().position(|d| d.role == role) {
            Some(i) => format!("deal[{i}].count"),
            None => "fill".to_string(),
        };
        p.push(
            Problem::new(path, "setup-role-one")
                .arg("role", role_arg(role))
                .arg("rule", rule)
                .arg("seats", seat_list(&many)),
        );
    }
    if s.book != Book::R5 {
        return;
    }
    if s.day.speeches != Speeches::Ordered {
        p.push(Problem::new("day.speeches", "setup-speeches-r5"));
    }
    if s.day.third_tie == ThirdTie::Draw {
        p.push(Problem::new("day.third_tie", "setup-third-tie-r5"));
    }
    let without: Vec<usize> = s
        .seats
        .clone()
        .filter(|&n| R5_GOOD_SPECIALS.iter().all(|&r| s.count_of(r, n) == 0))
        .collect();
    if !without.is_empty() {
        p.push(Problem::new("deal", "setup-no-specials").arg("seats", seat_list(&without)));
    }
}

/// A classic table that deals 4.0's undercover deals police at the same seat count: he checks
/// with the police team (R4-2, R4-3: the police and he learn each other as one team, and the
/// check is that team's majority), so without a police officer his check would have no team
/// and nobody to be hidden among. The secret police is no member of it (R4-2: he learns
/// nobody). Any count of undercovers may be dealt (their check is a majority). 4.0's own
/// tables keep their book's reading (no police and no undercover, no check).
fn undercover(s: &Setup, p: &mut Vec<Problem>) {
    if s.book != Book::Classic {
        return;
    }
    let without: Vec<usize> = s
        .seats
        .clone()
        .filter(|&n| {
            s.count_of(RoleCode::Undercover, n) > 0 && s.count_of(RoleCode::Police, n) == 0
        })
        .collect();
    if without.is_empty() {
        return;
    }
    // At its line's count, or the fill's when the fill is the undercover.
    let path = match s.deal.iter().position(|d| d.role == RoleCode::Undercover) {
        Some(i) => format!("deal[{i}].count"),
        None => "fill".to_string(),
    };
    p.push(Problem::new(path, "setup-undercover-police").arg("seats", seat_list(&without)));
}

/// A classic table deals 4.0's butterfly or 5.0's (the shield butterfly), not both at one seat
/// count: R4-4 (1) and R5-3 (1), (3) each read one hug and one hugged seat, and how a hug that
/// voids kills only and a hug that shields from everything read together on one night is
/// written nowhere. The problem is at the shield butterfly's line (or the fill's, when it fills
/// the seats), with the seat counts that deal both.
fn butterflies(s: &Setup, p: &mut Vec<Problem>) {
    if s.book != Book::Classic {
        return;
    }
    let both: Vec<usize> = s
        .seats
        .clone()
        .filter(|&n| {
            s.count_of(RoleCode::Butterfly, n) > 0 && s.count_of(RoleCode::ShieldButterfly, n) > 0
        })
        .collect();
    if both.is_empty() {
        return;
    }
    let path = match s
        .deal
        .iter()
        .position(|d| d.role == RoleCode::ShieldButterfly)
    {
        Some(i) => format!("deal[{i}].role"),
        None => "fill".to_string(),
    };
    p.push(
        Problem::new(path, "setup-one-butterfly")
            .arg("role", role_arg(RoleCode::ShieldButterfly))
            .arg("other", role_arg(RoleCode::Butterfly))
            .arg("seats", seat_list(&both)),
    );
}

/// The night calls exactly the dealt roles that act at night, once each.
fn night(s: &Setup, p: &mut Vec<Problem>) {
    let dealt = |r: RoleCode| s.deals(r);
    for (i, &r) in s.night.iter().enumerate() {
        let path = format!("night[{i}]");
        if s.night[..i].contains(&r) {
            p.push(Problem::new(path, "setup-role-twice").arg("role", role_arg(r)));
        } else if !dealt(r) {
            p.push(Problem::new(path, "setup-night-not-dealt").arg("role", role_arg(r)));
        } else if role_spec(s.book, r).is_some_and(|spec| spec.action.is_none()) {
            p.push(Problem::new(path, "setup-night-no-action").arg("role", role_arg(r)));
        }
    }
    for spec in s.roles() {
        if spec.action.is_some() && !s.night.contains(&spec.code) {
            p.push(Problem::new("night", "setup-night-missing").arg("role", role_arg(spec.code)));
        }
    }
}

/// Each team thread has dealt roles to sit in it.
fn teams(s: &Setup, p: &mut Vec<Problem>) {
    for (i, &team) in s.teams.iter().enumerate() {
        let path = format!("teams[{i}]");
        if s.teams[..i].contains(&team) {
            p.push(Problem::new(path, "setup-team-twice").arg("team", team.name()));
        } else if !s.roles().any(|r| r.team == Some(team)) {
            p.push(Problem::new(path, "setup-team-empty").arg("team", team.name()));
        }
    }
}

/// The win rule is its book's, and each side it names can reach it. Under the parity rule
/// (classic) that reads as under CL-10: good wins once the killers' side is out, so it needs a
/// good seat dealt (and the killers' side dealt — `setup-no-killer` holds that already: a
/// killer at every seat count); the killers win at parity, so they need a killer dealt, and
/// good must start outnumbering them at every seat count, or the game would end before it
/// starts ([`parity_at_start`]).
fn win(s: &Setup, p: &mut Vec<Problem>) {
    let (rule, book) = match s.win {
        Win::Sides { .. } | Win::Shengtui | Win::Parity | Win::Wujian => {
            (s.win.rule(), Book::Classic)
        }
        Win::R4 => (s.win.rule(), Book::R4),
        Win::R5 => (s.win.rule(), Book::R5),
    };
    if book != s.book {
        p.push(
            Problem::new("win.rule", "setup-win-book")
                .arg("rule", rule)
                .arg("book", s.book.name()),
        );
        return;
    }
    let has_side = |side: SideCode| s.roles().any(|r| r.side == side);
    let wujian_deal = s.fill.is_none()
        && s.deal.len() == 2
        && s.deal.iter().all(|d| d.count == Count::Half)
        && [RoleCode::Bandit, RoleCode::Cop]
            .iter()
            .all(|&r| s.deal.iter().any(|d| d.role == r));
    if s.win == Win::Wujian {
        if !wujian_deal {
            p.push(Problem::new("deal", "setup-wujian-deal"));
        }
        return;
    }
    for (i, d) in s.deal.iter().enumerate() {
        if d.count == Count::Half || matches!(d.role, RoleCode::Bandit | RoleCode::Cop) {
            p.push(
                Problem::new(format!("deal[{i}]"), "setup-wujian-only")
                    .arg("role", role_arg(d.role)),
            );
        }
    }
    let bad = match s.win {
        Win::R4 | Win::R5 => SideCode::Bad,
        _ => SideCode::Killers,
    };
    if !has_side(SideCode::Good) {
        p.push(Problem::new("win.rule", "setup-win-no-side").arg("side", SideCode::Good.name()));
    }
    if !has_side(bad) {
        p.push(Problem::new("win.rule", "setup-win-no-side").arg("side", bad.name()));
    }
    if s.win == Win::Parity {
        parity_at_start(s, p);
    }
}

/// The parity rule at the start: a seat count whose deal gives the seats that count with the
/// killers (`Role::with_killers`) at least as many seats as those that count for good (the
/// police and the civilians of CL-10, `Role::counts_for_good`; the evil civilian counts
/// nowhere) would end the game before its first night. Refused at `win.rule`, with those seat
/// counts.
fn parity_at_start(s: &Setup, p: &mut Vec<Problem>) {
    let ended: Vec<usize> = s
        .seats
        .clone()
        .filter(|&n| {
            let (mut killers, mut good) = (0, 0);
            for (code, k) in s.deal_at(n) {
                let role = Role::of_code(code);
                if role.with_killers() {
                    killers += k;
                } else if role.counts_for_good() {
                    good += k;
                }
            }
            killers >= good
        })
        .collect();
    if !ended.is_empty() {
        p.push(Problem::new("win.rule", "setup-parity-at-start").arg("seats", seat_list(&ended)));
    }
}

/// The day's house rules the book has.
fn day(s: &Setup, p: &mut Vec<Problem>) {
    let classic = s.book == Book::Classic;
    if s.day.explode && !(classic && s.deal.iter().any(|d| d.role == RoleCode::Killer)) {
        p.push(Problem::new("day.explode", "setup-day-explode"));
    }
    if s.day.surrender && !(classic && s.win != Win::Wujian) {
        p.push(Problem::new("day.surrender", "setup-day-surrender"));
    }
    if (s.day.third_tie == ThirdTie::Ends) != (s.win == Win::Wujian) {
        p.push(Problem::new("day.third_tie", "setup-third-tie-ends"));
    }
    if (s.day.last_words == LastWords::R5) != (s.book == Book::R5) {
        p.push(Problem::new("day.last_words", "setup-last-words-r5"));
    }
    if s.day.last_words == LastWords::UpToPolice && !s.deals(RoleCode::Police) {
        p.push(Problem::new("day.last_words", "setup-last-words-no-police"));
    }
}
