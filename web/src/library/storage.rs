//! Nothing is lost. Every game is kept in a library (versioned JSON) on the shelf, the browser's
//! IndexedDB (`shelf.rs`), saved after every change; a share link carries a game in the address's
//! fragment and opening one adds that game to the library beside the others, never over one. The
//! parsing and library rules here are pure functions of text, tested natively; only the
//! `browser_*` functions touch the window.

use crate::common::settings::{variant_of, Settings};
use percent_encoding::{percent_decode_str, utf8_percent_encode, NON_ALPHANUMERIC};
use serde::{Deserialize, Serialize};
use topochess_core::game::{Game, Outcome};
use topochess_core::{fen, san, Color};

/// The library's key in local storage, where earlier versions kept it.
pub const LIBRARY_KEY: &str = "topochess/games";
/// Where a library in local storage that could not be read is kept, so that nothing is lost.
pub const UNREADABLE_KEY: &str = "topochess/games-unreadable";
/// The session-storage key of the game this tab shows (each tab has its own).
const TAB_GAME_KEY: &str = "topochess/tab-game";
/// The single saved game of earlier versions, moved into the library on first load.
pub const OLD_KEY: &str = "topochess/game";
const VERSION: u32 = 2;

/// One saved game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    /// Its id in the library.
    pub id: u64,
    /// The game's settings (variant, castling, opponent; the view settings are the player's).
    #[serde(default)]
    pub settings: Settings,
    /// The start position.
    pub start_fen: String,
    /// The moves in coordinate form.
    #[serde(default)]
    pub moves: Vec<String>,
    /// How a player ended it (`resign:white`, `draw`), if so.
    #[serde(default)]
    pub ended: Option<String>,
    /// When it was last saved (milliseconds since 1970, from the browser).
    #[serde(default)]
    pub updated: f64,
    /// When it was first saved.
    #[serde(default)]
    pub started: f64,
    /// A draw offer standing (by that side), for a correspondence game.
    #[serde(default)]
    pub draw_offer: Option<Color>,
    /// The last move in SAN ("" before the first), for the games list.
    #[serde(default)]
    pub last_move: String,
    /// The side to move.
    #[serde(default)]
    pub turn: Option<Color>,
    /// The result (`1-0`, `0-1`, `1/2-1/2`, `*` while it goes on).
    #[serde(default)]
    pub result: String,
    /// The clocks, in a game with a time control.
    #[serde(default)]
    pub clock: Option<crate::common::clock::Clock>,
    /// The game's analysis (side lines, comments, a review's evaluations) as PGN, if it has one.
    #[serde(default)]
    pub annotations: Option<String>,
}

impl SavedGame {
    /// The game of a state's settings and moves.
    pub fn of(id: u64, settings: &Settings, game: &Game, updated: f64) -> SavedGame {
        SavedGame {
            id,
            settings: settings.clone(),
            start_fen: fen::write(game.start()),
            moves: move_texts(game),
            ended: ended_text(game),
            updated,
            started: updated,
            draw_offer: None,
            last_move: last_move_san(game).unwrap_or_default(),
            turn: Some(game.position().turn()),
            result: game.outcome().map_or("*", |o| o.result()).to_string(),
            clock: settings.time.map(crate::common::clock::Clock::new),
            annotations: None,
        }
    }

    /// Whether the game is worth keeping once the player leaves it: a move played, an ending,
    /// a position of its own, or a correspondence game.
    fn worth_keeping(&self) -> bool {
        !self.moves.is_empty()
            || self.ended.is_some()
            || matches!(
                self.settings.opponent,
                crate::common::settings::Opponent::Correspondence { .. }
            )
            || variant_of(&self.settings).is_ok_and(|v| v.start_fen() != self.start_fen)
    }

