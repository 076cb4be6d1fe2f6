//! The shell's own words around an act post: the phase named beside an act number and the
//! published vote counts; and the tests of the act post as a reader reads it (`ActView`: its
//! layout, CL-6's ballots under a round, DN-15's "nobody was voted out", the deadline as a time).
//! The variants' own sentences are tested beside their messages, in the crate maku-rules
//! (`crates/maku-rules/tests/sentences/`).

use crate::i18n::Tr;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::threads::{ActPost, Notice, VoteCount};
    use crate::i18n::Lang;
    use crate::rules::{Event, Variant};
    use crate::web::games::{ActView, notice_text};
    use serde_json::{Value, json};

    fn var(name: &str) -> Variant {
        Variant::from_name(name).expect("a variant")
    }

    /// A phase's name beside an act, in both languages: words, never its code or catalog key.
    #[test]
    fn phases_have_names() {
        let en = Tr::new(Lang::En);
        let zh = Tr::new(Lang::Zh);
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

    /// Published vote counts (option `publish_votes`): one line per game ID, the number's
    /// plural form chosen on it.
    #[test]
    fn vote_counts_are_one_line_per_game_id() {
        let counts = [
            VoteCount {
                game_id: "L".into(),
                votes: 2,
            },
            VoteCount {
                game_id: "尼亚".into(),
                votes: 1,
            },
        ];
        assert_eq!(
            vote_count_lines(&Tr::new(Lang::En), &counts),
            ["L: 2 votes", "尼亚: 1 vote"]
        );
        assert_eq!(
            vote_count_lines(&Tr::new(Lang::Zh), &counts),
            ["L：2 票", "尼亚：1 票"]
        );
    }

    fn post(events: Vec<Value>, alive: &[&str], phase: Option<&str>) -> ActPost {
        ActPost {
            resolved: Some(2),
            events: events.into_iter().map(Event::from_stored).collect(),
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

    /// The deadline comes to the page as a time (parsed once, where the stored post is read),
    /// and a notice of the judge's clock tells it in the game's zone.
    #[test]
    fn a_deadline_reaches_the_page_as_a_time() {
        let stored = r#"{"resolved":null,"events":[],"alive":["A","B"],"opens":1,"deadline":"2026-12-01T20:00:00Z","winner":null,"log_hash":"ab"}"#;
        let a: ActPost = serde_json::from_str(stored).expect("an act post");
        let v = ActView::new(&Tr::new(Lang::En), var("deathnote"), &a);
        let due = v.deadline.expect("a deadline");
        assert_eq!(due.iso, "2026-12-01T20:00:00Z");
        assert_eq!(due.text, "2026-12-01 20:00 UTC");
        let notice: Notice = serde_json::from_str(
            r#"{"notice":"deadline_moved","at":"2026-12-02T08:30:00Z","zone":"Asia/Shanghai"}"#,
        )
        .expect("a notice");
        let text = notice_text(&Tr::new(Lang::En), &notice);
        assert!(text.contains("2026-12-02 16:30 CST"), "{text}");
        let paused: Notice =
            serde_json::from_str(r#"{"notice":"paused","zone":"Asia/Shanghai"}"#).expect("one");
        let en = Tr::new(Lang::En);
        assert_eq!(notice_text(&en, &paused), en.t("notice-paused"));
    }
}
