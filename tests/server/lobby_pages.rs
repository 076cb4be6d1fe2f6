//! The games list's pages (issue 42): read by key, open tables first and then the rest, each
//! newest first; the pager links the pages near one by the game they start after or before, so
//! a walk through them sees each game once while new tables open at the top.

use crate::helpers::*;
use maku::db::queries::games;
use maku::domain::GameStatus;
use reqwest::StatusCode;

crate::on_both_backends!(
    a_walk_through_the_lobby_by_keys_sees_each_game_once,
    the_api_lists_games_a_hundred_at_a_time_by_key,
    the_kept_counts_of_games_say_what_counting_says,
);

/// `count` games of `variant` made directly, the ones `open(n)` says left in sign-up, the
/// rest finished; their ids, oldest first.
async fn games_made(app: &TestApp, count: usize, open: fn(usize) -> bool) -> Vec<i64> {
    games_of(app, "deathnote", count, move |n| {
        (!open(n)).then_some(GameStatus::Finished)
    })
    .await
}

/// `count` games of `variant` made directly, each moved from sign-up to what `moved(n)` says
/// (twice: the same status again moves nothing); their ids, oldest first.
async fn games_of(
    app: &TestApp,
    variant: &'static str,
    count: usize,
    moved: impl Fn(usize) -> Option<GameStatus> + Send + 'static,
) -> Vec<i64> {
    let judge = app.account_id("admin");
    app.state
        .write(move |c| {
            let mut ids = Vec::new();
            for n in 0..count {
                let g = games::create(
                    c,
                    &games::NewGame {
                        title: &format!("{variant}{n:03}"),
                        variant,
                        judge_id: judge,
                        settings: "{}",
                        board: variant,
                    },
                )?;
                if let Some(to) = moved(n) {
                    games::set_status(c, g.id, to)?;
                    games::set_status(c, g.id, to)?;
                }
                ids.push(g.id);
            }
            Ok(ids)
        })
        .await
        .expect("games")
}

/// The games a lobby page lists, in order.
fn listed(body: &str) -> Vec<i64> {
    body.match_indices("class=\"title\" href=\"/games/")
        .filter_map(|(at, m)| {
            let rest = &body[at + m.len()..];
            rest[..rest.find('"')?].parse().ok()
        })
        .collect()
}

async fn a_walk_through_the_lobby_by_keys_sees_each_game_once(app: TestApp) {
    // 100 games, every third open: 34 open tables (more than a page) and 66 others, so the
    // second page holds the open tables' tail and the others' head.
    let made = games_made(&app, 100, |n| n % 3 == 0).await;
    let (mut open, mut rest): (Vec<i64>, Vec<i64>) = made
        .iter()
        .partition(|id| (made.iter().position(|m| m == *id).expect("made") % 3) == 0);
    open.reverse();
    rest.reverse();
    let expected: Vec<i64> = open.iter().chain(&rest).copied().collect();
    let b = app.browser();
    let first = b.get("/games").await;
    assert_eq!(first.status, StatusCode::OK);
    let mut seen = listed(&first.body);
    assert_eq!(seen, expected[..30]);
    // A new table opens: it goes to the top. Read by number, page 2 would begin with the
    // first page's last game again.
    let new = games_made(&app, 1, |_| true).await;
    let mut page = first;
    for n in 2.. {
        let Some(next) = pager_link(&page.body, n) else {
            break;
        };
        assert!(next.contains(&format!("page={n}&after=")), "{next}");
        page = b.get(&next).await;
        assert_eq!(page.status, StatusCode::OK);
        seen.extend(listed(&page.body));
    }
    assert_eq!(seen, expected, "each game once, in order");
    // Back from the last page by key: the page before it.
    let back = pager_link(&page.body, 3).expect("page 3 is linked");
    assert!(back.contains("page=3&before="), "{back}");
    let third = b.get(&back).await;
    assert_eq!(listed(&third.body), expected[60..90]);
    // The filters hold along the keyed links.
    let finished = b.get("/games?status=finished").await;
    let to_second = pager_link(&finished.body, 2).expect("page 2 of the finished");
    assert!(
        to_second.starts_with("/games?status=finished&page=2&after=g"),
        "{to_second}"
    );
    let second = b.get(&to_second).await;
    assert_eq!(listed(&second.body), rest[30..60]);
    // A bare page number still reads its page, from either end, across the open tables' end.
    let by_number = b.get("/games?status=finished&page=2").await;
    assert_eq!(listed(&by_number.body), rest[30..60]);
    let now: Vec<i64> = new.iter().chain(&expected).copied().collect();
    for (n, range) in [(2, 30..60), (3, 60..90), (4, 90..101)] {
        let page = b.get(&format!("/games?page={n}")).await;
        assert_eq!(listed(&page.body), now[range], "page {n}");
    }
    for bad in ["after=x1", "before=s", "after=g&before=g2"] {
        let page = b.get(&format!("/games?{bad}")).await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST, "{bad}");
    }
}

