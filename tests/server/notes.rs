//! A seat's private notes (issue 41, part 4): `POST /api/v1/games/{id}/notes` and the seat
//! page's box. The seat writes and reads its notes back (in `/me` and on its page); nobody
//! else reads them while the game runs — not anonymous readers, an outsider, another seat, a
//! dead seat, the judge or an admin, on no page, answer, export or search; a substitute who
//! takes the seat over reads them. After the end they are the seat's replay of the act they
//! were written in, and writing one is `409 game_over`. Bad input is a clear `400` and the form
//! keeps the text.

use crate::helpers::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

crate::on_both_backends!(
    a_seats_notes_are_its_own_until_the_end_then_its_replay,
    bad_notes_are_refused_and_the_form_keeps_the_text,
);

/// The note a test writes, unique enough to be looked for anywhere.
const SECRET: &str = "NOTE-SECRET-甲乙丙: g3 looks like Kira";
const LATER: &str = "NOTE-LATER-丁: act two thoughts";
const FORM_NOTE: &str = "NOTE-FORM-戊\nline two";

async fn note(api: &Api<'_>, id: i64, token: &str, body: &str) -> (StatusCode, Value) {
    api.post(
        &format!("/api/v1/games/{id}/notes"),
        token,
        json!({"body": body}),
    )
    .await
}

/// Whether an answer or page holds any note's text.
fn leaks(text: &str) -> bool {
    text.contains("NOTE-")
}

