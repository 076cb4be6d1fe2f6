//! Command-line entry points. Each returns the process exit code.

pub mod audit;
pub mod backup;
pub mod replay;
pub mod serve;
pub mod simulate;
pub mod user;
