use crate::helpers::{Api, Browser, StartedGame, TestApp, started_game, thread_id_of};
use crate::on_both_backends;
use reqwest::StatusCode;
use serde_json::{Value, json};

on_both_backends!(
    thread_and_reply_render_markdown,
    xss_attempts_are_neutralised,
    quote_reply_quotes_the_post,
    edit_keeps_history_for_admins,
    only_this_author_filter,
    thirty_posts_a_page_and_new_marks,
    locked_and_deleted_threads_refuse_replies,
    a_refused_post_keeps_the_text,
    game_posts_have_floors_quotes_and_edits_as_the_game_id,
    a_seat_edits_only_while_it_may_post_there,
    a_game_id_login_quotes_and_edits_as_its_seat,
    act_posts_publish_vote_counts_only_with_the_option,
    the_create_form_offers_the_vote_counts_option_off_by_default,
    a_board_keeps_the_count_of_its_listed_threads,
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

// ---------------------------------------------------------------------------------- game threads

/// Signs `{prefix}{i}` in (an account of a started game).
async fn seat_browser(app: &TestApp, prefix: &str, i: usize) -> Browser {
    let b = app.browser();
    let p = b.login(&format!("{prefix}{i}"), "password-123").await;
    assert_eq!(p.status, StatusCode::OK);
    b
}

/// Posts in a game thread through its form; returns the page it lands on.
async fn game_reply(b: &Browser, id: i64, kind: &str, body: &str) -> crate::helpers::Page {
    let page = b.get(&format!("/games/{id}/threads/{kind}")).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    b.post(
        &format!("/games/{id}/threads/{kind}"),
        &[("csrf", &page.csrf()), ("body", body)],
    )
    .await
}

/// Edits the post on `floor` of a game thread through its form.
async fn game_edit(
    b: &Browser,
    id: i64,
    kind: &str,
    floor: i64,
    body: &str,
) -> crate::helpers::Page {
    let csrf = b.get(&format!("/games/{id}/threads/{kind}")).await.csrf();
    b.post(
        &format!("/games/{id}/threads/{kind}/{floor}/edit"),
        &[("csrf", &csrf), ("body", body)],
    )
    .await
}

/// The game thread's id (its permalinks are `/t/{thread}/{floor}`).
async fn game_thread_id(app: &TestApp, id: i64) -> i64 {
    let (_, g) = Api::new(app)
        .get(&format!("/api/v1/games/{id}"), None)
        .await;
    g["game_thread_id"].as_i64().expect("game thread")
}

async fn game_posts_have_floors_quotes_and_edits_as_the_game_id(app: TestApp) {
    let g = started_game(&app, "gp", json!({})).await;
    let id = g.id;
    let thread = game_thread_id(&app, id).await;
    let p0 = seat_browser(&app, "gp", 0).await;
    let landed = game_reply(&p0, id, "game", "我是平民，第一版").await;
    assert_eq!(landed.status, StatusCode::OK);
    // Floor 1 is the opening act post; the seat's post is floor 2, linked by its permalink.
    assert!(
        landed
            .body
            .contains(&format!(r##"<a class="floor" href="/t/{thread}/2""##)),
        "{}",
        landed.body
    );
    assert!(landed.body.contains(">#2</a>"));
    assert!(landed.body.contains(r#"id="p2""#));
    let permalink = p0.get(&format!("/t/{thread}/2")).await;
    assert!(
        permalink
            .url
            .ends_with(&format!("/games/{id}/threads/game?page=1")),
        "{}",
        permalink.url
    );

    // Another seat quotes it: the reply box holds the game ID, never the account.
    let p1 = seat_browser(&app, "gp", 1).await;
    let page = p1.get(&format!("/games/{id}/threads/game")).await;
    assert!(
        page.body.contains(&format!(
            "/games/{id}/threads/game?page=1&amp;quote=2#reply"
        )),
        "a quote link: {}",
        page.body
    );
    assert!(
        !page
            .body
            .contains(&format!("/games/{id}/threads/game/2/edit")),
        "no edit link on another seat's post"
    );
    let quoting = p1.get(&format!("/games/{id}/threads/game?quote=2")).await;
    assert_eq!(quoting.status, StatusCode::OK);
    assert!(
        quoting.body.contains(&format!("&#62; **{}**:", g.names[0])),
        "{}",
        quoting.body
    );
    assert!(quoting.body.contains("&#62; 我是平民，第一版"));
    assert!(!quoting.body.contains("gp0"), "the account never shows");
    // The act post is not quoted; a missing floor quotes nothing.
    for floor in [1, 99] {
        let q = p1
            .get(&format!("/games/{id}/threads/game?quote={floor}"))
            .await;
        assert_eq!(q.status, StatusCode::OK);
        assert!(!q.body.contains("&#62; **"), "floor {floor}");
    }

    // Only the seat edits its post.
    assert_eq!(
        p1.get(&format!("/games/{id}/threads/game/2/edit"))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    let p = game_edit(&p1, id, "game", 2, "篡改").await;
    assert_eq!(p.status, StatusCode::FORBIDDEN);
    assert_eq!(
        p1.get(&format!("/games/{id}/threads/game/1/edit"))
            .await
            .status,
        StatusCode::FORBIDDEN,
        "an act post is never edited"
    );
    let page = p0.get(&format!("/games/{id}/threads/game")).await;
    assert!(
        page.body
            .contains(&format!(r#"href="/games/{id}/threads/game/2/edit""#))
    );
    assert!(
        !page.body.contains("/threads/game/2/history"),
        "no history before an edit"
    );
    let form = p0.get(&format!("/games/{id}/threads/game/2/edit")).await;
    assert_eq!(form.status, StatusCode::OK);
    assert!(form.body.contains("我是平民，第一版"));
    assert!(
        form.body.contains(&g.names[0]),
        "the form says it posts as the game ID"
    );
    // The forum's edit address of a game post leads to the game's form.
    let via_forum = p0.get(&format!("/t/{thread}/2/edit")).await;
    assert!(
        via_forum
            .url
            .ends_with(&format!("/games/{id}/threads/game/2/edit"))
    );
    let p = game_edit(&p0, id, "game", 2, "我是侦探，第二版").await;
    assert_eq!(p.status, StatusCode::OK);
    assert!(
        p.url.contains(&format!("/games/{id}/threads/game")),
        "{}",
        p.url
    );
    assert!(p.body.contains("我是侦探，第二版"));
    assert!(!p.body.contains("第一版"));
    assert!(p.body.contains("（已编辑）"));

    // Every reader of the thread sees every version, under the game ID only.
    let anyone = app.browser();
    let page = anyone.get(&format!("/games/{id}/threads/game")).await;
    assert!(page.body.contains("（已编辑）"));
    assert!(
        page.body
            .contains(&format!(r#"href="/games/{id}/threads/game/2/history""#))
    );
    let history = anyone
        .get(&format!("/games/{id}/threads/game/2/history"))
        .await;
    assert_eq!(history.status, StatusCode::OK);
    let first = history
        .body
        .find("我是平民，第一版")
        .expect("the first version is kept");
    let second = history
        .body
        .find("我是侦探，第二版")
        .expect("the second version");
    assert!(first < second, "versions in order");
    assert!(history.body.contains(&g.names[0]));
    assert!(!history.body.contains("篡改"));
    for i in 0..6 {
        assert!(
            !history.body.contains(&format!("gp{i}")),
            "no account on the history"
        );
    }
    let via_forum = anyone.get(&format!("/t/{thread}/2/history")).await;
    assert!(
        via_forum
            .url
            .ends_with(&format!("/games/{id}/threads/game/2/history"))
    );
    assert_eq!(via_forum.status, StatusCode::OK);
    // The API marks the edit.
    let (_, posts) = Api::new(&app)
        .get(&format!("/api/v1/games/{id}/threads/game"), None)
        .await;
    assert_eq!(posts["posts"][1]["edited"], true);
    assert_eq!(posts["posts"][1]["body"], "我是侦探，第二版");
    // The API edits as the game ID too, and shows every version to the thread's readers.
    let api = Api::new(&app);
    let patch = |token: String, body: &'static str| {
        let api = &api;
        async move {
            api.call(
                reqwest::Method::PATCH,
                &format!("/api/v1/games/{id}/threads/game/posts/2"),
                Some(&token),
                Some(json!({"body": body})),
            )
            .await
            .0
        }
    };
    assert_eq!(
        patch(g.players[1].clone(), "篡改").await,
        StatusCode::FORBIDDEN
    );
    assert_eq!(patch(g.players[0].clone(), "第三版").await, StatusCode::OK);
    let (s, revs) = api
        .get(
            &format!("/api/v1/games/{id}/threads/game/posts/2/revisions"),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(revs["author"], json!(g.names[0]));
    let bodies: Vec<&str> = revs["revisions"]
        .as_array()
        .expect("revisions")
        .iter()
        .filter_map(|r| r["body"].as_str())
        .collect();
    assert_eq!(bodies, ["我是平民，第一版", "我是侦探，第二版", "第三版"]);
    let (s, _) = api
        .get(
            &format!("/api/v1/games/{id}/threads/graveyard/posts/1/revisions"),
            None,
        )
        .await;
    assert_eq!(
        s,
        StatusCode::FORBIDDEN,
        "the graveyard is not for the living"
    );
    // The admins' list of edited posts names accounts: game posts are not on it.
    let admin = app.admin().await;
    let edits = admin.get("/admin/edits").await;
    assert_eq!(edits.status, StatusCode::OK);
    assert!(
        !edits.body.contains(&format!("/t/{thread}/2")),
        "{}",
        edits.body
    );
}

/// Every seat passes with a notebook it owes, and votes for `target` (the target for itself
/// when `target` is `None`: a wide tie, nobody voted out).
async fn everyone_votes(app: &TestApp, g: &StartedGame, target: Option<&str>) {
    let api = Api::new(app);
    for (i, t) in g.players.iter().enumerate() {
        let (_, me) = api
            .get(&format!("/api/v1/games/{}/me", g.id), Some(t))
            .await;
        if me["alive"] != true {
            continue;
        }
        let actions: Vec<&str> = me["actions"]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        if actions.contains(&"pass") {
            api.post(
                &format!("/api/v1/games/{}/actions", g.id),
                t,
                json!({"type": "pass"}),
            )
            .await;
        }
        let name = match target {
            Some(n) if n != g.names[i] => n.to_string(),
            // The target votes for itself: it alone has the top count.
            Some(_) => g.names[i].clone(),
            None => g.names[i].clone(),
        };
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{}/actions", g.id),
                t,
                json!({"type": "vote", "targets": [name]}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
}

async fn resolve(app: &TestApp, g: &StartedGame) {
    let api = Api::new(app);
    let act = api.act(g.id).await;
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/resolve", g.id),
            &g.admin,
            json!({"act": act}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
}

async fn a_seat_edits_only_while_it_may_post_there(app: TestApp) {
    let g = started_game(&app, "ge", json!({})).await;
    let id = g.id;
    let p0 = seat_browser(&app, "ge", 0).await;
    let p1 = seat_browser(&app, "ge", 1).await;
    game_reply(&p0, id, "game", "零号发言").await;
    game_reply(&p1, id, "game", "一号发言").await;
    // A locked game thread takes no seat's edit.
    let api = Api::new(&app);
    let (s, _) = api
        .post(
            &format!("/api/v1/games/{id}/lock"),
            &g.admin,
            json!({"locked": true}),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let page = p1.get(&format!("/games/{id}/threads/game")).await;
    assert!(
        !page
            .body
            .contains(&format!("/games/{id}/threads/game/3/edit"))
    );
    let p = game_edit(&p1, id, "game", 3, "锁帖后改").await;
    p.assert_back_at(&format!("/games/{id}/threads/game/3/edit"));
    assert!(p.body.contains("法官已锁定游戏帖"), "{}", p.body);
    assert!(p.body.contains("锁帖后改"), "the text is kept in the form");
    api.post(
        &format!("/api/v1/games/{id}/lock"),
        &g.admin,
        json!({"locked": false}),
    )
    .await;
    assert_eq!(
        game_edit(&p1, id, "game", 3, "解锁后改").await.status,
        StatusCode::OK
    );
    // Seat 0 is voted out: it no longer edits its game-thread posts, but the graveyard's.
    everyone_votes(&app, &g, Some(&g.names[0])).await;
    resolve(&app, &g).await;
    let (_, me) = api
        .get(&format!("/api/v1/games/{id}/me"), Some(&g.players[0]))
        .await;
    assert_eq!(me["alive"], false);
    let page = p0.get(&format!("/games/{id}/threads/game")).await;
    assert!(
        !page
            .body
            .contains(&format!("/games/{id}/threads/game/2/edit"))
    );
    assert_eq!(
        p0.get(&format!("/games/{id}/threads/game/2/edit"))
            .await
            .status,
        StatusCode::CONFLICT
    );
    let p = game_edit(&p0, id, "game", 2, "死后改口").await;
    p.assert_back_at(&format!("/games/{id}/threads/game/2/edit"));
    assert!(
        p.body.contains("死后改口"),
        "the refused text is kept: {}",
        p.body
    );
    // Once shown, the form is refused again: the flash was for that one answer.
    assert_eq!(
        p0.get(&format!("/games/{id}/threads/game/2/edit"))
            .await
            .status,
        StatusCode::CONFLICT
    );
    let (_, posts) = api
        .get(&format!("/api/v1/games/{id}/threads/game"), None)
        .await;
    assert_eq!(posts["posts"][1]["body"], "零号发言", "unchanged");
    let landed = game_reply(&p0, id, "graveyard", "墓地第一版").await;
    assert_eq!(landed.status, StatusCode::OK);
    assert!(
        landed
            .body
            .contains(&format!("/games/{id}/threads/graveyard/1/edit"))
    );
    assert_eq!(
        game_edit(&p0, id, "graveyard", 1, "墓地第二版")
            .await
            .status,
        StatusCode::OK
    );
    // The graveyard's versions are for its readers: the living get the thread's own answer.
    let history = p0
        .get(&format!("/games/{id}/threads/graveyard/1/history"))
        .await;
    assert_eq!(history.status, StatusCode::OK);
    assert!(history.body.contains("墓地第一版"));
    let living = p1
        .get(&format!("/games/{id}/threads/graveyard/1/history"))
        .await;
    let missing = p1
        .get(&format!("/games/{id}/threads/graveyard/99/history"))
        .await;
    let thread = p1.get(&format!("/games/{id}/threads/graveyard")).await;
    assert_eq!(living.status, StatusCode::FORBIDDEN);
    assert_eq!(
        (missing.status, missing.body.clone()),
        (living.status, living.body.clone())
    );
    assert_eq!(thread.status, StatusCode::FORBIDDEN);
    assert!(!living.body.contains("墓地"), "{}", living.body);
    // The Kiras' thread answers alike whether the floor exists.
    let k1 = p1.get(&format!("/games/{id}/threads/kira/1/edit")).await;
    let k99 = p1.get(&format!("/games/{id}/threads/kira/99/edit")).await;
    assert_eq!((k1.status, k1.body), (k99.status, k99.body));
}

async fn a_game_id_login_quotes_and_edits_as_its_seat(app: TestApp) {
    let g = started_game(&app, "ga", json!({})).await;
    let id = g.id;
    let api = Api::new(&app);
    let (s, _) = api
        .post(
            &format!("/api/v1/games/{id}/alias"),
            &g.players[2],
            json!({"password": "alias-password-1"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let b = app.browser();
    let csrf = b.get(&format!("/games/{id}/login")).await.csrf();
    b.post(
        &format!("/games/{id}/login"),
        &[
            ("csrf", &csrf),
            ("game_id", &g.names[2]),
            ("password", "alias-password-1"),
        ],
    )
    .await;
    let landed = game_reply(&b, id, "game", "马甲第一版").await;
    assert_eq!(landed.status, StatusCode::OK, "{}", landed.body);
    assert!(
        landed
            .body
            .contains(&format!("/games/{id}/threads/game/2/edit"))
    );
    let quoting = b.get(&format!("/games/{id}/threads/game?quote=2")).await;
    assert!(quoting.body.contains(&format!("&#62; **{}**:", g.names[2])));
    let form = b.get(&format!("/games/{id}/threads/game/2/edit")).await;
    assert_eq!(form.status, StatusCode::OK);
    assert!(
        !form.body.contains("ga2"),
        "the login never shows the account"
    );
    let p = game_edit(&b, id, "game", 2, "马甲第二版").await;
    assert_eq!(p.status, StatusCode::OK);
    assert!(p.body.contains("马甲第二版"));
    let history = b.get(&format!("/games/{id}/threads/game/2/history")).await;
    assert!(history.body.contains("马甲第一版"));
    assert!(!history.body.contains("ga2"));
}

async fn act_posts_publish_vote_counts_only_with_the_option(app: TestApp) {
    let api = Api::new(&app);
    let on = started_game(&app, "vc", json!({"options": {"publish_votes": true}})).await;
    let off = started_game(&app, "vo", json!({})).await;
    // A typo or a wrong type is refused at creation.
    for options in [
        json!({"publish_votes": "yes"}),
        json!({"publish_vote": true}),
    ] {
        let (s, b) = api
            .post(
                "/api/v1/games",
                &on.admin,
                json!({"title": "坏选项", "variant": "deathnote", "options": options}),
            )
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{b}");
    }
    // Act 1: everyone votes for seat 1's game ID in both games.
    everyone_votes(&app, &on, Some(&on.names[1])).await;
    everyone_votes(&app, &off, Some(&off.names[1])).await;
    resolve(&app, &on).await;
    resolve(&app, &off).await;
    let act_post = |thread: &Value, act: i64| -> Value {
        thread["posts"]
            .as_array()
            .expect("posts")
            .iter()
            .find(|p| p["act"]["resolved"] == act)
            .map(|p| p["act"].clone())
            .expect("the act post")
    };
    let (_, t_on) = api
        .get(&format!("/api/v1/games/{}/threads/game", on.id), None)
        .await;
    let (_, t_off) = api
        .get(&format!("/api/v1/games/{}/threads/game", off.id), None)
        .await;
    let a_on = act_post(&t_on, 1);
    let a_off = act_post(&t_off, 1);
    assert_eq!(
        a_on["votes"],
        json!([{"game_id": on.names[1], "votes": 6}]),
        "{a_on}"
    );
    assert!(
        a_off.get("votes").is_none(),
        "no counts without the option: {a_off}"
    );
    // The game view carries them too, as an added field.
    let (_, v_on) = api.get(&format!("/api/v1/games/{}", on.id), None).await;
    let (_, v_off) = api.get(&format!("/api/v1/games/{}", off.id), None).await;
    assert_eq!(v_on["votes"], json!([{"act": 1, "votes": a_on["votes"]}]));
    assert!(v_off.get("votes").is_none());
    // Counts per game ID only: never a voter, never an account.
    for c in a_on["votes"].as_array().expect("counts") {
        let keys: Vec<&String> = c.as_object().expect("object").keys().collect();
        assert_eq!(keys, ["game_id", "votes"]);
    }
    let text = a_on.to_string();
    for i in 0..6 {
        assert!(!text.contains(&format!("vc{i}")), "{text}");
    }
    let anyone = app.browser();
    let page_on = anyone.get(&format!("/games/{}/threads/game", on.id)).await;
    let page_off = anyone.get(&format!("/games/{}/threads/game", off.id)).await;
    assert!(page_on.body.contains("票数"), "{}", page_on.body);
    assert!(page_on.body.contains(&format!("{}：6 票", on.names[1])));
    assert!(!page_off.body.contains("票数"));
    assert!(!page_off.body.contains("：6 票"));
    for page in [&page_on, &page_off] {
        assert!(
            !page.body.contains("本幕无人被投票出局"),
            "someone was voted out"
        );
    }
    let en = app.browser_in("en");
    let page = en.get(&format!("/games/{}/threads/game", on.id)).await;
    assert!(
        page.body.contains(&format!("{}: 6 votes", on.names[1])),
        "{}",
        page.body
    );

    // Act 2: everyone votes for itself, a wide tie: the act post says nobody was voted out,
    // with the option or without.
    everyone_votes(&app, &on, None).await;
    everyone_votes(&app, &off, None).await;
    resolve(&app, &on).await;
    resolve(&app, &off).await;
    for g in [&on, &off] {
        let page = anyone.get(&format!("/games/{}/threads/game", g.id)).await;
        assert_eq!(
            page.body.matches("本幕无人被投票出局。").count(),
            1,
            "{}",
            page.body
        );
        let feed = anyone.get(&format!("/games/{}/feed.atom", g.id)).await;
        assert!(feed.body.contains("本幕无人被投票出局。"));
    }
    let (_, t_on) = api
        .get(&format!("/api/v1/games/{}/threads/game", on.id), None)
        .await;
    let counts = act_post(&t_on, 2)["votes"].clone();
    assert_eq!(
        counts.as_array().map(Vec::len),
        Some(5),
        "one vote each: {counts}"
    );
    assert!(
        counts
            .as_array()
            .expect("counts")
            .iter()
            .all(|c| c["votes"] == 1)
    );
}

async fn the_create_form_offers_the_vote_counts_option_off_by_default(app: TestApp) {
    let admin = app.admin().await;
    let form = admin.get("/games/new?variant=deathnote").await;
    assert!(
        form.body
            .contains(r#"<input type="checkbox" name="publish_votes" value="on">"#),
        "an unticked box: {}",
        form.body
    );
    let api = Api::new(&app);
    for (ticked, expected) in [(true, json!(true)), (false, Value::Null)] {
        let csrf = admin.get("/games/new?variant=deathnote").await.csrf();
        let mut fields = vec![
            ("csrf", csrf.as_str()),
            ("title", "票数选项"),
            ("redistribute", "on"),
        ];
        if ticked {
            fields.push(("publish_votes", "on"));
        }
        let created = admin.post("/games", &fields).await;
        assert_eq!(created.status, StatusCode::OK, "{}", created.body);
        let id = crate::helpers::game_id_of(&created.url);
        let (_, g) = api.get(&format!("/api/v1/games/{id}"), None).await;
        assert_eq!(g["settings"]["options"]["publish_votes"], expected, "{g}");
    }
}

/// A board keeps the number of its listed threads instead of counting them per
/// request; the count follows every new and deleted thread, game threads included, and a
/// second delete does not count twice.
async fn a_board_keeps_the_count_of_its_listed_threads(app: TestApp) {
    use diesel::prelude::*;
    use maku::db::schema::{boards, threads};
    let slug = app.board("general").await;
    let alice = app.player("alice").await;
    let mut ids = Vec::new();
    for title in ["一", "二", "三"] {
        ids.push(alice.new_thread(&slug, title, "text").await);
    }
    started_game(&app, "count", json!({})).await;
    let admin = app.admin().await;
    let csrf = admin.get(&format!("/t/{}", ids[0])).await.csrf();
    for _ in 0..2 {
        admin
            .post(
                &format!("/t/{}/moderate", ids[0]),
                &[("csrf", &csrf), ("action", "delete")],
            )
            .await;
    }
    let mut c = app.state.pool.get().expect("connection");
    let kept: Vec<(i64, String, i64)> = boards::table
        .select((boards::id, boards::slug, boards::listed_threads))
        .load(&mut c)
        .expect("boards");
    let mut total = 0;
    for (id, board, listed) in kept {
        let counted: i64 = threads::table
            .filter(threads::board_id.eq(id))
            .filter(threads::deleted_at.is_null())
            .filter(threads::kind.eq_any(["forum", "signup", "game"]))
            .count()
            .get_result(&mut c)
            .expect("count");
        assert_eq!(listed, counted, "board {board}");
        if board == slug {
            assert_eq!(listed, 2, "three threads, one deleted (twice)");
        }
        total += listed;
    }
    assert!(total > 2, "the game's listed threads are counted too");
    let index = app.browser().get("/").await;
    assert!(index.body.contains("2 个主题"), "{}", index.body);
}
