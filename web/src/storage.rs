//! Nothing is lost: the game in progress and the settings are saved in local storage after every
//! change (versioned JSON), and a share link carries a game in the address's fragment.

use crate::state::{variant_of, AppState, Settings};
use serde::{Deserialize, Serialize};
use topochess_core::game::{Game, Outcome};
use topochess_core::{fen, san, Color};

const KEY: &str = "topochess/game";
const VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
struct Saved {
    version: u32,
    settings: Settings,
    start_fen: String,
    moves: Vec<String>,
    ended: Option<String>,
}

/// What the saved data gave.
pub enum Restored {
    /// Nothing saved.
    Nothing,
    /// A game and its settings.
    Game(Settings, Game),
    /// Something saved that could not be read (the message says what).
    Unreadable(String),
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn ended_text(game: &Game) -> Option<String> {
    match game.outcome()? {
        Outcome::Resignation { winner } => Some(format!("resign:{}", winner.name())),
        Outcome::DrawAgreed => Some("draw".into()),
        _ => None,
    }
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
        _ => {}
    }
    Ok(game)
}

/// Saves the game and settings.
pub fn save(state: &AppState) {
    let saved = Saved {
        version: VERSION,
        settings: state.settings.clone(),
        start_fen: fen::write(state.game.start()),
        moves: state.move_texts(),
        ended: ended_text(&state.game),
    };
    if let (Some(store), Ok(text)) = (storage(), serde_json::to_string(&saved)) {
        let _ = store.set_item(KEY, &text);
    }
}

/// Loads what was saved.
pub fn load() -> Restored {
    let Some(text) = storage().and_then(|s| s.get_item(KEY).ok().flatten()) else {
        return Restored::Nothing;
    };
    let saved: Saved = match serde_json::from_str(&text) {
        Ok(s) => s,
        Err(e) => return Restored::Unreadable(format!("the saved game could not be read ({e})")),
    };
    if saved.version != VERSION {
        return Restored::Unreadable(format!(
            "the saved game is of an unknown version {}",
            saved.version
        ));
    }
    match rebuild(
        &saved.settings,
        &saved.start_fen,
        &saved.moves,
        saved.ended.as_deref(),
    ) {
        Ok(game) => Restored::Game(saved.settings, game),
        Err(e) => Restored::Unreadable(format!("the saved game could not be replayed ({e})")),
    }
}

/// A link that opens the game: the page's address with the game in its fragment.
pub fn link(state: &AppState) -> String {
    let base = web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default();
    let enc = |s: &str| String::from(js_sys::encode_uri_component(s));
    let start = fen::write(state.game.start());
    let mut hash = format!(
        "variant={}&castling={}",
        enc(&state.settings.variant),
        enc(&state.settings.castling)
    );
    if start != state.game.start().variant().start_fen() {
        hash.push_str(&format!("&fen={}", enc(&start)));
    }
    hash.push_str(&format!("&moves={}", enc(&state.move_texts().join(" "))));
    format!("{base}#{hash}")
}

/// The game in the address's fragment, if there is one.
pub fn from_fragment() -> Option<Result<(Settings, Game), String>> {
    let hash = web_sys::window()?.location().hash().ok()?;
    let hash = hash.strip_prefix('#')?;
    if !hash.contains("variant=") {
        return None;
    }
    let mut settings = Settings::default();
    let mut start = None;
    let mut moves = Vec::new();
    for pair in hash.split('&') {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        let v: String = js_sys::decode_uri_component(v)
            .ok()
            .map(String::from)
            .unwrap_or_default();
        match k {
            "variant" => settings.variant = v,
            "castling" => settings.castling = v,
            "fen" => start = Some(v),
            "moves" => moves = v.split_whitespace().map(String::from).collect(),
            _ => {}
        }
    }
    let result = variant_of(&settings).and_then(|variant| {
        let start = start.unwrap_or_else(|| variant.start_fen());
        rebuild(&settings, &start, &moves, None).map(|game| (settings, game))
    });
    Some(result)
}
