//! `GET /api/v1/openapi.json`: the API as it stands, kept beside the routes it describes.
//! A test checks that every route registered under /api/v1 is documented here.

use crate::domain::GameStatus;
use actix_web::{HttpResponse, get, web};
use serde_json::{Value, json};

use crate::rules::{OptionInput, Variant};

fn error_response(description: &str) -> Value {
    json!({"description": description, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}})
}

fn body(schema: Value) -> Value {
    json!({"required": true, "content": {"application/json": {"schema": schema}}})
}

fn ok(description: &str) -> Value {
    json!({"description": description, "content": {"application/json": {"schema": {"type": "object"}}}})
}

/// `act` of a judge's request: the act the judge means.
fn act_property() -> Value {
    json!({"type": "integer", "minimum": 1,
           "description": "the phase the judge means, by its step (`phase.step` of GET /games/{id}; for one phase per act, the act); when it is no longer the open phase the answer is 409 already_resolved and nothing changes"})
}

/// The body `{"act": N}`, required.
fn meant_act() -> Value {
    json!({"type": "object", "required": ["act"], "additionalProperties": false, "properties": {"act": act_property()}})
}

/// What the registry's variants take and give, for the descriptions below: every variant
/// named once, from its own rules.
struct Variants {
    names: Vec<&'static str>,
    /// Each variant with its options ("NAME `flag`, `choice` (`a`, `b`)"), joined by "; ".
    options: String,
    /// Each variant with the keys of its fixed deal ("NAME `key`, …"), joined by "; ".
    setups: String,
    /// Every winner a judge may name, each once.
    outcomes: Vec<&'static str>,
    /// Every phase kind, each once.
    phases: Vec<&'static str>,
    /// Every team thread's key, each once.
    teams: Vec<&'static str>,
}