async fn the_api_lists_games_a_hundred_at_a_time_by_key(app: TestApp) {
    let made = games_made(&app, 230, |n| n % 5 == 0).await;
    let api = Api::new(&app);
    let mut seen: Vec<i64> = Vec::new();
    let mut path = "/api/v1/games".to_string();
    let mut pages = Vec::new();
    loop {
        let (status, page) = api.get(&path, None).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        seen.extend(
            page["games"]
                .as_array()
                .expect("games")
                .iter()
                .map(|g| g["id"].as_i64().expect("id")),
        );
        pages.push(page.clone());
        match page["next"].as_i64() {
            Some(next) => path = format!("/api/v1/games?after={next}"),
            None => break,
        }
    }
    let mut newest_first = made.clone();
    newest_first.reverse();
    assert_eq!(seen, newest_first);
    assert_eq!(pages.len(), 3);
    assert_eq!(pages[0]["prev"], serde_json::Value::Null);
    // The second page's `prev` asks the first page again; filters hold along the keys.
    let prev = pages[1]["prev"].as_i64().expect("prev");
    let (_, first) = api.get(&format!("/api/v1/games?before={prev}"), None).await;
    assert_eq!(first["games"], pages[0]["games"]);
    let (_, open) = api
        .get(
            &format!("/api/v1/games?status=signup&after={}", newest_first[0]),
            None,
        )
        .await;
    let open_ids: Vec<i64> = open["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| g["id"].as_i64().expect("id"))
        .collect();
    let expected: Vec<i64> = newest_first[1..]
        .iter()
        .copied()
        .filter(|id| made.iter().position(|m| m == id).expect("made") % 5 == 0)
        .collect();
    assert_eq!(open_ids, expected);
    for bad in ["after=x", "after=-1", "after=x&before=2", "page=2"] {
        let (status, body) = api.get(&format!("/api/v1/games?{bad}"), None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {body}");
    }
}

async fn the_kept_counts_of_games_say_what_counting_says(app: TestApp) {
    games_made(&app, 40, |n| n % 4 == 0).await;
    // Games of another variant, one started and one ended from sign-up.
    games_of(&app, "dongsha", 3, |n| {
        [None, Some(GameStatus::Running), Some(GameStatus::Finished)][n]
    })
    .await;
    let checked = app
        .state
        .db(|c| {
            let mut checked = Vec::new();
            for variant in [None, Some("deathnote"), Some("dongsha"), Some("shengtui")] {
                for status in [
                    None,
                    Some(GameStatus::Signup),
                    Some(GameStatus::Running),
                    Some(GameStatus::Finished),
                ] {
                    let kept = games::count_filtered(c, variant, status)?;
                    let counted = games::counted(c, variant, status)?;
                    checked.push((variant, status.map(|s| s.name()), kept, counted));
                }
            }
            Ok(checked)
        })
        .await
        .expect("counts");
    for (variant, status, kept, counted) in &checked {
        assert_eq!(kept, counted, "{variant:?} {status:?}");
    }
    let all = checked
        .iter()
        .find(|c| c.0.is_none() && c.1.is_none())
        .expect("all");
    assert_eq!(all.2, 43);
    let lobby = app
        .browser()
        .get("/games?variant=dongsha&status=running")
        .await;
    assert_eq!(listed(&lobby.body).len(), 1);
}
