//! A setup document (JSON) read into a [`Setup`], every problem kept with its field's path, and
//! written back. The shape (`docs/setups.md`):
//!
//! ```json
//! {"family": "table", "book": "classic", "seats": {"min": 8, "max": 16},
//!  "deal": [{"role": "killer", "count": {"8-10": 2, "11-14": 3, "15-16": 4}}, …],
//!  "fill": "civilian", "win": {"rule": "sides", "civilians_out": "killers"},
//!  "day": {"speeches": "ordered", "third_tie": "peaceful", "last_words": "police",
//!          "explode": true, "surrender": true},
//!  "night": ["killer", "police"], "teams": ["killers", "police"]}
//! ```
//!
//! `day.pk_rounds` (0, 1 or 2; CL-7's 2 when left out, and left out when written) is how many
//! PK rounds a tie gets before `third_tie`, the last tie's rule; 5.0's documents have none.
//!
//! Unknown fields are refused, not ignored: a judge's typo must not vanish from the game.

use std::ops::RangeInclusive;

use serde_json::{Map, Value, json};

use super::catalog::{Book, RoleCode};
use super::check::check;
use super::{CiviliansOut, Count, DayRules, Deal, LastWords, Setup, ThirdTie, Win};
use crate::message::Message;
use crate::table::{Speeches, Team};

/// One thing wrong with a document: where, and what (a catalog message, `setup-…`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The field: `deal[1].count.8-10`, `night[0]`, `win.rule`; empty for the whole document.
    pub path: String,
    pub message: Message,
}

impl Problem {
    pub(super) fn new(path: impl Into<String>, key: &'static str) -> Problem {
        Problem {
            path: path.into(),
            message: Message::key(key),
        }
    }

    pub(super) fn arg(mut self, name: &'static str, value: impl Into<crate::message::Arg>) -> Self {
        self.message = self.message.arg(name, value);
        self
    }
}

/// Reads and checks `document`: the setup, or every problem found.
pub fn read(document: &Value) -> Result<Setup, Vec<Problem>> {
    let mut r = Reader::default();
    let setup = r.setup(document);
    match setup {
        Some(setup) if r.problems.is_empty() => {
            let problems = check(&setup);
            if problems.is_empty() {
                Ok(setup)
            } else {
                Err(problems)
            }
        }
        _ => Err(r.problems),
    }
}

#[derive(Default)]
struct Reader {
    problems: Vec<Problem>,
}

const TOP: &[&str] = &[
    "family", "book", "seats", "deal", "fill", "win", "day", "night", "teams",
];

impl Reader {
    fn setup(&mut self, doc: &Value) -> Option<Setup> {
        let m = self.object(doc, "", TOP)?;
        match self.text(m, "", "family", true) {
            Some("table") | None => {}
            Some(other) => self.unknown("family", other),
        }
        let book = self
            .text(m, "", "book", true)
            .and_then(|b| self.named(b, "book", Book::from_name));
        let seats = m
            .get("seats")
            .map(|v| self.seats(v))
            .unwrap_or_else(|| self.missing("", "seats"));
        let deal = self.deal(m.get("deal"));
        let fill = match m.get("fill") {
            None | Some(Value::Null) => Some(None),
            Some(v) => self.role(v, "fill").map(Some),
        };
        let win = m
            .get("win")
            .map(|v| self.win(v))
            .unwrap_or_else(|| self.missing("", "win"));
        let day = m
            .get("day")
            .map(|v| self.day(v, book))
            .unwrap_or_else(|| self.missing("", "day"));
        let night = self.list(m.get("night"), "night", false, |r, v, path| r.role(v, path));
        let teams = self.list(m.get("teams"), "teams", false, |r, v, path| {
            let name = r.as_text(v, path)?;
            r.named(name, path, Team::from_name)
        });
        Some(Setup {
            book: book?,
            seats: seats?,
            deal: deal?,
            fill: fill?,
            win: win?,
            day: day?,
            night: night?,
            teams: teams?,
        })
    }

    fn seats(&mut self, v: &Value) -> Option<RangeInclusive<usize>> {
        let m = self.object(v, "seats", &["min", "max"])?;
        let min = self.number(m, "seats", "min");
        let max = self.number(m, "seats", "max");
        Some(min?..=max?)
    }

    fn deal(&mut self, v: Option<&Value>) -> Option<Vec<Deal>> {
        self.list(v, "deal", true, |r, item, path| {
            let m = r.object(item, path, &["role", "count"])?;
            let role = match m.get("role") {
                Some(v) => r.role(v, &format!("{path}.role")),
                None => r.missing(path, "role"),
            };
            let count = match m.get("count") {
                Some(v) => r.count(v, &format!("{path}.count")),
                None => r.missing(path, "count"),
            };
            Some(Deal {
                role: role?,
                count: count?,
            })
        })
    }

