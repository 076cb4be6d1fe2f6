//! Bots for `maku simulate`: random legal play through the engine's typed methods, phase by
//! phase as the server runs a game.
//!
//! Killers kill a random living seat outside their team; police check a random living seat and,
//! once a check found a killer, vote for him while he lives; a doctor saves a random living seat,
//! itself allowed (R4-3); a sniper shoots a random other living seat most nights (R5-1); a
//! butterfly hugs a random other living seat each night (4.0's, and 5.0's shield butterfly),
//! a secret police spends his one kill on a
//! random other living seat on some night, a forest elder silences a random other living seat most
//! nights (R4-3); an undercover checks a random other living seat with the police and votes as a
//! killer does (R4-2: he knows the killers); a magician magics a random other living seat most
//! nights (R5-1) and, holding the kill, kills a random other living seat (R5-2), and by day votes
//! as a killer does, sparing the only seat he knows is of his side, himself (5.0: nobody learns
//! anybody; nobody spares him); a wizard queries a random other living seat most nights (R5-1),
//! kills as the magician does when he holds the kill (R5-2) and votes as the magician does;
//! 5.0's forest elder silences a random other living seat most nights (R5-1), kills as the
//! magician does when he holds the kill (R5-2) and votes as the magician does; a good or evil
//! civilian dark-votes a random other living seat most nights (R5-1: they know nobody), the
//! evil civilian voting by day as the magician does and the good one as a civilian; a needle
//! doctor needles a random living seat each night, itself allowed (R5-1), as the doctor saves;
//! everyone else votes for a random candidate (sometimes abstaining), a seat 4.0's elder
//! silenced too (R4-5: it still votes), not one 5.0's elder silenced (R5-4: it does not vote).
//! A killer of a table with self-explode (CL-8) sometimes self-explodes in a vote (silenced,
//! he may not: he votes instead, unless 5.0's elder silenced him), a last team member at night
//! sometimes surrenders; wujian seats peek at random and sometimes surrender.

use std::ops::Range;

use super::action::Action;
use super::event::{Cause, Winner};
use super::preset::Table;
use super::roles::{Call, Faction, Role};
use super::setup::start;
use super::state::Game;
use crate::sim::{BotRng, Progress, SimParams, SimStats};
use crate::table::{self, Played, Seat, Stage, Team};

/// The bots' RNG salt: this variant's games stay what they were.
const SALT: u64 = 0x5851_f42d_4c95_7f2d;

/// How often the bots' sniper shoots (R5-1: acting is optional): most nights.
const SNIPE_CHANCE: f64 = 0.7;

/// How often the bots' magician casts his magic (R5-1: acting is optional): most nights.
const MAGIC_CHANCE: f64 = 0.7;

/// How often the bots' wizard queries a seat (R5-1: acting is optional): most nights.
const QUERY_CHANCE: f64 = 0.7;

/// How often the bots' good and evil civilians cast a dark vote (R5-1: acting is optional):
/// most nights.
const DARK_VOTE_CHANCE: f64 = 0.7;

/// How often the bots' secret police spends his one kill on a night while he still has it
/// (R4-3: once per game, optional).
const SECRET_KILL_CHANCE: f64 = 0.3;

/// How often the bots' forest elder silences a seat (R4-3: acting is optional): most nights.
const SILENCE_CHANCE: f64 = 0.8;

fn name(g: &Game, s: Seat) -> String {
    g.game_id(s).to_string()
}

