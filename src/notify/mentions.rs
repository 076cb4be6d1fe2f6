//! Mentions: `@name` in a forum post notifies the account of that name, once per post.
//!
//! The source is `post_revisions` (a new post writes its first version there, and every edit
//! one more), read after the notifier's `mentions` cursor, so an edit that adds a mention
//! notifies then; the notification's identity (account, kind, post) makes a second one for the
//! same post and account impossible. The rules are the quotes' ([`quoted_author`]): a post
//! written as a game ID (or by the judge or the system) never notifies, since that would tell
//! who is behind it; the author is never told of their own mention; an edit by someone other
//! than the author (a moderator) mentions nobody in the author's name.
//!
//! A post in a game's thread (a watcher's, in the spectators' thread: issue 41) notifies only
//! an account that may read that thread when the notifier reads the post ([`reads_post`]): a
//! living seat is never told of the spectators' thread, nor is anyone else who may not read it.
//!
//! A post that quotes an account and also mentions it notifies once: as a quote (the more
//! precise news), unless that account turned quotes off, when the mention still tells it.

use super::store;
use crate::db::DbConnection;
use crate::db::models::Post;
use crate::db::queries::users;
use crate::db::schema::{post_revisions, posts};
use crate::domain::account::name_key;
use crate::error::AppError;
use diesel::prelude::*;
use pulldown_cmark::{Event, Parser, Tag, TagEnd};

/// Accounts one post may mention (a longer list is not a conversation).
const MAX_MENTIONS: usize = 20;
/// A name's length in characters, as `domain::Username` allows it.
const NAME_CHARS: std::ops::RangeInclusive<usize> = 2..=32;

/// The character of a name (`domain::Username`): letters and digits of any script, `_ - .`.
fn name_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '-' | '.')
}

/// The names written as `@name` (or full-width `＠name`) in a post's Markdown, in order, each
/// once, as the keys accounts are found by. A name runs to the first character a name cannot
/// hold (a space, punctuation, Chinese punctuation); an `@` right after a name character (an
/// e-mail address) mentions nobody. Code spans, code blocks and block quotes (the quoted text
/// of someone else) are skipped. Each name comes with a second key, the name without trailing
/// `.`/`-`/`_` ("thanks @bob." means bob), tried when the first names nobody.
pub fn mentioned(body: &str) -> Vec<(String, Option<String>)> {
    let mut found: Vec<(String, Option<String>)> = Vec::new();
    let mut text = String::new();
    let mut code = 0u32;
    let mut quote = 0u32;
    let flush = |text: &mut String, found: &mut Vec<(String, Option<String>)>| {
        scan(text, found);
        text.clear();
    };
    for event in Parser::new(body) {
        match event {
            Event::Text(t) if code == 0 && quote == 0 => text.push_str(&t),
            Event::Start(Tag::CodeBlock(_)) => {
                flush(&mut text, &mut found);
                code += 1;
            }
            Event::End(TagEnd::CodeBlock) => code = code.saturating_sub(1),
            Event::Start(Tag::BlockQuote(_)) => {
                flush(&mut text, &mut found);
                quote += 1;
            }
            Event::End(TagEnd::BlockQuote(_)) => quote = quote.saturating_sub(1),
            // Emphasis and links keep the text around them together ("@bob**!**").
            Event::Start(Tag::Emphasis | Tag::Strong | Tag::Strikethrough | Tag::Link { .. })
            | Event::End(
                TagEnd::Emphasis | TagEnd::Strong | TagEnd::Strikethrough | TagEnd::Link,
            ) => {}
            _ => flush(&mut text, &mut found),
        }
        if found.len() >= MAX_MENTIONS {
            break;
        }
    }
    scan(&text, &mut found);
    found.truncate(MAX_MENTIONS);
    found
}

/// Adds the `@name`s of one run of text to `found`.
fn scan(text: &str, found: &mut Vec<(String, Option<String>)>) {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let at = matches!(chars[i], '@' | '＠');
        let after_name = i > 0 && name_char(chars[i - 1]);
        if !at || after_name {
            i += 1;
            continue;
        }
        let name: String = chars[i + 1..]
            .iter()
            .take_while(|c| name_char(**c))
            .collect();
        i += 1 + name.chars().count();
        let trimmed = name.trim_end_matches(['.', '-', '_']).to_string();
        let key = (NAME_CHARS.contains(&name.chars().count())).then(|| name_key(&name));
        let short = (trimmed != name && NAME_CHARS.contains(&trimmed.chars().count()))
            .then(|| name_key(&trimmed));
        let entry = match (key, short) {
            (Some(k), s) => (k, s),
            (None, Some(s)) => (s, None),
            (None, None) => continue,
        };
        if !found.iter().any(|f| f.0 == entry.0) {
            found.push(entry);
        }
    }
}

