//! The signed-in account (password, notifications, e-mail, calendar), profiles, records, the
//! leaderboards and this document (`web::api::{me, mail, calendar, leaderboard, openapi}`).

use super::op::{Op, delete, get, post, put};
use super::schema::*;
use super::variants::Variants;
use crate::notify::{KINDS, renamed::OLD_NAMES};
use serde_json::{Value, json};

/// An object with a `value` for each kind of notification (every one in an answer, any in a
/// request). A request may still name a kind by its old name, deprecated (`notify::renamed`);
/// answers use the name now.
fn per_kind(value: Value, all: bool) -> Value {
    let mut fields: Vec<(&str, Value)> = KINDS.iter().map(|k| (*k, value.clone())).collect();
    if all {
        return answer(&fields);
    }
    for (old, now) in OLD_NAMES {
        let mut schema = described(
            value.clone(),
            &format!(
                "the old name of `{now}`, taken for it (deprecated: send `{now}`; answers use it); \
                 not with `{now}` in the same request"
            ),
        );
        schema["deprecated"] = json!(true);
        fields.push((old, schema));
    }
    let mut body = request(&[], &fields);
    // A kind named by both its names is refused (two values for one switch): said here so
    // that a client knows before it sends.
    let both: Vec<Value> = OLD_NAMES
        .iter()
        .map(|(old, now)| json!({"required": [old, now]}))
        .collect();
    body["not"] = json!({"anyOf": both});
    body
}

pub fn ops(known: &Variants) -> Vec<Op> {
    let mode = one_of(&["none", "now", "daily"]);
    let email = answer(&[
        ("email", nullable(text("the address in use (confirmed)"))),
        (
            "pending",
            nullable(text("an address waiting for its mailed link to be opened")),
        ),
        (
            "mail",
            json!({"type": "boolean", "description": "whether this server sends mail at all"}),
        ),
    ]);
    let email_ok = {
        let mut s = email.clone();
        s["properties"]["ok"] = json!({"const": true});
        if let Some(r) = s["required"].as_array_mut() {
            r.push("ok".into());
        }
        s
    };
    vec![
        post("/account/password", "Change one's password (ends every session and other token, and changes the calendar address)")
            .account()
            .body(request(&[("old_password", free()), ("new_password", secret(8, 128))], &[]))
            .ok(200, "changed", ok_true())
            .err(400, "new password too short or long")
            .err(409, "wrong current password"),
        get("/notifications", "One's notifications, newest first (a game-ID token: its game only)")
            .seat()
            .ok(200, "at most 100", answer(&[("notifications", array(answer(&[
                ("kind", one_of(&KINDS)),
                ("text", text("in the request's language")),
                ("href", text("the page it is about")),
                ("created_at", time()),
                ("read", boolean()),
            ])))])),
        post("/notifications/read", "Mark every notification read")
            .seat()
            .ok(200, "how many", answer(&[("marked", integer())])),
        get("/account/notifications", "Which notification kinds are on")
            .account()
            .ok(200, "every kind", per_kind(boolean(), true)),
        post("/account/notifications", "Turn kinds on or off; answers every kind")
            .account()
            .body(per_kind(boolean(), false))
            .ok(200, "every kind", per_kind(boolean(), true))
            .err(400, "an unknown kind"),
        get("/accounts/{name}", "A public profile with its finished games")
            .ok(200, "the profile", answer(&[
                ("username", string()),
                ("role", one_of(&["player", "judge", "admin"])),
                ("joined", time()),
                ("finished_games", array(answer(&[("id", integer()), ("title", string())]))),
            ]))
            .err(404, "no such account"),
        get("/admin/accounts/{name}/links", "The accounts that signed in from one of this account's networks (IPv4 /24, IPv6 /48) or browsers within the last 30 days (admins); what they share, never an address or a hash. An admin who plays in a game not yet over is not shown links involving its players")
            .account()
            .ok(200, "the linked accounts, in name order", answer(&[
                ("username", string()),
                ("links", array(answer(&[
                    ("username", string()),
                    ("kinds", array(one_of(&["net", "browser"]))),
                ]))),
            ]))
            .err(403, "not an admin")
            .err(404, "no such account"),
        get("/players/{name}/record", "A player's record: finished games only, wins (a draw is none), and per variant the games, wins and roles held at the end")
            .ok(200, "the record", answer(&[
                ("games", integer()),
                ("wins", integer()),
                ("by_variant", map(answer(&[("games", integer()), ("wins", integer()), ("roles", map(integer()))]))),
            ]))
            .err(404, "no such account"),
        get("/account/email", "One's e-mail addresses")
            .account()
            .ok(200, "the addresses", email.clone()),
        put("/account/email", "Use an address: a link is mailed to it, and mail goes there only once it is opened (48 hours); mails are written in the request's Accept-Language")
            .account()
            .body(request(&[("email", json!({"type": "string", "format": "email", "maxLength": 254}))], &[]))
            .ok(202, "the link is on its way", email_ok.clone())
            .ok(200, "the address in use already", email_ok)
            .err(400, "not an address (bad_email)")
            .err(409, "this server sends no mail (mail_off)")
            .err(429, "five links a day already"),
        delete("/account/email", "Forget one's addresses; mails waiting are withdrawn")
            .account()
            .ok(200, "forgotten", ok_true()),
        get("/account/mail", "How each kind of notification is mailed: none, now (at once) or daily (the digest)")
            .account()
            .ok(200, "every kind's mode", per_kind(mode.clone(), true)),
        put("/account/mail", "Set some kinds' modes; answers every kind's")
            .account()
            .body(per_kind(mode.clone(), false))
            .ok(200, "every kind's mode", per_kind(mode, true))
            .err(400, "an unknown kind or mode"),
        get("/account/calendar", "The address of one's private iCalendar feed of the open deadlines of the running games one plays or judges; the same address until revoked")
            .account()
            .ok(200, "the feed", answer(&[("url", json!({"type": "string", "format": "uri"}))])),
        delete("/account/calendar", "Revoke the feed's address: the old one answers 404 at once, the next GET gives a new one")
            .account()
            .ok(200, "revoked", ok_true()),
        get("/leaderboard/{variant}", "A variant's leaderboard: finished games dealt at random, rated by Weng-Lin in the order they ended (docs/ratings.md); `rating` is mu - 3 sigma, best first")
            .param("variant", one_of(&known.names))
            .ok(200, "the board", answer(&[
                ("variant", string()),
                ("players", array(answer(&[
                    ("rank", integer()),
                    ("name", string()),
                    ("rating", json!({"type": "number"})),
                    ("mu", json!({"type": "number"})),
                    ("sigma", json!({"type": "number"})),
                    ("games", integer()),
                    ("wins", integer()),
                ]))),
            ]))
            .err(404, "no variant of that name (unknown_variant)"),
        get("/openapi.json", "This document")
            .ok(200, "OpenAPI 3.1", json!({"type": "object", "required": ["openapi", "paths"]})),
    ]
}
