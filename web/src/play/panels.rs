//! The side panels: new game, move list, choice of move, engine status, import and export. Each
//! takes props and callbacks; none changes state itself.

use crate::common::clock::TimeControl;
use crate::common::select_value;
use crate::common::settings::{Opponent, Settings};
use topochess_core::variant::{preset, Family, PRESETS};
use topochess_core::Color;
use topochess_search::LEVELS;
use topochess_study::decimal;
use topochess_worker::Thinking;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

/// Props of [`NewGameForm`].
#[derive(Properties, Clone, PartialEq)]
pub struct NewGameProps {
    /// The current settings (the form starts from them).
    pub settings: Settings,
    /// Start a game.
    pub on_start: Callback<Settings>,
    /// Close without starting.
    pub on_cancel: Callback<()>,
    /// The player is signed in: a live game may be rated.
    #[prop_or_default]
    pub signed_in: bool,
}

const GROUPS: [(Family, &str); 5] = [
    (Family::Folded, "The folded board"),
    (Family::CylinderTorus, "Cylinders and tori"),
    (Family::Tall, "The 8x14 boards"),
    (Family::Sphere, "Spherical chess"),
    (Family::Standard, "Reference"),
];

/// The new-game form.
#[function_component(NewGameForm)]
pub fn new_game_form(props: &NewGameProps) -> Html {
    let draft = use_state(|| props.settings.clone());
    let p = preset(&draft.variant).unwrap_or(&PRESETS[0]);
    let on_variant = {
        let draft = draft.clone();
        Callback::from(move |e: Event| {
            let id = select_value(&e);
            let castling = preset(&id)
                .map(|p| p.castling.name().to_string())
                .unwrap_or_default();
            draft.set(Settings {
                variant: id,
                castling,
                ..(*draft).clone()
            });
        })
    };
    let on_castling = {
        let draft = draft.clone();
        Callback::from(move |e: Event| {
            draft.set(Settings {
                castling: select_value(&e),
                ..(*draft).clone()
            })
        })
    };
    let on_opponent = {
        let draft = draft.clone();
        Callback::from(move |e: Event| {
            let opponent = match select_value(&e).as_str() {
                "white" => Opponent::Computer {
                    computer: Color::Black,
                    level: level_of(&draft),
                },
                "black" => Opponent::Computer {
                    computer: Color::White,
                    level: level_of(&draft),
                },
                // The id is given when the game starts.
                "corr-white" => Opponent::Correspondence {
                    me: Color::White,
                    id: 0,
                },
                "corr-black" => Opponent::Correspondence {
                    me: Color::Black,
                    id: 0,
                },
                // The server gives the id when the game is created.
                "live-white" => Opponent::Live {
                    me: Some(Color::White),
                    id: 0,
                    public: false,
                    rated: false,
                },
                "live-black" => Opponent::Live {
                    me: Some(Color::Black),
                    id: 0,
                    public: false,
                    rated: false,
                },
                // Anyone from the lobby; the server draws the colours.
                "seek" => Opponent::Live {
                    me: None,
                    id: 0,
                    public: true,
                    rated: false,
                },
                _ => Opponent::HotSeat,
            };
            draft.set(Settings {
                opponent,
                ..(*draft).clone()
            });
        })
    };
    let on_rated = {
        let draft = draft.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Opponent::Live { me, id, public, .. } = draft.opponent {
                draft.set(Settings {
                    opponent: Opponent::Live {
                        me,
                        id,
                        public,
                        rated: input.checked(),
                    },
                    ..(*draft).clone()
                });
            }
        })
    };
    let on_level = {
        let draft = draft.clone();
        Callback::from(move |e: Event| {
            let level = select_value(&e).parse().unwrap_or(5);
            if let Opponent::Computer { computer, .. } = draft.opponent {
                draft.set(Settings {
                    opponent: Opponent::Computer { computer, level },
                    ..(*draft).clone()
                });
            }
        })
    };
    let on_time = {
        let draft = draft.clone();
        Callback::from(move |e: Event| {
            let v = select_value(&e);
            let time = match v.as_str() {
                "none" => None,
                "custom" => Some(draft.time.unwrap_or(TimeControl::new(600, 5))),
                label => TimeControl::parse(label),
            };
            draft.set(Settings {
                time,
                ..(*draft).clone()
            });
        })
    };
    let custom_time = |minutes: bool| {
        let draft = draft.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let now = draft.time.unwrap_or(TimeControl::new(600, 5));
            let text = if minutes {
                format!("{}+{}", input.value(), now.inc_secs)
            } else {
                format!(
                    "{}+{}",
                    decimal::write_short(now.base_secs as f64 / 60.0, 2),
                    input.value()
                )
            };
            if let Some(time) = TimeControl::parse(&text) {
                draft.set(Settings {
                    time: Some(time),
                    ..(*draft).clone()
                });
            }
        })
    };
    let time_value = match draft.time {
        None => "none".to_string(),
        Some(t) if TimeControl::PRESETS.contains(&t) => t.label(),
        Some(_) => "custom".to_string(),
    };
    let on_start = {
        let draft = draft.clone();
        let cb = props.on_start.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let mut s = (*draft).clone();
            s.flipped = matches!(
                s.opponent,
                Opponent::Computer {
                    computer: Color::White,
                    ..
                }
            );
            cb.emit(s);
        })
    };
    let on_cancel = {
        let cb = props.on_cancel.clone();
        Callback::from(move |_| cb.emit(()))
    };
    let dialog = crate::common::modal::use_modal(&props.on_cancel, "new-game-open");
    let opponent_value = match draft.opponent {
        Opponent::HotSeat => "hotseat",
        Opponent::Computer {
            computer: Color::Black,
            ..
        } => "white",
        Opponent::Computer { .. } => "black",
        Opponent::Correspondence {
            me: Color::White, ..
        } => "corr-white",
        Opponent::Correspondence { .. } => "corr-black",
        Opponent::Live { public: true, .. } => "seek",
        Opponent::Live {
            me: Some(Color::Black),
            ..
        } => "live-black",
        Opponent::Live { .. } => "live-white",
    };
    let name_input = |mine: bool| {
        let draft = draft.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let mut next = (*draft).clone();
            if let Opponent::Correspondence { me, .. } = next.opponent {
                let side = if mine { me } else { !me };
                next.names[side.index()] = input.value();
            }
            draft.set(next);
        })
    };
    html! {
        <dialog class="new-game-dialog" ref={dialog} aria-label="New game">
        <form class="new-game" id="new-game" onsubmit={on_start} aria-label="New game">
            <h2>{"New game"}</h2>
            <label>{"Game "}
                <select id="ng-variant" onchange={on_variant}>
                    { for GROUPS.iter().map(|(family, title)| html! {
                        <optgroup label={*title}>
                            { for PRESETS.iter().filter(|p| p.family == *family).map(|p| html! {
                                <option value={p.id} selected={p.id == draft.variant}>{p.name}</option>
                            }) }
                        </optgroup>
                    }) }
                </select>
            </label>
            <p class="summary" id="ng-summary">{p.summary}</p>
            if p.castling_options.len() > 1 {
                <label>{"Castling "}
                    <select id="ng-castling" onchange={on_castling}>
                        { for p.castling_options.iter().map(|m| html! {
                            <option value={m.name()} selected={m.name() == draft.castling}>{m.name()}</option>
                        }) }
                    </select>
                </label>
            }
            <label>{"Play "}
                <select id="ng-opponent" onchange={on_opponent}>
                    <option value="hotseat" selected={opponent_value == "hotseat"}>{"hot-seat: two players"}</option>
                    <option value="white" selected={opponent_value == "white"}>{"White against the computer"}</option>
                    <option value="black" selected={opponent_value == "black"}>{"Black against the computer"}</option>
                    <option value="corr-white" selected={opponent_value == "corr-white"}>{"White by correspondence (moves sent as links)"}</option>
                    <option value="corr-black" selected={opponent_value == "corr-black"}>{"Black by correspondence (moves sent as links)"}</option>
                    <option value="live-white" selected={opponent_value == "live-white"}>{"White against a friend, live (a link to send)"}</option>
                    <option value="live-black" selected={opponent_value == "live-black"}>{"Black against a friend, live (a link to send)"}</option>
                    <option value="seek" selected={opponent_value == "seek"}>{"Anyone, live, from the lobby (colours drawn)"}</option>
                </select>
            </label>
            if let (Opponent::Live { rated, .. }, true) = (draft.opponent, props.signed_in) {
                <label class="check"><input type="checkbox" id="ng-rated" checked={rated} onchange={on_rated} />
                    {" Rated (against another account: both ratings change)"}</label>
            }
            if let Opponent::Correspondence { me, .. } = draft.opponent {
                <label>{"Your name "}
                    <input id="ng-my-name" value={draft.names[me.index()].clone()} oninput={name_input(true)} autocomplete="off" />
                </label>
                <label>{"Opponent's name "}
                    <input id="ng-their-name" value={draft.names[(!me).index()].clone()} oninput={name_input(false)} autocomplete="off" />
                </label>
            }
            if let Opponent::Computer { level, .. } = draft.opponent {
                <label>{"Level "}
                    <select id="ng-level" onchange={on_level}>
                        { for LEVELS.iter().map(|l| html! {
                            <option value={l.number.to_string()} selected={l.number == level}>{l.label}</option>
                        }) }
                    </select>
                </label>
            }
            if !matches!(draft.opponent, Opponent::Correspondence { .. }) {
                <label>{"Clock "}
                    <select id="ng-time" onchange={on_time}>
                        <option value="none" selected={time_value == "none"}>{"unlimited"}</option>
                        { for TimeControl::PRESETS.iter().map(|t| html! {
                            <option value={t.label()} selected={time_value == t.label()}>{t.label()}</option>
                        }) }
                        <option value="custom" selected={time_value == "custom"}>{"custom"}</option>
                    </select>
                </label>
                if time_value == "custom" {
                    <label>{"Minutes "}
                        <input id="ng-minutes" type="number" min="0.5" max="180" step="0.5"
                               value={draft.time.map(|t| decimal::write_short(t.base_secs as f64 / 60.0, 2)).unwrap_or_default()}
                               oninput={custom_time(true)} />
                    </label>
                    <label>{"Increment (s) "}
                        <input id="ng-increment" type="number" min="0" max="180"
                               value={draft.time.map(|t| t.inc_secs.to_string()).unwrap_or_default()}
                               oninput={custom_time(false)} />
                    </label>
                }
            }
            <div class="row">
                <button type="submit" id="ng-start">{"Start"}</button>
                <button type="button" class="secondary" id="ng-cancel" onclick={on_cancel}>{"Cancel"}</button>
            </div>
        </form>
        </dialog>
    }
}

