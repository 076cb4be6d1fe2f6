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

/// Roles across books: 4.0's doctor at a judge's own classic table (R4-3) has a name, its
/// `save` and its reply read as sentences of the classic catalog in both languages.
#[test]
fn r4_3_a_doctor_tables_save_has_sentences() {
    use maku_rules::setups::{PRESETS, custom_variant, read};
    let text = PRESETS
        .iter()
        .find(|(n, _)| *n == "dongsha")
        .map(|(_, t)| *t)
        .expect("dongsha");
    let mut d: Value = serde_json::from_str(text).expect("JSON");
    d["deal"]
        .as_array_mut()
        .expect("a list")
        .push(json!({"role": "doctor", "count": 1}));
    d["night"] = json!(["killer", "police", "doctor"]);
    let setup = read(&d).expect("it holds");
    let v = custom_variant("sentences-doctor", "东杀+医生", &setup).expect("played");
    let (en, zh) = (Tr::new(Lang::En), Tr::new(Lang::Zh));
    let save = json!({"type": "save", "target": "令狐冲"});
    assert_eq!(action_sentence(&en, v, &save), "save 令狐冲");
    assert_eq!(action_sentence(&zh, v, &save), "救 令狐冲");
    assert_eq!(role_name(&en, v, "doctor"), "Doctor");
    assert_eq!(role_name(&zh, v, "doctor"), "医生");
    for tr in [&en, &zh] {
        let recorded = reply_words(tr, v, &json!({"type": "save_recorded"})).expect("words");
        assert_readable(&recorded, "save_recorded", &[], &json!("save_recorded"));
    }
}

