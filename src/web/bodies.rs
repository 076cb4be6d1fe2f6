//! Request bodies are checked once, before any handler reads them, for what the extractors
//! would let through silently: a form that does not decode to UTF-8 (`serde_urlencoded` would
//! put U+FFFD in its place), and a JSON body whose meaning is ambiguous (an object with a key
//! twice: serde_json keeps the last value, while a proxy, a log reader or a person may read the
//! first). Both are refused with a `400`; nothing is done.
//!
//! Nor does any text a user sends hold a control character (other than a tab or a line break:
//! `domain::has_control`, the posts' own rule): the path, the query, every field of a form and
//! every string (and key) of a JSON body are checked here, once, for every route, and refused
//! with `400 control_characters` in the reader's language. A path or query that does not
//! decode to UTF-8 is `400 not_utf8` (a query string: `400 query_not_utf8`, for every method). So no such text reaches a handler, a page or the
//! database (where PostgreSQL refuses a NUL, and SQLite would store it).

use super::BODY_LIMIT;
use crate::domain::{InputError, has_control};
use crate::error::AppError;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, header};
use actix_web::middleware::Next;
use actix_web::web;
use futures_util::StreamExt;
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use std::cell::RefCell;
use std::collections::HashSet;

/// What kind of body a request says it carries.
enum Kind {
    Form,
    Json,
}

fn kind_of(req: &ServiceRequest) -> Option<Kind> {
    // A read carries no body anyone reads.
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return None;
    }
    let mime = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(|m| m.trim().to_ascii_lowercase());
    match mime.as_deref() {
        Some("application/x-www-form-urlencoded") => Some(Kind::Form),
        Some(m) if m == "application/json" || m.ends_with("+json") => Some(Kind::Json),
        // The API reads some bodies as bytes whatever their type (an optional body).
        _ if req.path().starts_with("/api/") => Some(Kind::Json),
        _ => None,
    }
}

/// The middleware: reads a form or JSON body (within the body limit), checks it, and hands it
/// on to the extractors.
pub async fn strict_bodies<B: MessageBody + 'static>(
    mut req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    if let Some(e) = address_refusal(&req) {
        return Ok(req.error_response(e).map_into_right_body());
    }
    if let Some(kind) = kind_of(&req) {
        let mut payload = actix_web::HttpMessage::take_payload(&mut req);
        let mut body = web::BytesMut::new();
        while let Some(chunk) = payload.next().await {
            let chunk = chunk?;
            if body.len() + chunk.len() > BODY_LIMIT {
                let e = AppError::BadRequest("the body is too large".into());
                return Ok(req.error_response(e).map_into_right_body());
            }
            body.extend_from_slice(&chunk);
        }
        let refused = match kind {
            Kind::Form => text_refusal(&percent_decoded(&body)),
            Kind::Json => match json_keys_and_strings(&body) {
                Found::Twice(path) => Some(AppError::DuplicateField(path)),
                Found::Control => Some(AppError::Input(InputError::ControlCharacters)),
                Found::Nothing => None,
            },
        };
        if let Some(e) = refused {
            // Rendered here, inside the request's context (its language, page or API).
            return Ok(req.error_response(e).map_into_right_body());
        }
        let body = match kind {
            Kind::Json => whole_numbers(&body).map_or_else(|| body.freeze(), web::Bytes::from),
            Kind::Form => body.freeze(),
        };
        req.set_payload(actix_web::dev::Payload::from(body));
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}

/// Why a path or query string is refused, if it is: not UTF-8 once percent-decoded, or a
/// control character in it.
fn address_refusal(req: &ServiceRequest) -> Option<AppError> {
    let uri = req.uri();
    if let Some(e) = text_refusal(&percent_decoded(uri.path().as_bytes())) {
        return Some(e);
    }
    // A query string is read by a lossy decoder (`/search?q=%FF` would search for U+FFFD):
    // refused, as the page's 400 in the reader's language or the API's JSON.
    match text_refusal(&percent_decoded(uri.query().unwrap_or("").as_bytes())) {
        Some(AppError::Invalid("not_utf8")) => Some(AppError::Invalid("query_not_utf8")),
        other => other,
    }
}

