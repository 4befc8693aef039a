//! The app's state and the reducer that is the only way to change it. Side effects (the engine
//! worker, storage, the address bar) live in the app component's effects, driven by this state.

use crate::analysis::Analysis;
pub use crate::analysis::AnalysisAction;
pub use crate::app::action::Action;
use crate::app::build::{FULL, LIVE};
pub use crate::app::job::{EngineHeard, EngineJob, EngineTask, Thinking, Worker, HINT_LEVEL};
pub use crate::app::screen::Screen;
use crate::common::clock::Clock;
pub use crate::common::fit::{Choice, Fit};
pub use crate::common::settings::{variant_of, Margin, Opponent, Settings, ViewMode};
use crate::common::shapes::Shape;
pub use crate::explore::explorer::ExploreAction;
use crate::explore::explorer::Explorer;
pub use crate::learn::LearnAction;
use crate::library::storage::{self, SavedGame};
pub use crate::play::PlayAction;
pub use crate::puzzle::PuzzleAction;
use std::rc::Rc;
use topochess_core::game::Game;
use topochess_core::lab::LabSpec;
use topochess_core::surface::Gluing;
use topochess_core::variant::preset;
use topochess_core::{fen, CastlingMode, Position};
use yew::Reducible;

/// Where a message is shown: next to what caused it, so that it is in view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum NoticeAt {
    /// Under the header.
    #[default]
    Top,
    /// Under the box a move is typed in.
    TypedMove,
    /// In the import box.
    Import,
}

/// The New game dialog: whether it is open, and the kind of game it opens with when the front
/// page chose it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NewGameDialog {
    /// Open.
    pub open: bool,
    /// The opponent chosen on the front page.
    pub opponent: Option<Opponent>,
}

/// What a first visit is shown and spared.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FirstVisit {
    /// The word on the ghost squares is shown (until the player dismisses it, once and for
    /// all).
    pub ghost_hint: bool,
    /// The game on the board is a first visit's, untouched: not saved until something changes.
    pub untouched: bool,
}

/// Everything the app shows.
#[derive(Clone, Debug, PartialEq)]
pub struct AppState {
    /// The game on the board.
    pub play: crate::play::Play,
    /// Settings.
    pub settings: Settings,
    /// The engine's job, if it has one.
    pub engine: Option<EngineJob>,
    /// The engine's worker: job ids, trouble, restarts and progress.
    pub worker: Worker,
    /// The saved games, most recently played first: shared, so that an action copies the app's
    /// state without copying every game (a clock's tick is an action a second).
    pub saved: Rc<Vec<SavedGame>>,
    /// The signed-in player's account name (none: a guest).
    pub me: Option<String>,
    /// How many times the player's channel told of a challenge made or answered, and the last
    /// it told (its id and status): the challenges' bar reads them again at each.
    pub challenges_heard: (u32, Option<(String, String)>),
    /// The player whose page is shown (`#/@/<name>`).
    pub player: Option<String>,
    /// The preset whose leaderboard is shown.
    pub leaderboard: String,
    /// What a first visit is shown and spared.
    pub first_visit: FirstVisit,
    /// Whether the notice offers to go back to the current position.
    pub offer_live: bool,
    /// A correspondence link's game waiting for the player's word (older, or another line).
    pub pending_link: Option<SavedGame>,
    /// The player's arrows and circles, per game and ply (kept while browsing).
    pub shapes: std::collections::BTreeMap<(u64, usize), Vec<Shape>>,
    /// A message for the player (errors, restored games).
    pub notice: Option<String>,
    /// Where the message is shown: beside what caused it, or at the top.
    pub notice_at: NoticeAt,
    /// The New game dialog.
    pub new_game: NewGameDialog,
    /// The screen.
    pub screen: Screen,
    /// On a narrow screen, where both views do not fit: the extended view is the one shown.
    pub narrow_extended: bool,
    /// The explorer, once opened.
    pub explorer: Option<Explorer>,
    /// The lab's surface.
    pub lab: LabSpec,
    /// The analysis board, once opened.
    pub analysis: Option<Analysis>,
    /// The endgame atlas.
    pub atlas: crate::atlas::Atlas,
    /// The computer's moves played from endgame tables: (game, ply after the move).
    pub table_moves: std::collections::BTreeSet<(u64, usize)>,
    /// The puzzles: the player's record and the puzzle on the board.
    pub puzzles: crate::puzzle::Puzzles,
    /// The lessons: the steps done and the step on the board.
    pub learn: crate::learn::Learn,
    /// The live game's connection: the server's last word and what to tell it.
    pub live: crate::live::LiveSession,
    /// The quick-pairing pool this browser waits in.
    pub pool: Option<crate::pools::PoolWait>,
    /// Topochess TV, while it is on.
    pub tv: Option<crate::app::tv_channel::Tv>,
    /// The live game TV last put on the board: never kept among the viewer's games, during TV
    /// or after.
    pub tv_watched: Option<u64>,
    /// The arena tournament this browser follows: shown, or played in.
    pub arena: crate::arenas::ArenaWatch,
    /// In the first screen's module: the handover to the whole app under way (`app::whole`).
    pub whole: Option<crate::app::handover::Handover>,
}