    /// The same game: variant, start, moves and ending alike (ids and times aside).
    fn same_game(&self, other: &SavedGame) -> bool {
        self.settings.variant == other.settings.variant
            && self.settings.castling == other.settings.castling
            && self.start_fen == other.start_fen
            && self.moves == other.moves
            && self.ended == other.ended
    }

    /// Replays the game; the settings are checked and mended first.
    pub fn rebuild(&self) -> Result<(Settings, Game), String> {
        let settings = self.settings.clone().validated()?;
        let game = rebuild(
            &settings,
            &self.start_fen,
            &self.moves,
            self.ended.as_deref(),
        )?;
        Ok((settings, game))
    }

    /// One line for the list of saved games.
    pub fn summary(&self) -> String {
        let name = topochess_core::variant::preset(&self.settings.variant)
            .map(|p| p.name.to_string())
            .unwrap_or_else(|| self.settings.variant.clone());
        let moves = self.moves.len().div_ceil(2);
        let state = match self.ended.as_deref() {
            Some("draw") => ", drawn",
            Some(e) if e.starts_with("flag:") => ", on time",
            Some(e) if e.starts_with("nostart:") => ", no first move",
            Some(_) => ", resigned",
            None => "",
        };
        let plural = if moves == 1 { "" } else { "s" };
        format!("{name}: {moves} move{plural}{state}")
    }
}

/// What saving a game into the library that every tab shares did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kept {
    /// Saved under its id.
    Saved,
    /// Another tab had taken the game another way since: this tab's line was kept as a game of
    /// its own, with this id.
    Apart(u64),
}

/// The player's games and view preferences.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Library {
    /// The format's version.
    pub version: u32,
    /// The game on the board.
    #[serde(default)]
    pub current: Option<u64>,
    /// Every game, most recently saved first.
    #[serde(default)]
    pub games: Vec<SavedGame>,
}

impl Default for Library {
    fn default() -> Self {
        Library {
            version: VERSION,
            current: None,
            games: Vec::new(),
        }
    }
}

impl Library {
    /// Reads a library from its JSON, or from the JSON of the single saved game of version 1.
    pub fn from_json(text: &str) -> Result<Library, String> {
        let lib: Library =
            serde_json::from_str(text).map_err(|e| format!("it could not be read ({e})"))?;
        if lib.version != VERSION {
            return Err(format!("it is of an unknown version {}", lib.version));
        }
        Ok(lib)
    }

    /// The library holding the one game saved by version 1 of the app.
    pub fn from_old_json(text: &str, id: u64) -> Result<Library, String> {
        #[derive(Deserialize)]
        struct Old {
            settings: Settings,
            start_fen: String,
            moves: Vec<String>,
            ended: Option<String>,
        }
        let old: Old =
            serde_json::from_str(text).map_err(|e| format!("it could not be read ({e})"))?;
        let mut lib = Library::default();
        lib.put(SavedGame {
            id,
            settings: old.settings,
            start_fen: old.start_fen,
            moves: old.moves,
            ended: old.ended,
            ..SavedGame::default()
        });
        Ok(lib)
    }

    /// The JSON stored.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The current game, if it is in the library.
    pub fn current_game(&self) -> Option<&SavedGame> {
        let id = self.current?;
        self.games.iter().find(|g| g.id == id)
    }

    /// Saves `game` (replacing the entry with its id, whose start date it keeps) and makes it
    /// current. An untouched game (no move, no position or ending of its own) is dropped once
    /// another is current; no other game is ever dropped.
    pub fn put(&mut self, mut game: SavedGame) {
        let id = game.id;
        if let Some(old) = self.games.iter().find(|g| g.id == id) {
            if old.started > 0.0 {
                game.started = old.started;
            }
            // The game's analysis stays with it as it goes on.
            if game.annotations.is_none() {
                game.annotations = old.annotations.clone();
            }
        }
        self.games.retain(|g| g.id != id);
        self.games.insert(0, game);
        self.current = Some(id);
        self.games.retain(|g| g.id == id || g.worth_keeping());
    }

