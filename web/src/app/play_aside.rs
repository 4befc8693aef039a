//! The Play screen's panel: the move list and its navigation, the game's buttons, the live
//! game's panel, the end of the game, a typed move, the game's text in and out, and the saved
//! games.

use crate::app::arrival::import;
use crate::app::dispatch::{act, dispatcher};
use crate::app::live_panel;
use crate::app::notice::notice;
use crate::app::saved_list;
use crate::app::state::{Action, AnalysisAction, AppState, NoticeAt, Opponent};
use crate::library::storage;
use crate::play::panel as play_panel;
use crate::play::panels::{MoveList, Transfer};
use crate::play::PlayAction;
use topochess_core::{fen, san, Color};
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// A move typed and Enter pressed: played if it is a move here. The box is cleared only then: a
/// typo stays to be mended.
fn on_typed(state: &UseReducerHandle<AppState>) -> Callback<KeyboardEvent> {
    let state = state.clone();
    Callback::from(move |e: KeyboardEvent| {
        if e.key() == "Enter" {
            let input: HtmlInputElement = e.target_unchecked_into();
            let text = input.value();
            let accepted = state.player_to_move()
                && san::candidate_moves(state.play.game.position(), &text)
                    .is_ok_and(|moves| !moves.is_empty());
            state.dispatch(Action::Play(PlayAction::Typed(text)));
            if accepted {
                input.set_value("");
            }
        }
    })
}

/// The panel; `sans` are the game's moves.
pub fn play_aside(state: &UseReducerHandle<AppState>, sans: Vec<String>) -> Html {
    let game = &state.play.game;
    let on_play = dispatcher(state).reform(Action::Play);
    let on_select = {
        let state = state.clone();
        Callback::from(move |ply: usize| state.dispatch(Action::View(ply)))
    };
    let on_load = {
        let state = state.clone();
        Callback::from(move |text: String| {
            state.dispatch(Action::Import(Box::new(import(&state, &text))))
        })
    };
    let from_table: Vec<usize> = state
        .table_moves
        .iter()
        .filter(|(g, _)| *g == state.play.game_id)
        .map(|&(_, p)| p)
        .collect();
    let correspondence = state.is_correspondence();
    let watching = matches!(state.settings.opponent, Opponent::Live { me: None, .. });
    let no_hint = !state.player_to_move() || state.engine.is_some() || state.computer_barred();
    html! {
        <aside>
            <MoveList sans={sans} first_number={game.start().fullmove_number()}
                      result={game.outcome().map(|o| o.result().to_string())}
                      black_first={game.start().turn() == Color::Black}
                      shown={state.shown_ply()} on_select={on_select} from_table={from_table} />
            <div class="row nav">
                <button onclick={act(state, Action::View(0))} aria-label="First position">{"|<"}</button>
                <button id="back" onclick={act(state, Action::Step(-1))} aria-label="Previous move">{"<"}</button>
                <button id="forward" onclick={act(state, Action::Step(1))} aria-label="Next move">{">"}</button>
                <button onclick={act(state, Action::Live)} aria-label="Current position">{">|"}</button>
            </div>
            <div class="row">
                if !watching {
                    <button id="takeback" onclick={act(state, Action::Play(PlayAction::TakeBack))} disabled={correspondence}>{"Take back"}</button>
                    <button id="redo" onclick={act(state, Action::Play(PlayAction::Redo))} disabled={state.play.redo.is_empty() || correspondence}>{"Redo"}</button>
                    <button id="hint" onclick={act(state, Action::Hint)} disabled={no_hint}>{"Hint"}</button>
                }
                <button id="flip" onclick={act(state, Action::Flip)}>{"Flip"}</button>
                <button id="analyse" onclick={act(state, Action::Analyse(AnalysisAction::FromGame))}>{"Analyse"}</button>
            </div>
            if crate::app::build::LIVE {
                { live_panel::live_panel(state) }
            }
            { play_panel::game_end_controls(&state.play, &state.settings, &on_play) }
            // A correspondence game's move sent by link, and the saved games: the link's module,
            // for a live game, leaves them to the whole app.
            if crate::app::build::FRONT {
                { play_panel::send_move(&state.play, &state.settings) }
            }
            // A spectator has no move to type, and TV keeps nothing among the viewer's games.
            if !watching {
                <label class="san-input">{"Type a move "}
                    <input id="san-input" placeholder="e4, Nf3, O-O, e7e8q" onkeydown={on_typed(state)} autocomplete="off" />
                </label>
                { notice(state, NoticeAt::TypedMove) }
            }
            { game_chat(state) }
            <Transfer pgn={crate::app::game_head::pgn(state)} fen={fen::write(state.shown())} link={storage::browser_link(&state.settings, &state.play.game)}
                      on_load={on_load} notice={notice(state, NoticeAt::Import)} />
            if state.tv.is_none() && crate::app::build::FRONT {
                { saved_list::saved_games(state) }
            }
        </aside>
    }
}

/// The players' chat of a live game, for a player (a spectator has none).
fn game_chat(state: &UseReducerHandle<AppState>) -> Html {
    let crate::common::settings::Opponent::Live {
        me: Some(me), id, ..
    } = state.settings.opponent
    else {
        return html! {};
    };
    let lines: Vec<(String, String)> = state
        .live
        .chat
        .iter()
        .filter(|(game, ..)| *game == id)
        .map(|(_, user, text)| (user.clone(), text.clone()))
        .collect();
    // The name the server gives this player's lines: the account's, or the side's for a guest.
    let heard = state.live.heard.as_deref();
    let name = heard
        .and_then(|h| h.players[me.index()].as_ref().map(|p| p.name.clone()))
        .unwrap_or_else(|| format!("{me:?}"));
    let on_send = {
        let state = state.clone();
        Callback::from(move |text: String| {
            state.dispatch(Action::LiveSend(topochess_protocol::ClientMessage::Chat {
                text,
            }))
        })
    };
    html! { <crate::live::chat::GameChat lines={lines} me={name} on_send={on_send} /> }
}
