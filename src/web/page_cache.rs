//! A short-lived cache of the pages anonymous readers get: a forum's readers are
//! mostly people without an account, each asking for the same few pages, and a page that any
//! reader without a session would be given is the same page for all of them.
//!
//! Only a `GET` without a session cookie and without an `Authorization` header is answered
//! from here, keyed by its path, its query and the reader's language. Only a `200` whose body
//! does not carry this request's CSRF token (a page with a form, see
//! [`crate::web::viewer::mask_csrf`]) and that sets no cookie is kept. Nothing viewer-specific
//! can be in it: a request without a session has no account, no seat, no flash and no token.
//!
//! An entry lives `--page-cache-ms` (1 s by default; 0 turns the cache off); past that, one
//! reader renders the page anew while the others are still given the old one, so a reader
//! without an account may see a page that old plus the time of one render. Writes do not empty
//! it: a miss right after a write would time secret submissions. What does empty it
//! is a public change the instance's live hub sees
//! ([`crate::game::live_hub::LiveHub::changes`]): a game page that reloads on its live stream's
//! `update` gets the new page, never a kept one. Each instance keeps its own pages; a page
//! written through another instance shows here within the same time.
//!
//! A kept page is also kept compressed, brotli or gzip, made the first time a reader asks for
//! that encoding: browsers always ask for one, and actix's `Compress` would otherwise compress
//! the same page again for every reader (a kept thread page: ~35,000 answers a second plain,
//! ~290 brotli-compressed per request). A kept page carries no secret (no token, no session),
//! so compressing it gives a BREACH attacker nothing.

use crate::app::AppState;
use crate::i18n::Lang;
use crate::web::conditional;
use crate::web::viewer::lang_of;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, AcceptEncoding, Encoding, HeaderMap, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web::{Bytes, Data};
use actix_web::{HttpMessage, HttpResponse};
use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

/// The most page bytes kept at once (a thread page is ~50 KB: about 80 pages). A page's
/// compressed copies come on top: a page of HTML, Atom or JSON compresses to well under a
/// quarter of its size, so both together add less than half.
const BUDGET: usize = 4 * 1024 * 1024;

/// brotli's quality for a kept page: a 50 KB thread page in about a millisecond, once per
/// page and period, to a twelfth of its size, with ~1.5 MB of tables while it works. At 5 and
/// above, a window under 2^17 makes brotli take a 33 MB hasher (10 ms for the same page),
/// which under a browser load lifted the server's memory by 50 MB.
const BROTLI_QUALITY: i32 = 4;

/// How long the other readers of a page past its time are given the old page while one
/// reader renders it anew: longer than a render takes, short enough that a render that
/// failed is soon tried again by the next reader.
const RENEWAL: Duration = Duration::from_secs(2);

/// A kept page as it was rendered, and its compressed copies once asked for.
struct Kept {
    headers: HeaderMap,
    body: Bytes,
    brotli: OnceLock<Option<Bytes>>,
    gzip: OnceLock<Option<Bytes>>,
}

/// How a kept page is sent: the encoding chosen from the reader's `Accept-Encoding`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Coding {
    Plain,
    Brotli,
    Gzip,
}

impl Coding {
    /// brotli or gzip when the reader accepts it (brotli when both, unless the reader weighs
    /// gzip higher); plain otherwise, and then actix's `Compress` does what the reader asked
    /// (zstd alone, say), as for any other answer.
    fn of(req: &ServiceRequest) -> Coding {
        let Some(accept) = req.get_header::<AcceptEncoding>() else {
            return Coding::Plain;
        };
        let ours = [Encoding::brotli(), Encoding::gzip(), Encoding::identity()];
        match accept.negotiate(ours.iter()) {
            Some(e) if e == Encoding::brotli() => Coding::Brotli,
            Some(e) if e == Encoding::gzip() => Coding::Gzip,
            _ => Coding::Plain,
        }
    }

