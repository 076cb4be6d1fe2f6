//! The reveal's seats table, worded by the variant: each seat's real ID, its role at the start
//! and at the end (or when it went out), the changes between, and when and why it went out.

use serde_json::Value;

use super::message::{Fields, Message, RevealRow};
use super::reveal_picture;
use super::timeline::{Timeline, Tone};
use super::variant::Variant;

/// "act 2, voted out", or "in to the end".
pub fn out(act: Option<u64>, cause: Option<Message>) -> Message {
    match (act, cause) {
        (Some(act), Some(cause)) => Message::key("reveal-out")
            .arg("act", act)
            .arg("cause", cause),
        _ => Message::key("reveal-still-in"),
    }
}

/// The seats of a reveal whose roles are dealt once and kept (`roles.seats[]` of `{game_id,
/// real_id, role, out: {act, cause} | null}`): every variant's but one whose roles change.
pub fn kept_roles(variant: Variant, roles: &Value) -> Vec<RevealRow> {
    seats(roles)
        .map(|seat| {
            let role = match seat.s("role") {
                "" => Message::key("reveal-good"),
                r => variant.role(r),
            };
            let o = seat.get("out").filter(|o| o.is_object());
            RevealRow {
                game_id: seat.s("game_id").to_string(),
                real_id: seat.s("real_id").to_string(),
                start: role.clone(),
                role,
                history: Vec::new(),
                out: out(
                    o.map(|o| o.n("act")),
                    o.map(|o| variant.cause(o.s("cause"))),
                ),
            }
        })
        .collect()
}

/// `roles.seats[]`.
pub fn seats(roles: &Value) -> impl Iterator<Item = &Value> {
    roles
        .get("seats")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
}

/// How a finished game's reveal reads, as its variant answers it
/// ([`crate::Rules::read_reveal`]).
#[derive(Clone, Debug, PartialEq)]
pub enum RevealReading {
    /// Roles dealt once and kept, read the common way ([`kept_roles`], the common picture):
    /// each seat's side as the picture draws it, in the order of `roles.seats[]`.
    Kept(Vec<Tone>),
    /// Roles that change during the game: the variant's own seats table and picture.
    Own(Vec<RevealRow>, Timeline),
}

impl Variant {
    /// The reveal's seats table and its picture (`roles` is the reveal's `roles` object,
    /// `transcript` its lines with actions).
    pub fn read_reveal(self, roles: &Value, transcript: &[Value]) -> (Vec<RevealRow>, Timeline) {
        match self.rules().read_reveal(roles, transcript) {
            RevealReading::Own(rows, picture) => (rows, picture),
            RevealReading::Kept(tones) => (
                kept_roles(self, roles),
                reveal_picture::common(self, roles, transcript, &tones),
            ),
        }
    }

    /// The same, from the transcript's lines as the log holds them (each with the action a
    /// reply answers).
    pub fn read_reveal_lines<'a>(
        self,
        roles: &Value,
        lines: impl IntoIterator<Item = (&'a crate::Line, Option<&'a crate::Action>)>,
    ) -> (Vec<RevealRow>, Timeline) {
        let transcript: Vec<Value> = lines
            .into_iter()
            .map(|(line, action)| line.to_json_with(action))
            .collect();
        self.read_reveal(roles, &transcript)
    }

    /// The reveal's seats (`roles` is the reveal's `roles` object).
    pub fn reveal_rows(self, roles: &Value) -> Vec<RevealRow> {
        self.read_reveal(roles, &[]).0
    }

    /// The picture of a finished game from its reveal (`roles`, and the transcript with
    /// actions).
    pub fn timeline(self, roles: &Value, transcript: &[Value]) -> Timeline {
        self.read_reveal(roles, transcript).1
    }
}