/// Why percent-decoded text (a path, a query, a form body) is refused, if it is. The separators
/// (`&`, `=`, `/`, `?`) are ASCII, so decoding the whole of it at once checks every name and
/// value.
fn text_refusal(decoded: &[u8]) -> Option<AppError> {
    match std::str::from_utf8(decoded) {
        Err(_) => Some(AppError::Invalid("not_utf8")),
        Ok(text) if has_control(text) => Some(AppError::Input(InputError::ControlCharacters)),
        Ok(_) => None,
    }
}

/// Bytes with each `%XX` decoded (a stray `%` stays itself).
fn percent_decoded(body: &[u8]) -> Vec<u8> {
    let hex = |b: u8| (b as char).to_digit(16);
    let mut out = Vec::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        let decoded = match body[i] {
            b'%' => match (
                body.get(i + 1).and_then(|&b| hex(b)),
                body.get(i + 2).and_then(|&b| hex(b)),
            ) {
                (Some(h), Some(l)) => {
                    i += 2;
                    (h * 16 + l) as u8
                }
                _ => b'%',
            },
            b => b,
        };
        out.push(decoded);
        i += 1;
    }
    out
}

/// The JSON text with every integral number written as an integer (`2.0` and `2e0` as `2`), if
/// it holds one written otherwise: JSON has one kind of number, and a schema's `integer` is any
/// number without a fraction (what an OpenAPI client may send), while serde reads `2.0` as no
/// integer at all. Only numbers a double holds exactly (within ±2^53) are rewritten.
fn whole_numbers(body: &[u8]) -> Option<Vec<u8>> {
    fn rewrite(v: &mut serde_json::Value) -> bool {
        const EXACT: f64 = 9_007_199_254_740_992.0;
        match v {
            serde_json::Value::Number(n) if n.is_f64() => match n.as_f64() {
                Some(f) if f.fract() == 0.0 && f.abs() <= EXACT => {
                    *v = serde_json::Value::from(f as i64);
                    true
                }
                _ => false,
            },
            serde_json::Value::Array(items) => items.iter_mut().fold(false, |c, i| rewrite(i) | c),
            serde_json::Value::Object(map) => map.values_mut().fold(false, |c, i| rewrite(i) | c),
            _ => false,
        }
    }
    // Most bodies hold no number with a point or an exponent after a digit: not parsed twice.
    let maybe = body
        .windows(2)
        .any(|w| w[0].is_ascii_digit() && matches!(w[1], b'.' | b'e' | b'E'));
    if !maybe {
        return None;
    }
    let mut value: serde_json::Value = serde_json::from_slice(body).ok()?;
    rewrite(&mut value).then(|| serde_json::to_vec(&value).ok())?
}

/// The first key that some object of this JSON text holds twice (the path of its object, dotted,
/// then the key: `setup.seats`), if the text is JSON. Text that is not JSON is left to the
/// handler, which says what is wrong with it.
pub fn duplicate_key(body: &[u8]) -> Option<String> {
    match json_keys_and_strings(body) {
        Found::Twice(path) => Some(path),
        _ => None,
    }
}

/// What a walk of a JSON body found first.
#[derive(Debug, Default, PartialEq, Eq)]
enum Found {
    #[default]
    Nothing,
    /// A key given twice (its dotted path).
    Twice(String),
    /// A key or a string with a control character.
    Control,
}

/// The first key some object of this JSON text holds twice, or the first key or string with a
/// control character, if the text is JSON.
fn json_keys_and_strings(body: &[u8]) -> Found {
    let found = RefCell::new(Found::Nothing);
    let mut de = serde_json::Deserializer::from_slice(body);
    let _ = Walk {
        found: &found,
        path: "",
    }
    .deserialize(&mut de);
    found.into_inner()
}

/// Walks a JSON value, remembering the first key an object repeats or the first control
/// character.
#[derive(Clone, Copy)]
struct Walk<'a> {
    found: &'a RefCell<Found>,
    /// The dotted path of the value walked (empty at the top).
    path: &'a str,
}