    /// Its `Content-Encoding` (none for plain).
    fn content_encoding(self) -> Option<&'static str> {
        match self {
            Coding::Plain => None,
            Coding::Brotli => Some("br"),
            Coding::Gzip => Some("gzip"),
        }
    }
}

impl Kept {
    fn new(headers: HeaderMap, body: Bytes) -> Kept {
        Kept {
            headers,
            body,
            brotli: OnceLock::new(),
            gzip: OnceLock::new(),
        }
    }

    /// The page in `coding`, compressed the first time it is asked for (a reader asking at the
    /// same moment waits for that one compression) and kept with the page; `None` for plain,
    /// or if compressing failed (the plain page is sent, and `Compress` has its turn).
    fn coded(&self, coding: Coding) -> Option<&Bytes> {
        match coding {
            Coding::Plain => None,
            Coding::Brotli => self.brotli.get_or_init(|| brotli(&self.body)).as_ref(),
            Coding::Gzip => self.gzip.get_or_init(|| gzip(&self.body)).as_ref(),
        }
    }

    /// The answer to a reader asking in `coding`.
    fn answer(&self, coding: Coding) -> HttpResponse {
        let (body, name) = match self.coded(coding) {
            Some(b) => (b.clone(), coding.content_encoding()),
            None => (self.body.clone(), None),
        };
        let mut res = HttpResponse::Ok().body(body);
        *res.headers_mut() = self.headers.clone();
        if let Some(name) = name {
            // As actix's `Compress` marks what it compresses; it leaves an answer with a
            // `Content-Encoding` alone.
            res.headers_mut()
                .insert(header::CONTENT_ENCODING, HeaderValue::from_static(name));
            res.headers_mut()
                .append(header::VARY, HeaderValue::from_static("accept-encoding"));
        }
        res
    }
}

/// brotli's window for a page of `len` bytes: the smallest that holds the whole page (from
/// 2^10 to 2^22 bytes), so a small page is compressed with small tables.
fn brotli_window(len: usize) -> i32 {
    let bits = usize::BITS - len.saturating_sub(1).leading_zeros();
    bits.clamp(10, 22) as i32
}

fn brotli(body: &[u8]) -> Option<Bytes> {
    let params = brotli::enc::BrotliEncoderParams {
        quality: BROTLI_QUALITY,
        lgwin: brotli_window(body.len()),
        size_hint: body.len(),
        ..Default::default()
    };
    let mut out = Vec::with_capacity(body.len() / 4);
    brotli::BrotliCompress(&mut &body[..], &mut out, &params).ok()?;
    Some(Bytes::from(out))
}

fn gzip(body: &[u8]) -> Option<Bytes> {
    let mut e = flate2::write::GzEncoder::new(
        Vec::with_capacity(body.len() / 4),
        flate2::Compression::default(),
    );
    e.write_all(body).ok()?;
    e.finish().ok().map(Bytes::from)
}

/// One kept page.
struct Entry {
    at: Instant,
    /// The live hub's count of public changes when the page was rendered.
    changes: u64,
    kept: Arc<Kept>,
    /// Past its time, one reader renders it anew (since this instant); meanwhile the others
    /// are still given this page, so a busy page is rendered once a period, not by every
    /// reader waiting at that moment.
    renewing: Option<Instant>,
}

/// What a reader without a session gets.
enum Lookup {
    Kept(Arc<Kept>),
    /// Render it (and keep it).
    Render,
}

#[derive(Default)]
struct Store {
    pages: HashMap<(String, Lang), Entry>,
    bytes: usize,
}

/// The shared cache of one instance (all its workers).
#[derive(Clone)]
pub struct PageCache {
    ttl: Duration,
    store: Arc<Mutex<Store>>,
}

impl PageCache {
    /// A cache keeping each page for `ttl` (zero: keep nothing).
    pub fn new(ttl: Duration) -> PageCache {
        PageCache {
            ttl,
            store: Arc::default(),
        }
    }

