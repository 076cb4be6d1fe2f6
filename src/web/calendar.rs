//! The private deadline calendar: the feed at its secret address (`/calendar/{token}.ics`), the
//! account page that shows the address and revokes it, and the iCalendar text (RFC 5545).
//!
//! The text is written here rather than with the `icalendar` crate: that crate writes a
//! `DTSTAMP` of the current time and a random `UID` into every `VALARM` it prints (RFC 5545
//! allows neither there), so each fetch of an unchanged feed would differ and no reader could be
//! answered `304`. What the feed needs is small: escaped TEXT values, lines folded at 75 octets
//! without splitting a UTF-8 character, CRLF (docs/dependencies.md).

use crate::app::AppState;
use crate::error::AppError;
use crate::game::calendar::{self as service, FeedEvent};
use crate::i18n::{Lang, Tr};
use crate::web::flash::{self, Flash};
use crate::web::pages::PageCtx;
use crate::web::posted::{NoFields, Posted};
use crate::web::viewer::{Viewer, lang_of};
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use askama::Template;
use askama_web::WebTemplate;
use chrono::NaiveDateTime;
use serde::Deserialize;

/// How long a calendar client may keep the feed before asking again (also its
/// `REFRESH-INTERVAL`): short, so a moved deadline reaches the phone soon.
const MAX_AGE_SECS: u32 = 300;
/// How long each deadline's event lasts in the calendar (from the deadline on).
const EVENT_MINUTES: u32 = 15;

/// The feed's address for `token`, from the configured public URL (never the request's `Host`).
pub fn feed_url(state: &AppState, token: &str) -> String {
    format!("{}/calendar/{token}.ics", state.settings.public_base())
}

/// An iCalendar document being written: content lines, each folded and ended with CRLF.
#[derive(Default)]
pub struct Ics {
    out: String,
}

/// Escapes a TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma, and line breaks as
/// `\n`.
pub fn escape_text(value: &str) -> String {
    let mut s = String::with_capacity(value.len());
    for ch in value.chars() {
        match ch {
            '\\' => s.push_str("\\\\"),
            ';' => s.push_str("\\;"),
            ',' => s.push_str("\\,"),
            '\n' => s.push_str("\\n"),
            '\r' => {}
            c => s.push(c),
        }
    }
    s
}

/// Folds one content line (RFC 5545 §3.1): no line longer than 75 octets, a continuation
/// starting with one space, and never in the middle of a UTF-8 character.
pub fn fold(line: &str) -> String {
    const LIMIT: usize = 75;
    let mut out = String::with_capacity(line.len() + line.len() / LIMIT * 3);
    let mut used = 0;
    for ch in line.chars() {
        let n = ch.len_utf8();
        if used + n > LIMIT {
            out.push_str("\r\n ");
            used = 1;
        }
        out.push(ch);
        used += n;
    }
    out
}

impl Ics {
    /// A line whose value is written as given (dates, durations, URIs, fixed words).
    pub fn raw(&mut self, name: &str, value: &str) -> &mut Self {
        self.out.push_str(&fold(&format!("{name}:{value}")));
        self.out.push_str("\r\n");
        self
    }

    /// A line whose value is TEXT, escaped.
    pub fn text(&mut self, name: &str, value: &str) -> &mut Self {
        self.raw(name, &escape_text(value))
    }

    pub fn finish(self) -> String {
        self.out
    }
}

/// A stored UTC time as iCalendar's UTC form, `20261201T200000Z`.
fn utc(t: NaiveDateTime) -> String {
    t.format("%Y%m%dT%H%M%SZ").to_string()
}

/// The host part of the events' UIDs: the site's host, so two sites' events never meet.
fn uid_host(base: &str) -> String {
    url::Url::parse(base)
        .ok()
        .and_then(|u| u.host_str().map(str::to_string))
        .unwrap_or_else(|| "maku".to_string())
}

