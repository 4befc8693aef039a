//! The play screen's side controls that are about the game's end and the player's
//! preferences: resignation (confirmed), draw offers (offered and answered), board colours and
//! sound, and the list of saved games.

use crate::panels::select_value;
use crate::settings::{BoardTheme, Opponent};
use crate::state::{Action, AppState};
use crate::storage::{self, SavedGame};
use yew::prelude::*;

fn act(state: &UseReducerHandle<AppState>, action: Action) -> Callback<MouseEvent> {
    let state = state.clone();
    Callback::from(move |_: MouseEvent| state.dispatch(action.clone()))
}

fn side_name(c: topochess_core::Color) -> &'static str {
    if c == topochess_core::Color::White {
        "White"
    } else {
        "Black"
    }
}

/// Resign (asks first) and draw offers; in hot-seat the other side answers an offer.
pub fn game_end_controls(state: &UseReducerHandle<AppState>) -> Html {
    let over = state.game.outcome().is_some();
    if state.confirm_resign {
        return html! {
            <div class="row confirm" id="resign-confirm" role="alertdialog" aria-label="Resign?">
                <span>{"Resign this game?"}</span>
                <button id="resign-yes" onclick={act(state, Action::Resign(Some(true)))}>{"Yes, resign"}</button>
                <button class="secondary" id="resign-no" onclick={act(state, Action::Resign(Some(false)))}>{"No"}</button>
            </div>
        };
    }
    let to_move = state.game.position().turn();
    let offer = state.draw_offered_by().filter(|_| !over);
    let offer_row = match (offer, state.settings.opponent) {
        (Some(by), Opponent::HotSeat) if by != to_move => html! {
            <div class="row confirm" id="draw-offer">
                <span>{format!("{} offers a draw.", side_name(by))}</span>
                <button id="draw-accept" onclick={act(state, Action::AnswerDraw(true))}>{"Accept"}</button>
                <button class="secondary" id="draw-decline" onclick={act(state, Action::AnswerDraw(false))}>{"Decline"}</button>
            </div>
        },
        (Some(by), _) => html! {
            <div class="row" id="draw-offer"><span>{format!("{} offered a draw: {} answers after the move.", side_name(by), side_name(!by))}</span></div>
        },
        _ => html! {},
    };
    html! {
        <>
            <div class="row">
                <button class="secondary" id="resign" onclick={act(state, Action::Resign(None))} disabled={over}>{"Resign"}</button>
                <button class="secondary" id="draw" onclick={act(state, Action::OfferDraw)} disabled={over || offer.is_some()}>{"Offer draw"}</button>
            </div>
            { offer_row }
        </>
    }
}

/// Board colours and sound.
pub fn preferences(state: &UseReducerHandle<AppState>) -> Html {
    let on_board = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let v = select_value(&e);
            if let Some(theme) = BoardTheme::ALL.into_iter().find(|t| t.name() == v) {
                state.dispatch(Action::SetBoardTheme(theme));
            }
        })
    };
    let on_sound = {
        let state = state.clone();
        let on = state.settings.sound;
        Callback::from(move |_: Event| state.dispatch(Action::SetSound(!on)))
    };
    html! {
        <div class="row">
            <label>{"Board "}
                <select id="board-theme" onchange={on_board}>
                    { for BoardTheme::ALL.iter().map(|t| html! {
                        <option value={t.name()} selected={*t == state.settings.board}>{t.name()}</option>
                    }) }
                </select>
            </label>
            <label class="check"><input type="checkbox" id="sound" checked={state.settings.sound} onchange={on_sound} />{" Sound"}</label>
        </div>
    }
}

/// The list of saved games: open one, or delete one that is not on the board.
pub fn saved_games(
    state: &UseReducerHandle<AppState>,
    switch_to: &'static dyn Fn(&SavedGame) -> Action,
) -> Html {
    let rows = state.saved.iter().map(|(id, line)| {
        let id = *id;
        let current = id == state.game_id;
        let open = {
            let state = state.clone();
            Callback::from(move |_: MouseEvent| {
                let lib = storage::browser_library().0;
                if let Some(game) = lib.games.iter().find(|g| g.id == id) {
                    state.dispatch(switch_to(game));
                }
            })
        };
        let remove = {
            let state = state.clone();
            Callback::from(move |_: MouseEvent| {
                let lib = storage::browser_remove(id);
                state.dispatch(Action::Library(crate::app::summaries(&lib)));
            })
        };
        html! {
            <li class={classes!("saved-game", current.then_some("current"))} data-game={id.to_string()}>
                <button class="link open-game" onclick={open} disabled={current}>{line.clone()}</button>
                if current {
                    <span class="on-board">{" (on the board)"}</span>
                } else {
                    <button class="secondary delete-game" onclick={remove} aria-label={format!("Delete {line}")}>{"Delete"}</button>
                }
            </li>
        }
    });
    html! {
        <details id="saved-games">
            <summary>{format!("Saved games ({})", state.saved.len())}</summary>
            <ul>{ for rows }</ul>
        </details>
    }
}
