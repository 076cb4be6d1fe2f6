//! The accounts that watch a running game (migrations `*_spectators`): docs/playing.md.

diesel::table! {
    game_watchers (game_id, user_id) {
        game_id -> BigInt,
        user_id -> BigInt,
        since -> Timestamp,
        until -> Nullable<Timestamp>,
    }
}
