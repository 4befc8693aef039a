//! The play screen's side controls that are about the game's end: resignation (confirmed), draw
//! offers (offered and answered), the move to send in a correspondence game, and the clocks.

use crate::common::settings::{Opponent, Settings};
use crate::play::{Play, PlayAction};
use wasm_bindgen::JsCast;
use yew::prelude::*;

fn act(on: &Callback<PlayAction>, action: PlayAction) -> Callback<MouseEvent> {
    on.reform(move |_: MouseEvent| action.clone())
}

fn side_name(c: topochess_core::Color) -> &'static str {
    if c == topochess_core::Color::White {
        "White"
    } else {
        "Black"
    }
}

/// Resign (asks first) and offer a draw.
pub fn game_end_controls(play: &Play, settings: &Settings, on: &Callback<PlayAction>) -> Html {
    let over = play.game.outcome().is_some();
    if play.confirm_resign {
        return html! {
            <div class="row confirm" id="resign-confirm" role="alertdialog" aria-label="Resign?">
                <span>{"Resign this game?"}</span>
                <button id="resign-yes" onclick={act(on, PlayAction::Resign(Some(true)))}>{"Yes, resign"}</button>
                <button class="secondary" id="resign-no" onclick={act(on, PlayAction::Resign(Some(false)))}>{"No"}</button>
            </div>
        };
    }
    let offer = play.draw_offered_by().filter(|_| !over);
    // In a live game a spectator has no part in the ending, and until both sides have moved a
    // player aborts (the live panel) rather than resigns or offers a draw, as on lichess.
    let takes_part = match settings.opponent {
        Opponent::Live { me, .. } => me.is_some() && play.game.moves().len() >= 2,
        _ => true,
    };
    html! {
        <div class="row">
            if takes_part {
                <button class="secondary" id="resign" onclick={act(on, PlayAction::Resign(None))} disabled={over}>{"Resign"}</button>
                <button class="secondary" id="draw" onclick={act(on, PlayAction::OfferDraw)} disabled={over || offer.is_some()}>{"Offer draw"}</button>
            }
            if over && !play.game.moves().is_empty() {
                <button id="review-game" onclick={act(on, PlayAction::Review)}>{"Review the game"}</button>
            }
        </div>
    }
}

/// A draw offer standing: Accept and Decline for the side that answers it, else who answers.
/// Shown by the clocks, where the player looks (on a phone, above the board).
pub fn draw_offer(play: &Play, settings: &Settings, on: &Callback<PlayAction>) -> Html {
    let over = play.game.outcome().is_some();
    let to_move = play.game.position().turn();
    let offer = play.draw_offered_by().filter(|_| !over);
    let answers = |by| match settings.opponent {
        Opponent::HotSeat => by != to_move,
        Opponent::Correspondence { me, .. } => by != me,
        Opponent::Live { me, .. } => Some(by) != me && me.is_some(),
        Opponent::Computer { .. } => false,
    };
    match offer {
        Some(by) if answers(by) => html! {
            <div class="row confirm" id="draw-offer">
                <span>{format!("{} offers a draw.", side_name(by))}</span>
                <button id="draw-accept" onclick={act(on, PlayAction::AnswerDraw(true))}>{"Accept"}</button>
                <button class="secondary" id="draw-decline" onclick={act(on, PlayAction::AnswerDraw(false))}>{"Decline"}</button>
            </div>
        },
        Some(by) => html! {
            <div class="row" id="draw-offer"><span>{format!("{} offered a draw: {} answers after the move.", side_name(by), side_name(!by))}</span></div>
        },
        _ => html! {},
    }
}

