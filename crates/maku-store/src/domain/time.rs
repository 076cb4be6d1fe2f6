//! Time at the edges. In memory a time is a [`NaiveDateTime`] in UTC, the project's one time
//! type (the clock, the database's timestamp columns, the pages' `TimeView`); as text it is
//! ISO 8601, UTC, to the second (`2026-12-01T20:00:00Z`), the one shape the stored log, act
//! posts, notices, notifications and the API write. Text is parsed once where it enters (a
//! stored row, through the serde modules below) and printed once where it leaves.

use chrono::NaiveDateTime;

/// The stored shape: `2026-12-01T20:00:00Z`.
const FORMAT: &str = "%Y-%m-%dT%H:%M:%SZ";

/// A time as events, act posts and the API write it.
pub fn iso(t: NaiveDateTime) -> String {
    t.format(FORMAT).to_string()
}

/// A stored time read back: the shape [`iso`] writes, or (should another writer ever have
/// stored one) any RFC 3339 time, taken to UTC.
pub fn parse_iso(text: &str) -> Option<NaiveDateTime> {
    NaiveDateTime::parse_from_str(text, FORMAT)
        .ok()
        .or_else(|| {
            chrono::DateTime::parse_from_rfc3339(text)
                .ok()
                .map(|t| t.naive_utc())
        })
}

/// Serde for a time kept as a chrono value and stored as [`iso`] text
/// (`#[serde(with = "crate::domain::time::iso_time")]`).
pub mod iso_time {
    use chrono::NaiveDateTime;
    use serde::Deserialize;

    pub fn serialize<S: serde::Serializer>(t: &NaiveDateTime, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&super::iso(*t))
    }

    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<NaiveDateTime, D::Error> {
        let text = std::borrow::Cow::<str>::deserialize(d)?;
        super::parse_iso(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("not an ISO 8601 time: {text:?}")))
    }

    /// The same for a time that may be absent (`null`; with `#[serde(default)]`, a missing
    /// field).
    pub mod option {
        use chrono::NaiveDateTime;
        use serde::Deserialize;

        pub fn serialize<S: serde::Serializer>(
            t: &Option<NaiveDateTime>,
            s: S,
        ) -> Result<S::Ok, S::Error> {
            match t {
                Some(t) => s.serialize_str(&super::super::iso(*t)),
                None => s.serialize_none(),
            }
        }

        pub fn deserialize<'de, D: serde::Deserializer<'de>>(
            d: D,
        ) -> Result<Option<NaiveDateTime>, D::Error> {
            match Option::<std::borrow::Cow<str>>::deserialize(d)? {
                None => Ok(None),
                Some(text) => super::super::parse_iso(&text).map(Some).ok_or_else(|| {
                    serde::de::Error::custom(format!("not an ISO 8601 time: {text:?}"))
                }),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Kept {
        #[serde(with = "iso_time")]
        at: NaiveDateTime,
        #[serde(default, with = "iso_time::option")]
        due: Option<NaiveDateTime>,
    }

    #[test]
    fn a_stored_time_reads_back_and_writes_the_same_text() {
        for text in [
            r#"{"at":"2026-12-01T20:00:00Z","due":"2027-01-31T23:59:59Z"}"#,
            r#"{"at":"2026-12-01T20:00:00Z","due":null}"#,
        ] {
            let kept: Kept = serde_json::from_str(text).expect("a stored row");
            assert_eq!(serde_json::to_string(&kept).expect("json"), text);
        }
        let kept: Kept = serde_json::from_str(r#"{"at":"2026-12-01T20:00:00Z"}"#).expect("row");
        assert_eq!(kept.due, None, "a missing time is none");
        assert_eq!(
            iso(kept.at),
            "2026-12-01T20:00:00Z",
            "the chrono value is the stored time"
        );
    }

    #[test]
    fn another_rfc3339_shape_is_taken_to_utc_and_garbage_is_refused() {
        assert_eq!(
            parse_iso("2026-12-02T04:00:00+08:00").map(iso).as_deref(),
            Some("2026-12-01T20:00:00Z")
        );
        assert!(serde_json::from_str::<Kept>(r#"{"at":"tomorrow"}"#).is_err());
        assert!(
            serde_json::from_str::<Kept>(r#"{"at":"2026-12-01T20:00:00Z","due":"x"}"#).is_err()
        );
    }
}