fn level_of(s: &Settings) -> u8 {
    match s.opponent {
        Opponent::Computer { level, .. } => level,
        Opponent::HotSeat | Opponent::Correspondence { .. } | Opponent::Live { .. } => {
            topochess_search::levels::DEFAULT_LEVEL
        }
    }
}

/// Props of [`MoveList`].
#[derive(Properties, Clone, PartialEq)]
pub struct MoveListProps {
    /// The moves in SAN.
    pub sans: Vec<String>,
    /// The move number of the first move.
    pub first_number: u32,
    /// Whether Black made the first move.
    pub black_first: bool,
    /// The ply shown (0: the start).
    pub shown: usize,
    /// The result, once the game is over (`1-0`, `1/2-1/2`, ...).
    #[prop_or_default]
    pub result: Option<String>,
    /// The plies (after the move) the computer played from an endgame table.
    #[prop_or_default]
    pub from_table: Vec<usize>,
    /// Show the position after this many plies.
    pub on_select: Callback<usize>,
}

/// The moves, numbered, each a button that shows the position after it. Each item has its key: a
/// move added at the end adds its elements and leaves the others be (unkeyed, Yew pairs the lists
/// from their ends, and every element took the place and text of the one after it, a long game's
/// whole list written again at each move).
#[function_component(MoveList)]
pub fn move_list(props: &MoveListProps) -> Html {
    let mut items = Vec::new();
    let offset = props.black_first as usize;
    for (i, san) in props.sans.iter().enumerate() {
        let slot = i + offset;
        if slot.is_multiple_of(2) || i == 0 {
            let number = props.first_number + (slot / 2) as u32;
            let dots = if slot.is_multiple_of(2) { "." } else { "..." };
            items.push(html! { <span class="num" key={format!("n{slot}")}>{format!("{number}{dots}")}</span> });
            if !slot.is_multiple_of(2) {
                // A game Black starts: White's column stays empty on the first row.
                items.push(html! { <span class="mv-gap" key="gap" aria-hidden="true"></span> });
            }
        }
        let ply = i + 1;
        let onclick = {
            let cb = props.on_select.clone();
            Callback::from(move |_| cb.emit(ply))
        };
        items.push(html! {
            <button class={classes!("mv", (ply == props.shown).then_some("current"))} key={ply} data-ply={ply.to_string()} onclick={onclick}>
                {san.clone()}
                if props.from_table.contains(&ply) {
                    <span class="from-table" title="played from the endgame table">{"tablebase"}</span>
                }
            </button>
        });
    }
    if let Some(result) = &props.result {
        items.push(html! { <span class="result" key="result" id="result">{result.clone()}</span> });
    }
    // The current move stays in sight as the game grows or the player browses.
    let list = use_node_ref();
    {
        let list = list.clone();
        // After the frame: scrolling asks for the page's layout, which the move's frame makes.
        use_effect_with((props.shown, props.sans.len()), move |_| {
            crate::common::after_paint::after_paint(move || {
                if let Some(el) = list.cast::<web_sys::Element>() {
                    if let Ok(Some(current)) = el.query_selector(".mv.current") {
                        let options = web_sys::ScrollIntoViewOptions::new();
                        options.set_block(web_sys::ScrollLogicalPosition::Nearest);
                        current.scroll_into_view_with_scroll_into_view_options(&options);
                    }
                }
            })
        });
    }
    html! { <div class="moves" id="moves" role="list" aria-label="Moves" ref={list}>{ for items }</div> }
}

