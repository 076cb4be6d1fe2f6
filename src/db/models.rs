//! Rows as they are stored.

use super::schema::*;
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
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = posts)]
pub struct Post {
    pub id: i64,
    pub thread_id: i64,
    pub author_id: i64,
    pub body: String,
    pub quoted_post_id: Option<i64>,
    pub created_at: NaiveDateTime,
    pub edited_at: Option<NaiveDateTime>,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = post_revisions)]
pub struct PostRevision {
    pub id: i64,
    pub post_id: i64,
    pub editor_id: i64,
    pub body: String,
    pub created_at: NaiveDateTime,
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
}
