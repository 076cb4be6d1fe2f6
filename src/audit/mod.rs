//! Tamper evidence for the append-only logs. Each event's hash covers its content and the hash
//! of the previous event of the same stream (a game's log, or one account's history), so an
//! edited, deleted or reordered row breaks the chain from that row on. The act posts publish the
//! game log's head hash at each resolution, so a rewrite of the whole chain shows too.

pub mod export;
pub mod store;

pub use crate::db::chain::{account_event_hash, game_event_hash};

/// Where a chain breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Broken {
    /// The stream: `game 3` or `account 7` (`account -` for events of no account).
    pub stream: String,
    /// The first event that does not verify (its sequence number in the stream).
    pub seq: i64,
    pub reason: &'static str,
}

impl std::fmt::Display for Broken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: event {} {}", self.stream, self.seq, self.reason)
    }
}

/// One stored event as the verifier sees it: its position, stored hash and recomputed hash
/// given a previous hash.
pub struct Link<'a> {
    pub seq: i64,
    pub stored: &'a str,
    pub recompute: Box<dyn Fn(&str) -> String + 'a>,
}

/// Checks a stream in stored order: positions 1, 2, … without gaps, each hash recomputed over
/// its content and the previous stored hash.
pub fn verify_chain(stream: &str, links: &[Link]) -> Result<usize, Broken> {
    let mut prev = String::new();
    for (i, link) in links.iter().enumerate() {
        let expected_seq = i as i64 + 1;
        if link.seq != expected_seq {
            return Err(Broken {
                stream: stream.to_string(),
                seq: expected_seq,
                reason: if link.seq > expected_seq {
                    "is missing (deleted)"
                } else {
                    "is out of order (reordered or duplicated)"
                },
            });
        }
        if (link.recompute)(&prev) != link.stored {
            return Err(Broken {
                stream: stream.to_string(),
                seq: link.seq,
                reason: "does not match its hash (changed, or moved)",
            });
        }
        prev = link.stored.to_string();
    }
    Ok(links.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDateTime;

    fn t() -> NaiveDateTime {
        chrono::DateTime::from_timestamp(1_800_000_000, 123_456_000)
            .expect("time")
            .naive_utc()
    }

    #[test]
    fn chains_detect_edits_gaps_and_swaps() {
        let payloads = ["a", "b", "c"];
        let mut hashes = Vec::new();
        let mut prev = String::new();
        for (i, p) in payloads.iter().enumerate() {
            let h = game_event_hash(&prev, 1, i as i64 + 1, "k", None, p, t());
            hashes.push(h.clone());
            prev = h;
        }
        let links =
            |ps: &[(i64, &'static str)], hs: &[String]| -> Vec<(i64, &'static str, String)> {
                ps.iter()
                    .zip(hs)
                    .map(|((s, p), h)| (*s, *p, h.clone()))
                    .collect()
            };
        let check = |rows: Vec<(i64, &'static str, String)>| {
            let ls: Vec<Link> = rows
                .iter()
                .map(|(seq, p, h)| Link {
                    seq: *seq,
                    stored: h,
                    recompute: Box::new(move |prev| {
                        game_event_hash(prev, 1, *seq, "k", None, p, t())
                    }),
                })
                .collect();
            verify_chain("game 1", &ls)
        };
        assert_eq!(
            check(links(&[(1, "a"), (2, "b"), (3, "c")], &hashes)),
            Ok(3)
        );
        let edited = check(links(&[(1, "a"), (2, "B"), (3, "c")], &hashes)).expect_err("edit");
        assert_eq!(edited.seq, 2);
        let gap = check(vec![
            (1, "a", hashes[0].clone()),
            (3, "c", hashes[2].clone()),
        ])
        .expect_err("gap");
        assert_eq!((gap.seq, gap.reason), (2, "is missing (deleted)"));
        // Two rows' contents swapped (hashes left in place).
        let swapped = check(links(&[(1, "a"), (2, "c"), (3, "b")], &hashes)).expect_err("swap");
        assert_eq!(swapped.seq, 2);
    }
}