impl Default for AppState {
    fn default() -> Self {
        AppState::new(Settings::default(), None).expect("the default game starts")
    }
}

impl AppState {
    /// A new game from `pos` against `opponent`, shown on the Play screen.
    pub(crate) fn play_from(&mut self, pos: Position, opponent: Opponent) {
        let v = pos.variant().clone();
        let settings = Settings {
            variant: v.id().to_string(),
            castling: v.castling().name().to_string(),
            opponent,
            flipped: Settings::orientation_for(opponent),
            ..self.settings.clone()
        };
        self.replace_game(settings, Game::new(pos), storage::fresh_id());
        self.screen = Screen::Play;
    }

    /// A new game.
    pub fn new(settings: Settings, start_fen: Option<&str>) -> Result<AppState, String> {
        let variant = variant_of(&settings)?;
        let start = match start_fen {
            // Castling rights the game cannot use are dropped (the caller says so).
            Some(text) => fen::parse_position_lenient(variant.clone(), text)
                .map(|(pos, _)| pos)
                .map_err(|e| format!("Bad FEN: {e}"))?,
            None => Position::start(variant.clone()),
        };
        let mut settings = settings;
        settings.castling = variant.castling().name().to_string();
        Ok(AppState::with_game(settings, Game::new(start)))
    }

    /// The state showing saved game `saved`, or why it cannot be shown.
    pub fn from_saved(saved: &SavedGame) -> Result<AppState, String> {
        let (settings, game) = saved.rebuild()?;
        let mut state = AppState::with_game(settings, game);
        state.play.game_id = saved.id;
        state.play.restore(saved);
        state.settle_engine();
        Ok(state)
    }

    /// Shows saved game `saved` in place of the current one, or says why it cannot.
    fn switch_to(&mut self, saved: &SavedGame) {
        match saved.rebuild() {
            Ok((settings, game)) => {
                self.replace_game(settings, game, saved.id);
                self.play.restore(saved);
            }
            Err(e) => self.notice = Some(format!("That game could not be opened: {e}.")),
        }
    }

    /// Whether the game on the board is the player's, kept among their games (a game watched on
    /// TV is not).
    pub fn keeps_its_game(&self) -> bool {
        self.tv.is_none() && self.live_id().is_none_or(|id| self.tv_watched != Some(id))
    }

    /// The game as the library keeps it.
    pub fn saved_game(&self, now: f64) -> SavedGame {
        self.play.saved(&self.settings, now)
    }

    /// Lists the game on the board, which is being left, as it is now: its save may still be on
    /// its way to the shelf, and Back finds it here.
    fn list_left(&mut self) {
        if self.keeps_its_game() {
            let left = self.saved_game(storage::now());
            storage::Library::listing(Rc::make_mut(&mut self.saved), left);
        }
    }

