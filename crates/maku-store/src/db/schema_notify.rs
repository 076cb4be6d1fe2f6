//! Tables of the notifier (migrations `*_notifications`).

diesel::table! {
    notifications (id) {
        id -> BigInt,
        user_id -> BigInt,
        kind -> Text,
        game_id -> BigInt,
        act -> Integer,
        post_id -> BigInt,
        payload -> Text,
        created_at -> Timestamp,
        read_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    notification_prefs (user_id, kind) {
        user_id -> BigInt,
        kind -> Text,
        enabled -> Bool,
    }
}

diesel::table! {
    notify_cursors (source) {
        source -> Text,
        last_id -> BigInt,
    }
}
