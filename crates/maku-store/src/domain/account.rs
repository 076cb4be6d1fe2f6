use super::{InputError, has_control};
use unicode_normalization::UnicodeNormalization;

/// A forum account name. It is also the "real ID" a Kira guesses (DN-7), so it is unique under
/// the same comparison: trimmed, NFKC, ASCII letters case-insensitive; and no two names may
/// look alike ([`confusable_key`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Username(String);

impl Username {
    /// Trims and normalises to NFKC (a full-width `ａｌｉｃｅ` is stored as `alice`), then checks
    /// length and characters.
    pub fn parse(raw: &str) -> Result<Username, InputError> {
        let name: String = raw.trim().nfkc().collect();
        let name = name.trim();
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

    /// The look-alike key (stored, unique): see [`confusable_key`].
    pub fn confusable_key(&self) -> String {
        confusable_key(&self.0)
    }

    /// Every look-alike key to check: the stored one, and that of the lower-cased name, so
    /// that `ADMIN` (whose capital I is a look-alike of l) still meets `admin`.
    pub fn confusable_keys(&self) -> [String; 2] {
        confusable_keys(&self.0)
    }

    /// A name the system uses for itself (judge, admin, system labels, in either language) or
    /// a character of the default cast, which would pass for a game ID. Compared by look-alike
    /// key, so `ａｄｍｉｎ`, `ADMIN` and `аdmin` (Cyrillic а) are reserved too.
    pub fn is_reserved(&self) -> bool {
        let keys = self.confusable_keys();
        RESERVED_NAMES
            .iter()
            .chain(crate::rules::Variant::offered().flat_map(|v| v.default_characters()))
            .any(|r| keys.contains(&confusable_key(r)))
    }
}

/// Names nobody may register: the labels pages show for the system and its roles (see the
/// `thread-judge`, `feed-judge`, `judge`, `admin` and `player` messages), and the site's name.
pub const RESERVED_NAMES: [&str; 14] = [
    "法官",
    "管理员",
    "玩家",
    "系统",
    "幕",
    "maku",
    "judge",
    "admin",
    "administrator",
    "player",
    "system",
    "moderator",
    "版主",
    "root",
];

/// The DN-7 comparison key of any name: trimmed, NFKC, ASCII letters lower-cased.
pub fn name_key(raw: &str) -> String {
    let nfkc: String = raw.trim().nfkc().collect();
    nfkc.trim().to_ascii_lowercase()
}

/// Two names with the same key look alike (UTS #39 confusable skeleton): NFKC, skeleton,
/// lower case, skeleton again, so that `Alice`, `AIice` (capital i), `A1ice`, `аlice` (Cyrillic
/// а) and `ａｌｉｃｅ` all meet. Never shown: it is only compared.
pub fn confusable_key(raw: &str) -> String {
    let nfkc: String = raw.trim().nfkc().collect();
    let once: String = unicode_security::skeleton(nfkc.trim()).collect();
    let lower = once.to_lowercase();
    unicode_security::skeleton(&lower).collect()
}

/// Every look-alike key of any name (a game ID too): [`Username::confusable_keys`].
pub fn confusable_keys(raw: &str) -> [String; 2] {
    [confusable_key(raw), confusable_key(&raw.to_lowercase())]
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

    /// Look-alikes of a name share its key; different names do not.
    #[test]
    fn look_alikes_share_a_key() {
        let alice = confusable_key("alice");
        for twin in [
            "Alice",
            "AIice",
            "A1ice",
            "\u{430}lice",
            "\u{410}lice",
            "\u{ff41}\u{ff4c}\u{ff49}\u{ff43}\u{ff45}",
            " alice ",
        ] {
            assert_eq!(confusable_key(twin), alice, "{twin:?}");
        }
        for other in ["alicia", "bob", "a_lice", "夜神月"] {
            assert_ne!(confusable_key(other), alice, "{other:?}");
        }
        // A capital I is a look-alike of l: the lower-cased name's key is checked too.
        let upper = Username::parse("\u{410}LICE").expect("valid");
        assert_ne!(upper.confusable_key(), alice);
        assert!(upper.confusable_keys().contains(&alice));
        assert_eq!(confusable_key("夜神\u{2f49}"), confusable_key("夜神月"));
        assert_eq!(
            confusable_key("\u{440}\u{430}\u{443}\u{440}\u{430}l"),
            confusable_key("paypal")
        );
    }

    #[test]
    fn names_are_stored_in_nfkc() {
        let n = Username::parse("\u{ff41}\u{ff4c}\u{ff49}\u{ff43}\u{ff45}").expect("valid");
        assert_eq!(n.as_str(), "alice");
        assert_eq!(n.key(), "alice");
        assert_eq!(name_key(" ＡＬＩＣＥ "), "alice");
        // NFKC runs before the length check: ﬀ is two letters.
        assert_eq!(Username::parse("\u{fb00}").map(|n| n.0), Ok("ff".into()));
    }

    /// The judge's and the system's names and the default cast cannot be registered, nor can
    /// their look-alikes (the labels in both languages: `i18n::tests::reserved_labels`).
    #[test]
    fn reserved_names() {
        for raw in [
            "法官",
            "admin",
            "ADMIN",
            "ａｄｍｉｎ",
            "\u{430}dmin",
            "System",
            "夜神月",
            "尼亚",
        ] {
            assert!(Username::parse(raw).expect("valid").is_reserved(), "{raw}");
        }
        for raw in ["alice", "法官甲", "admins", "夜神"] {
            assert!(!Username::parse(raw).expect("valid").is_reserved(), "{raw}");
        }
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
