//! The views of the board (normal, and extended or 3D) as one component that keeps the selection
//! to itself, like chessground: it is handed the moves once per position ([`Dests`]), selects on
//! pointer-down in either view (the other view shows the same selection), and tells the app only
//! the moves made, the pre-moves dropped, the clicks (which clear drawn shapes) and the shapes.
//! A move of the game or the analysis it shows at once, its piece set off along its route, and
//! hands to the app in the task after that frame (the move list, the clocks, the save and the
//! other view then follow): the frame a move waits for draws the board alone. Without moves (the
//! explorer's editor) it passes presses, clicks and drops through.

use crate::board::selection::{Dests, Intent, Selection};
use crate::board::view::{View, AHEAD};
use crate::board::Board;
use crate::common::after_paint::{after_paint_kept, use_after_paint};
use crate::common::module_view::{events, Crossing, ModuleView};
use crate::common::settings::{Coords, PieceSet};
use crate::common::shapes::Brush;
use crate::solid::scene::{SolidEvent, SolidScene};
use gloo_events::EventListener;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Props of [`Boards`].
#[derive(Properties, Clone, PartialEq)]
pub struct BoardsProps {
    /// The board alone.
    pub normal: View,
    /// The board with its ghost squares.
    pub extended: View,
    /// The surface, when the 3D view is shown.
    #[prop_or_default]
    pub solid: Option<topochess_core::surface::Surface>,
    /// Whether the extended view is shown at all (not with the board alone, nor on a surface
    /// that glues no edge): a view never shown is not drawn.
    #[prop_or(true)]
    pub beyond_shown: bool,
    /// Seen from Black's side.
    #[prop_or_default]
    pub flipped: bool,
    /// Where the coordinates are written.
    #[prop_or_default]
    pub coords: Coords,
    /// The piece set.
    #[prop_or_default]
    pub pieces: PieceSet,
    /// The moves the player may make here; none for the explorer's editor.
    #[prop_or_default]
    pub dests: Option<Rc<Dests>>,
    /// Changes with the position: a selection does not outlive it.
    #[prop_or_default]
    pub position: u64,
    /// What the screen reader hears when nothing is selected (the last move).
    #[prop_or_default]
    pub announce: AttrValue,
    /// A move is shown at once, and the app handed it after that frame (the game's and the
    /// analysis's moves; not a puzzle's or a lesson's, which may be refused).
    #[prop_or_default]
    pub ahead: bool,
    /// Moves animate.
    #[prop_or_default]
    pub motion: bool,
    /// A move made (or a pre-move set): from, to.
    #[prop_or_default]
    pub on_move: Callback<(String, String)>,
    /// The pre-move set is to be dropped.
    #[prop_or_default]
    pub on_drop_premove: Callback<()>,
    /// A left click on a square (always; the explorer acts on it).
    pub on_click: Callback<String>,
    /// A press on a square (the explorer's editor).
    #[prop_or_default]
    pub on_press: Callback<String>,
    /// A drop (the explorer's editor).
    #[prop_or_default]
    pub on_drop: Callback<(String, String)>,
    /// A shape drawn with the right button.
    #[prop_or_default]
    pub on_shape: Callback<(String, String, Brush)>,
    /// A choice made on the board (or cancelled).
    #[prop_or_default]
    pub on_choose: Callback<Option<usize>>,
}

/// What a view shows: the board, the piece selected, its destinations.
type Shown = (View, Option<String>, Vec<(String, bool)>);

/// `report`, noting first which view the player is using (`beyond`: the extended one).
fn noting<T: 'static>(
    using: &Rc<RefCell<bool>>,
    beyond: bool,
    report: &Callback<T>,
) -> Callback<T> {
    let (using, report) = (using.clone(), report.clone());
    Callback::from(move |what: T| {
        *using.borrow_mut() = beyond;
        report.emit(what);
    })
}

/// The move pending while the board shows it ahead of the app: from, to.
type Pending = UseStateHandle<Option<(String, String)>>;

/// Hands a move to the app (`on_move`): where the board may show it at once (`ahead`, and the
/// move asks no choice), it is shown first (`pending`) and handed over in the task after that
/// frame, timed when it was made, unless the position has changed by then (`latest`).
fn hand_over(
    on_move: &Callback<(String, String)>,
    ahead: bool,
    dests: Option<Rc<Dests>>,
    pending: &Pending,
    latest: &Rc<RefCell<u64>>,
) -> impl Fn(String, String) + Clone {
    let (on_move, pending, latest) = (on_move.clone(), pending.clone(), latest.clone());
    move |from: String, to: String| {
        if !ahead || !dests.as_ref().is_some_and(|d| d.shown_at_once(&from, &to)) {
            return on_move.emit((from, to));
        }
        let (position, made) = (*latest.borrow(), crate::common::clock::now());
        pending.set(Some((from.clone(), to.clone())));
        let (on_move, pending, latest) = (on_move.clone(), pending.clone(), latest.clone());
        after_paint_kept(Box::new(move || {
            pending.set(None);
            if *latest.borrow() == position {
                crate::common::clock::made_at(made, || on_move.emit((from, to)));
            }
        }));
    }
}

/// The 3D view, drawn by the views' module (the whole app's): the scene goes as JSON, its events
/// come back as presses, clicks and choices.
fn solid_view(
    props: &BoardsProps,
    (selected, targets): (&Option<String>, &[(String, bool)]),
    on_press: &Callback<String>,
    on_click: &Callback<String>,
) -> Option<Html> {
    let surface = props.solid.filter(|_| crate::app::build::FULL)?;
    let scene = SolidScene {
        surface,
        view: props.normal.clone(),
        pieces: props.pieces,
        selected: selected.clone(),
        targets: targets.to_vec(),
    };
    let (on_press, on_click, on_choose) =
        (on_press.clone(), on_click.clone(), props.on_choose.clone());
    let on_event = events(move |event: SolidEvent| match event {
        SolidEvent::Press(square) => on_press.emit(square),
        SolidEvent::Click(square) => on_click.emit(square),
        SolidEvent::Choose(option) => on_choose.emit(option),
    });
    Some(
        html! { <ModuleView kind="solid" what="the 3D view" props={scene.to_json()} {on_event} /> },
    )
}

