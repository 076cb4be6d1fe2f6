//! Tables of e-mail (migrations `*_mail`): see docs/mail.md.

diesel::table! {
    account_emails (user_id) {
        user_id -> BigInt,
        address -> Nullable<Text>,
        verified_at -> Nullable<Timestamp>,
        pending_address -> Nullable<Text>,
        pending_hash -> Nullable<Text>,
        pending_at -> Nullable<Timestamp>,
        lang -> Text,
        digest_after -> BigInt,
        digest_sent_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    mail_prefs (user_id, kind) {
        user_id -> BigInt,
        kind -> Text,
        mode -> Text,
    }
}

diesel::table! {
    mail_outbox (id) {
        id -> BigInt,
        user_id -> BigInt,
        kind -> Text,
        to_address -> Text,
        subject -> Text,
        body -> Text,
        unsubscribe -> Text,
        created_at -> Timestamp,
        send_after -> Timestamp,
        attempts -> Integer,
        claim -> Nullable<Text>,
        claimed_until -> Nullable<Timestamp>,
        sent_at -> Nullable<Timestamp>,
        failed_at -> Nullable<Timestamp>,
        last_error -> Nullable<Text>,
    }
}