    /// Replaces the game, keeping what belongs to the player and the session: view settings,
    /// job counter, worker, library list, explorer and lab.
    pub(crate) fn replace_game(&mut self, mut settings: Settings, game: Game, id: u64) {
        // (Not in the link's module, whose budget it would pass: a live game's link, opened in a
        // tab of its own, shows that game; New game and the saved games come with the whole app.)
        if crate::app::build::FRONT && id != self.play.game_id {
            self.list_left();
        }
        settings.keep_preferences_of(&self.settings);
        let mut next = AppState::with_game(settings, game);
        next.play.game_id = id;
        next.worker.jobs = self.worker.jobs;
        next.worker.generation = self.worker.generation;
        next.saved = std::mem::take(&mut self.saved);
        next.explorer = self.explorer.take();
        next.analysis = self.analysis.take();
        next.atlas = std::mem::take(&mut self.atlas);
        next.table_moves = std::mem::take(&mut self.table_moves);
        next.puzzles = std::mem::take(&mut self.puzzles);
        next.learn = std::mem::take(&mut self.learn);
        // Message numbers go on across games (a socket has sent up to some number).
        next.live.last = self.live.last;
        // A game joined by its link is put on the board over the socket that joined it: the
        // socket stays open, and so does what is known of it.
        if next.socket_game().is_some() && next.socket_game() == self.socket_game() {
            next.live.connected = self.live.connected;
        }
        // A lab game's surface is the lab's (also after a reload); other games keep the lab.
        next.lab = LabSpec::parse(&next.settings.variant).unwrap_or(self.lab);
        next.screen = self.screen;
        // Who is signed in, and whose page and leaderboard were open, stay.
        next.me = self.me.take();
        next.player = self.player.take();
        next.leaderboard = std::mem::take(&mut self.leaderboard);
        // A wait in a pool goes on whatever game is on the board.
        next.pool = self.pool.take();
        // TV goes on from one game to the next.
        next.tv = self.tv.take();
        next.tv_watched = self.tv_watched.take();
        next.whole = self.whole.take();
        // The word on the ghost squares waits for a board that shows them, if this one did not.
        next.first_visit.ghost_hint = self.first_visit.ghost_hint;
        *self = next;
    }

    fn with_game(settings: Settings, game: Game) -> AppState {
        let clock = settings.time.map(Clock::new);
        let lab = LabSpec::parse(&settings.variant).unwrap_or(LabSpec {
            east_west: Gluing::Twist,
            north_south: Gluing::Twist,
            width: 6,
            height: 6,
        });
        AppState {
            play: crate::play::Play::new(game, storage::fresh_id(), clock),
            lab,
            settings,
            engine: None,
            worker: Worker::default(),
            saved: Rc::default(),
            me: None,
            challenges_heard: (0, None),
            pool: None,
            tv: None,
            tv_watched: None,
            arena: Default::default(),
            whole: None,
            player: None,
            leaderboard: "folded".into(),
            first_visit: FirstVisit::default(),
            offer_live: false,
            pending_link: None,
            shapes: Default::default(),
            notice: None,
            notice_at: NoticeAt::Top,
            new_game: NewGameDialog::default(),
            screen: Screen::Play,
            narrow_extended: false,
            explorer: None,
            analysis: None,
            atlas: Default::default(),
            table_moves: Default::default(),
            puzzles: Default::default(),
            live: Default::default(),
            learn: Default::default(),
        }
    }

    /// The position on the board (the one being looked at).
    pub fn shown(&self) -> &Position {
        self.play.shown()
    }

    /// The ply shown.
    pub fn shown_ply(&self) -> usize {
        self.play.shown_ply()
    }

    /// Whether the player may move now (the live position, the game on, not the computer's turn).
    pub fn player_to_move(&self) -> bool {
        self.play.player_to_move(&self.settings)
    }

    /// The position shown's key for its drawn shapes: the game and ply, or on the analysis
    /// board the analysis and node.
    fn shapes_key(&self) -> (u64, usize) {
        match self.analysing() {
            Some(a) => (a.id, a.at),
            None => (self.play.game_id, self.shown_ply()),
        }
    }

    /// The shapes drawn on the position shown.
    pub fn shapes_here(&self) -> &[Shape] {
        self.shapes
            .get(&self.shapes_key())
            .map_or(&[], |v| v.as_slice())
    }

    /// A left click clears the shapes of the position shown.
    fn clear_shapes(&mut self) {
        self.shapes.remove(&self.shapes_key());
    }

    /// Whether the game on the board is one against a person still being played, live or by
    /// correspondence: the computer gives no hint in it and does not analyse it until it is over,
    /// as on any site where people play people.
    pub fn computer_barred(&self) -> bool {
        // `is_correspondence` counts live games too: their moves are sent.
        let person = self.is_correspondence();
        let aborted = self.live.heard.as_ref().is_some_and(|h| h.aborted);
        person && self.play.game.outcome().is_none() && !aborted
    }

