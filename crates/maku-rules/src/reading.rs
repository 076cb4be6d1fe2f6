//! Every engine object a page shows, as a message that never fails: the variant's own words,
//! else the object's type code; and a stored transcript line (replay.md, "Transcript lines",
//! with the action a reply answers) as one message.

use serde_json::Value;

use super::interface::SPEC_ACTIONS;
use super::message::{Arg, Fields, Message, common_refusal, dashed, type_of};
use super::variant::{Say, Variant};

impl Variant {
    /// A public event.
    pub fn public(self, e: &Value) -> Message {
        self.words(Say::Public(e))
            .unwrap_or_else(|| Message::text(type_of(e)))
    }

    /// A private event; one the variant has no words for, by the facts it carries.
    pub fn private(self, e: &Value) -> Message {
        self.words(Say::Private(e)).unwrap_or_else(|| {
            let details = values(e);
            if details.is_empty() {
                Message::key("log-private-plain")
            } else {
                Message::key("log-private").arg("details", Arg::List(details))
            }
        })
    }

    /// A submitted action; one of another game's types (refused `not_your_role`) by its
    /// name; one of no game's, as some action with the values it named.
    pub fn action(self, a: &Value) -> Message {
        self.words(Say::Action(a)).unwrap_or_else(|| {
            let kind = type_of(a);
            if SPEC_ACTIONS.contains(&kind) {
                return Message::key(format!("action-{}", dashed(kind)));
            }
            let name = Message::key("log-some-action");
            let details = values(a);
            if details.is_empty() {
                name
            } else {
                Message::key("log-action")
                    .arg("action", name)
                    .arg("details", Arg::List(details))
            }
        })
    }

    /// A reply; one the variant has no words for, as accepted.
    pub fn reply(self, r: &Value) -> Message {
        self.words(Say::Reply(r))
            .unwrap_or_else(|| Message::key("log-accepted"))
    }

    /// A refusal, with its rule.
    pub fn refusal(self, code: &str) -> Message {
        self.words(Say::Refusal(code))
            .unwrap_or_else(|| common_refusal(code))
    }

    /// "refused: …" after an action that was refused.
    pub fn refused(self, code: &str) -> Message {
        Message::key("log-refused").arg("reason", self.refusal(code))
    }

    pub fn winner(self, winner: &str) -> Message {
        self.words(Say::Winner(winner))
            .unwrap_or_else(|| Message::text(winner))
    }

    pub fn cause(self, cause: &str) -> Message {
        self.words(Say::Cause(cause))
            .unwrap_or_else(|| Message::text(cause))
    }

    /// A role by name; a role the variant does not know, as it is.
    pub fn role(self, role: &str) -> Message {
        self.words(Say::Role(role))
            .unwrap_or_else(|| Message::text(role))
    }

    pub fn team(self, team: &str) -> Message {
        self.words(Say::Team(team))
            .unwrap_or_else(|| Message::text(team))
    }

    /// "Out in act 3 (voted out)".
    pub fn out(self, act: u64, cause: &str) -> Message {
        Message::key("seat-out")
            .arg("act", act)
            .arg("cause", self.cause(cause))
    }

    /// One line of a seat's private log (a stored transcript line with the action a reply
    /// answers): its act, its words, and the rule behind it (a refusal's, or the one its words
    /// apply), for the line's tooltip: the words name no rule code.
    pub fn log_entry(self, l: &Value) -> LogEntry {
        let refused = l.flag("ok") == Some(false);
        let text = self.line(l);
        let rule = match refused {
            true => self.refusal(l.s("error")).applies(),
            false => text.applies(),
        };
        LogEntry {
            act: l.n("act"),
            text,
            refused,
            rule,
        }
    }

    /// One stored transcript line: a reply with its action, a private or public event, the
    /// outcome.
    pub fn line(self, l: &Value) -> Message {
        let event = || l.get("event").unwrap_or(&Value::Null);
        match l.s("kind") {
            "reply" => {
                let action = l
                    .get("action")
                    .map(|a| self.action(a))
                    .unwrap_or_else(Message::nothing);
                let outcome = if l.flag("ok") == Some(true) {
                    self.reply(l.get("reply").unwrap_or(&Value::Null))
                } else {
                    self.refused(l.s("error"))
                };
                Message::key("log-reply")
                    .arg("action", action)
                    .arg("outcome", outcome)
            }
            "private" => self.private(event()),
            "public" => self.public(event()),
            "outcome" => match l.get("winner").and_then(Value::as_str) {
                Some(w) => Message::key("game-over").arg("winner", self.winner(w)),
                None => Message::nothing(),
            },
            other => Message::text(other),
        }
    }
}

/// One line of a seat's private log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    pub act: u64,
    pub text: Message,
    pub refused: bool,
    /// The rule behind a refusal (the sentence names none).
    pub rule: Option<&'static str>,
}

/// The values an engine object names besides its type (text, numbers, lists of them; an empty
/// choice as "none"), for the objects a variant has no words for.
fn values(v: &Value) -> Vec<Arg> {
    fn one(v: &Value) -> Option<Arg> {
        match v {
            Value::String(s) if !s.is_empty() => Some(Arg::Text(s.clone())),
            Value::Number(n) => Some(Arg::Text(n.to_string())),
            Value::Null => Some(Arg::from(Message::key("log-none"))),
            Value::Array(list) => {
                let items: Vec<Arg> = list.iter().filter_map(one).collect();
                (!items.is_empty()).then_some(Arg::List(items))
            }
            _ => None,
        }
    }
    v.as_object()
        .into_iter()
        .flatten()
        .filter(|(k, _)| k.as_str() != "type")
        .filter_map(|(_, v)| one(v))
        .collect()
}
