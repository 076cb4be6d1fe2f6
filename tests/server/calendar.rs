//! The private deadline calendar: `GET /api/v1/account/calendar` → `{"url"}`, the iCalendar
//! feed at that address, revocation, and the account page.

use crate::helpers::{Api, TestApp, started_game};
use crate::on_both_backends;
use reqwest::StatusCode;
use serde_json::json;

on_both_backends!(
    the_feed_lists_ones_deadlines_and_follows_the_judge,
    a_revoked_address_is_gone_at_once,
    the_account_page_shows_and_replaces_the_address,
    a_feed_moves_with_public_facts_only,
    a_feed_without_deadlines_is_still_a_calendar,
    signing_out_everywhere_and_a_new_password_change_the_address,
);

/// One fetched feed: status, headers of interest, and its unfolded content lines.
struct Feed {
    status: StatusCode,
    content_type: String,
    cache_control: String,
    etag: String,
    body: String,
}

impl Feed {
    /// The content lines, unfolded (RFC 5545 §3.1): every physical line ends with CRLF and is at
    /// most 75 octets; a line starting with a space continues the one before.
    fn lines(&self) -> Vec<String> {
        assert!(self.body.ends_with("\r\n"), "CRLF at the end");
        let mut out: Vec<String> = Vec::new();
        for physical in self.body.trim_end_matches("\r\n").split("\r\n") {
            assert!(physical.len() <= 75, "a line of {} octets", physical.len());
            assert!(!physical.contains('\n'), "a bare LF: {physical:?}");
            match physical.strip_prefix(' ') {
                Some(more) => out.last_mut().expect("a first line").push_str(more),
                None => out.push(physical.to_string()),
            }
        }
        out
    }

    /// Each VEVENT as its (name, value) properties, the VALARM's left out.
    fn events(&self) -> Vec<Vec<(String, String)>> {
        let mut events = Vec::new();
        let mut current: Option<Vec<(String, String)>> = None;
        let mut in_alarm = false;
        let lines = self.lines();
        assert_eq!(lines.first().map(String::as_str), Some("BEGIN:VCALENDAR"));
        assert_eq!(lines.last().map(String::as_str), Some("END:VCALENDAR"));
        assert!(lines.iter().any(|l| l == "VERSION:2.0"));
        assert!(lines.iter().any(|l| l.starts_with("PRODID:")));
        for line in lines {
            let (name, value) = line.split_once(':').expect("name:value");
            match (name, value) {
                ("BEGIN", "VEVENT") => current = Some(Vec::new()),
                ("END", "VEVENT") => events.push(current.take().expect("an open event")),
                ("BEGIN", "VALARM") => in_alarm = true,
                ("END", "VALARM") => in_alarm = false,
                _ if in_alarm => {}
                _ => {
                    if let Some(e) = current.as_mut() {
                        e.push((name.to_string(), value.to_string()));
                    }
                }
            }
        }
        events
    }
}

fn prop<'a>(event: &'a [(String, String)], name: &str) -> &'a str {
    event
        .iter()
        .find(|(n, _)| n == name || n.starts_with(&format!("{name};")))
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no {name} in {event:?}"))
}

async fn fetch(app: &TestApp, url: &str) -> Feed {
    let resp = app.api().get(url).send().await.expect("GET the feed");
    let header = |n: &str| {
        resp.headers()
            .get(n)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string()
    };
    let (content_type, cache_control) = (header("content-type"), header("cache-control"));
    let etag = header("etag");
    let status = resp.status();
    Feed {
        status,
        content_type,
        cache_control,
        etag,
        body: resp.text().await.expect("body"),
    }
}

async fn calendar_url(app: &TestApp, token: &str) -> String {
    let (s, b) = Api::new(app)
        .get("/api/v1/account/calendar", Some(token))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b.as_object().map(|o| o.len()), Some(1), "only the url: {b}");
    b["url"].as_str().expect("url").to_string()
}