    /// Puts `game` first in `games`, in place of its entry, as the shelf lists it once it is
    /// written there ([`Library::put`], which keeps its start date and its analysis too); not an
    /// untouched game, which the shelf drops once it is left.
    pub fn listing(games: &mut Vec<SavedGame>, game: SavedGame) {
        if game.worth_keeping() {
            games.retain(|g| g.id != game.id);
            games.insert(0, game);
        }
    }

    /// Whether the library already holds `game`, as it is and current, its save time aside:
    /// saving it would change nothing.
    pub fn holds(&self, game: &SavedGame) -> bool {
        self.current == Some(game.id) && self.keeps(game)
    }

    /// Whether the library keeps `game` as it is (current or not), its save time aside.
    fn keeps(&self, game: &SavedGame) -> bool {
        self.games.iter().any(|stored| {
            let mut same = game.clone();
            same.updated = stored.updated;
            if stored.started > 0.0 {
                same.started = stored.started;
            }
            if same.annotations.is_none() {
                same.annotations = stored.annotations.clone();
            }
            *stored == same
        })
    }

    /// Puts back a save that a reload cut short (the tab kept it aside before writing it): saved
    /// as [`Library::save_seen`] saves, unless the library keeps the game as it was (the write
    /// was made after all). The id it was kept under, when another tab had taken the game another
    /// way meanwhile.
    pub fn recover(
        &mut self,
        game: SavedGame,
        seen: Option<&[String]>,
        fork_id: u64,
    ) -> Option<u64> {
        if self.keeps(&game) {
            return None;
        }
        match self.save_seen(game, seen, fork_id) {
            Kept::Saved => None,
            Kept::Apart(id) => Some(id),
        }
    }

    /// Saves `game` from a tab that last wrote it with the moves `seen` (`None`: it has not
    /// written it yet). When another tab has since changed the stored game in a way this one's
    /// moves do not continue (the two lines diverge), neither is lost: the stored game stays
    /// and this tab's is kept beside it as game `fork_id`, made current.
    pub fn save_seen(
        &mut self,
        mut game: SavedGame,
        seen: Option<&[String]>,
        fork_id: u64,
    ) -> Kept {
        let stored = self.games.iter().find(|g| g.id == game.id);
        let changed_elsewhere = stored.is_some_and(|stored| {
            seen.is_some_and(|seen| seen != stored.moves.as_slice())
                && !game.moves.starts_with(&stored.moves)
        });
        // Behind: the other tab went further along this very line and this tab took nothing
        // back (a tab following another saves what it just heard while the other moves on):
        // the stored line stays, and the storage event brings this tab up to it.
        let behind = stored.is_some_and(|stored| {
            stored.moves.starts_with(&game.moves)
                && seen.is_some_and(|seen| game.moves.starts_with(seen))
        });
        if changed_elsewhere && behind {
            return Kept::Saved;
        }
        if changed_elsewhere {
            game.id = fork_id;
            game.annotations = None;
            self.put(game);
            return Kept::Apart(fork_id);
        }
        self.put(game);
        Kept::Saved
    }

    /// Keeps `pgn` as the analysis of game `id` (if the library has it).
    pub fn annotate(&mut self, id: u64, pgn: String) {
        if let Some(g) = self.games.iter_mut().find(|g| g.id == id) {
            g.annotations = Some(pgn);
        }
    }

    /// Adds a game that came from outside (a link): when the library already has the same game,
    /// that one becomes current; otherwise it is added under `id`. Returns the current game.
    pub fn admit(&mut self, mut game: SavedGame, id: u64) -> SavedGame {
        if let Some(same) = self.games.iter().find(|g| g.same_game(&game)).cloned() {
            self.current = Some(same.id);
            return same;
        }
        game.id = id;
        self.put(game.clone());
        game
    }

