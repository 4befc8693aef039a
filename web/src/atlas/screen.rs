//! The endgame atlas screen: surfaces (rows) by material (columns), each cell computed on demand
//! in the worker with progress and kept in the browser; a cell's details (counts, the longest
//! mate, a drawn position, each openable on the analysis board); and what the numbers say, in
//! words generated from them, set against the claims of the source pages. Few first visits open
//! it, so the views' module draws it (`web/src/bin/views.rs`): the page hands it the atlas
//! ([`AtlasScene`]) and hears the player's actions; the builds stay the app's.

use crate::atlas::{surfaces, Atlas, AtlasAction, Building, Entry, MATERIALS};
use crate::common::module_view::{events, Crossing, ModuleView};
use serde::{Deserialize, Serialize};
use topochess_core::variant::preset;
use topochess_core::Color;
use topochess_study::decimal;
use yew::prelude::*;

/// Claims of the source pages about forced mates: surface, material, the words.
const CLAIMS: [(&str, &str, &str); 2] = [
    (
        "folded",
        "KRvK",
        "king + rook can force a bare king to the side of the board to checkmate",
    ),
    ("folded", "KBBvK", "a bishop pair can easily force mate"),
];

fn name(id: &str) -> String {
    preset(id).map_or(id.to_string(), |p| p.name.to_string())
}

fn emit(on_action: &Callback<AtlasAction>, a: AtlasAction) -> Callback<MouseEvent> {
    let on_action = on_action.clone();
    Callback::from(move |_: MouseEvent| on_action.emit(a.clone()))
}

/// Opens `fen` on `variant` on the analysis board.
fn analyse(on_action: &Callback<AtlasAction>, variant: &str, fen: &str) -> Callback<MouseEvent> {
    emit(
        on_action,
        AtlasAction::Analyse(variant.to_string(), fen.to_string()),
    )
}

/// Starts a game from `fen` with the player on `player`'s side, the computer playing the other
/// from the table.
fn play_out(
    on_action: &Callback<AtlasAction>,
    variant: &str,
    fen: &str,
    player: Color,
) -> Callback<MouseEvent> {
    emit(
        on_action,
        AtlasAction::PlayOut(variant.to_string(), fen.to_string(), player),
    )
}

/// A position of a table with White to move: won in `mate` moves or drawn; its buttons open it on
/// the analysis board or play it out (with ids from `ids`, for the first of each kind).
fn position_row(
    on_action: &Callback<AtlasAction>,
    variant: &str,
    fen: &str,
    mate: Option<u32>,
    ids: Option<&str>,
) -> Html {
    let id = |what: &str| ids.map(|p| format!("{p}-{what}"));
    let label = match mate {
        Some(m) => format!("White mates in {m}"),
        None => "Drawn, White to move".to_string(),
    };
    html! {
        <tr>
            <td>{label}</td>
            <td><button class="secondary" id={id(if mate.is_some() { "longest" } else { "drawn" })}
                onclick={analyse(on_action, variant, fen)}>{"Analyse"}</button></td>
            if mate.is_some() {
                <td><button class="secondary" id={id("mate-it")} onclick={play_out(on_action, variant, fen, Color::White)}>
                    {"Mate it (you are White)"}</button></td>
                <td><button class="secondary" id={id("defend-it")} onclick={play_out(on_action, variant, fen, Color::Black)}>
                    {"Defend (you are Black)"}</button></td>
            } else {
                <td><button class="secondary" id={id("win-drawn")} onclick={play_out(on_action, variant, fen, Color::White)}>
                    {"Try to win it (you are White)"}</button></td>
                <td><button class="secondary" onclick={play_out(on_action, variant, fen, Color::Black)}>
                    {"Hold it (you are Black)"}</button></td>
            }
        </tr>
    }
}

fn cell(atlas: &Atlas, variant: &str, material: &str, on_action: &Callback<AtlasAction>) -> Html {
    let key = (variant.to_string(), material.to_string());
    let click = emit(
        on_action,
        AtlasAction::Cell(variant.to_string(), material.to_string()),
    );
    let selected = atlas.selected.as_ref() == Some(&key);
    let inner = match (&atlas.entries.get(&key), &atlas.building) {
        (Some(e), _) => html! {
            <span class={classes!("verdict", if e.mostly_won() { "won" } else { "drawn" })}>{e.verdict()}</span>
        },
        (None, Some(b)) if b.key == key => html! {
            <span class="building">
                <progress value={b.done.to_string()} max={b.total.to_string()}></progress>
                <span class="stage">{b.stage.clone()}</span>
            </span>
        },
        (None, _) => match atlas.failed.get(&key) {
            Some(why) => {
                html! { <span class="muted failed" title={why.clone()}>{"too large here"}</span> }
            }
            None => html! { <span class="muted">{"compute"}</span> },
        },
    };
    html! {
        <td class={classes!("atlas-cell", selected.then_some("selected"))} data-variant={variant.to_string()}
            data-material={material.to_string()}>
            <button class="cell-button" onclick={click}>{inner}</button>
        </td>
    }
}

