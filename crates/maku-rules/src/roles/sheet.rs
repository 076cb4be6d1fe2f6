//! A role-game seat's own page: its role and what the role does in this game (R4-3, R5-1), the
//! role's state today — silenced (R4-5, R5-4: what it may not do differs by game), the secret
//! police's shot spent (R4-3), holding the kill (R5-2) — and its choices of the open phase.

use serde_json::Value;

use super::{RoleTable, messages};
use crate::message::{Fields, Message};
use crate::sheet::{SeatSheet, table_choices};

pub fn seat_sheet(table: impl Into<RoleTable>, view: &Value, over: bool) -> SeatSheet {
    let table: RoleTable = table.into();
    let game = table.game();
    let role = view.s("role");
    let mut sheet = SeatSheet::of_role(messages::role(role).unwrap_or_else(|| Message::text(role)));
    if messages::role(role).is_some() {
        let key = table.role_about(role);
        let about = match about_rules(&key) {
            Some(rules) => Message::key(key).rule(rules),
            None => Message::key(key),
        };
        sheet.about = Some(about);
    }
    if !over && view.flag("alive") == Some(true) {
        if view.flag("silenced") == Some(true) {
            let (key, rule) = if game.is_v4() {
                ("seat-note-silenced-v4wujian", "R4-5")
            } else {
                ("seat-note-silenced-v5emin", "R5-4")
            };
            sheet.notes.push(Message::key(key).rule(rule));
        }
        if view.flag("secret_kill_spent") == Some(true) {
            sheet
                .notes
                .push(Message::key("seat-note-secret-kill-spent").rule("R4-3"));
        }
        if view.flag("holds_kill") == Some(true) {
            sheet
                .notes
                .push(Message::key("seat-note-holds-kill").rule("R5-2"));
        }
    }
    table_choices(&mut sheet, view, table.forms());
    sheet
}

/// The rules a role's description (`role-about-*`) follows: its tooltip for the judges and
/// the curious, since the sentence itself names no rule code (R4-2..R4-5, R5-1..R5-4).
fn about_rules(key: &str) -> Option<&'static str> {
    Some(match key {
        "role-about-v4wujian-butterfly" => "R4-3, R4-4",
        "role-about-v4wujian-doctor" => "R4-4",
        "role-about-v4wujian-elder" => "R4-3, R4-5",
        "role-about-v4wujian-killer" => "R4-3",
        "role-about-v4wujian-police" => "R4-2, R4-3",
        "role-about-v4wujian-secret-police" => "R4-3, R4-4",
        "role-about-v4wujian-undercover" => "R4-2, R4-3",
        "role-about-r4-killer" => "R4-2, R4-3",
        "role-about-r4-police" => "R4-2, R4-3",
        "role-about-r4-undercover" => "R4-2, R4-3",
        "role-about-v5emin-butterfly" => "R5-3",
        "role-about-v5emin-doctor" => "R5-3",
        "role-about-v5emin-elder" => "R5-4, R5-2",
        "role-about-v5emin-evil-civilian" => "R5-1, R5-4",
        "role-about-v5emin-good-civilian" => "R5-1, R5-4",
        "role-about-v5emin-killer" => "R5-1",
        "role-about-v5emin-magician" => "R5-2, R5-3",
        "role-about-v5emin-police" => "R5-3",
        "role-about-v5emin-sniper" => "R5-1, R5-3",
        "role-about-v5emin-wizard" => "R5-3, R5-2",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::roles::RoleGame;
    use serde_json::json;

    fn keys(sheet: &SeatSheet) -> Vec<&str> {
        sheet
            .notes
            .iter()
            .filter_map(Message::catalog_key)
            .collect()
    }

    /// A role game's seat reads its role's state today, per game: silenced (R4-5 and R5-4
    /// differ), the secret shot spent (R4-3), holding the kill (R5-2).
    #[test]
    fn a_role_seat_reads_its_state_today() {
        let quiet =
            json!({"role": "killer", "alive": true, "silenced": false, "holds_kill": false});
        assert!(seat_sheet(RoleGame::V5Emin, &quiet, false).notes.is_empty());
        let v4 = seat_sheet(
            RoleGame::V4Wujian,
            &json!({"role": "elder", "alive": true, "silenced": true}),
            false,
        );
        assert_eq!(keys(&v4), ["seat-note-silenced-v4wujian"]);
        assert_eq!(v4.notes[0].applies(), Some("R4-5"));
        let v5 = json!({"role": "sniper", "alive": true, "silenced": true, "holds_kill": true});
        let s5 = seat_sheet(RoleGame::V5Emin, &v5, false);
        assert_eq!(
            keys(&s5),
            ["seat-note-silenced-v5emin", "seat-note-holds-kill"]
        );
        assert!(seat_sheet(RoleGame::V5Emin, &v5, true).notes.is_empty());
        let spent = json!({"role": "secret_police", "alive": true, "secret_kill_spent": true});
        let s4 = seat_sheet(RoleGame::V4Wujian, &spent, false);
        assert_eq!(keys(&s4), ["seat-note-secret-kill-spent"]);
        assert_eq!(
            s4.about
                .as_ref()
                .and_then(|a| a.catalog_key().map(str::to_string)),
            Some("role-about-v4wujian-secret-police".to_string())
        );
        // The rules it follows are its tooltip, not words of the sentence (R4-3, R4-4).
        assert_eq!(
            s4.about.as_ref().and_then(Message::applies),
            Some("R4-3, R4-4")
        );
    }

    /// The seat's night action and its ballot of the open phase come back as its forms'
    /// choices; the vote's candidates and the forms that may not name the seat itself too.
    #[test]
    fn the_open_phases_choices_are_shown() {
        let view = json!({"role": "police", "alive": true,
            "action": {"type": "check", "target": "Elm"}, "vote": "Fir",
            "candidates": ["Fir", "Ash"], "not_self": ["check"]});
        let s = seat_sheet(RoleGame::V5Emin, &view, false);
        assert_eq!(s.chosen("check", "target"), Some("Elm"));
        assert_eq!(s.chosen("vote", "target"), Some("Fir"));
        assert_eq!(s.candidates, ["Fir", "Ash"]);
        assert_eq!(s.not_self, ["check"]);
    }
}