impl Variants {
    fn read() -> Variants {
        use rand::SeedableRng;
        let offered: Vec<Variant> = Variant::offered().collect();
        let once = |all: &mut Vec<&'static str>, items: &[&'static str]| {
            for i in items {
                if !all.contains(i) {
                    all.push(i);
                }
            }
        };
        let (mut outcomes, mut phases, mut teams) = (Vec::new(), Vec::new(), Vec::new());
        let mut options = Vec::new();
        let mut setups = Vec::new();
        for v in &offered {
            once(&mut outcomes, v.outcomes());
            once(
                &mut phases,
                &v.phases().iter().map(|k| k.name).collect::<Vec<_>>(),
            );
            once(&mut teams, v.team_threads());
            let fields: Vec<String> = v
                .option_fields()
                .iter()
                .map(|o| match o.input {
                    OptionInput::Choice { values, .. } => format!(
                        "`{}` ({})",
                        o.name,
                        values
                            .iter()
                            .map(|x| format!("`{x}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    OptionInput::Flag { .. } => format!("`{}`", o.name),
                })
                .collect();
            options.push(match fields.is_empty() {
                true => format!("{} none", v.name()),
                false => format!("{} {}", v.name(), fields.join(", ")),
            });
            // The keys a fixed deal gives, as the variant's own draw gives them.
            let ids: Vec<String> = (0..*v.seats().end()).map(|i| format!("s{i}")).collect();
            let drawn = v.draw_roles(&ids, &mut rand_chacha::ChaCha8Rng::seed_from_u64(0));
            let keys: Vec<String> = drawn
                .as_object()
                .map(|m| m.keys().map(|k| format!("`{k}`")).collect())
                .unwrap_or_default();
            setups.push(format!("{} {}", v.name(), keys.join(", ")));
        }
        Variants {
            names: offered.iter().map(|v| v.name()).collect(),
            options: options.join("; "),
            setups: setups.join("; "),
            outcomes,
            phases,
            teams,
        }
    }
}

/// The OpenAPI 3.1 document.
pub fn document() -> Value {
    let creds = json!({"$ref": "#/components/schemas/Credentials"});
    let bearer = json!([{"bearer": []}]);
    let known = Variants::read();
    let variants = &known.names;
    let phase_minutes = json!({"type": "object", "additionalProperties": {"type": "integer"},
        "description": "minutes by phase kind (1 to 10080), for variants of several phases per act; a phase not named lasts its default or act_minutes"});
    let mut doc = json!({
        "openapi": "3.1.0",
        "info": {"title": "maku", "version": env!("CARGO_PKG_VERSION"),
                 "description": "The JSON API of maku. Every error is {\"ok\": false, \"error\": CODE, \"message\": TEXT}; a 405 names the allowed methods in Allow. A body field the endpoint does not know is 400 unknown_field; an object with a key twice is 400 duplicate_field. Actions (per seat) and posts and edits (per account) are limited per minute: 429 rate_limited with Retry-After."},
        "servers": [{"url": "/api/v1"}],
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
            "schemas": {
                "Error": {"type": "object", "required": ["ok", "error", "message"],
                          "properties": {"ok": {"type": "boolean", "const": false}, "error": {"type": "string"}, "message": {"type": "string"}}},
                "Credentials": {"type": "object", "required": ["username", "password"],
                                "properties": {"username": {"type": "string"}, "password": {"type": "string"}}}
            }
        },
        "paths": {
            "/accounts": {"post": {"summary": "Register an account", "requestBody": body(creds.clone()),
                "responses": {"201": ok("{\"username\"}"), "400": error_response("invalid name or password"),
                              "409": error_response("name taken"), "429": error_response("rate limited")}}},
            "/tokens": {"post": {"summary": "Get a bearer token", "requestBody": body(creds),
                "responses": {"200": ok("{\"token\"}"), "401": error_response("wrong name or password"),
                              "429": error_response("rate limited")}}},
            "/accounts/{name}/role": {"post": {"summary": "Set an account's role (admin)", "security": bearer,
                "requestBody": body(json!({"type": "object", "properties": {"role": {"enum": ["player", "judge", "admin"]}}})),
                "responses": {"200": ok("done"), "403": error_response("not an admin"), "404": error_response("no such account")}}},
            "/boards": {
                "get": {"summary": "List boards", "responses": {"200": ok("{\"boards\": [...]}")}},
                "post": {"summary": "Create a board (admin)", "security": bearer,
                    "requestBody": body(json!({"type": "object", "properties": {"slug": {"type": "string"}, "title": {"type": "string"}, "description": {"type": "string"}}})),
                    "responses": {"201": ok("{\"slug\"}"), "403": error_response("not an admin"), "409": error_response("slug taken")}}},
            "/boards/{slug}/threads": {
                "get": {"summary": "A board's threads, 30 a page", "responses": {"200": ok("{\"threads\", \"total\", \"page\"}"), "404": error_response("no such board")}},
                "post": {"summary": "Open a thread", "security": bearer,
                    "requestBody": body(json!({"type": "object", "properties": {"title": {"type": "string"}, "body": {"type": "string"}}})),
                    "responses": {"201": ok("{\"id\"}"), "400": error_response("bad title or body")}}},
            "/threads/{id}": {"get": {"summary": "A thread's posts, 30 a page; ?author= shows one author's only",
                "responses": {"200": ok("{\"id\", \"title\", \"posts\": [{\"floor\", \"author\", \"body\", \"html\", \"quoted_floor\", ...}], ...}"), "404": error_response("no such thread"), "410": error_response("deleted")}}},
            "/threads/{id}/posts": {"post": {"summary": "Reply, optionally quoting a post (by its floor); posts are named by their floor in the thread", "security": bearer,
                "requestBody": body(json!({"type": "object", "properties": {"body": {"type": "string"}, "quote": {"type": "integer", "description": "floor of the quoted post"}}})),
                "responses": {"201": ok("{\"floor\"}"), "409": error_response("thread locked"), "410": error_response("thread deleted")}}},
            "/threads/{id}/moderate": {"post": {"summary": "Lock, unlock or delete a thread (admin)", "security": bearer,
                "requestBody": body(json!({"type": "object", "properties": {"action": {"enum": ["lock", "unlock", "delete"]}}})),
                "responses": {"200": ok("done"), "403": error_response("not an admin")}}},
            "/threads/{id}/posts/{floor}": {"patch": {"summary": "Edit one's own post (earlier versions are kept)", "security": bearer,
                "requestBody": body(json!({"type": "object", "properties": {"body": {"type": "string"}}})),
                "responses": {"200": ok("done"), "403": error_response("not the author"), "409": error_response("a game thread")}}},
            "/threads/{id}/posts/{floor}/revisions": {"get": {"summary": "Every version of a forum post (admin)", "security": bearer,
                "responses": {"200": ok("{\"revisions\"}"), "403": error_response("not an admin"), "409": error_response("a game thread")}}},
            "/games": {
                "get": {"summary": "List games, newest first", "parameters": [
                        {"name": "variant", "in": "query", "schema": {"enum": variants}, "description": "only this variant's games"},
                        {"name": "status", "in": "query", "schema": {"enum": GameStatus::ALL.map(GameStatus::name)}, "description": "only games with this status"}],
                    "responses": {"200": ok("{\"games\"}"), "400": error_response("an unknown variant, status or field")}},
                "post": {"summary": "Create a game (judge, admin); the caller is its judge", "security": bearer,
                    "requestBody": body(json!({"type": "object", "required": ["title", "variant"], "properties": {
                        "title": {"type": "string"}, "variant": {"enum": variants}, "options": {"type": "object", "description": format!("the variant's options: {}", known.options)},
                        "act_minutes": {"type": "integer"}, "characters": {"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": 32}, "description": "the game IDs to deal: trimmed and NFKC, letters, digits, single spaces and · ・ - _ . ' only, no two alike (game_id_lookalike), none passing for the judge or the system (game_id_reserved)"},
                        "deadline_time": {"type": "string", "description": "HH:MM in timezone"}, "timezone": {"type": "string"},
                        "min_seats": {"type": "integer"}, "max_seats": {"type": "integer"},
                        "remind_hours": {"type": "integer", "description": "0 to 72; default 6"},
                        "show_images": {"type": "boolean", "description": "show external images in the game's posts; default false (links)"},
                        "phase_minutes": phase_minutes,
                        "series_after": {"type": "integer", "description": "the game before this one in a series, for a variant whose rules link games (CL-3): a finished game of the same variant the caller judged; the first night may not kill that game's first-night victim again (refused series_repeat)"}}})),
                    "responses": {"201": ok("{\"id\"}"), "400": error_response("bad settings"), "403": error_response("not a judge")}}},
            "/games/{id}": {"get": {"summary": format!("The public view: status, act, `phase` {{step, act, kind: {}}}, `speaker` (the seat whose turn it is to speak, when there is one), deadline, seats (game IDs), public events (as in a replay transcript), winner, sign-ups, commitment", known.phases.join(", ")),
                "responses": {"200": ok("PublicGame"), "404": error_response("no such game")}}},
            "/games/{id}/signup": {
                "post": {"summary": "Sign up before the start", "security": bearer, "responses": {"200": ok("{\"ok\":true}"), "409": error_response("started")}},
                "delete": {"summary": "Withdraw before the start", "security": bearer, "responses": {"200": ok("{\"ok\":true}"), "409": error_response("started")}}},
            "/games/{id}/start": {"post": {"summary": "Start (its judge); `setup` (admin only) fixes the deal", "security": bearer,
                "requestBody": {"required": false, "content": {"application/json": {"schema": {"type": "object", "properties": {"setup": {"type": "object", "description": format!("`seats` [{{game_id, real_id}}] and the roles as a replay scenario gives them: {}", known.setups)}}}}}},
                "responses": {"200": ok("{\"act\":1,\"deadline\"}"), "400": error_response("a setup that is not exactly the variant's shape (unknown_field for a key it does not have; bad_request for a role left out or seats that do not fit); a game ID that breaks the rules of names (control_characters, game_id_length, game_id_characters, game_id_lookalike, game_id_reserved)"), "403": error_response("not its judge"), "409": error_response("seat count, or started")}}},
            "/games/{id}/me": {"get": {"summary": "The caller's seat: game ID, role, alive, private log, allowed actions", "security": bearer,
                "responses": {"200": ok("SeatView"), "409": error_response("not seated")}}},
            "/games/{id}/actions": {"post": {"summary": "Submit an action object exactly as in a replay scenario", "security": bearer,
                "requestBody": body(json!({"type": "object", "required": ["type"]})),
                "responses": {"200": ok("{\"ok\":true,\"reply\"}"), "400": error_response("not an action, or unknown_field"),
                              "429": error_response("rate_limited: too many actions this minute (Retry-After)"),
                              "409": ok("{\"ok\":false,\"error\"} refused by the rules, or act_closed / not_seated")}}},
            "/games/{id}/pass": {"post": {"summary": "过: the seat whose turn it is to speak (an ordered speech, a PK speech, last words; `speaker` in the game's view) ends its turn now (CL-4, CL-5); answers the phase open now (its step). A speech itself is a post in the game thread (`POST /games/{id}/threads/game`): one per turn, and only by the speaker", "security": bearer,
                "requestBody": body(json!({"type": "object", "required": ["phase"], "additionalProperties": false, "properties": {"phase": {"type": "integer", "description": "the step of the turn the seat means (`phase.step` of the game)"}}})),
                "responses": {"200": ok("{\"phase\": step}"), "403": error_response("not this game's seat token"),
                              "409": error_response("not_your_turn, not_seated, already_resolved (that turn already ended), act_not_open, game_over, game_not_started, game_paused")}}},
            "/games/{id}/resolve": {"post": {"summary": "Resolve act N, the open one, now (its judge), as its deadline would; answers the act open now (N+1). A second call for N (a double click, another instance) resolves nothing", "security": bearer,
                "requestBody": body(meant_act()),
                "responses": {"200": ok("{\"act\": N+1}"), "400": error_response("act missing or not a number"), "403": error_response("not its judge"),
                              "409": error_response("already_resolved (N is no longer the open act; nothing changed), act_not_open, game_paused, game_over, game_not_started")}}},
            "/games/{id}/threads/{kind}": {
                "get": {"summary": format!("A game thread (game, graveyard, {}), authors as game IDs; an act post's `act` has `votes` (counts per game ID) when the game's option publish_votes is on", known.teams.join(", ")), "responses": {"200": ok("{\"posts\": [{\"floor\", \"author\", \"kind\", \"body\", \"edited\", ...}], \"total\", \"page\"}"), "403": error_response("not for this reader")}},
                "post": {"summary": "Post as one's game ID", "security": bearer,
                    "requestBody": body(json!({"type": "object", "properties": {"body": {"type": "string"}}})),
                    "responses": {"201": ok("{\"floor\"}"), "409": error_response("cannot post here")}}},
            "/games/{id}/threads/{kind}/posts/{floor}": {"patch": {"summary": "Edit one's own post as the game ID (the judge: her own), while one may still post there; earlier versions are kept and public to the thread's readers", "security": bearer,
                "requestBody": body(json!({"type": "object", "properties": {"body": {"type": "string"}}})),
                "responses": {"200": ok("{\"ok\":true}"), "403": error_response("not for this reader, or not one's post"), "409": error_response("cannot_post_here, game_thread_locked")}}},
            "/games/{id}/threads/{kind}/posts/{floor}/revisions": {"get": {"summary": "Every version of a game post, for every reader of its thread; authors as game IDs",
                "responses": {"200": ok("{\"author\", \"revisions\": [{\"body\", \"created_at\"}]}"), "403": error_response("not for this reader"), "404": error_response("no such post")}}},
            "/games/{id}/reveal": {"get": {"summary": "After the end: real IDs, roles, every private action, the commitment and its text",
                "responses": {"200": ok("Reveal"), "409": error_response("not over")}}},
            "/games/{id}/replay": {"get": {"summary": "After the end: act `act` (default 1) as seat `seat` (a game ID; default the first) saw it: its private replies and events, its team threads up to then, the act's public posts and events",
                "parameters": [{"name": "seat", "in": "query", "schema": {"type": "string"}}, {"name": "act", "in": "query", "schema": {"type": "integer", "minimum": 1}}],
                "responses": {"200": ok("{\"game\", \"seat\", \"act\", \"acts\", \"role\", \"alive\", \"private\": [transcript lines], \"team\": [{\"thread\", \"floor\", \"author\", \"at\", \"html\"}], \"public\": [same], \"events\": [public events]}"), "400": error_response("act not a number, or an unknown field"), "404": error_response("no such game, not over yet, no such seat or act")}}},
            "/games/{id}/audit": {"get": {"summary": "Every event of the game with time, actor and hash (admin)", "security": bearer,
                "responses": {"200": ok("{\"events\"}"), "403": error_response("not an admin")}}},
            "/games/{id}/alias": {"post": {"summary": "Set the password of one's game-ID login (the seat's account)", "security": bearer,
                "requestBody": body(json!({"type": "object", "properties": {"password": {"type": "string"}}})),
                "responses": {"200": ok("{\"ok\":true}"), "409": error_response("not seated")}}},
            "/games/{id}/tokens": {"post": {"summary": "A token for a game ID and its own password: it reaches only that seat of that game",
                "requestBody": body(json!({"type": "object", "properties": {"game_id": {"type": "string"}, "password": {"type": "string"}}})),
                "responses": {"200": ok("{\"token\"}"), "401": error_response("wrong game ID or password"), "429": error_response("rate limited")}}},
            "/openapi.json": {"get": {"summary": "This document", "responses": {"200": ok("OpenAPI 3.1")}}}
        }
    });
    for more in [
        console_paths(),
        account_paths(),
        session_paths(),
        super::leaderboard::paths(),
        super::search::paths(),
        super::calendar::paths(),
        super::mail::paths(),
        super::moderation::paths(),
    ] {
        if let (Some(paths), Value::Object(more)) = (doc["paths"].as_object_mut(), more) {
            // A path already described gains the methods (`GET /tokens` beside `POST`).
            for (path, methods) in more {
                match (paths.get_mut(&path), methods) {
                    (Some(Value::Object(have)), Value::Object(methods)) => have.extend(methods),
                    (_, methods) => {
                        paths.insert(path, methods);
                    }
                }
            }
        }
    }
    doc
}

