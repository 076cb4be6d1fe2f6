//! Lists read once and kept for every reader (issue 42): a board's page of threads is the same
//! for everyone in one language but for each reader's "new" marks, which are filled in per
//! request. A kept list lives while the count of changes it was read under is unchanged
//! (`db::epoch`, read *before* the database) and for `--view-cache-ms` at most, as the kept
//! parts of thread pages do (`web::fragments`).

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The most lists kept of one kind; past it the oldest half goes.
const MOST: usize = 1024;

struct Entry<V> {
    value: Arc<V>,
    at: Instant,
    epoch: u64,
    /// A reader is reading it afresh because it is past its life (`db::epoch::past_life`).
    renewing: bool,
}

/// The kept lists of one kind of page, on one instance (all its workers).
pub struct Listings<K, V> {
    life: Duration,
    entries: Mutex<HashMap<K, Entry<V>>>,
}

impl<K: Eq + Hash + Clone, V> Listings<K, V> {
    /// Lists kept for `life` at most (zero: none).
    pub fn new(life: Duration) -> Listings<K, V> {
        Listings {
            life,
            entries: Mutex::new(HashMap::new()),
        }
    }

    fn entries(&self) -> MutexGuard<'_, HashMap<K, Entry<V>>> {
        self.entries.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The list kept for `key`, if it was read under `epoch` and is young.
    pub fn get(&self, key: &K, epoch: u64) -> Option<Arc<V>> {
        if self.life.is_zero() {
            return None;
        }
        let mut entries = self.entries();
        let e = entries.get_mut(key)?;
        if e.epoch != epoch {
            return None;
        }
        (!crate::db::epoch::past_life(e.at.elapsed(), self.life, &mut e.renewing))
            .then(|| e.value.clone())
    }

    /// Keeps `value` for `key`, read from what the database held after the count was `epoch`
    /// (read before the database). Returns it to be used at once.
    pub fn put(&self, key: K, epoch: u64, value: V) -> Arc<V> {
        let value = Arc::new(value);
        if self.life.is_zero() {
            return value;
        }
        let mut entries = self.entries();
        if entries.len() >= MOST {
            let mut ages: Vec<Instant> = entries.values().map(|e| e.at).collect();
            ages.sort_unstable();
            let cut = ages[ages.len() / 2];
            entries.retain(|_, e| e.at > cut);
        }
        entries.insert(
            key,
            Entry {
                value: value.clone(),
                at: Instant::now(),
                epoch,
                renewing: false,
            },
        );
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_lives_under_its_epoch_and_key_only() {
        let kept: Listings<(String, i64), Vec<i64>> = Listings::new(Duration::from_secs(60));
        let key = ("lobby".to_string(), 1);
        assert!(kept.get(&key, 7).is_none());
        kept.put(key.clone(), 7, vec![1, 2]);
        assert_eq!(kept.get(&key, 7).as_deref(), Some(&vec![1, 2]));
        // Another count, another page: not this list.
        assert!(kept.get(&key, 8).is_none());
        assert!(kept.get(&("lobby".to_string(), 2), 7).is_none());
    }

    #[test]
    fn no_life_keeps_nothing_and_the_store_is_bounded() {
        let none: Listings<i64, i64> = Listings::new(Duration::ZERO);
        assert_eq!(*none.put(1, 0, 5), 5);
        assert!(none.get(&1, 0).is_none());
        let kept: Listings<i64, i64> = Listings::new(Duration::from_secs(60));
        for i in 0..(MOST as i64 + 10) {
            kept.put(i, 0, i);
        }
        let kept_now = kept.entries().len();
        assert!(kept_now <= MOST, "{kept_now}");
        assert!(kept.get(&(MOST as i64 + 9), 0).is_some());
    }
}
