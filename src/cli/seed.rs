//! `maku seed`: fills a database with a realistic forum, the same from the same seed (docs/seed.md):
//! accounts sharing one password (hashed once: argon2 is slow by design), boards and threads of
//! Chinese and English posts with quotes and mentions, written in bulk; games of every variant
//! played by the seeding bots through the game service, finished and running; then the
//! leaderboards rebuilt as `maku ratings rebuild` does and the notifier's own rounds run until it
//! has read everything.

mod forum;
mod games;
mod words;

use super::GlobalArgs;
use crate::app::AppState;
use crate::rules::Variant;
use games::Play;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

/// Every seeded account's password (printed at the end).
pub const PASSWORD: &str = "maku-seed-password";

#[derive(clap::Args, Debug, Clone)]
pub struct SeedArgs {
    /// Forum posts to write (in boards' threads; games' posts come on top).
    #[arg(long, default_value_t = 2000)]
    pub posts: usize,
    /// Finished games to play (every variant in turn); a few running games come on top.
    #[arg(long, default_value_t = 20)]
    pub games: usize,
    /// Accounts to make (the first few judges).
    #[arg(long, default_value_t = 200)]
    pub accounts: usize,
    /// The seed: the same seed makes the same forum.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A small forum for a newcomer: a finished game of each variant, a table open to join, a
    /// few threads, 30 accounts (its own sizes: the size flags are refused beside it).
    #[arg(long, conflicts_with_all = ["posts", "games", "accounts"])]
    pub demo: bool,
}

/// The sizes a run makes.
struct Sizes {
    posts: usize,
    games: usize,
    accounts: usize,
    running: usize,
}

fn sizes(args: &SeedArgs) -> Result<Sizes, String> {
    let variants = Variant::offered().count();
    let s = if args.demo {
        Sizes {
            posts: 300,
            games: variants,
            accounts: 30,
            running: 1,
        }
    } else {
        Sizes {
            posts: args.posts,
            games: args.games,
            accounts: args.accounts,
            running: if args.games == 0 { 0 } else { 3 },
        }
    };
    let most_seats = Variant::offered()
        .map(|v| *v.seats().start())
        .max()
        .unwrap_or(1);
    if s.accounts < 2 {
        return Err("--accounts must be at least 2".into());
    }
    if s.games > 0 && s.accounts < most_seats + 2 {
        return Err(format!(
            "--accounts must be at least {} to seat every variant's games",
            most_seats + 2
        ));
    }
    Ok(s)
}

