//! Death Note games through the browser pages: create, sign up, start, the seat page and its
//! forms, the game threads as game IDs, resolve, and the reveal of a fixed-deal game.

use crate::helpers::Api;
use crate::helpers::{Browser, Page, TestApp, fact, game_id_of};
use crate::on_both_backends;
use reqwest::StatusCode;
use serde_json::json;

on_both_backends!(
    game_pages_from_create_to_resolve,
    fixed_deal_game_to_the_reveal,
    refused_buttons_come_back_to_the_game_page,
    the_signup_page_states_what_one_signs_up_for,
    the_rules_page_in_the_readers_language,
    number_fields_and_post_box_counters,
);

async fn create_form(admin: &Browser, fields: &[(&str, &str)]) -> Page {
    let csrf = admin.get("/games/new?variant=deathnote").await.csrf();
    let mut form = vec![("csrf", csrf.as_str())];
    form.extend_from_slice(fields);
    admin.post("/games", &form).await
}

async fn press(b: &Browser, game: i64, what: &str) -> Page {
    let page = b.get(&format!("/games/{game}")).await;
    let csrf = page.csrf();
    if what != "resolve" {
        return b
            .post(&format!("/games/{game}/{what}"), &[("csrf", &csrf)])
            .await;
    }
    // "Resolve now" names the act its page shows and is ticked as confirmed; a reader without
    // the button forges both.
    let act = if page.body.contains(r#"name="act""#) {
        assert!(page.body.contains(r#"name="confirm" value="yes" required"#));
        page.hidden("act")
    } else {
        "1".to_string()
    };
    b.post(
        &format!("/games/{game}/{what}"),
        &[("csrf", &csrf), ("act", &act), ("confirm", "yes")],
    )
    .await
}

async fn act(b: &Browser, game: i64, fields: &[(&str, &str)]) -> Page {
    let csrf = b.get(&format!("/games/{game}/seat")).await.csrf();
    let step = crate::helpers::current_step(b, game).await;
    let mut form = vec![("csrf", csrf.as_str()), ("step", step.as_str())];
    form.extend_from_slice(fields);
    b.post(&format!("/games/{game}/actions"), &form).await
}

async fn game_pages_from_create_to_resolve(app: TestApp) {
    let admin = app.admin().await;
    let form = admin.get("/games/new?variant=deathnote").await;
    assert_eq!(form.status, StatusCode::OK);
    assert!(
        form.body.contains("夜神月"),
        "the Death Note cast is the default"
    );
    assert!(
        form.body
            .contains(r#"name="redistribute" value="on" checked"#)
    );
    let player = app.player("bystander").await;
    assert_eq!(
        player.get("/games/new").await.status,
        StatusCode::FORBIDDEN,
        "players do not create games"
    );

    // A bad form comes back with every field kept and the reason.
    let bad = create_form(
        &admin,
        &[
            ("title", "坏表单局"),
            ("act_minutes", "abc"),
            ("deadline_time", "21:30"),
            ("timezone", "UTC"),
            ("min_seats", "6"),
            ("max_seats", "9"),
            ("characters", "甲\n乙"),
        ],
    )
    .await;
    bad.assert_back_at("/games/new");
    assert!(bad.body.contains("必须是整数"), "{}", bad.body);
    for kept in [
        r#"value="坏表单局""#,
        r#"value="abc""#,
        r#"value="21:30""#,
        r#"value="UTC""#,
        "甲\n乙",
    ] {
        assert!(bad.body.contains(kept), "{kept} is kept");
    }
    assert!(
        !bad.body.contains("checked"),
        "an unticked box stays unticked"
    );
    let few = create_form(
        &admin,
        &[
            ("title", "坏表单局"),
            ("act_minutes", "60"),
            ("min_seats", "6"),
            ("max_seats", "9"),
            ("characters", "甲\n乙"),
            ("redistribute", "on"),
        ],
    )
    .await;
    few.assert_back_at("/games/new");
    assert!(
        few.body.contains("角色名的数量不能少于最多人数"),
        "{}",
        few.body
    );
    assert!(few.body.contains(" checked"), "the ticked box stays ticked");
    // A look-alike character (L and l): refused with its name and the reason, the list kept.
    let alike = create_form(
        &admin,
        &[
            ("title", "坏表单局"),
            ("act_minutes", "60"),
            ("min_seats", "6"),
            ("max_seats", "6"),
            ("characters", "L\n夜神月\n弥海砂\n尼亚\n梅洛\nl"),
        ],
    )
    .await;
    alike.assert_back_at("/games/new");
    assert!(
        alike
            .body
            .contains("角色名“l”不可用：角色名与另一个座位的角色名看起来相同。"),
        "{}",
        alike.body
    );
    assert!(
        alike.body.contains("弥海砂"),
        "the list comes back as typed"
    );

    let created = create_form(
        &admin,
        &[
            ("title", "页面局"),
            ("act_minutes", "60"),
            ("deadline_time", ""),
            ("timezone", "Asia/Shanghai"),
            ("min_seats", "6"),
            ("max_seats", "9"),
            ("characters", &maku::rules::deathnote::CAST.join("\n")),
            ("redistribute", "on"),
        ],
    )
    .await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.body);
    let game = game_id_of(&created.url);
    assert!(created.body.contains("页面局"));
    let list = app.browser().get("/games").await;
    assert!(list.body.contains(&format!("/games/{game}")) && list.body.contains("报名中"));

    // Six players sign up through the page; a seventh signs up and withdraws.
    let mut players = Vec::new();
    for i in 0..7 {
        let name = format!("pgplayer{i}");
        let b = app.player(&name).await;
        let p = press(&b, game, "signup").await;
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        assert!(p.body.contains(&name), "the sign-up list shows {name}");
        players.push((name, b));
    }
    let (quitter, qb) = players.pop().expect("seventh");
    let p = press(&qb, game, "withdraw").await;
    assert!(!p.body.contains(&format!("<li>{quitter}</li>")));
    assert!(p.body.contains("已报名（6）"), "{}", p.body);

    assert_eq!(
        press(&players[0].1, game, "start").await.status,
        StatusCode::FORBIDDEN,
        "only its judge starts it"
    );
    let started = press(&admin, game, "start").await;
    assert_eq!(started.status, StatusCode::OK, "{}", started.body);
    assert!(started.body.contains("承诺哈希") && started.body.contains("第 1 幕"));
    assert!(started.body.contains("class=\"countdown\""));

    // Nobody's account shows on the public page once seats are dealt.
    let anon = app.browser();
    let public = anon.get(&format!("/games/{game}")).await;
    for (name, _) in &players {
        assert!(!public.body.contains(name.as_str()), "{name} is not shown");
    }

    // Each seat's own page: its game ID, its real ID, its role and the right forms.
    let mut good = None;
    let mut ids = Vec::new();
    for (name, b) in &players {
        let seat = b.get(&format!("/games/{game}/seat")).await;
        assert_eq!(seat.status, StatusCode::OK, "{}", seat.body);
        assert_eq!(fact(&seat, "原身份"), name.as_str());
        let gid = fact(&seat, "游戏身份");
        assert!(seat.body.contains(r#"name="type" value="vote""#));
        let kira = seat.body.contains("role-marked");
        if kira {
            assert!(seat.body.contains("基拉（持有笔记 N"));
        } else {
            assert!(
                !seat.body.contains(r#"value="kill""#),
                "good seats get no kill form"
            );
            assert!(seat.body.contains("好人"));
            assert!(seat.body.contains("本幕还欠"), "the ballot is owed");
            good.get_or_insert((name.clone(), gid.clone()));
        }
        ids.push(gid);
    }
    let (good_name, good_gid) = good.expect("four of six are good");
    let gb = &players
        .iter()
        .find(|(n, _)| *n == good_name)
        .expect("good player")
        .1;
    let other = ids
        .iter()
        .find(|g| **g != good_gid)
        .expect("another seat")
        .clone();

    // A ballot, then a refused action: both are in the log, the refusal explained.
    let voted = act(
        gb,
        game,
        &[("type", "vote"), ("vote1", &other), ("vote2", "")],
    )
    .await;
    voted.assert_back_at(&format!("/games/{game}/seat"));
    assert!(voted.body.contains("投票已记录"));
    assert!(voted.body.contains(&format!("投票给 {other}")));
    assert!(
        !voted.body.contains("本幕还欠"),
        "nothing owed after the ballot"
    );
    let refused = act(gb, game, &[("type", "pass")]).await;
    refused.assert_back_at(&format!("/games/{game}/seat"));
    assert!(refused.body.contains("只有基拉（持有笔记的人）能这样做"));
    assert!(refused.body.contains("你提交「放弃本幕行动」→ 被拒绝"));
    let bad_target = act(gb, game, &[("type", "vote"), ("vote1", "没有这个人")]).await;
    bad_target.assert_back_at(&format!("/games/{game}/seat"));
    assert!(bad_target.body.contains("目标不存在或已出局"));
    let en = app.browser_in("en");
    en.login(&good_name, "password-123").await;
    let en_seat = en.get(&format!("/games/{game}/seat")).await;
    assert!(
        en_seat
            .body
            .contains("Only a Kira (a notebook holder) can do that.")
    );
    assert!(en_seat.body.contains(&format!("vote for {other}")));

    // A post in the game thread shows the game ID, never the account.
    let thread = format!("/games/{game}/threads/game");
    let csrf = gb.get(&thread).await.csrf();
    let posted = gb
        .post(&thread, &[("csrf", &csrf), ("body", "我是好人，相信我")])
        .await;
    assert_eq!(posted.status, StatusCode::OK, "{}", posted.body);
    let seen = anon.get(&thread).await;
    assert!(seen.body.contains("我是好人，相信我"));
    assert!(
        seen.body
            .contains(&format!(r#"<span class="author">{good_gid}</span>"#))
    );
    for (name, _) in &players {
        assert!(!seen.body.contains(name.as_str()), "{name} is not shown");
    }
    assert!(
        seen.body.contains("游戏开始，第 1 幕开启"),
        "the opening act post"
    );
    let empty = gb.post(&thread, &[("csrf", &csrf), ("body", "  ")]).await;
    empty.assert_back_at(&thread);
    assert!(empty.body.contains(r#"role="alert""#), "{}", empty.body);

    // Refusals: no seat, the graveyard for the living, the reveal before the end.
    let outsider = app.player("pgoutsider").await;
    let no_seat = outsider.get(&format!("/games/{game}/seat")).await;
    assert_eq!(no_seat.status, StatusCode::CONFLICT);
    assert!(no_seat.body.contains("你没有参加这局游戏"));
    assert_eq!(
        gb.get(&format!("/games/{game}/threads/graveyard"))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        gb.get(&format!("/games/{game}/threads/nonsense"))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let early = anon.get(&format!("/games/{game}/reveal")).await;
    assert_eq!(early.status, StatusCode::CONFLICT);
    assert!(early.body.contains("游戏结束后才能查看"));

    // Everyone votes `other` out; the Kira on turn passes (no suicides: the game goes on).
    for (_, b) in &players {
        let seat = b.get(&format!("/games/{game}/seat")).await;
        if seat.body.contains(r#"value="kill""#) {
            assert_eq!(
                act(b, game, &[("type", "pass")]).await.status,
                StatusCode::OK
            );
        }
        let p = act(b, game, &[("type", "vote"), ("vote1", &other)]).await;
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    }

    // The judge resolves by the button; the act post appears in the game thread.
    assert_eq!(
        press(gb, game, "resolve").await.status,
        StatusCode::FORBIDDEN
    );
    let resolved = press(&admin, game, "resolve").await;
    assert_eq!(resolved.status, StatusCode::OK, "{}", resolved.body);
    assert!(resolved.body.contains("第 2 幕"), "act 2 is open");
    assert!(resolved.body.contains("第 1 幕结算"), "{}", resolved.body);
    let after = anon.get(&thread).await;
    assert!(after.body.contains("第 1 幕结算"));
    assert!(after.body.contains("第 2 幕开启"));
    assert!(
        after.body.contains(&format!("{other} 出局（被投票出局）")),
        "{}",
        after.body
    );
}

async fn fixed_deal_game_to_the_reveal(app: TestApp) {
    let api = Api::new(&app);
    let admin_token = api.token("admin", &app.admin_password).await;
    let admin = app.admin().await;
    let created = create_form(
        &admin,
        &[
            ("title", "固定局"),
            ("act_minutes", "60"),
            ("min_seats", "6"),
            ("max_seats", "6"),
            ("characters", "夜神月\nL\n弥海砂\n尼亚\n梅洛\n松田"),
            ("redistribute", "on"),
        ],
    )
    .await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.body);
    let game = game_id_of(&created.url);
    let cast = ["夜神月", "L", "弥海砂", "尼亚", "梅洛", "松田"];
    let mut seats = Vec::new();
    let mut browsers = Vec::new();
    for (i, gid) in cast.iter().enumerate() {
        let name = format!("fx{i}");
        let b = app.player(&name).await;
        assert_eq!(press(&b, game, "signup").await.status, StatusCode::OK);
        seats.push(json!({"game_id": gid, "real_id": name}));
        browsers.push(b);
    }
    let (s, body) = api
        .post(
            &format!("/api/v1/games/{game}/start"),
            &admin_token,
            json!({"setup": {"seats": seats, "kira": ["夜神月", "弥海砂"]}}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{body}");
    let page = app.browser().get(&format!("/games/{game}")).await;
    assert!(page.body.contains("固定发牌"), "the fixed deal is marked");
    for path in ["seat", "threads/game"] {
        let p = browsers[1].get(&format!("/games/{game}/{path}")).await;
        assert!(p.body.contains("固定发牌"), "marked on {path} too");
    }
    let listed = app.browser().get("/games").await;
    assert!(listed.body.contains("固定发牌"), "and in the list");

    // Light (N1, on turn) passes; everyone votes out both Kiras: good wins in act 1 (DN-26).
    let light = act(&browsers[0], game, &[("type", "pass")]).await;
    assert_eq!(light.status, StatusCode::OK, "{}", light.body);
    assert!(light.body.contains("已放弃本幕行动"));
    for b in &browsers {
        let p = act(
            b,
            game,
            &[("type", "vote"), ("vote1", "夜神月"), ("vote2", "弥海砂")],
        )
        .await;
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    }
    let resolved = press(&admin, game, "resolve").await;
    assert_eq!(resolved.status, StatusCode::OK, "{}", resolved.body);
    assert!(resolved.body.contains("好人胜利"), "{}", resolved.body);
    assert!(resolved.body.contains("是基拉"));
    // Ended by the resolution of act 1, no page (nor the API) says act 2.
    let (_, view) = api.get(&format!("/api/v1/games/{game}"), None).await;
    assert_eq!(view["act"], 1, "{view}");
    for (b, path) in [
        (&admin, format!("/games/{game}")),
        (&admin, format!("/games/{game}/console")),
        (&admin, format!("/games/{game}/threads/game")),
        (&browsers[0], format!("/games/{game}/seat")),
        (&browsers[1], format!("/games/{game}/seat")),
        (&browsers[1], format!("/games/{game}/threads/game")),
    ] {
        let p = b.get(&path).await;
        assert_eq!(p.status, StatusCode::OK, "{path}");
        assert!(!p.body.contains("第 2 幕"), "{path} says act 2: {}", p.body);
    }
    // The final act post says who won once (the engine's game-over event is not repeated).
    let thread = app
        .browser()
        .get(&format!("/games/{game}/threads/game"))
        .await;
    assert_eq!(
        thread.body.matches("好人胜利").count(),
        1,
        "{}",
        thread.body
    );

    let reveal = app.browser().get(&format!("/games/{game}/reveal")).await;
    assert_eq!(reveal.status, StatusCode::OK, "{}", reveal.body);
    assert!(reveal.body.contains("核对通过"), "{}", reveal.body);
    assert!(reveal.body.contains("好人胜利"));
    for (i, gid) in cast.iter().enumerate() {
        assert!(
            reveal
                .body
                .contains(&format!("<td>{gid}</td><td>fx{i}</td>"))
        );
    }
    assert!(reveal.body.contains("基拉（N1）") && reveal.body.contains("基拉（N2）"));
    // Nobody was substituted: no column of accounts.
    assert!(
        !reveal.body.contains(r#"class="accounts""#),
        "{}",
        reveal.body
    );
    assert!(
        reveal.body.contains("夜神月： 放弃本幕行动"),
        "{}",
        reveal.body
    );
    let en = app
        .browser_in("en")
        .get(&format!("/games/{game}/reveal"))
        .await;
    assert!(en.body.contains("Verified"));
    // After the end everyone reads the graveyard.
    assert_eq!(
        app.browser()
            .get(&format!("/games/{game}/threads/graveyard"))
            .await
            .status,
        StatusCode::OK
    );
}

async fn refused_buttons_come_back_to_the_game_page(app: TestApp) {
    let admin = app.admin().await;
    let created = create_form(&admin, &[("title", "人太少"), ("act_minutes", "60")]).await;
    let game = game_id_of(&created.url);
    let p = app.player("lonely").await;
    assert_eq!(press(&p, game, "signup").await.status, StatusCode::OK);
    // Too few players: the judge sees the game page again with the reason, nothing started.
    let refused = press(&admin, game, "start").await;
    refused.assert_back_at(&format!("/games/{game}"));
    assert!(
        refused
            .body
            .contains("已报名 1 人，本局需要 6–40 人才能开始。"),
        "{}",
        refused.body
    );
    assert!(refused.body.contains("<h1>人太少"), "it is the game page");
    assert!(
        refused.body.contains("lonely"),
        "the sign-up list is still there"
    );
    // The judge cannot sign up to her own game.
    let own = press(&admin, game, "signup").await;
    own.assert_back_at(&format!("/games/{game}"));
    assert!(own.body.contains("法官不能参加自己主持的游戏"));
    // Said once: the game page again is the plain page.
    let again = admin.get(&format!("/games/{game}")).await;
    assert!(!again.body.contains("法官不能参加自己主持的游戏"));
}

async fn the_signup_page_states_what_one_signs_up_for(app: TestApp) {
    let admin = app.admin().await;
    let created = create_form(
        &admin,
        &[
            ("title", "设置一览"),
            ("act_minutes", "90"),
            ("deadline_time", "21:30"),
            ("timezone", "UTC"),
            ("min_seats", "6"),
            ("max_seats", "9"),
            ("characters", "甲\n乙\n丙\n丁\n戊\n己\n庚\n辛\n壬"),
        ],
    )
    .await;
    let game = game_id_of(&created.url);
    let zh = app.browser().get(&format!("/games/{game}")).await;
    for fact in [
        "<dt>每幕时长</dt><dd>90 分钟</dd>",
        "<dt>截止时刻</dt><dd>每天 21:30（UTC）</dd>",
        "<dt>人数</dt><dd>6–9 人</dd>",
        "<dt>重新分配笔记</dt><dd>关：两本笔记都被销毁即好人胜利</dd>",
        "<dt>规则版本</dt><dd>第 2 版",
        r#"href="/rules/deathnote""#,
    ] {
        assert!(zh.body.contains(fact), "{fact}: {}", zh.body);
    }
    let en = app.browser_in("en").get(&format!("/games/{game}")).await;
    for fact in [
        "<dt>Act length</dt><dd>90 minutes</dd>",
        "<dt>Deadlines</dt><dd>every day at 21:30 (UTC)</dd>",
        "<dt>Seats</dt><dd>6 to 9</dd>",
        "<dt>Redistribution</dt><dd>off: when both notebooks are destroyed, good wins</dd>",
        r#"href="/rules/deathnote""#,
    ] {
        assert!(en.body.contains(fact), "{fact}: {}", en.body);
    }
    // A default game: day-long acts, redistribution on, no fixed time of day.
    let created = create_form(
        &admin,
        &[
            ("title", "默认"),
            ("act_minutes", "1440"),
            ("redistribute", "on"),
            ("characters", &maku::rules::deathnote::CAST.join("\n")),
        ],
    )
    .await;
    let game = game_id_of(&created.url);
    let zh = app.browser().get(&format!("/games/{game}")).await;
    assert!(zh.body.contains("<dd>24 小时</dd>"), "{}", zh.body);
    assert!(zh.body.contains("<dd>开：两本笔记都被销毁后重新分配</dd>"));
    assert!(zh.body.contains("不固定：每幕开启后满时长即截止"));
}

async fn the_rules_page_in_the_readers_language(app: TestApp) {
    let zh = app.browser().get("/rules/deathnote").await;
    assert_eq!(zh.status, StatusCode::OK);
    assert!(zh.body.contains("<h1>死亡笔记规则</h1>"), "{}", zh.body);
    // The Chinese original, cut into its sections, under a summary in Chinese.
    assert!(
        zh.body.contains("<p>一、 背景介绍（Background）"),
        "{}",
        zh.body
    );
    assert!(zh.body.contains("每位玩家有两个身份"));
    assert!(zh.body.contains(r#"href="/rules/deathnote/book""#));
    assert!(!zh.body.contains("DN-14 Every seat"));
    let en = app.browser_in("en").get("/rules/deathnote").await;
    assert_eq!(en.status, StatusCode::OK);
    assert!(en.body.contains("the ruling book</h1>"), "{}", en.body);
    assert!(en.body.contains("DN-14 Every seat living at opening"));
    assert!(!en.body.contains("背景介绍"));
    // The link from the Chinese page: the ruling book whatever the reader's language.
    let book = app.browser().get("/rules/deathnote/book").await;
    assert_eq!(book.status, StatusCode::OK);
    assert!(book.body.contains("DN-14 Every seat living at opening"));
}

async fn number_fields_and_post_box_counters(app: TestApp) {
    let admin = app.admin().await;
    let form = admin.get("/games/new?variant=deathnote").await;
    for field in [
        r#"name="act_minutes" type="number" min="1" max="10080""#,
        r#"name="min_seats" type="number" min="6" max="40""#,
        r#"name="max_seats" type="number" min="6" max="40""#,
        r#"name="remind_hours" type="number" min="0" max="72""#,
        r#"name="deadline_time" type="time""#,
    ] {
        assert!(form.body.contains(field), "{field}: {}", form.body);
    }
    let audit = admin.get("/admin/audit").await;
    assert!(audit.body.contains(r#"name="game" type="number" min="1""#));
    // Every post box carries the limit for the script's counter.
    let slug = app.board("count").await;
    let board = admin.get(&format!("/b/{slug}")).await;
    assert!(
        board.body.contains(r#"data-max-chars="20000""#),
        "{}",
        board.body
    );
    let thread = admin.new_thread(&slug, "计数", "正文").await;
    let page = admin.get(&format!("/t/{thread}")).await;
    assert!(
        page.body.contains(r#"data-max-chars="20000""#),
        "{}",
        page.body
    );
    let edit = admin.get(&format!("/t/{thread}/1/edit")).await;
    assert_eq!(edit.status, StatusCode::OK);
    assert!(
        edit.body.contains(r#"data-max-chars="20000""#),
        "{}",
        edit.body
    );
    let js = admin.get("/static/maku.js").await;
    assert!(js.body.contains("textarea[data-max-chars]"));
    let css = admin.get("/static/maku.css").await;
    assert!(css.body.contains("\ncode {"), "inline code is styled");
}
