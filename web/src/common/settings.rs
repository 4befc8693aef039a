//! What the player chooses, kept across reloads: the game's variant and opponent, and the view
//! preferences. Everything read from storage or a link is validated here before use.

use serde::{Deserialize, Serialize};
use std::sync::Arc;
use topochess_core::{CastlingMode, Color, Variant};

/// Who plays against whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Opponent {
    /// Two players at one screen.
    HotSeat,
    /// The player against the computer, which plays `computer` at `level`.
    Computer {
        /// The computer's side.
        computer: Color,
        /// Its level, 1 to 8.
        level: u8,
    },
    /// A correspondence game with someone else, moves exchanged by links: the player plays `me`.
    Correspondence {
        /// The player's side in this browser.
        me: Color,
        /// The game's id, the same in both players' browsers.
        id: u64,
    },
    /// A live game on the game server, with someone else: the player plays `me` (`None` watches).
    Live {
        /// The player's side in this browser, or none for a spectator.
        me: Option<Color>,
        /// The game's id on the server (0 until the server gives one).
        id: u64,
        /// Listed in the lobby (a seek anyone may take), not only reached by its link.
        #[serde(default)]
        public: bool,
        /// Rated: between two accounts (the creator signed in).
        #[serde(default)]
        rated: bool,
    },
}

/// Which board views are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ViewMode {
    /// The board alone.
    Normal,
    /// The board surrounded by ghost squares.
    Extended,
    /// Both, side by side (stacked on a narrow screen).
    Both,
    /// The board and the 3D view of its surface, side by side (one at a time on a narrow
    /// screen).
    Solid,
}

impl ViewMode {
    /// The views shown of a surface (`flat`: one that glues no edge, the ordinary board, whose
    /// extended view would repeat the board square for square): there, the board alone, but for
    /// the 3D view.
    pub fn of_surface(self, flat: bool) -> ViewMode {
        match self {
            ViewMode::Extended | ViewMode::Both if flat => ViewMode::Normal,
            shown => shown,
        }
    }
}

/// How much of the surroundings the extended view shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Margin {
    /// Ghost squares this many rows deep (0 to 3).
    Squares(u8),
    /// A whole copy of the board on every side.
    Copies,
}

/// Everything the player chooses, kept across reloads. Fields missing from saved data take
/// their defaults, so adding a setting does not make old saves unreadable.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Preset id.
    pub variant: String,
    /// Castling mode name.
    pub castling: String,
    /// Opponent.
    pub opponent: Opponent,
    /// Views.
    pub view: ViewMode,
    /// Extended view margin.
    pub margin: Margin,
    /// Board seen from Black's side.
    pub flipped: bool,
    /// Dark theme, once the player has chosen (`dark_chosen`); until then the system's choice.
    pub dark: bool,
    /// Whether the player chose the theme (else it follows `prefers-color-scheme`).
    pub dark_chosen: bool,
    /// Sounds on.
    pub sound: bool,
    /// The players' names (White, Black); empty for none given.
    pub names: [String; 2],
    /// The time control; `None` for no clock.
    pub time: Option<crate::common::clock::TimeControl>,
    /// The board's colours.
    pub board: BoardTheme,
    /// The pieces' drawings.
    pub pieces: PieceSet,
    /// Where the coordinates are written.
    pub coords: Coords,
    /// The boards' size, in percent of the room they have (50 to 100).
    pub zoom: u8,
    /// Moves animate (unless the system asks for reduced motion).
    pub motion: bool,
}

/// A preference the player changes on the Settings screen: one of [`Settings`]' own, applied
/// by [`Settings::prefer`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Preference {
    /// The views shown.
    View(ViewMode),
    /// The extended view's margin.
    Margin(Margin),
    /// The dark theme, chosen (it no longer follows the system).
    Dark(bool),
    /// Sounds on.
    Sound(bool),
    /// The board's colours.
    Board(BoardTheme),
    /// The pieces' drawings.
    Pieces(PieceSet),
    /// Where the coordinates are written.
    Coords(Coords),
    /// The boards' size in percent (brought into 50 to 100).
    Zoom(u8),
    /// Moves animate.
    Motion(bool),
}

/// Where the board's coordinates are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Coords {
    /// In the corners of the edge squares.
    #[default]
    Inside,
    /// Beside the board.
    Outside,
    /// Not at all.
    Off,
}

impl Coords {
    /// Every choice.
    pub const ALL: [Coords; 3] = [Coords::Inside, Coords::Outside, Coords::Off];

    /// The name used in the menu.
    pub fn name(self) -> &'static str {
        match self {
            Coords::Inside => "inside",
            Coords::Outside => "outside",
            Coords::Off => "off",
        }
    }
}

/// The board's colours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoardTheme {
    /// Wood browns.
    #[default]
    Brown,
    /// Blue-grey, as on lichess.
    Blue,
    /// Green and cream, as in print.
    Green,
}

impl BoardTheme {
    /// Every theme.
    pub const ALL: [BoardTheme; 3] = [BoardTheme::Brown, BoardTheme::Blue, BoardTheme::Green];

    /// The name used in the page (`data-board`) and the menu.
    pub fn name(self) -> &'static str {
        match self {
            BoardTheme::Brown => "brown",
            BoardTheme::Blue => "blue",
            BoardTheme::Green => "green",
        }
    }
}

/// The pieces' drawings (see `piece_art`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum PieceSet {
    /// Staunton-like pieces drawn for Topochess.
    #[default]
    Staunton,
    /// Pieces built from plain shapes.
    Geometric,
    /// The Unicode chess glyphs in the system's font.
    Unicode,
}

