//! The seat page's action forms, submitted as a player's browser submits them, in a fixed-deal
//! game of 11 seats (`../shared/rules/deathnote.md`, rule numbers DN-x cited throughout).
//!
//! `submit` only posts what the page offers: the form must be on the seat page, carry every field
//! posted, and offer every option chosen; the CSRF token is the form's own. `crafted` posts a form
//! the page does not offer (a tampered browser), for the refusals.

use crate::helpers::Api;
use crate::helpers::{Browser, Page, TestApp, crafted, fact, form_html, game_id_of, submit};
use crate::on_both_backends;
use reqwest::StatusCode;
use serde_json::json;

on_both_backends!(
    dn_7_8_9_10_kill_form_right_and_wrong_guess,
    dn_9_11_12_join_form_kira_thread_and_joined_kills,
    dn_20_21_22_eye_forms,
    dn_18_19_23_24_transfer_and_heir_forms,
    refused_forms_come_back_in_the_readers_language,
    a_form_made_in_an_act_that_has_ended_never_counts
);

/// Game ID and real ID (the account) of each seat, in seat order; 夜神月 gets N1, 弥海砂 N2.
const CAST: [(&str, &str); 11] = [
    ("夜神月", "alice"),
    ("L", "bob"),
    ("弥海砂", "carol"),
    ("夜神总一郎", "dave"),
    ("尼亚", "erin"),
    ("梅洛", "frank"),
    ("松田", "grace"),
    ("相泽", "heidi"),
    ("模木", "ivan"),
    ("雷姆", "judy"),
    ("琉克", "ken"),
];
const LIGHT: usize = 0;
const L: usize = 1;
const MISA: usize = 2;
const NEAR: usize = 4;
const MELLO: usize = 5;
const MATSUDA: usize = 6;
const AIZAWA: usize = 7;

struct Table {
    admin: Browser,
    game: i64,
    seats: Vec<Browser>,
}

impl Table {
    fn seat(&self, i: usize) -> &Browser {
        &self.seats[i]
    }

    async fn seat_page(&self, i: usize) -> Page {
        let p = self.seats[i]
            .get(&format!("/games/{}/seat", self.game))
            .await;
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        p
    }

    async fn submit(&self, i: usize, kind: &str, fields: &[(&str, &str)]) -> Page {
        submit(&self.seats[i], self.game, kind, fields).await
    }

    async fn crafted(&self, i: usize, fields: &[(&str, &str)]) -> Page {
        crafted(&self.seats[i], self.game, fields).await
    }

    /// Every seat in `who` votes for itself through the vote form: all tie at one vote, so nobody
    /// is voted out (DN-15: |T1| ≥ 3, or K = 1 and |T1| > 1) and nobody owes a ballot (DN-16).
    async fn everyone_votes_for_themselves(&self, who: &[usize]) {
        for &i in who {
            let p = self.submit(i, "vote", &[("vote1", CAST[i].0)]).await;
            assert_eq!(p.status, StatusCode::OK, "{}", p.body);
            assert!(p.body.contains("投票已记录"), "{}", p.body);
        }
    }

    /// The judge resolves the act by the button.
    async fn resolve(&self) -> Page {
        let page = self.admin.get(&format!("/games/{}", self.game)).await;
        let path = format!("/games/{}/resolve", self.game);
        let (csrf, act) = (page.csrf(), page.hidden("act"));
        // Unticked, the button is refused and nothing resolves.
        let p = self
            .admin
            .post(&path, &[("csrf", &csrf), ("act", &act)])
            .await;
        p.assert_back_at(&format!("/games/{}", self.game));
        assert!(p.body.contains("需要先勾选确认框"), "{}", p.body);
        assert_eq!(
            self.admin
                .get(&format!("/games/{}", self.game))
                .await
                .hidden("act"),
            act
        );
        let p = self
            .admin
            .post(&path, &[("csrf", &csrf), ("act", &act), ("confirm", "yes")])
            .await;
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        p
    }
}

fn all_but(out: &[usize]) -> Vec<usize> {
    (0..CAST.len()).filter(|i| !out.contains(i)).collect()
}

