//! The variants' own sentences: every refusal, event, reply and action of each variant read in
//! both languages through its own catalog (`Rules::catalog`, rendered by `render`, as the
//! server's `Tr::say` renders it), and the shared examples' transcripts (replay.md) read line by
//! line. One module per variant family beside this crate's `<variant>/messages.rs`: `deathnote`,
//! `classic`, `roles`. The shell's own words (the act post's layout, phase names beside an act,
//! vote count lines) are tested in the server (`web/games/act_view.rs`).

mod classic;
mod deathnote;
mod render;
mod roles;

use maku_rules::{Action, Event, Line, Reply, Say, Variant};
use render::{Lang, Tr};
use serde_json::Value;

pub fn var(name: &str) -> Variant {
    Variant::from_name(name).expect("a variant")
}

pub fn s<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

pub fn refusal_text(tr: &Tr, v: Variant, code: &str) -> String {
    tr.say(v, &v.refusal(code))
}
pub fn refusal_rule(v: Variant, code: &str) -> Option<&'static str> {
    v.refusal(code).applies()
}
pub fn public_sentence(tr: &Tr, v: Variant, e: &Value) -> String {
    tr.say(v, &v.public(&event(e)))
}
/// An action object as the API and the replay format take it, read by the variant's parser
/// and worded (`Variant::stored_action`: one that does not parse by its name).
pub fn action_sentence(tr: &Tr, v: Variant, a: &Value) -> String {
    tr.say(v, &v.stored_action(a))
}
pub fn reply_sentence(tr: &Tr, v: Variant, r: &Value) -> String {
    tr.say(v, &v.reply(&Reply::from_stored(r.clone())))
}
pub fn private_sentence(tr: &Tr, v: Variant, e: &Value) -> String {
    tr.say(v, &v.private(&event(e)))
}
/// A stored transcript line (replay.md, with the action a reply answers) read back into its
/// type and worded.
pub fn line_sentence(tr: &Tr, v: Variant, l: &Value) -> String {
    let (line, action) = stored_line(v, l);
    tr.say(v, &v.line(&line, action.as_ref()))
}
pub fn public_words(tr: &Tr, v: Variant, e: &Value) -> Option<String> {
    v.words(Say::Public(&event(e))).map(|m| tr.say(v, &m))
}
/// An action's words (another game's type, refused, by its name).
pub fn action_words(tr: &Tr, v: Variant, a: &Value) -> Option<String> {
    Some(tr.say(v, &v.stored_action(a)))
}
pub fn reply_words(tr: &Tr, v: Variant, r: &Value) -> Option<String> {
    v.words(Say::Reply(&Reply::from_stored(r.clone())))
        .map(|m| tr.say(v, &m))
}
pub fn private_words(tr: &Tr, v: Variant, e: &Value) -> Option<String> {
    v.words(Say::Private(&event(e))).map(|m| tr.say(v, &m))
}
pub fn event(e: &Value) -> Event {
    Event::from_stored(e.clone())
}

/// A stored transcript line as its type, and the action it answers parsed by the variant.
pub fn stored_line(v: Variant, l: &Value) -> (Line, Option<Action>) {
    let text = |k: &str| -> &'static str { Box::leak(s(l, k).to_string().into_boxed_str()) };
    let act = l["act"].as_u64().unwrap_or(0) as u32;
    let line = match s(l, "kind") {
        "reply" => Line::Reply {
            act,
            by: s(l, "by").to_string(),
            ok: l["ok"] == true,
            reply: l.get("reply").cloned().map(Reply::from_stored),
            error: l.get("error").map(|_| text("error")),
        },
        "private" => Line::Private {
            act,
            to: s(l, "to").to_string(),
            event: event(&l["event"]),
        },
        "public" => Line::Public {
            act,
            event: event(&l["event"]),
        },
        "outcome" => Line::Outcome {
            winner: l
                .get("winner")
                .and_then(Value::as_str)
                .map(|_| text("winner")),
        },
        other => panic!("unknown kind {other}"),
    };
    let action = l
        .get("action")
        .map(|a| v.parse_action(a).expect("an action"));
    (line, action)
}
pub fn winner_text(tr: &Tr, v: Variant, w: &str) -> String {
    tr.say(v, &v.winner(w))
}
pub fn cause_text(tr: &Tr, v: Variant, c: &str) -> String {
    tr.say(v, &v.cause(c))
}
pub fn role_name(tr: &Tr, v: Variant, r: &str) -> String {
    tr.say(v, &v.role(r))
}
/// A side of the role games (R4-6, R5-5).
pub fn side_text(tr: &Tr, side: &str) -> String {
    let v5 = var("v5emin");
    tr.say(v5, &v5.team(side))
}
pub fn out_text(tr: &Tr, v: Variant, act: u64, cause: &str) -> String {
    tr.say(v, &v.out(act, cause))
}

