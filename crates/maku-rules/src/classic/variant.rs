//! The classic presets' handles in the registry, one per preset.

use super::Preset;
use super::rules::info;
use crate::variant::{Variant, VariantInfo};

/// The rules of one classic preset.
pub struct Classic(pub(super) Preset, pub(super) VariantInfo);

pub const DONGSHA: Variant = Variant::new(&Classic(Preset::Dongsha, info(Preset::Dongsha)));
pub const KILLGAME: Variant = Variant::new(&Classic(Preset::Killgame, info(Preset::Killgame)));
pub const SHENGTUI: Variant = Variant::new(&Classic(Preset::Shengtui, info(Preset::Shengtui)));
pub const WUJIAN: Variant = Variant::new(&Classic(Preset::Wujian, info(Preset::Wujian)));

/// The handle of `preset`.
pub fn of(preset: Preset) -> Variant {
    match preset {
        Preset::Dongsha => DONGSHA,
        Preset::Killgame => KILLGAME,
        Preset::Shengtui => SHENGTUI,
        Preset::Wujian => WUJIAN,
    }
}
