//! A leaderboard's pages (issue 42): read by key, the pager linking the pages near one by the
//! line they start after or before; ranks count from the ends, and equal ratings keep the
//! accounts' order across pages.

use crate::helpers::*;
use maku::db::queries::{games, ratings, users};
use maku::domain::Role;
use reqwest::StatusCode;

crate::on_both_backends!(a_walk_by_keys_ranks_every_player_once);

/// The (rank, name) lines of a leaderboard page, in order.
fn lines(body: &str) -> Vec<(i64, String)> {
    body.match_indices("<tr><td>")
        .filter_map(|(at, m)| {
            let rest = &body[at + m.len()..];
            let rank = rest[..rest.find('<')?].parse().ok()?;
            let name_at = rest.find("href=\"/u/")? + "href=\"/u/".len();
            let name = &rest[name_at..];
            Some((rank, name[..name.find('"')?].to_string()))
        })
        .collect()
}

async fn a_walk_by_keys_ranks_every_player_once(app: TestApp) {
    // 120 ranked accounts (three pages of 50, the last of 20), three to each rating: equal
    // ratings are ordered by account, and pages 1 and 2 part inside a run of equals.
    let judge = app.account_id("admin");
    let ranked: Vec<(f64, i64, String)> = app
        .state
        .write(move |c| {
            // The game each line says it last came from.
            let game = games::create(
                c,
                &games::NewGame {
                    title: "rated",
                    variant: "twophase",
                    judge_id: judge,
                    settings: "{}",
                    board: "twophase",
                },
            )?;
            let mut rows = Vec::new();
            for n in 0..120_i64 {
                let name = format!("lb{n:03}");
                let users::Created::Ok(made) = users::create(
                    c,
                    &name,
                    &name,
                    std::slice::from_ref(&name),
                    "x",
                    Role::Player,
                )?
                else {
                    panic!("{name} is taken");
                };
                let score = 1000.0 + (n / 3) as f64 * 7.25;
                rows.push(ratings::RatingRow {
                    variant: "twophase".into(),
                    user_id: made.id,
                    rating: score,
                    uncertainty: 1.0,
                    score,
                    games: 1,
                    wins: 0,
                    last_game_id: game.id,
                });
            }
            ratings::replace_variant(c, "twophase", &rows)?;
            let names = users::names(c, &rows.iter().map(|r| r.user_id).collect::<Vec<_>>())?;
            Ok(rows
                .iter()
                .map(|r| (r.score, r.user_id, names[&r.user_id].clone()))
                .collect())
        })
        .await
        .expect("ranked accounts");
    let mut order = ranked.clone();
    order.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let expected: Vec<(i64, String)> = order
        .into_iter()
        .zip(1..)
        .map(|((_, _, name), rank)| (rank, name))
        .collect();
    let b = app.browser();
    let mut page = b.get("/leaderboard/twophase").await;
    assert_eq!(page.status, StatusCode::OK);
    let mut seen = Vec::new();
    for n in 2.. {
        seen.extend(lines(&page.body));
        let Some(next) = pager_link(&page.body, n) else {
            break;
        };
        assert!(next.contains(&format!("page={n}&after=")), "{next}");
        page = b.get(&next).await;
        assert_eq!(page.status, StatusCode::OK);
    }
    assert_eq!(seen, expected);
    assert!(page.body.contains("<strong>3</strong>"), "{}", page.body);
    // Back from the last page by key: ranks 51 to 100 again.
    let back = pager_link(&page.body, 2).expect("page 2 is linked");
    assert!(back.contains("page=2&before="), "{back}");
    let second = b.get(&back).await;
    assert_eq!(lines(&second.body), expected[50..100]);
    // The last page by number counts its ranks from the end.
    let last = b.get("/leaderboard/twophase?page=3").await;
    assert_eq!(lines(&last.body), expected[100..]);
    // A key that is not one is refused.
    let bad = b.get("/leaderboard/twophase?after=1e999_1").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
}
