//! Who is asking: passwords, sessions, CSRF tokens, bearer tokens and sign-in rate limits.

pub mod password;
pub mod ratelimit;
pub mod tokens;
