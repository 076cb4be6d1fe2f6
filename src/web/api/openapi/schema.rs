//! JSON Schema pieces the operations are described with: a request body is an object that
//! refuses every other field (the handlers' structs deny unknown fields); an answer is an
//! object whose fields are always sent (`required`), and may gain fields later.

use serde_json::{Value, json};

pub fn string() -> Value {
    json!({"type": "string"})
}

/// The characters no text a user sends may hold (`domain::has_control`: every control
/// character but a tab and a line break), as a class for a schema's `pattern`.
const CONTROL: &str = r"\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f";
/// The white space trimming removes, besides the control characters above.
const SPACE: &str = r"\t\n\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";

/// Text a user sends (in a path, a query or a body): any, but no control character (the edge
/// answers `400 control_characters`).
pub fn free() -> Value {
    json!({"type": "string", "pattern": format!("^[^{CONTROL}]*$")})
}

/// Text a user sends that must say something: at most `max` characters as sent, not only white
/// space, no control character (a search, a post's body, a reason).
pub fn said(max: usize) -> Value {
    json!({"type": "string", "minLength": 1, "maxLength": max,
           "pattern": format!("^[^{CONTROL}]*[^{CONTROL}{SPACE}][^{CONTROL}]*$")})
}

/// The pattern of text of `min..=max` characters once white space around it is trimmed (the
/// length is in the pattern, as `maxLength` would count the space trimmed away), whose inner
/// characters are of the class `inner`.
fn trimmed_pattern(min: usize, max: usize, inner: &str) -> String {
    let said = format!("[^{CONTROL}{SPACE}]");
    let core = match min {
        0 | 1 => format!("{said}(?:[{inner}]{{0,{}}}{said})?", max.saturating_sub(2)),
        _ => format!("{said}[{inner}]{{{},{}}}{said}", min - 2, max - 2),
    };
    format!("^[{SPACE}]*{core}[{SPACE}]*$")
}

/// Text of `min..=max` characters once trimmed, no control character (a name: short, as the
/// pattern repeats a class up to `max` times, which validators compile).
pub fn trimmed(min: usize, max: usize) -> Value {
    json!({"type": "string", "minLength": min,
           "pattern": trimmed_pattern(min, max, &format!("^{CONTROL}"))})
}

/// A title: one line of `1..=max` characters once trimmed (space and line breaks around it are
/// trimmed; one inside is refused), no control character.
pub fn line(max: usize) -> Value {
    json!({"type": "string", "minLength": 1,
           "pattern": trimmed_pattern(1, max, &format!("^{CONTROL}\\n"))})
}

/// A secret a user sends: `min..=max` characters of any kind but control characters.
pub fn secret(min: usize, max: usize) -> Value {
    let mut s = free();
    s["minLength"] = json!(min);
    s["maxLength"] = json!(max);
    s
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

/// A board's address name: 2 to 32 of `a-z`, `0-9` and `-` (space around it is trimmed).
pub fn slug() -> Value {
    json!({"type": "string", "pattern": format!("^[{SPACE}]*[a-z0-9-]{{2,32}}[{SPACE}]*$")})
}

/// `HH:MM`, or nothing (space around it is trimmed).
pub fn clock_time() -> Value {
    json!({"type": "string", "pattern": format!("^[{SPACE}]*(([01]?[0-9]|2[0-3]):[0-5]?[0-9])?[{SPACE}]*$")})
}

/// `schema` with a description.
pub fn described(mut schema: Value, description: &str) -> Value {
    schema["description"] = json!(description);
    schema
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

    /// Whether `value` is valid by the string schema `s` (length in characters, pattern).
    fn admits(s: &Value, value: &str) -> bool {
        let n = value.chars().count() as u64;
        let within = s["minLength"].as_u64().is_none_or(|m| n >= m)
            && s["maxLength"].as_u64().is_none_or(|m| n <= m);
        let pattern = s["pattern"].as_str().expect("a pattern");
        within && regex::Regex::new(pattern).expect("pattern").is_match(value)
    }

    /// The schemas say what the edge and the parsers take: a schema-valid text is never refused (so a
    /// client that follows the document is not turned away) and a control character never
    /// passes.
    #[test]
    fn the_text_schemas_admit_exactly_what_the_parsers_take() {
        use crate::domain::{PostBody, Title, has_control};
        let samples = [
            "hello",
            " 你好 ",
            "a\nb",
            "a\n",
            "\n\ta",
            "a\tb",
            "a\rb",
            "",
            "   ",
            "\u{3000}",
            "a\u{0}b",
            "a\u{85}",
            "\u{b}a",
            "\u{1f}",
            "x\u{7f}",
            "\u{200b}",
            "a\u{2028}b",
            "ok\u{a0}",
            "\u{feff}",
            "\u{9f}",
            "Ω·",
            "🙂",
        ];
        for t in samples {
            let title = line(120);
            // The edge refuses a control character before any parser reads the text.
            let edge = !has_control(t);
            assert_eq!(
                admits(&title, t),
                edge && Title::parse(t).is_ok(),
                "title {t:?}"
            );
            let body = said(40);
            assert_eq!(
                admits(&body, t),
                edge && PostBody::parse(t).is_ok(),
                "body {t:?}"
            );
            let any = free();
            assert_eq!(admits(&any, t), edge, "free {t:?}");
        }
        // Lengths count what is left once trimmed: space around a full title is not too long.
        for n in [119, 120, 121] {
            let t = format!("\u{3000} \n{}\t \n", "字".repeat(n));
            assert_eq!(
                admits(&line(120), &t),
                Title::parse(&t).is_ok(),
                "title of {n}"
            );
            let t = format!("  {} ", "b".repeat(n - 100));
            let name = t.trim().chars().count() <= 20;
            assert_eq!(admits(&trimmed(1, 20), &t), name, "name of {n}");
        }
        // A body's length is as sent, space before and after it too.
        for n in [19999, 20000, 20001] {
            let t = format!(" x{}", " ".repeat(n - 2));
            assert_eq!(PostBody::parse(&t).is_ok(), n <= 20000, "body of {n}");
            assert_eq!(admits(&said(20000), &t), n <= 20000, "body of {n}");
        }
        assert!(admits(&trimmed(2, 32), " ab ") && !admits(&trimmed(2, 32), " a "));
        for t in ["talk", " talk ", "a-1", "Talk", "t", "ta lk", "\u{b}talk"] {
            let ok = crate::domain::BoardSlug::parse(t).is_ok() && !has_control(t);
            assert_eq!(admits(&slug(), t), ok, "slug {t:?}");
        }
    }

    #[test]
    fn nullable_keeps_the_type() {
        assert_eq!(nullable(time())["type"], json!(["string", "null"]));
        assert_eq!(nullable(time())["format"], "date-time");
        assert!(nullable(any("x"))["anyOf"].is_array());
    }
}
