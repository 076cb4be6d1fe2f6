//! A game's settings, as the judge chose them at creation.

use crate::rules::Variant;
use chrono::{NaiveDateTime, NaiveTime, TimeZone};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

/// The Death Note cast, the default character list (editable per game).
pub const DEATHNOTE_CAST: [&str; 40] = [
    "夜神月",
    "L",
    "弥海砂",
    "夜神总一郎",
    "尼亚",
    "梅洛",
    "松田桃太",
    "相泽周市",
    "模木完造",
    "伊出英基",
    "宇生田广数",
    "雷·贝鲁",
    "南空直美",
    "高田清美",
    "三上照",
    "火口卿介",
    "渡",
    "威迪",
    "艾拉尔多·科伊尔",
    "杰邦尼",
    "哈尔·里德纳",
    "安东尼·雷斯特",
    "出目川裕志",
    "夜神幸子",
    "夜神粧裕",
    "马特",
    "罗杰",
    "奈南川零司",
    "三堂芯吾",
    "尾々井刚",
    "纪田真一郎",
    "鹰桥鹰男",
    "叶鸟郁夫",
    "树多正彦",
    "北村",
    "佐伯",
    "山本",
    "冈崎",
    "西中",
    "御子柴",
];

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameSettings {
    pub variant: String,
    #[serde(default)]
    pub options: serde_json::Value,
    pub characters: Vec<String>,
    /// Act length in minutes.
    pub act_minutes: i64,
    /// Deadlines fall at this local time (`HH:MM`) in `timezone`, if set.
    pub deadline_time: Option<String>,
    pub timezone: String,
    pub min_seats: usize,
    pub max_seats: usize,
    /// Hours before a deadline at which a seat that still owes a ballot or action is reminded
    /// (0: no reminder). Games created before this setting existed get the default.
    #[serde(default = "default_remind_hours")]
    pub remind_hours: i64,
    /// Show images from other sites in the game's posts. Off by default: each reader's address
    /// would reach those sites, so images are shown as links (issue 9, item 11).
    #[serde(default)]
    pub show_images: bool,
}

/// The default reminder lead time, in hours.
pub const DEFAULT_REMIND_HOURS: i64 = 6;

fn default_remind_hours() -> i64 {
    DEFAULT_REMIND_HOURS
}

/// Why settings were refused (a 400 with this text).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    #[error("unknown variant {0:?}")]
    Variant(String),
    #[error("the act length must be 1 to 10080 minutes")]
    ActLength,
    #[error("the deadline time must be HH:MM")]
    DeadlineTime,
    #[error("unknown time zone {0:?}")]
    TimeZone(String),
    #[error("the seat range must lie within {0}..={1}, min ≤ max")]
    Seats(usize, usize),
    #[error(
        "characters must be distinct, non-empty names of at most 32 characters, and as many as the seats"
    )]
    Characters,
    #[error("options must be an object")]
    Options,
    #[error("{0}")]
    BadOption(String),
    #[error("the reminder must come 0 to 72 hours before the deadline")]
    RemindHours,
}

