//! What every page template shares, and small view helpers.

use crate::auth::account::Account;
use crate::db::queries::keyset::{Edges, PageKey, Seek};
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
    /// A list paged by keys: the `before=` / `after=` parts of the links to the pages near
    /// this one (`keyset::KeyedPage`); `None` for a list paged by number (a thread's floors).
    near: Option<Near>,
}

/// The key parts of the links to the one and two pages either side.
struct Near {
    back: Vec<String>,
    ahead: Vec<String>,
}

/// One link of a pager.
pub struct PageLink {
    pub number: i64,
    /// `None` for the page shown.
    pub href: Option<String>,
}

pub use crate::db::queries::keyset::page_count;

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
            near: None,
        }
    }

    /// The pager of a page read by key. Its number is the one the link said (`page`), but
    /// the first page is 1 and the last is the last whatever a link said: pages shift as
    /// threads move up, and the ends are known.
    pub fn keyed<K: PageKey>(
        page: i64,
        total: i64,
        per_page: i64,
        base: String,
        near: &Edges<K>,
    ) -> Pager {
        let pages = page_count(total, per_page);
        let page = near.page_number(page, total, per_page);
        let link = |keys: &[K], word: &str| {
            keys.iter()
                .map(|k| format!("{word}={}", k.encode()))
                .collect()
        };
        Pager {
            page,
            pages,
            base,
            near: Some(Near {
                back: link(&near.back, "before"),
                ahead: link(&near.ahead, "after"),
            }),
        }
    }

    /// The pages to link: first, last, and two around the current one. A keyed list links the
    /// pages near this one by key (so a walk through them sees each row once while rows move),
    /// the far ends by number (read from their ends).
    pub fn links(&self) -> Vec<PageLink> {
        (1..=self.pages)
            .filter(|p| *p == 1 || *p == self.pages || (p - self.page).abs() <= 2)
            .filter_map(|p| {
                if p == self.page {
                    return Some(PageLink {
                        number: p,
                        href: None,
                    });
                }
                let key = match &self.near {
                    Some(near) if (p - self.page).abs() <= 2 => {
                        let (keys, step) = if p < self.page {
                            (&near.back, self.page - p)
                        } else {
                            (&near.ahead, p - self.page)
                        };
                        match keys.get(step as usize - 1) {
                            Some(key) => Some(key),
                            // An end is read from its end; any other page needs its key.
                            None if p == 1 || p == self.pages => None,
                            None => return None,
                        }
                    }
                    _ => None,
                };
                let href = match key {
                    Some(key) => format!("{}page={p}&{key}", self.base),
                    None => format!("{}page={p}", self.base),
                };
                Some(PageLink {
                    number: p,
                    href: Some(href),
                })
            })
            .collect()
    }
}

/// Where a keyed list's page starts, from its link's `page`, `after` and `before` (`after`
/// when both are given): a key that is not one (hand-typed, cut short) is a 400.
pub fn seek<K: PageKey>(
    page: Option<PageNumber>,
    after: Option<&str>,
    before: Option<&str>,
) -> Result<Seek<K>, crate::error::AppError> {
    let bad = || crate::error::AppError::BadRequest("the page's key is not one".into());
    match (after, before) {
        // Both: `after` is read (a query's parameters cannot refuse each other in the API's
        // schema, so a request its schema allows is answered).
        (Some(k), _) => K::decode(k).map(Seek::After).ok_or_else(bad),
        (None, Some(k)) => K::decode(k).map(Seek::Before).ok_or_else(bad),
        (None, None) => Ok(Seek::Number(page_param(page))),
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
        let links = p.links();
        let numbers: Vec<i64> = links.iter().map(|l| l.number).collect();
        assert_eq!(numbers, vec![1, 3, 4, 5, 6, 7, 11]);
        assert_eq!(links[1].href.as_deref(), Some("/t/1?page=3"));
        assert_eq!(links[3].href, None);
        assert_eq!(Pager::new(9, 0, 30, "?".into()).page, 1);
        assert_eq!(Pager::new(i64::MAX, 31, 30, "?".into()).page, 2);
    }

    #[test]
    fn a_keyed_pager_links_near_pages_by_key_and_the_ends_by_number() {
        let read = |back: Vec<(f64, i64)>, ahead: Vec<(f64, i64)>| Edges { back, ahead };
        // Page 5 of 11, two pages either side.
        let p = Pager::keyed(
            5,
            301,
            30,
            "/b/x?".into(),
            &read(vec![(9.5, 1), (8.0, 2)], vec![(3.0, 3), (2.5, 4)]),
        );
        let links: Vec<(i64, Option<String>)> =
            p.links().into_iter().map(|l| (l.number, l.href)).collect();
        assert_eq!(
            links,
            vec![
                (1, Some("/b/x?page=1".into())),
                (3, Some("/b/x?page=3&before=8_2".into())),
                (4, Some("/b/x?page=4&before=9.5_1".into())),
                (5, None),
                (6, Some("/b/x?page=6&after=3_3".into())),
                (7, Some("/b/x?page=7&after=2.5_4".into())),
                (11, Some("/b/x?page=11".into())),
            ]
        );
        // A link's number is not trusted at the ends: nothing before is page 1, nothing after
        // is the last; between, it is neither end's number.
        assert_eq!(
            Pager::keyed(7, 301, 30, "?".into(), &read(vec![], vec![(1.0, 1)])).page,
            1
        );
        assert_eq!(
            Pager::keyed(2, 301, 30, "?".into(), &read(vec![(1.0, 1)], vec![])).page,
            11
        );
        let between = read(vec![(1.0, 1)], vec![(1.0, 1)]);
        assert_eq!(Pager::keyed(1, 301, 30, "?".into(), &between).page, 2);
        assert_eq!(Pager::keyed(99, 301, 30, "?".into(), &between).page, 10);
        // A near page without a key (the counts moved) is not linked.
        let p = Pager::keyed(
            5,
            301,
            30,
            "?".into(),
            &read(vec![(1.0, 1)], vec![(1.0, 2)]),
        );
        let numbers: Vec<i64> = p.links().iter().map(|l| l.number).collect();
        assert_eq!(numbers, vec![1, 4, 5, 6, 11]);
    }

    #[test]
    fn a_seek_takes_one_key_or_a_number() {
        type K = (f64, i64);
        assert_eq!(seek::<K>(None, None, None).ok(), Some(Seek::Number(1)));
        assert_eq!(
            seek::<K>(Some(PageNumber(4)), Some("2.5_7"), None).ok(),
            Some(Seek::After((2.5, 7)))
        );
        assert_eq!(
            seek::<K>(None, None, Some("1_1")).ok(),
            Some(Seek::Before((1.0, 1)))
        );
        assert_eq!(
            seek::<K>(None, Some("1_1"), Some("2_2")).ok(),
            Some(Seek::After((1.0, 1)))
        );
        assert!(seek::<K>(None, Some("x"), None).is_err());
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