/// A score as players read it: `+1.25`, `#3`, `#-2`.
pub fn score_text(t: &Thinking) -> String {
    match t.mate {
        Some(m) => format!("#{m}"),
        None => format!(
            "{}{}",
            if t.score >= 0 { "+" } else { "" },
            decimal::write_fixed(i64::from(t.score), 2)
        ),
    }
}

/// Props of [`Transfer`].
#[derive(Properties, Clone, PartialEq)]
pub struct TransferProps {
    /// The game's PGN.
    pub pgn: String,
    /// The shown position's FEN.
    pub fen: String,
    /// A link that opens this game.
    pub link: String,
    /// Load a PGN or FEN text.
    pub on_load: Callback<String>,
    /// What loading said, shown under the box.
    #[prop_or_default]
    pub notice: Html,
}

fn copy_to_clipboard(text: &str) {
    // navigator.clipboard.writeText, looked up at run time.
    if let Some(window) = web_sys::window() {
        let nav = js_sys::Reflect::get(&window, &"navigator".into()).ok();
        let clip = nav.and_then(|n| js_sys::Reflect::get(&n, &"clipboard".into()).ok());
        if let Some(clip) = clip.filter(|c| !c.is_undefined()) {
            if let Ok(f) = js_sys::Reflect::get(&clip, &"writeText".into()) {
                if let Some(f) = f.dyn_ref::<js_sys::Function>() {
                    let _ = f.call1(&clip, &text.into());
                }
            }
        }
    }
}

