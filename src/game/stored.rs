//! A stored game row's values as the rules know them. The store knows no rules (`db/` refers to
//! nothing above it), so the row keeps its variant's name; the one place that name becomes a
//! [`Variant`] is here.

use crate::db::models::GameRow;
use crate::error::AppError;
use crate::rules::Variant;

/// The variant a stored game plays. Every stored name is one this build knows (a game is
/// created only with a known variant) or a judge's own setup whose document the game's settings
/// pin (read once per process, `PinnedSetup::variant`); another is a server fault, not a user's.
pub fn variant_of(row: &GameRow) -> Result<Variant, AppError> {
    if let Some(v) = Variant::from_name(&row.variant) {
        return Ok(v);
    }
    let pinned = serde_json::from_str::<crate::game::settings::GameSettings>(&row.settings)
        .map(|s| s.variant)
        .ok()
        .filter(|v| v.name() == row.variant);
    pinned.ok_or_else(|| AppError::Internal(format!("unknown variant {:?}", row.variant)))
}
