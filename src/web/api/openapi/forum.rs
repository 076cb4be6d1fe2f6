//! Accounts and tokens, boards, threads and posts, moderation and search
//! (`web::api::{accounts, forum, moderation, search}`).

use super::op::{Op, delete, get, patch, post};
use super::schema::*;
use serde_json::{Value, json};

fn credentials() -> Value {
    request(
        &[
            (
                "username",
                described(
                    trimmed(2, 32),
                    "2 to 32 letters, digits, _ - . (after trimming and NFKC); no name that looks like another's",
                ),
            ),
            ("password", secret(8, 128)),
        ],
        &[],
    )
}

/// A thread's key in its board's list: its last post's time (seconds since 1970 and
/// nanoseconds), then its id (`keyset::PageKey`).
fn thread_key() -> Value {
    json!({"type": "string",
           "pattern": r"^-?[0-9]{1,12}\.[0-9]{9}_[0-9]{1,18}$"})
}

fn page_query(op: Op) -> Op {
    op.query(
        "page",
        json!({"type": "integer"}),
        "the page, from 1 (past the last: the last; below 1: the first)",
    )
}

/// A post's reason for a report or a moderator (`{"reason"}`).
fn reason() -> Value {
    request(&[("reason", said(500))], &[])
}

const SUSPENDED: &str = "a suspended account (suspended, with until and reason)";

