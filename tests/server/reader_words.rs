//! Issue 38 item 11: what a reader is told is in the reader's language and in words, not codes.
//! A refusal by the rules through the API carries the rules' code (api.md) and the seat page's
//! sentence in the caller's language; an action object the variant cannot read is
//! `400 invalid_action`, worded by the catalogs, never the engine's English; the seat page shows
//! a refusal in the page's language with the form refilled (DN-14: a ballot of one or two names).

use crate::helpers::{Api, Browser, TestApp, signed_up_with, started_game};
use crate::on_both_backends;
use reqwest::StatusCode;
use serde_json::{Value, json};

on_both_backends!(
    dn_14_an_api_refusal_is_worded_in_the_callers_language_with_the_same_code,
    an_unreadable_action_is_invalid_action_in_the_callers_language,
    an_unreadable_action_for_an_ended_step_is_stale_first,
    dn_14_the_seat_page_words_a_refusal_in_the_pages_language,
    before_the_start_the_console_says_not_started_and_its_headings_name_no_rule,
    dn_14_dn_18_a_kiras_page_words_the_ballot_and_the_notebook_as_they_are,
);

/// POSTs `body` to `path` with a bearer token and an `Accept-Language`.
async fn post_in(
    app: &TestApp,
    lang: &str,
    path: &str,
    token: &str,
    body: Value,
) -> (StatusCode, Value) {
    let resp = crate::helpers::client()
        .build()
        .expect("client")
        .post(app.url(path))
        .bearer_auth(token)
        .header("Accept-Language", lang)
        .json(&body)
        .send()
        .await
        .expect("request");
    let status = resp.status();
    (status, resp.json().await.expect("a JSON answer"))
}

/// A browser in `lang` signed in as the test account `name` (made by `Api::account`).
async fn signed_in(app: &TestApp, lang: &'static str, name: &str) -> Browser {
    let b = app.browser_in(lang);
    let p = b.login(name, "password-123").await;
    assert_eq!(p.status, StatusCode::OK, "{name} signs in: {}", p.body);
    b
}

async fn dn_14_an_api_refusal_is_worded_in_the_callers_language_with_the_same_code(app: TestApp) {
    let g = started_game(&app, "rl", json!({})).await;
    let path = format!("/api/v1/games/{}/actions", g.id);
    // DN-14: a ballot names one or two seats; three is refused by the rules, whoever votes.
    let three = json!({"type": "vote", "targets": [g.names[1], g.names[2], g.names[3]]});
    let (s, zh) = post_in(&app, "zh-CN", &path, &g.players[0], three.clone()).await;
    assert_eq!(s, StatusCode::CONFLICT, "{zh}");
    assert_eq!(zh["error"], "ballot_size", "api.md's code is kept: {zh}");
    assert_eq!(zh["ok"], false);
    assert_eq!(zh["message"], "本幕的票数不对。", "{zh}");
    let (s, en) = post_in(&app, "en", &path, &g.players[0], three.clone()).await;
    assert_eq!(s, StatusCode::CONFLICT, "{en}");
    assert_eq!(en["error"], "ballot_size", "{en}");
    assert_eq!(
        en["message"], "Wrong number of names on the ballot this act.",
        "{en}"
    );
    // `?lang=` picks the language as for every other API error.
    let (_, by_query) = post_in(
        &app,
        "zh-CN",
        &format!("{path}?lang=en"),
        &g.players[0],
        three,
    )
    .await;
    assert_eq!(by_query["message"], en["message"], "{by_query}");
    // A refusal every variant may give (common sentence): a name that is no seat.
    let stranger = json!({"type": "vote", "targets": ["无此人"]});
    let (_, zh) = post_in(&app, "zh-CN", &path, &g.players[0], stranger).await;
    assert_eq!(zh["error"], "bad_target", "{zh}");
    let text = zh["message"].as_str().expect("a message");
    assert!(!text.is_ascii() && !text.contains("target"), "{zh}");
}

/// Issue 39: the API parses the body once, where it comes in, but the service still refuses
/// what does not parse in its turn, after the checks that came first: a malformed action (or
/// one with a forged field) sent for a step that has ended is `409 already_resolved`, as it
/// was when the service parsed it, and the same body for the open step is the `400`.
async fn an_unreadable_action_for_an_ended_step_is_stale_first(app: TestApp) {
    let g = started_game(&app, "ib", json!({})).await;
    let path = format!("/api/v1/games/{}/actions", g.id);
    for action in [
        json!({"type": "dance"}),
        json!({"type": "vote", "targets": [g.names[1]], "pad": "x"}),
    ] {
        let mut stale = action.clone();
        stale["phase"] = json!(0);
        let (s, b) = post_in(&app, "en", &path, &g.players[0], stale).await;
        assert_eq!(s, StatusCode::CONFLICT, "{action}: {b}");
        assert_eq!(b["error"], "already_resolved", "{action}: {b}");
        let mut open = action.clone();
        open["phase"] = json!(1);
        let (s, b) = post_in(&app, "en", &path, &g.players[0], open).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{action}: {b}");
        assert!(
            b["error"] == "invalid_action" || b["error"] == "unknown_field",
            "{action}: {b}"
        );
    }
}