/// A game's deadline as iCalendar writes it (`20261201T200000Z`), from its public JSON.
async fn deadline_of(app: &TestApp, game: i64) -> String {
    let (_, g) = Api::new(app)
        .get(&format!("/api/v1/games/{game}"), None)
        .await;
    g["deadline"]
        .as_str()
        .expect("a deadline")
        .replace(['-', ':'], "")
}

async fn the_feed_lists_ones_deadlines_and_follows_the_judge(app: TestApp) {
    let api = Api::new(&app);
    // A title with the characters iCalendar escapes, and Chinese, long enough to fold.
    let title = "月夜\\审判, 第一局; 测试：很长很长很长很长的标题";
    let g = started_game(&app, "cal", json!({"title": title})).await;
    let other = started_game(&app, "oth", json!({"title": "别人的局"})).await;

    // Without an account: 401, as every account endpoint.
    let (s, b) = api.get("/api/v1/account/calendar", None).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "{b}");

    let player = &g.players[0];
    let url = calendar_url(&app, player).await;
    assert!(
        url.starts_with(&format!("{}/calendar/", app.base)) && url.ends_with(".ics"),
        "{url}"
    );
    assert_eq!(
        calendar_url(&app, player).await,
        url,
        "the same address again"
    );

    let feed = fetch(&app, &url).await;
    assert_eq!(feed.status, StatusCode::OK, "{}", feed.body);
    assert_eq!(feed.content_type, "text/calendar; charset=utf-8");
    assert!(
        feed.cache_control.starts_with("private"),
        "{}",
        feed.cache_control
    );
    assert!(
        feed.cache_control.contains("max-age="),
        "{}",
        feed.cache_control
    );
    let events = feed.events();
    assert_eq!(events.len(), 1, "only the player's own game: {}", feed.body);
    let e = &events[0];
    let uid = prop(e, "UID").to_string();
    assert!(uid.contains(&format!("game-{}-", g.id)), "{uid}");
    assert_eq!(prop(e, "DTSTART"), deadline_of(&app, g.id).await);
    assert!(prop(e, "DTSTAMP").ends_with('Z'));
    assert!(e.iter().any(|(n, _)| n == "DURATION" || n == "DTEND"));
    // The title escaped (backslash, comma, semicolon), the act in the reader's language.
    let summary = prop(e, "SUMMARY");
    assert!(
        summary.starts_with("月夜\\\\审判\\, 第一局\\; 测试：很长很长很长很长的标题"),
        "{summary}"
    );
    assert!(summary.contains('1'), "{summary}");
    let link = format!("{}/games/{}", app.base, g.id);
    assert_eq!(prop(e, "URL"), link);
    assert!(prop(e, "DESCRIPTION").contains(&link));
    assert!(feed.body.contains("BEGIN:VALARM") && feed.body.contains("TRIGGER:-PT1H"));
    assert!(!feed.body.contains("别人的局"), "another player's game");
    assert!(
        !feed.body.contains(&format!("game-{}-", other.id)),
        "another game"
    );
    // In English when asked.
    let en = fetch(&app, &format!("{url}?lang=en")).await;
    assert!(
        prop(&en.events()[0], "SUMMARY").contains("act 1"),
        "{}",
        en.body
    );

    // The judge moves the deadline: the same event, at the new time.
    let act = api.act(g.id).await;
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/deadline", g.id),
            &g.admin,
            json!({"act": act, "extend_minutes": 90}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let moved = fetch(&app, &url).await.events();
    assert_eq!(moved.len(), 1);
    assert_eq!(prop(&moved[0], "UID"), uid, "the same event");
    let new_due = deadline_of(&app, g.id).await;
    assert_eq!(prop(&moved[0], "DTSTART"), new_due);
    assert_ne!(prop(&moved[0], "DTSTART"), prop(e, "DTSTART"));

    // The judge's own feed has both games it judges.
    let judge_feed = fetch(&app, &calendar_url(&app, &g.admin).await).await;
    let judged = judge_feed.events();
    assert_eq!(judged.len(), 2, "{}", judge_feed.body);
    // Told as the judge's (Chinese: no language asked for).
    assert!(
        judged
            .iter()
            .all(|e| prop(e, "DESCRIPTION").contains("法官")),
        "{}",
        judge_feed.body
    );

    // Paused: no deadline, no event; resumed: back, with the same UID.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/pause", g.id),
            &g.admin,
            json!({"act": act}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert!(fetch(&app, &url).await.events().is_empty(), "paused");
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/resume", g.id),
            &g.admin,
            json!({"act": act}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let resumed = fetch(&app, &url).await.events();
    assert_eq!(resumed.len(), 1);
    assert_eq!(prop(&resumed[0], "UID"), uid);

    // A finished game leaves the feed.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/end", g.id),
            &g.admin,
            json!({"act": act, "reason": "测试结束"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert!(fetch(&app, &url).await.events().is_empty(), "over");
    assert_eq!(
        fetch(&app, &calendar_url(&app, &g.admin).await)
            .await
            .events()
            .len(),
        1
    );
}

async fn a_revoked_address_is_gone_at_once(app: TestApp) {
    let api = Api::new(&app);
    let g = started_game(&app, "rev", json!({})).await;
    let token = &g.players[1];
    let old = calendar_url(&app, token).await;
    assert_eq!(fetch(&app, &old).await.status, StatusCode::OK);
    // Another account's revocation touches nothing of this one.
    let (s, _) = api
        .call(
            reqwest::Method::DELETE,
            "/api/v1/account/calendar",
            Some(&g.players[2]),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(fetch(&app, &old).await.status, StatusCode::OK);

    let (s, b) = api
        .call(
            reqwest::Method::DELETE,
            "/api/v1/account/calendar",
            Some(token),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let gone = fetch(&app, &old).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    // The same 404 as an address that never was.
    let never = fetch(
        &app,
        &format!("{}/calendar/{}.ics", app.base, "0".repeat(64)),
    )
    .await;
    assert_eq!(never.status, StatusCode::NOT_FOUND);
    assert_eq!(gone.body, never.body);
    assert_eq!(
        fetch(&app, &format!("{}/calendar/nothing", app.base))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let new = calendar_url(&app, token).await;
    assert_ne!(new, old);
    let feed = fetch(&app, &new).await;
    assert_eq!(feed.status, StatusCode::OK);
    assert_eq!(feed.events().len(), 1);
    // Without a token: 401 for both methods.
    let (s, _) = api
        .call(
            reqwest::Method::DELETE,
            "/api/v1/account/calendar",
            None,
            None,
        )
        .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
}

async fn the_account_page_shows_and_replaces_the_address(app: TestApp) {
    let b = app.player("carol").await;
    let page = b.get("/account/calendar").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let start = page.body.find("/calendar/").expect("the address");
    let url_at = page.body[..start].rfind('"').expect("attribute") + 1;
    let end = page.body[start..].find('"').expect("end") + start;
    let url = page.body[url_at..end].to_string();
    assert!(url.ends_with(".ics?lang=zh-CN"), "{url}");
    assert_eq!(fetch(&app, &url).await.status, StatusCode::OK);
    // The account page links to it.
    assert!(
        b.get("/account/password")
            .await
            .body
            .contains("/account/calendar")
    );
    // Revoking takes the CSRF token, answers 303 and shows the new address.
    let refused = b
        .post("/account/calendar/revoke", &[("csrf", "wrong")])
        .await;
    assert_ne!(refused.status, StatusCode::OK);
    assert_eq!(fetch(&app, &url).await.status, StatusCode::OK);
    let done = b
        .post(
            "/account/calendar/revoke",
            &[("csrf", page.csrf().as_str())],
        )
        .await;
    done.assert_back_at("/account/calendar");
    assert!(!done.body.contains(&url), "a new address");
    assert!(done.body.contains("role=\"status\""), "{}", done.body);
    assert_eq!(fetch(&app, &url).await.status, StatusCode::NOT_FOUND);
    // Signed out: the page asks for an account.
    let anon = app.browser().get("/account/calendar").await;
    assert!(
        anon.url.contains("/login?next=%2Faccount%2Fcalendar")
            || anon.url.contains("/login?next=/account/calendar"),
        "sent to sign in: {}",
        anon.url
    );
}

/// Issue 38, item 2: a seat's feed is stamped with the game's last public change, never with
/// another seat's secret submission. Polled by one seat, it stays byte for byte the same (its
/// ETag, DTSTAMP and LAST-MODIFIED with it) while another seat kills and is refused; the judge's
/// resolution, a public fact, moves it.
async fn a_feed_moves_with_public_facts_only(app: TestApp) {
    let api = Api::new(&app);
    let g = started_game(&app, "quiet", json!({})).await;
    let mut kira = None;
    for (i, t) in g.players.iter().enumerate() {
        let (_, me) = api
            .get(&format!("/api/v1/games/{}/me", g.id), Some(t))
            .await;
        if me["actions"]
            .as_array()
            .is_some_and(|a| a.contains(&json!("kill")))
        {
            kira = Some(i);
        }
    }
    let kira = kira.expect("a seat that may kill in act 1");
    let watcher = (kira + 1) % g.players.len();
    let url = calendar_url(&app, &g.players[watcher]).await;
    let before = fetch(&app, &url).await;
    assert_eq!(before.status, StatusCode::OK, "{}", before.body);
    assert!(!before.etag.is_empty(), "a tagged feed");
    let event = before.events().remove(0);
    // Past the second of the stamps: anything stamped later would show.
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;

    let victim = g.names[(kira + 2) % g.players.len()].clone();
    let actions = format!("/api/v1/games/{}/actions", g.id);
    // A kill (a wrong real name: accepted, it fails at the resolution, DN-8) and a refusal (a
    // seat nobody has).
    let (s, b) = api
        .post(
            &actions,
            &g.players[kira],
            json!({"type": "kill", "target": victim, "real_id": "nobody-at-all"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (s, b) = api
        .post(
            &actions,
            &g.players[kira],
            json!({"type": "kill", "target": "无此人", "real_id": "nobody-at-all"}),
        )
        .await;
    assert_eq!(b["ok"], json!(false), "refused: {s} {b}");
    let submitted: i64 = {
        use diesel::prelude::*;
        use maku::db::schema::game_events;
        let mut c = app.state.pool.get().expect("a connection");
        game_events::table
            .filter(game_events::game_id.eq(g.id))
            .filter(game_events::kind.eq("submitted"))
            .count()
            .get_result(&mut c)
            .expect("count")
    };
    assert_eq!(submitted, 2, "both submissions are in the log");

    let after = fetch(&app, &url).await;
    assert_eq!(after.body, before.body, "the feed moved with a secret");
    assert_eq!(after.etag, before.etag);
    // And a client revalidating is told nothing changed.
    let revalidated = app
        .api()
        .get(&url)
        .header("if-none-match", &before.etag)
        .send()
        .await
        .expect("GET");
    assert_eq!(revalidated.status(), StatusCode::NOT_MODIFIED);

    // The judge moves the deadline: a public fact (a notice in the game thread), which the
    // feed follows, stamped with it.
    let act = api.act(g.id).await;
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/deadline", g.id),
            &g.admin,
            json!({"act": act, "extend_minutes": 30}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let moved = fetch(&app, &url).await;
    assert_ne!(moved.etag, before.etag);
    let next = moved.events().remove(0);
    assert_eq!(prop(&next, "UID"), prop(&event, "UID"));
    assert!(
        prop(&next, "DTSTAMP") > prop(&event, "DTSTAMP"),
        "{} after {}",
        prop(&next, "DTSTAMP"),
        prop(&event, "DTSTAMP")
    );
    assert_eq!(prop(&next, "DTSTAMP"), prop(&next, "LAST-MODIFIED"));

    // Another secret submission: still nothing moves.
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let (s, b) = api
        .post(&actions, &g.players[kira], json!({"type": "pass"}))
        .await;
    assert!(s.is_success() || b["ok"] == json!(false), "{s} {b}");
    assert_eq!(fetch(&app, &url).await.body, moved.body);

    // The judge resolves the act (no seat voted: every seat is out, the game is over): the
    // feed follows it too.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/resolve", g.id),
            &g.admin,
            json!({"act": act}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let resolved = fetch(&app, &url).await;
    assert_ne!(resolved.etag, moved.etag);
    assert!(resolved.events().is_empty(), "{}", resolved.body);
}

/// Issue 38, item 16: an account with no open deadline still gets a valid iCalendar object:
/// RFC 5545 wants one component at least, and a VTIMEZONE (UTC) is one that shows nothing.
async fn a_feed_without_deadlines_is_still_a_calendar(app: TestApp) {
    let api = Api::new(&app);
    let token = api.account("idle").await;
    let feed = fetch(&app, &calendar_url(&app, &token).await).await;
    assert_eq!(feed.status, StatusCode::OK, "{}", feed.body);
    assert!(feed.events().is_empty(), "{}", feed.body);
    let lines = feed.lines();
    let components: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("BEGIN:") && *l != "BEGIN:VCALENDAR")
        .collect();
    assert_eq!(
        components.first().map(|l| l.as_str()),
        Some("BEGIN:VTIMEZONE"),
        "{}",
        feed.body
    );
    for needed in [
        "TZID:UTC",
        "BEGIN:STANDARD",
        "TZOFFSETFROM:+0000",
        "TZOFFSETTO:+0000",
        "END:STANDARD",
        "END:VTIMEZONE",
    ] {
        assert!(lines.iter().any(|l| l == needed), "{needed}: {}", feed.body);
    }
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("DTSTART:") && !l.ends_with('Z')),
        "an observance's DTSTART is local time"
    );
}

/// The calendar address is a credential: "sign out everywhere" and a password change end it
/// with the sessions and tokens, and each page says so before (the button's hint, the password
/// page) and after (the notice).
async fn signing_out_everywhere_and_a_new_password_change_the_address(app: TestApp) {
    let api = Api::new(&app);
    let g = started_game(&app, "cso", json!({})).await;
    // Sign out everywhere, from the sessions page.
    let b = app.browser();
    b.login("cso1", "password-123").await;
    let old = calendar_url(&app, &g.players[1]).await;
    assert_eq!(fetch(&app, &old).await.status, StatusCode::OK);
    let page = b.get("/account/sessions").await;
    assert!(page.body.contains("并更换你的日历地址"), "{}", page.body);
    let out = b
        .post("/account/sign-out-everywhere", &[("csrf", &page.csrf())])
        .await;
    out.assert_back_at("/login");
    assert!(out.body.contains("日历地址也已更换"), "{}", out.body);
    assert_eq!(fetch(&app, &old).await.status, StatusCode::NOT_FOUND);
    let token = api.token("cso1", "password-123").await;
    let new = calendar_url(&app, &token).await;
    assert_ne!(new, old);
    assert_eq!(fetch(&app, &new).await.status, StatusCode::OK);

    // A password change, from its page.
    let b = app.browser();
    b.login("cso2", "password-123").await;
    let old = calendar_url(&app, &g.players[2]).await;
    let page = b.get("/account/password").await;
    assert!(page.body.contains("并更换你的日历地址"), "{}", page.body);
    let done = b
        .post(
            "/account/password",
            &[
                ("csrf", &page.csrf()),
                ("old_password", "password-123"),
                ("new_password", "password-456"),
            ],
        )
        .await;
    done.assert_back_at("/account/password");
    assert!(done.body.contains("日历地址也已更换"), "{}", done.body);
    assert_eq!(fetch(&app, &old).await.status, StatusCode::NOT_FOUND);
    // And through the API.
    let token = api.token("cso3", "password-123").await;
    let old = calendar_url(&app, &token).await;
    let (s, b) = api
        .post(
            "/api/v1/account/password",
            &token,
            json!({"old_password": "password-123", "new_password": "password-789"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(fetch(&app, &old).await.status, StatusCode::NOT_FOUND);
}
