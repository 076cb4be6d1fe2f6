//! Values parsed at the edge: once constructed, a name, a title or a post body is valid.

pub mod account;
mod text;

pub use account::{Password, Role, Username};
pub use text::{BoardSlug, PostBody, Title};

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
    #[error("the board slug must be 2 to 32 lowercase letters, digits or '-'")]
    Slug,
    #[error("control characters are not allowed")]
    ControlCharacters,
    /// A deadline that is neither a date and time nor a number of minutes in range.
    #[error("the deadline must be a date and time or 1 to 43200 minutes")]
    Deadline,
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
            InputError::Slug => "input-slug",
            InputError::ControlCharacters => "input-control-characters",
            InputError::Deadline => "error-bad-deadline",
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
            InputError::Slug => "bad_slug",
            InputError::ControlCharacters => "control_characters",
            InputError::Deadline => "bad_deadline",
        }
    }
}

/// Control characters other than newline and tab have no place in forum text.
fn has_control(s: &str) -> bool {
    s.chars()
        .any(|c| c.is_control() && c != '\n' && c != '\t' && c != '\r')
}
