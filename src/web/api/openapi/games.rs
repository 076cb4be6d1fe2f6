//! Games, their threads, the replay, and the judge's console (`web::api::{games, replay,
//! console}`). Answers are the views' own structs (`game::views`, `game::console::view`).

use super::op::{Op, delete, get, patch, post};
use super::schema::*;
use super::variants::Variants;
use crate::domain::GameStatus;
use serde_json::{Value, json};

/// `act` of a judge's request: the act the judge means.
/// A game's key in the list: its id, as digits.
fn game_key() -> Value {
    json!({"type": "string", "pattern": "^[0-9]{1,18}$"})
}

fn act_property() -> Value {
    json!({"type": "integer", "minimum": 0, "maximum": 4294967295u64,
           "description": "the phase the judge means, by its step (`phase.step` of GET /games/{id}; for one phase per act, the act); when it is no longer the open phase the answer is 409 already_resolved and nothing changes"})
}

fn meant_act() -> Value {
    request(&[("act", act_property())], &[])
}

fn phase() -> Value {
    nullable(answer(&[
        ("step", integer()),
        ("act", integer()),
        ("kind", string()),
    ]))
}

fn game_post() -> Value {
    answer(&[
        ("floor", integer()),
        (
            "author",
            nullable(text("the game ID (the judge and a watcher: null)")),
        ),
        (
            "watcher",
            nullable(text(
                "a watcher's account name, for a watcher's post in the spectators' thread",
            )),
        ),
        ("kind", string()),
        ("body", nullable(text("null for an act post or a notice"))),
        ("html", nullable(string())),
        (
            "act",
            nullable(engine(
                "an act post: the act, its events and, when published, `votes`",
            )),
        ),
        ("notice", nullable(engine("a judge's clock notice"))),
        ("created_at", time()),
        ("edited", boolean()),
        ("hidden", boolean()),
        ("hidden_reason", nullable(string())),
    ])
}

fn replay_post() -> Value {
    answer_with(
        &[
            ("thread", string()),
            ("floor", integer()),
            ("author", nullable(string())),
            ("at", time()),
            ("html", nullable(string())),
            ("kind", string()),
        ],
        &[
            ("act", engine("an act post")),
            ("notice", engine("a notice")),
        ],
    )
}

/// A seat's note (issue 41): the act it was written in, its text, when.
fn note() -> Value {
    answer(&[("act", integer()), ("body", string()), ("at", time())])
}

/// A game's vote history (issue 41): each act's votes as the rules published them.
fn vote_history() -> Value {
    let tally = answer(&[("seat", string()), ("votes", integer())]);
    let ballot = answer(&[("voter", string()), ("choice", nullable(string()))]);
    let round = answer(&[
        ("round", integer()),
        (
            "ballots",
            described(
                nullable(array(ballot)),
                "every seat that could vote, in seat order, with its choice (null: none); null where the rules publish only counts",
            ),
        ),
        (
            "tallies",
            described(
                array(tally),
                "votes per seat named, most first, then seat order",
            ),
        ),
        (
            "abstained",
            described(
                integer(),
                "seats that named nobody (0 where ballots are not published)",
            ),
        ),
        (
            "tie",
            described(
                array(string()),
                "the seats tied at the top, in seat order; empty when not a tie",
            ),
        ),
        (
            "dark_votes",
            described(
                boolean(),
                "the night's unseen dark votes were counted with this round (R5-4)",
            ),
        ),
    ]);
    let outcome = answer(&[
        ("out", array(string())),
        ("exploded", nullable(string())),
        ("no_vote", array(string())),
        ("peaceful", boolean()),
    ]);
    answer(&[
        ("id", integer()),
        ("variant", string()),
        ("act", integer()),
        ("over", boolean()),
        ("published", one_of(&["ballots", "counts", "outcome"])),
        (
            "days",
            array(answer(&[
                ("act", integer()),
                ("rounds", array(round)),
                ("outcome", outcome),
            ])),
        ),
    ])
}

const NOT_JUDGE: &str = "not its judge (or an admin)";
const JUDGE_409: &str = "already_resolved (N is no longer the open phase; nothing changed), act_not_open, game_paused, game_over, game_not_started";

fn body_only() -> Value {
    request(&[("body", said(20000))], &[])
}

