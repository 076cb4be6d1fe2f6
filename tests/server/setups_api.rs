//! Setups as data over HTTP: every table preset's document and every role (docs/setups.md).

use crate::helpers::{Api, TestApp};
use crate::on_both_backends;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

on_both_backends!(
    presets_and_roles_are_served_to_anyone,
    judges_save_revise_and_anyone_reads_setups,
    a_game_made_from_a_setup_plays_by_its_pinned_version,
    a_setups_balance_is_estimated_once_and_kept,
    a_parity_setup_saves_and_its_game_ends_at_parity,
    a_setup_with_one_pk_round_saves_and_its_page_says_so,
);

async fn presets_and_roles_are_served_to_anyone(app: TestApp) {
    let api = Api::new(&app);
    let (s, body) = api.get("/api/v1/setups/presets", None).await;
    assert_eq!(s, StatusCode::OK);
    let presets = body["presets"].as_array().expect("a list");
    let names: Vec<&str> = presets.iter().filter_map(|p| p["name"].as_str()).collect();
    assert_eq!(
        names,
        [
            "dongsha",
            "killgame",
            "shengtui",
            "wujian",
            "v4wujian",
            "v5emin",
            "deathnote"
        ]
    );
    // Death Note keeps its own engine: its house rules, at the book's readings.
    assert_eq!(presets[6]["document"]["house_rules"]["redistribute"], true);
    // 东杀 2.0 as classic.md's table has it: 2/2 to 10 seats, 3/3 to 14, 4/4 to 16.
    let dongsha = &presets[0]["document"];
    assert_eq!(dongsha["seats"], serde_json::json!({"min": 8, "max": 16}));
    assert_eq!(
        dongsha["deal"][0],
        serde_json::json!({"role": "killer", "count": {"8-10": 2, "11-14": 3, "15-16": 4}})
    );
    assert_eq!(dongsha["win"]["civilians_out"], "killers");
    assert_eq!(dongsha["day"]["explode"], true);

    let (s, body) = api.get("/api/v1/roles", None).await;
    assert_eq!(s, StatusCode::OK);
    let roles = body["roles"].as_array().expect("a list");
    let elder = |book: &str| {
        roles
            .iter()
            .find(|r| r["code"] == "elder" && r["book"] == book)
            .unwrap_or_else(|| panic!("{book}'s elder"))
    };
    assert_eq!(elder("r4")["side"], "good");
    assert_eq!(elder("r5")["side"], "bad");
    assert_eq!(elder("r4")["names"]["zh-CN"], "森林老人");
    assert_eq!(elder("r4")["names"]["en"], "Forest elder");
    assert_eq!(elder("r5")["action"], "silence");
    assert!(
        roles
            .iter()
            .any(|r| r["code"] == "civilian" && r["action"].is_null())
    );
}

/// `POST /api/v1/setups` with `body` as `token`'s.
async fn save(api: &Api<'_>, token: &str, body: Value) -> (StatusCode, Value) {
    api.post("/api/v1/setups", token, body).await
}

/// `PUT /api/v1/setups/{id}` with `document`, as `token`'s.
async fn revise(api: &Api<'_>, token: &str, id: i64, document: &Value) -> (StatusCode, Value) {
    let path = format!("/api/v1/setups/{id}");
    let body = json!({ "document": document });
    api.call(Method::PUT, &path, Some(token), Some(body)).await
}

/// 东杀 as served, with one police: a judge's own setup.
async fn one_police(api: &Api<'_>) -> Value {
    let (_, body) = api.get("/api/v1/setups/presets", None).await;
    let mut doc = body["presets"][0]["document"].clone();
    doc["deal"][1]["count"] = json!(1);
    doc
}

