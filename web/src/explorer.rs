//! The explorer: an editor board on any preset or lab surface, the selected piece's reach with its
//! count and paths, and an attack map.

use crate::scene::{cell_of, frame, path_drawings, Drawing, LineKind, Marks, View};
use crate::state::{AppState, Margin, Screen};
use std::sync::Arc;
use topochess_core::explore::Placement;
use topochess_core::{Color, Piece, Position, Square, Variant};

/// What a click on the editor board does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tool {
    /// Select a piece (its reach is shown); click elsewhere to move it there.
    Select,
    /// Put this piece on the clicked square.
    Place(Piece),
    /// Remove the clicked piece.
    Erase,
}

/// The explorer's state.
#[derive(Clone, Debug, PartialEq)]
pub struct Explorer {
    /// The diagram.
    pub placement: Placement,
    /// The side to move, for playing from here.
    pub turn: Color,
    /// The tool.
    pub tool: Tool,
    /// The selected square.
    pub selected: Option<Square>,
    /// Draw every path of the selected piece.
    pub all_paths: bool,
    /// Show the attack map.
    pub heat: bool,
    /// A gallery caption.
    pub caption: Option<String>,
    /// Castling rights the player unticked (the others the diagram allows are kept).
    pub rights_off: u8,
    /// The en-passant square chosen, if any.
    pub ep: Option<Square>,
}

impl Explorer {
    /// The explorer on `variant`, starting from its start position.
    pub fn new(variant: Arc<Variant>) -> Explorer {
        Explorer {
            placement: Placement::of(&Position::start(variant)),
            turn: Color::White,
            tool: Tool::Select,
            selected: None,
            all_paths: false,
            heat: false,
            caption: None,
            rights_off: 0,
            ep: None,
        }
    }

    /// The castling rights playing from here keeps: by default every right whose king and rook
    /// stand at home, less those the player unticked.
    pub fn rights(&self) -> u8 {
        self.placement.possible_rights() & !self.rights_off
    }

    /// The en-passant squares possible in the diagram with its side to move.
    pub fn ep_options(&self) -> Vec<Square> {
        self.placement.possible_en_passant(self.turn)
    }

    /// The diagram as the position to play from: side to move, castling rights and en-passant
    /// square (when still possible) included.
    pub fn position(&self) -> Result<Position, topochess_core::fen::FenError> {
        let ep = self.ep.filter(|sq| self.ep_options().contains(sq));
        self.placement
            .to_position_with(self.turn, self.rights(), ep)
    }

    /// The variant.
    pub fn variant(&self) -> &Arc<Variant> {
        self.placement.variant()
    }

    /// "Bishop d4: 19 squares" for the selected piece.
    pub fn reach_text(&self) -> Option<String> {
        let sq = self.selected?;
        let piece = self.placement.get(sq)?;
        let n = self.placement.reach(sq).len();
        let mut name = piece.role.name().to_string();
        name[..1].make_ascii_uppercase();
        Some(format!(
            "{name} {}: {n} square{}",
            self.variant().size().name(sq),
            if n == 1 { "" } else { "s" }
        ))
    }

    /// A click on a square with the current tool.
    pub fn click(&mut self, sq: Square) {
        match self.tool {
            Tool::Place(piece) => {
                let same = self.placement.get(sq) == Some(piece);
                self.placement
                    .set(sq, if same { None } else { Some(piece) });
                self.selected = None;
            }
            Tool::Erase => {
                self.placement.set(sq, None);
                self.selected = None;
            }
            Tool::Select => match self.selected {
                Some(from) if from == sq => self.selected = None,
                Some(from) => self.drop(from, sq),
                None if self.placement.get(sq).is_some() => self.selected = Some(sq),
                None => {}
            },
        }
    }

    /// Moves the piece on `from` to `to` (editing, not playing).
    pub fn drop(&mut self, from: Square, to: Square) {
        if from == to {
            self.selected = self.placement.get(from).map(|_| from);
            return;
        }
        if let Some(piece) = self.placement.get(from) {
            self.placement.set(from, None);
            self.placement.set(to, Some(piece));
            self.selected = Some(to);
        }
    }

    fn marks(&self) -> Vec<Marks> {
        let n = self.variant().size().squares();
        let mut marks = vec![Marks::default(); n];
        if let Some(sel) = self.selected {
            marks[sel.index()].selected = true;
            let own = self.placement.get(sel).map(|p| p.color);
            for to in self.placement.reach(sel).iter() {
                marks[to.index()].dest = true;
                marks[to.index()].capture =
                    self.placement.get(to).is_some_and(|p| Some(p.color) != own);
            }
        }
        marks
    }

