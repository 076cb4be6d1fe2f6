//! The classic presets' handles in the registry, one per preset, and the handle of a judge's
//! own setup of the classic book.

use super::Preset;
use super::forms::forms_of;
use super::preset::{Custom, Table};
use super::rules::info;
use crate::setups::{Book, CiviliansOut, Setup, Win};
use crate::variant::{Variant, VariantInfo};

/// The rules of one classic table.
pub struct Classic(pub(super) Table, pub(super) VariantInfo);

pub const DONGSHA: Variant = Variant::new(&Classic(Preset::Dongsha.table(), info(Preset::Dongsha)));
pub const KILLGAME: Variant =
    Variant::new(&Classic(Preset::Killgame.table(), info(Preset::Killgame)));
pub const SHENGTUI: Variant =
    Variant::new(&Classic(Preset::Shengtui.table(), info(Preset::Shengtui)));
pub const WUJIAN: Variant = Variant::new(&Classic(Preset::Wujian.table(), info(Preset::Wujian)));

/// The handle of `preset`.
pub fn of(preset: Preset) -> Variant {
    match preset {
        Preset::Dongsha => DONGSHA,
        Preset::Killgame => KILLGAME,
        Preset::Shengtui => SHENGTUI,
        Preset::Wujian => WUJIAN,
    }
}

/// A handle for a judge's own setup of the classic book, named `name` and shown as `label`.
/// `None` for a setup of another book. The handle lives as long as the process, as the
/// registry's do; `setups::custom_variant` makes one per name.
pub fn custom(name: &'static str, label: &'static str, setup: &Setup) -> Option<Variant> {
    if setup.book != Book::Classic {
        return None;
    }
    let custom: &'static Custom = Box::leak(Box::new(Custom::new(name, setup.clone())));
    let table = Table::Custom(custom);
    // The preset whose page and series rule the custom table shares: wujian's for 无间道's
    // rule, dongsha's for the rest.
    let like = if table.is_wujian() {
        Preset::Wujian
    } else {
        Preset::Dongsha
    };
    // Its family, whose leaderboard its games count on: the preset of its win rule (the
    // parity rule's good against killers: 东杀's, as CL-10's 屠城 column).
    let family = match custom.setup.win {
        Win::Sides {
            civilians_out: CiviliansOut::Draw,
        } => Preset::Killgame,
        Win::Shengtui => Preset::Shengtui,
        Win::Wujian => Preset::Wujian,
        _ => Preset::Dongsha,
    };
    let info = VariantInfo {
        name,
        board: Some(family.name()),
        seats: table.seats(),
        action_forms: forms_of(&custom.setup),
        outcomes: custom.setup.outcomes(),
        team_threads: Box::leak(table.team_threads().collect::<Vec<_>>().into_boxed_slice()),
        offered: false,
        label: Some(label),
        // Its rules page is to come from its document (issue 40), not the preset's.
        rules_doc: None,
        ..info(like)
    };
    let variant = Variant::new(Box::leak(Box::new(Classic(table, info))));
    let _ = custom.variant.set(variant);
    Some(variant)
}
