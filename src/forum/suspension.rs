//! The one check every write of an account makes: a suspended account (docs/moderation.md)
//! may read, not post or act. Its own file, below the forum's and the games' services, so both
//! ask it without importing each other.

use crate::db::DbConnection;
use crate::db::queries::moderation;
use crate::error::AppError;

/// `Err(Suspended)` with the reason and the end while `user_id` is suspended. Call inside the
/// write transaction, so a suspension that commits first is seen.
pub fn refuse_if_suspended(c: &mut DbConnection, user_id: i64) -> Result<(), AppError> {
    match moderation::active_suspension(c, user_id, crate::db::queries::now())? {
        Some((until, reason)) => Err(AppError::Suspended { until, reason }),
        None => Ok(()),
    }
}
