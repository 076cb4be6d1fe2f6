//! 5.0's night (R5-3), as an explicit list of steps run in the book's order over one scratch
//! value.

use super::action::NightAct;
use super::event::{Audience, Event, Finding, Seen};
use super::role::Role;
use super::state::Game;
use crate::table::{Seat, Step, run_steps};

/// The night's actions still standing, and what the steps decided so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Night5 {
    /// Each seat's action and target (`None`: it did not act, or lost its action to magic).
    pub acts: Vec<Option<(NightAct, Seat)>>,
    /// The butterfly's seat, while its hug stands, and the hugged seat H.
    pub hug: Option<(Seat, Seat)>,
    /// Seats that lost their action to magic.
    pub magicked: Vec<bool>,
    /// Kills and shots that landed on each seat.
    pub hits: Vec<u8>,
    pub needled: Vec<bool>,
    pub silenced: Vec<bool>,
    /// Dark votes that landed (voter, target).
    pub dark: Vec<(Seat, Seat)>,
    /// The answers to the police and the wizard, in that order.
    pub answers: Vec<(Seat, Event)>,
    /// The night's deaths, in seat order.
    pub dead: Vec<Seat>,
}

/// R5-3's order.
const STEPS: [Step<Game, Night5>; 6] = [
    ("R5-3 1.", hug),
    ("R5-3 2.", magic),
    ("R5-3 3.", the_rest),
    ("R5-3 4.", answers),
    ("R5-3 5.", deaths),
    ("R5-3 5., R5-4", dawn_news),
];

impl Game {
    /// Resolves 5.0's night step by step, then dawn.
    pub(super) fn resolve_night5(&mut self) {
        let n = self.seat_count();
        let mut night = Night5 {
            acts: self
                .night
                .iter()
                .map(|s| s.map(|s| (s.act, s.target)))
                .collect(),
            magicked: vec![false; n],
            hits: vec![0; n],
            needled: vec![false; n],
            silenced: vec![false; n],
            ..Night5::default()
        };
        run_steps(&STEPS, self, &mut night);
        let dead = night.dead;
        self.dawn(&dead);
    }
}

impl Night5 {
    fn hugged(&self) -> Option<Seat> {
        self.hug.map(|(_, h)| h)
    }

    /// The seats an effect aimed at `t` lands on: none on H (immune), the butterfly and H for
    /// what lands on the butterfly (`spreads`: kill, shot, needle, silence, dark vote).
    fn lands(&self, t: Seat, spreads: bool) -> Vec<Seat> {
        match self.hug {
            Some((_, h)) if h == t => Vec::new(),
            Some((b, h)) if b == t && spreads => vec![b, h],
            _ => vec![t],
        }
    }
}

/// R5-3 1.: the hugged seat H is immune this night to everything aimed at it.
fn hug(g: &mut Game, n: &mut Night5) {
    n.hug = g
        .seat_with(Role::Butterfly)
        .and_then(|b| match n.acts[b.index()] {
            Some((NightAct::Hug, h)) => Some((b, h)),
            _ => None,
        });
}

/// R5-3 2.: the magician's target loses its action this night (not H: it is immune); magic on
/// the butterfly cancels the hug.
fn magic(_: &mut Game, n: &mut Night5) {
    let target = n.acts.iter().find_map(|a| match a {
        Some((NightAct::Magic, t)) => Some(*t),
        _ => None,
    });
    let Some(t) = target.filter(|&t| Some(t) != n.hugged()) else {
        return;
    };
    n.magicked[t.index()] = true;
    n.acts[t.index()] = None;
    if n.hug.is_some_and(|(b, _)| b == t) {
        n.hug = None;
    }
}

/// R5-3 3.: the kills, shots, needles, silences and dark votes left, all at once.
fn the_rest(_: &mut Game, n: &mut Night5) {
    for (i, a) in n.acts.clone().into_iter().enumerate() {
        let Some((act, t)) = a else { continue };
        for s in n.lands(t, true) {
            match act {
                NightAct::Kill | NightAct::Snipe => n.hits[s.index()] += 1,
                NightAct::Needle => n.needled[s.index()] = true,
                NightAct::Silence => n.silenced[s.index()] = true,
                NightAct::DarkVote => n.dark.push((Seat(i as u8), s)),
                _ => {}
            }
        }
    }
}

/// R5-3 4.: the police learns `good` or `bad`, the wizard the seat its target acted on
/// (`none` if it did not act or was magicked); a magicked police or wizard, or one whose target
/// is H, learns nothing (`blocked`). Given even to one who dies this night.
fn answers(g: &mut Game, n: &mut Night5) {
    for (asker, act) in [
        (Role::Police, NightAct::Check),
        (Role::Wizard, NightAct::Query),
    ] {
        let Some(s) = g.seat_with(asker) else {
            continue;
        };
        let Some(sub) = g.night_sub(s).filter(|sub| sub.act == act) else {
            continue;
        };
        let target = sub.target;
        let blocked = n.magicked[s.index()] || n.lands(target, false).is_empty();
        let event = if act == NightAct::Check {
            let result = if blocked {
                Finding::Blocked
            } else {
                Finding::Side(g.role(target).v5_told_side())
            };
            Event::CheckResult { target, result }
        } else {
            let seen = if blocked {
                Seen::Blocked
            } else {
                n.acts[target.index()].map_or(Seen::Nothing, |(_, t)| Seen::Seat(t))
            };
            Event::QueryResult { target, seen }
        };
        n.answers.push((s, event));
    }
}

