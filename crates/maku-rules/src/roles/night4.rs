//! 4.0's night (R4-4), as an explicit list of steps run in the book's order over one scratch
//! value: each step reads the night's actions and the state, and narrows the scratch.

use super::action::NightAct;
use super::event::{Audience, Event, Finding};
use super::role::Role;
use super::state::Game;
use crate::table::{Seat, Step, majority, run_steps};

/// What the night's actions name, and what the steps decided so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Night4 {
    /// The killers' kill (CL-1 majority of their last submissions): K.
    pub kill: Option<Seat>,
    /// The secret police's kill: P.
    pub secret: Option<Seat>,
    /// The butterfly's seat, while it hugs someone, and the hugged seat H.
    pub hug: Option<(Seat, Seat)>,
    pub save: Option<Seat>,
    /// The police team's check (CL-2 majority).
    pub check: Option<Seat>,
    pub silence: Option<Seat>,
    /// Seats the killers' kill would kill, and the secret police's.
    pub by_killers: Vec<Seat>,
    pub by_secret: Vec<Seat>,
    /// Seats named by a kill or reached by one through the butterfly, void or not (R4-4 (4)).
    pub attacked: Vec<Seat>,
    /// The night's deaths in announcement order: the steps' order, seat order within a step.
    pub dead: Vec<Seat>,
}

/// R4-4's order.
const STEPS: [Step<Game, Night4>; 6] = [
    ("R4-4 (1)", kills),
    ("R4-4 (2)", doctor),
    ("R4-4 (3)", secret_police_immunity),
    ("R4-4 (1)-(3)", kill_deaths),
    ("R4-4 (4)", doctors_rule),
    ("R4-4 (5)", check_and_silence),
];

impl Game {
    /// The night's actions as R4-4 reads them.
    fn night4(&self) -> Night4 {
        let subs = |act: NightAct| -> Vec<Option<(Seat, u64)>> {
            self.night
                .iter()
                .map(|s| s.filter(|s| s.act == act).map(|s| (s.target, s.seq)))
                .collect()
        };
        let one = |act: NightAct| subs(act).into_iter().flatten().next().map(|(t, _)| t);
        Night4 {
            kill: majority(&subs(NightAct::Kill)),
            secret: one(NightAct::SecretKill),
            hug: self.seat_with(Role::Butterfly).zip(one(NightAct::Hug)),
            save: one(NightAct::Save),
            check: majority(&subs(NightAct::Check)),
            silence: one(NightAct::Silence),
            ..Night4::default()
        }
    }

    /// Resolves 4.0's night step by step, then dawn.
    pub(super) fn resolve_night4(&mut self) {
        let mut n = self.night4();
        run_steps(&STEPS, self, &mut n);
        if n.secret.is_some() {
            // R4-4 (5): spent even when void.
            self.secret_spent = true;
        }
        let dead = n.dead;
        self.dawn(&dead);
    }
}

/// The seats a kill on `target` reaches: the butterfly drags the hugged seat along.
fn reach(n: &Night4, target: Seat) -> Vec<Seat> {
    match n.hug {
        Some((b, h)) if b == target => vec![b, h],
        _ => vec![target],
    }
}

/// R4-4 (1): a kill on the hugged seat is void; the killers' kill is void too when the hugged
/// seat is a killer (not the undercover); a kill (either one) on the butterfly kills it and the
/// hugged seat. Every seat named or reached is attacked, void or not.
fn kills(g: &mut Game, n: &mut Night4) {
    let hugged = n.hug.map(|(_, h)| h);
    let killer_hugged = hugged.is_some_and(|h| g.role(h) == Role::Killer);
    for (target, killers) in [(n.kill, true), (n.secret, false)] {
        let Some(t) = target else { continue };
        let reached = reach(n, t);
        n.attacked.extend(&reached);
        if Some(t) == hugged || (killers && killer_hugged) {
            continue;
        }
        if killers {
            n.by_killers = reached;
        } else {
            n.by_secret = reached;
        }
    }
}

/// R4-4 (2): the saved seat does not die from the killers' kill (the secret kill ignores the
/// doctor); saving the butterfly from the killers' kill spares the hugged seat too.
fn doctor(_: &mut Game, n: &mut Night4) {
    let Some(d) = n.save else { return };
    let spared = match n.hug {
        Some((b, h)) if b == d && n.by_killers.contains(&b) => vec![b, h],
        _ => vec![d],
    };
    n.by_killers.retain(|s| !spared.contains(s));
}

/// R4-4 (3): the secret police cannot die from the killers' kill until he has used his own
/// (still immune on the night he uses it).
fn secret_police_immunity(g: &mut Game, n: &mut Night4) {
    if g.secret_spent {
        return;
    }
    if let Some(sp) = g.seat_with(Role::SecretPolice) {
        n.by_killers.retain(|&s| s != sp);
    }
}

