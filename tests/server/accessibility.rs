//! Issue 38: item 13 (what a newcomer met) and the accessibility review (axe-core and the
//! keyboard), as far as the HTML tells: named landmarks and scroll boxes, the error page in the
//! site's layout, refusals tied to their field, the create form asking only what the variant
//! takes, and the account's settings linked from its page. What only a browser can tell (widths,
//! target sizes, focus after a live reload) is in tests/browser.rs.

use crate::helpers::{Page, TestApp, started_game};
use crate::on_both_backends;
use reqwest::StatusCode;
use serde_json::json;

on_both_backends!(
    a_rules_books_tables_scroll_in_named_boxes,
    the_search_page_names_each_search_landmark,
    every_scroll_box_is_a_named_region,
    the_not_found_page_has_the_skip_link_and_the_menu,
    refusals_are_tied_to_their_field,
    a_fixed_size_variant_is_not_asked_a_seat_range,
    the_own_profile_links_the_account_settings,
);

/// The opening tag of the element with `attr` (e.g. `name="slug"`), or panics.
fn tag_with<'a>(page: &'a Page, attr: &str) -> &'a str {
    let at = page
        .body
        .find(attr)
        .unwrap_or_else(|| panic!("the page has {attr}: {}", page.body));
    let start = page.body[..at].rfind('<').expect("a tag");
    let end = page.body[at..].find('>').expect("its end") + at;
    &page.body[start..=end]
}