impl<'de> DeserializeSeed<'de> for Walk<'_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Walk<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }

    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }

    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }

    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<(), E> {
        if has_control(s) {
            *self.found.borrow_mut() = Found::Control;
            return Err(E::custom("a control character"));
        }
        Ok(())
    }

    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(self)?.is_some() {}
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut seen = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            let path = if self.path.is_empty() {
                key.clone()
            } else {
                format!("{}.{key}", self.path)
            };
            if has_control(&key) {
                *self.found.borrow_mut() = Found::Control;
                return Err(de::Error::custom("a control character"));
            }
            if !seen.insert(key) {
                *self.found.borrow_mut() = Found::Twice(path);
                return Err(de::Error::custom("a key given twice"));
            }
            map.next_value_seed(Walk {
                found: self.found,
                path: &path,
            })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether an `application/x-www-form-urlencoded` body percent-decodes to UTF-8.
    fn form_is_utf8(body: &[u8]) -> bool {
        std::str::from_utf8(&percent_decoded(body)).is_ok()
    }

    #[test]
    fn integral_numbers_are_read_as_integers_and_nothing_else_changes() {
        let got = whole_numbers(br#"{"act": 2.0, "days": 3e1, "x": [1.5, -0.0], "s": "1.0"}"#)
            .map(|b| serde_json::from_slice::<serde_json::Value>(&b).unwrap());
        assert_eq!(
            got,
            Some(serde_json::json!({"act": 2, "days": 30, "x": [1.5, 0], "s": "1.0"}))
        );
        // Nothing to rewrite: the body is handed on as it came.
        assert_eq!(whole_numbers(br#"{"act": 2, "x": 1.5, "s": "2.0"}"#), None);
        assert_eq!(whole_numbers(br#"{"big": 1e300}"#), None);
        assert_eq!(whole_numbers(b"not json 2.0"), None);
    }

    #[test]
    fn form_bodies_must_decode_to_utf8() {
        assert!(form_is_utf8(b"csrf=x&body=%E5%B9%95+ok"));
        assert!(form_is_utf8("body=幕".as_bytes()), "raw UTF-8 is fine");
        assert!(
            form_is_utf8(b"body=100%"),
            "a stray percent sign stays itself"
        );
        assert!(!form_is_utf8(b"body=%FF%FE"));
        assert!(!form_is_utf8(b"body=\xff"));
        assert!(
            !form_is_utf8(b"a=%E5%B9&b=%95"),
            "a character split by a separator"
        );
    }

    #[test]
    fn a_key_given_twice_is_found_at_any_depth() {
        let dup = |s: &str| duplicate_key(s.as_bytes());
        assert_eq!(
            dup(r#"{"type":"kill","target":"A","target":"B"}"#),
            Some("target".into())
        );
        assert_eq!(
            dup(r#"{"setup":{"seats":[],"kira":["A"],"kira":["B"]}}"#),
            Some("setup.kira".into())
        );
        assert_eq!(
            dup(r#"{"setup":{"seats":[{"game_id":"A","game_id":"B"}]}}"#),
            Some("setup.seats.game_id".into())
        );
        // Escapes are read: "\u0074arget" is "target".
        assert_eq!(
            dup(r#"{"target":"A","\u0074arget":"B"}"#),
            Some("target".into())
        );
        // The same key in two objects, and valid or broken JSON without repeats: nothing.
        assert_eq!(dup(r#"[{"a":1},{"a":2}]"#), None);
        assert_eq!(
            dup(r#"{"a":{"a":{"a":null}},"b":[1,2.5,-3,true,"x"]}"#),
            None
        );
        assert_eq!(dup(r#"{"a":1,"#), None);
        assert_eq!(dup(""), None);
    }

    #[test]
    fn control_characters_are_found_in_keys_and_strings_at_any_depth() {
        let walk = |s: &str| json_keys_and_strings(s.as_bytes());
        assert_eq!(walk(r#"{"reason":"a\u0000b"}"#), Found::Control);
        assert_eq!(walk(r#"{"a":[{"b":"\u001b[31m"}]}"#), Found::Control);
        assert_eq!(walk(r#"{"a\u0007":1}"#), Found::Control);
        assert_eq!(walk(r#"{"a":"\u0085"}"#), Found::Control, "C1 too");
        assert_eq!(walk(r#"{"body":"line\nline\ttab\r\n"}"#), Found::Nothing);
        assert_eq!(
            text_refusal(&percent_decoded(b"a=b%00")).map(|e| e.code()),
            Some("control_characters")
        );
        assert_eq!(
            text_refusal(&percent_decoded(b"/u/a%00")).map(|e| e.code()),
            Some("control_characters")
        );
        assert_eq!(
            text_refusal(&percent_decoded(b"/u/%ED%A0%80")).map(|e| e.code()),
            Some("not_utf8")
        );
        assert_eq!(
            text_refusal(&percent_decoded(b"body=a%0Ab%09c")).map(|e| e.code()),
            None
        );
    }
}
