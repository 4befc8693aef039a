//! The actions: every change to the app's state is one of these, applied by the reducer in
//! `state`.

use crate::analysis::AnalysisAction;
use crate::app::address::Address;
use crate::app::handover::{first_shows, screen_address, Handover, Then};
use crate::app::job::EngineHeard;
use crate::app::screen::Screen;
use crate::common::settings::{Opponent, Preference, Settings};
use crate::common::shapes::Shape;
use crate::explore::explorer::ExploreAction;
use crate::library::storage::SavedGame;
use topochess_core::game::Game;
use topochess_core::lab::LabSpec;
use topochess_core::{Move, Square};

/// A change to the state.
#[derive(Clone, Debug)]
pub enum Action {
    /// Start a new game with these settings (from the start position, or a FEN).
    NewGame(Settings, Option<String>),
    /// Replace the game by an imported one (a new game in the library).
    LoadGame(Settings, Box<Game>),
    /// Show a saved game (from the library or a link). The player's view settings stay.
    SwitchGame(Box<SavedGame>),
    /// A correspondence link that needs the player's word: the kept game, the link's, and why.
    AskLink(Box<SavedGame>, Box<SavedGame>, String),
    /// The answer: take the link's game (true) or keep one's own.
    AnswerLink(bool),
    /// Name the players of the game on the board (White, Black).
    RenamePlayers([String; 2]),
    /// A clock may have run out: look.
    Tick,
    /// The library changed: its games.
    Library(Vec<SavedGame>),
    /// Another tab changed the library: its games now. When the game on the board went on
    /// there (its moves continue this tab's), this tab follows.
    ChangedElsewhere(Vec<SavedGame>),
    /// Another tab had taken the game on the board another way: this tab's line was kept as a
    /// game of its own, with this id.
    KeptApart(u64),
    /// A left click on the board (it clears the drawn shapes).
    Click(Square),
    /// A move made on the board: played (or a promotion asked), or while the computer thinks
    /// set as the pre-move.
    Move(Square, Square),
    /// Change the game on the board.
    Play(crate::play::PlayAction),
    /// The player picked one of the offered moves.
    Choose(Move),
    /// The player closed the choice without picking.
    CancelChoice,
    /// Look at the position after `ply` moves.
    View(usize),
    /// Look one move back or forward.
    Step(i32),
    /// Back to the current position.
    Live,
    /// Turn the board.
    Flip,
    /// A preference changed on the Settings screen.
    Prefer(Preference),
    /// Open or close the new-game form.
    ShowNewGame(bool),
    /// Ask the engine for a hint.
    Hint,
    /// Start the worker afresh and try again.
    RetryEngine,
    /// The engine's worker said something of a job.
    Engine(EngineHeard),
    /// Esc: close the chooser or question, drop the selection.
    Cancel,
    /// A shape drawn on the position shown: added, or removed when the same is there.
    Shape(Shape),
    /// Show or clear a message.
    Notice(Option<String>),
    /// What loading a pasted or opened text does (its message is shown in the import box).
    Import(Box<Action>),
    /// The player goes to a screen (the navigation bar): the last screen's message goes.
    Go(Screen),
    /// The game server said something about the live game.
    LiveHeard(Box<topochess_protocol::ServerMessage>),
    /// The live game's socket opened (true) or dropped (false).
    LiveConnection(bool),
    /// The player says something to the live game's server (abort, take-back, rematch, claim).
    LiveSend(topochess_protocol::ClientMessage),
    /// The player signed in (their account's name) or out (none).
    SignedIn(Option<String>),
    /// The quick-pairing wait: pressed, left, or the server's news.
    Pool(crate::pools::PoolAction),
    /// While waiting in a pool: a casual game against the computer at this level meanwhile.
    PoolComputer(u8),
    /// The arena followed: its page opened, or its standings heard.
    Arena(crate::arenas::ArenaAction),
    /// The player's own channel told a game paired for them (in a pool or an arena).
    Paired(topochess_protocol::player::PairedGame),
    /// The player's own channel told of a challenge made or answered: its id and status.
    ChallengeNews(String, String),
    /// The games being played, heard while TV is on.
    TvLobby(Box<topochess_protocol::Lobby>),
    /// The app goes to an address (Back, Forward, a reload, a bookmark).
    Open(crate::app::address::Address),
    /// The front page's way to start: the game screen with the new-game form open for this
    /// kind of game.
    Begin(crate::common::settings::Opponent),
    /// The first-visit word on the ghost squares is read: it goes, for good.
    DismissGhostHint,
    /// Change screens.
    SetScreen(Screen),
    /// On a narrow screen, show the extended view (or the normal one).
    ShowExtended(bool),
    /// Change the explorer.
    Explore(ExploreAction),
    /// Start a game from the explorer's diagram.
    PlayFromDiagram(Opponent),
    /// Choose the lab's surface.
    SetLab(LabSpec),
    /// Change the analysis.
    Analyse(AnalysisAction),
    /// Change the endgame atlas.
    Atlas(crate::atlas::AtlasAction),
    /// Change the puzzles.
    Puzzle(crate::puzzle::PuzzleAction),
    /// The puzzle set was fetched, or why it could not be.
    PuzzlesArrived(Result<(), String>),
    /// Change the Learn screen.
    Learn(crate::learn::LearnAction),
    /// The first screen's module hands over to the whole app (`app::whole`).
    Whole(Handover),
    /// The whole app's module is fetched (and may take over the front page).
    WholeReady,
    /// The whole app's module could not be fetched: why.
    WholeFailed(String),
}

impl Action {
    /// The handover `action` asks for in the first screen's module, which cannot carry it out
    /// (`None`: it can). One without an address does not replace one already asked for.
    pub fn beyond_first(&self) -> Option<Handover> {
        match self {
            Action::Go(screen)
                if *screen != Screen::Play && !first_shows(&screen_address(*screen)) =>
            {
                Some(Handover::to(screen_address(*screen)))
            }
            Action::ShowNewGame(true) if !crate::app::build::FRONT => Some(Handover {
                address: None,
                then: Then::NewGame(None),
            }),
            Action::Begin(opponent) if !crate::app::build::FRONT => Some(Handover {
                address: None,
                then: Then::NewGame(Some(*opponent)),
            }),
            Action::Open(address) if !first_shows(address) => Some(Handover::to(address.clone())),
            Action::Play(crate::play::PlayAction::Review) => Some(Handover {
                address: Some(Address::Analysis),
                then: Then::Review,
            }),
            Action::Analyse(crate::analysis::AnalysisAction::FromGame) => Some(Handover {
                address: Some(Address::Analysis),
                then: Then::Analyse,
            }),
            Action::Learn(crate::learn::LearnAction::Open(lesson)) => Some(Handover {
                address: Some(Address::Learn(None)),
                then: Then::Lesson(*lesson),
            }),
            Action::Pool(_)
            | Action::PoolComputer(_)
            | Action::Arena(_)
            | Action::Paired(_)
            | Action::TvLobby(_)
            | Action::Explore(_)
            | Action::PlayFromDiagram(_)
            | Action::SetLab(_)
            | Action::Analyse(_)
            | Action::Atlas(_)
            | Action::Puzzle(_)
            | Action::Learn(_) => Some(Handover {
                address: None,
                then: Then::Show,
            }),
            Action::LiveHeard(_) | Action::LiveSend(_) if !crate::app::build::LIVE => {
                Some(Handover {
                    address: None,
                    then: Then::Show,
                })
            }
            _ => None,
        }
    }
}
