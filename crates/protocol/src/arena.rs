//! Arena tournaments (`docs/api.md`), as lichess runs them: for a set time, players who have
//! joined are paired again as soon as their game ends, scored by `topochess-arena`'s sheet. The
//! server schedules some (an hourly rotation through the headline presets, a weekly sphere) and
//! players create others. The page and the server read the same choices.

use serde::{Deserialize, Serialize};

/// The time controls an arena is created with: minutes at the start, seconds added a move.
pub const ARENA_CLOCKS: [(u32, u32); 8] = [
    (1, 0),
    (2, 1),
    (3, 0),
    (3, 2),
    (5, 0),
    (5, 3),
    (10, 0),
    (10, 5),
];

/// The shortest and longest arena, in minutes.
pub const ARENA_MINUTES: (u32, u32) = (2, 720);

/// The lengths the page offers, in minutes.
pub const ARENA_LENGTHS: [u32; 9] = [5, 10, 15, 20, 30, 45, 60, 90, 120];

/// The latest an arena may start, in seconds from its creation (a week).
pub const MOST_STARTS_IN: u32 = 7 * 24 * 3600;

/// The longest name an arena may have, in characters.
pub const MOST_NAME: usize = 40;

/// The longest private code, in characters.
pub const MOST_CODE: usize = 40;

/// An arena a player asks for (`POST /api/tournaments`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewArena {
    /// Its name; empty: named after its preset.
    #[serde(default)]
    pub name: String,
    /// The preset's id.
    pub preset: String,
    /// Its time control, one of [`ARENA_CLOCKS`].
    pub clock: ArenaClock,
    /// How long it lasts, in minutes.
    pub minutes: u32,
    /// When it starts, in seconds from now.
    #[serde(default)]
    pub starts_in: u32,
    /// Its games are rated.
    #[serde(default)]
    pub rated: bool,
    /// Private: joined only with this code, and not listed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// Bot accounts may join (lichess's `conditions.bots`).
    #[serde(default)]
    pub bots: bool,
}

/// An arena's time control, as lichess writes it: seconds at the start and added a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaClock {
    /// Seconds on each clock at the start.
    pub limit: u32,
    /// Seconds added a move.
    pub increment: u32,
}

impl ArenaClock {
    /// Whether it is one of [`ARENA_CLOCKS`].
    pub fn offered(&self) -> bool {
        ARENA_CLOCKS.contains(&(self.limit / 60, self.increment)) && self.limit.is_multiple_of(60)
    }

    /// As players say it: `3+2`.
    pub fn text(&self) -> String {
        format!("{}+{}", self.limit / 60, self.increment)
    }
}

/// Where an arena stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ArenaStatus {
    /// Not started: players may join.
    Created,
    /// Being played.
    Started,
    /// Over.
    Finished,
}

/// An arena as listed (`GET /api/tournaments`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaSummary {
    /// Its id, as written in addresses.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The preset's id.
    pub preset: String,
    /// Its time control.
    pub clock: ArenaClock,
    /// Its games are rated.
    pub rated: bool,
    /// When it starts (ms since the epoch).
    pub starts: u64,
    /// How long it lasts, in minutes.
    pub minutes: u32,
    /// Where it stands.
    pub status: ArenaStatus,
    /// How many have joined.
    pub players: u32,
    /// Joined only with a code.
    #[serde(default)]
    pub private: bool,
    /// Made by the server's schedule (`hourly`, `weekly`); none when a player made it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schedule: Option<String>,
    /// Who made it, when a player did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creator: Option<String>,
    /// Bot accounts may join.
    #[serde(default)]
    pub bots: bool,
}

/// The arenas listed, each list soonest or latest first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaList {
    /// Being played.
    pub started: Vec<ArenaSummary>,
    /// Starting soon.
    pub created: Vec<ArenaSummary>,
    /// Just finished.
    pub finished: Vec<ArenaSummary>,
}

/// How a game stands on a player's sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SheetResult {
    /// Won.
    Win,
    /// Drawn.
    Draw,
    /// Lost.
    Loss,
}

