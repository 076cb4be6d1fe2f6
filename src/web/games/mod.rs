//! Browser pages of games: the list and the create form, a game's public page, a seat's private
//! page with its action forms, the game's threads (as game IDs) and the reveal.
//!
//! Privacy is the product: before the end no page, form, error or ordering links an account to
//! a game ID, except a seat's own page, which shows its own real ID to itself.

pub mod banner;
mod console;
mod game;
mod list;
pub use list::filters as list_filters;
mod live;
pub(crate) mod new;
mod picture;
mod replay;
mod reveal;
mod seat;
mod seat_page;
mod threads;
pub use threads::GameThreadParts;
mod turn;

use crate::game::snapshot::Snapshots;
use crate::game::threads::ActPost;
use crate::i18n::Tr;
use crate::rules::{Say, Variant};
use crate::web::pages::TimeView;
use actix_web::{HttpResponse, web};
use chrono::NaiveDateTime;

pub fn configure(cfg: &mut web::ServiceConfig) {
    // `/games/new` before `/games/{id}`, so that "new" is not taken for an id.
    cfg.service(list::list)
        .service(new::new_form)
        .service(new::create)
        .service(game::show)
        .service(game::signup)
        .service(game::withdraw)
        .service(game::start)
        .service(game::resolve)
        .service(seat::show)
        .service(seat::act)
        .service(threads::show)
        .service(threads::reply)
        .service(threads::edit_form)
        .service(threads::edit)
        .service(threads::history)
        .service(turn::pass)
        .service(reveal::show)
        .service(replay::show)
        .service(console::show)
        .service(console::actions::deadline)
        .service(console::actions::pause)
        .service(console::actions::resume)
        .service(console::actions::resolve)
        .service(console::actions::lock)
        .service(console::actions::post_as_judge)
        .service(console::actions::end)
        .service(console::actions::substitute)
        .service(game::join_substitutes)
        .service(game::leave_substitutes)
        .service(live::events);
}

/// Game `game_id` as its pages read it for `viewer`: the snapshot kept in memory, or read
/// afresh and kept (`game::snapshot`).
pub async fn snapshot(
    state: &crate::app::AppState,
    kept: &Snapshots,
    viewer: &crate::web::viewer::Viewer,
    game_id: i64,
) -> Result<std::sync::Arc<crate::game::snapshot::Snapshot>, crate::error::AppError> {
    // Read before the database: a change while it reads makes the snapshot old at once.
    let (epoch, read_seq) = (
        crate::db::epoch::game(game_id),
        crate::db::epoch::private_seq(),
    );
    let reader = viewer.reader_in_game(game_id).map(|a| a.id);
    if let Some(kept) = kept.get(game_id, epoch, reader) {
        return Ok(kept);
    }
    let read = state
        .db(move |c| crate::game::snapshot::Snapshot::read(c, game_id))
        .await?;
    Ok(kept.put(game_id, epoch, read_seq, read))
}

fn see_other(to: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header(("Location", to))
        .finish()
}

/// A stored UTC ISO time (`…Z`) as a `TimeView`.
fn time_of(iso: &str) -> Option<TimeView> {
    NaiveDateTime::parse_from_str(iso, "%Y-%m-%dT%H:%M:%SZ")
        .ok()
        .map(TimeView::new)
}

/// The phase beside an act number (" (night)", "（夜晚）"), for a variant of several phases per
/// act; empty without one. A kind's message is `phase-<kind>`, underscores as dashes
/// (`last_words` → `phase-last-words`).
pub fn phase_suffix(tr: &Tr, kind: Option<&str>) -> String {
    match kind {
        Some(k) if !k.is_empty() => tr.t1(
            "phase-suffix",
            "phase",
            &tr.t(&format!("phase-{}", k.replace('_', "-"))),
        ),
        _ => String::new(),
    }
}

/// A phase as pages name it: "第 1 幕（夜晚）", "Act 2 (vote)"; the act alone for a variant of
/// one phase per act.
pub fn phase_title(tr: &Tr, variant: Variant, phase: crate::rules::Phase) -> String {
    let kind = (variant.phases().len() > 1).then_some(phase.kind);
    tr.t1("game-act", "act", &phase.act) + &phase_suffix(tr, kind)
}

/// The phase a page names for a game: "尚未开始" / "Not started" before the start, when no act
/// is open (the stored act is 0, which is no act); else its phase ([`phase_title`]); else its
/// act. Every page that names the phase (the game page, a seat page, the console) names it
/// here.
pub fn phase_name(
    tr: &Tr,
    variant: Variant,
    status: crate::domain::GameStatus,
    phase: Option<crate::rules::Phase>,
    act: u32,
) -> String {
    match phase {
        _ if status.is_signup() || act == 0 => tr.t("game-not-started"),
        Some(p) => phase_title(tr, variant, p),
        None => tr.t1("game-act", "act", &act),
    }
}

/// What a judge is told after "resolve now": the phase that ended, by the name pages give it
/// (never the step number, nor the phase that opened), and whether the game ended with it.
pub fn resolved_notice(tr: &Tr, r: crate::game::service::Resolved) -> String {
    let key = if r.over {
        "console-done-resolve-over"
    } else {
        "console-done-resolve"
    };
    tr.t1(key, "phase", &phase_title(tr, r.variant, r.ended))
}