    /// Whether the analysis board holds that game (opened from it): its engine waits.
    pub fn analysis_barred(&self) -> bool {
        self.computer_barred()
            && self
                .analysis
                .as_ref()
                .is_some_and(|a| a.game_id == Some(self.play.game_id))
    }

    /// Whether the game is played by correspondence (or live): its moves are sent.
    pub fn is_correspondence(&self) -> bool {
        self.settings.is_correspondence()
    }

    /// Whether it is the computer's turn in the game (also while the player looks at an
    /// earlier position: the computer's reply is played into the game).
    pub fn computer_to_move(&self) -> bool {
        self.play.computer_to_move(&self.settings)
    }

    /// The moves in coordinate form (for the worker, storage and links).
    pub fn move_texts(&self) -> Vec<String> {
        self.play.move_texts()
    }

    /// Changes the game on the board, and carries out what it asks.
    pub(crate) fn change_play(&mut self, action: PlayAction) {
        let before = self.play.game.moves().len();
        let out = self.play.update(action, &self.settings);
        if self.play.game.moves().len() != before {
            // The engine's last word was about another position.
            self.worker.thinking = None;
        }
        if out.clear_notice {
            self.notice = None;
        }
        if let Some(text) = out.notice {
            self.notice = Some(text);
        }
        if let Some(offer) = out.offer_live {
            self.offer_live = offer;
        }
        for message in out.send.into_iter().filter(|_| LIVE) {
            self.live_send(message);
        }
        if FULL && out.review {
            self.analyse(AnalysisAction::ReviewGame);
        }
    }
}

impl Reducible for AppState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut s = (*self).clone();
        let place = match &action {
            Action::Play(PlayAction::Typed(_)) => NoticeAt::TypedMove,
            Action::Import(_) => NoticeAt::Import,
            _ => NoticeAt::Top,
        };
        let before = s.notice.clone();
        s.reduce_in_place(action);
        if s.notice.is_some() && s.notice != before {
            s.notice_at = place;
        }
        s.play.settle(&s.settings);
        s.settle_engine();
        Rc::new(s)
    }
}

impl AppState {
    /// A new game with `settings`, from the start position or the FEN `start`, shown on the board.
    fn new_game_from(&mut self, settings: Settings, start: Option<String>) {
        match AppState::new(settings, start.as_deref()) {
            Ok(next) => {
                let mut settings = next.settings.clone();
                settings.flipped = Settings::orientation_for(settings.opponent);
                let id = storage::fresh_id();
                if let Opponent::Correspondence { me, id: 0 } = settings.opponent {
                    settings.opponent = Opponent::Correspondence { me, id };
                }
                if settings.is_correspondence() {
                    settings.time = None;
                }
                self.replace_game(settings, next.play.game, id);
                // A new game is shown on the board, from whichever screen it was started.
                self.reduce_in_place(Action::SetScreen(Screen::Play));
                if let Some(text) = start {
                    // Castling rights the game cannot use were dropped: say so.
                    let variant = self.play.game.start().variant().clone();
                    if let Ok((_, dropped)) = fen::parse_position_lenient(variant, &text) {
                        self.notice = fen::dropped_rights_note(&dropped);
                    }
                }
            }
            Err(e) => self.notice = Some(e),
        }
    }

    /// The library as another tab left it: the game on the board is taken from it when it went on
    /// there (not a live game, which the server keeps).
    fn changed_elsewhere(&mut self, list: Vec<SavedGame>) {
        let mine = self.move_texts();
        // A live game is the server's: this tab hears each move from it, and taking
        // the game from the library would drop its connection for nothing.
        let live = self.live_id().is_some();
        let ahead = list
            .iter()
            .filter(|_| !live)
            .find(|g| g.id == self.play.game_id)
            .filter(|g| g.moves.len() > mine.len() && g.moves.starts_with(&mine))
            .cloned();
        self.saved = Rc::new(list);
        if let Some(stored) = ahead {
            self.switch_to(&stored);
            self.notice =
                Some("This game went on in another tab: it is shown as it is now.".into());
        }
    }

