//! `GET /api/v1/openapi.json`: the API as it stands, kept beside the routes it describes.
//! A test checks that every route registered under /api/v1 is documented here.

use actix_web::{HttpResponse, get, web};
use serde_json::{Value, json};

fn error_response(description: &str) -> Value {
    json!({"description": description, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}})
}

fn body(schema: Value) -> Value {
    json!({"required": true, "content": {"application/json": {"schema": schema}}})
}

fn ok(description: &str) -> Value {
    json!({"description": description, "content": {"application/json": {"schema": {"type": "object"}}}})
}

/// The OpenAPI 3.1 document.
pub fn document() -> Value {
    let creds = json!({"$ref": "#/components/schemas/Credentials"});
    let bearer = json!([{"bearer": []}]);
    json!({
        "openapi": "3.1.0",
        "info": {"title": "maku", "version": env!("CARGO_PKG_VERSION"),
                 "description": "The JSON API of maku. Errors are {\"error\": CODE, \"message\": TEXT}."},
        "servers": [{"url": "/api/v1"}],
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
            "schemas": {
                "Error": {"type": "object", "required": ["error", "message"],
                          "properties": {"error": {"type": "string"}, "message": {"type": "string"}}},
                "Credentials": {"type": "object", "required": ["username", "password"],
                                "properties": {"username": {"type": "string"}, "password": {"type": "string"}}}
            }
        },
        "paths": {
            "/accounts": {"post": {"summary": "Register an account", "requestBody": body(creds.clone()),
                "responses": {"201": ok("{\"username\"}"), "400": error_response("invalid name or password"),
                              "409": error_response("name taken"), "429": error_response("rate limited")}}},
            "/tokens": {"post": {"summary": "Get a bearer token", "requestBody": body(creds),
                "responses": {"200": ok("{\"token\"}"), "401": error_response("wrong name or password"),
                              "429": error_response("rate limited")}}},
            "/accounts/{name}/role": {"post": {"summary": "Set an account's role (admin)", "security": bearer,
                "requestBody": body(json!({"type": "object", "properties": {"role": {"enum": ["player", "judge", "admin"]}}})),
                "responses": {"200": ok("done"), "403": error_response("not an admin"), "404": error_response("no such account")}}},
            "/boards": {
                "get": {"summary": "List boards", "responses": {"200": ok("{\"boards\": [...]}")}},
                "post": {"summary": "Create a board (admin)", "security": bearer,
                    "requestBody": body(json!({"type": "object", "properties": {"slug": {"type": "string"}, "title": {"type": "string"}, "description": {"type": "string"}}})),
                    "responses": {"201": ok("{\"slug\"}"), "403": error_response("not an admin"), "409": error_response("slug taken")}}},
            "/boards/{slug}/threads": {
                "get": {"summary": "A board's threads, 30 a page", "responses": {"200": ok("{\"threads\", \"total\", \"page\"}"), "404": error_response("no such board")}},
                "post": {"summary": "Open a thread", "security": bearer,
                    "requestBody": body(json!({"type": "object", "properties": {"title": {"type": "string"}, "body": {"type": "string"}}})),
                    "responses": {"201": ok("{\"id\"}"), "400": error_response("bad title or body")}}},
            "/threads/{id}": {"get": {"summary": "A thread's posts, 30 a page; ?author= shows one author's only",
                "responses": {"200": ok("{\"id\", \"title\", \"posts\", ...}"), "404": error_response("no such thread"), "410": error_response("deleted")}}},
            "/threads/{id}/posts": {"post": {"summary": "Reply, optionally quoting a post", "security": bearer,
                "requestBody": body(json!({"type": "object", "properties": {"body": {"type": "string"}, "quote": {"type": "integer"}}})),
                "responses": {"201": ok("{\"id\"}"), "409": error_response("thread locked"), "410": error_response("thread deleted")}}},
            "/threads/{id}/moderate": {"post": {"summary": "Lock, unlock or delete a thread (admin)", "security": bearer,
                "requestBody": body(json!({"type": "object", "properties": {"action": {"enum": ["lock", "unlock", "delete"]}}})),
                "responses": {"200": ok("done"), "403": error_response("not an admin")}}},
            "/posts/{id}": {"patch": {"summary": "Edit one's own post (earlier versions are kept)", "security": bearer,
                "requestBody": body(json!({"type": "object", "properties": {"body": {"type": "string"}}})),
                "responses": {"200": ok("done"), "403": error_response("not the author")}}},
            "/posts/{id}/revisions": {"get": {"summary": "Every version of a post (admin)", "security": bearer,
                "responses": {"200": ok("{\"revisions\"}"), "403": error_response("not an admin")}}},
            "/openapi.json": {"get": {"summary": "This document", "responses": {"200": ok("OpenAPI 3.1")}}}
        }
    })
}

#[get("/openapi.json")]
async fn openapi() -> HttpResponse {
    HttpResponse::Ok().json(document())
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(openapi);
}
