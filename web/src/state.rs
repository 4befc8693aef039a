//! The app's state and the reducer that is the only way to change it. Side effects (the engine
//! worker, storage, the address bar) live in the app component's effects, driven by this state.

use crate::explorer::{Explorer, Tool};
use serde::{Deserialize, Serialize};
use std::rc::Rc;
use std::sync::Arc;
use topochess_core::explore::Placement;
use topochess_core::game::Game;
use topochess_core::lab::LabSpec;
use topochess_core::surface::Gluing;
use topochess_core::variant::preset;
use topochess_core::{fen, pgn, san, CastlingMode, Color, Move, Piece, Position, Square, Variant};
use yew::Reducible;

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
}

/// How much of the surroundings the extended view shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Margin {
    /// Ghost squares this many rows deep (0 to 3).
    Squares(u8),
    /// A whole copy of the board on every side.
    Copies,
}

/// Everything the player chooses, kept across reloads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// Dark theme.
    pub dark: bool,
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
        }
    }
}

/// The latest word from the engine.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Thinking {
    /// Depth completed.
    pub depth: u32,
    /// Score for the side to move (centipawns).
    pub score: i32,
    /// Mate in n, if any.
    pub mate: Option<i32>,
    /// Nodes.
    pub nodes: u64,
    /// Nodes per second.
    pub rate: u64,
    /// Principal variation in SAN.
    pub pv: Vec<String>,
}

/// What the engine is doing.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineTask {
    /// Choosing the computer's move.
    Move,
    /// Looking for a hint for the player.
    Hint,
}

/// Which screen is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The game.
    Play,
    /// The explorer and its gallery.
    Explore,
    /// The surface lab.
    Lab,
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
    /// Draw all paths of the selected piece.
    AllPaths(bool),
    /// Show the attack map.
    Heat(bool),
}

/// A choice the player must make before a move is played.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The moves to choose from, with their SAN.
    pub options: Vec<(Move, String)>,
}

/// Everything the app shows.
#[derive(Clone, Debug)]
pub struct AppState {
    /// Settings.
    pub settings: Settings,
    /// The game.
    pub game: Game,
    /// Moves taken back, to redo (last taken back last).
    pub redo: Vec<Move>,
    /// The ply being looked at; `None` for the current position.
    pub viewing: Option<usize>,
    /// The selected square.
    pub selected: Option<Square>,
    /// The square pointed at, and the plane point of the cell (for ghost cells).
    pub pointed: Option<(Square, i32, i32)>,
    /// A pending promotion or castling choice.
    pub choice: Option<Choice>,
    /// The engine's task and the job id it runs under.
    pub engine: Option<(EngineTask, u32)>,
    /// The last job id used.
    pub jobs: u32,
    /// The engine's latest progress.
    pub thinking: Option<Thinking>,
    /// A hint to draw.
    pub hint: Option<Move>,
    /// A message for the player (errors, restored games).
    pub notice: Option<String>,
    /// Whether the new-game form is open.
    pub new_game_open: bool,
    /// The screen.
    pub screen: Screen,
    /// The explorer, once opened.
    pub explorer: Option<Explorer>,
    /// The lab's surface.
    pub lab: LabSpec,
}

impl PartialEq for AppState {
    fn eq(&self, other: &Self) -> bool {
        self.settings == other.settings
            && self.game.moves() == other.game.moves()
            && fen::write(self.game.start()) == fen::write(other.game.start())
            && self.game.outcome() == other.game.outcome()
            && self.redo == other.redo
            && self.viewing == other.viewing
            && self.selected == other.selected
            && self.pointed == other.pointed
            && self.choice == other.choice
            && self.engine == other.engine
            && self.jobs == other.jobs
            && self.thinking == other.thinking
            && self.hint == other.hint
            && self.notice == other.notice
            && self.new_game_open == other.new_game_open
            && self.screen == other.screen
            && self.explorer == other.explorer
            && self.lab == other.lab
    }
}