/// A notice of the judge's clock as the reader reads it, with its time in the game's zone.
pub fn notice_text(tr: &Tr, n: &crate::game::threads::Notice) -> String {
    use chrono::TimeZone;
    let zone: chrono_tz::Tz = n
        .zone
        .as_deref()
        .and_then(|z| z.parse().ok())
        .unwrap_or(chrono_tz::Asia::Shanghai);
    let when =
        n.at.as_deref()
            .and_then(|t| chrono::NaiveDateTime::parse_from_str(t, "%Y-%m-%dT%H:%M:%SZ").ok())
            .map(|t| {
                zone.from_utc_datetime(&t)
                    .format("%Y-%m-%d %H:%M %Z")
                    .to_string()
            })
            .unwrap_or_default();
    match n.notice.as_str() {
        "deadline_moved" => tr.t1("notice-deadline-moved", "when", &when),
        "paused" => tr.t("notice-paused"),
        "resumed" => tr.t1("notice-resumed", "when", &when),
        _ => tr.t("notice-other"),
    }
}

/// Published vote counts (option `publish_votes`), one line per game ID, as the act post
/// words them.
pub fn vote_count_lines(tr: &Tr, counts: &[crate::game::threads::VoteCount]) -> Vec<String> {
    counts
        .iter()
        .map(|c| {
            tr.ta(
                "thread-act-vote-count",
                &[("name", c.game_id.clone()), ("votes", c.votes.to_string())],
            )
        })
        .collect()
}

/// The catalog key of the sentence naming whose turn it is in a phase of `kind`, as the
/// variant's phase kinds give it (CL-4's last words have their own).
pub(crate) fn turn_key(variant: Variant, kind: Option<&str>) -> &'static str {
    kind.and_then(|k| variant.phase_kind(k))
        .map_or("turn-speaker", |k| k.turn)
}

/// One public event of an act post: its sentence and, for the ballots of a classic vote round
/// (CL-6), one line per voter under it.
pub struct ActEvent {
    pub text: String,
    pub ballots: Vec<String>,
}

/// An act post, as the reader reads it.
pub struct ActView {
    /// The act resolved (for a variant of several phases per act, the resolved phase's act,
    /// with the phase in `resolved_phase`: " (night)").
    pub resolved: Option<u32>,
    /// "Resolution of act 1", "Resolution of act 1 (night)".
    pub resolved_title: String,
    pub events: Vec<ActEvent>,
    pub alive: String,
    pub opens: Option<u32>,
    /// "The game starts; act 1 opens." / "Act 2 (day) opens; deadline:".
    pub opening_text: String,
    pub next_text: String,
    pub deadline: Option<TimeView>,
    pub winner: Option<String>,
    /// A resolution that put nobody out by the vote (DN-15) says so, whatever the options
    /// (one phase per act, or a day; a night or a classic vote round's own events say it).
    pub nobody_voted_out: bool,
    /// The published vote counts, one line per game ID (only with the option
    /// `publish_votes`; empty list: nobody voted).
    pub votes: Option<Vec<String>>,
    /// "It is X's turn to speak." for a phase of one speaker (CL-5, CL-4).
    pub speaker_text: Option<String>,
    /// "X did not speak in time and was skipped." (CL-5).
    pub skipped_text: Option<String>,
    /// A post that only passes the turn to speak on: "X's speech is over." (or the skip), then
    /// what opens; drawn as one short line, without a summary.
    pub turn_text: Option<String>,
}

