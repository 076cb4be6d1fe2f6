//! The ruling book's second edition as the players and the reveal see it
//! (`../shared/rules/deathnote.md`): the giver's window (DN-19) and the Eye holder's death act
//! (DN-22) on the seat page, the cost and the confirmation of each irreversible form, the role
//! when out and the role history at the end (DN-28), and no "act N+1" after the end.
//!
//! One fixed deal of 11 seats (more than 8 alive, so a notebook can be transferred, DN-18):
//! 夜神月 holds N1 and 弥海砂 N2 (DN-2).

use crate::helpers::{Api, Browser, Page, TestApp, crafted, fact, form_html, started_game, submit};
use crate::on_both_backends;
use reqwest::StatusCode;
use serde_json::{Value, json};

on_both_backends!(
    dn_28_reveal_shows_role_history_of_a_game_played_to_the_end,
    dn_19_22_seat_page_shows_the_window_the_eye_death_and_the_costs,
    irreversible_forms_are_refused_without_the_confirmation,
    a_judge_may_ask_for_the_first_edition_and_nothing_else,
);

/// Game ID and real ID (the account) of each seat, in seat order.
const CAST: [(&str, &str); 11] = [
    ("夜神月", "se-alice"),
    ("L", "se-bob"),
    ("弥海砂", "se-carol"),
    ("夜神总一郎", "se-dave"),
    ("尼亚", "se-erin"),
    ("梅洛", "se-frank"),
    ("松田", "se-grace"),
    ("相泽", "se-heidi"),
    ("模木", "se-ivan"),
    ("雷姆", "se-judy"),
    ("琉克", "se-ken"),
];
const LIGHT: usize = 0;
const L: usize = 1;
const MISA: usize = 2;
const NEAR: usize = 4;

const CHECKBOX: &str = r#"<input type="checkbox" name="confirm" value="yes" required>"#;

struct Table<'a> {
    app: &'a TestApp,
    api: Api<'a>,
    admin: String,
    game: i64,
    /// Each seat's signed-in browser (Chinese) and API token.
    seats: Vec<(Browser, String)>,
}