    /// Puts back a game removed a moment ago (undo), without making it current.
    pub fn restore(&mut self, game: SavedGame) {
        if self.games.iter().all(|g| g.id != game.id) {
            let at = self
                .games
                .iter()
                .position(|g| g.updated < game.updated)
                .unwrap_or(self.games.len());
            self.games.insert(at, game);
        }
    }

    /// Removes a game.
    pub fn remove(&mut self, id: u64) {
        self.games.retain(|g| g.id != id);
        if self.current == Some(id) {
            self.current = None;
        }
    }
}

fn ended_text(game: &Game) -> Option<String> {
    match game.outcome()? {
        Outcome::Resignation { winner } => Some(format!("resign:{}", winner.name())),
        Outcome::DrawAgreed => Some("draw".into()),
        Outcome::Timeout { winner } => Some(format!("flag:{}", (!winner).name())),
        Outcome::TimeoutDraw => {
            let loser = game.position().turn();
            Some(format!("flag:{}", loser.name()))
        }
        Outcome::NoStart { winner } => Some(format!("nostart:{}", (!winner).name())),
        _ => None,
    }
}

/// The moves of a game in coordinate form.
pub fn move_texts(game: &Game) -> Vec<String> {
    (0..game.moves().len())
        .filter_map(|i| Some(san::to_coordinate(game.position_at(i)?, game.moves()[i])))
        .collect()
}

/// Rebuilds a game from its start, moves (coordinate form) and any player's ending.
pub fn rebuild(
    settings: &Settings,
    start_fen: &str,
    moves: &[String],
    ended: Option<&str>,
) -> Result<Game, String> {
    let variant = variant_of(settings)?;
    let start =
        fen::parse_position(variant, start_fen).map_err(|e| format!("bad position: {e}"))?;
    let mut game = Game::new(start);
    for text in moves {
        let mv = san::parse_move(game.position(), text).map_err(|e| format!("move {text}: {e}"))?;
        game.play(mv)
            .map_err(|_| format!("move {text} is not legal"))?;
    }
    match ended {
        Some("draw") => game.agree_draw(),
        Some("resign:white") => game.resign(Color::Black),
        Some("resign:black") => game.resign(Color::White),
        Some("flag:white") => game.flag(Color::White),
        Some("flag:black") => game.flag(Color::Black),
        Some("nostart:white") => game.no_start(Color::White),
        Some("nostart:black") => game.no_start(Color::Black),
        _ => {}
    }
    Ok(game)
}

fn encode(text: &str) -> String {
    utf8_percent_encode(text, NON_ALPHANUMERIC).to_string()
}

/// The fragment (without `#`) that carries a game in a share link.
pub fn fragment(settings: &Settings, game: &Game) -> String {
    let start = fen::write(game.start());
    let mut hash = format!(
        "variant={}&castling={}",
        encode(&settings.variant),
        encode(&settings.castling)
    );
    if start != game.start().variant().start_fen() {
        hash.push_str(&format!("&fen={}", encode(&start)));
    }
    hash.push_str(&format!("&moves={}", encode(&move_texts(game).join(" "))));
    hash
}

/// The game a fragment carries: `None` when the fragment is not a game link at all, else the
/// game (with id 0, hot-seat, the recipient's view settings left to the caller) or why it cannot
/// be opened.
pub fn parse_fragment(hash: &str) -> Option<Result<SavedGame, String>> {
    let hash = hash.strip_prefix('#').unwrap_or(hash);
    let game_keys = ["variant=", "moves=", "fen=", "castling="];
    if !hash
        .split('&')
        .any(|p| game_keys.iter().any(|k| p.starts_with(k)))
    {
        return None;
    }
    if !hash.split('&').any(|p| p.starts_with("variant=")) {
        return Some(Err(
            "it names no variant (a game link has variant=, e.g. variant=folded)".into(),
        ));
    }
    let mut settings = Settings::default();
    let mut start = None;
    let mut moves = Vec::new();
    for pair in hash.split('&') {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        let Ok(v) = percent_decode_str(v).decode_utf8() else {
            return Some(Err(format!("its {k} is not valid text")));
        };
        let v = v.into_owned();
        match k {
            "variant" => settings.variant = v,
            "castling" => settings.castling = v,
            "fen" => start = Some(v),
            "moves" => moves = v.split_whitespace().map(String::from).collect(),
            _ => {}
        }
    }
    let result = variant_of(&settings).and_then(|variant| {
        let start_fen = start.unwrap_or_else(|| variant.start_fen());
        let game = rebuild(&settings, &start_fen, &moves, None)?;
        Ok(SavedGame::of(0, &settings, &game, 0.0))
    });
    Some(result)
}

