//! A stored game row's values as the rules know them. The store knows no rules (`db/` refers to
//! nothing above it), so the row keeps its variant's name; the one place that name becomes a
//! [`Variant`] is here.

use crate::db::models::GameRow;
use crate::error::AppError;
use crate::rules::Variant;

/// The variant a stored game plays. Every stored name is one this build knows (a game is
/// created only with a known variant); another is a server fault, not a user's.
pub fn variant_of(row: &GameRow) -> Result<Variant, AppError> {
    Variant::from_name(&row.variant)
        .ok_or_else(|| AppError::Internal(format!("unknown variant {:?}", row.variant)))
}
