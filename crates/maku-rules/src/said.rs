//! What an engine says, as objects the shell holds but cannot open: a public or private
//! [`Event`], the [`Reply`] to an accepted submission, and a seat's [`SeatView`].
//!
//! Why walls: the shell cannot read a key of them, so every question about one is asked of the
//! engine ([`crate::Variant::public`], [`crate::Variant::seat_sheet`]…), never answered by a
//! JSON key read in a page or a notification. Each holds the object in its transcript form
//! (`../shared/spec/replay.md`), as the log, the API and the replay format store it: the variant
//! words it from that form, which is also how the lines of old logs are worded, so a line read
//! back from the database says exactly what it said when it was new. JSON comes out only at the
//! edges ([`Event::to_json`]…), and serializes transparently (stored and sent byte for byte as
//! before).

use serde::{Deserialize, Serialize};
use serde_json::Value;

macro_rules! said {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(Value);

        impl $name {
            /// The object a variant made, in its transcript form. (`Default`: none, `null`.)
            pub(crate) fn new(object: Value) -> $name {
                $name(object)
            }

            /// One read back from where it was stored (a database row, a replay or scenario
            /// file): the variant words it as it worded it when it was new.
            pub fn from_stored(object: Value) -> $name {
                $name(object)
            }

            /// Its transcript form, for the rules crate's own wording.
            pub(crate) fn json(&self) -> &Value {
                &self.0
            }

            /// Its transcript form, for an edge (the stored log, the API, the replay format).
            pub fn to_json(&self) -> Value {
                self.0.clone()
            }

            /// Its transcript form, for an edge.
            pub fn into_json(self) -> Value {
                self.0
            }
        }
    };
}

said!(
    /// A public or private event of a game.
    Event
);

said!(
    /// The reply to an accepted submission.
    Reply
);

said!(
    /// What one seat sees of its game (`Engine::view_for`): the seat page's and the API's
    /// view.
    SeatView
);

impl Event {
    /// An event made of a variant's own serializable event type.
    pub(crate) fn of<T: Serialize>(event: &T) -> Event {
        Event(crate::engine::to_value(event))
    }
}

impl Reply {
    /// A reply made of a variant's own serializable reply type.
    pub(crate) fn of<T: Serialize>(reply: &T) -> Reply {
        Reply(crate::engine::to_value(reply))
    }
}

impl SeatView {
    /// A view made of a variant's own serializable view type.
    pub(crate) fn of<T: Serialize>(view: &T) -> SeatView {
        SeatView(crate::engine::to_value(view))
    }

    /// The view without the seat's private log, which the shell gives as the seat's own
    /// transcript lines instead (with refusals and the actions submitted).
    pub fn without_log(mut self) -> SeatView {
        if let Value::Object(m) = &mut self.0 {
            m.remove("private");
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, GameConfig, Line, SeatSpec, Variant};

    /// Issue 39: the walls change no byte. An event, a reply and a view read back from where
    /// they were stored write back the same text (act posts, the API, replay transcripts).
    #[test]
    fn stored_objects_write_back_byte_for_byte() {
        let event =
            r#"{"cause":"voted","kira":true,"notebook":"recaptured","target":"g3","type":"out"}"#;
        let e: Event = serde_json::from_str(event).expect("an event");
        assert_eq!(serde_json::to_string(&e).expect("json"), event);
        let reply = r#"{"type":"vote_recorded"}"#;
        let r: Reply = serde_json::from_str(reply).expect("a reply");
        assert_eq!(serde_json::to_string(&r).expect("json"), reply);
        let line = Line::Public { act: 2, event: e };
        assert_eq!(
            serde_json::to_string(&line).expect("json"),
            format!(r#"{{"kind":"public","act":2,"event":{event}}}"#)
        );
    }

    /// A seat's view without its log is the engine's view less `private`, nothing else.
    #[test]
    fn a_view_without_its_log_keeps_everything_else() {
        let seats: Vec<SeatSpec> = ["夜神月", "L", "弥海砂", "尼亚", "梅洛", "松田"]
            .iter()
            .map(|n| SeatSpec {
                game_id: n.to_string(),
                real_id: format!("u-{n}"),
            })
            .collect();
        let config = GameConfig {
            variant: Variant::from_name("deathnote").expect("a variant"),
            options: Value::Null,
            seed: 7,
            seats,
            setup: None,
        };
        let g = Game::start(&config).expect("starts");
        let view = g.view_for("L").expect("a seat").into_json();
        assert!(view.get("private").is_some(), "{view}");
        let mut without = view.clone();
        without
            .as_object_mut()
            .expect("an object")
            .remove("private");
        let walled = g.view_for("L").expect("a seat").without_log().into_json();
        assert_eq!(walled, without);
    }
}