/// Roles across books: 5.0's sniper at a judge's own classic table (R5-1) has a name, its
/// `snipe` and its reply read as sentences of the classic catalog in both languages, and its
/// form has its label in the shell's catalog.
#[test]
fn r5_1_a_sniper_tables_snipe_has_sentences() {
    use maku_rules::setups::{PRESETS, custom_variant, read};
    let text = PRESETS
        .iter()
        .find(|(n, _)| *n == "dongsha")
        .map(|(_, t)| *t)
        .expect("dongsha");
    let mut d: Value = serde_json::from_str(text).expect("JSON");
    d["deal"]
        .as_array_mut()
        .expect("a list")
        .push(json!({"role": "sniper", "count": 1}));
    d["night"] = json!(["killer", "police", "sniper"]);
    let setup = read(&d).expect("it holds");
    let v = custom_variant("sentences-sniper", "东杀+狙击手", &setup).expect("played");
    let (en, zh) = (Tr::new(Lang::En), Tr::new(Lang::Zh));
    let snipe = json!({"type": "snipe", "target": "令狐冲"});
    assert_eq!(action_sentence(&en, v, &snipe), "shoot 令狐冲");
    assert_eq!(action_sentence(&zh, v, &snipe), "狙 令狐冲");
    assert_eq!(role_name(&en, v, "sniper"), "Sniper");
    assert_eq!(role_name(&zh, v, "sniper"), "狙击手");
    for tr in [&en, &zh] {
        let recorded = reply_words(tr, v, &json!({"type": "snipe_recorded"})).expect("words");
        assert_readable(&recorded, "snipe_recorded", &[], &json!("snipe_recorded"));
        for form in v.action_forms() {
            let key = format!("action-{}", form.kind);
            assert_ne!(tr.t(&key), key, "the form's label");
        }
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
    use maku_rules::setups::{PRESETS, custom_variant, read};
    let text = PRESETS
        .iter()
        .find(|(n, _)| *n == "dongsha")
        .map(|(_, t)| *t)
        .expect("dongsha");
    let mut d: Value = serde_json::from_str(text).expect("JSON");
    let deal = d["deal"].as_array_mut().expect("a list");
    deal.push(json!({"role": "butterfly", "count": 1}));
    deal.push(json!({"role": "secret_police", "count": 1}));
    d["night"] = json!(["killer", "police", "butterfly", "secret_police"]);
    let setup = read(&d).expect("it holds");
    let v = custom_variant("sentences-butterfly", "东杀+花蝴蝶+秘密警察", &setup).expect("played");
    let (en, zh) = (Tr::new(Lang::En), Tr::new(Lang::Zh));
    let hug = json!({"type": "hug", "target": "令狐冲"});
    let secret = json!({"type": "secret_kill", "target": "令狐冲"});
    assert_eq!(action_sentence(&en, v, &hug), "hug 令狐冲");
    assert_eq!(action_sentence(&zh, v, &hug), "抱 令狐冲");
    assert_eq!(action_sentence(&en, v, &secret), "secretly kill 令狐冲");
    assert_eq!(action_sentence(&zh, v, &secret), "秘密处决 令狐冲");
    assert_eq!(role_name(&en, v, "butterfly"), "Butterfly");
    assert_eq!(role_name(&zh, v, "butterfly"), "花蝴蝶");
    assert_eq!(role_name(&en, v, "secret_police"), "Secret police");
    assert_eq!(role_name(&zh, v, "secret_police"), "秘密警察");
    for tr in [&en, &zh] {
        for kind in ["hug_recorded", "secret_kill_recorded"] {
            let recorded = reply_words(tr, v, &json!({"type": kind})).expect("words");
            assert_readable(&recorded, kind, &[], &json!(kind));
        }
        for code in ["already_used", "self_target"] {
            let text = refusal_text(tr, v, code);
            assert_ne!(text, code, "{code}");
            assert_ne!(text, tr.t("refusal-other"), "{code} has its own sentence");
        }
        let note = maku_rules::Message::key("cl-seat-note-secret-kill-spent");
        assert_ne!(tr.say(v, &note), "cl-seat-note-secret-kill-spent");
        for form in v.action_forms() {
            let key = format!("action-{}", form.kind.replace('_', "-"));
            assert_ne!(tr.t(&key), key, "the form's label");
        }
    }
}

/// Roles across books: 4.0's forest elder at a judge's own classic table (R4-3) has a name,
/// its `silence`, its reply, the private `silenced` told to the silenced seat (R4-4 (5)), the
/// refusal of a silenced killer's explosion (`silenced`, R4-5) and the silenced seat's note
/// read as sentences of the classic catalog in both languages, and its form has its label in
/// the shell's catalog.
#[test]
fn r4_3_an_elder_tables_silence_has_sentences() {
    use maku_rules::setups::{PRESETS, custom_variant, read};
    let text = PRESETS
        .iter()
        .find(|(n, _)| *n == "dongsha")
        .map(|(_, t)| *t)
        .expect("dongsha");
    let mut d: Value = serde_json::from_str(text).expect("JSON");
    d["deal"]
        .as_array_mut()
        .expect("a list")
        .push(json!({"role": "elder", "count": 1}));
    d["night"] = json!(["killer", "police", "elder"]);
    let setup = read(&d).expect("it holds");
    let v = custom_variant("sentences-elder", "东杀+森林老人", &setup).expect("played");
    let (en, zh) = (Tr::new(Lang::En), Tr::new(Lang::Zh));
    let silence = json!({"type": "silence", "target": "令狐冲"});
    assert_eq!(action_sentence(&en, v, &silence), "silence 令狐冲");
    assert_eq!(action_sentence(&zh, v, &silence), "禁言 令狐冲");
    assert_eq!(role_name(&en, v, "elder"), "Forest elder");
    assert_eq!(role_name(&zh, v, "elder"), "森林老人");
    assert!(private_sentence(&zh, v, &json!({"type": "silenced"})).contains("禁言"));
    assert_eq!(refusal_rule(v, "silenced"), Some("R4-5"));
    for tr in [&en, &zh] {
        let recorded = reply_words(tr, v, &json!({"type": "silence_recorded"})).expect("words");
        assert_readable(
            &recorded,
            "silence_recorded",
            &[],
            &json!("silence_recorded"),
        );
        let told = private_words(tr, v, &json!({"type": "silenced"})).expect("words");
        assert_readable(&told, "silenced", &[], &json!("silenced"));
        let text = refusal_text(tr, v, "silenced");
        assert_ne!(text, "silenced");
        assert_ne!(text, tr.t("refusal-other"), "silenced has its own sentence");
        let note = maku_rules::Message::key("cl-seat-note-silenced");
        assert_ne!(tr.say(v, &note), "cl-seat-note-silenced");
        for form in v.action_forms() {
            let key = format!("action-{}", form.kind.replace('_', "-"));
            assert_ne!(tr.t(&key), key, "the form's label");
        }
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
    use maku_rules::setups::{PRESETS, custom_variant, read};
    let text = PRESETS
        .iter()
        .find(|(n, _)| *n == "dongsha")
        .map(|(_, t)| *t)
        .expect("dongsha");
    let mut d: Value = serde_json::from_str(text).expect("JSON");
    d["deal"]
        .as_array_mut()
        .expect("a list")
        .push(json!({"role": "undercover", "count": 1}));
    d["night"] = json!(["killer", "police", "undercover"]);
    let setup = read(&d).expect("it holds");
    let v = custom_variant("sentences-undercover", "东杀+卧底", &setup).expect("played");
    let (en, zh) = (Tr::new(Lang::En), Tr::new(Lang::Zh));
    assert_eq!(role_name(&en, v, "undercover"), "Undercover");
    assert_eq!(role_name(&zh, v, "undercover"), "卧底");
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
    use maku_rules::setups::{PRESETS, custom_variant, read};
    let text = PRESETS
        .iter()
        .find(|(n, _)| *n == "dongsha")
        .map(|(_, t)| *t)
        .expect("dongsha");
    let mut d: Value = serde_json::from_str(text).expect("JSON");
    d["deal"]
        .as_array_mut()
        .expect("a list")
        .push(json!({"role": "magician", "count": 1}));
    d["night"] = json!(["killer", "police", "magician"]);
    let setup = read(&d).expect("it holds");
    let v = custom_variant("sentences-magician", "东杀+魔法师", &setup).expect("played");
    let (en, zh) = (Tr::new(Lang::En), Tr::new(Lang::Zh));
    let magic = json!({"type": "magic", "target": "令狐冲"});
    assert_eq!(action_sentence(&en, v, &magic), "cast magic on 令狐冲");
    assert_eq!(action_sentence(&zh, v, &magic), "对 令狐冲 施魔法");
    assert_eq!(role_name(&en, v, "magician"), "Magician");
    assert_eq!(role_name(&zh, v, "magician"), "魔法师");
    let inherited = json!({"type": "kill_inherited"});
    for tr in [&en, &zh] {
        let recorded = reply_words(tr, v, &json!({"type": "magic_recorded"})).expect("words");
        assert_readable(&recorded, "magic_recorded", &[], &json!("magic_recorded"));
        let told = private_sentence(tr, v, &inherited);
        assert_readable(&told, "kill_inherited", &[], &inherited);
        let text = refusal_text(tr, v, "self_target");
        assert_ne!(text, tr.t("refusal-other"));
        let note = maku_rules::Message::key("cl-seat-note-holds-kill");
        assert_ne!(tr.say(v, &note), "cl-seat-note-holds-kill");
        for form in v.action_forms() {
            let key = format!("action-{}", form.kind.replace('_', "-"));
            assert_ne!(tr.t(&key), key, "the form's label");
        }
    }
    assert!(private_sentence(&en, v, &inherited).contains("kill"));
    assert!(private_sentence(&zh, v, &inherited).contains("杀人"));
}

/// Roles across books: 5.0's wizard at a judge's own classic table (R5-1) has a name; his
/// `query`, its reply, his answers (R5-3 (4): `query_result` naming a seat, `none` and
/// `blocked`), the kill passed to him (R5-2: `kill_inherited`) and his seat's note while he
/// holds it read as sentences of the classic catalog in both languages, and his form has its
/// label in the shell's catalog.
#[test]
fn r5_1_a_wizard_tables_actions_have_sentences() {
    use maku_rules::setups::{PRESETS, custom_variant, read};
    let text = PRESETS
        .iter()
        .find(|(n, _)| *n == "dongsha")
        .map(|(_, t)| *t)
        .expect("dongsha");
    let mut d: Value = serde_json::from_str(text).expect("JSON");
    d["deal"]
        .as_array_mut()
        .expect("a list")
        .push(json!({"role": "wizard", "count": 1}));
    d["night"] = json!(["killer", "police", "wizard"]);
    let setup = read(&d).expect("it holds");
    let v = custom_variant("sentences-wizard", "东杀+巫师", &setup).expect("played");
    let (en, zh) = (Tr::new(Lang::En), Tr::new(Lang::Zh));
    let query = json!({"type": "query", "target": "令狐冲"});
    assert_eq!(action_sentence(&en, v, &query), "query whom 令狐冲 acts on");
    assert_eq!(action_sentence(&zh, v, &query), "查询 令狐冲 的作用对象");
    assert_eq!(role_name(&en, v, "wizard"), "Wizard");
    assert_eq!(role_name(&zh, v, "wizard"), "巫师");
    let answers = [
        json!({"type": "query_result", "target": "令狐冲", "acted_on": "杨过"}),
        json!({"type": "query_result", "target": "令狐冲", "acted_on": "none"}),
        json!({"type": "query_result", "target": "令狐冲", "acted_on": "blocked"}),
    ];
    let inherited = json!({"type": "kill_inherited"});
    for tr in [&en, &zh] {
        let recorded = reply_words(tr, v, &json!({"type": "query_recorded"})).expect("words");
        assert_readable(&recorded, "query_recorded", &[], &json!("query_recorded"));
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
        let told = private_sentence(tr, v, &inherited);
        assert_readable(&told, "kill_inherited", &[], &inherited);
        let text = refusal_text(tr, v, "self_target");
        assert_ne!(text, tr.t("refusal-other"));
        let note = maku_rules::Message::key("cl-seat-note-holds-kill");
        assert_ne!(tr.say(v, &note), "cl-seat-note-holds-kill");
        for form in v.action_forms() {
            let key = format!("action-{}", form.kind.replace('_', "-"));
            assert_ne!(tr.t(&key), key, "the form's label");
        }
    }
    assert!(private_sentence(&en, v, &inherited).contains("kill"));
    assert!(private_sentence(&zh, v, &inherited).contains("杀人"));
}

/// Roles across books: 5.0's good and evil civilians at a judge's own classic table (R5-1)
/// have names; their `dark_vote`, its reply and the public line that the night's dark votes
/// were counted (R5-4: naming nobody) read as sentences of the classic catalog in both
/// languages, and their form has its label in the shell's catalog.
#[test]
fn r5_1_a_civilians_tables_dark_votes_have_sentences() {
    use maku_rules::setups::{PRESETS, custom_variant, read};
    let text = PRESETS
        .iter()
        .find(|(n, _)| *n == "dongsha")
        .map(|(_, t)| *t)
        .expect("dongsha");
    let mut d: Value = serde_json::from_str(text).expect("JSON");
    let deal = d["deal"].as_array_mut().expect("a list");
    deal.push(json!({"role": "good_civilian", "count": 1}));
    deal.push(json!({"role": "evil_civilian", "count": 1}));
    d["night"] = json!(["killer", "police", "good_civilian", "evil_civilian"]);
    let setup = read(&d).expect("it holds");
    let v = custom_variant("sentences-civilians", "东杀+善民恶民", &setup).expect("played");
    let (en, zh) = (Tr::new(Lang::En), Tr::new(Lang::Zh));
    let dark = json!({"type": "dark_vote", "target": "令狐冲"});
    assert_eq!(
        action_sentence(&en, v, &dark),
        "cast a dark vote for 令狐冲"
    );
    assert_eq!(action_sentence(&zh, v, &dark), "给 令狐冲 投暗票");
    assert_eq!(role_name(&en, v, "good_civilian"), "Good civilian");
    assert_eq!(role_name(&zh, v, "good_civilian"), "善民");
    assert_eq!(role_name(&en, v, "evil_civilian"), "Evil civilian");
    assert_eq!(role_name(&zh, v, "evil_civilian"), "恶民");
    let counted = json!({"type": "dark_votes_counted"});
    for tr in [&en, &zh] {
        let recorded = reply_words(tr, v, &json!({"type": "dark_vote_recorded"})).expect("words");
        assert_readable(
            &recorded,
            "dark_vote_recorded",
            &[],
            &json!("dark_vote_recorded"),
        );
        let line = public_sentence(tr, v, &counted);
        assert_readable(&line, "dark_votes_counted", &[], &counted);
        for form in v.action_forms() {
            let key = format!("action-{}", form.kind.replace('_', "-"));
            assert_ne!(tr.t(&key), key, "the form's label");
        }
    }
    assert!(public_sentence(&en, v, &counted).contains("dark votes"));
    assert!(public_sentence(&zh, v, &counted).contains("暗票"));
}