impl ActView {
    /// The post `a` of a game of `variant`, worded by the variant's messages.
    pub fn new(tr: &Tr, variant: Variant, a: &ActPost) -> ActView {
        // Whether the resolution adds "nobody was voted out" is the rules' (DN-15).
        let no_vote_out = variant.words(Say::NoVoteOut {
            events: &a.events,
            phase: a.resolved_phase.as_ref().map(|p| p.kind.as_str()),
        });
        let act_of =
            |step: Option<u32>, label: &Option<crate::game::threads::PhaseLabel>| match label {
                Some(p) => step.map(|_| p.act),
                None => step,
            };
        let resolved = act_of(a.resolved, &a.resolved_phase);
        let opens = act_of(a.opens, &a.opens_phase);
        let with_phase =
            |key: &str, act: Option<u32>, label: &Option<crate::game::threads::PhaseLabel>| {
                tr.ta(
                    key,
                    &[
                        ("act", act.unwrap_or(0).to_string()),
                        (
                            "phase",
                            phase_suffix(tr, label.as_ref().map(|p| p.kind.as_str())),
                        ),
                    ],
                )
            };
        let winner = a.winner.as_deref().map(|w| variant.winner(w));
        ActView {
            resolved_title: with_phase("thread-act-resolved", resolved, &a.resolved_phase),
            opening_text: with_phase("thread-act-opening", opens, &a.opens_phase),
            next_text: with_phase("thread-act-next", opens, &a.opens_phase),
            nobody_voted_out: a.resolved.is_some() && no_vote_out.is_some(),
            votes: a
                .votes
                .as_deref()
                .map(|counts| vote_count_lines(tr, counts)),
            resolved,
            events: a
                .events
                .iter()
                .map(|e| (e, variant.public(e)))
                // The winner has its own line: the engine's game-over event would say it twice.
                .filter(|(_, m)| winner.is_none() || m.catalog_key() != Some("game-over"))
                .map(|(e, m)| match variant.rules().listed(e, &a.alive) {
                    Some((title, lines)) => ActEvent {
                        text: tr.say(&title),
                        ballots: lines.iter().map(|l| tr.say(l)).collect(),
                    },
                    None => ActEvent {
                        text: tr.say(&m),
                        ballots: Vec::new(),
                    },
                })
                .collect(),
            alive: tr.list(a.alive.iter().cloned()),
            speaker_text: a.speaker.as_ref().map(|name| {
                let kind = a.opens_phase.as_ref().map(|p| p.kind.as_str());
                tr.t1(turn_key(variant, kind), "name", name)
            }),
            skipped_text: a
                .skipped
                .as_ref()
                .map(|name| tr.t1("turn-skipped", "name", name)),
            turn_text: a.turn_ended.as_ref().map(|name| match &a.skipped {
                Some(skipped) => tr.t1("turn-skipped", "name", skipped),
                None => tr.t1("turn-ended", "name", name),
            }),
            opens,
            deadline: a.deadline.as_deref().and_then(time_of),
            winner: winner.map(|w| tr.say(&w)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use serde_json::{Value, json};

    fn var(name: &str) -> Variant {
        Variant::from_name(name).expect("a variant")
    }

    fn s<'a>(v: &'a Value, key: &str) -> &'a str {
        v.get(key).and_then(Value::as_str).unwrap_or("")
    }

    fn refusal_text(tr: &Tr, v: Variant, code: &str) -> String {
        tr.say(&v.refusal(code))
    }
    fn refusal_rule(v: Variant, code: &str) -> Option<&'static str> {
        v.refusal(code).applies()
    }
    fn public_sentence(tr: &Tr, v: Variant, e: &Value) -> String {
        tr.say(&v.public(e))
    }
    fn action_sentence(tr: &Tr, v: Variant, a: &Value) -> String {
        tr.say(&v.action(a))
    }
    fn reply_sentence(tr: &Tr, v: Variant, r: &Value) -> String {
        tr.say(&v.reply(r))
    }
    fn private_sentence(tr: &Tr, v: Variant, e: &Value) -> String {
        tr.say(&v.private(e))
    }
    fn line_sentence(tr: &Tr, v: Variant, l: &Value) -> String {
        tr.say(&v.line(l))
    }
    fn public_words(tr: &Tr, v: Variant, e: &Value) -> Option<String> {
        v.words(Say::Public(e)).map(|m| tr.say(&m))
    }
    /// An action's words (another game's type, refused, by its name).
    fn action_words(tr: &Tr, v: Variant, a: &Value) -> Option<String> {
        Some(tr.say(&v.action(a)))
    }
    fn reply_words(tr: &Tr, v: Variant, r: &Value) -> Option<String> {
        v.words(Say::Reply(r)).map(|m| tr.say(&m))
    }
    fn private_words(tr: &Tr, v: Variant, e: &Value) -> Option<String> {
        v.words(Say::Private(e)).map(|m| tr.say(&m))
    }
    fn winner_text(tr: &Tr, v: Variant, w: &str) -> String {
        tr.say(&v.winner(w))
    }
    fn cause_text(tr: &Tr, v: Variant, c: &str) -> String {
        tr.say(&v.cause(c))
    }
    fn role_name(tr: &Tr, v: Variant, r: &str) -> String {
        tr.say(&v.role(r))
    }
    /// A side of the role games (R4-6, R5-5).
    fn side_text(tr: &Tr, side: &str) -> String {
        tr.say(&var("v5emin").team(side))
    }
    fn out_text(tr: &Tr, v: Variant, act: u64, cause: &str) -> String {
        tr.say(&v.out(act, cause))
    }

    #[test]
    fn every_refusal_and_event_has_a_sentence() {
        let (dn, cl, rg) = (var("deathnote"), var("dongsha"), var("v5emin"));
        for lang in Lang::ALL {
            let tr = Tr::new(lang);
            for (v, code) in [
                (dn, "unknown_seat"),
                (dn, "out"),
                (dn, "not_kira"),
                (dn, "bad_notebook"),
                (dn, "not_your_turn"),
                (dn, "already_acted"),
                (dn, "bad_target"),
                (dn, "self_target"),
                (dn, "target_taken"),
                (dn, "join_unavailable"),
                (dn, "eye_unavailable"),
                (dn, "eye_not_held"),
                (dn, "eye_already_used"),
                (dn, "eye_after_kill"),
                (dn, "transfer_unavailable"),
                (dn, "ballot_size"),
                (dn, "duplicate_target"),
                (dn, "game_over"),
                // The classic presets' own (replay.md, "Classic presets").
                (cl, "not_your_role"),
                (cl, "not_now"),
                (cl, "not_tied"),
                (cl, "series_repeat"),
                // The role games' own (replay.md, "Role games").
                (rg, "already_used"),
                (rg, "silenced"),
            ] {
                let text = refusal_text(&tr, v, code);
                assert_ne!(text, code, "{code}");
                assert_ne!(text, tr.t("refusal-other"), "{code} has its own sentence");
            }
            let out = json!({"type": "out", "target": "L", "cause": "killed", "kira": true,
                             "notebook": ["destroyed", "taken"]});
            let text = public_sentence(&tr, dn, &out);
            assert!(text.contains('L') && !text.contains("dn-"), "{text}");
            for cause in [
                "killed",
                "no_action",
                "voted",
                "no_vote",
                "eye",
                "transfer_expired",
            ] {
                assert_ne!(cause_text(&tr, dn, cause), cause);
            }
            let vote = json!({"kind": "reply", "ok": true, "reply": {"type": "vote_recorded"},
                              "action": {"type": "vote", "targets": ["L", "尼亚"]}});
            let text = line_sentence(&tr, dn, &vote);
            assert!(text.contains("尼亚") && !text.contains("dn-"), "{text}");
            for cause in ["killed", "voted", "exploded"] {
                assert_ne!(cause_text(&tr, cl, cause), cause);
            }
            // The console words a role game's night out (`out_text`) too.
            for cause in ["night", "voted"] {
                assert_ne!(cause_text(&tr, rg, cause), cause);
            }
        }
    }

