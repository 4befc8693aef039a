//! Where the app composes its features: each feature changes only its own state, through its
//! `update`, and says what it wants of the rest of the app in its `Out`; here that is carried out
//! (a notice shown, a screen opened, a game started).

use crate::analysis::Report;
use crate::analysis::{tree_for_game, Analysis, AnalysisOut};
use crate::app::state::{castling_options, Action, AnalysisAction, AppState, Screen};
use crate::atlas::{AtlasAction, AtlasOut, TABLE_LEVEL};
use crate::common::settings::{Opponent, Settings};
use crate::explore::explorer::{ExploreAction, Explorer};
use crate::explore::flow::ExploreOut;
use crate::learn::{LearnAction, LearnOut, Studying};
use crate::library::games_screen::GamesOut;
use crate::puzzle::{PuzzleAction, PuzzleOut, Solving};
use topochess_core::move_tree::MoveTree;
use topochess_core::{pgn, Color, Move};

impl AppState {
    /// The lesson step shown, if the Learn screen is open on one.
    pub fn studying(&self) -> Option<&Studying> {
        self.learn
            .studying
            .as_ref()
            .filter(|_| crate::app::build::FULL && self.screen == Screen::Learn)
    }

    /// Opens a lesson's step (from an address).
    pub(crate) fn open_step(&mut self, lesson: usize, step: usize) {
        let out = self.learn.open_step(lesson, step);
        self.follow_learn(out);
    }

    /// A Learn action.
    pub(crate) fn change_learn(&mut self, action: LearnAction) {
        let out = self.learn.update(action);
        self.follow_learn(out);
    }

    fn follow_learn(&mut self, out: LearnOut) {
        match out {
            LearnOut::Done => {}
            LearnOut::Notice(text) => self.notice = Some(text),
            LearnOut::PlayOn(variant) => {
                let castling = castling_options(variant)
                    .first()
                    .map_or("none", |m| m.name());
                let settings = Settings {
                    variant: variant.to_string(),
                    castling: castling.to_string(),
                    opponent: Opponent::Computer {
                        level: 2,
                        computer: Color::Black,
                    },
                    ..self.settings.clone()
                };
                self.reduce_in_place(Action::NewGame(settings, None));
                self.screen = Screen::Play;
            }
        }
    }

    /// The table the atlas wants built: (surface, material), while its screen is open.
    pub(crate) fn atlas_wanted(&self) -> Option<(String, String)> {
        (self.screen == Screen::Atlas)
            .then(|| self.atlas.building.as_ref().map(|b| b.key.clone()))
            .flatten()
    }

    /// An atlas action.
    pub(crate) fn change_atlas(&mut self, action: AtlasAction) {
        let job = self.engine.as_ref().map(|j| j.id);
        match self.atlas.update(action, job) {
            AtlasOut::Done => {}
            AtlasOut::Notice(text) => self.notice = Some(text),
            AtlasOut::PlayFrom(pos, player) => {
                // The computer plays from the tables from their level up: keep a higher level.
                let level = match self.settings.opponent {
                    Opponent::Computer { level, .. } => level.max(TABLE_LEVEL),
                    _ => TABLE_LEVEL,
                };
                let opponent = Opponent::Computer {
                    computer: !player,
                    level,
                };
                self.play_from(*pos, opponent);
            }
            AtlasOut::Analyse(pgn) => {
                self.reduce_in_place(Action::Analyse(AnalysisAction::Load(pgn)))
            }
        }
    }

    /// The puzzle being shown, if the puzzle screen is open.
    pub fn solving(&self) -> Option<&Solving> {
        self.puzzles
            .solving
            .as_ref()
            .filter(|_| crate::app::build::FULL && self.screen == Screen::Puzzles)
    }

    /// Opens puzzle `index` (counting for the record when `counts`).
    pub(crate) fn open_puzzle(&mut self, index: usize, counts: bool) {
        let out = self.puzzles.open(index, counts);
        self.follow_puzzle(out);
    }

    /// A puzzle action.
    pub(crate) fn change_puzzle(&mut self, action: PuzzleAction) {
        let out = self.puzzles.update(action);
        self.follow_puzzle(out);
    }

    /// A move chosen from the board's chooser on the puzzle screen.
    pub(crate) fn puzzle_choose(&mut self, mv: Move) {
        let offered = self
            .play
            .choice
            .take()
            .is_some_and(|c| c.options.iter().any(|(m, _)| *m == mv));
        if offered {
            self.puzzles.choose(mv);
        }
    }

    /// The puzzle set arrived (or could not): the puzzle an address asked for opens, or the
    /// screen's next one if it is open.
    pub(crate) fn puzzles_arrived(&mut self, result: Result<(), String>) {
        match result {
            Err(why) => self.puzzles.trouble = Some(why),
            Ok(()) => {
                self.puzzles.trouble = None;
                match self.puzzles.wanted.take() {
                    Some(id) => self.open(crate::app::address::Address::Puzzles(Some(id))),
                    None if self.screen == Screen::Puzzles => self.puzzles_opened(),
                    None => {}
                }
            }
        }
    }

    /// The puzzle screen opened.
    pub(crate) fn puzzles_opened(&mut self) {
        let out = self.puzzles.opened();
        self.follow_puzzle(out);
    }

    fn follow_puzzle(&mut self, out: PuzzleOut) {
        match out {
            PuzzleOut::Done => {}
            PuzzleOut::Notice(text) => self.notice = Some(text),
            PuzzleOut::Choose(choice) => self.play.choice = Some(choice),
            PuzzleOut::DropChoice => self.play.choice = None,
            PuzzleOut::Analyse(pgn) => {
                self.reduce_in_place(Action::Analyse(AnalysisAction::Load(pgn)))
            }
        }
    }