/// Both views, sharing one selection.
#[function_component(Boards)]
pub fn boards(props: &BoardsProps) -> Html {
    let selection = use_state_eq(Selection::default);
    // A new position (a move, a take-back, another game) drops the selection.
    {
        let selection = selection.clone();
        use_effect_with(props.position, move |_| selection.set(Selection::default()));
    }
    // Esc drops it too (the app closes its own things on the same key).
    {
        let selection = selection.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                EventListener::new(&w, "keydown", move |e| {
                    let key = e.dyn_ref::<web_sys::KeyboardEvent>().map(|k| k.key());
                    if key.as_deref() == Some("Escape") {
                        selection.set(Selection::default());
                    }
                })
            });
            move || drop(listener)
        });
    }
    let dests = props.dests.clone();
    let pending: Pending = use_state_eq(|| None);
    let latest = use_mut_ref(|| props.position);
    *latest.borrow_mut() = props.position;
    // Carries out what a gesture asks.
    let act = {
        let on_drop_premove = props.on_drop_premove.clone();
        let hand = hand_over(
            &props.on_move,
            props.ahead,
            dests.clone(),
            &pending,
            &latest,
        );
        move |intent: Intent| match intent {
            Intent::Move(from, to) => hand(from, to),
            Intent::DropPremove => on_drop_premove.emit(()),
            Intent::None => {}
        }
    };
    let on_press = {
        let (selection, dests, pass) = (selection.clone(), dests.clone(), props.on_press.clone());
        Callback::from(move |square: String| match &dests {
            Some(d) => {
                let mut s = (*selection).clone();
                s.press(&square, d);
                selection.set(s);
            }
            None => pass.emit(square),
        })
    };
    let on_click = {
        let (selection, dests, pass) = (selection.clone(), dests.clone(), props.on_click.clone());
        let act = act.clone();
        Callback::from(move |square: String| {
            pass.emit(square.clone());
            if let Some(d) = &dests {
                let mut s = (*selection).clone();
                let intent = s.click(&square, d);
                selection.set(s);
                act(intent);
            }
        })
    };
    let on_drop = {
        let (selection, dests, pass) = (selection.clone(), dests.clone(), props.on_drop.clone());
        Callback::from(move |(from, to): (String, String)| match &dests {
            Some(d) => {
                let mut s = (*selection).clone();
                let intent = s.drop(&from, &to, d);
                selection.set(s);
                act(intent);
            }
            None => pass.emit((from, to)),
        })
    };
    let selected = selection.square.clone();
    let targets: Vec<(String, bool)> = match (&dests, &selected) {
        (Some(d), Some(sq)) => d.of(sq).unwrap_or_default().to_vec(),
        _ => Vec::new(),
    };
    let spoken = dests.as_ref().and_then(|d| {
        let square = selected.as_deref()?;
        let piece = props
            .normal
            .cells
            .iter()
            .find(|c| c.square == square)
            .and_then(|c| c.label.clone())?;
        selection.announcement(&piece, d)
    });
    // The view the player is using answers at once, a pending move shown on it; the other follows
    // a frame later, so that the frame a move or a selection waits for draws one board (the
    // extended view repeats the board's pieces and marks across its edges).
    let beyond = use_mut_ref(|| false);
    let using_beyond = *beyond.borrow();
    let shown = |view: &View, used: bool| {
        let view = match (&*pending, used) {
            (Some((from, to)), true) => {
                let key = format!("{AHEAD}{from}-{to}");
                view.ahead(from, to, props.motion.then_some(key))
            }
            _ => view.clone(),
        };
        (view, selected.clone(), targets.clone())
    };
    let near = use_after_paint(shown(&props.normal, !using_beyond), !using_beyond);
    let far = use_after_paint(shown(&props.extended, using_beyond), using_beyond);
    let board = |name: &'static str, shown: &Shown| {
        let (view, selected, targets) = shown;
        let from_beyond = name == "extended";
        html! {
            <Board name={name} view={view.clone()} flipped={props.flipped} coords={props.coords} pieces={props.pieces}
                   selected={selected.clone()} targets={targets.clone()}
                   on_press={noting(&beyond, from_beyond, &on_press)}
                   on_click={noting(&beyond, from_beyond, &on_click)}
                   on_drop={noting(&beyond, from_beyond, &on_drop)}
                   on_shape={noting(&beyond, from_beyond, &props.on_shape)}
                   on_choose={props.on_choose.clone()} />
        }
    };
    let solid = solid_view(props, (&selected, &targets), &on_press, &on_click);
    html! {
        <>
            <div class="board-box normal-box">
                <p class="board-caption" id="normal-caption">{"The board"}</p>
                { board("normal", &near) }
            </div>
            if let Some(solid) = solid {
                <div class="board-box solid-box">
                    <p class="board-caption" id="solid-caption">{"The 3D view: the board on its surface"}</p>
                    { solid }
                </div>
            } else if props.beyond_shown {
                <div class="board-box extended-box">
                    <p class="board-caption" id="extended-caption">{"The extended view: the squares beyond each edge, where the surface glues them"}</p>
                    { board("extended", &far) }
                </div>
            }
            <div class="sr-only" aria-live="polite" id="announce">{spoken.unwrap_or_else(|| props.announce.to_string())}</div>
        </>
    }
}
