//! Watching a game (`web::api::spectators`, issue 41).

use super::op::{Op, delete, get, post};
use super::schema::*;
use serde_json::Value;

/// The answer of every watch route.
fn watching() -> Value {
    answer(&[
        ("ok", boolean()),
        (
            "watching",
            described(boolean(), "whether the caller watches the game now"),
        ),
        ("thread", text("the spectators' thread's API path")),
    ])
}

pub fn ops() -> Vec<Op> {
    vec![
        post("/games/{id}/watch", "Watch a running game one has no seat in (not its judge, not a game-ID token): one reads what everyone reads, plus the spectators' thread (`/games/{id}/threads/spectators`), shared with the judge and, when the game's `spectators_dead` allows it, the seats that are out. A watcher, now or before, never becomes a substitute in that game")
            .account()
            .ok(200, "watching", watching())
            .err(403, "a game-ID token, or suspended")
            .err(409, "watch_seated (the caller has or had a seat), judge_cannot_watch (its judge or an admin), game_not_started, game_over")
            .err(429, "too many writes this minute (Retry-After)"),
        delete("/games/{id}/watch", "Stop watching the game")
            .account()
            .ok(200, "not watching", watching())
            .err(403, "a game-ID token, or suspended")
            .err(429, "too many writes this minute (Retry-After)"),
        get("/games/{id}/watch", "Whether the caller watches the game")
            .account()
            .ok(200, "the caller's watching", watching())
            .err(403, "a game-ID token"),
    ]
}
