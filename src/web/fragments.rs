//! The shared part of a page, rendered once and filled in per reader (fragment caching with
//! holes): a thread's page is the same thirty posts for every reader of one kind (no account,
//! an account, an admin) in one language, but each reader has their own "new" marks, their own
//! edit links and their own form token. The shared part is rendered with a *slot* where each of
//! those goes ([`slot`]); [`Shared::fill`] copies it out with each slot filled for the reader at
//! hand. The page around it (the header with the reader's name and bell, the reply form) is
//! rendered per request, as before.
//!
//! A slot is a private-use character, a nonce drawn when the process starts, a kind and an
//! index. Text a reader wrote cannot forge one: the nonce is never sent (every slot is filled
//! before a page leaves).
//!
//! A kept part is keyed by what it was rendered for (page, language, kind of reader) and lives
//! while the count of changes it was rendered under is unchanged (`db::epoch`: a post written
//! here renews its thread's pages at once) and for `--view-cache-ms` at most (a change made by
//! another process shows within that). What kind of reader a part was made for is in its key:
//! a part made for an admin is never given to anyone else.

use crate::i18n::Lang;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

/// The most bytes of kept parts (a thread page's is ~60 KB: about a hundred of them).
const BUDGET: usize = 6 * 1024 * 1024;

const OPEN: char = '\u{E000}';
const CLOSE: char = '\u{E001}';

/// This process's secret part of every slot.
fn nonce() -> &'static str {
    static NONCE: OnceLock<String> = OnceLock::new();
    NONCE.get_or_init(|| {
        let bytes: [u8; 12] = rand::random();
        hex::encode(bytes)
    })
}

/// The text that stands for slot `kind` number `index` in a shared part; it passes HTML
/// escaping unchanged (no `<>&"'`).
pub fn slot(kind: char, index: usize) -> String {
    format!("{OPEN}{}{kind}{index}{CLOSE}", nonce())
}

/// `s` escaped for HTML text or an attribute (what a slot writes is not escaped for it).
pub fn escaped(s: &str) -> String {
    match askama::filters::escape(s, askama::filters::Html) {
        Ok(v) => v.to_string(),
        Err(never) => match never {},
    }
}

/// A piece of a shared part: text as rendered, or a slot.
enum Piece {
    Text(std::ops::Range<usize>),
    Slot(char, usize),
}

/// A rendered shared part, cut at its slots.
pub struct Shared {
    text: String,
    pieces: Vec<Piece>,
}

impl Shared {
    /// Cuts `text` at its slots.
    pub fn new(text: String) -> Shared {
        let mut open = String::from(OPEN);
        open.push_str(nonce());
        let finder = memchr::memmem::Finder::new(open.as_bytes());
        let mut pieces = Vec::new();
        let mut from = 0;
        for at in finder.find_iter(text.as_bytes()) {
            if at < from {
                continue;
            }
            let rest = &text[at + open.len()..];
            let Some(end) = rest.find(CLOSE) else { break };
            let mut chars = rest[..end].chars();
            let (Some(kind), Ok(index)) = (chars.next(), chars.as_str().parse::<usize>()) else {
                continue;
            };
            pieces.push(Piece::Text(from..at));
            pieces.push(Piece::Slot(kind, index));
            from = at + open.len() + end + CLOSE.len_utf8();
        }
        pieces.push(Piece::Text(from..text.len()));
        Shared { text, pieces }
    }

    /// The part with every slot filled by `slots`, written straight into the page around it
    /// (`{{ part|safe }}` in a template): no copy of the whole part is made on the way.
    pub fn filled<'a, S: Slots>(&'a self, slots: &'a S) -> Filled<'a, S> {
        Filled {
            shared: self,
            slots,
        }
    }

    /// The length of the part with its slots empty (a page is about this plus its frame).
    pub fn len(&self) -> usize {
        self.text.len()
    }

    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    fn bytes(&self) -> usize {
        self.text.len()
    }
}

/// What fills the slots of a shared part for one reader.
pub trait Slots {
    /// Writes what slot `kind` number `index` holds for this reader (maybe nothing).
    fn write(&self, kind: char, index: usize, out: &mut dyn std::fmt::Write) -> std::fmt::Result;
}