/// The account's sessions and API tokens: list, revoke, sign out everywhere.
fn session_paths() -> Value {
    let bearer = json!([{"bearer": []}]);
    let token = json!({"type": "object", "required": ["id", "created_at", "last_used_at", "game", "current"], "properties": {
        "id": {"type": "string", "description": "public id (not the secret, not its hash)"},
        "created_at": {"type": "string", "format": "date-time"},
        "last_used_at": {"type": ["string", "null"], "format": "date-time", "description": "recorded at most once an hour"},
        "game": {"type": ["integer", "null"], "description": "set for a game-ID login's token"},
        "current": {"type": "boolean", "description": "the token of this request"}}});
    json!({
            "/tokens": {"get": {"summary": "One's unrevoked API tokens, newest first (account tokens only; a game-ID token is 403)", "security": bearer,
                "responses": {"200": {"description": "{\"tokens\": [Token]}", "content": {"application/json": {"schema": {"type": "object", "properties": {"tokens": {"type": "array", "items": token}}}}}},
                              "401": error_response("no token"), "403": error_response("a game-ID token")}}},
            "/tokens/{id}": {"delete": {"summary": "Revoke one of one's API tokens by its public id (the calling one too)", "security": bearer,
                "responses": {"200": ok("{\"ok\":true}"), "401": error_response("no token"), "404": error_response("no such live token of this account")}}},
            "/account/sessions": {"get": {"summary": "One's live browser sessions (they end after the idle time) and that time in days", "security": bearer,
                "responses": {"200": ok("{\"sessions\": [{\"created_at\", \"last_seen_at\", \"game\"}], \"idle_days\"}"), "401": error_response("no token")}}},
            "/account/sign-out-everywhere": {"post": {"summary": "End every session and revoke every API token of the account, this one included", "security": bearer,
                "responses": {"200": ok("{\"sessions\": N, \"tokens\": N} ended"), "401": error_response("no token")}}}
    })
}

