//! The Learn screen: the list of lessons with the learner's progress, and beside the board the
//! step's task, its hint, the verdict on the answer, what the step shows, and the way on (the
//! next step, or at the end a game on the lesson's surface).

use crate::learn::lessons::LESSONS;
use crate::learn::{LearnAction, LearnProgress, Studying};
use topochess_core::variant::preset;
use yew::prelude::*;

fn emit(on_action: &Callback<LearnAction>, a: LearnAction) -> Callback<MouseEvent> {
    let on_action = on_action.clone();
    Callback::from(move |_: MouseEvent| on_action.emit(a.clone()))
}

/// The lessons, each with its steps done and a button to open it.
pub fn lesson_list(progress: &LearnProgress, on_action: &Callback<LearnAction>) -> Html {
    html! {
        <section class="lessons" id="lessons">
            <h2>{"Learn the surfaces"}</h2>
            <p>{"Short steps on each surface: reach the green rings, take, check and mate across the \
                edges, and count a piece's squares. The rules judge every answer."}</p>
            <div class="lesson-cards">
            { for LESSONS.iter().enumerate().map(|(i, l)| {
                let done = progress.done_in(l);
                let total = l.steps.len();
                let label = match done {
                    0 => "Start",
                    d if d == total => "Again",
                    _ => "Continue",
                };
                let surface = preset(l.variant).map_or(l.variant, |p| p.name);
                html! {
                    <article class={classes!("lesson-card", (done == total).then_some("done"))} data-lesson={l.id}>
                        <h3>{l.title}</h3>
                        <p class="lesson-surface">{surface}</p>
                        <p>{l.intro}</p>
                        <p class="lesson-progress">
                            <progress max={total.to_string()} value={done.to_string()}></progress>
                            {format!(" {done} of {total} steps")}
                        </p>
                        <button id={format!("learn-open-{}", l.id)} onclick={emit(on_action, LearnAction::Open(i))}>{label}</button>
                    </article>
                }
            }) }
            </div>
        </section>
    }
}

/// The answer's verdict and, once right, what the step shows.
fn verdict(s: &Studying) -> Html {
    match (&s.answer, &s.wrong) {
        (Some(_), _) => html! {
            <div class="learn-feedback good" id="learn-feedback" role="status">
                <strong>{format!("Right: {}.", s.answer_text().unwrap_or_default())}</strong>
                <p id="learn-point">{s.step().point}</p>
            </div>
        },
        (None, Some((why, _))) => html! {
            <div class="learn-feedback bad" id="learn-feedback" role="status">
                <strong>{why.clone()}</strong>{" Try again."}
            </div>
        },
        (None, None) => html! {},
    }
}

/// The numbers to choose from, on a counting step not yet answered.
fn count_buttons(s: &Studying, on_action: &Callback<LearnAction>) -> Html {
    if s.step().by_move() || s.answer.is_some() {
        return html! {};
    }
    html! {
        <div class="row count-choices" role="group" aria-label="How many">
            { for s.step().count_choices(&s.pos).into_iter().map(|n| html! {
                <button class="secondary" id={format!("count-{n}")} onclick={emit(on_action, LearnAction::Count(n))}>{n.to_string()}</button>
            }) }
        </div>
    }
}

/// The way on: the next step, or at the lesson's end a game on its surface and the next lesson.
fn way_on(s: &Studying, on_action: &Callback<LearnAction>) -> Html {
    if s.answer.is_none() {
        return html! {};
    }
    let lesson = s.lesson();
    if s.step + 1 < lesson.steps.len() {
        return html! {
            <div class="row">
                <button id="learn-next" onclick={emit(on_action, LearnAction::Goto(s.step + 1))}>{"Next step"}</button>
            </div>
        };
    }
    let surface = preset(lesson.variant).map_or(lesson.variant, |p| p.name);
    html! {
        <div class="learn-end" id="learn-end">
            <p><strong>{format!("Lesson complete: {}.", lesson.title)}</strong></p>
            <div class="row">
                <button id="learn-play" onclick={emit(on_action, LearnAction::PlayGame)}>
                    {format!("Play the computer on {surface}")}</button>
                if s.lesson + 1 < LESSONS.len() {
                    <button class="secondary" id="learn-next-lesson" onclick={emit(on_action, LearnAction::Open(s.lesson + 1))}>{"Next lesson"}</button>
                }
            </div>
        </div>
    }
}

/// The panel beside the board while a step is open.
pub fn step_aside(
    s: &Studying,
    progress: &LearnProgress,
    on_action: &Callback<LearnAction>,
) -> Html {
    let lesson = s.lesson();
    let step = s.step();
    html! {
        <aside class="learn-panel">
            <h2 class="learn-title">{lesson.title}</h2>
            <ol class="learn-steps" aria-label="Steps">
                { for (0..lesson.steps.len()).map(|k| {
                    let done = progress.is_done(lesson, k);
                    html! {
                        <li><button class={classes!("step-dot", done.then_some("done"), (k == s.step).then_some("on"))}
                            aria-label={format!("Step {}{}", k + 1, if done { ", done" } else { "" })}
                            onclick={emit(on_action, LearnAction::Goto(k))}>
                            { if done { "✓".to_string() } else { (k + 1).to_string() } }</button></li>
                    }
                }) }
            </ol>
            <p class="learn-prompt" id="learn-prompt"><strong>{format!("Step {} of {}. ", s.step + 1, lesson.steps.len())}</strong>{step.prompt}</p>
            { count_buttons(s, on_action) }
            if s.hint {
                <p class="learn-hint" id="learn-hint">{step.hint}</p>
            } else if s.answer.is_none() {
                <div class="row"><button class="secondary" id="learn-hint-show" onclick={emit(on_action, LearnAction::Hint)}>{"Hint"}</button></div>
            }
            { verdict(s) }
            { way_on(s, on_action) }
            <div class="row">
                if s.answer.is_some() {
                    <button class="secondary" id="learn-again" onclick={emit(on_action, LearnAction::Again)}>{"This step again"}</button>
                }
                <button class="secondary" id="learn-close" onclick={emit(on_action, LearnAction::Close)}>{"All lessons"}</button>
            </div>
        </aside>
    }
}
