//! The shared rate limits (`rate_limits`): GCRA kept in PostgreSQL, one atomic statement per
//! charge, so the instances sharing a database charge one budget per key. SQLite keeps its
//! limits in memory (`auth::ratelimit`) and never calls [`charge`]; [`prune`] runs on both.
//!
//! GCRA with emission interval T and burst B (tolerance τ = T·(B − 1)) keeps per key a
//! theoretical arrival time `tat`: a charge at `now` moves it to `max(tat, now) + T`, and is
//! allowed iff that is at most `now + τ + T`; a refused charge changes nothing and may go ahead
//! at `tat − τ`. It is what governor computes in memory, with the same quotas.

use crate::db::DbConnection;
use crate::db::schema_limits::rate_limits;
use chrono::{NaiveDateTime, TimeDelta};
use diesel::pg::data_types::PgInterval;
use diesel::prelude::*;
use diesel::sql_types::{Interval, Text, Timestamp};

/// A budget: `burst` at once, then one more every `every` (GCRA's emission interval).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gcra {
    pub every: TimeDelta,
    pub burst: u32,
}

impl Gcra {
    /// τ: how far ahead of now the arrival time may run before a charge is refused.
    fn tolerance(self) -> TimeDelta {
        let extra = i32::try_from(self.burst.saturating_sub(1)).unwrap_or(i32::MAX);
        self.every.checked_mul(extra).unwrap_or(TimeDelta::MAX)
    }

    /// τ + T: the most an allowed charge leaves the arrival time ahead of now.
    fn window(self) -> TimeDelta {
        self.tolerance()
            .checked_add(&self.every)
            .unwrap_or(TimeDelta::MAX)
    }

    /// How long a charge refused at `now` must wait, the key's arrival time being `tat`.
    fn wait(self, tat: NaiveDateTime, now: NaiveDateTime) -> TimeDelta {
        (tat - self.tolerance() - now).max(TimeDelta::zero())
    }
}

/// Charge, or refuse without charging, in one statement: concurrent charges of one key (from any
/// instance) queue on its row, so none is lost and none sees a stale arrival time. One row
/// written (inserted, or updated because the `WHERE` held): allowed; none: refused.
const CHARGE: &str = "INSERT INTO rate_limits (bucket, tat) VALUES ($1, $2 + $3) \
     ON CONFLICT (bucket) DO UPDATE SET tat = GREATEST(rate_limits.tat, $2) + $3 \
     WHERE GREATEST(rate_limits.tat, $2) + $3 - $2 <= $4";

fn interval(d: TimeDelta) -> PgInterval {
    PgInterval::from_microseconds(d.num_microseconds().unwrap_or(i64::MAX))
}

/// Charges one to `bucket` at `now` under `rate`: `None` when allowed (and counted), or how long
/// until it would be (nothing counted). PostgreSQL only: SQLite's limits are kept in memory, and
/// on SQLite this is an error.
pub fn charge(
    c: &mut DbConnection,
    bucket: &str,
    now: NaiveDateTime,
    rate: Gcra,
) -> QueryResult<Option<TimeDelta>> {
    let DbConnection::Pg(pg) = c else {
        return Err(diesel::result::Error::QueryBuilderError(
            "shared rate limits are kept on PostgreSQL only".into(),
        ));
    };
    let charged = diesel::sql_query(CHARGE)
        .bind::<Text, _>(bucket)
        .bind::<Timestamp, _>(now)
        .bind::<Interval, _>(interval(rate.every))
        .bind::<Interval, _>(interval(rate.window()))
        .execute(pg)?;
    if charged > 0 {
        return Ok(None);
    }
    // Refused: the wait is read from the arrival time the refusal saw (or a later one: another
    // instance may have charged since, which only makes the wait longer, as it should be).
    let tat = rate_limits::table
        .find(bucket)
        .select(rate_limits::tat)
        .first::<NaiveDateTime>(pg)
        .optional()?;
    Ok(Some(
        tat.map_or(TimeDelta::zero(), |tat| rate.wait(tat, now)),
    ))
}

/// Deletes the keys whose arrival time is before `now`: their budgets are whole, as a missing
/// row's is. Returns how many.
pub fn prune(c: &mut DbConnection, now: NaiveDateTime) -> QueryResult<usize> {
    diesel::delete(rate_limits::table.filter(rate_limits::tat.lt(now))).execute(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(secs: i64) -> NaiveDateTime {
        chrono::DateTime::from_timestamp(1_800_000_000 + secs, 0)
            .expect("a time")
            .naive_utc()
    }

    /// Three a minute: T = 20 s, τ = 40 s. After three charges at 0 the arrival time is 60 s;
    /// the fourth may go at 60 − 40 = 20 s.
    #[test]
    fn the_wait_is_the_arrival_time_less_the_tolerance() {
        let rate = Gcra {
            every: TimeDelta::seconds(20),
            burst: 3,
        };
        assert_eq!(rate.tolerance(), TimeDelta::seconds(40));
        assert_eq!(rate.window(), TimeDelta::seconds(60));
        assert_eq!(rate.wait(at(60), at(0)), TimeDelta::seconds(20));
        assert_eq!(rate.wait(at(60), at(15)), TimeDelta::seconds(5));
        assert_eq!(rate.wait(at(60), at(30)), TimeDelta::zero());
        let one = Gcra {
            every: TimeDelta::seconds(30),
            burst: 1,
        };
        assert_eq!(one.tolerance(), TimeDelta::zero());
        assert_eq!(one.wait(at(30), at(0)), TimeDelta::seconds(30));
    }
}
