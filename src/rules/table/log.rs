//! What a table game says, and to whom: each reply, refusal and event is logged with its
//! audience and its act, so that pages and transcripts are projections of one log. The reply,
//! refusal and event types are each engine's own (`classic::event`, `roles::event`).

use super::seat::Seat;

/// Who an event is told to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Audience {
    Public,
    Seat(Seat),
}