    /// An explorer or lab action.
    pub(crate) fn explore(&mut self, action: ExploreAction) {
        match Explorer::update(&mut self.explorer, action) {
            ExploreOut::Done => {}
            ExploreOut::Notice(text) => self.notice = Some(text),
            ExploreOut::Shown => self.screen = Screen::Explore,
            ExploreOut::PlayFrom(opponent) => {
                self.reduce_in_place(Action::PlayFromDiagram(opponent))
            }
            ExploreOut::Analyse => {
                self.reduce_in_place(Action::Analyse(AnalysisAction::FromExplorer))
            }
            ExploreOut::Lab(spec) => self.reduce_in_place(Action::SetLab(spec)),
            ExploreOut::PlayLab(spec, opponent) => {
                let settings = Settings {
                    variant: spec.id(),
                    castling: "none".into(),
                    opponent,
                    ..self.settings.clone()
                };
                self.reduce_in_place(Action::NewGame(settings, None));
                self.reduce_in_place(Action::SetScreen(Screen::Play));
            }
        }
    }

    /// The analysis being shown, if the analysis screen is open.
    pub fn analysing(&self) -> Option<&Analysis> {
        self.analysis
            .as_ref()
            .filter(|_| crate::app::build::FULL && self.screen == Screen::Analyse)
    }

    /// The engine's lines arrived for `job`.
    pub(crate) fn analysis_lines(&mut self, job: u32, report: Report) {
        let wanted = self.engine.as_ref().filter(|j| j.id == job).map(|j| j.at);
        if let Some(a) = self.analysis.as_mut() {
            a.lines_arrived(wanted, report);
        }
    }

    /// An analysis action: the ones that open the board start it from what the app has (the
    /// game, the explorer, a PGN); the others change the analysis.
    pub(crate) fn analyse(&mut self, action: AnalysisAction) {
        match action {
            AnalysisAction::FromGame => {
                let kept = self.saved.iter().find(|g| g.id == self.play.game_id);
                let tree =
                    tree_for_game(&self.play.game, kept.and_then(|g| g.annotations.as_deref()));
                let at = tree
                    .mainline()
                    .get(self.shown_ply().wrapping_sub(1))
                    .copied()
                    .unwrap_or(MoveTree::ROOT);
                let mut analysis = Analysis::new(tree, at);
                analysis.game_id = Some(self.play.game_id);
                self.open_analysis(analysis);
            }
            AnalysisAction::ReviewGame => {
                self.analyse(AnalysisAction::FromGame);
                self.analyse(AnalysisAction::Review(true));
            }
            AnalysisAction::FromExplorer => match self.explorer.as_ref().map(|e| e.position()) {
                Some(Ok(pos)) => self.open_analysis(Analysis::new(MoveTree::new(pos), 0)),
                Some(Err(e)) => {
                    self.notice = Some(format!("This position cannot be analysed: {e}."))
                }
                None => {}
            },
            AnalysisAction::Load(text) => match pgn::read(&text) {
                Ok(read) => {
                    let at = read.tree.mainline().last().copied().unwrap_or(0);
                    self.open_analysis(Analysis::new(read.tree, at));
                }
                Err(e) => self.notice = Some(format!("That PGN could not be read: {e}.")),
            },
            action => {
                let Some(a) = self.analysis.as_mut() else {
                    return;
                };
                match a.update(action) {
                    AnalysisOut::Done => {}
                    AnalysisOut::Choose(choice) => self.play.choice = Some(choice),
                    AnalysisOut::ShowGame => self.reduce_in_place(Action::SetScreen(Screen::Play)),
                }
            }
        }
    }

    fn open_analysis(&mut self, analysis: Analysis) {
        Analysis::open_in(&mut self.analysis, analysis);
        self.screen = Screen::Analyse;
        self.play.choice = None;
    }

    /// The review job's point: (analysis, run, 0), while the analysis screen shows a review.
    pub(crate) fn review_point(&self) -> Option<(u64, usize, u64)> {
        self.analysing()
            .filter(|_| !self.analysis_barred())?
            .review_point()
    }

    /// A review job reviewed position `ply` (see [`Analysis::reviewed`]).
    pub(crate) fn reviewed(
        &mut self,
        job: u32,
        ply: usize,
        result: (i32, Option<i32>, Option<String>),
    ) {
        let wanted = self.engine.as_ref().filter(|j| j.id == job).map(|j| j.at);
        if wanted.is_none() || wanted != self.review_point() {
            return;
        }
        if let Some(a) = self.analysis.as_mut() {
            a.reviewed(ply, result);
        }
    }

    /// A move chosen from the board's chooser on the analysis board.
    pub(crate) fn analysis_choose(&mut self, mv: Move) {
        let offered = self
            .play
            .choice
            .take()
            .is_some_and(|c| c.options.iter().any(|(m, _)| *m == mv));
        if let (true, Some(a)) = (offered, self.analysis.as_mut()) {
            a.choose(mv);
        }
    }
}

/// The Games screen's requests as the app's actions.
pub fn games_out(on_action: &yew::Callback<Action>) -> yew::Callback<GamesOut> {
    let on_action = on_action.clone();
    yew::Callback::from(move |out: GamesOut| match out {
        GamesOut::Notice(text) => on_action.emit(Action::Notice(Some(text))),
        GamesOut::Library(games) => on_action.emit(Action::Library(games)),
        GamesOut::Rename(names) => on_action.emit(Action::RenamePlayers(names)),
        GamesOut::Open(game) => {
            on_action.emit(Action::SwitchGame(game));
            on_action.emit(Action::SetScreen(Screen::Play));
        }
    })
}