/// Creates the game by the form, signs up the 11 accounts on the page, and starts it with the
/// fixed deal of `CAST` (Kiras 夜神月 with N1 and 弥海砂 with N2, DN-2).
async fn deal(app: &TestApp, title: &str) -> Table {
    let api = Api::new(app);
    let admin_token = api.token("admin", &app.admin_password).await;
    let admin = app.admin().await;
    let characters = CAST.map(|(g, _)| g).join("\n");
    let csrf = admin.get("/games/new").await.csrf();
    let created = admin
        .post(
            "/games",
            &[
                ("csrf", csrf.as_str()),
                ("title", title),
                ("act_minutes", "60"),
                ("min_seats", "6"),
                ("max_seats", "11"),
                ("characters", &characters),
                ("redistribute", "on"),
            ],
        )
        .await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.body);
    let game = game_id_of(&created.url);
    let mut seats = Vec::new();
    let mut setup = Vec::new();
    for (gid, real) in CAST {
        let b = app.player(real).await;
        let csrf = b.get(&format!("/games/{game}")).await.csrf();
        let p = b
            .post(&format!("/games/{game}/signup"), &[("csrf", &csrf)])
            .await;
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        setup.push(json!({"game_id": gid, "real_id": real}));
        seats.push(b);
    }
    let (s, body) = api
        .post(
            &format!("/api/v1/games/{game}/start"),
            &admin_token,
            json!({"setup": {"seats": setup, "kira": ["夜神月", "弥海砂"]}}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{body}");
    Table { admin, game, seats }
}

async fn public_page(app: &TestApp, game: i64) -> Page {
    let p = app.browser().get(&format!("/games/{game}")).await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    p
}

async fn dn_7_8_9_10_kill_form_right_and_wrong_guess(app: TestApp) {
    let t = deal(&app, "杀人表单局").await;
    let g = t.game;

    // Act 1: N1 is on turn (DN-4): 夜神月 gets the kill form, 弥海砂 does not.
    assert!(form_html(&t.seat_page(MISA).await, "kill").is_none());
    let light = t.seat_page(LIGHT).await;
    let kill = form_html(&light, "kill").expect("the kill form");
    assert!(
        !kill.contains(r#"<option value="夜神月">"#),
        "DN-7: the target list leaves out oneself"
    );
    assert!(
        kill.contains(r#"<option value="bob">"#),
        "the guess suggests the signed-up real IDs"
    );

    // DN-8: a wrong guess fails at once, and the reply tells the target's true real ID.
    let failed = t
        .submit(
            LIGHT,
            "kill",
            &[("target", "L"), ("real_id", "carol"), ("confirm", "yes")],
        )
        .await;
    assert_eq!(failed.status, StatusCode::OK, "{}", failed.body);
    assert!(
        failed
            .body
            .contains("已提交：杀人失败：此人的原身份是「bob」。"),
        "{}",
        failed.body
    );
    assert!(
        failed
            .body
            .contains("你提交「杀 L，猜原身份「carol」」→ 杀人失败：此人的原身份是「bob」。"),
        "the private log keeps the reply: {}",
        failed.body
    );
    // DN-6: the notebook has acted; the form is gone and a second kill is refused.
    assert!(form_html(&failed, "kill").is_none());
    let again = t
        .crafted(
            LIGHT,
            &[
                ("type", "kill"),
                ("target", "L"),
                ("real_id", "bob"),
                ("confirm", "yes"),
            ],
        )
        .await;
    again.assert_back_at(&format!("/games/{}/seat", t.game));
    assert!(again.body.contains("这本笔记本幕已经行动过了。"));

    t.everyone_votes_for_themselves(&all_but(&[])).await;
    t.resolve().await;
    // DN-10: the failed kill is public, without the killer; L is still in.
    let public = public_page(&app, g).await;
    assert!(
        public.body.contains("对 L 的杀人失败了。"),
        "{}",
        public.body
    );
    assert!(!public.body.contains("L 出局"));

    // Act 2: N2 is on turn. DN-7: the guess matches trimmed and ASCII case-insensitively.
    let killed = t
        .submit(
            MISA,
            "kill",
            &[("target", "L"), ("real_id", " BOB "), ("confirm", "yes")],
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
    // DN-9: until the resolution the victim is alive and votes as normal; nobody else knows.
    let victim = t.seat_page(L).await;
    assert!(fact(&victim, "状态").starts_with("存活"), "{}", victim.body);
    assert!(!public_page(&app, g).await.body.contains("L 出局"));
    t.everyone_votes_for_themselves(&all_but(&[])).await;
    let resolved = t.resolve().await;
    assert!(resolved.body.contains("第 2 幕结算"), "{}", resolved.body);

    // After the resolution: L is out, killed, in the public events.
    let public = public_page(&app, g).await;
    assert!(
        public.body.contains("L 出局（被笔记杀死），是好人。"),
        "{}",
        public.body
    );
    let victim = t.seat_page(L).await;
    assert!(
        fact(&victim, "状态").starts_with("第 2 幕出局（被笔记杀死）"),
        "{}",
        victim.body
    );
    assert!(victim.body.contains("现在没有可做的行动。"));
    let late = t.crafted(L, &[("type", "vote"), ("vote1", "夜神月")]).await;
    late.assert_back_at(&format!("/games/{}/seat", t.game));
    assert!(late.body.contains("你已出局，不能再行动。"));
    // The killers' target lists no longer offer L.
    let light = t.seat_page(LIGHT).await;
    let vote = form_html(&light, "vote").expect("the vote form");
    assert!(!vote.contains(r#"<option value="L">"#));
}

async fn dn_9_11_12_join_form_kira_thread_and_joined_kills(app: TestApp) {
    let t = deal(&app, "联手表单局").await;
    let g = t.game;

    // Act 1: 夜神月 names a good seat: only she learns it failed (DN-11).
    let failed = t
        .submit(LIGHT, "join", &[("target", "L"), ("confirm", "yes")])
        .await;
    assert_eq!(failed.status, StatusCode::OK, "{}", failed.body);
    assert!(
        failed.body.contains("已提交：联手失败。"),
        "{}",
        failed.body
    );
    assert!(!failed.body.contains("联手搭档"));
    assert!(!t.seat_page(MISA).await.body.contains("联手搭档"));
    t.everyone_votes_for_themselves(&all_but(&[])).await;
    t.resolve().await;
    let public = public_page(&app, g).await;
    assert!(
        public.body.contains("有基拉选择了联手：失败。"),
        "{}",
        public.body
    );

    // Act 2: 弥海砂 names 夜神月, who holds N1: both learn each other at once.
    let joined = t
        .submit(MISA, "join", &[("target", "夜神月"), ("confirm", "yes")])
        .await;
    assert_eq!(joined.status, StatusCode::OK, "{}", joined.body);
    assert!(
        joined
            .body
            .contains("已提交：联手成功：另一位基拉是 夜神月。"),
        "{}",
        joined.body
    );
    assert!(joined.body.contains("联手搭档：夜神月"), "{}", joined.body);
    let light = t.seat_page(LIGHT).await;
    assert!(light.body.contains("联手搭档：弥海砂"), "{}", light.body);

    // DN-12: the joined Kiras share a private thread; a good seat may not read it.
    let kira_thread = format!("/games/{g}/threads/kira");
    assert!(light.body.contains(&format!(r#"href="{kira_thread}""#)));
    let csrf = t.seat(LIGHT).get(&kira_thread).await.csrf();
    let posted = t
        .seat(LIGHT)
        .post(&kira_thread, &[("csrf", &csrf), ("body", "今晚杀谁？")])
        .await;
    assert_eq!(posted.status, StatusCode::OK, "{}", posted.body);
    let read = t.seat(MISA).get(&kira_thread).await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.body);
    assert!(read.body.contains("今晚杀谁？"));
    assert!(
        read.body.contains(r#"<span class="author">夜神月</span>"#),
        "authors are game IDs: {}",
        read.body
    );
    assert_eq!(
        t.seat(L).get(&kira_thread).await.status,
        StatusCode::FORBIDDEN
    );
    assert!(!t.seat_page(L).await.body.contains(&kira_thread));

    t.everyone_votes_for_themselves(&all_but(&[])).await;
    t.resolve().await;
    let public = public_page(&app, g).await;
    assert!(
        public.body.contains("有基拉选择了联手：成功。"),
        "{}",
        public.body
    );

    // Act 3: joined, both are on turn (DN-4, DN-12) and each owes an action; joining again is
    // impossible.
    for i in [LIGHT, MISA] {
        let seat = t.seat_page(i).await;
        assert!(seat.body.contains("本幕轮到你"), "{}", seat.body);
        assert!(seat.body.contains("笔记行动（杀人、联手或放弃）"));
        assert!(form_html(&seat, "join").is_none(), "{}", seat.body);
    }
    let rejoin = t
        .crafted(
            MISA,
            &[("type", "join"), ("target", "夜神月"), ("confirm", "yes")],
        )
        .await;
    rejoin.assert_back_at(&format!("/games/{}/seat", t.game));
    assert!(
        rejoin
            .body
            .contains("现在不能联手：持有两本笔记或已经联手。")
    );
    // DN-9: after a failed kill the same target may be tried with the other notebook on turn.
    let failed = t
        .submit(
            LIGHT,
            "kill",
            &[("target", "L"), ("real_id", "dave"), ("confirm", "yes")],
        )
        .await;
    assert_eq!(failed.status, StatusCode::OK, "{}", failed.body);
    assert!(
        failed.body.contains("此人的原身份是「bob」"),
        "{}",
        failed.body
    );
    let killed = t
        .submit(
            MISA,
            "kill",
            &[("target", "L"), ("real_id", "bob"), ("confirm", "yes")],
        )
        .await;
    assert_eq!(killed.status, StatusCode::OK, "{}", killed.body);
    assert!(killed.body.contains("杀人成功"), "{}", killed.body);
    t.everyone_votes_for_themselves(&all_but(&[])).await;
    t.resolve().await;
    let public = public_page(&app, g).await;
    assert!(
        public.body.contains("对 L 的杀人失败了。"),
        "{}",
        public.body
    );
    assert!(public.body.contains("L 出局（被笔记杀死），是好人。"));
    assert!(!public.body.contains("未行动自杀"), "{}", public.body);

    // Act 4: still both on turn; a kill on a seat another kill already killed is refused (DN-9).
    let first = t
        .submit(
            LIGHT,
            "kill",
            &[("target", "梅洛"), ("real_id", "FRANK"), ("confirm", "yes")],
        )
        .await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    assert!(first.body.contains("杀人成功"), "{}", first.body);
    let taken = t
        .submit(
            MISA,
            "kill",
            &[("target", "梅洛"), ("real_id", "frank"), ("confirm", "yes")],
        )
        .await;
    taken.assert_back_at(&format!("/games/{}/seat", t.game));
    assert!(
        taken.body.contains("被拒绝：此人本幕已被另一次杀人杀死。"),
        "{}",
        taken.body
    );
    let passed = t.submit(MISA, "pass", &[]).await;
    assert_eq!(passed.status, StatusCode::OK, "{}", passed.body);
    assert!(passed.body.contains("已放弃本幕行动。"));
    t.everyone_votes_for_themselves(&all_but(&[L])).await;
    t.resolve().await;
    let public = public_page(&app, g).await;
    assert!(public.body.contains("梅洛 出局（被笔记杀死），是好人。"));
    assert!(!public.body.contains("未行动自杀"), "{}", public.body);
    assert!(public.body.contains("第 5 幕"));
}

async fn dn_20_21_22_eye_forms(app: TestApp) {
    let t = deal(&app, "死神之眼表单局").await;
    let g = t.game;

    // Act 1, 夜神月's own turn: she requests the Eye (DN-20), granted at once. The form says
    // what it costs: alternating turns, out at resolution 1 + 4 (DN-22).
    let light = t.seat_page(LIGHT).await;
    let form = form_html(&light, "eye_request").expect("the eye_request form");
    assert!(
        form.contains("你将不能再转让笔记；你将在第 5 幕结算时出局，持有的笔记被销毁。"),
        "{form}"
    );
    let granted = t.submit(LIGHT, "eye_request", &[("confirm", "yes")]).await;
    assert_eq!(granted.status, StatusCode::OK, "{}", granted.body);
    assert!(
        granted.body.contains("已提交：已获得死神之眼。"),
        "{}",
        granted.body
    );
    assert!(granted.body.contains("你持有死神之眼。"));
    assert!(
        granted.body.contains(
            "死神之眼：你的 3 个己方回合已计 1 个；若你的回合照现在的规律继续，\
             你将在第 5 幕结算时出局，持有的笔记被销毁。"
        ),
        "{}",
        granted.body
    );
    assert!(
        form_html(&granted, "eye_request").is_none(),
        "once per game"
    );
    let twice = t
        .crafted(LIGHT, &[("type", "eye_request"), ("confirm", "yes")])
        .await;
    twice.assert_back_at(&format!("/games/{}/seat", t.game));
    assert!(
        twice
            .body
            .contains("现在不能申请死神之眼：每局只有一次，且须在自己的回合。")
    );

    // DN-21: the Eye names a game ID other than her own …
    let eye = form_html(&granted, "eye_use").expect("the eye_use form");
    assert!(!eye.contains(r#"<option value="夜神月">"#));
    let own = t
        .crafted(LIGHT, &[("type", "eye_use"), ("target", "夜神月")])
        .await;
    own.assert_back_at(&format!("/games/{}/seat", t.game));
    assert!(own.body.contains("被拒绝：不能以自己为目标。"));
    // … and tells its real ID and whether it is Kira.
    let seen = t.submit(LIGHT, "eye_use", &[("target", "弥海砂")]).await;
    assert_eq!(seen.status, StatusCode::OK, "{}", seen.body);
    assert!(
        seen.body
            .contains("已提交：弥海砂 的原身份是「carol」，是基拉。"),
        "{}",
        seen.body
    );
    // Once per own turn.
    let more = t
        .crafted(LIGHT, &[("type", "eye_use"), ("target", "L")])
        .await;
    more.assert_back_at(&format!("/games/{}/seat", t.game));
    assert!(more.body.contains("本回合已经用过死神之眼。"));
    // DN-18: no transfer while holding the Eye.
    assert!(form_html(&more, "transfer").is_none());
    let transfer = t
        .crafted(
            LIGHT,
            &[("type", "transfer"), ("target", "L"), ("confirm", "yes")],
        )
        .await;
    transfer.assert_back_at(&format!("/games/{}/seat", t.game));
    assert!(transfer.body.contains("现在不能转让"));
    // DN-8: with the Eye, a failed kill tells nothing.
    let failed = t
        .submit(
            LIGHT,
            "kill",
            &[("target", "L"), ("real_id", "carol"), ("confirm", "yes")],
        )
        .await;
    assert_eq!(failed.status, StatusCode::OK, "{}", failed.body);
    assert!(
        failed
            .body
            .contains("已提交：杀人失败（持有死神之眼，得不到任何信息）。"),
        "{}",
        failed.body
    );
    assert!(!failed.body.contains("此人的原身份是"));
    t.everyone_votes_for_themselves(&all_but(&[])).await;
    t.resolve().await;
    let public = public_page(&app, g).await;
    assert!(
        public.body.contains("有基拉获得了死神之眼。"),
        "{}",
        public.body
    );
    assert!(
        !public.body.contains("原身份是"),
        "the target is never published"
    );

    // Acts 2–5, alternating turns: the Eye is used only in her own turns (acts 3 and 5).
    for act in 2..=5 {
        if act % 2 == 0 {
            assert!(form_html(&t.seat_page(LIGHT).await, "eye_use").is_none());
            assert_eq!(t.submit(MISA, "pass", &[]).await.status, StatusCode::OK);
        } else {
            let seen = t.submit(LIGHT, "eye_use", &[("target", "L")]).await;
            assert_eq!(seen.status, StatusCode::OK, "{}", seen.body);
            assert!(
                seen.body
                    .contains("已提交：L 的原身份是「bob」，不是基拉。"),
                "{}",
                seen.body
            );
            assert_eq!(t.submit(LIGHT, "pass", &[]).await.status, StatusCode::OK);
        }
        t.everyone_votes_for_themselves(&all_but(&[])).await;
        t.resolve().await;
        let public = public_page(&app, g).await;
        // DN-22: requested in act 1, alternating: out at resolution 1 + 4.
        assert_eq!(
            public.body.contains("夜神月 出局（死神之眼寿命耗尽）"),
            act == 5,
            "act {act}: {}",
            public.body
        );
    }
    let public = public_page(&app, g).await;
    assert!(
        public
            .body
            .contains("夜神月 出局（死神之眼寿命耗尽），是基拉；笔记被销毁。"),
        "{}",
        public.body
    );
    let light = t.seat_page(LIGHT).await;
    assert!(
        fact(&light, "状态").starts_with("第 5 幕出局（死神之眼寿命耗尽）"),
        "{}",
        light.body
    );
    // DN-28: she went out as Kira, and her page says so although she holds nothing now.
    assert_eq!(
        fact(&light, "角色"),
        "基拉（已出局，不再持有笔记）",
        "{}",
        light.body
    );
    assert!(light.body.contains("role-marked"));
}

async fn dn_18_19_23_24_transfer_and_heir_forms(app: TestApp) {
    let t = deal(&app, "转让表单局").await;
    let g = t.game;

    // Act 1, 11 alive (> 8, DN-18): 夜神月 transfers N1 to 尼亚. The form says what it costs
    // (DN-19, second edition: a transfer in act 1 opens resolutions 3 and 4).
    let light = t.seat_page(LIGHT).await;
    assert!(light.body.contains("可转让"), "{}", light.body);
    let form = form_html(&light, "transfer").expect("the transfer form");
    assert!(
        form.contains(
            "你立即成为好人，无法撤回。若第 3 或第 4 幕结算时有基拉被投出或被杀，你收回其笔记；\
             若到第 4 幕结算仍无基拉被投出或被杀，你将出局。"
        ),
        "{form}"
    );
    let transferred = t
        .submit(LIGHT, "transfer", &[("target", "尼亚"), ("confirm", "yes")])
        .await;
    assert_eq!(transferred.status, StatusCode::OK, "{}", transferred.body);
    assert!(
        transferred.body.contains("已提交：笔记已转让。"),
        "{}",
        transferred.body
    );
    // The giver is good at once; the receiver is Kira with that notebook, and cannot give it on.
    assert_eq!(fact(&transferred, "角色"), "好人");
    assert!(form_html(&transferred, "kill").is_none());
    assert!(
        transferred.body.contains(
            "你在第 1 幕转让了 N1。若第 3 或第 4 幕结算时有基拉被投出或被杀，你收回其笔记；\
             若到第 4 幕结算仍无基拉被投出或被杀，你将出局。"
        ),
        "DN-19: the giver sees his window: {}",
        transferred.body
    );
    let near = t.seat_page(NEAR).await;
    assert_eq!(fact(&near, "角色"), "基拉（持有笔记 N1）", "{}", near.body);
    assert!(
        near.body
            .contains("你得到了笔记 N1，成为基拉（这本不能再转让）。"),
        "{}",
        near.body
    );
    assert!(form_html(&near, "transfer").is_none());
    let onward = t
        .crafted(
            NEAR,
            &[("type", "transfer"), ("target", "L"), ("confirm", "yes")],
        )
        .await;
    onward.assert_back_at(&format!("/games/{}/seat", t.game));
    assert!(onward.body.contains("现在不能转让"));

    // DN-24: 尼亚 names an heir for N1 (not herself); 弥海砂, not on turn, names one for N2.
    let heir = form_html(&near, "heir").expect("the heir form");
    assert!(!heir.contains(r#"<option value="尼亚">"#));
    let own = t
        .crafted(NEAR, &[("type", "heir"), ("target", "尼亚")])
        .await;
    own.assert_back_at(&format!("/games/{}/seat", t.game));
    assert!(own.body.contains("不能以自己为目标。"));
    let named = t.submit(NEAR, "heir", &[("target", "松田")]).await;
    assert_eq!(named.status, StatusCode::OK, "{}", named.body);
    assert!(
        named.body.contains("已提交：继承人已指定。"),
        "{}",
        named.body
    );
    assert!(named.body.contains("继承人：松田"), "{}", named.body);
    let misa = t.submit(MISA, "heir", &[("target", "相泽")]).await;
    assert_eq!(misa.status, StatusCode::OK, "{}", misa.body);
    assert!(misa.body.contains("继承人：相泽"));

    // Everyone votes out both Kiras (K = 2, |T1| = 2: both out, DN-15). Resolution 1 is outside
    // 夜神月's window (DN-19: T+2, T+3), so both notebooks are destroyed; 9 alive → one
    // notebook, N1, is dealt again to N1's heir (DN-23, DN-24). 尼亚 received N1 during the act, so
    // she owed no action for it (DN-6).
    for i in all_but(&[]) {
        let p = t
            .submit(i, "vote", &[("vote1", "尼亚"), ("vote2", "弥海砂")])
            .await;
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    }
    t.resolve().await;
    let public = public_page(&app, g).await;
    for event in [
        "有一本笔记被转让了。",
        "尼亚 出局（被投票出局），是基拉；笔记被销毁。",
        "弥海砂 出局（被投票出局），是基拉；笔记被销毁。",
        "重新分配了 1 本笔记。",
    ] {
        assert!(public.body.contains(event), "{event}: {}", public.body);
    }
    assert!(!public.body.contains("未行动自杀"), "{}", public.body);
    let matsuda = t.seat_page(MATSUDA).await;
    assert_eq!(
        fact(&matsuda, "角色"),
        "基拉（持有笔记 N1）",
        "{}",
        matsuda.body
    );
    assert!(
        matsuda
            .body
            .contains("你得到了笔记 N1，成为基拉（这本不能再转让）。"),
        "DN-23: with 9 to 13 alive the single notebook is never transferable: {}",
        matsuda.body
    );
    assert_eq!(fact(&t.seat_page(AIZAWA).await, "角色"), "好人");

    // DN-19: 夜神月 holds no notebook when his window ends at resolution 4 (T+3): out. Nobody
    // is voted out or killed in acts 2–4, so nothing is recaptured.
    for act in 2..=4 {
        let light = t.seat_page(LIGHT).await;
        let window = if act < 4 {
            "若第 3 或第 4 幕结算时有基拉被投出或被杀，你收回其笔记"
        } else {
            "若第 4 幕结算时有基拉被投出或被杀，你收回其笔记"
        };
        assert!(light.body.contains(window), "act {act}: {}", light.body);
        let p = t.submit(MATSUDA, "pass", &[]).await;
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        t.everyone_votes_for_themselves(&all_but(&[NEAR, MISA]))
            .await;
        t.resolve().await;
        let public = public_page(&app, g).await;
        assert_eq!(
            public
                .body
                .contains("夜神月 出局（转让后未能回收笔记），是好人。"),
            act == 4,
            "act {act}: {}",
            public.body
        );
    }
    // He went out good: his page says so (DN-28: the role when out).
    let light = t.seat_page(LIGHT).await;
    assert_eq!(fact(&light, "角色"), "好人", "{}", light.body);
    assert!(
        !light.body.contains("你在第 1 幕转让了"),
        "no window once out"
    );
}

async fn refused_forms_come_back_in_the_readers_language(app: TestApp) {
    let t = deal(&app, "拒绝表单局").await;
    let g = t.game;

    // DN-4: N2 is not on turn in act 1; 弥海砂's page offers no kill, and a crafted one is refused.
    let misa = t.seat_page(MISA).await;
    assert!(form_html(&misa, "kill").is_none());
    assert!(misa.body.contains("本幕你没有当值的笔记。"));
    let refused = t
        .crafted(
            MISA,
            &[
                ("type", "kill"),
                ("target", "L"),
                ("real_id", "bob"),
                ("confirm", "yes"),
            ],
        )
        .await;
    refused.assert_back_at(&format!("/games/{}/seat", t.game));
    assert!(
        refused.body.contains("被拒绝：本幕没有轮到你的笔记。"),
        "{}",
        refused.body
    );
    assert!(
        refused.body.contains(
            r#"<li class="refused" title="DN-4"><span class="act">第 1 幕</span> 你提交「杀 L，猜原身份「bob」」→ 被拒绝：本幕没有轮到你的笔记。</li>"#
        ),
        "the refusal stays in the log: {}",
        refused.body
    );
    // The same seat, read in English, sees the refusal in English.
    let en = app.browser_in("en");
    en.login(CAST[MISA].1, "password-123").await;
    let en_refused = crafted(
        &en,
        g,
        &[
            ("type", "kill"),
            ("target", "L"),
            ("real_id", "bob"),
            ("confirm", "yes"),
        ],
    )
    .await;
    en_refused.assert_back_at(&format!("/games/{}/seat", t.game));
    assert!(
        en_refused
            .body
            .contains("Refused: No notebook of yours is on turn this act."),
        "{}",
        en_refused.body
    );
    assert!(
        en_refused
            .body
            .contains("refused: No notebook of yours is on turn this act."),
        "{}",
        en_refused.body
    );

    // DN-7: no kill on oneself (the form does not offer it).
    let own = t
        .crafted(
            LIGHT,
            &[
                ("type", "kill"),
                ("target", "夜神月"),
                ("real_id", "alice"),
                ("confirm", "yes"),
            ],
        )
        .await;
    own.assert_back_at(&format!("/games/{}/seat", t.game));
    assert!(own.body.contains("被拒绝：不能以自己为目标。"));
    // A good seat has no notebook.
    let good = t
        .crafted(
            MELLO,
            &[
                ("type", "kill"),
                ("target", "L"),
                ("real_id", "bob"),
                ("confirm", "yes"),
            ],
        )
        .await;
    good.assert_back_at(&format!("/games/{}/seat", t.game));
    assert!(good.body.contains("只有基拉（持有笔记的人）能这样做。"));
    // DN-14: a ballot cannot name the same seat twice.
    let twice = t
        .submit(MELLO, "vote", &[("vote1", "L"), ("vote2", "L")])
        .await;
    twice.assert_back_at(&format!("/games/{}/seat", t.game));
    assert!(twice.body.contains("一张票不能重复投同一人。"));
    assert!(
        twice.body.contains("本幕还欠：投票"),
        "a refusal changes nothing"
    );
    // An empty guess never reaches the rules.
    let empty = t
        .crafted(
            LIGHT,
            &[
                ("type", "kill"),
                ("target", "L"),
                ("real_id", "  "),
                ("confirm", "yes"),
            ],
        )
        .await;
    empty.assert_back_at(&format!("/games/{}/seat", t.game));

    // None of the refusals used up 夜神月's turn: the kill form is still there.
    let light = t.seat_page(LIGHT).await;
    assert!(form_html(&light, "kill").is_some());
    assert!(light.body.contains("笔记行动（杀人、联手或放弃）"));
}

/// The step a seat form carries: a ballot picked in act 1 and sent after the judge resolved act
/// 1 is refused (never an act-2 ballot), the form comes back with the choice kept, and nothing
/// is logged; the API's optional `phase` does the same.
async fn a_form_made_in_an_act_that_has_ended_never_counts(app: TestApp) {
    let t = deal(&app, "过期表单局").await;
    let g = t.game;
    let api = Api::new(&app);
    let token = api.token(CAST[MATSUDA].1, "password-123").await;
    let me = format!("/api/v1/games/{g}/me");
    let logged = |me: &serde_json::Value| me["private"].as_array().map_or(0, Vec::len);

    // 松田 opens the seat page in act 1: its vote form is made for step 1.
    let stale = t.seat_page(MATSUDA).await;
    let form = form_html(&stale, "vote").expect("the vote form");
    assert!(form.contains(r#"name="step" value="1""#), "{form}");
    let (csrf, step) = (stale.csrf(), stale.hidden("step"));
    t.everyone_votes_for_themselves(&all_but(&[])).await;
    t.resolve().await;
    let (_, before) = api.get(&me, Some(&token)).await;

    // Act 2 is open; the act-1 form is sent now.
    let p = t
        .seat(MATSUDA)
        .post(
            &format!("/games/{g}/actions"),
            &[
                ("csrf", &csrf),
                ("step", &step),
                ("type", "vote"),
                ("vote1", "L"),
            ],
        )
        .await;
    p.assert_back_at(&format!("/games/{g}/seat"));
    assert!(
        p.body
            .contains("被拒绝：这个表单是在已经结算的一幕里打开的，本次提交没有记录。"),
        "{}",
        p.body
    );
    assert!(!p.body.contains(r#"class="notice outcome""#), "{}", p.body);
    // The form comes back drawn for act 2, the choice kept.
    let again = form_html(&p, "vote").expect("the vote form again");
    assert!(again.contains(r#"name="step" value="2""#), "{again}");
    assert!(again.contains(r#"<option value="L" selected>"#), "{again}");
    let (_, after) = api.get(&me, Some(&token)).await;
    assert_eq!(logged(&after), logged(&before), "nothing logged: {after}");
    // A form without a step (a page made before forms carried one) counts nowhere either.
    let bare = t
        .seat(MATSUDA)
        .post(
            &format!("/games/{g}/actions"),
            &[("csrf", &csrf), ("type", "vote"), ("vote1", "L")],
        )
        .await;
    assert!(bare.body.contains("这个表单是在已经结算的一幕里打开的"));
    let (_, after) = api.get(&me, Some(&token)).await;
    assert_eq!(logged(&after), logged(&before), "nothing logged: {after}");

    // The API: a stale `phase` is 409 already_resolved and not logged; a future one is refused
    // too; the open one is counted; a `phase` that is no step is 400.
    let actions = format!("/api/v1/games/{g}/actions");
    let vote = |phase: serde_json::Value| json!({"type": "vote", "targets": ["L"], "phase": phase});
    let (s, body) = api.post(&actions, &token, vote(json!(1))).await;
    assert_eq!(s, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["error"], "already_resolved", "{body}");
    let (s, body) = api.post(&actions, &token, vote(json!(3))).await;
    assert_eq!(s, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["error"], "act_not_open", "{body}");
    let (s, body) = api.post(&actions, &token, vote(json!("2"))).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{body}");
    let (_, after) = api.get(&me, Some(&token)).await;
    assert_eq!(logged(&after), logged(&before), "nothing logged: {after}");
    let (s, body) = api.post(&actions, &token, vote(json!(2))).await;
    assert_eq!(s, StatusCode::OK, "{body}");
    assert_eq!(body["ok"], true, "{body}");
    let (_, after) = api.get(&me, Some(&token)).await;
    assert_eq!(logged(&after), logged(&before) + 1, "{after}");
}
