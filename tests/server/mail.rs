//! E-mail (docs/mail.md), sent through maku's real SMTP client to a real SMTP server on loopback
//! (`mailbox`): an address is used only after its mailed link is opened; each kind of
//! notification is mailed at once, in the daily digest or not at all; every mail unsubscribes in
//! one click; deadline reminders are mailed; the queue loses nothing on a restart and two
//! instances never send one mail twice; and no mail carries a private thread's text.

use crate::helpers::{self, Api, Backend, TestApp, started_game};
use crate::mailbox::{Mail, Mailbox};
use maku::config::{Settings, SmtpUrl};
use maku::db::queries::mail as q;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::time::Duration;

/// An app that mails through its own test mailbox, sending every 50 ms.
async fn with_mail(backend: Backend) -> Option<(TestApp, Mailbox)> {
    let mailbox = Mailbox::start();
    let url = mailbox.url();
    let app = helpers::spawn_with(backend, move |s: &mut Settings| {
        s.smtp_url = Some(SmtpUrl(url));
        s.mail_poll = Duration::from_millis(50);
        s.mail_from = Some("maku <maku@forum.test>".into());
    })
    .await?;
    Some((app, mailbox))
}

macro_rules! with_mail_on_both_backends {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[actix_web::test]
                async fn $name() {
                    let (app, mailbox) = super::with_mail($crate::helpers::Backend::Sqlite)
                        .await
                        .expect("sqlite app");
                    super::$name(app, mailbox).await;
                }
            )*
        }
        mod postgres {
            $(
                #[actix_web::test]
                async fn $name() {
                    match super::with_mail($crate::helpers::Backend::Postgres).await {
                        Some((app, mailbox)) => super::$name(app, mailbox).await,
                        None => eprintln!("MAKU_TEST_PG_URL is not set: PostgreSQL run skipped"),
                    }
                }
            )*
        }
    };
}

with_mail_on_both_backends!(
    an_address_is_used_only_after_its_mailed_link_is_opened,
    one_click_unsubscribes_from_that_kind_and_a_look_does_not,
    the_daily_digest_tells_the_unread_once_a_day,
    deadline_reminders_are_mailed_to_the_seat_that_owes,
    the_settings_page_sets_the_address_and_the_modes,
    no_private_thread_text_leaves_by_mail,
    the_queue_survives_a_restart_and_two_instances_send_each_mail_once,
);

async fn user_id(app: &TestApp, name: &str) -> i64 {
    let key = name.to_lowercase();
    app.state
        .db(move |c| Ok(maku::db::queries::users::by_key(c, &key)?))
        .await
        .expect("db")
        .expect("the account exists")
        .id
}

async fn put(api: &Api<'_>, path: &str, token: &str, body: Value) -> (StatusCode, Value) {
    api.call(reqwest::Method::PUT, path, Some(token), Some(body))
        .await
}

/// Notifications become mails, and what waits is sent (the server's own loop sends too).
async fn tick(app: &TestApp) {
    maku::notify::tick(&app.state).await.expect("notify tick");
    maku::mail::tick(&app.state).await.expect("mail tick");
}

/// Gives `address` to the account of `token` and opens the link mailed to it; returns the
/// confirmation mail.
async fn confirmed(app: &TestApp, mailbox: &Mailbox, token: &str, address: &str) -> Mail {
    let api = Api::new(app);
    let (s, b) = put(
        &api,
        "/api/v1/account/email",
        token,
        json!({"email": address}),
    )
    .await;
    assert_eq!(s, StatusCode::ACCEPTED, "{b}");
    let mails = mailbox.wait_for_to(address, 1, 10).await;
    let mail = mails.last().expect("the link's mail").clone();
    let link = mail
        .link("/account/email/confirm/")
        .expect("the mail holds the link");
    // Opened from the mailbox: no session, no token; its page's button confirms.
    let page = open_link(app, &link).await;
    assert_eq!(page.status, StatusCode::OK);
    let (_, b) = api.get("/api/v1/account/email", Some(token)).await;
    assert_eq!(b["email"], address, "{b}");
    mail
}

