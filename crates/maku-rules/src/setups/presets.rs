//! The six table presets as setup documents: the engines read their deal, third tie, win column
//! and self-explode from here (`classic::Preset`, `roles::RoleGame`), so a preset plays as its
//! document says.

use std::sync::OnceLock;

use super::Setup;
use super::document::read;
use crate::table::Speeches;

/// Each preset's name (its variant's) and document, in the order pages list them.
pub const PRESETS: &[(&str, &str)] = &[
    ("dongsha", include_str!("presets/dongsha.json")),
    ("killgame", include_str!("presets/killgame.json")),
    ("shengtui", include_str!("presets/shengtui.json")),
    ("wujian", include_str!("presets/wujian.json")),
    ("v4wujian", include_str!("presets/v4wujian.json")),
    ("v5emin", include_str!("presets/v5emin.json")),
];

/// The setup of the preset `name`, read once.
pub fn preset(name: &str) -> Option<&'static Setup> {
    static READ: OnceLock<Vec<(&'static str, Setup)>> = OnceLock::new();
    READ.get_or_init(|| {
        PRESETS
            .iter()
            .map(|&(name, text)| {
                // The documents are part of the build: one that does not read fails every test.
                let doc = serde_json::from_str(text)
                    .unwrap_or_else(|e| panic!("presets/{name}.json is not JSON: {e}"));
                let setup = read(&doc)
                    .unwrap_or_else(|p| panic!("presets/{name}.json does not hold: {p:?}"));
                (name, setup)
            })
            .collect()
    })
    .iter()
    .find(|(n, _)| *n == name)
    .map(|(_, s)| s)
}

/// The preset a setup plays as, with the speeches it gives by default: a document equal to a
/// preset's, but for its `day.speeches`, is that preset (`None`: a custom setup).
pub fn played_as(setup: &Setup) -> Option<(&'static str, Speeches)> {
    let mut plain = setup.clone();
    plain.day.speeches = Speeches::Ordered;
    PRESETS
        .iter()
        .find(|(name, _)| preset(name) == Some(&plain))
        .map(|&(name, _)| (name, setup.day.speeches))
}

/// The handle a judge's own setup plays by, named `name` (a name no preset has; one handle
/// per name in a process, so a name must stand for one document: `setup-<id>-v<version>-<digest>`)
/// and shown as `label`: the classic engine for the classic book, the role-game engine for the
/// 4.0 and 5.0 books (each by its book's mechanics); `None` where `name` is a preset's.
pub fn custom_variant(name: &str, label: &str, setup: &Setup) -> Option<crate::Variant> {
    crate::registry::custom_or(name, || {
        let name: &'static str = Box::leak(name.to_string().into_boxed_str());
        let label: &'static str = Box::leak(label.to_string().into_boxed_str());
        crate::classic::custom(name, label, setup)
            .or_else(|| crate::roles::custom(name, label, setup))
    })
}

/// The house rules of a variant that keeps its own engine (Death Note): each choice its ruling
/// book leaves to the judge, at the book's reading (its default), and its seats. A game pins
/// them with its options, as it pins `edition`.
pub fn house_rules(variant: crate::Variant) -> serde_json::Value {
    let rules: serde_json::Map<String, serde_json::Value> = variant
        .option_fields()
        .iter()
        .map(|f| {
            // An option's value in a game that sets none is the book's reading.
            let default = match f.value_in(&serde_json::Value::Null) {
                crate::OptionValue::Flag(b) => serde_json::json!(b),
                crate::OptionValue::Choice(c) => serde_json::json!(c),
            };
            (f.name.to_string(), default)
        })
        .collect();
    let seats = variant.seats();
    serde_json::json!({
        "family": variant.name(),
        "seats": {"min": seats.start(), "max": seats.end()},
        "house_rules": rules,
    })
}

/// The variants that keep their own engine and so have house rules rather than a table
/// document: every offered variant no preset document stands for.
pub fn own_engines() -> impl Iterator<Item = crate::Variant> {
    crate::Variant::offered().filter(|v| !PRESETS.iter().any(|(name, _)| *name == v.name()))
}