pub fn ops(known: &Variants) -> Vec<Op> {
    let teams: Vec<&str> = ["game", "graveyard", "spectators"]
        .into_iter()
        .chain(known.teams.iter().copied())
        .collect();
    let kind = one_of(&teams);
    let votes = array(answer(&[("game_id", string()), ("votes", integer())]));
    let public = answer_with(
        &[
            ("id", integer()),
            ("title", string()),
            ("variant", one_of(&known.names)),
            ("status", one_of(&GameStatus::ALL.map(GameStatus::name))),
            ("act", integer()),
            ("phase", phase()),
            ("deadline", nullable(time())),
            (
                "seats",
                array(answer(&[("game_id", string()), ("alive", boolean())])),
            ),
            (
                "public",
                array(answer(&[
                    ("act", integer()),
                    ("event", engine("as in a replay transcript")),
                ])),
            ),
            ("winner", nullable(string())),
            ("ended_reason", nullable(string())),
            ("paused", boolean()),
            ("thread_locked", boolean()),
            ("judge", string()),
            ("signups", array(string())),
            ("commitment", nullable(string())),
            ("fixed_deal", boolean()),
            ("edition", nullable(integer())),
            ("settings", any("the game's settings")),
            ("signup_thread_id", nullable(integer())),
            ("game_thread_id", nullable(integer())),
            ("graveyard_thread_id", nullable(integer())),
        ],
        &[
            (
                "speaker",
                text("the seat whose turn it is to speak, in a phase of one speaker"),
            ),
            (
                "votes",
                array(answer(&[("act", integer()), ("votes", votes.clone())])),
            ),
            (
                "waiting",
                described(
                    array(string()),
                    "sign-ups past the most seats, in line, first come first",
                ),
            ),
            (
                "starts_at",
                described(time(), "when a table that starts at a time starts"),
            ),
            (
                "ends_early_at",
                described(
                    time(),
                    "when the open phase ends because every living seat has acted",
                ),
            ),
            (
                "rehosted_as",
                described(
                    array(integer()),
                    "the tables rehosted from this finished game",
                ),
            ),
        ],
    );
    let seat_view = answer(&[
        ("game_id", string()),
        ("role", string()),
        ("alive", boolean()),
        (
            "private",
            array(engine("a reply or a private event, as a transcript line")),
        ),
        ("actions", array(string())),
        ("state", any("the engine's own view of the seat")),
        ("team_thread_id", nullable(integer())),
        ("team_threads", array(string())),
        ("notes", array(note())),
    ]);
    let console = answer(&[
        ("id", integer()),
        ("title", string()),
        ("variant", one_of(&known.names)),
        ("status", one_of(&GameStatus::ALL.map(GameStatus::name))),
        ("act", integer()),
        ("phase", phase()),
        ("deadline", nullable(time())),
        ("paused_remaining_secs", nullable(integer())),
        ("thread_locked", boolean()),
        ("ended_reason", nullable(string())),
        ("winner", nullable(string())),
        (
            "seats",
            array(answer(&[
                ("seat", integer()),
                ("game_id", string()),
                ("real_id", string()),
                ("alive", boolean()),
                ("chain", array(string())),
                ("role", nullable(string())),
                (
                    "out",
                    nullable(answer(&[("act", integer()), ("cause", string())])),
                ),
            ])),
        ),
        (
            "submissions",
            array(answer(&[
                ("seq", integer()),
                ("seat", nullable(integer())),
                ("game_id", string()),
                ("real_id", string()),
                ("action", any("the action as the engine understood it")),
                ("ok", boolean()),
                ("reply", any("the engine's reply, or null")),
                ("error", nullable(string())),
                ("time", time()),
            ])),
        ),
        (
            "owing",
            array(answer(&[
                ("game_id", string()),
                ("real_id", string()),
                ("actions", array(string())),
            ])),
        ),
        (
            "preview",
            nullable(answer_with(
                &[
                    ("events", array(any("an event"))),
                    ("winner", nullable(string())),
                ],
                &[("votes", votes)],
            )),
        ),
        ("substitutes", array(string())),
        (
            "tally",
            array(answer(&[("game_id", string()), ("votes", integer())])),
        ),
        ("no_ballot", integer()),
        ("timezone", string()),
        (
            "links",
            described(
                array(answer(&[
                    ("accounts", array(string())),
                    ("kinds", array(one_of(&["net", "browser"]))),
                ])),
                "pairs of the game's accounts (signed up or seated) that signed in from one network or one browser within the last 30 days, while the game takes sign-ups or runs",
            ),
        ),
    ]);
    let statuses = [&GameStatus::ALL.map(GameStatus::name)[..], &[""]].concat();
    let status_filter = json!({"type": "string", "enum": statuses});
    let any_variant = [known.names.as_slice(), &[""]].concat();
    let page = json!({"type": "integer"});
    vec![
        get("/games", "List games, newest first, 100 a page")
            .query("variant", json!({"type": "string", "enum": any_variant}), "only this variant's games (empty: any)")
            .query("status", status_filter, "only games with this status (empty: any)")
            .query("after", game_key(), "the page after the game of this id (a page's `next`)")
            .query("before", game_key(), "the page before the game of this id (a page's `prev`; not read when `after` is given)")
            .ok(200, "the games", answer(&[
                ("games", array(answer(&[
                    ("id", integer()), ("title", string()), ("variant", string()),
                    ("status", string()), ("fixed_deal", boolean()),
                ]))),
                ("next", nullable(described(integer(), "the id to ask the next page by (`after`); null on the last page"))),
                ("prev", nullable(described(integer(), "the id to ask the page before by (`before`); null on the first page"))),
            ]))
            .err(400, "an unknown variant, status or field, or a key that is not one"),
        post("/games", "Create a game (judge, admin) of a preset (`variant`) or of a judge's own setup at one version (`setup`), exactly one of them; the caller is its judge")
            .account()
            .body(request(
                &[("title", line(120))],
                &[
                    ("variant", one_of(&known.names)),
                    ("setup", described(super::setups::setup_ref(), "a judge's own setup at one version (docs/setups.md); the game pins that version")),
                    ("options", json!({"type": "object", "description": format!("the variant's options: {}", known.options)})),
                    ("act_minutes", described(int_in(1, 10080), "minutes an act lasts (default 1440)")),
                    ("characters", json!({"type": "array", "items": trimmed(1, 32), "description": "the game IDs to deal: trimmed and NFKC, letters, digits, single spaces and · ・ - _ . ' only, no two alike (game_id_lookalike), none passing for the judge or the system (game_id_reserved)"})),
                    ("deadline_time", described(clock_time(), "HH:MM in timezone (empty: none)")),
                    ("timezone", described(free(), "an IANA time zone (empty: Asia/Shanghai)")),
                    ("min_seats", json!({"type": "integer", "minimum": 0})),
                    ("max_seats", json!({"type": "integer", "minimum": 0})),
                    ("remind_hours", described(int_in(0, 72), "default 6")),
                    ("show_images", boolean()),
                    ("phase_minutes", json!({"type": "object", "propertyNames": {"enum": known.phases}, "additionalProperties": {"type": "integer", "minimum": 1, "maximum": 10080}, "description": "minutes by phase kind (1 to 10080), each a phase kind of the variant"})),
                    ("series_after", json!({"type": "integer", "format": "int64", "description": "the game before this one in a series (CL-3): a finished game of the same variant the caller judged"})),
                    ("own_board", described(boolean(), "a game of a judge's own setup counted on the setup version's own leaderboard, not its family's (default false; own_board_preset for a preset's game)")),
                    ("auto_start", described(free(), "\"when_full\" (starts as its most seats fill), or an RFC 3339 time with its offset within 90 days (starts then if at least min_seats signed up; else the sign-up stays open and the judge is told); absent: the judge starts it")),
                    ("resolve_early", described(boolean(), "a phase ends grace_seconds after every living seat has done all it owes (default false)")),
                    ("grace_seconds", described(int_in(10, 3600), "default 60")),
                    ("spectators_dead", described(boolean(), "the seats that are out share the spectators' thread with the watchers (default true)")),
                ],
            ))
            .ok(201, "made", answer(&[("id", integer())]))
            .err(400, "bad settings, or a game ID that breaks the rules of names; series_after refused: series_unsupported, series_unknown_game, series_other_variant, series_not_finished, series_other_judge; variant_or_setup (both or neither), setup_unknown, setup_not_playable (a guard: every book’s setups play), own_board_preset (own_board for a preset's game)")
            .err(403, "not a judge, or suspended")
            .err(409, "series_after that is not a finished game of this variant judged by the caller"),
        get("/games/{id}", format!("The public view: status, act, `phase` {{step, act, kind: {}}}, `speaker`, deadline, seats, public events (as in a replay transcript), winner, sign-ups, commitment", known.phases.join(", ")))
            .ok(200, "the public view", public),
        post("/games/{id}/signup", "Sign up before the start; past the most seats, a place in line (202); the sign-up that fills a table that starts when full starts it")
            .account()
            .ok(200, "signed up (`started`: the game started with it)", answer_with(&[("ok", json!({"type": "boolean", "const": true}))], &[("started", boolean())]))
            .ok(202, "in line: `waiting` is the place (1: next to move up)", answer(&[("ok", json!({"type": "boolean", "const": true})), ("waiting", integer())]))
            .err(403, "suspended")
            .err(409, "started, the judge, or rehost_priority (a rehosted table's first hour is its old players')"),
        post("/games/{id}/rehost", "Its judge, after the end: a new open table with the same variant or setup and settings; the old table's players are told and may sign up first for an hour")
            .account()
            .ok(201, "the new table", answer(&[("id", integer())]))
            .err(403, "not its judge")
            .err(409, "game_not_over"),
        delete("/games/{id}/signup", "Withdraw before the start")
            .account()
            .ok(200, "withdrawn", ok_true())
            .err(409, "started"),
        post("/games/{id}/start", "Start (its judge); `setup` (admin only) fixes the deal")
            .account()
            .optional_body(request(&[], &[("setup", json!({"type": "object", "description": format!("`seats` [{{game_id, real_id}}] and the roles as a replay scenario gives them: {}", known.setups)}))]))
            .ok(200, "started", answer(&[("act", integer()), ("deadline", time())]))
            .err(400, "a setup that is not exactly the variant's shape, or a game ID that breaks the rules of names")
            .err(403, "not its judge; a setup by anyone but an admin")
            .err(409, "seat count, or started"),
        get("/games/{id}/me", "The caller's seat: game ID, role, alive, private log, allowed actions")
            .seat()
            .ok(200, "the seat's view", seat_view)
            .err(403, "a game-ID token of another game")
            .err(409, "not_seated"),
        post("/games/{id}/actions", "Submit an action object exactly as in a replay scenario")
            .seat()
            .body(json!({"type": "object", "required": ["type"], "properties": {"type": {"type": "string"},
                            "phase": {"type": "integer", "minimum": 0, "description": "optional: the step (phase) the action was made for; a step that has ended is 409 already_resolved, one not yet open 409 act_not_open, and nothing is logged"}},
                         "description": "an action object of the variant (its other fields are the action's; any other is 400 unknown_field)"}))
            .ok(200, "taken", answer(&[("ok", json!({"const": true})), ("reply", any("the engine's reply"))]))
            .err(400, "invalid_action: not an action of the variant (no type, an unknown type, or a field missing or not of its kind; the message says which, in the caller's language); unknown_field")
            .err(403, "a game-ID token of another game, or suspended")
            .err(409, "refused by the rules (its code; the message is the seat page's sentence for it, in the caller's language), or act_closed, already_resolved, act_not_open, not_seated, game_over, game_paused, game_not_started")
            .err(429, "rate_limited: too many actions this minute (Retry-After)"),
        post("/games/{id}/resolve", "Resolve act N, the open one, now (its judge), as its deadline would; answers the act open now (N+1)")
            .account()
            .body(meant_act())
            .ok(200, "resolved", answer_with(&[("act", integer())], &[("over", json!({"const": true}))]))
            .err(403, NOT_JUDGE)
            .err(409, JUDGE_409),
        post("/games/{id}/pass", "过: the seat whose turn it is to speak ends its turn now (CL-4, CL-5); answers the phase open now")
            .seat()
            .body(request(&[("phase", json!({"type": "integer", "minimum": 0, "maximum": 4294967295u64, "description": "the step of the turn the seat means"}))], &[]))
            .ok(200, "passed", answer_with(&[("phase", integer())], &[("over", json!({"const": true}))]))
            .err(403, "a game-ID token of another game")
            .err(409, "not_your_turn, not_seated, already_resolved, act_not_open, game_over, game_not_started, game_paused"),
        get("/games/{id}/reveal", "After the end: real IDs, roles, every private action, the commitment and its text")
            .ok(200, "the reveal", answer(&[
                ("id", integer()),
                ("winner", nullable(string())),
                ("ended_reason", nullable(string())),
                ("seats", array(any("a seat of the deal: game ID and real ID"))),
                ("accounts", map(array(string()))),
                ("roles", any("each seat's role history, as the variant gives it")),
                ("transcript", array(any("a transcript line"))),
                ("commitment", answer(&[("hash", string()), ("text", string()), ("salt", string()), ("algorithm", string()), ("verified", boolean())])),
                ("fixed_deal", boolean()),
            ]))
            .err(409, "game_not_over"),
        get("/games/{id}/audit", "Every event of the game with time, actor and hash (admin)")
            .account()
            .ok(200, "the log", answer(&[
                ("events", array(engine("an event row: seq, kind, payload, time, actor, hash"))),
                ("chain", answer_with(&[("ok", boolean())], &[("first_broken", any("the first row whose hash does not hold"))])),
            ]))
            .err(403, "not an admin"),
        get("/games/{id}/threads/{kind}", format!("A game thread (game, graveyard, spectators, {}), authors as game IDs (a watcher by her account name), 30 posts a page", known.teams.join(", ")))
            .optional_token()
            .param("kind", kind.clone())
            .query("page", page.clone(), "the page, from 1")
            .ok(200, "a page of posts", answer(&[("posts", array(game_post())), ("total", integer()), ("page", integer())]))
            .err(403, "not for this reader"),
        post("/games/{id}/threads/{kind}", "Post as one's game ID (a watcher, in the spectators' thread: as her account)")
            .seat()
            .param("kind", kind.clone())
            .body(body_only())
            .ok(201, "posted", answer(&[("floor", integer())]))
            .err(400, "a body that breaks the rules")
            .err(403, "not for this reader, or suspended")
            .err(409, "cannot_post_here, game_thread_locked, not_your_turn")
            .err(429, "too many posts this minute (Retry-After)"),
        patch("/games/{id}/threads/{kind}/posts/{floor}", "Edit one's own post as the game ID (the judge: her own), while one may still post there")
            .seat()
            .param("kind", kind.clone())
            .body(body_only())
            .ok(200, "edited", ok_true())
            .err(400, "a body that breaks the rules")
            .err(403, "not for this reader, or not one's post")
            .err(409, "cannot_post_here, game_thread_locked")
            .err(429, "too many edits this minute (Retry-After)"),
        get("/games/{id}/threads/{kind}/posts/{floor}/revisions", "Every version of a game post, for every reader of its thread; authors as game IDs")
            .optional_token()
            .param("kind", kind)
            .ok(200, "oldest first", answer(&[
                ("author", nullable(string())),
                ("revisions", array(answer(&[("body", string()), ("created_at", time())]))),
            ]))
            .err(403, "not for this reader"),
        get("/games/{id}/replay", "After the end: act `act` (default 1) as seat `seat` (a game ID; default the first) saw it")
            .query("seat", free(), "a game ID")
            .query("act", json!({"type": "integer", "minimum": 0, "maximum": 4294967295u64}), "the act")
            .ok(200, "the act as the seat saw it", answer(&[
                ("game", integer()),
                ("seat", string()),
                ("act", integer()),
                ("acts", integer()),
                ("role", string()),
                ("alive", boolean()),
                ("private", array(any("a transcript line"))),
                ("team", array(replay_post())),
                ("public", array(replay_post())),
                ("events", array(any("a public event"))),
                ("notes", array(note())),
            ]))
            .err(400, "act not a number"),
        post("/games/{id}/notes", "A private note of the caller's seat, kept with the act open now (issue 41): nobody else reads it while the game runs, not the judge; after the end it is part of the seat's replay")
            .seat()
            .body(request(&[("body", said(4000))], &[]))
            .ok(201, "kept", note())
            .err(400, "note_length (1 to 4000 characters), control_characters, unknown_field")
            .err(403, "a game-ID token of another game, or suspended")
            .err(409, "not_seated, game_not_started, game_over")
            .err(429, "too many this minute (Retry-After)"),
        get("/games/{id}/votes", "Each act's votes as the rules published them: the ballots round by round in seat order (who voted for whom), the tallies, the tie and the outcome; nothing of a ballot still sealed; the same for every reader")
            .ok(200, "the vote history", vote_history()),
        post("/games/{id}/alias", "Set the password of one's game-ID login (the seat's account)")
            .account()
            .body(request(&[("password", secret(8, 128))], &[]))
            .ok(200, "set", ok_true())
            .err(400, "a password that breaks the rules")
            .err(409, "not seated, or the game does not use aliases"),
        post("/games/{id}/tokens", "A token for a game ID and its own password: it reaches only that seat of that game")
            .body(request(&[("game_id", free()), ("password", free())], &[]))
            .ok(200, "the token", answer(&[("token", string())]))
            .err(401, "wrong game ID or password")
            .err(429, "too many sign-ins (Retry-After)"),
        get("/games/{id}/export", "A game's log as JSON Lines with times and actors (admin)")
            .account()
            .ok_as(200, "JSON Lines", "application/x-ndjson")
            .err(403, "not an admin, or seated in the running game"),
        get("/games/{id}/console", "The judge's console (its judge, admin): submissions with real IDs, who owes what, a preview of the resolution (not saved), seats with their accounts, the tally, the time zone, the substitute list, and the accounts that may be one person (`links`)")
            .account()
            .ok(200, "the console", console)
            .err(403, NOT_JUDGE),
        post("/games/{id}/deadline", "Move the open act's deadline later (its judge): an ISO time, or minutes after the current deadline")
            .account()
            .body(json!({"oneOf": [
                request(&[("act", act_property()), ("deadline", time())], &[]),
                request(&[("act", act_property()), ("extend_minutes", int_in(1, 43200))], &[]),
            ]}))
            .ok(200, "moved", answer(&[("deadline", time())]))
            .err(400, "bad_deadline: not a time, or minutes outside 1..43200; deadline_both: a time and minutes at once")
            .err(403, NOT_JUDGE)
            .err(409, "already_resolved, act_not_open, deadline_in_past, deadline_not_later, game_paused, game_over, game_not_started"),
        post("/games/{id}/pause", "Stop the clock of act N, the open one (its judge)")
            .account()
            .body(meant_act())
            .ok(200, "paused", answer(&[("paused", json!({"const": true})), ("remaining_secs", integer())]))
            .err(403, NOT_JUDGE)
            .err(409, "already_resolved, act_not_open, already_paused, game_over, game_not_started"),
        post("/games/{id}/resume", "Start the clock of act N again (its judge)")
            .account()
            .body(meant_act())
            .ok(200, "resumed", answer(&[("paused", json!({"const": false})), ("deadline", time())]))
            .err(403, NOT_JUDGE)
            .err(409, "already_resolved, act_not_open, not_paused, game_over, game_not_started"),
        post("/games/{id}/lock", "Lock or unlock the game thread for the seats (its judge)")
            .account()
            .body(request(&[("locked", boolean())], &[]))
            .ok(200, "done", answer(&[("locked", boolean())]))
            .err(403, NOT_JUDGE)
            .err(409, "game_over, game_not_started"),
        post("/games/{id}/end", "End the game now with a stated reason (its judge); optionally a winner the variant knows")
            .account()
            .body(request(&[("act", act_property()), ("reason", said(2000))], &[("winner", one_of(&known.outcomes))]))
            .ok(200, "ended", ok_true())
            .err(403, NOT_JUDGE)
            .err(409, "already_resolved, act_not_open, reason_required, bad_winner, game_over, game_not_started"),
        post("/games/{id}/substitutes", "Join the game's substitute list (accounts without a seat, while running)")
            .account()
            .ok(200, "joined", ok_true())
            .err(409, "already_seated, not running"),
        delete("/games/{id}/substitutes", "Leave the substitute list")
            .account()
            .ok(200, "left", ok_true())
            .err(409, "not running"),
        post("/games/{id}/substitute", "Give a seat to another account (its judge): game ID, role and history stay with the seat")
            .account()
            .body(request(&[("game_id", free()), ("account", free())], &[]))
            .ok(200, "given", ok_true())
            .err(403, NOT_JUDGE)
            .err(404, "no such seat or account")
            .err(409, "already_seated, not running"),
    ]
}
