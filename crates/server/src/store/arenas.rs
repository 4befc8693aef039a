//! The arena tournaments' part of the store: the arenas, who joined each, and their games with
//! how each ended. Everything an arena is lives here, so that it survives a restart and every
//! server sharing the store pairs from the same standings; a pair is made once when two
//! servers pair at once. Both stores implement it, and one suite tests both
//! (`tests/arenas.rs`).

use super::StoreError;
use crate::record::Record;
use topochess_core::Color;
use topochess_protocol::arena::ArenaStatus;
use topochess_protocol::GameId;

/// An arena tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arena {
    /// Its number.
    pub id: u64,
    /// Its name.
    pub name: String,
    /// The preset's id.
    pub variant: String,
    /// Its games' clock: seconds at the start, seconds a move.
    pub clock: (u32, u32),
    /// Its games are rated.
    pub rated: bool,
    /// When it starts (ms since the epoch).
    pub starts: u64,
    /// How long it lasts, in minutes.
    pub minutes: u32,
    /// A private arena's code, hashed (`record::seat_proof`); none for a public one.
    pub code: Option<String>,
    /// The name of the account that made it; none for a scheduled one.
    pub creator: Option<String>,
    /// The schedule that made it (`hourly`, `weekly`).
    pub schedule: Option<String>,
    /// When it was made (ms since the epoch).
    pub created: u64,
    /// How many have joined (read from the store; ignored when it is made).
    pub players: u32,
    /// Bot accounts may join (lichess's `conditions.bots`).
    pub bots: bool,
}

impl Arena {
    /// When it ends (ms since the epoch).
    pub fn ends(&self) -> u64 {
        self.starts + self.minutes as u64 * 60_000
    }

    /// Where it stands at `now`.
    pub fn status(&self, now: u64) -> ArenaStatus {
        if now < self.starts {
            ArenaStatus::Created
        } else if now < self.ends() {
            ArenaStatus::Started
        } else {
            ArenaStatus::Finished
        }
    }
}

/// A player who joined an arena.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// The account.
    pub account: u64,
    /// Its name.
    pub name: String,
    /// Its rating at the arena's preset: as it is now if a rated game there ended since it
    /// joined, else as it was when it joined.
    pub rating: i32,
    /// That rating is provisional.
    pub provisional: bool,
    /// When it first joined (ms since the epoch).
    pub joined: u64,
    /// Paused: not paired until it comes back.
    pub paused: bool,
    /// When a server last had one of its pages open at the arena (0: none open).
    pub seen: u64,
}

/// How an arena game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArenaEnd {
    /// Won by this side.
    Won(Color),
    /// Drawn.
    Draw,
    /// Aborted (or gone from the store): it counts for nobody.
    Aborted,
}

/// A game of an arena.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The game.
    pub game: GameId,
    /// White's account.
    pub white: u64,
    /// Black's account.
    pub black: u64,
    /// When it was paired (ms since the epoch).
    pub started: u64,
    /// Once over: when, and how.
    pub ended: Option<(u64, ArenaEnd)>,
    /// Half-moves played (once over).
    pub plies: u32,
    /// Which sides went berserk (once over).
    pub berserk: [bool; 2],
}

/// The arenas' part of a store.
#[async_trait::async_trait]
pub trait ArenaStore: Send + Sync + 'static {
    /// Keeps a new arena; `false` when its number is taken (a scheduled arena another server
    /// made first).
    async fn arena_create(&self, arena: &Arena) -> Result<bool, StoreError>;
    /// The arena `id`, with how many joined.
    async fn arena(&self, id: u64) -> Result<Option<Arena>, StoreError>;
    /// The arenas that end at or after `from` and start before `to`, soonest first.
    async fn arenas(&self, from: u64, to: u64) -> Result<Vec<Arena>, StoreError>;
    /// Who joined arena `id`, first joined first.
    async fn arena_entrants(&self, id: u64) -> Result<Vec<Entrant>, StoreError>;
    /// Arena `id`'s games, oldest first.
    async fn arena_pairings(&self, id: u64) -> Result<Vec<Pairing>, StoreError>;
    /// `entrant` joins arena `id`, or comes back (no longer paused; the first join and rating
    /// kept).
    async fn arena_join(&self, id: u64, entrant: &Entrant) -> Result<(), StoreError>;
    /// `account` pauses in arena `id`; `leave`: it is taken out (before the start).
    async fn arena_pause(&self, id: u64, account: u64, leave: bool) -> Result<(), StoreError>;
    /// `accounts` have a page open at arena `id` at `at` (0: no longer).
    async fn arena_seen(&self, id: u64, accounts: &[u64], at: u64) -> Result<(), StoreError>;
    /// Pairs `white` and `black` in arena `id` at `now` and keeps their new game `game`, in one
    /// transaction: `false`, and nothing written, when either is in a game of the arena not over
    /// (another server paired them first). No game is kept that no pair owns.
    async fn arena_pair(
        &self,
        id: u64,
        white: u64,
        black: u64,
        game: &Record,
        now: u64,
    ) -> Result<bool, StoreError>;
    /// Arena game `game` ended at `at` as `end` after `plies`, with `berserk`: `false` when it
    /// was marked ended already.
    async fn arena_end(
        &self,
        game: GameId,
        at: u64,
        end: ArenaEnd,
        plies: u32,
        berserk: [bool; 2],
    ) -> Result<bool, StoreError>;
}

