//! The header: the site's name, the screens' tabs, the game and who plays it on the game's
//! screens, the offline mark, New game and Settings.

use crate::app::address::Address;
use crate::app::dispatch::act;
use crate::app::state::{Action, AppState, Opponent, Screen};
use topochess_core::Color;
use topochess_search::levels::level;
use yew::prelude::*;

/// "White" or "Black".
pub fn side_name(c: Color) -> &'static str {
    if c == Color::White {
        "White"
    } else {
        "Black"
    }
}

/// Who the game on the board is played against: the computer and its level, hot-seat, a
/// correspondence or live opponent.
fn opponent_label(state: &AppState) -> String {
    match state.settings.opponent {
        // The level's number; the form says what it means.
        Opponent::Computer { level: n, computer } => format!(
            "vs computer ({}), level {}",
            side_name(computer),
            level(n).number
        ),
        Opponent::HotSeat => "hot-seat".into(),
        Opponent::Correspondence { me, .. } => format!(
            "correspondence: {} (you) against {}",
            state.settings.player_name(me),
            state.settings.player_name(!me)
        ),
        Opponent::Live { me: Some(me), .. } => format!("live, you play {}", side_name(me)),
        Opponent::Live { me: None, .. } => "live, watching".into(),
    }
}

/// The name of the variant on the board shown (the puzzle's, the lesson's, the analysis's, else
/// the game's): as the header shows it (a headline preset's short name, `Folded`, so that it
/// fits beside the tabs), and whole.
fn game_name(state: &AppState) -> (String, String) {
    let start = state
        .solving()
        .map(|p| p.shown())
        .or(state.studying().map(|s| &s.pos))
        .or(state.analysing().map(|a| a.tree.start()))
        .unwrap_or(state.play.game.start());
    let variant = start.variant();
    let short = match crate::common::preset_name(variant.id()) {
        // A preset of no short name (or a lab surface): its own.
        name if name == variant.id() => variant.name(),
        name => name,
    };
    (short.to_string(), variant.name().to_string())
}

/// Whether `screen` shows a board, whose game the header names (the pages of players,
/// leaderboards, tournaments, the saved games and the settings show none: a name there would be
/// a board's no longer in sight).
pub fn shows_board(screen: Screen) -> bool {
    matches!(
        screen,
        Screen::Play
            | Screen::Explore
            | Screen::Lab
            | Screen::Analyse
            | Screen::Atlas
            | Screen::Puzzles
            | Screen::Learn
    )
}

/// The menu of what the site's players do together, for everyone: TV, the tournaments, the
/// leaderboards. Marked while one of them is shown; closed once one is chosen.
fn community(state: &AppState) -> Html {
    let on = state.tv.is_some()
        || matches!(
            state.screen,
            Screen::Tournaments | Screen::Tournament | Screen::Leaderboard
        );
    let close = Callback::from(|e: MouseEvent| {
        use wasm_bindgen::JsCast;
        if let Some(menu) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|t| t.closest("details").ok().flatten())
        {
            let _ = menu.remove_attribute("open");
        }
    });
    let item = |address: Address, id: &'static str, label: &'static str| {
        html! { <a href={address.fragment()} id={id} onclick={close.clone()}>{label}</a> }
    };
    html! {
        <details class={classes!("nav-menu", on.then_some("on"))} id="nav-community">
            <summary class="nav-tab">{"Community"}</summary>
            <div class="nav-menu-items">
                { item(Address::Tv(None), "nav-tv", "TV") }
                { item(Address::Tournaments, "nav-tournaments", "Tournaments") }
                { item(Address::Leaderboard(None), "nav-leaderboard", "Leaderboards") }
            </div>
        </details>
    }
}

/// The tab marked for `state`'s screen (none for a screen no tab opens; TV is shown on the game's
/// screen, but is the Community menu's).
fn marked(state: &AppState) -> Option<Screen> {
    (!(state.screen == Screen::Play && state.tv.is_some())).then_some(state.screen)
}

/// What a tab opens: its screen (the Learn tab the lessons' list, as its address is).
fn opening(target: Screen) -> Action {
    match target {
        Screen::Learn => Action::Open(Address::Learn(None)),
        target => Action::Go(target),
    }
}

/// The screens' tabs, `marked` the one pressed, `click` what a click on one does; the Community
/// menu after them.
fn tab_list(
    marked: Option<Screen>,
    community: Html,
    click: impl Fn(Screen) -> Callback<MouseEvent>,
) -> Html {
    let tab = |target: Screen, id: &'static str, label: &'static str| {
        let on = marked == Some(target);
        html! {
            <button id={id} class={classes!("nav-tab", on.then_some("on"))}
                    aria-pressed={on.to_string()} onclick={click(target)}>{label}</button>
        }
    };
    html! {
        <nav class="tabs" aria-label="Screens">
            { tab(Screen::Play, "nav-play", "Play") }
            { tab(Screen::Explore, "nav-explore", "Explore") }
            { tab(Screen::Lab, "nav-lab", "Surface lab") }
            { tab(Screen::Analyse, "nav-analysis", "Analysis") }
            { tab(Screen::Atlas, "nav-atlas", "Endgames") }
            { tab(Screen::Learn, "nav-learn", "Learn") }
            { tab(Screen::Puzzles, "nav-puzzles", "Puzzles") }
            { tab(Screen::Games, "nav-games", "Games") }
            { community }
        </nav>
    }
}

