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
