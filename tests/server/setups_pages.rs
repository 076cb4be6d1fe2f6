//! The composer as a judge uses it (issue 40 item 2): start from 东杀, add a doctor, see the
//! problem beside its field, check, save, revise, fork, and open a game from a version; every
//! form post/redirect/get, the fields kept, nothing saved by a refusal or a check.

use crate::helpers::*;
use reqwest::StatusCode;
use serde_json::Value;

crate::on_both_backends!(
    a_judge_composes_a_setup_with_a_doctor_and_opens_a_game_from_it,
    only_judges_compose_and_only_the_author_revises,
);

const BY_SEATS: &str = "8-10: 2, 11-14: 3, 15-16: 4";

/// The composer's fields for 东杀 with a doctor on line 2, called at `doctor_night`.
fn dongsha_with_doctor<'a>(
    csrf: &'a str,
    name: &'a str,
    doctor_night: &'a str,
    action: &'a str,
) -> Vec<(&'a str, &'a str)> {
    vec![
        ("csrf", csrf),
        ("name", name),
        ("based_on", ""),
        ("book", "classic"),
        ("seats_min", "8"),
        ("seats_max", "16"),
        ("role_0", "killer"),
        ("count_0", BY_SEATS),
        ("night_0", "1"),
        ("role_1", "police"),
        ("count_1", BY_SEATS),
        ("night_1", "2"),
        ("role_2", "doctor"),
        ("count_2", "1"),
        ("night_2", doctor_night),
        ("role_3", ""),
        ("count_3", ""),
        ("night_3", ""),
        ("fill", "civilian"),
        ("fill_night", ""),
        ("win_rule", "sides"),
        ("civilians_out", "killers"),
        ("speeches", "ordered"),
        ("third_tie", "peaceful"),
        ("last_words", "police"),
        ("explode", "on"),
        ("surrender", "on"),
        ("team_killers", "on"),
        ("team_police", "on"),
        ("action", action),
    ]
}

async fn saved_setups(app: &TestApp) -> Vec<Value> {
    let (s, body) = Api::new(app).get("/api/v1/setups", None).await;
    assert_eq!(s, StatusCode::OK, "{body}");
    body["setups"].as_array().cloned().unwrap_or_default()
}

