//! `maku simulate`: bots play whole games; prints a balance table.

use std::process::ExitCode;

#[derive(clap::Args, Debug, Clone)]
pub struct SimulateArgs {
    /// The variant to simulate.
    #[arg(long, default_value = "deathnote")]
    pub variant: String,
    /// Seats per game.
    #[arg(long, default_value_t = 16)]
    pub seats: usize,
    /// How many games to play.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Seed of the first game (games use seed, seed+1, …).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Probability that a Kira guesses a real ID right.
    #[arg(long, default_value_t = 0.3)]
    pub guess: f64,
}

pub fn run(args: &SimulateArgs) -> ExitCode {
    eprintln!("maku simulate: not implemented yet ({args:?})");
    ExitCode::from(2)
}