/// A fresh game id: the time in milliseconds with random low bits, so that two tabs never pick
/// the same one.
pub fn fresh_id() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        (js_sys::Date::now() as u64) << 10 | (js_sys::Math::random() * 1024.0) as u64
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::atomic::{AtomicU64, Ordering};
        static NEXT: AtomicU64 = AtomicU64::new(1);
        NEXT.fetch_add(1, Ordering::Relaxed)
    }
}

/// Milliseconds since 1970 (0 outside a browser).
pub fn now() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0.0
    }
}

/// The browser's local storage, if it keeps one.
pub(crate) fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// A record kept as JSON under `key` (the default when there is none or it cannot be read).
pub(crate) fn kept_json<T: serde::de::DeserializeOwned + Default>(key: &str) -> T {
    local_storage()
        .and_then(|s| s.get_item(key).ok().flatten())
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default()
}

/// The key kept once the player has read the first-visit word on the ghost squares.
const GHOST_HINT_KEY: &str = "topochess/ghost-hint-read";

/// Whether the first-visit word on the ghost squares has been read in this browser.
pub fn browser_ghost_hint_read() -> bool {
    local_storage().is_some_and(|s| s.get_item(GHOST_HINT_KEY).ok().flatten().is_some())
}

/// Remembers that the first-visit word on the ghost squares has been read.
pub fn browser_ghost_hint_done() {
    if let Some(store) = local_storage() {
        let _ = store.set_item(GHOST_HINT_KEY, "1");
    }
}

/// Keeps a record as JSON under `key`.
pub(crate) fn keep_json<T: serde::Serialize>(key: &str, record: &T) {
    if let (Some(store), Ok(text)) = (local_storage(), serde_json::to_string(record)) {
        let _ = store.set_item(key, &text);
    }
}

/// The library an earlier version kept in local storage, to move onto the shelf (IndexedDB,
/// `shelf.rs`): the library and the key it was under, or the single game of the first version;
/// what cannot be read is moved aside within local storage (never overwritten) and said, and an
/// empty library is given.
pub fn browser_local_library() -> (Library, Option<String>, Option<&'static str>) {
    let Some(store) = local_storage() else {
        return (Library::default(), None, None);
    };
    if let Some(text) = store.get_item(LIBRARY_KEY).ok().flatten() {
        return match Library::from_json(&text) {
            Ok(lib) => (lib, None, Some(LIBRARY_KEY)),
            Err(why) => {
                let _ = store.set_item(UNREADABLE_KEY, &text);
                let _ = store.remove_item(LIBRARY_KEY);
                (
                    Library::default(),
                    Some(format!(
                        "Your saved games could not be read: {why}. They were kept aside \
                         (local storage '{UNREADABLE_KEY}') and a new game was started."
                    )),
                    None,
                )
            }
        };
    }
    if let Some(text) = store.get_item(OLD_KEY).ok().flatten() {
        return match Library::from_old_json(&text, fresh_id()) {
            Ok(lib) => (lib, None, Some(OLD_KEY)),
            Err(why) => (
                Library::default(),
                Some(format!("Your last game could not be restored: {why}.")),
                None,
            ),
        };
    }
    (Library::default(), None, None)
}

