//! What accounts signed in from, as keyed hashes (migrations `*_sign_in_traces`): see
//! docs/security.md.

diesel::table! {
    sign_in_traces (user_id, kind, hash) {
        user_id -> BigInt,
        kind -> Text,
        hash -> Text,
        first_seen -> Timestamp,
        last_seen -> Timestamp,
    }
}
