//! A seat's public name in one game (its game ID: the character it plays). Checked as account
//! names are: trimmed and NFKC, bounded, no control characters; and within one game no two
//! look alike (the same UTS #39 skeleton as account names) and none passes for the site's own
//! labels (the judge, the system), which would let a seat's post read as theirs.

use super::InputError;
use super::account::{RESERVED_NAMES, confusable_key};
use unicode_normalization::UnicodeNormalization;

/// One game ID, valid on its own (see [`cast`] for the rules over a game's whole list).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameId(String);

impl GameId {
    /// The longest game ID, in characters.
    pub const MAX_CHARS: usize = 32;

    /// Trims and normalises to NFKC, then checks length and characters: letters and digits of
    /// any script, inner single spaces, and the marks names use (`·`, `・`, `-`, `_`, `.`, `'`).
    pub fn parse(raw: &str) -> Result<GameId, InputError> {
        let name: String = raw.trim().nfkc().collect();
        let name = name.trim();
        let len = name.chars().count();
        if !(1..=Self::MAX_CHARS).contains(&len) {
            return Err(InputError::GameIdLength);
        }
        if name.chars().any(char::is_control) {
            return Err(InputError::ControlCharacters);
        }
        let allowed =
            |c: char| c.is_alphanumeric() || matches!(c, ' ' | '·' | '・' | '-' | '_' | '.' | '\'');
        if !name.chars().all(allowed) || name.contains("  ") {
            return Err(InputError::GameIdCharacters);
        }
        Ok(GameId(name.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }

    /// Whether it passes for one of the site's own labels (the judge, the system, …).
    fn is_reserved(&self) -> bool {
        let key = confusable_key(&self.0);
        RESERVED_NAMES.iter().any(|r| confusable_key(r) == key)
    }
}

/// A game ID of a list that was refused, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("game ID {name:?}: {why}")]
pub struct CastError {
    /// The ID as it was given.
    pub name: String,
    pub why: InputError,
}

/// The game IDs of one game (a judge's character list, a fixed deal's seats), each parsed:
/// none reserved, no two alike (equal, or look-alikes such as `L` and `l`, `夜神月` and `夜神⽉`).
pub fn cast<S: AsRef<str>>(list: &[S]) -> Result<Vec<GameId>, CastError> {
    let mut ids: Vec<GameId> = Vec::with_capacity(list.len());
    let mut keys: Vec<String> = Vec::with_capacity(list.len());
    for raw in list {
        let raw = raw.as_ref();
        let refuse = |why| CastError {
            name: raw.to_string(),
            why,
        };
        let id = GameId::parse(raw).map_err(refuse)?;
        if id.is_reserved() {
            return Err(refuse(InputError::GameIdReserved));
        }
        let key = confusable_key(id.as_str());
        if keys.contains(&key) {
            return Err(refuse(InputError::GameIdLookalike));
        }
        keys.push(key);
        ids.push(id);
    }
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_ids_are_bounded_printable_names() {
        assert_eq!(
            GameId::parse("  夜神月 ").map(GameId::into_string),
            Ok("夜神月".into())
        );
        assert_eq!(
            GameId::parse("雷·贝鲁").map(GameId::into_string),
            Ok("雷·贝鲁".into())
        );
        assert_eq!(GameId::parse("L").map(GameId::into_string), Ok("L".into()));
        // Full width folds to the ordinary letters, as account names do.
        assert_eq!(
            GameId::parse("ＬＯＶＥ").map(GameId::into_string),
            Ok("LOVE".into())
        );
        assert_eq!(GameId::parse(""), Err(InputError::GameIdLength));
        assert_eq!(GameId::parse("   "), Err(InputError::GameIdLength));
        assert_eq!(
            GameId::parse(&"月".repeat(33)),
            Err(InputError::GameIdLength)
        );
        assert!(GameId::parse(&"月".repeat(32)).is_ok());
        assert_eq!(GameId::parse("a\0b"), Err(InputError::ControlCharacters));
        assert_eq!(GameId::parse("a\nb"), Err(InputError::ControlCharacters));
        assert_eq!(
            GameId::parse("a\u{202e}b"),
            Err(InputError::GameIdCharacters)
        );
        assert_eq!(GameId::parse("<b>"), Err(InputError::GameIdCharacters));
        assert_eq!(GameId::parse("a  b"), Err(InputError::GameIdCharacters));
    }

    #[test]
    fn a_cast_has_no_look_alikes_and_no_site_labels() {
        assert!(cast(&["夜神月", "L", "弥海砂"]).is_ok());
        let err = cast(&["L", "l"]).expect_err("look-alike");
        assert_eq!(
            (err.name.as_str(), err.why),
            ("l", InputError::GameIdLookalike)
        );
        let err = cast(&["Alice", "A1ice"]).expect_err("look-alike");
        assert_eq!(err.why, InputError::GameIdLookalike);
        // The Kangxi radical ⽉ (U+2F49) folds to 月 under NFKC.
        assert_eq!(
            cast(&["夜神月", "夜神⽉"]).expect_err("alike").why,
            InputError::GameIdLookalike
        );
        assert_eq!(
            cast(&["法官", "L"]).expect_err("reserved").why,
            InputError::GameIdReserved
        );
        assert_eq!(
            cast(&["JUDGE"]).expect_err("reserved").why,
            InputError::GameIdReserved
        );
    }

    #[test]
    fn every_default_cast_passes() {
        for v in crate::rules::Variant::offered() {
            let list = v.default_characters();
            let parsed = cast(list).unwrap_or_else(|e| panic!("{}: {e}", v.name()));
            for (id, raw) in parsed.iter().zip(list) {
                assert_eq!(id.as_str(), *raw, "{} keeps its names as written", v.name());
            }
        }
    }
}
