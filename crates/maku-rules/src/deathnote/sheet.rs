//! A Death Note seat's own page (DN-3): its role with its notebooks and each notebook's state
//! (DN-5, DN-6), the Eye (DN-20..22), the recapture windows it opened (DN-19), its partner
//! (DN-12), its ballot (DN-14), what it owes before the deadline (DN-6, DN-15), and the cost of
//! each irreversible form.

use serde_json::Value;

use super::messages::{eye_status, seat_role, window};
use crate::message::{Arg, Fields, Message};
use crate::sheet::{Fact, FactLine, FormNote, SeatSheet};

/// The sheet of a seat from its view (`SeatView` as JSON); `over`: the game has ended, so
/// nothing lies ahead and nothing is owed.
pub fn seat_sheet(st: &Value, over: bool) -> SeatSheet {
    let alive = st.flag("alive").unwrap_or(false);
    let notebooks: Vec<&Value> = st
        .get("notebooks")
        .and_then(Value::as_array)
        .map(|l| l.iter().collect())
        .unwrap_or_default();
    let numbers: Vec<u64> = notebooks.iter().map(|n| n.n("notebook")).collect();
    let kira = st.s("role") == "kira";
    let mut facts = Vec::new();
    if alive {
        let turn = if st.flag("on_turn") == Some(true) {
            "seat-on-turn"
        } else {
            "seat-not-on-turn"
        };
        facts.push(Fact::more(vec![FactLine::new(Message::key(turn))]));
    }
    if !notebooks.is_empty() {
        let lines = notebooks.iter().map(|n| notebook_line(n)).collect();
        facts.push(Fact::titled(Message::key("seat-notebooks"), lines));
    }
    if st.flag("eye") == Some(true) {
        facts.push(Fact::more(vec![FactLine::new(Message::key("seat-eye"))]));
    }
    let mut ahead = Vec::new();
    if !over {
        let now = st.n("act");
        for w in st
            .get("windows")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            ahead.push(FactLine::new(window("seat-window", w, now)).class("window"));
        }
        if let Some(e) = st.get("eye_status").filter(|e| e.is_object()) {
            ahead.push(FactLine::new(eye_status("seat-eye-status", e)).class("eye-status"));
        }
    }
    if !ahead.is_empty() {
        facts.push(Fact::titled(Message::key("seat-ahead"), ahead));
    }
    if let Some(p) = st.get("partner").and_then(Value::as_str) {
        let line = Message::key("seat-partner").arg("partner", p);
        facts.push(Fact::more(vec![FactLine::new(line)]));
    }
    if alive {
        let ballot = match st.get("ballot").filter(|b| b.is_array()) {
            Some(_) => Message::key("seat-ballot").arg("names", st.names("ballot")),
            None => Message::key("seat-ballot-none"),
        };
        let size = Message::key("seat-ballot-size").arg("size", ballot_size(st));
        let line = ballot.then(Message::text(" · ")).then(size);
        facts.push(Fact::more(vec![FactLine::new(line)]));
    }
    let mut owes = Vec::new();
    if !over && alive {
        if st.flag("owes_ballot") == Some(true) {
            owes.push(Arg::from(Message::key("seat-owes-ballot")));
        }
        if notebooks.iter().any(|n| n.flag("owed") == Some(true)) {
            owes.push(Arg::from(Message::key("seat-owes-action")));
        }
    }
    let mut hidden_fields = Vec::new();
    // DN-6a: with one notebook there is nothing to choose; DN-14: a ballot of one name.
    if notebooks.len() < 2 {
        hidden_fields.push("notebook");
    }
    if ballot_size(st) < 2 {
        hidden_fields.push("vote2");
    }
    SeatSheet {
        real_id: Some(st.s("real_id").to_string()).filter(|r| !r.is_empty()),
        role: seat_role(kira, alive, &numbers),
        marked: kira,
        facts,
        owes: (!owes.is_empty()).then(|| Message::key("seat-owes").arg("what", Arg::List(owes))),
        form_notes: form_notes(st, notebooks.len()),
        hidden_fields,
        ..SeatSheet::default()
    }
}

/// DN-14: how many names a ballot takes this act.
fn ballot_size(st: &Value) -> u64 {
    st.get("ballot_size").and_then(Value::as_u64).unwrap_or(1)
}