async fn a_judge_composes_a_setup_with_a_doctor_and_opens_a_game_from_it(app: TestApp) {
    let judge = app.admin().await;
    let page = judge.get("/setups/new?from=dongsha").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(
        page.body.contains(&format!(r#"value="{BY_SEATS}""#)),
        "东杀's counts by seat count fill the form: {}",
        page.body
    );
    assert!(
        page.body
            .contains(r#"<option value="parity">人数对等：杀手一方人数追平好人即胜</option>"#),
        "the win rule's select offers parity: {}",
        page.body
    );
    // CL-7's PK rounds: a select beside the last tie, 东杀's two chosen.
    assert!(
        page.body
            .contains(r#"<select id="f-pk_rounds" name="pk_rounds">"#)
            && page.body.contains(
                r#"<option value="2" selected>两轮（平票者发言，然后其余人发言）</option>"#
            )
            && page.body.contains(r#"<option value="0">没有</option>"#),
        "the PK rounds' select: {}",
        page.body
    );
    let csrf = page.csrf();

    // A doctor the night does not call (R4-3: it acts at night): refused beside its place in
    // the night; the fields come back as typed; nothing is saved.
    let page = judge
        .post(
            "/setups/new",
            &dongsha_with_doctor(&csrf, "医生东杀", "", "save"),
        )
        .await;
    page.assert_back_at("/setups/new");
    assert!(
        page.body
            .contains(r#"id="f-night_2" name="night_2" value="" inputmode="numeric" size="3" aria-invalid="true" aria-describedby="p-night_2""#),
        "the doctor's night field is marked: {}",
        page.body
    );
    assert!(
        page.body.contains(
            r#"<small class="field-error" id="p-night_2">医生 夜里行动，但夜晚没有叫到它。</small>"#
        ),
        "its problem is beside it: {}",
        page.body
    );
    assert!(
        page.body.contains(r#"value="医生东杀""#),
        "the name is kept"
    );
    assert!(
        page.body.contains(r#"<option value="doctor" selected>"#),
        "the doctor is kept"
    );
    assert!(
        saved_setups(&app).await.is_empty(),
        "a refusal saves nothing"
    );

    // Checked, not saved.
    let page = judge
        .post(
            "/setups/new",
            &dongsha_with_doctor(&csrf, "医生东杀", "3", "check"),
        )
        .await;
    page.assert_back_at("/setups/new");
    assert!(
        page.body.contains("版本没有问题。尚未保存。"),
        "{}",
        page.body
    );
    assert!(!page.body.contains("aria-invalid"), "no problem is left");
    assert!(saved_setups(&app).await.is_empty(), "a check saves nothing");

    // The parity win rule holds through the form: the civilians-out select still posts a
    // value, which only `sides` reads.
    let parity: Vec<(&str, &str)> = dongsha_with_doctor(&csrf, "对等医生东杀", "3", "check")
        .into_iter()
        .map(|(k, v)| {
            if k == "win_rule" {
                (k, "parity")
            } else {
                (k, v)
            }
        })
        .collect();
    let page = judge.post("/setups/new", &parity).await;
    page.assert_back_at("/setups/new");
    assert!(
        page.body.contains("版本没有问题。尚未保存。"),
        "{}",
        page.body
    );
    assert!(
        page.body.contains(r#"<option value="parity" selected>"#),
        "parity is kept: {}",
        page.body
    );
    assert!(saved_setups(&app).await.is_empty(), "a check saves nothing");

    // Saved: version 1, its page says the doctor's night and the bots' balance.
    let answer = judge
        .post_answer(
            "/setups/new",
            &dongsha_with_doctor(&csrf, "医生东杀", "3", "save"),
        )
        .await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    let saved = saved_setups(&app).await;
    assert_eq!(saved.len(), 1);
    let id = saved[0]["id"].as_i64().expect("an id");
    assert_eq!(answer.location, format!("/setups/{id}?version=1"));
    assert_eq!(
        saved[0]["document"]["night"],
        serde_json::json!(["killer", "police", "doctor"])
    );
    let page = judge.get(&answer.location).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("已保存为第 1 版。"), "{}", page.body);
    assert!(
        page.body.contains("救一人免于杀手的刀"),
        "the doctor's line"
    );
    assert!(page.body.contains("平衡（机器人对局）"), "the balance");
    let open = format!("/games/new?setup={id}.1");
    assert!(page.body.contains(&open), "the link to open a game");

    // The create form of the version: its balance, its rules link; a game from it.
    let form = judge.get(&open).await;
    assert_eq!(form.status, StatusCode::OK, "{}", form.body);
    assert!(
        form.body
            .contains(&format!(r#"name="setup" value="{id}.1""#))
    );
    assert!(form.body.contains(&format!("/setups/{id}?version=1")));
    assert!(form.body.contains("平衡（机器人对局）"), "{}", form.body);
    let mut fields: Vec<(&str, String)> = vec![
        ("csrf", form.csrf()),
        ("setup", format!("{id}.1")),
        ("title", "医生局".into()),
        ("act_minutes", "1440".into()),
        ("deadline_time", String::new()),
        ("timezone", "Asia/Shanghai".into()),
        ("min_seats", "9".into()),
        ("max_seats", "9".into()),
        ("remind_hours", "6".into()),
        ("characters", form_textarea(&form.body, "characters")),
        ("series_after", String::new()),
    ];
    if form.body.contains(r#"name="speeches""#) {
        fields.push(("speeches", "ordered".into()));
    }
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let answer = judge.post_answer("/games", &fields).await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.location);
    let first_location = answer.location.clone();
    assert!(
        answer.location.starts_with("/games/"),
        "{}",
        answer.location
    );
    let game = judge.get(&answer.location).await;
    assert!(
        game.body.contains(&format!(
            r#"href="/setups/{id}?version=1" class="rules-link""#
        )),
        "the game's rules are its setup version's: {}",
        game.body
    );
    assert!(
        game.body.contains(&format!(
            r#"<a href="/setups/{id}?version=1" class="variant-link">医生东杀 v1</a>"#
        )),
        "the game names its setup and version: {}",
        game.body
    );
    let list = judge.get("/games").await;
    assert!(
        list.body.contains("医生东杀 v1"),
        "the list names the setup: {}",
        list.body
    );

    // A refused create form returns to the setup's form, kept.
    let mut bad = fields.clone();
    bad.retain(|(k, _)| *k != "min_seats");
    bad.push(("min_seats", "99"));
    let page = judge.post("/games", &bad).await;
    page.assert_back_at("/games/new");
    assert!(page.url.contains(&format!("setup={id}.1")), "{}", page.url);
    assert!(page.body.contains(r#"value="医生局""#), "the title is kept");

    // The setup's form offers its own leaderboard; ticked, the game counts on it (its board is
    // its variant's), unticked on 东杀's (the family's).
    assert!(
        form.body.contains(r#"name="own_board""#),
        "the own-board box"
    );
    let mut own = fields.clone();
    own.push(("own_board", "on"));
    let answer = judge.post_answer("/games", &own).await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.location);
    let own_game = game_id_of(&answer.location);
    let first_game = game_id_of(&first_location);
    let boards = {
        use diesel::prelude::*;
        use maku::db::schema::games;
        let mut c = app.state.pool.get().expect("a connection");
        games::table
            .filter(games::id.eq_any([first_game, own_game]))
            .order(games::id.asc())
            .select((games::variant, games::board))
            .load::<(String, String)>(&mut c)
            .expect("the games")
    };
    assert_eq!(boards[0].1, "dongsha", "{boards:?}");
    assert_eq!(boards[1].1, boards[1].0, "its own board: {boards:?}");
    // A preset's form has no such box; one sent anyway is refused, the form kept.
    let preset_form = judge.get("/games/new?variant=dongsha").await;
    assert!(!preset_form.body.contains(r#"name="own_board""#));
    let page = judge
        .post(
            "/games",
            &[
                ("csrf", &preset_form.csrf()),
                ("variant", "dongsha"),
                ("title", "预设局"),
                ("act_minutes", "1440"),
                ("timezone", "Asia/Shanghai"),
                ("min_seats", "9"),
                ("max_seats", "9"),
                ("remind_hours", "6"),
                ("own_board", "on"),
            ],
        )
        .await;
    page.assert_back_at("/games/new");
    assert!(
        page.body.contains("只有用法官自己的版本开的局才能单独设榜"),
        "{}",
        page.body
    );
    assert!(page.body.contains(r#"value="预设局""#), "the title is kept");

    // Anyone reads the version's rules, in either language.
    for (lang, doctor) in [("zh-CN", "救一人免于杀手的刀"), ("en", "saves one seat")] {
        let reader = app.browser_in(lang);
        let page = reader.get(&format!("/setups/{id}?version=1")).await;
        assert_eq!(page.status, StatusCode::OK);
        assert!(page.body.contains(doctor), "{lang}: {}", page.body);
        assert!(
            !page.body.contains("/edit"),
            "{lang}: no edit link for a reader"
        );
    }
}

/// The first textarea `name`'s text, as a browser would send it back.
fn form_textarea(body: &str, name: &str) -> String {
    let marker = format!(r#"name="{name}""#);
    let at = body.find(&marker).expect("the textarea");
    let start = body[at..].find('>').expect("its tag") + at + 1;
    let end = body[start..].find("</textarea>").expect("its end") + start;
    body[start..end].to_string()
}

async fn only_judges_compose_and_only_the_author_revises(app: TestApp) {
    let player = app.player("composer-p").await;
    assert_eq!(
        player.get("/setups/new").await.status,
        StatusCode::FORBIDDEN
    );
    let csrf = player.get("/").await.csrf();
    let page = player
        .post(
            "/setups/new",
            &dongsha_with_doctor(&csrf, "不行", "3", "save"),
        )
        .await;
    assert_eq!(page.answer, StatusCode::FORBIDDEN);
    assert!(saved_setups(&app).await.is_empty());

    let judge = app.admin().await;
    let csrf = judge.get("/setups/new").await.csrf();
    // A field the form does not have is refused, nothing saved.
    let mut crafted = dongsha_with_doctor(&csrf, "多字段", "3", "save");
    crafted.push(("colour", "red"));
    let page = judge.post("/setups/new", &crafted).await;
    assert_eq!(page.answer, StatusCode::BAD_REQUEST, "{}", page.body);
    assert!(saved_setups(&app).await.is_empty());

    // Not the document the composing test saves as its setup 1 (with its third tie): a setup's
    // handle is made once per process by id, version and document, its label the first
    // maker's name, and the tests' databases share one process.
    let mut first = dongsha_with_doctor(&csrf, "一版", "3", "save");
    for field in first.iter_mut().filter(|(k, _)| *k == "third_tie") {
        field.1 = "draw";
    }
    let answer = judge.post_answer("/setups/new", &first).await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    let id = saved_setups(&app).await[0]["id"].as_i64().expect("an id");

    // The author revises: version 2 (its page says so); the edit page shows version 1's
    // balance as its start.
    let edit = judge.get(&format!("/setups/{id}/edit")).await;
    assert_eq!(edit.status, StatusCode::OK, "{}", edit.body);
    assert!(edit.body.contains("平衡"), "{}", edit.body);
    let answer = judge
        .post_answer(
            &format!("/setups/{id}/edit"),
            &dongsha_with_doctor(&edit.csrf(), "", "1", "save"),
        )
        .await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    assert_eq!(answer.location, format!("/setups/{id}?version=2"));

    // Another judge forks it, but may not revise it.
    let other = app.player("composer-j").await;
    let admin_page = judge.get("/admin").await;
    let promoted = judge
        .post(
            "/admin/roles",
            &[
                ("csrf", &admin_page.csrf()),
                ("username", "composer-j"),
                ("role", "judge"),
            ],
        )
        .await;
    assert_eq!(promoted.status, StatusCode::OK, "{}", promoted.body);
    assert_eq!(
        other.get(&format!("/setups/{id}/edit")).await.status,
        StatusCode::FORBIDDEN
    );
    let csrf = other.get("/").await.csrf();
    let page = other
        .post(
            &format!("/setups/{id}/edit"),
            &dongsha_with_doctor(&csrf, "", "3", "save"),
        )
        .await;
    assert_eq!(page.answer, StatusCode::FORBIDDEN);
    let fork = other.get(&format!("/setups/new?from={id}.2")).await;
    assert_eq!(fork.status, StatusCode::OK);
    assert_eq!(fork.hidden("based_on"), format!("{id}.2"));
    let (_, body) = Api::new(&app)
        .get(&format!("/api/v1/setups/{id}"), None)
        .await;
    assert_eq!(body["versions"], 2, "{body}");
    // A start that does not exist is not found.
    assert_eq!(
        other.get("/setups/new?from=99.1").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        other.get("/games/new?setup=99.1").await.status,
        StatusCode::NOT_FOUND
    );
}