fn details(atlas: &Atlas, on_action: &Callback<AtlasAction>) -> Option<Html> {
    let (variant, material) = atlas.selected.clone()?;
    let entry = atlas.entries.get(&(variant.clone(), material.clone()))?;
    let line = |who: &str, s: &crate::atlas::SideSummary| {
        format!(
            "{who} to move: {} legal, {} won, {} drawn, {} lost; longest mate {}",
            s.legal, s.won, s.drawn, s.lost, s.longest
        )
    };
    Some(html! {
        <section class="atlas-details" id="atlas-details">
            <h3>{format!("{material} on {}", name(&variant))}</h3>
            <p id="atlas-white">{line("White", &entry.white)}</p>
            <p id="atlas-black">{line("Black", &entry.black)}</p>
            <p class="muted">{format!("Built in {} s in this browser.", decimal::write(entry.seconds, 1))}</p>
            <p class="muted">{"Each position on the analysis board (the engine reads the table: its lines \
                are the perfect ones), or played out against the computer, which plays from the table."}</p>
            <table class="atlas-positions" id="atlas-positions">
                if let Some(fen) = &entry.longest {
                    { position_row(on_action, &variant, fen, Some(entry.white.longest), Some("atlas")) }
                }
                { for entry.typical.iter().filter(|(m, _)| m.is_some()).map(|(m, fen)| position_row(on_action, &variant, fen, *m, None)) }
                if let Some(fen) = &entry.drawn {
                    { position_row(on_action, &variant, fen, None, Some("atlas")) }
                }
                { for entry.typical.iter().filter(|(m, _)| m.is_none()).map(|(_, fen)| position_row(on_action, &variant, fen, None, None)) }
            </table>
        </section>
    })
}

/// What the computed numbers say, in words: for each material, where it forces mate and where
/// it does not; then each claim of the source pages, held or not.
pub fn findings(atlas: &Atlas) -> Vec<String> {
    let mut out = Vec::new();
    for material in MATERIALS {
        let known: Vec<(&String, &Entry)> = atlas
            .entries
            .iter()
            .filter(|((_, m), _)| m == material)
            .map(|((v, _), e)| (v, e))
            .collect();
        if known.is_empty() {
            continue;
        }
        let forced: Vec<String> = known
            .iter()
            .filter(|(_, e)| e.white.won == e.white.legal && e.white.legal > 0)
            .map(|(v, e)| format!("{} (mate in at most {})", name(v), e.white.longest))
            .collect();
        let not: Vec<String> = known
            .iter()
            .filter(|(_, e)| e.white.won < e.white.legal)
            .map(|(v, e)| {
                let share = 100.0 * e.white.won as f64 / e.white.legal.max(1) as f64;
                format!(
                    "{} ({}% of positions won)",
                    name(v),
                    decimal::write(share, 1)
                )
            })
            .collect();
        let mut sentence = format!("{material}:");
        if !forced.is_empty() {
            sentence += &format!(" forces mate from every position on {}", forced.join(", "));
        }
        if !not.is_empty() {
            let sep = if forced.is_empty() { "" } else { ";" };
            sentence += &format!("{sep} not on {}", not.join(", "));
        }
        out.push(sentence + ".");
    }
    for (variant, material, words) in CLAIMS {
        if let Some(e) = atlas
            .entries
            .get(&(variant.to_string(), material.to_string()))
        {
            let holds = e.mostly_won();
            let how = if holds {
                format!("it holds: {}", e.verdict())
            } else if e.white.longest <= 1 && e.white.won > 0 {
                "it does not hold: only positions already one move from mate are won".to_string()
            } else {
                format!("it does not hold: {}", e.verdict())
            };
            out.push(format!(
                "The {} page says \"{words}\" ({material}); under these rules {how}.",
                name(variant)
            ));
        }
    }
    out
}

/// The atlas screen.
pub fn atlas_screen(atlas: &Atlas, on_action: &Callback<AtlasAction>) -> Html {
    let rows = surfaces().into_iter().map(|v| {
        html! {
            <tr>
                <th scope="row">{name(v)}</th>
                { for MATERIALS.iter().map(|m| cell(atlas, v, m, on_action)) }
            </tr>
        }
    });
    let words = findings(atlas);
    html! {
        <section class="atlas" id="atlas">
            <h2>{"Endgame atlas"}</h2>
            <p class="muted">{"Which material forces mate on which surface: every legal position worked out \
                backwards from the mates (no castling, no en passant, no fifty-move rule). Click a cell \
                to compute it here (seconds; leaving this screen stops it; a table too large for the browser \
                says so); results are kept in this browser. A cell's details play \
                its longest mate out against the computer, which plays from the table."}</p>
            if atlas.building.is_some() {
                <button class="secondary" id="atlas-stop" onclick={emit(on_action, AtlasAction::Stop)}>{"Stop"}</button>
            }
            <div class="atlas-scroll">
                <table class="atlas-table" id="atlas-table">
                    <tr><th></th>{ for MATERIALS.iter().map(|m| html! { <th scope="col">{*m}</th> }) }</tr>
                    { for rows }
                </table>
            </div>
            { for details(atlas, on_action) }
            if !words.is_empty() {
                <section class="findings" id="atlas-findings">
                    <h3>{"What the tables say"}</h3>
                    { for words.into_iter().map(|w| html! { <p>{w}</p> }) }
                </section>
            }
        </section>
    }
}

