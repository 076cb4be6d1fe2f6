//! Why a submission was refused. Codes and their precedence are the ruling book's "Refusals"
//! section: `unknown_seat`, `game_over`, `out`, `not_kira`, `bad_notebook`, `not_your_turn`,
//! `already_acted`, the rule's own, then `bad_target`, `self_target`, `target_taken`; ballots:
//! the first three, then `ballot_size`, `bad_target`, `duplicate_target`.

use serde::{Deserialize, Serialize};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "snake_case")]
pub enum Refusal {
    #[error("no such seat in this game")]
    UnknownSeat,
    #[error("the game is over")]
    GameOver,
    #[error("the seat is out")]
    Out,
    #[error("only a Kira may do this")]
    NotKira,
    #[error("the seat does not hold that notebook (DN-6a)")]
    BadNotebook,
    #[error("no notebook of this seat is on turn (DN-4, DN-5)")]
    NotYourTurn,
    #[error("the notebook on turn has acted already this act (DN-6)")]
    AlreadyActed,
    #[error("joining is impossible now (DN-12)")]
    JoinUnavailable,
    #[error("the Eye cannot be requested (DN-20)")]
    EyeUnavailable,
    #[error("the seat does not hold the Eye (DN-21)")]
    EyeNotHeld,
    #[error("the Eye was used already this turn (DN-21)")]
    EyeAlreadyUsed,
    #[error("the Eye must be used before any kill of the act (DN-21)")]
    EyeAfterKill,
    #[error("the notebook cannot be transferred (DN-18)")]
    TransferUnavailable,
    #[error("the target is unknown or out")]
    BadTarget,
    #[error("the seat may not name itself")]
    SelfTarget,
    #[error("another kill already killed that seat this act (DN-9)")]
    TargetTaken,
    #[error("wrong number of names on the ballot (DN-14)")]
    BallotSize,
    #[error("the ballot names a seat twice (DN-14)")]
    DuplicateTarget,
}

impl Refusal {
    /// The spec's error code.
    pub fn code(self) -> &'static str {
        match self {
            Refusal::UnknownSeat => "unknown_seat",
            Refusal::GameOver => "game_over",
            Refusal::Out => "out",
            Refusal::NotKira => "not_kira",
            Refusal::BadNotebook => "bad_notebook",
            Refusal::NotYourTurn => "not_your_turn",
            Refusal::AlreadyActed => "already_acted",
            Refusal::JoinUnavailable => "join_unavailable",
            Refusal::EyeUnavailable => "eye_unavailable",
            Refusal::EyeNotHeld => "eye_not_held",
            Refusal::EyeAlreadyUsed => "eye_already_used",
            Refusal::EyeAfterKill => "eye_after_kill",
            Refusal::TransferUnavailable => "transfer_unavailable",
            Refusal::BadTarget => "bad_target",
            Refusal::SelfTarget => "self_target",
            Refusal::TargetTaken => "target_taken",
            Refusal::BallotSize => "ballot_size",
            Refusal::DuplicateTarget => "duplicate_target",
        }
    }
}