/// R5-3 5.: a needle cancels one kill or shot on its seat; a needle on a seat not attacked is
/// empty, and a seat's second empty needle kills it; every other kill or shot kills. A dark
/// vote on a seat that dies is dropped.
fn deaths(g: &mut Game, n: &mut Night5) {
    for s in g.living().collect::<Vec<_>>() {
        let i = s.index();
        let mut hits = n.hits[i];
        if n.needled[i] {
            if hits > 0 {
                hits -= 1;
            } else {
                g.empty_needles[i] += 1;
            }
        }
        if hits > 0 || g.empty_needles[i] >= 2 {
            n.dead.push(s);
        }
    }
    n.dark.retain(|(_, t)| !n.dead.contains(t));
}

/// What dawn tells: the silenced seats alive at dawn, then the answers; the dark votes are
/// kept, unseen, for the day's count (R5-4).
fn dawn_news(g: &mut Game, n: &mut Night5) {
    for s in g.living().collect::<Vec<_>>() {
        if n.silenced[s.index()] && !n.dead.contains(&s) {
            g.today.silenced[s.index()] = true;
            g.say(Audience::Seat(s), Event::Silenced);
        }
    }
    for (s, event) in std::mem::take(&mut n.answers) {
        g.say(Audience::Seat(s), event);
    }
    g.today.dark = std::mem::take(&mut n.dark);
}

#[cfg(test)]
mod tests {
    use super::super::night_tests::night;
    use super::*;
    use crate::roles::RoleGame;
    use crate::table::Stage;

    // Seats: butterfly 0, sniper 1, doctor 2, police 3, good civilian 4, magician 5, killer 6,
    // elder 7, wizard 8, evil civilian 9.
    fn game() -> Game {
        let roles: Vec<Role> = RoleGame::V5Emin
            .deal()
            .into_iter()
            .map(|(r, _)| r)
            .collect();
        super::super::night_tests::game(RoleGame::V5Emin, roles)
    }

    fn to_night(g: &mut Game) {
        while g.stage() != Stage::Night && !g.is_over() {
            g.resolve();
        }
    }

    use NightAct::*;

    #[test]
    fn the_hug_shields_h_and_what_lands_on_the_butterfly_lands_on_h() {
        let mut g = game();
        assert_eq!(
            night(&mut g, &[(0, Hug, 4), (6, Kill, 4), (1, Snipe, 4)]),
            vec![]
        );
        let mut g = game();
        assert_eq!(
            night(&mut g, &[(0, Hug, 4), (6, Kill, 0)]),
            vec![Seat(0), Seat(4)]
        );
        // A needle on the butterfly saves both.
        let mut g = game();
        assert_eq!(
            night(&mut g, &[(0, Hug, 4), (6, Kill, 0), (2, Needle, 0)]),
            vec![]
        );
    }

    #[test]
    fn magic_cancels_an_action_and_on_the_butterfly_the_hug() {
        let mut g = game();
        assert_eq!(night(&mut g, &[(5, Magic, 6), (6, Kill, 4)]), vec![]);
        let mut g = game();
        assert_eq!(
            night(&mut g, &[(0, Hug, 4), (5, Magic, 0), (6, Kill, 4)]),
            vec![Seat(4)]
        );
        // Magic on H does nothing: H is immune.
        let mut g = game();
        assert_eq!(
            night(&mut g, &[(0, Hug, 6), (5, Magic, 6), (6, Kill, 4)]),
            vec![Seat(4)]
        );
    }

    #[test]
    fn a_needle_cancels_one_hit_and_two_empty_needles_kill() {
        let mut g = game();
        assert_eq!(
            night(&mut g, &[(6, Kill, 4), (1, Snipe, 4), (2, Needle, 4)]),
            vec![Seat(4)]
        );
        let mut g = game();
        assert_eq!(night(&mut g, &[(2, Needle, 4)]), vec![]);
        to_night(&mut g);
        assert_eq!(night(&mut g, &[(2, Needle, 3)]), vec![]);
        to_night(&mut g);
        assert_eq!(night(&mut g, &[(2, Needle, 4)]), vec![Seat(4)]);
    }

    #[test]
    fn the_wizard_learns_the_target_of_its_target() {
        let mut g = game();
        night(
            &mut g,
            &[(8, Query, 6), (6, Kill, 4), (3, Check, 0), (0, Hug, 3)],
        );
        let told: Vec<&Event> = g
            .log()
            .iter()
            .filter_map(|e| match &e.item {
                crate::roles::event::Item::Event(Audience::Seat(_), ev) => Some(ev),
                _ => None,
            })
            .collect();
        assert!(told.contains(&&Event::QueryResult {
            target: Seat(6),
            seen: Seen::Seat(Seat(4))
        }));
        assert!(told.contains(&&Event::CheckResult {
            target: Seat(0),
            result: Finding::Side(crate::roles::Side::Good)
        }));
    }
}
