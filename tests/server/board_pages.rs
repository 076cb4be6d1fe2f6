//! A board's pages (issue 42): the back half of the list is read from the other end, so the
//! last page costs what the first does; every thread is on exactly one page, in the order of
//! its newest activity, whichever end a page was read from. The pager's links read the pages
//! near by key (`keyset`): a walk through them sees each thread once while threads move up.

use crate::helpers::*;
use maku::db::queries::forum;
use reqwest::StatusCode;

crate::on_both_backends!(
    every_thread_is_on_one_page_in_order_from_either_end,
    a_walk_by_the_pagers_links_sees_each_thread_once_while_threads_move_up,
    the_api_walks_a_board_by_its_next_keys,
    a_page_key_that_is_not_one_is_refused,
);

/// 95 threads on board `pages` (four pages of 30, the last of 5), oldest first.
async fn ninety_five_threads(app: &TestApp) -> (String, Vec<i64>) {
    let slug = app.board("pages").await;
    let admin = app.account_id("admin");
    let made: Vec<i64> = app
        .state
        .write(move |c| {
            let board = forum::board_by_slug(c, "pages")?.expect("the board");
            let mut ids = Vec::new();
            for n in 0..95 {
                let html = forum::Html {
                    text: "<p>x</p>",
                    version: 0,
                };
                let (t, _) =
                    forum::create_thread(c, board.id, admin, &format!("帖{n:03}"), "x", html)?;
                ids.push(t.id);
            }
            Ok(ids)
        })
        .await
        .expect("threads");
    (slug, made)
}

/// The threads of `made` a board page links, in its order.
fn listed(body: &str, made: &[i64]) -> Vec<i64> {
    body.match_indices("href=\"/t/")
        .filter_map(|(at, m)| {
            let rest = &body[at + m.len()..];
            let end = rest.find(|c: char| !c.is_ascii_digit())?;
            rest[..end].parse().ok()
        })
        .filter(|id| made.contains(id))
        .fold(Vec::new(), |mut v, id| {
            if v.last() != Some(&id) {
                v.push(id);
            }
            v
        })
}

async fn every_thread_is_on_one_page_in_order_from_either_end(app: TestApp) {
    let (slug, made) = ninety_five_threads(&app).await;
    let b = app.browser();
    let mut seen: Vec<i64> = Vec::new();
    for page in 1..=4 {
        let p = b.get(&format!("/b/{slug}?page={page}")).await;
        assert_eq!(p.status, StatusCode::OK);
        let ids = listed(&p.body, &made);
        assert_eq!(
            ids.len(),
            if page == 4 { 5 } else { 30 },
            "page {page}: {ids:?}"
        );
        seen.extend(ids);
    }
    let mut newest_first = made.clone();
    newest_first.reverse();
    assert_eq!(
        seen, newest_first,
        "each thread once, newest activity first"
    );
}

async fn a_walk_by_the_pagers_links_sees_each_thread_once_while_threads_move_up(app: TestApp) {
    let (slug, made) = ninety_five_threads(&app).await;
    let mut order = made.clone();
    order.reverse();
    let b = app.browser();
    let first = b.get(&format!("/b/{slug}")).await;
    assert_eq!(listed(&first.body, &made), order[..30]);
    let to_second = pager_link(&first.body, 2).expect("page 2 is linked");
    assert!(to_second.contains("page=2&after="), "{to_second}");
    // The third page's first thread gets a reply: it moves to the top, and every thread after
    // it stays where it was. Read by number, page 2 would now start with page 1's last thread.
    let moved = order[60];
    let admin = app.account_id("admin");
    app.state
        .write(move |c| {
            let html = forum::Html {
                text: "<p>up</p>",
                version: 0,
            };
            forum::add_post(c, &forum::NewPost::user(moved, admin, "up", html))?;
            Ok(())
        })
        .await
        .expect("reply");
    let mut seen = listed(&first.body, &made);
    let mut page = b.get(&to_second).await;
    assert_eq!(page.status, StatusCode::OK);
    for n in 3.. {
        seen.extend(listed(&page.body, &made));
        match pager_link(&page.body, n) {
            Some(next) => {
                assert!(next.contains("&after="), "page {n} by key: {next}");
                page = b.get(&next).await;
                assert_eq!(page.status, StatusCode::OK);
            }
            None => break,
        }
    }
    let expected: Vec<i64> = order.iter().copied().filter(|t| *t != moved).collect();
    assert_eq!(seen, expected, "each thread once, the moved one not again");
    // The last page (4 threads now past the moved one) is known as the last, numbered 4, and
    // links back by key to the page before it.
    assert!(page.body.contains("<strong>4</strong>"), "{}", page.body);
    let back = pager_link(&page.body, 3).expect("page 3 is linked");
    assert!(back.contains("page=3&before="), "{back}");
    let third = b.get(&back).await;
    assert_eq!(listed(&third.body, &made), expected[60..90]);
    // A page read afresh from the top now starts with the moved thread.
    let top = b.get(&format!("/b/{slug}?page=1")).await;
    assert_eq!(listed(&top.body, &made)[0], moved);
}

async fn the_api_walks_a_board_by_its_next_keys(app: TestApp) {
    let (slug, made) = ninety_five_threads(&app).await;
    let api = Api::new(&app);
    let (status, mut page) = api
        .get(&format!("/api/v1/boards/{slug}/threads"), None)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(page["prev"], serde_json::Value::Null);
    let mut seen: Vec<i64> = Vec::new();
    let mut numbers = Vec::new();
    loop {
        numbers.push(page["page"].as_i64().expect("page"));
        seen.extend(
            page["threads"]
                .as_array()
                .expect("threads")
                .iter()
                .map(|t| t["id"].as_i64().expect("id")),
        );
        let Some(next) = page["next"].as_str().map(str::to_string) else {
            break;
        };
        let (status, p) = api
            .get(
                &format!(
                    "/api/v1/boards/{slug}/threads?page={}&after={next}",
                    numbers.len() + 1
                ),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{p}");
        page = p;
    }
    let mut order = made.clone();
    order.reverse();
    assert_eq!(seen, order);
    assert_eq!(numbers, vec![1, 2, 3, 4]);
    // From the last page, `prev` asks the page before it.
    let prev = page["prev"].as_str().expect("prev").to_string();
    let (_, third) = api
        .get(
            &format!("/api/v1/boards/{slug}/threads?page=3&before={prev}"),
            None,
        )
        .await;
    let ids: Vec<i64> = third["threads"]
        .as_array()
        .expect("threads")
        .iter()
        .map(|t| t["id"].as_i64().expect("id"))
        .collect();
    assert_eq!(ids, order[60..90]);
    assert_eq!(third["page"], 3);
}

async fn a_page_key_that_is_not_one_is_refused(app: TestApp) {
    let (slug, _) = ninety_five_threads(&app).await;
    let b = app.browser();
    let api = Api::new(&app);
    for query in [
        "after=nonsense",
        "before=2026-12-01T00:00:00_1",
        "after=1796637600.000000000_x",
        "after=1796637600.5_1",
        "after=x&before=1796637600.000000000_1",
    ] {
        let page = b.get(&format!("/b/{slug}?{query}")).await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST, "{query}");
        let (status, body) = api
            .get(&format!("/api/v1/boards/{slug}/threads?{query}"), None)
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {body}");
        assert_eq!(body["error"], "bad_request", "{query}");
    }
    // A key of a thread since gone still reads a page: the one past it.
    let page = b
        .get(&format!("/b/{slug}?page=2&after=915148800.000000000_1"))
        .await;
    assert_eq!(page.status, StatusCode::OK);
}
