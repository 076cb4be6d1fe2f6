//! Setups and roles (`web::api::setups`, docs/setups.md).

use super::op::{Op, get};
use super::schema::*;
use crate::rules::setups::{
    ActionCode, Book, CiviliansOut, LastWords, RoleCode, SideCode, ThirdTie, Win,
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

pub fn ops() -> Vec<Op> {
    vec![
        get(
            "/setups/presets",
            "Each table preset's setup document, as its engine plays it (a scenario may carry one as `document` in place of `variant`)",
        )
        .ok(
            200,
            "the presets in the order pages list them",
            answer(&[(
                "presets",
                array(answer(&[("name", string()), ("document", setup_document())])),
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