/// Opens a mailed confirmation link as a mailbox's browser does (a fresh cookie jar, no
/// sign-in) and presses its page's button; the page the button leads back to.
async fn open_link(app: &TestApp, link: &str) -> helpers::Page {
    let browser = app.browser();
    let path = link.trim_start_matches(&app.base);
    let page = browser.get(path).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(
        page.body
            .contains(&format!(r#"<form method="post" action="{path}""#)),
        "the page asks first: {}",
        page.body
    );
    let done = browser.post(path, &[("csrf", &page.csrf())]).await;
    done.assert_back_at(path);
    done
}

/// A thread on the `talk` board opened by `token`; its id.
async fn thread(app: &TestApp, token: &str, title: &str, body: &str) -> i64 {
    let slug = app.board("talk").await;
    let (s, t) = Api::new(app)
        .post(
            &format!("/api/v1/boards/{slug}/threads"),
            token,
            json!({"title": title, "body": body}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{t}");
    t["id"].as_i64().expect("thread")
}

async fn reply(app: &TestApp, token: &str, thread: i64, body: &str) -> Value {
    let (s, p) = Api::new(app)
        .post(
            &format!("/api/v1/threads/{thread}/posts"),
            token,
            json!({"body": body}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{p}");
    p
}

/// A mail client's one-click unsubscribe (RFC 8058): a POST of `List-Unsubscribe=One-Click`,
/// with no cookie; its status.
async fn one_click(url: &str) -> StatusCode {
    helpers::client()
        .build()
        .expect("client")
        .post(url)
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .expect("one click")
        .status()
}

/// Every mail's text as a mail client shows it: subject, headers, body.
fn everything(mails: &[Mail]) -> String {
    mails
        .iter()
        .map(|m| format!("{}\n{}\n{}", m.subject, m.raw, m.text))
        .collect::<Vec<_>>()
        .join("\n")
}

async fn an_address_is_used_only_after_its_mailed_link_is_opened(app: TestApp, mailbox: Mailbox) {
    let api = Api::new(&app);
    let li = api.account("mailli").await;
    let wang = api.account("mailwang").await;
    // Malformed addresses and unknown fields are refused; nothing is stored or mailed.
    for bad in [
        "not-an-address",
        "two words@example.test",
        "Li <li@example.test>",
    ] {
        let (s, b) = put(&api, "/api/v1/account/email", &li, json!({"email": bad})).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{bad}: {b}");
        assert_eq!(b["error"], "bad_email", "{b}");
    }
    let (s, b) = put(
        &api,
        "/api/v1/account/email",
        &li,
        json!({"email": "li@example.test", "cc": "x@example.test"}),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{b}");
    let (s, b) = api.get("/api/v1/account/email", Some(&li)).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(b, json!({"email": null, "pending": null, "mail": true}));

    // Mentions are mailed at once from now on.
    let (s, b) = put(
        &api,
        "/api/v1/account/mail",
        &li,
        json!({"mentioned": "now"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["mentioned"], "now");
    assert_eq!(
        b["ballot_missing"], "now",
        "a reminder comes at once by default"
    );
    assert_eq!(
        b["quoted"], "daily",
        "a quote waits for the digest by default"
    );

    let (s, b) = put(
        &api,
        "/api/v1/account/email",
        &li,
        json!({"email": "li@example.test"}),
    )
    .await;
    assert_eq!(s, StatusCode::ACCEPTED, "{b}");
    assert_eq!(b["pending"], "li@example.test");
    assert_eq!(b["email"], Value::Null);
    let link_mail = mailbox.wait_for_to("li@example.test", 1, 10).await[0].clone();
    assert!(
        link_mail.subject.contains("邮箱"),
        "Chinese by default: {}",
        link_mail.subject
    );
    assert!(link_mail.text.contains("mailli"), "{}", link_mail.text);
    assert_eq!(link_mail.from, "maku@forum.test");
    // Every mail unsubscribes in one click (RFC 8058) and says it is automatic.
    let unsubscribe = link_mail
        .header("List-Unsubscribe")
        .expect("List-Unsubscribe");
    assert!(unsubscribe.contains("/mail/unsubscribe/"), "{unsubscribe}");
    assert_eq!(
        link_mail.header("List-Unsubscribe-Post").as_deref(),
        Some("List-Unsubscribe=One-Click")
    );
    assert_eq!(
        link_mail.header("Auto-Submitted").as_deref(),
        Some("auto-generated")
    );
    // A MIME message says so (RFC 2045 §4; Python's email parser complains without it).
    assert_eq!(
        link_mail.header("MIME-Version").as_deref(),
        Some("1.0"),
        "{}",
        link_mail.raw
    );

    // Not yet opened: a mention tells the bell, not the mailbox.
    let t = thread(&app, &wang, "邮件", "开场").await;
    reply(&app, &wang, t, "@mailli 还没确认").await;
    tick(&app).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        mailbox.to("li@example.test").len(),
        1,
        "only the link's mail"
    );

    // A wrong link confirms nothing.
    let page = app
        .browser()
        .get("/account/email/confirm/not-a-token")
        .await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("链接无效"), "{}", page.body);
    let (_, b) = api.get("/api/v1/account/email", Some(&li)).await;
    assert_eq!(b["email"], Value::Null);

    // A look (a mail scanner, a preview) confirms nothing: the page asks first, with a
    // button that posts back with the page's CSRF token.
    let link = link_mail.link("/account/email/confirm/").expect("link");
    for _ in 0..2 {
        let looked = helpers::client()
            .build()
            .expect("client")
            .get(&link)
            .send()
            .await
            .expect("look");
        assert_eq!(looked.status(), StatusCode::OK);
        let body = looked.text().await.expect("page");
        assert!(body.contains("按下按钮才会确认"), "{body}");
        assert!(body.contains(r#"name="csrf""#), "{body}");
    }
    let (_, b) = api.get("/api/v1/account/email", Some(&li)).await;
    assert_eq!(b["email"], Value::Null, "a look confirms nothing: {b}");
    // A post without the page's token confirms nothing either.
    let forged = helpers::client()
        .build()
        .expect("client")
        .post(&link)
        .form(&[("csrf", "forged")])
        .send()
        .await
        .expect("forged post");
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    let (_, b) = api.get("/api/v1/account/email", Some(&li)).await;
    assert_eq!(b["email"], Value::Null, "{b}");

    // Confirmed by the button: the address is in use, and the next mention is mailed.
    let opened = open_link(&app, &link).await;
    assert!(opened.body.contains("li@example.test"), "{}", opened.body);
    assert!(opened.body.contains("已确认"), "{}", opened.body);
    let (_, b) = api.get("/api/v1/account/email", Some(&li)).await;
    assert_eq!(
        b,
        json!({"email": "li@example.test", "pending": null, "mail": true})
    );
    // The link works once.
    let again = app.browser().get(link.trim_start_matches(&app.base)).await;
    assert!(again.body.contains("链接无效"), "{}", again.body);
    assert!(
        !again
            .body
            .contains("<form method=\"post\" action=\"/account/email/confirm/")
    );

    let p = reply(&app, &wang, t, "@mailli 现在确认了").await;
    tick(&app).await;
    let mails = mailbox.wait_for_to("li@example.test", 2, 10).await;
    let mention = &mails[1];
    assert!(mention.subject.contains("mailwang"), "{}", mention.subject);
    let floor = p["floor"].as_i64().expect("floor");
    assert!(
        mention.text.contains(&format!("/t/{t}/{floor}")),
        "the mail links the post: {}",
        mention.text
    );
    assert!(
        !mention.text.contains("现在确认了"),
        "a mail never quotes a post"
    );
    assert!(mention.header("List-Unsubscribe").is_some());
    // The same mention is not mailed twice by later ticks.
    tick(&app).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(mailbox.to("li@example.test").len(), 2);

    // A new address waits for its own link; the old one stays in use meanwhile.
    let (s, b) = put(
        &api,
        "/api/v1/account/email",
        &li,
        json!({"email": "li2@example.test"}),
    )
    .await;
    assert_eq!(s, StatusCode::ACCEPTED, "{b}");
    assert_eq!(b["email"], "li@example.test");
    assert_eq!(b["pending"], "li2@example.test");
    mailbox.wait_for_to("li2@example.test", 1, 10).await;
    // The address in use again: nothing to confirm, no mail.
    let (s, b) = put(
        &api,
        "/api/v1/account/email",
        &li,
        json!({"email": "LI@example.test"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["pending"], Value::Null);
    // Removing forgets it: mentions reach the bell only.
    let (s, _) = api
        .call(
            reqwest::Method::DELETE,
            "/api/v1/account/email",
            Some(&li),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    reply(&app, &wang, t, "@mailli 删除以后").await;
    tick(&app).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(mailbox.to("li@example.test").len(), 2);

    // A link opened after 48 hours confirms nothing: the page says to ask again.
    let (s, b) = put(
        &api,
        "/api/v1/account/email",
        &li,
        json!({"email": "li3@example.test"}),
    )
    .await;
    assert_eq!(s, StatusCode::ACCEPTED, "{b}");
    let late = mailbox.wait_for_to("li3@example.test", 1, 10).await[0]
        .link("/account/email/confirm/")
        .expect("link");
    app.clock.advance(chrono::Duration::hours(49));
    let page = app.browser().get(late.trim_start_matches(&app.base)).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("链接已过期"), "{}", page.body);
    let (_, b) = api.get("/api/v1/account/email", Some(&li)).await;
    assert_eq!(b["email"], Value::Null, "{b}");
    assert_eq!(b["pending"], "li3@example.test", "still waiting: {b}");

    // Five link mails a day at most: no flooding someone else's mailbox.
    let mut last = StatusCode::OK;
    for i in 0..6 {
        let (s, _) = put(
            &api,
            "/api/v1/account/email",
            &li,
            json!({"email": format!("flood{i}@example.test")}),
        )
        .await;
        last = s;
    }
    assert_eq!(last, StatusCode::TOO_MANY_REQUESTS);

    // The history keeps what happened, without the address itself.
    let id = user_id(&app, "mailli").await;
    let events = app
        .state
        .db(move |c| {
            Ok(maku::db::queries::account_events::stream_events(
                c,
                Some(id),
            )?)
        })
        .await
        .expect("db");
    let kinds: Vec<&str> = events.iter().map(|e| e.kind.as_str()).collect();
    for k in [
        "email_requested",
        "email_confirmed",
        "email_removed",
        "mail_modes",
    ] {
        assert!(kinds.contains(&k), "{k} in {kinds:?}");
    }
    assert!(
        events.iter().all(|e| !e.detail.contains("li@example.test")),
        "the history keeps only the domain"
    );
}

async fn one_click_unsubscribes_from_that_kind_and_a_look_does_not(app: TestApp, mailbox: Mailbox) {
    let api = Api::new(&app);
    let zhao = api.account("mailzhao").await;
    let qian = api.account("mailqian").await;
    put(
        &api,
        "/api/v1/account/mail",
        &zhao,
        json!({"mentioned": "now", "quoted": "now"}),
    )
    .await;
    confirmed(&app, &mailbox, &zhao, "zhao@example.test").await;
    let t = thread(&app, &qian, "退订", "开场").await;
    reply(&app, &qian, t, "@mailzhao 第一次").await;
    tick(&app).await;
    let mails = mailbox.wait_for_to("zhao@example.test", 2, 10).await;
    let url = mails[1].unsubscribe_url().expect("List-Unsubscribe");
    assert!(url.starts_with(&app.base), "{url} is on the public URL");

    // A look (a link checker, a preview) stops nothing: the page asks first.
    let anon = helpers::client().build().expect("client");
    let page = anon.get(&url).send().await.expect("look");
    assert_eq!(page.status(), StatusCode::OK);
    let html = page.text().await.expect("page");
    assert!(html.contains("<form method=\"post\""), "{html}");
    let (_, modes) = api.get("/api/v1/account/mail", Some(&zhao)).await;
    assert_eq!(modes["mentioned"], "now");

    // A forged or mangled address is the 404 of any unknown page; so is the right signature
    // under another spelling of the account id (a sign, a leading zero): one address each.
    let forged = format!("{}0", url.trim_end_matches(|c: char| c.is_ascii_hexdigit()));
    let (head, token) = url.rsplit_once('/').expect("a path");
    let signed = format!("{head}/+{token}");
    let padded = format!("{head}/0{token}");
    for bad in [
        forged.as_str(),
        &format!("{}/mail/unsubscribe/1.digest.00", app.base),
        &signed,
        &padded,
    ] {
        let r = anon.get(bad).send().await.expect("forged");
        assert_eq!(r.status(), StatusCode::NOT_FOUND, "{bad}");
        assert_eq!(one_click(bad).await, StatusCode::NOT_FOUND, "{bad}");
    }

    // The mail client's one click: a POST with no cookie, answered at once (no redirect).
    assert_eq!(one_click(&url).await, StatusCode::OK);
    let (_, modes) = api.get("/api/v1/account/mail", Some(&zhao)).await;
    assert_eq!(modes["mentioned"], "none", "{modes}");
    assert_eq!(modes["quoted"], "now", "only that kind: {modes}");
    // The page says so, and the bell still tells.
    let html = anon
        .get(&url)
        .send()
        .await
        .expect("look")
        .text()
        .await
        .expect("page");
    assert!(html.contains("已退订"), "{html}");
    reply(&app, &qian, t, "@mailzhao 第二次").await;
    tick(&app).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        mailbox.to("zhao@example.test").len(),
        2,
        "no more mentions by mail"
    );
    let (_, bell) = api.get("/api/v1/notifications", Some(&zhao)).await;
    let mentions = bell["notifications"]
        .as_array()
        .expect("list")
        .iter()
        .filter(|n| n["kind"] == "mentioned")
        .count();
    assert_eq!(mentions, 2, "{bell}");

    // The page's own button stops the kind too, and answers with a redirect back (PRG).
    put(
        &api,
        "/api/v1/account/mail",
        &zhao,
        json!({"mentioned": "now"}),
    )
    .await;
    let browser = app.browser();
    let page = browser.get(url.trim_start_matches(&app.base)).await;
    assert!(
        page.body.contains("name=\"from\" value=\"page\""),
        "{}",
        page.body
    );
    let done = browser
        .post_answer(
            url.trim_start_matches(&app.base),
            &[("List-Unsubscribe", "One-Click"), ("from", "page")],
        )
        .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER);
    assert!(done.location.ends_with("?done=1"), "{}", done.location);
    let (_, modes) = api.get("/api/v1/account/mail", Some(&zhao)).await;
    assert_eq!(modes["mentioned"], "none");
}

async fn the_daily_digest_tells_the_unread_once_a_day(app: TestApp, mailbox: Mailbox) {
    let api = Api::new(&app);
    let sun = api.account("mailsun").await;
    let zhou = api.account("mailzhou").await;
    confirmed(&app, &mailbox, &sun, "sun@example.test").await;
    let t = thread(&app, &zhou, "摘要", "开场").await;
    reply(&app, &zhou, t, "@mailsun 一").await;
    reply(&app, &zhou, t, "@mailsun 二").await;
    tick(&app).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        mailbox.to("sun@example.test").len(),
        1,
        "mentions wait for the digest"
    );

    // A day after the address was confirmed: one digest with both.
    app.clock
        .advance(chrono::Duration::hours(24) + chrono::Duration::minutes(1));
    tick(&app).await;
    let mails = mailbox.wait_for_to("sun@example.test", 2, 10).await;
    let digest = &mails[1];
    assert!(digest.subject.contains('2'), "{}", digest.subject);
    assert_eq!(
        digest.text.matches("mailzhou").count(),
        2,
        "{}",
        digest.text
    );
    assert!(digest.header("List-Unsubscribe").is_some());
    tick(&app).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(mailbox.to("sun@example.test").len(), 2, "once");

    // What was read in the bell meanwhile is not mailed again.
    reply(&app, &zhou, t, "@mailsun 三").await;
    reply(&app, &zhou, t, "@mailsun 四").await;
    maku::notify::tick(&app.state).await.expect("notify");
    let (s, _) = api
        .post("/api/v1/notifications/read", &sun, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK);
    reply(&app, &zhou, t, "@mailsun 五").await;
    app.clock.advance(chrono::Duration::hours(12));
    tick(&app).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(mailbox.to("sun@example.test").len(), 2, "not before a day");
    app.clock.advance(chrono::Duration::hours(13));
    tick(&app).await;
    let mails = mailbox.wait_for_to("sun@example.test", 3, 10).await;
    let second = &mails[2];
    assert_eq!(
        second.text.matches("mailzhou").count(),
        1,
        "{}",
        second.text
    );

    // Unsubscribing from the digest turns every daily kind off.
    let url = second.unsubscribe_url().expect("List-Unsubscribe");
    assert_eq!(one_click(&url).await, StatusCode::OK);
    let (_, modes) = api.get("/api/v1/account/mail", Some(&sun)).await;
    assert_eq!(modes["mentioned"], "none", "{modes}");
    assert_eq!(
        modes["ballot_missing"], "now",
        "what came at once still does: {modes}"
    );
}

async fn deadline_reminders_are_mailed_to_the_seat_that_owes(app: TestApp, mailbox: Mailbox) {
    let g = started_game(&app, "mr", json!({"act_minutes": 1440})).await;
    let api = Api::new(&app);
    confirmed(&app, &mailbox, &g.players[0], "seat0@example.test").await;
    confirmed(&app, &mailbox, &g.players[1], "seat1@example.test").await;
    // Seat 1 votes; seat 0 does not.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/actions", g.id),
            &g.players[1],
            json!({"type": "vote", "targets": [g.names[2].clone()]}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    // Six hours before the deadline (the default lead time), the reminder goes by mail.
    app.clock
        .advance(chrono::Duration::hours(18) + chrono::Duration::minutes(1));
    tick(&app).await;
    // Seat 0 may have been told its turn at the start too (a notebook's holder); the reminder
    // is the mail that names the deadline.
    let reminders = |address: &str| -> Vec<Mail> {
        mailbox
            .to(address)
            .into_iter()
            .filter(|m| m.text.contains("UTC"))
            .collect()
    };
    let mut waited = 0;
    while reminders("seat0@example.test").is_empty() && waited < 200 {
        tokio::time::sleep(Duration::from_millis(50)).await;
        waited += 1;
    }
    let found = reminders("seat0@example.test");
    assert_eq!(found.len(), 1, "one reminder");
    let reminder = &found[0];
    assert!(reminder.subject.contains("对局"), "{}", reminder.subject);
    assert!(
        reminder.text.contains(&format!("/games/{}/seat", g.id)),
        "{}",
        reminder.text
    );
    tick(&app).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(reminders("seat0@example.test").len(), 1, "once");
    // Who voted is reminded only of what it still owes (a Kira's optional kill, say): its
    // mails say what its bell says, no more.
    let (_, bell) = api.get("/api/v1/notifications", Some(&g.players[1])).await;
    let owed = bell["notifications"]
        .as_array()
        .expect("list")
        .iter()
        .filter(|n| n["kind"] == "ballot_missing")
        .count();
    assert_eq!(reminders("seat1@example.test").len(), owed, "{bell}");
    // Nobody's mail names another seat's account.
    let all = everything(&mailbox.all());
    for i in 2..6 {
        assert!(!all.contains(&format!("mr{i}")), "mr{i} leaked: {all}");
    }
}

async fn the_settings_page_sets_the_address_and_the_modes(app: TestApp, mailbox: Mailbox) {
    let b = app.player("mailwu").await;
    let page = b.get("/account/notifications").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.contains("name=\"mail_mentioned\""),
        "{}",
        page.body
    );
    assert!(page.body.contains("尚未设置邮箱"), "{}", page.body);

    // A bad address: back to the form, with the message and what was typed.
    let csrf = page.csrf();
    let bad = b
        .post(
            "/account/email",
            &[("csrf", &csrf), ("email", "wu at example")],
        )
        .await;
    bad.assert_back_at("/account/notifications");
    assert!(bad.body.contains("这不是电子邮箱地址"), "{}", bad.body);
    assert!(bad.body.contains("value=\"wu at example\""), "{}", bad.body);

    let ok = b
        .post(
            "/account/email",
            &[("csrf", &csrf), ("email", "wu@example.test")],
        )
        .await;
    ok.assert_back_at("/account/notifications");
    assert!(ok.body.contains("wu@example.test"), "{}", ok.body);
    assert!(ok.body.contains("等待确认"), "{}", ok.body);
    let mail = mailbox.wait_for_to("wu@example.test", 1, 10).await[0].clone();
    let link = mail.link("/account/email/confirm/").expect("link");
    let opened = open_link(&app, &link).await;
    assert!(opened.body.contains("已确认"), "{}", opened.body);
    let page = b.get("/account/notifications").await;
    assert!(
        page.body.contains("邮件发往 wu@example.test"),
        "{}",
        page.body
    );
    assert!(
        page.body.contains("最近的邮件"),
        "the page lists the mails: {}",
        page.body
    );

    // The modes: saved with the bell's switches, each kind its own.
    let mut form: Vec<(String, String)> = maku::notify::KINDS
        .iter()
        .flat_map(|k| {
            [
                (k.to_string(), "on".to_string()),
                (format!("mail_{k}"), "daily".to_string()),
            ]
        })
        .collect();
    form.retain(|(k, _)| k != "mail_quoted");
    form.push(("mail_quoted".into(), "none".into()));
    form.push(("csrf".into(), csrf.clone()));
    let fields: Vec<(&str, &str)> = form.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let saved = b.post("/account/notifications", &fields).await;
    saved.assert_back_at("/account/notifications");
    let token = Api::new(&app).token("mailwu", "password-123").await;
    let (_, modes) = Api::new(&app)
        .get("/api/v1/account/mail", Some(&token))
        .await;
    assert_eq!(modes["quoted"], "none", "{modes}");
    assert_eq!(modes["ballot_missing"], "daily", "{modes}");
    // An unknown mode or field saves nothing.
    for extra in [("mail_quoted", "weekly"), ("colour", "blue")] {
        let mut fields = fields.clone();
        fields.retain(|(k, _)| *k != extra.0);
        fields.push(extra);
        let answer = b.post_answer("/account/notifications", &fields).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{extra:?}");
    }
    let (_, modes) = Api::new(&app)
        .get("/api/v1/account/mail", Some(&token))
        .await;
    assert_eq!(modes["quoted"], "none");

    // Remove: gone from the page.
    let removed = b.post("/account/email/remove", &[("csrf", &csrf)]).await;
    removed.assert_back_at("/account/notifications");
    assert!(removed.body.contains("尚未设置邮箱"), "{}", removed.body);
}

async fn no_private_thread_text_leaves_by_mail(app: TestApp, mailbox: Mailbox) {
    let g = started_game(&app, "mp", json!({"act_minutes": 1440})).await;
    let api = Api::new(&app);
    let outsider = api.account("mailoutsider").await;
    // Every kind at once, for every seat and the outsider; each confirms an address.
    let all_now: serde_json::Map<String, Value> = maku::notify::KINDS
        .iter()
        .map(|k| (k.to_string(), Value::from("now")))
        .collect();
    let mut tokens: Vec<(String, String)> = g
        .players
        .iter()
        .enumerate()
        .map(|(i, t)| (t.clone(), format!("mp{i}@example.test")))
        .collect();
    tokens.push((outsider.clone(), "outsider@example.test".into()));
    for (t, address) in &tokens {
        put(
            &api,
            "/api/v1/account/mail",
            t,
            Value::Object(all_now.clone()),
        )
        .await;
        confirmed(&app, &mailbox, t, address).await;
    }
    // Private threads: whatever a seat can write there (its team thread, if it has one), with
    // mentions of everyone.
    let mentions = "@mp0 @mp1 @mp2 @mp3 @mp4 @mp5 @mailoutsider";
    for (i, t) in g.players.iter().enumerate() {
        for thread in ["kira", "team", "killers", "graveyard"] {
            let _ = api
                .post(
                    &format!("/api/v1/games/{}/threads/{thread}", g.id),
                    t,
                    json!({"body": format!("privatesecret{i} {mentions}")}),
                )
                .await;
        }
    }
    let _ = api
        .post(
            &format!("/api/v1/games/{}/threads/graveyard", g.id),
            &g.admin,
            json!({"body": format!("gravesecret {mentions}")}),
        )
        .await;
    // A forum post that the admin hides after it was written.
    let t = thread(&app, &outsider, "公开", "开场").await;
    let p = reply(&app, &outsider, t, &format!("hiddensecret {mentions}")).await;
    let floor = p["floor"].as_i64().expect("floor");
    let (s, b) = api
        .post(
            &format!("/api/v1/threads/{t}/posts/{floor}/hide"),
            &g.admin,
            json!({"reason": "剧透"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    // The act ends (private results), a day passes (reminders, digests).
    let act = api.act(g.id).await;
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/resolve", g.id),
            &g.admin,
            json!({"act": act}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    tick(&app).await;
    app.clock.advance(chrono::Duration::hours(19));
    tick(&app).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    tick(&app).await;
    let mails = mailbox.all();
    assert!(
        mails.len() > tokens.len(),
        "more than the links were mailed: {}",
        mails.len()
    );
    let text = everything(&mails);
    for secret in ["privatesecret", "gravesecret", "hiddensecret", "剧透"] {
        assert!(!text.contains(secret), "{secret} left by mail");
    }
    // Each seat's mails name no other seat's account.
    let mut by_seat: HashMap<usize, String> = HashMap::new();
    for i in 0..6 {
        by_seat.insert(i, everything(&mailbox.to(&format!("mp{i}@example.test"))));
    }
    for (i, text) in &by_seat {
        for j in 0..6 {
            if j != *i {
                assert!(!text.contains(&format!("mp{j}@")), "seat {i} sees mp{j}");
                assert!(
                    !text.contains(&format!("account mp{j}"))
                        && !text.contains(&format!("账号 mp{j}")),
                    "seat {i} sees mp{j}'s account"
                );
            }
        }
    }
}

async fn the_queue_survives_a_restart_and_two_instances_send_each_mail_once(
    app: TestApp,
    mailbox: Mailbox,
) {
    let api = Api::new(&app);
    api.account("mailqueue").await;
    let user = user_id(&app, "mailqueue").await;
    let queue = |n: usize, tag: &'static str| {
        let state = app.state.clone();
        let now = app.clock.now_utc();
        async move {
            state
                .write(move |c| {
                    for i in 0..n {
                        let subject = format!("{tag} {i}");
                        q::enqueue(
                            c,
                            &q::NewMail {
                                user_id: user,
                                kind: "digest",
                                to_address: "queue@example.test",
                                subject: &subject,
                                body: "正文",
                                unsubscribe: "http://127.0.0.1/mail/unsubscribe/x",
                            },
                            now,
                        )?;
                    }
                    Ok(())
                })
                .await
                .expect("queued")
        }
    };

    // A sender that claimed three mails and died before sending them: they wait for its claim to
    // run out, then go. Queued and claimed in one transaction: this server's own sender (every
    // 50 ms) must not take them first.
    let now = app.clock.now_utc();
    let claimed = app
        .state
        .write(move |c| {
            for i in 0..3 {
                let subject = format!("orphan {i}");
                q::enqueue(
                    c,
                    &q::NewMail {
                        user_id: user,
                        kind: "digest",
                        to_address: "queue@example.test",
                        subject: &subject,
                        body: "正文",
                        unsubscribe: "http://127.0.0.1/mail/unsubscribe/x",
                    },
                    now,
                )?;
            }
            Ok(q::claim(
                c,
                "dead-instance",
                now,
                now + maku::mail::deliver::CLAIM,
                10,
            )?)
        })
        .await
        .expect("queued and claimed");
    assert_eq!(claimed.len(), 3);
    maku::mail::tick(&app.state).await.expect("tick");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        mailbox.to("queue@example.test").len(),
        0,
        "held by the dead claim"
    );
    app.clock
        .advance(maku::mail::deliver::CLAIM + chrono::Duration::seconds(1));
    maku::mail::tick(&app.state).await.expect("tick");
    mailbox.wait_for_to("queue@example.test", 3, 10).await;

    // A temporary refusal: the mail is tried again a minute later, not lost.
    mailbox.refuse_next(1);
    queue(1, "refused").await;
    maku::mail::tick(&app.state).await.expect("tick");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(mailbox.to("queue@example.test").len(), 3, "refused once");
    app.clock.advance(chrono::Duration::minutes(2));
    maku::mail::tick(&app.state).await.expect("tick");
    mailbox.wait_for_to("queue@example.test", 4, 10).await;

    // Two instances on one database, both sending: every mail arrives exactly once.
    let url = mailbox.url();
    let (_, other) = app
        .another_instance(app.clock.now_utc(), move |s| {
            s.smtp_url = Some(SmtpUrl(url));
            s.mail_poll = Duration::from_millis(10);
        })
        .await;
    queue(40, "pair").await;
    let (a, b) = tokio::join!(maku::mail::tick(&app.state), maku::mail::tick(&other));
    a.expect("tick a");
    b.expect("tick b");
    let mails = mailbox.wait_for_to("queue@example.test", 44, 20).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mails_after = mailbox.to("queue@example.test");
    assert_eq!(mails_after.len(), 44, "no mail twice");
    let mut ids: Vec<String> = mails
        .iter()
        .map(|m| m.header("Message-ID").expect("Message-ID"))
        .collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 44, "one Message-ID each");
    let state = app.state.clone();
    let waiting = state
        .db(move |c| {
            let later = chrono::Utc::now().naive_utc() + chrono::Duration::days(3650);
            Ok(q::claim(c, "count", later, later, 100)?)
        })
        .await
        .expect("db");
    assert!(waiting.is_empty(), "nothing left waiting");
}

/// A server without `--smtp-url`.
mod off {
    use super::*;

    crate::on_both_backends!(without_smtp_the_forum_says_it_sends_no_mail);

    async fn without_smtp_the_forum_says_it_sends_no_mail(app: TestApp) {
        let api = Api::new(&app);
        let t = api.account("nomail").await;
        let (s, b) = put(
            &api,
            "/api/v1/account/email",
            &t,
            json!({"email": "n@example.test"}),
        )
        .await;
        assert_eq!(s, StatusCode::CONFLICT, "{b}");
        assert_eq!(b["error"], "mail_off");
        let (_, b) = api.get("/api/v1/account/email", Some(&t)).await;
        assert_eq!(b["mail"], false);
        let browser = app.player("nomailpage").await;
        let page = browser.get("/account/notifications").await;
        assert!(page.body.contains("本论坛不发送电子邮件"), "{}", page.body);
        assert!(!page.body.contains("name=\"mail_"), "no mail choices");
    }
}

/// Two digest passes at once (two instances, or an instance's sender and a tick): the second
/// waits for the first's transaction and then finds nothing due, so the digest is queued once.
/// PostgreSQL only: SQLite runs one write transaction at a time by itself.
#[actix_web::test]
async fn two_digest_passes_at_once_queue_one_digest() {
    let Some((app, mailbox)) = with_mail(Backend::Postgres).await else {
        eprintln!("MAKU_TEST_PG_URL is not set: PostgreSQL run skipped");
        return;
    };
    let api = Api::new(&app);
    let he = api.account("mailhe").await;
    let lv = api.account("maillv").await;
    confirmed(&app, &mailbox, &he, "he@example.test").await;
    let t = thread(&app, &lv, "并发", "开场").await;
    reply(&app, &lv, t, "@mailhe 一").await;
    maku::notify::tick(&app.state).await.expect("notify");
    app.clock.advance(chrono::Duration::hours(25));
    let mailer = app.state.mail.clone().expect("a mailer");
    let (base, now) = (app.state.settings.public_base(), app.clock.now_utc());
    let first_done = std::sync::Arc::new(std::sync::Barrier::new(2));
    let pass = |wait_first: bool| {
        let (pool, mailer, base) = (app.state.pool.clone(), mailer.clone(), base.clone());
        let first_done = first_done.clone();
        std::thread::spawn(move || {
            use diesel::Connection;
            let mut c = pool.get().expect("a connection");
            if wait_first {
                // The other pass has read and queued, and has not committed yet.
                first_done.wait();
            }
            c.transaction::<_, maku::error::AppError, _>(|c| {
                let n = maku::mail::queue::digests(c, &mailer, &base, now)?;
                if !wait_first {
                    first_done.wait();
                    std::thread::sleep(Duration::from_millis(300));
                }
                Ok(n)
            })
            .expect("a pass")
        })
    };
    let a = pass(false);
    let b = pass(true);
    let queued = a.join().expect("pass a") + b.join().expect("pass b");
    assert_eq!(queued, 1, "one digest between the two passes");
}
