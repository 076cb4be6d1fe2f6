//! The one-time messages of the web forms (migrations `*_flashes`).

diesel::table! {
    flashes (token) {
        token -> Text,
        path -> Text,
        payload -> Text,
        created_at -> Timestamp,
    }
}
