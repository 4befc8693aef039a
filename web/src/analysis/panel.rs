//! The analysis board's side panel and evaluation bar: the engine's lines (clickable moves), the
//! move tree with its side lines, glyphs and comments, the tools for the node shown, and the
//! analysis as PGN. Everything here only reads the [`Analysis`] and sends actions.

use crate::analysis::review::GameReview;
use crate::analysis::{white_score_text, white_share, Analysis, AnalysisAction, MAX_LINES};
use crate::common::select_value;
use topochess_core::move_tree::{glyph, MoveTree, NodeId, GLYPHS};
use topochess_core::{san, Color};
use topochess_study::decimal;
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

fn send(on_action: &Callback<AnalysisAction>, a: AnalysisAction) -> Callback<MouseEvent> {
    let on_action = on_action.clone();
    Callback::from(move |_: MouseEvent| on_action.emit(a.clone()))
}

/// A move number as written before a move: `12.` for White, `12...` for Black.
fn number(pos: &topochess_core::Position) -> String {
    let dots = if pos.turn() == Color::White {
        "."
    } else {
        "..."
    };
    format!("{}{dots}", pos.fullmove_number())
}

/// The evaluation bar beside the board: White's share from the first line, from White's side
/// (White at the bottom unless the board is flipped); even while `barred` (no engine).
pub fn eval_bar(a: &Analysis, barred: bool, flipped: bool) -> Html {
    let turn = a.position().turn();
    let best = a
        .report_here()
        .filter(|_| !barred)
        .and_then(|r| r.lines.first());
    let share = best.map_or(50.0, |l| white_share(l, turn));
    let text = best.map(|l| white_score_text(l, turn)).unwrap_or_default();
    html! {
        <div class={classes!("eval-bar", flipped.then_some("flipped"))} id="eval-bar"
             data-share={decimal::write(share, 1)} role="img" aria-label={format!("Evaluation {text}")}>
            <div class="eval-white" style={format!("height: {}%", decimal::write(share, 1))}></div>
        </div>
    }
}

/// The engine's lines, each with its score from White's side and its moves (a click plays the
/// line up to that move).
fn engine_lines(a: &Analysis, barred: bool, on_action: &Callback<AnalysisAction>) -> Html {
    let Some(report) = a.report_here().filter(|_| a.engine_on && !barred) else {
        let why = if barred {
            "No engine while the game is played: a game against a person is analysed once it is over."
        } else if !a.engine_on {
            "The engine is off."
        } else if !a.position().has_legal_move() {
            "No legal move here: the game is over."
        } else {
            "The engine is starting..."
        };
        return html! { <div class="engine-lines" id="engine-lines"><p class="muted">{why}</p></div> };
    };
    let pos = a.position();
    let lines = report.lines.iter().enumerate().map(|(k, line)| {
        let mut p = pos.clone();
        let moves = line.sans.iter().enumerate().map(|(i, text)| {
            let num = (i == 0 || p.turn() == Color::White).then(|| number(&p));
            if let Some(mv) = line.moves.get(i).and_then(|t| san::parse_move(&p, t).ok()) {
                p.play_unchecked(mv);
            }
            html! {
                <>
                    if let Some(n) = num { <span class="num">{n}</span> }
                    <button class="pv-move" data-line={k.to_string()} data-index={i.to_string()}
                            onclick={send(on_action, AnalysisAction::PlayLine(k, i))}>{text.clone()}</button>
                </>
            }
        });
        html! {
            <div class="pv" data-line={k.to_string()}>
                <span class="pv-score">{white_score_text(line, pos.turn())}</span>
                { for moves }
            </div>
        }
    });
    html! { <div class="engine-lines" id="engine-lines">{ for lines }</div> }
}

/// What the move tree is drawn with: the node shown, the review's judgements, the actions.
struct Look<'a> {
    at: NodeId,
    review: GameReview,
    on_action: &'a Callback<AnalysisAction>,
}

