//! The explorer: an editor board on any preset or lab surface, the selected piece's reach with its
//! count and paths, and an attack map.

use crate::board::view::{cell_of, frame, hover_paths, Drawing, HoverPath, Marks, View};
use crate::common::settings::Margin;
use std::sync::Arc;
use topochess_core::{Color, Piece, Position, Square, Variant};
use topochess_study::explore::Placement;

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

    /// The selected piece's paths: all drawn when asked for, else each shown while its end is
    /// pointed at (see `HoverPath`).
    fn paths(&self, extended: bool) -> (Vec<Drawing>, Vec<HoverPath>) {
        let Some(from) = self.selected else {
            return Default::default();
        };
        let surface = *self.variant().surface();
        let hover: Vec<HoverPath> = self
            .placement
            .reach(from)
            .iter()
            .flat_map(|to| {
                hover_paths(
                    self.placement.paths(from, to),
                    (from, to),
                    surface,
                    extended,
                )
            })
            .collect();
        if self.all_paths {
            (hover.into_iter().map(|h| h.drawing).collect(), Vec::new())
        } else {
            (Vec::new(), hover)
        }
    }

    fn view(&self, margin: Option<Margin>) -> View {
        let size = self.variant().size();
        let marks = self.marks();
        let heat = self.heat.then(|| self.placement.attack_counts());
        let pieces = |s: Square| self.placement.get(s);
        let (drawings, hover) = self.paths(margin.is_some());
        let mut view = frame(
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
        );
        view.hover = std::rc::Rc::new(hover);
        view
    }

    /// The normal view.
    pub fn normal(&self) -> View {
        self.view(None)
    }

    /// The extended view.
    pub fn extended(&self, margin: Margin) -> View {
        self.view(Some(margin))
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
    /// Play a game from the diagram against this opponent.
    PlayFromHere(crate::common::settings::Opponent),
    /// Open the diagram on the analysis board.
    Analyse,
    /// The lab's surface chosen.
    Lab(topochess_core::lab::LabSpec),
    /// A game on a lab surface against this opponent.
    PlayLab(
        topochess_core::lab::LabSpec,
        crate::common::settings::Opponent,
    ),
}
