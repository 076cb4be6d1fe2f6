//! The role games' handles in the registry, one per game, and the handle of a judge's own setup
//! of the 4.0 or 5.0 book.

use std::sync::OnceLock;

use super::RoleGame;
use super::rules::info;
use super::table::{RoleCustom, RoleTable};
use crate::forms::ActionForm;
use crate::setups::Setup;
use crate::variant::{Variant, VariantInfo};

/// The rules of one role table.
pub struct Roles(pub(super) RoleTable, pub(super) VariantInfo);

pub const V4WUJIAN: Variant = Variant::new(&Roles(
    RoleTable::Preset(RoleGame::V4Wujian),
    info(RoleGame::V4Wujian),
));
pub const V5EMIN: Variant = Variant::new(&Roles(
    RoleTable::Preset(RoleGame::V5Emin),
    info(RoleGame::V5Emin),
));

/// The handle of `game`.
pub fn of(game: RoleGame) -> Variant {
    match game {
        RoleGame::V4Wujian => V4WUJIAN,
        RoleGame::V5Emin => V5EMIN,
    }
}

/// A handle for a judge's own setup of the 4.0 or 5.0 book, named `name` and shown as `label`:
/// the role-game engine plays it by its book's mechanics. `None` for a setup of the classic
/// book. The handle lives as long as the process, as the registry's do;
/// `setups::custom_variant` makes one per name.
pub fn custom(name: &'static str, label: &'static str, setup: &Setup) -> Option<Variant> {
    custom_table(name, label, setup).map(|(_, v)| v)
}

/// [`custom`]'s table and handle.
pub(super) fn custom_table(
    name: &'static str,
    label: &'static str,
    setup: &Setup,
) -> Option<(RoleTable, Variant)> {
    let game = RoleGame::of_book(setup.book)?;
    let threads: Vec<&'static str> = setup.teams.iter().map(|t| t.name()).collect();
    let custom: &'static RoleCustom = Box::leak(Box::new(RoleCustom {
        name,
        setup: setup.clone(),
        game,
        threads: Box::leak(threads.into_boxed_slice()),
        forms: forms_of(game, setup),
        variant: OnceLock::new(),
    }));
    let table = RoleTable::Custom(custom);
    let info = VariantInfo {
        name,
        seats: table.seats(),
        action_forms: custom.forms,
        team_threads: custom.threads,
        // Up to 20 seats: the whole shared cast.
        default_characters: &crate::table::CAST,
        offered: false,
        label: Some(label),
        // Its games count under its book's preset (issue 40).
        board: Some(game.name()),
        // Its rules page is its setup version's, not the preset's.
        rules_doc: None,
        ..info(game)
    };
    let variant = Variant::new(Box::leak(Box::new(Roles(table, info))));
    let _ = custom.variant.set(variant);
    Some((table, variant))
}

/// The book's action forms (R4-3, R5-1) for the night actions the setup's dealt roles have,
/// in the book's order, the vote last.
fn forms_of(game: RoleGame, setup: &Setup) -> &'static [ActionForm] {
    let acts: Vec<&'static str> = setup
        .roles()
        .filter_map(|r| r.action.map(|a| a.name()))
        .collect();
    let forms: Vec<ActionForm> = super::forms(game)
        .iter()
        .filter(|f| f.kind == "vote" || acts.contains(&f.kind))
        .copied()
        .collect();
    Box::leak(forms.into_boxed_slice())
}
