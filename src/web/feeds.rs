//! Atom feeds: a board's posts, and a game's public thread. A game feed names seats by game ID
//! and the judge as "the judge", never an account, exactly as the thread page does.

use crate::app::AppState;
use crate::db::models::Post;
use crate::db::queries::forum::Bodies;
use crate::db::queries::{forum, games};
use crate::db::schema::posts;
use crate::error::AppError;
use crate::forum::render;
use crate::game::threads::{ActPost, Notice};
use crate::i18n::Tr;
use crate::markdown::{Images, RENDER_VERSION};
use crate::web::games::ActView;
use crate::web::viewer::Viewer;
use actix_web::{HttpResponse, get, web};
use atom_syndication::{Content, Entry, Feed, FixedDateTime, Link, Person};
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// Entries per feed.
const ENTRIES: i64 = 50;

fn stamp(t: NaiveDateTime) -> FixedDateTime {
    t.and_utc().fixed_offset()
}

fn link(href: String, rel: &str) -> Link {
    let mut l = Link::default();
    l.set_href(href);
    l.set_rel(rel);
    l
}

/// Absolute links come from the configured public URL: the `Host` header is the client's to
/// choose, and a feed reader's cache would spread whatever host it named.
fn base_of(state: &AppState) -> String {
    state.settings.public_base()
}

/// The feed, `Last-Modified` at its newest entry (none when it has none): with the ETag of
/// [`crate::web::conditional::etag`], a reader polling an unchanged feed gets `304`.
fn respond(feed: &Feed) -> HttpResponse {
    let mut res = HttpResponse::Ok();
    res.content_type("application/atom+xml; charset=utf-8");
    let newest = std::time::SystemTime::from(*feed.updated());
    if newest > std::time::UNIX_EPOCH {
        res.insert_header(actix_web::http::header::LastModified(newest.into()));
    }
    res.body(feed.to_string())
}

/// One entry: title, link, time, author (`None`: no author element), content.
struct Item {
    id: String,
    title: String,
    href: String,
    updated: NaiveDateTime,
    author: Option<String>,
    html: bool,
    content: String,
}

/// A feed of `items`; `since` (the board's or game's creation) is its `updated` while it has no
/// entry (RFC 4287 wants one: not the epoch).
fn feed_of(
    title: String,
    base: &str,
    self_path: &str,
    page_path: &str,
    since: NaiveDateTime,
    items: Vec<Item>,
) -> Feed {
    let mut feed = Feed::default();
    feed.set_title(title);
    feed.set_id(format!("{base}{self_path}"));
    feed.set_links(vec![
        link(format!("{base}{self_path}"), "self"),
        link(format!("{base}{page_path}"), "alternate"),
    ]);
    let updated = items.iter().map(|i| i.updated).max().unwrap_or(since);
    feed.set_updated(stamp(updated));
    feed.set_entries(
        items
            .into_iter()
            .map(|i| {
                let mut e = Entry::default();
                e.set_id(format!("{base}{}", i.id));
                e.set_title(i.title);
                e.set_updated(stamp(i.updated));
                e.set_links(vec![link(format!("{base}{}", i.href), "alternate")]);
                if let Some(name) = i.author {
                    let mut p = Person::default();
                    p.set_name(name);
                    e.set_authors(vec![p]);
                }
                let mut c = Content::default();
                c.set_content_type(Some(if i.html { "html" } else { "text" }.to_string()));
                c.set_value(Some(i.content));
                e.set_content(Some(c));
                e
            })
            .collect::<Vec<Entry>>(),
    );
    feed
}

