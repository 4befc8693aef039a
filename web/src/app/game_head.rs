//! The game's state above the boards on a phone, above the panel on a desktop: the clocks, the
//! status, what either side offers or asks, the first visit's word on the extended view, and
//! the computer thinking. Also what a screen reader hears of the game.

use crate::app::dispatch::{act, dispatcher};
use crate::app::header::side_name;
use crate::app::live_panel;
use crate::app::state::{Action, AppState, EngineTask, Opponent, ViewMode};
use crate::library::storage;
use crate::play::panel as play_panel;
use topochess_core::{san, Color};
use yew::prelude::*;

/// The game's status line: its result, "Aborted", the move looked at, or who is to move.
pub fn status(state: &AppState) -> String {
    let pos = state.shown();
    let aborted = state.live.heard.as_ref().is_some_and(|h| h.aborted);
    match (state.play.game.outcome(), state.play.viewing) {
        (Some(o), None) => o.to_string(),
        (None, None) if aborted => "Aborted: the game counts for nobody".to_string(),
        (_, Some(ply)) => format!(
            "Looking at move {} of {}",
            ply,
            state.play.game.moves().len()
        ),
        (None, None) => {
            let check = if pos.is_check() { " (check)" } else { "" };
            format!("{} to move{check}", side_name(pos.turn()))
        }
    }
}

/// The game as last written: its start (its surface, castling rule and FEN), its moves, their SAN,
/// and its PGN with the result it was written with (none once the game changed).
struct Written {
    start: String,
    moves: Vec<topochess_core::Move>,
    sans: Vec<String>,
    pgn: Option<(Option<topochess_core::game::Outcome>, String)>,
}

thread_local! {
    /// The page's game as last written, for the next render to start from.
    static WRITTEN: std::cell::RefCell<Written> = const {
        std::cell::RefCell::new(Written { start: String::new(), moves: Vec::new(), sans: Vec::new(), pgn: None })
    };
}

/// Brings the game as last written up to the page's game: the moves kept are those the two share
/// from the start, and only those after them are written in SAN.
fn write(state: &AppState) {
    let game = &state.play.game;
    let v = game.start().variant();
    let start = format!(
        "{} {} {}",
        v.id(),
        v.castling().name(),
        topochess_core::fen::write(game.start())
    );
    WRITTEN.with_borrow_mut(|w| {
        if w.start != start {
            w.start = start;
            w.moves.clear();
        }
        let same = w
            .moves
            .iter()
            .zip(game.moves())
            .take_while(|(a, b)| a == b)
            .count();
        // A game with no moves has its PGN written afresh (little to write; its start may be new).
        if same < w.sans.len() || same < game.moves().len() || w.moves.is_empty() {
            w.pgn = None;
        }
        w.moves.truncate(same);
        w.sans.truncate(same);
        for (i, &mv) in game.moves().iter().enumerate().skip(same) {
            let Some(position) = game.position_at(i) else {
                break;
            };
            w.moves.push(mv);
            w.sans.push(san::to_san(position, mv));
        }
    });
}

/// The game's moves in SAN. Each render asks for them, and a move's SAN asks for the legal moves of
/// its position and the next: the moves the last render wrote are kept, and only those after
/// them are written (a move played writes one, a step back or forward none, where a 300-ply game
/// wrote 300 at every render).
pub fn sans(state: &AppState) -> Vec<String> {
    write(state);
    WRITTEN.with_borrow(|w| w.sans.clone())
}

/// The game as PGN (the Import / export box's), written again only when its moves or its result
/// changed since it was last written: a step back or forward in a long game writes none of it.
pub fn pgn(state: &AppState) -> String {
    write(state);
    let outcome = state.play.game.outcome();
    WRITTEN.with_borrow_mut(|w| match &w.pgn {
        Some((kept, text)) if *kept == outcome => text.clone(),
        _ => {
            let text = state.play.pgn();
            w.pgn = Some((outcome, text.clone()));
            text
        }
    })
}

