//! The messages of live games between the game server (`crates/server`) and the browser
//! (`web/`), as JSON: what a player asks for when creating a game, what a browser sends over a
//! game's WebSocket, and the game's state the server sends back after every change. Both sides
//! use these types, so they cannot drift apart; the server depends on the rules core and on this
//! crate only, never on the web crate.
#![forbid(unsafe_code)]

use serde::{Deserialize, Serialize};
use topochess_core::game::Outcome;

pub mod account;
pub mod arena;
pub mod change;
pub mod date;
pub mod player;
pub mod pool;
pub mod token;
pub use change::GameChange;
use topochess_core::Color;

/// The most bytes a message may have; the server refuses longer ones.
pub const MAX_MESSAGE_BYTES: usize = 4096;

/// A game's id on the server: 64 random bits, written as 16 hexadecimal digits in addresses.
pub type GameId = u64;

/// The id as it is written in addresses.
pub fn id_text(id: GameId) -> String {
    format!("{id:016x}")
}

/// The id of its written form; `None` unless it is 16 hexadecimal digits.
pub fn parse_id(text: &str) -> Option<GameId> {
    (text.len() == 16 && text.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| u64::from_str_radix(text, 16).ok())
        .flatten()
}

/// Whether `secret` is a well-formed browser secret: 16 to 64 ASCII letters, digits and `-`.
/// The one check of a secret, on every path that takes one (creating a game, a socket's
/// [`Hello`]): a seat is proven by nothing else.
pub fn valid_secret(secret: &str) -> bool {
    (16..=64).contains(&secret.len())
        && secret
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// The first message over a game's WebSocket: who the browser is. A player's page sends its
/// secret (kept out of the socket's address, which proxies and servers log); a spectator sends
/// none. A socket whose first message is not this, or whose secret is malformed, is closed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename = "hello", try_from = "TaggedHello")]
pub struct Hello {
    /// The browser's secret, if it may hold a seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<String>,
    /// Given: the page takes changes ([`GameChange`]) after a first whole state, and has the
    /// game at this version already (0: not at all); a version the server still keeps is
    /// answered with what was missed since, as one change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub have: Option<u64>,
    /// The side this browser asks for at a game whose seats are both free (an open challenge's
    /// link for White or Black): seated there if it is free, a spectator if not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Color>,
}

/// A hello as read, its tag checked (serde does not check a struct's own tag).
#[derive(Deserialize)]
struct TaggedHello {
    t: String,
    #[serde(default)]
    secret: Option<String>,
    #[serde(default)]
    have: Option<u64>,
    #[serde(default)]
    side: Option<Color>,
}

impl TryFrom<TaggedHello> for Hello {
    type Error = String;

    fn try_from(h: TaggedHello) -> Result<Hello, String> {
        match h.t.as_str() {
            "hello" => Ok(Hello {
                secret: h.secret,
                have: h.have,
                side: h.side,
            }),
            other => Err(format!("a {other:?} message, not a hello")),
        }
    }
}

/// Which side the creator of a game takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
    /// Drawn by the server.
    Random,
}

/// `POST /api/games`: a new game, its creator seated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewGame {
    /// The preset's id (`folded`, `torus`, ...).
    pub variant: String,
    /// The castling option's name (`none`, `standard`, `either-side`), or empty for the preset's.
    pub castling: String,
    /// Seconds on each clock at the start; `None` for a game without clocks.
    pub base_secs: Option<u32>,
    /// Seconds added after each move.
    pub increment_secs: u32,
    /// The creator's side.
    pub side: Side,
    /// The creator's browser's secret (it proves the seat on every connection).
    pub secret: String,
    /// Listed in the lobby, where anyone may take the free seat (a private game is reached by
    /// its link only).
    #[serde(default)]
    pub public: bool,
    /// Rated: only between two accounts, and only a signed-in player may create one (a casual
    /// game otherwise).
    #[serde(default)]
    pub rated: bool,
}

/// A player at a game, as everyone sees them: an account's name and its rating at the game's
/// preset when they sat down, and once a rated game is rated, the change. A guest has none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerTag {
    /// The account's name (`deleted player` once the account is deleted: no account has a
    /// space in its name).
    pub name: String,
    /// The rating at the game's preset when the player sat down, rounded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<i32>,
    /// That rating was provisional (shown with "?").
    #[serde(default)]
    pub provisional: bool,
    /// The rating's change, once the rated game is rated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diff: Option<i32>,
    /// The account's title: `BOT` for a bot account (played by a program).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

