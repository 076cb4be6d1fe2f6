//! What a role game's table needs besides the rules: the default cast and the action forms.

use super::role::RoleGame;
use crate::forms::{ActionForm, FieldInput, FormField};
use crate::table;

/// The default character list: the first 16 of the shared cast (enough for 4.0's table).
pub const CAST: &[&str] = table::CAST.split_at(16).0;

/// The action forms of `kind`'s actions, in the order a seat page shows them.
pub const fn forms(kind: RoleGame) -> &'static [ActionForm] {
    match kind {
        RoleGame::V4Wujian => &V4,
        RoleGame::V5Emin => &V5,
    }
}

/// 4.0's (R4-3).
const V4: [ActionForm; 7] = [
    form("kill", ANY),
    form("check", ANY),
    form("hug", OTHER),
    form("silence", ANY),
    form("save", ANY),
    form("secret_kill", OTHER),
    table::VOTE,
];

/// 5.0's (R5-1).
const V5: [ActionForm; 10] = [
    form("hug", OTHER),
    form("magic", OTHER),
    form("query", OTHER),
    form("kill", ANY),
    form("silence", ANY),
    form("check", OTHER),
    form("needle", ANY),
    form("snipe", ANY),
    form("dark_vote", ANY),
    table::VOTE,
];

/// A living seat, its own included.
const ANY: &[FormField] = &[FormField::required("target", FieldInput::LivingSeat)];

/// A living seat other than its own (R4-3's hug and secret kill; R5-1's banned self-targets).
const OTHER: &[FormField] = &[FormField::required("target", FieldInput::OtherLivingSeat)];

/// A night action naming one seat (R4-3, R5-1).
const fn form(kind: &'static str, fields: &'static [FormField]) -> ActionForm {
    ActionForm {
        kind,
        fields,
        confirm: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cast_fills_the_largest_table() {
        assert_eq!(CAST.len(), 16);
        for kind in RoleGame::ALL {
            assert!(CAST.len() >= *kind.seats().end());
        }
    }
}