    fn drawings(&self, pointed: Option<(Square, i32, i32)>, extended: bool) -> Vec<Drawing> {
        let Some(from) = self.selected else {
            return Vec::new();
        };
        let reach = self.placement.reach(from);
        let targets: Vec<Square> = if self.all_paths {
            reach.iter().collect()
        } else {
            pointed
                .map(|p| p.0)
                .filter(|t| reach.contains(*t))
                .into_iter()
                .collect()
        };
        let size = self.variant().size();
        let pointed = pointed.filter(|_| !self.all_paths).map(|(_, x, y)| (x, y));
        targets
            .into_iter()
            .flat_map(|to| {
                path_drawings(
                    LineKind::Hover,
                    self.placement.paths(from, to),
                    pointed,
                    size,
                    extended,
                )
            })
            .collect()
    }

    fn view(&self, margin: Option<Margin>, pointed: Option<(Square, i32, i32)>) -> View {
        let size = self.variant().size();
        let marks = self.marks();
        let heat = self.heat.then(|| self.placement.attack_counts());
        let pieces = |s: Square| self.placement.get(s);
        let drawings = self.drawings(pointed, margin.is_some());
        frame(
            self.variant().surface(),
            margin,
            |x, y, sq| {
                let mut c = cell_of(size, &pieces, &marks, x, y, sq);
                if let (Some(h), Some(sq)) = (&heat, sq) {
                    c.heat = Some((h[0][sq.index()], h[1][sq.index()]));
                }
                c
            },
            drawings,
        )
    }

    /// The normal view.
    pub fn normal(&self, pointed: Option<(Square, i32, i32)>) -> View {
        self.view(None, pointed)
    }

    /// The extended view.
    pub fn extended(&self, margin: Margin, pointed: Option<(Square, i32, i32)>) -> View {
        self.view(Some(margin), pointed)
    }
}

/// A change to the explorer.
#[derive(Clone, Debug, PartialEq)]
pub enum ExploreAction {
    /// Open the explorer on a variant id: its start position, or (with `piece`) that piece
    /// alone on its square, selected, under a gallery caption.
    Open {
        /// Variant id (preset or lab).
        variant: String,
        /// A lone piece (FEN letter, square) instead of the start position.
        piece: Option<(char, String)>,
        /// A caption.
        caption: Option<String>,
    },
    /// A click on a square.
    Click(Square),
    /// A piece dragged from one square to another.
    Drop(Square, Square),
    /// Choose the tool.
    Tool(Tool),
    /// Empty the board.
    Clear,
    /// Back to the start position.
    Reset,
    /// The side to move when playing from here.
    Turn(Color),
    /// Keep (true) or drop a castling right (its bit) when playing from here.
    Castling(u8, bool),
    /// The en-passant square (its name) when playing from here.
    EnPassant(Option<String>),
    /// Draw all paths of the selected piece.
    AllPaths(bool),
    /// Show the attack map.
    Heat(bool),
}

