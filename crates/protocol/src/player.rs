//! A player's own channel (`/api/player/socket`, `docs/api.md`): what the server tells one player
//! wherever they are on the site, whichever page they have open: that they are paired in a pool
//! or an arena, or that their seek was taken, with their game's id and side, so that no page has to find its game by its
//! player's name. The page opens it with a [`crate::Hello`] (its browser's secret, for a guest's
//! pool games); a signed-in page is known by its session's cookie too.

use crate::Color;
use serde::{Deserialize, Serialize};

/// Where a pairing was made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum PairedIn {
    /// A quick-pairing pool.
    Pool {
        /// The pool's id (`folded-3+2`).
        pool: String,
    },
    /// An arena tournament.
    Arena {
        /// The arena's id, as written in addresses.
        arena: String,
    },
    /// A game waiting for its second player (a seek in the lobby, or a game sent by link):
    /// its other seat was taken.
    Seek,
}

/// A paired game as its player is told it: all a page needs to put it on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairedGame {
    /// The game's id, as written in addresses.
    pub id: String,
    /// The player's side.
    pub side: Color,
    /// The preset's id.
    pub preset: String,
    /// The clock: seconds at the start, seconds added a move.
    pub clock: (u32, u32),
    /// Rated.
    pub rated: bool,
    /// The pool or arena that paired it.
    pub from: PairedIn,
}

/// What the server sends over a player's channel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "kebab-case")]
pub enum PlayerNews {
    /// The channel listens: for the account signed in (its name), or for a guest's browser.
    Listening {
        /// The account's name; none for a guest.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        account: Option<String>,
    },
    /// A game of the player's was made: go to it. Told once a channel, for as long as it is
    /// being played and its pairing is kept (a channel opened late hears it too).
    Paired(PairedGame),
    /// A challenge the player made or was sent was made or answered (`created`, `accepted`,
    /// `declined`, `canceled`): its id.
    Challenge {
        /// The challenge's id, as written in addresses (its game's, once accepted).
        id: String,
        /// Where it stands now.
        status: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pairing_reads_back_from_its_json() {
        let news = PlayerNews::Paired(PairedGame {
            id: "00000000000000ff".into(),
            side: Color::Black,
            preset: "folded".into(),
            clock: (180, 2),
            rated: true,
            from: PairedIn::Arena {
                arena: "0000000000000001".into(),
            },
        });
        let text = serde_json::to_string(&news).unwrap();
        assert_eq!(
            text,
            r#"{"t":"paired","id":"00000000000000ff","side":"Black","preset":"folded","clock":[180,2],"rated":true,"from":{"kind":"arena","arena":"0000000000000001"}}"#
        );
        assert_eq!(serde_json::from_str::<PlayerNews>(&text).unwrap(), news);
        let listening = PlayerNews::Listening { account: None };
        assert_eq!(
            serde_json::to_string(&listening).unwrap(),
            r#"{"t":"listening"}"#
        );
    }
}
