//! Typed messages: every line an engine produces for a reader, before it has a language. A
//! message is a catalog key with typed arguments and the rule it applies; the shell renders it
//! through the Fluent catalogs (`locales/<lang>/<variant>.ftl`) without knowing which variant
//! made it.

use std::borrow::Cow;

use serde::Serialize;
use serde_json::Value;

/// A sentence for a reader.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Message {
    /// A catalog message with its arguments.
    Say {
        key: Cow<'static, str>,
        args: Vec<(&'static str, Arg)>,
        /// The ruling book's rule it applies (a tooltip on pages).
        #[serde(skip_serializing_if = "Option::is_none")]
        rule: Option<&'static str>,
    },
    /// Text shown as it is (a name the catalogs do not know).
    Verbatim(String),
    /// Messages read one after the other (a sentence and its suffix).
    Joined(Vec<Message>),
}

/// One seat of the reveal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RevealRow {
    pub game_id: String,
    pub real_id: String,
    pub start: Message,
    /// The role it had when it went out, or at the end if still in.
    pub role: Message,
    /// Each change of its role, with the act (empty for a role dealt once and kept).
    pub history: Vec<Message>,
    /// When and why it went out; "in to the end".
    pub out: Message,
}

/// A seat on the judge's console, worded by its variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConsoleRow {
    pub role: Message,
    /// The role is one the rules keep secret from the others (highlighted).
    pub marked: bool,
    /// What it still owes in this phase.
    pub owes: Vec<Message>,
    /// One cell per column of `Rules::console_columns`, each a list of lines.
    pub cells: Vec<Vec<Message>>,
}

/// An argument of a message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Arg {
    /// Shown as it is: a game ID, a real ID, a code.
    Text(String),
    /// A number (Fluent selects plural forms and exact values on it).
    Number(i64),
    /// Another message, rendered in the same language.
    Message(Box<Message>),
    /// A list, joined by the language's list separator.
    List(Vec<Arg>),
}

impl Message {
    /// The catalog message `key` without arguments.
    pub fn key(key: impl Into<Cow<'static, str>>) -> Message {
        Message::Say {
            key: key.into(),
            args: Vec::new(),
            rule: None,
        }
    }

    /// Text shown as it is.
    pub fn text(text: impl Into<String>) -> Message {
        Message::Verbatim(text.into())
    }

    /// Adds the argument `name`.
    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Message {
        if let Message::Say { args, .. } = &mut self {
            args.push((name, value.into()));
        }
        self
    }

    /// Names the rule the message applies.
    pub fn rule(mut self, applies: &'static str) -> Message {
        if let Message::Say { rule, .. } = &mut self {
            *rule = Some(applies);
        }
        self
    }

    /// This message, then `next` (an empty `Joined` adds nothing).
    pub fn then(self, next: Message) -> Message {
        match (self, next) {
            (m, Message::Joined(rest)) if rest.is_empty() => m,
            (Message::Joined(mut list), next) => {
                list.push(next);
                Message::Joined(list)
            }
            (m, next) => Message::Joined(vec![m, next]),
        }
    }

    /// Nothing (a suffix that does not apply).
    pub fn nothing() -> Message {
        Message::Joined(Vec::new())
    }

    /// The rule it applies, if it names one.
    pub fn applies(&self) -> Option<&'static str> {
        match self {
            Message::Say { rule, .. } => *rule,
            Message::Joined(list) => list.iter().find_map(Message::applies),
            Message::Verbatim(_) => None,
        }
    }

    /// Its catalog key (the first, for a joined message).
    pub fn catalog_key(&self) -> Option<&str> {
        match self {
            Message::Say { key, .. } => Some(key),
            Message::Joined(list) => list.iter().find_map(Message::catalog_key),
            Message::Verbatim(_) => None,
        }
    }
}

impl Default for Message {
    fn default() -> Message {
        Message::nothing()
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<i64> for Arg {
    fn from(n: i64) -> Arg {
        Arg::Number(n)
    }
}

impl From<u64> for Arg {
    fn from(n: u64) -> Arg {
        Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Number(n.into())
    }
}

impl From<Message> for Arg {
    fn from(m: Message) -> Arg {
        Arg::Message(Box::new(m))
    }
}

impl From<Vec<Arg>> for Arg {
    fn from(l: Vec<Arg>) -> Arg {
        Arg::List(l)
    }
}

/// Reading an engine's JSON object, for the variants' message functions: absent or mistyped
/// fields read as empty, zero or `None`, so a message never fails.
pub trait Fields {
    /// The string at `key` (`""` when absent).
    fn s(&self, key: &str) -> &str;
    /// The number at `key` (0 when absent).
    fn n(&self, key: &str) -> u64;
    /// The flag at `key`, if there is one.
    fn flag(&self, key: &str) -> Option<bool>;
    /// The game IDs listed at `key` as a list argument.
    fn names(&self, key: &str) -> Arg;
}

impl Fields for Value {
    fn s(&self, key: &str) -> &str {
        self.get(key).and_then(Value::as_str).unwrap_or("")
    }
    fn n(&self, key: &str) -> u64 {
        self.get(key).and_then(Value::as_u64).unwrap_or(0)
    }
    fn flag(&self, key: &str) -> Option<bool> {
        self.get(key).and_then(Value::as_bool)
    }
    fn names(&self, key: &str) -> Arg {
        Arg::List(
            self.get(key)
                .and_then(Value::as_array)
                .map(|l| l.iter().filter_map(Value::as_str).map(Arg::from).collect())
                .unwrap_or_default(),
        )
    }
}

/// `name` as a catalog key's part: underscores as dashes (`last_words` → `last-words`).
pub fn dashed(name: &str) -> String {
    name.replace('_', "-")
}

/// The type of an engine's JSON object (`kill_failed`, `vote`…): what a message falls back to
/// when its variant has no words for it, so nothing is ever shown empty.
pub fn type_of(v: &Value) -> &str {
    v.s("type")
}

/// A refusal every variant may give, by the shell's sentence (`refusal-<code>`); a code without
/// one, the general sentence: a reader never sees a code.
pub fn common_refusal(code: &str) -> Message {
    match code {
        "unknown_seat" | "out" | "bad_target" | "self_target" | "game_over" | "not_now" => {
            Message::key(format!("refusal-{}", dashed(code)))
        }
        _ => Message::key("refusal-other"),
    }
}
