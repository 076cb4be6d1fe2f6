//! Who is asking: passwords, sessions, CSRF tokens, bearer tokens, sign-in rate limits and
//! write limits, and what accounts sign in from (`traces`).

pub mod account;
pub mod calendar_token;
pub mod password;
pub mod ratelimit;
pub mod session_cache;
pub mod throttle;
pub mod tokens;
pub mod traces;
