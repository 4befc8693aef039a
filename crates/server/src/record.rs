//! What the store keeps of a live game: everything needed to take it up again after a restart.

use topochess_core::game::Outcome;
use topochess_core::Color;
use topochess_protocol::{GameId, PlayerTag};

/// A player at a game: their account (none once it is deleted) and what everyone sees of them.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Player {
    /// The account's number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account: Option<u64>,
    /// The name, the rating when they sat down, and the rating's change once rated.
    #[serde(flatten)]
    pub tag: PlayerTag,
    /// The arena tournament the player plays this game in, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arena: Option<u64>,
    /// The player went berserk in this arena game: half the time, no increment.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub berserk: bool,
    /// When the player made their first move in this arena game (ms since the epoch): the
    /// opponent's time for theirs counts from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_moved: Option<u64>,
}

#[cfg(test)]
impl Player {
    /// For tests: account `account` named `name`, at `rating`, provisional, in no arena.
    pub fn of_account(account: u64, name: &str, rating: i32) -> Player {
        Player {
            account: Some(account),
            tag: PlayerTag {
                name: name.into(),
                rating: Some(rating),
                provisional: true,
                diff: None,
                title: None,
            },
            arena: None,
            berserk: false,
            first_moved: None,
        }
    }
}

/// The plies at which each side's last draw offer and take-back request were declined (or
/// lapsed as the opponent moved on): such an offer is made again only later
/// ([`topochess_core::clock::may_offer_again`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Declined {
    /// White's and Black's last declined draw offers.
    #[serde(default)]
    pub draw: [Option<usize>; 2],
    /// White's and Black's last declined take-back requests.
    #[serde(default)]
    pub takeback: [Option<usize>; 2],
}

/// The name a deleted account's games show (no account has a space in its name).
pub const DELETED: &str = "deleted player";

/// A live game as it is stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The game's id.
    pub id: GameId,
    /// The preset's id.
    pub variant: String,
    /// The castling option's name.
    pub castling: String,
    /// Seconds at the start and added a move, if the game has clocks.
    pub clock: Option<(u32, u32)>,
    /// The proofs of the browsers seated as White and Black: each one's secret hashed
    /// ([`seat_proof`]), so that a leaked database lets nobody take a seat.
    pub seats: [Option<String>; 2],
    /// The moves, in coordinates.
    pub moves: Vec<String>,
    /// Milliseconds left on White's and Black's clocks, as of `turn_since` for the side to move.
    pub left_ms: [u64; 2],
    /// When the running clock started (ms since the epoch); `None` while no clock runs.
    pub turn_since: Option<u64>,
    /// How the game ended.
    pub outcome: Option<Outcome>,
    /// Ended before both sides moved.
    pub aborted: bool,
    /// The side offering a draw.
    pub draw_offer: Option<Color>,
    /// The side asking to take back a move.
    pub takeback_offer: Option<Color>,
    /// Which sides asked for a rematch (White, Black).
    pub rematch: [bool; 2],
    /// The rematch, once both asked.
    pub next_game: Option<GameId>,
    /// When the game was created (ms since the epoch).
    pub created: u64,
    /// Listed in the lobby.
    pub public: bool,
    /// How many times the game was kept since it was created: a write is kept only over the
    /// revision it was made from, so that of two servers changing one game at once, one wins and
    /// the other reads the game again (the database settles the race).
    pub revision: u64,
    /// When the running clock falls (ms since the epoch), kept so that any server finds the
    /// games whose flag is due, those of a server that died included; `None` while no clock runs.
    pub deadline: Option<u64>,
    /// Rated: between two accounts, rated when it ends.
    pub rated: bool,
    /// A rated game whose ratings are settled (changed, or left as they were for a game that
    /// ended before both sides moved).
    pub settled: bool,
    /// The accounts seated (White, Black); none for a guest.
    pub players: [Option<Player>; 2],
    /// The offers each side had declined, and when.
    pub declined: Declined,
}

impl Record {
    /// When the side to move must make its first move or lose the game: a tournament game's
    /// rule ([`topochess_core::clock::first_move_deadline`]); `None` once both sides moved, the
    /// game is over, or it is not a tournament's.
    pub fn first_move_deadline(&self) -> Option<u64> {
        let players = self.players.iter().flatten();
        if self.outcome.is_some() || self.aborted || !players.clone().any(|p| p.arena.is_some()) {
            return None;
        }
        let first_moved = players.filter_map(|p| p.first_moved).min();
        topochess_core::clock::first_move_deadline(self.created, self.moves.len(), first_moved)
    }

    /// The players as kept (JSON), for the store.
    pub fn players_text(&self) -> Option<String> {
        self.players
            .iter()
            .any(Option::is_some)
            .then(|| serde_json::to_string(&self.players).expect("players are JSON"))
    }

    /// The declined offers as kept (JSON; none while there are none), for the store.
    pub fn declined_text(&self) -> Option<String> {
        (self.declined != Declined::default())
            .then(|| serde_json::to_string(&self.declined).expect("offers are JSON"))
    }

    /// The declined offers of their kept text (none, or a text that cannot be read: none; they
    /// only space out offers).
    pub fn declined_of(text: Option<&str>) -> Declined {
        text.and_then(|t| serde_json::from_str(t).ok())
            .unwrap_or_default()
    }

    /// The players of their kept text.
    pub fn players_of(text: Option<&str>) -> Result<[Option<Player>; 2], String> {
        text.map_or(Ok([None, None]), |t| {
            serde_json::from_str(t).map_err(|e| format!("unreadable players: {e}"))
        })
    }

    /// The account seated on `side`, if any.
    pub fn account(&self, side: Color) -> Option<u64> {
        self.players[side.index()].as_ref().and_then(|p| p.account)
    }

    /// Who won, as the archive's filter reads it: `white`, `black` or `draw`; none while the
    /// game goes on, or when it was aborted.
    pub fn winner_text(&self) -> Option<&'static str> {
        let outcome = self.outcome.filter(|_| !self.aborted)?;
        Some(match outcome.winner() {
            Some(Color::White) => "white",
            Some(Color::Black) => "black",
            None => "draw",
        })
    }

    /// The `rated` column: 0 casual, 1 rated, 2 rated and settled.
    pub fn rated_code(&self) -> i16 {
        match (self.rated, self.settled) {
            (false, _) => 0,
            (true, false) => 1,
            (true, true) => 2,
        }
    }
}

/// What the store keeps of a browser's secret: its SHA-256, in hexadecimal. A secret is 128 bits
/// or more from the browser's random generator, so a fast hash is enough (a slow one is for
/// passwords, which people choose).
pub fn seat_proof(secret: &str) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(secret.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Whether two proofs are the same, in a time that does not depend on where they differ.
pub fn same_proof(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |diff, (x, y)| diff | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_proof_is_the_secrets_sha256_and_compares_exactly() {
        assert_eq!(
            seat_proof("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        let p = seat_proof("0123456789abcdef");
        assert!(same_proof(&p, &p.clone()));
        assert!(!same_proof(&p, &seat_proof("0123456789abcdeg")));
        assert!(!same_proof(&p, &p[..63]));
        assert!(!same_proof("", &p));
    }
}
