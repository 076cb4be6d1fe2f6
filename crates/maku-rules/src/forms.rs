//! A variant's action forms as data: what each action type asks a seat for, so that
//! a page can draw the form and one function can turn the submitted fields into the parsed
//! action, exactly the one the API's action object parses to (`crate::form_to_action`, through
//! [`to_action`] and the variant's own parser, once). Pure: no I/O, and nothing here knows a
//! variant.
//!
//! A form is its action `type` and its fields; a field says what the seat picks or types
//! ([`FieldInput`]), whether it may stay empty, and where its value goes in the action object
//! ([`Slot`]). Fields the form does not have are refused, as the strict parser refuses unknown
//! JSON fields (`Variant::parse_action_strict`).

use serde_json::{Map, Value, json};

use crate::action::ActionError;

/// The field of an irreversible form ([`ActionForm::confirm`]) that carries its ticked
/// confirmation; the only accepted value is `yes`.
pub const CONFIRM_FIELD: &str = "confirm";

/// One action type's form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionForm {
    /// The action's `type` (`vote`, `kill`…); the catalogs name the form `action-<kind>`
    /// (underscores as dashes).
    pub kind: &'static str,
    /// Its inputs, in the order the page shows them.
    pub fields: &'static [FormField],
    /// It cannot be undone: the page asks for a ticked [`CONFIRM_FIELD`], and [`to_action`]
    /// refuses the form without it (the JSON API asks for nothing: its callers confirm).
    pub confirm: bool,
}

/// One input of a form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormField {
    /// The form field's name (`target`, `vote1`); the catalogs label it `action-field-<name>`.
    pub name: &'static str,
    pub input: FieldInput,
    /// An empty required field refuses the form; an empty optional one is left out.
    pub required: bool,
    pub slot: Slot,
}

/// What the seat picks or types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldInput {
    /// The game ID of a living seat other than its own.
    OtherLivingSeat,
    /// The game ID of a living seat, its own included (a Death Note ballot may name oneself).
    LivingSeat,
    /// A seat the open vote is for: the tied seats in a revote (CL-7), else any living seat
    /// ([`crate::Game::vote_candidates`]).
    Candidate,
    /// One of these values (anything else is refused before the rules see it).
    Choice(&'static [&'static str]),
    /// Free text.
    Text,
    /// A real ID (an account name) the seat guesses: free text, with the game's signed-up
    /// accounts offered as suggestions.
    RealId,
}

/// Where a field's value goes in the action object. Values are trimmed first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// A string under the field's own name.
    Str,
    /// An integer under the field's own name (a choice of numbers: a notebook).
    Int,
    /// Appended to the list under this key (a ballot of several names, one select each).
    Item(&'static str),
    /// A string under the field's own name, or `null` when left empty (a classic ballot: an
    /// empty choice abstains).
    OrNull,
}

impl FormField {
    /// A field that must be filled, its value a string under its own name.
    pub const fn required(name: &'static str, input: FieldInput) -> FormField {
        FormField {
            name,
            input,
            required: true,
            slot: Slot::Str,
        }
    }

    /// A field that may stay empty, its value a string under its own name.
    pub const fn optional(name: &'static str, input: FieldInput) -> FormField {
        FormField {
            required: false,
            ..FormField::required(name, input)
        }
    }

    /// The same field, its value an integer.
    pub const fn int(self) -> FormField {
        FormField {
            slot: Slot::Int,
            ..self
        }
    }

    /// The same field, its value appended to the list `key`.
    pub const fn item_of(self, key: &'static str) -> FormField {
        FormField {
            slot: Slot::Item(key),
            ..self
        }
    }

    /// The same field, `null` under its own name when left empty.
    pub const fn or_null(self) -> FormField {
        FormField {
            slot: Slot::OrNull,
            ..self
        }
    }

    /// The key of the action object its value goes under.
    pub fn key(&self) -> &'static str {
        match self.slot {
            Slot::Item(key) => key,
            Slot::Str | Slot::Int | Slot::OrNull => self.name,
        }
    }
}

impl ActionForm {
    /// The field named `name`, if the form has it.
    pub fn field(&self, name: &str) -> Option<&'static FormField> {
        self.fields.iter().find(|f| f.name == name)
    }
}

