//! The database schema, shared by both backends (migrations/sqlite and migrations/postgres).

diesel::table! {
    users (id) {
        id -> BigInt,
        username -> Text,
        username_key -> Text,
        password_hash -> Text,
        role -> Text,
        created_at -> Timestamp,
        name_skeleton -> Nullable<Text>,
    }
}

diesel::table! {
    sessions (id) {
        id -> Text,
        user_id -> BigInt,
        created_at -> Timestamp,
        ended_at -> Nullable<Timestamp>,
        scope_game_id -> Nullable<BigInt>,
        scope_seat -> Nullable<Integer>,
        last_seen_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    api_tokens (token_hash) {
        token_hash -> Text,
        user_id -> BigInt,
        created_at -> Timestamp,
        revoked_at -> Nullable<Timestamp>,
        scope_game_id -> Nullable<BigInt>,
        scope_seat -> Nullable<Integer>,
        public_id -> Nullable<Text>,
        last_used_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    account_events (id) {
        id -> BigInt,
        user_id -> Nullable<BigInt>,
        actor_id -> Nullable<BigInt>,
        kind -> Text,
        detail -> Text,
        created_at -> Timestamp,
        seq -> BigInt,
        hash -> Text,
    }
}

diesel::table! {
    server_keys (name) {
        name -> Text,
        value -> Text,
    }
}

diesel::table! {
    boards (id) {
        id -> BigInt,
        slug -> Text,
        title -> Text,
        description -> Text,
        position -> Integer,
        created_at -> Timestamp,
        listed_threads -> BigInt,
    }
}

diesel::table! {
    threads (id) {
        id -> BigInt,
        board_id -> BigInt,
        author_id -> BigInt,
        title -> Text,
        locked -> Bool,
        created_at -> Timestamp,
        last_post_at -> Timestamp,
        deleted_at -> Nullable<Timestamp>,
        kind -> Text,
        game_id -> Nullable<BigInt>,
        last_floor -> BigInt,
        last_post_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    posts (id) {
        id -> BigInt,
        thread_id -> BigInt,
        author_id -> BigInt,
        body -> Text,
        quoted_post_id -> Nullable<BigInt>,
        created_at -> Timestamp,
        edited_at -> Nullable<Timestamp>,
        as_seat -> Nullable<Integer>,
        kind -> Text,
        floor -> BigInt,
        html -> Text,
        html_version -> Integer,
        hidden_at -> Nullable<Timestamp>,
        hidden_by -> Nullable<BigInt>,
        hidden_reason -> Nullable<Text>,
        restored_at -> Nullable<Timestamp>,
        searchable -> Bool,
    }
}

diesel::table! {
    post_revisions (id) {
        id -> BigInt,
        post_id -> BigInt,
        editor_id -> BigInt,
        body -> Text,
        created_at -> Timestamp,
        html -> Text,
        html_version -> Integer,
    }
}

diesel::table! {
    thread_reads (user_id, thread_id) {
        user_id -> BigInt,
        thread_id -> BigInt,
        last_read_post_id -> BigInt,
    }
}

diesel::table! {
    games (id) {
        id -> BigInt,
        title -> Text,
        variant -> Text,
        judge_id -> BigInt,
        settings -> Text,
        status -> Text,
        signup_thread_id -> Nullable<BigInt>,
        game_thread_id -> Nullable<BigInt>,
        graveyard_thread_id -> Nullable<BigInt>,
        kira_thread_id -> Nullable<BigInt>,
        fixed_deal -> Bool,
        created_at -> Timestamp,
        board -> Text,
        rehost_of -> Nullable<BigInt>,
    }
}

diesel::table! {
    game_events (id) {
        id -> BigInt,
        game_id -> BigInt,
        seq -> BigInt,
        kind -> Text,
        actor_id -> Nullable<BigInt>,
        payload -> Text,
        created_at -> Timestamp,
        hash -> Text,
    }
}

diesel::table! {
    game_signups (game_id, user_id) {
        game_id -> BigInt,
        user_id -> BigInt,
        created_at -> Timestamp,
    }
}

diesel::table! {
    game_seats (game_id, seat) {
        game_id -> BigInt,
        seat -> Integer,
        game_name -> Text,
        user_id -> BigInt,
    }
}

diesel::table! {
    deadlines (game_id) {
        game_id -> BigInt,
        act -> Integer,
        due_at -> Timestamp,
        early_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    game_aliases (game_id, seat) {
        game_id -> BigInt,
        seat -> Integer,
        password_hash -> Text,
        created_at -> Timestamp,
    }
}

// The reply and new-thread forms that made a post (migrations `*_sent_forms`).
diesel::table! {
    sent_forms (form_key) {
        form_key -> Text,
        thread_id -> BigInt,
        floor -> BigInt,
        created_at -> Timestamp,
    }
}

// The one-time messages of the web forms (migrations `*_flashes`).
diesel::table! {
    flashes (token) {
        token -> Text,
        path -> Text,
        payload -> Text,
        created_at -> Timestamp,
    }
}

// The leaderboards (migrations `*_ratings`): rebuilt from finished games, see docs/ratings.md.
diesel::table! {
    ratings (variant, user_id) {
        variant -> Text,
        user_id -> BigInt,
        rating -> Double,
        uncertainty -> Double,
        score -> Double,
        games -> BigInt,
        wins -> BigInt,
        last_game_id -> BigInt,
    }
}

// What each board was made from, and the finished games it has not read yet (migrations
// `*_rating_queue`): see game::ratings.
diesel::table! {
    rating_boards (variant) {
        variant -> Text,
        last_finished_at -> Nullable<Timestamp>,
        last_game_id -> Nullable<BigInt>,
        rated -> BigInt,
        left_out -> BigInt,
    }
}

diesel::table! {
    rating_pending (game_id) {
        game_id -> BigInt,
        variant -> Text,
    }
}

// The private deadline calendars (migrations `*_calendar`): see db::queries::calendar.
diesel::table! {
    calendar_feeds (user_id) {
        user_id -> BigInt,
        generation -> BigInt,
        token_hash -> Text,
        created_at -> Timestamp,
    }
}

// Moderation (migrations `*_moderation`): see docs/moderation.md.
diesel::table! {
    post_reports (id) {
        id -> BigInt,
        post_id -> BigInt,
        reporter_id -> BigInt,
        reason -> Text,
        created_at -> Timestamp,
        resolved_at -> Nullable<Timestamp>,
        resolved_by -> Nullable<BigInt>,
        resolution -> Nullable<Text>,
        /// The seat the report was made as (its number in the game), if it was.
        reporter_seat -> Nullable<Integer>,
    }
}

diesel::table! {
    suspensions (id) {
        id -> BigInt,
        user_id -> BigInt,
        until -> Timestamp,
        reason -> Text,
        by_id -> BigInt,
        created_at -> Timestamp,
        lifted_at -> Nullable<Timestamp>,
        lifted_by -> Nullable<BigInt>,
    }
}

// Judges' own setups and their versions (migrations `*_setups`, docs/setups.md).
diesel::table! {
    setups (id) {
        id -> BigInt,
        name -> Text,
        author_id -> BigInt,
        based_on_id -> Nullable<BigInt>,
        based_on_version -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    setup_versions (setup_id, version) {
        setup_id -> BigInt,
        version -> BigInt,
        document -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    setup_balances (setup_id, version, seats) {
        setup_id -> BigInt,
        version -> BigInt,
        seats -> BigInt,
        games -> BigInt,
        sides -> Text,
        created_at -> Timestamp,
    }
}

diesel::joinable!(sessions -> users (user_id));
diesel::joinable!(game_signups -> users (user_id));
diesel::joinable!(game_seats -> games (game_id));
diesel::joinable!(api_tokens -> users (user_id));
diesel::joinable!(threads -> boards (board_id));
diesel::joinable!(threads -> users (author_id));
diesel::joinable!(posts -> threads (thread_id));
diesel::joinable!(posts -> users (author_id));
diesel::joinable!(post_revisions -> posts (post_id));
diesel::joinable!(post_reports -> posts (post_id));
diesel::joinable!(ratings -> users (user_id));
diesel::joinable!(calendar_feeds -> users (user_id));
diesel::joinable!(setups -> users (author_id));
diesel::joinable!(setup_versions -> setups (setup_id));

diesel::allow_tables_to_appear_in_same_query!(
    users,
    sessions,
    api_tokens,
    account_events,
    server_keys,
    boards,
    threads,
    posts,
    post_revisions,
    thread_reads,
    games,
    game_events,
    game_signups,
    game_seats,
    deadlines,
    game_aliases,
    ratings,
    rating_boards,
    rating_pending,
    calendar_feeds,
    post_reports,
    suspensions,
    setups,
    setup_versions,
    setup_balances,
);