    /// A new worker after trouble.
    fn retry_engine(&mut self) {
        self.worker.trouble = None;
        self.worker.generation += 1;
        // The job (if any) goes to the new worker under a new id (an analysis is
        // started afresh by settle_engine).
        let board = [
            EngineTask::Analyse,
            EngineTask::Review,
            EngineTask::Tablebase,
        ];
        if let Some(job) = self.engine.take().filter(|j| !board.contains(&j.task)) {
            self.start_job(job.task, job.level);
        }
    }

    /// A shape drawn: drawn again, it goes; one shape per pair of squares.
    fn toggle_shape(&mut self, shape: Shape) {
        let list = self.shapes.entry(self.shapes_key()).or_default();
        match list.iter().position(|x| *x == shape) {
            Some(i) => {
                list.remove(i);
            }
            None => {
                // One shape per pair of squares: a new colour replaces the old.
                list.retain(|x| (x.from, x.to) != (shape.from, shape.to));
                list.push(shape);
            }
        }
    }

    /// Shows `screen`, opening what it needs (the analysis of the game, the explorer).
    fn set_screen(&mut self, screen: Screen) {
        if screen != self.screen {
            self.play.choice = None;
            // Leaving the atlas stops its build (the worker is the game's again).
            self.atlas.building = None;
        }
        self.screen = screen;
        if !FULL {
            return;
        }
        if screen == Screen::Puzzles {
            // Its puzzle opens once the screen is drawn (app::effects).
            self.puzzles.opening = self.puzzles.solving.is_none();
        }
        if screen == Screen::Analyse && self.analysis.is_none() {
            self.analyse(AnalysisAction::FromGame);
        }
        if screen == Screen::Explore && self.explorer.is_none() {
            if let Ok(v) = variant_of(&self.settings) {
                self.explorer = Some(Explorer::new(v));
            }
        }
    }