impl GameSettings {
    /// Checks and completes what a judge submitted.
    #[allow(clippy::too_many_arguments)]
    pub fn parse(
        variant: &str,
        options: Option<serde_json::Value>,
        characters: Option<Vec<String>>,
        act_minutes: Option<i64>,
        deadline_time: Option<String>,
        timezone: Option<String>,
        min_seats: Option<usize>,
        max_seats: Option<usize>,
    ) -> Result<GameSettings, SettingsError> {
        let v =
            Variant::from_name(variant).ok_or_else(|| SettingsError::Variant(variant.into()))?;
        let range = v.seats();
        let options = match options {
            None | Some(serde_json::Value::Null) => serde_json::json!({}),
            Some(o @ serde_json::Value::Object(_)) => o,
            Some(_) => return Err(SettingsError::Options),
        };
        v.check_options(&options)
            .map_err(|e| SettingsError::BadOption(e.to_string()))?;
        let act_minutes = act_minutes.unwrap_or(24 * 60);
        if !(1..=7 * 24 * 60).contains(&act_minutes) {
            return Err(SettingsError::ActLength);
        }
        let deadline_time = match deadline_time.map(|t| t.trim().to_string()) {
            Some(t) if t.is_empty() => None,
            Some(t) => {
                NaiveTime::parse_from_str(&t, "%H:%M").map_err(|_| SettingsError::DeadlineTime)?;
                Some(t)
            }
            None => None,
        };
        let timezone = timezone
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty())
            .unwrap_or_else(|| "Asia/Shanghai".into());
        timezone
            .parse::<Tz>()
            .map_err(|_| SettingsError::TimeZone(timezone.clone()))?;
        let min_seats = min_seats.unwrap_or(*range.start());
        let max_seats = max_seats.unwrap_or(*range.end());
        if min_seats > max_seats || !range.contains(&min_seats) || !range.contains(&max_seats) {
            return Err(SettingsError::Seats(*range.start(), *range.end()));
        }
        let characters: Vec<String> = match characters {
            Some(list) => list.into_iter().map(|c| c.trim().to_string()).collect(),
            None => DEATHNOTE_CAST.iter().map(|c| c.to_string()).collect(),
        };
        let mut seen = std::collections::HashSet::new();
        let ok = characters.len() >= max_seats
            && characters.iter().all(|c| {
                !c.is_empty()
                    && c.chars().count() <= 32
                    && !c.chars().any(char::is_control)
                    && seen.insert(c.clone())
            });
        if !ok {
            return Err(SettingsError::Characters);
        }
        Ok(GameSettings {
            variant: v.name().to_string(),
            options,
            characters,
            act_minutes,
            deadline_time,
            timezone,
            min_seats,
            max_seats,
            remind_hours: DEFAULT_REMIND_HOURS,
            show_images: false,
        })
    }

    /// Whether external images in the game's posts are shown (the judge's choice).
    pub fn with_show_images(mut self, show: bool) -> GameSettings {
        self.show_images = show;
        self
    }

    /// How the game's posts render images.
    pub fn images(&self) -> crate::markdown::Images {
        if self.show_images {
            crate::markdown::Images::Shown
        } else {
            crate::markdown::Images::Links
        }
    }

    /// The image policy of a game row (its settings column); links when it does not parse.
    pub fn images_of(row: &crate::db::models::GameRow) -> crate::markdown::Images {
        serde_json::from_str::<GameSettings>(&row.settings)
            .map(|s| s.images())
            .unwrap_or_default()
    }

    /// How many hours before a deadline a seat that still owes is reminded (0: never).
    pub fn with_remind_hours(mut self, hours: Option<i64>) -> Result<GameSettings, SettingsError> {
        if let Some(h) = hours {
            if !(0..=72).contains(&h) {
                return Err(SettingsError::RemindHours);
            }
            self.remind_hours = h;
        }
        Ok(self)
    }

    pub fn tz(&self) -> Tz {
        self.timezone.parse().unwrap_or(chrono_tz::Asia::Shanghai)
    }

    /// The deadline of an act opening at `now`: `act_minutes` later, then on to the first
    /// `deadline_time` in the judge's zone, if one is set.
    pub fn next_deadline(&self, now: NaiveDateTime) -> NaiveDateTime {
        let earliest = now + chrono::Duration::minutes(self.act_minutes);
        let Some(t) = self
            .deadline_time
            .as_deref()
            .and_then(|t| NaiveTime::parse_from_str(t, "%H:%M").ok())
        else {
            return earliest;
        };
        let tz = self.tz();
        let local = tz.from_utc_datetime(&earliest);
        for day in 0..3 {
            let date = local.date_naive() + chrono::Duration::days(day);
            // A time skipped by a DST change falls to the next valid instant.
            let candidate = tz
                .from_local_datetime(&date.and_time(t))
                .earliest()
                .map(|d| d.naive_utc());
            if let Some(c) = candidate
                && c >= earliest
            {
                return c;
            }
        }
        earliest
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").expect("time")
    }

    #[test]
    fn dn_1_seat_range_and_other_defaults_and_bounds() {
        let s =
            GameSettings::parse("deathnote", None, None, None, None, None, None, None).expect("ok");
        assert_eq!(s.act_minutes, 1440);
        assert_eq!(s.characters.len(), 40);
        assert_eq!((s.min_seats, s.max_seats), (6, 40));
        assert!(GameSettings::parse("chess", None, None, None, None, None, None, None).is_err());
        assert!(
            GameSettings::parse("deathnote", None, None, Some(0), None, None, None, None).is_err()
        );
        assert!(
            GameSettings::parse(
                "deathnote",
                None,
                None,
                None,
                Some("25:00".into()),
                None,
                None,
                None
            )
            .is_err()
        );
        assert!(
            GameSettings::parse(
                "deathnote",
                None,
                None,
                None,
                None,
                Some("Mars/Base".into()),
                None,
                None
            )
            .is_err()
        );
        assert!(
            GameSettings::parse("deathnote", None, None, None, None, None, Some(5), None).is_err()
        );
        let few = Some(vec!["a".to_string(), "b".to_string()]);
        assert_eq!(
            GameSettings::parse("deathnote", None, few, None, None, None, Some(6), Some(9)),
            Err(SettingsError::Characters)
        );
    }

    #[test]
    fn deadlines_fall_at_the_judges_local_time() {
        let s = GameSettings::parse(
            "deathnote",
            None,
            None,
            Some(1440),
            Some("22:00".into()),
            None,
            None,
            None,
        )
        .expect("ok");
        // Started 15:00 UTC = 23:00 Shanghai; 24 h later is 23:00 local, so 22:00 local the day after.
        assert_eq!(
            s.next_deadline(at("2026-12-01 15:00")),
            at("2026-12-03 14:00")
        );
        // Resolved exactly at 22:00 local (14:00 UTC): the next act ends 24 h later.
        assert_eq!(
            s.next_deadline(at("2026-12-03 14:00")),
            at("2026-12-04 14:00")
        );
        let plain = GameSettings::parse("deathnote", None, None, Some(90), None, None, None, None)
            .expect("ok");
        assert_eq!(
            plain.next_deadline(at("2026-12-01 15:00")),
            at("2026-12-01 16:30")
        );
    }
}
