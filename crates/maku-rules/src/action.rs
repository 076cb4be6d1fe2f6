//! A parsed action of some variant, opaque to everything but its own engine: the shell passes
//! it on and reads only its JSON and its fields.

use std::any::Any;
use std::fmt;

use serde_json::Value;

/// What every variant's action type gives the shell.
pub trait EngineAction: Any + Clone + fmt::Debug + PartialEq + Send + Sync {
    /// The action object as the engine understood it: what the log stores and the reveal shows.
    fn to_json(&self) -> Value;
    /// The fields this action's type may carry besides `type`.
    fn fields(&self) -> &'static [&'static str];
}

/// The object-safe face of an [`EngineAction`].
trait Held: Any + fmt::Debug + Send + Sync {
    fn to_json(&self) -> Value;
    fn fields(&self) -> &'static [&'static str];
    fn clone_box(&self) -> Box<dyn Held>;
    fn same(&self, other: &dyn Held) -> bool;
    fn as_any(&self) -> &dyn Any;
}

impl<A: EngineAction> Held for A {
    fn to_json(&self) -> Value {
        EngineAction::to_json(self)
    }
    fn fields(&self) -> &'static [&'static str] {
        EngineAction::fields(self)
    }
    fn clone_box(&self) -> Box<dyn Held> {
        Box::new(self.clone())
    }
    fn same(&self, other: &dyn Held) -> bool {
        other.as_any().downcast_ref::<A>() == Some(self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A parsed action of some variant.
pub struct Action(Box<dyn Held>);

impl Action {
    pub fn new<A: EngineAction>(action: A) -> Action {
        Action(Box::new(action))
    }

    /// The variant's own action, for its engine; `None` for another variant's.
    pub fn get<A: EngineAction>(&self) -> Option<&A> {
        self.0.as_any().downcast_ref::<A>()
    }

    /// The action object as the engine understood it: what the log stores and the reveal shows.
    pub fn to_json(&self) -> Value {
        self.0.to_json()
    }

    /// The fields this action's type may carry besides `type`.
    pub fn fields(&self) -> &'static [&'static str] {
        self.0.fields()
    }
}

impl Clone for Action {
    fn clone(&self) -> Action {
        Action(self.0.clone_box())
    }
}

impl PartialEq for Action {
    fn eq(&self, other: &Action) -> bool {
        self.0.same(other.0.as_ref())
    }
}

impl Eq for Action {}

impl fmt::Debug for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// An action object that does not parse (a 400 at the API, a malformed scenario for replay).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    #[error("invalid action: {0}")]
    Invalid(Malformed),
    /// Only from `Variant::parse_action_strict`.
    #[error("unknown field {0:?} in the action")]
    UnknownField(String),
}

/// Why an action object does not parse: [`Why`] for the shell to word in the reader's
/// language, and the engine's own English detail, which only `maku replay` and the logs show.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{detail}")]
pub struct Malformed {
    pub why: Why,
    pub detail: String,
}

/// What is wrong with an action object, as a value (the catalogs word it: `action-malformed-*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// No `type`, or one that is not text.
    NoType,
    /// A `type` the variant has no action of.
    UnknownType,
    /// This field is missing, or not of its kind (a game ID, a list of them, a round…).
    Field(&'static str),
}

impl Malformed {
    pub fn new(why: Why, detail: impl Into<String>) -> Malformed {
        Malformed {
            why,
            detail: detail.into(),
        }
    }

    /// An object without a `type`.
    pub fn no_type() -> Malformed {
        Malformed::new(Why::NoType, "an action needs a type")
    }

    /// A `type` the variant does not know.
    pub fn unknown_type(kind: &str) -> Malformed {
        Malformed::new(Why::UnknownType, format!("unknown action type {kind:?}"))
    }

    /// The field `name` is missing or wrong.
    pub fn field(name: &'static str, detail: impl Into<String>) -> Malformed {
        Malformed::new(Why::Field(name), detail)
    }
}

impl From<Malformed> for ActionError {
    fn from(m: Malformed) -> ActionError {
        ActionError::Invalid(m)
    }
}