/// A game of the lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LobbyGame {
    /// The game's id, as written in addresses.
    pub id: String,
    /// The preset's id.
    pub variant: String,
    /// Seconds at the start and added a move, if the game has clocks.
    pub clock: Option<(u32, u32)>,
    /// The free seat, if one is free.
    pub open_side: Option<Color>,
    /// Moves played.
    pub moves: usize,
    /// Rated.
    #[serde(default)]
    pub rated: bool,
    /// The players seated (White, Black): accounts named, guests not.
    #[serde(default)]
    pub players: [Option<PlayerTag>; 2],
}

/// `GET /api/lobby`: the open seeks, and the public games being played (to watch).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lobby {
    /// Games waiting for an opponent, newest first.
    pub seeks: Vec<LobbyGame>,
    /// Games being played, newest first.
    pub playing: Vec<LobbyGame>,
    /// How many wait and play in each quick-pairing pool.
    #[serde(default)]
    pub pools: Vec<pool::PoolCount>,
}

/// The answer to [`NewGame`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Created {
    /// The game's id, as written in addresses.
    pub id: String,
    /// The creator's side.
    pub side: Color,
}

/// What a browser sends over a game's WebSocket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "kebab-case")]
pub enum ClientMessage {
    /// A move, in coordinates (`e2e4`, `e7e8q`), as the `ply`-th move of the game (counted from
    /// 0): a move for another ply (sent twice, or after the other's) is refused.
    Move {
        /// The move.
        uci: String,
        /// The number of moves played before it.
        ply: usize,
    },
    /// The player resigns.
    Resign,
    /// The player offers a draw, or accepts the other's offer.
    Draw,
    /// The player declines the other's draw offer.
    Decline,
    /// The player ends the game before both sides have moved (it counts for nobody).
    Abort,
    /// The player asks to take back their last move, or accepts the other's asking.
    Takeback,
    /// The player declines the other's take-back.
    DeclineTakeback,
    /// After the game: the player asks for another, colours swapped (when both ask, it starts).
    Rematch,
    /// The other player has been gone for [`CLAIM_AFTER_MS`]: the player claims the win.
    ClaimVictory,
    /// In an arena game, before the player's first move: half their time, no increment, and a
    /// point more for a win in a game of at least 14 plies.
    Berserk,
    /// The page lost track of the game's version (a change it could not apply): the whole state
    /// again. Spectators may send it too.
    Resync,
    /// A line of the players' chat ([`chat_fault`] says which are taken).
    Chat {
        /// What the player says.
        text: String,
    },
}

/// The most characters of a chat line (lichess's).
pub const MOST_CHAT: usize = 140;

/// Why a chat line is refused, if it is: empty, longer than [`MOST_CHAT`] characters, or with a
/// control character (a line break among them). The one check of a line, for the page's
/// socket and the programs' API alike.
pub fn chat_fault(text: &str) -> Option<&'static str> {
    let text = text.trim();
    let n = text.chars().count();
    if n == 0 || n > MOST_CHAT || text.chars().any(char::is_control) {
        return Some("A chat line has 1 to 140 characters, on one line.");
    }
    None
}

/// How long a player must have been gone before the other may claim the win.
pub const CLAIM_AFTER_MS: u64 = 30_000;

/// A game's state, sent on connection and after every change.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameState {
    /// The game's id, as written in addresses.
    pub id: String,
    /// The game's version: one more at every change kept.
    #[serde(default)]
    pub v: u64,
    /// The preset's id.
    pub variant: String,
    /// The castling option's name.
    pub castling: String,
    /// The moves, in coordinates.
    pub moves: Vec<String>,
    /// The side of the browser this was sent to (`None`: a spectator).
    pub you: Option<Color>,
    /// Whether a player sits on each side (White, Black).
    pub seated: [bool; 2],
    /// Seconds on each clock at the start and added after each move, if the game has clocks.
    pub clock: Option<(u32, u32)>,
    /// Milliseconds left on White's and Black's clocks when this was sent.
    pub left_ms: [u64; 2],
    /// Whether the side to move's clock runs (from both sides' first moves until the end).
    pub running: bool,
    /// How the game ended.
    pub outcome: Option<Outcome>,
    /// Aborted before both sides moved.
    pub aborted: bool,
    /// The side offering a draw.
    pub draw_offer: Option<Color>,
    /// The side asking to take back a move.
    pub takeback_offer: Option<Color>,
    /// Which sides asked for a rematch (White, Black).
    pub rematch: [bool; 2],
    /// The rematch's id, once both asked.
    pub next_game: Option<String>,
    /// For each side, how long it has been gone (no page connected), in ms, when this was sent.
    pub gone_ms: [Option<u64>; 2],
    /// Listed in the lobby (a seek, then a public game).
    #[serde(default)]
    pub public: bool,
    /// Rated.
    #[serde(default)]
    pub rated: bool,
    /// The players seated (White, Black): accounts named, guests not.
    #[serde(default)]
    pub players: [Option<PlayerTag>; 2],
    /// The arena tournament the game is played in, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arena: Option<String>,
    /// Which sides went berserk (White, Black).
    #[serde(default)]
    pub berserk: [bool; 2],
    /// In a tournament game before the side to move's first move: the milliseconds it had left,
    /// when this was sent, to make it before it loses the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_move_ms: Option<u64>,
}

