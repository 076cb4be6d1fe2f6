//! The classic presets' own sentences (`classic/messages.rs`, their catalog
//! `classic/catalog/`): 东沙, 杀人游戏, 圣推, 无间 (replay.md, "Classic presets").

use crate::render::{Lang, Tr};
use crate::*;
use serde_json::{Value, json};

#[test]
fn every_refusal_and_event_has_a_sentence() {
    let cl = var("dongsha");
    for lang in Lang::ALL {
        let tr = Tr::new(lang);
        // The classic presets' own (replay.md, "Classic presets").
        for code in ["not_your_role", "not_now", "not_tied", "series_repeat"] {
            let text = refusal_text(&tr, cl, code);
            assert_ne!(text, code, "{code}");
            assert_ne!(text, tr.t("refusal-other"), "{code} has its own sentence");
        }
        for cause in ["killed", "voted", "exploded"] {
            assert_ne!(cause_text(&tr, cl, cause), cause);
        }
    }
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

/// The sentences the examples do not hold, and the words themselves in English (Death
/// Note's: `deathnote::deathnote_sentences_say_what_happened`).
#[test]
fn classic_sentences_say_what_happened() {
    let (cl, wj) = (var("dongsha"), var("wujian"));
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

#[test]
fn classic_roles_have_names() {
    let (cl, wj) = (var("dongsha"), var("wujian"));
    let en = Tr::new(Lang::En);
    let zh = Tr::new(Lang::Zh);
    assert_eq!(role_name(&zh, cl, "killer"), "杀手");
    assert_eq!(role_name(&zh, cl, "police"), "警察");
    assert_eq!(role_name(&zh, cl, "civilian"), "平民");
    assert_eq!(role_name(&en, wj, "匪"), "匪 (gangster)");
    assert_eq!(role_name(&en, wj, "警"), "警 (cop)");
    assert_eq!(
        role_name(&en, cl, "werewolf"),
        "werewolf",
        "an unknown role as it is"
    );
}

/// Roles across books (R4-2, R4-3, R5-1): a judge's own classic table, 东杀 with one of each of
/// `roles` dealt and called at night after the killers and the police, played by the classic
/// engine as `name` (titled `title`).
fn dongsha_with(roles: &[&str], name: &str, title: &str) -> Variant {
    use maku_rules::setups::{PRESETS, custom_variant, read};
    let text = PRESETS
        .iter()
        .find(|(n, _)| *n == "dongsha")
        .map(|(_, t)| *t)
        .expect("dongsha");
    let mut d: Value = serde_json::from_str(text).expect("JSON");
    let deal = d["deal"].as_array_mut().expect("a list");
    for role in roles {
        deal.push(json!({"role": role, "count": 1}));
    }
    let mut night = vec!["killer", "police"];
    night.extend_from_slice(roles);
    d["night"] = json!(night);
    let setup = read(&d).expect("it holds");
    custom_variant(name, title, &setup).expect("played")
}

/// At `v`, `action` reads `said` (in English, in Chinese).
fn assert_action_says(v: Variant, action: &Value, said: [&str; 2]) {
    let (en, zh) = (Tr::new(Lang::En), Tr::new(Lang::Zh));
    assert_eq!(action_sentence(&en, v, action), said[0]);
    assert_eq!(action_sentence(&zh, v, action), said[1]);
}

/// At `v`, the role `role` is named `named` (in English, in Chinese).
fn assert_role_named(v: Variant, role: &str, named: [&str; 2]) {
    assert_eq!(role_name(&Tr::new(Lang::En), v, role), named[0]);
    assert_eq!(role_name(&Tr::new(Lang::Zh), v, role), named[1]);
}

/// R5-2 at a table `v` that deals a killers' heir (the magician, the wizard): in both
/// languages the kill passed to him (`kill_inherited`) reads as a sentence of its own that
/// tells of the kill, his refusal to target himself (`self_target`) has its own sentence, and
/// his seat's note while he holds the kill reads from the catalog.
fn assert_heir_reads(v: Variant) {
    let (en, zh) = (Tr::new(Lang::En), Tr::new(Lang::Zh));
    let inherited = json!({"type": "kill_inherited"});
    for tr in [&en, &zh] {
        let told = private_sentence(tr, v, &inherited);
        assert_readable(&told, "kill_inherited", &[], &inherited);
        assert_refusal_reads(tr, v, "self_target");
        assert_note_reads(tr, v, "cl-seat-note-holds-kill");
    }
    assert!(private_sentence(&en, v, &inherited).contains("kill"));
    assert!(private_sentence(&zh, v, &inherited).contains("杀人"));
}

/// The reply `kind` (an action recorded) reads as a sentence of its own at `v`.
fn assert_reply_reads(tr: &Tr, v: Variant, kind: &str) {
    let recorded = reply_words(tr, v, &json!({"type": kind})).expect("words");
    assert_readable(&recorded, kind, &[], &json!(kind));
}

/// The refusal `code` has its own sentence at `v` (neither the code nor the catch-all).
fn assert_refusal_reads(tr: &Tr, v: Variant, code: &str) {
    let text = refusal_text(tr, v, code);
    assert_ne!(text, code, "{code}");
    assert_ne!(text, tr.t("refusal-other"), "{code} has its own sentence");
}

/// The seat's note `key` reads from the catalog at `v` (not as its key).
fn assert_note_reads(tr: &Tr, v: Variant, key: &'static str) {
    assert_ne!(tr.say(v, &maku_rules::Message::key(key)), key);
}

/// Every action form of `v` has its label in the shell's catalog (`action-<kind>`, dashed).
fn assert_forms_labelled(tr: &Tr, v: Variant) {
    for form in v.action_forms() {
        let key = format!("action-{}", form.kind.replace('_', "-"));
        assert_ne!(tr.t(&key), key, "the form's label");
    }
}

/// Roles across books: 4.0's doctor at a judge's own classic table (R4-3) has a name, its
/// `save` and its reply read as sentences of the classic catalog in both languages.
#[test]
fn r4_3_a_doctor_tables_save_has_sentences() {
    let v = dongsha_with(&["doctor"], "sentences-doctor", "东杀+医生");
    let (en, zh) = (Tr::new(Lang::En), Tr::new(Lang::Zh));
    let save = json!({"type": "save", "target": "令狐冲"});
    assert_action_says(v, &save, ["save 令狐冲", "救 令狐冲"]);
    assert_role_named(v, "doctor", ["Doctor", "医生"]);
    for tr in [&en, &zh] {
        assert_reply_reads(tr, v, "save_recorded");
    }
}

/// Roles across books: 5.0's sniper at a judge's own classic table (R5-1) has a name, its
/// `snipe` and its reply read as sentences of the classic catalog in both languages, and its
/// form has its label in the shell's catalog.
#[test]
fn r5_1_a_sniper_tables_snipe_has_sentences() {
    let v = dongsha_with(&["sniper"], "sentences-sniper", "东杀+狙击手");
    let (en, zh) = (Tr::new(Lang::En), Tr::new(Lang::Zh));
    let snipe = json!({"type": "snipe", "target": "令狐冲"});
    assert_action_says(v, &snipe, ["shoot 令狐冲", "狙 令狐冲"]);
    assert_role_named(v, "sniper", ["Sniper", "狙击手"]);
    for tr in [&en, &zh] {
        assert_reply_reads(tr, v, "snipe_recorded");
        assert_forms_labelled(tr, v);
    }
    assert_eq!(en.t("action-snipe"), "Snipe (sniper)");
    assert_eq!(zh.t("action-snipe"), "狙击（狙击手）");
}

/// Roles across books: 4.0's butterfly and secret police at a judge's own classic table
/// (R4-3) have names, their `hug` and `secret_kill`, their replies and the spent secret kill's
/// refusal (`already_used`) read as sentences of the classic catalog in both languages, and
/// their forms have their labels in the shell's catalog.
#[test]
fn r4_3_a_butterfly_and_secret_police_tables_actions_have_sentences() {
    let v = dongsha_with(
        &["butterfly", "secret_police"],
        "sentences-butterfly",
        "东杀+花蝴蝶+秘密警察",
    );
    let (en, zh) = (Tr::new(Lang::En), Tr::new(Lang::Zh));
    let hug = json!({"type": "hug", "target": "令狐冲"});
    let secret = json!({"type": "secret_kill", "target": "令狐冲"});
    assert_action_says(v, &hug, ["hug 令狐冲", "抱 令狐冲"]);
    assert_action_says(v, &secret, ["secretly kill 令狐冲", "秘密处决 令狐冲"]);
    assert_role_named(v, "butterfly", ["Butterfly", "花蝴蝶"]);
    assert_role_named(v, "secret_police", ["Secret police", "秘密警察"]);
    for tr in [&en, &zh] {
        for kind in ["hug_recorded", "secret_kill_recorded"] {
            assert_reply_reads(tr, v, kind);
        }
        for code in ["already_used", "self_target"] {
            assert_refusal_reads(tr, v, code);
        }
        assert_note_reads(tr, v, "cl-seat-note-secret-kill-spent");
        assert_forms_labelled(tr, v);
    }
}

/// Roles across books: 4.0's forest elder at a judge's own classic table (R4-3) has a name,
/// its `silence`, its reply, the private `silenced` told to the silenced seat (R4-4 (5)), the
/// refusal of a silenced killer's explosion (`silenced`, R4-5) and the silenced seat's note
/// read as sentences of the classic catalog in both languages, and its form has its label in
/// the shell's catalog.
#[test]
fn r4_3_an_elder_tables_silence_has_sentences() {
    let v = dongsha_with(&["elder"], "sentences-elder", "东杀+森林老人");
    let (en, zh) = (Tr::new(Lang::En), Tr::new(Lang::Zh));
    let silence = json!({"type": "silence", "target": "令狐冲"});
    assert_action_says(v, &silence, ["silence 令狐冲", "禁言 令狐冲"]);
    assert_role_named(v, "elder", ["Forest elder", "森林老人"]);
    assert!(private_sentence(&zh, v, &json!({"type": "silenced"})).contains("禁言"));
    assert_eq!(refusal_rule(v, "silenced"), Some("R4-5"));
    for tr in [&en, &zh] {
        assert_reply_reads(tr, v, "silence_recorded");
        let told = private_words(tr, v, &json!({"type": "silenced"})).expect("words");
        assert_readable(&told, "silenced", &[], &json!("silenced"));
        assert_refusal_reads(tr, v, "silenced");
        assert_note_reads(tr, v, "cl-seat-note-silenced");
        assert_forms_labelled(tr, v);
    }
    assert_eq!(en.t("action-silence"), "Silence (forest elder)");
    assert_eq!(zh.t("action-silence"), "禁言（森林老人）");
}

/// Roles across books: 4.0's undercover at a judge's own classic table (R4-2) has a name; the
/// police's team notice reads with its note (the team may hold an undercover, R4-2) in both
/// languages, the killers' without one, 东杀's as it always was; a check of him reads as a
/// killer found.
#[test]
fn r4_2_an_undercover_tables_team_notices_have_sentences() {
    let v = dongsha_with(&["undercover"], "sentences-undercover", "东杀+卧底");
    let (en, zh) = (Tr::new(Lang::En), Tr::new(Lang::Zh));
    assert_role_named(v, "undercover", ["Undercover", "卧底"]);
    let seats = ["夜雨", "阿飞", "令狐冲"];
    let police = json!({"type": "teammates", "team": "police", "seats": seats});
    let killers = json!({"type": "teammates", "team": "killers", "seats": seats});
    let ids: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
    let cl = var("dongsha");
    for tr in [&en, &zh] {
        let with_note = private_sentence(tr, v, &police);
        assert_readable(&with_note, "teammates", &ids, &police);
        let plain = private_sentence(tr, cl, &police);
        assert!(
            with_note.starts_with(&plain) && with_note.len() > plain.len(),
            "{with_note} / {plain}"
        );
        assert_eq!(
            private_sentence(tr, v, &killers),
            private_sentence(tr, cl, &killers)
        );
    }
    assert!(private_sentence(&en, v, &police).contains("undercover"));
    assert!(private_sentence(&zh, v, &police).contains("卧底"));
    let found = json!({"type": "check_result", "target": "令狐冲", "result": "killer"});
    assert_eq!(
        private_sentence(&en, v, &found),
        private_sentence(&en, cl, &found)
    );
}

/// Roles across books: 5.0's magician at a judge's own classic table (R5-1) has a name; his
/// `magic`, its reply, the kill passed to him (R5-2: `kill_inherited`) and his seat's note
/// while he holds it read as sentences of the classic catalog in both languages, and his form
/// has its label in the shell's catalog.
#[test]
fn r5_1_a_magician_tables_actions_have_sentences() {
    let v = dongsha_with(&["magician"], "sentences-magician", "东杀+魔法师");
    let (en, zh) = (Tr::new(Lang::En), Tr::new(Lang::Zh));
    let magic = json!({"type": "magic", "target": "令狐冲"});
    assert_action_says(v, &magic, ["cast magic on 令狐冲", "对 令狐冲 施魔法"]);
    assert_role_named(v, "magician", ["Magician", "魔法师"]);
    for tr in [&en, &zh] {
        assert_reply_reads(tr, v, "magic_recorded");
        assert_forms_labelled(tr, v);
    }
    assert_heir_reads(v);
}

/// Roles across books: 5.0's wizard at a judge's own classic table (R5-1) has a name; his
/// `query`, its reply, his answers (R5-3 (4): `query_result` naming a seat, `none` and
/// `blocked`), the kill passed to him (R5-2: `kill_inherited`) and his seat's note while he
/// holds it read as sentences of the classic catalog in both languages, and his form has its
/// label in the shell's catalog.
#[test]
fn r5_1_a_wizard_tables_actions_have_sentences() {
    let v = dongsha_with(&["wizard"], "sentences-wizard", "东杀+巫师");
    let (en, zh) = (Tr::new(Lang::En), Tr::new(Lang::Zh));
    let query = json!({"type": "query", "target": "令狐冲"});
    assert_action_says(
        v,
        &query,
        ["query whom 令狐冲 acts on", "查询 令狐冲 的作用对象"],
    );
    assert_role_named(v, "wizard", ["Wizard", "巫师"]);
    let answers = [
        json!({"type": "query_result", "target": "令狐冲", "acted_on": "杨过"}),
        json!({"type": "query_result", "target": "令狐冲", "acted_on": "none"}),
        json!({"type": "query_result", "target": "令狐冲", "acted_on": "blocked"}),
    ];
    for tr in [&en, &zh] {
        assert_reply_reads(tr, v, "query_recorded");
        let mut said = Vec::new();
        for answer in &answers {
            let text = private_sentence(tr, v, answer);
            assert_readable(&text, "query_result", &["令狐冲".to_string()], answer);
            assert!(
                !text.contains("none") && !text.contains("blocked"),
                "{text}"
            );
            said.push(text);
        }
        assert!(said[0].contains("杨过"), "{}", said[0]);
        said.dedup();
        assert_eq!(said.len(), 3, "three answers, three sentences");
        assert_forms_labelled(tr, v);
    }
    assert_heir_reads(v);
}

/// Roles across books: 5.0's good and evil civilians at a judge's own classic table (R5-1)
/// have names; their `dark_vote`, its reply and the public line that the night's dark votes
/// were counted (R5-4: naming nobody) read as sentences of the classic catalog in both
/// languages, and their form has its label in the shell's catalog.
#[test]
fn r5_1_a_civilians_tables_dark_votes_have_sentences() {
    let v = dongsha_with(
        &["good_civilian", "evil_civilian"],
        "sentences-civilians",
        "东杀+善民恶民",
    );
    let (en, zh) = (Tr::new(Lang::En), Tr::new(Lang::Zh));
    let dark = json!({"type": "dark_vote", "target": "令狐冲"});
    assert_action_says(
        v,
        &dark,
        ["cast a dark vote for 令狐冲", "给 令狐冲 投暗票"],
    );
    assert_role_named(v, "good_civilian", ["Good civilian", "善民"]);
    assert_role_named(v, "evil_civilian", ["Evil civilian", "恶民"]);
    let counted = json!({"type": "dark_votes_counted"});
    for tr in [&en, &zh] {
        assert_reply_reads(tr, v, "dark_vote_recorded");
        let line = public_sentence(tr, v, &counted);
        assert_readable(&line, "dark_votes_counted", &[], &counted);
        assert_forms_labelled(tr, v);
    }
    assert!(public_sentence(&en, v, &counted).contains("dark votes"));
    assert!(public_sentence(&zh, v, &counted).contains("暗票"));
}

/// Roles across books: 5.0's needle doctor at a judge's own classic table (R5-1), beside 4.0's
/// doctor, has a name of its own; its `needle` and its reply read as sentences of the classic
/// catalog in both languages, and its form has its label in the shell's catalog. Nothing is
/// said of an empty needle (R5-3 (5)): there is no such sentence to read.
#[test]
fn r5_1_a_needle_doctors_tables_needle_has_sentences() {
    let v = dongsha_with(
        &["doctor", "needle_doctor"],
        "sentences-needle",
        "东杀+医生+医生（扎针）",
    );
    let (en, zh) = (Tr::new(Lang::En), Tr::new(Lang::Zh));
    let needle = json!({"type": "needle", "target": "令狐冲"});
    assert_action_says(v, &needle, ["give 令狐冲 the needle", "给 令狐冲 扎针"]);
    assert_role_named(v, "needle_doctor", ["Doctor (needle)", "医生（扎针）"]);
    assert_role_named(v, "doctor", ["Doctor", "医生"]);
    for tr in [&en, &zh] {
        assert_reply_reads(tr, v, "needle_recorded");
        assert_forms_labelled(tr, v);
    }
    assert_eq!(en.t("action-needle"), "Needle (doctor)");
    assert_eq!(zh.t("action-needle"), "扎针（医生）");
}

/// Roles across books: 5.0's forest elder at a judge's own classic table (R5-1, the code
/// `dark_elder`) has a name of his own beside 4.0's elder's; his `silence`, its reply, the
/// private `silenced` that also takes the vote (R5-4: `"votes": false`, a sentence apart from
/// 4.0's, which keeps the vote), the refusal of a silenced seat's ballot or explosion
/// (`silenced`, R5-4 at his table), the silenced seat's note, the kill passed to him (R5-2)
/// and his note while he holds it (no "not yourself": R5-1's ban does not name him) read as
/// sentences of the classic catalog in both languages, and his form has its label.
#[test]
fn r5_1_a_dark_elder_tables_silence_has_sentences() {
    let v = dongsha_with(
        &["dark_elder"],
        "sentences-dark-elder",
        "东杀+森林老人（恶）",
    );
    let elder = dongsha_with(&["elder"], "sentences-dark-elder-4", "东杀+森林老人");
    let (en, zh) = (Tr::new(Lang::En), Tr::new(Lang::Zh));
    let silence = json!({"type": "silence", "target": "令狐冲"});
    assert_action_says(v, &silence, ["silence 令狐冲", "禁言 令狐冲"]);
    assert_role_named(v, "dark_elder", ["Forest elder (bad)", "森林老人（恶）"]);
    assert_role_named(v, "elder", ["Forest elder", "森林老人"]);
    let dark = json!({"type": "silenced", "votes": false});
    let plain = json!({"type": "silenced"});
    assert_eq!(refusal_rule(v, "silenced"), Some("R5-4"));
    assert_eq!(
        refusal_rule(elder, "silenced"),
        Some("R4-5"),
        "4.0's table as it was"
    );
    for tr in [&en, &zh] {
        assert_reply_reads(tr, v, "silence_recorded");
        let told = private_words(tr, v, &dark).expect("words");
        assert_readable(&told, "silenced", &[], &json!("silenced"));
        assert_ne!(told, private_sentence(tr, v, &plain), "its own sentence");
        assert_ne!(
            refusal_text(tr, v, "silenced"),
            refusal_text(tr, elder, "silenced"),
            "the vote named too"
        );
        assert_refusal_reads(tr, v, "silenced");
        for key in ["cl-seat-note-silenced-dark", "cl-seat-note-holds-kill-dark"] {
            assert_note_reads(tr, v, key);
        }
        let inherited = json!({"type": "kill_inherited"});
        let text = private_sentence(tr, v, &inherited);
        assert_readable(&text, "kill_inherited", &[], &inherited);
        assert_forms_labelled(tr, v);
    }
    assert!(private_sentence(&en, v, &dark).contains("vote"));
    assert!(private_sentence(&zh, v, &dark).contains("投票"));
    assert!(private_sentence(&zh, v, &plain).contains("仍可投票"));
    let holds = Tr::new(Lang::En).say(v, &maku_rules::Message::key("cl-seat-note-holds-kill-dark"));
    assert!(!holds.contains("not yourself"), "{holds}");
}

/// Roles across books: 5.0's butterfly at a judge's own classic table (R5-1, the shield
/// butterfly) has a name of its own beside 4.0's butterfly; its `hug`, its reply and the
/// wizard's `blocked` answer on its hugged seat (R5-3 (4)) read as sentences of the classic
/// catalog in both languages, and its form has its label in the shell's catalog.
#[test]
fn r5_1_a_shield_butterfly_tables_hug_has_sentences() {
    let v = dongsha_with(
        &["shield_butterfly", "wizard"],
        "sentences-shield",
        "东杀+花蝴蝶（护身）",
    );
    let (en, zh) = (Tr::new(Lang::En), Tr::new(Lang::Zh));
    let hug = json!({"type": "hug", "target": "令狐冲"});
    assert_action_says(v, &hug, ["hug 令狐冲", "抱 令狐冲"]);
    assert_role_named(
        v,
        "shield_butterfly",
        ["Butterfly (shield)", "花蝴蝶（护身）"],
    );
    assert_role_named(v, "butterfly", ["Butterfly", "花蝴蝶"]);
    let blocked = json!({"type": "query_result", "target": "令狐冲", "acted_on": "blocked"});
    for tr in [&en, &zh] {
        assert_reply_reads(tr, v, "hug_recorded");
        assert_refusal_reads(tr, v, "self_target");
        let text = private_sentence(tr, v, &blocked);
        assert_readable(&text, "query_result", &["令狐冲".to_string()], &blocked);
        assert_forms_labelled(tr, v);
    }
}