/// The judge's console and the substitute list (a second literal: one is too deep for `json!`).
fn console_paths() -> Value {
    let bearer = json!([{"bearer": []}]);
    json!({
            "/games/{id}/console": {"get": {"summary": "The judge's console (its judge, admin): the open act's submissions with real IDs and times, who owes what, a preview of the resolution (not saved), seats with their accounts and the engine's view of each (role, out, what it owes, ballot, and the variant's own facts of a seat), the ballot tally (tally, no_ballot), the game's time zone (timezone; deadlines stay ISO UTC), the substitute list", "security": bearer,
                "responses": {"200": ok("ConsoleView"), "403": error_response("not its judge, or a game-ID login"), "404": error_response("no such game")}}},
            "/games/{id}/deadline": {"post": {"summary": "Move the open act's deadline later (its judge): an ISO time, or minutes after the current deadline", "security": bearer,
                "requestBody": body(json!({"type": "object", "required": ["act"], "properties": {"act": act_property(), "deadline": {"type": "string", "format": "date-time"}, "extend_minutes": {"type": "integer"}}})),
                "responses": {"200": ok("{\"deadline\"}"), "400": error_response("act missing or not a number; bad_deadline: not a time, or minutes outside 1..43200; deadline_both: a time and minutes at once"), "403": error_response("not its judge"),
                              "409": error_response("already_resolved, act_not_open, deadline_in_past, deadline_not_later, game_paused, game_over")}}},
            "/games/{id}/pause": {"post": {"summary": "Stop the clock of act N, the open one (its judge): no resolution, submissions refused with game_paused", "security": bearer,
                "requestBody": body(meant_act()),
                "responses": {"200": ok("{\"paused\":true,\"remaining_secs\"}"), "400": error_response("act missing or not a number"), "403": error_response("not its judge"),
                              "409": error_response("already_resolved, act_not_open, already_paused, game_over")}}},
            "/games/{id}/resume": {"post": {"summary": "Start the clock of act N again (its judge): the deadline is now plus the time that was left", "security": bearer,
                "requestBody": body(meant_act()),
                "responses": {"200": ok("{\"paused\":false,\"deadline\"}"), "400": error_response("act missing or not a number"), "403": error_response("not its judge"),
                              "409": error_response("already_resolved, act_not_open, not_paused, game_over")}}},
            "/games/{id}/lock": {"post": {"summary": "Lock or unlock the game thread for the seats (its judge); the judge still posts", "security": bearer,
                "requestBody": body(json!({"type": "object", "required": ["locked"], "properties": {"locked": {"type": "boolean"}}})),
                "responses": {"200": ok("{\"locked\"}"), "403": error_response("not its judge")}}},
            "/games/{id}/end": {"post": {"summary": "End the game now with a stated reason (its judge); optionally a winner the variant knows. The reveal opens.", "security": bearer,
                "requestBody": body(json!({"type": "object", "required": ["act", "reason"], "properties": {"act": act_property(), "reason": {"type": "string"}, "winner": {"enum": Variants::read().outcomes}}})),
                "responses": {"200": ok("{\"ok\":true}"), "400": error_response("act missing or not a number"), "403": error_response("not its judge"),
                              "409": error_response("already_resolved, act_not_open, reason_required, bad_winner, game_over")}}},
            "/games/{id}/substitutes": {
                "post": {"summary": "Join the game's substitute list (替补; accounts without a seat, while running)", "security": bearer,
                    "responses": {"200": ok("{\"ok\":true}"), "409": error_response("already_seated, not running")}},
                "delete": {"summary": "Leave the substitute list", "security": bearer,
                    "responses": {"200": ok("{\"ok\":true}"), "409": error_response("not running")}}},
            "/games/{id}/substitute": {"post": {"summary": "Give a seat to another account (its judge): game ID, role and history stay with the seat; the old account loses access at once", "security": bearer,
                "requestBody": body(json!({"type": "object", "required": ["game_id", "account"], "properties": {"game_id": {"type": "string"}, "account": {"type": "string"}}})),
                "responses": {"200": ok("{\"ok\":true}"), "403": error_response("not its judge"), "404": error_response("no such seat or account"),
                              "409": error_response("already_seated, not running")}}}
    })
}