/// Export (PGN, FEN, link: copy and download) and import (paste or file).
#[function_component(Transfer)]
pub fn transfer(props: &TransferProps) -> Html {
    let text = use_node_ref();
    let copy = |value: String| Callback::from(move |_| copy_to_clipboard(&value));
    let on_load = {
        let text = text.clone();
        let cb = props.on_load.clone();
        Callback::from(move |_| {
            if let Some(area) = text.cast::<HtmlTextAreaElement>() {
                cb.emit(area.value());
            }
        })
    };
    let on_file = {
        let cb = props.on_load.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Some(file) = input.files().and_then(|f| f.get(0)) {
                let cb = cb.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    if let Ok(v) = wasm_bindgen_futures::JsFuture::from(file.text()).await {
                        cb.emit(v.as_string().unwrap_or_default());
                    }
                });
            }
        })
    };
    let download = format!(
        "data:application/x-chess-pgn;charset=utf-8,{}",
        js_sys::encode_uri_component(&props.pgn)
    );
    html! {
        <details class="transfer" id="transfer">
            <summary>{"Import / export"}</summary>
            <label>{"PGN"}<textarea id="pgn-out" readonly=true value={props.pgn.clone()} rows="5" /></label>
            <div class="row">
                <button onclick={copy(props.pgn.clone())}>{"Copy PGN"}</button>
                <a class="button" id="pgn-download" href={download} download="topochess.pgn">{"Download PGN"}</a>
            </div>
            <label>{"FEN"}<input id="fen-out" readonly=true value={props.fen.clone()} /></label>
            <button onclick={copy(props.fen.clone())}>{"Copy FEN"}</button>
            <label>{"Link to this game"}<input id="link-out" readonly=true value={props.link.clone()} /></label>
            <button onclick={copy(props.link.clone())}>{"Copy link"}</button>
            <label>{"Paste a PGN, or a FEN for the current game"}<textarea id="import-text" ref={text} rows="4" /></label>
            <div class="row">
                <button id="import-load" onclick={on_load}>{"Load"}</button>
                <label class="file">{"or open a file "}<input type="file" id="import-file" accept=".pgn,.txt,.fen" onchange={on_file} /></label>
            </div>
            { props.notice.clone() }
        </details>
    }
}