/// The whole feed: one VEVENT per open deadline, each identified by its game and step, so that
/// a moved deadline moves the same event, with a reminder an hour before.
pub fn calendar_text(tr: &Tr, base: &str, events: &[FeedEvent]) -> String {
    let host = uid_host(base);
    let mut ics = Ics::default();
    ics.raw("BEGIN", "VCALENDAR")
        .raw("VERSION", "2.0")
        .raw("PRODID", "-//maku//deadlines//EN")
        .raw("CALSCALE", "GREGORIAN")
        .raw("METHOD", "PUBLISH")
        .text("X-WR-CALNAME", &tr.t("calendar-name"))
        .raw(
            "REFRESH-INTERVAL;VALUE=DURATION",
            &format!("PT{MAX_AGE_SECS}S"),
        )
        .raw("X-PUBLISHED-TTL", &format!("PT{MAX_AGE_SECS}S"));
    for e in events {
        let phase = crate::web::games::phase_suffix(tr, e.phase.as_ref().map(|p| p.kind.as_str()));
        let summary = if e.starts {
            tr.t1("calendar-summary-start", "title", &e.title)
        } else {
            tr.ta(
                "calendar-summary",
                &[
                    ("title", e.title.clone()),
                    ("act", e.act.to_string()),
                    ("phase", phase),
                ],
            )
        };
        // A scheduled start is its own event: it never becomes the first phase's deadline.
        let uid = if e.starts {
            format!("maku-game-{}-start@{host}", e.game_id)
        } else {
            format!("maku-game-{}-step-{}@{host}", e.game_id, e.step)
        };
        let link = format!("{base}/games/{}", e.game_id);
        let role = if e.judging {
            tr.t("calendar-as-judge")
        } else {
            tr.t("calendar-as-player")
        };
        let description = format!("{role}\n{link}");
        ics.raw("BEGIN", "VEVENT")
            .raw("UID", &uid)
            .raw("DTSTAMP", &utc(e.changed))
            .raw("LAST-MODIFIED", &utc(e.changed))
            .raw("DTSTART", &utc(e.due_at))
            .raw("DURATION", &format!("PT{EVENT_MINUTES}M"))
            .text("SUMMARY", &summary)
            .text("DESCRIPTION", &description)
            .raw("URL;VALUE=URI", &link)
            .raw("TRANSP", "TRANSPARENT")
            .raw("BEGIN", "VALARM")
            .raw("ACTION", "DISPLAY")
            .raw("TRIGGER", "-PT1H")
            .text("DESCRIPTION", &summary)
            .raw("END", "VALARM")
            .raw("END", "VEVENT");
    }
    if events.is_empty() {
        empty_component(&mut ics);
    }
    ics.raw("END", "VCALENDAR");
    ics.finish()
}

/// The one component of a feed with no deadline. RFC 5545 §3.6 wants at least one component in
/// a VCALENDAR (`icalbody = calprops component`, `component = 1*(…)`), and strict parsers
/// refuse one without; many feeds send none, but a placeholder VEVENT would put a false event
/// in the reader's calendar. A VTIMEZONE is a calendar component (§3.6.5) that shows nothing:
/// UTC, the zone every time of the feed is written in (`…Z`), with its one STANDARD
/// observance (§3.6.5 requires one), so it is valid and inert.
fn empty_component(ics: &mut Ics) {
    ics.raw("BEGIN", "VTIMEZONE")
        .raw("TZID", "UTC")
        .raw("BEGIN", "STANDARD")
        .raw("DTSTART", "19700101T000000")
        .raw("TZOFFSETFROM", "+0000")
        .raw("TZOFFSETTO", "+0000")
        .raw("TZNAME", "UTC")
        .raw("END", "STANDARD")
        .raw("END", "VTIMEZONE");
}

#[derive(Deserialize)]
pub struct FeedQuery {
    lang: Option<String>,
}

/// The feed. An unknown, malformed or revoked token is the same 404 as any unknown address.
/// The words are in `?lang=` (the account page adds its reader's language), else the client's
/// `Accept-Language`, else Chinese. `private`: no shared cache keeps it.
#[get(
    "/calendar/{file}",
    wrap = "actix_web::middleware::from_fn(crate::web::conditional::etag)"
)]
async fn calendar_feed(
    req: HttpRequest,
    state: web::Data<AppState>,
    file: web::Path<String>,
    query: web::Query<FeedQuery>,
) -> Result<HttpResponse, AppError> {
    let token = file
        .into_inner()
        .strip_suffix(".ics")
        .ok_or(AppError::NotFound)?
        .to_string();
    let events = service::feed(&state, token)
        .await?
        .ok_or(AppError::NotFound)?;
    let lang = query
        .lang
        .as_deref()
        .and_then(Lang::from_code)
        .unwrap_or_else(|| lang_of(&req));
    let body = calendar_text(&Tr::new(lang), &state.settings.public_base(), &events);
    Ok(HttpResponse::Ok()
        .content_type("text/calendar; charset=utf-8")
        .insert_header((
            header::CACHE_CONTROL,
            format!("private, max-age={MAX_AGE_SECS}"),
        ))
        .insert_header(("X-Robots-Tag", "noindex"))
        .body(body))
}

