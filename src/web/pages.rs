//! What every page template shares, and small view helpers.

use crate::auth::account::Account;
use crate::i18n::Tr;
use chrono::NaiveDateTime;

/// The layout's data: language, who is signed in, and the CSRF token for its forms.
/// A sentence with the rule it applies, if any (a tooltip): an engine's or a setup's message,
/// ready to draw.
pub struct RuledLine {
    pub text: String,
    pub rule: Option<&'static str>,
}

impl RuledLine {
    pub fn of(tr: &Tr, m: &crate::rules::Message) -> RuledLine {
        RuledLine {
            text: tr.say(m),
            rule: m.applies(),
        }
    }
}

pub struct PageCtx {
    pub tr: Tr,
    pub account: Option<Account>,
    pub csrf: String,
    /// Unread notifications (the bell).
    pub unread: i64,
    /// An Atom feed of this page, linked from the head.
    pub feed: Option<String>,
    /// The page does not know whether its reader is signed in (an error page of a request with
    /// a session cookie): the menu shows neither an account's links nor the sign-in ones.
    pub account_unknown: bool,
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

    /// The longest post body, in characters: post boxes carry it (`data-max-chars`) for the
    /// script's counter.
    pub fn body_limit(&self) -> usize {
        crate::domain::PostBody::MAX_CHARS
    }
}

/// A UTC time as shown: machine-readable for the optional script that localises it, and a
/// readable UTC fallback.
#[derive(Clone)]
pub struct TimeView {
    pub iso: String,
    pub text: String,
}

impl TimeView {
    /// Written field by field: a thread page makes one per post, and `format` with a
    /// strftime string parses that string every time (a tenth of a page's time).
    pub fn new(t: NaiveDateTime) -> TimeView {
        use chrono::{Datelike, Timelike};
        let (y, mo, d) = (t.year(), t.month(), t.day());
        let (h, mi, s) = (t.hour(), t.minute(), t.second());
        TimeView {
            iso: format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}Z"),
            text: format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02} UTC"),
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

/// The number of pages of `total` items (at least one, an empty page).
pub fn page_count(total: i64, per_page: i64) -> i64 {
    ((total.max(0) + per_page - 1) / per_page).max(1)
}

/// The page shown for a request of `page`: past the last one, the last one.
pub fn shown_page(page: i64, total: i64, per_page: i64) -> i64 {
    page.clamp(1, page_count(total, per_page))
}

impl Pager {
    pub fn new(page: i64, total: i64, per_page: i64, base: String) -> Pager {
        Pager {
            page: shown_page(page, total, per_page),
            pages: page_count(total, per_page),
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

/// `?page=` as typed. Any run of digits is taken, however long (saturating: a page past the
/// last shows the last, so `99999999999999999999` must not be a 400 or an overflow); a
/// negative number counts as the first page; anything else is a 400.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageNumber(pub i64);

impl<'de> serde::Deserialize<'de> for PageNumber {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<PageNumber, D::Error> {
        struct Digits;
        impl serde::de::Visitor<'_> for Digits {
            type Value = PageNumber;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a page number")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<PageNumber, E> {
                let s = s.trim();
                let (negative, digits) = match s.strip_prefix('-') {
                    Some(rest) => (true, rest),
                    None => (false, s.strip_prefix('+').unwrap_or(s)),
                };
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(E::custom("the page must be a number"));
                }
                if negative {
                    return Ok(PageNumber(1));
                }
                Ok(PageNumber(digits.parse().unwrap_or(i64::MAX)))
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<PageNumber, E> {
                Ok(PageNumber(i64::try_from(n).unwrap_or(i64::MAX)))
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<PageNumber, E> {
                Ok(PageNumber(n))
            }
        }
        d.deserialize_any(Digits)
    }
}

/// `?page=` from a query, at least 1.
pub fn page_param(p: Option<PageNumber>) -> i64 {
    p.map_or(1, |p| p.0).max(1)
}

/// The attributes of a field a refusal is about, tied to the message `_form_error.html` shows
/// (accessibility review of issue 38): `aria-invalid` and `aria-describedby`; empty for any
/// other field. Written into a tag with `|safe` (constant text).
pub fn invalid_attrs(invalid: &str, field: &str) -> &'static str {
    if !invalid.is_empty() && invalid == field {
        r#" aria-invalid="true" aria-describedby="form-error""#
    } else {
        ""
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_time_reads_as_strftime_wrote_it() {
        for t in [
            "2026-12-01T09:05:07",
            "0999-01-31T23:59:59",
            "2024-02-29T00:00:00",
        ] {
            let t: NaiveDateTime = t.parse().expect("time");
            let v = TimeView::new(t);
            assert_eq!(v.iso, t.format("%Y-%m-%dT%H:%M:%SZ").to_string());
            assert_eq!(v.text, t.format("%Y-%m-%d %H:%M UTC").to_string());
        }
    }

    use super::*;

    #[test]
    fn pager_counts_pages_and_links() {
        let p = Pager::new(5, 301, 30, "/t/1?".into());
        assert_eq!(p.pages, 11);
        assert_eq!(p.links(), vec![1, 3, 4, 5, 6, 7, 11]);
        assert_eq!(p.href(&2), "/t/1?page=2");
        assert_eq!(Pager::new(9, 0, 30, "?".into()).page, 1);
        assert_eq!(Pager::new(i64::MAX, 31, 30, "?".into()).page, 2);
    }

    #[derive(serde::Deserialize)]
    struct Q {
        page: Option<PageNumber>,
    }

    fn page_of(query: &str) -> Result<i64, String> {
        actix_web::web::Query::<Q>::from_query(query)
            .map(|q| page_param(q.page))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn page_numbers_saturate_instead_of_failing() {
        assert_eq!(page_of(""), Ok(1));
        assert_eq!(page_of("page=3"), Ok(3));
        assert_eq!(page_of("page=0"), Ok(1));
        assert_eq!(page_of("page=-4"), Ok(1));
        assert_eq!(page_of("page=99999999999999999999"), Ok(i64::MAX));
        assert!(page_of("page=two").is_err());
    }
}
