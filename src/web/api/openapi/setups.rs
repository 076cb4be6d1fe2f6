//! Setups and roles (`web::api::setups`, docs/setups.md).

use super::op::{Op, get, post, put};
use super::schema::*;
use crate::rules::setups::{
    ActionCode, Book, CiviliansOut, LastWords, RoleCode, SideCode, ThirdTie, Win, own_engines,
};
use serde_json::{Value, json};

/// One of `values`, or `null` (`nullable` would keep `null` out of the enum).
fn one_of_or_null(values: &[&str]) -> Value {
    let mut all: Vec<Value> = values.iter().map(|v| json!(v)).collect();
    all.push(Value::Null);
    json!({"type": ["string", "null"], "enum": all})
}

fn names<T: Copy>(all: &[T], name: fn(T) -> &'static str) -> Vec<&'static str> {
    all.iter().map(|&x| name(x)).collect()
}

/// A setup document of the table family: the shape `rules::setups::read` takes.
pub fn setup_document() -> Value {
    let roles = names(RoleCode::ALL, RoleCode::name);
    let role = one_of(&roles);
    let count = json!({"oneOf": [
        int_in(0, 1000),
        {"type": "string", "const": "half"},
        {"type": "object", "additionalProperties": int_in(0, 1000),
         "description": "a count by seat count: `{\"8-10\": 2, \"11-14\": 3}`"},
    ]});
    let teams = ["killers", "police"];
    let mut doc = request(
        &[
            ("family", one_of(&["table"])),
            ("book", one_of(&names(&Book::ALL, Book::name))),
            (
                "seats",
                request(&[("min", int_in(0, 1000)), ("max", int_in(0, 1000))], &[]),
            ),
            (
                "deal",
                array(request(&[("role", role.clone()), ("count", count)], &[])),
            ),
            (
                "win",
                request(
                    &[("rule", one_of(&Win::RULES))],
                    &[(
                        "civilians_out",
                        one_of(&names(CiviliansOut::ALL, CiviliansOut::name)),
                    )],
                ),
            ),
            (
                "day",
                request(
                    &[
                        ("third_tie", one_of(&names(ThirdTie::ALL, ThirdTie::name))),
                        (
                            "last_words",
                            one_of(&names(LastWords::ALL, LastWords::name)),
                        ),
                    ],
                    &[
                        ("speeches", one_of(&["ordered", "free"])),
                        (
                            "pk_rounds",
                            described(
                                int_in(0, 2),
                                "PK rounds a tie gets before `third_tie`, the last tie's rule \
                                 (default 2, CL-7's; none in a 5.0 document)",
                            ),
                        ),
                        ("explode", boolean()),
                        ("surrender", boolean()),
                    ],
                ),
            ),
        ],
        &[
            ("fill", one_of_or_null(&roles)),
            ("night", array(role)),
            ("teams", array(one_of(&teams))),
        ],
    );
    doc["description"] = json!("a setup document (docs/setups.md)");
    doc
}

/// The house rules of a variant that keeps its own engine: its options at the
/// book's readings, and its seats.
fn house_rules_document() -> Value {
    let families: Vec<&str> = own_engines().map(|v| v.name()).collect();
    answer(&[
        ("family", one_of(&families)),
        ("seats", answer(&[("min", integer()), ("max", integer())])),
        (
            "house_rules",
            json!({"type": "object", "description": "each option the ruling book leaves to the judge, at the book's reading"}),
        ),
    ])
}

/// `{"id", "version"}`: one version of a setup.
pub fn setup_ref() -> Value {
    request(
        &[
            ("id", json!({"type": "integer", "format": "int64"})),
            ("version", json!({"type": "integer", "format": "int64"})),
        ],
        &[],
    )
}

/// A setup at one of its versions, as anyone reads it.
fn setup_view() -> Value {
    answer(&[
        ("id", integer()),
        ("name", string()),
        ("author", string()),
        ("version", integer()),
        ("versions", integer()),
        (
            "based_on",
            nullable(answer(&[("id", integer()), ("version", integer())])),
        ),
        ("document", setup_document()),
        ("games", integer()),
        ("finished", integer()),
        (
            "wins",
            described(
                map(integer()),
                "finished games by winner (`none`: ended by the judge without one)",
            ),
        ),
    ])
}

const INVALID: &str = "invalid_setup: the document does not hold; `fields` lists every problem as {path, message}, nothing is saved";

pub fn ops() -> Vec<Op> {
    vec![
        post("/setups", "Save a new setup (judge, admin) as its version 1")
            .account()
            .body(request(
                &[("name", line(120)), ("document", setup_document())],
                &[("based_on", setup_ref())],
            ))
            .ok(201, "saved", answer(&[("id", integer()), ("version", integer())]))
            .err(400, INVALID)
            .err(403, "not a judge, or suspended")
            .err(429, "too many writes this minute (Retry-After)"),
        put("/setups/{id}", "A new version of the caller's setup (a version never changes)")
            .account()
            .body(request(&[("document", setup_document())], &[]))
            .ok(200, "saved as the next version", answer(&[("id", integer()), ("version", integer())]))
            .err(400, INVALID)
            .err(403, "not its author, or suspended")
            .err(429, "too many writes this minute (Retry-After)"),
        get("/setups", "Every judge's setup at its newest version, newest first")
            .ok(200, "the setups", answer(&[("setups", array(setup_view()))])),
        get("/setups/{id}", "A setup at one of its versions")
            .query("version", json!({"type": "integer", "format": "int64"}), "the version (default: the newest); one it does not have is 404")
            .ok(200, "the setup", setup_view()),
        get("/setups/{id}/balance", "The simulator's bots' estimate of a setup version's balance at one seat count: each side's share of their games with its 95% interval (bots' play: random within their roles, not people's), computed once per version and seat count and kept")
            .query("version", json!({"type": "integer", "format": "int64"}), "the version (default: the newest); one it does not have is 404")
            .query("seats", json!({"type": "integer", "format": "int64"}), "the seat count (default: the setup's fewest); one it is not played at is 400 balance_seats")
            .ok(200, "the estimate", answer(&[
                ("games", integer()),
                ("seats", integer()),
                ("sides", map(answer(&[
                    ("rate", json!({"type": "number", "minimum": 0, "maximum": 1})),
                    ("low", json!({"type": "number", "minimum": 0, "maximum": 1})),
                    ("high", json!({"type": "number", "minimum": 0, "maximum": 1})),
                ]))),
            ]))
            .err(400, "balance_seats: the setup is not played at that many seats; setup_not_playable: no engine plays the setup"),
        get(
            "/setups/presets",
            "Each table preset's setup document, as its engine plays it (a scenario may carry one as `document` in place of `variant`)",
        )
        .ok(
            200,
            "the presets in the order pages list them",
            answer(&[(
                "presets",
                array(answer(&[
                    ("name", string()),
                    (
                        "document",
                        json!({"oneOf": [setup_document(), house_rules_document()]}),
                    ),
                ])),
            )]),
        ),
        get(
            "/roles",
            "Every role a setup may deal, by ruling book: its side, night action, team thread, rule and names",
        )
        .ok(
            200,
            "every role",
            answer(&[(
                "roles",
                array(answer(&[
                    ("code", one_of(&names(RoleCode::ALL, RoleCode::name))),
                    ("family", one_of(&["table"])),
                    ("book", one_of(&names(&Book::ALL, Book::name))),
                    ("side", one_of(&names(SideCode::ALL, SideCode::name))),
                    (
                        "action",
                        one_of_or_null(&names(ActionCode::ALL, ActionCode::name)),
                    ),
                    ("team", one_of_or_null(&["killers", "police"])),
                    ("rule", string()),
                    ("names", answer(&[("zh-CN", string()), ("en", string())])),
                ])),
            )]),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    /// The document's `win.rule` lists every rule the rules read, the parity rule of a judge's
    /// classic table among them (docs/setups.md); `civilians_out` is optional (only `sides`
    /// reads it).
    #[test]
    fn the_win_rules_are_listed_parity_among_them() {
        let win = &super::setup_document()["properties"]["win"];
        assert_eq!(
            win["properties"]["rule"]["enum"],
            json!(["sides", "parity", "shengtui", "wujian", "r4", "r5"])
        );
        assert_eq!(win["required"], json!(["rule"]));
    }
}