#[derive(Template, WebTemplate)]
#[template(path = "accounts/calendar.html")]
struct CalendarPage {
    page: PageCtx,
    /// The feed's address, in the reader's language.
    url: String,
    revoked: bool,
}

const PAGE_PATH: &str = "/account/calendar";

/// The account's feed address (made the first time), to copy into a calendar app, and the
/// button that replaces it. A game-ID login has none: its account is the game's, not a person's.
#[get("/account/calendar")]
async fn calendar_page(
    viewer: Viewer,
    state: web::Data<AppState>,
) -> Result<CalendarPage, AppError> {
    let account = viewer.require()?;
    if account.is_alias() {
        return Err(AppError::Forbidden);
    }
    let token = service::token(&state, account.id).await?;
    let revoked = flash::take(&state, &viewer, PAGE_PATH)
        .await?
        .is_some_and(|f| f.ok);
    let url = format!(
        "{}?lang={}",
        feed_url(&state, &token),
        viewer.tr.lang.code()
    );
    Ok(CalendarPage {
        page: viewer.page(),
        url,
        revoked,
    })
}

/// Replaces the feed's address: the old one answers 404 from now on.
#[post("/account/calendar/revoke")]
async fn calendar_revoke(
    state: web::Data<AppState>,
    Posted { viewer, .. }: Posted<NoFields>,
) -> Result<HttpResponse, AppError> {
    let account = viewer.require()?;
    if account.is_alias() {
        return Err(AppError::Forbidden);
    }
    service::revoke(&state, account.id).await?;
    let f = Flash::notice(viewer.tr.t("calendar-revoked"));
    flash::redirect(&state, &viewer, PAGE_PATH, f).await
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(calendar_feed)
        .service(calendar_page)
        .service(calendar_revoke);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_feed_is_stable_escaped_and_folded() {
        let at = |s: &str| NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").expect("time");
        let events = vec![FeedEvent {
            game_id: 7,
            title: "月夜, 第一局; 很长很长很长很长很长很长很长很长的标题".to_string(),
            step: 3,
            act: 3,
            phase: None,
            due_at: at("2026-12-20 12:00"),
            changed: at("2026-12-19 08:30"),
            judging: false,
            starts: false,
        }];
        let tr = Tr::new(Lang::Zh);
        let text = calendar_text(&tr, "https://maku.example", &events);
        assert_eq!(text, calendar_text(&tr, "https://maku.example", &events));
        assert!(text.contains("UID:maku-game-7-step-3@maku.example\r\n"));
        assert!(text.contains("DTSTART:20261220T120000Z\r\n"));
        assert!(text.contains("DTSTAMP:20261219T083000Z\r\n"));
        assert!(text.contains("URL;VALUE=URI:https://maku.example/games/7\r\n"));
        assert!(text.lines().all(|l| l.len() <= 76), "{text}");
        let unfolded = text.replace("\r\n ", "");
        assert!(
            unfolded.contains("SUMMARY:月夜\\, 第一局\\; 很长"),
            "{unfolded}"
        );
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape_text("a,b;c\\d\ne\r"), "a\\,b\\;c\\\\d\\ne");
    }

    #[test]
    fn long_lines_fold_at_75_octets_on_character_boundaries() {
        let line = format!("SUMMARY:{}", "幕后杀手，".repeat(20));
        let folded = fold(&line);
        let parts: Vec<&str> = folded.split("\r\n").collect();
        assert!(parts.len() > 1);
        for (i, p) in parts.iter().enumerate() {
            assert!(p.len() <= 75, "{i}: {} octets", p.len());
            if i > 0 {
                assert!(p.starts_with(' '));
            }
        }
        let unfolded: String = parts
            .iter()
            .enumerate()
            .map(|(i, p)| if i == 0 { *p } else { &p[1..] })
            .collect();
        assert_eq!(unfolded, line);
        assert_eq!(fold("SHORT:x"), "SHORT:x");
    }
}