impl PieceSet {
    /// Every set.
    pub const ALL: [PieceSet; 3] = [PieceSet::Staunton, PieceSet::Geometric, PieceSet::Unicode];

    /// The name used in the page (`data-pieces`) and the menu.
    pub fn name(self) -> &'static str {
        match self {
            PieceSet::Staunton => "staunton",
            PieceSet::Geometric => "geometric",
            PieceSet::Unicode => "unicode",
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            variant: "folded".into(),
            castling: "none".into(),
            opponent: Opponent::HotSeat,
            view: ViewMode::Both,
            margin: Margin::Squares(2),
            flipped: false,
            dark: false,
            dark_chosen: false,
            sound: true,
            names: Default::default(),
            time: None,
            board: BoardTheme::Brown,
            pieces: PieceSet::Staunton,
            coords: Coords::Inside,
            zoom: 100,
            motion: true,
        }
    }
}

/// The variant a settings object names.
pub fn variant_of(settings: &Settings) -> Result<Arc<Variant>, String> {
    let mode = CastlingMode::from_name(&settings.castling);
    Variant::by_id(&settings.variant, mode)
        .or_else(|_| Variant::by_id(&settings.variant, None))
        .map(Arc::new)
        .map_err(|e| e.to_string())
}

impl Settings {
    /// Takes the preference `p`.
    pub fn prefer(&mut self, p: Preference) {
        match p {
            Preference::View(v) => self.view = v,
            Preference::Margin(m) => self.margin = m,
            Preference::Dark(d) => {
                self.dark = d;
                self.dark_chosen = true;
            }
            Preference::Sound(on) => self.sound = on,
            Preference::Board(theme) => self.board = theme,
            Preference::Pieces(set) => self.pieces = set,
            Preference::Coords(c) => self.coords = c,
            Preference::Zoom(z) => self.zoom = z.clamp(50, 100),
            Preference::Motion(on) => self.motion = on,
        }
    }

    /// Whether the page is dark: the player's choice, else the system's (`prefers-color-scheme`).
    pub fn dark_now(&self) -> bool {
        if self.dark_chosen {
            return self.dark;
        }
        web_sys::window()
            .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
            .is_some_and(|m| m.matches())
    }

    /// The settings with every value brought into range: a margin of at most 3 rows, a level from
    /// 1 to 8, a castling mode the variant offers. An unknown variant is an error.
    pub fn validated(mut self) -> Result<Settings, String> {
        let variant = variant_of(&self)?;
        self.castling = variant.castling().name().to_string();
        if let Margin::Squares(n) = self.margin {
            self.margin = Margin::Squares(n.min(3));
        }
        self.zoom = self.zoom.clamp(50, 100);
        if let Opponent::Computer { level, .. } = &mut self.opponent {
            *level = (*level).clamp(1, 8);
        }
        Ok(self)
    }

    /// Takes the player's own preferences (views, margin, theme, sound, board colours) from
    /// `other`: they belong to the player, not to a game.
    pub fn keep_preferences_of(&mut self, other: &Settings) {
        self.view = other.view;
        self.margin = other.margin;
        self.dark = other.dark;
        self.dark_chosen = other.dark_chosen;
        self.sound = other.sound;
        self.board = other.board;
        self.pieces = other.pieces;
        self.coords = other.coords;
        self.zoom = other.zoom;
        self.motion = other.motion;
    }

    /// The board's orientation for a new game: White at the bottom unless the computer plays
    /// White.
    pub fn orientation_for(opponent: Opponent) -> bool {
        matches!(
            opponent,
            Opponent::Computer {
                computer: Color::White,
                ..
            } | Opponent::Correspondence {
                me: Color::Black,
                ..
            } | Opponent::Live {
                me: Some(Color::Black),
                ..
            }
        )
    }

    /// Whether the game's moves travel to the other player (by link or through the game
    /// server): once made they are sent, and cannot be taken back here.
    pub fn is_correspondence(&self) -> bool {
        matches!(
            self.opponent,
            Opponent::Correspondence { .. } | Opponent::Live { .. }
        )
    }

    /// The name shown for a side: the one given, else what plays it.
    pub fn player_name(&self, side: Color) -> String {
        let given = self.names[side.index()].trim();
        if !given.is_empty() {
            return given.to_string();
        }
        match self.opponent {
            Opponent::Computer { computer, level } if computer == side => {
                format!("Computer (level {level})")
            }
            Opponent::Correspondence { me, .. } if me == side => "You".into(),
            Opponent::Live { me, .. } if me == Some(side) => "You".into(),
            _ => (if side == Color::White {
                "White"
            } else {
                "Black"
            })
            .into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_preference_changes_its_own_setting_only() {
        let before = Settings::default();
        let mut s = before.clone();
        s.prefer(Preference::Zoom(30));
        assert_eq!(s.zoom, 50, "the size is brought into 50 to 100");
        s.prefer(Preference::Zoom(250));
        assert_eq!(s.zoom, 100);
        s.prefer(Preference::Dark(false));
        assert!(
            !s.dark && s.dark_chosen,
            "choosing the theme stops following the system"
        );
        s.prefer(Preference::Coords(Coords::Off));
        s.prefer(Preference::Pieces(PieceSet::ALL[1]));
        s.prefer(Preference::Motion(!before.motion));
        assert_eq!(s.coords, Coords::Off);
        assert_eq!(s.pieces, PieceSet::ALL[1]);
        assert_eq!(s.motion, !before.motion);
        assert_eq!(
            (&s.variant, &s.opponent, s.time),
            (&before.variant, &before.opponent, before.time)
        );
    }
}
