//! `maku replay FILE`: scenario in, transcript out (../shared/spec/replay.md).

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use crate::i18n::{Lang, Tr};
use crate::rules::scenario::{Scenario, ScenarioError};

/// Reads the scenario at `path`, runs it and prints the transcript to stdout.
/// Exit 0 for a valid file, 2 with a one-line message on stderr for a malformed one.
pub fn run(path: &Path) -> ExitCode {
    let lines = match Scenario::load(path).and_then(|s| s.run()) {
        Ok(lines) => lines,
        Err(ScenarioError::Setup(problems)) => {
            // Each problem at its field, in words (the composer's sentences, in English).
            let tr = Tr::new(Lang::En);
            let said: Vec<String> = problems
                .iter()
                .map(|p| format!("{}: {}", p.path, tr.say(&p.message)))
                .collect();
            eprintln!(
                "maku replay: the setup document does not hold: {}",
                said.join("; ")
            );
            return ExitCode::from(2);
        }
        Err(e) => {
            let msg = e.to_string().replace('\n', " ");
            eprintln!("maku replay: {msg}");
            return ExitCode::from(2);
        }
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for line in &lines {
        let text = match serde_json::to_string(line) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("maku replay: cannot write the transcript: {e}");
                return ExitCode::from(1);
            }
        };
        if writeln!(out, "{text}").is_err() {
            return ExitCode::from(1);
        }
    }
    if out.flush().is_err() {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
