//! The role games' own sentences (`roles/messages.rs`, their catalog `roles/catalog/`):
//! 4.0 无间 and 5.0 恶民 (replay.md, "Role games").

use crate::render::{Lang, Tr};
use crate::*;
use serde_json::{Value, json};

#[test]
fn every_refusal_and_event_has_a_sentence() {
    let rg = var("v5emin");
    for lang in Lang::ALL {
        let tr = Tr::new(lang);
        // The role games' own (replay.md, "Role games").
        for code in ["already_used", "silenced"] {
            let text = refusal_text(&tr, rg, code);
            assert_ne!(text, code, "{code}");
            assert_ne!(text, tr.t("refusal-other"), "{code} has its own sentence");
        }
        // The console words a role game's night out (`out_text`) too.
        for cause in ["night", "voted"] {
            assert_ne!(cause_text(&tr, rg, cause), cause);
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
fn role_game_roles_have_names() {
    let rg = var("v4wujian");
    let en = Tr::new(Lang::En);
    let zh = Tr::new(Lang::Zh);
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
}

/// A judge's own 4.0 table (`docs/setups.md`, "The role books' own setups") says what each of its
/// roles does without the book's counts (R4-2: not "the two other killers"), and its police
/// team's note without "the three" where it deals an undercover, in both languages, with the
/// rules as the line's tooltip.
#[test]
fn a_judges_own_4_0_table_words_its_roles_without_the_books_counts() {
    let text = maku_rules::setups::PRESETS
        .iter()
        .find(|(n, _)| *n == "v4wujian")
        .expect("4.0")
        .1;
    let mut doc: Value = serde_json::from_str(text).expect("JSON");
    doc["seats"] = json!({"min": 10, "max": 12});
    doc["deal"][0]["count"] = json!(0);
    doc["deal"][3]["count"] = json!(2);
    doc["deal"][5]["count"] = json!(1);
    doc["night"] = json!([
        "killer",
        "police",
        "undercover",
        "elder",
        "doctor",
        "secret_police"
    ]);
    let setup = maku_rules::setups::read(&doc).expect("it holds");
    let own = maku_rules::setups::custom_variant("sentences-own-r4", "4.0 v1", &setup)
        .expect("the role-game engine plays it");
    // The same catalogs as the preset's (the server loads every variant's at once).
    let v4 = var("v4wujian");
    for lang in Lang::ALL {
        let tr = Tr::new(lang);
        for role in [
            "elder",
            "doctor",
            "killer",
            "undercover",
            "police",
            "secret_police",
            "civilian",
        ] {
            let view = maku_rules::SeatView::from_stored(json!({"role": role, "alive": true}));
            let about = own.seat_sheet(&view, false).about.expect("words");
            let words = tr.say(v4, &about);
            assert_readable(&words, role, &[], &json!(role));
            for count in ["two other", "two police", "three", "两名", "三人"] {
                assert!(!words.contains(count), "{role}: {words}");
            }
            assert!(
                !words.contains("R4-"),
                "no rule code in the sentence: {words}"
            );
            assert!(
                about.applies().is_some_and(|r| r.starts_with("R4-")) || role == "civilian",
                "{role}: {:?}",
                about.applies()
            );
        }
        let e = json!({"type": "teammates", "team": "police", "seats": ["A", "B"]});
        let note = own.words(Say::Private(&event(&e))).expect("words");
        let words = tr.say(v4, &note);
        assert_readable(&words, "teammates", &["A".into(), "B".into()], &e);
        assert!(
            !words.contains("three") && !words.contains("三人"),
            "{words}"
        );
    }
}