/// A submitted form that does not make an action object; nothing reaches the rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormError {
    /// The variant has no form of this `type`.
    #[error("no action form {0:?}")]
    UnknownKind(String),
    /// An irreversible form without its ticked confirmation.
    #[error("the form is not confirmed")]
    Unconfirmed,
    /// A field the form does not have (a typo or a forged field).
    #[error("unknown field {0:?} in the form")]
    UnknownField(String),
    /// A field sent more than once.
    #[error("the field {0:?} was sent twice")]
    Repeated(String),
    /// A required field left empty.
    #[error("the field {0:?} is empty")]
    Missing(&'static str),
    /// Not one of the field's choices, or not a number where one is needed.
    #[error("the field {0:?} has a value it cannot take")]
    Invalid(&'static str),
    /// The filled form makes an object the variant's strict parser refuses (a form and its
    /// engine that disagree: `every_form_fits_its_variants_actions` keeps them from it).
    #[error("{0}")]
    Action(ActionError),
}

/// The form `kind` of `forms`, filled with `fields` (name, value; the shell's own fields such
/// as the CSRF token and `type` taken out), as the action object: `{"type": kind, …}` with the
/// filled fields in their slots. Inside the crate only: the shell gets the parsed action
/// (`crate::form_to_action`), never this object. Seat fields are not checked against the seats: the rules
/// refuse a wrong target, and say so in the seat's log.
pub(crate) fn to_action(
    forms: &[ActionForm],
    kind: &str,
    fields: &[(&str, &str)],
) -> Result<Value, FormError> {
    let form = forms
        .iter()
        .find(|f| f.kind == kind)
        .ok_or_else(|| FormError::UnknownKind(kind.to_string()))?;
    let value_of = |name: &str| {
        fields
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.trim())
            .filter(|v| !v.is_empty())
    };
    if form.confirm && value_of(CONFIRM_FIELD) != Some("yes") {
        // First: an unticked irreversible form is sent back as such, whatever else it holds.
        return Err(FormError::Unconfirmed);
    }
    for (i, (name, _)) in fields.iter().enumerate() {
        if fields[..i].iter().any(|(n, _)| n == name) {
            return Err(FormError::Repeated(name.to_string()));
        }
        let known = form.field(name).is_some() || (form.confirm && *name == CONFIRM_FIELD);
        if !known {
            return Err(FormError::UnknownField(name.to_string()));
        }
    }
    let mut m = Map::new();
    m.insert("type".into(), json!(form.kind));
    for f in form.fields {
        let Some(v) = value_of(f.name) else {
            if f.required {
                return Err(FormError::Missing(f.name));
            }
            if f.slot == Slot::OrNull {
                m.insert(f.name.into(), Value::Null);
            }
            continue;
        };
        if let FieldInput::Choice(choices) = f.input
            && !choices.contains(&v)
        {
            return Err(FormError::Invalid(f.name));
        }
        match f.slot {
            Slot::Str | Slot::OrNull => {
                m.insert(f.name.into(), json!(v));
            }
            Slot::Int => {
                let n: i64 = v.parse().map_err(|_| FormError::Invalid(f.name))?;
                m.insert(f.name.into(), json!(n));
            }
            Slot::Item(key) => {
                let list = m.entry(key).or_insert_with(|| Value::Array(Vec::new()));
                if let Value::Array(items) = list {
                    items.push(json!(v));
                }
            }
        }
    }
    Ok(Value::Object(m))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ActionError, Variant};

    /// The parsed action a filled form gives, printed as the log stores it: the same objects
    /// the forms made before they were parsed at once (a form's action prints back as it
    /// was filled).
    fn form_to_action(
        variant: Variant,
        kind: &str,
        fields: &[(&str, &str)],
    ) -> Result<Value, FormError> {
        crate::form_to_action(variant, kind, fields).map(|a| a.to_json())
    }

    /// The Death Note forms give exactly the objects the seat page sent before they were data.
    #[test]
    fn death_note_forms_become_exactly_the_replay_action_objects() {
        let dn = |kind: &str, fields: &[(&str, &str)]| {
            form_to_action(crate::deathnote::VARIANT, kind, fields)
        };
        assert_eq!(
            dn(
                "kill",
                &[
                    ("target", "L"),
                    ("real_id", " bob "),
                    ("notebook", ""),
                    ("confirm", "yes")
                ]
            ),
            Ok(json!({"type": "kill", "target": "L", "real_id": "bob"}))
        );
        assert_eq!(
            dn(
                "transfer",
                &[("target", "L"), ("notebook", "2"), ("confirm", "yes")]
            ),
            Ok(json!({"type": "transfer", "target": "L", "notebook": 2}))
        );
        assert_eq!(
            dn("vote", &[("vote1", "L"), ("vote2", "")]),
            Ok(json!({"type": "vote", "targets": ["L"]}))
        );
        assert_eq!(
            dn("vote", &[("vote1", "L"), ("vote2", "尼亚")]),
            Ok(json!({"type": "vote", "targets": ["L", "尼亚"]}))
        );
        assert_eq!(
            dn("eye_request", &[("confirm", "yes")]),
            Ok(json!({"type": "eye_request"}))
        );
        assert_eq!(dn("pass", &[]), Ok(json!({"type": "pass"})));
        assert_eq!(
            dn("heir", &[("target", "L"), ("notebook", "1")]),
            Ok(json!({"type": "heir", "target": "L", "notebook": 1}))
        );
        assert_eq!(
            dn("kill", &[("target", "L"), ("confirm", "yes")]),
            Err(FormError::Missing("real_id"))
        );
        assert_eq!(
            dn("pass", &[("notebook", "x")]),
            Err(FormError::Invalid("notebook"))
        );
        assert_eq!(
            dn("pass", &[("notebook", "3")]),
            Err(FormError::Invalid("notebook"))
        );
        assert_eq!(dn("vote", &[]), Err(FormError::Missing("vote1")));
        assert_eq!(
            dn("dance", &[]),
            Err(FormError::UnknownKind("dance".into()))
        );
    }

    #[test]
    fn irreversible_forms_need_the_ticked_confirmation() {
        for kind in ["kill", "join", "transfer", "eye_request"] {
            let form = crate::deathnote::VARIANT.action_form(kind).expect("a form");
            assert!(form.confirm, "{kind}");
            for fields in [
                vec![("target", "L")],
                vec![("confirm", "on")],
                vec![("confirm", "")],
            ] {
                assert_eq!(
                    form_to_action(crate::deathnote::VARIANT, kind, &fields),
                    Err(FormError::Unconfirmed),
                    "{kind} {fields:?}"
                );
            }
        }
        for kind in ["vote", "pass", "heir", "eye_use"] {
            let form = crate::deathnote::VARIANT.action_form(kind).expect("a form");
            assert!(!form.confirm, "{kind}");
            // No confirmation to give: the field is as foreign to it as any other.
            assert_eq!(
                form_to_action(crate::deathnote::VARIANT, kind, &[("confirm", "yes")]),
                Err(FormError::UnknownField("confirm".into()))
            );
        }
    }

    #[test]
    fn two_phase_forms_become_its_action_objects() {
        let tp = |kind: &str, fields: &[(&str, &str)]| {
            form_to_action(crate::twophase::VARIANT, kind, fields)
        };
        assert_eq!(
            tp("vote", &[("target", " Birch ")]),
            Ok(json!({"type": "vote", "target": "Birch"}))
        );
        assert_eq!(tp("sleep", &[]), Ok(json!({"type": "sleep"})));
        assert_eq!(
            tp("vote", &[("target", "")]),
            Err(FormError::Missing("target"))
        );
        // A Death Note action is no form of this variant.
        assert_eq!(
            tp("kill", &[("target", "Birch")]),
            Err(FormError::UnknownKind("kill".into()))
        );
    }

    /// As the strict parser refuses unknown JSON fields: a forged or repeated field refuses the
    /// whole form, whatever its value.
    #[test]
    fn fields_the_form_does_not_have_are_refused() {
        for (variant, kind, good) in [
            (crate::twophase::VARIANT, "vote", ("target", "Birch")),
            (crate::deathnote::VARIANT, "eye_use", ("target", "L")),
        ] {
            for forged in [("by", "Alder"), ("targets", "Birch"), ("pad", "")] {
                assert_eq!(
                    form_to_action(variant, kind, &[good, forged]),
                    Err(FormError::UnknownField(forged.0.into())),
                    "{kind} {forged:?}"
                );
            }
            assert_eq!(
                form_to_action(variant, kind, &[good, good]),
                Err(FormError::Repeated(good.0.into()))
            );
        }
        assert_eq!(
            form_to_action(crate::twophase::VARIANT, "sleep", &[("target", "Birch")]),
            Err(FormError::UnknownField("target".into()))
        );
    }

    /// The classic ballot's empty choice abstains: `null`, never a missing field.
    #[test]
    fn an_empty_or_null_field_is_null() {
        let v = crate::classic::DONGSHA;
        for fields in [&[("target", "")][..], &[("target", "  ")], &[]] {
            assert_eq!(
                form_to_action(v, "vote", fields),
                Ok(json!({"type": "vote", "target": null})),
                "{fields:?}"
            );
        }
        assert_eq!(
            form_to_action(v, "vote", &[("target", " 令狐冲 ")]),
            Ok(json!({"type": "vote", "target": "令狐冲"}))
        );
        let field = FormField::optional("target", FieldInput::LivingSeat).or_null();
        assert_eq!((field.slot, field.key()), (Slot::OrNull, "target"));
        assert_eq!(
            form_to_action(v, "explode", &[("confirm", "yes")]),
            Ok(json!({"type": "explode"}))
        );
        assert_eq!(
            form_to_action(v, "surrender", &[]),
            Err(FormError::Unconfirmed)
        );
        assert_eq!(
            form_to_action(crate::classic::WUJIAN, "peek", &[("call", "L")]),
            Err(FormError::Invalid("call"))
        );
    }

    /// Every action type a variant's seats can be offered has a form, and a form filled in
    /// completely is an action object the strict parser takes as it is: the forms name exactly
    /// the engine's fields (a classic vote's or explosion's `round` excepted: a form always
    /// means the current round, which an absent `round` is; likewise a role game's vote).
    #[test]
    fn every_form_fits_its_variants_actions() {
        let variants = Variant::all().to_vec();
        for variant in variants {
            let forms = variant.action_forms();
            for (i, form) in forms.iter().enumerate() {
                assert!(
                    forms[..i].iter().all(|f| f.kind != form.kind),
                    "one form per type: {}",
                    form.kind
                );
                let mut fields: Vec<(&str, &str)> = form
                    .fields
                    .iter()
                    .map(|f| {
                        let v = match f.input {
                            FieldInput::Choice(choices) => choices[0],
                            FieldInput::Text | FieldInput::RealId => "bob",
                            FieldInput::OtherLivingSeat
                            | FieldInput::LivingSeat
                            | FieldInput::Candidate => "L",
                        };
                        (f.name, v)
                    })
                    .collect();
                if form.confirm {
                    fields.push((CONFIRM_FIELD, "yes"));
                }
                let action = form_to_action(variant, form.kind, &fields)
                    .unwrap_or_else(|e| panic!("{}: {e}", form.kind));
                let parsed = variant
                    .parse_action_strict(&action)
                    .unwrap_or_else(|e: ActionError| panic!("{}: {e}", form.kind));
                assert_eq!(parsed.to_json(), action, "{}", form.kind);
                let mut keys: Vec<&str> = form.fields.iter().map(FormField::key).collect();
                keys.dedup();
                let mut want = parsed.fields().to_vec();
                if variant.phases().len() > 2 {
                    want.retain(|f| *f != "round");
                }
                keys.sort_unstable();
                want.sort_unstable();
                assert_eq!(keys, want, "{}: the form fills every field", form.kind);
            }
        }
        let dn: Vec<&str> = crate::deathnote::ActionKind::ALL
            .iter()
            .map(|k| k.name())
            .collect();
        let forms: Vec<&str> = crate::deathnote::VARIANT
            .action_forms()
            .iter()
            .map(|f| f.kind)
            .collect();
        assert_eq!(forms, dn);
    }
}
