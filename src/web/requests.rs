//! What a request means, read the same way by the JSON API (`web::api`) and the pages
//! (`web::games`): a games list's filters, the act a judge's request means, and a new deadline.
//!
//! Here, below both, so that neither imports the other: the pages' console borrowed the API's
//! deadline parsing, the API the pages' list filters, and the two made one import circle of four
//! files (docs/architecture.md; `tests/layers.rs` finds a circle through relative paths too).

use crate::app::AppState;
use crate::db::queries::games;
use crate::domain::{GameStatus, InputError};
use crate::error::AppError;
use crate::rules::Variant;
use chrono::NaiveDateTime;
use serde::Deserialize;

/// A list's filters as typed (a variant's name, a status; empty: any) → typed values; a name
/// no variant or status has is refused, and so is a value of white space or control characters
/// alone (`?status=%0D`): only the empty value, as a form's "any" sends it, means any.
pub fn list_filters(
    variant: &str,
    status: &str,
) -> Result<(Option<Variant>, Option<GameStatus>), AppError> {
    let variant = match variant {
        "" => None,
        v => Some(
            Variant::from_name(v.trim())
                .ok_or_else(|| AppError::BadRequest(format!("no variant is named {v:?}")))?,
        ),
    };
    let status = match status {
        "" => None,
        s => Some(
            GameStatus::parse(s.trim())
                .ok_or_else(|| AppError::BadRequest(format!("no game status is named {s:?}")))?,
        ),
    };
    Ok((variant, status))
}

/// The act a judge's request means (`{"act": N}`, required): a request made for an act that is
/// no longer open is refused instead of acting on the next one.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeantAct {
    pub act: u32,
}

/// Reads an ISO deadline: `2026-12-01T20:00:00Z`, with an offset, or without a zone (UTC).
pub fn parse_deadline(raw: &str) -> Option<NaiveDateTime> {
    let raw = raw.trim();
    if let Ok(t) = chrono::DateTime::parse_from_rfc3339(raw) {
        return Some(t.naive_utc());
    }
    ["%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"]
        .iter()
        .find_map(|f| NaiveDateTime::parse_from_str(raw, f).ok())
}

/// The new deadline a request names: an absolute time, or minutes after the current one;
/// never both.
pub async fn requested_deadline(
    state: &AppState,
    game_id: i64,
    deadline: Option<&str>,
    extend_minutes: Option<i64>,
) -> Result<NaiveDateTime, AppError> {
    match (deadline, extend_minutes) {
        // Both forms at once: which one was meant is unclear, so neither is taken.
        (Some(_), Some(_)) => Err(InputError::DeadlineBoth.into()),
        (Some(d), None) => parse_deadline(d).ok_or(InputError::Deadline.into()),
        (None, Some(m)) if (1..=60 * 24 * 30).contains(&m) => {
            let current = state
                .db(move |c| Ok(games::deadline(c, game_id)?))
                .await?
                .ok_or(AppError::Conflict("game_not_started"))?;
            Ok(current.1 + chrono::Duration::minutes(m))
        }
        // Malformed input is a 400, not a state conflict.
        _ => Err(InputError::Deadline.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::{list_filters, parse_deadline};

    #[test]
    fn deadlines_parse_in_the_usual_forms() {
        let t = parse_deadline("2026-12-01T20:00:00Z").expect("rfc3339");
        assert_eq!(t.to_string(), "2026-12-01 20:00:00");
        let t = parse_deadline("2026-12-01T22:00:00+02:00").expect("offset");
        assert_eq!(t.to_string(), "2026-12-01 20:00:00");
        assert!(parse_deadline("2026-12-01T20:00").is_some());
        assert!(parse_deadline("tomorrow").is_none());
    }

    #[test]
    fn list_filters_are_typed_or_refused() {
        let (variant, status) = list_filters("", "").expect("any");
        assert!(variant.is_none() && status.is_none());
        // White space or a control character alone is no name, not "any" (schemathesis sent
        // `?status=%0D` and got the whole list).
        assert!(list_filters(" ", "").is_err());
        assert!(list_filters("", "\r").is_err());
        assert!(list_filters(" deathnote ", "").is_ok_and(|(v, _)| v.is_some()));
        assert!(list_filters("no such variant", "").is_err());
        assert!(list_filters("", "no such status").is_err());
    }
}
