//! The front page: what Topochess is in a few lines and a moving picture of a rook crossing the
//! fold, and the ways to start (the computer, a friend, hot-seat, a puzzle, the first lesson),
//! with the game on the board to go back to.

use crate::app::lobby::LobbyList;
use crate::app::state::{Action, AppState, Screen};
use crate::board::piece_art::{defs, piece};
use crate::common::settings::{Opponent, PieceSet};
use crate::learn::LearnAction;
use topochess_core::Color;
use yew::prelude::*;

/// The route the picture's rook takes on the folded board, in its units (a square is 10, a1's
/// corner at (0, 80)): up the c-file from c2, over the folded top edge, and down the f-file to f5.
/// The style sheet's `fold-rook` keyframes follow the same route.
const ROUTE: &str = "M25 65 V0 C25 -15 55 -15 55 0 V35";

/// The squares the route passes, lit on the picture: c3 to c8, then f8 to f5.
const LIT: [(u8, u8); 10] = [
    (2, 2),
    (2, 3),
    (2, 4),
    (2, 5),
    (2, 6),
    (2, 7),
    (5, 7),
    (5, 6),
    (5, 5),
    (5, 4),
];

/// A rook crossing the fold: an 8x8 board with its top edge folded over, the rook's route drawn,
/// and the rook moving along it (standing at the end when animations are off).
fn fold_picture(set: PieceSet, motion: bool) -> Html {
    let squares = (0..8u8).flat_map(|file| (0..8u8).map(move |rank| (file, rank)));
    let cells = squares.map(|(file, rank)| {
        let shade = if (file + rank) % 2 == 0 { "dark" } else { "light" };
        let lit = LIT.contains(&(file, rank)).then_some("lit");
        html! {
            <g class={classes!("cell", shade, lit)}>
                <rect class="sq" x={(file as u32 * 10).to_string()} y={((7 - rank) as u32 * 10).to_string()} width="10" height="10" />
            </g>
        }
    });
    let rook = piece("home", set, '♖', true, (0.0, 0.0), 10.0, classes!());
    // Moved by the style sheet (`fold-rook`), which follows ROUTE; standing at its end when
    // animations are off.
    let mover = if motion {
        html! { <g class="home-rook moving">{ rook }</g> }
    } else {
        html! { <g class="home-rook" transform="translate(55 35)">{ rook }</g> }
    };
    html! {
        <svg class="fold-picture" id="fold-picture" viewBox="-3 -17 86 100" role="img"
             aria-label="A rook runs up the c-file, over the folded top edge, and comes back down the f-file">
            <defs>{ defs("home", set) }</defs>
            { for cells }
            <rect class="fold-edge" x="0" y="-0.6" width="80" height="1.2" />
            <path class="fold-route" d={ROUTE} />
            <text class="fold-label" x="40" y="-11">{"fold"}</text>
            <text class="fold-label file" x="25" y="87">{"c"}</text>
            <text class="fold-label file" x="55" y="87">{"f"}</text>
            { mover }
        </svg>
    }
}

/// The front page.
pub fn home(state: &AppState, on_action: &Callback<Action>) -> Html {
    let send = |action: Action| {
        let on_action = on_action.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(action.clone()))
    };
    let learn = {
        let on_action = on_action.clone();
        Callback::from(move |_: MouseEvent| {
            on_action.emit(Action::Go(Screen::Learn));
            on_action.emit(Action::Learn(LearnAction::Open(0)));
        })
    };
    let computer = Opponent::Computer {
        computer: Color::Black,
        level: 2,
    };
    let friend = Opponent::Live {
        me: Some(Color::White),
        id: 0,
        public: false,
        rated: false,
    };
    // The live games this browser plays (its seeks are marked as its own), and the seek on the
    // board, which the lobby can cancel.
    let mine: Vec<u64> = state
        .saved
        .iter()
        .filter_map(|g| match g.settings.opponent {
            Opponent::Live {
                me: Some(_), id, ..
            } => Some(id),
            _ => None,
        })
        .chain(state.live_id())
        .collect();
    let seek_on_board = match state.settings.opponent {
        Opponent::Live {
            me: Some(_),
            id,
            public: true,
            rated: false,
        } if id != 0 => Some(id),
        _ => None,
    };
    let unfinished = !state.play.game.moves().is_empty() && state.play.game.outcome().is_none();
    let on_board = state
        .saved
        .iter()
        .find(|g| g.id == state.play.game_id)
        .map(|g| g.summary())
        .unwrap_or_else(|| state.play.game.start().variant().name().to_string());
    let card = |id: &'static str, title: &'static str, line: &'static str, onclick| {
        html! {
            <button class="home-card" id={id} onclick={onclick}>
                <strong>{title}</strong>
                <span>{line}</span>
            </button>
        }
    };
    html! {
        <main class="home" id="home">
            <section class="home-intro">
                <h2>{"Chess on folded and wrapped boards"}</h2>
                <p>{"The rules are chess; the board is not flat. On the folded board, the headline game, \
                     the a- and h-files touch as on a cylinder, and the top edge is folded over: a piece \
                     that leaves c8 upward comes back in at f8, heading down."}</p>
                <p>{"Cylinders, tori, a Klein bottle and eight spheres are here too, each with its own \
                     tricks. The extended view shows the squares beyond each edge as faded ghosts, and \
                     pointing at a move draws the route it takes."}</p>
                if unfinished {
                    <button class="home-continue" id="home-continue" onclick={send(Action::Go(Screen::Play))}>
                        {format!("Continue your game: {on_board}")}
                    </button>
                }
            </section>
            { fold_picture(state.settings.pieces, state.settings.motion) }
            <section class="home-cards" aria-label="Start">
                { card("home-computer", "Play the computer", "Eight levels, from a beginner to the strongest engine for these boards", send(Action::Begin(computer))) }
                { card("home-friend", "Play a friend", "Live: send them a link, they open it, you play", send(Action::Begin(friend))) }
                { card("home-hotseat", "Hot-seat", "Two players at one screen", send(Action::Begin(Opponent::HotSeat))) }
                { card("home-puzzle", "Solve a puzzle", "Mates and wins that use the edges, rated", send(Action::Go(Screen::Puzzles))) }
                { card("home-learn", "Learn the fold", "Short steps: how each piece crosses the edges", learn) }
            </section>
            if crate::app::build::FULL {
            <LobbyList on_action={on_action.clone()} mine={mine} on_board={seek_on_board}
                pool={state.pool.as_ref().map(|w| w.pool.clone())} signed_in={state.me.is_some()}
                arenas={state.arena.list.clone().and_then(Result::ok)} />
            }
            <p class="home-more muted">
                {"More: "}
                <button class="link" id="home-explore" onclick={send(Action::Go(Screen::Explore))}>{"explore how pieces move"}</button>{", "}
                <button class="link" id="home-atlas" onclick={send(Action::Go(Screen::Atlas))}>{"the endgame atlas"}</button>{", "}
                <button class="link" id="home-lab" onclick={send(Action::Go(Screen::Lab))}>{"glue your own surface"}</button>{"."}
            </p>
        </main>
    }
}
