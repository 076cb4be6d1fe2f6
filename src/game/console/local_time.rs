//! Deadlines in the game's time zone: a time as the judge's picker sends it, read as UTC, and
//! the zone a game's deadlines are entered and read in.

use crate::db::DbConnection;
use crate::error::AppError;
use crate::game::service::load;
use chrono::NaiveDateTime;

/// Why a deadline typed in the game's time zone does not name one instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LocalTimeError {
    /// Not a date and time (`2026-12-02T20:00`, as `<input type="datetime-local">` sends it).
    Malformed,
    /// The clocks skip that time (the start of summer time).
    Gap,
    /// The clocks show that time twice (the end of summer time).
    Ambiguous,
}

/// A deadline as the judge's date-time picker sends it, read in the zone `tz`, as UTC.
pub fn local_deadline(raw: &str, tz: chrono_tz::Tz) -> Result<NaiveDateTime, LocalTimeError> {
    use chrono::{LocalResult, TimeZone};
    let raw = raw.trim();
    let local = [
        "%Y-%m-%dT%H:%M",
        "%Y-%m-%dT%H:%M:%S",
        "%Y-%m-%dT%H:%M:%S%.f",
    ]
    .iter()
    .find_map(|f| NaiveDateTime::parse_from_str(raw, f).ok())
    .ok_or(LocalTimeError::Malformed)?;
    match tz.from_local_datetime(&local) {
        LocalResult::Single(t) => Ok(t.naive_utc()),
        LocalResult::None => Err(LocalTimeError::Gap),
        LocalResult::Ambiguous(..) => Err(LocalTimeError::Ambiguous),
    }
}

/// The time zone of a game's deadlines (the judge's, chosen at creation).
pub fn zone(c: &mut DbConnection, game_id: i64) -> Result<chrono_tz::Tz, AppError> {
    let (_, folded) = load(c, game_id)?;
    Ok(folded.settings.tz())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deadlines_typed_in_the_judges_zone() {
        let at = |s: &str| NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").expect("time");
        let shanghai = chrono_tz::Asia::Shanghai;
        assert_eq!(
            local_deadline("2026-12-02T20:00", shanghai),
            Ok(at("2026-12-02 12:00"))
        );
        assert_eq!(
            local_deadline(" 2026-12-02T20:00:00 ", shanghai),
            Ok(at("2026-12-02 12:00"))
        );
        let berlin = chrono_tz::Europe::Berlin;
        // Summer time starts 2027-03-28 at 02:00 (clocks jump to 03:00) and ends 2027-10-31
        // at 03:00 (clocks go back to 02:00).
        assert_eq!(
            local_deadline("2027-03-28T02:30", berlin),
            Err(LocalTimeError::Gap)
        );
        assert_eq!(
            local_deadline("2027-10-31T02:30", berlin),
            Err(LocalTimeError::Ambiguous)
        );
        assert_eq!(
            local_deadline("2027-10-31T04:30", berlin),
            Ok(at("2027-10-31 03:30"))
        );
        for bad in [
            "",
            "tomorrow",
            "2026-12-02",
            "2026-13-02T20:00",
            "2026-12-02T20:00Z",
        ] {
            assert_eq!(
                local_deadline(bad, shanghai),
                Err(LocalTimeError::Malformed),
                "{bad}"
            );
        }
    }
}
