//! The arenas the site holds by itself: every hour one on a headline preset, in turn, and every
//! Sunday at 18:00 UTC one on a sphere, in turn. Each scheduled arena's number is its start and
//! kind, so that servers making it at once make it once.

use super::Arenas;
use crate::store::arenas::Arena;

/// The hourly arenas' presets, in turn.
pub const HOURLY: [&str; 4] = ["folded", "cylinder", "torus", "torus-8x14"];
/// The hourly arenas' clock, length (minutes), and how many hours ahead they are made.
const HOURLY_CLOCK: (u32, u32) = (180, 2);
const HOURLY_MINUTES: u32 = 50;
const HOURS_AHEAD: u64 = 3;
/// The weekly arenas' presets, in turn: the spheres, in the order the presets list them.
fn weekly() -> Vec<&'static str> {
    use topochess_core::variant::{Family, PRESETS};
    PRESETS
        .iter()
        .filter(|p| p.family == Family::Sphere)
        .map(|p| p.id)
        .collect()
}
const WEEKLY_CLOCK: (u32, u32) = (300, 3);
const WEEKLY_MINUTES: u32 = 90;

const HOUR: u64 = 3_600_000;
const DAY: u64 = 24 * HOUR;
const WEEK: u64 = 7 * DAY;
/// 1970-01-04, the first Sunday of the epoch, at 18:00 UTC.
const FIRST_SUNDAY_EVENING: u64 = 3 * DAY + 18 * HOUR;

/// Whether `name` reads as one of the site's own scheduled arenas ("Hourly … Arena", "Weekly …
/// Arena", whatever the case and spacing): a player's arena may not pass for one.
pub fn is_sites_own(name: &str) -> bool {
    let words: Vec<String> = name.split_whitespace().map(str::to_lowercase).collect();
    matches!(words.first().map(String::as_str), Some("hourly" | "weekly"))
        && words.last().is_some_and(|w| w.starts_with("arena"))
}

pub use topochess_protocol::arena::short_name;

fn scheduled(
    kind: &str,
    number: u64,
    preset: &str,
    starts: u64,
    clock: (u32, u32),
    minutes: u32,
) -> Arena {
    let title = if kind == "hourly" { "Hourly" } else { "Weekly" };
    Arena {
        id: starts / 1000 * 4 + number,
        name: format!("{title} {} Arena", short_name(preset)),
        variant: preset.to_string(),
        clock,
        rated: true,
        starts,
        minutes,
        code: None,
        creator: None,
        schedule: Some(kind.to_string()),
        created: starts,
        players: 0,
        bots: false,
    }
}

/// The scheduled arenas that are being played at `now` or start in the next hours (and the
/// weekly one to come).
pub fn due(now: u64) -> Vec<Arena> {
    let mut due: Vec<Arena> = (0..HOURS_AHEAD)
        .map(|k| {
            let hour = now / HOUR + k;
            let preset = HOURLY[(hour % HOURLY.len() as u64) as usize];
            scheduled(
                "hourly",
                1,
                preset,
                hour * HOUR,
                HOURLY_CLOCK,
                HOURLY_MINUTES,
            )
        })
        .collect();
    // The latest Sunday evening not more than the arena's length ago, or the next.
    let since = now.saturating_sub(FIRST_SUNDAY_EVENING + WEEKLY_MINUTES as u64 * 60_000);
    let week = since.div_ceil(WEEK);
    let spheres = weekly();
    let preset = spheres[(week % spheres.len() as u64) as usize];
    let starts = FIRST_SUNDAY_EVENING + week * WEEK;
    due.push(scheduled(
        "weekly",
        2,
        preset,
        starts,
        WEEKLY_CLOCK,
        WEEKLY_MINUTES,
    ));
    due
}

impl Arenas {
    /// Makes the scheduled arenas due at `now` that are not made yet (once a minute).
    pub(super) async fn keep_schedule(&self, now: u64) {
        {
            let mut last = self.scheduled.lock().unwrap_or_else(|p| p.into_inner());
            if *last == now / 60_000 {
                return;
            }
            *last = now / 60_000;
        }
        for arena in due(now).into_iter().filter(|a| a.ends() > now) {
            let made = self.rooms.store().arena_create(&arena).await;
            let _ = self.rooms.stored("make a scheduled arena", made);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hour_a_headline_preset_in_turn_and_sunday_evenings_a_sphere() {
        // 2026-11-28 (a Saturday) 10:20 UTC.
        let now = 1_795_860_000_000 + 20 * 60_000;
        let due = due(now);
        let hourly: Vec<(&str, u64)> = due[..3]
            .iter()
            .map(|a| (a.variant.as_str(), a.starts))
            .collect();
        let hour = now / HOUR * HOUR;
        assert_eq!(hour, now - 20 * 60_000);
        let h = |k: u64| HOURLY[((hour / HOUR + k) % 4) as usize];
        assert_eq!(
            hourly,
            [(h(0), hour), (h(1), hour + HOUR), (h(2), hour + 2 * HOUR)]
        );
        assert_ne!(h(0), h(1));
        assert!(due[..3]
            .iter()
            .all(|a| a.minutes == 50 && a.clock == (180, 2) && a.rated));
        assert!(due[0].name.starts_with("Hourly "));
        // Tomorrow, Sunday 2026-11-29, at 18:00 UTC.
        let weekly = &due[3];
        assert_eq!(
            weekly.starts,
            1_795_860_000_000 - 10 * HOUR + DAY + 18 * HOUR
        );
        assert!(weekly.variant.starts_with("sphere-"));
        assert_eq!(weekly.schedule.as_deref(), Some("weekly"));
        // During it, the same; the week after, the next sphere.
        assert_eq!(super::due(weekly.starts + HOUR)[3], *weekly);
        let next = &super::due(weekly.starts + 2 * HOUR)[3];
        assert_eq!(next.starts, weekly.starts + WEEK);
        assert_ne!(next.variant, weekly.variant);
        // Made twice, the same arena: the same number.
        assert_eq!(super::due(now), due);
        let ids: std::collections::HashSet<u64> = due.iter().map(|a| a.id).collect();
        assert_eq!(ids.len(), 4);
    }
}