    fn store(&self) -> MutexGuard<'_, Store> {
        self.store.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The page kept for `key` while it is young and no public change came since. Past its
    /// time, the first reader is told to render it and the others still get it, for as long
    /// as one render may take ([`RENEWAL`]); after a public change, nobody gets it.
    fn get(&self, key: &(String, Lang), changes: u64) -> Lookup {
        let mut store = self.store();
        let Some(e) = store.pages.get_mut(key) else {
            return Lookup::Render;
        };
        if e.changes != changes {
            return Lookup::Render;
        }
        if e.at.elapsed() >= self.ttl {
            match e.renewing {
                Some(since) if since.elapsed() < RENEWAL => {}
                _ => {
                    e.renewing = Some(Instant::now());
                    return Lookup::Render;
                }
            }
        }
        Lookup::Kept(e.kept.clone())
    }

    /// The page for `key` is not to be kept any more (its render answered otherwise).
    fn forget(&self, key: &(String, Lang)) {
        let mut store = self.store();
        if let Some(e) = store.pages.remove(key) {
            store.bytes -= e.kept.body.len();
        }
    }

    /// Keeps `body` for `key`; the kept page, unless it is too large to keep.
    fn put(
        &self,
        key: (String, Lang),
        changes: u64,
        headers: HeaderMap,
        body: Bytes,
    ) -> Option<Arc<Kept>> {
        if body.len() > BUDGET / 8 {
            return None;
        }
        let ttl = self.ttl;
        let mut store = self.store();
        let Store { pages, bytes } = &mut *store;
        if let Some(old) = pages.remove(&key) {
            *bytes -= old.kept.body.len();
        }
        if *bytes + body.len() > BUDGET {
            // Old pages first; then any, until the new one fits.
            pages.retain(|_, e| {
                let keep = e.at.elapsed() < ttl && e.changes == changes;
                if !keep {
                    *bytes -= e.kept.body.len();
                }
                keep
            });
            while *bytes + body.len() > BUDGET {
                let Some(k) = pages.keys().next().cloned() else {
                    break;
                };
                if let Some(e) = pages.remove(&k) {
                    *bytes -= e.kept.body.len();
                }
            }
        }
        *bytes += body.len();
        let kept = Arc::new(Kept::new(headers, body));
        pages.insert(
            key,
            Entry {
                at: Instant::now(),
                changes,
                kept: kept.clone(),
                renewing: None,
            },
        );
        Some(kept)
    }

    /// Pages kept now and their bytes (tests).
    pub fn size(&self) -> (usize, usize) {
        let store = self.store();
        (store.pages.len(), store.bytes)
    }
}

/// Whether the request is one any reader without a session would make.
fn anonymous_get(req: &ServiceRequest) -> bool {
    req.method() == Method::GET
        && req.cookie(crate::web::SESSION_COOKIE).is_none()
        && !req.headers().contains_key(header::AUTHORIZATION)
}

