//! The role games' handles in the registry, one per game.

use super::RoleGame;
use super::rules::info;
use crate::variant::{Variant, VariantInfo};

/// The rules of one role game.
pub struct Roles(pub(super) RoleGame, pub(super) VariantInfo);

pub const V4WUJIAN: Variant = Variant::new(&Roles(RoleGame::V4Wujian, info(RoleGame::V4Wujian)));
pub const V5EMIN: Variant = Variant::new(&Roles(RoleGame::V5Emin, info(RoleGame::V5Emin)));

/// The handle of `game`.
pub fn of(game: RoleGame) -> Variant {
    match game {
        RoleGame::V4Wujian => V4WUJIAN,
        RoleGame::V5Emin => V5EMIN,
    }
}
