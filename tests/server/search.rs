//! Full-text search (docs/search.md): `/search?q=` and `GET /api/v1/search?q=` find forum and
//! game-thread posts by Chinese and English words, highlighted and paged; never a running
//! game's team thread or graveyard (for anyone: anonymous, its team, its judge, an admin), a
//! deleted thread or an author; a finished game's private threads are found after its reveal.

use crate::classic_api::{fixed_game, game, seats_of, step};
use crate::helpers::{Api, TestApp};
use crate::on_both_backends_with;
use diesel::RunQueryDsl;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// Room for the posts the tests write (the default is 10 a minute per account).
fn roomy(s: &mut maku::config::Settings) {
    s.posts_per_minute = 1000;
}

on_both_backends_with!(roomy:
    forum_posts_are_found_by_chinese_and_english_words_highlighted,
    results_are_paged_newest_first,
    private_game_threads_are_found_by_nobody_until_the_reveal,
    deleted_threads_are_not_found_and_bad_queries_are_refused,
    hidden_and_edited_posts_are_found_as_they_now_read,
    private_posts_are_no_candidates_until_the_reveal,
    limits_are_said_inline_and_answers_are_bounded,
    short_words_are_found_from_the_gram_index_in_their_order,
    short_words_of_query_syntax_are_plain_characters,
    posts_written_before_the_gram_index_are_found_by_short_words,
    hits_are_found_newest_first_across_the_index_buckets,
    words_at_the_edges_are_found_alike_on_both_backends,
);

/// The API's answer to `q` (and more query text), as `token` (or anonymous).
async fn search(api: &Api<'_>, query: &str, token: Option<&str>) -> (StatusCode, Value) {
    let q: String = url::form_urlencoded::byte_serialize(query.as_bytes()).collect();
    api.get(&format!("/api/v1/search?q={q}"), token).await
}

/// The hits of a search that must succeed.
async fn hits(api: &Api<'_>, query: &str, token: Option<&str>) -> Vec<Value> {
    let (s, b) = search(api, query, token).await;
    assert_eq!(s, StatusCode::OK, "{query}: {b}");
    let hits = b["hits"].as_array().expect("hits").clone();
    for h in &hits {
        let mut keys: Vec<&str> = h
            .as_object()
            .expect("a hit")
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        assert_eq!(keys, ["floor", "snippet", "thread", "title"], "{h}");
    }
    hits
}

