//! Which threads a board lists: what its pages show and what moves its kept list
//! (`db::epoch::board`).

/// The threads a board lists: forum threads and games' public ones. A game's private threads
/// (the graveyard, the Kiras') are reached through the game's pages only: their post counts,
/// times and place in the list would tell everyone when the dead or the Kiras talk.
pub(super) const LISTED_KINDS: [&str; 3] = ["forum", "signup", "game"];

/// A thread of `kind` is listed on its board's pages (a team's, a graveyard's or the
/// spectators' thread is not).
pub fn is_listed(kind: &str) -> bool {
    LISTED_KINDS.contains(&kind)
}
