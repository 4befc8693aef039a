//! The app shell: preset choice, the board, and the worker's streamed move-tree count.

use crate::board::{Board, SquareView};
use crate::engine::{EngineWorker, Request, Response};
use crate::state::{Action, AppState};
use gloo_worker::{Spawnable, WorkerBridge};
use std::rc::Rc;
use topochess_core::pieces::glyph;
use topochess_core::variant::PRESETS;
use topochess_core::{fen, Color, Position};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The squares of a position, as the board draws them.
pub fn square_views(pos: &Position) -> Vec<SquareView> {
    let size = pos.size();
    size.all()
        .map(|sq| {
            let piece = pos.piece_at(sq);
            SquareView {
                name: size.name(sq),
                file: size.file(sq) as u8,
                rank: size.rank(sq) as u8,
                light: size.is_light(sq),
                glyph: piece.map(|p| {
                    glyph(topochess_core::Piece {
                        color: Color::Black,
                        role: p.role,
                    })
                }),
                white_piece: piece.is_some_and(|p| p.color == Color::White),
                label: piece.map(|p| format!("{} {}", p.color.name(), p.role.name())),
            }
        })
        .collect()
}

/// The whole app.
#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(AppState::default);
    let dispatch = state.dispatcher();
    let bridge: Rc<WorkerBridge<EngineWorker>> = use_memo((), move |_| {
        EngineWorker::spawner()
            .callback(move |response| {
                dispatch.dispatch(match response {
                    Response::Progress { job, depth, nodes } => {
                        Action::AnalysisProgress { job, depth, nodes }
                    }
                    Response::Done { job, stopped, .. } => Action::AnalysisDone { job, stopped },
                    Response::Error { job, message } => Action::AnalysisError { job, message },
                })
            })
            .spawn_with_loader("/worker_loader.js")
    });

    let on_variant = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            state.dispatch(Action::SelectVariant(select.value()));
        })
    };
    let on_flip = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::Flip))
    };
    let on_count = {
        let state = state.clone();
        let bridge = bridge.clone();
        Callback::from(move |_| {
            let job = state.analysis.job + 1;
            state.dispatch(Action::AnalysisStarted(job));
            bridge.send(Request::Perft {
                job,
                variant: state.variant.id().to_string(),
                castling: state.castling_name().to_string(),
                fen: fen::write(&state.position),
                max_depth: 4,
            });
        })
    };
    let on_stop = {
        let bridge = bridge.clone();
        Callback::from(move |_| bridge.send(Request::Stop))
    };

    let size = state.position.size();
    let analysis = &state.analysis;
    html! {
        <main class="app">
            <header>
                <h1>{"Topochess"}</h1>
                <p class="tagline">{"Chess on folded and wrapped boards."}</p>
            </header>
            <section class="controls">
                <label>{"Variant "}
                    <select id="variant" onchange={on_variant}>
                        { for PRESETS.iter().map(|p| html! {
                            <option value={p.id} selected={p.id == state.variant.id()}>{p.name}</option>
                        }) }
                    </select>
                </label>
                <button id="flip" onclick={on_flip}>{"Flip board"}</button>
            </section>
            <section class="board-wrap">
                <Board width={size.width()} height={size.height()}
                       squares={square_views(&state.position)} flipped={state.flipped} />
            </section>
            <section class="analysis" aria-live="polite">
                <h2>{"Move tree"}</h2>
                <p>{"Counts the legal move sequences from this position in the engine's worker."}</p>
                if analysis.running {
                    <button id="stop" onclick={on_stop}>{"Stop"}</button>
                } else {
                    <button id="count" onclick={on_count}>{"Count moves"}</button>
                }
                <ol id="depths">
                    { for analysis.depths.iter().map(|(d, n)| html! {
                        <li data-depth={d.to_string()}>{format!("depth {d}: {n} positions")}</li>
                    }) }
                </ol>
                if analysis.stopped { <p class="note">{"Stopped."}</p> }
                if let Some(e) = &analysis.error { <p class="error">{e}</p> }
            </section>
        </main>
    }
}
