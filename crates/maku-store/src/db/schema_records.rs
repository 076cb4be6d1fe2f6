//! Players' records kept as games end (migration `*_player_records`, issue 42).

diesel::table! {
    player_records (game_id, seat) {
        game_id -> BigInt,
        seat -> Integer,
        user_id -> BigInt,
        variant -> Text,
        role -> Text,
        won -> Nullable<Bool>,
    }
}

diesel::table! {
    /// A player's games and wins by variant and role, kept with `player_records`.
    player_totals (user_id, variant, role) {
        user_id -> BigInt,
        variant -> Text,
        role -> Text,
        games -> BigInt,
        wins -> BigInt,
    }
}

use crate::db::schema::games;

// `records::missing` asks for finished games with no kept row.
diesel::allow_tables_to_appear_in_same_query!(player_records, games);
