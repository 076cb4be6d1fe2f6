//! A board's pages (issue 42): the back half of the list is read from the other end, so the
//! last page costs what the first does; every thread is on exactly one page, in the order of
//! its newest activity, whichever end a page was read from.

use crate::helpers::*;
use maku::db::queries::forum;
use reqwest::StatusCode;

crate::on_both_backends!(every_thread_is_on_one_page_in_order_from_either_end);

async fn every_thread_is_on_one_page_in_order_from_either_end(app: TestApp) {
    let slug = app.board("pages").await;
    let admin = app.account_id("admin");
    // 95 threads: four pages of 30, the last of 5.
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
    let b = app.browser();
    let mut seen: Vec<i64> = Vec::new();
    for page in 1..=4 {
        let p = b.get(&format!("/b/{slug}?page={page}")).await;
        assert_eq!(p.status, StatusCode::OK);
        let ids: Vec<i64> = p
            .body
            .match_indices("href=\"/t/")
            .filter_map(|(at, m)| {
                let rest = &p.body[at + m.len()..];
                let end = rest.find(|c: char| !c.is_ascii_digit())?;
                rest[..end].parse().ok()
            })
            .filter(|id| made.contains(id))
            .fold(Vec::new(), |mut v, id| {
                if v.last() != Some(&id) {
                    v.push(id);
                }
                v
            });
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