/// Where the shared examples are: the contract beside the checkout (`/work/main/../shared`,
/// or two levels up for a worktree under `/work/wt`; this crate is two folders down the
/// checkout), else the copy in the server's tests/fixtures.
pub fn example(name: &str) -> String {
    let root = env!("CARGO_MANIFEST_DIR");
    let candidates = [
        format!("{root}/../../../shared/examples/{name}"),
        format!("{root}/../../../../shared/examples/{name}"),
        format!("{root}/../../tests/fixtures/examples/{name}"),
    ];
    candidates
        .iter()
        .find_map(|p| std::fs::read_to_string(p).ok())
        .unwrap_or_else(|| panic!("{name} in none of {candidates:?}"))
}

/// The game IDs a transcript object names: every key or text inside it that is a seat's.
pub fn ids_in(v: &Value, seats: &[String], out: &mut Vec<String>) {
    match v {
        Value::String(t) if seats.contains(t) => out.push(t.clone()),
        Value::Array(l) => l.iter().for_each(|i| ids_in(i, seats, out)),
        Value::Object(m) => {
            for (k, i) in m {
                if seats.contains(k) {
                    out.push(k.clone());
                }
                ids_in(i, seats, out);
            }
        }
        _ => {}
    }
}

/// A sentence as a reader may read it: words, no catalog key or placeable, not the code it
/// stands for, and every game ID the object names.
pub fn assert_readable(text: &str, code: &str, ids: &[String], what: &Value) {
    assert!(!text.trim().is_empty(), "empty for {what}");
    for key in ["dn-", "cl-", "rg-", "role-", "phase-", "{", "}"] {
        assert!(!text.contains(key), "{key:?} in {text:?} for {what}");
    }
    assert_ne!(text, code, "{what}");
    if code.contains('_') {
        assert!(!text.contains(code), "{code} in {text:?}");
    }
    for id in ids {
        assert!(
            text.contains(id.as_str()),
            "{id} missing in {text:?} for {what}"
        );
    }
}

/// `text` without the rule numbers it cites ("R4-2", "CL-7").
pub fn without_rules(text: &str) -> String {
    let mut out = String::new();
    for word in text.split_inclusive(|c: char| !c.is_ascii_alphanumeric() && c != '-') {
        let core = word.trim_end_matches(|c: char| !c.is_ascii_alphanumeric() && c != '-');
        let is_rule = core.split_once('-').is_some_and(|(book, n)| {
            !book.is_empty()
                && book
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
                && !n.is_empty()
                && n.chars().all(|c| c.is_ascii_digit())
        });
        out.push_str(if is_rule { &word[core.len()..] } else { word });
    }
    out
}