/// What the server sends over a game's WebSocket.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "kebab-case")]
pub enum ServerMessage {
    /// The game as it is now.
    State(Box<GameState>),
    /// What changed since the version the page has (to a page that takes changes).
    Change(Box<GameChange>),
    /// Why the last message was refused.
    Error {
        /// A sentence for the player.
        message: String,
    },
    /// The server is shutting down to restart: the socket closes next, and the page reconnects.
    Restarting,
    /// A line of the players' chat, told to both players' pages.
    Chat {
        /// Who said it: the account's name, or the side's for a guest.
        user: String,
        /// What was said.
        text: String,
    },
}

impl ServerMessage {
    /// Reads a message from the JSON the server sends, as the derived `Deserialize` does, but
    /// without buffering the whole message to find its tag: the tag `t` is read alone, then the
    /// fields of its kind from the same text (a reader ignores fields it does not know, `t`
    /// among them). Serde's buffering for tagged enums is ~14 KB of the page's module; the page
    /// reads messages this way. `None` for text that is not such a message.
    pub fn from_json(text: &str) -> Option<ServerMessage> {
        #[derive(Deserialize)]
        struct Tag {
            t: String,
        }
        #[derive(Deserialize)]
        struct Refusal {
            message: String,
        }
        #[derive(Deserialize)]
        struct Line {
            user: String,
            text: String,
        }
        match serde_json::from_str::<Tag>(text).ok()?.t.as_str() {
            "state" => serde_json::from_str::<GameState>(text)
                .ok()
                .map(|state| ServerMessage::State(Box::new(state))),
            "change" => serde_json::from_str::<GameChange>(text)
                .ok()
                .map(|change| ServerMessage::Change(Box::new(change))),
            "error" => serde_json::from_str::<Refusal>(text)
                .ok()
                .map(|r| ServerMessage::Error { message: r.message }),
            "restarting" => Some(ServerMessage::Restarting),
            "chat" => serde_json::from_str::<Line>(text)
                .ok()
                .map(|l| ServerMessage::Chat {
                    user: l.user,
                    text: l.text,
                }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_read_back_from_their_json() {
        let move_text = r#"{"t":"move","uci":"e2e4","ply":0}"#;
        let read: ClientMessage = serde_json::from_str(move_text).unwrap();
        assert_eq!(
            read,
            ClientMessage::Move {
                uci: "e2e4".into(),
                ply: 0
            }
        );
        assert_eq!(serde_json::to_string(&read).unwrap(), move_text);
        for m in [
            ClientMessage::Resign,
            ClientMessage::Draw,
            ClientMessage::Abort,
        ] {
            let text = serde_json::to_string(&m).unwrap();
            assert_eq!(serde_json::from_str::<ClientMessage>(&text).unwrap(), m);
        }
        assert!(serde_json::from_str::<ClientMessage>(r#"{"t":"teleport"}"#).is_err());
    }

    #[test]
    fn a_hello_reads_back_and_secrets_are_checked_one_way() {
        let hello = Hello {
            secret: Some("0123456789abcdef".into()),
            have: None,
            side: None,
        };
        let text = serde_json::to_string(&hello).unwrap();
        assert_eq!(text, r#"{"t":"hello","secret":"0123456789abcdef"}"#);
        assert_eq!(serde_json::from_str::<Hello>(&text).unwrap(), hello);
        assert_eq!(
            serde_json::from_str::<Hello>(r#"{"t":"hello"}"#).unwrap(),
            Hello {
                secret: None,
                have: None,
                side: None,
            }
        );
        // A page that takes changes says the version it has.
        assert_eq!(
            serde_json::from_str::<Hello>(r#"{"t":"hello","have":12}"#).unwrap(),
            Hello {
                secret: None,
                have: Some(12),
                side: None,
            }
        );
        // An open challenge's link for Black asks for Black.
        assert_eq!(
            serde_json::from_str::<Hello>(r#"{"t":"hello","side":"Black"}"#).unwrap(),
            Hello {
                secret: None,
                have: None,
                side: Some(Color::Black),
            }
        );
        assert!(serde_json::from_str::<Hello>(r#"{"t":"move","uci":"e2e4","ply":0}"#).is_err());
        assert!(valid_secret("0123456789abcdef"));
        assert!(valid_secret(&"a-".repeat(32)));
        for bad in [
            "",
            "short",
            &"a".repeat(65),
            "0123456789abcde!",
            "0123456789abcdé0",
        ] {
            assert!(!valid_secret(bad), "{bad:?}");
        }
    }

    #[test]
    fn sides_are_written_as_docs_api_md_says() {
        // A request's side is lower case; a side in an answer or a message has a capital.
        let created = Created {
            id: "0123456789abcdef".into(),
            side: Color::White,
        };
        let answer = serde_json::to_string(&created).unwrap();
        assert!(answer.contains(r#""side":"White""#), "{answer}");
        let docs = include_str!("../../../docs/api.md");
        assert!(docs.contains(r#""side": "White"|"Black""#));
        assert_eq!(serde_json::to_string(&Side::Random).unwrap(), r#""random""#);
        assert!(docs.contains("- `side`: `white`, `black` or `random`."));
    }

    #[test]
    fn a_chat_line_is_one_line_of_1_to_140_characters() {
        assert_eq!(chat_fault("Good luck on the fold"), None);
        assert_eq!(
            chat_fault(&"é".repeat(MOST_CHAT)),
            None,
            "characters, not bytes"
        );
        for bad in ["", "   ", "two\nlines", &"x".repeat(MOST_CHAT + 1)] {
            assert!(chat_fault(bad).is_some(), "{bad:?}");
        }
    }

    #[test]
    fn ids_are_sixteen_hex_digits() {
        assert_eq!(id_text(0xabc), "0000000000000abc");
        assert_eq!(parse_id(&id_text(u64::MAX)), Some(u64::MAX));
        for bad in [
            "",
            "abc",
            "000000000000000g",
            "00000000000000000",
            "+000000000000abc",
        ] {
            assert_eq!(parse_id(bad), None, "{bad}");
        }
    }

    /// A state with something in every field.
    pub(crate) fn a_state() -> GameState {
        GameState {
            id: id_text(0xfeed),
            v: 12,
            variant: "folded".into(),
            castling: "standard".into(),
            moves: vec!["e2e4".into(), "e7e5".into()],
            you: Some(Color::Black),
            seated: [true, false],
            clock: Some((180, 2)),
            left_ms: [170_000, 181_500],
            running: true,
            outcome: Some(Outcome::Resignation {
                winner: Color::White,
            }),
            aborted: false,
            draw_offer: Some(Color::White),
            takeback_offer: None,
            rematch: [false, true],
            next_game: Some(id_text(7)),
            gone_ms: [None, Some(4_000)],
            public: true,
            rated: true,
            players: [
                Some(PlayerTag {
                    name: "alice".into(),
                    rating: Some(1612),
                    provisional: false,
                    diff: Some(-7),
                    title: Some("BOT".into()),
                }),
                None,
            ],
            arena: Some(id_text(99)),
            berserk: [false, true],
            first_move_ms: Some(21_500),
        }
    }

    #[test]
    fn the_page_reads_the_servers_messages_as_the_derived_reader_does() {
        let state = a_state();
        let mut moved = state.clone();
        moved.moves.push("g1f3".into());
        moved.v += 1;
        let messages = [
            ServerMessage::Change(Box::new(GameChange::between(&state, &moved))),
            ServerMessage::State(Box::new(state.clone())),
            ServerMessage::State(Box::new(GameState {
                you: None,
                clock: None,
                outcome: None,
                next_game: None,
                ..state
            })),
            ServerMessage::Error {
                message: "Not your move.".into(),
            },
            ServerMessage::Restarting,
            ServerMessage::Chat {
                user: "anna".into(),
                text: "Good luck on the fold".into(),
            },
        ];
        for m in messages {
            let text = serde_json::to_string(&m).unwrap();
            assert_eq!(ServerMessage::from_json(&text), Some(m.clone()), "{text}");
            assert_eq!(serde_json::from_str::<ServerMessage>(&text).unwrap(), m);
        }
        // The tag may come after the fields, as another writer may put it.
        let late = r#"{"message":"Gone.","t":"error"}"#;
        assert_eq!(
            ServerMessage::from_json(late),
            Some(ServerMessage::Error {
                message: "Gone.".into()
            })
        );
        for bad in [
            "",
            "{}",
            r#"{"t":"teleport"}"#,
            r#"{"t":"error"}"#,
            r#"{"t":"state","id":"1"}"#,
            "[1,2]",
        ] {
            assert_eq!(ServerMessage::from_json(bad), None, "{bad}");
        }
    }
}
