//! Pages made for one reader, compressed fast in one piece.
//!
//! Every browser asks for compressed answers, and a signed-in reader's pages are made for that
//! reader, so each is compressed anew. actix's `Compress` does it as a stream, brotli at quality
//! 3 with a 4 MB window (and each chunk over 1 KB on the blocking pool): a signed-in 67 KB game
//! thread page went from ~24,800 answers a second plain to ~400 as Chromium asks for it. This
//! middleware, inside `Compress`, compresses a whole HTML or JSON answer at once, zstd or gzip
//! at their fastest (zstd when the reader takes both, as Chromium and Firefox do; brotli is not
//! offered, since at the qualities this fast it compresses a Chinese page far worse), and marks
//! it, so `Compress` leaves it alone. Pages kept for readers without a session are compressed once by
//! their cache (`web::page_cache`); a streamed answer (the live stream) is never touched.
//!
//! The pages carry the form token masked anew for every answer (`web::viewer::mask_token`), so
//! compressing them with the posts anyone may write gives a BREACH attacker nothing.

use actix_web::HttpMessage;
use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, AcceptEncoding, Encoding, HeaderValue};
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use std::io::Write;

/// Answers smaller than this are sent as they are (`Compress` may still take them).
const SMALLEST: u64 = 1024;

/// zstd's level per answer: its fastest.
const ZSTD_LEVEL: i32 = 1;

/// How an answer is sent: chosen from the reader's `Accept-Encoding`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Coding {
    Zstd,
    Gzip,
}

fn coding_of(req: &ServiceRequest) -> Option<Coding> {
    let accept = req.get_header::<AcceptEncoding>()?;
    let ours = [Encoding::zstd(), Encoding::gzip(), Encoding::identity()];
    match accept.negotiate(ours.iter()) {
        Some(e) if e == Encoding::zstd() => Some(Coding::Zstd),
        Some(e) if e == Encoding::gzip() => Some(Coding::Gzip),
        _ => None,
    }
}

/// Whether an answer of this `Content-Type` is text worth compressing here.
fn compressible(content_type: Option<&HeaderValue>) -> bool {
    content_type
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| ct.starts_with("text/html") || ct.starts_with("application/json"))
}

thread_local! {
    /// Each worker's zstd context, made once (a fresh one per answer costs more than the
    /// compression).
    static ZSTD: std::cell::RefCell<Option<zstd::bulk::Compressor<'static>>> =
        const { std::cell::RefCell::new(None) };
}

fn zstd(body: &[u8]) -> Option<Vec<u8>> {
    ZSTD.with(|z| {
        let mut z = z.borrow_mut();
        if z.is_none() {
            *z = zstd::bulk::Compressor::new(ZSTD_LEVEL).ok();
        }
        z.as_mut()?.compress(body).ok()
    })
}

fn gzip(body: &[u8]) -> Option<Vec<u8>> {
    let mut e = flate2::write::GzEncoder::new(
        Vec::with_capacity(body.len() / 4),
        flate2::Compression::fast(),
    );
    e.write_all(body).ok()?;
    e.finish().ok()
}

fn compress(coding: Coding, body: &[u8]) -> Option<Vec<u8>> {
    match coding {
        Coding::Zstd => zstd(body),
        Coding::Gzip => gzip(body),
    }
}

/// The middleware (see the module's comment).
pub async fn pages<B: MessageBody + 'static>(
    req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let coding = coding_of(&req);
    let res = next.call(req).await?.map_into_boxed_body();
    let Some(coding) = coding else {
        return Ok(res);
    };
    let headers = res.headers();
    let sized = matches!(res.response().body().size(), BodySize::Sized(n) if n >= SMALLEST);
    if !sized
        || headers.contains_key(header::CONTENT_ENCODING)
        || !compressible(headers.get(header::CONTENT_TYPE))
    {
        return Ok(res);
    }
    let (req, res) = res.into_parts();
    let (mut res, body) = res.into_parts();
    let plain = match body.try_into_bytes() {
        Ok(b) => b,
        // Sized bodies are bytes; any other is sent as it came.
        Err(body) => return Ok(ServiceResponse::new(req, res.set_body(body))),
    };
    let Some(packed) = compress(coding, &plain) else {
        return Ok(ServiceResponse::new(req, res.set_body(BoxBody::new(plain))));
    };
    let name = match coding {
        Coding::Zstd => "zstd",
        Coding::Gzip => "gzip",
    };
    res.headers_mut()
        .insert(header::CONTENT_ENCODING, HeaderValue::from_static(name));
    res.headers_mut()
        .append(header::VARY, HeaderValue::from_static("accept-encoding"));
    res.headers_mut().remove(header::CONTENT_LENGTH);
    Ok(ServiceResponse::new(
        req,
        res.set_body(BoxBody::new(Bytes::from(packed))),
    ))
}

/// Outside actix's `Compress`: an answer that opted out of it with `Content-Encoding: identity`
/// (the live stream, `web::games::live`) is sent without that header. `identity` is no coding
/// to name in an answer (RFC 9110, 8.4.1), and some clients take any `Content-Encoding` on an
/// event stream for one they must decode.
pub async fn no_identity<B: MessageBody + 'static>(
    req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<B>, actix_web::Error> {
    let mut res = next.call(req).await?;
    let identity = res
        .headers()
        .get(header::CONTENT_ENCODING)
        .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"identity"));
    if identity {
        res.headers_mut().remove(header::CONTENT_ENCODING);
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn page() -> Vec<u8> {
        (0..2000)
            .map(|i| format!("<p class=\"post\">第{i}楼：今晚动手，明天投票 {i}</p>\n"))
            .collect::<String>()
            .into_bytes()
    }

    #[test]
    fn both_codings_decode_to_the_page() {
        let plain = page();
        for _ in 0..2 {
            // Twice: the second reuses this thread's context.
            let z = compress(Coding::Zstd, &plain).expect("zstd");
            let back = zstd::stream::decode_all(&z[..]).expect("zstd decodes");
            assert_eq!(back, plain);
            assert!(z.len() * 4 < plain.len(), "{} of {}", z.len(), plain.len());
        }
        let gz = compress(Coding::Gzip, &plain).expect("gzip");
        let mut back = Vec::new();
        flate2::read::GzDecoder::new(&gz[..])
            .read_to_end(&mut back)
            .expect("gzip decodes");
        assert_eq!(back, plain);
    }

    #[test]
    fn only_text_answers_are_compressed_here() {
        let v = |s: &'static str| HeaderValue::from_static(s);
        assert!(compressible(Some(&v("text/html; charset=utf-8"))));
        assert!(compressible(Some(&v("application/json"))));
        assert!(!compressible(Some(&v("text/event-stream"))));
        assert!(!compressible(Some(&v("image/png"))));
        assert!(!compressible(None));
    }
}