/// The local storage key set once the shelf has been written.
const SHELF_USED_KEY: &str = "topochess/shelf-used";

/// Whether this browser's shelf has been written, or a library of earlier versions waits in local
/// storage to move onto it (else the page need not wait for the shelf to open).
pub fn browser_shelf_used() -> bool {
    local_storage().is_some_and(|store| {
        [SHELF_USED_KEY, LIBRARY_KEY, OLD_KEY]
            .iter()
            .any(|key| store.get_item(key).ok().flatten().is_some())
    })
}

/// Remembers that the shelf has been written.
pub fn browser_mark_shelf_used() {
    if let Some(store) = local_storage() {
        let _ = store.set_item(SHELF_USED_KEY, "1");
    }
}

/// Keeps `id` as the game this tab shows, for its reloads (the library's current game is the
/// last that any tab saved).
pub fn browser_keep_tab_game(id: u64) {
    if let Some(store) = web_sys::window().and_then(|w| w.session_storage().ok().flatten()) {
        let _ = store.set_item(TAB_GAME_KEY, &id.to_string());
    }
}

/// The session-storage key of this tab's saves on their way to the shelf.
const UNSAVED_KEY: &str = "topochess/unsaved";

/// A save on its way to the shelf, and the moves the tab last wrote (or is writing) of its game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Unsaved {
    /// The game to save.
    pub game: SavedGame,
    /// The moves of the game the tab last wrote (`None`: it has written none).
    pub seen: Option<Vec<String>>,
}

/// Keeps this tab's saves not yet written (each game's latest) at once where its reload finds
/// them (a transaction on the shelf takes a few milliseconds, and a reload in them would lose
/// them; none: the copy goes): see [`Library::recover`].
pub fn browser_keep_unsaved(saves: &[Unsaved]) {
    let Some(store) = web_sys::window().and_then(|w| w.session_storage().ok().flatten()) else {
        return;
    };
    if saves.is_empty() {
        let _ = store.remove_item(UNSAVED_KEY);
    } else if let Ok(text) = serde_json::to_string(saves) {
        let _ = store.set_item(UNSAVED_KEY, &text);
    }
}

/// This tab's saves that a reload cut short (a page of an older build kept one alone).
pub fn browser_unsaved() -> Vec<Unsaved> {
    let text = web_sys::window()
        .and_then(|w| w.session_storage().ok().flatten())
        .and_then(|store| store.get_item(UNSAVED_KEY).ok().flatten())
        .unwrap_or_default();
    serde_json::from_str(&text)
        .or_else(|_| serde_json::from_str(&text).map(|one| vec![one]))
        .unwrap_or_default()
}

/// The game this tab showed last (kept for its reloads), if it had one.
pub fn browser_tab_game() -> Option<u64> {
    let store = web_sys::window()?.session_storage().ok()??;
    store.get_item(TAB_GAME_KEY).ok()??.parse().ok()
}

/// What opening a link in the address gave.
#[derive(Clone, Debug, PartialEq)]
pub enum Opened {
    /// The game to show (added, brought up to date, or already kept).
    Game(Box<SavedGame>),
    /// A correspondence link older than the kept game, or of another line: the player decides.
    Ask {
        /// The game kept.
        kept: Box<SavedGame>,
        /// The link's game.
        incoming: Box<SavedGame>,
        /// Why the player is asked.
        why: String,
    },
}

/// The move texts of a saved game are coordinates; the SAN of its last move, for lists.
pub fn last_move_san(game: &Game) -> Option<String> {
    let ply = game.moves().len().checked_sub(1)?;
    Some(san::to_san(game.position_at(ply)?, game.moves()[ply]))
}

/// A link that opens the game: the page's address with the game in its fragment.
pub fn browser_link(settings: &Settings, game: &Game) -> String {
    let base = web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default();
    format!("{base}#{}", fragment(settings, game))
}

#[cfg(test)]
mod tests;