/// The atlas as it crosses to the views' module: each cell's entry as its line (as the browser
/// keeps it), the build under way, the cell chosen, and the cells that could not be built.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AtlasScene {
    /// Surface, material and entry line, by cell.
    entries: Vec<(String, String, String)>,
    /// Surface, material, stage, done and total of the build under way.
    building: Option<(String, String, String, u64, u64)>,
    /// The cell whose details are shown.
    selected: Option<(String, String)>,
    /// Surface, material and why, of each cell that could not be built.
    failed: Vec<(String, String, String)>,
}

impl Crossing for AtlasScene {}

impl AtlasScene {
    /// The scene of `atlas`.
    pub fn of(atlas: &Atlas) -> AtlasScene {
        AtlasScene {
            entries: atlas
                .entries
                .iter()
                .map(|((v, m), e)| (v.clone(), m.clone(), e.to_line()))
                .collect(),
            building: atlas.building.as_ref().map(|b| {
                let (v, m) = b.key.clone();
                (v, m, b.stage.clone(), b.done, b.total)
            }),
            selected: atlas.selected.clone(),
            failed: atlas
                .failed
                .iter()
                .map(|((v, m), why)| (v.clone(), m.clone(), why.clone()))
                .collect(),
        }
    }

    /// The atlas it shows (a line that is not an entry is left out).
    pub fn atlas(&self) -> Atlas {
        Atlas {
            entries: self
                .entries
                .iter()
                .filter_map(|(v, m, line)| Some(((v.clone(), m.clone()), Entry::from_line(line)?)))
                .collect(),
            building: self
                .building
                .clone()
                .map(|(v, m, stage, done, total)| Building {
                    key: (v, m),
                    stage,
                    done,
                    total,
                }),
            selected: self.selected.clone(),
            failed: self
                .failed
                .iter()
                .map(|(v, m, why)| ((v.clone(), m.clone()), why.clone()))
                .collect(),
        }
    }
}

impl Crossing for AtlasAction {}

/// The atlas screen as the page draws it: a box the views' module draws into.
pub fn atlas_view(atlas: &Atlas, on_action: Callback<AtlasAction>) -> Html {
    let props = AtlasScene::of(atlas).to_json();
    let on_event = events(move |action: AtlasAction| on_action.emit(action));
    html! { <ModuleView kind="atlas" what="the endgame atlas" {props} {on_event} /> }
}

/// The atlas screen's properties, in the views' module.
#[derive(Properties, PartialEq)]
pub struct AtlasProps {
    /// What it shows.
    pub scene: AtlasScene,
    /// The player's actions.
    pub on_action: Callback<AtlasAction>,
}

/// The atlas screen, in the views' module: a cell chosen brings its details (below the table)
/// into view.
#[function_component(AtlasScreen)]
pub fn atlas_screen_view(p: &AtlasProps) -> Html {
    use_effect_with(p.scene.selected.clone(), |selected| {
        if selected.is_some() {
            crate::common::bring_into_view("atlas-details");
        }
    });
    atlas_screen(&p.scene.atlas(), &p.on_action)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_atlas_crosses_whole() {
        let mut atlas = Atlas::default();
        let line = "10 8 2 0 16|10 0 2 8 0|1.25|4k3/8/8/8/8/8/8/Q3K3 w - - 0 1|-|\
                    16:4k3/8/8/8/8/8/8/Q3K3 w - - 0 1;=:4k3/8/8/8/8/8/8/4K3 w - - 0 1";
        let entry = Entry::from_line(line).expect("an entry's line");
        assert_eq!(entry.typical.len(), 2);
        atlas
            .entries
            .insert(("folded".into(), "KQvK".into()), entry);
        atlas.building = Some(Building {
            key: ("torus".into(), "KRvK".into()),
            stage: "KRvK".into(),
            done: 3,
            total: 9,
        });
        atlas.selected = Some(("folded".into(), "KQvK".into()));
        atlas
            .failed
            .insert(("sphere".into(), "KBNvK".into()), "too large".into());
        let scene = AtlasScene::from_json(&AtlasScene::of(&atlas).to_json()).expect("its JSON");
        assert_eq!(scene.atlas(), atlas);
    }
}
