//! One person, one seat (issue 41 item 6): what an account signs in from, kept so that the judge
//! of a game (and the admins) can be told when two accounts signed up to it share a network or
//! a browser.
//!
//! Two kinds of trace, each kept only as HMAC-SHA256 under a server key
//! (`server_keys.trace_key`, made once, shared by every instance), never in the clear:
//! - `net`: the client address's network, an IPv4 /24 or an IPv6 /48 (a household's or an
//!   office's network, not one device: a phone's address changes within it, and a /48 is what
//!   one site is given). A loopback or unspecified address is no client's network (a proxy on
//!   the same machine that is not named by `--trusted-proxy`) and is not kept.
//! - `browser`: the value of the `maku_device` cookie, a random token set at a page sign-in when
//!   the browser has none, so that one browser's sign-ins to two accounts match.
//!
//! Each `(account, kind, hash)` is one row with its first and last sighting; a row not seen for
//! [`KEPT_DAYS`] is deleted by the hourly housekeeping and no longer links anybody.

use crate::auth::tokens::random_token;
use crate::db::DbConnection;
use crate::db::queries::{keys, traces as q};
use crate::error::AppError;
use chrono::NaiveDateTime;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::collections::BTreeMap;
use std::net::IpAddr;

/// Days a trace is kept after it was last seen.
pub const KEPT_DAYS: i64 = 30;

/// The browser's own cookie: a random token, hashed before it is kept.
pub const DEVICE_COOKIE: &str = "maku_device";

/// The server key the traces are hashed under.
const KEY_NAME: &str = "trace_key";

/// Where a sign-in came from: the client address (as `web::viewer::client_ip` reads it) and
/// the browser's device cookie, when it sent a well-formed one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SignInFrom {
    pub ip: Option<IpAddr>,
    pub device: Option<String>,
}

/// A trace's kind as stored.
pub const NET: &str = "net";
pub const BROWSER: &str = "browser";

/// The network an address belongs to, as text (`198.51.100.0/24`, `2001:db8:7::/48`); `None`
/// for a loopback or unspecified address.
pub fn network(ip: IpAddr) -> Option<String> {
    let ip = ip.to_canonical();
    if ip.is_loopback() || ip.is_unspecified() {
        return None;
    }
    Some(match ip {
        IpAddr::V4(v4) => {
            let [a, b, c, _] = v4.octets();
            format!("{a}.{b}.{c}.0/24")
        }
        IpAddr::V6(v6) => {
            let s = v6.segments();
            format!("{:x}:{:x}:{:x}::/48", s[0], s[1], s[2])
        }
    })
}

/// Whether a device cookie's value has the shape of one this server made (64 lower-case hex
/// digits); anything else is ignored and replaced.
pub fn well_formed_device(s: &str) -> bool {
    crate::auth::calendar_token::well_formed(s)
}

/// A fresh device cookie value.
pub fn new_device() -> String {
    random_token()
}

/// The keyed hash of a trace: 64 hex digits.
fn keyed(key: &str, kind: &str, value: &str) -> Result<String, AppError> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key.as_bytes())
        .map_err(|e| AppError::Internal(format!("trace key: {e}")))?;
    mac.update(format!("maku-trace:{kind}:{value}").as_bytes());
    Ok(hex::encode(mac.finalize().into_bytes()))
}

/// The oldest last sighting still kept at `now`.
pub fn kept_since(now: NaiveDateTime) -> NaiveDateTime {
    now - chrono::Duration::days(KEPT_DAYS)
}

/// Notes, inside the caller's write, that `user_id` signed in at `now` from `from`: its network
/// and its browser, each as a keyed hash.
pub fn record_in(
    c: &mut DbConnection,
    user_id: i64,
    from: &SignInFrom,
    now: NaiveDateTime,
) -> Result<(), AppError> {
    let net = from.ip.and_then(network);
    let browser = from.device.as_deref().filter(|d| well_formed_device(d));
    if net.is_none() && browser.is_none() {
        return Ok(());
    }
    let key = keys::get_or_create(c, KEY_NAME, random_token)?;
    for (kind, value) in [(NET, net.as_deref()), (BROWSER, browser)] {
        if let Some(value) = value {
            q::touch(c, user_id, kind, &keyed(&key, kind, value)?, now)?;
        }
    }
    Ok(())
}

/// Deletes the traces not seen for [`KEPT_DAYS`] at `now`; how many.
pub fn prune_in(c: &mut DbConnection, now: NaiveDateTime) -> Result<usize, AppError> {
    Ok(q::prune(c, kept_since(now))?)
}

/// Two accounts that share traces, the smaller id first, and the kinds they share (`net`,
/// `browser`, in that order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Linked {
    pub accounts: (i64, i64),
    pub kinds: Vec<&'static str>,
}

/// Every pair of `accounts` that shared a trace within the last [`KEPT_DAYS`] at `now`.
pub fn links_in(
    c: &mut DbConnection,
    accounts: &[i64],
    now: NaiveDateTime,
) -> Result<Vec<Linked>, AppError> {
    Ok(pairs(&q::of_accounts(c, accounts, kept_since(now))?))
}

