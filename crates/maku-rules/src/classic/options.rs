//! A classic game's options (replay `options`, the judge's at creation), checked at once: an
//! unknown key or a value the engine does not take is refused.

use serde_json::Value;

use crate::table::{self, Speeches};

/// The ruling book's edition this engine plays (`classic.md`, second edition); a game pins it
/// in its options at the start, and no other is accepted.
pub const EDITION: u8 = 2;

/// A game's settings.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Options {
    /// `speeches`: `"ordered"` (default) or `"free"`.
    pub speeches: Speeches,
    /// `previous_first_victim` (CL-3): the first-night victim of the previous game of a series,
    /// by game ID; the first night may not kill that seat.
    pub previous_first_victim: Option<String>,
}

impl Options {
    /// Reads `options` (`null` or an object): `edition` (only 2), `speeches`,
    /// `previous_first_victim`; anything else is refused with the reason.
    pub fn from_json(options: &Value) -> Result<Options, String> {
        let mut out = Options::default();
        let Some(map) = table::option_map(options)? else {
            return Ok(out);
        };
        for (k, v) in map {
            match k.as_str() {
                "edition" => table::edition(v, EDITION)?,
                "speeches" => out.speeches = table::speeches(v)?,
                "previous_first_victim" => match v {
                    Value::String(s) => out.previous_first_victim = Some(s.clone()),
                    Value::Null => out.previous_first_victim = None,
                    _ => return Err("previous_first_victim must be a game ID".into()),
                },
                other => return Err(format!("unknown option {other:?}")),
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn options_are_checked() {
        assert_eq!(Options::from_json(&json!({})), Ok(Options::default()));
        let o = Options::from_json(
            &json!({"edition": 2, "speeches": "free", "previous_first_victim": "令狐冲"}),
        )
        .expect("good options");
        assert_eq!(o.speeches, Speeches::Free);
        assert_eq!(o.previous_first_victim.as_deref(), Some("令狐冲"));
        for bad in [
            json!({"edition": 1}),
            json!({"speeches": "loud"}),
            json!({"previous_first_victim": 3}),
            json!({"redistribute": false}),
            json!([]),
        ] {
            assert!(Options::from_json(&bad).is_err(), "{bad}");
        }
    }
}