/// Every line of the shared examples `<name>-random-1` and every action they submit, each
/// read as a sentence of its own in both languages (`assert_readable`, the game IDs it names
/// in it); in Chinese, with `ascii_free`, no Latin letters beyond the game IDs (no code or
/// English word left). The kinds seen ("public out", "reply not_tied", "action hug" …).
pub fn read_examples(names: &[&str], ascii_free: bool) -> std::collections::BTreeSet<String> {
    let mut seen = std::collections::BTreeSet::new();
    for preset in names {
        let v = var(preset);
        let scenario: Value =
            serde_json::from_str(&example(&format!("{preset}-random-1.json"))).expect("a scenario");
        let seats: Vec<String> = scenario["seats"]
            .as_array()
            .expect("seats")
            .iter()
            .map(|s| s["game_id"].as_str().expect("a game ID").to_string())
            .collect();
        let lines: Vec<Value> = example(&format!("{preset}-random-1.expected.jsonl"))
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).expect("a transcript line"))
            .collect();
        let actions: Vec<&Value> = scenario["acts"]
            .as_array()
            .expect("acts")
            .iter()
            .flat_map(|a| a["submit"].as_array().expect("submissions"))
            .map(|s| &s["action"])
            .collect();
        assert!(lines.len() > 20 && actions.len() > 20, "{preset}");
        // Longest first, so that no game ID is left half removed inside another.
        let mut by_length = seats.clone();
        by_length.sort_by_key(|id| std::cmp::Reverse(id.len()));
        let latin_free = |text: &str, what: &Value| {
            let rest = by_length
                .iter()
                .fold(text.to_string(), |t, id| t.replace(id.as_str(), ""));
            // A rule the sentence cites (R4-2) is not a code left over.
            let rest = without_rules(&rest);
            assert!(
                !rest.chars().any(|c| c.is_ascii_alphabetic()),
                "Latin letters left in {text:?} for {what}"
            );
        };
        for lang in Lang::ALL {
            let tr = Tr::new(lang);
            let check_latin = ascii_free && lang == Lang::Zh;
            for l in &lines {
                let text = line_sentence(&tr, v, l);
                let (code, object, words) = match s(l, "kind") {
                    "reply" if l["ok"] == true => {
                        let r = &l["reply"];
                        (s(r, "type"), r, reply_words(&tr, v, r))
                    }
                    "reply" => {
                        let code = s(l, "error");
                        let words = refusal_text(&tr, v, code);
                        assert_ne!(words, tr.t("refusal-other"), "{code}");
                        // A refusal names nobody (the seat reads "you").
                        (code, &l["error"], Some(words))
                    }
                    "private" => {
                        let e = &l["event"];
                        (s(e, "type"), e, private_words(&tr, v, e))
                    }
                    "public" => {
                        let e = &l["event"];
                        (s(e, "type"), e, public_words(&tr, v, e))
                    }
                    "outcome" => (s(l, "winner"), l, Some(text.clone())),
                    other => panic!("unknown kind {other}"),
                };
                seen.insert(format!("{} {code}", s(l, "kind")));
                let words = words.unwrap_or_else(|| panic!("no sentence for {l}"));
                let mut ids = Vec::new();
                ids_in(object, &seats, &mut ids);
                assert_readable(&words, code, &ids, l);
                assert_readable(&text, code, &ids, l);
                assert!(text.contains(&words), "{text:?} holds {words:?}");
                if check_latin {
                    latin_free(&text, l);
                }
            }
            for a in &actions {
                let words = action_words(&tr, v, a).unwrap_or_else(|| panic!("no words: {a}"));
                let mut ids: Vec<String> = a
                    .get("target")
                    .and_then(Value::as_str)
                    .map(str::to_string)
                    .into_iter()
                    .collect();
                ids.extend(a.get("round").map(Value::to_string));
                assert_readable(&words, s(a, "type"), &ids, a);
                if check_latin {
                    latin_free(&words, a);
                }
                seen.insert(format!("action {}", s(a, "type")));
            }
        }
    }
    seen
}

/// The test variant's one role has a name too.
#[test]
fn the_test_variants_role_has_a_name() {
    assert_eq!(
        role_name(&Tr::new(Lang::En), var("twophase"), "player"),
        "Player"
    );
}
