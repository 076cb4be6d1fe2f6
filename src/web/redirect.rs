//! Where a page may send the reader back to: `next` after sign-in, the Referer after the
//! language switch. Only a path of this site is followed; anything else goes home.

use url::Url;

/// A fixed origin to resolve paths against; the host is never shown to anyone.
const BASE: &str = "http://maku.invalid/";

/// The same-origin path (with its query and fragment) that `raw` names, or `/`.
///
/// Refused: control characters (browsers drop tabs and newlines, so `/\t/evil.example` would be
/// `//evil.example`, and a newline cannot go into a `Location` header at all), backslashes
/// (browsers read them as `/`), anything that is not a path starting with exactly one `/`, and
/// anything whose resolved form leaves the origin or starts with `//` (`/..//evil.example`).
/// The answer is the parsed URL's serialisation, so it is always a valid header value.
pub fn local_path(raw: &str) -> String {
    parse(raw).unwrap_or_else(|| "/".to_string())
}

fn parse(raw: &str) -> Option<String> {
    if raw.chars().any(|c| c.is_control() || c == '\\') {
        return None;
    }
    if !raw.starts_with('/') || raw.starts_with("//") {
        return None;
    }
    let base = Url::parse(BASE).ok()?;
    let joined = base.join(raw).ok()?;
    if joined.origin() != base.origin() {
        return None;
    }
    let mut out = joined.path().to_string();
    if let Some(q) = joined.query() {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = joined.fragment() {
        out.push('#');
        out.push_str(f);
    }
    (out.starts_with('/') && !out.starts_with("//")).then_some(out)
}

/// The path of a Referer (an absolute URL), as a local path: only its path and query are kept.
pub fn local_path_of_referer(referer: Option<&str>) -> String {
    let Some(u) = referer.and_then(|r| Url::parse(r).ok()) else {
        return "/".to_string();
    };
    let path = match u.query() {
        Some(q) => format!("{}?{}", u.path(), q),
        None => u.path().to_string(),
    };
    local_path(&path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_paths_are_kept() {
        assert_eq!(local_path("/"), "/");
        assert_eq!(local_path("/t/12?page=3#p40"), "/t/12?page=3#p40");
        assert_eq!(local_path("/games/1/seat"), "/games/1/seat");
        assert_eq!(local_path("/u/夜神月"), "/u/%E5%A4%9C%E7%A5%9E%E6%9C%88");
        assert_eq!(local_path("/a/../b"), "/b");
    }

    /// Each of these went off-site or gave a 500 before.
    #[test]
    fn anything_else_goes_home() {
        for raw in [
            "/\t/evil.example",
            "/\n/evil.example",
            "/\r\n/evil.example",
            "/\u{b}/evil.example",
            "/x\nSet-Cookie: a=b",
            "//evil.example",
            "/\\evil.example",
            "\\/evil.example",
            "/..//evil.example",
            "/./..//evil.example",
            "https://evil.example/",
            "javascript:alert(1)",
            " //evil.example",
            "\t//evil.example",
            "evil.example",
            "",
            "/\u{0}",
            "/\u{85}/evil.example",
        ] {
            assert_eq!(local_path(raw), "/", "{raw:?}");
        }
    }

    #[test]
    fn referers_keep_their_path_only() {
        assert_eq!(
            local_path_of_referer(Some("http://127.0.0.1:8080/t/3?page=2")),
            "/t/3?page=2"
        );
        assert_eq!(
            local_path_of_referer(Some("https://evil.example/b/x")),
            "/b/x"
        );
        assert_eq!(
            local_path_of_referer(Some("https://evil.example//evil.example/")),
            "/"
        );
        assert_eq!(local_path_of_referer(Some("not a url")), "/");
        assert_eq!(local_path_of_referer(None), "/");
    }
}
