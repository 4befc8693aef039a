//! The puzzle screen's panel: what to find, whether the move was right, the rating, streak and
//! history, the filters, and the buttons (the solution, the next puzzle, again, analyse).

use crate::common::select_value;
use crate::puzzle::set::{shipped, shipped_choices, Filter, PuzzleRecord};
use crate::puzzle::{Finish, PuzzleAction, Solving};
use topochess_core::variant::preset;
use topochess_core::{fen, Color};
use yew::prelude::*;

/// A preset's name.
fn surface_name(id: &str) -> String {
    preset(id).map_or(id.to_string(), |p| p.name.to_string())
}

/// A tag as players read it: `mate-in-2` is "mate in 2", `material-in-1` "win material in 1".
fn tag_text(tag: &str) -> String {
    match tag.strip_prefix("material-in-") {
        Some(n) => format!("win material in {n}"),
        None => tag.replace('-', " "),
    }
}

fn emit(on_action: &Callback<PuzzleAction>, a: PuzzleAction) -> Callback<MouseEvent> {
    let on_action = on_action.clone();
    Callback::from(move |_: MouseEvent| on_action.emit(a.clone()))
}

fn side(c: Color) -> &'static str {
    if c == Color::White {
        "White"
    } else {
        "Black"
    }
}

/// What the player is told: the task, then whether the last move was right, then the end.
fn feedback(s: &Solving) -> Html {
    let me = s.solver();
    let task = format!(
        "Find the best move for {}: {}.",
        side(me),
        s.entry.goal_text()
    );
    let (class, text) = match (s.finish, &s.wrong) {
        (Some(Finish::Solved), _) if !s.failed => ("good", "Solved!".to_string()),
        (Some(Finish::Solved), _) => (
            "done",
            "Puzzle complete (after a wrong move: counted as failed).".to_string(),
        ),
        (Some(Finish::Shown), _) => ("done", "The solution, played out.".to_string()),
        (None, Some(wrong)) => (
            "bad",
            format!("{wrong} is not the best move. Try something else."),
        ),
        (None, None) if s.played().is_empty() => {
            let lead = s
                .lead_in()
                .map(|m| format!("{} played {m}. ", side(!me)))
                .unwrap_or_default();
            ("task", format!("{lead}{task}"))
        }
        (None, None) if s.reply_due().is_some() => ("good", "Best move! ...".to_string()),
        (None, None) => ("good", "Best move! Keep going.".to_string()),
    };
    html! {
        <p class={classes!("puzzle-feedback", class)} id="puzzle-feedback" role="status">{text}</p>
    }
}

/// The record: rating, streak and the last puzzles played (each opens again, not rated).
fn record_view(record: &PuzzleRecord, on_action: &Callback<PuzzleAction>) -> Html {
    let set = shipped();
    let recent = record.history.iter().rev().take(20).filter_map(|a| {
        let i = set.iter().position(|p| p.id == a.id)?;
        let p = &set[i];
        let change = match a.change {
            0 => String::new(),
            c => format!(" {c:+}"),
        };
        let label = format!(
            "{} {} ({}){change}",
            if a.solved { "✓" } else { "✗" },
            surface_name(&p.variant),
            p.rating
        );
        Some(html! {
            <li><button class={classes!("link", if a.solved { "won" } else { "lost" })}
                onclick={emit(on_action, PuzzleAction::Open(i))}
                title="Play it again (not rated)">{label}</button></li>
        })
    });
    let solved = record.history.iter().filter(|a| a.solved).count();
    html! {
        <section class="puzzle-record">
            <p><strong>{"Rating "}</strong><span id="puzzle-rating">{record.rating_text()}</span>
               {format!(" · streak {} (best {}) · {} of {} solved", record.streak, record.best_streak, solved, record.history.len())}</p>
            if !record.history.is_empty() {
                <details open=true>
                    <summary>{"History"}</summary>
                    <ul class="puzzle-history" id="puzzle-history">{ for recent }</ul>
                </details>
            }
        </section>
    }
}

/// The surface and theme filters, each option with its number of puzzles.
fn filters(filter: &Filter, on_action: &Callback<PuzzleAction>) -> Html {
    // Worked out once for the set, not at every drawing of the screen.
    let choices = shipped_choices();
    let total = shipped().len();
    // A select's change: the filter with one of its fields set (an empty value is "any").
    let on_change = |set: fn(&mut Filter, Option<String>)| {
        let (on_action, filter) = (on_action.clone(), filter.clone());
        Callback::from(move |e: Event| {
            let v = select_value(&e);
            let mut next = filter.clone();
            set(&mut next, (!v.is_empty()).then_some(v));
            on_action.emit(PuzzleAction::SetFilter(next));
        })
    };
    let on_surface = on_change(|f, v| f.surface = v);
    let on_theme = on_change(|f, v| f.theme = v);
    html! {
        <div class="row puzzle-filters">
            <label>{"Surface "}
                <select id="puzzle-surface" onchange={on_surface}>
                    <option value="" selected={filter.surface.is_none()}>{format!("any ({total})")}</option>
                    { for choices.surfaces.iter().map(|(id, count)| html! {
                        <option value={id.clone()} selected={filter.surface.as_deref() == Some(id.as_str())}>
                            {format!("{} ({count})", surface_name(id))}</option>
                    }) }
                </select>
            </label>
            <label>{"Theme "}
                <select id="puzzle-theme" onchange={on_theme}>
                    <option value="" selected={filter.theme.is_none()}>{"any"}</option>
                    { for choices.themes.iter().map(|(t, count)| html! {
                        <option value={t.clone()} selected={filter.theme.as_deref() == Some(t.as_str())}>
                            {format!("{} ({count})", tag_text(t))}</option>
                    }) }
                </select>
            </label>
        </div>
    }
}

