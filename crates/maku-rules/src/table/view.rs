//! Projections both engines show alike: who may post in the game thread, who still owes a
//! submission, and the judge's console's facts of a seat.

use serde_json::{Map, Value, json};

use super::day::{Day, Speeches};
use super::phase::Stage;
use super::seat::Seat;

/// Whether `seat` may post in the game thread in `stage` (CL-4, CL-5): nobody at night; only
/// the speaker in last words and ordered turns; a free PK's speakers; in a free phase (the
/// discussion, a vote when speeches are free) a seat `voiced` (living; in the role games also
/// unsilenced, R4-5, R5-4). After the end: a seat `alive` (the shell opens the thread to
/// everyone then).
pub fn may_post(
    day: &Day,
    (stage, speeches): (Stage, Speeches),
    seat: Seat,
    alive: bool,
    voiced: bool,
) -> bool {
    let free = speeches == Speeches::Free;
    let speaks = day.speaker(stage, speeches) == Some(seat);
    match stage {
        Stage::Over => alive,
        Stage::Night => false,
        Stage::LastWords { .. } | Stage::Speech(_) => speaks,
        Stage::Pk(_) if !free => speaks,
        Stage::Pk(_) => day.speakers.contains(&seat),
        Stage::Discussion => voiced,
        Stage::Vote => free && voiced,
    }
}

/// The seats of `seats` that still owe a submission (`owes`: an action, a ballot).
pub fn owing(seats: impl Iterator<Item = Seat>, owes: impl Fn(Seat) -> (bool, bool)) -> Vec<Seat> {
    seats
        .filter(|&s| {
            let (a, b) = owes(s);
            a || b
        })
        .collect()
}

/// The console's facts of a seat besides its role: what it owes (`owes`, `owes_ballot`) and,
/// while `running` (it is in and the game goes on), its submissions of this phase (`own`
/// writes them; its vote is shown as `ballot`).
pub fn judge_facts(
    running: bool,
    owes: impl FnOnce() -> (bool, bool),
    own: impl FnOnce(&mut Map<String, Value>),
) -> Map<String, Value> {
    let (action, ballot) = if running { owes() } else { (false, false) };
    let mut m = Map::new();
    m.insert("owes".into(), json!(action));
    m.insert("owes_ballot".into(), json!(ballot));
    if running {
        own(&mut m);
        if let Some(v) = m.remove("vote") {
            m.insert("ballot".into(), v);
        }
    }
    m
}