/// One move of the tree as a button, with its number when due, glyphs and comment.
fn tree_move(tree: &MoveTree, id: NodeId, numbered: bool, look: &Look) -> Html {
    let node = tree.node(id);
    let before = tree
        .node(tree.parent(id).unwrap_or(MoveTree::ROOT))
        .position();
    let Some(mv) = node.mv() else {
        return html! {};
    };
    let glyphs: String = node.nags.iter().filter_map(|&n| glyph(n)).collect();
    let num = (numbered || before.turn() == Color::White).then(|| number(before));
    let judged = look
        .review
        .of_node(id)
        .and_then(|m| m.judgement)
        .map(|j| j.class());
    html! {
        <>
            if let Some(n) = num { <span class="num">{n}</span> }
            <button class={classes!("tree-move", (id == look.at).then_some("current"), judged)} data-node={id.to_string()}
                    title={judged} onclick={send(look.on_action, AnalysisAction::Goto(id))}>
                {san::to_san(before, mv)}{glyphs}
            </button>
            if !node.comment.is_empty() { <span class="comment">{node.comment.clone()}</span> }
        </>
    }
}

/// The line after `from` by main continuations, each fork's side lines in a block after the
/// main move (lichess's layout), nested side lines indented.
fn tree_line(tree: &MoveTree, from: NodeId, first_numbered: bool, look: &Look) -> Html {
    let mut items = Vec::new();
    let mut node = from;
    let mut numbered = first_numbered;
    while let Some((&main, others)) = tree.node(node).children().split_first() {
        items.push(tree_move(tree, main, numbered, look));
        numbered = !tree.node(main).comment.is_empty();
        if !others.is_empty() {
            let lines = others.iter().map(|&other| {
                html! {
                    <div class="variation">
                        { tree_move(tree, other, true, look) }
                        { tree_line(tree, other, !tree.node(other).comment.is_empty(), look) }
                    </div>
                }
            });
            items.push(html! { <div class="variations">{ for lines }</div> });
            numbered = true;
        }
        node = main;
    }
    html! { <>{ for items }</> }
}

