//! Criterion benchmarks of the Death Note engine: one act of an 18-seat game (a kill, 18
//! ballots, the resolution) and one whole bot-played 18-seat game.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use maku::rules::deathnote::bot::{play, sim_roster};
use maku::rules::deathnote::{Game, Options, Roster, Seat};

fn one_act(c: &mut Criterion) {
    let roster: Arc<Roster> = sim_roster(18);
    let mut fresh = Game::new(roster.clone(), [Seat(0), Seat(1)], Options::default(), 1).unwrap();
    fresh.set_logging(false);
    c.bench_function("deathnote: one act, 18 seats", |b| {
        b.iter_batched_ref(
            || fresh.clone(),
            |game| {
                let _ = game.kill(Seat(0), Seat(5), "r6", None);
                for i in 0..18u8 {
                    let _ = game.vote(Seat(i), &[Seat((i + 1) % 18), Seat((i + 7) % 18)]);
                }
                black_box(game.resolve())
            },
            BatchSize::SmallInput,
        )
    });
    let mut logged = fresh.clone();
    logged.set_logging(true);
    c.bench_function("deathnote: one act, 18 seats, with log", |b| {
        b.iter_batched_ref(
            || logged.clone(),
            |game| {
                let _ = game.kill(Seat(0), Seat(5), "r6", None);
                for i in 0..18u8 {
                    let _ = game.vote(Seat(i), &[Seat((i + 1) % 18), Seat((i + 7) % 18)]);
                }
                black_box(game.resolve())
            },
            BatchSize::SmallInput,
        )
    });
}

fn whole_game(c: &mut Criterion) {
    let roster = sim_roster(18);
    let mut seed = 0u64;
    c.bench_function("deathnote: whole bot game, 18 seats", |b| {
        b.iter(|| {
            seed += 1;
            black_box(play(&roster, Options::default(), seed, 0.3, 500).winner())
        })
    });
}

criterion_group!(benches, one_act, whole_game);
criterion_main!(benches);
