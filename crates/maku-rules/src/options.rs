//! A variant's options as data: what the create form asks a judge, drawn from the
//! variant as its action forms are. The form turns each field into the option of the same name;
//! `Variant::check_options` still decides what is valid.

/// One option a judge may set for a game of the variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionField {
    /// The option's key in the game's options (`redistribute`, `speeches`); the catalogs name
    /// it `option-<name>` (underscores as dashes), and a choice's values `option-<name>-<value>`.
    pub name: &'static str,
    pub input: OptionInput,
}

impl OptionField {
    /// The option's value in a game's options (a JSON object as stored), else its default.
    pub fn value_in<'a>(&self, options: &'a serde_json::Value) -> OptionValue<'a> {
        let set = options.get(self.name);
        match self.input {
            OptionInput::Flag { default } => {
                OptionValue::Flag(set.and_then(serde_json::Value::as_bool).unwrap_or(default))
            }
            OptionInput::Choice { default, .. } => {
                OptionValue::Choice(set.and_then(serde_json::Value::as_str).unwrap_or(default))
            }
        }
    }
}

/// What an option is set to in one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionValue<'a> {
    Flag(bool),
    Choice(&'a str),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionInput {
    /// On or off (a checkbox); the value is a JSON boolean.
    Flag { default: bool },
    /// One of these strings (a select).
    Choice {
        values: &'static [&'static str],
        default: &'static str,
    },
}