    /// Where the shared examples are: the contract beside the checkout (`/work/main/../shared`,
    /// or two levels up for a worktree under `/work/wt`), else the copy in tests/fixtures.
    fn example(name: &str) -> String {
        let root = env!("CARGO_MANIFEST_DIR");
        let candidates = [
            format!("{root}/../shared/examples/{name}"),
            format!("{root}/../../shared/examples/{name}"),
            format!("{root}/tests/fixtures/examples/{name}"),
        ];
        candidates
            .iter()
            .find_map(|p| std::fs::read_to_string(p).ok())
            .unwrap_or_else(|| panic!("{name} in none of {candidates:?}"))
    }

    /// The game IDs a transcript object names: every key or text inside it that is a seat's.
    fn ids_in(v: &Value, seats: &[String], out: &mut Vec<String>) {
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
    fn assert_readable(text: &str, code: &str, ids: &[String], what: &Value) {
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
    fn without_rules(text: &str) -> String {
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
    fn read_examples(names: &[&str], ascii_free: bool) -> std::collections::BTreeSet<String> {
        let mut seen = std::collections::BTreeSet::new();
        for preset in names {
            let v = var(preset);
            let scenario: Value =
                serde_json::from_str(&example(&format!("{preset}-random-1.json")))
                    .expect("a scenario");
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

    /// Every line of the four classic examples (replay.md, "Classic presets") and
    /// every action they submit reads as a sentence of its own in both languages.
    #[test]
    fn every_line_of_the_classic_examples_has_a_sentence() {
        let seen = read_examples(&["dongsha", "killgame", "shengtui", "wujian"], false);
        // The examples hold every kind the contract lists (but the explosion's reply: both
        // tries in them are refused), so this test reads each of them.
        for kind in [
            "public out",
            "public peaceful",
            "public tie",
            "public votes",
            "public surrendered",
            "public game_over",
            "private check_result",
            "private teammates",
            "private peek_seen",
            "reply kill_recorded",
            "reply check_recorded",
            "reply vote_recorded",
            "reply peek_recorded",
            "reply surrendered",
            "reply not_your_role",
            "reply not_now",
            "reply not_tied",
            "reply bad_target",
            "reply unknown_seat",
            "reply out",
            "reply game_over",
            "outcome killers",
            "outcome good",
            "outcome draw",
            "outcome 警",
            "action kill",
            "action check",
            "action vote",
            "action peek",
            "action explode",
            "action surrender",
        ] {
            assert!(seen.contains(kind), "the examples have no {kind}: {seen:?}");
        }
    }

    /// The sentences the examples do not hold, and the words themselves in English.
    #[test]
    fn classic_sentences_say_what_happened() {
        let (dn, cl, wj) = (var("deathnote"), var("dongsha"), var("wujian"));
        let en = Tr::new(Lang::En);
        let zh = Tr::new(Lang::Zh);
        for tr in [&en, &zh] {
            let exploded = reply_words(tr, cl, &json!({"type": "exploded"})).expect("words");
            assert_readable(&exploded, "exploded", &[], &json!("exploded"));
            let repeat = refusal_text(tr, cl, "series_repeat");
            assert!(repeat.contains("重杀"), "{repeat}");
            for w in ["匪", "警"] {
                assert_ne!(winner_text(tr, wj, w), w);
            }
            assert_ne!(winner_text(tr, cl, "killers"), "killers");
            let nobody = json!({"type": "peek_seen", "call": "警", "seats": []});
            assert_readable(
                &private_sentence(tr, wj, &nobody),
                "peek_seen",
                &[],
                &nobody,
            );
        }
        let line = |e: Value| public_sentence(&en, cl, &e);
        assert_eq!(
            line(json!({"type": "out", "target": "令狐冲", "cause": "killed"})),
            "令狐冲 is out (killed at night)."
        );
        assert_eq!(
            line(json!({"type": "out", "target": "阿飞", "cause": "exploded"})),
            "阿飞 is out (self-exploded)."
        );
        assert_eq!(
            line(json!({"type": "votes", "round": 2,
                        "ballots": {"A": "B", "B": "A", "C": null}})),
            "Round 2 ballots: A → B, B → A, C abstained."
        );
        assert_eq!(
            line(json!({"type": "tie", "round": 1, "seats": ["一灯", "岳不群"]})),
            "Round 1 of the vote is tied: 一灯, 岳不群."
        );
        assert_eq!(
            public_sentence(&en, wj, &json!({"type": "surrendered", "team": "匪"})),
            "The 匪 (gangsters) surrendered and lose."
        );
        assert_eq!(
            line(json!({"type": "game_over", "winner": "killers"})),
            "The game is over: the killers win."
        );
        assert_eq!(
            line(json!({"type": "peaceful", "phase": "night"})),
            "A peaceful night: nobody died."
        );
        assert_eq!(
            public_sentence(&zh, cl, &json!({"type": "peaceful", "phase": "day"})),
            "今天无人出局。"
        );
        let act = |a: Value| action_sentence(&en, cl, &a);
        assert_eq!(act(json!({"type": "vote", "target": null})), "abstain");
        assert_eq!(
            act(json!({"type": "vote", "target": "zero", "round": 3})),
            "vote for zero (round 3)"
        );
        assert_eq!(
            action_sentence(
                &zh,
                cl,
                &json!({"type": "vote", "target": null, "round": 2})
            ),
            "弃票（第 2 轮）"
        );
        assert_eq!(act(json!({"type": "kill", "target": "L"})), "kill L");
        assert_eq!(
            action_sentence(&en, wj, &json!({"type": "peek", "call": "none"})),
            "keep your eyes closed all night"
        );
        assert_eq!(
            action_sentence(&zh, wj, &json!({"type": "peek", "call": "匪"})),
            "「匪请睁眼」时睁眼"
        );
        let private = |e: Value| private_sentence(&zh, cl, &e);
        assert_eq!(
            private(json!({"type": "check_result", "target": "阿飞", "result": "killer"})),
            "验人结果：阿飞 是杀手。"
        );
        assert_eq!(
            private(json!({"type": "teammates", "team": "police", "seats": ["令狐冲", "杨过"]})),
            "你所在的警察方（按座位顺序，含你自己）：令狐冲、杨过。"
        );
        assert_eq!(
            private_sentence(
                &zh,
                wj,
                &json!({"type": "peek_seen", "call": "警", "seats": []})
            ),
            "「警请睁眼」时，没有其他人睁眼。"
        );
        assert_eq!(refusal_rule(cl, "series_repeat"), Some("CL-3"));
        assert_eq!(refusal_rule(cl, "not_tied"), Some("CL-7"));
        // Death Note reads as before.
        let act = |a: Value| action_sentence(&en, dn, &a);
        assert_eq!(
            public_sentence(
                &en,
                dn,
                &json!({"type": "out", "target": "L", "cause": "killed", "kira": false})
            ),
            "L is out (killed by a notebook) and was good."
        );
        assert_eq!(
            act(json!({"type": "vote", "targets": ["L", "尼亚"]})),
            "vote for L, 尼亚"
        );
        assert_eq!(
            act(json!({"type": "kill", "target": "L", "real_id": "bob"})),
            "kill L, guessing real ID “bob”"
        );
    }

    /// CL-0: outs are announced by game ID only. A classic `out` (no `kira`) never reads as
    /// Death Note's "and was good", nor names any role.
    #[test]
    fn a_classic_out_names_no_role() {
        let (dn, cl) = (var("deathnote"), var("dongsha"));
        for lang in Lang::ALL {
            let tr = Tr::new(lang);
            for cause in ["killed", "voted", "exploded"] {
                let e = json!({"type": "out", "target": "杨过", "cause": cause});
                let text = public_sentence(&tr, cl, &e);
                assert!(text.contains("杨过"), "{text}");
                for role in ["killer", "police", "civilian", "good", "kira", "player"] {
                    for word in [role_name(&tr, cl, role), winner_text(&tr, dn, role)] {
                        assert!(!text.contains(word.as_str()), "{word} in {text}");
                    }
                }
                for word in ["good", "Kira", "好人", "基拉", "杀手", "警察", "平民"] {
                    assert!(!text.contains(word), "{word} in {text}");
                }
            }
        }
    }

    /// Every line of the two role examples (replay.md, "Role games") and every action
    /// they submit reads as a sentence in both languages, the Chinese one with no code left.
    #[test]
    fn every_line_of_the_role_examples_has_a_sentence() {
        let seen = read_examples(&["v4wujian", "v5emin"], true);
        for kind in [
            "public out",
            "public peaceful",
            "public tie",
            "public votes",
            "public game_over",
            "private teammates",
            "private check_result",
            "private query_result",
            "private silenced",
            "private kill_inherited",
            "reply kill_recorded",
            "reply check_recorded",
            "reply hug_recorded",
            "reply silence_recorded",
            "reply secret_kill_recorded",
            "reply needle_recorded",
            "reply magic_recorded",
            "reply query_recorded",
            "reply dark_vote_recorded",
            "reply vote_recorded",
            "reply not_your_role",
            "reply self_target",
            "reply bad_target",
            "reply not_tied",
            "reply unknown_seat",
            "reply out",
            "outcome bad",
            "outcome good",
            "action kill",
            "action check",
            "action hug",
            "action silence",
            "action save",
            "action secret_kill",
            "action needle",
            "action snipe",
            "action magic",
            "action query",
            "action dark_vote",
            "action vote",
        ] {
            assert!(seen.contains(kind), "the examples have no {kind}: {seen:?}");
        }
    }

    /// Every reply, refusal, private and public line the role games write (replay.md, "Role
    /// games"), also those the examples lack, has words of its own in both languages.
    #[test]
    fn every_role_line_has_a_sentence() {
        let (v4, v5) = (var("v4wujian"), var("v5emin"));
        let seats = ["花蝴蝶侠", "B"].map(String::from);
        for lang in Lang::ALL {
            let tr = Tr::new(lang);
            for t in [
                "kill",
                "check",
                "hug",
                "silence",
                "save",
                "needle",
                "snipe",
                "magic",
                "query",
                "dark_vote",
                "secret_kill",
            ] {
                let a = json!({"type": t, "target": "B"});
                let words = action_words(&tr, v4, &a).unwrap_or_else(|| panic!("{t}"));
                assert_readable(&words, t, &seats[1..], &a);
                let r = json!({"type": format!("{t}_recorded")});
                let words = reply_words(&tr, v5, &r).unwrap_or_else(|| panic!("{r}"));
                assert_readable(&words, s(&r, "type"), &[], &r);
                assert_ne!(words, tr.t("seat-reply-accepted"));
            }
            for e in [
                json!({"type": "check_result", "target": "B", "result": "killer"}),
                json!({"type": "check_result", "target": "B", "result": "not_killer"}),
                json!({"type": "check_result", "target": "B", "result": "good"}),
                json!({"type": "check_result", "target": "B", "result": "bad"}),
                json!({"type": "check_result", "target": "B", "result": "blocked"}),
                json!({"type": "query_result", "target": "B", "acted_on": "花蝴蝶侠"}),
                json!({"type": "query_result", "target": "B", "acted_on": "none"}),
                json!({"type": "query_result", "target": "B", "acted_on": "blocked"}),
                json!({"type": "silenced"}),
                json!({"type": "kill_inherited"}),
                json!({"type": "teammates", "team": "killers", "seats": ["花蝴蝶侠", "B"]}),
                json!({"type": "teammates", "team": "police", "seats": ["花蝴蝶侠", "B"]}),
            ] {
                let words = private_words(&tr, v5, &e).unwrap_or_else(|| panic!("{e}"));
                let mut ids = Vec::new();
                ids_in(&e, &seats, &mut ids);
                assert_readable(&words, s(&e, "type"), &ids, &e);
                for code in ["good", "bad", "blocked", "none", "killer", "police"] {
                    if lang == Lang::Zh {
                        assert!(!words.contains(code), "{code} in {words}");
                    }
                }
            }
            for e in [
                json!({"type": "out", "target": "B", "cause": "night"}),
                json!({"type": "out", "target": "B", "cause": "voted"}),
                json!({"type": "out", "target": "B", "cause": "voted", "side": "good"}),
                json!({"type": "out", "target": "B", "cause": "voted", "side": "bad"}),
                json!({"type": "peaceful", "phase": "day"}),
                json!({"type": "game_over", "winner": "good"}),
                json!({"type": "game_over", "winner": "bad"}),
                json!({"type": "game_over", "winner": "draw"}),
            ] {
                let words = public_words(&tr, v5, &e).unwrap_or_else(|| panic!("{e}"));
                let mut ids = Vec::new();
                ids_in(&e, &seats, &mut ids);
                assert_readable(&words, s(&e, "type"), &ids, &e);
                if lang == Lang::Zh {
                    let rest = words.replace('B', "");
                    assert!(!rest.chars().any(|c| c.is_ascii_alphabetic()), "{words}");
                }
            }
            // (In English a draw is a "draw".)
            for w in ["good", "bad", "draw"] {
                assert!(winner_text(&tr, v5, w) != w || (w, lang) == ("draw", Lang::En));
            }
            for side in ["good", "bad"] {
                assert!(lang == Lang::En || side_text(&tr, side) != side);
            }
        }
    }

    /// The role games' sentences say what happened, in the players' own words (seed 004: 抱,
    /// 禁言, 救, 扎针, 狙, 魔法, 查询, 暗票).
    #[test]
    fn role_sentences_say_what_happened() {
        let (v4, v5) = (var("v4wujian"), var("v5emin"));
        let en = Tr::new(Lang::En);
        let zh = Tr::new(Lang::Zh);
        let act = |tr: &Tr, t: &str| action_sentence(tr, v5, &json!({"type": t, "target": "阿飞"}));
        for (t, zh_words, en_words) in [
            ("hug", "抱 阿飞", "hug 阿飞"),
            ("silence", "禁言 阿飞", "silence 阿飞"),
            ("save", "救 阿飞", "save 阿飞"),
            ("needle", "给 阿飞 扎针", "give 阿飞 the needle"),
            ("snipe", "狙 阿飞", "shoot 阿飞"),
            ("magic", "对 阿飞 施魔法", "cast magic on 阿飞"),
            ("query", "查询 阿飞 的作用对象", "query whom 阿飞 acts on"),
            ("dark_vote", "给 阿飞 投暗票", "cast a dark vote on 阿飞"),
            (
                "secret_kill",
                "用秘密警察的特权杀 阿飞",
                "use your one secret kill on 阿飞",
            ),
            ("kill", "杀 阿飞", "kill 阿飞"),
            ("check", "验 阿飞", "check 阿飞"),
        ] {
            assert_eq!(act(&zh, t), zh_words);
            assert_eq!(act(&en, t), en_words);
        }
        assert_eq!(
            action_sentence(
                &zh,
                v5,
                &json!({"type": "vote", "target": "阿飞", "round": 1})
            ),
            "投票给 阿飞（第 1 轮）"
        );
        let reply = |tr: &Tr, t: &str| reply_sentence(tr, v5, &json!({"type": t}));
        assert_eq!(
            reply(&zh, "hug_recorded"),
            "抱人目标已记录（天亮前可改，以最后一次为准）。"
        );
        assert!(reply(&zh, "needle_recorded").starts_with("扎针"));
        assert!(reply(&zh, "dark_vote_recorded").contains("暗票"));
        assert!(reply(&zh, "secret_kill_recorded").contains("无效也算用过"));
        assert!(reply(&en, "secret_kill_recorded").contains("spent"));
        assert!(reply(&en, "snipe_recorded").starts_with("Shot recorded"));

        // The refusals, and the rule each cites.
        assert_eq!(
            refusal_text(&zh, v4, "already_used"),
            "你已经用过秘密警察的特权：每局只能杀一次。"
        );
        assert_eq!(
            refusal_text(&zh, v5, "silenced"),
            "你今天被禁言，不能投票。"
        );
        assert_eq!(
            refusal_text(&en, v5, "self_target"),
            "You cannot name yourself."
        );
        assert_eq!(refusal_rule(v4, "already_used"), Some("R4-3"));
        assert_eq!(refusal_rule(v5, "silenced"), Some("R5-4"));
        assert_eq!(refusal_rule(v5, "self_target"), Some("R5-1"));
        assert_eq!(refusal_rule(v4, "self_target"), Some("R4-3"));
        assert_eq!(refusal_rule(v4, "not_tied"), Some("CL-7"));
        assert_eq!(refusal_rule(var("deathnote"), "self_target"), None);

        // R5-3 4: the answers, the query naming the seat acted on.
        let private = |tr: &Tr, e: Value| private_sentence(tr, v5, &e);
        assert_eq!(
            private(
                &zh,
                json!({"type": "query_result", "target": "令狐冲", "acted_on": "小龙女"})
            ),
            "查询结果：令狐冲 今晚的作用对象是 小龙女。"
        );
        assert_eq!(
            private(
                &en,
                json!({"type": "query_result", "target": "令狐冲", "acted_on": "小龙女"})
            ),
            "Query result: tonight 令狐冲 acted on 小龙女."
        );
        assert_eq!(
            private(
                &zh,
                json!({"type": "query_result", "target": "令狐冲", "acted_on": "none"})
            ),
            "查询结果：令狐冲 今晚没有作用任何人。"
        );
        let blocked = private(
            &zh,
            json!({"type": "query_result", "target": "令狐冲", "acted_on": "blocked"}),
        );
        assert_eq!(blocked, "查询 令狐冲 没有结果：法官今晚不给你任何提示。");
        assert_eq!(
            private(
                &zh,
                json!({"type": "check_result", "target": "令狐冲", "result": "good"})
            ),
            "验人结果：令狐冲 是好人。"
        );
        assert_eq!(
            private(
                &en,
                json!({"type": "check_result", "target": "Ghost", "result": "bad"})
            ),
            "Check result: Ghost is bad."
        );
        let blocked = private(
            &en,
            json!({"type": "check_result", "target": "Ghost", "result": "blocked"}),
        );
        assert_eq!(
            blocked,
            "Your check on Ghost brought no answer: the judge tells you nothing tonight."
        );
        // A blocked answer gives no reason (magic or a hug): the judge says nothing (seed 004).
        for word in ["magic", "hug", "butterfly", "magician"] {
            assert!(!blocked.to_lowercase().contains(word), "{blocked}");
        }
        assert!(private(&zh, json!({"type": "silenced"})).contains("禁言"));
        assert!(private(&zh, json!({"type": "kill_inherited"})).contains("杀人"));
        assert_eq!(
            private(
                &en,
                json!({"type": "teammates", "team": "killers", "seats": ["风清扬", "老刀"]})
            ),
            "Your team, the killers (in seat order, you included): 风清扬, 老刀."
        );

        // R5-4: a 5.0 day out says the side, and only that.
        let public = |tr: &Tr, e: Value| public_sentence(tr, v5, &e);
        assert_eq!(
            public(
                &zh,
                json!({"type": "out", "target": "风清扬", "cause": "voted", "side": "bad"})
            ),
            "风清扬 出局（被投票出局），是坏人。"
        );
        assert_eq!(
            public(
                &en,
                json!({"type": "out", "target": "风清扬", "cause": "voted", "side": "good"})
            ),
            "风清扬 is out (voted out) and is on the good side."
        );
        assert_eq!(
            public(
                &en,
                json!({"type": "out", "target": "杨过", "cause": "voted"})
            ),
            "杨过 is out (voted out)."
        );
        assert_eq!(
            public(&zh, json!({"type": "game_over", "winner": "bad"})),
            "游戏结束：坏人胜利。"
        );
        assert_eq!(
            public(&en, json!({"type": "game_over", "winner": "bad"})),
            "The game is over: the bad side wins."
        );
        assert_eq!(
            public(&zh, json!({"type": "game_over", "winner": "good"})),
            "游戏结束：好人胜利。"
        );
        assert_eq!(
            line_sentence(&zh, v5, &json!({"kind": "outcome", "winner": "draw"})),
            "游戏结束：平局。"
        );
        assert_eq!(side_text(&zh, "good"), "好人");
        assert_eq!(side_text(&zh, "bad"), "坏人");
        // The console's out line of a role game.
        assert_eq!(out_text(&zh, v5, 2, "night"), "第 2 幕出局（夜里死亡）");
        assert_eq!(
            out_text(&en, v4, 2, "night"),
            "Out in act 2 (died in the night)"
        );
    }

    /// R4-4 (5), R5-4: night deaths are announced by game ID only, without a cause: a night
    /// `out` reads "died in the night" and names no role, side or way of dying.
    #[test]
    fn a_role_night_out_names_no_role_or_cause() {
        let v5 = var("v5emin");
        let e = json!({"type": "out", "target": "夜雨", "cause": "night"});
        assert_eq!(
            public_sentence(&Tr::new(Lang::Zh), v5, &e),
            "夜雨 出局（夜里死亡）。"
        );
        assert_eq!(
            public_sentence(&Tr::new(Lang::En), v5, &e),
            "夜雨 is out (died in the night)."
        );
        let roles = [
            "butterfly",
            "elder",
            "doctor",
            "killer",
            "undercover",
            "police",
            "secret_police",
            "civilian",
            "sniper",
            "good_civilian",
            "magician",
            "wizard",
            "evil_civilian",
        ];
        for lang in Lang::ALL {
            let tr = Tr::new(lang);
            let text = public_sentence(&tr, v5, &e);
            for role in roles {
                let name = role_name(&tr, v5, role);
                assert!(!text.contains(name.as_str()), "{name} in {text}");
            }
            for side in ["good", "bad"] {
                assert!(!text.contains(side_text(&tr, side).as_str()), "{text}");
            }
            for word in [
                "kill", "shot", "snipe", "needle", "vote", "杀", "狙", "针", "票", "好人", "坏人",
            ] {
                assert!(!text.contains(word), "{word} in {text}");
            }
        }
    }

    #[test]
    fn roles_and_phases_have_names() {
        let (cl, wj, rg, tp) = (
            var("dongsha"),
            var("wujian"),
            var("v4wujian"),
            var("twophase"),
        );
        let en = Tr::new(Lang::En);
        let zh = Tr::new(Lang::Zh);
        assert_eq!(role_name(&zh, cl, "killer"), "杀手");
        assert_eq!(role_name(&zh, cl, "police"), "警察");
        assert_eq!(role_name(&zh, cl, "civilian"), "平民");
        // The role games' roles, by the seed's names.
        for (code, zh_name, en_name) in [
            ("butterfly", "花蝴蝶", "Butterfly"),
            ("elder", "森林老人", "Forest elder"),
            ("doctor", "医生", "Doctor"),
            ("killer", "杀手", "Killer"),
            ("undercover", "卧底", "Undercover"),
            ("police", "警察", "Police officer"),
            ("secret_police", "秘密警察", "Secret police"),
            ("civilian", "平民", "Civilian"),
            ("sniper", "狙击手", "Sniper"),
            ("good_civilian", "善民", "Good civilian"),
            ("magician", "魔法师", "Magician"),
            ("wizard", "巫师", "Wizard"),
            ("evil_civilian", "恶民", "Evil civilian"),
        ] {
            assert_eq!(role_name(&zh, rg, code), zh_name);
            assert_eq!(role_name(&en, rg, code), en_name);
        }
        assert_eq!(role_name(&en, wj, "匪"), "匪 (gangster)");
        assert_eq!(role_name(&en, wj, "警"), "警 (cop)");
        assert_eq!(role_name(&en, tp, "player"), "Player");
        assert_eq!(
            role_name(&en, cl, "werewolf"),
            "werewolf",
            "an unknown role as it is"
        );
        for (tr, codes_differ) in [(&en, false), (&zh, true)] {
            for kind in [
                "night",
                "day",
                "last_words",
                "speech",
                "discussion",
                "vote",
                "pk",
            ] {
                let text = phase_suffix(tr, Some(kind));
                assert!(!text.contains("phase-") && !text.contains('_'), "{text}");
                assert!(!codes_differ || !text.contains(kind), "{text}");
            }
        }
        assert_eq!(phase_suffix(&zh, Some("last_words")), "（遗言）");
        assert_eq!(phase_suffix(&en, Some("pk")), " (PK speeches)");
    }

    fn post(events: Vec<Value>, alive: &[&str], phase: Option<&str>) -> ActPost {
        ActPost {
            resolved: Some(2),
            events,
            alive: alive.iter().map(|a| a.to_string()).collect(),
            opens: Some(3),
            deadline: None,
            winner: None,
            log_hash: None,
            votes: None,
            resolved_phase: phase.map(|k| crate::game::threads::PhaseLabel {
                act: 1,
                kind: k.to_string(),
            }),
            opens_phase: None,
            speaker: None,
            skipped: None,
            turn_ended: None,
        }
    }

    /// CL-6: an act post lists a round's ballots under it, voters in seat order, abstainers
    /// said so; a classic phase's own events say when nobody is out.
    #[test]
    fn an_act_post_lists_the_ballots() {
        let (dn, cl) = (var("deathnote"), var("dongsha"));
        let en = Tr::new(Lang::En);
        let votes = json!({"type": "votes", "round": 1,
                           "ballots": {"zero": "阿飞", "阿飞": null, "Ghost": "zero", "周伯通": "zero"}});
        let out = json!({"type": "out", "target": "zero", "cause": "voted"});
        let v = ActView::new(
            &en,
            cl,
            &post(vec![votes, out], &["周伯通", "阿飞", "Ghost"], Some("vote")),
        );
        assert_eq!(v.events.len(), 2);
        assert_eq!(v.events[0].text, "Round 1 ballots:");
        assert_eq!(
            v.events[0].ballots,
            [
                "周伯通 → zero",
                "阿飞 abstained",
                "Ghost → zero",
                "zero → 阿飞"
            ],
            "seat order, the seat voted out last"
        );
        assert_eq!(v.events[1].text, "zero is out (voted out).");
        assert!(v.events[1].ballots.is_empty());
        assert!(!v.nobody_voted_out);
        let tie = json!({"type": "tie", "round": 1, "seats": ["A", "B"]});
        let votes = json!({"type": "votes", "round": 1, "ballots": {"A": "B", "B": "A"}});
        let v = ActView::new(&en, cl, &post(vec![votes, tie], &["A", "B"], Some("vote")));
        assert!(
            !v.nobody_voted_out,
            "the tie says it; a later round may still vote out"
        );
        let night = json!({"type": "peaceful", "phase": "night"});
        let v = ActView::new(&en, cl, &post(vec![night], &["A", "B"], Some("night")));
        assert!(!v.nobody_voted_out, "no vote at night");
        assert_eq!(v.events[0].text, "A peaceful night: nobody died.");
        let v = ActView::new(&en, cl, &post(vec![], &["A", "B"], Some("speech")));
        assert!(!v.nobody_voted_out, "no vote in a speech");
        // Death Note (one phase per act): DN-15 as before.
        let v = ActView::new(&en, dn, &post(vec![], &["A", "B"], None));
        assert!(v.nobody_voted_out);
    }
}