pub fn run(global: &GlobalArgs, args: &SeedArgs) -> ExitCode {
    let sizes = match sizes(args) {
        Ok(s) => s,
        Err(msg) => {
            eprintln!("maku seed: {msg}");
            return ExitCode::from(2);
        }
    };
    if let Err(msg) = crate::db::DbUrl::parse(&global.database_url) {
        eprintln!("maku seed: {msg}");
        return ExitCode::from(2);
    }
    let mut settings = crate::config::Settings::new("127.0.0.1:0", global.database_url.clone());
    // The bots submit far faster than any person: no per-minute limits here.
    settings.actions_per_minute = u32::MAX;
    settings.posts_per_minute = u32::MAX;
    actix_web::rt::System::new().block_on(async move {
        let mut state = match crate::startup::state(&settings).await {
            Ok(s) => s,
            Err(e) => {
                eprintln!("maku seed: {e}");
                return ExitCode::FAILURE;
            }
        };
        // A forum is seeded once: its accounts' names are the seed's own, and a second run
        // would stop at the first of them, half a forum later.
        let first = words::account_name(0);
        let named = first.clone();
        match state
            .db(move |c| {
                let key = crate::domain::account::name_key(&named);
                Ok(crate::db::queries::users::by_key(c, &key)?.is_some())
            })
            .await
        {
            Ok(false) => {}
            Ok(true) => {
                eprintln!(
                    "maku seed: this database holds a seeded forum already (its first account, \
                     {first}, exists); seed a new database"
                );
                return ExitCode::from(2);
            }
            Err(e) => {
                eprintln!("maku seed: {e}");
                return ExitCode::FAILURE;
            }
        }
        // Deals drawn from the seed, so the games come out the same (only here: app::deals).
        state.deals = Arc::new(crate::app::deals::Deals::seeded(args.seed));
        match seed(&state, args, &sizes).await {
            Ok(report) => {
                print!("{report}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                // The console's reader may see what went wrong inside, unlike a page's.
                eprintln!("maku seed: {e:?}");
                ExitCode::FAILURE
            }
        }
    })
}

fn bar(len: u64, what: &'static str) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(len);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{msg:>10} [{bar:40}] {pos}/{len} ({elapsed}, {eta} left)",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(what);
    bar
}

async fn seed(
    state: &AppState,
    args: &SeedArgs,
    sizes: &Sizes,
) -> Result<String, crate::error::AppError> {
    use std::fmt::Write;
    let mut out = String::new();
    let all = Instant::now();
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let now = crate::db::queries::now();

    let t = Instant::now();
    let hash = state.hasher.hash(PASSWORD.to_string()).await?;
    let b = bar(sizes.accounts as u64, "accounts");
    let accounts = forum::accounts(state, sizes.accounts, &hash, &b).await?;
    b.finish_and_clear();
    let judges: Vec<_> = accounts.iter().filter(|a| a.is_judge()).cloned().collect();
    let _ = writeln!(
        out,
        "{} accounts ({} judges) in {:.1} s; one password hashed once for all of them",
        accounts.len(),
        judges.len(),
        t.elapsed().as_secs_f64()
    );

    let t = Instant::now();
    let boards = forum::boards(state).await?;
    let b = bar(sizes.posts as u64, "posts");
    let written = forum::posts(state, &mut rng, sizes.posts, &boards, &accounts, now, &b).await?;
    b.finish_and_clear();
    let _ = writeln!(
        out,
        "{} posts in {} threads on {} boards ({} quotes, {} mentions) in {:.1} s",
        written.posts,
        written.threads,
        boards.len(),
        written.quotes,
        written.mentions,
        t.elapsed().as_secs_f64()
    );

    let t = Instant::now();
    let variants: Vec<Variant> = Variant::offered().collect();
    let b = bar((sizes.games + sizes.running) as u64, "games");
    let (mut phases, mut submissions) = (0u64, 0u64);
    let mut finished_ids = Vec::new();
    for i in 0..sizes.games + sizes.running {
        let variant = variants[i % variants.len()];
        let judge = &judges[i % judges.len()];
        let how = if i < sizes.games {
            Play::Finish
        } else if args.demo || i + 1 == sizes.games + sizes.running {
            Play::Signup
        } else {
            Play::Phases(2)
        };
        let title = format!("{} #{}", variant.name(), i + 1);
        let played = games::play(state, &mut rng, variant, &title, judge, &accounts, how).await?;
        phases += u64::from(played.phases);
        submissions += u64::from(played.submissions);
        if played.finished {
            finished_ids.push(played.id);
        }
        b.inc(1);
    }
    b.finish_and_clear();
    let secs = t.elapsed().as_secs_f64();
    let _ = writeln!(
        out,
        "{} finished games and {} running or open ({} phases, {} submissions) in {:.1} s ({:.0} ms a game)",
        sizes.games,
        sizes.running,
        phases,
        submissions,
        secs,
        1000.0 * secs / (sizes.games + sizes.running).max(1) as f64
    );

    let t = Instant::now();
    // In its own transaction, as `maku ratings rebuild` runs it.
    let boards = state.db(crate::game::ratings::rebuild).await?;
    let rated: usize = boards.iter().map(|b| b.games).sum();
    let _ = writeln!(
        out,
        "leaderboards rebuilt ({rated} games rated) in {:.1} s",
        t.elapsed().as_secs_f64()
    );

    let t = Instant::now();
    let notified = notify_all(state).await?;
    let _ = writeln!(
        out,
        "{notified} notifications from the notifier's rounds in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    let _ = writeln!(
        out,
        "done in {:.1} s (seed {}). Every seeded account's password: {PASSWORD}",
        all.elapsed().as_secs_f64(),
        args.seed
    );
    if let Some(first) = accounts.iter().find(|a| !a.is_judge()) {
        let _ = writeln!(
            out,
            "sign in as {} (a player) or {} (a judge)",
            first.name, judges[0].name
        );
    }
    Ok(out)
}

/// Runs the notifier's rounds until it has read every source to its end.
async fn notify_all(state: &AppState) -> Result<usize, crate::error::AppError> {
    let cursors = || {
        state.db(|c| {
            let mut all = Vec::new();
            for source in ["game_events", "posts", "mentions"] {
                all.push(crate::notify::store::cursor(c, source)?);
            }
            Ok(all)
        })
    };
    let mut added = 0;
    let mut before = cursors().await?;
    loop {
        added += crate::notify::tick(state).await?;
        let after = cursors().await?;
        if after == before {
            return Ok(added);
        }
        before = after;
    }
}
