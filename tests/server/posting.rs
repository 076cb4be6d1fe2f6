use crate::helpers::{TestApp, thread_id_of};
use crate::on_both_backends;
use reqwest::StatusCode;

on_both_backends!(
    thread_and_reply_render_markdown,
    xss_attempts_are_neutralised,
    quote_reply_quotes_the_post,
    edit_keeps_history_for_admins,
    only_this_author_filter,
    thirty_posts_a_page_and_new_marks,
    locked_and_deleted_threads_refuse_replies,
    a_refused_post_keeps_the_text,
);

async fn thread_and_reply_render_markdown(app: TestApp) {
    let slug = app.board("general").await;
    let alice = app.player("alice").await;
    let id = alice
        .new_thread(&slug, "第一局报名", "**大家好**\n\n- 一\n- 二")
        .await;
    let bob = app.player("bob").await;
    let p = bob
        .reply(id, "我来了 [规则](https://example.org/rules)")
        .await;
    assert_eq!(p.status, StatusCode::OK);
    assert!(p.url.contains(&format!("/t/{id}")));
    assert!(p.body.contains("<strong>大家好</strong>"));
    assert!(p.body.contains("<li>二</li>"));
    assert!(p.body.contains(r#"rel="nofollow noopener""#));
    let board = app.browser().get(&format!("/b/{slug}")).await;
    assert!(board.body.contains("第一局报名"));
    // Anonymous readers can read but get no reply form.
    let anon = app.browser().get(&format!("/t/{id}")).await;
    assert!(anon.body.contains("我来了"));
    assert!(!anon.body.contains(&format!(r#"action="/t/{id}/posts""#)));
    assert_eq!(
        app.browser().get("/t/999999").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.browser().get("/b/nope").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.browser().get("/t/abc").await.status,
        StatusCode::NOT_FOUND
    );
}

async fn xss_attempts_are_neutralised(app: TestApp) {
    let slug = app.board("general").await;
    let mallory = app.player("mallory").await;
    let id = mallory
        .new_thread(
            &slug,
            "<script>alert('title')</script>",
            "<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n[click](javascript:alert(3))\n\n<a href=\"https://evil.example\" onclick=\"x()\">x</a>",
        )
        .await;
    let page = app.browser().get(&format!("/t/{id}")).await;
    assert!(
        !page.body.contains("<script>alert"),
        "no script element from a post"
    );
    assert!(!page.body.contains("onerror"), "no event handler");
    assert!(!page.body.contains("onclick"));
    assert!(!page.body.contains("javascript:alert"));
    assert!(
        page.body.contains("&#60;script&#62;alert"),
        "the title is escaped as text"
    );
    let csp = app
        .api()
        .get(app.url(&format!("/t/{id}")))
        .send()
        .await
        .expect("GET")
        .headers()
        .get("content-security-policy")
        .map(|v| v.to_str().unwrap_or("").to_string())
        .unwrap_or_default();
    assert!(csp.contains("script-src 'self'"));
}

async fn quote_reply_quotes_the_post(app: TestApp) {
    let slug = app.board("general").await;
    let alice = app.player("alice").await;
    let id = alice.new_thread(&slug, "讨论", "我觉得 L 是好人").await;
    let bob = app.player("bob").await;
    let thread = bob.get(&format!("/t/{id}")).await;
    let quote_link = thread
        .body
        .split(&format!("/t/{id}?quote="))
        .nth(1)
        .and_then(|s| s.split('#').next())
        .expect("a quote link")
        .to_string();
    let form = bob.get(&format!("/t/{id}?quote={quote_link}")).await;
    assert!(
        form.body.contains("&#62; **alice**:"),
        "the reply box holds the quote"
    );
    assert!(form.body.contains("&#62; 我觉得 L 是好人"));
    let p = bob
        .post(
            &format!("/t/{id}/posts"),
            &[
                ("csrf", &form.csrf()),
                ("body", "> **alice**:\n> 我觉得 L 是好人\n\n不同意"),
                ("quote", &quote_link),
            ],
        )
        .await;
    assert_eq!(p.status, StatusCode::OK);
    assert!(p.body.contains("<blockquote>"));
    assert!(p.body.contains("不同意"));
    let bad = bob
        .post(
            &format!("/t/{id}/posts"),
            &[("csrf", &form.csrf()), ("body", "x"), ("quote", "99999")],
        )
        .await;
    // Quoting a post of no thread: refused, back to the thread with the text kept.
    bad.assert_back_at(&format!("/t/{id}"));
    assert!(bad.body.contains(r#"role="alert""#), "{}", bad.body);
    assert!(bad.body.contains(">x</textarea>"), "{}", bad.body);
}

async fn edit_keeps_history_for_admins(app: TestApp) {
    let slug = app.board("general").await;
    let alice = app.player("alice").await;
    let id = alice.new_thread(&slug, "编辑", "第一版").await;
    let thread = alice.get(&format!("/t/{id}")).await;
    assert!(
        thread.body.contains(&format!(r#"href="/t/{id}/1/edit""#)),
        "the edit link names the post by thread and floor: {}",
        thread.body
    );
    let post_id = format!("{id}/1");
    let form = alice.get(&format!("/t/{post_id}/edit")).await;
    assert!(form.body.contains("第一版"));
    let p = alice
        .post(
            &format!("/t/{post_id}/edit"),
            &[("csrf", &form.csrf()), ("body", "第二版")],
        )
        .await;
    assert_eq!(p.status, StatusCode::OK);
    assert!(p.body.contains("第二版"));
    assert!(!p.body.contains("第一版"));
    assert!(p.body.contains("已编辑"));
    // Someone else cannot edit it, nor see the history.
    let bob = app.player("bob").await;
    assert_eq!(
        bob.get(&format!("/t/{post_id}/edit")).await.status,
        StatusCode::FORBIDDEN
    );
    let p = bob
        .post(
            &format!("/t/{post_id}/edit"),
            &[("csrf", &form.csrf()), ("body", "hacked")],
        )
        .await;
    assert_eq!(p.status, StatusCode::FORBIDDEN);
    let csrf = bob.get("/").await.csrf();
    let p = bob
        .post(
            &format!("/t/{post_id}/edit"),
            &[("csrf", &csrf), ("body", "hacked")],
        )
        .await;
    assert_eq!(p.status, StatusCode::FORBIDDEN);
    assert_eq!(
        bob.get(&format!("/t/{post_id}/history")).await.status,
        StatusCode::FORBIDDEN
    );
    let admin = app.admin().await;
    let history = admin.get(&format!("/t/{post_id}/history")).await;
    assert_eq!(history.status, StatusCode::OK);
    let first = history.body.find("第一版").expect("first version kept");
    let second = history.body.find("第二版").expect("second version");
    assert!(first < second, "versions in order");
    assert!(!history.body.contains("hacked"));
}

async fn only_this_author_filter(app: TestApp) {
    let slug = app.board("general").await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let id = alice.new_thread(&slug, "ISO", "alice-1").await;
    bob.reply(id, "bob-1").await;
    alice.reply(id, "alice-2").await;
    bob.reply(id, "bob-2").await;
    let only = app.browser().get(&format!("/t/{id}?author=alice")).await;
    assert!(only.body.contains("alice-1") && only.body.contains("alice-2"));
    assert!(!only.body.contains("bob-1") && !only.body.contains("bob-2"));
    assert!(only.body.contains("#3"), "floors keep their thread numbers");
    let nobody = app.browser().get(&format!("/t/{id}?author=ghost")).await;
    assert_eq!(nobody.status, StatusCode::OK);
    assert!(!nobody.body.contains("alice-1"));
}

async fn thirty_posts_a_page_and_new_marks(app: TestApp) {
    let slug = app.board("general").await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let id = alice.new_thread(&slug, "长帖", "floor-1").await;
    for n in 2..=31 {
        alice.reply(id, &format!("floor-{n}")).await;
    }
    let first = bob.get(&format!("/t/{id}")).await;
    assert!(first.body.contains("floor-30\n") || first.body.contains("floor-30<"));
    assert!(!first.body.contains("floor-31"));
    assert!(first.body.contains(&format!("/t/{id}?page=2")));
    let second = bob.get(&format!("/t/{id}?page=2")).await;
    assert!(second.body.contains("floor-31"));
    assert!(second.body.contains("#31"));
    // Bob has read everything; a new post is marked for him, on the board and in the thread.
    let board = bob.get(&format!("/b/{slug}")).await;
    assert!(!board.body.contains(r#"class="unread""#));
    alice.reply(id, "floor-32").await;
    let board = bob.get(&format!("/b/{slug}")).await;
    assert!(board.body.contains(r#"class="unread""#));
    let p = bob.get(&format!("/t/{id}?page=2")).await;
    let marked = p.body.split("post unread").count() - 1;
    assert_eq!(marked, 1, "only floor 32 is new");
    let board = bob.get(&format!("/b/{slug}")).await;
    assert!(!board.body.contains(r#"class="unread""#), "read now");
}

async fn locked_and_deleted_threads_refuse_replies(app: TestApp) {
    let slug = app.board("general").await;
    let alice = app.player("alice").await;
    let id = alice.new_thread(&slug, "锁", "text").await;
    let csrf = alice.get(&format!("/t/{id}")).await.csrf();
    let admin = app.admin().await;
    let acsrf = admin.get(&format!("/t/{id}")).await.csrf();
    let p = alice
        .post(
            &format!("/t/{id}/moderate"),
            &[("csrf", &csrf), ("action", "lock")],
        )
        .await;
    assert_eq!(p.status, StatusCode::FORBIDDEN, "players do not moderate");
    admin
        .post(
            &format!("/t/{id}/moderate"),
            &[("csrf", &acsrf), ("action", "lock")],
        )
        .await;
    let p = alice
        .post(
            &format!("/t/{id}/posts"),
            &[("csrf", &csrf), ("body", "still here?")],
        )
        .await;
    p.assert_back_at(&format!("/t/{id}"));
    assert!(p.body.contains("本主题已锁定"));
    assert!(
        p.body.contains("still here?"),
        "the refused text is kept in the form"
    );
    admin
        .post(
            &format!("/t/{id}/moderate"),
            &[("csrf", &acsrf), ("action", "delete")],
        )
        .await;
    let p = alice
        .post(
            &format!("/t/{id}/posts"),
            &[("csrf", &csrf), ("body", "hello?")],
        )
        .await;
    assert_eq!(p.status, StatusCode::GONE);
    assert_eq!(
        app.browser().get(&format!("/t/{id}")).await.status,
        StatusCode::GONE
    );
    let board = app.browser().get(&format!("/b/{slug}")).await;
    assert!(!board.body.contains("锁"), "deleted threads leave the list");
}

async fn a_refused_post_keeps_the_text(app: TestApp) {
    let slug = app.board("general").await;
    let alice = app.player("alice").await;
    let csrf = alice.get(&format!("/b/{slug}")).await.csrf();
    let p = alice
        .post(
            &format!("/b/{slug}/threads"),
            &[
                ("csrf", &csrf),
                ("title", "   "),
                ("body", "一段很长的发言，不能丢"),
            ],
        )
        .await;
    p.assert_back_at(&format!("/b/{slug}"));
    assert!(p.body.contains("标题须为 1 至 120 个字符"));
    assert!(p.body.contains("一段很长的发言，不能丢"));
    let id = alice.new_thread(&slug, "ok", "ok").await;
    let long = "字".repeat(20_001);
    let p = alice.reply(id, &long).await;
    // Post/redirect/get: back to the thread, the 20,001 characters in the form.
    p.assert_back_at(&format!("/t/{id}"));
    assert!(p.body.contains(r#"role="alert""#), "the reason is shown");
    assert!(
        p.body.contains(&long),
        "the over-long text comes back to be shortened"
    );
    assert!(thread_id_of(&p.url) == id);
    let thread = alice.get(&format!("/t/{id}")).await;
    assert_eq!(
        thread.body.matches("class=\"post").count(),
        1,
        "nothing half-written"
    );
    assert!(
        !thread.body.contains(&long),
        "the draft comes back once, not on every visit"
    );
}
