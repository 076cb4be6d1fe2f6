use super::{InputError, has_control};

/// A forum account name. It is also the "real ID" a Kira guesses (DN-7), so it is unique under
/// the same comparison: trimmed, ASCII letters case-insensitive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Username(String);

impl Username {
    pub fn parse(raw: &str) -> Result<Username, InputError> {
        let name = raw.trim();
        let len = name.chars().count();
        if !(2..=32).contains(&len) {
            return Err(InputError::NameLength);
        }
        if has_control(name) {
            return Err(InputError::ControlCharacters);
        }
        if !name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'))
        {
            return Err(InputError::NameCharacters);
        }
        Ok(Username(name.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The uniqueness key: DN-7's comparison.
    pub fn key(&self) -> String {
        name_key(&self.0)
    }
}

/// The DN-7 comparison key of any name: trimmed, ASCII letters lower-cased.
pub fn name_key(raw: &str) -> String {
    raw.trim().to_ascii_lowercase()
}

/// A new password (a password being checked at sign-in is not parsed: any string may be tried).
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(…)")
    }
}

impl Password {
    pub fn parse(raw: &str) -> Result<Password, InputError> {
        let len = raw.chars().count();
        if !(8..=128).contains(&len) {
            return Err(InputError::PasswordLength);
        }
        Ok(Password(raw.to_string()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Role {
    Player,
    Judge,
    Admin,
}

impl Role {
    pub const ALL: [Role; 3] = [Role::Player, Role::Judge, Role::Admin];

    pub fn parse(raw: &str) -> Result<Role, InputError> {
        match raw.trim() {
            "player" => Ok(Role::Player),
            "judge" => Ok(Role::Judge),
            "admin" => Ok(Role::Admin),
            _ => Err(InputError::Role),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Player => "player",
            Role::Judge => "judge",
            Role::Admin => "admin",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_keyed_case_insensitively() {
        let n = Username::parse("  Alice ").expect("valid");
        assert_eq!(n.as_str(), "Alice");
        assert_eq!(n.key(), "alice");
        assert!(Username::parse("夜神月").is_ok());
        assert_eq!(Username::parse("a"), Err(InputError::NameLength));
        assert_eq!(
            Username::parse(&"x".repeat(33)),
            Err(InputError::NameLength)
        );
        assert_eq!(Username::parse("a b"), Err(InputError::NameCharacters));
        assert_eq!(Username::parse("<script>"), Err(InputError::NameCharacters));
        assert_eq!(
            Username::parse("ab\u{0007}"),
            Err(InputError::ControlCharacters)
        );
    }

    #[test]
    fn passwords_have_bounds() {
        assert!(Password::parse("short").is_err());
        assert!(Password::parse("long enough").is_ok());
        assert!(Password::parse(&"p".repeat(129)).is_err());
        assert_eq!(
            format!("{:?}", Password::parse("secret-pw").unwrap()),
            "Password(…)"
        );
    }

    #[test]
    fn roles_parse() {
        assert_eq!(Role::parse("judge"), Ok(Role::Judge));
        assert_eq!(Role::parse("root"), Err(InputError::Role));
    }
}