    fn count(&mut self, v: &Value, path: &str) -> Option<Count> {
        match v {
            Value::String(s) if s == "half" => Some(Count::Half),
            Value::Object(table) => {
                let mut ranges = Vec::new();
                for (key, k) in table {
                    let at = format!("{path}.{key}");
                    let range = range_key(key);
                    if range.is_none() {
                        self.problems
                            .push(Problem::new(&at, "setup-bad-range").arg("key", key.as_str()));
                    }
                    let k = self.as_number(k, &at);
                    if let (Some(range), Some(k)) = (range, k) {
                        ranges.push((range, k));
                    }
                }
                ranges.sort_by_key(|(r, _)| *r.start());
                Some(Count::BySeats(ranges))
            }
            other => self.as_number(other, path).map(Count::Each),
        }
    }

    fn win(&mut self, v: &Value) -> Option<Win> {
        let m = self.object(v, "win", &["rule", "civilians_out"])?;
        let rule = self.text(m, "win", "rule", true)?;
        let out = self.text(m, "win", "civilians_out", false);
        let win = match rule {
            "sides" => {
                let civilians_out = match out {
                    Some(name) => self.named(name, "win.civilians_out", CiviliansOut::from_name)?,
                    None => return self.missing("win", "civilians_out"),
                };
                return Some(Win::Sides { civilians_out });
            }
            "shengtui" => Win::Shengtui,
            "parity" => Win::Parity,
            "wujian" => Win::Wujian,
            "r4" => Win::R4,
            "r5" => Win::R5,
            other => {
                self.unknown("win.rule", other);
                return None;
            }
        };
        if out.is_some() {
            self.problems.push(
                Problem::new("win.civilians_out", "setup-unknown-field")
                    .arg("field", "civilians_out"),
            );
        }
        Some(win)
    }

    fn day(&mut self, v: &Value, book: Option<Book>) -> Option<DayRules> {
        let fields = [
            "speeches",
            "pk_rounds",
            "third_tie",
            "last_words",
            "explode",
            "surrender",
        ];
        let m = self.object(v, "day", &fields)?;
        let speeches = match self.text(m, "day", "speeches", false) {
            None | Some("ordered") => Some(Speeches::Ordered),
            Some("free") => Some(Speeches::Free),
            Some(other) => {
                self.unknown("day.speeches", other);
                None
            }
        };
        let pk_rounds = match m.get("pk_rounds") {
            None | Some(Value::Null) => Some(DayRules::PK_ROUNDS),
            // R5-4: 5.0's day has one vote and no PK; the field is a house rule it lacks.
            Some(_) if book == Some(Book::R5) => {
                self.problems
                    .push(Problem::new("day.pk_rounds", "setup-pk-rounds-r5"));
                None
            }
            Some(v) => {
                let n = v
                    .as_u64()
                    .and_then(|n| u8::try_from(n).ok())
                    .filter(|&n| n <= DayRules::PK_ROUNDS);
                if n.is_none() {
                    self.problems
                        .push(Problem::new("day.pk_rounds", "setup-pk-rounds"));
                }
                n
            }
        };
        let third_tie = self
            .text(m, "day", "third_tie", true)
            .and_then(|t| self.named(t, "day.third_tie", ThirdTie::from_name));
        let last_words = self
            .text(m, "day", "last_words", true)
            .and_then(|t| self.named(t, "day.last_words", LastWords::from_name));
        let explode = self.flag(m, "day", "explode");
        let surrender = self.flag(m, "day", "surrender");
        Some(DayRules {
            speeches: speeches?,
            pk_rounds: pk_rounds?,
            third_tie: third_tie?,
            last_words: last_words?,
            explode: explode?,
            surrender: surrender?,
        })
    }

    // The walker's pieces: each reports what it finds wrong and gives `None`.

