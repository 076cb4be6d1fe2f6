//! Names a kind of notification had before, still taken where they can arrive: an unsubscribe
//! address already mailed (its token names the old kind, and is checked against what was
//! signed), an API client sending a preference by its old key, a settings form loaded before the
//! rename. Every answer uses the kind's name now; the stored rows were renamed by the migration
//! `*_neutral_kinds`. (The layer test lets these literals, and only these, stand in
//! `src/notify/`: they are what was once mailed, not a rule.)

/// `(old name, kind now)`.
pub const OLD_NAMES: [(&str, &str); 1] = [("kira_turn", super::ACTION_TURN)];
