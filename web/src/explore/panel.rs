//! The explorer's and the lab's side panels. Like every panel they take props and callbacks.

use crate::common::select_value;
use crate::common::settings::Opponent;
use crate::explore::explorer::ExploreAction;
use crate::explore::explorer::Tool;
use crate::explore::gallery::ENTRIES;
use topochess_core::castling::rights_bit;
use topochess_core::pieces::glyph;
use topochess_core::variant::PRESETS;
use topochess_core::{Color, Piece, Role};
use yew::prelude::*;

/// Props of [`ExplorerPanel`].
#[derive(Properties, Clone, PartialEq)]
pub struct ExplorerProps {
    /// The variant id.
    pub variant: String,
    /// "Bishop d4: 19 squares", when a piece is selected.
    pub reach: Option<String>,
    /// A gallery caption.
    pub caption: Option<String>,
    /// The tool.
    pub tool: Tool,
    /// Side to move when playing from here.
    pub turn: Color,
    /// All paths drawn.
    pub all_paths: bool,
    /// Attack map shown.
    pub heat: bool,
    /// Whether the variant castles.
    pub castles: bool,
    /// The castling rights the diagram allows (king and rook at home).
    pub possible_rights: u8,
    /// The rights kept for playing from here.
    pub rights: u8,
    /// The possible en-passant squares.
    pub ep_options: Vec<String>,
    /// The chosen en-passant square.
    pub ep: Option<String>,
    /// Every change goes through here.
    pub on_action: Callback<ExploreAction>,
}