/// A shared part with its slots filled (see [`Shared::filled`]).
pub struct Filled<'a, S> {
    shared: &'a Shared,
    slots: &'a S,
}

impl<S: Slots> std::fmt::Display for Filled<'_, S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = &self.shared.text;
        for piece in &self.shared.pieces {
            match piece {
                Piece::Text(r) => f.write_str(&text[r.clone()])?,
                Piece::Slot(kind, index) => self.slots.write(*kind, *index, f)?,
            }
        }
        Ok(())
    }
}

/// What a page keeps: its shared part and what it needs to fill it and frame it.
pub struct Kept<M> {
    pub shared: Shared,
    pub meta: M,
    /// A digest of the part as rendered ([`Kept::new`]): a page's tag is made from it and what
    /// was filled in ([`tag`]), without reading the page. A part rendered again with the same
    /// text (its life ran out, nothing changed) keeps its tag, so a reader's `If-None-Match`
    /// still hits however long the reader waited.
    pub id: u64,
}

impl<M> Kept<M> {
    pub fn new(shared: Shared, meta: M) -> Kept<M> {
        let id = xxhash_rust::xxh3::xxh3_64(shared.text.as_bytes());
        Kept { shared, meta, id }
    }
}

/// The weak `ETag` of a page made of kept part `part_id` and the rest of the page (`rest`:
/// everything else the page shows, as text): the same two give the same bytes. The process's
/// nonce is in it (the slots in a part's text are this process's), so a tag from before a
/// restart never matches.
pub fn tag(part_id: u64, rest: &str) -> String {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    h.update(nonce().as_bytes());
    h.update(&part_id.to_le_bytes());
    h.update(rest.as_bytes());
    format!("W/\"{:032x}\"", h.digest128())
}

struct Entry<M> {
    kept: Arc<Kept<M>>,
    at: Instant,
    epoch: u64,
    /// A reader is rendering it afresh because it is past its life (`db::epoch::past_life`).
    renewing: bool,
}

struct Store<K, M> {
    entries: HashMap<(K, Lang), Entry<M>>,
    bytes: usize,
}

/// The kept shared parts of one kind of page, on one instance (all its workers).
pub struct Fragments<K, M> {
    life: Duration,
    store: Mutex<Store<K, M>>,
}

impl<K: Eq + Hash + Clone, M> Fragments<K, M> {
    /// Parts kept for `life` at most (zero: none).
    pub fn new(life: Duration) -> Fragments<K, M> {
        Fragments {
            life,
            store: Mutex::new(Store {
                entries: HashMap::new(),
                bytes: 0,
            }),
        }
    }

    fn store(&self) -> MutexGuard<'_, Store<K, M>> {
        self.store.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The part kept for `key` in `lang`, if it was rendered under `epoch` and is young.
    pub fn get(&self, key: &K, lang: Lang, epoch: u64) -> Option<Arc<Kept<M>>> {
        if self.life.is_zero() {
            return None;
        }
        let mut store = self.store();
        let e = store.entries.get_mut(&(key.clone(), lang))?;
        if e.epoch != epoch {
            return None;
        }
        (!crate::db::epoch::past_life(e.at.elapsed(), self.life, &mut e.renewing))
            .then(|| e.kept.clone())
    }

    /// Keeps `kept` for `key` in `lang`, rendered from what the database held after the count
    /// was `epoch` (read before the database). Returns it to be used at once.
    pub fn put(&self, key: K, lang: Lang, epoch: u64, kept: Kept<M>) -> Arc<Kept<M>> {
        let kept = Arc::new(kept);
        let size = kept.shared.bytes();
        if self.life.is_zero() || size > BUDGET / 8 {
            return kept;
        }
        let life = self.life;
        let mut store = self.store();
        let Store { entries, bytes } = &mut *store;
        if let Some(old) = entries.remove(&(key.clone(), lang)) {
            *bytes -= old.kept.shared.bytes();
        }
        if *bytes + size > BUDGET {
            entries.retain(|_, e| {
                let keep = e.at.elapsed() < life;
                if !keep {
                    *bytes -= e.kept.shared.bytes();
                }
                keep
            });
            while *bytes + size > BUDGET {
                let Some(k) = entries.keys().next().cloned() else {
                    break;
                };
                if let Some(e) = entries.remove(&k) {
                    *bytes -= e.kept.shared.bytes();
                }
            }
        }
        *bytes += size;
        entries.insert(
            (key, lang),
            Entry {
                kept: kept.clone(),
                at: Instant::now(),
                epoch,
                renewing: false,
            },
        );
        kept
    }