pub fn ops() -> Vec<Op> {
    let token = answer(&[
        ("id", text("public id (not the secret, not its hash)")),
        ("created_at", time()),
        (
            "last_used_at",
            nullable(text("recorded at most once an hour")),
        ),
        ("game", nullable(integer())),
        ("current", boolean()),
    ]);
    let board = answer(&[
        ("slug", string()),
        ("title", string()),
        ("description", string()),
    ]);
    let thread_row = answer(&[
        ("id", integer()),
        ("title", string()),
        ("author", nullable(string())),
        ("locked", boolean()),
        ("last_post_at", time()),
    ]);
    let forum_post = answer(&[
        ("floor", integer()),
        ("author", string()),
        ("body", string()),
        ("html", text("the sanitised HTML of the body")),
        ("quoted_floor", nullable(integer())),
        ("created_at", time()),
        ("edited", boolean()),
        ("hidden", boolean()),
        ("hidden_reason", nullable(string())),
    ]);
    let report = answer(&[
        ("id", integer()),
        ("thread", integer()),
        ("floor", integer()),
        ("reason", string()),
        ("reporter", string()),
        (
            "author",
            nullable(text(
                "the post's author as its thread shows it; null for a game's judge",
            )),
        ),
        ("excerpt", string()),
        ("hidden", boolean()),
        ("created_at", time()),
    ]);
    vec![
        post("/accounts", "Register an account")
            .body(credentials())
            .ok(201, "made", answer(&[("username", string())]))
            .err(400, "a name or password that breaks the rules of names and passwords")
            .err(409, "name_taken")
            .err(429, "too many sign-ups from this address (Retry-After)"),
        post("/tokens", "Get a bearer token")
            .body(credentials())
            .ok(200, "the token", answer(&[("token", string())]))
            .err(401, "wrong name or password")
            .err(429, "too many sign-ins (Retry-After)"),
        get("/tokens", "One's unrevoked API tokens, newest first")
            .account()
            .ok(200, "the tokens", answer(&[("tokens", array(token))])),
        delete("/tokens/{id}", "Revoke one of one's API tokens by its public id (the calling one too)")
            .account()
            .param("id", free())
            .ok(200, "revoked", ok_true())
            .err(404, "no such live token of this account"),
        get("/account/sessions", "One's live browser sessions (they end after the idle time) and that time in days")
            .account()
            .ok(200, "the sessions", answer(&[
                ("sessions", array(answer(&[
                    ("created_at", time()),
                    ("last_seen_at", nullable(time())),
                    ("game", nullable(integer())),
                ]))),
                ("idle_days", integer()),
            ])),
        post("/account/sign-out-everywhere", "End every session and revoke every API token of the account, this one included, and change its calendar address")
            .account()
            .ok(200, "how many ended", answer(&[("sessions", integer()), ("tokens", integer())])),
        get("/boards", "List boards")
            .ok(200, "the boards", answer(&[("boards", array(board))])),
        post("/boards", "Create a board (admin)")
            .account()
            .body(request(&[("slug", slug()), ("title", line(120))], &[("description", described(free(), "at most 500 characters"))]))
            .ok(201, "made", answer(&[("slug", string())]))
            .err(400, "a slug or title that breaks the rules")
            .err(403, "not an admin")
            .err(409, "slug taken"),
        page_query(get("/boards/{slug}/threads", "A board's threads, 30 a page"))
            .query("author", free(), "ignored here")
            .query("after", thread_key(), "the page after the thread of this key (a page's `next`), read by key however deep")
            .query("before", thread_key(), "the page before the thread of this key (a page's `prev`; not read when `after` is given)")
            .ok(200, "a page of threads", answer(&[
                ("threads", array(thread_row)),
                ("total", integer()),
                ("page", integer()),
                ("next", nullable(described(thread_key(), "the key to ask the next page by (`after`); null on the last page"))),
                ("prev", nullable(described(thread_key(), "the key to ask the page before by (`before`); null on the first page"))),
            ]))
            .err(400, "a key that is not one")
            .err(404, "no such board"),
        post("/boards/{slug}/threads", "Open a thread")
            .account()
            .body(request(&[("title", line(120)), ("body", said(20000))], &[]))
            .ok(201, "opened", answer(&[("id", integer())]))
            .err(400, "a title or body that breaks the rules")
            .err(403, SUSPENDED)
            .err(404, "no such board")
            .err(429, "too many posts this minute (Retry-After)"),
        page_query(get("/threads/{id}", "A forum thread's posts, 30 a page"))
            .query("author", free(), "one author's posts only")
            .ok(200, "a page of posts", answer(&[
                ("id", integer()),
                ("title", string()),
                ("locked", boolean()),
                ("posts", array(forum_post)),
                ("total", integer()),
                ("page", integer()),
            ]))
            .err(404, "no such thread")
            .err(409, "game_thread: a game's thread is read at /games/{id}/threads/{kind}")
            .err(410, "deleted"),
        post("/threads/{id}/posts", "Reply, optionally quoting a post (by its floor); posts are named by their floor in the thread")
            .account()
            .body(request(&[("body", said(20000))], &[("quote", nullable(json!({"type": "integer", "format": "int64", "description": "floor of the quoted post (null: none)"})))]))
            .ok(201, "posted", answer(&[("floor", integer())]))
            .err(400, "a body that breaks the rules, or no such floor to quote")
            .err(403, SUSPENDED)
            .err(404, "no such thread")
            .err(409, "thread_locked, game_thread")
            .err(410, "thread deleted")
            .err(429, "too many posts this minute (Retry-After)"),
        patch("/threads/{id}/posts/{floor}", "Edit one's own post (earlier versions are kept)")
            .account()
            .body(request(&[("body", said(20000))], &[]))
            .ok(200, "edited", ok_true())
            .err(400, "a body that breaks the rules")
            .err(403, "not the author, or suspended")
            .err(404, "no such thread or floor")
            .err(409, "thread_locked, game_thread")
            .err(410, "thread deleted")
            .err(429, "too many edits this minute (Retry-After)"),
        get("/threads/{id}/posts/{floor}/revisions", "Every version of a forum post (admin)")
            .account()
            .ok(200, "oldest first", answer(&[("revisions", array(answer(&[
                ("body", string()),
                ("editor_id", integer()),
                ("created_at", time()),
            ])))]))
            .err(403, "not an admin")
            .err(404, "no such thread or floor")
            .err(409, "game_thread")
            .err(410, "thread deleted"),
        post("/threads/{id}/moderate", "Lock, unlock or delete a thread (admin)")
            .account()
            .body(request(&[("action", one_of(&["lock", "unlock", "delete"]))], &[]))
            .ok(200, "done", ok_true())
            .err(400, "an unknown action")
            .err(403, "not an admin")
            .err(404, "no such thread")
            .err(409, "game_thread")
            .err(410, "thread deleted"),
        post("/accounts/{name}/role", "Set an account's role (admin)")
            .account()
            .body(request(&[("role", one_of(&["player", "judge", "admin"]))], &[]))
            .ok(200, "done", ok_true())
            .err(400, "an unknown role")
            .err(403, "not an admin")
            .err(404, "no such account")
            .err(409, "one's own role"),
        post("/threads/{id}/posts/{floor}/report", "Report a post to the admins (any account that can read it; one open report per post and account; rate limited like posts)")
            .seat()
            .body(reason())
            .ok(201, "reported", ok_true())
            .err(400, "reason_empty, reason_too_long")
            .err(403, &format!("cannot read the thread, or {SUSPENDED}"))
            .err(404, "no such thread or floor")
            .err(409, "already_reported, already_hidden or system_post")
            .err(410, "thread deleted")
            .err(429, "too many reports this minute (Retry-After)"),
        post("/threads/{id}/posts/{floor}/hide", "Hide a post with a reason (admins; a game's judge in its threads): its text leaves every page, feed and search; the audit log keeps it")
            .account()
            .body(reason())
            .ok(200, "hidden", ok_true())
            .err(400, "reason_empty, reason_too_long")
            .err(403, "not a moderator of this thread (answered before the floor is looked up)")
            .err(404, "no such thread or floor")
            .err(409, "already_hidden or system_post")
            .err(410, "thread deleted"),
        post("/threads/{id}/posts/{floor}/unhide", "Restore a hidden post with a reason (the moderators who may hide it)")
            .account()
            .body(reason())
            .ok(200, "restored", ok_true())
            .err(400, "reason_empty, reason_too_long")
            .err(403, &format!("not a moderator of this thread, or {SUSPENDED}"))
            .err(404, "no such thread or floor")
            .err(409, "not_hidden or system_post")
            .err(410, "thread deleted"),
        get("/admin/reports", "The open reports, oldest first (admins); a game post's author and a seated reporter are shown by game ID")
            .account()
            .ok(200, "the open reports", answer(&[("reports", array(report))]))
            .err(403, "not an admin"),
        post("/admin/reports/{id}/resolve", "Resolve an open report (admins): dismiss it, or hide its post with a reason")
            .account()
            .body(json!({"oneOf": [
                request(&[("action", one_of(&["dismiss"]))], &[("reason", described(free(), "ignored"))]),
                request(&[("action", one_of(&["hide"])), ("reason", said(500))], &[]),
            ]}))
            .ok(200, "resolved", ok_true())
            .err(400, "resolution_unknown, reason_empty")
            .err(403, "not an admin")
            .err(404, "no such report")
            .err(409, "report_resolved"),
        post("/accounts/{name}/suspend", "Suspend an account for 1 to 3650 days (admins): it may read, not post, act or sign up until then, and is told why and until when")
            .account()
            .body(request(&[
                ("days", int_in(1, 3650)),
                ("reason", said(500)),
            ], &[]))
            .ok(200, "suspended", answer(&[("ok", json!({"const": true})), ("until", time())]))
            .err(400, "days_out_of_range, reason_empty")
            .err(403, "not an admin")
            .err(404, "no such account")
            .err(409, "suspend_self"),
        delete("/accounts/{name}/suspend", "Lift an account's suspension (admins)")
            .account()
            .ok(200, "lifted", ok_true())
            .err(403, "not an admin")
            .err(404, "no such account")
            .err(409, "not_suspended"),
        get("/search", "Full-text search over the boards and game threads (docs/search.md), newest post first, 20 hits a page. Every word of `q` must appear in the post (case-insensitively, as a substring). Never a post of a game's team thread or graveyard before the game's reveal, of a deleted thread, or a hidden post; a hit names no author")
            .required_query("q", said(200), "words separated by spaces, at most 8")
            .query("page", json!({"type": "integer"}), "the page, from 1 (below 1: the first)")
            .ok(200, "`snippet` is HTML: about 80 characters around the first match, escaped, each match in <mark>; `more`: whether a next page has hits", answer(&[
                ("hits", array(answer(&[
                    ("thread", integer()),
                    ("floor", integer()),
                    ("title", string()),
                    ("snippet", string()),
                ]))),
                ("page", integer()),
                ("more", boolean()),
            ]))
            .err(400, "an empty query, one longer than 200 characters or of more than 8 words"),
    ]
}