/// A change to the state.
#[derive(Clone, Debug)]
pub enum Action {
    /// Start a new game with these settings (from the start position, or a FEN).
    NewGame(Settings, Option<String>),
    /// Replace the game (an import or a restored save).
    LoadGame(Settings, Box<Game>),
    /// A square (real or ghost) was clicked.
    Click(Square),
    /// A piece was dragged from one square and dropped on another.
    Drop(Square, Square),
    /// The pointer is over a cell: the real square and the cell's plane point.
    Point(Option<(Square, i32, i32)>),
    /// The player picked one of the offered moves.
    Choose(Move),
    /// The player closed the choice without picking.
    CancelChoice,
    /// A move typed in SAN or coordinate form.
    Typed(String),
    /// Take back (against the computer, back to the player's move).
    TakeBack,
    /// Replay a taken-back move.
    Redo,
    /// Look at the position after `ply` moves.
    View(usize),
    /// Look one move back or forward.
    Step(i32),
    /// Back to the current position.
    Live,
    /// Turn the board.
    Flip,
    /// Change views.
    SetView(ViewMode),
    /// Change the extended view's margin.
    SetMargin(Margin),
    /// Light or dark theme.
    SetDark(bool),
    /// Open or close the new-game form.
    ShowNewGame(bool),
    /// The engine was asked to do something under a job id.
    EngineStarted(EngineTask, u32),
    /// The engine reported progress.
    EngineThinking(u32, Thinking),
    /// The engine answered with a move (coordinate form).
    EngineAnswer(u32, String),
    /// The engine reported a problem.
    EngineFailed(u32, String),
    /// The player resigns.
    Resign,
    /// The players agree a draw.
    Draw,
    /// Show or clear a message.
    Notice(Option<String>),
    /// Change screens.
    SetScreen(Screen),
    /// Change the explorer.
    Explore(ExploreAction),
    /// Start a game from the explorer's diagram.
    PlayFromDiagram(Opponent),
    /// Choose the lab's surface.
    SetLab(LabSpec),
}

impl Default for AppState {
    fn default() -> Self {
        AppState::new(Settings::default(), None).expect("the default game starts")
    }
}

/// The variant a settings object names.
pub fn variant_of(settings: &Settings) -> Result<Arc<Variant>, String> {
    let mode = CastlingMode::from_name(&settings.castling);
    Variant::preset(&settings.variant, mode)
        .or_else(|_| Variant::preset(&settings.variant, None))
        .map(Arc::new)
        .map_err(|e| e.to_string())
}

impl AppState {
    /// A new game.
    pub fn new(settings: Settings, start_fen: Option<&str>) -> Result<AppState, String> {
        let variant = variant_of(&settings)?;
        let start = match start_fen {
            Some(text) => {
                fen::parse_position(variant.clone(), text).map_err(|e| format!("Bad FEN: {e}"))?
            }
            None => Position::start(variant.clone()),
        };
        let mut settings = settings;
        settings.castling = variant.castling().name().to_string();
        Ok(AppState::with_game(settings, Game::new(start)))
    }

    fn with_game(settings: Settings, game: Game) -> AppState {
        AppState {
            settings,
            game,
            redo: Vec::new(),
            viewing: None,
            selected: None,
            pointed: None,
            choice: None,
            engine: None,
            jobs: 0,
            thinking: None,
            hint: None,
            notice: None,
            new_game_open: false,
            screen: Screen::Play,
            explorer: None,
            lab: LabSpec {
                east_west: Gluing::Twist,
                north_south: Gluing::Twist,
                width: 6,
                height: 6,
            },
        }
    }

    /// The position on the board (the one being looked at).
    pub fn shown(&self) -> &Position {
        self.viewing
            .and_then(|ply| self.game.position_at(ply))
            .unwrap_or_else(|| self.game.position())
    }

    /// The ply shown.
    pub fn shown_ply(&self) -> usize {
        self.viewing.unwrap_or(self.game.moves().len())
    }

    /// Whether the player may move now (the live position, the game on, not the computer's turn).
    pub fn player_to_move(&self) -> bool {
        self.viewing.is_none()
            && self.game.outcome().is_none()
            && match self.settings.opponent {
                Opponent::HotSeat => true,
                Opponent::Computer { computer, .. } => self.game.position().turn() != computer,
            }
    }