/// The signed-in account (password, notifications), profiles, and the log export.
fn account_paths() -> Value {
    let bearer = json!([{"bearer": []}]);
    json!({
            "/account/password": {"post": {"summary": "Change one's password (ends every session and other token)", "security": bearer,
                "requestBody": body(json!({"type": "object", "properties": {"old_password": {"type": "string"}, "new_password": {"type": "string"}}})),
                "responses": {"200": ok("{\"ok\":true}"), "400": error_response("new password too short or long"), "409": error_response("wrong current password")}}},
            "/notifications": {"get": {"summary": "One's notifications, newest first (a game-ID token: its game only)", "security": bearer,
                "responses": {"200": ok("{\"notifications\"}"), "401": error_response("no token")}}},
            "/notifications/read": {"post": {"summary": "Mark every notification read", "security": bearer,
                "responses": {"200": ok("{\"marked\"}")}}},
            "/account/notifications": {
                "get": {"summary": "Which notification kinds are on", "security": bearer, "responses": {"200": ok("{kind: bool}")}},
                "post": {"summary": "Turn kinds on or off", "security": bearer,
                    "requestBody": body(json!({"type": "object", "additionalProperties": {"type": "boolean"}})),
                    "responses": {"200": ok("{kind: bool}"), "400": error_response("unknown kind")}}},
            "/accounts/{name}": {"get": {"summary": "A public profile with its finished games",
                "responses": {"200": ok("{\"username\", \"role\", \"joined\", \"finished_games\"}"), "404": error_response("no such account")}}},
            "/players/{name}/record": {"get": {"summary": "A player's record: finished games only (a running game counts nowhere), wins (a draw is none), and per variant the games, wins and roles held at the end",
                "responses": {"200": ok("{\"games\", \"wins\", \"by_variant\": {VARIANT: {\"games\", \"wins\", \"roles\"}}}"), "404": error_response("no such account")}}},
            "/games/{id}/export": {"get": {"summary": "A game's log as JSON Lines with times and actors (admin)", "security": bearer,
                "responses": {"200": {"description": "JSON Lines", "content": {"application/x-ndjson": {}}}, "403": error_response("not an admin, or seated in the running game"), "404": error_response("no such game")}}}
    })
}

#[get("/openapi.json")]
async fn openapi() -> HttpResponse {
    HttpResponse::Ok().json(document())
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(openapi);
}

#[cfg(test)]
mod tests {
    /// Every route attribute under src/web/api is described in the document, with its method.
    #[test]
    fn every_api_route_is_documented() {
        let doc = super::document();
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/web/api");
        let mut checked = 0;
        for entry in std::fs::read_dir(dir).expect("api folder") {
            let text = std::fs::read_to_string(entry.expect("entry").path()).expect("source");
            for line in text.lines().map(str::trim) {
                for method in ["get", "post", "patch", "delete"] {
                    let Some(rest) = line.strip_prefix(&format!("#[{method}(\"")) else {
                        continue;
                    };
                    let path = rest.split('"').next().unwrap_or_default();
                    assert!(
                        doc["paths"][path][method].is_object(),
                        "{method} {path} is not in openapi.json"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 20, "found only {checked} routes");
    }
}
