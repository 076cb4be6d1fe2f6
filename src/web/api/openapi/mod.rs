//! `GET /api/v1/openapi.json`: the API as it stands. Each file holds the operations of some
//! handler files as data ([`op::Op`]): what the handler's body struct takes (`additionalProperties:
//! false`, as it denies unknown fields), what it answers (the fields of its answer), and every
//! error status it gives; what every operation of a kind can answer (its path parameters, a bad
//! body, a missing token) is added by [`op`] once. A test checks that every route registered
//! under /api/v1 is here with its path parameters (`tests/server/api.rs`), and CI checks the
//! document and the server against it with openapi-spec-validator and schemathesis
//! (`scripts/api-check.sh`).

mod account;
mod forum;
mod games;
mod op;
mod schema;
mod setups;
mod spectators;
mod variants;

use actix_web::{HttpResponse, get, web};
use serde_json::{Map, Value, json};

/// The OpenAPI 3.1 document.
pub fn document() -> Value {
    let known = variants::Variants::read();
    let mut paths: Map<String, Value> = Map::new();
    for op in forum::ops()
        .into_iter()
        .chain(games::ops(&known))
        .chain(account::ops(&known))
        .chain(setups::ops())
        .chain(spectators::ops())
    {
        let entry = paths
            .entry(op.path.to_string())
            .or_insert_with(|| json!({}));
        entry[op.method] = op.render();
    }
    json!({
        "openapi": "3.1.0",
        "info": {"title": "maku", "version": env!("CARGO_PKG_VERSION"),
                 "description": "The JSON API of maku. Every error is {\"ok\": false, \"error\": CODE, \"message\": TEXT}; a 405 names the allowed methods in Allow; a 401 challenges with WWW-Authenticate: Bearer realm=\"maku\". A body field the endpoint does not know is 400 unknown_field; an object with a key twice is 400 duplicate_field. Actions (per seat) and posts and edits (per account) are limited per minute: 429 rate_limited with Retry-After. On SQLite, a write that waits too long on another process's lock is 503 with Retry-After."},
        "servers": [{"url": "/api/v1"}],
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
            "schemas": {"Error": schema::error()}
        },
        "paths": paths,
    })
}

#[get("/openapi.json")]
async fn openapi() -> HttpResponse {
    HttpResponse::Ok().json(document())
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(openapi);
}

#[cfg(test)]
mod tests {
    /// The routes `#[get("…")]`, `#[post(…)]`, … of Rust source `text`: each method and path.
    fn routes_in(text: &str) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        for method in ["get", "post", "put", "patch", "delete"] {
            let open = format!("#[{method}(");
            let mut rest = text;
            while let Some(at) = rest.find(&open) {
                rest = &rest[at + open.len()..];
                let trimmed = rest.trim_start();
                if let Some(quoted) = trimmed.strip_prefix('"') {
                    let path = quoted.split('"').next().unwrap_or_default();
                    out.push((method, without_patterns(path)));
                }
            }
        }
        out
    }

    /// `/setups/{id:[0-9]+}` → `/setups/{id}`: a parameter's pattern is the router's, not the
    /// document's.
    fn without_patterns(path: &str) -> String {
        path.split('/')
            .map(|seg| match seg.split_once(':') {
                Some((name, _)) if seg.starts_with('{') => format!("{name}}}"),
                _ => seg.to_string(),
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    /// Every route attribute under src/web/api is described in the document, with its method
    /// and path parameters, and nothing else is.
    #[test]
    fn every_api_route_is_documented() {
        let doc = super::document();
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/web/api");
        let mut found = Vec::new();
        for entry in std::fs::read_dir(dir).expect("api folder") {
            let path = entry.expect("entry").path();
            if path.is_file() {
                let text = std::fs::read_to_string(path).expect("source");
                found.extend(routes_in(&text));
            }
        }
        found.push(("get", "/openapi.json".into()));
        for (method, path) in &found {
            let op = &doc["paths"][path.as_str()][*method];
            assert!(op.is_object(), "{method} {path} is not in openapi.json");
            for name in super::op::path_params(path) {
                let declared = op["parameters"].as_array().is_some_and(|ps| {
                    ps.iter()
                        .any(|p| p["name"] == name && p["in"] == "path" && p["required"] == true)
                });
                assert!(declared, "{method} {path}: {{{name}}} is not declared");
            }
        }
        let documented: usize = doc["paths"]
            .as_object()
            .map(|p| {
                p.values()
                    .filter_map(Value::as_object)
                    .map(|m| m.len())
                    .sum()
            })
            .unwrap_or(0);
        assert_eq!(documented, found.len(), "an operation no route answers");
        assert!(found.len() > 60, "found only {} routes", found.len());
    }

    use serde_json::Value;
}