    pub(crate) fn reduce_in_place(&mut self, action: Action) {
        let s = self;
        if s.handed_over(&action) {
            return;
        }
        match action {
            Action::NewGame(settings, start) => {
                // A game of the player's own ends TV.
                s.tv = None;
                s.new_game_from(settings, start)
            }
            Action::LoadGame(settings, game) => {
                s.replace_game(settings, *game, storage::fresh_id());
            }
            Action::SwitchGame(saved) => s.switch_to(&saved),
            Action::AskLink(kept, incoming, why) => {
                s.switch_to(&kept);
                s.notice = Some(why);
                s.pending_link = Some(*incoming);
            }
            Action::RenamePlayers(names) => s.settings.names = names,
            // The flag is looked at after every action (settle_clock).
            Action::Tick => {
                if FULL {
                    s.tv_settle()
                }
            }
            Action::AnswerLink(take) => {
                if let Some(incoming) = s.pending_link.take() {
                    s.notice = None;
                    if take {
                        s.switch_to(&incoming);
                    }
                }
            }
            Action::Library(list) => s.saved = Rc::new(list),
            Action::ChangedElsewhere(list) => s.changed_elsewhere(list),
            Action::KeptApart(id) => {
                s.play.game_id = id;
                s.notice = Some(
                    "This game was taken another way in another tab: both lines are kept, this \
                     one as a game of its own (Saved games)."
                        .into(),
                );
            }
            Action::Click(_) => s.clear_shapes(),
            Action::Move(from, to) => s.change_play(PlayAction::Move(from, to)),
            Action::Choose(mv) if s.analysing().is_some() => s.analysis_choose(mv),
            Action::Choose(mv) if s.solving().is_some() => s.puzzle_choose(mv),
            Action::Choose(mv) => s.change_play(PlayAction::Choose(mv)),
            Action::CancelChoice => s.change_play(PlayAction::CancelChoice),
            Action::Hint if s.computer_barred() => {}
            Action::Play(action) => s.change_play(action),
            Action::Step(delta) if s.solving().is_some() => {
                s.change_puzzle(PuzzleAction::Step(delta))
            }
            Action::View(ply) if s.solving().is_some() => s.change_puzzle(PuzzleAction::View(ply)),
            Action::Live if s.solving().is_some() => {
                s.change_puzzle(PuzzleAction::View(usize::MAX))
            }
            Action::Step(delta) if s.analysing().is_some() => {
                s.analyse(AnalysisAction::Step(delta))
            }
            Action::View(0) if s.analysing().is_some() => s.analyse(AnalysisAction::First),
            Action::Live if s.analysing().is_some() => s.analyse(AnalysisAction::Last),
            Action::View(ply) => s.change_play(PlayAction::View(ply)),
            Action::Step(delta) => s.change_play(PlayAction::Step(delta)),
            Action::Live => s.change_play(PlayAction::Live),
            Action::Flip => s.settings.flipped = !s.settings.flipped,
            Action::Prefer(p) => s.settings.prefer(p),
            Action::ShowNewGame(open) => {
                s.new_game.open = open;
                s.new_game.opponent = None;
            }
            Action::Hint => {
                if s.player_to_move() && s.engine.is_none() && s.worker.trouble.is_none() {
                    s.start_job(EngineTask::Hint, HINT_LEVEL);
                }
            }
            Action::RetryEngine => s.retry_engine(),
            Action::Cancel => s.change_play(PlayAction::Cancel),
            Action::Shape(shape) => s.toggle_shape(shape),
            Action::Notice(n) => {
                s.notice = n;
                s.offer_live = false;
            }
            Action::Import(inner) => s.reduce_in_place(*inner),
            Action::DismissGhostHint => s.first_visit.ghost_hint = false,
            Action::Go(screen) => {
                // A message belongs to its screen; a question about a link waits for its answer.
                if s.pending_link.is_none() {
                    s.notice = None;
                    s.offer_live = false;
                }
                if screen != Screen::Play {
                    s.tv = None;
                }
                if screen != Screen::Tournament {
                    s.arena.shown = None;
                }
                s.reduce_in_place(Action::SetScreen(screen));
            }
            Action::Open(address) => s.open(address),
            Action::SignedIn(me) => s.me = me,
            Action::ChallengeNews(id, status) => {
                s.challenges_heard = (s.challenges_heard.0.wrapping_add(1), Some((id, status)))
            }
            Action::LiveConnection(connected) => s.live.connected = connected,
            Action::LiveHeard(message) if LIVE => s.live_heard(*message),
            Action::LiveSend(message) if LIVE => s.live_send(message),
            Action::LiveHeard(_) | Action::LiveSend(_) => {}
            Action::Begin(opponent) => {
                // The form opens over the screen it was asked from: Start takes the player to
                // the board, Cancel leaves everything as it was.
                s.new_game.open = true;
                s.new_game.opponent = Some(opponent);
            }
            Action::ShowExtended(on) => s.narrow_extended = on,
            Action::SetScreen(screen) => s.set_screen(screen),
            Action::Engine(heard) => s.engine_heard(heard),
            action @ (Action::Whole(_) | Action::WholeReady | Action::WholeFailed(_)) => {
                s.reduce_handover(action)
            }
            // The features only the whole app has.
            action => s.reduce_feature(action),
        }
    }

    /// The actions of the features only the whole app has (the first screen's module hands them
    /// over before they come here: `Action::beyond_first`).
    fn reduce_feature(&mut self, action: Action) {
        if !FULL {
            return;
        }
        let s = self;
        match action {
            Action::Pool(a) => s.pool_action(a),
            Action::Arena(a) => s.arena_action(a),
            Action::Paired(game) => s.paired(game),
            Action::TvLobby(lobby) => s.tv_heard(*lobby),
            Action::PoolComputer(level) => s.pool_computer(level),
            Action::Explore(a) => s.explore(a),
            Action::PlayFromDiagram(opponent) => {
                if let Some(ex) = s.explorer.as_ref() {
                    match ex.position() {
                        Ok(pos) => s.play_from(pos, opponent),
                        Err(e) => s.notice = Some(format!("This position cannot be played: {e}.")),
                    }
                }
            }
            Action::SetLab(spec) => s.lab = spec,
            Action::Analyse(a) => s.analyse(a),
            Action::Atlas(a) => s.change_atlas(a),
            Action::Puzzle(a) => s.change_puzzle(a),
            Action::PuzzlesArrived(result) => s.puzzles_arrived(result),
            Action::Learn(a) => s.change_learn(a),
            // The app's own actions, reduced in `reduce_in_place`.
            _ => {}
        }
    }
}

/// The castling modes a preset offers, for the new-game form.
pub fn castling_options(id: &str) -> &'static [CastlingMode] {
    preset(id).map(|p| p.castling_options).unwrap_or(&[])
}