/// The night's bots; returns the seat the police's check will find a killer, if it will.
fn night(g: &mut Game, rng: &mut BotRng) -> Option<Seat> {
    let living: Vec<Seat> = g.living().collect();
    for &me in &living {
        let action = match g.role(me) {
            Role::Killer => {
                if rng.chance(0.01) && g.check_only(me, &Action::Surrender) {
                    Action::Surrender
                } else {
                    // Outside their team as they know it: the undercover too (R4-2); not the
                    // magician, whom they do not know (5.0).
                    let others: Vec<Seat> = living
                        .iter()
                        .copied()
                        .filter(|&s| !g.role(s).told_in(Team::Killers))
                        .collect();
                    match rng.pick(&others) {
                        Some(t) => Action::Kill { target: name(g, t) },
                        None => continue,
                    }
                }
            }
            Role::Police => {
                if rng.chance(0.01) && g.check_only(me, &Action::Surrender) {
                    Action::Surrender
                } else {
                    let others: Vec<Seat> = living.iter().copied().filter(|&s| s != me).collect();
                    match rng.pick(&others) {
                        Some(t) => Action::Check { target: name(g, t) },
                        None => continue,
                    }
                }
            }
            // R4-3: the undercover checks with the police, a random living seat other than
            // himself (never a surrender: CL-9 is a killer's or an officer's). Only an
            // undercover draws, so a table without one plays its games as it always did.
            Role::Undercover => {
                let others: Vec<Seat> = living.iter().copied().filter(|&s| s != me).collect();
                match rng.pick(&others) {
                    Some(t) => Action::Check { target: name(g, t) },
                    None => continue,
                }
            }
            // R4-3: any living seat, itself included. Only a doctor draws, so a table without
            // one plays its games as it always did.
            Role::Doctor => match rng.pick(&living) {
                Some(t) => Action::Save { target: name(g, t) },
                None => continue,
            },
            // R5-1: on most nights (SNIPE_CHANCE) a random living seat other than itself —
            // itself is allowed, but a bot that knows only its own role has no reason to; on
            // the others it holds its fire. Only a sniper draws, so a table without one plays
            // its games as it always did.
            Role::Sniper => {
                if !rng.chance(SNIPE_CHANCE) {
                    continue;
                }
                let others: Vec<Seat> = living.iter().copied().filter(|&s| s != me).collect();
                match rng.pick(&others) {
                    Some(t) => Action::Snipe { target: name(g, t) },
                    None => continue,
                }
            }
            // R4-3: a random living seat other than itself, every night; R5-1: 5.0's butterfly
            // (the shield butterfly) likewise. Only a butterfly draws, so a table without one
            // plays its games as it always did.
            Role::Butterfly | Role::ShieldButterfly => {
                let others: Vec<Seat> = living.iter().copied().filter(|&s| s != me).collect();
                match rng.pick(&others) {
                    Some(t) => Action::Hug { target: name(g, t) },
                    None => continue,
                }
            }
            // R4-3: once per game, on a night of SECRET_KILL_CHANCE while unspent, a random
            // living seat other than itself. Only a secret police draws (and only while his
            // kill is unspent), so a table without one plays its games as it always did.
            Role::SecretPolice => {
                if g.secret_spent.contains(&me) || !rng.chance(SECRET_KILL_CHANCE) {
                    continue;
                }
                let others: Vec<Seat> = living.iter().copied().filter(|&s| s != me).collect();
                match rng.pick(&others) {
                    Some(t) => Action::SecretKill { target: name(g, t) },
                    None => continue,
                }
            }
            // R4-3: on most nights (SILENCE_CHANCE) a random living seat other than itself —
            // itself is allowed, but a bot has no reason to silence its own voice. Only an
            // elder draws, so a table without one plays its games as it always did.
            Role::Elder => {
                if !rng.chance(SILENCE_CHANCE) {
                    continue;
                }
                let others: Vec<Seat> = living.iter().copied().filter(|&s| s != me).collect();
                match rng.pick(&others) {
                    Some(t) => Action::Silence { target: name(g, t) },
                    None => continue,
                }
            }
            // R5-2: holding the kill, a random living seat other than himself (he knows
            // nobody; R5-1: not himself — 5.0's forest elder may, but a bot has no reason
            // to). R5-1: else on most nights (MAGIC_CHANCE, QUERY_CHANCE, SILENCE_CHANCE) the
            // magician's magic, the wizard's query or 5.0's forest elder's silence on a random
            // other living seat (the elder may silence himself, but a bot has no reason to
            // silence his own voice; the wizard's answer is not read: his votes are random, as
            // the magician's). Only a magician, a wizard or 5.0's forest elder draws, so a
            // table without one plays its games as it always did.
            role @ (Role::Magician | Role::Wizard | Role::DarkElder) => {
                let holds = g.holds_kill(me);
                let chance = match role {
                    Role::Wizard => QUERY_CHANCE,
                    Role::DarkElder => SILENCE_CHANCE,
                    _ => MAGIC_CHANCE,
                };
                if !holds && !rng.chance(chance) {
                    continue;
                }
                let others: Vec<Seat> = living.iter().copied().filter(|&s| s != me).collect();
                match rng.pick(&others) {
                    Some(t) if holds => Action::Kill { target: name(g, t) },
                    Some(t) if role == Role::Wizard => Action::Query { target: name(g, t) },
                    Some(t) if role == Role::DarkElder => Action::Silence { target: name(g, t) },
                    Some(t) => Action::Magic { target: name(g, t) },
                    None => continue,
                }
            }
            // R5-1: on most nights (DARK_VOTE_CHANCE) a random living seat other than itself —
            // itself is allowed, but a bot has no reason to vote itself out. The evil civilian
            // knows nobody (5.0), so he cannot aim at the good side: any other seat. Only a
            // civilian of 5.0 draws, so a table without one plays its games as it always did.
            Role::GoodCivilian | Role::EvilCivilian => {
                if !rng.chance(DARK_VOTE_CHANCE) {
                    continue;
                }
                let others: Vec<Seat> = living.iter().copied().filter(|&s| s != me).collect();
                match rng.pick(&others) {
                    Some(t) => Action::DarkVote { target: name(g, t) },
                    None => continue,
                }
            }
            // R5-1: any living seat, itself included, every night, as the doctor's save (the bot
            // cannot know which seat is attacked, so some needles are empty, R5-3 (5)). Only a
            // needle doctor draws, so a table without one plays its games as it always did.
            Role::NeedleDoctor => match rng.pick(&living) {
                Some(t) => Action::Needle { target: name(g, t) },
                None => continue,
            },
            Role::Faction(_) => {
                let call = match rng.below(3) {
                    0 => Call::At(Faction::Fei),
                    1 => Call::At(Faction::Jing),
                    _ => Call::Closed,
                };
                Action::Peek { call }
            }
            Role::Civilian => continue,
        };
        let _ = g.submit_as(me, &action);
        if g.is_over() {
            return None;
        }
    }
    // CL-2, R4-3: `killer` for a killer, the undercover, the magician, 5.0's forest elder or
    // the wizard (R5-3 (4)); the check that counts, the magic's struck (R5-3 (2)).
    g.counted_check().filter(|&t| g.role(t).with_killers())
}

