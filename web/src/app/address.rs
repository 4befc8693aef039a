//! Every screen and every game has its own address, kept in the fragment after `#/` so that it
//! works on any host and under any sub-path without the server's help: `#/play/<game>`,
//! `#/puzzles/<id>`, `#/learn/<lesson>/<step>`, `#/endgames/<surface>/<material>`, and one each
//! for the other screens. Back and Forward move between them, a reload stays where it was, and
//! an address can be bookmarked and shared. Share and correspondence links keep their own
//! fragments (`#variant=…`, `#corr=…`), which never start with `/`.

use crate::app::screen::Screen;
use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

/// Where the app is: a screen, and on some screens the thing it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Address {
    /// The front page.
    Home,
    /// The game screen, with the library's game on the board.
    Play(Option<u64>),
    /// A live game on the game server, by the server's id (the link players send each other).
    Live(u64),
    /// A live game's link for one side (an open challenge's: `#/live/<id>/white`): this browser
    /// asks the server for that side.
    LiveSide(u64, topochess_core::Color),
    /// The analysis board.
    Analysis,
    /// The puzzles, with a puzzle's id.
    Puzzles(Option<String>),
    /// The lessons, with a lesson and a step (both counted from 0 here, from 1 in the address).
    Learn(Option<(usize, usize)>),
    /// The endgame atlas, with a cell: surface and material.
    Endgames(Option<(String, String)>),
    /// The explorer.
    Explore,
    /// The surface lab.
    Lab,
    /// The library of games.
    Games,
    /// The settings.
    Settings,
    /// A player's page, by account name (`#/@/<name>`).
    Player(String),
    /// The leaderboard of a preset (`#/leaderboard/<preset>`).
    Leaderboard(Option<String>),
    /// Topochess TV: the best game being played, on every preset or one (`#/tv/<preset>`).
    Tv(Option<String>),
    /// The tournaments (`#/tournaments`).
    Tournaments,
    /// An arena tournament, by the server's id (`#/tournament/<id>`).
    Tournament(u64),
}

impl Address {
    /// The address of a fragment (with or without its `#`); `None` for a fragment that is not an
    /// address (empty, a share link, or garbage).
    pub fn parse(fragment: &str) -> Option<Address> {
        let path = fragment.strip_prefix('#').unwrap_or(fragment);
        let path = path.strip_prefix('/')?;
        let parts: Vec<String> = path
            .split('/')
            .filter(|p| !p.is_empty())
            .map(unescape)
            .collect::<Option<_>>()?;
        let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
        let number = |s: &str| s.parse::<usize>().ok().filter(|&n| n >= 1).map(|n| n - 1);
        Some(match parts.as_slice() {
            [] => Address::Home,
            ["play"] => Address::Play(None),
            ["play", id] => Address::Play(Some(id.parse().ok()?)),
            ["live", id] => Address::Live(topochess_protocol::parse_id(id)?),
            ["live", id, side] => Address::LiveSide(
                topochess_protocol::parse_id(id)?,
                match *side {
                    "white" => topochess_core::Color::White,
                    "black" => topochess_core::Color::Black,
                    _ => return None,
                },
            ),
            ["analysis"] => Address::Analysis,
            ["puzzles"] => Address::Puzzles(None),
            ["puzzles", id] => Address::Puzzles(Some(id.to_string())),
            ["learn"] => Address::Learn(None),
            ["learn", lesson, step] => Address::Learn(Some((number(lesson)?, number(step)?))),
            ["endgames"] => Address::Endgames(None),
            ["endgames", surface, material] => {
                Address::Endgames(Some((surface.to_string(), material.to_string())))
            }
            ["explore"] => Address::Explore,
            ["lab"] => Address::Lab,
            ["games"] => Address::Games,
            ["settings"] => Address::Settings,
            ["@", name] if topochess_protocol::account::valid_name(name) => {
                Address::Player(name.to_string())
            }
            ["leaderboard"] => Address::Leaderboard(None),
            ["leaderboard", preset] => Address::Leaderboard(Some(preset.to_string())),
            ["tournaments"] => Address::Tournaments,
            ["tournament", id] => Address::Tournament(topochess_protocol::parse_id(id)?),
            ["tv"] => Address::Tv(None),
            ["tv", preset] if topochess_core::variant::preset(preset).is_some() => {
                Address::Tv(Some(preset.to_string()))
            }
            _ => return None,
        })
    }

