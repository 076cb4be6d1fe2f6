//! A seat's own page as its variant describes it: the role and what it means, the facts of the
//! seat's state today, and what its action forms need besides their fields (notes, costs, the
//! choices it made, the fields not asked now). Every variant fills one [`SeatSheet`] from the
//! seat's view; the shell draws it without knowing which variant made it.

use super::message::{Fields, Message};
use serde_json::Value;

/// What a seat's own page shows of its view, worded by its variant.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatSheet {
    /// The real ID the deal gave the seat (shown to the account itself on its own page).
    pub real_id: Option<String>,
    pub role: Message,
    /// The role is one the rules keep secret from the others (highlighted).
    pub marked: bool,
    /// What the role does, in the variant's words (the seat's own rules at hand).
    pub about: Option<Message>,
    /// The role's state today (silenced, a one-time action spent…).
    pub notes: Vec<Message>,
    /// When and why the seat went out.
    pub out: Option<Message>,
    /// Further facts of the seat's state, each under its own heading (or none).
    pub facts: Vec<Fact>,
    /// What the seat still owes in this phase, as the page's one owing sentence (in place of
    /// the shell's banner line); `None`: the banner's.
    pub owes: Option<Message>,
    /// Notes shown with a form: a hint above its fields, or what it costs above its
    /// confirmation.
    pub form_notes: Vec<FormNote>,
    /// Form fields not asked now (a choice of one, a second name a ballot does not take).
    pub hidden_fields: Vec<&'static str>,
    /// The seat's submissions of the open phase, shown as its forms' choices: (form, field,
    /// value).
    pub chosen: Vec<(&'static str, &'static str, String)>,
    /// The seats the open vote is for, when not every living seat (a revote's tied seats).
    pub candidates: Vec<String>,
    /// The forms whose seat choice may not name the seat itself now.
    pub not_self: Vec<String>,
}

/// Facts under one heading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    /// The heading; `None`: more lines of the one before.
    pub term: Option<Message>,
    pub lines: Vec<FactLine>,
}

/// One line of facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FactLine {
    pub text: Message,
    /// Its class on the page (`window`, `eye-status`), for styling and tests.
    pub class: Option<&'static str>,
    /// It asks something of the seat (shown strong).
    pub urgent: bool,
}

/// A note shown with one form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormNote {
    /// The form's action type.
    pub form: &'static str,
    pub text: Message,
    /// What the form costs (shown above its confirmation); else a hint above its fields.
    pub cost: bool,
}

impl FactLine {
    pub fn new(text: Message) -> FactLine {
        FactLine {
            text,
            class: None,
            urgent: false,
        }
    }

    pub fn class(self, class: &'static str) -> FactLine {
        FactLine {
            class: Some(class),
            ..self
        }
    }

    pub fn urgent(self, urgent: bool) -> FactLine {
        FactLine { urgent, ..self }
    }
}

impl Fact {
    /// Lines under a heading.
    pub fn titled(term: Message, lines: Vec<FactLine>) -> Fact {
        Fact {
            term: Some(term),
            lines,
        }
    }

    /// Lines that continue the facts before them.
    pub fn more(lines: Vec<FactLine>) -> Fact {
        Fact { term: None, lines }
    }
}

impl SeatSheet {
    /// A sheet with just the seat's role.
    pub fn of_role(role: Message) -> SeatSheet {
        SeatSheet {
            role,
            ..SeatSheet::default()
        }
    }

    /// The value the seat submitted for `field` of its `form` in the open phase, if any.
    pub fn chosen(&self, form: &str, field: &str) -> Option<&str> {
        self.chosen
            .iter()
            .find(|(f, n, _)| *f == form && *n == field)
            .map(|(_, _, v)| v.as_str())
    }

    /// The notes of `form`: its hints, then its costs.
    pub fn notes_of(&self, form: &str, cost: bool) -> Vec<&Message> {
        self.form_notes
            .iter()
            .filter(|n| n.form == form && n.cost == cost)
            .map(|n| &n.text)
            .collect()
    }
}

/// The game IDs listed at `key` of a view (empty when absent).
pub fn names_at(view: &Value, key: &str) -> Vec<String> {
    view.get(key)
        .and_then(Value::as_array)
        .map(|l| {
            l.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// A table game's view (the classic and role games): the open vote's candidates, the forms that
/// may not name the seat itself, and the seat's submissions of the open phase: a role game's
/// night `action` (`{type, target}`), and a ballot or night choice under its form's name (the
/// form's first field).
pub fn table_choices(
    sheet: &mut SeatSheet,
    view: &Value,
    forms: &'static [super::forms::ActionForm],
) {
    sheet.candidates = names_at(view, "candidates");
    sheet.not_self = names_at(view, "not_self");
    for form in forms {
        if let Some(a) = view.get("action")
            && a.s("type") == form.kind
        {
            for f in form.fields {
                if let Some(v) = a.get(f.name).and_then(Value::as_str) {
                    sheet.chosen.push((form.kind, f.name, v.to_string()));
                }
            }
        }
        if let (Some(Value::String(v)), Some(first)) = (view.get(form.kind), form.fields.first()) {
            sheet.chosen.push((form.kind, first.name, v.clone()));
        }
    }
}