#[get(
    "/b/{slug}/feed.atom",
    wrap = "actix_web::middleware::from_fn(crate::web::page_cache::anonymous)",
    wrap = "actix_web::middleware::from_fn(crate::web::conditional::etag)"
)]
async fn board_feed(
    viewer: Viewer,
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let slug = slug.into_inner();
    let s = slug.clone();
    let (board, rows) = state
        .db(move |c| {
            let board = forum::board_by_slug(c, &s)?.ok_or(AppError::NotFound)?;
            let rows = forum::board_feed_posts(
                c,
                board.id,
                ENTRIES,
                Bodies::UnlessRenderedBy(RENDER_VERSION),
            )?;
            Ok((board, rows))
        })
        .await?;
    let tr = viewer.tr;
    let items = rows
        .into_iter()
        .map(|(mut p, thread_title, author)| {
            // A hidden post is its placeholder (docs/moderation.md), updated when hidden (and
            // again when restored).
            let (html, content) = match p.hidden_at {
                Some(_) => (false, hidden_text(&tr, &p)),
                None => (true, render::post_html(&mut p, Images::Links)),
            };
            Item {
                // Named by thread and floor: post ids count the posts of hidden threads too.
                id: format!("/t/{}/{}", p.thread_id, p.floor),
                title: thread_title,
                href: format!("/t/{}/{}", p.thread_id, p.floor),
                updated: changed_at(&p),
                author: Some(author),
                html,
                content,
            }
        })
        .collect();
    let title = viewer.tr.t1(
        "feed-board-title",
        "title",
        &crate::web::boards::board_title(&viewer.tr, &board.slug, &board.title),
    );
    let feed = feed_of(
        title,
        &base_of(&state),
        &format!("/b/{slug}/feed.atom"),
        &format!("/b/{slug}"),
        board.created_at,
        items,
    );
    Ok(respond(&feed))
}

/// An act post as plain text.
fn act_text(tr: &Tr, variant: crate::rules::Variant, a: &ActPost) -> (String, String) {
    let v = ActView::new(tr, variant, a);
    // A post that only passes the turn to speak on: its line, and who speaks next.
    if let Some(turn) = &v.turn_text {
        let next = match (&v.speaker_text, &v.deadline) {
            (Some(s), _) => s.clone(),
            (None, Some(d)) => format!("{} {}", v.next_text, d.text),
            (None, None) => v.next_text.clone(),
        };
        return (turn.clone(), next);
    }
    let mut lines = Vec::new();
    let title = match (v.resolved, v.opens) {
        (Some(_), _) => v.resolved_title.clone(),
        (None, Some(_)) => v.opening_text.clone(),
        _ => tr.t("feed-act"),
    };
    if v.resolved.is_some() {
        if v.events.is_empty() {
            lines.push(tr.t("thread-act-quiet"));
        } else {
            // A vote round's ballots on its line, after its title ("Round 1 ballots: A → B, …").
            lines.extend(v.events.iter().map(|e| {
                if e.ballots.is_empty() {
                    e.text.clone()
                } else {
                    format!("{} {}", e.text, e.ballots.join(tr.t("list-sep").as_str()))
                }
            }));
        }
        if v.nobody_voted_out {
            lines.push(tr.t("thread-act-nobody-voted-out"));
        }
        if let Some(votes) = &v.votes {
            lines.push(tr.t("thread-act-votes"));
            if votes.is_empty() {
                lines.push(tr.t("thread-act-votes-none"));
            }
            lines.extend(votes.iter().cloned());
        }
    }
    lines.push(tr.t1("thread-act-alive", "names", &v.alive));
    if let Some(w) = &v.winner {
        lines.push(tr.t1("thread-act-winner", "winner", w));
    }
    if v.resolved.is_some() && v.opens.is_some() {
        let mut next = v.next_text.clone();
        if let Some(d) = &v.deadline {
            next = format!("{next} {}", d.text);
        }
        lines.push(next);
    }
    (title, lines.join("\n"))
}

