//! The game review in the analysis panel: request it, watch its progress (cancellable), then the
//! evaluation graph (click a point to go there), each side's inaccuracies, mistakes, blunders
//! and accuracy, and what was wrong with the move shown and what was better.

use crate::analysis::review::{GameReview, Judgement};
use crate::analysis::{Analysis, AnalysisAction};
use crate::common::math::num;
use topochess_core::move_tree::MoveTree;
use topochess_core::{san, Color};
use topochess_study::decimal;
use yew::prelude::*;

/// Width of one ply in the graph's units (the graph is 100 units high).
const STEP: f64 = 4.0;

fn act(on_action: &Callback<AnalysisAction>, a: AnalysisAction) -> Callback<MouseEvent> {
    let on_action = on_action.clone();
    Callback::from(move |_: MouseEvent| on_action.emit(a.clone()))
}

/// The evaluation graph: White's winning percentage over the main line, the moves judged
/// marked, the position shown ruled, every position a clickable column.
fn graph(a: &Analysis, review: &GameReview, on_action: &Callback<AnalysisAction>) -> Html {
    let line: Vec<usize> = std::iter::once(MoveTree::ROOT)
        .chain(a.tree.mainline())
        .collect();
    let x_of = |node: usize| line.iter().position(|&n| n == node).unwrap_or(0) as f64 * STEP;
    let width = (line.len().max(2) - 1) as f64 * STEP;
    let points: Vec<(f64, f64)> = review
        .curve
        .iter()
        .map(|&(node, percent)| (x_of(node), 100.0 - percent))
        .collect();
    let polyline = points
        .iter()
        .map(|&(x, y)| format!("{},{}", decimal::write(x, 1), decimal::write(y, 1)))
        .collect::<Vec<_>>()
        .join(" ");
    let area = match (points.first(), points.last()) {
        (Some(first), Some(last)) => {
            format!(
                "{},100 {polyline} {},100",
                decimal::write(first.0, 1),
                decimal::write(last.0, 1)
            )
        }
        _ => String::new(),
    };
    let marks = review.moves.iter().filter_map(|m| {
        let j = m.judgement?;
        let y = review.curve.iter().find(|c| c.0 == m.node)?.1;
        Some(html! {
            <circle class={classes!("judged", j.class())} cx={decimal::write(x_of(m.node), 1)}
                    cy={decimal::write(100.0 - y, 1)} r="2.2" />
        })
    });
    let columns = line.iter().enumerate().map(|(i, &node)| {
        html! {
            <rect class="graph-ply" data-node={node.to_string()} data-ply={i.to_string()}
                  x={decimal::write(i as f64 * STEP - STEP / 2.0, 1)} y="0" width={num(STEP)} height="100"
                  onclick={act(on_action, AnalysisAction::Goto(node))} />
        }
    });
    let here = x_of(a.at);
    html! {
        <svg class="review-graph" id="review-graph" viewBox={format!("{} -2 {} 104", num(-STEP / 2.0), num(width + STEP))}
             preserveAspectRatio="none" role="img" aria-label="Evaluation graph: White's winning chance over the game">
            <rect class="graph-bg" x={num(-STEP / 2.0)} y="0" width={num(width + STEP)} height="100" />
            <polygon class="graph-area" points={area} />
            <line class="graph-mid" x1="0" y1="50" x2={num(width)} y2="50" />
            <polyline class="graph-line" points={polyline} />
            <line class="graph-here" x1={num(here)} y1="0" x2={num(here)} y2="100" />
            { for marks }
            { for columns }
        </svg>
    }
}

/// The counts and accuracy of each side.
fn summary(review: &GameReview) -> Html {
    let row = |side: Color| {
        let name = if side == Color::White {
            "White"
        } else {
            "Black"
        };
        let accuracy = review
            .accuracy(side)
            .map_or("-".to_string(), |a| format!("{}%", decimal::write(a, 0)));
        html! {
            <tr id={format!("review-{}", name.to_ascii_lowercase())}>
                <th>{name}</th>
                <td class="inaccuracy">{review.count(side, Judgement::Inaccuracy)}</td>
                <td class="mistake">{review.count(side, Judgement::Mistake)}</td>
                <td class="blunder">{review.count(side, Judgement::Blunder)}</td>
                <td class="accuracy">{accuracy}</td>
            </tr>
        }
    };
    html! {
        <table class="review-summary">
            <tr><th></th><th>{"Inaccuracies"}</th><th>{"Mistakes"}</th><th>{"Blunders"}</th><th>{"Accuracy"}</th></tr>
            { row(Color::White) }
            { row(Color::Black) }
        </table>
    }
}

/// What the review says of the move shown.
fn judgement_here(a: &Analysis, review: &GameReview) -> Option<Html> {
    let m = review.of_node(a.at)?;
    let j = m.judgement?;
    let before = a.tree.node(a.tree.parent(a.at)?).position();
    let better = m
        .better
        .map(|mv| format!(" {} was best.", san::to_san(before, mv)))
        .unwrap_or_default();
    Some(html! {
        <p class={classes!("judgement", j.class())} id="judgement">
            {format!("{}: {}% winning chance lost.{better}", j.name(), decimal::write(m.drop * 50.0, 0))}
        </p>
    })
}

/// The review part of the analysis panel (none asked for while `barred`).
pub fn review_section(a: &Analysis, barred: bool, on_action: &Callback<AnalysisAction>) -> Html {
    let review = GameReview::of(&a.tree);
    let moves = a.tree.mainline().len();
    let control = match &a.review {
        Some(run) => html! {
            <div class="row review-run">
                <progress id="review-progress" value={run.done.to_string()} max={run.nodes.len().to_string()}></progress>
                <span id="review-count">{format!("{} of {} positions", run.done, run.nodes.len())}</span>
                <button class="secondary" id="review-cancel" onclick={act(on_action, AnalysisAction::Review(false))}>{"Cancel"}</button>
            </div>
        },
        None => html! {
            <button id="review-start" disabled={moves == 0 || barred} onclick={act(on_action, AnalysisAction::Review(true))}>
                { if review.curve.is_empty() { "Request review" } else { "Review again" } }
            </button>
        },
    };
    html! {
        <section class="review" id="review">
            { control }
            if review.curve.len() >= 2 {
                { graph(a, &review, on_action) }
                { summary(&review) }
            }
            { for judgement_here(a, &review) }
        </section>
    }
}