    /// The fragment of this address, with its `#`.
    pub fn fragment(&self) -> String {
        let path = match self {
            Address::Home => String::new(),
            Address::Play(None) => "play".into(),
            Address::Play(Some(id)) => format!("play/{id}"),
            Address::Live(id) => format!("live/{}", topochess_protocol::id_text(*id)),
            Address::LiveSide(id, side) => format!(
                "live/{}/{}",
                topochess_protocol::id_text(*id),
                if *side == topochess_core::Color::White {
                    "white"
                } else {
                    "black"
                }
            ),
            Address::Analysis => "analysis".into(),
            Address::Puzzles(None) => "puzzles".into(),
            Address::Puzzles(Some(id)) => format!("puzzles/{}", escape(id)),
            Address::Learn(None) => "learn".into(),
            Address::Learn(Some((lesson, step))) => format!("learn/{}/{}", lesson + 1, step + 1),
            Address::Endgames(None) => "endgames".into(),
            Address::Endgames(Some((surface, material))) => {
                format!("endgames/{}/{}", escape(surface), escape(material))
            }
            Address::Explore => "explore".into(),
            Address::Lab => "lab".into(),
            Address::Games => "games".into(),
            Address::Settings => "settings".into(),
            Address::Player(name) => format!("@/{}", escape(name)),
            Address::Leaderboard(None) => "leaderboard".into(),
            Address::Leaderboard(Some(preset)) => format!("leaderboard/{}", escape(preset)),
            Address::Tournaments => "tournaments".into(),
            Address::Tournament(id) => format!("tournament/{}", topochess_protocol::id_text(*id)),
            Address::Tv(None) => "tv".into(),
            Address::Tv(Some(preset)) => format!("tv/{}", escape(preset)),
        };
        format!("#/{path}")
    }

    /// The screen of this address.
    pub fn screen(&self) -> Screen {
        match self {
            Address::Home => Screen::Home,
            Address::Play(_) | Address::Live(_) | Address::LiveSide(..) | Address::Tv(_) => {
                Screen::Play
            }
            Address::Analysis => Screen::Analyse,
            Address::Puzzles(_) => Screen::Puzzles,
            Address::Learn(_) => Screen::Learn,
            Address::Endgames(_) => Screen::Atlas,
            Address::Explore => Screen::Explore,
            Address::Lab => Screen::Lab,
            Address::Games => Screen::Games,
            Address::Settings => Screen::Settings,
            Address::Player(_) => Screen::Player,
            Address::Leaderboard(_) => Screen::Leaderboard,
            Address::Tournaments => Screen::Tournaments,
            Address::Tournament(_) => Screen::Tournament,
        }
    }
}

/// The bytes a part of a path keeps as they are: letters, digits, `-`, `_` and `.`.
const KEPT: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'_').remove(b'.');

/// A part of a path, with every other byte written `%XX`.
fn escape(part: &str) -> String {
    utf8_percent_encode(part, KEPT).to_string()
}

/// The text of an escaped part; `None` when it is not UTF-8.
fn unescape(part: &str) -> Option<String> {
    Some(percent_decode_str(part).decode_utf8().ok()?.into_owned())
}

/// The address in the browser's address bar: the front page when it has no fragment, `None` when
/// its fragment is not an address (a share or correspondence link).
pub fn browser_address() -> Option<Address> {
    let hash = web_sys::window()?.location().hash().ok()?;
    match hash.as_str() {
        "" | "#" => Some(Address::Home),
        hash => Address::parse(hash),
    }
}

/// Puts a game's address in the place of the link just taken in (the same entry of the history):
/// a reload from then on shows the game.
pub fn browser_show_game(id: u64) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let (Ok(path), Ok(search)) = (location.pathname(), location.search()) else {
        return;
    };
    if let Ok(history) = window.history() {
        let url = format!("{path}{search}{}", Address::Play(Some(id)).fragment());
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// Writes the app's address in the address bar: a new entry of the history when the player went
/// from one address to another (so Back returns), the same entry when the bar held none (the
/// first address, or a link just taken in). The front page is the page's own address.
pub(crate) fn browser_write(address: &Address, first: bool) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let now = browser_address();
    if now.as_ref() == Some(address) {
        return;
    }
    let location = window.location();
    let (Ok(path), Ok(search)) = (location.pathname(), location.search()) else {
        return;
    };
    let fragment = match address {
        Address::Home => String::new(),
        address => address.fragment(),
    };
    let url = format!("{path}{search}{fragment}");
    if let Ok(history) = window.history() {
        let null = wasm_bindgen::JsValue::NULL;
        // `#/play` alone is where a link just taken in leaves the bar: its game's address
        // takes the same entry.
        // So is `#/puzzles` alone, where the puzzles' screen waits for its set (a reload, or the
        // whole app opening there): the puzzle's address takes the same entry.
        let waiting = now == Some(Address::Puzzles(None)) && matches!(address, Address::Puzzles(_));
        let passing = now.is_none() || now == Some(Address::Play(None)) || waiting;
        let _ = if !passing && !first {
            history.push_state_with_url(&null, "", Some(&url))
        } else {
            history.replace_state_with_url(&null, "", Some(&url))
        };
    }
}
