//! Pure rules engines: state, actions, resolution. No I/O, no clock, no database.

pub mod deathnote;