/// A board and a thread opened on it by `token`; returns the thread's id.
async fn thread(api: &Api<'_>, admin: &str, token: &str, title: &str, body: &str) -> i64 {
    let (s, b) = api.get("/api/v1/boards", None).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    if b["boards"]
        .as_array()
        .is_none_or(|a| !a.iter().any(|x| x["slug"] == "talk"))
    {
        let (s, b) = api
            .post(
                "/api/v1/boards",
                admin,
                json!({"slug": "talk", "title": "综合讨论", "description": ""}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{b}");
    }
    let (s, b) = api
        .post(
            "/api/v1/boards/talk/threads",
            token,
            json!({"title": title, "body": body}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    b["id"].as_i64().expect("id")
}

async fn reply(api: &Api<'_>, token: &str, thread: i64, body: &str) {
    let (s, b) = api
        .post(
            &format!("/api/v1/threads/{thread}/posts"),
            token,
            json!({"body": body}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
}

async fn forum_posts_are_found_by_chinese_and_english_words_highlighted(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let alice = api.account("alice").await;
    let id = thread(
        &api,
        &admin,
        &alice,
        "复盘",
        "今天狼人自爆了，预言家查验了三号。The **Werewolf** won.\n\n<script>alert(1)</script>",
    )
    .await;
    reply(&api, &alice, id, "无关的回复 nothing here").await;

    // A two-character Chinese word (shorter than a trigram), a three-character one, an
    // English word in another case: each finds the first post, marked.
    for (q, marked) in [
        ("狼人", "<mark>狼人</mark>"),
        ("预言家", "<mark>预言家</mark>"),
        ("werewolf", "<mark>Werewolf</mark>"),
    ] {
        let found = hits(&api, q, None).await;
        assert_eq!(found.len(), 1, "{q}: {found:?}");
        assert_eq!(found[0]["thread"], id);
        assert_eq!(found[0]["floor"], 1);
        assert_eq!(found[0]["title"], "复盘");
        let snippet = found[0]["snippet"].as_str().expect("snippet");
        assert!(snippet.contains(marked), "{q}: {snippet}");
        // No markup of the post: its plain text.
        assert!(!snippet.contains("**"), "{snippet}");
    }
    // Every word must be in the post.
    assert_eq!(hits(&api, "狼人 werewolf", None).await.len(), 1);
    assert!(hits(&api, "狼人 nothing", None).await.is_empty());
    assert_eq!(hits(&api, "nothing", None).await[0]["floor"], 2);
    // Markup in a post comes out escaped, only the marks are HTML.
    let found = hits(&api, "alert", None).await;
    let snippet = found[0]["snippet"].as_str().expect("snippet");
    assert!(
        snippet.contains("&lt;script&gt;<mark>alert</mark>(1)&lt;/script&gt;"),
        "{snippet}"
    );
    assert!(!snippet.contains("<script"), "{snippet}");
    // A LIKE wildcard is a character like any other.
    assert!(hits(&api, "%", None).await.is_empty());
    assert!(hits(&api, "_", None).await.is_empty());

    // The page: the header's search box, the hits linked to their posts, the marks kept
    // and the rest escaped.
    let b = app.browser();
    let p = b.get("/search?q=alert").await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.body);
    assert!(p.body.contains(r#"role="search""#), "{}", p.body);
    assert!(
        p.body.contains(&format!(r#"href="/t/{id}/1""#)),
        "{}",
        p.body
    );
    assert!(p.body.contains("<mark>alert</mark>"), "{}", p.body);
    assert!(!p.body.contains("<script>alert"), "{}", p.body);
    let p = b.get("/search?q=%E7%8B%BC%E4%BA%BA").await;
    assert!(p.body.contains("<mark>狼人</mark>"), "{}", p.body);
    // Every page's header has the box.
    let p = b.get("/").await;
    assert!(p.body.contains(r#"action="/search""#), "{}", p.body);
}

async fn results_are_paged_newest_first(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let bob = api.account("bob").await;
    let id = thread(&api, &admin, &bob, "分页", "第1条 分页测试").await;
    for n in 2..=45 {
        reply(&api, &bob, id, &format!("第{n}条 分页测试")).await;
    }
    let page = |n: i64| {
        let api = &api;
        async move {
            let (s, b) = api
                .get(
                    &format!("/api/v1/search?q=%E5%88%86%E9%A1%B5%E6%B5%8B%E8%AF%95&page={n}"),
                    None,
                )
                .await;
            assert_eq!(s, StatusCode::OK, "{b}");
            b
        }
    };
    let floors = |b: &Value| -> Vec<i64> {
        b["hits"]
            .as_array()
            .expect("hits")
            .iter()
            .map(|h| h["floor"].as_i64().expect("floor"))
            .collect()
    };
    let p1 = page(1).await;
    assert_eq!(floors(&p1), (26..=45).rev().collect::<Vec<_>>());
    assert_eq!(
        (p1["page"].clone(), p1["more"].clone()),
        (json!(1), json!(true))
    );
    let p3 = page(3).await;
    assert_eq!(floors(&p3), (1..=5).rev().collect::<Vec<_>>());
    assert_eq!(p3["more"], false);
    assert!(floors(&page(4).await).is_empty());
    // The page links the next and the previous pages.
    let p = app
        .browser()
        .get("/search?q=%E5%88%86%E9%A1%B5%E6%B5%8B%E8%AF%95&page=2")
        .await;
    assert_eq!(p.status, StatusCode::OK);
    assert!(p.body.contains("page=1"), "{}", p.body);
    assert!(p.body.contains("page=3"), "{}", p.body);
    assert_eq!(p.body.matches("<mark>").count(), 20, "{}", p.body);
}

/// Dongsha, 8 seats: killers g1, g2; police g3, g4.
async fn private_game_threads_are_found_by_nobody_until_the_reveal(app: TestApp) {
    let api = Api::new(&app);
    let table = fixed_game(
        &app,
        "dongsha",
        &seats_of("se", 8),
        &json!({"killers": ["g1", "g2"], "police": ["g3", "g4"]}),
    )
    .await;
    let id = table.id;
    let post = |token: String, thread: &'static str, body: &'static str| {
        let api = &api;
        async move {
            let (s, b) = api
                .post(
                    &format!("/api/v1/games/{id}/threads/{thread}"),
                    &token,
                    json!({"body": body}),
                )
                .await;
            assert_eq!(s, StatusCode::CREATED, "{thread}: {b}");
        }
    };
    post(
        table.tokens["g1"].clone(),
        "killers",
        "今晚刀三号 killersecret",
    )
    .await;
    post(
        table.tokens["g3"].clone(),
        "police",
        "查验一号 policesecret",
    )
    .await;
    post(table.admin.clone(), "graveyard", "墓地里 gravesecret").await;
    post(table.admin.clone(), "game", "法官公告 publicword").await;
    // The private posts hold the public word too: they must not fill or count on its pages.
    post(
        table.tokens["g2"].clone(),
        "killers",
        "publicword 也在杀手帖",
    )
    .await;
    // The night ends; the first speaker speaks in the game thread as her game ID.
    let (s, b) = table.resolve(&api, 1).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let speaker = game(&api, id).await["speaker"]
        .as_str()
        .expect("a speaker")
        .to_string();
    let (s, b) = table.speak(&api, &speaker, "我是好人 seatspeech").await;
    assert_eq!(s, StatusCode::CREATED, "{b}");

    let readers: Vec<(&str, Option<String>)> = vec![
        ("anonymous", None),
        ("a killer", Some(table.tokens["g1"].clone())),
        ("an officer", Some(table.tokens["g3"].clone())),
        ("the judge, an admin", Some(table.admin.clone())),
    ];
    for (who, token) in &readers {
        for secret in [
            "killersecret",
            "policesecret",
            "gravesecret",
            "刀三号",
            "墓地",
        ] {
            assert!(
                hits(&api, secret, token.as_deref()).await.is_empty(),
                "{who} found {secret}"
            );
        }
        let public = hits(&api, "publicword", token.as_deref()).await;
        assert_eq!(public.len(), 1, "{who}: {public:?}");
        let (_, more) = search(&api, "publicword", token.as_deref()).await;
        assert_eq!(more["more"], false);
        // Titled as the game thread's page titles it.
        assert_eq!(public[0]["title"], "dongsha · 游戏帖", "{public:?}");
        let speech = hits(&api, "seatspeech", token.as_deref()).await;
        assert_eq!(speech.len(), 1, "{who}: {speech:?}");
        // No account behind the post, no author at all.
        let text = speech[0].to_string();
        for name in [
            "se1", "se2", "se3", "se4", "se5", "se6", "se7", "se8", "admin",
        ] {
            assert!(!text.contains(name), "{who}: {text}");
        }
    }
    // The pages alike, for the admin signed in.
    let admin = app.admin().await;
    let p = admin.get("/search?q=killersecret").await;
    assert_eq!(p.status, StatusCode::OK);
    assert!(!p.body.contains("<mark>"), "{}", p.body);
    let p = admin.get("/search?q=seatspeech").await;
    assert!(p.body.contains("<mark>seatspeech</mark>"), "{}", p.body);
    let list = p
        .body
        .split(r#"<ol class="search-hits">"#)
        .nth(1)
        .expect("hits");
    let list = list.split("</ol>").next().unwrap_or_default();
    for name in [
        "se1", "se2", "se3", "se4", "se5", "se6", "se7", "se8", "admin",
    ] {
        assert!(!list.contains(name), "{list}");
    }

    // The judge ends the game: the reveal opens its threads to every reader, and the search
    // finds them.
    let g = game(&api, id).await;
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/end"),
            &table.admin,
            json!({"act": step(&g), "reason": "测试结束"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    for (who, token) in &readers {
        for secret in ["killersecret", "policesecret", "gravesecret"] {
            let found = hits(&api, secret, token.as_deref()).await;
            assert_eq!(found.len(), 1, "{who}: {secret} after the reveal");
            assert!(
                found[0]["snippet"]
                    .as_str()
                    .is_some_and(|s| s.contains(&format!("<mark>{secret}</mark>"))),
                "{found:?}"
            );
        }
        assert_eq!(hits(&api, "publicword", token.as_deref()).await.len(), 2);
    }
    let killers = hits(&api, "killersecret", None).await;
    assert_eq!(killers[0]["title"], "dongsha · 杀手", "{killers:?}");
}

async fn deleted_threads_are_not_found_and_bad_queries_are_refused(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let carol = api.account("carol").await;
    let id = thread(&api, &admin, &carol, "将删除", "deletedword 删帖测试").await;
    assert_eq!(hits(&api, "deletedword", None).await.len(), 1);
    let (s, b) = api
        .post(
            &format!("/api/v1/threads/{id}/moderate"),
            &admin,
            json!({"action": "delete"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    for token in [None, Some(admin.as_str()), Some(carol.as_str())] {
        assert!(hits(&api, "deletedword", token).await.is_empty());
        assert!(hits(&api, "删帖", token).await.is_empty());
    }

    // The API refuses what is not a query.
    let long = "字".repeat(201);
    for path in [
        "/api/v1/search".to_string(),
        "/api/v1/search?q=".to_string(),
        "/api/v1/search?q=%20%20".to_string(),
        format!("/api/v1/search?q={}", "x".repeat(201)),
        format!(
            "/api/v1/search?q={}",
            url::form_urlencoded::byte_serialize(long.as_bytes()).collect::<String>()
        ),
        "/api/v1/search?q=a+b+c+d+e+f+g+h+i".to_string(),
        "/api/v1/search?q=word&sort=old".to_string(),
        "/api/v1/search?q=word&page=x".to_string(),
    ] {
        let (s, b) = api.get(&path, None).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{path}: {b}");
        assert!(b["error"].is_string(), "{path}: {b}");
    }
    // Exactly 200 characters is a query.
    let (s, b) = api
        .get(&format!("/api/v1/search?q={}", "x".repeat(200)), None)
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");

    // The page: no query shows the form; a bad one is a 400.
    let b = app.browser();
    for path in ["/search", "/search?q=", "/search?q=+"] {
        let p = b.get(path).await;
        assert_eq!(p.status, StatusCode::OK, "{path}");
        assert!(p.body.contains(r#"id="search-q""#), "{}", p.body);
        assert!(!p.body.contains("search-hits"), "{}", p.body);
    }
    for path in [
        format!("/search?q={}", "x".repeat(201)),
        "/search?q=word&sort=old".to_string(),
    ] {
        assert_eq!(b.get(&path).await.status, StatusCode::BAD_REQUEST, "{path}");
    }
}

/// Runs `statement` on the app's database (what a moderator's hiding writes: its service is
/// not the search's to call).
fn sql(app: &TestApp, statement: &str) {
    let pool = maku::db::connect(&app.database_url, 1).expect("connect");
    let mut c = pool.get().expect("connection");
    diesel::sql_query(statement)
        .execute(&mut c)
        .expect("statement");
}

async fn hidden_and_edited_posts_are_found_as_they_now_read(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let dave = api.account("dave").await;
    let id = thread(&api, &admin, &dave, "隐藏", "第一楼 visibleword").await;
    for n in 2..=25 {
        reply(&api, &dave, id, &format!("第{n}楼 hiddenword 藏起")).await;
    }
    reply(&api, &dave, id, "oldword 旧话").await;
    assert_eq!(hits(&api, "hiddenword", None).await.len(), 20);
    // A moderator hides floors 2 to 25: never found, and they take no place on a page.
    sql(
        &app,
        &format!(
            "UPDATE posts SET hidden_at = created_at, hidden_reason = 'spam' \
             WHERE thread_id = {id} AND floor BETWEEN 2 AND 25"
        ),
    );
    for token in [None, Some(admin.as_str()), Some(dave.as_str())] {
        for q in ["hiddenword", "藏起"] {
            let (s, b) = search(&api, q, token).await;
            assert_eq!(s, StatusCode::OK, "{b}");
            assert_eq!(b["hits"], json!([]), "{q}: {b}");
            assert_eq!(b["more"], false, "{q}: {b}");
        }
    }
    assert_eq!(hits(&api, "visibleword", None).await.len(), 1);
    // An edit is searched as it now reads: the new words found, the old ones not.
    let (s, b) = api
        .call(
            reqwest::Method::PATCH,
            &format!("/api/v1/threads/{id}/posts/26"),
            Some(&dave),
            Some(json!({"body": "newword 新话"})),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert!(hits(&api, "oldword", None).await.is_empty());
    assert!(hits(&api, "旧话", None).await.is_empty());
    let found = hits(&api, "newword", None).await;
    assert_eq!((found.len(), found[0]["floor"].clone()), (1, json!(26)));
    assert_eq!(hits(&api, "新话", None).await.len(), 1);
    // One character, through the gram index: re-indexed by the edit.
    assert!(hits(&api, "旧", None).await.is_empty());
    assert_eq!(hits(&api, "新", None).await.len(), 1);
    assert_eq!(gram_candidates(&app, "新").len(), 1);
    assert!(gram_candidates(&app, "旧").is_empty());
    // Hidden posts hold no grams either.
    assert!(gram_candidates(&app, "藏起").is_empty());
    assert!(hits(&api, "藏", None).await.is_empty());
}

/// A row of a query that names post ids (`candidates`, `gram_candidates`).
#[derive(diesel::QueryableByName)]
struct Id {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    id: i64,
}

/// The ids of the posts the search's index offers as candidates for `word` (three characters
/// or more), before any visibility rule. SQLite: the FTS5 table's own rows. PostgreSQL: the
/// gram index's, as for a short word ([`pg_candidates`]).
fn candidates(app: &TestApp, word: &str) -> Vec<i64> {
    let pool = maku::db::connect(&app.database_url, 1).expect("connect");
    let mut c = pool.get().expect("connection");
    let rows: Vec<Id> = if app.database_url.starts_with("postgres") {
        pg_candidates(&mut c, word)
    } else {
        diesel::sql_query(format!(
            "SELECT rowid AS id FROM post_search WHERE post_search MATCH '\"{word}\"' ORDER BY rowid"
        ))
        .load(&mut c)
        .expect("candidates")
    };
    rows.into_iter().map(|r| r.id).collect()
}

/// PostgreSQL's candidates for `word` (any length): the posts whose stored grams
/// (`posts.grams`, the GIN index's column) hold the grams the search asks for it in any bucket, and, for a word of
/// three characters or more, whose body holds it (as the search checks it). Checked here each
/// time: a post has grams exactly when the index must hold it (open, visible, text).
fn pg_candidates(c: &mut maku::db::DbConnection, word: &str) -> Vec<Id> {
    let wrong: Vec<Id> = diesel::sql_query(
        "SELECT id FROM posts WHERE (grams IS NOT NULL) \
         <> (kind IN ('user', 'judge') AND searchable AND hidden_at IS NULL)",
    )
    .load(c)
    .expect("the grams' posts");
    assert!(
        wrong.is_empty(),
        "grams out of step: {:?}",
        wrong.iter().map(|r| r.id).collect::<Vec<_>>()
    );
    diesel::sql_query(
        "SELECT id FROM posts WHERE grams @@ ANY (maku_search_bucket_queries(ARRAY[$1], \
           (SELECT max(id) FROM posts))) \
         AND (char_length(lower($1)) <= 2 OR strpos(lower(body), lower($1)) > 0) ORDER BY id",
    )
    .bind::<diesel::sql_types::Text, _>(word)
    .load(c)
    .expect("candidates")
}

/// Issue 38, item 3: a running game's team-thread and graveyard posts are not in the search
/// index at all (so a search's time cannot grow with them), nor is a hidden post; the game's
/// end puts its private posts in, and every reader finds them.
async fn private_posts_are_no_candidates_until_the_reveal(app: TestApp) {
    let api = Api::new(&app);
    let table = fixed_game(
        &app,
        "dongsha",
        &seats_of("pc", 8),
        &json!({"killers": ["g1", "g2"], "police": ["g3", "g4"]}),
    )
    .await;
    let id = table.id;
    for (token, thread, body) in [
        (
            table.tokens["g1"].clone(),
            "killers",
            "刀三号 candidatekill",
        ),
        (
            table.tokens["g3"].clone(),
            "police",
            "查一号 candidatecheck",
        ),
        (table.admin.clone(), "graveyard", "墓地 candidategrave"),
        (table.admin.clone(), "game", "公告 candidatepublic"),
    ] {
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{id}/threads/{thread}"),
                &token,
                json!({"body": body}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{thread}: {b}");
    }
    for word in ["candidatekill", "candidatecheck", "candidategrave"] {
        assert_eq!(
            candidates(&app, word),
            Vec::<i64>::new(),
            "{word} before the end"
        );
        assert!(hits(&api, word, None).await.is_empty());
    }
    assert_eq!(candidates(&app, "candidatepublic").len(), 1);
    assert_eq!(hits(&api, "candidatepublic", None).await.len(), 1);
    // Nor are they in the gram index, by which words of one or two characters are found.
    for word in ["刀", "查一", "墓地"] {
        assert!(
            gram_candidates(&app, word).is_empty(),
            "{word} before the end"
        );
        assert!(hits(&api, word, None).await.is_empty(), "{word}");
    }
    assert_eq!(gram_candidates(&app, "公告").len(), 1);
    assert_eq!(hits(&api, "公告", None).await.len(), 1);

    // A hidden forum post leaves the index while hidden.
    let admin = api.token("admin", &app.admin_password).await;
    let erin = api.account("erin").await;
    let forum = thread(&api, &admin, &erin, "藏", "candidatehidden 藏").await;
    assert_eq!(candidates(&app, "candidatehidden").len(), 1);
    assert_eq!(gram_candidates(&app, "藏").len(), 1);
    sql(
        &app,
        &format!("UPDATE posts SET hidden_at = created_at WHERE thread_id = {forum}"),
    );
    assert!(candidates(&app, "candidatehidden").is_empty());
    assert!(gram_candidates(&app, "藏").is_empty());
    assert!(hits(&api, "藏", None).await.is_empty());
    sql(
        &app,
        &format!("UPDATE posts SET hidden_at = NULL WHERE thread_id = {forum}"),
    );
    assert_eq!(candidates(&app, "candidatehidden").len(), 1);
    assert_eq!(gram_candidates(&app, "藏").len(), 1);

    // The end opens them, in the transaction that ends the game.
    let g = game(&api, id).await;
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/end"),
            &table.admin,
            json!({"act": step(&g), "reason": "测试结束"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    for word in ["刀", "查一", "墓地"] {
        assert_eq!(gram_candidates(&app, word).len(), 1, "{word} after the end");
        assert_eq!(hits(&api, word, None).await.len(), 1, "{word}");
    }
    for word in ["candidatekill", "candidatecheck", "candidategrave"] {
        assert_eq!(candidates(&app, word).len(), 1, "{word} after the end");
        for token in [None, Some(admin.as_str()), Some(erin.as_str())] {
            assert_eq!(hits(&api, word, token).await.len(), 1, "{word}");
        }
    }
    // A post written in a private thread after the end is a candidate at once.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/threads/graveyard"),
            &table.admin,
            json!({"body": "candidatelate"}),
        )
        .await;
    if s == StatusCode::CREATED {
        assert_eq!(candidates(&app, "candidatelate").len(), 1, "{b}");
    }
}

/// Issue 38, item 7: a query over the limits is said on the search page with the query kept
/// in its box (in the reader's language); a snippet is bounded however long the post; a query
/// string that is not UTF-8 is a 400 (the page's in the reader's language, the API's JSON); an
/// overlong query that reaches the app on /api answers the JSON error.
async fn limits_are_said_inline_and_answers_are_bounded(app: TestApp) {
    let api = Api::new(&app);
    let zh = app.browser();
    let en = app.browser_in("en");
    let long = "x".repeat(201);
    for (b, message) in [
        (&zh, "搜索词最多 200 个字符"),
        (&en, "at most 200 characters"),
    ] {
        let p = b.get(&format!("/search?q={long}")).await;
        assert_eq!(p.status, StatusCode::BAD_REQUEST);
        assert!(p.body.contains(message), "{}", p.body);
        assert!(p.body.contains(r#"role="alert""#), "{}", p.body);
        assert!(p.body.contains(&format!(r#"value="{long}""#)), "{}", p.body);
    }
    let words = "a b c d e f g h i";
    for (b, message) in [(&zh, "搜索最多 8 个词"), (&en, "at most 8 words")] {
        let p = b.get("/search?q=a+b+c+d+e+f+g+h+i").await;
        assert_eq!(p.status, StatusCode::BAD_REQUEST);
        assert!(p.body.contains(message), "{}", p.body);
        assert!(
            p.body.contains(&format!(r#"value="{words}""#)),
            "{}",
            p.body
        );
    }

    // Not UTF-8: a 400, never a search for U+FFFD.
    for (b, message) in [(&zh, "UTF-8"), (&en, "not valid UTF-8")] {
        let p = b.get("/search?q=%FF").await;
        assert_eq!(p.status, StatusCode::BAD_REQUEST, "{}", p.body);
        assert!(p.body.contains(message), "{}", p.body);
        assert!(p.body.contains("<html"), "an HTML page: {}", p.body);
    }
    let (s, b) = api.get("/api/v1/search?q=%FF", None).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{b}");
    assert_eq!(b["ok"], json!(false), "{b}");
    assert_eq!(b["error"], "query_not_utf8", "{b}");
    assert!(b["message"].is_string(), "{b}");
    // Valid UTF-8, percent-encoded, is still a query.
    let (s, b) = api.get("/api/v1/search?q=%E7%8B%BC", None).await;
    assert_eq!(s, StatusCode::OK, "{b}");

    // An overlong query string that reaches the app: the API's JSON error.
    let (s, b) = api
        .get(&format!("/api/v1/search?q={}", "y".repeat(60_000)), None)
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{b}");
    assert_eq!(b["ok"], json!(false), "{b}");

    // A post of one word repeated: its snippet is bounded, on the page and in the API.
    let admin = api.token("admin", &app.admin_password).await;
    let fay = api.account("fay").await;
    thread(&api, &admin, &fay, "长帖", &"wolf".repeat(5_000)).await;
    let found = hits(&api, "wolf", None).await;
    let snippet = found[0]["snippet"].as_str().expect("snippet");
    assert!(
        snippet.chars().count() < 400,
        "{} characters",
        snippet.len()
    );
    assert!(snippet.ends_with('…'), "{snippet}");
    let p = zh.get("/search?q=wolf").await;
    assert_eq!(p.status, StatusCode::OK);
    assert!(p.body.len() < 20_000, "{} bytes", p.body.len());
}

/// The ids of the posts the gram index offers for `word` (one or two characters), before any
/// visibility rule. SQLite: the FTS5 table `post_grams`' own rows. PostgreSQL: [`pg_candidates`].
fn gram_candidates(app: &TestApp, word: &str) -> Vec<i64> {
    let pool = maku::db::connect(&app.database_url, 1).expect("connect");
    let mut c = pool.get().expect("connection");
    let rows: Vec<Id> = if app.database_url.starts_with("postgres") {
        pg_candidates(&mut c, word)
    } else {
        let gram = maku::db::grams::word_gram(word).expect("a short word");
        diesel::sql_query(format!(
            "SELECT rowid AS id FROM post_grams WHERE post_grams MATCH '\"{}\"' ORDER BY rowid",
            maku::db::grams::token(&gram)
        ))
        .load(&mut c)
        .expect("candidates")
    };
    rows.into_iter().map(|r| r.id).collect()
}

/// Issue 42, item 2: a word of one or two characters (most Chinese words) is found from the
/// gram index on both backends, exactly as a substring: in its order (`狼人` is not `人狼`),
/// mixed with English words, and a longer Chinese word too.
async fn short_words_are_found_from_the_gram_index_in_their_order(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let fay = api.account("fay").await;
    let id = thread(&api, &admin, &fay, "短词", "今天狼人自爆了").await;
    reply(&api, &fay, id, "人狼游戏开始").await;
    reply(&api, &fay, id, "狼来了 wolf pack").await;
    reply(&api, &fay, id, "The Werewolf 狼人 won").await;
    let floors = |found: Vec<Value>| -> Vec<i64> {
        found
            .iter()
            .map(|h| h["floor"].as_i64().expect("floor"))
            .collect()
    };
    for (q, expected) in [
        ("狼", vec![4, 3, 2, 1]),
        ("狼人", vec![4, 1]),
        ("人狼", vec![2]),
        ("爆", vec![1]),
        ("自爆", vec![1]),
        ("爆自", vec![]),
        ("狼人自爆", vec![1]),
        ("人自狼", vec![]),
        ("狼人 wolf", vec![4]),
        ("狼 pa", vec![3]),
        ("WE 狼人", vec![4]),
        ("o", vec![4, 3]),
        ("虎", vec![]),
    ] {
        assert_eq!(floors(hits(&api, q, None).await), expected, "{q}");
    }
    // The marks are the word's, in its order.
    let found = hits(&api, "狼人", None).await;
    let snippet = found[1]["snippet"].as_str().expect("snippet");
    assert!(snippet.contains("今天<mark>狼人</mark>自爆了"), "{snippet}");
    // The index holds the pair in its order only.
    assert_eq!(gram_candidates(&app, "狼人").len(), 2);
    assert_eq!(gram_candidates(&app, "人狼").len(), 1);
    assert_eq!(gram_candidates(&app, "狼").len(), 4);
}

/// Short words made of the characters a query syntax would read (`'`, `\`, `&`, `|`, `:`,
/// `*`, `"`, `(`, `%`, `_`): each is only a character, found where it stands and nowhere else.
async fn short_words_of_query_syntax_are_plain_characters(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let gus = api.account("gus").await;
    let id = thread(&api, &admin, &gus, "符号", r"it's a\b").await;
    reply(&api, &gus, id, "x&y|z").await;
    reply(&api, &gus, id, r#"狼:* "(引)" 50%_"#).await;
    reply(&api, &gus, id, "无符号").await;
    let floors = |found: Vec<Value>| -> Vec<i64> {
        found
            .iter()
            .map(|h| h["floor"].as_i64().expect("floor"))
            .collect()
    };
    for (q, expected) in [
        ("'", vec![1]),
        ("t'", vec![1]),
        (r"\", vec![1]),
        (r"a\", vec![1]),
        (r"\b", vec![1]),
        ("&", vec![2]),
        ("|z", vec![2]),
        (":*", vec![3]),
        ("狼:", vec![3]),
        (r#""("#, vec![3]),
        ("%_", vec![3]),
        ("_", vec![3]),
        ("''", vec![]),
        ("!", vec![]),
    ] {
        assert_eq!(floors(hits(&api, q, None).await), expected, "{q}");
    }
}

/// The migration `*_cjk_search` of each backend: (down, up), by the URL's scheme.
/// The migrations of the gram index, by backend: `*_cjk_search` and `*_search_buckets` (which
/// recomputes the grams `*_cjk_search` wrote, by bucket): undone newest first, run oldest first.
const CJK_SEARCH: [(&str, [&str; 2], [&str; 2]); 2] = [
    (
        "postgres",
        [
            include_str!("../../migrations/postgres/2026-12-23-004208_search_buckets/down.sql"),
            include_str!("../../migrations/postgres/2026-12-23-004201_cjk_search/down.sql"),
        ],
        [
            include_str!("../../migrations/postgres/2026-12-23-004201_cjk_search/up.sql"),
            include_str!("../../migrations/postgres/2026-12-23-004208_search_buckets/up.sql"),
        ],
    ),
    (
        "sqlite",
        [
            include_str!("../../migrations/sqlite/2026-12-23-004208_search_buckets/down.sql"),
            include_str!("../../migrations/sqlite/2026-12-23-004201_cjk_search/down.sql"),
        ],
        [
            include_str!("../../migrations/sqlite/2026-12-23-004201_cjk_search/up.sql"),
            include_str!("../../migrations/sqlite/2026-12-23-004208_search_buckets/up.sql"),
        ],
    ),
];

/// Posts written before the migration `*_cjk_search` (undone here, with its index and
/// triggers, and `*_search_buckets` after it, and run again as a server upgrading runs it) are found by short words after it:
/// it fills the gram index from the posts there, the open and visible ones only; and its
/// triggers keep the index in step afterwards.
async fn posts_written_before_the_gram_index_are_found_by_short_words(app: TestApp) {
    use diesel::connection::SimpleConnection;
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let hal = api.account("hal").await;
    let (_, down, up) = CJK_SEARCH
        .iter()
        .find(|(scheme, _, _)| app.database_url.starts_with(scheme))
        .expect("a backend with the migration");
    let batch = |migrations: &[&str; 2]| {
        let pool = maku::db::connect(&app.database_url, 1).expect("connect");
        let mut c = pool.get().expect("connection");
        for statements in migrations {
            c.batch_execute(statements).expect("statements");
        }
    };
    batch(down);
    let id = thread(&api, &admin, &hal, "旧帖", "升级以前的狼人").await;
    reply(&api, &hal, id, "藏起来的狼人").await;
    sql(
        &app,
        &format!("UPDATE posts SET hidden_at = created_at WHERE thread_id = {id} AND floor = 2"),
    );
    batch(up);
    let floors = |found: Vec<Value>| -> Vec<i64> {
        found
            .iter()
            .map(|h| h["floor"].as_i64().expect("floor"))
            .collect()
    };
    assert_eq!(floors(hits(&api, "狼人", None).await), vec![1]);
    assert_eq!(floors(hits(&api, "升", None).await), vec![1]);
    assert_eq!(gram_candidates(&app, "狼人").len(), 1);
    assert!(gram_candidates(&app, "藏").is_empty());
    // Written after it: the triggers index it, and restoring the hidden post brings it back.
    reply(&api, &hal, id, "升级以后的狼人").await;
    sql(
        &app,
        &format!("UPDATE posts SET hidden_at = NULL WHERE thread_id = {id} AND floor = 2"),
    );
    assert_eq!(floors(hits(&api, "狼人", None).await), vec![3, 2, 1]);
    assert_eq!(gram_candidates(&app, "狼人").len(), 3);
}

/// Issue 42: PostgreSQL's gram index is cut into buckets of 8,192 post ids, asked newest first
/// until a page is full (`db::queries::search::pg_search`). Posts spread over buckets (the id
/// sequence moved on between them; SQLite's ids stay close, and its answers must be the same):
/// a bucket with more hits than a page, buckets with none between and above them, a page that
/// ends inside a bucket and one that starts there, and words of every length.
async fn hits_are_found_newest_first_across_the_index_buckets(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let bob = api.account("bob").await;
    let pg = app.database_url.starts_with("postgres");
    let id = thread(&api, &admin, &bob, "分桶", "开帖").await;
    let to_bucket = |bucket: i64| {
        if pg {
            sql(
                &app,
                &format!("SELECT setval('posts_id_seq', {})", bucket * 8192),
            );
        }
    };
    // (bucket, body) in the order written; the thread's first post is floor 1.
    let mut plan: Vec<(i64, String)> = Vec::new();
    plan.extend((1..=25).map(|n| (2, format!("狼 A{n}"))));
    plan.extend((1..=3).map(|n| (5, format!("狼人 B{n}"))));
    plan.push((5, "无关 B".to_string()));
    plan.push((9, "无关 D".to_string()));
    plan.extend((1..=2).map(|n| (12, format!("狼 预言家查验 C{n}"))));
    plan.push((14, "报名".to_string()));
    let mut bucket = 0;
    let mut posts: Vec<(i64, String)> = Vec::new();
    for (k, (b, body)) in plan.into_iter().enumerate() {
        if b != bucket {
            to_bucket(b);
            bucket = b;
        }
        reply(&api, &bob, id, &body).await;
        posts.push((k as i64 + 2, body));
    }
    let page = |q: &'static str, n: i64| {
        let api = &api;
        async move {
            let q: String = url::form_urlencoded::byte_serialize(q.as_bytes()).collect();
            let (s, b) = api
                .get(&format!("/api/v1/search?q={q}&page={n}"), None)
                .await;
            assert_eq!(s, StatusCode::OK, "{b}");
            let floors: Vec<i64> = b["hits"]
                .as_array()
                .expect("hits")
                .iter()
                .map(|h| h["floor"].as_i64().expect("floor"))
                .collect();
            (floors, b["more"].as_bool().expect("more"))
        }
    };
    // The floors of the written posts holding every word, newest first.
    let holding = |words: &[&str]| -> Vec<i64> {
        let mut f: Vec<i64> = posts
            .iter()
            .filter(|(_, b)| words.iter().all(|w| b.contains(w)))
            .map(|(f, _)| *f)
            .collect();
        f.reverse();
        f
    };
    let wolf = holding(&["狼"]);
    assert_eq!(wolf.len(), 30);
    assert_eq!(page("狼", 1).await, (wolf[..20].to_vec(), true));
    assert_eq!(page("狼", 2).await, (wolf[20..].to_vec(), false));
    assert_eq!(page("狼", 3).await, (vec![], false));
    for (q, words) in [
        ("狼人", vec!["狼人"]),
        ("预言家查", vec!["预言家查"]),
        ("狼 预言家", vec!["狼", "预言家"]),
        ("a1", vec!["A1"]),
        ("无关", vec!["无关"]),
        ("报名", vec!["报名"]),
        ("查狼", vec!["查狼"]),
    ] {
        assert_eq!(page(q, 1).await, (holding(&words), false), "{q}");
    }
    if pg {
        // The posts did land in the buckets they were meant for.
        #[derive(diesel::QueryableByName)]
        struct Bucket {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            bucket: i64,
        }
        let pool = maku::db::connect(&app.database_url, 1).expect("connect");
        let mut c = pool.get().expect("connection");
        let buckets: Vec<Bucket> = diesel::sql_query(format!(
            "SELECT DISTINCT id >> 13 AS bucket FROM posts WHERE thread_id = {id} AND floor > 1 \
             ORDER BY bucket"
        ))
        .load(&mut c)
        .expect("buckets");
        let buckets: Vec<i64> = buckets.into_iter().map(|b| b.bucket).collect();
        assert_eq!(buckets, [2, 5, 9, 12, 14]);
        // The pool's connections compile no plan (`db::connect`): the walk's estimate is of
        // every bucket, and compiling it cost more than the search.
        #[derive(diesel::QueryableByName)]
        struct Setting {
            #[diesel(sql_type = diesel::sql_types::Text)]
            jit: String,
        }
        let s: Setting = diesel::sql_query("SELECT current_setting('jit') AS jit")
            .get_result(&mut c)
            .expect("jit");
        assert_eq!(s.jit, "off");
    }
}

/// Words at the edges of what a query holds, answered alike by both backends' indexes: a
/// character outside the Basic Multilingual Plane (four bytes in UTF-8, a surrogate pair in
/// UTF-16), a full-width space (U+3000, which splits a query as an ASCII one does), ASCII
/// case, the longest word a query admits (200 characters) and the most words (8).
async fn words_at_the_edges_are_found_alike_on_both_backends(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let ivy = api.account("ivy").await;
    let long: String = "狼人杀Wolf".repeat(30).chars().take(200).collect();
    assert_eq!(long.chars().count(), 200);
    let id = thread(&api, &admin, &ivy, "边界", "开帖").await;
    let posts = [
        "今晚🐺出没 𠮷野家",
        "狼人　预言家 同一帖",
        "预言家说 狼人在三楼",
        &format!("开头 {long} 结尾"),
        "one two three four five six seven eight",
        "ONE TWO THREE FOUR FIVE SIX SEVEN",
    ];
    for body in posts {
        reply(&api, &ivy, id, body).await;
    }
    let floors = |found: Vec<Value>| -> Vec<i64> {
        found
            .iter()
            .map(|h| h["floor"].as_i64().expect("floor"))
            .collect()
    };
    let eight = "One two three four five six seven eight";
    for (q, expected) in [
        ("🐺", vec![2]),
        ("🐺出", vec![2]),
        ("今晚🐺出没", vec![2]),
        ("𠮷", vec![2]),
        ("𠮷野家", vec![2]),
        ("狼🐺", vec![]),
        // U+3000 splits the query into two words, found in either order.
        ("狼人\u{3000}预言家", vec![4, 3]),
        ("言家　狼", vec![4, 3]),
        (long.as_str(), vec![5]),
        (&long[..long.len() - 1], vec![5]),
        (eight, vec![6]),
        ("seven SIX five", vec![7, 6]),
        ("EIGHT one", vec![6]),
    ] {
        assert_eq!(floors(hits(&api, q, None).await), expected, "{q}");
    }
}
