//! Boards, threads, posts, revisions and read markers.
//!
//! One idea a file: `boards`, `threads`, `posts` (appending and finding one), `revisions`
//! (edits), `post_pages` (pages of posts and the board feed), `paging` (page sizes and
//! arithmetic), `read_marks`.

mod boards;
mod listed;
mod paging;
mod post_pages;
mod posts;
mod read_marks;
mod revisions;
mod threads;

pub use boards::{
    GAMES_BOARD, GAMES_BOARD_TITLE, GAMES_BOARD_TITLE_OLD, board_by_id, board_by_slug, boards,
    create_board, games_board,
};
pub use paging::{POSTS_PER_PAGE, THREADS_PER_PAGE, page_of_floor};
pub use post_pages::{Bodies, board_feed_posts, named_posts_page, posts_page, user_id_by_key};
pub use posts::{
    Html, NewPost, add_post, floors_of, post, post_at, post_changed, posts_since_last_act,
};
pub use read_marks::{mark_read, read_marks};
pub use revisions::{edit_post, edited_posts, revisions};
pub(crate) use threads::count_listed;
pub use threads::{
    ThreadKey, create_game_thread, create_thread, delete_thread, game_thread_of_kind, set_locked,
    thread, threads_of_board,
};
