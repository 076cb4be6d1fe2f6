use crate::helpers::{Api, TestApp};
use crate::on_both_backends;
use reqwest::StatusCode;
use serde_json::json;

on_both_backends!(
    register_sign_out_and_sign_in,
    wrong_password_is_refused_without_saying_which,
    taken_and_invalid_names_keep_the_form,
    sign_in_is_rate_limited,
    post_without_csrf_token_is_refused_and_changes_nothing,
    password_change_ends_other_sessions,
    admin_promotes_a_judge,
    both_languages,
    account_history_reads_in_words,
    the_games_board_is_named_in_the_readers_language,
);

async fn register_sign_out_and_sign_in(app: TestApp) {
    let raw = app
        .api()
        .get(app.url("/register"))
        .send()
        .await
        .expect("GET");
    let cookie = raw
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    assert!(cookie.starts_with("maku_session="), "{cookie}");
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
    assert!(!cookie.contains("Secure"), "Secure only when configured");
    let b = app.browser();
    let p = b.register("alice", "password-123").await;
    assert_eq!(p.status, StatusCode::OK);
    assert!(
        p.body.contains(r#"href="/u/alice""#),
        "signed in after registering"
    );
    let p = b.logout().await;
    assert!(!p.body.contains(r#"href="/u/alice""#), "signed out");
    assert!(p.body.contains(r#"href="/login""#));
    let p = b.login("ALICE", "password-123").await;
    assert_eq!(p.status, StatusCode::OK);
    assert!(
        p.body.contains(r#"href="/u/alice""#),
        "names compare ASCII-case-insensitively"
    );
}

async fn wrong_password_is_refused_without_saying_which(app: TestApp) {
    app.player("bob").await;
    let b = app.browser();
    let wrong = b.login("bob", "not-the-password").await;
    wrong.assert_back_at("/login");
    assert!(wrong.body.contains("用户名或密码错误"));
    let unknown = b.login("nobody", "not-the-password").await;
    unknown.assert_back_at("/login");
    assert!(
        unknown.body.contains("用户名或密码错误"),
        "same message for unknown names"
    );
    assert!(
        wrong.body.contains(r#"value="bob""#),
        "the typed name is kept"
    );
    assert!(
        !wrong.body.contains("not-the-password"),
        "the password is never echoed"
    );
}

async fn taken_and_invalid_names_keep_the_form(app: TestApp) {
    app.player("carol").await;
    let b = app.browser();
    let p = b.register("Carol", "password-123").await;
    p.assert_back_at("/register");
    assert!(p.body.contains("这个用户名已被使用"));
    let p = b.register("x", "password-123").await;
    p.assert_back_at("/register");
    assert!(p.body.contains("2 至 32"));
    let long = "名".repeat(40);
    let p = b.register(&long, "password-123").await;
    p.assert_back_at("/register");
    assert!(p.body.contains(r#"role="alert""#), "{}", p.body);
    let p = b.register("dave", "short").await;
    p.assert_back_at("/register");
    assert!(p.body.contains(r#"value="dave""#));
    // Nothing half-written: dave does not exist.
    let p = b.login("dave", "short").await;
    p.assert_back_at("/login");
    assert!(p.body.contains("用户名或密码错误"));
    // A form with a field missing is a clear 400, not a crash.
    let csrf = b.get("/register").await.csrf();
    let p = b
        .post("/register", &[("csrf", &csrf), ("username", "erin")])
        .await;
    assert_eq!(p.status, StatusCode::BAD_REQUEST);
    assert!(p.body.contains("请求无效"));
    // Invalid UTF-8 likewise.
    let mut raw = format!("csrf={csrf}&password=password-123&username=").into_bytes();
    raw.extend_from_slice(b"%FF%FE");
    let p = b.post_raw("/register", raw).await;
    assert_eq!(p.status, StatusCode::BAD_REQUEST);
}

async fn sign_in_is_rate_limited(app: TestApp) {
    app.player("frank").await;
    let b = app.browser();
    let mut statuses = Vec::new();
    for _ in 0..7 {
        let p = b.login("frank", "wrong-password").await;
        p.assert_back_at("/login");
        statuses.push(p.body.contains("尝试次数过多"));
    }
    assert!(!statuses[0], "the first wrong password is just wrong");
    let limited = b.login("frank", "password-123").await;
    limited.assert_back_at("/login");
    assert!(
        !limited.body.contains(r#"href="/u/frank""#),
        "not signed in: {statuses:?}"
    );
    assert!(limited.body.contains("尝试次数过多"));
    // Another account from another client is not affected by frank's limit.
    app.player("grace").await;
}

async fn post_without_csrf_token_is_refused_and_changes_nothing(app: TestApp) {
    let slug = app.board("general").await;
    let b = app.player("heidi").await;
    let p = b
        .post(
            &format!("/b/{slug}/threads"),
            &[("csrf", "forged"), ("title", "t"), ("body", "b")],
        )
        .await;
    assert_eq!(p.status, StatusCode::FORBIDDEN);
    assert!(p.body.contains("表单已过期"));
    let p = b
        .post(
            &format!("/b/{slug}/threads"),
            &[("title", "t"), ("body", "b")],
        )
        .await;
    assert_eq!(
        p.status,
        StatusCode::FORBIDDEN,
        "a missing token is refused as a stale one (web::posted)"
    );
    assert!(p.body.contains("表单已过期"));
    let board = b.get(&format!("/b/{slug}")).await;
    assert!(
        board.body.contains("这个版块还没有主题"),
        "no thread was created"
    );
    // Another browser's token is not this session's.
    let other = app.browser();
    let foreign = other.get("/register").await.csrf();
    let p = b.post("/logout", &[("csrf", &foreign)]).await;
    assert_eq!(p.status, StatusCode::FORBIDDEN);
    assert!(
        b.get("/").await.body.contains(r#"href="/u/heidi""#),
        "still signed in"
    );
}

async fn password_change_ends_other_sessions(app: TestApp) {
    let laptop = app.player("ivan").await;
    let phone = app.browser();
    phone.login("ivan", "password-123").await;
    assert!(phone.get("/").await.body.contains(r#"href="/u/ivan""#));
    let csrf = laptop.get("/account/password").await.csrf();
    let wrong = laptop
        .post(
            "/account/password",
            &[
                ("csrf", &csrf),
                ("old_password", "nope-nope"),
                ("new_password", "new-password-1"),
            ],
        )
        .await;
    wrong.assert_back_at("/account/password");
    assert!(wrong.body.contains(r#"role="alert""#), "{}", wrong.body);
    assert!(!wrong.body.contains("密码已修改"));
    let ok = laptop
        .post(
            "/account/password",
            &[
                ("csrf", &csrf),
                ("old_password", "password-123"),
                ("new_password", "new-password-1"),
            ],
        )
        .await;
    ok.assert_back_at("/account/password");
    assert!(ok.body.contains("密码已修改"));
    assert!(
        !laptop
            .get("/account/password")
            .await
            .body
            .contains("密码已修改"),
        "said once"
    );
    assert!(
        laptop.get("/").await.body.contains(r#"href="/u/ivan""#),
        "this session stays"
    );
    assert!(
        !phone.get("/").await.body.contains(r#"href="/u/ivan""#),
        "the other one ended"
    );
    phone
        .login("ivan", "password-123")
        .await
        .assert_back_at("/login");
    let p = phone.login("ivan", "new-password-1").await;
    assert_eq!(p.status, StatusCode::OK);
    assert!(p.body.contains(r#"href="/u/ivan""#));
    // Signing out ends the server-side session: the old cookie is worthless.
    let cookie_jar_reuse = laptop.logout().await;
    assert!(!cookie_jar_reuse.body.contains(r#"href="/u/ivan""#));
}

async fn admin_promotes_a_judge(app: TestApp) {
    let judy = app.player("judy").await;
    assert_eq!(judy.get("/admin").await.status, StatusCode::FORBIDDEN);
    let admin = app.admin().await;
    let page = admin.get("/admin").await;
    assert!(page.body.contains("judy"));
    let p = admin
        .post(
            "/admin/roles",
            &[
                ("csrf", &page.csrf()),
                ("username", "judy"),
                ("role", "judge"),
            ],
        )
        .await;
    p.assert_back_at("/admin");
    let profile = judy.get("/u/judy").await;
    assert!(profile.body.contains("法官"));
    let p = admin
        .post(
            "/admin/roles",
            &[
                ("csrf", &page.csrf()),
                ("username", "admin"),
                ("role", "player"),
            ],
        )
        .await;
    p.assert_back_at("/admin");
    assert!(
        p.body.contains(r#"role="alert""#),
        "an admin cannot demote herself"
    );
    let p = admin
        .post(
            "/admin/roles",
            &[
                ("csrf", &page.csrf()),
                ("username", "judy"),
                ("role", "king"),
            ],
        )
        .await;
    p.assert_back_at("/admin");
    assert!(p.body.contains(r#"role="alert""#));
    // The account history records it.
    let events = admin.get("/admin").await;
    assert!(events.body.contains("角色变更"));
    assert!(events.body.contains("玩家 → 法官"), "the roles in words");
}

async fn both_languages(app: TestApp) {
    let zh = app.browser();
    assert!(zh.get("/").await.body.contains("<h1>版块</h1>"));
    let en = app.browser_in("en-US,en;q=0.9");
    let p = en.get("/login").await;
    assert!(p.body.contains("<h1>Sign in</h1>"));
    assert!(p.body.contains(r#"<html lang="en">"#));
    let wrong = en.login("nobody", "whatever-pw").await;
    assert!(wrong.body.contains("Wrong user name or password."));
    // The switch overrides Accept-Language and sticks.
    let p = en.get("/lang/zh-CN").await;
    assert!(p.body.contains(r#"<html lang="zh-CN">"#));
    assert!(en.get("/register").await.body.contains("<h1>注册</h1>"));
    let p = zh.get("/lang/en").await;
    assert!(p.body.contains("<h1>Boards</h1>"));
    assert_eq!(zh.get("/lang/xx").await.status, StatusCode::NOT_FOUND);
}

/// The account history on the admin page and the audit, in both languages: kinds, roles and
/// details in words; the stored kind only in the cell's tooltip.
async fn account_history_reads_in_words(app: TestApp) {
    let b = app.browser();
    b.register("carol", "password-123").await;
    app.browser().login("carol", "wrong-password").await;
    let admin = app.admin().await;
    let csrf = admin.get("/admin").await.csrf();
    admin
        .post(
            "/admin/roles",
            &[("csrf", &csrf), ("username", "carol"), ("role", "judge")],
        )
        .await;
    let en = app.browser_in("en");
    en.login("admin", &app.admin_password).await;
    for (who, lang, words) in [
        (
            &admin,
            "zh-CN",
            ["注册", "登录失败", "角色变更", "玩家 → 法官"],
        ),
        (
            &en,
            "en",
            [
                "registered",
                "sign-in failed",
                "role changed",
                "Player → Judge",
            ],
        ),
    ] {
        for path in ["/admin", "/admin/audit?account=carol"] {
            let page = who.get(path).await;
            assert_eq!(page.status, StatusCode::OK);
            for w in words {
                assert!(page.body.contains(w), "{lang} {path}: {w} in {}", page.body);
            }
            for raw in [
                "<td>registered</td>",
                "<td>role_changed</td>",
                "<td>sign_in_failed</td>",
                "player -> judge",
                "<td>player</td>",
            ] {
                assert!(!page.body.contains(raw), "{lang} {path}: {raw}");
            }
            assert!(
                page.body.contains(r#"title="role_changed""#),
                "the code as a tooltip"
            );
        }
        // Each role select is labelled with its account.
        let page = who.get("/admin").await;
        let label = if lang == "en" {
            "Role of carol"
        } else {
            "carol 的角色"
        };
        assert!(
            page.body
                .contains(&format!(r#"<select name="role" aria-label="{label}">"#)),
            "{}",
            page.body
        );
    }
}

async fn the_games_board_is_named_in_the_readers_language(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "命名局", "variant": "deathnote"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let check = |zh: bool, body: &str| {
        if zh {
            assert!(
                body.contains(r#"<a class="title" href="/b/games">游戏</a>"#),
                "{body}"
            );
        } else {
            assert!(
                body.contains(r#"<a class="title" href="/b/games">Games</a>"#),
                "{body}"
            );
        }
        assert!(!body.contains("游戏 Games"), "{body}");
    };
    check(true, &app.browser().get("/").await.body);
    check(false, &app.browser_in("en").get("/").await.body);
    // The sign-up thread's title: the system's part in the reader's language.
    let board = app.browser_in("en").get("/b/games").await;
    assert!(
        board.body.contains("<h1>Games</h1>") || board.body.contains(">Games<"),
        "{}",
        board.body
    );
    assert!(board.body.contains("命名局 · sign-up"), "{}", board.body);
    assert!(
        app.browser()
            .get("/b/games")
            .await
            .body
            .contains("命名局 · 报名")
    );
    // A database made before: the board's old title reads in the reader's language too.
    app.state
        .write(|c| {
            use diesel::prelude::*;
            use maku::db::schema::boards;
            diesel::update(boards::table.filter(boards::slug.eq("games")))
                .set(boards::title.eq("游戏 Games"))
                .execute(c)?;
            Ok(())
        })
        .await
        .expect("db");
    check(false, &app.browser_in("en").get("/").await.body);
    check(true, &app.browser().get("/").await.body);
}
