//! Page sizes and page arithmetic shared by the lists of threads and of posts.

pub const POSTS_PER_PAGE: i64 = 30;
pub const THREADS_PER_PAGE: i64 = 30;

/// Where page `page` starts; a page past the last is the last (as the pager shows it), so any
/// page number is safe here.
pub(super) fn page_offset(page: i64, total: i64, per_page: i64) -> i64 {
    let last = ((total.max(0) + per_page - 1) / per_page).max(1);
    (page.clamp(1, last) - 1) * per_page
}

/// The page of a thread that shows `floor` (posts are never removed one by one, so floors run
/// 1, 2, 3, … without gaps).
pub fn page_of_floor(floor: i64) -> i64 {
    (floor - 1).max(0) / POSTS_PER_PAGE + 1
}
