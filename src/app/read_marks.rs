//! Read marks ("new since you last read") kept in memory and written in batches: reading a
//! thread moves its reader's mark, and a plain read must not wait on a database write (on
//! SQLite every write takes the one write lock). Marks move here at once and reach the
//! database within a second, in one transaction for all of them (`forum::mark_writer`); a
//! stopping server writes what is left.
//!
//! The marks read or moved lately are kept too, for [`LIFE`]: a reader paging through a thread
//! finds them here. Another instance's moves show within that life (a post shown as new a
//! little longer: nothing else hangs on a mark). Pages that list marks overlay the ones here on
//! the database's ([`ReadMarks::overlay`]), so a mark not written yet still counts.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How long a mark written or read is trusted from memory.
const LIFE: Duration = Duration::from_secs(60);
/// The most marks kept at once; past it, the written ones go (moved ones wait for their write).
const MOST: usize = 100_000;

/// One reader's mark in one thread: the last post read (`None`: never opened).
#[derive(Clone, Copy)]
struct Mark {
    post_id: Option<i64>,
    /// Moved here and not written yet.
    pending: bool,
    at: Instant,
}

/// The marks of one instance (all its workers).
#[derive(Clone, Default)]
pub struct ReadMarks {
    marks: Arc<Mutex<HashMap<(i64, i64), Mark>>>,
}

impl ReadMarks {
    fn marks(&self) -> MutexGuard<'_, HashMap<(i64, i64), Mark>> {
        self.marks.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `user_id`'s mark in `thread_id` if known here: `Some(None)` for a thread never opened.
    pub fn known(&self, user_id: i64, thread_id: i64) -> Option<Option<i64>> {
        let marks = self.marks();
        let m = marks.get(&(user_id, thread_id))?;
        (m.pending || m.at.elapsed() < LIFE).then_some(m.post_id)
    }

    /// The mark as the database gave it (a later move here is kept).
    pub fn remember(&self, user_id: i64, thread_id: i64, post_id: Option<i64>) {
        let mut marks = self.marks();
        Self::make_room(&mut marks);
        let m = marks.entry((user_id, thread_id)).or_insert(Mark {
            post_id,
            pending: false,
            at: Instant::now(),
        });
        if !m.pending {
            m.post_id = m.post_id.max(post_id);
            m.at = Instant::now();
        }
    }

    /// `user_id` read `thread_id` up to `post_id`: the mark moves forward (never back), and is
    /// written with the next batch.
    pub fn read_up_to(&self, user_id: i64, thread_id: i64, post_id: i64) {
        let mut marks = self.marks();
        Self::make_room(&mut marks);
        let m = marks.entry((user_id, thread_id)).or_insert(Mark {
            post_id: None,
            pending: false,
            at: Instant::now(),
        });
        if m.post_id.is_none_or(|p| p < post_id) {
            m.post_id = Some(post_id);
            m.pending = true;
        }
        m.at = Instant::now();
    }

    /// The marks of `user_id` read from the database, with the ones moved here on top.
    pub fn overlay(&self, user_id: i64, read: &mut HashMap<i64, i64>, thread_ids: &[i64]) {
        let marks = self.marks();
        for &t in thread_ids {
            if let Some(Mark {
                post_id: Some(p), ..
            }) = marks.get(&(user_id, t))
            {
                let e = read.entry(t).or_insert(*p);
                *e = (*e).max(*p);
            }
        }
    }

    fn make_room(marks: &mut HashMap<(i64, i64), Mark>) {
        if marks.len() >= MOST {
            marks.retain(|_, m| m.pending);
        }
    }

    /// A mark taken for writing whose write failed: it waits for the next batch.
    pub fn unwritten(&self, user_id: i64, thread_id: i64, post_id: i64) {
        let mut marks = self.marks();
        let m = marks.entry((user_id, thread_id)).or_insert(Mark {
            post_id: None,
            pending: false,
            at: Instant::now(),
        });
        m.post_id = m.post_id.max(Some(post_id));
        m.pending = true;
    }

    /// The moved marks, now counted as written (put back with [`ReadMarks::unwritten`] if their
    /// write fails): what `forum::mark_writer` writes.
    pub fn take_pending(&self) -> Vec<(i64, i64, i64)> {
        let mut marks = self.marks();
        let mut out = Vec::new();
        marks.retain(|&(user, thread), m| {
            if m.pending {
                m.pending = false;
                if let Some(p) = m.post_id {
                    out.push((user, thread, p));
                }
            }
            m.at.elapsed() < LIFE
        });
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_moves_forward_only_and_is_taken_once_for_writing() {
        let r = ReadMarks::default();
        assert_eq!(r.known(1, 10), None, "unknown: ask the database");
        r.remember(1, 10, None);
        assert_eq!(r.known(1, 10), Some(None), "never opened");
        r.read_up_to(1, 10, 50);
        r.read_up_to(1, 10, 40);
        assert_eq!(r.known(1, 10), Some(Some(50)), "never back");
        r.remember(1, 10, Some(30));
        assert_eq!(
            r.known(1, 10),
            Some(Some(50)),
            "a moved mark beats an older read"
        );
        assert_eq!(r.take_pending(), vec![(1, 10, 50)]);
        assert!(r.take_pending().is_empty(), "written once");
        r.unwritten(1, 10, 50);
        assert_eq!(
            r.take_pending(),
            vec![(1, 10, 50)],
            "a failed write is tried again"
        );
        assert_eq!(
            r.known(1, 10),
            Some(Some(50)),
            "still known after its write"
        );
        r.remember(1, 10, Some(70));
        assert_eq!(
            r.known(1, 10),
            Some(Some(70)),
            "another instance moved it further"
        );
    }

    #[test]
    fn an_overlay_raises_database_marks_and_adds_missing_ones() {
        let r = ReadMarks::default();
        r.read_up_to(2, 1, 9);
        r.read_up_to(2, 2, 3);
        r.read_up_to(3, 1, 99);
        let mut read = HashMap::from([(1, 5), (2, 8)]);
        r.overlay(2, &mut read, &[1, 2, 4]);
        assert_eq!(read, HashMap::from([(1, 9), (2, 8)]));
    }
}