/// One notebook as its holder reads it: "N1 · on turn · must act before the deadline".
fn notebook_line(n: &Value) -> FactLine {
    let mut text = Message::key("seat-nb-name").arg("n", n.n("notebook"));
    let mut part = |m: Message| text = std::mem::take(&mut text).then(Message::text(" · ")).then(m);
    for (flag, key) in [
        ("on_turn", "seat-nb-on-turn"),
        ("acted", "seat-nb-acted"),
        ("owed", "seat-nb-owed"),
        // DN-18: only when a transfer can be made now, not merely never made.
        ("can_transfer", "seat-nb-transferable"),
    ] {
        if n.flag(flag) == Some(true) {
            part(Message::key(key));
        }
    }
    if let Some(h) = n.get("heir").and_then(Value::as_str) {
        part(Message::key("seat-nb-heir").arg("heir", h));
    }
    FactLine::new(text).urgent(n.flag("owed") == Some(true))
}

/// The join hint and the cost of each irreversible form, from the engine's `transfer_window`
/// (DN-19) and `eye_request_death` (DN-22).
fn form_notes(st: &Value, notebooks: usize) -> Vec<FormNote> {
    let transfer = match st.get("transfer_window").and_then(Value::as_array) {
        Some(w) if w.len() == 2 => Message::key("seat-cost-transfer")
            .arg("first", w[0].as_u64().unwrap_or(0))
            .arg("last", w[1].as_u64().unwrap_or(0))
            .arg("both", if notebooks > 1 { "yes" } else { "no" }),
        _ => Message::key("seat-cost-transfer-plain"),
    };
    let eye_request = match st.get("eye_request_death").and_then(Value::as_u64) {
        Some(death) => Message::key("seat-cost-eye-request").arg("act", death),
        None => Message::key("seat-cost-eye-request-plain"),
    };
    let note = |form, text, cost| FormNote { form, text, cost };
    vec![
        note("join", Message::key("seat-join-hint"), false),
        note("kill", Message::key("seat-cost-kill"), true),
        note("join", Message::key("seat-cost-join"), true),
        note("transfer", transfer, true),
        note("eye_request", eye_request, true),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn cost(sheet: &SeatSheet, form: &str) -> Message {
        sheet.notes_of(form, true)[0].clone()
    }

    /// DN-19, DN-22: the costs name the engine's numbers; DN-6a, DN-14: the notebook choice and
    /// the second name are asked only when there is something to choose.
    /// DN-18: "transferable" only when the engine says a transfer can be made now, not for a
    /// notebook merely never transferred (8 seats alive, or the holder has the Eye).
    #[test]
    fn a_notebook_is_called_transferable_only_when_it_can_be() {
        let line = |nb: serde_json::Value| {
            let st = json!({"role": "kira", "alive": true, "notebooks": [nb]});
            let sheet = seat_sheet(&st, false);
            format!("{:?}", sheet.facts)
        };
        let never = line(json!({"notebook": 1, "transferable": true, "can_transfer": false}));
        assert!(!never.contains("seat-nb-transferable"), "{never}");
        let can = line(json!({"notebook": 1, "transferable": true, "can_transfer": true}));
        assert!(can.contains("seat-nb-transferable"), "{can}");
    }

    #[test]
    fn the_sheet_carries_the_engines_numbers() {
        let st = json!({"role": "kira", "alive": true, "act": 4, "real_id": "bob",
            "notebooks": [{"notebook": 1, "owed": true}, {"notebook": 2}],
            "transfer_window": [3, 4], "eye_request_death": 5, "ballot_size": 2,
            "owes_ballot": true,
            "windows": [{"notebook": 1, "transferred_in": 3, "first_resolution": 5,
                         "last_resolution": 6, "expires_out": true}]});
        let s = seat_sheet(&st, false);
        assert!(s.marked);
        assert_eq!(s.real_id.as_deref(), Some("bob"));
        assert!(s.hidden_fields.is_empty());
        assert_eq!(
            cost(&s, "transfer"),
            Message::key("seat-cost-transfer")
                .arg("first", 3u64)
                .arg("last", 4u64)
                .arg("both", "yes")
        );
        assert_eq!(
            cost(&s, "eye_request"),
            Message::key("seat-cost-eye-request").arg("act", 5u64)
        );
        let owes = s.owes.expect("owes a ballot and an action");
        assert_eq!(owes.catalog_key(), Some("seat-owes"));
        let window = s
            .facts
            .iter()
            .flat_map(|f| &f.lines)
            .find(|l| l.class == Some("window"));
        assert!(window.is_some());
        let over = seat_sheet(&st, true);
        assert!(over.owes.is_none());
        assert!(
            over.facts
                .iter()
                .flat_map(|f| &f.lines)
                .all(|l| l.class.is_none())
        );
        let good = seat_sheet(&json!({"role": "good", "alive": true}), false);
        assert!(!good.marked);
        assert_eq!(good.hidden_fields, vec!["notebook", "vote2"]);
        assert_eq!(
            cost(&good, "transfer"),
            Message::key("seat-cost-transfer-plain")
        );
    }
}
