//! `maku replay FILE`: scenario in, transcript out (../shared/spec/replay.md).

use std::path::Path;
use std::process::ExitCode;

/// Reads the scenario at `path`, runs it and prints the transcript to stdout.
/// Exit 0 for a valid file, 2 with a one-line message on stderr for a malformed one.
pub fn run(path: &Path) -> ExitCode {
    eprintln!("maku replay: not implemented yet ({})", path.display());
    ExitCode::from(2)
}
