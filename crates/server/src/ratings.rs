//! Rated games and leaderboards: how the end of a rated game changes its players' ratings
//! (Glicko-2 with lichess's constants, `topochess-rating`), and who stands on a preset's
//! leaderboard. Pure: the store reads the standings, calls these, and keeps what they say in the
//! same transaction.

use crate::record::Record;
use topochess_core::Color;
use topochess_protocol::account::PresetRating;
use topochess_rating::{Rating, System};

/// A player's rating at one preset, as the store keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The preset's id.
    pub variant: String,
    /// The rating, deviation and volatility after the last rated game.
    pub rating: Rating,
    /// Rated games played at the preset.
    pub games: u32,
    /// When the last rated game ended (ms since the epoch).
    pub updated: u64,
}

/// The rating system: lichess's constants.
pub fn system() -> System {
    System::default()
}

/// A leaderboard counts a player whose last rated game at the preset is this recent (lichess:
/// a week).
pub const ACTIVE_MS: u64 = 7 * 24 * 3600 * 1000;

/// The most a leaderboard's player's deviation may be (lichess: 75 at standard chess, 65 at its
/// variants).
pub fn rankable_deviation(variant: &str) -> f64 {
    if variant == "standard" {
        75.0
    } else {
        65.0
    }
}

/// A standing as the API shows it at `now`: the deviation grown with the time since the last
/// rated game; a preset never played, at the new player's rating.
pub fn shown(standing: Option<&Standing>, now: u64) -> PresetRating {
    let s = system();
    let (rating, games, updated) = match standing {
        Some(st) => (st.rating, st.games, st.updated),
        None => (s.new_rating(), 0, now),
    };
    let rd = s.deviation_after(&rating, s.periods_between(updated, now));
    PresetRating {
        rating: rating.rating.round() as i32,
        rd: rd.round() as i32,
        games,
        provisional: rd >= s.provisional_from,
    }
}

/// What rating a game changes: for White and Black, the standing after it; and the rating's
/// change each way.
#[derive(Clone, Debug, PartialEq)]
pub struct Settled {
    /// White's and Black's standings after the game.
    pub after: [Standing; 2],
    /// White's and Black's rating changes, rounded (shown to both at the game's end).
    pub diffs: [i32; 2],
}

/// What `game`'s end does to its players' ratings, from their standings before it (`None`: not
/// played yet at the preset), at `now`. Nothing for a game that is not rated between two
/// accounts, not over, aborted, or ended before both sides moved.
pub fn settle(game: &Record, before: [Option<&Standing>; 2], now: u64) -> Option<Settled> {
    let outcome = game.outcome.filter(|_| game.rated && !game.aborted)?;
    if game.moves.len() < 2 || game.account(Color::White).is_none() {
        return None;
    }
    game.account(Color::Black)?;
    let s = system();
    // Each rating as kept, the rating periods since that player's last rated game, and as an
    // opponent sees it now (the deviation grown over those periods).
    let now_rating = |st: Option<&Standing>| -> (Rating, f64, u32, Rating) {
        match st {
            Some(st) => {
                let periods = s.periods_between(st.updated, now);
                let grown = Rating {
                    deviation: s.deviation_after(&st.rating, periods),
                    ..st.rating
                };
                (st.rating, periods, st.games, grown)
            }
            None => (s.new_rating(), 0.0, 0, s.new_rating()),
        }
    };
    let sides = before.map(now_rating);
    let score = |side: Color| match outcome.winner() {
        None => 0.5,
        Some(w) if w == side => 1.0,
        Some(_) => 0.0,
    };
    let rate = |side: Color| {
        let (me, other) = (&sides[side.index()], &sides[(!side).index()]);
        let result = topochess_rating::Result {
            opponent: other.3,
            score: score(side),
        };
        let after = s.rate(&me.0, &[result], me.1);
        let standing = Standing {
            variant: game.variant.clone(),
            rating: after,
            games: me.2 + 1,
            updated: now,
        };
        let diff = after.rating.round() as i32 - me.0.rating.round() as i32;
        (standing, diff)
    };
    let (white, black) = (rate(Color::White), rate(Color::Black));
    Some(Settled {
        diffs: [white.1, black.1],
        after: [white.0, black.0],
    })
}

/// Whether `game` is rated, over (ended or aborted) and not yet settled.
pub fn unsettled(game: &Record) -> bool {
    game.rated && !game.settled && (game.outcome.is_some() || game.aborted)
}

/// `game` with its players' rating changes written in, and marked settled.
pub fn settled_record(mut game: Record, settled: Option<&Settled>) -> Record {
    if let Some(settled) = settled {
        for (p, diff) in game.players.iter_mut().zip(settled.diffs) {
            if let Some(p) = p {
                p.tag.diff = Some(diff);
            }
        }
    }
    game.settled = true;
    game.revision += 1;
    game
}

#[cfg(test)]
mod tests;
