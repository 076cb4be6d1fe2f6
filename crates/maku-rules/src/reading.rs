//! Every engine object a page shows, as a message that never fails: the variant's own words,
//! else the object's type code; and a stored transcript line (replay.md, "Transcript lines",
//! with the action a reply answers) as one message.

use serde_json::Value;

use super::action::Action;
use super::interface::{Line, SPEC_ACTIONS};
use super::message::{Arg, Message, common_refusal, dashed, type_of};
use super::said::{Event, Reply};
use super::variant::{Say, Variant};

impl Variant {
    /// A public event.
    pub fn public(self, e: &Event) -> Message {
        self.words(Say::Public(e))
            .unwrap_or_else(|| Message::text(type_of(e.json())))
    }

    /// A private event; one the variant has no words for, by the facts it carries.
    pub fn private(self, e: &Event) -> Message {
        self.words(Say::Private(e)).unwrap_or_else(|| {
            let details = values(e.json());
            if details.is_empty() {
                Message::key("log-private-plain")
            } else {
                Message::key("log-private").arg("details", Arg::List(details))
            }
        })
    }

    /// A submitted action, as its engine understood it.
    pub fn action(self, a: &Action) -> Message {
        self.words(Say::Action(a))
            .unwrap_or_else(|| some_action(&a.to_json()))
    }

    /// A submitted action as stored (the reveal's transcript, an edge): read back with the
    /// variant's parser and worded as when it was new; one that no longer parses (another
    /// game's type, refused `not_your_role`, or one of no game's) by its name, or as some
    /// action with the values it named.
    pub fn stored_action(self, a: &Value) -> Message {
        match self.parse_action(a) {
            Ok(action) => self.action(&action),
            Err(_) => some_action(a),
        }
    }

    /// The action a logged submission sent, where the log kept one (else some action, as
    /// an action of no game's with nothing named).
    pub fn submitted(self, a: Option<&Action>) -> Message {
        a.map(|a| self.action(a))
            .unwrap_or_else(|| some_action(&Value::Null))
    }

    /// What came of a submission: its reply (accepted without one: as accepted), or "refused:
    /// …" with the refusal's rule.
    pub fn answer(self, ok: bool, reply: Option<&Reply>, error: Option<&str>) -> Message {
        match (ok, reply) {
            (true, Some(r)) => self.reply(r),
            (true, None) => self.reply(&Reply::new(Value::Null)),
            (false, _) => self.refused(error.unwrap_or("")),
        }
    }

    /// A reply; one the variant has no words for, as accepted.
    pub fn reply(self, r: &Reply) -> Message {
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

    /// One line of a seat's private log (a transcript line, with the action a reply
    /// answers): its act, its words, and the rule behind it (a refusal's, or the one its words
    /// apply), for the line's tooltip: the words name no rule code.
    pub fn log_entry(self, l: &Line, action: Option<&Action>) -> LogEntry {
        let (act, refused) = match l {
            Line::Reply { act, ok, .. } => (*act, !*ok),
            Line::Private { act, .. } | Line::Public { act, .. } => (*act, false),
            Line::Outcome { .. } => (0, false),
        };
        let text = self.line(l, action);
        let rule = match l {
            Line::Reply {
                ok: false, error, ..
            } => self.refusal(error.unwrap_or("")).applies(),
            _ => text.applies(),
        };
        LogEntry {
            act: u64::from(act),
            text,
            refused,
            rule,
        }
    }

    /// One transcript line: a reply with the action it answers, a private or public event,
    /// the outcome.
    pub fn line(self, l: &Line, action: Option<&Action>) -> Message {
        match l {
            Line::Reply {
                ok, reply, error, ..
            } => {
                let action = action
                    .map(|a| self.action(a))
                    .unwrap_or_else(Message::nothing);
                let outcome = self.answer(*ok, reply.as_ref(), *error);
                Message::key("log-reply")
                    .arg("action", action)
                    .arg("outcome", outcome)
            }
            Line::Private { event, .. } => self.private(event),
            Line::Public { event, .. } => self.public(event),
            Line::Outcome { winner } => match winner {
                Some(w) => Message::key("game-over").arg("winner", self.winner(w)),
                None => Message::nothing(),
            },
        }
    }
}

/// An action no variant has words for: one of another game's types by its name; one of no
/// game's, as some action with the values it named.
fn some_action(a: &Value) -> Message {
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