/// The tables of the arenas (the same in both stores).
pub(crate) const ARENA_TABLES: &str = "CREATE TABLE arenas (
        id BIGINT PRIMARY KEY,
        name TEXT NOT NULL,
        variant TEXT NOT NULL,
        clock_base INTEGER NOT NULL,
        clock_increment INTEGER NOT NULL,
        rated SMALLINT NOT NULL,
        starts BIGINT NOT NULL,
        minutes INTEGER NOT NULL,
        code TEXT,
        creator TEXT,
        schedule TEXT,
        created BIGINT NOT NULL
    );
    CREATE INDEX arenas_starts ON arenas (starts);
    CREATE TABLE arena_players (
        arena BIGINT NOT NULL,
        account BIGINT NOT NULL,
        name TEXT NOT NULL,
        rating INTEGER NOT NULL,
        provisional SMALLINT NOT NULL,
        joined BIGINT NOT NULL,
        paused SMALLINT NOT NULL,
        seen BIGINT NOT NULL,
        PRIMARY KEY (arena, account)
    );
    CREATE TABLE arena_games (
        game BIGINT PRIMARY KEY,
        arena BIGINT NOT NULL,
        white BIGINT NOT NULL,
        black BIGINT NOT NULL,
        started BIGINT NOT NULL,
        ended BIGINT,
        result SMALLINT,
        plies INTEGER NOT NULL,
        berserk SMALLINT NOT NULL
    );
    CREATE INDEX arena_games_arena ON arena_games (arena, started);";

/// The columns an arena is read from, in [`arena_of`]'s order.
pub(crate) const ARENA_COLUMNS: &str = "id, name, variant, clock_base, clock_increment, rated,
    starts, minutes, code, creator, schedule, created,
    (SELECT count(*) FROM arena_players p WHERE p.arena = arenas.id), bots";

/// The layout step that lets an arena take bots.
pub(crate) const ARENA_BOTS: &str =
    "ALTER TABLE arenas ADD COLUMN bots SMALLINT NOT NULL DEFAULT 0;";

/// The query of an arena's entrants, first joined first, in [`entrant_of`]'s order; `{id}` is
/// the arena's parameter. Each one's standing at the arena's preset comes with it, to show the
/// rating that its rated games since joining made.
pub(crate) const ENTRANTS_QUERY: &str = "SELECT p.account, p.name, p.rating, p.provisional,
        p.joined, p.paused, p.seen, r.rating, r.deviation, r.updated
    FROM arena_players p
    JOIN arenas a ON a.id = p.arena
    LEFT JOIN ratings r ON r.account = p.account AND r.variant = a.variant
    WHERE p.arena = {id} ORDER BY p.joined, p.account";

/// The columns of [`ENTRANTS_QUERY`] as each store reads them.
pub(crate) type EntrantRow = (
    u64,
    String,
    i32,
    bool,
    u64,
    bool,
    u64,
    Option<(f64, f64, i64)>,
);

/// An entrant from its row: the rating it joined with, unless a rated game at the preset ended
/// since (the standing's last change is after the join), whose rating it then shows.
pub(crate) fn entrant_of(row: EntrantRow) -> Entrant {
    let (account, name, rating, provisional, joined, paused, seen, standing) = row;
    let (rating, provisional) = match standing {
        Some((now, deviation, updated)) if updated as u64 > joined => (
            now.round() as i32,
            deviation >= crate::ratings::system().provisional_from,
        ),
        _ => (rating, provisional),
    };
    Entrant {
        account,
        name,
        rating,
        provisional,
        joined,
        paused,
        seen,
    }
}

/// The columns a pairing is read from, in [`pairing_of`]'s order.
pub(crate) const PAIRING_COLUMNS: &str =
    "game, white, black, started, ended, result, plies, berserk";

/// An arena's columns as read (both stores read integers as `i64`).
pub(crate) type ArenaRow = (
    i64,
    String,
    String,
    i64,
    i64,
    i64,
    i64,
    i64,
    Option<String>,
    Option<String>,
    Option<String>,
    i64,
    i64,
    i64,
);

/// The arena of its columns.
pub(crate) fn arena_of(row: ArenaRow) -> Arena {
    Arena {
        id: row.0 as u64,
        name: row.1,
        variant: row.2,
        clock: (row.3 as u32, row.4 as u32),
        rated: row.5 != 0,
        starts: row.6 as u64,
        minutes: row.7 as u32,
        code: row.8,
        creator: row.9,
        schedule: row.10,
        created: row.11 as u64,
        players: row.12 as u32,
        bots: row.13 != 0,
    }
}

/// The pairing of its columns (integers as `i64`).
pub(crate) fn pairing_of(row: [Option<i64>; 8]) -> Pairing {
    let n = |i: usize| row[i].unwrap_or(0);
    let end = match row[5] {
        Some(0) => ArenaEnd::Won(Color::White),
        Some(1) => ArenaEnd::Won(Color::Black),
        Some(2) => ArenaEnd::Draw,
        _ => ArenaEnd::Aborted,
    };
    Pairing {
        game: n(0) as u64,
        white: n(1) as u64,
        black: n(2) as u64,
        started: n(3) as u64,
        ended: row[4].map(|at| (at as u64, end)),
        plies: n(6) as u32,
        berserk: [n(7) & 1 != 0, n(7) & 2 != 0],
    }
}

/// An ending as kept: 0 White won, 1 Black won, 2 drawn, 3 aborted.
pub(crate) fn end_code(end: ArenaEnd) -> i16 {
    match end {
        ArenaEnd::Won(Color::White) => 0,
        ArenaEnd::Won(Color::Black) => 1,
        ArenaEnd::Draw => 2,
        ArenaEnd::Aborted => 3,
    }
}

/// The berserks as kept: 1 White, 2 Black.
pub(crate) fn berserk_bits(b: [bool; 2]) -> i16 {
    b[0] as i16 | (b[1] as i16) << 1
}