async fn an_unreadable_action_is_invalid_action_in_the_callers_language(app: TestApp) {
    let g = started_game(&app, "ia", json!({})).await;
    let path = format!("/api/v1/games/{}/actions", g.id);
    let cases = [
        (
            json!({"type": "dance"}),
            "这局游戏没有这种行动。",
            "This game has no action of that type.",
        ),
        (
            json!({"targets": [g.names[1]]}),
            "行动没有类型：请写明是哪种行动（\"type\"）。",
            "The action has no type: say which action it is (\"type\").",
        ),
        (
            json!({"type": "vote"}),
            "行动的字段“targets”缺失，或格式不对。",
            "The action's field “targets” is missing or is not of its kind.",
        ),
        (
            json!({"type": "kill", "target": g.names[1], "real_id": 7}),
            "行动的字段“real_id”缺失，或格式不对。",
            "The action's field “real_id” is missing or is not of its kind.",
        ),
    ];
    for (action, zh_text, en_text) in cases {
        let (s, zh) = post_in(&app, "zh-CN", &path, &g.players[0], action.clone()).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{action}: {zh}");
        assert_eq!(zh["error"], "invalid_action", "{action}: {zh}");
        assert_eq!(zh["message"], zh_text, "{action}");
        let (s, en) = post_in(&app, "en", &path, &g.players[0], action.clone()).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{action}: {en}");
        assert_eq!(en["error"], "invalid_action", "{action}: {en}");
        assert_eq!(en["message"], en_text, "{action}");
        // Never the engine's own English.
        for answer in [&zh, &en] {
            let m = answer["message"].as_str().expect("a message");
            assert!(
                !m.contains("invalid action") && !m.contains("unknown variant"),
                "{m}"
            );
        }
    }
}

async fn dn_14_the_seat_page_words_a_refusal_in_the_pages_language(app: TestApp) {
    let g = started_game(&app, "sp", json!({})).await;
    // The same seat's page in English, then in Chinese: a ballot naming one seat twice is
    // refused by the rules (DN-14) and comes back in the page's language, refilled.
    for (lang, text) in [
        ("en", "A ballot cannot name the same seat twice."),
        ("zh-CN", "一张票不能重复投同一人。"),
    ] {
        let b = signed_in(&app, lang, "sp0").await;
        let target = g.names[1].as_str();
        let page = crate::helpers::crafted(
            &b,
            g.id,
            &[("type", "vote"), ("vote1", target), ("vote2", target)],
        )
        .await;
        assert_eq!(page.answer, StatusCode::SEE_OTHER, "{}", page.body);
        assert!(page.body.contains(text), "{lang}: {}", page.body);
        assert!(
            page.body
                .contains(&format!(r#"<option value="{target}" selected>"#)),
            "{lang}: the form is refilled: {}",
            page.body
        );
    }
}

async fn before_the_start_the_console_says_not_started_and_its_headings_name_no_rule(app: TestApp) {
    let create = json!({"title": "未开局", "variant": "deathnote", "act_minutes": 60});
    let (id, admin, _) = signed_up_with(&app, "ns", 6, create).await;
    let console = format!("/games/{id}/console");
    // Before the start no act is open: "尚未开始", never "第 0 幕".
    let zh = app.admin().await.get(&console).await;
    assert_eq!(zh.status, StatusCode::OK, "{}", zh.body);
    assert!(zh.body.contains("<dt>尚未开始</dt>"), "{}", zh.body);
    assert!(!zh.body.contains("第 0 幕"), "{}", zh.body);
    assert!(
        !zh.body.contains("本幕尚无提交"),
        "no act to show: {}",
        zh.body
    );
    let en_judge = app.browser_in("en");
    en_judge.login("admin", &app.admin_password).await;
    let en = en_judge.get(&console).await;
    assert!(en.body.contains("<dt>Not started</dt>"), "{}", en.body);
    assert!(!en.body.contains("Act 0"), "{}", en.body);
    // Started: act 1, and the variant's columns keep their rules as tooltips (DN-19, DN-22),
    // not in the heading's words.
    let (s, b) = Api::new(&app)
        .post(&format!("/api/v1/games/{id}/start"), &admin, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let zh = app.admin().await.get(&console).await;
    assert!(zh.body.contains("<dt>第 1 幕</dt>"), "{}", zh.body);
    assert!(
        zh.body.contains(r#"<th title="DN-19">转让窗口</th>"#),
        "{}",
        zh.body
    );
    assert!(
        zh.body.contains(r#"<th title="DN-22">死神之眼</th>"#),
        "{}",
        zh.body
    );
    assert!(!zh.body.contains("（DN-"), "{}", zh.body);
}

async fn dn_14_dn_18_a_kiras_page_words_the_ballot_and_the_notebook_as_they_are(app: TestApp) {
    // Six seats: never more than 8 alive, so no transfer can ever be made (DN-18).
    let g = started_game(&app, "kp", json!({})).await;
    let api = Api::new(&app);
    let mut kiras = Vec::new();
    for (i, t) in g.players.iter().enumerate() {
        let (_, me) = api
            .get(&format!("/api/v1/games/{}/me", g.id), Some(t))
            .await;
        if me["role"] == "kira" {
            kiras.push(i);
        }
    }
    assert!(!kiras.is_empty(), "a Kira is dealt");
    for i in kiras {
        let b = signed_in(&app, "zh-CN", &format!("kp{i}")).await;
        let page = b.get(&format!("/games/{}/seat", g.id)).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        assert!(
            page.body.contains("N1") || page.body.contains("N2"),
            "{}",
            page.body
        );
        assert!(
            !page.body.contains("可转让"),
            "no transfer can be made: {}",
            page.body
        );
        // DN-14: two Kiras alive at opening: one or two different seats.
        assert!(
            page.body.contains("本幕每票可投 1 人或 2 个不同的人。"),
            "{}",
            page.body
        );
        let en = signed_in(&app, "en", &format!("kp{i}")).await;
        let page = en.get(&format!("/games/{}/seat", g.id)).await;
        assert!(
            page.body
                .contains("A ballot names one or two different seats this act."),
            "{}",
            page.body
        );
        assert!(!page.body.contains("transferable"), "{}", page.body);
    }
}