/// The moves played since the puzzle's position; once it is over each one can be looked at.
fn moves_view(s: &Solving, on_action: &Callback<PuzzleAction>) -> Html {
    let shown = s.shown_ply();
    let over = s.finish.is_some();
    html! {
        <div class="puzzle-moves" id="puzzle-moves">
            { for s.played().into_iter().map(|(ply, number, text)| {
                let on_action = on_action.clone();
                html! {
                    <>
                        if let Some(n) = number { <span class="move-number">{n}</span> }
                        <button class={classes!("link", "mv", (ply == shown).then_some("on"))} disabled={!over}
                            onclick={Callback::from(move |_: MouseEvent| on_action.emit(PuzzleAction::View(ply)))}>
                            {text}</button>
                    </>
                }
            }) }
        </div>
    }
}

/// The puzzle screen's panel.
pub fn puzzle_aside(
    solving: Option<&Solving>,
    record: &PuzzleRecord,
    trouble: Option<&str>,
    opening: bool,
    on_action: &Callback<PuzzleAction>,
) -> Html {
    let Some(s) = solving else {
        let word = match (crate::puzzle::set::is_ready(), trouble) {
            (true, _) if opening => "Opening a puzzle…".to_string(),
            (true, _) => "No puzzle fits these filters.".to_string(),
            (false, None) => "Loading the puzzles…".to_string(),
            (false, Some(why)) => {
                format!("The puzzles could not be loaded ({why}): reload to try again.")
            }
        };
        return html! {
            <aside class="puzzle-panel">
                <p id="puzzle-feedback">{word}</p>
                { filters(&record.filter, on_action) }
                { record_view(record, on_action) }
            </aside>
        };
    };
    let e = &s.entry;
    let mut about: Vec<String> = vec![e.goal_text()];
    // The themes would give the answer away: they are shown once the puzzle is over.
    if s.finish.is_some() {
        about.extend(e.themes.iter().map(|t| tag_text(t)));
    }
    let change = s.change.filter(|&c| c != 0).map(|c| {
        html! { <span class={classes!("puzzle-change", if c > 0 { "up" } else { "down" })} id="puzzle-change">{format!("{c:+}")}</span> }
    });
    let analyse = emit(on_action, PuzzleAction::Analyse);
    let position = fen::write(s.shown());
    let flip = emit(on_action, PuzzleAction::Flip);
    html! {
        <aside class="puzzle-panel">
            <h2 class="puzzle-title">{format!("Puzzle · {}", surface_name(&e.variant))} {for change}</h2>
            <p class="puzzle-about" id="puzzle-about">{format!("{} · rated {}", about.join(" · "), e.rating)}</p>
            { feedback(s) }
            { moves_view(s, on_action) }
            <div class="row">
                if s.finish.is_none() {
                    <button class="secondary" id="puzzle-solution" onclick={emit(on_action, PuzzleAction::Solution)}>{"View the solution"}</button>
                } else {
                    <button class="secondary" id="puzzle-retry" onclick={emit(on_action, PuzzleAction::Retry)}>{"Again"}</button>
                    <button class="secondary" id="puzzle-analyse" onclick={analyse}>{"Analyse"}</button>
                }
                <button class="secondary" id="puzzle-flip" onclick={flip}>{"Flip"}</button>
                if s.finish.is_some() {
                    <button id="puzzle-next" onclick={emit(on_action, PuzzleAction::Next)}>{"Next puzzle"}</button>
                }
            </div>
            if s.finish.is_some() {
                <div class="row nav">
                    <button onclick={emit(on_action, PuzzleAction::View(0))} aria-label="First position">{"|<"}</button>
                    <button id="puzzle-back" onclick={emit(on_action, PuzzleAction::Step(-1))} aria-label="Previous move">{"<"}</button>
                    <button id="puzzle-forward" onclick={emit(on_action, PuzzleAction::Step(1))} aria-label="Next move">{">"}</button>
                    <button onclick={emit(on_action, PuzzleAction::View(usize::MAX))} aria-label="Last position">{">|"}</button>
                </div>
            }
            { filters(&record.filter, on_action) }
            { record_view(record, on_action) }
            <p class="puzzle-fen"><small>{position}</small></p>
        </aside>
    }
}
