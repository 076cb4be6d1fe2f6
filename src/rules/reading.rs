//! Every engine object a page shows, as a message that never fails: the variant's own words,
//! else the object's type code; and a stored transcript line (replay.md, "Transcript lines",
//! with the action a reply answers) as one message.

use serde_json::Value;

use super::message::{Fields, Message, dashed, type_of};
use super::variant::Variant;

/// The action types of `../shared/spec/replay.md`, in whichever game has them.
const SPEC_ACTIONS: [&str; 21] = [
    "kill",
    "join",
    "pass",
    "eye_request",
    "eye_use",
    "transfer",
    "heir",
    "vote",
    "check",
    "peek",
    "explode",
    "surrender",
    "hug",
    "silence",
    "save",
    "secret_kill",
    "needle",
    "snipe",
    "magic",
    "query",
    "dark_vote",
];

impl Variant {
    /// A public event.
    pub fn public(self, e: &Value) -> Message {
        self.rules()
            .public_message(e)
            .unwrap_or_else(|| Message::text(type_of(e)))
    }

    /// A private event.
    pub fn private(self, e: &Value) -> Message {
        self.rules()
            .private_message(e)
            .unwrap_or_else(|| Message::text(type_of(e)))
    }

    /// A submitted action; one of another game's types (refused `not_your_role`) by its
    /// name.
    pub fn action(self, a: &Value) -> Message {
        self.rules().action_message(a).unwrap_or_else(|| {
            let kind = type_of(a);
            if SPEC_ACTIONS.contains(&kind) {
                Message::key(format!("action-{}", dashed(kind)))
            } else {
                Message::text(kind)
            }
        })
    }

    /// A reply.
    pub fn reply(self, r: &Value) -> Message {
        self.rules()
            .reply_message(r)
            .unwrap_or_else(|| Message::text(type_of(r)))
    }

    /// A refusal, with its rule.
    pub fn refusal(self, code: &str) -> Message {
        self.rules().refusal_message(code)
    }

    /// "refused: …" after an action that was refused.
    pub fn refused(self, code: &str) -> Message {
        Message::key("log-refused").arg("reason", self.refusal(code))
    }

    pub fn winner(self, winner: &str) -> Message {
        self.rules().winner_message(winner)
    }

    pub fn cause(self, cause: &str) -> Message {
        self.rules().cause_message(cause)
    }

    /// A role by name; a role the variant does not know, as it is.
    pub fn role(self, role: &str) -> Message {
        self.rules()
            .role_message(role)
            .unwrap_or_else(|| Message::text(role))
    }

    pub fn team(self, team: &str) -> Message {
        self.rules().team_message(team)
    }

    /// "Out in act 3 (voted out)".
    pub fn out(self, act: u64, cause: &str) -> Message {
        Message::key("seat-out")
            .arg("act", act)
            .arg("cause", self.cause(cause))
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
