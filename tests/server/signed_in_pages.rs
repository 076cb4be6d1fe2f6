//! Signed-in pages from memory (issue 30): a thread's posts are rendered once per kind of reader
//! and language and filled per reader (`web::fragments`), sessions are read from memory for a
//! moment (`auth::session_cache`), read marks are written in batches (`forum::read_marks`).
//! A page made for one reader is never given to another: every kind of reader reads the same
//! thread in turn, each sees only their own name, marks, links, forms and token. A change made
//! here is seen at once; on PostgreSQL, one made by another maku process too.

use crate::helpers::{Api, Browser, Page, TestApp, started_game};
use crate::on_both_backends_with;
use reqwest::StatusCode;
use serde_json::json;
use std::time::Duration;

/// Longer than any of these tests: only a counted change may renew a view.
fn long_views(s: &mut maku::config::Settings) {
    s.view_cache = Duration::from_secs(60);
}

on_both_backends_with!(long_views:
    every_kind_of_reader_gets_only_its_own_thread_page,
    a_change_here_is_seen_at_once_by_a_kept_session_and_page,
    read_marks_reach_the_database_in_batches,
);

/// The layout's header (who is signed in, the bell).
fn header(page: &Page) -> &str {
    let body = page.body.as_str();
    let start = body.find(r#"<header class="top">"#).expect("the header");
    let end = body[start..].find("</header>").expect("its end") + start;
    &body[start..end]
}

/// A board page's list of threads (the page around it carries per-response tokens).
fn thread_list(page: &Page) -> String {
    let body = page.body.as_str();
    let start = body.find(r#"<ul class="list">"#).expect("the list");
    let end = body[start..].find("</ul>").expect("its end") + start;
    body[start..end].to_string()
}

/// The floors whose edit link a page offers.
fn edit_links(page: &Page, thread: i64) -> Vec<i64> {
    let marker = format!(r#"href="/t/{thread}/"#);
    page.body
        .match_indices(&marker)
        .filter_map(|(at, m)| {
            let rest = &page.body[at + m.len()..];
            let (floor, tail) = rest.split_once('/')?;
            tail.starts_with("edit\"").then(|| floor.parse().ok())?
        })
        .collect()
}

/// The floors marked new on a page.
fn new_floors(page: &Page) -> Vec<i64> {
    page.body
        .match_indices(r#"<article class="post unread" id="p"#)
        .filter_map(|(at, m)| {
            let rest = &page.body[at + m.len()..];
            rest[..rest.find('"')?].parse().ok()
        })
        .collect()
}

/// Every CSRF token a page carries.
fn tokens(page: &Page) -> Vec<String> {
    let marker = r#"name="csrf" value=""#;
    page.body
        .match_indices(marker)
        .map(|(at, _)| {
            let rest = &page.body[at + marker.len()..];
            rest[..rest.find('"').unwrap_or(0)].to_string()
        })
        .collect()
}

/// A reply with `token`: its own answer (303 when accepted; 403 when the token is not the
/// session's).
async fn reply_with(b: &Browser, thread: i64, token: &str, body: &str) -> StatusCode {
    b.post_answer(
        &format!("/t/{thread}/posts"),
        &[("csrf", token), ("body", body)],
    )
    .await
    .status
}

/// What each kind of reader may see on a thread's page.
struct Expect {
    name: Option<&'static str>,
    member: bool,
    admin: bool,
}

async fn every_kind_of_reader_gets_only_its_own_thread_page(app: TestApp) {
    let slug = app.board("talk").await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let admin = app.admin().await;
    let thread = alice.new_thread(&slug, "谁都看得到", "一楼：爱丽丝").await;
    assert_eq!(bob.reply(thread, "二楼：鲍勃").await.status, StatusCode::OK);
    assert_eq!(
        alice.reply(thread, "三楼：爱丽丝").await.status,
        StatusCode::OK
    );
    // A reader without a cookie, and one with a session that never signed in.
    let guest = app.browser();
    let visitor = app.browser();
    visitor.get("/login").await;
    // A game-ID login: an account playing one seat, which does not use the forum.
    let g = started_game(&app, "kind", json!({})).await;
    let api = Api::new(&app);
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/alias", g.id),
            &g.players[0],
            json!({"password": "alias-password-1"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let alias = app.browser();
    let csrf = alias.get(&format!("/games/{}/login", g.id)).await.csrf();
    alias
        .post(
            &format!("/games/{}/login", g.id),
            &[
                ("csrf", &csrf),
                ("game_id", &g.names[0]),
                ("password", "alias-password-1"),
            ],
        )
        .await;

    let readers: [(&str, &Browser, Expect); 6] = [
        (
            "alice",
            &alice,
            Expect {
                name: Some("alice"),
                member: true,
                admin: false,
            },
        ),
        (
            "bob",
            &bob,
            Expect {
                name: Some("bob"),
                member: true,
                admin: false,
            },
        ),
        (
            "admin",
            &admin,
            Expect {
                name: Some("admin"),
                member: true,
                admin: true,
            },
        ),
        (
            "guest",
            &guest,
            Expect {
                name: None,
                member: false,
                admin: false,
            },
        ),
        (
            "visitor",
            &visitor,
            Expect {
                name: None,
                member: false,
                admin: false,
            },
        ),
        (
            "alias",
            &alias,
            Expect {
                name: None,
                member: false,
                admin: false,
            },
        ),
    ];
    let names = ["alice", "bob", "admin"];
    let path = format!("/t/{thread}");
    let mut tags = Vec::new();
    // Twice round: the second round is served from the kept parts the first one made.
    for round in 0..2 {
        for (who, b, want) in &readers {
            let page = b.get(&path).await;
            assert_eq!(page.status, StatusCode::OK, "{who}: {}", page.body);
            let head = header(&page);
            for n in names {
                let mine = want.name == Some(n);
                assert_eq!(
                    head.contains(&format!(r#"href="/u/{n}""#)),
                    mine,
                    "round {round}: {who}'s header and {n}: {head}"
                );
            }
            if *who == "alias" {
                assert!(head.contains(&g.names[0]), "the game ID: {head}");
            }
            let edits = edit_links(&page, thread);
            let own: Vec<i64> = match *who {
                "alice" => vec![1, 3],
                "bob" => vec![2],
                _ => vec![],
            };
            assert_eq!(edits, own, "round {round}: {who}'s edit links");
            let has = |s: &str| page.body.contains(s);
            assert_eq!(has("/report\""), want.member, "{who}: report forms");
            assert_eq!(has("/hide\""), want.admin, "{who}: hide forms");
            assert_eq!(has("/moderate\""), want.admin, "{who}: thread moderation");
            assert_eq!(has("id=\"reply-body\""), want.member, "{who}: reply form");
            assert_eq!(has("?quote=1#reply"), want.member, "{who}: quote links");
            // Every token on the page is this reader's, and masked afresh each time.
            let found = tokens(&page);
            if want.name.is_some() || *who == "alias" {
                assert!(!found.is_empty(), "{who} has forms (sign-out at least)");
            } else {
                assert!(found.is_empty(), "{who} has no form: {found:?}");
            }
            let tag = page_tag(b, &path).await;
            tags.push((*who, tag));
        }
    }
    // Each reader's page has a tag of its own, the same in both rounds.
    for (who, _, _) in &readers {
        let mine: Vec<&String> = tags
            .iter()
            .filter(|(w, _)| w == who)
            .map(|(_, t)| t)
            .collect();
        assert_eq!(
            mine[0], mine[1],
            "{who}'s page did not change between rounds"
        );
        for (other, t) in &tags {
            if other != who && !["guest", "visitor"].contains(other) {
                assert_ne!(mine[0], t, "{who} and {other} share a tag");
            }
        }
    }
    // A token from one reader's page is refused in another's session; one's own is taken.
    let alices = tokens(&alice.get(&path).await);
    let bobs = tokens(&bob.get(&path).await);
    assert!(alices.iter().all(|t| !bobs.contains(t)), "masked afresh");
    assert_eq!(
        reply_with(&bob, thread, &alices[0], "借来的令牌").await,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        reply_with(
            &alice,
            thread,
            alices.last().expect("a token"),
            "四楼：爱丽丝"
        )
        .await,
        StatusCode::SEE_OTHER
    );
    // "New" marks are each reader's own: Bob read up to floor 3, Alice wrote floor 4 since;
    // the admin read it all; the reader without a session never marks anything.
    assert_eq!(new_floors(&bob.get(&path).await), vec![4]);
    assert!(new_floors(&bob.get(&path).await).is_empty(), "read now");
    assert!(
        new_floors(&alice.get(&path).await).is_empty(),
        "her own post"
    );
    assert_eq!(new_floors(&admin.get(&path).await), vec![4]);
    assert!(new_floors(&guest.get(&path).await).is_empty());
    // Bob's tag is not Alice's: revalidating his page with hers gets the page.
    let alices_tag = page_tag(&alice, &path).await;
    let r = bob
        .client
        .get(app.url(&path))
        .header("If-None-Match", &alices_tag)
        .send()
        .await
        .expect("GET");
    assert_eq!(r.status(), StatusCode::OK);
}

/// A page's `ETag` as its reader gets it.
async fn page_tag(b: &Browser, path: &str) -> String {
    let r = b
        .client
        .get(format!("{}{path}", b.base))
        .send()
        .await
        .expect("GET");
    r.headers()
        .get("etag")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string()
}

async fn a_change_here_is_seen_at_once_by_a_kept_session_and_page(app: TestApp) {
    let slug = app.board("talk").await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let thread = alice.new_thread(&slug, "即时", "一楼").await;
    let path = format!("/t/{thread}");
    // Alice on a second browser: a second session of hers.
    let other = app.browser();
    assert_eq!(
        other.login("alice", "password-123").await.status,
        StatusCode::OK
    );
    for b in [&alice, &bob, &other] {
        assert_eq!(b.get(&path).await.status, StatusCode::OK);
    }
    // A reply is on every reader's page at once, and a quote rings Alice's bell at once.
    let csrf = bob.get(&path).await.csrf();
    let p = bob
        .post(
            &format!("/t/{thread}/posts"),
            &[("csrf", &csrf), ("body", "引用一楼"), ("quote", "1")],
        )
        .await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    // The notifier's round (the scheduler's, in a server) makes the quote's notification.
    maku::notify::tick(&app.state).await.expect("notify");
    let page = alice.get(&path).await;
    assert!(page.body.contains("引用一楼"), "the new post at once");
    assert!(
        header(&page).contains(r#"<span class="count">1</span>"#),
        "the bell at once: {}",
        header(&page)
    );
    // An edit, a lock: at once.
    let edit = alice.get(&format!("/t/{thread}/1/edit")).await;
    let p = alice
        .post(
            &format!("/t/{thread}/1/edit"),
            &[("csrf", &edit.csrf()), ("body", "一楼（改）")],
        )
        .await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    assert!(bob.get(&path).await.body.contains("一楼（改）"));
    let admin = app.admin().await;
    let page = admin.get(&path).await;
    let p = admin
        .post(
            &format!("/t/{thread}/moderate"),
            &[("csrf", &page.csrf()), ("action", "lock")],
        )
        .await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    let page = bob.get(&path).await;
    assert!(
        !page.body.contains("id=\"reply-body\""),
        "locked: no reply form"
    );
    // Alice signs out everywhere from her first browser: her other session is signed out at
    // once, though it was read from memory a moment ago.
    let p = alice
        .post(
            "/account/sign-out-everywhere",
            &[("csrf", &alice.get(&path).await.csrf())],
        )
        .await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    let page = other.get(&path).await;
    assert!(
        !header(&page).contains(r#"href="/u/alice""#),
        "signed out at once: {}",
        header(&page)
    );
    // Bob is made an admin: his next page has the admin's tools.
    let page = admin.get("/admin").await;
    let p = admin
        .post(
            "/admin/roles",
            &[
                ("csrf", &page.csrf()),
                ("username", "bob"),
                ("role", "admin"),
            ],
        )
        .await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    assert!(bob.get(&path).await.body.contains("/moderate\""));
}

async fn read_marks_reach_the_database_in_batches(app: TestApp) {
    let slug = app.board("talk").await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let thread = alice.new_thread(&slug, "已读", "一楼").await;
    bob.get(&format!("/t/{thread}")).await;
    // The mark moved in memory; the board already counts it (the thread is not new to Bob).
    let board = bob.get(&format!("/b/{slug}")).await;
    assert!(!board.body.contains("class=\"unread\""), "{}", board.body);
    // Written with the next batch (a second at most).
    let state = app.state.clone();
    let mut written = None;
    for _ in 0..40 {
        let s = state.clone();
        written = state
            .db(move |c| {
                let bob_id = maku::db::queries::forum::user_id_by_key(c, "bob")?.unwrap_or(-1);
                Ok(maku::db::queries::forum::read_marks(c, bob_id, &[thread])?
                    .get(&thread)
                    .copied())
            })
            .await
            .expect("read");
        drop(s);
        if written.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(written.is_some(), "the mark was written");
}

/// A `maku serve` process of its own on `database_url`: another instance, whose writes this
/// process learns of only as every instance does. Killed when dropped.
pub(crate) struct OtherProcess {
    child: std::process::Child,
    pub(crate) base: String,
}

impl Drop for OtherProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The unread count the header's bell shows.
fn bell_count(page: &Page) -> u32 {
    let header = header(page);
    let Some(at) = header.find(r#"<span class="count">"#) else {
        return 0;
    };
    let rest = &header[at + r#"<span class="count">"#.len()..];
    rest[..rest.find('<').unwrap_or(0)]
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("a count: {rest}"))
}

pub(crate) fn other_process(database_url: &str) -> OtherProcess {
    use std::io::BufRead;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_maku"))
        .args([
            "--database-url",
            database_url,
            "--log",
            "warn",
            "serve",
            "--bind",
            "127.0.0.1:0",
            "--posts-per-minute",
            "0",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("maku serve starts");
    let stdout = child.stdout.take().expect("its output");
    let mut base = None;
    for line in std::io::BufReader::new(stdout).lines() {
        let line = line.expect("a line");
        if let Some(url) = line.strip_prefix("maku listening on ") {
            base = Some(url.trim().to_string());
            break;
        }
    }
    OtherProcess {
        base: base.expect("the other process listens"),
        child,
    }
}

/// On PostgreSQL, another maku process's post reaches a page this instance keeps, and its
/// ending of a session reaches a session this instance keeps, within a second: the database
/// tells (`*_view_notify`), though the views here would live a minute.
#[actix_web::test]
async fn another_process_s_writes_reach_kept_views_within_a_second() {
    let Some(app) = crate::helpers::spawn_with(crate::helpers::Backend::Postgres, long_views).await
    else {
        eprintln!("MAKU_TEST_PG_URL is not set: PostgreSQL run skipped");
        return;
    };
    let slug = app.board("talk").await;
    let alice = app.player("alice").await;
    let thread = alice.new_thread(&slug, "另一个进程", "一楼").await;
    let path = format!("/t/{thread}");
    let api = Api::new(&app);
    let bob = api.account("bob").await;
    let other = tokio::task::spawn_blocking({
        let url = app.database_url.clone();
        move || other_process(&url)
    })
    .await
    .expect("started");
    assert!(
        crate::live::told(&app, &app.state).await,
        "this instance listens"
    );
    // Read here: the page's part and Alice's session are kept, and the board's list
    // (`web::listings`) and her bell.
    assert_eq!(alice.get(&path).await.status, StatusCode::OK);
    let board = format!("/b/{slug}");
    let listed = thread_list(&alice.get(&board).await);
    let bell = alice.get("/notifications").await.body;
    assert!(!bell.contains("class=\"unread\""), "nothing unread yet");
    // Bob replies through the other process.
    let client = crate::helpers::client().build().expect("client");
    let r = client
        .post(format!("{}/api/v1/threads/{thread}/posts", other.base))
        .bearer_auth(&bob)
        .json(&json!({"body": "来自另一个进程"}))
        .send()
        .await
        .expect("POST");
    assert_eq!(r.status(), StatusCode::CREATED);
    crate::helpers::within_a_second("the post reached the kept page", async || {
        alice.get(&path).await.body.contains("来自另一个进程")
    })
    .await;
    // The board's kept list too (its `l` notice): the thread's count of posts moved.
    crate::helpers::within_a_second("the post reached the kept board list", async || {
        thread_list(&alice.get(&board).await) != listed
    })
    .await;
    // Bob mentions Alice through the other process: her bell here rings, though her session
    // (and its count of unread notifications) is kept here (`b<account>` notices).
    assert_eq!(bell_count(&alice.get(&path).await), 0);
    let r = client
        .post(format!("{}/api/v1/threads/{thread}/posts", other.base))
        .bearer_auth(&bob)
        .json(&json!({"body": "@alice 你看这里"}))
        .send()
        .await
        .expect("POST");
    assert_eq!(r.status(), StatusCode::CREATED);
    // The other process's notifier adds the notification on its next tick (every 5 s); from
    // the moment it is stored, this instance has a second to show it.
    let alice_id = app.account_id("alice");
    let stored = tokio::time::Instant::now();
    loop {
        let mut c = app.state.pool.get().expect("a connection");
        if maku::notify::store::unread_count(&mut c, alice_id, None).expect("a count") > 0 {
            break;
        }
        assert!(
            stored.elapsed() < Duration::from_secs(15),
            "the other process notified Alice"
        );
        drop(c);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    crate::helpers::within_a_second("the mention reached the kept session", async || {
        bell_count(&alice.get(&path).await) == 1
    })
    .await;
    crate::helpers::within_a_second("the mention reached the kept bell", async || {
        alice
            .get("/notifications")
            .await
            .body
            .contains("class=\"unread\"")
    })
    .await;
    // Bob's sessions end through the other process (its sign-out-everywhere route): a session
    // of his this instance keeps ends within a second too.
    let web_bob = app.browser();
    assert_eq!(
        web_bob.login("bob", "password-123").await.status,
        StatusCode::OK
    );
    assert!(header(&web_bob.get(&path).await).contains(r#"href="/u/bob""#));
    let r = client
        .post(format!("{}/api/v1/account/sign-out-everywhere", other.base))
        .bearer_auth(&bob)
        .send()
        .await
        .expect("POST");
    assert!(r.status().is_success(), "{}", r.status());
    crate::helpers::within_a_second("the ended session reached this instance", async || {
        !header(&web_bob.get(&path).await).contains(r#"href="/u/bob""#)
    })
    .await;
    drop(other);
}
