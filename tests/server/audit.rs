//! `maku audit verify` catches an edited, a deleted and a swapped event, in a game's log and in
//! an account's history, on both backends.

use crate::helpers::Api;
use crate::helpers::TestApp;
use crate::on_both_backends;
use diesel::RunQueryDsl;
use serde_json::json;
use std::process::Command;

on_both_backends!(
    verify_catches_edited_deleted_and_swapped_game_events,
    verify_catches_a_rewritten_account_history,
    admin_audit_page_filters_checks_and_exports,
);

fn verify(app: &TestApp, game: Option<i64>) -> (bool, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_maku"));
    cmd.args(["audit", "verify", "--database-url", &app.database_url]);
    if let Some(g) = game {
        cmd.args(["--game", &g.to_string()]);
    }
    let out = cmd.output().expect("run maku audit verify");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

fn sql(app: &TestApp, statement: &str) {
    let pool = maku::db::connect(&app.database_url, 1).expect("connect");
    let mut c = pool.get().expect("connection");
    diesel::sql_query(statement)
        .execute(&mut c)
        .expect("tamper");
}

/// A game with a few events: created, sign-ups, started.
async fn game_with_events(app: &TestApp) -> i64 {
    let api = Api::new(app);
    let admin = api.token("admin", &app.admin_password).await;
    let (_, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "审计", "variant": "deathnote"}),
        )
        .await;
    let id = b["id"].as_i64().expect("id");
    for i in 0..6 {
        let t = api.account(&format!("a{i}")).await;
        api.post(&format!("/api/v1/games/{id}/signup"), &t, json!({}))
            .await;
    }
    api.post(&format!("/api/v1/games/{id}/start"), &admin, json!({}))
        .await;
    id
}

async fn verify_catches_edited_deleted_and_swapped_game_events(app: TestApp) {
    let id = game_with_events(&app).await;
    let (ok, text) = verify(&app, Some(id));
    assert!(ok, "{text}");
    assert!(text.contains("ok: 8 events verified"), "{text}");
    let (ok, text) = verify(&app, Some(9999));
    assert!(!ok && text.contains("no such game"), "{text}");

    // Edited: a sign-up's payload names someone else.
    sql(
        &app,
        &format!(
            "UPDATE game_events SET payload = replace(payload, 'a3', 'zz') WHERE game_id = {id} AND seq = 5"
        ),
    );
    let (ok, text) = verify(&app, Some(id));
    assert!(!ok, "{text}");
    assert!(
        text.contains(&format!("game {id}: event 5 does not match its hash")),
        "{text}"
    );
    let (ok, text) = verify(&app, None);
    assert!(
        !ok && text.contains("event 5"),
        "the whole-database check finds it too: {text}"
    );
    sql(
        &app,
        &format!(
            "UPDATE game_events SET payload = replace(payload, 'zz', 'a3') WHERE game_id = {id} AND seq = 5"
        ),
    );
    assert!(verify(&app, Some(id)).0, "restored");

    // Swapped: two events trade places (their sequence numbers).
    sql(
        &app,
        &format!("UPDATE game_events SET seq = -3 WHERE game_id = {id} AND seq = 3"),
    );
    sql(
        &app,
        &format!("UPDATE game_events SET seq = 3 WHERE game_id = {id} AND seq = 4"),
    );
    sql(
        &app,
        &format!("UPDATE game_events SET seq = 4 WHERE game_id = {id} AND seq = -3"),
    );
    let (ok, text) = verify(&app, Some(id));
    assert!(!ok, "{text}");
    assert!(text.contains(&format!("game {id}: event 3")), "{text}");
    sql(
        &app,
        &format!("UPDATE game_events SET seq = -3 WHERE game_id = {id} AND seq = 3"),
    );
    sql(
        &app,
        &format!("UPDATE game_events SET seq = 3 WHERE game_id = {id} AND seq = 4"),
    );
    sql(
        &app,
        &format!("UPDATE game_events SET seq = 4 WHERE game_id = {id} AND seq = -3"),
    );
    assert!(verify(&app, Some(id)).0, "restored");

    // Deleted: a middle event disappears.
    sql(
        &app,
        &format!("DELETE FROM game_events WHERE game_id = {id} AND seq = 6"),
    );
    let (ok, text) = verify(&app, Some(id));
    assert!(!ok, "{text}");
    assert!(
        text.contains(&format!("game {id}: event 6 is missing")),
        "{text}"
    );
}

async fn verify_catches_a_rewritten_account_history(app: TestApp) {
    let admin = app.admin().await;
    app.player("victim").await;
    let page = admin.get("/admin").await;
    admin
        .post(
            "/admin/roles",
            &[
                ("csrf", &page.csrf()),
                ("username", "victim"),
                ("role", "judge"),
            ],
        )
        .await;
    let (ok, text) = verify(&app, None);
    assert!(ok, "{text}");
    // Someone rewrites history: the promotion never happened.
    sql(
        &app,
        "UPDATE account_events SET detail = 'player -> player' WHERE kind = 'role_changed'",
    );
    let (ok, text) = verify(&app, None);
    assert!(!ok, "{text}");
    assert!(
        text.contains("account ") && text.contains("does not match its hash"),
        "{text}"
    );
}

async fn admin_audit_page_filters_checks_and_exports(app: TestApp) {
    let id = game_with_events(&app).await;
    let player = app.player("nosy").await;
    assert_eq!(
        player.get("/admin/audit").await.status,
        reqwest::StatusCode::FORBIDDEN
    );
    assert_eq!(
        player
            .get(&format!("/admin/games/{id}/export.jsonl"))
            .await
            .status,
        reqwest::StatusCode::FORBIDDEN
    );
    let admin = app.admin().await;
    let page = admin.get("/admin/audit").await;
    assert!(page.body.contains("记录链完整"), "{}", page.body);
    let filtered = admin
        .get(&format!("/admin/audit?game={id}&kind=signed_up"))
        .await;
    // Kinds read in words; the stored kind is the cell's tooltip.
    assert_eq!(
        filtered
            .body
            .matches(r#"<td title="signed_up">报名</td>"#)
            .count(),
        6
    );
    assert!(!filtered.body.contains(r#"title="started""#));
    let by_account = admin.get("/admin/audit?account=nosy").await;
    assert!(
        by_account
            .body
            .contains(r#"<td title="registered">注册</td>"#)
    );
    assert_eq!(
        admin.get("/admin/audit?game=99999").await.status,
        reqwest::StatusCode::NOT_FOUND
    );
    assert_eq!(
        admin.get("/admin/audit?from=yesterday").await.status,
        reqwest::StatusCode::BAD_REQUEST
    );
    assert_eq!(
        admin.get("/admin/games/99999/export.jsonl").await.status,
        reqwest::StatusCode::NOT_FOUND
    );
    let export = admin.get(&format!("/admin/games/{id}/export.jsonl")).await;
    let lines: Vec<serde_json::Value> = export
        .body
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(
        lines.first().map(|l| l["event"].clone()),
        Some(json!("created"))
    );
    assert!(
        lines
            .iter()
            .all(|l| l["kind"] == "outcome" || l["time"].is_string())
    );
    assert_eq!(
        lines.last().map(|l| l["kind"].clone()),
        Some(json!("outcome"))
    );
    sql(
        &app,
        &format!(
            "UPDATE game_events SET payload = replace(payload, 'a1', 'zz') WHERE game_id = {id}"
        ),
    );
    let page = admin.get(&format!("/admin/audit?game={id}")).await;
    assert!(page.body.contains("记录链被破坏"), "{}", page.body);
    assert!(page.body.contains(&format!("game {id}: event")));
}