/// Creates the game over the API, signs up the 11 accounts (each also signed in in a browser)
/// and starts it with the fixed deal of `CAST`.
async fn deal<'a>(app: &'a TestApp, title: &str) -> Table<'a> {
    let api = Api::new(app);
    let admin = api.token("admin", &app.admin_password).await;
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": title, "variant": "deathnote", "act_minutes": 60,
                   "min_seats": 6, "max_seats": 11,
                   "characters": CAST.map(|(g, _)| g)}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let game = b["id"].as_i64().expect("id");
    let mut seats = Vec::new();
    for (_, real) in CAST {
        let browser = app.player(real).await;
        let token = api.token(real, "password-123").await;
        let (s, b) = api
            .post(&format!("/api/v1/games/{game}/signup"), &token, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        seats.push((browser, token));
    }
    let setup: Vec<Value> = CAST
        .iter()
        .map(|(g, r)| json!({"game_id": g, "real_id": r}))
        .collect();
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{game}/start"),
            &admin,
            json!({"setup": {"seats": setup, "kira": ["夜神月", "弥海砂"]}}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    Table {
        app,
        api,
        admin,
        game,
        seats,
    }
}

impl Table<'_> {
    fn browser(&self, i: usize) -> &Browser {
        &self.seats[i].0
    }

    /// The seat's action through the JSON API (no confirmation there: a public contract).
    async fn act(&self, i: usize, action: Value) -> Value {
        let (s, b) = self
            .api
            .post(
                &format!("/api/v1/games/{}/actions", self.game),
                &self.seats[i].1,
                action.clone(),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{} {action}: {b}", CAST[i].0);
        b
    }

    /// Every seat in `who` names `targets` (each seat itself when `None`: nobody is voted out).
    async fn votes(&self, who: &[usize], targets: Option<&[&str]>) {
        for &i in who {
            let t: Vec<&str> = targets.map(<[&str]>::to_vec).unwrap_or(vec![CAST[i].0]);
            let b = self.act(i, json!({"type": "vote", "targets": t})).await;
            assert_eq!(b["reply"]["type"], "vote_recorded", "{b}");
        }
    }

    async fn resolve(&self) -> Value {
        let (s, b) = self
            .api
            .post(
                &format!("/api/v1/games/{}/resolve", self.game),
                &self.admin,
                json!({"act": self.api.act(self.game).await}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        b
    }

    async fn seat_page(&self, i: usize) -> Page {
        self.page(self.browser(i), "/seat").await
    }

    async fn page(&self, b: &Browser, path: &str) -> Page {
        let p = b.get(&format!("/games/{}{path}", self.game)).await;
        assert_eq!(p.status, StatusCode::OK, "{path}: {}", p.body);
        p
    }

    /// The seat's private log as the API's `me` gives it.
    async fn private_log(&self, i: usize) -> Value {
        let (s, me) = self
            .api
            .get(
                &format!("/api/v1/games/{}/me", self.game),
                Some(&self.seats[i].1),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{me}");
        me["private"].clone()
    }

    /// The same seat's browser, in English.
    async fn english(&self, i: usize) -> Browser {
        let en = self.app.browser_in("en");
        let p = en.login(CAST[i].1, "password-123").await;
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        en
    }
}

fn all_but(out: &[usize]) -> Vec<usize> {
    (0..CAST.len()).filter(|i| !out.contains(i)).collect()
}

/// The reveal table's row of one seat.
fn reveal_row<'a>(page: &'a Page, game_id: &str) -> &'a str {
    let start = page
        .body
        .find(&format!("<tr><td>{game_id}</td>"))
        .unwrap_or_else(|| panic!("a row for {game_id}: {}", page.body));
    let end = page.body[start..].find("</tr>").expect("row ends") + start;
    &page.body[start..end]
}

/// A game played to the end through the API: 夜神月 transfers N1 to 尼亚 in act 1, 尼亚 requests
/// the Eye, is voted out as Kira at resolution 3 — inside 夜神月's window (DN-19: 3 and 4) — and
/// 夜神月 recaptures N1 (DN-17); at resolution 4 both Kiras are voted out, their notebooks are
/// destroyed, 8 are left, nothing is dealt again and good wins (DN-23, DN-26).
async fn dn_28_reveal_shows_role_history_of_a_game_played_to_the_end(app: TestApp) {
    let t = deal(&app, "第二版揭晓局").await;
    let g = t.game;

    // Act 1 (N1 on turn).
    let b = t
        .act(LIGHT, json!({"type": "transfer", "target": "尼亚"}))
        .await;
    assert_eq!(b["reply"]["type"], "transferred", "{b}");
    let b = t.act(NEAR, json!({"type": "eye_request"})).await;
    assert_eq!(b["reply"]["type"], "eye_granted", "{b}");
    t.votes(&all_but(&[]), None).await;
    t.resolve().await;
    // Act 2 (N2): a wrong guess, so nobody dies.
    let b = t
        .act(
            MISA,
            json!({"type": "kill", "target": "梅洛", "real_id": "nobody"}),
        )
        .await;
    assert_eq!(b["reply"]["type"], "kill_failed", "{b}");
    t.votes(&all_but(&[]), None).await;
    t.resolve().await;
    // Act 3 (N1, 尼亚's own turn): she passes and is voted out.
    t.act(NEAR, json!({"type": "pass"})).await;
    t.votes(&all_but(&[]), Some(&["尼亚"])).await;
    t.resolve().await;
    let (_, game) = t.api.get(&format!("/api/v1/games/{g}"), None).await;
    assert!(game["winner"].is_null(), "{game}");
    let recaptured = json!({"act": 3, "event": {"type": "out", "target": "尼亚", "cause": "voted",
                                                 "kira": true, "notebook": "recaptured"}});
    assert!(
        game["public"]
            .as_array()
            .is_some_and(|l| l.contains(&recaptured)),
        "DN-17/19: voted out inside the window, her notebook is recaptured: {game}"
    );
    // Act 4 (N2): both Kiras are voted out.
    t.act(MISA, json!({"type": "pass"})).await;
    t.votes(&all_but(&[NEAR]), Some(&["夜神月", "弥海砂"]))
        .await;
    assert_eq!(
        t.resolve().await,
        json!({"act": 4, "over": true}),
        "the last resolution names the act that ended the game, not act 5"
    );

    let (_, game) = t.api.get(&format!("/api/v1/games/{g}"), None).await;
    assert_eq!(game["winner"], "good", "{game}");
    assert_eq!(game["status"], "finished");
    assert_eq!(game["act"], 4, "the act whose resolution ended the game");
    // After the end an action is refused and kept nowhere (no refusal dated act 5).
    let before = t.private_log(L).await;
    let (s, b) = t
        .api
        .post(
            &format!("/api/v1/games/{g}/actions"),
            &t.seats[L].1,
            json!({"type": "vote", "targets": ["L"]}),
        )
        .await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("game_over"))
    );
    assert_eq!(t.private_log(L).await, before);

    // The reveal JSON: the role when out and every change, with its act (DN-28).
    let (s, reveal) = t.api.get(&format!("/api/v1/games/{g}/reveal"), None).await;
    assert_eq!(s, StatusCode::OK, "{reveal}");
    let seat = |gid: &str| -> Value {
        reveal["roles"]["seats"]
            .as_array()
            .and_then(|l| l.iter().find(|s| s["game_id"] == gid).cloned())
            .unwrap_or_else(|| panic!("{gid} revealed: {reveal}"))
    };
    let near = seat("尼亚");
    assert_eq!(near["role"], "kira", "{near}");
    assert_eq!(near["out"], json!([3, "voted"]));
    assert_eq!(
        near["history"],
        json!([
            {"act": 1, "notebook": 1, "change": "received", "with": "夜神月", "role_after": "kira"},
            {"act": 3, "notebook": 1, "change": "lost_to_recapture", "with": "夜神月",
             "role_after": "out"},
        ]),
        "{near}"
    );
    let light = seat("夜神月");
    assert_eq!(light["role"], "kira", "{light}");
    assert_eq!(light["kira_at_start"], 1);
    assert_eq!(
        light["history"],
        json!([
            {"act": 1, "notebook": 1, "change": "dealt", "role_after": "kira"},
            {"act": 1, "notebook": 1, "change": "gave", "with": "尼亚", "role_after": "good"},
            {"act": 3, "notebook": 1, "change": "recaptured", "with": "尼亚", "role_after": "kira"},
            {"act": 4, "notebook": 1, "change": "destroyed", "role_after": "out"},
        ]),
        "{light}"
    );
    let misa = seat("弥海砂");
    assert_eq!(misa["role"], "kira");
    assert_eq!(
        misa["history"],
        json!([
            {"act": 1, "notebook": 2, "change": "dealt", "role_after": "kira"},
            {"act": 4, "notebook": 2, "change": "destroyed", "role_after": "out"},
        ]),
        "{misa}"
    );
    let l = seat("L");
    assert_eq!(l["role"], "good");
    assert_eq!(l["history"], json!([]));
    assert!(
        reveal["roles"]["seats"]
            .as_array()
            .is_some_and(|l| l.iter().all(|s| s["kira_at_end"] == false)),
        "every Kira went out"
    );

    // The reveal page, in both languages.
    let anon = app.browser();
    let page = t.page(&anon, "/reveal").await;
    let row = reveal_row(&page, "尼亚");
    assert!(row.contains(r#"<td class="role">基拉</td>"#), "{row}");
    for entry in [
        "第 1 幕：从 夜神月 收到 N1 → 基拉",
        "第 3 幕：出局（被投票出局）；N1 被 夜神月 收回 → 出局",
    ] {
        assert!(row.contains(entry), "{entry}: {row}");
    }
    let row = reveal_row(&page, "夜神月");
    assert!(row.contains(r#"<td class="role">基拉</td>"#), "{row}");
    for entry in [
        "第 1 幕：发到 N1 → 基拉",
        "第 1 幕：把 N1 转让给 尼亚 → 好人",
        "第 3 幕：尼亚 出局时收回 N1 → 基拉",
        "第 4 幕：出局（被投票出局）；N1 被销毁 → 出局",
    ] {
        assert!(row.contains(entry), "{entry}: {row}");
    }
    let row = reveal_row(&page, "L");
    assert!(row.contains(r#"<td class="role">好人</td>"#), "{row}");
    assert!(row.contains("从未持有笔记"), "{row}");
    let en = t.page(&app.browser_in("en"), "/reveal").await;
    let row = reveal_row(&en, "尼亚");
    assert!(row.contains(r#"<td class="role">Kira</td>"#), "{row}");
    for entry in [
        "act 1: received N1 from 夜神月 → Kira",
        "act 3: went out (voted out); N1 recaptured by 夜神月 → out",
    ] {
        assert!(row.contains(entry), "{entry}: {row}");
    }
    let row = reveal_row(&en, "弥海砂");
    assert!(
        row.contains("act 4: went out (voted out); N2 destroyed → out"),
        "{row}"
    );

    // The receiver's seat page after the end: out as Kira, she reads Kira.
    let near_page = t.seat_page(NEAR).await;
    assert_eq!(
        fact(&near_page, "角色"),
        "基拉（已出局，不再持有笔记）",
        "{}",
        near_page.body
    );
    assert!(near_page.body.contains("role-marked"));
    assert!(
        fact(&near_page, "状态").starts_with("第 3 幕出局（被投票出局）"),
        "{}",
        near_page.body
    );
    let near_en = t.english(NEAR).await;
    let near_en_page = t.page(&near_en, "/seat").await;
    assert_eq!(
        fact(&near_en_page, "Role"),
        "Kira (out, no longer holding a notebook)"
    );

    // No page says act 5 after a game that ended at the resolution of act 4.
    let game_page = t.page(&anon, "").await;
    assert!(
        game_page.body.contains("第 4 幕结算时结束"),
        "{}",
        game_page.body
    );
    let admin = app.admin().await;
    let mut pages = vec![
        ("game", game_page),
        ("reveal", page),
        ("reveal en", en),
        ("list", anon.get("/games").await),
        ("thread", t.page(&anon, "/threads/game").await),
        ("console", t.page(&admin, "/console").await),
        ("seat en", near_en_page),
        ("seat", near_page),
    ];
    for i in [LIGHT, L, MISA] {
        let p = t.seat_page(i).await;
        assert!(fact(&p, "状态").contains("第 4 幕"), "{}", p.body);
        pages.push(("seat", p));
    }
    let game_en = t.page(&near_en, "").await;
    assert!(game_en.body.contains("Ended at the resolution of act 4"));
    // The edition pinned at the start is shown (a new game plays the second edition).
    assert_eq!(fact(&pages[0].1, "规则版本"), "第 2 版");
    assert!(game_en.body.contains("edition 2"), "{}", game_en.body);
    pages.push(("game en", game_en));
    for (name, p) in &pages {
        for after in ["第 5 幕", "Act 5", "act 5"] {
            assert!(!p.body.contains(after), "{name} says {after}: {}", p.body);
        }
    }
    let (_, me) = t
        .api
        .get(&format!("/api/v1/games/{g}/me"), Some(&t.seats[NEAR].1))
        .await;
    assert_eq!(me["state"]["act"], 4, "{me}");
    assert_eq!(me["role"], "kira", "{me}");
}

/// DN-19 and DN-22 on the seat page, act by act: the transfer's cost and the giver's window
/// (a transfer in act 1 covers resolutions 3 and 4; he goes out at 4 holding nothing), the Eye
/// request's cost and the holder's death act (requested in act 1 with N1 alone: own turns 1, 3, 5,
/// out at resolution 5, her notebook destroyed).
async fn dn_19_22_seat_page_shows_the_window_the_eye_death_and_the_costs(app: TestApp) {
    let t = deal(&app, "第二版座位局").await;
    let g = t.game;

    // Act 1: every irreversible form states its cost in one line and asks for the checkbox.
    let light = t.seat_page(LIGHT).await;
    for (kind, cost) in [
        (
            "kill",
            "用掉这本笔记本幕的行动，无法撤回；猜错会在下一帖公布（不公布你的名字）。",
        ),
        (
            "join",
            "用掉这本笔记本幕的行动（代替杀人），无法撤回；联手成败会在下一帖公布（不公布名字）。",
        ),
        (
            "transfer",
            "你立即成为好人，无法撤回。若第 3 或第 4 幕结算时有基拉被投出或被杀，你收回其笔记；\
             若到第 4 幕结算仍无基拉被投出或被杀，你将出局。",
        ),
        (
            "eye_request",
            "你将不能再转让笔记；你将在第 5 幕结算时出局，持有的笔记被销毁。",
        ),
    ] {
        let form = form_html(&light, kind).unwrap_or_else(|| panic!("{kind}: {}", light.body));
        assert!(
            form.contains(&format!(r#"<p class="cost">{cost}</p>"#)),
            "{kind}: {form}"
        );
        assert!(form.contains(CHECKBOX), "{kind}: {form}");
        assert!(form.contains("我已了解代价"), "{kind}: {form}");
    }
    for kind in ["vote", "pass", "heir"] {
        let form = form_html(&light, kind).unwrap_or_else(|| panic!("{kind}: {}", light.body));
        assert!(!form.contains(r#"name="confirm""#), "{kind}: {form}");
    }
    let light_en = t.english(LIGHT).await;
    let en = t.page(&light_en, "/seat").await;
    let form = form_html(&en, "transfer").expect("the transfer form");
    assert!(
        form.contains(
            "You become good at once; this cannot be undone. If a Kira is voted out or killed at \
             the resolution of act 3 or 4, you recapture her notebook; if no Kira is voted out or \
             killed by the resolution of act 4, you go out."
        ),
        "{form}"
    );
    assert!(form_html(&en, "eye_request").is_some_and(|f| f.contains(
        "You can no longer transfer; you go out at the resolution of act 5 and your \
             notebooks are destroyed."
    )));

    // 夜神月 transfers N1 to 尼亚 by the form: his page shows the window with its acts.
    let given = submit(
        t.browser(LIGHT),
        g,
        "transfer",
        &[("target", "尼亚"), ("confirm", "yes")],
    )
    .await;
    assert_eq!(given.status, StatusCode::OK, "{}", given.body);
    let window = "你在第 1 幕转让了 N1。若第 3 或第 4 幕结算时有基拉被投出或被杀，你收回其笔记；\
                  若到第 4 幕结算仍无基拉被投出或被杀，你将出局。";
    assert!(given.body.contains(window), "{}", given.body);
    let en = t.page(&light_en, "/seat").await;
    assert!(
        en.body.contains(
            "You transferred N1 in act 1. If a Kira is voted out or killed at the resolution of \
             act 3 or 4, you recapture her notebook; if no Kira is voted out or killed by the \
             resolution of act 4, you go out."
        ),
        "{}",
        en.body
    );

    // 尼亚 received N1, on turn in act 1: her Eye request costs her the resolution of act 5.
    let near = t.seat_page(NEAR).await;
    let form = form_html(&near, "eye_request").expect("the eye_request form");
    assert!(
        form.contains("你将在第 5 幕结算时出局，持有的笔记被销毁。"),
        "{form}"
    );
    assert!(
        form_html(&near, "transfer").is_none(),
        "N1 was transferred once"
    );
    let granted = submit(t.browser(NEAR), g, "eye_request", &[("confirm", "yes")]).await;
    assert_eq!(granted.status, StatusCode::OK, "{}", granted.body);
    let eye = |turns: u32| {
        format!(
            "死神之眼：你的 3 个己方回合已计 {turns} 个；若你的回合照现在的规律继续，\
             你将在第 5 幕结算时出局，持有的笔记被销毁。"
        )
    };
    assert!(granted.body.contains(&eye(1)), "{}", granted.body);
    let near_en = t.english(NEAR).await;
    let en = t.page(&near_en, "/seat").await;
    assert!(
        en.body.contains(
            "Eye of Death: 1 of your 3 own turns counted; if your turns keep their present \
             pattern you go out at the resolution of act 5, and your notebooks are destroyed."
        ),
        "{}",
        en.body
    );
    t.votes(&all_but(&[]), None).await;
    t.resolve().await;

    // Acts 2–5: nobody is voted out. The window narrows to its last act, then closes with
    // 夜神月 out at resolution 4; 尼亚 counts her turns and goes out at resolution 5.
    let mut out = vec![];
    for act in 2..=5u32 {
        let light = t.seat_page(LIGHT).await;
        if act <= 4 {
            let now = if act <= 3 {
                "若第 3 或第 4 幕结算时有基拉被投出或被杀"
            } else {
                "若第 4 幕结算时有基拉被投出或被杀"
            };
            assert!(light.body.contains(now), "act {act}: {}", light.body);
            assert!(light.body.contains("你将出局"), "act {act}");
        } else {
            assert!(!light.body.contains("你在第 1 幕转让了"), "{}", light.body);
        }
        let near = t.seat_page(NEAR).await;
        let counted = if act < 3 {
            1
        } else if act < 5 {
            2
        } else {
            3
        };
        assert!(
            near.body.contains(&eye(counted)),
            "act {act}: {}",
            near.body
        );
        let on_turn = if act % 2 == 0 { MISA } else { NEAR };
        t.act(on_turn, json!({"type": "pass"})).await;
        t.votes(&all_but(&out), None).await;
        t.resolve().await;
        let (_, game) = t.api.get(&format!("/api/v1/games/{g}"), None).await;
        let outs: Vec<(u64, String, String)> = game["public"]
            .as_array()
            .expect("public")
            .iter()
            .filter(|e| e["event"]["type"] == "out")
            .map(|e| {
                (
                    e["act"].as_u64().unwrap_or(0),
                    e["event"]["target"].as_str().unwrap_or("").to_string(),
                    e["event"]["cause"].as_str().unwrap_or("").to_string(),
                )
            })
            .collect();
        let mut want = vec![];
        if act >= 4 {
            want.push((4, "夜神月".to_string(), "transfer_expired".to_string()));
            out = vec![LIGHT];
        }
        if act >= 5 {
            want.push((5, "尼亚".to_string(), "eye".to_string()));
            out = vec![LIGHT, NEAR];
        }
        assert_eq!(outs, want, "act {act}: {game}");
    }
    let near = t.seat_page(NEAR).await;
    assert_eq!(
        fact(&near, "角色"),
        "基拉（已出局，不再持有笔记）",
        "{}",
        near.body
    );
    assert!(
        !near.body.contains("死神之眼：你的"),
        "no Eye count once out"
    );
    let light = t.seat_page(LIGHT).await;
    assert_eq!(fact(&light, "角色"), "好人", "{}", light.body);
}

/// The server checks the confirmation too: a kill, join, transfer or Eye request posted without
/// `confirm=yes` is refused in the reader's language and submits nothing; with it, it goes
/// through. The JSON API asks for no confirmation.
async fn irreversible_forms_are_refused_without_the_confirmation(app: TestApp) {
    let t = deal(&app, "确认局").await;
    let g = t.game;
    let before = t.private_log(LIGHT).await;

    let missing = "被拒绝：请先勾选「我已了解代价」再提交；本次没有提交任何行动。";
    let kill = submit(
        t.browser(LIGHT),
        g,
        "kill",
        &[("target", "L"), ("real_id", "se-bob")],
    )
    .await;
    kill.assert_back_at(&format!("/games/{}/seat", t.game));
    assert!(kill.body.contains(missing), "{}", kill.body);
    assert!(
        form_html(&kill, "kill").is_some(),
        "the form is still there"
    );
    let transfer = submit(t.browser(LIGHT), g, "transfer", &[("target", "尼亚")]).await;
    transfer.assert_back_at(&format!("/games/{}/seat", t.game));
    assert!(transfer.body.contains(missing), "{}", transfer.body);
    for fields in [
        vec![("type", "join"), ("target", "弥海砂")],
        vec![("type", "eye_request")],
        vec![("type", "eye_request"), ("confirm", "on")],
        vec![("type", "transfer"), ("target", "尼亚"), ("confirm", "")],
    ] {
        let p = crafted(t.browser(LIGHT), g, &fields).await;
        p.assert_back_at(&format!("/games/{}/seat", t.game));
        assert!(p.body.contains(missing), "{fields:?}: {}", p.body);
    }
    let en = t.english(LIGHT).await;
    let p = crafted(&en, g, &[("type", "transfer"), ("target", "尼亚")]).await;
    p.assert_back_at(&format!("/games/{}/seat", t.game));
    assert!(
        p.body.contains(
            "Refused: Tick “I understand what this costs” to send this action; nothing was \
             submitted."
        ),
        "{}",
        p.body
    );
    // Nothing reached the rules: the private log is unchanged, she is still Kira with N1.
    assert_eq!(t.private_log(LIGHT).await, before);
    let light = t.seat_page(LIGHT).await;
    assert_eq!(fact(&light, "角色"), "基拉（持有笔记 N1）");
    assert!(!light.body.contains("你持有死神之眼"));

    // Confirmed, the kill goes through (a right guess: L is out at the resolution).
    let killed = submit(
        t.browser(LIGHT),
        g,
        "kill",
        &[("target", "L"), ("real_id", "se-bob"), ("confirm", "yes")],
    )
    .await;
    assert_eq!(killed.status, StatusCode::OK, "{}", killed.body);
    assert!(
        killed
            .body
            .contains("已提交：杀人成功，将在本幕结算时生效。"),
        "{}",
        killed.body
    );
    let after = t.private_log(LIGHT).await;
    assert_eq!(
        after.as_array().map(Vec::len),
        before.as_array().map(|l| l.len() + 1),
        "{after}"
    );
    // The JSON API is a public contract: no confirmation there.
    let b = t
        .act(MISA, json!({"type": "transfer", "target": "梅洛"}))
        .await;
    assert_eq!(b["reply"]["type"], "transferred", "{b}");
}

/// Option `edition` (the ruling book's opening): a judge may start a game under the first
/// edition through the API; it is pinned, shown on the game page and in the seat's view; an
/// edition the engine does not know is refused at creation and no game is made.
async fn a_judge_may_ask_for_the_first_edition_and_nothing_else(app: TestApp) {
    let g = started_game(&app, "ed", json!({"options": {"edition": 1}})).await;
    let api = Api::new(&app);
    let (s, me) = api
        .get(&format!("/api/v1/games/{}/me", g.id), Some(&g.players[0]))
        .await;
    assert_eq!(s, StatusCode::OK, "{me}");
    assert_eq!(me["state"]["edition"], 1, "{me}");
    let page = app.browser().get(&format!("/games/{}", g.id)).await;
    assert!(
        fact(&page, "规则版本").starts_with("第 1 版"),
        "{}",
        page.body
    );
    let (_, before) = api.get("/api/v1/games", None).await;
    for edition in [json!(3), json!("2"), json!(0)] {
        let (s, b) = api
            .post(
                "/api/v1/games",
                &g.admin,
                json!({"title": "t", "variant": "deathnote", "options": {"edition": edition}}),
            )
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{edition}: {b}");
    }
    let (_, after) = api.get("/api/v1/games", None).await;
    assert_eq!(before, after, "no game was made");
}