/// The account a post's quote notifies: the author of the quoted post, when neither post was
/// written as a game ID or by the system and the two authors differ.
pub fn quoted_author(c: &mut DbConnection, post: &Post) -> Result<Option<i64>, AppError> {
    if post.as_seat.is_some() || post.kind != "user" {
        return Ok(None);
    }
    let Some(quoted_id) = post.quoted_post_id else {
        return Ok(None);
    };
    let Some((quoted, _)) = store::post_with_game(c, quoted_id)? else {
        return Ok(None);
    };
    if quoted.as_seat.is_some() || quoted.kind != "user" || quoted.author_id == post.author_id {
        return Ok(None);
    }
    if !reads_post(c, post, quoted.author_id)? {
        return Ok(None);
    }
    Ok(Some(quoted.author_id))
}

/// Whether account `user_id` may read the thread of `post` now: every forum thread (a game's
/// sign-up thread among them); a game's own thread as the game says who reads it
/// (`game::posting::Standing::can_read`).
pub fn reads_post(c: &mut DbConnection, post: &Post, user_id: i64) -> Result<bool, AppError> {
    let Some(thread) = crate::db::queries::forum::thread(c, post.thread_id)? else {
        return Ok(false);
    };
    let game_id = match thread.game_id {
        Some(g) if !crate::forum::posting::is_forum_thread(&thread) => g,
        _ => return Ok(true),
    };
    let Some(which) = crate::game::posting::GameThread::parse(&thread.kind) else {
        return Ok(false);
    };
    let Some(user) = users::by_id(c, user_id)? else {
        return Ok(false);
    };
    let (row, folded) = crate::game::service::load(c, game_id)?;
    let account = crate::auth::account::Account::from_user(&user);
    let who = crate::game::posting::standing(c, &row, &folded, Some(&account))?;
    Ok(who.can_read(which))
}

/// Post versions after `after`, oldest first: (version id, its editor, its text, the post).
pub fn posts_after_revisions(
    c: &mut DbConnection,
    after: i64,
    limit: i64,
) -> QueryResult<Vec<(i64, i64, String, Post)>> {
    post_revisions::table
        .inner_join(posts::table)
        .filter(post_revisions::id.gt(after))
        .order(post_revisions::id.asc())
        .limit(limit)
        .select((
            post_revisions::id,
            post_revisions::editor_id,
            post_revisions::body,
            Post::as_select(),
        ))
        .load(c)
}

/// The accounts a version of `post` by `editor_id` with text `body` mentions: existing
/// accounts other than the author's, none when the post is a game ID's, the judge's or the
/// system's, or the editor is not its author.
pub fn accounts_mentioned(
    c: &mut DbConnection,
    editor_id: i64,
    body: &str,
    post: &Post,
) -> Result<Vec<i64>, AppError> {
    if post.as_seat.is_some() || post.kind != "user" || editor_id != post.author_id {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for (key, short) in mentioned(body) {
        let user = match users::by_key(c, &key)? {
            Some(u) => Some(u),
            None => match short {
                Some(s) => users::by_key(c, &s)?,
                None => None,
            },
        };
        if let Some(u) = user
            && u.id != post.author_id
            && !out.contains(&u.id)
            && reads_post(c, post, u.id)?
        {
            out.push(u.id);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(body: &str) -> Vec<String> {
        mentioned(body).into_iter().map(|(k, _)| k).collect()
    }

    #[test]
    fn names_end_at_spaces_and_punctuation() {
        assert_eq!(keys("hi @Bob, and @alice!"), ["bob", "alice"]);
        assert_eq!(keys("@张三，你好 @李四 来了"), ["张三", "李四"]);
        assert_eq!(keys("＠ｂｏｂ"), ["bob"]);
        assert_eq!(keys("@bob @BOB @bob"), ["bob"]);
        // Too short, or nothing after the @.
        assert!(keys("@ b @x").is_empty());
    }

    #[test]
    fn a_trailing_dot_is_tried_without_it() {
        assert_eq!(
            mentioned("thanks @bob."),
            vec![("bob.".to_string(), Some("bob".to_string()))]
        );
    }

    #[test]
    fn mail_addresses_code_and_quotes_mention_nobody() {
        assert!(keys("write to bob@example.com").is_empty());
        assert!(keys("`@bob` is how").is_empty());
        assert!(keys("```\n@bob\n```").is_empty());
        assert!(keys("> @bob said so\n\nyes").is_empty());
        assert_eq!(keys("> quoted\n\n@carol replies"), ["carol"]);
        assert_eq!(keys("**@dave**"), ["dave"]);
        assert_eq!(keys("[@erin](/u/erin)"), ["erin"]);
    }
}