    /// Parts kept now and their bytes (tests).
    pub fn size(&self) -> (usize, usize) {
        let store = self.store();
        (store.entries.len(), store.bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_cut_out_and_filled_per_reader() {
        let text = format!(
            "<p class=\"a{}\">甲</p>{}<i>{}</i>",
            slot('u', 0),
            slot('e', 12),
            slot('c', 0)
        );
        let shared = Shared::new(text);
        struct Reader(std::cell::RefCell<Vec<(char, usize)>>);
        impl Slots for Reader {
            fn write(
                &self,
                kind: char,
                i: usize,
                out: &mut dyn std::fmt::Write,
            ) -> std::fmt::Result {
                self.0.borrow_mut().push((kind, i));
                match kind {
                    'u' => out.write_str(" unread"),
                    'c' => out.write_str("TOKEN"),
                    _ => Ok(()),
                }
            }
        }
        let reader = Reader(Default::default());
        let out = shared.filled(&reader).to_string();
        assert_eq!(out, "<p class=\"a unread\">甲</p><i>TOKEN</i>");
        assert_eq!(*reader.0.borrow(), vec![('u', 0), ('e', 12), ('c', 0)]);
    }

    #[test]
    fn text_without_the_nonce_is_no_slot() {
        let forged = format!("{OPEN}0000u1{CLOSE} and {OPEN}");
        let shared = Shared::new(forged.clone());
        struct NoSlot;
        impl Slots for NoSlot {
            fn write(&self, _: char, _: usize, _: &mut dyn std::fmt::Write) -> std::fmt::Result {
                panic!("no slot in a reader's text")
            }
        }
        assert_eq!(shared.filled(&NoSlot).to_string(), forged);
    }

    #[test]
    fn a_tag_names_the_part_and_the_rest() {
        assert_eq!(tag(1, "a"), tag(1, "a"));
        assert_ne!(tag(1, "a"), tag(2, "a"));
        assert_ne!(tag(1, "a"), tag(1, "b"));
        assert!(tag(1, "a").starts_with("W/\""));
    }

    #[test]
    fn a_part_rendered_again_unchanged_keeps_its_tag() {
        // The CI flake of 2026-12-05: a part re-rendered after its life ran out got a new
        // number, and with it a new `ETag`, though not a byte had changed.
        let a = Kept::new(Shared::new("<p>甲</p>".into()), ());
        let again = Kept::new(Shared::new("<p>甲</p>".into()), ());
        let other = Kept::new(Shared::new("<p>乙</p>".into()), ());
        assert_eq!(tag(a.id, "r"), tag(again.id, "r"));
        assert_ne!(tag(a.id, "r"), tag(other.id, "r"));
    }

    #[test]
    fn a_part_lives_under_its_epoch_and_its_key_only() {
        let f: Fragments<(i64, u8), ()> = Fragments::new(Duration::from_secs(60));
        let kept = || Kept::new(Shared::new("x".into()), ());
        f.put((1, 0), Lang::Zh, 5, kept());
        assert!(f.get(&(1, 0), Lang::Zh, 5).is_some());
        assert!(f.get(&(1, 0), Lang::Zh, 6).is_none(), "a change since");
        assert!(
            f.get(&(1, 1), Lang::Zh, 5).is_none(),
            "another kind of reader"
        );
        assert!(f.get(&(1, 0), Lang::En, 5).is_none(), "another language");
        let off: Fragments<(i64, u8), ()> = Fragments::new(Duration::ZERO);
        off.put((1, 0), Lang::Zh, 5, kept());
        assert_eq!(off.size().0, 0);
    }
}
