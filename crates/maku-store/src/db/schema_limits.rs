//! The shared rate limits (migrations `*_rate_limits`): one GCRA arrival time per key, used on
//! PostgreSQL so every instance of a site charges the same budgets (`queries::limits`).

diesel::table! {
    rate_limits (bucket) {
        bucket -> Text,
        tat -> Timestamp,
    }
}
