//! Values parsed at the edge: once constructed, a name, a title or a post body is valid.

pub mod account;
pub mod game_id;
pub mod game_settings;
mod game_status;
mod text;
pub mod time;

pub use account::{Password, Role, Username};
pub use game_id::{CastError, GameId};
pub use game_status::{GameStatus, UnknownStatus};
pub use text::{BoardSlug, NoteBody, PostBody, Title};

/// How images in a post are rendered.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Images {
    /// A link to the image, so nothing is fetched unless the reader clicks.
    #[default]
    Links,
    /// The image itself (a game setting).
    Shown,
}

/// Why a piece of input was refused. Each variant names a message in the catalogs (`input-…`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    #[error("the name must be 2 to 32 characters")]
    NameLength,
    #[error("the name may hold letters, digits, '_', '-' and '.' only")]
    NameCharacters,
    #[error("the password must be 8 to 128 characters")]
    PasswordLength,
    #[error("unknown role")]
    Role,
    #[error("the title must be 1 to 120 characters")]
    TitleLength,
    #[error("the post must be 1 to 20000 characters")]
    BodyLength,
    /// A seat's note: 1 to 4000 characters (issue 41).
    #[error("the note must be 1 to 4000 characters")]
    NoteLength,
    #[error("the board slug must be 2 to 32 lowercase letters, digits or '-'")]
    Slug,
    #[error("control characters are not allowed")]
    ControlCharacters,
    /// A deadline that is neither a date and time nor a number of minutes in range.
    #[error("the deadline must be a date and time or 1 to 43200 minutes")]
    Deadline,
    /// A deadline request that names both an absolute time and minutes to add.
    #[error("give either a deadline or minutes to add, not both")]
    DeadlineBoth,
    #[error("a game ID must be 1 to 32 characters")]
    GameIdLength,
    #[error("a game ID may hold letters, digits, single spaces and · ・ - _ . ' only")]
    GameIdCharacters,
    #[error("a game ID looks like another seat's")]
    GameIdLookalike,
    #[error("a game ID may not pass for the site's own labels (judge, system, …)")]
    GameIdReserved,
    /// A game ID that reads as an existing account's name (DN-7's comparison, or a look-alike):
    /// the seat's posts would pass for that account's.
    #[error("a game ID may not be an account's name")]
    GameIdAccount,
}

impl InputError {
    /// The catalog key of the message shown to the user.
    pub fn message_key(self) -> &'static str {
        match self {
            InputError::NameLength => "input-name-length",
            InputError::NameCharacters => "input-name-characters",
            InputError::PasswordLength => "input-password-length",
            InputError::Role => "input-role",
            InputError::TitleLength => "input-title-length",
            InputError::BodyLength => "input-body-length",
            InputError::NoteLength => "input-note-length",
            InputError::Slug => "input-slug",
            InputError::ControlCharacters => "input-control-characters",
            InputError::Deadline => "error-bad-deadline",
            InputError::DeadlineBoth => "error-deadline-both",
            InputError::GameIdLength => "input-game-id-length",
            InputError::GameIdCharacters => "input-game-id-characters",
            InputError::GameIdLookalike => "input-game-id-lookalike",
            InputError::GameIdReserved => "input-game-id-reserved",
            InputError::GameIdAccount => "input-game-id-account",
        }
    }

    /// The stable code used by the JSON API.
    pub fn code(self) -> &'static str {
        match self {
            InputError::NameLength => "name_length",
            InputError::NameCharacters => "name_characters",
            InputError::PasswordLength => "password_length",
            InputError::Role => "bad_role",
            InputError::TitleLength => "title_length",
            InputError::BodyLength => "body_length",
            InputError::NoteLength => "note_length",
            InputError::Slug => "bad_slug",
            InputError::ControlCharacters => "control_characters",
            InputError::Deadline => "bad_deadline",
            InputError::DeadlineBoth => "deadline_both",
            InputError::GameIdLength => "game_id_length",
            InputError::GameIdCharacters => "game_id_characters",
            InputError::GameIdLookalike => "game_id_lookalike",
            InputError::GameIdReserved => "game_id_reserved",
            InputError::GameIdAccount => "game_id_account",
        }
    }
}

/// Control characters other than newline, tab and carriage return have no place in forum text,
/// nor in any text a user sends (the web shell refuses them at the edge, `web::bodies`).
pub fn has_control(s: &str) -> bool {
    s.chars()
        .any(|c| c.is_control() && c != '\n' && c != '\t' && c != '\r')
}
