//! The composer's form and the setup document, both ways: a document (a preset's, a stored
//! version's) fills the form's fields; the fields make a document for the rules to read; and a
//! problem the rules find at a document path (`deal[2].count`, `night`) is put beside the field
//! the judge typed it in. The form knows no rule: every check is the reader's
//! (`rules::setups::read`), so the composer and the API refuse the same documents.

use crate::rules::setups::{Problem, RoleCode, role_name};
use crate::rules::{Arg, Message};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

/// The most deal lines a form carries (the catalog has fewer roles than this).
pub const MAX_ROWS: usize = 24;
/// Blank lines offered below the deal, to add roles.
const BLANK_ROWS: usize = 2;

/// The composer's fields as typed. Deal lines are `role_<i>`, `count_<i>` and `night_<i>`
/// (their place in the night, blank: not called); any other field is refused.
#[derive(Deserialize, Serialize, Clone, Default, Debug, PartialEq)]
pub struct ComposeForm {
    #[serde(default)]
    pub name: String,
    /// The version it forks: `<id>.<version>`, or empty.
    #[serde(default)]
    pub based_on: String,
    #[serde(default)]
    pub book: String,
    #[serde(default)]
    pub seats_min: String,
    #[serde(default)]
    pub seats_max: String,
    #[serde(default)]
    pub fill: String,
    #[serde(default)]
    pub fill_night: String,
    #[serde(default)]
    pub win_rule: String,
    #[serde(default)]
    pub civilians_out: String,
    #[serde(default)]
    pub speeches: String,
    /// `0`, `1` or `2` (CL-7's, the default: left out of the document it makes).
    #[serde(default)]
    pub pk_rounds: String,
    #[serde(default)]
    pub third_tie: String,
    #[serde(default)]
    pub last_words: String,
    pub explode: Option<String>,
    pub surrender: Option<String>,
    pub team_killers: Option<String>,
    pub team_police: Option<String>,
    /// `check` (read it, save nothing) or `save`.
    #[serde(default)]
    pub action: String,
    /// The deal lines, by field name.
    #[serde(flatten)]
    pub lines: BTreeMap<String, String>,
}

/// One deal line as the form shows it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Line {
    pub role: String,
    pub count: String,
    pub night: String,
}

/// A field the form does not have.
#[derive(Debug, PartialEq)]
pub struct UnknownField(pub String);

impl ComposeForm {
    /// The deal lines, in order (blank ones kept, so that a problem finds its line), or the
    /// first field that is not the form's.
    pub fn rows(&self) -> Result<Vec<Line>, UnknownField> {
        let mut rows: Vec<Line> = Vec::new();
        for (key, value) in &self.lines {
            let (kind, i) = key
                .rsplit_once('_')
                .and_then(|(kind, i)| Some((kind, i.parse::<usize>().ok()?)))
                .filter(|&(kind, i)| matches!(kind, "role" | "count" | "night") && i < MAX_ROWS)
                .ok_or_else(|| UnknownField(key.clone()))?;
            if rows.len() <= i {
                rows.resize(i + 1, Line::default());
            }
            let line = &mut rows[i];
            match kind {
                "role" => line.role = value.trim().to_string(),
                "count" => line.count = value.trim().to_string(),
                _ => line.night = value.trim().to_string(),
            }
        }
        Ok(rows)
    }