/// The vote's bots.
fn vote(g: &mut Game, rng: &mut BotRng, known: &[Seat]) {
    let living: Vec<Seat> = g.living().collect();
    let candidates = g.candidates().to_vec();
    for &me in &living {
        if !g.is_alive(me) || g.stage() != Stage::Vote {
            return;
        }
        // R5-4: a seat 5.0's forest elder silenced today does not vote (its ballot would be
        // refused); only such a seat skips, so a table without that elder plays as it did.
        if g.is_vote_silenced(me) {
            continue;
        }
        let role = g.role(me);
        // CL-8; R4-5: a silenced killer's explosion is refused, and he votes instead (a
        // killer's explosion is never refused otherwise here, so a table without an elder
        // plays as it always did).
        if role == Role::Killer
            && g.table().has_explode()
            && rng.chance(0.02)
            && g.submit_as(me, &Action::Explode { round: None }).is_ok()
        {
            continue;
        }
        if g.table().is_wujian() && rng.chance(0.01) {
            let _ = g.submit_as(me, &Action::Surrender);
            if g.is_over() {
                return;
            }
        }
        let suspect = known
            .iter()
            .copied()
            .find(|s| role == Role::Police && candidates.contains(s) && g.is_alive(*s));
        let target = match suspect {
            Some(t) => Some(t),
            None if rng.chance(0.1) => None,
            None => {
                // The killers' side spares its own as it knows them: the killers and the
                // undercover know each other (R4-2); the magician, the wizard and the evil
                // civilian know nobody (5.0), so each spares only himself, and nobody spares
                // them (the good civilian votes as a civilian: any candidate). What the voter
                // knows is read once, not per candidate.
                let knows_killers = role.told_in(Team::Killers);
                let spares_himself = !knows_killers && role.wins_with_killers();
                let own_side = |s: Seat| {
                    if knows_killers {
                        g.role(s).told_in(Team::Killers)
                    } else {
                        spares_himself && s == me
                    }
                };
                let pool: Vec<Seat> = candidates
                    .iter()
                    .copied()
                    .filter(|&s| !own_side(s))
                    .collect();
                rng.pick(&pool).or_else(|| rng.pick(&candidates))
            }
        };
        let _ = g.submit_as(
            me,
            &Action::Vote {
                target: target.map(|t| name(g, t)),
                round: None,
            },
        );
    }
}