/// The other accounts sharing a trace with `user_id` within the last [`KEPT_DAYS`]: each with
/// the kinds shared, by account id.
pub fn linked_to_in(
    c: &mut DbConnection,
    user_id: i64,
    now: NaiveDateTime,
) -> Result<Vec<(i64, Vec<&'static str>)>, AppError> {
    let mut by: BTreeMap<i64, Vec<&'static str>> = BTreeMap::new();
    for (other, kind) in q::sharing(c, user_id, kept_since(now))? {
        let kinds = by.entry(other).or_default();
        if let Some(k) = known_kind(&kind)
            && !kinds.contains(&k)
        {
            kinds.push(k);
        }
    }
    Ok(by
        .into_iter()
        .map(|(id, mut kinds)| {
            kinds.sort_by_key(|k| kind_order(k));
            (id, kinds)
        })
        .collect())
}

fn known_kind(kind: &str) -> Option<&'static str> {
    [NET, BROWSER].into_iter().find(|k| *k == kind)
}

fn kind_order(kind: &str) -> usize {
    usize::from(kind != NET)
}

/// The pairs of accounts among `traces` (`(account, kind, hash)`) that share a `(kind, hash)`.
fn pairs(traces: &[(i64, String, String)]) -> Vec<Linked> {
    let mut by_trace: BTreeMap<(&str, &str), Vec<i64>> = BTreeMap::new();
    for (account, kind, hash) in traces {
        let ids = by_trace.entry((kind, hash)).or_default();
        if !ids.contains(account) {
            ids.push(*account);
        }
    }
    let mut by_pair: BTreeMap<(i64, i64), Vec<&'static str>> = BTreeMap::new();
    for ((kind, _), ids) in by_trace {
        let Some(kind) = known_kind(kind) else {
            continue;
        };
        for (i, a) in ids.iter().enumerate() {
            for b in &ids[i + 1..] {
                let kinds = by_pair.entry(((*a).min(*b), (*a).max(*b))).or_default();
                if !kinds.contains(&kind) {
                    kinds.push(kind);
                }
            }
        }
    }
    by_pair
        .into_iter()
        .map(|(accounts, mut kinds)| {
            kinds.sort_by_key(|k| kind_order(k));
            Linked { accounts, kinds }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("an address")
    }

    #[test]
    fn networks_are_a_slash_24_or_a_slash_48() {
        assert_eq!(
            network(ip("198.51.100.77")).as_deref(),
            Some("198.51.100.0/24")
        );
        assert_eq!(network(ip("198.51.100.3")), network(ip("198.51.100.250")));
        assert_ne!(network(ip("198.51.100.3")), network(ip("198.51.101.3")));
        assert_eq!(
            network(ip("2001:db8:7:1::5")).as_deref(),
            Some("2001:db8:7::/48")
        );
        assert_eq!(
            network(ip("2001:db8:7:1::5")),
            network(ip("2001:db8:7:ff::9"))
        );
        assert_ne!(network(ip("2001:db8:7::1")), network(ip("2001:db8:8::1")));
        // An IPv4 address mapped into IPv6 is the IPv4 network.
        assert_eq!(
            network(ip("::ffff:198.51.100.9")).as_deref(),
            Some("198.51.100.0/24")
        );
        for local in ["127.0.0.1", "::1", "0.0.0.0", "::"] {
            assert_eq!(network(ip(local)), None, "{local}");
        }
    }

    #[test]
    fn hashes_are_keyed_and_never_the_value() {
        let h = keyed("k", NET, "198.51.100.0/24").expect("hash");
        assert_eq!(h.len(), 64);
        assert!(!h.contains("198"));
        assert_eq!(h, keyed("k", NET, "198.51.100.0/24").expect("hash"));
        assert_ne!(h, keyed("other", NET, "198.51.100.0/24").expect("hash"));
        assert_ne!(h, keyed("k", BROWSER, "198.51.100.0/24").expect("hash"));
    }

    #[test]
    fn pairs_share_a_trace_of_one_kind() {
        let t = |a: i64, k: &str, h: &str| (a, k.to_string(), h.to_string());
        let traces = [
            t(1, NET, "n1"),
            t(2, NET, "n1"),
            t(2, BROWSER, "b1"),
            t(1, BROWSER, "b1"),
            t(3, NET, "n2"),
            t(3, BROWSER, "n1"),
            t(4, NET, "n1"),
        ];
        assert_eq!(
            pairs(&traces),
            [
                Linked {
                    accounts: (1, 2),
                    kinds: vec![NET, BROWSER]
                },
                Linked {
                    accounts: (1, 4),
                    kinds: vec![NET]
                },
                Linked {
                    accounts: (2, 4),
                    kinds: vec![NET]
                },
            ],
            "3's browser hash equals a network's hash text, but not its kind"
        );
        assert!(pairs(&[t(1, NET, "a"), t(1, NET, "a")]).is_empty());
    }
}
