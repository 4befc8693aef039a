//! The surface lab: glue the board's edges your way, see what surface they make (its kind, Euler
//! characteristic, sides, walls and cone points), then explore it or play on it. It is drawn by
//! the views' module (see `common::module_view`): its surface comes as JSON and what it asks
//! ([`LabEvent`]) goes back as JSON.

use crate::common::module_view::Crossing;
use crate::common::select_value;
use crate::common::settings::Opponent;
use crate::explore::explorer::ExploreAction;
use serde::{Deserialize, Serialize};
use topochess_core::lab::LabSpec;
use topochess_core::surface::Gluing;
use topochess_core::topology::{classify, cone_points};
use topochess_core::{Color, Variant};
use yew::prelude::*;

fn gluing(name: &str) -> Gluing {
    Gluing::ALL
        .into_iter()
        .find(|g| g.name() == name)
        .unwrap_or(Gluing::Flat)
}

/// Props of [`LabPanel`].
#[derive(Properties, Clone, PartialEq)]
pub struct LabProps {
    /// The surface chosen.
    pub lab: LabSpec,
    /// Every change goes through here.
    pub on_event: Callback<LabEvent>,
}

/// What the lab asks of the app.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LabEvent {
    /// Another surface chosen.
    Choose(LabSpec),
    /// A game on the surface against `Opponent`.
    Play(LabSpec, Opponent),
    /// The surface in the explorer.
    Explore(LabSpec),
}

impl LabEvent {
    /// The explorer's action that carries the event out.
    pub fn action(self) -> ExploreAction {
        match self {
            LabEvent::Choose(spec) => ExploreAction::Lab(spec),
            LabEvent::Play(spec, opponent) => ExploreAction::PlayLab(spec, opponent),
            LabEvent::Explore(spec) => ExploreAction::Open {
                variant: spec.id(),
                piece: None,
                caption: None,
            },
        }
    }
}

impl Crossing for LabEvent {}

impl Crossing for LabSpec {}

/// The surface lab: gluings and size, what surface they make, and ways to explore or play it.
#[function_component(LabPanel)]
pub fn lab_panel(p: &LabProps) -> Html {
    let spec = p.lab;
    let set = |f: fn(LabSpec, &str) -> LabSpec| {
        let cb = p.on_event.clone();
        Callback::from(move |e: Event| cb.emit(LabEvent::Choose(f(spec, &select_value(&e)))))
    };
    let kind = classify(spec.east_west, spec.north_south);
    let variant = Variant::lab(spec);
    let cones = variant.as_ref().ok().map(|v| {
        let size = v.size();
        cone_points(v.surface())
            .into_iter()
            .map(|s| size.name(s))
            .collect::<Vec<_>>()
    });
    let start = |opponent: Opponent| {
        let cb = p.on_event.clone();
        Callback::from(move |_: MouseEvent| cb.emit(LabEvent::Play(spec, opponent)))
    };
    let explore = {
        let cb = p.on_event.clone();
        Callback::from(move |_: MouseEvent| cb.emit(LabEvent::Explore(spec)))
    };
    let sizes: Vec<u8> = (4..=16).collect();
    let no_game = variant
        .as_ref()
        .ok()
        .and_then(|v| topochess_study::lab::no_game_reason(&std::sync::Arc::new(v.clone())));
    // Where the armies start face to face across an edge, the panel says so before a game.
    let face_to_face = variant
        .as_ref()
        .ok()
        .filter(|_| no_game.is_none())
        .map(|v| topochess_study::lab::start_captures(&std::sync::Arc::new(v.clone())))
        .filter(|c| !c.is_empty())
        .map(|captures| {
            let of = |side: Color| {
                let sans: Vec<&str> = captures
                    .iter()
                    .filter(|(c, _)| *c == side)
                    .map(|(_, san)| san.as_str())
                    .take(4)
                    .collect();
                sans.join(", ")
            };
            let (white, black) = (of(Color::White), of(Color::Black));
            let mut text = String::from("Here the armies start face to face across an edge: ");
            text += &match (white.is_empty(), black.is_empty()) {
                (false, false) => format!(
                    "White can take at once ({white}), and Black's pieces attack too ({black})."
                ),
                (false, true) => format!("White can take at once ({white})."),
                _ => {
                    format!("Black's pieces attack at once ({black}), so White must defend first.")
                }
            };
            text + " A balanced game needs another size or gluing."
        });
    html! {
        <div class="lab-panel" id="lab-panel">
            <h2>{"Surface lab"}</h2>
            <p>{"Glue the board's edges your way and see what surface you get."}</p>
            <div class="row">
                <label>{"East-west "}
                    <select id="lab-ew" onchange={set(|s, v| LabSpec { east_west: gluing(v), ..s })}>
                        { for Gluing::ALL.iter().map(|g| html! { <option value={g.name()} selected={*g == spec.east_west}>{g.name()}</option> }) }
                    </select>
                </label>
                <label>{"North-south "}
                    <select id="lab-ns" onchange={set(|s, v| LabSpec { north_south: gluing(v), ..s })}>
                        { for Gluing::ALL.iter().map(|g| html! { <option value={g.name()} selected={*g == spec.north_south}>{g.name()}</option> }) }
                    </select>
                </label>
            </div>
            <div class="row">
                <label>{"Files "}
                    <select id="lab-w" onchange={set(|s, v| LabSpec { width: v.parse().unwrap_or(8), ..s })}>
                        { for sizes.iter().map(|n| html! { <option value={n.to_string()} selected={*n == spec.width}>{n.to_string()}</option> }) }
                    </select>
                </label>
                <label>{"Ranks "}
                    <select id="lab-h" onchange={set(|s, v| LabSpec { height: v.parse().unwrap_or(8), ..s })}>
                        { for sizes.iter().map(|n| html! { <option value={n.to_string()} selected={*n == spec.height}>{n.to_string()}</option> }) }
                    </select>
                </label>
            </div>
            if variant.is_ok() {
            <dl class="lab-facts">
                <dt>{"Surface"}</dt><dd id="lab-kind">{kind.name.clone()}</dd>
                <dt>{"Euler characteristic"}</dt><dd id="lab-euler">{kind.euler.to_string()}</dd>
                <dt>{"Sides"}</dt><dd>{if kind.orientable { "two (orientable)" } else { "one (non-orientable)" }}</dd>
                <dt>{"Walls"}</dt><dd>{format!("{} boundary circle(s)", kind.boundaries)}</dd>
                <dt>{"Cone points"}</dt>
                <dd id="lab-cones">{match &cones {
                    Some(c) if c.is_empty() => "none".to_string(),
                    Some(c) => format!("{} ({})", c.len(), c.join(" ")),
                    None => "-".to_string(),
                }}</dd>
            </dl>
            }
            {match &variant {
                Ok(_) => html! {
                    <>
                    if let Some(why) = no_game.clone() {
                        <p class="error" id="lab-no-game">{why}</p>
                    }
                    if let Some(warning) = face_to_face.clone() {
                        <p class="warning" id="lab-start-captures">{warning}</p>
                    }
                    <div class="row">
                        <button id="lab-explore" onclick={explore}>{"Explore it"}</button>
                        <button id="lab-play" onclick={start(Opponent::HotSeat)} disabled={no_game.is_some()}>{"Play hot-seat"}</button>
                        <button id="lab-play-computer" onclick={start(Opponent::Computer { computer: Color::Black, level: 4 })} disabled={no_game.is_some()}>{"Play the computer"}</button>
                    </div>
                    </>
                },
                Err(e) => html! { <p class="error" id="lab-error">{e.to_string()}</p> },
            }}
        </div>
    }
}
