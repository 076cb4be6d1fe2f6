//! What the judge's console shows of a Death Note seat beyond the seat's own view: what it owes
//! this act, its DN-19 windows and DN-22 Eye count, and the ballot tally (DN-15). Read off the
//! seat views, so the judge sees exactly what each seat sees, and more.

use serde_json::{Value, json};

/// The notebook numbers listed under `key` of a seat view; only those still owed this act
/// when `only_owed` (DN-6).
fn numbers(view: &Value, key: &str, only_owed: bool) -> Vec<u64> {
    view.get(key)
        .and_then(Value::as_array)
        .map(|l| {
            l.iter()
                .filter(|nb| !only_owed || nb.get("owed").and_then(Value::as_bool) == Some(true))
                .filter_map(|nb| nb.get("notebook").and_then(Value::as_u64))
                .collect()
        })
        .unwrap_or_default()
}

/// The console's facts of one seat from its view (`running`: the seat is in and the game
/// goes on): `notebooks`, `owes_ballot` (DN-14), `owes_notebooks` (DN-6), `ballot`, `windows`
/// (DN-19) and `eye_status` (DN-22).
pub fn seat_facts(view: &Value, running: bool) -> Value {
    let ballot = view
        .get("ballot")
        .and_then(Value::as_array)
        .filter(|_| running)
        .map(|l| l.iter().filter_map(Value::as_str).collect::<Vec<_>>());
    json!({
        "notebooks": numbers(view, "notebooks", false),
        "owes_ballot": running && view.get("owes_ballot").and_then(Value::as_bool) == Some(true),
        "owes_notebooks": if running { numbers(view, "notebooks", true) } else { Vec::new() },
        "ballot": ballot,
        "windows": view
            .get("windows")
            .and_then(Value::as_array)
            .filter(|_| running)
            .cloned()
            .unwrap_or_default(),
        "eye_status": view.get("eye_status").filter(|e| running && e.is_object()).cloned(),
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