/// Props of [`Tabs`].
#[derive(Properties, PartialEq)]
struct TabsProps {
    /// The screen whose tab is marked.
    on: Option<Screen>,
    /// The Community menu, after the tabs.
    community: Html,
    /// Opens a tab's screen.
    go: Callback<Screen>,
}

/// The whole app's tabs. A tab clicked is marked at once, and its screen drawn in the task after
/// that frame, as a transition is: the click is answered within a frame by its tab, and the
/// screen (its boards and panel, the page's most work) comes the frame after.
#[function_component(Tabs)]
fn tabs(props: &TabsProps) -> Html {
    // The tab clicked, and the one marked when it was: marked until the screen comes.
    let going = use_state_eq(|| None::<(Screen, Option<Screen>)>);
    // Clicks so far: a tab clicked before the last one's screen came gives way to it.
    let clicks = use_mut_ref(|| 0u32);
    // So does one whose screen Back, Forward or a link overtook.
    {
        let (clicks, going) = (clicks.clone(), going.clone());
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                gloo_events::EventListener::new(&w, "popstate", move |_| {
                    counted(&clicks);
                    going.set(None);
                })
            });
            move || drop(listener)
        });
    }
    let marked = match *going {
        Some((target, from)) if from == props.on => Some(target),
        _ => props.on,
    };
    let click = |target: Screen| {
        let (going, go, clicks, from) = (going.clone(), props.go.clone(), clicks.clone(), props.on);
        Callback::from(move |_: MouseEvent| {
            going.set(Some((target, from)));
            let this = counted(&clicks);
            let (going, go, clicks) = (going.clone(), go.clone(), clicks.clone());
            crate::common::after_paint::after_paint(move || {
                if *clicks.borrow() == this {
                    go.emit(target);
                    going.set(None);
                }
            });
        })
    };
    tab_list(marked, props.community.clone(), click)
}

/// `clicks` counted once more: the count now.
fn counted(clicks: &std::cell::RefCell<u32>) -> u32 {
    let mut clicks = clicks.borrow_mut();
    *clicks = clicks.wrapping_add(1);
    *clicks
}

/// The header; `offline` when the browser has no network, `sign_in` when the sign-in form is
/// asked for as the app opens.
pub fn header(state: &UseReducerHandle<AppState>, offline: bool, sign_in: bool) -> Html {
    let home = {
        let state = state.clone();
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            state.dispatch(Action::Go(Screen::Home));
        })
    };
    let on = marked(state);
    let tabs = if crate::app::build::FULL {
        let go = crate::app::dispatch::dispatcher(state).reform(opening);
        html! { <Tabs {on} community={community(state)} {go} /> }
    } else {
        // The first screen's module: a tab's screen at once (most are the whole app's to open).
        tab_list(on, community(state), |target| act(state, opening(target)))
    };
    let settings_on = state.screen == Screen::Settings;
    html! {
        <header>
            <h1><a href="#/" id="nav-home" onclick={home}>{"Topochess"}</a></h1>
            { tabs }
            if shows_board(state.screen) && !crate::app::tv::tv_idle(state) {
                <span class="game-name" id="game-name" title={game_name(state).1}>{game_name(state).0}</span>
            }
            if matches!(state.screen, Screen::Play | Screen::Analyse) && !crate::app::tv::tv_idle(state) {
                <span class="opponent">{opponent_label(state)}</span>
            }
            <div class="spacer"></div>
            if offline {
                <span class="offline-mark" id="offline-mark" title="No network: everything but live play works from what this browser keeps">{"offline"}</span>
            }
            <button id="new-game-open" onclick={act(state, Action::ShowNewGame(true))}>{"New game"}</button>
            if !crate::app::build::FULL {
                { first_sign_in(state) }
            } else {
            <crate::account::view::AccountMenu me={state.me.clone()} secret={crate::live::browser_secret()} asked={sign_in}
                on_signed={{ let state = state.clone(); Callback::from(move |me| state.dispatch(Action::SignedIn(me))) }} />
            }
            <button class={classes!("secondary", settings_on.then_some("on"))} id="nav-settings"
                    aria-pressed={settings_on.to_string()}
                    onclick={act(state, Action::Go(Screen::Settings))}>{"Settings"}</button>
        </header>
    }
}

/// The first screen's module's Sign in button: the whole app opens the form.
fn first_sign_in(state: &UseReducerHandle<AppState>) -> Html {
    if !crate::common::http::server_here() {
        return html! {};
    }
    let handover = crate::app::handover::Handover {
        address: None,
        then: crate::app::handover::Then::SignIn,
    };
    html! {
        <button class="secondary" id="account-open" onclick={act(state, Action::Whole(handover))}>{"Sign in"}</button>
    }
}
