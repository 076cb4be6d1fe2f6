use super::{InputError, has_control};

/// A thread or board title: one line, 1–120 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Title(String);

impl Title {
    pub fn parse(raw: &str) -> Result<Title, InputError> {
        let t = raw.trim();
        if t.is_empty() || t.chars().count() > 120 {
            return Err(InputError::TitleLength);
        }
        if has_control(t) || t.contains('\n') {
            return Err(InputError::ControlCharacters);
        }
        Ok(Title(t.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A post's Markdown source: at most 20000 characters as sent (a line break counted once, as a
/// browser's `maxlength` and the API document's `maxLength` count), not only white space;
/// stored without its trailing space.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostBody(String);

impl PostBody {
    pub const MAX_CHARS: usize = 20_000;

    pub fn parse(raw: &str) -> Result<PostBody, InputError> {
        let normalised = raw.replace("\r\n", "\n");
        let b = normalised.trim_end();
        if b.trim().is_empty() || normalised.chars().count() > Self::MAX_CHARS {
            return Err(InputError::BodyLength);
        }
        if has_control(b) {
            return Err(InputError::ControlCharacters);
        }
        Ok(PostBody(b.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A seat's private note (issue 41): checked as a post's text is ([`PostBody`]), at most 4000
/// characters as sent; kept as plain text (never rendered as Markdown).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoteBody(String);

impl NoteBody {
    pub const MAX_CHARS: usize = 4_000;

    pub fn parse(raw: &str) -> Result<NoteBody, InputError> {
        let normalised = raw.replace("\r\n", "\n");
        let b = normalised.trim_end();
        if b.trim().is_empty() || normalised.chars().count() > Self::MAX_CHARS {
            return Err(InputError::NoteLength);
        }
        if has_control(b) {
            return Err(InputError::ControlCharacters);
        }
        Ok(NoteBody(b.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A board's URL name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardSlug(String);

impl BoardSlug {
    pub fn parse(raw: &str) -> Result<BoardSlug, InputError> {
        let s = raw.trim();
        let ok_len = (2..=32).contains(&s.len());
        let ok_chars = s
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !ok_len || !ok_chars {
            return Err(InputError::Slug);
        }
        Ok(BoardSlug(s.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_and_bodies_have_bounds() {
        assert!(Title::parse("  ").is_err());
        assert!(Title::parse(&"字".repeat(120)).is_ok());
        assert!(Title::parse(&"字".repeat(121)).is_err());
        assert!(Title::parse("a\nb").is_err());
        assert_eq!(
            PostBody::parse("hi\r\nthere  \n").unwrap().as_str(),
            "hi\nthere"
        );
        assert!(PostBody::parse(" \n ").is_err());
        assert!(PostBody::parse(&"x".repeat(20_001)).is_err());
        assert!(BoardSlug::parse("general").is_ok());
        assert!(BoardSlug::parse("Gen").is_err());
    }
}