#[get(
    "/games/{id}/feed.atom",
    wrap = "actix_web::middleware::from_fn(crate::web::page_cache::anonymous)",
    wrap = "actix_web::middleware::from_fn(crate::web::conditional::etag)"
)]
async fn game_feed(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let game_id = *id;
    let (title, since, variant, rows, names, images) = state
        .db(move |c| {
            let row = games::get(c, game_id)?.ok_or(AppError::NotFound)?;
            let rows = match row.game_thread_id {
                Some(t) => posts::table
                    .filter(posts::thread_id.eq(t))
                    .order(posts::floor.desc())
                    .limit(ENTRIES)
                    .select(Post::as_select())
                    .load(c)?,
                None => Vec::new(),
            };
            let names: std::collections::HashMap<i32, String> =
                games::seat_names(c, game_id)?.into_iter().collect();
            let images = crate::game::settings::GameSettings::images_of(&row.settings);
            let variant = crate::game::stored::variant_of(&row)?;
            Ok((row.title, row.created_at, variant, rows, names, images))
        })
        .await?;
    let tr = viewer.tr;
    // Named by floor: post ids count the posts of hidden threads (the teams') too.
    let href = |p: &Post| {
        format!(
            "/games/{game_id}/threads/game?page={}#p{}",
            forum::page_of_floor(p.floor),
            p.floor
        )
    };
    let items = rows
        .into_iter()
        .map(|mut p| {
            let act = (p.kind == "act")
                .then(|| serde_json::from_str::<ActPost>(&p.body).ok())
                .flatten();
            match act {
                Some(a) => {
                    let (t, text) = act_text(&tr, variant, &a);
                    Item {
                        id: href(&p),
                        title: t,
                        href: href(&p),
                        updated: p.created_at,
                        // RFC 4287 §4.1.2: every entry has an author (or the feed one).
                        author: Some(tr.t("feed-act-author")),
                        html: false,
                        content: text,
                    }
                }
                None => {
                    // A seat's game ID, or the judge: never the account behind it.
                    let author = match p.as_seat.and_then(|s| names.get(&s).cloned()) {
                        Some(name) => name,
                        None => tr.t("feed-judge"),
                    };
                    // A notice of the judge's clock is told in the reader's language.
                    let notice = (p.kind == "notice")
                        .then(|| serde_json::from_str::<Notice>(&p.body).ok())
                        .flatten();
                    let (html, content) = match (notice, p.hidden_at) {
                        (Some(n), _) => (false, crate::web::games::notice_text(&tr, &n)),
                        (None, Some(_)) => (false, hidden_text(&tr, &p)),
                        (None, None) => (true, render::post_html(&mut p, images)),
                    };
                    Item {
                        id: href(&p),
                        title: tr.t1("feed-post-by", "name", &author),
                        href: href(&p),
                        updated: changed_at(&p),
                        author: Some(author),
                        html,
                        content,
                    }
                }
            }
        })
        .collect();
    let feed = feed_of(
        tr.t1("feed-game-title", "title", &title),
        &base_of(&state),
        &format!("/games/{game_id}/feed.atom"),
        &format!("/games/{game_id}/threads/game"),
        since,
        items,
    );
    Ok(respond(&feed))
}

/// A hidden post's entry: the placeholder and its public reason, as plain text.
fn hidden_text(tr: &Tr, p: &Post) -> String {
    let reason = p.hidden_reason.as_deref().unwrap_or("");
    let notice = tr.t("moderation-hidden");
    if reason.is_empty() {
        notice
    } else {
        format!(
            "{notice} {}",
            tr.t1("moderation-hidden-reason", "reason", &reason)
        )
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(board_feed).service(game_feed);
}

/// When a post last changed as a feed shows it: written, edited, hidden or restored.
fn changed_at(p: &Post) -> NaiveDateTime {
    [p.edited_at, p.hidden_at, p.restored_at]
        .into_iter()
        .flatten()
        .fold(p.created_at, NaiveDateTime::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").expect("time")
    }

    #[test]
    fn a_restored_post_is_newer_than_its_hiding() {
        let mut p = Post {
            id: 1,
            thread_id: 1,
            author_id: 1,
            body: String::new(),
            quoted_post_id: None,
            created_at: at("2026-12-01 10:00"),
            edited_at: Some(at("2026-12-01 11:00")),
            as_seat: None,
            kind: "user".into(),
            floor: 1,
            html: String::new(),
            html_version: 1,
            hidden_at: None,
            hidden_reason: None,
            restored_at: None,
        };
        assert_eq!(changed_at(&p), at("2026-12-01 11:00"), "edited");
        p.hidden_at = Some(at("2026-12-01 12:00"));
        assert_eq!(changed_at(&p), at("2026-12-01 12:00"), "hidden");
        // Restored: `hidden_at` is cleared, and the entry is newer than its placeholder was.
        p.hidden_at = None;
        p.restored_at = Some(at("2026-12-01 13:00"));
        assert_eq!(changed_at(&p), at("2026-12-01 13:00"), "restored");
    }
}
