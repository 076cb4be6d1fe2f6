//! Death Note's own sentences (`deathnote/messages.rs`, its catalog `deathnote/catalog/`).

use crate::render::{Lang, Tr};
use crate::*;
use serde_json::{Value, json};

#[test]
fn every_refusal_and_event_has_a_sentence() {
    let dn = var("deathnote");
    for lang in Lang::ALL {
        let tr = Tr::new(lang);
        for code in [
            "unknown_seat",
            "out",
            "not_kira",
            "bad_notebook",
            "not_your_turn",
            "already_acted",
            "bad_target",
            "self_target",
            "target_taken",
            "join_unavailable",
            "eye_unavailable",
            "eye_not_held",
            "eye_already_used",
            "eye_after_kill",
            "transfer_unavailable",
            "ballot_size",
            "duplicate_target",
            "game_over",
        ] {
            let text = refusal_text(&tr, dn, code);
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
    }
}

/// Death Note reads as before the classic presets came (their words are their own).
#[test]
fn deathnote_sentences_say_what_happened() {
    let dn = var("deathnote");
    let en = Tr::new(Lang::En);
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

/// DN-15: an act post of Death Note (one phase per act) says "nobody was voted out" unless an
/// out by the vote tells it; an out of another cause does not. No other variant says it.
#[test]
fn dn15_nobody_voted_out_is_the_rules_answer() {
    let dn = var("deathnote");
    let says = |v: Variant, events: &[Value], phase: Option<&str>| {
        let events: Vec<Event> = events.iter().map(event).collect();
        let events = events.as_slice();
        v.words(Say::NoVoteOut { events, phase })
            .and_then(|m| m.catalog_key().map(str::to_string))
    };
    let nobody = Some("thread-act-nobody-voted-out".to_string());
    assert_eq!(says(dn, &[], None), nobody);
    let killed = json!({"type": "out", "target": "L", "cause": "killed"});
    assert_eq!(says(dn, &[killed], None), nobody, "a kill is no vote");
    let voted = json!({"type": "out", "target": "L", "cause": "voted"});
    assert_eq!(says(dn, &[voted], None), None, "the out tells it");
    for name in ["dongsha", "killgame", "v5emin"] {
        assert_eq!(says(var(name), &[], Some("vote")), None, "{name}");
        assert_eq!(says(var(name), &[], None), None, "{name}");
    }
}