    /// Whether it is the computer's turn in the live game.
    pub fn computer_to_move(&self) -> bool {
        self.viewing.is_none()
            && self.game.outcome().is_none()
            && matches!(self.settings.opponent, Opponent::Computer { computer, .. } if self.game.position().turn() == computer)
    }

    /// Legal moves from `from` in the live position, if the player may move.
    pub fn moves_from(&self, from: Square) -> Vec<Move> {
        if !self.player_to_move() {
            return Vec::new();
        }
        self.game
            .position()
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == from)
            .collect()
    }

    /// The moves in coordinate form (for the worker, storage and links).
    pub fn move_texts(&self) -> Vec<String> {
        (0..self.game.moves().len())
            .filter_map(|i| {
                Some(san::to_coordinate(
                    self.game.position_at(i)?,
                    self.game.moves()[i],
                ))
            })
            .collect()
    }

    /// The game as PGN.
    pub fn pgn(&self) -> String {
        pgn::write(
            &self.game,
            &[("Event", "Topochess game"), ("Site", "Topochess")],
        )
    }

    fn play(&mut self, mv: Move) {
        if self.game.play(mv).is_ok() {
            self.redo.clear();
            self.selected = None;
            self.pointed = None;
            self.choice = None;
            self.hint = None;
            self.thinking = None;
        }
    }

    /// Plays a move from `from` to `to`, asking when several moves fit (promotion, castling).
    fn try_move(&mut self, from: Square, to: Square) -> bool {
        let candidates: Vec<Move> = self
            .moves_from(from)
            .into_iter()
            .filter(|m| m.to == to)
            .collect();
        match candidates.as_slice() {
            [] => false,
            [mv] => {
                self.play(*mv);
                true
            }
            many => {
                let pos = self.game.position();
                self.choice = Some(Choice {
                    options: many.iter().map(|&m| (m, san::to_san(pos, m))).collect(),
                });
                true
            }
        }
    }

    fn own_piece(&self, sq: Square) -> bool {
        let pos = self.game.position();
        pos.piece_at(sq).is_some_and(|p| p.color == pos.turn())
    }
}

impl AppState {
    fn explore(&mut self, action: ExploreAction) {
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
            ExploreAction::AllPaths(on) => ex.all_paths = on,
            ExploreAction::Heat(on) => ex.heat = on,
        }
    }
}