/// The field is marked invalid and points at the message, which is there and focusable.
#[track_caller]
fn tied(page: &Page, attr: &str) {
    let tag = tag_with(page, attr);
    assert!(
        tag.contains(r#"aria-invalid="true""#) && tag.contains("form-error"),
        "{attr} is marked and tied to the message: {tag}"
    );
    assert!(
        tag.contains("aria-describedby=\""),
        "{attr} is described by the message: {tag}"
    );
    assert!(
        page.body
            .contains(r#"class="error" role="alert" id="form-error" tabindex="-1""#),
        "the message is there and focusable: {}",
        page.body
    );
}

/// Only that field is marked.
#[track_caller]
fn only_invalid(page: &Page, attr: &str) {
    tied(page, attr);
    assert_eq!(
        page.body.matches(r#"aria-invalid="true""#).count(),
        1,
        "one field is marked: {}",
        page.body
    );
}

/// Item 13a: a ruling book's table scrolls in a box of its own, a focusable region with a name.
async fn a_rules_books_tables_scroll_in_named_boxes(app: TestApp) {
    let en = app.browser_in("en");
    let page = en.get("/rules/dongsha/book").await;
    assert_eq!(page.status, StatusCode::OK);
    let tables = page.body.matches("<table>").count();
    assert!(tables > 0, "the classic book has its presets table");
    assert_eq!(
        page.body
            .matches(r#"<div class="scroll" tabindex="0" role="region" aria-label="Table (scrolls sideways)"><table>"#)
            .count(),
        tables,
        "every table in its box: {}",
        page.body
    );
    let zh = app.browser().get("/rules/dongsha/book").await;
    assert!(
        zh.body
            .contains(r#"aria-label="表格（可左右滚动）"><table>"#)
    );
}

/// Two `role="search"` forms on /search (the header's and the page's): each has its own name.
async fn the_search_page_names_each_search_landmark(app: TestApp) {
    let page = app.browser_in("en").get("/search?q=word").await;
    assert_eq!(page.status, StatusCode::OK);
    let forms: Vec<&str> = page
        .body
        .match_indices(r#"role="search""#)
        .map(|(at, _)| {
            let start = page.body[..at].rfind('<').expect("a tag");
            let end = page.body[at..].find('>').expect("its end") + at;
            &page.body[start..=end]
        })
        .collect();
    assert_eq!(forms.len(), 2, "{}", page.body);
    assert!(
        forms[0].contains(r#"aria-label="Site search""#),
        "{}",
        forms[0]
    );
    assert!(
        forms[1].contains(r#"aria-labelledby="search-heading""#)
            && page.body.contains(r#"<h1 id="search-heading">Search</h1>"#),
        "{}",
        forms[1]
    );
}

/// Every focusable scroll box (`tabindex="0"`) is a region named by a label or a heading that is
/// on the page.
async fn every_scroll_box_is_a_named_region(app: TestApp) {
    let g = started_game(&app, "sb", json!({})).await;
    let admin = app.admin().await;
    let mut boxes = 0;
    for path in [
        "/admin".to_string(),
        "/admin/audit".to_string(),
        "/account/sessions".to_string(),
        format!("/games/{}/console", g.id),
    ] {
        let page = admin.get(&path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        for (at, _) in page.body.match_indices(r#"tabindex="0""#) {
            let start = page.body[..at].rfind('<').expect("a tag");
            let end = page.body[at..].find('>').expect("its end") + at;
            let tag = &page.body[start..=end];
            assert!(tag.contains(r#"role="region""#), "{path}: {tag}");
            let named = match tag.split("aria-labelledby=\"").nth(1) {
                Some(rest) => {
                    let id = rest.split('"').next().unwrap_or("");
                    page.body.contains(&format!(" id=\"{id}\""))
                }
                None => tag.contains("aria-label=\""),
            };
            assert!(named, "{path}: a name for {tag}");
            boxes += 1;
        }
    }
    assert!(boxes >= 5, "the pages have their scroll boxes ({boxes})");
}

/// The 404 page is in the site's layout: the skip link, the search box, the menu; signed out
/// it offers to sign in, and with a session it offers no sign-in (it does not read who it is).
async fn the_not_found_page_has_the_skip_link_and_the_menu(app: TestApp) {
    let page = app.browser_in("en").get("/no/such/page").await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
    for part in [
        r##"<a class="skip" href="#main">"##,
        r#"<main id="main" tabindex="-1">"#,
        r#"role="search""#,
        r#"<a href="/games">Games</a>"#,
        r#"<a href="/login">"#,
        r#"<a href="/rules">"#,
    ] {
        assert!(page.body.contains(part), "{part}: {}", page.body);
    }
    let admin = app.admin().await;
    let page = admin.get("/no/such/page").await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
    assert!(page.body.contains(r#"<a class="skip""#));
    assert!(page.body.contains(r#"<a href="/games">"#));
    assert!(
        !page.body.contains(r#"<a href="/login">"#),
        "no sign-in link for a reader with a session: {}",
        page.body
    );
}

/// A refused form's message is tied to the field it is about (`aria-invalid`,
/// `aria-describedby`) on the password page, the create form, the admin pages and the judge's
/// console; the message itself can take the focus.
async fn refusals_are_tied_to_their_field(app: TestApp) {
    let admin = app.admin().await;

    // The password page: a wrong old password, then a new one too short.
    let page = admin.get("/account/password").await;
    let p = admin
        .post(
            "/account/password",
            &[
                ("csrf", &page.csrf()),
                ("old_password", "not-the-password"),
                ("new_password", "a-long-new-password"),
            ],
        )
        .await;
    p.assert_back_at("/account/password");
    only_invalid(&p, r#"name="old_password""#);
    let p = admin
        .post(
            "/account/password",
            &[
                ("csrf", &p.csrf()),
                ("old_password", &app.admin_password),
                ("new_password", "short"),
            ],
        )
        .await;
    only_invalid(&p, r#"name="new_password""#);
    assert!(
        tag_with(&p, r#"name="new_password""#)
            .contains(r#"aria-describedby="password-hint form-error""#),
        "the hint stays tied too"
    );

    // The create form: act minutes that are not a number, then a bad time zone.
    let page = admin.get("/games/new?variant=deathnote").await;
    let form = |act: &'static str, zone: &'static str| {
        vec![
            ("variant", "deathnote"),
            ("title", "局"),
            ("act_minutes", act),
            ("deadline_time", ""),
            ("timezone", zone),
            ("min_seats", "6"),
            ("max_seats", "40"),
            ("remind_hours", "6"),
            ("characters", ""),
        ]
    };
    let csrf = page.csrf();
    let mut f = form("abc", "Asia/Shanghai");
    f.push(("csrf", &csrf));
    let p = admin.post("/games", &f).await;
    p.assert_back_at("/games/new");
    only_invalid(&p, r#"name="act_minutes""#);
    let mut f = form("60", "Mars/Olympus");
    f.push(("csrf", &csrf));
    let p = admin.post("/games", &f).await;
    only_invalid(&p, r#"name="timezone""#);

    // The admin page: a slug that is not one.
    let page = admin.get("/admin").await;
    let p = admin
        .post(
            "/admin/boards",
            &[
                ("csrf", &page.csrf()),
                ("slug", "Not A Slug"),
                ("title", "版"),
                ("description", ""),
            ],
        )
        .await;
    p.assert_back_at("/admin");
    only_invalid(&p, r#"name="slug""#);

    // The reports page: a suspension of no days, then of nobody.
    let page = admin.get("/admin/reports").await;
    let p = admin
        .post(
            "/admin/suspensions",
            &[
                ("csrf", &page.csrf()),
                ("name", "admin"),
                ("days", "0"),
                ("reason", "r"),
            ],
        )
        .await;
    p.assert_back_at("/admin/reports");
    only_invalid(&p, r#"name="days""#);
    let p = admin
        .post(
            "/admin/suspensions/lift",
            &[("csrf", &p.csrf()), ("name", "nobody-at-all")],
        )
        .await;
    p.assert_back_at("/admin/reports");
    tied(&p, r#"name="name" required maxlength="64" aria-invalid"#);

    // The console: the end without its confirmation marks the box, not the reason; a bad
    // extension marks its field.
    let g = started_game(&app, "rt", json!({})).await;
    let console = format!("/games/{}/console", g.id);
    let page = admin.get(&console).await;
    let act = page.hidden("act");
    let p = admin
        .post(
            &format!("{console}/end"),
            &[
                ("csrf", &page.csrf()),
                ("act", &act),
                ("reason", "why"),
                ("winner", ""),
            ],
        )
        .await;
    p.assert_back_at(&console);
    let end_form = p
        .body
        .split(r#"id="console-end-form""#)
        .nth(1)
        .and_then(|s| s.split("</form>").next())
        .expect("the end form");
    assert!(
        end_form.contains(
            r#"name="confirm" value="yes" required aria-invalid="true" aria-describedby="form-error""#
        ),
        "{end_form}"
    );
    assert_eq!(p.body.matches(r#"aria-invalid="true""#).count(), 1);
    let p = admin
        .post(
            &format!("{console}/deadline"),
            &[
                ("csrf", &p.csrf()),
                ("act", &act),
                ("deadline", ""),
                ("extend_minutes", "-5"),
            ],
        )
        .await;
    p.assert_back_at(&console);
    only_invalid(&p, r#"name="extend_minutes""#);
}

/// Item 13e: the create form of a game of one size (5.0 恶民传说, ten seats) asks no seat range,
/// as the engine's seat range says, and creates the game without one; Death Note's asks it.
async fn a_fixed_size_variant_is_not_asked_a_seat_range(app: TestApp) {
    let admin = app.admin().await;
    let page = admin.get("/games/new?variant=v5emin").await;
    assert_eq!(page.status, StatusCode::OK);
    for field in [
        "min_seats",
        "max_seats",
        "redistribute",
        "speeches",
        "series_after",
    ] {
        assert!(
            !page.body.contains(&format!("name=\"{field}\"")),
            "v5emin takes no {field}: {}",
            page.body
        );
    }
    let p = admin
        .post(
            "/games",
            &[
                ("csrf", &page.csrf()),
                ("variant", "v5emin"),
                ("title", "五点零"),
                ("act_minutes", "60"),
                ("deadline_time", ""),
                ("timezone", "Asia/Shanghai"),
                ("remind_hours", "6"),
                ("characters", ""),
            ],
        )
        .await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    let id = crate::helpers::game_id_of(&p.url);
    let (_, g) = crate::helpers::Api::new(&app)
        .get(&format!("/api/v1/games/{id}"), None)
        .await;
    let settings = &g["settings"];
    assert_eq!(
        (&settings["min_seats"], &settings["max_seats"]),
        (&json!(10), &json!(10)),
        "{g}"
    );
    let page = admin.get("/games/new?variant=deathnote").await;
    for field in ["min_seats", "max_seats", "redistribute"] {
        assert!(page.body.contains(&format!("name=\"{field}\"")), "{field}");
    }
}

/// Item 13f: one's own profile (the name in the menu) links the password, sessions, calendar and
/// notification settings; nobody else's profile does, nor the profile read signed out.
async fn the_own_profile_links_the_account_settings(app: TestApp) {
    let links = [
        r#"href="/account/password""#,
        r#"href="/account/sessions""#,
        r#"href="/account/calendar""#,
        r#"href="/account/notifications""#,
    ];
    let me = app.player("ownprofile").await;
    let own = me.get("/u/ownprofile").await;
    assert_eq!(own.status, StatusCode::OK);
    let main = own.body.split("<main").nth(1).expect("main");
    for l in links {
        assert!(main.contains(l), "{l}: {main}");
    }
    app.player("someoneelse").await;
    let other = me.get("/u/someoneelse").await;
    let main = other.body.split("<main").nth(1).expect("main");
    assert!(!main.contains(r#"href="/account/sessions""#), "{main}");
    let anon = app.browser().get("/u/ownprofile").await;
    let main = anon.body.split("<main").nth(1).expect("main");
    assert!(!main.contains(r#"href="/account/sessions""#), "{main}");
}
