//! `maku simulate`: bots play whole games; prints a balance table.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use crate::rules::Variant;
use crate::rules::sim::{Progress, SimParams, SimStats, wilson};

#[derive(clap::Args, Debug, Clone)]
pub struct SimulateArgs {
    /// The variant to simulate.
    #[arg(long, default_value = "deathnote")]
    pub variant: String,
    /// Seats per game (default: 16, or the variant's own count when it has fewer or more).
    #[arg(long)]
    pub seats: Option<usize>,
    /// How many games to play.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Seed of the first game (games use seed, seed+1, …).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Probability that a Kira guesses a real ID right.
    #[arg(long, default_value_t = 0.3)]
    pub guess: f64,
    /// Worker threads (0: one per core). Results do not depend on it.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// A game still running after this many acts counts as unfinished.
    #[arg(long, default_value_t = 500)]
    pub max_acts: u32,
}

/// Checks the arguments; the message is one line.
fn check(args: &SimulateArgs) -> Result<(Variant, usize), String> {
    let variant = Variant::from_name(&args.variant).ok_or_else(|| {
        let known: Vec<&str> = Variant::offered().map(|v| v.name()).collect();
        format!(
            "unknown variant {:?} (one of: {})",
            args.variant,
            known.join(", ")
        )
    })?;
    let range = variant.seats();
    // 16 unless the variant cannot seat 16 (5.0 plays exactly 10, shengtui 6 to 8).
    let seats = args
        .seats
        .unwrap_or_else(|| 16.clamp(*range.start(), *range.end()));
    if !range.contains(&seats) {
        return Err(format!(
            "--seats must be {} to {} for {}, not {}",
            range.start(),
            range.end(),
            variant.name(),
            seats
        ));
    }
    if !(0.0..=1.0).contains(&args.guess) {
        return Err(format!(
            "--guess must be between 0 and 1, not {}",
            args.guess
        ));
    }
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if args.max_acts == 0 {
        return Err("--max-acts must be at least 1".into());
    }
    Ok((variant, seats))
}

pub fn run(args: &SimulateArgs) -> ExitCode {
    let (variant, seats) = match check(args) {
        Ok(v) => v,
        Err(msg) => {
            eprintln!("maku simulate: {msg}");
            return ExitCode::from(2);
        }
    };
    let params = SimParams {
        seats,
        guess: args.guess,
        max_phases: args.max_acts,
    };
    let threads = match args.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
    .clamp(1, 256) as u64;
    let threads = threads.min(args.games);
    let progress = Progress::default();
    let bar = if std::io::stderr().is_terminal() && args.games >= 20_000 {
        indicatif::ProgressBar::new(args.games)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let start = Instant::now();
    let first = args.seed;
    let total = args.games;
    // Each worker says when it is done, so the wait ends then and not at the next tick of the
    // progress bar's (a worker that fails says it by hanging up).
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    let stats = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let lo = first.wrapping_add(total * t / threads);
                let hi = first.wrapping_add(total * (t + 1) / threads);
                let (params, progress) = (&params, &progress);
                let done = done_tx.clone();
                scope.spawn(move || {
                    let _done = OnDrop(done);
                    if lo <= hi {
                        variant.simulate(params, lo..hi, progress)
                    } else {
                        // Seeds wrapped around u64::MAX: play the two pieces.
                        let mut s = variant.simulate(params, lo..u64::MAX, progress);
                        s.merge(&variant.simulate(params, 0..hi, progress));
                        s
                    }
                })
            })
            .collect();
        drop(done_tx);
        let mut finished = 0;
        while finished < workers.len() {
            match done_rx.recv_timeout(Duration::from_millis(50)) {
                Ok(()) => finished += 1,
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
            }
            bar.set_position(progress.get());
        }
        let mut all = SimStats::default();
        for w in workers {
            match w.join() {
                Ok(s) => all.merge(&s),
                Err(_) => return None,
            }
        }
        Some(all)
    });
    bar.finish_and_clear();
    let elapsed = start.elapsed().as_secs_f64();
    let Some(stats) = stats else {
        eprintln!("maku simulate: a worker thread failed");
        return ExitCode::from(1);
    };
    print!(
        "{}",
        table(args, (variant, seats), &stats, elapsed, threads)
    );
    ExitCode::SUCCESS
}

/// `text` padded with spaces to `columns` terminal columns: `format!`'s width counts
/// characters, and a CJK character (匪, 警) takes two columns.
fn pad(text: &str, columns: usize) -> String {
    let width = unicode_width::UnicodeWidthStr::width(text);
    format!("{text}{}", " ".repeat(columns.saturating_sub(width)))
}

fn table(
    args: &SimulateArgs,
    (variant, seats): (Variant, usize),
    s: &SimStats,
    secs: f64,
    threads: u64,
) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let n = s.games;
    let _ = writeln!(
        out,
        "{} games of {}, {} seats, seed {}, guess {}",
        n,
        variant.name(),
        seats,
        args.seed,
        args.guess
    );
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "{:<12} {:>10} {:>8}   95% CI (Wilson)",
        "outcome", "games", "share"
    );
    for &(name, x) in &s.outcomes {
        if name == "unfinished" && x == 0 {
            continue;
        }
        let (lo, hi) = wilson(x, n);
        let _ = writeln!(
            out,
            "{} {:>10} {:>7.2}%   [{:.2}%, {:.2}%]",
            pad(name, 12),
            x,
            100.0 * x as f64 / n as f64,
            100.0 * lo,
            100.0 * hi
        );
    }
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "mean game length: {:.2} acts",
        s.phases as f64 / n as f64
    );
    let _ = writeln!(out);
    let total_outs: u64 = s.outs.iter().map(|r| r.1).sum();
    let _ = writeln!(
        out,
        "{:<18} {:>10} {:>8} {:>9}",
        "seats out by", "seats", "share", "per game"
    );
    for &(name, x) in &s.outs {
        let _ = writeln!(
            out,
            "{} {:>10} {:>7.2}% {:>9.2}",
            pad(name, 18),
            x,
            if total_outs == 0 {
                0.0
            } else {
                100.0 * x as f64 / total_outs as f64
            },
            x as f64 / n as f64
        );
    }
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "{:.0} games/s ({:.3} s, {} thread{})",
        n as f64 / secs.max(1e-9),
        secs,
        threads,
        if threads == 1 { "" } else { "s" }
    );
    out
}

/// Sends its signal when dropped: a worker's "done", whether it returned or panicked.
struct OnDrop(std::sync::mpsc::Sender<()>);

impl Drop for OnDrop {
    fn drop(&mut self) {
        let _ = self.0.send(());
    }
}