    fn object<'v>(
        &mut self,
        v: &'v Value,
        path: &str,
        fields: &[&str],
    ) -> Option<&'v Map<String, Value>> {
        let Value::Object(m) = v else {
            self.problems.push(Problem::new(path, "setup-want-object"));
            return None;
        };
        for key in m.keys().filter(|k| !fields.contains(&k.as_str())) {
            self.problems.push(
                Problem::new(join(path, key), "setup-unknown-field").arg("field", key.as_str()),
            );
        }
        Some(m)
    }

    /// A top-level list (`path` is its field); an absent optional one is empty.
    fn list<T>(
        &mut self,
        v: Option<&Value>,
        path: &str,
        required: bool,
        mut item: impl FnMut(&mut Self, &Value, &str) -> Option<T>,
    ) -> Option<Vec<T>> {
        let items = match v {
            None | Some(Value::Null) if required => return self.missing("", path),
            None | Some(Value::Null) => return Some(Vec::new()),
            Some(Value::Array(items)) => items,
            Some(_) => {
                self.problems.push(Problem::new(path, "setup-want-list"));
                return None;
            }
        };
        let read: Vec<Option<T>> = items
            .iter()
            .enumerate()
            .map(|(i, v)| item(self, v, &format!("{path}[{i}]")))
            .collect();
        read.into_iter().collect()
    }

    fn role(&mut self, v: &Value, path: &str) -> Option<RoleCode> {
        let name = self.as_text(v, path)?;
        self.named(name, path, RoleCode::from_name)
    }

    fn text<'v>(
        &mut self,
        m: &'v Map<String, Value>,
        path: &str,
        field: &str,
        required: bool,
    ) -> Option<&'v str> {
        match m.get(field) {
            None | Some(Value::Null) if required => self.missing(path, field),
            None | Some(Value::Null) => None,
            Some(v) => self.as_text(v, &join(path, field)),
        }
    }

    fn as_text<'v>(&mut self, v: &'v Value, path: &str) -> Option<&'v str> {
        let text = v.as_str();
        if text.is_none() {
            self.problems.push(Problem::new(path, "setup-want-text"));
        }
        text
    }

    fn number(&mut self, m: &Map<String, Value>, path: &str, field: &str) -> Option<usize> {
        match m.get(field) {
            None => self.missing(path, field),
            Some(v) => self.as_number(v, &join(path, field)),
        }
    }

    fn as_number(&mut self, v: &Value, path: &str) -> Option<usize> {
        let n = v
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .filter(|&n| n <= 1000);
        if n.is_none() {
            self.problems.push(Problem::new(path, "setup-want-number"));
        }
        n
    }

    fn flag(&mut self, m: &Map<String, Value>, path: &str, field: &str) -> Option<bool> {
        match m.get(field) {
            None | Some(Value::Null) => Some(false),
            Some(Value::Bool(b)) => Some(*b),
            Some(_) => {
                self.problems
                    .push(Problem::new(join(path, field), "setup-want-flag"));
                None
            }
        }
    }

    fn named<T>(&mut self, name: &str, path: &str, find: impl Fn(&str) -> Option<T>) -> Option<T> {
        let found = find(name);
        if found.is_none() {
            self.unknown(path, name);
        }
        found
    }

    fn unknown(&mut self, path: &str, value: &str) {
        self.problems
            .push(Problem::new(path, "setup-unknown-value").arg("value", value));
    }

    fn missing<T>(&mut self, path: &str, field: &str) -> Option<T> {
        self.problems
            .push(Problem::new(join(path, field), "setup-missing").arg("field", field));
        None
    }
}

fn join(path: &str, field: &str) -> String {
    if path.is_empty() {
        field.to_string()
    } else {
        format!("{path}.{field}")
    }
}

/// `"8-10"` → 8..=10, `"12"` → 12..=12.
fn range_key(key: &str) -> Option<RangeInclusive<usize>> {
    let (a, b) = key.split_once('-').unwrap_or((key, key));
    let (a, b) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    (a <= b).then_some(a..=b)
}

impl Setup {
    /// The document this setup reads from (what `GET /api/v1/setups/presets` serves).
    pub fn to_json(&self) -> Value {
        let count = |c: &Count| match c {
            Count::Each(k) => json!(k),
            Count::Half => json!("half"),
            Count::BySeats(table) => Value::Object(
                table
                    .iter()
                    .map(|(r, k)| {
                        let key = if r.start() == r.end() {
                            r.start().to_string()
                        } else {
                            format!("{}-{}", r.start(), r.end())
                        };
                        (key, json!(k))
                    })
                    .collect(),
            ),
        };
        let win = match self.win {
            Win::Sides { civilians_out } => json!({
                "rule": self.win.rule(),
                "civilians_out": civilians_out.name(),
            }),
            other => json!({"rule": other.rule()}),
        };
        let mut day = json!({
            "speeches": match self.day.speeches {
                Speeches::Ordered => "ordered",
                Speeches::Free => "free",
            },
            "third_tie": self.day.third_tie.name(),
            "last_words": self.day.last_words.name(),
            "explode": self.day.explode,
            "surrender": self.day.surrender,
        });
        // CL-7's two PK rounds go unsaid: the presets' documents say none.
        if self.day.pk_rounds != DayRules::PK_ROUNDS {
            day["pk_rounds"] = json!(self.day.pk_rounds);
        }
        json!({
            "family": "table",
            "book": self.book.name(),
            "seats": {"min": self.seats.start(), "max": self.seats.end()},
            "deal": self.deal.iter().map(|d| json!({
                "role": d.role.name(),
                "count": count(&d.count),
            })).collect::<Vec<_>>(),
            "fill": self.fill.map(RoleCode::name),
            "win": win,
            "day": day,
            "night": self.night.iter().map(|r| r.name()).collect::<Vec<_>>(),
            "teams": self.teams.iter().map(|t| t.name()).collect::<Vec<_>>(),
        })
    }
}