/// The middleware, on the pages anonymous readers read most (the board index, a board, a
/// thread's pages, a game, its public thread, the feeds, a game's JSON). Inside
/// [`crate::web::conditional::etag`], so a kept page still answers `304`.
pub async fn anonymous(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let used = |c: &Data<PageCache>| !c.ttl.is_zero() && anonymous_get(&req);
    let (Some(cache), Some(state)) = (
        req.app_data::<Data<PageCache>>()
            .filter(|c| used(c))
            .cloned(),
        req.app_data::<Data<AppState>>().cloned(),
    ) else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    let key = (
        format!("{}?{}", req.path(), req.query_string()),
        lang_of(req.request()),
    );
    // Read before rendering: a change during the render makes the kept page old at once.
    let changes = state.live.changes();
    let coding = Coding::of(&req);
    if let Lookup::Kept(kept) = cache.get(&key, changes) {
        return Ok(req.into_response(kept.answer(coding)));
    }
    let res = match next.call(req).await {
        Ok(res) => res.map_into_boxed_body(),
        Err(e) => {
            cache.forget(&key);
            return Err(e);
        }
    };
    if res.status() != StatusCode::OK || res.headers().contains_key(header::SET_COOKIE) {
        cache.forget(&key);
        return Ok(res);
    }
    let (req, res) = res.into_parts();
    let (head, body) = res.into_parts();
    let bytes = match body.try_into_bytes() {
        Ok(b) => b,
        Err(body) => {
            cache.forget(&key);
            return Ok(ServiceResponse::new(req, head.set_body(body)));
        }
    };
    let has_form = crate::web::viewer::unsaved_token_of(&req)
        .is_some_and(|t| memchr::memmem::find(&bytes, t.as_bytes()).is_some());
    let session_written = !matches!(
        actix_session::SessionExt::get_session(&req).status(),
        actix_session::SessionStatus::Unchanged
    );
    if !has_form && !session_written {
        // The page's tag is taken once, here, and kept with it ([`conditional::etag`] uses
        // a tag it finds instead of digesting the body on every answer).
        let mut headers = head.headers().clone();
        if let Ok(tag) = HeaderValue::from_str(&conditional::tag_of(&bytes)) {
            headers.insert(header::ETAG, tag);
        }
        if let Some(kept) = cache.put(key, changes, headers, bytes.clone()) {
            // The reader who rendered it is answered as the next ones will be: from the kept
            // page, so a page is compressed once whoever asks first (actix's `Compress` does
            // not touch an answer with a `Content-Encoding`).
            return Ok(ServiceResponse::new(req, kept.answer(coding)));
        }
    } else {
        cache.forget(&key);
    }
    Ok(ServiceResponse::new(
        req,
        head.set_body(BoxBody::new(bytes)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(p: &str) -> (String, Lang) {
        (p.to_string(), Lang::default())
    }

    fn body(l: Lookup) -> Option<Bytes> {
        match l {
            Lookup::Kept(k) => Some(k.body.clone()),
            Lookup::Render => None,
        }
    }

    #[test]
    fn a_kept_page_is_compressed_once_per_coding() {
        use std::io::Read;
        let page = Bytes::from("<p>第一楼：大家好</p>\n".repeat(400));
        let mut headers = HeaderMap::new();
        headers.insert(header::VARY, HeaderValue::from_static("Cookie"));
        let k = Kept::new(headers, page.clone());
        assert!(k.coded(Coding::Plain).is_none());
        let br = k.coded(Coding::Brotli).expect("brotli").clone();
        let gz = k.coded(Coding::Gzip).expect("gzip").clone();
        assert!(br.len() < page.len() / 4, "{} of {}", br.len(), page.len());
        assert!(gz.len() < page.len() / 4, "{} of {}", gz.len(), page.len());
        // Asked again: the same bytes, not a new compression.
        assert_eq!(
            k.coded(Coding::Brotli).map(|b| b.as_ptr()),
            Some(br.as_ptr())
        );
        assert_eq!(k.coded(Coding::Gzip).map(|b| b.as_ptr()), Some(gz.as_ptr()));
        let mut out = Vec::new();
        brotli_decompressor::Decompressor::new(&br[..], 4096)
            .read_to_end(&mut out)
            .expect("brotli decodes");
        assert_eq!(out, page);
        out.clear();
        flate2::read::GzDecoder::new(&gz[..])
            .read_to_end(&mut out)
            .expect("gzip decodes");
        assert_eq!(out, page);
        // The answer says what it is, and that it varies with what the reader accepts.
        let res = k.answer(Coding::Brotli);
        assert_eq!(
            res.headers()
                .get(header::CONTENT_ENCODING)
                .map(|v| v.as_bytes()),
            Some(&b"br"[..])
        );
        let vary: Vec<_> = res
            .headers()
            .get_all(header::VARY)
            .map(|v| v.as_bytes())
            .collect();
        assert_eq!(vary, [&b"Cookie"[..], b"accept-encoding"]);
        let res = k.answer(Coding::Plain);
        assert!(!res.headers().contains_key(header::CONTENT_ENCODING));
    }

    #[test]
    fn brotlis_window_holds_the_page_and_no_more() {
        assert_eq!(brotli_window(0), 10);
        assert_eq!(brotli_window(1024), 10);
        assert_eq!(brotli_window(1025), 11);
        assert_eq!(brotli_window(49_000), 16);
        assert_eq!(brotli_window(65_536), 16);
        assert_eq!(brotli_window(82_000), 17);
        assert_eq!(brotli_window(usize::MAX), 22);
    }

    #[test]
    fn the_coding_follows_the_readers_accept_encoding() {
        let of = |accept: Option<&str>| {
            let mut req = actix_web::test::TestRequest::default();
            if let Some(a) = accept {
                req = req.insert_header((header::ACCEPT_ENCODING, a));
            }
            Coding::of(&req.to_srv_request())
        };
        assert_eq!(of(None), Coding::Plain);
        // What browsers send: brotli.
        assert_eq!(of(Some("gzip, deflate, br, zstd")), Coding::Brotli);
        assert_eq!(of(Some("gzip, deflate")), Coding::Gzip);
        assert_eq!(of(Some("br;q=0.5, gzip")), Coding::Gzip);
        assert_eq!(of(Some("br;q=0, gzip;q=0")), Coding::Plain);
        assert_eq!(of(Some("identity")), Coding::Plain);
        // zstd alone: plain here, and actix's Compress answers in zstd.
        assert_eq!(of(Some("zstd")), Coding::Plain);
    }

    #[test]
    fn a_public_change_drops_a_page() {
        let c = PageCache::new(Duration::from_secs(60));
        c.put(key("/t/1"), 7, HeaderMap::new(), Bytes::from_static(b"one"));
        assert_eq!(
            body(c.get(&key("/t/1"), 7)),
            Some(Bytes::from_static(b"one"))
        );
        assert_eq!(body(c.get(&key("/t/1"), 8)), None, "a public change since");
        assert_eq!(body(c.get(&key("/t/1"), 8)), None, "for every reader");
        assert_eq!(body(c.get(&key("/t/2"), 7)), None);
    }

    #[test]
    fn past_its_time_one_reader_renders_and_the_others_get_the_old_page() {
        let c = PageCache::new(Duration::from_millis(30));
        c.put(key("/t/1"), 1, HeaderMap::new(), Bytes::from_static(b"old"));
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(body(c.get(&key("/t/1"), 1)), None, "the first renders");
        for _ in 0..5 {
            assert_eq!(
                body(c.get(&key("/t/1"), 1)),
                Some(Bytes::from_static(b"old"))
            );
        }
        assert_eq!(
            body(c.get(&key("/t/1"), 2)),
            None,
            "never after a public change"
        );
        c.put(key("/t/1"), 1, HeaderMap::new(), Bytes::from_static(b"new"));
        assert_eq!(
            body(c.get(&key("/t/1"), 1)),
            Some(Bytes::from_static(b"new"))
        );
        // A render that kept nothing forgets the page: the next reader renders.
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(body(c.get(&key("/t/1"), 1)), None);
        c.forget(&key("/t/1"));
        assert_eq!(body(c.get(&key("/t/1"), 1)), None);
        assert_eq!(c.size(), (0, 0));
    }

    #[test]
    fn the_cache_stays_within_its_budget() {
        let c = PageCache::new(Duration::from_secs(60));
        let page = Bytes::from(vec![b'x'; BUDGET / 10]);
        for i in 0..40 {
            c.put(key(&format!("/t/{i}")), 1, HeaderMap::new(), page.clone());
            let (_, bytes) = c.size();
            assert!(bytes <= BUDGET, "{bytes}");
        }
        assert_eq!(c.size(), (10, 10 * (BUDGET / 10)));
        // The same key again replaces, it does not add.
        c.put(key("/t/39"), 1, HeaderMap::new(), Bytes::from_static(b"y"));
        assert_eq!(c.size().1, 9 * (BUDGET / 10) + 1);
        // Too large a page is not kept.
        let big = Bytes::from(vec![0; BUDGET / 4]);
        c.put(key("/big"), 1, HeaderMap::new(), big);
        assert_eq!(body(c.get(&key("/big"), 1)), None);
    }
}
