//! What the judge's console shows of a Death Note seat beyond the seat's own view: what it owes
//! this act, its DN-19 windows and DN-22 Eye count, and the ballot tally (DN-15). Read off the
//! seat views, so the judge sees exactly what each seat sees, and more.

use serde_json::{Value, json};

use super::view::SeatView;
use crate::engine::to_value;

/// The console's facts of one seat from its view (`running`: the seat is in and the game
/// goes on): `notebooks`, `owes_ballot` (DN-14), `owes_notebooks` (DN-6), `ballot`, `windows`
/// (DN-19) and `eye_status` (DN-22). The console's API gives them as they are.
pub fn seat_facts(view: &SeatView, running: bool) -> Value {
    let numbers = |only_owed: bool| -> Vec<u8> {
        view.notebooks
            .iter()
            .filter(|nb| !only_owed || nb.owed)
            .map(|nb| nb.notebook.number())
            .collect()
    };
    json!({
        "notebooks": numbers(false),
        "owes_ballot": running && view.owes_ballot,
        "owes_notebooks": if running { numbers(true) } else { Vec::new() },
        "ballot": view.ballot.as_ref().filter(|_| running).map(to_value),
        "windows": if running { to_value(&view.windows) } else { json!([]) },
        "eye_status": view.eye_status.as_ref().filter(|_| running).map(to_value),
    })
}

/// The ballots counted: each name on a ballot is one vote (DN-15), most first; `order` is the
/// seat order, which breaks ties.
pub fn tally(ballots: &[Vec<String>], order: &[String]) -> Vec<(String, usize)> {
    let mut rows: Vec<(String, usize)> = order
        .iter()
        .map(|g| {
            (
                g.clone(),
                ballots.iter().flatten().filter(|n| *n == g).count(),
            )
        })
        .filter(|(_, votes)| *votes > 0)
        .collect();
    // A stable sort keeps seat order among equal counts.
    rows.sort_by_key(|(_, votes)| std::cmp::Reverse(*votes));
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(l: &[&str]) -> Vec<String> {
        l.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn dn_15_the_tally_counts_each_name_most_first_ties_in_seat_order() {
        let order = names(&["夜神月", "L", "弥海砂", "尼亚"]);
        let ballots = vec![
            names(&["尼亚"]),
            names(&["L", "尼亚"]),
            names(&["L"]),
            names(&["弥海砂"]),
            names(&["尼亚"]),
        ];
        let got = tally(&ballots, &order);
        assert_eq!(
            got,
            [
                ("尼亚".to_string(), 3),
                ("L".to_string(), 2),
                ("弥海砂".to_string(), 1)
            ]
        );
        assert!(tally(&[], &order).is_empty());
    }
}
