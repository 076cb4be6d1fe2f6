//! Pure rules engines: state, actions, resolution. No I/O, no clock, no database.
//!
//! The server, `maku replay` and `maku simulate` talk to every variant through [`Variant`] (its
//! [`Rules`]: constants, deal, options, messages) and [`Game`] (its [`Engine`]): a game is a
//! sequence of phases, each taking submissions as JSON action objects (exactly the replay/API
//! objects) and ending with a resolution. The registry (the `registry!` call below) is the one list of
//! variants. Everything a game says comes out as transcript [`Line`]s, each with its audience
//! (public, one seat, or the reply to the submitter), and reads as typed [`Message`]s.

mod registry;

mod action;
mod engine;
mod fixed_setup;
mod forms;
mod game;
mod interface;
mod message;
mod options;
/// What every simple variant's folder builds on (public, so that a new variant uses it with no
/// line here: its folder and its registry line are all there is of it).
pub mod plain;
mod reading;
mod reveal_picture;
mod reveal_rows;
mod said;
pub mod scenario;
pub mod setups;
mod sheet;
pub mod sim;
mod table;
mod timeline;
mod variant;
/// The day at a glance: each act's votes as the rules published them (issue 41).
pub mod vote_history;

pub use action::{Action, ActionError, EngineAction, Malformed, Why};
pub use engine::{Engine, Submission};
pub use forms::{ActionForm, CONFIRM_FIELD, FieldInput, FormError, FormField, Slot};
pub use game::Game;
pub use interface::{
    ConfigError, JudgeFacts, Line, Owes, Phase, PhaseKind, PublicSeat, Refused, RulesDoc, SeatNow,
    SeatRecord, SeatSpec, Submitted, TableNow,
};
pub use message::{Arg, ConsoleRow, Message, RevealRow};
pub use options::{OptionField, OptionInput, OptionValue};
pub use reading::LogEntry;
pub use reveal_rows::RevealReading;
pub use said::{Event, Reply, SeatView};
pub use sheet::{Fact, FactLine, FormNote, SeatSheet};
pub use timeline::{Lane, Link, LinkKind, Out, Span, Timeline, Tone};
pub use variant::{GameConfig, Pin, Rules, Say, Variant, VariantInfo};

// The registry: one line per variant folder, in the order pages list them (docs/variants.md).
registry::registry! {
    deathnote => [VARIANT],
    classic => [DONGSHA, KILLGAME, SHENGTUI, WUJIAN],
    roles => [V4WUJIAN, V5EMIN],
    #[cfg(feature = "test-variant")]
    twophase => [VARIANT],
}

/// A submitted action form of `variant` (its `type` is `kind`; `fields` are the other fields as
/// posted, the shell's own such as the CSRF token taken out) → the parsed action, or why not:
/// the fields become the action object the API takes and the variant's strict parser reads it,
/// once, here; the shell never holds the object. A field the form does not have is refused, as
/// [`Variant::parse_action_strict`] refuses an unknown JSON field.
pub fn form_to_action(
    variant: Variant,
    kind: &str,
    fields: &[(&str, &str)],
) -> Result<Action, FormError> {
    let object = forms::to_action(variant.action_forms(), kind, fields)?;
    variant
        .parse_action_strict(&object)
        .map_err(FormError::Action)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn strict_parsing_refuses_fields_the_action_does_not_have() {
        let v = Variant::from_name("deathnote").expect("a variant");
        let vote = json!({"type": "vote", "targets": ["L"], "seat": 3});
        assert!(
            v.parse_action(&vote).is_ok(),
            "replay and stored logs ignore it"
        );
        assert_eq!(
            v.parse_action_strict(&vote),
            Err(ActionError::UnknownField("seat".into()))
        );
        let kill = json!({"type": "kill", "target": "L", "real_id": "bob", "notebook": 1});
        assert!(v.parse_action_strict(&kill).is_ok());
        // A field of another action type is unknown here.
        let eye = json!({"type": "eye_request", "target": "L"});
        assert_eq!(
            v.parse_action_strict(&eye),
            Err(ActionError::UnknownField("target".into()))
        );
        assert!(matches!(
            v.parse_action_strict(&json!({"type": "dance"})),
            Err(ActionError::Invalid(_))
        ));
    }

    /// An object the variant cannot read says what is wrong as a value the shell words (no
    /// type, an unknown type, which field), every variant alike; the engine's English detail is
    /// kept for `maku replay` and the logs.
    #[test]
    fn a_malformed_action_says_what_is_wrong_as_a_value() {
        let why = |v: Variant, action: serde_json::Value| match v.parse_action_strict(&action) {
            Err(ActionError::Invalid(m)) => m.why,
            other => panic!("{}: {action} is malformed, not {other:?}", v.name()),
        };
        for &v in Variant::all() {
            assert_eq!(why(v, json!({"target": "L"})), Why::NoType, "{}", v.name());
            assert_eq!(why(v, json!("vote")), Why::NoType, "{}", v.name());
            assert_eq!(
                why(v, json!({"type": "dance"})),
                Why::UnknownType,
                "{}",
                v.name()
            );
        }
        let dn = Variant::from_name("deathnote").expect("a variant");
        assert_eq!(why(dn, json!({"type": "vote"})), Why::Field("targets"));
        assert_eq!(
            why(dn, json!({"type": "vote", "targets": [1]})),
            Why::Field("targets")
        );
        assert_eq!(
            why(dn, json!({"type": "kill", "target": "L", "real_id": 7})),
            Why::Field("real_id")
        );
        assert_eq!(
            why(dn, json!({"type": "pass", "notebook": "one"})),
            Why::Field("notebook")
        );
        let dongsha = Variant::from_name("dongsha").expect("a variant");
        assert_eq!(why(dongsha, json!({"type": "kill"})), Why::Field("target"));
        assert_eq!(
            why(dongsha, json!({"type": "explode", "round": 9})),
            Why::Field("round")
        );
        assert_eq!(why(dongsha, json!({"type": "peek"})), Why::Field("call"));
        let v5 = Variant::from_name("v5emin").expect("a variant");
        assert_eq!(why(v5, json!({"type": "vote"})), Why::Field("target"));
        // The detail, for the replay tool, is the engine's English as before.
        assert_eq!(
            dongsha
                .parse_action(&json!({"type": "dance"}))
                .map(|_| ())
                .map_err(|e| e.to_string()),
            Err("invalid action: unknown action type \"dance\"".to_string())
        );
    }

    #[test]
    fn another_games_type_keeps_its_own_fields_for_its_refusal() {
        // A 4.0 seat's wujian peek, a dongsha seat's 5.0 needle: parsed with the fields they
        // have in their own games (the engine refuses them `not_your_role`), nothing more.
        for (name, action) in [
            ("v4wujian", json!({"type": "peek", "call": "none"})),
            ("v5emin", json!({"type": "explode", "round": 1})),
            ("dongsha", json!({"type": "needle", "target": "x"})),
            (
                "v4wujian",
                json!({"type": "transfer", "target": "x", "notebook": 1}),
            ),
        ] {
            let v = Variant::from_name(name).expect("a variant");
            assert!(v.parse_action_strict(&action).is_ok(), "{name}: {action}");
            let mut extra = action.clone();
            extra["seat"] = json!(3);
            assert_eq!(
                v.parse_action_strict(&extra),
                Err(ActionError::UnknownField("seat".into())),
                "{name}: {extra}"
            );
        }
    }
}