/// In a correspondence game, once the player has moved (or the game ended): the link to send.
pub fn send_move(play: &Play, settings: &Settings) -> Html {
    let Opponent::Correspondence { me, .. } = settings.opponent else {
        return html! {};
    };
    let my_turn = play.game.position().turn() == me && play.game.outcome().is_none();
    if my_turn && play.draw_offer.is_none() {
        return html! {
            <p class="muted" id="corr-wait">{format!("Your move, then send it to {}.", settings.player_name(!me))}</p>
        };
    }
    let saved = play.saved(settings, 0.0);
    let base = web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default();
    let link = match crate::library::correspondence::fragment(&saved, &play.game, me) {
        Ok(fragment) => format!("{base}#{fragment}"),
        Err(why) => {
            return html! { <p class="error" id="corr-error">{format!("No link can carry this game: {why}.")}</p> };
        }
    };
    let copy = {
        let link = link.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(w) = web_sys::window() {
                let _ = w.navigator().clipboard().write_text(&link);
            }
        })
    };
    // The share sheet, where the browser has one (phones mostly).
    let navigator = web_sys::window().map(|w| w.navigator());
    let can_share = navigator
        .as_ref()
        .is_some_and(|n| js_sys::Reflect::has(n, &"share".into()).unwrap_or(false));
    let share = {
        let link = link.clone();
        let title = format!("Topochess: my move against {}", settings.player_name(!me));
        Callback::from(move |_: MouseEvent| {
            let Some(nav) = web_sys::window().map(|w| w.navigator()) else {
                return;
            };
            let data = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&data, &"title".into(), &title.clone().into());
            let _ = js_sys::Reflect::set(&data, &"url".into(), &link.clone().into());
            if let Ok(f) = js_sys::Reflect::get(&nav, &"share".into()) {
                if let Ok(f) = f.dyn_into::<js_sys::Function>() {
                    let _ = f.call1(&nav, &data);
                }
            }
        })
    };
    html! {
        <div class="send-move" id="send-move">
            <strong>{format!("Send your move to {}", settings.player_name(!me))}</strong>
            <input id="send-link" readonly=true value={link} aria-label="Link to send" />
            <div class="row">
                <button id="send-copy" onclick={copy}>{"Copy link"}</button>
                if can_share {
                    <button id="send-share" onclick={share}>{"Share"}</button>
                }
            </div>
        </div>
    }
}

/// Props of [`ClockBar`].
#[derive(Properties, Clone, PartialEq)]
pub struct ClockProps {
    /// The clocks.
    pub clock: crate::common::clock::Clock,
    /// The side to move.
    pub turn: topochess_core::Color,
    /// The side shown at the top of the board.
    pub top: topochess_core::Color,
    /// The players' names (White, Black).
    pub names: [String; 2],
    /// Whether the game is over (the clocks stand still).
    pub over: bool,
    /// Whether sounds are on.
    pub sound: bool,
    /// The running clock reached zero.
    pub on_flag: Callback<()>,
}

/// Both clocks, the top board side first; while one runs it redraws itself when its face next
/// changes (the app does not), says when a flag falls, and warns once when a side gets low on time.
#[function_component(ClockBar)]
pub fn clock_bar(p: &ClockProps) -> Html {
    use crate::common::clock::{format_ms, now};
    let redraw = use_force_update();
    let renders = crate::common::renders::use_render_count();
    let t = now();
    // Drawn again when the running clock's face changes (each second; each tenth under ten
    // seconds), it goes low or it falls: clocks that stand still (before the first move, after
    // the game) draw nothing new.
    let wait = (!p.over)
        .then(|| p.clock.next_change_ms(p.turn, t))
        .flatten();
    use_effect_with(renders, move |_| {
        let timer = wait.map(|ms| {
            gloo_timers::callback::Timeout::new(ms.ceil() as u32, move || redraw.force_update())
        });
        move || drop(timer)
    });
    let warned = use_mut_ref(|| [false; 2]);
    let flagged = use_mut_ref(|| false);
    let c = &p.clock;
    // Said once per fall. In a live game the flag stands until the server's verdict arrives, and
    // the app redraws on each call: saying it on every draw would never let the page rest.
    let out = !p.over && c.running() && c.time_left(p.turn, p.turn, t) <= 0.0;
    if out != *flagged.borrow() {
        *flagged.borrow_mut() = out;
        if out {
            p.on_flag.emit(());
        }
    }
    let low_now = c.running() && !p.over && c.low(p.turn, p.turn, t);
    if low_now && !warned.borrow()[p.turn.index()] {
        warned.borrow_mut()[p.turn.index()] = true;
        if p.sound {
            crate::common::sound::play(crate::common::sound::Sound::LowTime);
        }
    }
    let row = |side: topochess_core::Color| {
        let running = c.running() && !p.over && side == p.turn;
        let low = running && c.low(side, p.turn, t);
        let name = if side == topochess_core::Color::White {
            "white"
        } else {
            "black"
        };
        html! {
            <div class={classes!("clock", running.then_some("running"), low.then_some("low"))} id={format!("clock-{name}")}>
                <span class="who">{p.names[side.index()].clone()}</span>
                <span class="time" role="timer">{format_ms(c.time_left(side, p.turn, t))}</span>
            </div>
        }
    };
    html! {
        <div class="clocks" id="clocks" data-renders={renders.to_string()}>
            { row(p.top) }
            { row(!p.top) }
        </div>
    }
}