async fn judges_save_revise_and_anyone_reads_setups(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let alice = api.account("alice").await;
    let judy = api.account("judy").await;
    {
        let mut c = app.state.pool.get().expect("a connection");
        let id = app.account_id("judy");
        maku::db::queries::users::set_role(&mut c, id, maku::domain::Role::Judge)
            .expect("judy judges");
    }
    let doc = one_police(&api).await;

    // Only judges and admins save.
    let (s, b) = save(&api, &alice, json!({"name": "一警东杀", "document": doc})).await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{b}");
    let (s, b) = save(&api, &judy, json!({"name": "一警东杀", "document": doc})).await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    assert_eq!(b["version"], 1);
    let id = b["id"].as_i64().expect("an id");

    // A document that does not hold: every problem at its field, nothing saved.
    let mut broken = doc.clone();
    broken["deal"][0]["count"] = json!({"8-9": 2, "11-16": 3});
    broken["night"] = json!(["killer"]);
    broken["day"]["thrid_tie"] = json!("draw");
    let (s, b) = save(&api, &judy, json!({"name": "坏的", "document": broken})).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{b}");
    assert_eq!(b["ok"], false);
    assert_eq!(b["error"], "invalid_setup");
    let paths: Vec<&str> = b["fields"]
        .as_array()
        .expect("fields")
        .iter()
        .filter_map(|f| f["path"].as_str())
        .collect();
    assert_eq!(paths, ["day.thrid_tie"], "a reading problem first: {b}");
    broken["day"]
        .as_object_mut()
        .expect("day")
        .remove("thrid_tie");
    let (s, b) = save(&api, &judy, json!({"name": "坏的", "document": broken})).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let fields = b["fields"].as_array().expect("fields");
    let at = |path: &str| {
        fields
            .iter()
            .find(|f| f["path"] == path)
            .unwrap_or_else(|| panic!("{path} in {b}"))
    };
    assert!(
        at("deal[0].count")["message"]
            .as_str()
            .is_some_and(|m| m.contains("10")),
        "{b}"
    );
    assert!(
        at("night")["message"]
            .as_str()
            .is_some_and(|m| m.contains("警察")),
        "in Chinese by default: {b}"
    );
    // 4.0's book with 5.0's sniper (R5-1): refused at its line, with words that send the
    // judge to the classic book, where the books' roles mix; nothing saved.
    let (_, presets) = api.get("/api/v1/setups/presets", None).await;
    let preset = |name: &str| {
        presets["presets"]
            .as_array()
            .and_then(|p| p.iter().find(|p| p["name"] == name))
            .map(|p| p["document"].clone())
            .unwrap_or_else(|| panic!("{name}'s document"))
    };
    let mut r4 = preset("v4wujian");
    let line = r4["deal"].as_array().map(Vec::len).expect("a deal");
    r4["deal"]
        .as_array_mut()
        .expect("a deal")
        .push(json!({"role": "sniper", "count": 1}));
    let (s, b) = save(&api, &judy, json!({"name": "4.0+狙击手", "document": r4})).await;
    assert_eq!(
        (s, &b["error"]),
        (StatusCode::BAD_REQUEST, &json!("invalid_setup"))
    );
    let sniper = b["fields"]
        .as_array()
        .and_then(|f| f.iter().find(|f| f["path"] == format!("deal[{line}].role")))
        .unwrap_or_else(|| panic!("the sniper's line: {b}"));
    assert!(
        sniper["message"]
            .as_str()
            .is_some_and(|m| m.contains("经典")),
        "{b}"
    );
    // 东杀 with both butterflies, 4.0's and 5.0's (the shield butterfly): refused at the shield
    // butterfly's line, naming both (how two hugs read together is not written); nothing saved.
    let mut both = preset("dongsha");
    let line = both["deal"].as_array().map(Vec::len).expect("a deal");
    for role in ["butterfly", "shield_butterfly"] {
        both["deal"]
            .as_array_mut()
            .expect("a deal")
            .push(json!({"role": role, "count": 1}));
    }
    both["night"] = json!(["killer", "police", "butterfly", "shield_butterfly"]);
    let (s, b) = save(&api, &judy, json!({"name": "双蝶东杀", "document": both})).await;
    assert_eq!(
        (s, &b["error"]),
        (StatusCode::BAD_REQUEST, &json!("invalid_setup"))
    );
    let fields = b["fields"].as_array().expect("fields");
    assert_eq!(fields.len(), 1, "its only problem: {b}");
    assert_eq!(fields[0]["path"], format!("deal[{}].role", line + 1), "{b}");
    assert!(
        fields[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("花蝴蝶（护身）") && m.contains("一桌至多")),
        "{b}"
    );
    let (s, b) = api.get("/api/v1/setups", None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        b["setups"].as_array().map(Vec::len),
        Some(1),
        "nothing saved: {b}"
    );

    // A field the body does not have is refused.
    let (s, b) = save(
        &api,
        &judy,
        json!({"name": "x", "document": doc, "public": true}),
    )
    .await;
    assert_eq!(
        (s, b["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("unknown_field"))
    );
    // A name past a title's length is refused, as a game's title is.
    let long = "名".repeat(200);
    let (s, b) = save(&api, &judy, json!({"name": long, "document": doc})).await;
    assert_eq!(
        (s, b["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("title_length")),
        "{b}"
    );

    // Its author revises it: version 2; version 1 stays as it was.
    let mut two = doc.clone();
    two["day"]["explode"] = json!(false);
    let (s, b) = revise(&api, &admin, id, &two).await;
    assert_eq!(s, StatusCode::FORBIDDEN, "not its author: {b}");
    let (s, _) = revise(&api, &judy, 999_999, &two).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "no such setup");
    let (s, b) = revise(&api, &judy, id, &two).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b, json!({"id": id, "version": 2}));
    let (s, v1) = api
        .get(&format!("/api/v1/setups/{id}?version=1"), None)
        .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v1["document"]["day"]["explode"], true);
    assert_eq!(
        (v1["version"].clone(), v1["versions"].clone()),
        (json!(1), json!(2))
    );
    assert_eq!(v1["author"], "judy");
    assert_eq!(v1["name"], "一警东杀");
    assert_eq!(v1["games"], 0);
    assert_eq!(
        (v1["finished"].clone(), v1["wins"].clone()),
        (json!(0), json!({}))
    );
    let (_, newest) = api.get(&format!("/api/v1/setups/{id}"), None).await;
    assert_eq!(newest["version"], 2);
    assert_eq!(newest["document"]["day"]["explode"], false);
    let (s, _) = api
        .get(&format!("/api/v1/setups/{id}?version=3"), None)
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _) = api.get("/api/v1/setups/999999", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    // The presets are another resource: other methods are 405, not a setup "presets".
    let (s, b) = api
        .call(
            Method::PUT,
            "/api/v1/setups/presets",
            Some(&judy),
            Some(json!({"document": two})),
        )
        .await;
    assert_eq!(s, StatusCode::METHOD_NOT_ALLOWED, "{b}");

    // Another judge forks it: based on version 2; a version that does not exist is refused.
    let (s, b) = save(
        &api,
        &admin,
        json!({"name": "fork", "based_on": {"id": id, "version": 9}, "document": two}),
    )
    .await;
    assert_eq!(
        (s, b["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("setup_based_on_unknown")),
        "{b}"
    );
    let (s, b) = save(
        &api,
        &admin,
        json!({"name": "fork", "based_on": {"id": id, "version": 2}, "document": two}),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let fork = b["id"].as_i64().expect("an id");
    let (_, b) = api.get(&format!("/api/v1/setups/{fork}"), None).await;
    assert_eq!(b["based_on"], json!({"id": id, "version": 2}));
    let (_, list) = api.get("/api/v1/setups", None).await;
    let ids: Vec<i64> = list["setups"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|s| s["id"].as_i64())
        .collect();
    assert_eq!(ids, [fork, id], "newest first");
}

/// A judge's own setup at one version makes a game: the game pins that version (a later
/// version changes nothing for it), plays by it (东杀 with one police: the lone officer killed,
/// the killers win at once), and is named by the setup's name and version on its pages.
async fn a_game_made_from_a_setup_plays_by_its_pinned_version(app: TestApp) {
    use crate::classic_api::{Table, game, seats_of, step};
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let doc = one_police(&api).await;
    let (s, b) = save(&api, &admin, json!({"name": "一警东杀", "document": doc})).await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let setup = b["id"].as_i64().expect("an id");

    // Exactly one of variant and setup; a version that does not exist is refused.
    for body in [
        json!({"title": "t", "variant": "dongsha", "setup": {"id": setup, "version": 1}}),
        json!({"title": "t"}),
        json!({"title": "t", "setup": {"id": setup, "version": 7}}),
        json!({"title": "t", "variant": format!("setup-{setup}-v1")}),
    ] {
        let (s, b) = api.post("/api/v1/games", &admin, body.clone()).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{body}: {b}");
    }
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "一警", "setup": {"id": setup, "version": 1}, "act_minutes": 60, "min_seats": 9, "max_seats": 9}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("a game");
    // A later version of the setup changes nothing for the game made from version 1.
    let mut two = doc.clone();
    two["deal"][1]["count"] = json!(2);
    let (s, b) = revise(&api, &admin, setup, &two).await;
    assert_eq!(s, StatusCode::OK, "{b}");

    let seats = seats_of("s", 9);
    let mut tokens = std::collections::HashMap::new();
    for seat in seats.as_array().expect("seats") {
        let token = api.account(seat["real_id"].as_str().expect("a name")).await;
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/signup"), &token, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        tokens.insert(seat["game_id"].as_str().expect("an id").to_string(), token);
    }
    // Two police are not the document's deal at 9 seats.
    let mut wrong = json!({"killers": ["g1", "g2"], "police": ["g3", "g4"]});
    wrong["seats"] = seats.clone();
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/start"),
            &admin,
            json!({"setup": wrong}),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{b}");
    let mut deal = json!({"killers": ["g1", "g2"], "police": ["g3"]});
    deal["seats"] = seats.clone();
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/start"),
            &admin,
            json!({"setup": deal}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let table = Table {
        id,
        admin: admin.clone(),
        tokens,
    };
    let g = game(&api, id).await;
    let variant = g["variant"].as_str().unwrap_or_default();
    assert!(
        variant.starts_with(&format!("setup-{setup}-v1-")),
        "the variant names the setup's version and its document's digest: {g}"
    );
    // Its variant is not one a judge may name without the setup, even once its handle exists.
    let body = json!({"title": "t", "variant": variant});
    let (s, b) = api.post("/api/v1/games", &admin, body).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{b}");
    for by in ["g1", "g2"] {
        let (s, b) = table
            .act(&api, by, json!({"type": "kill", "target": "g3"}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    // The night ends: the lone officer is out.
    let (s, b) = table.resolve(&api, step(&g)).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let g = game(&api, id).await;
    assert_eq!(
        g["winner"], "killers",
        "CL-10: the one officer is all the police: {g}"
    );
    assert_eq!(g["status"], "finished");

    let (_, b) = api.get(&format!("/api/v1/setups/{setup}"), None).await;
    assert_eq!(b["games"], 1, "{b}");
    assert_eq!(b["finished"], 1, "{b}");
    assert_eq!(
        b["wins"],
        json!({"killers": 1}),
        "each side's finished games: {b}"
    );
    let page = app.browser().get(&format!("/games/{id}")).await;
    assert_eq!(page.status, StatusCode::OK);
    let rules = format!("/setups/{setup}?version=1");
    assert!(
        page.body.contains(&rules),
        "the game links its setup's version"
    );
    // The setup's rules, from its document, in both languages; version 1 as the game pinned.
    let zh = app.browser().get(&rules).await;
    assert_eq!(zh.status, StatusCode::OK);
    for words in [
        "一警东杀",
        "人数",
        "杀手",
        "警察",
        "平民",
        "夜里杀一人",
        "杀手全部出局：好人胜。",
        "前 1 名出局者留遗言。",
        "平衡（机器人对局）",
        "已结束的对局：杀手胜利 1",
    ] {
        assert!(zh.body.contains(words), "{words} on the Chinese page");
    }
    let en = app.browser_in("en").get(&rules).await;
    for words in [
        "The deal",
        "Police officer",
        "checks one seat at night",
        "All police out, or all civilians out: the killers win.",
        "Last words for the first seat out.",
        "Balance (bots",
        "95% interval",
    ] {
        assert!(en.body.contains(words), "{words} on the English page");
    }
    let v2 = app
        .browser_in("en")
        .get(&format!("/setups/{setup}?version=2"))
        .await;
    assert!(
        v2.body.contains("Last words for the first 2 seats out."),
        "version 2 deals two police"
    );
    let index = app.browser().get("/setups").await;
    assert!(index.body.contains(&format!("/setups/{setup}")), "listed");
    let list = app.browser().get("/games").await;
    assert!(
        list.body.contains("一警东杀 v1"),
        "the list names the setup and its version"
    );
    assert!(
        !list.body.contains(&format!("variant-setup-{setup}")),
        "no catalog key shown"
    );
}

/// The bots' estimate of a setup version: each side's share with its interval; many asking at
/// once get one computation, and it is kept; a setup that is a preset's document (4.0's) is
/// estimated as the preset; 东杀 with one police leans further to the killers than 东杀.
async fn a_setups_balance_is_estimated_once_and_kept(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let (_, presets) = api.get("/api/v1/setups/presets", None).await;
    let save = |name: &'static str, document: Value| {
        let api = &api;
        let admin = admin.clone();
        async move {
            let (s, b) = save(api, &admin, json!({"name": name, "document": document})).await;
            assert_eq!(s, StatusCode::CREATED, "{b}");
            b["id"].as_i64().expect("an id")
        }
    };
    let dongsha = save("东杀", presets["presets"][0]["document"].clone()).await;
    let ours = save("一警东杀", one_police(&api).await).await;
    let v4 = save("4.0", presets["presets"][4]["document"].clone()).await;
    // 4.0 without its elder: a judge's own setup of the role books, played by 4.0's engine.
    let mut no_elder = presets["presets"][4]["document"].clone();
    no_elder["deal"][1]["count"] = json!(0);
    no_elder["night"] = json!([
        "killer",
        "police",
        "undercover",
        "butterfly",
        "doctor",
        "secret_police"
    ]);
    let own_v4 = save("4.0 无森林老人", no_elder).await;

    let path = format!("/api/v1/setups/{ours}/balance?seats=9");
    let asks = (0..4).map(|_| api.get(&path, None));
    let answers = futures_util::future::join_all(asks).await;
    for (s, b) in &answers {
        assert_eq!(*s, StatusCode::OK, "{b}");
        assert_eq!(b, &answers[0].1, "one estimate for all who asked at once");
    }
    let b = &answers[0].1;
    assert_eq!(b["seats"], 9);
    assert!(b["games"].as_i64().is_some_and(|g| g >= 1000), "{b}");
    let mut total = 0.0;
    for side in ["good", "killers", "draw"] {
        let s = &b["sides"][side];
        let (rate, low, high) = (
            s["rate"].as_f64().expect("a rate"),
            s["low"].as_f64().expect("low"),
            s["high"].as_f64().expect("high"),
        );
        assert!(
            low <= rate && rate <= high && high - low < 0.1,
            "{side}: {s}"
        );
        total += rate;
    }
    assert!((total - 1.0).abs() < 1e-9, "{b}");
    let (_, theirs) = api
        .get(&format!("/api/v1/setups/{dongsha}/balance?seats=9"), None)
        .await;
    let killers = |b: &Value| b["sides"]["killers"]["rate"].as_f64().expect("a rate");
    assert!(
        killers(b) > killers(&theirs),
        "one police: {b}; 东杀: {theirs}"
    );
    // Kept: the store holds it, and asking again gives the same.
    {
        let mut c = app.state.pool.get().expect("a connection");
        let kept = maku::db::queries::setups::balance(&mut c, ours, 1, 9).expect("a query");
        assert!(kept.is_some(), "kept");
    }
    let (_, again) = api.get(&path, None).await;
    assert_eq!(&again, b);
    // The default seat count is the setup's fewest.
    let (s, b) = api
        .get(&format!("/api/v1/setups/{ours}/balance"), None)
        .await;
    assert_eq!((s, b["seats"].clone()), (StatusCode::OK, json!(8)), "{b}");
    let (s, b) = api.get(&format!("/api/v1/setups/{v4}/balance"), None).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["seats"], 16);
    assert!(b["sides"]["bad"]["rate"].is_f64(), "4.0's sides: {b}");
    let (s, b) = api
        .get(&format!("/api/v1/setups/{ours}/balance?seats=30"), None)
        .await;
    assert_eq!(
        (s, b["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("balance_seats")),
        "{b}"
    );
    let (s, _) = api
        .get(&format!("/api/v1/setups/{ours}/balance?version=2"), None)
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, b) = api
        .get(&format!("/api/v1/setups/{own_v4}/balance"), None)
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert!(b["sides"]["good"]["rate"].is_f64(), "R4-6's sides: {b}");
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "t", "setup": {"id": own_v4, "version": 1}}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "a game of it: {b}");
    let page = app.browser_in("en").get(&format!("/setups/{own_v4}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("The deal") && page.body.contains("Balance (bots"));
    assert!(!page.body.contains("Forest elder"), "no elder dealt");
    let page = app.browser_in("en").get(&format!("/setups/{ours}")).await;
    assert!(
        page.body
            .contains("No game made from this setup has finished yet."),
        "{}",
        page.body
    );
}

/// 东杀 as served at `seats` seats, with 2 killers and 1 police, civilians filling, under the
/// parity win rule.
async fn parity_table(api: &Api<'_>, seats: usize) -> Value {
    let (_, body) = api.get("/api/v1/setups/presets", None).await;
    let mut doc = body["presets"][0]["document"].clone();
    doc["seats"] = json!({"min": seats, "max": seats});
    doc["deal"][0]["count"] = json!(2);
    doc["deal"][1]["count"] = json!(1);
    doc["win"] = json!({"rule": "parity"});
    doc
}

/// The parity win rule over HTTP (docs/setups.md, "The parity win rule"): a 5-seat table of 2
/// killers, 1 police and 2 civilians saves (201) and reads back; `civilians_out` beside it and
/// a deal at parity from the start are refused at their fields. A game from it: the killers
/// kill a civilian on the first night, 2 against 2 (the officer and a civilian), and win at
/// that dawn — where CL-10 would go on, the officer and a civilian alive. Its page says the
/// rule in both languages.
async fn a_parity_setup_saves_and_its_game_ends_at_parity(app: TestApp) {
    use crate::classic_api::{Table, game, seats_of, step};
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let doc = parity_table(&api, 5).await;

    let mut column = doc.clone();
    column["win"]["civilians_out"] = json!("killers");
    let mut at_start = parity_table(&api, 4).await;
    at_start["deal"][1]["count"] = json!(0);
    at_start["day"]["last_words"] = json!("all");
    at_start["night"] = json!(["killer"]);
    at_start["teams"] = json!(["killers"]);
    for (bad, path) in [(column, "win.civilians_out"), (at_start, "win.rule")] {
        let (s, b) = save(&api, &admin, json!({"name": "不成", "document": bad})).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{b}");
        assert_eq!(b["error"], "invalid_setup", "{b}");
        let paths: Vec<&str> = b["fields"]
            .as_array()
            .map(|f| f.iter().filter_map(|p| p["path"].as_str()).collect())
            .unwrap_or_default();
        assert_eq!(paths, [path], "{b}");
    }

    let (s, b) = save(&api, &admin, json!({"name": "对等五人", "document": doc})).await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let setup = b["id"].as_i64().expect("an id");
    let (_, b) = api.get(&format!("/api/v1/setups/{setup}"), None).await;
    assert_eq!(b["document"]["win"], json!({"rule": "parity"}), "{b}");

    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "对等", "setup": {"id": setup, "version": 1}, "act_minutes": 60, "min_seats": 5, "max_seats": 5}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("a game");
    let seats = seats_of("p", 5);
    let mut tokens = std::collections::HashMap::new();
    for seat in seats.as_array().expect("seats") {
        let token = api.account(seat["real_id"].as_str().expect("a name")).await;
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/signup"), &token, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        tokens.insert(seat["game_id"].as_str().expect("an id").to_string(), token);
    }
    let mut deal = json!({"killers": ["g1", "g2"], "police": ["g3"]});
    deal["seats"] = seats.clone();
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/start"),
            &admin,
            json!({"setup": deal}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let table = Table {
        id,
        admin: admin.clone(),
        tokens,
    };
    let g = game(&api, id).await;
    for by in ["g1", "g2"] {
        let (s, b) = table
            .act(&api, by, json!({"type": "kill", "target": "g4"}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    let (s, b) = table.resolve(&api, step(&g)).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let g = game(&api, id).await;
    assert_eq!(
        g["winner"], "killers",
        "parity: 2 killers against the officer and a civilian: {g}"
    );
    assert_eq!(g["status"], "finished");

    let rules = format!("/setups/{setup}?version=1");
    let zh = app.browser().get(&rules).await;
    assert_eq!(zh.status, StatusCode::OK);
    assert!(
        zh.body
            .contains("在场的杀手一方人数不少于在场的警察和平民：杀手胜。"),
        "{}",
        zh.body
    );
    let en = app.browser_in("en").get(&rules).await;
    assert!(
        en.body
            .contains("alive as many as the police and civilians alive, or more: the killers win."),
        "{}",
        en.body
    );
}

/// CL-7's PK rounds over HTTP (docs/setups.md, `day.pk_rounds`): no preset's document says
/// any (CL-7's two); 东杀 with one police and one PK round saves (201) and reads back with
/// `pk_rounds: 1`; 3 is refused at `day.pk_rounds`; its rules page says the one PK round and
/// the last tie in both languages.
async fn a_setup_with_one_pk_round_saves_and_its_page_says_so(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let (_, body) = api.get("/api/v1/setups/presets", None).await;
    for p in body["presets"].as_array().expect("a list").iter().take(6) {
        assert!(p["document"]["day"].get("pk_rounds").is_none(), "{p}");
    }
    let mut doc = one_police(&api).await;
    doc["day"]["pk_rounds"] = json!(3);
    let (s, b) = save(&api, &admin, json!({"name": "三轮", "document": doc})).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{b}");
    assert_eq!(b["fields"][0]["path"], "day.pk_rounds", "{b}");
    doc["day"]["pk_rounds"] = json!(1);
    let (s, b) = save(&api, &admin, json!({"name": "一轮 PK", "document": doc})).await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let setup = b["id"].as_i64().expect("an id");
    let (_, b) = api.get(&format!("/api/v1/setups/{setup}"), None).await;
    assert_eq!(b["document"]["day"]["pk_rounds"], 1, "{b}");

    let rules = format!("/setups/{setup}?version=1");
    let zh = app.browser().get(&rules).await;
    assert_eq!(zh.status, StatusCode::OK);
    for line in [
        "一轮 PK：平票者发言，全体在他们之中重新投票；这次重投再平票即是最后一次平票。",
        "最后一次平票无人出局。",
    ] {
        assert!(zh.body.contains(line), "{line}: {}", zh.body);
    }
    let en = app.browser_in("en").get(&rules).await;
    for line in [
        "One PK round: the tied seats speak and everyone votes again among them; a tie in that revote is the last tie.",
        "The last tie puts nobody out.",
    ] {
        assert!(en.body.contains(line), "{line}: {}", en.body);
    }
}