/// What a screen reader hears when nothing is selected: the hint shown, the move taken back,
/// else the last move, each with the status.
pub fn announcement(state: &AppState, sans: &[String], status: &str) -> Option<String> {
    let now = state.play.game.position();
    let first = state.play.game.start().turn();
    let last = sans.last().map(|m| {
        let mover = side_name(if sans.len() % 2 == 1 { first } else { !first });
        format!("{mover} played {m}. {status}")
    });
    match (state.play.hint, state.play.redo.last()) {
        (Some(hint), _) => Some(format!("Hint: {}.", san::to_san(now, hint))),
        (None, Some(&undone)) => Some(format!(
            "Taken back: {}. {status}",
            san::to_san(now, undone)
        )),
        (None, None) => last,
    }
}

/// The name on `side`'s clock: in a live game the account seated there (with "(you)" for this
/// browser's side), else the game's own name for the side.
fn clock_name(state: &AppState, side: Color) -> String {
    let seated = state
        .live
        .heard
        .as_ref()
        .and_then(|h| h.players[side.index()].as_ref());
    match (state.settings.opponent, seated) {
        (Opponent::Live { me, .. }, Some(tag)) if me == Some(side) => format!("{} (you)", tag.name),
        (Opponent::Live { .. }, Some(tag)) => tag.name.clone(),
        _ => state.settings.player_name(side),
    }
}

/// The engine's trouble, with a retry.
fn trouble(state: &UseReducerHandle<AppState>) -> Option<Html> {
    state.worker.trouble.clone().map(|why| {
        html! {
            <div class="notice" id="engine-trouble" role="alert">{why}
                <button id="engine-retry" onclick={act(state, Action::RetryEngine)}>{"Retry"}</button>
            </div>
        }
    })
}

/// The computer thinking (or looking for a hint), with its depth and speed and a Stop; while
/// it does not think in a game against it, the row is kept, hidden, so that the panel below
/// does not jump at every move.
fn thinking(state: &AppState, on_stop: &Callback<MouseEvent>) -> Html {
    let Some(job) = state.engine.as_ref() else {
        return if matches!(state.settings.opponent, Opponent::Computer { .. }) {
            html! {
                <div class="thinking idle" aria-hidden="true">
                    <span class="spinner"></span><span>{"Computer thinking"}</span><button tabindex="-1">{"Stop"}</button>
                </div>
            }
        } else {
            html! {}
        };
    };
    let what = if job.task == EngineTask::Hint {
        "Looking for a hint"
    } else {
        "Computer thinking"
    };
    let detail = state
        .worker
        .thinking
        .as_ref()
        // Its evaluation stays hidden while it plays, as on lichess: analysis shows it.
        .map(|t| format!(" - depth {} ({} kN/s)", t.depth, t.rate / 1000))
        .unwrap_or_default();
    html! {
        <div class="thinking" id="thinking">
            <span class="spinner" aria-hidden="true"></span>
            <span id="thinking-text">{format!("{what}{detail}")}</span>
            <button id="stop" onclick={on_stop.clone()}>{"Stop"}</button>
        </div>
    }
}

/// The first visit's word on what the faded pieces around the board are (not in a live game,
/// and only where the extended view is on screen: `view`, the views shown).
fn ghost_hint(state: &UseReducerHandle<AppState>, view: ViewMode) -> Html {
    let shown = state.first_visit.ghost_hint
        && view != ViewMode::Normal
        && !matches!(state.settings.opponent, Opponent::Live { .. });
    if !shown {
        return html! {};
    }
    let done = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            storage::browser_ghost_hint_done();
            state.dispatch(Action::DismissGhostHint);
        })
    };
    html! {
        <div class="ghost-hint" id="ghost-hint">
            <p>{"New here? The extended view repeats the squares beyond each edge as faded ghosts, \
                each labelled with the real square it is: a piece that leaves one edge comes back in at \
                another. Move on either board; pointing at a destination draws the route."}</p>
            <button class="secondary" id="ghost-hint-ok" onclick={done}>{"Got it"}</button>
        </div>
    }
}

