//! The fields both engines' action objects read alike (`../shared/spec/replay.md`): a seat
//! named by game ID, and a day action's round (CL-7: 1, 2 or 3).

use serde_json::Value;

use crate::action::Malformed;

/// The `target` of an action object of type `kind`: a game ID, or `null` (`None`) where
/// `null_ok`; anything else, or none, is malformed.
pub fn target(v: &Value, kind: &str, null_ok: bool) -> Result<Option<String>, Malformed> {
    match v.get("target") {
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(Value::Null) if null_ok => Ok(None),
        Some(_) if null_ok => Err(Malformed::field(
            "target",
            format!("{kind}: target must be a game ID or null"),
        )),
        Some(_) => Err(Malformed::field(
            "target",
            format!("{kind}: target must be a game ID"),
        )),
        None => Err(Malformed::field("target", format!("{kind} needs a target"))),
    }
}

/// A day action's `round`: 1, 2 or 3 (CL-7's rounds); absent or `null`, none named.
pub fn round(v: &Value) -> Result<Option<u8>, Malformed> {
    match v.get("round") {
        None | Some(Value::Null) => Ok(None),
        Some(r) => match r.as_u64() {
            Some(n @ 1..=3) => Ok(Some(n as u8)),
            _ => Err(Malformed::field("round", "round must be 1, 2 or 3")),
        },
    }
}
