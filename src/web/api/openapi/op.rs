//! One operation of the document, built from what its handler takes and gives. What every
//! operation of a kind can answer is added here once, so no table forgets it:
//!
//! - each `{name}` of its path is a required path parameter (its schema by name, [`param`]),
//!   and a path that names nothing (an id that is not a number too) is `404`;
//! - a body that is not JSON, lacks a field, has one of the wrong type, one the handler does
//!   not take or one twice is `400`;
//! - a query parameter that does not parse is `400`;
//! - an account's token ([`Auth::Account`]): none or an ended one is `401`, a game-ID login's
//!   token `403`; a game's endpoints ([`Auth::Seat`]) take game-ID tokens too (`403` outside
//!   their game); [`Auth::Optional`]: read without a token, or with one (`401` when it ended).

use super::schema;
use serde_json::{Map, Value, json};

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Auth {
    Anyone,
    Optional,
    Account,
    Seat,
}

/// An answer: its status, its description, and its media type and schema (`None`: the
/// shared error).
type Answer = (u16, String, Option<(&'static str, Value)>);

pub struct Op {
    pub method: &'static str,
    pub path: &'static str,
    summary: String,
    auth: Auth,
    params: Vec<(&'static str, Value)>,
    query: Vec<Value>,
    body: Option<(bool, Value)>,
    answers: Vec<Answer>,
}

fn op(method: &'static str, path: &'static str, summary: impl Into<String>) -> Op {
    Op {
        method,
        path,
        summary: summary.into(),
        auth: Auth::Anyone,
        params: Vec::new(),
        query: Vec::new(),
        body: None,
        answers: Vec::new(),
    }
}

pub fn get(path: &'static str, summary: impl Into<String>) -> Op {
    op("get", path, summary)
}

pub fn post(path: &'static str, summary: impl Into<String>) -> Op {
    op("post", path, summary)
}

pub fn put(path: &'static str, summary: impl Into<String>) -> Op {
    op("put", path, summary)
}

pub fn patch(path: &'static str, summary: impl Into<String>) -> Op {
    op("patch", path, summary)
}

pub fn delete(path: &'static str, summary: impl Into<String>) -> Op {
    op("delete", path, summary)
}

/// A path parameter's schema, by its name (`Op::param` sets another).
fn param(name: &str) -> Value {
    match name {
        "id" | "floor" => json!({"type": "integer", "format": "int64"}),
        _ => schema::free(),
    }
}

/// The names of a path's parameters, in order.
pub fn path_params(path: &str) -> Vec<&str> {
    path.split('/')
        .filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
        .collect()
}

impl Op {
    /// An account's bearer token (not a game-ID login's).
    pub fn account(mut self) -> Op {
        self.auth = Auth::Account;
        self
    }

    /// A bearer token, a game-ID login's too.
    pub fn seat(mut self) -> Op {
        self.auth = Auth::Seat;
        self
    }

    /// Read without a token, or with one.
    pub fn optional_token(mut self) -> Op {
        self.auth = Auth::Optional;
        self
    }

    /// The schema of the path parameter `name`, when its name's is not it.
    pub fn param(mut self, name: &'static str, schema: Value) -> Op {
        self.params.push((name, schema));
        self
    }

    pub fn query(mut self, name: &str, schema: Value, description: &str) -> Op {
        self.query.push(
            json!({"name": name, "in": "query", "schema": schema, "description": description}),
        );
        self
    }

    pub fn required_query(mut self, name: &str, schema: Value, description: &str) -> Op {
        self.query.push(json!({"name": name, "in": "query", "required": true, "schema": schema, "description": description}));
        self
    }

    pub fn body(mut self, schema: Value) -> Op {
        self.body = Some((true, schema));
        self
    }

    /// A body that may be left out (empty).
    pub fn optional_body(mut self, schema: Value) -> Op {
        self.body = Some((false, schema));
        self
    }

    /// A success (or any answer that is not the shared error) and its JSON schema.
    pub fn ok(mut self, status: u16, description: &str, schema: Value) -> Op {
        self.answers.push((
            status,
            description.into(),
            Some(("application/json", schema)),
        ));
        self
    }

    /// A success of another media type.
    pub fn ok_as(mut self, status: u16, description: &str, media: &'static str) -> Op {
        self.answers.push((
            status,
            description.into(),
            Some((media, json!({"type": "string"}))),
        ));
        self
    }

    /// An error answer (the shared error object) and when it is given.
    pub fn err(mut self, status: u16, description: &str) -> Op {
        self.answers.push((status, description.into(), None));
        self
    }

    /// The errors every operation of its kind can give, where the table did not name them.
    fn implied(&self) -> Vec<(u16, &'static str)> {
        let mut out = Vec::new();
        if self.body.is_some() {
            out.push((400, "a body that is not a JSON object of this shape: a field missing or of the wrong type, one it does not take (unknown_field), a key twice (duplicate_field)"));
        }
        if !self.query.is_empty() {
            out.push((400, "a query parameter that does not parse"));
        }
        // The edge (`web::bodies`) checks every address and body before any handler.
        out.push((400, "a control character in the path, the query or the body (control_characters), or an address that is not UTF-8 (not_utf8, query_not_utf8)"));
        match self.auth {
            Auth::Anyone => {}
            Auth::Optional => out.push((401, "a token that is not (or no longer) valid")),
            Auth::Account => {
                out.push((401, "no token, or one that is not (or no longer) valid"));
                out.push((403, "a game-ID login's token"));
            }
            Auth::Seat => out.push((401, "no token, or one that is not (or no longer) valid")),
        }
        if !path_params(self.path).is_empty() {
            out.push((404, "nothing by that name or number"));
        }
        out
    }

    /// The operation object.
    pub fn render(&self) -> Value {
        let mut parameters: Vec<Value> = path_params(self.path)
            .into_iter()
            .map(|name| {
                let schema = self
                    .params
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map_or_else(|| param(name), |(_, s)| s.clone());
                json!({"name": name, "in": "path", "required": true, "schema": schema})
            })
            .collect();
        parameters.extend(self.query.iter().cloned());
        let mut responses: Map<String, Value> = Map::new();
        for (status, description, content) in &self.answers {
            let key = status.to_string();
            if let Some(Value::Object(have)) = responses.get_mut(&key) {
                // Two answers of one status: one description, the schemas either.
                let d = format!(
                    "{}; {description}",
                    have["description"].as_str().unwrap_or("")
                );
                have.insert("description".into(), d.into());
                continue;
            }
            let content = match content {
                Some((media, schema)) => json!({*media: {"schema": schema}}),
                None => {
                    json!({"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}})
                }
            };
            responses.insert(key, json!({"description": description, "content": content}));
        }
        for (status, description) in self.implied() {
            let key = status.to_string();
            match responses.get_mut(&key) {
                Some(Value::Object(have))
                    if have["content"]["application/json"]["schema"]["$ref"].is_string() =>
                {
                    let d = format!(
                        "{}; {description}",
                        have["description"].as_str().unwrap_or("")
                    );
                    have.insert("description".into(), d.into());
                }
                Some(_) => {}
                None => {
                    responses.insert(key, json!({"description": description,
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}));
                }
            }
        }
        let mut o = json!({"summary": self.summary, "responses": responses});
        if !parameters.is_empty() {
            o["parameters"] = parameters.into();
        }
        match self.auth {
            Auth::Anyone => {}
            Auth::Optional => o["security"] = json!([{}, {"bearer": []}]),
            Auth::Account | Auth::Seat => o["security"] = json!([{"bearer": []}]),
        }
        if let Some((required, schema)) = &self.body {
            o["requestBody"] = json!({"required": required,
                                      "content": {"application/json": {"schema": schema}}});
        }
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_path_parameter_is_declared_and_errors_are_implied() {
        let o = post("/threads/{id}/posts/{floor}/report", "x")
            .account()
            .body(schema::request(&[("reason", schema::string())], &[]))
            .ok(201, "made", schema::ok_true())
            .err(400, "reason_empty")
            .render();
        let names: Vec<&str> = o["parameters"]
            .as_array()
            .map(|p| p.iter().filter_map(|p| p["name"].as_str()).collect())
            .unwrap_or_default();
        assert_eq!(names, ["id", "floor"]);
        assert_eq!(o["parameters"][0]["required"], true);
        for status in ["201", "400", "401", "403", "404"] {
            assert!(o["responses"][status].is_object(), "{status}");
        }
        let d = o["responses"]["400"]["description"].as_str().unwrap_or("");
        assert!(
            d.starts_with("reason_empty; ") && d.contains("unknown_field"),
            "{d}"
        );
    }
}
