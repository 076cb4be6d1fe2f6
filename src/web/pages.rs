//! What every page template shares, and small view helpers.

use crate::i18n::Tr;
use crate::web::viewer::Account;
use chrono::NaiveDateTime;

/// The layout's data: language, who is signed in, and the CSRF token for its forms.
pub struct PageCtx {
    pub tr: Tr,
    pub account: Option<Account>,
    pub csrf: String,
    /// Unread notifications (the bell).
    pub unread: i64,
    /// An Atom feed of this page, linked from the head.
    pub feed: Option<String>,
}

impl PageCtx {
    pub fn is_admin(&self) -> bool {
        self.account.as_ref().is_some_and(Account::is_admin)
    }

    /// Signed in with an account (not a game-ID login): may use the forum.
    pub fn forum_member(&self) -> bool {
        self.account.as_ref().is_some_and(|a| !a.is_alias())
    }

    pub fn lang_code(&self) -> &'static str {
        self.tr.lang.code()
    }
}

/// A UTC time as shown: machine-readable for the optional script that localises it, and a
/// readable UTC fallback.
pub struct TimeView {
    pub iso: String,
    pub text: String,
}

impl TimeView {
    pub fn new(t: NaiveDateTime) -> TimeView {
        TimeView {
            iso: t.format("%Y-%m-%dT%H:%M:%SZ").to_string(),
            text: t.format("%Y-%m-%d %H:%M UTC").to_string(),
        }
    }
}

/// Page links for a list of `total` items, `per_page` a page.
pub struct Pager {
    pub page: i64,
    pub pages: i64,
    /// URL up to where `page=N` is appended (ends in `?` or `&`).
    pub base: String,
}

impl Pager {
    pub fn new(page: i64, total: i64, per_page: i64, base: String) -> Pager {
        let pages = ((total + per_page - 1) / per_page).max(1);
        Pager {
            page: page.clamp(1, pages),
            pages,
            base,
        }
    }

    /// The page numbers to link: first, last, and two around the current one.
    pub fn links(&self) -> Vec<i64> {
        (1..=self.pages)
            .filter(|p| *p == 1 || *p == self.pages || (p - self.page).abs() <= 2)
            .collect()
    }

    pub fn is_current(&self, p: &i64) -> bool {
        *p == self.page
    }

    pub fn href(&self, p: &i64) -> String {
        format!("{}page={}", self.base, p)
    }
}

/// `?page=` from a query, at least 1.
pub fn page_param(p: Option<i64>) -> i64 {
    p.unwrap_or(1).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pager_counts_pages_and_links() {
        let p = Pager::new(5, 301, 30, "/t/1?".into());
        assert_eq!(p.pages, 11);
        assert_eq!(p.links(), vec![1, 3, 4, 5, 6, 7, 11]);
        assert_eq!(p.href(&2), "/t/1?page=2");
        assert_eq!(Pager::new(9, 0, 30, "?".into()).page, 1);
    }
}
