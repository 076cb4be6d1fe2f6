//! Boards: an admin creates them (pages and API alike).

use crate::app::AppState;
use crate::db::queries::forum;
use crate::domain::{BoardSlug, Title};
use crate::error::AppError;

/// Creates a board; `409 slug_taken` when the slug is taken. The caller checks that an admin
/// asks.
pub async fn create_board(
    state: &AppState,
    slug: &str,
    title: &str,
    description: &str,
) -> Result<(), AppError> {
    let slug = BoardSlug::parse(slug)?;
    let title = Title::parse(title)?;
    let description = description.trim().chars().take(500).collect::<String>();
    state
        .write(move |c| {
            forum::create_board(c, slug.as_str(), title.as_str(), &description)?
                .map(|_| ())
                .ok_or(AppError::Conflict("slug_taken"))
        })
        .await
}