impl AppState {
    pub(crate) fn explore(&mut self, action: ExploreAction) {
        if let ExploreAction::Open {
            variant,
            piece,
            caption,
        } = &action
        {
            match Variant::preset(variant, None) {
                Ok(v) => {
                    let v = Arc::new(v);
                    let mut ex = Explorer::new(v.clone());
                    if let Some((letter, square)) = piece {
                        ex.placement = Placement::empty(v.clone());
                        if let (Some(p), Some(sq)) =
                            (Piece::from_char(*letter), v.size().parse_square(square))
                        {
                            ex.placement.set(sq, Some(p));
                            ex.selected = Some(sq);
                        }
                    }
                    ex.caption = caption.clone();
                    self.explorer = Some(ex);
                    self.screen = Screen::Explore;
                }
                Err(e) => self.notice = Some(e.to_string()),
            }
            return;
        }
        let Some(ex) = self.explorer.as_mut() else {
            return;
        };
        match action {
            ExploreAction::Open { .. } => {}
            ExploreAction::Click(sq) => ex.click(sq),
            ExploreAction::Drop(a, b) => ex.drop(a, b),
            ExploreAction::Tool(t) => {
                ex.tool = t;
                ex.selected = None;
            }
            ExploreAction::Clear => {
                ex.placement = Placement::empty(ex.variant().clone());
                ex.selected = None;
                ex.caption = None;
            }
            ExploreAction::Reset => {
                let v = ex.variant().clone();
                *ex = Explorer::new(v);
            }
            ExploreAction::Turn(c) => ex.turn = c,
            ExploreAction::Castling(bit, on) => {
                if on {
                    ex.rights_off &= !bit;
                } else {
                    ex.rights_off |= bit;
                }
            }
            ExploreAction::EnPassant(name) => {
                ex.ep = name.and_then(|n| ex.variant().size().parse_square(&n));
            }
            ExploreAction::AllPaths(on) => ex.all_paths = on,
            ExploreAction::Heat(on) => ex.heat = on,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Tool;
    use crate::settings::Opponent;
    use crate::state::{Action, AppState, ExploreAction};
    use std::rc::Rc;
    use topochess_core::{fen, Piece};
    use yew::Reducible;

    /// The explorer on `variant` with exactly these pieces (FEN letter, square).
    fn diagram(variant: &str, pieces: &[(char, &str)]) -> Rc<AppState> {
        let open = ExploreAction::Open {
            variant: variant.into(),
            piece: None,
            caption: None,
        };
        let mut s = Rc::new(AppState::default())
            .reduce(Action::Explore(open))
            .reduce(Action::Explore(ExploreAction::Clear));
        for &(letter, name) in pieces {
            let sq = s
                .explorer
                .as_ref()
                .unwrap()
                .variant()
                .size()
                .parse_square(name)
                .unwrap();
            let piece = Piece::from_char(letter).unwrap();
            s = s
                .reduce(Action::Explore(ExploreAction::Tool(Tool::Place(piece))))
                .reduce(Action::Explore(ExploreAction::Click(sq)));
        }
        s
    }

    fn play(s: Rc<AppState>) -> String {
        let s = s.reduce(Action::PlayFromDiagram(Opponent::HotSeat));
        assert!(s.notice.is_none(), "{:?}", s.notice);
        fen::write(s.game.start())
    }

    const HOME: &[(char, &str)] = &[
        ('K', "e1"),
        ('R', "a1"),
        ('R', "h1"),
        ('k', "e8"),
        ('r', "a8"),
        ('r', "h8"),
    ];

    #[test]
    fn play_from_here_keeps_the_castling_rights_of_pieces_at_home() {
        let s = diagram("standard", HOME);
        assert_eq!(play(s.clone()), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        // Unticking a right drops it.
        let bit = topochess_core::castling::rights_bit(topochess_core::Color::White, true);
        let s = s.reduce(Action::Explore(ExploreAction::Castling(bit, false)));
        assert_eq!(play(s.clone()), "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1");
        let s = s.reduce(Action::Explore(ExploreAction::Castling(bit, true)));
        assert!(play(s).contains(" KQkq "));
        // A rook away from home gives no right; a game without castling gives none.
        let moved = diagram(
            "standard",
            &[('K', "e1"), ('R', "a2"), ('R', "h1"), ('k', "e8")],
        );
        assert!(play(moved).contains(" K - "));
        assert!(play(diagram("folded", HOME)).contains(" w - - "));
    }

    #[test]
    fn play_from_here_offers_en_passant_where_it_is_possible() {
        let s = diagram(
            "standard",
            &[('K', "e1"), ('k', "e8"), ('P', "e5"), ('p', "d5")],
        );
        let ex = s.explorer.as_ref().unwrap();
        let names: Vec<String> = ex
            .ep_options()
            .into_iter()
            .map(|sq| ex.variant().size().name(sq))
            .collect();
        assert_eq!(names, ["d6"]);
        let s = s.reduce(Action::Explore(ExploreAction::EnPassant(Some("d6".into()))));
        assert_eq!(play(s.clone()), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        // Black to move: no white pawn just pushed, so no en passant, whatever was chosen.
        let s = s.reduce(Action::Explore(ExploreAction::Turn(
            topochess_core::Color::Black,
        )));
        assert!(s.explorer.as_ref().unwrap().ep_options().is_empty());
        assert!(play(s).contains(" b - - "));
    }

    #[test]
    fn a_saved_lab_game_brings_its_surface_to_the_lab() {
        let settings = crate::settings::Settings {
            variant: "lab-wrap-fold-8x6".into(),
            ..Default::default()
        };
        let variant = crate::settings::variant_of(&settings).unwrap();
        let game = topochess_core::game::Game::new(topochess_core::Position::start(variant));
        let saved = crate::storage::SavedGame::of(3, &settings, &game, 0.0);
        let s = AppState::from_saved(&saved).unwrap();
        assert_eq!(s.lab.id(), "lab-wrap-fold-8x6");
        // Opening it from the library in a running app does the same.
        let s = Rc::new(AppState::default()).reduce(Action::SwitchGame(Box::new(saved)));
        assert_eq!(s.lab.id(), "lab-wrap-fold-8x6");
    }
}
