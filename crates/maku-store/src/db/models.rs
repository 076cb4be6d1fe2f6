//! Rows as they are stored.

use super::schema::*;
use crate::domain::GameStatus;
use chrono::NaiveDateTime;
use diesel::prelude::*;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = users)]
pub struct User {
    pub id: i64,
    pub username: String,
    pub username_key: String,
    pub password_hash: String,
    pub role: String,
    pub created_at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(table_name = users)]
pub struct NewUser<'a> {
    pub username: &'a str,
    pub username_key: &'a str,
    pub name_skeleton: Option<&'a str>,
    pub password_hash: &'a str,
    pub role: &'a str,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = boards)]
pub struct Board {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub description: String,
    pub position: i32,
    pub created_at: NaiveDateTime,
    /// Its listed threads that are not deleted (kept by thread creation and deletion).
    pub listed_threads: i64,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = threads)]
pub struct Thread {
    pub id: i64,
    pub board_id: i64,
    pub author_id: i64,
    pub title: String,
    pub locked: bool,
    pub created_at: NaiveDateTime,
    pub last_post_at: NaiveDateTime,
    pub deleted_at: Option<NaiveDateTime>,
    /// `forum`, `signup`, `game`, `graveyard` or `kira`.
    pub kind: String,
    pub game_id: Option<i64>,
    /// The floor of its newest post: its number of posts (floors have no gaps).
    pub last_floor: i64,
    /// Its newest post (for unread marks).
    pub last_post_id: Option<i64>,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = posts)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct Post {
    pub id: i64,
    pub thread_id: i64,
    pub author_id: i64,
    /// Empty once the post is hidden by a moderator: the row keeps the text (the admins' audit
    /// reads it there), but no page, feed or API answer reading a `Post` can show it.
    #[diesel(
        select_expression = diesel::dsl::case_when(posts::hidden_at.is_null(), posts::body)
            .otherwise(""),
        select_expression_type = HiddenIsEmpty<posts::body>
    )]
    pub body: String,
    pub quoted_post_id: Option<i64>,
    pub created_at: NaiveDateTime,
    pub edited_at: Option<NaiveDateTime>,
    /// In a game thread: the seat whose game ID wrote it.
    pub as_seat: Option<i32>,
    /// `user`, or `act` for an act post written by the system (body: JSON).
    pub kind: String,
    /// The post's place in its thread (楼层), 1, 2, 3, …: what public URLs, anchors and API
    /// objects name it by. `id` is one sequence over every thread, private ones included, so its
    /// gaps would count hidden posts: it never leaves the server.
    pub floor: i64,
    /// The sanitised HTML of `body`, rendered when it was written (empty for system posts).
    /// Read as bytes and checked once ([`crate::db::text`]): pages read it most.
    #[diesel(
        deserialize_as = crate::db::text::CheckedText,
        select_expression = crate::db::text::TextBytes(
            diesel::dsl::case_when(posts::hidden_at.is_null(), posts::html).otherwise("")
        ),
        select_expression_type = crate::db::text::TextBytes<HiddenIsEmpty<posts::html>>
    )]
    pub html: String,
    /// The renderer's version that made `html` (0: never rendered).
    pub html_version: i32,
    /// Hidden by a moderator (docs/moderation.md): `body` and `html` read empty.
    pub hidden_at: Option<NaiveDateTime>,
    /// Why, shown with the placeholder.
    pub hidden_reason: Option<String>,
    /// When a moderator last restored it after hiding it.
    pub restored_at: Option<NaiveDateTime>,
}

/// A post's text column as [`Post`] reads it: empty once the post is hidden.
pub type HiddenIsEmpty<C> = diesel::dsl::Otherwise<
    diesel::dsl::case_when<diesel::dsl::IsNull<posts::hidden_at>, C>,
    &'static str,
>;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = post_revisions)]
pub struct PostRevision {
    pub id: i64,
    pub post_id: i64,
    pub editor_id: i64,
    pub body: String,
    pub created_at: NaiveDateTime,
    /// As for [`Post::html`].
    pub html: String,
    pub html_version: i32,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = account_events)]
pub struct AccountEvent {
    pub id: i64,
    pub user_id: Option<i64>,
    pub actor_id: Option<i64>,
    pub kind: String,
    pub detail: String,
    pub created_at: NaiveDateTime,
    /// Position in the account's stream (1, 2, …).
    pub seq: i64,
    /// Chained to the previous event of the same stream (see `audit`).
    pub hash: String,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = games)]
pub struct GameRow {
    pub id: i64,
    pub title: String,
    pub variant: String,
    pub judge_id: i64,
    pub settings: String,
    /// Parsed where the row is read: a stored status that is none of the known ones fails the
    /// read rather than reaching a page.
    #[diesel(deserialize_as = String)]
    pub status: GameStatus,
    pub signup_thread_id: Option<i64>,
    pub game_thread_id: Option<i64>,
    pub graveyard_thread_id: Option<i64>,
    /// The variant's private team thread (`rules::Variant::team_thread`; Death Note: the
    /// joined Kiras'). The column keeps its first name.
    #[diesel(column_name = kira_thread_id)]
    pub team_thread_id: Option<i64>,
    pub fixed_deal: bool,
    pub created_at: NaiveDateTime,
    /// The leaderboard its finish counts on (`rules::Variant::board`).
    pub board: String,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = game_events)]
pub struct GameEventRow {
    pub id: i64,
    pub game_id: i64,
    pub seq: i64,
    pub kind: String,
    pub actor_id: Option<i64>,
    pub payload: String,
    pub created_at: NaiveDateTime,
    pub hash: String,
}
