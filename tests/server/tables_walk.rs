//! Issue 41 walked whole: one running game with a watcher, a seat that is out, a seat's note, a
//! spectator's post and a closed day of votes, read as every kind of reader (anonymous, an
//! outsider, the watcher, the dead seat, a living seat, the judge) on every page and answer the
//! issue added, before the end and after it. What is private reaches only its readers, and a
//! reader who may not read the spectators' thread gets the very answer she gets for the
//! graveyard she may not read either.

use crate::helpers::*;
use crate::spectators::{game_with_a_dead_seat, signed_in};
use reqwest::StatusCode;
use serde_json::json;

crate::on_both_backends!(every_new_page_walked_as_every_reader_before_and_after_the_end);

const NOTE: &str = "NOTEWORD月光下的秘密";
const SPECTATED: &str = "SPECWORD看客的猜测";
/// What the walk looks for: the ASCII halves (a search box shows its query again, so the
/// searches ask for the Chinese halves only).
const NOTE_MARK: &str = "NOTEWORD";
const SPECTATED_MARK: &str = "SPECWORD";
const NOTE_QUERY: &str = "月光下的秘密";
const SPECTATED_QUERY: &str = "看客的猜测";

async fn every_new_page_walked_as_every_reader_before_and_after_the_end(app: TestApp) {
    let api = Api::new(&app);
    let g = game_with_a_dead_seat(&app, "tw", json!({})).await;
    let id = g.id;
    let watcher = api.account("twwatch").await;
    let outsider = api.account("twout").await;
    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/watch"), &watcher, json!({}))
        .await;
    assert!(s.is_success(), "{b}");
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/threads/spectators"),
            &watcher,
            json!({"body": SPECTATED}),
        )
        .await;
    assert!(s.is_success(), "{b}");
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/notes"),
            &g.players[0],
            json!({"body": NOTE}),
        )
        .await;
    assert!(s.is_success(), "{b}");

    // (name, API token, browser) of every kind of reader; the admin judges.
    let admin_browser = app.admin().await;
    let readers: Vec<(&str, Option<String>, Browser)> = vec![
        ("anonymous", None, app.browser()),
        (
            "outsider",
            Some(outsider.clone()),
            signed_in(&app, "twout").await,
        ),
        (
            "watcher",
            Some(watcher.clone()),
            signed_in(&app, "twwatch").await,
        ),
        (
            "dead seat",
            Some(g.players[5].clone()),
            signed_in(&app, "tw5").await,
        ),
        (
            "living seat",
            Some(g.players[1].clone()),
            signed_in(&app, "tw1").await,
        ),
        (
            "note's seat",
            Some(g.players[0].clone()),
            signed_in(&app, "tw0").await,
        ),
        ("judge", Some(g.admin.clone()), admin_browser),
    ];
    let pages = [
        format!("/games/{id}"),
        format!("/games/{id}/votes"),
        format!("/games/{id}/threads/spectators"),
        format!("/games/{id}/threads/game"),
        format!("/games/{id}/seat"),
        format!("/games/{id}/console"),
        "/games".to_string(),
        format!("/search?q={SPECTATED_QUERY}"),
        format!("/search?q={NOTE_QUERY}"),
    ];
    let answers = [
        format!("/api/v1/games/{id}"),
        format!("/api/v1/games/{id}/votes"),
        format!("/api/v1/games/{id}/me"),
        format!("/api/v1/games/{id}/console"),
        format!("/api/v1/games/{id}/threads/spectators"),
        format!("/api/v1/search?q={SPECTATED_QUERY}"),
        format!("/api/v1/search?q={NOTE_QUERY}"),
    ];
    for (who, token, browser) in &readers {
        let reads_spectators = matches!(*who, "watcher" | "dead seat" | "judge");
        let mut seen = String::new();
        for path in &pages {
            seen.push_str(&browser.get(path).await.body);
        }
        for path in &answers {
            let (_, b) = api.get(path, token.as_deref()).await;
            seen.push_str(&b.to_string());
        }
        assert_eq!(
            seen.contains(NOTE_MARK),
            *who == "note's seat",
            "{who}: the note reaches its seat only"
        );
        assert_eq!(
            seen.contains(SPECTATED_MARK),
            reads_spectators,
            "{who}: the spectators' post"
        );
        // One who may not read the thread is answered as for the graveyard she may not read.
        if !reads_spectators {
            let (a, _) = api
                .get(
                    &format!("/api/v1/games/{id}/threads/spectators"),
                    token.as_deref(),
                )
                .await;
            let (b, _) = api
                .get(
                    &format!("/api/v1/games/{id}/threads/graveyard"),
                    token.as_deref(),
                )
                .await;
            assert_eq!(a, b, "{who}: the same answer as the graveyard's");
            let a = browser
                .get(&format!("/games/{id}/threads/spectators"))
                .await;
            let b = browser.get(&format!("/games/{id}/threads/graveyard")).await;
            assert_eq!(a.status, b.status, "{who}: the same page status");
        }
        // The vote history is the same for every reader.
        let (s, votes) = api
            .get(&format!("/api/v1/games/{id}/votes"), token.as_deref())
            .await;
        assert_eq!(s, StatusCode::OK, "{who}");
        let (_, anonymous_votes) = api.get(&format!("/api/v1/games/{id}/votes"), None).await;
        assert_eq!(
            votes, anonymous_votes,
            "{who}: the votes as everyone reads them"
        );
    }

    // The judge ends the game: the spectators' thread opens to all, the note is its seat's
    // replay of the act it was written in.
    let act = api.act(id).await;
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/end"),
            &g.admin,
            json!({"act": act, "reason": "walk"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    for (who, token, browser) in &readers {
        let page = browser
            .get(&format!("/games/{id}/threads/spectators"))
            .await;
        assert!(
            page.body.contains(SPECTATED),
            "{who} reads the thread after the end"
        );
        let (s, replay) = api
            .get(
                &format!("/api/v1/games/{id}/replay?seat=夜神月&act={act}"),
                token.as_deref(),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{who}: {replay}");
        assert!(
            replay.to_string().contains(NOTE),
            "{who}: the note in the replay"
        );
    }
}