/// A game on a player's sheet, oldest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetGame {
    /// The game's id.
    pub game: String,
    /// The result for the player.
    pub result: SheetResult,
    /// What it scored.
    pub points: u32,
    /// Part of a streak: `start` (a win that began or continues one not yet doubled) or
    /// `double` (scored double, on fire).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub streak: Option<String>,
    /// The player went berserk in it.
    #[serde(default)]
    pub berserk: bool,
}

/// A player in the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// Their place, from 1.
    pub rank: u32,
    /// The account's name.
    pub name: String,
    /// Their rating at the preset: as their rated games there since joining made it, else as
    /// it was when they joined.
    pub rating: i32,
    /// That rating is provisional.
    #[serde(default)]
    pub provisional: bool,
    /// Their score.
    pub score: u32,
    /// Their games, oldest first.
    pub sheet: Vec<SheetGame>,
    /// Their next win counts double (their last two games were wins).
    pub fire: bool,
    /// How many times they went berserk.
    pub berserks: u32,
    /// Their performance: the opponents' mean rating, 500 more for each win over a loss, a game.
    pub performance: Option<i32>,
    /// Paused: not paired until they come back.
    pub paused: bool,
}

/// A game being played in an arena.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaGame {
    /// The game's id.
    pub id: String,
    /// White's name, rating and berserk.
    pub white: ArenaSide,
    /// Black's.
    pub black: ArenaSide,
}

/// A player at an arena game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaSide {
    /// The account's name.
    pub name: String,
    /// Their rating at the preset (as in the standings).
    pub rating: i32,
    /// Their rank in the standings.
    pub rank: u32,
}

/// An arena in full (`GET /api/tournaments/{id}`, and the tournament's socket).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaView {
    /// What the list shows of it.
    #[serde(flatten)]
    pub summary: ArenaSummary,
    /// When it ends (ms since the epoch).
    pub ends: u64,
    /// The server's time when this was made, for the countdown.
    pub now: u64,
    /// The standings, first first.
    pub standings: Vec<Standing>,
    /// The games being played.
    pub games: Vec<ArenaGame>,
}

/// What a tournament's socket sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "kebab-case")]
pub enum ArenaNews {
    /// The tournament as it stands, on opening and whenever it changes.
    View(Box<ArenaView>),
}

/// What a player sends to join (`POST /api/tournaments/{id}/join`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct JoinArena {
    /// A private arena's code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
}

/// A preset's name in an arena's name ("Hourly Folded Arena"); an arena made with no name is
/// called `"<short name> Arena"`.
pub fn short_name(preset: &str) -> String {
    match preset {
        "folded" => "Folded".into(),
        "cylinder" => "Cylinder".into(),
        "torus" => "Torus".into(),
        "torus-8x14" => "Torus 8x14".into(),
        other => topochess_core::variant::preset(other)
            .map_or_else(|| other.to_string(), |p| p.name.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_offered_are_whole_minutes_of_the_list() {
        assert!(ArenaClock {
            limit: 180,
            increment: 2
        }
        .offered());
        assert!(!ArenaClock {
            limit: 170,
            increment: 2
        }
        .offered());
        assert!(!ArenaClock {
            limit: 60 * 60,
            increment: 0
        }
        .offered());
        assert_eq!(
            ArenaClock {
                limit: 60,
                increment: 0
            }
            .text(),
            "1+0"
        );
    }

    #[test]
    fn a_view_reads_back_with_its_summary_flat() {
        let text = r#"{"id":"ab","name":"Folded Arena","preset":"folded","clock":{"limit":180,"increment":2},"rated":true,"starts":1,"minutes":30,"status":"started","players":2,"ends":1800001,"now":5,"standings":[],"games":[]}"#;
        let view: ArenaView = serde_json::from_str(text).unwrap();
        assert_eq!(view.summary.status, ArenaStatus::Started);
        assert_eq!(serde_json::to_value(&view).unwrap()["preset"], "folded");
    }
}