impl Reducible for AppState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut s = (*self).clone();
        match action {
            Action::NewGame(settings, start) => match AppState::new(settings, start.as_deref()) {
                Ok(mut next) => {
                    next.jobs = s.jobs;
                    next.settings.dark = s.settings.dark;
                    s = next;
                }
                Err(e) => s.notice = Some(e),
            },
            Action::LoadGame(settings, game) => {
                let jobs = s.jobs;
                s = AppState::with_game(settings, *game);
                s.jobs = jobs;
            }
            Action::Click(sq) => {
                if s.choice.is_some() {
                    return Rc::new(s);
                }
                let selected = s.selected;
                let moved = match selected {
                    Some(from) if from != sq => s.try_move(from, sq),
                    _ => false,
                };
                if !moved {
                    s.selected = (s.player_to_move() && s.own_piece(sq) && selected != Some(sq))
                        .then_some(sq);
                }
            }
            Action::Drop(from, to) => {
                if from != to && !s.try_move(from, to) {
                    s.selected = None;
                } else if from == to && s.player_to_move() && s.own_piece(from) {
                    s.selected = Some(from);
                }
            }
            Action::Point(p) => s.pointed = p,
            Action::Choose(mv) => {
                if s.choice
                    .as_ref()
                    .is_some_and(|c| c.options.iter().any(|(m, _)| *m == mv))
                {
                    s.play(mv);
                }
            }
            Action::CancelChoice => {
                s.choice = None;
                s.selected = None;
            }
            Action::Typed(text) => {
                if !s.player_to_move() {
                    s.notice = Some("It is not your move.".into());
                } else {
                    match san::parse_move(s.game.position(), &text) {
                        Ok(mv) => {
                            s.play(mv);
                            s.notice = None;
                        }
                        Err(e) => s.notice = Some(format!("{e}.")),
                    }
                }
            }
            Action::TakeBack => {
                s.viewing = None;
                s.engine = None;
                s.thinking = None;
                s.choice = None;
                s.selected = None;
                s.hint = None;
                if let Some(mv) = s.game.undo() {
                    s.redo.push(mv);
                }
                if let Opponent::Computer { computer, .. } = s.settings.opponent {
                    while s.game.position().turn() == computer {
                        match s.game.undo() {
                            Some(mv) => s.redo.push(mv),
                            None => break,
                        }
                    }
                }
            }
            Action::Redo => {
                s.viewing = None;
                if let Some(mv) = s.redo.pop() {
                    let redo = std::mem::take(&mut s.redo);
                    s.play(mv);
                    s.redo = redo;
                }
            }
            Action::View(ply) => {
                s.viewing = (ply < s.game.moves().len()).then_some(ply);
                s.selected = None;
            }
            Action::Step(delta) => {
                let len = s.game.moves().len() as i64;
                let ply = (s.shown_ply() as i64 + delta as i64).clamp(0, len) as usize;
                s.viewing = (ply < len as usize).then_some(ply);
                s.selected = None;
            }
            Action::Live => s.viewing = None,
            Action::Flip => s.settings.flipped = !s.settings.flipped,
            Action::SetView(v) => s.settings.view = v,
            Action::SetMargin(m) => s.settings.margin = m,
            Action::SetDark(d) => s.settings.dark = d,
            Action::ShowNewGame(open) => s.new_game_open = open,
            Action::EngineStarted(task, job) => {
                s.engine = Some((task, job));
                s.jobs = s.jobs.max(job);
                s.thinking = None;
            }
            Action::EngineThinking(job, info) => {
                if s.engine.as_ref().is_some_and(|(_, j)| *j == job) {
                    s.thinking = Some(info);
                }
            }
            Action::EngineAnswer(job, text) => {
                if let Some((task, j)) = s.engine.clone() {
                    if j == job {
                        s.engine = None;
                        let pos = s.game.position().clone();
                        if let Ok(mv) = san::parse_move(&pos, &text) {
                            match task {
                                EngineTask::Move if s.computer_to_move() => s.play(mv),
                                EngineTask::Hint => s.hint = Some(mv),
                                _ => {}
                            }
                        }
                    }
                }
            }
            Action::EngineFailed(job, message) => {
                if s.engine.as_ref().is_some_and(|(_, j)| *j == job) {
                    s.engine = None;
                    s.notice = Some(format!("The engine could not move: {message}"));
                }
            }
            Action::Resign => {
                let loser = match s.settings.opponent {
                    Opponent::Computer { computer, .. } => !computer,
                    Opponent::HotSeat => s.game.position().turn(),
                };
                s.game.resign(loser);
                s.engine = None;
            }
            Action::Draw => {
                s.game.agree_draw();
                s.engine = None;
            }
            Action::Notice(n) => s.notice = n,
            Action::SetScreen(screen) => {
                s.screen = screen;
                if screen == Screen::Explore && s.explorer.is_none() {
                    if let Ok(v) = variant_of(&s.settings) {
                        s.explorer = Some(Explorer::new(v));
                    }
                }
            }
            Action::Explore(a) => s.explore(a),
            Action::PlayFromDiagram(opponent) => {
                if let Some(ex) = &s.explorer {
                    match ex.placement.to_position(ex.turn) {
                        Ok(pos) => {
                            let v = pos.variant().clone();
                            let settings = Settings {
                                variant: v.id().to_string(),
                                castling: v.castling().name().to_string(),
                                opponent,
                                ..s.settings.clone()
                            };
                            let (jobs, explorer, lab) = (s.jobs, s.explorer.clone(), s.lab);
                            s = AppState::with_game(settings, Game::new(pos));
                            s.jobs = jobs;
                            s.explorer = explorer;
                            s.lab = lab;
                        }
                        Err(e) => s.notice = Some(format!("This position cannot be played: {e}.")),
                    }
                }
            }
            Action::SetLab(spec) => s.lab = spec,
        }
        Rc::new(s)
    }
}

/// The castling modes a preset offers, for the new-game form.
pub fn castling_options(id: &str) -> &'static [CastlingMode] {
    preset(id).map(|p| p.castling_options).unwrap_or(&[])
}