    /// The form filled from a document as the rules write it back (`Setup::to_json`), with
    /// blank lines to add roles.
    pub fn from_document(doc: &Value) -> ComposeForm {
        let text = |v: Option<&Value>| match v {
            Some(Value::String(s)) => s.clone(),
            Some(Value::Number(n)) => n.to_string(),
            _ => String::new(),
        };
        let flag = |v: Option<&Value>| (v == Some(&Value::Bool(true))).then(|| "on".to_string());
        let night: Vec<&str> = doc["night"]
            .as_array()
            .map(|l| l.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let place = |role: &str| {
            night
                .iter()
                .position(|r| *r == role)
                .map(|i| (i + 1).to_string())
                .unwrap_or_default()
        };
        let mut f = ComposeForm {
            book: text(doc.get("book")),
            seats_min: text(doc["seats"].get("min")),
            seats_max: text(doc["seats"].get("max")),
            fill: text(doc.get("fill")),
            fill_night: doc["fill"].as_str().map(place).unwrap_or_default(),
            win_rule: text(doc["win"].get("rule")),
            civilians_out: text(doc["win"].get("civilians_out")),
            speeches: text(doc["day"].get("speeches")),
            // A document that says none has CL-7's two.
            pk_rounds: match text(doc["day"].get("pk_rounds")) {
                n if n.is_empty() => "2".to_string(),
                n => n,
            },
            third_tie: text(doc["day"].get("third_tie")),
            last_words: text(doc["day"].get("last_words")),
            explode: flag(doc["day"].get("explode")),
            surrender: flag(doc["day"].get("surrender")),
            ..ComposeForm::default()
        };
        let teams: Vec<&str> = doc["teams"]
            .as_array()
            .map(|l| l.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        f.team_killers = teams.contains(&"killers").then(|| "on".to_string());
        f.team_police = teams.contains(&"police").then(|| "on".to_string());
        let deal = doc["deal"].as_array().cloned().unwrap_or_default();
        for (i, d) in deal.iter().enumerate().take(MAX_ROWS) {
            let role = text(d.get("role"));
            f.lines.insert(format!("night_{i}"), place(&role));
            f.lines
                .insert(format!("count_{i}"), count_text(&d["count"]));
            f.lines.insert(format!("role_{i}"), role);
        }
        f
    }

    /// The lines to draw: those typed, then blank ones to add roles.
    pub fn lines_to_draw(&self) -> Vec<Line> {
        let mut rows = self.rows().unwrap_or_default();
        while rows.last().is_some_and(|l| *l == Line::default()) {
            rows.pop();
        }
        let blank = (rows.len() + BLANK_ROWS).min(MAX_ROWS.max(rows.len()));
        rows.resize(blank, Line::default());
        rows
    }

    /// The document the fields make, and which deal line of the form each of its `deal`
    /// entries came from (blank lines are left out).
    pub fn document(&self) -> Result<(Value, Vec<usize>), UnknownField> {
        let rows = self.rows()?;
        let mut deal = Vec::new();
        let mut from = Vec::new();
        let mut night: Vec<(u64, usize, String)> = Vec::new();
        for (i, line) in rows.iter().enumerate() {
            if line.role.is_empty() && line.count.is_empty() {
                continue;
            }
            deal.push(json!({"role": line.role, "count": count_value(&line.count)}));
            from.push(i);
            if let Ok(k) = line.night.parse::<u64>() {
                night.push((k, i, line.role.clone()));
            }
        }
        if let Ok(k) = self.fill_night.trim().parse::<u64>() {
            night.push((k, usize::MAX, self.fill.trim().to_string()));
        }
        night.sort();
        let mut win = Map::new();
        win.insert("rule".into(), json!(self.win_rule.trim()));
        if self.win_rule.trim() == "sides" {
            win.insert("civilians_out".into(), json!(self.civilians_out.trim()));
        }
        let teams: Vec<&str> = [
            ("killers", &self.team_killers),
            ("police", &self.team_police),
        ]
        .into_iter()
        .filter(|(_, on)| on.is_some())
        .map(|(t, _)| t)
        .collect();
        let fill = match self.fill.trim() {
            "" => Value::Null,
            role => json!(role),
        };
        let mut day = json!({
            "speeches": self.speeches.trim(),
            "third_tie": self.third_tie.trim(),
            "last_words": self.last_words.trim(),
            "explode": self.explode.is_some(),
            "surrender": self.surrender.is_some(),
        });
        // CL-7's two (or nothing chosen) go unsaid, as the rules write a document: a 5.0 table,
        // which has no PK rounds, says none.
        match self.pk_rounds.trim() {
            "" | "2" => {}
            n => day["pk_rounds"] = number(n),
        }
        let doc = json!({
            "family": "table",
            "book": self.book.trim(),
            "seats": {"min": number(&self.seats_min), "max": number(&self.seats_max)},
            "deal": deal,
            "fill": fill,
            "win": win,
            "day": day,
            "night": night.into_iter().map(|(_, _, r)| r).collect::<Vec<_>>(),
            "teams": teams,
        });
        Ok((doc, from))
    }

    /// The field of the form a problem at `p.path` is about (`""`: the form as a whole, `deal`:
    /// the deal as a whole). `from` is [`ComposeForm::document`]'s map of deal entries to lines.
    pub fn field_of(&self, p: &Problem, from: &[usize]) -> String {
        let rows = self.rows().unwrap_or_default();
        let path = p.path.as_str();
        let line_of = |i: &str| i.parse::<usize>().ok().and_then(|i| from.get(i).copied());
        // The line (or the fill) that deals `role`, by its code.
        let dealing = |role: &str| -> String {
            match rows.iter().position(|l| l.role == role) {
                Some(i) => format!("night_{i}"),
                None if self.fill.trim() == role => "fill_night".into(),
                None => "deal".into(),
            }
        };
        if let Some(rest) = path.strip_prefix("deal[") {
            let (i, tail) = rest.split_once(']').unwrap_or((rest, ""));
            return match (line_of(i), tail) {
                (Some(r), t) if t.starts_with(".count") => format!("count_{r}"),
                (Some(r), _) => format!("role_{r}"),
                (None, _) => "deal".into(),
            };
        }
        if let Some(rest) = path.strip_prefix("night[") {
            let i = rest.trim_end_matches(']').parse::<usize>().ok();
            let (doc, _) = self.document().unwrap_or((Value::Null, Vec::new()));
            let role = i.and_then(|i| doc["night"][i].as_str().map(str::to_string));
            return role.map_or_else(|| "deal".into(), |r| dealing(&r));
        }
        if path == "night" {
            // "The night forgets X": beside the place in the night of the line dealing X.
            let named = match &p.message {
                Message::Say { args, .. } => args.iter().find_map(|(_, a)| match a {
                    Arg::Message(m) => Some((**m).clone()),
                    _ => None,
                }),
                _ => None,
            };
            let role = RoleCode::ALL
                .iter()
                .find(|&&c| Some(role_name(c)) == named)
                .map(|c| c.name());
            return role.map_or_else(|| "deal".into(), dealing);
        }
        if let Some(team) = path.strip_prefix("teams[") {
            let i = team.trim_end_matches(']').parse::<usize>().ok();
            let (doc, _) = self.document().unwrap_or((Value::Null, Vec::new()));
            return match i.and_then(|i| doc["teams"][i].as_str()) {
                Some(t) => format!("team_{t}"),
                None => String::new(),
            };
        }
        match path {
            "seats" | "seats.min" => "seats_min",
            "seats.max" => "seats_max",
            "deal" => "deal",
            "book" => "book",
            "fill" => "fill",
            "win.civilians_out" => "civilians_out",
            "win" | "win.rule" => "win_rule",
            "day.speeches" => "speeches",
            "day.pk_rounds" => "pk_rounds",
            "day.third_tie" => "third_tie",
            "day.last_words" => "last_words",
            "day.explode" => "explode",
            "day.surrender" => "surrender",
            _ => "",
        }
        .to_string()
    }
}

/// A number as typed, or the text itself for the reader to refuse at its path.
fn number(raw: &str) -> Value {
    let raw = raw.trim();
    raw.parse::<u64>().map_or_else(|_| json!(raw), |n| json!(n))
}

/// A count as the form writes it: `2`, `half`, or `8-10: 2, 11-14: 3`.
fn count_text(v: &Value) -> String {
    match v {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        Value::Object(m) => {
            // Smallest seat counts first (the map keeps its keys as text: "11-14" < "8-10").
            let mut ranges: Vec<(&String, &Value)> = m.iter().collect();
            ranges.sort_by_key(|(k, _)| {
                let start = k.split('-').next().unwrap_or("");
                (
                    start.trim().parse::<usize>().unwrap_or(usize::MAX),
                    k.to_string(),
                )
            });
            ranges
                .iter()
                .map(|(k, v)| format!("{k}: {}", count_text(v)))
                .collect::<Vec<_>>()
                .join(", ")
        }
        _ => String::new(),
    }
}

/// A count as typed → the document's: a number, `"half"`, a table by seat count
/// (`8-10: 2, 11-14: 3`, Chinese punctuation and dashes read too), or the text as it is.
fn count_value(raw: &str) -> Value {
    let raw = raw.trim();
    if let Ok(n) = raw.parse::<u64>() {
        return json!(n);
    }
    if !raw.contains([':', '：']) {
        return json!(raw);
    }
    let mut table = Map::new();
    for part in raw.split([',', '，', ';', '；', '\n']) {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let (range, k) = part.split_once([':', '：']).unwrap_or((part, ""));
        let range = range.trim().replace(['–', '—', '~', '～'], "-");
        table.insert(range, number(k));
    }
    Value::Object(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::setups::{PRESETS, preset, read};

    fn preset_doc(name: &str) -> Value {
        preset(name).map(|s| s.to_json()).unwrap_or(Value::Null)
    }

    #[test]
    fn every_preset_comes_back_through_the_form_unchanged() {
        for (name, _) in PRESETS {
            let doc = preset_doc(name);
            let form = ComposeForm::from_document(&doc);
            let (back, _) = form.document().expect("the form's own fields");
            let read_back = read(&back).unwrap_or_else(|p| panic!("{name}: {p:?}"));
            assert_eq!(Some(&read_back), preset(name), "{name}");
        }
    }

    #[test]
    fn counts_read_as_numbers_halves_and_tables_in_either_punctuation() {
        assert_eq!(count_value(" 2 "), json!(2));
        assert_eq!(count_value("half"), json!("half"));
        assert_eq!(
            count_value("8–10：2，11-14: 3"),
            json!({"8-10": 2, "11-14": 3})
        );
        assert_eq!(count_value("two"), json!("two"), "left for the reader");
        assert_eq!(
            count_text(&json!({"8-10": 2, "11-14": 3})),
            "8-10: 2, 11-14: 3"
        );
    }

    #[test]
    fn a_field_the_form_lacks_is_refused() {
        let mut f = ComposeForm::from_document(&preset_doc("dongsha"));
        f.lines.insert("colour".into(), "red".into());
        assert_eq!(f.document().err(), Some(UnknownField("colour".into())));
        let mut f = ComposeForm::from_document(&preset_doc("dongsha"));
        f.lines.insert(format!("role_{MAX_ROWS}"), "killer".into());
        assert!(f.document().is_err(), "past the last line");
    }

    /// The composer's story: 东杀 with a role added on a line after a blank one, called at
    /// no place in the night; each problem lands beside the field it is about.
    #[test]
    fn problems_land_beside_their_fields() {
        let mut f = ComposeForm::from_document(&preset_doc("dongsha"));
        f.lines.insert("role_3".into(), "bandit".into());
        f.lines.insert("count_3".into(), "9-10: 1".into());
        f.seats_max = "sixteen".into();
        let (doc, from) = f.document().expect("fields");
        assert_eq!(from, vec![0, 1, 3], "the blank line 2 is left out");
        let problems = read(&doc).expect_err("does not hold");
        let fields: Vec<String> = problems.iter().map(|p| f.field_of(p, &from)).collect();
        assert!(fields.contains(&"seats_max".to_string()), "{problems:?}");
        // The bandit is a wujian card (WJ-1), refused at a 东杀 table (the classic book now
        // lists every other role code, 5.0's civilians too): on its role's field of line 3,
        // not line 2.
        f.seats_max = "16".into();
        let (doc, from) = f.document().expect("fields");
        let problems = read(&doc).expect_err("does not hold");
        let fields: Vec<String> = problems.iter().map(|p| f.field_of(p, &from)).collect();
        assert!(
            fields.contains(&"role_3".to_string()),
            "{problems:?} {fields:?}"
        );
        // A range that misses seat counts: on the count of its line.
        f.lines.insert("role_3".into(), "killer".into());
        f.lines.insert("role_0".into(), "police".into());
        f.lines.insert("count_1".into(), "8-10: 2".into());
        let (doc, from) = f.document().expect("fields");
        let problems = read(&doc).expect_err("does not hold");
        let fields: Vec<String> = problems.iter().map(|p| f.field_of(p, &from)).collect();
        assert!(
            fields.contains(&"count_1".to_string()),
            "{problems:?} {fields:?}"
        );
    }

    /// A classic table dealing both butterflies (4.0's `butterfly` and 5.0's
    /// `shield_butterfly`) is refused beside the shield butterfly's role field
    /// (`setup-one-butterfly`), its only problem, as the API refuses it at that line.
    #[test]
    fn both_butterflies_are_flagged_at_the_shield_butterflys_role() {
        let mut f = ComposeForm::from_document(&preset_doc("dongsha"));
        for (i, role, night) in [(2, "butterfly", "3"), (3, "shield_butterfly", "4")] {
            f.lines.insert(format!("role_{i}"), role.into());
            f.lines.insert(format!("count_{i}"), "1".into());
            f.lines.insert(format!("night_{i}"), night.into());
        }
        let (doc, from) = f.document().expect("fields");
        let problems = read(&doc).expect_err("both butterflies");
        let fields: Vec<String> = problems.iter().map(|p| f.field_of(p, &from)).collect();
        assert_eq!(fields, vec!["role_3".to_string()], "{problems:?}");
        // One of them alone holds.
        f.lines.insert("role_2".into(), String::new());
        f.lines.insert("count_2".into(), String::new());
        f.lines.insert("night_2".into(), String::new());
        f.lines.insert("night_3".into(), "3".into());
        let (doc, _) = f.document().expect("fields");
        assert!(read(&doc).is_ok(), "{:?}", read(&doc).err());
    }

    /// The parity win rule has no `civilians_out`: the form reads none from its document, and
    /// the value the column's select always posts is left out of the document it makes (only
    /// `sides` reads it), so the rule goes through the form and back.
    #[test]
    fn the_parity_rule_goes_through_the_form_without_the_civilians_column() {
        let mut doc = preset_doc("dongsha");
        doc["win"] = json!({"rule": "parity"});
        let mut f = ComposeForm::from_document(&doc);
        assert_eq!(
            (f.win_rule.as_str(), f.civilians_out.as_str()),
            ("parity", "")
        );
        f.civilians_out = "killers".into();
        let (back, _) = f.document().expect("fields");
        assert_eq!(back["win"], json!({"rule": "parity"}));
        let setup = read(&back).expect("it holds");
        assert_eq!(setup.win.rule(), "parity");
        assert_eq!(setup.to_json(), doc, "back unchanged");
    }

    /// CL-7's PK rounds go through the form: a document's `pk_rounds` fills the select (none
    /// said: CL-7's 2), the select's 2 is left out of the document it makes (a 5.0 table, which
    /// has none, posts the select's default too), 0 and 1 are said, and a bad value is put
    /// beside the select.
    #[test]
    fn the_pk_rounds_go_through_the_form() {
        let f = ComposeForm::from_document(&preset_doc("dongsha"));
        assert_eq!(f.pk_rounds, "2");
        let (back, _) = f.document().expect("fields");
        assert!(back["day"].get("pk_rounds").is_none(), "{back}");
        for n in [0, 1] {
            let mut doc = preset_doc("dongsha");
            doc["day"]["pk_rounds"] = json!(n);
            let f = ComposeForm::from_document(&doc);
            assert_eq!(f.pk_rounds, n.to_string());
            let (back, _) = f.document().expect("fields");
            assert_eq!(back["day"]["pk_rounds"], json!(n));
            let setup = read(&back).expect("it holds");
            assert_eq!(setup.day.pk_rounds, n);
            assert_eq!(setup.to_json(), doc, "back unchanged");
        }
        let f = ComposeForm::from_document(&preset_doc("v5emin"));
        let (back, _) = f.document().expect("fields");
        assert_eq!(read(&back).as_ref(), preset("v5emin").ok_or(&Vec::new()));
        let mut f = ComposeForm::from_document(&preset_doc("dongsha"));
        f.pk_rounds = "3".into();
        let (doc, from) = f.document().expect("fields");
        let problems = read(&doc).expect_err("3 PK rounds");
        let fields: Vec<String> = problems.iter().map(|p| f.field_of(p, &from)).collect();
        assert_eq!(fields, vec!["pk_rounds".to_string()], "{problems:?}");
    }

    #[test]
    fn a_role_the_night_forgets_is_flagged_at_its_place_in_the_night() {
        let mut f = ComposeForm::from_document(&preset_doc("dongsha"));
        // The police stay dealt but are no longer called.
        f.lines.insert("night_1".into(), String::new());
        let (doc, from) = f.document().expect("fields");
        let problems = read(&doc).expect_err("the night forgets the police");
        let fields: Vec<String> = problems.iter().map(|p| f.field_of(p, &from)).collect();
        assert_eq!(fields, vec!["night_1".to_string()], "{problems:?}");
    }
}