/// Plays one whole game with bots; returns it finished (or stopped after `max_acts`).
pub fn play(rules: Table, seats: usize, seed: u64, max_acts: u32) -> Option<Game> {
    let config = table::bot_config(rules.variant()?, seats, seed);
    let mut g = start(rules, &config).ok()?;
    g.set_logging(false);
    let mut rng = BotRng::new(seed, SALT);
    let mut known: Vec<Seat> = Vec::new();
    while !g.is_over() && g.act() <= max_acts {
        match g.stage() {
            Stage::Night => {
                if let Some(k) = night(&mut g, &mut rng) {
                    known.push(k);
                }
            }
            Stage::Vote => vote(&mut g, &mut rng, &known),
            _ => {}
        }
        if g.is_over() {
            break;
        }
        g.resolve();
    }
    Some(g)
}

/// Plays the games with seeds in `seeds` and sums them up.
pub fn simulate(
    rules: Table,
    params: &SimParams,
    seeds: Range<u64>,
    progress: &Progress,
) -> SimStats {
    let names: [&'static str; 3] = match rules.is_wujian() {
        true => ["匪", "警", "draw"],
        false => ["good", "killers", "draw"],
    };
    let causes = Cause::ALL.map(Cause::name);
    table::simulate(seeds, progress, names, &causes, |seed| {
        let g = play(rules, params.seats, seed, params.max_phases)?;
        Some(Played {
            outcome: g.winner().map(|w| match w {
                Winner::Good | Winner::Faction(Faction::Fei) => 0,
                Winner::Killers | Winner::Faction(Faction::Jing) => 1,
                Winner::Draw => 2,
            }),
            acts: g.act(),
            outs: g
                .seats
                .iter()
                .filter_map(|s| s.out.map(|o| o.1.index()))
                .collect(),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classic::Custom;
    use crate::setups::{self, read};

    /// 东杀 with one doctor, as the classic engine's own table (its handle set, as
    /// `classic::custom` sets it).
    fn doctor_table(name: &'static str) -> Table {
        own_table(name, crate::classic::doctor::tests::doctor_document())
    }

    /// The classic engine's own table of document `d` (its handle set, as `classic::custom`
    /// sets it).
    fn own_table(name: &'static str, d: serde_json::Value) -> Table {
        let setup = read(&d).expect("it holds");
        let handle = setups::custom_variant(name, name, &setup).expect("a handle");
        let custom: &'static Custom = Box::leak(Box::new(Custom::new(name, setup)));
        let _ = custom.variant.set(handle);
        Table::Custom(custom)
    }

    /// The bots' first night of `table` at `seats` seats from `seed` (the bots' deal and RNG),
    /// the seats dealt a role of `out` put out first: the game after the bots' night actions
    /// (CL-1, CL-2, and the roles across books' of R4-3 and R5-1), before it resolves, and the
    /// seat dealt `role`.
    fn first_night(
        table: Table,
        seats: usize,
        seed: u64,
        role: Role,
        out: &[Role],
    ) -> (Game, Seat) {
        let Some(variant) = table.variant() else {
            panic!("a handle")
        };
        let config = table::bot_config(variant, seats, seed);
        let mut g = start(table, &config).expect("it starts");
        let seat = g
            .all_seats()
            .find(|&s| g.role(s) == role)
            .unwrap_or_else(|| panic!("{role:?} dealt"));
        let gone: Vec<Seat> = g
            .all_seats()
            .filter(|&s| out.contains(&g.role(s)))
            .collect();
        for s in gone {
            g.seats[s.index()].alive = false;
        }
        let mut rng = BotRng::new(seed, SALT);
        night(&mut g, &mut rng);
        (g, seat)
    }

    /// How many seats of `seen` differ (the bots pick at random, R4-3, R5-1: more than a few).
    fn distinct<'a>(seen: impl IntoIterator<Item = &'a Seat>) -> usize {
        seen.into_iter()
            .collect::<std::collections::HashSet<_>>()
            .len()
    }

    /// The bots' first-night picks `pick` over seeds 0..60 (none: the role held back, as R4-3
    /// and R5-1 let it): the same for the same seeds (seeded), made on more than `most` nights
    /// of the 60 but not all, on more than 3 seats (at random). The picks.
    fn most_nights(pick: impl Fn(u64) -> Option<Seat>, most: usize) -> Vec<Option<Seat>> {
        let seen: Vec<Option<Seat>> = (0..60).map(&pick).collect();
        assert_eq!(seen, (0..60).map(&pick).collect::<Vec<_>>(), "seeded");
        let acted = seen.iter().flatten().count();
        assert!(acted > most && acted < 60, "most nights: {acted} of 60");
        assert!(
            distinct(seen.iter().flatten()) > 3,
            "random seats: {seen:?}"
        );
        seen
    }

    /// `pick`, the bots' choice for the seat `by` on the night of `seed`, names none or a living
    /// seat other than `by` (R5-1, R4-3: "another living seat"). The pick.
    fn other_living(g: &Game, by: Seat, pick: Option<Seat>, seed: u64) -> Option<Seat> {
        if let Some(t) = pick {
            assert!(g.is_alive(t) && t != by, "seed {seed}: {t:?}");
        }
        pick
    }

    /// R5-1, R5-2 for a killers' heir's bot (the magician, the wizard), whose first night of
    /// seed `seed` with the roles `out` put out is `first`: (his own action's target, his kill's
    /// target). While a killer lives (seeds 0..60) he acts on more than 30 nights of the 60 but
    /// not all, the same for the same seeds, and never kills; every killer out (seeds 0..20)
    /// he kills every night instead.
    fn heir_nights(first: impl Fn(u64, &[Role]) -> (Option<Seat>, Option<Seat>)) {
        let seen: Vec<_> = (0..60).map(|s| first(s, &[])).collect();
        let again: Vec<_> = (0..60).map(|s| first(s, &[])).collect();
        assert_eq!(seen, again, "seeded");
        let acted = seen.iter().filter(|(a, _)| a.is_some()).count();
        assert!(acted > 30 && acted < 60, "most nights: {acted} of 60");
        assert!(
            seen.iter().all(|(_, k)| k.is_none()),
            "no kill while a killer lives"
        );
        let heir: Vec<_> = (0..20).map(|s| first(s, &[Role::Killer])).collect();
        assert!(
            heir.iter().all(|(a, k)| a.is_none() && k.is_some()),
            "{heir:?}"
        );
    }

    /// Whole bots' games of `table` at `seats` seats end (seeds 0..50, 400 acts at most).
    fn games_end(table: Table, seats: usize) {
        for seed in 0..50 {
            let g = play(table, seats, seed, 400).expect("it plays");
            assert!(g.is_over(), "seed {seed}");
        }
    }

    /// Whole bots' games of `table` at 9 seats (seeds 0..50, 400 acts at most), stepped through
    /// the bots' nights and votes: `voted` sees each game (and its seed) right after the bots'
    /// ballots of each vote round; every game ends.
    fn each_vote_round(table: Table, mut voted: impl FnMut(&Game, u64)) {
        let Some(variant) = table.variant() else {
            panic!("a handle")
        };
        for seed in 0..50 {
            let config = table::bot_config(variant, 9, seed);
            let mut g = start(table, &config).expect("it starts");
            let mut rng = BotRng::new(seed, SALT);
            while !g.is_over() && g.act() <= 400 {
                match g.stage() {
                    Stage::Night => {
                        night(&mut g, &mut rng);
                    }
                    Stage::Vote => {
                        vote(&mut g, &mut rng, &[]);
                        voted(&g, seed);
                    }
                    _ => {}
                }
                if g.is_over() {
                    break;
                }
                g.resolve();
            }
            assert!(g.is_over(), "seed {seed}");
        }
    }

    /// R4-3: the bots' doctor saves a living seat each night, from the seeded RNG (the same
    /// seat for the same seed); the other bots play as they always did.
    #[test]
    fn r4_3_the_doctor_bot_saves_a_random_living_seat() {
        let table = doctor_table("doctor-bot-night");
        let saves = |seed: u64| {
            let (g, doctor) = first_night(table, 9, seed, Role::Doctor, &[]);
            let saved = g.night().saves[doctor.index()].expect("the doctor saved");
            assert!(g.is_alive(saved));
            saved
        };
        let seen: Vec<Seat> = (0..40).map(saves).collect();
        assert_eq!(seen, (0..40).map(saves).collect::<Vec<_>>(), "seeded");
        assert!(distinct(&seen) > 3, "random seats: {seen:?}");
        // Whole games end.
        games_end(table, 9);
    }

    /// R5-1: the bots' sniper shoots a living seat other than itself on most nights and holds
    /// its fire on the others, from the seeded RNG (the same for the same seed); whole games
    /// end.
    #[test]
    fn r5_1_the_sniper_bot_shoots_a_random_other_living_seat_most_nights() {
        let table = own_table(
            "sniper-bot-night",
            crate::classic::sniper::tests::sniper_document(),
        );
        let shots = |seed: u64| {
            let (g, sniper) = first_night(table, 9, seed, Role::Sniper, &[]);
            other_living(&g, sniper, g.night().snipes[sniper.index()], seed)
        };
        most_nights(shots, 30);
        games_end(table, 9);
    }

    /// R4-3: the bots' forest elder silences a living seat other than itself on most nights
    /// and holds its voice on the others, from the seeded RNG (the same for the same seed);
    /// R4-5: a silenced seat still votes, and whole games end.
    #[test]
    fn r4_3_the_elder_bot_silences_a_random_other_living_seat_most_nights() {
        let table = own_table(
            "elder-bot-night",
            crate::classic::doctor::tests::dongsha_with(&["elder"]),
        );
        let silences = |seed: u64| {
            let (g, elder) = first_night(table, 9, seed, Role::Elder, &[]);
            other_living(&g, elder, g.night().silences[elder.index()], seed)
        };
        most_nights(silences, 35);
        // A silenced seat votes: over whole games, some vote round holds a silenced seat's
        // ballot.
        let mut voted_silenced = false;
        each_vote_round(table, |g, _| {
            voted_silenced |= g.stage() == Stage::Vote
                && g.living()
                    .any(|s| g.is_silenced(s) && g.day().ballots[s.index()].is_some());
        });
        assert!(voted_silenced, "R4-5: silenced seats still vote");
        games_end(table, 9);
    }

    /// R5-1: the bots' magician magics a living seat other than himself on most nights and
    /// holds it on the others, from the seeded RNG; R5-2: holding the kill (every killer out)
    /// he kills a random other living seat every night instead.
    #[test]
    fn r5_1_the_magician_bot_magics_a_random_other_living_seat_most_nights() {
        let table = own_table(
            "magician-bot-night",
            crate::classic::doctor::tests::dongsha_with(&["magician"]),
        );
        heir_nights(|seed, out| {
            let (g, m) = first_night(table, 9, seed, Role::Magician, out);
            let magic = other_living(&g, m, g.night().magics[m.index()], seed);
            let kill = g.night().kills[m.index()].map(|(t, _)| t);
            (magic, other_living(&g, m, kill, seed))
        });
    }

    /// R5-1: the bots' wizard queries a living seat other than himself on most nights and
    /// holds it on the others, from the seeded RNG; R5-2: holding the kill (every killer out,
    /// no magician dealt) he kills a random other living seat every night instead; at a table
    /// of both heirs he holds it only once the magician is out too.
    #[test]
    fn r5_1_the_wizard_bot_queries_a_random_other_living_seat_most_nights() {
        let first = |table: Table, seed: u64, out: &[Role]| {
            let (g, w) = first_night(table, 9, seed, Role::Wizard, out);
            let query = other_living(&g, w, g.night().queries[w.index()], seed);
            let kill = g.night().kills[w.index()].map(|(t, _)| t);
            (query, other_living(&g, w, kill, seed))
        };
        let wizard = own_table(
            "wizard-bot-night",
            crate::classic::doctor::tests::dongsha_with(&["wizard"]),
        );
        heir_nights(|seed, out| first(wizard, seed, out));
        let both = own_table(
            "wizard-bot-heirs",
            crate::classic::doctor::tests::dongsha_with(&["magician", "wizard"]),
        );
        let magician_holds: Vec<_> = (0..20).map(|s| first(both, s, &[Role::Killer])).collect();
        assert!(
            magician_holds.iter().all(|(_, k)| k.is_none()),
            "the magician holds it"
        );
        let out = [Role::Killer, Role::Magician];
        let wizard_holds: Vec<_> = (0..20).map(|s| first(both, s, &out)).collect();
        assert!(wizard_holds.iter().all(|(q, k)| q.is_none() && k.is_some()));
    }

    /// R5-1: the bots' dark elder (5.0's forest elder) silences a living seat other than
    /// himself on most nights and holds it on the others, from the seeded RNG; R5-2: holding
    /// the kill (every killer out, no magician dealt) he kills a random other living seat every
    /// night instead. R5-4: over whole games, a seat he silenced never casts a ballot, while
    /// the other seats still vote that day; every game ends.
    #[test]
    fn r5_1_the_dark_elder_bot_silences_a_random_other_living_seat_most_nights() {
        let table = own_table(
            "dark-elder-bot-night",
            crate::classic::doctor::tests::dongsha_with(&["dark_elder"]),
        );
        heir_nights(|seed, out| {
            let (g, e) = first_night(table, 9, seed, Role::DarkElder, out);
            let silence = other_living(&g, e, g.night().dark_silences[e.index()], seed);
            let kill = g.night().kills[e.index()].map(|(t, _)| t);
            (silence, other_living(&g, e, kill, seed))
        });
        let mut silenced_rounds = 0;
        each_vote_round(table, |g, seed| {
            if let Some(s) = g.living().find(|&s| g.is_vote_silenced(s)) {
                assert!(g.day().ballots[s.index()].is_none(), "seed {seed}");
                silenced_rounds += 1;
            }
        });
        assert!(
            silenced_rounds > 0,
            "R5-4: some vote rounds had a silenced seat"
        );
    }

    /// R5-1: the bots' shield butterfly (5.0's) hugs a living seat other than itself every
    /// night, from the seeded RNG (the same seat for the same seed, more than a few seats);
    /// whole games end.
    #[test]
    fn r5_1_the_shield_butterfly_bot_hugs_a_random_other_living_seat() {
        let table = own_table(
            "shield-bot-night",
            crate::classic::doctor::tests::dongsha_with(&["shield_butterfly"]),
        );
        let hugs = |seed: u64| {
            let (g, b) = first_night(table, 9, seed, Role::ShieldButterfly, &[]);
            let hug = g.night().hugs[b.index()].expect("the butterfly hugged");
            other_living(&g, b, Some(hug), seed);
            hug
        };
        let seen: Vec<Seat> = (0..40).map(hugs).collect();
        assert_eq!(seen, (0..40).map(hugs).collect::<Vec<_>>(), "seeded");
        assert!(distinct(&seen) > 3, "random seats: {seen:?}");
        games_end(table, 9);
    }

    /// R4-3: at a table with all four roles across books (butterfly, secret police, doctor,
    /// sniper) the butterfly bot hugs a random other living seat every night and the secret
    /// police bot spends his one kill on some night (never himself, never twice), from the
    /// seeded RNG; whole games end, the same every time.
    #[test]
    fn r4_3_bots_play_a_table_with_all_four_roles_across_books_to_the_end() {
        let table = own_table(
            "across-bots",
            crate::classic::butterfly::tests::across_document(),
        );
        let first = |seed: u64| {
            let (g, b) = first_night(table, 10, seed, Role::Butterfly, &[]);
            let sp = g
                .all_seats()
                .find(|&s| g.role(s) == Role::SecretPolice)
                .expect("dealt");
            let hug = g.night().hugs[b.index()].expect("the butterfly hugged");
            assert!(g.is_alive(hug) && hug != b, "seed {seed}");
            let secret = g.night().secret_kills[sp.index()];
            assert!(secret.is_none_or(|t| t != sp), "seed {seed}");
            (hug, secret)
        };
        let seen: Vec<_> = (0..60).map(first).collect();
        assert_eq!(seen, (0..60).map(first).collect::<Vec<_>>(), "seeded");
        let fired = seen.iter().filter(|(_, s)| s.is_some()).count();
        assert!(fired > 5 && fired < 40, "some first nights: {fired} of 60");
        let games: Vec<_> = (0..100)
            .map(|seed| {
                let g = play(table, 10, seed, 400).expect("it plays");
                assert!(g.is_over(), "seed {seed}");
                (g.winner(), g.act())
            })
            .collect();
        let again: Vec<_> = (0..100)
            .map(|seed| play(table, 10, seed, 400).map(|g| (g.winner(), g.act())))
            .collect::<Option<_>>()
            .expect("they play");
        assert_eq!(games, again, "seeded");
        assert!(games.iter().any(|(w, _)| *w == Some(Winner::Good)));
        assert!(games.iter().any(|(w, _)| *w == Some(Winner::Killers)));
    }
}
