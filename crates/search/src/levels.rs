//! Playing levels: each is a search depth and a think-time cap a player can read, plus, at the
//! lowest levels, deliberate mistakes (a random error on each move's score, and sometimes a random
//! move) so that a beginner can win.

/// One level.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Level {
    /// 1 to 8.
    pub number: u8,
    /// What the player reads in the menu.
    pub label: &'static str,
    /// The deepest iteration.
    pub depth: u32,
    /// The most time the computer may think, in milliseconds (the caller enforces it).
    pub max_millis: u32,
    /// The largest random error added to each root move's score, in centipawns.
    pub noise: i32,
    /// Per mille of moves played at random.
    pub blunders: u32,
}

/// The levels, weakest first.
pub const LEVELS: [Level; 8] = [
    Level {
        number: 1,
        label: "1 - beginner: looks one move ahead, often careless",
        depth: 1,
        max_millis: 500,
        noise: 250,
        blunders: 250,
    },
    Level {
        number: 2,
        label: "2 - casual: two moves ahead, sometimes careless",
        depth: 2,
        max_millis: 500,
        noise: 120,
        blunders: 100,
    },
    Level {
        number: 3,
        label: "3 - club: three moves ahead",
        depth: 3,
        max_millis: 1000,
        noise: 40,
        blunders: 20,
    },
    Level {
        number: 4,
        label: "4 - depth 4",
        depth: 4,
        max_millis: 1000,
        noise: 0,
        blunders: 0,
    },
    Level {
        number: 5,
        label: "5 - depth 6, moves at once",
        depth: 6,
        max_millis: 1000,
        noise: 0,
        blunders: 0,
    },
    Level {
        number: 6,
        label: "6 - depth 8, a fraction of a second a move",
        depth: 8,
        max_millis: 2000,
        noise: 0,
        blunders: 0,
    },
    Level {
        number: 7,
        label: "7 - depth 12, about 1 s a move (5 s at most)",
        depth: 12,
        max_millis: 5000,
        noise: 0,
        blunders: 0,
    },
    Level {
        number: 8,
        label: "8 - full strength, about 3 s a move (10 s at most)",
        depth: 64,
        max_millis: 10000,
        noise: 0,
        blunders: 0,
    },
];

/// The level players get unless they choose.
pub const DEFAULT_LEVEL: u8 = 5;

/// The level numbered `n` (clamped to 1..=8).
pub fn level(n: u8) -> Level {
    LEVELS[(n.clamp(1, 8) - 1) as usize]
}