async fn a_seats_notes_are_its_own_until_the_end_then_its_replay(app: TestApp) {
    let g = started_game(&app, "nt", json!({})).await;
    let api = Api::new(&app);
    let id = g.id;
    let base = format!("/api/v1/games/{id}");

    // Before any note, the seat page says they are private and then the seat's replay.
    let seat0 = app.browser_in("en");
    seat0.login("nt0", "password-123").await;
    let page = seat0.get(&format!("/games/{id}/seat")).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(
        page.body.contains("Your notes are private") && page.body.contains("replay"),
        "the box says who reads notes: {}",
        page.body
    );
    assert!(page.body.contains("No notes yet."));
    assert!(page.body.contains(r#"action="/games/"#) && page.body.contains(r#"id="note-body""#));

    // The seat writes one by the API: 201 with the note.
    let (s, b) = note(&api, id, &g.players[0], SECRET).await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    assert_eq!((&b["act"], &b["body"]), (&json!(1), &json!(SECRET)));
    assert!(b["at"].as_str().is_some_and(|t| t.ends_with('Z')), "{b}");
    // And one by the page's form: post/redirect/get back to the seat page, which lists both.
    let page = seat0
        .post(
            &format!("/games/{id}/notes"),
            &[("csrf", &page.csrf()), ("body", FORM_NOTE)],
        )
        .await;
    page.assert_back_at(&format!("/games/{id}/seat"));
    assert!(page.body.contains("Note kept."), "{}", page.body);
    assert!(page.body.contains("NOTE-SECRET-甲乙丙"), "{}", page.body);
    assert!(
        page.body.contains("NOTE-FORM-戊\nline two"),
        "{}",
        page.body
    );
    let (s, me) = api.get(&format!("{base}/me"), Some(&g.players[0])).await;
    assert_eq!(s, StatusCode::OK);
    let notes = me["notes"].as_array().expect("notes in /me");
    assert_eq!(notes.len(), 2, "{me}");
    assert_eq!(notes[0]["body"], SECRET);
    assert_eq!(notes[1]["body"], FORM_NOTE);
    assert_eq!(notes[1]["act"], 1);

    // The seat's game-ID login writes for the seat too.
    let (s, _) = api
        .post(
            &format!("{base}/alias"),
            &g.players[0],
            json!({"password": "alias-password-1"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let (_, b) = api
        .call(
            reqwest::Method::POST,
            &format!("{base}/tokens"),
            None,
            Some(json!({"game_id": g.names[0], "password": "alias-password-1"})),
        )
        .await;
    let alias = b["token"].as_str().expect("alias token").to_string();
    let (_, me) = api.get(&format!("{base}/me"), Some(&alias)).await;
    assert_eq!(me["notes"].as_array().map(Vec::len), Some(2), "{me}");

    // Act 1 ends with the last seat voted out (every ballot names it; Death Note): a dead seat.
    let dead = g.names[5].clone();
    for t in &g.players {
        // The notebook on turn passes (DN-6; refused to every other seat, which is no matter).
        api.post(&format!("{base}/actions"), t, json!({"type": "pass"}))
            .await;
        let (s, b) = api
            .post(
                &format!("{base}/actions"),
                t,
                json!({"type": "vote", "targets": [dead]}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    let (s, b) = api
        .post(&format!("{base}/resolve"), &g.admin, json!({"act": 1}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (_, pg) = api.get(&base, None).await;
    assert_eq!(pg["act"], 2, "{pg}");
    assert!(
        pg["seats"]
            .as_array()
            .expect("seats")
            .iter()
            .any(|s| s["game_id"] == dead.as_str() && s["alive"] == false),
        "{pg}"
    );
    let (s, b) = note(&api, id, &g.players[0], LATER).await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    assert_eq!(b["act"], 2);
    // A dead seat keeps its own notes too.
    let (s, b) = note(&api, id, &g.players[5], "NOTE-DEAD-seat-own").await;
    assert_eq!(s, StatusCode::CREATED, "{b}");

    // Every other reader, everywhere, before the end.
    let outsider = api.account("nt-outsider").await;
    // Another seat (living) and the dead seat: their own /me carries only their own notes.
    for (t, own) in [(&g.players[1], 0), (&g.players[5], 1)] {
        let (s, me) = api.get(&format!("{base}/me"), Some(t)).await;
        assert_eq!(s, StatusCode::OK);
        assert_eq!(me["notes"].as_array().map(Vec::len), Some(own), "{me}");
        assert!(!me.to_string().contains("NOTE-SECRET"), "{me}");
    }
    // An outsider and the judge have no /me; anonymous is not signed in.
    let (s, b) = api.get(&format!("{base}/me"), Some(&outsider)).await;
    assert_eq!(
        (s, &b["error"]),
        (StatusCode::CONFLICT, &json!("not_seated"))
    );
    let (s, b) = api.get(&format!("{base}/me"), Some(&g.admin)).await;
    assert_eq!(s, StatusCode::CONFLICT, "{b}");
    assert!(!leaks(&b.to_string()));
    let (s, _) = api.get(&format!("{base}/me"), None).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    // The judge (an admin): the console, the audit and the export hold no note.
    for path in [
        format!("{base}/console"),
        format!("{base}/audit"),
        format!("{base}/export"),
    ] {
        let (s, b) = api.get(&path, Some(&g.admin)).await;
        assert_eq!(s, StatusCode::OK, "{path}: {b}");
        assert!(!leaks(&b.to_string()), "{path}: {b}");
    }
    // The public answers and search, for everyone.
    for token in [None, Some(outsider.as_str()), Some(g.players[1].as_str())] {
        for path in [
            base.clone(),
            format!("{base}/votes"),
            format!("{base}/threads/game"),
            "/api/v1/search?q=NOTE".to_string(),
        ] {
            let (_, b) = api.get(&path, token).await;
            assert!(!leaks(&b.to_string()), "{path}: {b}");
        }
        let (s, _) = api
            .get(&format!("{base}/replay?seat={}&act=1", g.names[0]), token)
            .await;
        assert_eq!(s, StatusCode::NOT_FOUND, "no replay before the end");
    }
    // Pages: anonymous, an outsider, another seat, the dead seat, the judge.
    let anonymous = app.browser();
    let other = app.browser();
    other.login("nt1", "password-123").await;
    let dead_seat = app.browser();
    dead_seat.login("nt5", "password-123").await;
    let outsider_b = app.browser();
    outsider_b.login("nt-outsider", "password-123").await;
    let judge = app.admin().await;
    for b in [&anonymous, &other, &dead_seat, &outsider_b, &judge] {
        for path in [
            format!("/games/{id}"),
            format!("/games/{id}/seat"),
            format!("/games/{id}/threads/game"),
            format!("/games/{id}/threads/graveyard"),
            format!("/games/{id}/console"),
            format!("/games/{id}/votes"),
            format!("/admin/games/{id}/export.jsonl"),
            "/search?q=%E7%94%B2%E4%B9%99%E4%B8%99".to_string(),
        ] {
            let p = b.get(&path).await;
            assert!(
                !p.body.contains("NOTE-SECRET") && !p.body.contains("NOTE-FORM"),
                "{path}: {}",
                p.body
            );
        }
    }
    // The dead seat's page shows its own note and nobody else's.
    let p = dead_seat.get(&format!("/games/{id}/seat")).await;
    assert!(p.body.contains("NOTE-DEAD-seat-own"), "{}", p.body);

    // A substitute who takes the seat over reads the seat's notes; the old account no longer.
    let sub = api.account("nt-sub").await;
    let (s, b) = api
        .post(&format!("{base}/substitutes"), &sub, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (s, b) = api
        .post(
            &format!("{base}/substitute"),
            &g.admin,
            json!({"game_id": g.names[0], "account": "nt-sub"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (_, me) = api.get(&format!("{base}/me"), Some(&sub)).await;
    assert_eq!(me["notes"].as_array().map(Vec::len), Some(3), "{me}");
    let (s, b) = api.get(&format!("{base}/me"), Some(&g.players[0])).await;
    assert_eq!(s, StatusCode::CONFLICT, "{b}");
    let (s, b) = note(&api, id, &g.players[0], "NOTE-OLD-account").await;
    assert_eq!(
        (s, &b["error"]),
        (StatusCode::CONFLICT, &json!("not_seated"))
    );

    // The end: the judge ends the game. No more notes; the replay shows the seat's notes by act.
    let (s, b) = api
        .post(
            &format!("{base}/end"),
            &g.admin,
            json!({"act": api.act(id).await, "reason": "到此为止"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (s, b) = note(&api, id, &sub, "NOTE-AFTER").await;
    assert_eq!(
        (s, &b["error"]),
        (StatusCode::CONFLICT, &json!("game_over"))
    );
    let replay = |seat: &str, act: u32| format!("{base}/replay?seat={seat}&act={act}");
    let (s, r) = api.get(&replay(&g.names[0], 1), None).await;
    assert_eq!(s, StatusCode::OK, "{r}");
    let bodies = |r: &Value| -> Vec<String> {
        r["notes"]
            .as_array()
            .expect("notes in the replay")
            .iter()
            .map(|n| n["body"].as_str().expect("a body").to_string())
            .collect()
    };
    assert_eq!(bodies(&r), [SECRET, FORM_NOTE]);
    let (_, r) = api.get(&replay(&g.names[0], 2), None).await;
    assert_eq!(bodies(&r), [LATER]);
    let (_, r) = api.get(&replay(&g.names[1], 1), None).await;
    assert!(
        bodies(&r).is_empty(),
        "another seat's replay has its own notes only"
    );
    let p = anonymous
        .get(&format!("/games/{id}/replay?seat={}&act=1", g.names[0]))
        .await;
    assert_eq!(p.status, StatusCode::OK);
    assert!(p.body.contains("NOTE-SECRET-甲乙丙"), "{}", p.body);
    assert!(!p.body.contains("NOTE-LATER"), "act 2's note is act 2's");
    let p = anonymous
        .get(&format!("/games/{id}/replay?seat={}&act=1", g.names[1]))
        .await;
    assert!(!leaks(&p.body), "{}", p.body);
    // The seat page after the end: no box, its notes still listed.
    let sub_b = app.browser_in("en");
    sub_b.login("nt-sub", "password-123").await;
    let p = sub_b.get(&format!("/games/{id}/seat")).await;
    assert!(
        p.body.contains("The game is over: no more notes."),
        "{}",
        p.body
    );
    assert!(!p.body.contains(r#"id="note-body""#));
}

async fn bad_notes_are_refused_and_the_form_keeps_the_text(app: TestApp) {
    let g = started_game(&app, "nb", json!({})).await;
    let api = Api::new(&app);
    let id = g.id;
    let (s, b) = note(&api, id, &g.players[0], "  \n ").await;
    assert_eq!(
        (s, &b["error"]),
        (StatusCode::BAD_REQUEST, &json!("note_length"))
    );
    assert!(
        b["message"].as_str().is_some_and(|m| m.contains("4000")),
        "{b}"
    );
    let long = "长".repeat(4001);
    let (s, b) = note(&api, id, &g.players[0], &long).await;
    assert_eq!(
        (s, &b["error"]),
        (StatusCode::BAD_REQUEST, &json!("note_length"))
    );
    let (s, b) = note(&api, id, &g.players[0], &"长".repeat(4000)).await;
    assert_eq!(s, StatusCode::CREATED, "4000 characters are a note: {b}");
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/notes"),
            &g.players[0],
            json!({"body": "x", "act": 3}),
        )
        .await;
    assert_eq!(
        (s, &b["error"]),
        (StatusCode::BAD_REQUEST, &json!("unknown_field"))
    );
    // No seat: the answers the actions give. Unknown game 404, an outsider 409 not_seated.
    let outsider = api.account("nb-outsider").await;
    let (s, b) = note(&api, id, &outsider, "x").await;
    assert_eq!(
        (s, &b["error"]),
        (StatusCode::CONFLICT, &json!("not_seated"))
    );
    let (s, _) = note(&api, 999_999, &outsider, "x").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _) = api
        .call(
            reqwest::Method::POST,
            &format!("/api/v1/games/{id}/notes"),
            None,
            Some(json!({"body": "x"})),
        )
        .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (_, me) = api
        .get(&format!("/api/v1/games/{id}/me"), Some(&g.players[0]))
        .await;
    assert_eq!(me["notes"].as_array().map(Vec::len), Some(1), "{me}");

    // The form: too long comes back with the text and the reason, nothing kept.
    let b = app.browser_in("en");
    b.login("nb0", "password-123").await;
    let page = b.get(&format!("/games/{id}/seat")).await;
    let typed = format!("KEPT-{}", "x".repeat(4000));
    let back = b
        .post(
            &format!("/games/{id}/notes"),
            &[("csrf", &page.csrf()), ("body", &typed)],
        )
        .await;
    back.assert_back_at(&format!("/games/{id}/seat"));
    assert!(
        back.body.contains("A note must be 1 to 4000 characters."),
        "{}",
        back.body
    );
    assert!(back.body.contains(&typed), "the text is kept");
    assert!(back.body.contains(r#"aria-invalid="true""#));
    let back = b
        .post(
            &format!("/games/{id}/notes"),
            &[("csrf", &page.csrf()), ("body", " ")],
        )
        .await;
    back.assert_back_at(&format!("/games/{id}/seat"));
    assert!(back.body.contains("A note must be 1 to 4000 characters."));
    let (_, me) = api
        .get(&format!("/api/v1/games/{id}/me"), Some(&g.players[0]))
        .await;
    assert_eq!(me["notes"].as_array().map(Vec::len), Some(1), "{me}");
    // Without the session's token nothing is written.
    let forged = b
        .post(&format!("/games/{id}/notes"), &[("body", "NOTE-FORGED")])
        .await;
    assert_eq!(forged.answer, StatusCode::FORBIDDEN, "{}", forged.body);
}
