//! `maku user …`: account management from the console.

use super::GlobalArgs;
use crate::domain::{Password, Role, Username};
use crate::forum::accounts;
use std::io::Read;
use std::process::ExitCode;

#[derive(clap::Subcommand, Debug, Clone)]
pub enum UserCommand {
    /// Create an account; the password is read from standard input (first line).
    Add {
        name: String,
        #[arg(long, default_value = "player")]
        role: String,
    },
}

pub fn run(global: &GlobalArgs, cmd: UserCommand) -> ExitCode {
    let UserCommand::Add { name, role } = cmd;
    let parsed =
        (|| Ok::<_, crate::domain::InputError>((Username::parse(&name)?, Role::parse(&role)?)))();
    let (name, role) = match parsed {
        Ok(v) => v,
        Err(e) => {
            eprintln!("maku user add: {e}");
            return ExitCode::from(2);
        }
    };
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("maku user add: cannot read the password from standard input: {e}");
        return ExitCode::from(2);
    }
    let line = input.lines().next().unwrap_or("").trim_end_matches('\r');
    let password = match Password::parse(line) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("maku user add: {e}");
            return ExitCode::from(2);
        }
    };
    // Only the database matters here; the server's settings keep their defaults.
    let settings = crate::config::Settings::new("127.0.0.1:0", global.database_url.clone());
    actix_web::rt::System::new().block_on(async move {
        let state = match crate::startup::state(&settings).await {
            Ok(s) => s,
            Err(e) => {
                eprintln!("maku user add: {e}");
                return ExitCode::FAILURE;
            }
        };
        let hash = match state.hasher.hash(password.expose().to_string()).await {
            Ok(h) => h,
            Err(e) => {
                eprintln!("maku user add: {e}");
                return ExitCode::FAILURE;
            }
        };
        match accounts::create_with_hash(&state, name.clone(), hash, role, None).await {
            Ok(_) => {
                println!("created {} ({})", name.as_str(), role.as_str());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!(
                    "maku user add: {}",
                    e.message(&crate::i18n::Tr::new(crate::i18n::Lang::En))
                );
                ExitCode::FAILURE
            }
        }
    })
}
