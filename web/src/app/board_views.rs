//! What the app hands its boards each render: the two views of the screen's position (the
//! explorer's, the lab's preview, the analysis's, the puzzle's, the lesson's or the game's), the
//! moves they may make, a key that changes with the position, and which way they are turned.

use crate::app::scene;
use crate::app::state::{AppState, Screen, ViewMode};
use crate::board::selection::Dests;
use crate::board::view::View;
use crate::explore::explorer::Explorer;
use std::rc::Rc;
use std::sync::Arc;
use topochess_core::{BoardSize, Color, Surface, Variant};
use yew::prelude::*;

/// The boards' part of a render.
pub struct BoardViews {
    /// The board as it is.
    pub normal: View,
    /// The board with the squares beyond each edge.
    pub extended: View,
    /// The surface, for the 3D view.
    pub surface: Surface,
    /// The moves the boards may make (their selection is their own).
    pub dests: Rc<Dests>,
    /// Changes whenever the position shown does.
    pub position: u64,
    /// Seen from Black's side.
    pub flipped: bool,
    /// The board's size: square names are read with it.
    pub size: BoardSize,
    /// The surface lab's setup builds no board.
    pub lab_empty: bool,
}

/// The moves and the routes drawn under the pointer, worked out once per position.
type Handed = (
    Rc<Dests>,
    Rc<Vec<crate::board::view::HoverPath>>,
    Rc<Vec<crate::board::view::HoverPath>>,
);

/// The moves the boards may make and the routes they draw under the pointer, on the board the
/// screen shows: worked out once per position.
#[hook]
fn use_handed(state: &UseReducerHandle<AppState>) -> Rc<Handed> {
    let (analysis, puzzle, lesson) = (state.analysing(), state.solving(), state.studying());
    let key = (
        state.live_point(),
        state.play.viewing.is_some(),
        state.player_to_move(),
        state.play.premove_time(&state.settings),
        analysis.map(|a| a.point()),
        puzzle.map(|p| (p.session, p.shown_ply(), p.player_to_move())),
        lesson.map(|s| (s.lesson, s.step, s.awaits_move())),
    );
    // The last few positions' moves and routes are kept: going back to a screen finds its board's.
    let kept = use_mut_ref(Vec::new);
    let mut kept = kept.borrow_mut();
    let found = match kept.iter().position(|(k, _)| *k == key) {
        Some(i) => kept.remove(i).1,
        None => Rc::new(handed(state)),
    };
    if kept.len() == KEPT {
        kept.remove(0);
    }
    kept.push((key, found.clone()));
    found
}

/// How many positions' moves and routes [`use_handed`] keeps: one for each screen with a board.
const KEPT: usize = 4;

/// The moves and the routes of the board the screen shows.
fn handed(state: &AppState) -> Handed {
    let board = (state.analysing(), state.solving(), state.studying());
    let (dests, (normal, extended)) = match board {
        (Some(a), _, _) => (
            scene::legal_dests(a.position()),
            scene::hover_of(a.position()),
        ),
        (None, Some(p), _) if p.player_to_move() => {
            (scene::legal_dests(p.live()), scene::hover_of(p.live()))
        }
        (None, None, Some(s)) if s.awaits_move() => {
            (scene::legal_dests(&s.pos), scene::hover_of(&s.pos))
        }
        (None, Some(_), _) | (None, None, Some(_)) => Default::default(),
        (None, None, None) => (
            state.play.dests(&state.settings),
            state.play.move_hover(&state.settings),
        ),
    };
    (Rc::new(dests), Rc::new(normal), Rc::new(extended))
}

/// A key that changes whenever the position shown does.
fn position_key(state: &AppState) -> u64 {
    let (game, ply, hash) = state.analysing().map_or(state.live_point(), |a| a.point());
    let puzzle = state
        .solving()
        .map_or(0, |p| p.shown().hash() ^ p.session.rotate_left(41));
    let lesson = state.studying().map_or(0, |s| {
        s.shown().hash() ^ ((s.lesson as u64) << 8 | s.step as u64).rotate_left(23)
    });
    hash ^ game.rotate_left(29)
        ^ (state.shown_ply() as u64).rotate_left(7)
        ^ ply as u64
        ^ puzzle
        ^ lesson
}

/// Which way the boards are turned: a puzzle from the solver's side (the flip button turns it
/// round), a lesson from the learner's, else as the player chose.
fn flipped(state: &AppState) -> bool {
    match (state.solving(), state.studying()) {
        (Some(p), _) => (p.solver() == Color::Black) != state.puzzles.flipped,
        (None, Some(s)) => s.pos.turn() == Color::Black,
        (None, None) => state.settings.flipped,
    }
}

/// The boards' part of this render.
#[hook]
pub fn use_board_views(state: &UseReducerHandle<AppState>) -> BoardViews {
    let handed = use_handed(state);
    let lab_preview = (crate::app::build::FULL && state.screen == Screen::Lab)
        .then(|| {
            Variant::lab(state.lab)
                .ok()
                .map(|v| Explorer::new(Arc::new(v)))
        })
        .flatten();
    let explorer = match state.screen {
        Screen::Explore => state.explorer.as_ref().filter(|_| crate::app::build::FULL),
        Screen::Lab => lab_preview.as_ref(),
        Screen::Home
        | Screen::Play
        | Screen::Games
        | Screen::Analyse
        | Screen::Atlas
        | Screen::Puzzles
        | Screen::Learn
        | Screen::Settings
        | Screen::Player
        | Screen::Leaderboard
        | Screen::Tournaments
        | Screen::Tournament => None,
    };
    let (analysis, puzzle, lesson) = (state.analysing(), state.solving(), state.studying());
    let size = explorer
        .map(|e| e.variant().size())
        .or_else(|| analysis.map(|a| a.tree.start().size()))
        .or_else(|| puzzle.map(|p| p.shown().size()))
        .or_else(|| lesson.map(|s| s.pos.size()))
        .unwrap_or_else(|| state.play.game.start().size());
    // The extended view is worked out only where it is shown (not on a surface that glues no
    // edge, nor with the board alone or the 3D view): else an empty view stands for it.
    let beyond = |surface: &Surface| {
        matches!(
            state.settings.view.of_surface(surface.is_flat()),
            ViewMode::Extended | ViewMode::Both
        )
    };
    let (normal, extended, surface) = match explorer {
        Some(ex) => (
            ex.normal(),
            if beyond(ex.variant().surface()) {
                ex.extended(state.settings.margin)
            } else {
                View::unseen()
            },
            *ex.variant().surface(),
        ),
        None => {
            let scene = match (analysis, puzzle, lesson) {
                (Some(a), _, _) => a.scene(scene::setting(state), state.shapes_here()),
                (None, Some(p), _) => p.scene(scene::setting(state)),
                (None, None, Some(s)) => s.scene(scene::setting(state)),
                (None, None, None) => state.play.scene(scene::setting(state), state.shapes_here()),
            };
            let surface = *scene.pos.variant().surface();
            let mut normal = scene.normal();
            let mut extended = if beyond(&surface) {
                scene.extended()
            } else {
                View::unseen()
            };
            normal.hover = handed.1.clone();
            extended.hover = handed.2.clone();
            (normal, extended, surface)
        }
    };
    BoardViews {
        normal,
        extended,
        surface,
        dests: handed.0.clone(),
        position: position_key(state),
        flipped: flipped(state),
        size,
        lab_empty: state.screen == Screen::Lab && lab_preview.is_none(),
    }
}