/// The kills' deaths, in seat order.
fn kill_deaths(_: &mut Game, n: &mut Night4) {
    let mut dead: Vec<Seat> = n.by_killers.iter().chain(&n.by_secret).copied().collect();
    dead.sort_unstable();
    dead.dedup();
    n.dead = dead;
}

/// R4-4 (4): a seat saved two nights running that was attacked on neither night dies at the
/// second night's end.
fn doctors_rule(g: &mut Game, n: &mut Night4) {
    let today = n.save.map(|d| (d, n.attacked.contains(&d)));
    if let (Some((d, false)), Some((before, false))) = (today, g.last_save)
        && d == before
        && !n.dead.contains(&d)
    {
        n.dead.push(d);
    }
    g.last_save = today;
}

/// R4-4 (5): the check's result goes to the police team alive after the night's deaths
/// (`killer` for a killer or the undercover); the silenced seat, if alive, is told.
fn check_and_silence(g: &mut Game, n: &mut Night4) {
    let alive = |g: &Game, s: Seat| g.is_alive(s) && !n.dead.contains(&s);
    if let Some(target) = n.check {
        let result = match g.role(target) {
            Role::Killer | Role::Undercover => Finding::Killer,
            _ => Finding::NotKiller,
        };
        let police: Vec<Seat> = g
            .all_seats()
            .filter(|&s| matches!(g.role(s), Role::Police | Role::Undercover) && alive(g, s))
            .collect();
        for p in police {
            g.say(Audience::Seat(p), Event::CheckResult { target, result });
        }
    }
    if let Some(s) = n.silence.filter(|&s| alive(g, s)) {
        g.today.silenced[s.index()] = true;
        g.say(Audience::Seat(s), Event::Silenced);
    }
}

#[cfg(test)]
mod tests {
    use super::super::night_tests::night;
    use super::*;
    use crate::roles::RoleGame;

    /// Seats 0..16: butterfly 0, elder 1, doctor 2, killers 3-5, undercover 6, police 7-8,
    /// secret police 9, civilians 10-15.
    fn game() -> Game {
        let mut roles = vec![
            Role::Butterfly,
            Role::Elder,
            Role::Doctor,
            Role::Killer,
            Role::Killer,
            Role::Killer,
            Role::Undercover,
            Role::Police,
            Role::Police,
            Role::SecretPolice,
        ];
        roles.resize(16, Role::Civilian);
        super::super::night_tests::game(RoleGame::V4Wujian, roles)
    }

    use NightAct::*;

    #[test]
    fn a_hug_voids_a_kill_and_a_hugged_killer_voids_the_killers_kill() {
        let mut g = game();
        assert_eq!(night(&mut g, &[(3, Kill, 12), (0, Hug, 12)]), vec![]);
        let mut g = game();
        assert_eq!(night(&mut g, &[(3, Kill, 12), (0, Hug, 4)]), vec![]);
        // The undercover hugged does not void it.
        let mut g = game();
        assert_eq!(night(&mut g, &[(3, Kill, 12), (0, Hug, 6)]), vec![Seat(12)]);
    }

    #[test]
    fn a_kill_on_the_butterfly_drags_the_hugged_seat_and_the_save_spares_both() {
        let mut g = game();
        assert_eq!(
            night(&mut g, &[(3, Kill, 0), (0, Hug, 12)]),
            vec![Seat(0), Seat(12)]
        );
        let mut g = game();
        assert_eq!(
            night(&mut g, &[(3, Kill, 0), (0, Hug, 12), (2, Save, 0)]),
            vec![]
        );
        // The secret police shooting the butterfly that hugs him dies too.
        let mut g = game();
        assert_eq!(
            night(&mut g, &[(9, SecretKill, 0), (0, Hug, 9), (2, Save, 0)]),
            vec![Seat(0), Seat(9)]
        );
    }

    #[test]
    fn the_secret_police_is_immune_until_his_kill_is_spent_even_void() {
        let mut g = game();
        assert_eq!(
            night(&mut g, &[(3, Kill, 9), (9, SecretKill, 12), (0, Hug, 12)]),
            vec![]
        );
        assert!(g.secret_spent());
        while g.stage() != crate::table::Stage::Night {
            g.resolve();
        }
        assert_eq!(night(&mut g, &[(3, Kill, 9)]), vec![Seat(9)]);
    }

    #[test]
    fn two_saves_running_without_an_attack_kill_but_a_void_kill_is_an_attack() {
        let mut g = game();
        assert_eq!(night(&mut g, &[(2, Save, 12)]), vec![]);
        while g.stage() != crate::table::Stage::Night {
            g.resolve();
        }
        assert_eq!(night(&mut g, &[(2, Save, 12)]), vec![Seat(12)]);
        let mut g = game();
        assert_eq!(
            night(&mut g, &[(2, Save, 12), (3, Kill, 12), (0, Hug, 12)]),
            vec![]
        );
        while g.stage() != crate::table::Stage::Night {
            g.resolve();
        }
        assert_eq!(night(&mut g, &[(2, Save, 12)]), vec![]);
    }
}
