//! JSON Schema pieces the operations are described with: a request body is an object that
//! refuses every other field (the handlers' structs deny unknown fields); an answer is an
//! object whose fields are always sent (`required`), and may gain fields later.

use serde_json::{Value, json};

pub fn string() -> Value {
    json!({"type": "string"})
}

/// A string described.
pub fn text(description: &str) -> Value {
    json!({"type": "string", "description": description})
}

pub fn integer() -> Value {
    json!({"type": "integer"})
}

/// A whole number in `min..=max`.
pub fn int_in(min: i64, max: i64) -> Value {
    json!({"type": "integer", "minimum": min, "maximum": max})
}

pub fn boolean() -> Value {
    json!({"type": "boolean"})
}

/// An ISO 8601 UTC time (`2026-12-01T20:00:00Z`).
pub fn time() -> Value {
    json!({"type": "string", "format": "date-time"})
}

/// One of `values`.
pub fn one_of(values: &[&str]) -> Value {
    json!({"type": "string", "enum": values})
}

/// A value the rules engine shapes (an event, an action, a reply, a role's state): an object
/// whose fields depend on the variant.
pub fn engine(description: &str) -> Value {
    json!({"type": "object", "description": description})
}

/// Any JSON value.
pub fn any(description: &str) -> Value {
    json!({"description": description})
}

/// `schema`, or `null`.
pub fn nullable(schema: Value) -> Value {
    match &schema["type"] {
        Value::String(t) => {
            let mut s = schema.clone();
            s["type"] = json!([t, "null"]);
            s
        }
        _ => json!({"anyOf": [schema, {"type": "null"}]}),
    }
}

pub fn array(items: Value) -> Value {
    json!({"type": "array", "items": items})
}

/// An object of string keys, each with a `values` value.
pub fn map(values: Value) -> Value {
    json!({"type": "object", "additionalProperties": values})
}

fn properties(fields: &[(&str, Value)]) -> serde_json::Map<String, Value> {
    fields
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect()
}

/// An answer: every field listed is always sent.
pub fn answer(fields: &[(&str, Value)]) -> Value {
    answer_with(fields, &[])
}

/// An answer with `required` fields always sent and `optional` ones sent at times.
pub fn answer_with(required: &[(&str, Value)], optional: &[(&str, Value)]) -> Value {
    let mut all = properties(required);
    all.extend(properties(optional));
    json!({"type": "object",
           "required": required.iter().map(|(k, _)| *k).collect::<Vec<_>>(),
           "properties": all})
}

/// `{"ok": true}`.
pub fn ok_true() -> Value {
    answer(&[("ok", json!({"type": "boolean", "const": true}))])
}

/// A request body: `required` fields must be sent, `optional` may be, nothing else is taken
/// (`400 unknown_field`).
pub fn request(required: &[(&str, Value)], optional: &[(&str, Value)]) -> Value {
    let mut all = properties(required);
    all.extend(properties(optional));
    let mut s = json!({"type": "object", "additionalProperties": false, "properties": all});
    if !required.is_empty() {
        s["required"] = json!(required.iter().map(|(k, _)| *k).collect::<Vec<_>>());
    }
    s
}

/// The error every route answers with (api.md).
pub fn error() -> Value {
    json!({"type": "object", "required": ["ok", "error", "message"],
           "properties": {"ok": {"type": "boolean", "const": false},
                          "error": {"type": "string", "description": "a stable code (unknown_field, not_seated, …)"},
                          "message": {"type": "string", "description": "the reason in the request's language"}}})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_refuses_other_fields_and_names_its_required_ones() {
        let s = request(&[("a", string())], &[("b", integer())]);
        assert_eq!(s["additionalProperties"], false);
        assert_eq!(s["required"], json!(["a"]));
        assert_eq!(s["properties"]["b"]["type"], "integer");
        assert!(request(&[], &[("b", integer())]).get("required").is_none());
    }

    #[test]
    fn nullable_keeps_the_type() {
        assert_eq!(nullable(time())["type"], json!(["string", "null"]));
        assert_eq!(nullable(time())["format"], "date-time");
        assert!(nullable(any("x"))["anyOf"].is_array());
    }
}
