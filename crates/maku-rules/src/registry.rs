//! The one list of variants. A new variant is a folder of this crate (its engine, its messages
//! and its catalog files, `catalog/<lang>.ftl`), its `mod` line in `lib.rs` and one line here
//! (docs/variants.md).

use super::variant::Variant;
use super::{classic, deathnote, roles};

/// Every variant this build knows, in the order pages list them.
pub(super) static ALL: &[Variant] = &[
    deathnote::VARIANT,
    classic::DONGSHA,
    classic::KILLGAME,
    classic::SHENGTUI,
    classic::WUJIAN,
    roles::V4WUJIAN,
    roles::V5EMIN,
    #[cfg(feature = "test-variant")]
    super::twophase::VARIANT,
];

impl Variant {
    /// Every variant this build knows (the test variant included, under its feature).
    pub fn all() -> &'static [Variant] {
        ALL
    }

    /// The variants a judge may choose, in the order pages list them.
    pub fn offered() -> impl Iterator<Item = Variant> {
        ALL.iter().copied().filter(|v| v.is_offered())
    }

    /// The first variant judges are offered (the create form's default).
    pub fn first() -> Variant {
        ALL[0]
    }

    /// `"deathnote"` → Death Note, …; `None` for a name this build does not know.
    pub fn from_name(name: &str) -> Option<Variant> {
        ALL.iter().copied().find(|v| v.name() == name)
    }
}
