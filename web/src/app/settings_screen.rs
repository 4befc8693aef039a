//! The settings screen: the board's look (colours, pieces, coordinates, size), the views (the
//! extended view's margin, the 3D view), sound, animations and the dark theme, in one place of
//! their own, beside the board they change, as lichess's board settings are. Every board of every
//! screen follows them.

use crate::app::state::{Action, AppState};
use crate::common::select_value;
use crate::common::settings::{BoardTheme, Coords, Margin, PieceSet, Preference, ViewMode};
use yew::prelude::*;

/// A menu's change handler: the choice whose name was picked, as a preference.
fn pick<T: Copy + 'static>(
    state: &UseReducerHandle<AppState>,
    all: &'static [T],
    name: fn(T) -> &'static str,
    preference: fn(T) -> Preference,
) -> Callback<Event> {
    let state = state.clone();
    Callback::from(move |e: Event| {
        let v = select_value(&e);
        if let Some(&choice) = all.iter().find(|&&c| name(c) == v) {
            state.dispatch(Action::Prefer(preference(choice)));
        }
    })
}

/// The board's look and the sound.
fn preferences(state: &UseReducerHandle<AppState>) -> Html {
    let on_board = pick(state, &BoardTheme::ALL, BoardTheme::name, Preference::Board);
    let on_coords = pick(state, &Coords::ALL, Coords::name, Preference::Coords);
    let on_pieces = pick(state, &PieceSet::ALL, PieceSet::name, Preference::Pieces);
    let toggle = |on: bool, preference: fn(bool) -> Preference| {
        let state = state.clone();
        Callback::from(move |_: Event| state.dispatch(Action::Prefer(preference(!on))))
    };
    let on_sound = toggle(state.settings.sound, Preference::Sound);
    let on_motion = toggle(state.settings.motion, Preference::Motion);
    let on_zoom = {
        let state = state.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Ok(z) = input.value().parse::<u8>() {
                state.dispatch(Action::Prefer(Preference::Zoom(z)));
            }
        })
    };
    html! {
        <>
            <label class="slider">{"Board size "}
                <input type="range" id="board-size" min="50" max="100" step="5"
                       value={state.settings.zoom.to_string()} oninput={on_zoom} />
                <span class="muted" id="board-size-value">{format!("{}%", state.settings.zoom)}</span>
            </label>
            <label>{"Coordinates "}
                <select id="coords" onchange={on_coords}>
                    { for Coords::ALL.iter().map(|c| html! {
                        <option value={c.name()} selected={*c == state.settings.coords}>{c.name()}</option>
                    }) }
                </select>
            </label>
            <label>{"Board "}
                <select id="board-theme" onchange={on_board}>
                    { for BoardTheme::ALL.iter().map(|t| html! {
                        <option value={t.name()} selected={*t == state.settings.board}>{t.name()}</option>
                    }) }
                </select>
            </label>
            <label>{"Pieces "}
                <select id="piece-set" onchange={on_pieces}>
                    { for PieceSet::ALL.iter().map(|p| html! {
                        <option value={p.name()} selected={*p == state.settings.pieces}>{p.name()}</option>
                    }) }
                </select>
            </label>
            <label class="check"><input type="checkbox" id="sound" checked={state.settings.sound} onchange={on_sound} />{" Sound"}</label>
            <label class="check"><input type="checkbox" id="motion" checked={state.settings.motion} onchange={on_motion} />{" Animations"}</label>
        </>
    }
}

/// The menu of the extended view's margin (also on the explorer's and the lab's panels).
pub fn margin_select(state: &UseReducerHandle<AppState>) -> Html {
    let on_margin = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let v = select_value(&e);
            state.dispatch(Action::Prefer(Preference::Margin(match v.as_str() {
                "copies" => Margin::Copies,
                n => Margin::Squares(n.parse().unwrap_or(2)),
            })));
        })
    };
    let margin_value = match state.settings.margin {
        Margin::Copies => "copies".to_string(),
        Margin::Squares(n) => n.to_string(),
    };
    html! {
        <label>{"Margin "}
            <select id="margin" onchange={on_margin}>
                { for ["0", "1", "2", "3", "copies"].iter().map(|m| html! {
                    <option value={*m} selected={*m == margin_value}>{if *m == "copies" { "whole copies" } else { m }}</option>
                }) }
            </select>
        </label>
    }
}

/// The menu of the views shown: the board, the extended view, both, or the board and 3D.
fn view_select(state: &UseReducerHandle<AppState>) -> Html {
    let on_view = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            state.dispatch(Action::Prefer(Preference::View(
                match select_value(&e).as_str() {
                    "normal" => ViewMode::Normal,
                    "extended" => ViewMode::Extended,
                    "solid" => ViewMode::Solid,
                    _ => ViewMode::Both,
                },
            )));
        })
    };
    let view = state.settings.view;
    html! {
        <label>{"Views "}
            <select id="view-mode" onchange={on_view}>
                <option value="both" selected={view == ViewMode::Both}>{"board and extended view"}</option>
                <option value="normal" selected={view == ViewMode::Normal}>{"board alone"}</option>
                <option value="extended" selected={view == ViewMode::Extended}>{"extended view alone"}</option>
                <option value="solid" selected={view == ViewMode::Solid}>{"board and 3D"}</option>
            </select>
        </label>
    }
}

/// The settings screen.
pub fn settings_screen(state: &UseReducerHandle<AppState>) -> Html {
    let on_dark = {
        let state = state.clone();
        let dark = state.settings.dark_now();
        Callback::from(move |_: Event| state.dispatch(Action::Prefer(Preference::Dark(!dark))))
    };
    html! {
        <aside class="settings-screen" id="settings-screen">
            <h2>{"Settings"}</h2>
            <p class="muted">{"Kept in this browser; every board follows them, as this one shows."}</p>
            <fieldset>
                <legend>{"Board"}</legend>
                { preferences(state) }
            </fieldset>
            <fieldset>
                <legend>{"Views"}</legend>
                { view_select(state) }
                { margin_select(state) }
                <p class="muted">{"The extended view repeats the squares beyond each edge as faded ghosts; \
                    the margin is how many. The 3D view shows the surface itself. A board that \
                    glues no edge (standard chess) is shown alone, whichever views are chosen."}</p>
            </fieldset>
            <fieldset>
                <legend>{"Page"}</legend>
                <label class="check"><input type="checkbox" id="dark" checked={state.settings.dark_now()} onchange={on_dark} />{" Dark theme"}</label>
            </fieldset>
        </aside>
    }
}