/// The explorer's panel: variant, palette, reach, toggles, play from here, gallery.
#[function_component(ExplorerPanel)]
pub fn explorer_panel(p: &ExplorerProps) -> Html {
    let act = |a: ExploreAction| {
        let cb = p.on_action.clone();
        Callback::from(move |_: MouseEvent| cb.emit(a.clone()))
    };
    let ex = act;
    let on_variant = {
        let cb = p.on_action.clone();
        Callback::from(move |e: Event| {
            cb.emit(ExploreAction::Open {
                variant: select_value(&e),
                piece: None,
                caption: None,
            })
        })
    };
    let on_turn = {
        let cb = p.on_action.clone();
        Callback::from(move |e: Event| {
            let c = if select_value(&e) == "b" {
                Color::Black
            } else {
                Color::White
            };
            cb.emit(ExploreAction::Turn(c));
        })
    };
    let rights = [
        ("K", Color::White, true),
        ("Q", Color::White, false),
        ("k", Color::Black, true),
        ("q", Color::Black, false),
    ]
    .map(|(letter, color, h_rook)| {
        let bit = rights_bit(color, h_rook);
        let possible = p.possible_rights & bit != 0;
        let on = p.rights & bit != 0;
        let cb = p.on_action.clone();
        let onchange =
            Callback::from(move |_: Event| cb.emit(ExploreAction::Castling(bit, !on)));
        let side = if color == Color::White { "White" } else { "Black" };
        let wing = if h_rook { "h-rook" } else { "a-rook" };
        html! {
            <label class="check" title={format!("{side} may castle with the {wing}")}>
                <input type="checkbox" id={format!("ex-castle-{letter}")} checked={on} disabled={!possible} {onchange} />
                {format!(" {letter}")}
            </label>
        }
    });
    let on_ep = {
        let cb = p.on_action.clone();
        Callback::from(move |e: Event| {
            let v = select_value(&e);
            cb.emit(ExploreAction::EnPassant((v != "-").then_some(v)));
        })
    };
    let toggle = |on: bool, f: fn(bool) -> ExploreAction| {
        let cb = p.on_action.clone();
        Callback::from(move |_: Event| cb.emit(f(!on)))
    };
    let tool_button = |tool: Tool, id: String, label: Html, name: String| {
        let pressed = p.tool == tool;
        html! {
            <button id={id} class={classes!("tool", pressed.then_some("on"))} aria-pressed={pressed.to_string()}
                    aria-label={name} onclick={ex(ExploreAction::Tool(tool))}>{label}</button>
        }
    };
    let palette = [Color::White, Color::Black].into_iter().flat_map(|color| {
        [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn].into_iter().map(move |role| {
            let piece = Piece { color, role };
            let g = glyph(Piece { color: Color::Black, role });
            let label = html! { <span class={classes!("glyph", if color == Color::White { "white" } else { "black" })}>{g}</span> };
            (piece, label)
        })
    });
    let lab_option = p.variant.starts_with("lab-").then(
        || html! { <option value={p.variant.clone()} selected=true>{p.variant.clone()}</option> },
    );
    html! {
        <div class="explorer-panel" id="explorer-panel">
            <h2>{"Explore"}</h2>
            <label>{"Board "}
                <select id="ex-variant" onchange={on_variant}>
                    { for lab_option }
                    { for PRESETS.iter().map(|pr| html! { <option value={pr.id} selected={pr.id == p.variant}>{pr.name}</option> }) }
                </select>
            </label>
            <p class="reach" id="reach" aria-live="polite">{p.reach.clone().unwrap_or_else(|| "Select a piece to see where it goes.".into())}</p>
            if let Some(c) = &p.caption { <p class="caption" id="caption">{c.clone()}</p> }
            <div class="row palette">
                { tool_button(Tool::Select, "tool-select".into(), html! {"Select"}, "select and move pieces".into()) }
                { tool_button(Tool::Erase, "tool-erase".into(), html! {"Erase"}, "erase pieces".into()) }
            </div>
            <div class="row palette">
                { for palette.map(|(piece, label)| tool_button(Tool::Place(piece), format!("tool-{}", piece.char()), label,
                    format!("place {} {}", piece.color.name(), piece.role.name()))) }
            </div>
            <div class="row">
                <button class="secondary" id="ex-clear" onclick={ex(ExploreAction::Clear)}>{"Clear"}</button>
                <button class="secondary" id="ex-reset" onclick={ex(ExploreAction::Reset)}>{"Start position"}</button>
            </div>
            <label class="check"><input type="checkbox" id="all-paths" checked={p.all_paths} onchange={toggle(p.all_paths, ExploreAction::AllPaths)} />{" Draw every path"}</label>
            <label class="check"><input type="checkbox" id="heat" checked={p.heat} onchange={toggle(p.heat, ExploreAction::Heat)} />{" Attack map (White·Black attackers)"}</label>
            <div class="row">
                <label>{"To move "}
                    <select id="ex-turn" onchange={on_turn}>
                        <option value="w" selected={p.turn == Color::White}>{"White"}</option>
                        <option value="b" selected={p.turn == Color::Black}>{"Black"}</option>
                    </select>
                </label>
            </div>
            if p.castles {
                <div class="row castling-rights" id="ex-castling">{"Castling "}{ for rights }</div>
            }
            if !p.ep_options.is_empty() {
                <label>{"En passant "}
                    <select id="ex-ep" onchange={on_ep}>
                        <option value="-" selected={p.ep.is_none()}>{"-"}</option>
                        { for p.ep_options.iter().map(|n| html! {
                            <option value={n.clone()} selected={p.ep.as_deref() == Some(n.as_str())}>{n.clone()}</option>
                        }) }
                    </select>
                </label>
            }
            <div class="row">
                <button id="play-hotseat" onclick={act(ExploreAction::PlayFromHere(Opponent::HotSeat))}>{"Play from here"}</button>
                <button id="play-computer" onclick={act(ExploreAction::PlayFromHere(Opponent::Computer { computer: !p.turn, level: 5 }))}>{"vs computer"}</button>
                <button id="analyse-diagram" onclick={act(ExploreAction::Analyse)}>{"Analyse"}</button>
            </div>
            <details class="gallery" id="gallery" open=true>
                <summary>{"Gallery: the source pages' diagrams"}</summary>
                { for ENTRIES.iter().enumerate().map(|(i, e)| {
                    let open = ExploreAction::Open {
                        variant: e.variant.into(),
                        piece: Some((e.piece.0, e.piece.1.into())),
                        caption: Some(format!("{}: {}", e.title, e.caption)),
                    };
                    html! {
                        <button class="entry" data-entry={i.to_string()} data-count={e.count.to_string()} onclick={act(open)}>
                            {format!("{} ({} squares)", e.title, e.count)}
                        </button>
                    }
                }) }
            </details>
        </div>
    }
}
