//! The games list's kept counts (migrations `*_game_counts`): games by variant and status.

diesel::table! {
    game_counts (variant, status) {
        variant -> Text,
        status -> Text,
        n -> BigInt,
    }
}