/// The side panel of the analysis board: the engine's lines (none while `barred`: the board
/// holds a game against a person still being played), the move tree, comments and glyphs.
pub fn analysis_aside(a: &Analysis, barred: bool, on_action: &Callback<AnalysisAction>) -> Html {
    let report = a.report_here().filter(|_| a.engine_on && !barred);
    let status = report
        .map(|r| {
            format!(
                "depth {}, {} kN, {} kN/s",
                r.depth,
                r.nodes / 1000,
                r.rate / 1000
            )
        })
        .unwrap_or_default();
    let on_engine = {
        let on_action = on_action.clone();
        let on = a.engine_on;
        Callback::from(move |_: Event| on_action.emit(AnalysisAction::Engine(!on)))
    };
    let on_lines = {
        let on_action = on_action.clone();
        Callback::from(move |e: Event| {
            if let Ok(n) = select_value(&e).parse() {
                on_action.emit(AnalysisAction::Lines(n));
            }
        })
    };
    // Each keystroke goes to the state at once, as typed: the panel re-renders whenever the
    // engine reports, and a comment kept only in the text box until it lost focus was
    // overwritten by the state's value before it was saved. Leaving the box trims it.
    let on_typed = {
        let on_action = on_action.clone();
        Callback::from(move |e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            on_action.emit(AnalysisAction::CommentTyped(area.value()));
        })
    };
    let on_comment = {
        let on_action = on_action.clone();
        Callback::from(move |e: Event| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            on_action.emit(AnalysisAction::Comment(area.value()));
        })
    };
    let on_load = {
        let on_action = on_action.clone();
        Callback::from(move |_: MouseEvent| {
            let text = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.get_element_by_id("analysis-import"))
                .and_then(|el| wasm_bindgen::JsCast::dyn_into::<HtmlTextAreaElement>(el).ok())
                .map(|area| area.value())
                .unwrap_or_default();
            on_action.emit(AnalysisAction::Load(text));
        })
    };
    let here = a.tree.node(a.at);
    let at_root = a.at == MoveTree::ROOT;
    let glyph_buttons = GLYPHS.iter().map(|&(g, n)| {
        html! {
            <button class={classes!("secondary", "nag", here.nags.contains(&n).then_some("on"))} id={format!("nag-{n}")}
                    disabled={at_root} aria-pressed={here.nags.contains(&n).to_string()}
                    onclick={send(on_action, AnalysisAction::Nag(n))}>{g}</button>
        }
    });
    let root_comment = (!a.tree.node(MoveTree::ROOT).comment.is_empty()).then(|| {
        html! { <span class="comment">{a.tree.node(MoveTree::ROOT).comment.clone()}</span> }
    });
    html! {
        <aside class="analysis-panel">
            <div class="row engine-head">
                <label class="switch"><input type="checkbox" id="engine-on" checked={a.engine_on && !barred} disabled={barred} onchange={on_engine} />{" Engine"}</label>
                <label>{"Lines "}
                    <select id="lines" onchange={on_lines}>
                        { for (1..=MAX_LINES).map(|n| html! { <option value={n.to_string()} selected={n == a.lines}>{n}</option> }) }
                    </select>
                </label>
                if a.engine_on && report.is_some() && a.done != Some((a.at, a.lines)) {
                    <span class="spinner" aria-hidden="true"></span>
                }
                <span class="muted" id="analysis-status">{status}</span>
            </div>
            { engine_lines(a, barred, on_action) }
            <div class={classes!("move-tree", (a.at == MoveTree::ROOT).then_some("at-start"))} id="move-tree" role="group" aria-label="Moves and side lines">
                { for root_comment }
                { tree_line(&a.tree, MoveTree::ROOT, true, &Look { at: a.at, review: GameReview::of(&a.tree), on_action }) }
            </div>
            <div class="row nav">
                <button id="an-first" onclick={send(on_action, AnalysisAction::First)} aria-label="Start">{"|<"}</button>
                <button id="an-back" onclick={send(on_action, AnalysisAction::Step(-1))} aria-label="Previous move">{"<"}</button>
                <button id="an-forward" onclick={send(on_action, AnalysisAction::Step(1))} aria-label="Next move">{">"}</button>
                <button id="an-last" onclick={send(on_action, AnalysisAction::Last)} aria-label="End of the line">{">|"}</button>
            </div>
            <div class="row">
                { for glyph_buttons }
            </div>
            <div class="row">
                <button id="promote" class="secondary" disabled={a.tree.is_mainline(a.at)}
                        onclick={send(on_action, AnalysisAction::Promote)}>{"Promote line"}</button>
                <button id="delete-node" class="secondary" disabled={at_root}
                        onclick={send(on_action, AnalysisAction::Delete)}>{"Delete from here"}</button>
            </div>
            <label>{"Comment"}
                <textarea id="comment" rows="2" value={here.comment.clone()} oninput={on_typed} onchange={on_comment}
                          placeholder="A comment on this move" />
            </label>
            { crate::analysis::review_panel::review_section(a, barred, on_action) }
            <details>
                <summary>{"PGN"}</summary>
                <textarea id="analysis-pgn" rows="6" readonly=true value={a.pgn()} />
                <textarea id="analysis-import" rows="3" placeholder="Paste a PGN to analyse (side lines and comments are kept)" />
                <button id="analysis-load" onclick={on_load}>{"Analyse this PGN"}</button>
            </details>
            <button class="secondary" id="back-to-game"
                    onclick={let on_action = on_action.clone(); Callback::from(move |_: MouseEvent| on_action.emit(AnalysisAction::BackToGame))}>
                {"Back to the game"}</button>
        </aside>
    }
}
