//! The seats' private notes (migrations `*_seat_notes`): see docs/playing.md, "Notes".

diesel::table! {
    seat_notes (id) {
        id -> BigInt,
        game_id -> BigInt,
        seat -> Integer,
        act -> Integer,
        author_id -> BigInt,
        body -> Text,
        created_at -> Timestamp,
    }
}