/// The Play screen's head; `on_stop` stops the computer's job; `view`: the views shown.
pub fn game_head(
    state: &UseReducerHandle<AppState>,
    status: &str,
    on_stop: &Callback<MouseEvent>,
    view: ViewMode,
) -> Html {
    let on_play = dispatcher(state).reform(Action::Play);
    let over = state.play.game.outcome().is_some();
    let trouble = trouble(state);
    html! {
        <section class="game-head">
            if let Some(c) = &state.play.clock {
                <play_panel::ClockBar clock={c.clone()} turn={state.play.game.position().turn()}
                    top={if state.settings.flipped { Color::White } else { Color::Black }}
                    names={[Color::White, Color::Black].map(|side| clock_name(state, side))}
                    over={over} sound={state.settings.sound}
                    on_flag={let state = state.clone(); Callback::from(move |_| state.dispatch(Action::Tick))} />
            }
            if let (Some(heard), Opponent::Live { .. }) = (state.live.heard.as_ref(), state.settings.opponent) {
                { crate::account::view::players_line(&heard.players, heard.seated, heard.rated) }
            }
            <div class={classes!("status", over.then_some("over"))} id="status">{status.to_string()}</div>
            { play_panel::draw_offer(&state.play, &state.settings, &on_play) }
            if crate::app::build::LIVE {
                { live_panel::live_asks(state) }
            }
            { ghost_hint(state, view) }
            if let Some(trouble) = trouble {
                { trouble }
            } else {
                { thinking(state, on_stop) }
            }
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use topochess_core::game::Game;
    use topochess_core::{Position, Variant};

    /// A page's state whose game is `moves` (SAN) played from the start of `preset`.
    fn playing(preset: &str, moves: &[&str]) -> AppState {
        let mut game = Game::new(Position::start(Arc::new(
            Variant::preset(preset, None).unwrap(),
        )));
        for text in moves {
            let mv = san::parse_move(game.position(), text).unwrap();
            game.play(mv).unwrap();
        }
        let mut state = AppState::default();
        state.play.game = game;
        state
    }

    #[test]
    fn the_moves_in_san_follow_the_game_from_render_to_render() {
        let line = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"];
        // Renders in turn: the game grown, a move taken back and another played, a new game, the
        // same start on another surface, bare and with a move of its own (the cylinder's bishop
        // across the glued edge), and back; each (SAN and PGN) as the game written afresh gives it.
        let renders: [(&str, &[&str]); 9] = [
            ("standard", &line[..2]),
            ("standard", &line),
            ("standard", &line[..4]),
            ("standard", &["e4", "e5", "Nf3", "Nf6", "Nxe5"]),
            ("standard", &[]),
            ("cylinder", &[]),
            ("cylinder", &["e4", "e5", "Bxh7"]),
            ("standard", &["e4", "e5", "Bc4"]),
            ("standard", &line),
        ];
        for (preset, moves) in renders {
            let state = playing(preset, moves);
            let game = &state.play.game;
            let afresh: Vec<String> = (0..game.moves().len())
                .map(|i| san::to_san(game.position_at(i).unwrap(), game.moves()[i]))
                .collect();
            assert_eq!(sans(&state), afresh, "{preset} {moves:?}");
            assert_eq!(afresh.len(), moves.len());
            assert_eq!(pgn(&state), state.play.pgn(), "{preset} {moves:?}");
        }
    }

    #[test]
    fn the_pgn_follows_the_result_when_the_moves_stay() {
        let line = ["e4", "e5", "Nf3"];
        let mut state = playing("standard", &line);
        assert!(pgn(&state).contains("[Result \"*\"]"), "{}", pgn(&state));
        // Black resigns: the same moves, another result.
        state.play.game.resign(Color::Black);
        assert_eq!(pgn(&state), state.play.pgn());
        assert!(pgn(&state).contains("[Result \"1-0\"]"), "{}", pgn(&state));
    }
}
