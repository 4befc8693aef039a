//! The pools as the player meets them: the grid on the front page (a row a preset, a column a
//! time control, each with how many wait and play), and the bar shown on every screen while the
//! player waits (the pool, the time waited, Cancel; after a while, the computer meanwhile).

use super::{pool_name, preset_name, waited_text, PoolAction, PoolWait, OFFER_COMPUTER_AFTER_MS};
use topochess_protocol::pool::{Pool, PoolCount, POOL_CLOCKS, POOL_PRESETS};
use yew::prelude::*;

/// Props of [`PoolGrid`].
#[derive(Properties, Clone, PartialEq)]
pub struct PoolGridProps {
    /// How many wait and play in each pool, as the lobby last said.
    pub counts: Vec<PoolCount>,
    /// The pool this browser waits in.
    pub waiting: Option<String>,
    /// Signed in: the pools pair rated games.
    pub signed_in: bool,
    /// Where a press goes.
    pub on_pool: Callback<PoolAction>,
}

/// What a cell says under its clock: who waits and plays there, noughts too.
pub fn count_text(count: Option<&PoolCount>) -> String {
    let (waiting, playing) = count.map_or((0, 0), |c| (c.waiting, c.playing));
    format!("{waiting} waiting \u{b7} {playing} playing")
}

/// [`count_text`] in parts, so that a phone puts each on a line of its own.
fn count_spans(count: Option<&PoolCount>) -> Html {
    let text = count_text(count);
    let (waiting, playing) = text.split_once(" \u{b7} ").unwrap_or((&text, ""));
    html! { <>
        <span>{waiting.to_string()}</span><span class="pool-sep">{" \u{b7} "}</span><span>{playing.to_string()}</span>
    </> }
}

/// The grid of pools.
#[function_component(PoolGrid)]
pub fn pool_grid(p: &PoolGridProps) -> Html {
    let cell = |pool: Pool| {
        let id = pool.id();
        let waiting_here = p.waiting.as_deref() == Some(id.as_str());
        let count = p.counts.iter().find(|c| c.id == id);
        let press = {
            let (on_pool, id) = (p.on_pool.clone(), id.clone());
            Callback::from(move |_: MouseEvent| on_pool.emit(PoolAction::Press(id.clone())))
        };
        // What the press does, said to a screen reader before what is shown (the name holds
        // the visible text, as WCAG's "label in name" asks).
        let said = match waiting_here {
            true => format!("Leave the {} pool: ", pool_name(&pool)),
            false => format!("Play {} now: ", pool_name(&pool)),
        };
        html! {
            <td>
                <button class={classes!("pool", waiting_here.then_some("waiting"))} data-pool={id}
                    aria-pressed={waiting_here.to_string()} onclick={press}>
                    <span class="sr-only">{said}</span>
                    <span class="pool-clock">{format!("{}+{}", pool.minutes, pool.increment)}</span>
                    <span class="pool-count">
                        if waiting_here { {"Waiting\u{2026}"} } else { { count_spans(count) } }
                    </span>
                </button>
            </td>
        }
    };
    let row = |variant: &'static str| {
        html! {
            <tr>
                <th scope="row">{preset_name(variant)}</th>
                { for POOL_CLOCKS.iter().map(|&(minutes, increment)| cell(Pool { variant, minutes, increment })) }
            </tr>
        }
    };
    html! {
        <section class="home-pools" id="pools" aria-label="Quick pairing">
            <h3>{"Quick pairing"}</h3>
            <p class="muted">{ if p.signed_in {
                "Press a game: you are paired with the nearest rating waiting there, in a rated game."
            } else {
                "Press a game: you are paired with another guest in a casual game (sign in for rated games)."
            } }</p>
            <div class="pool-grid-wrap">
                <table class="pool-grid">
                    <tbody>{ for POOL_PRESETS.into_iter().map(row) }</tbody>
                </table>
            </div>
        </section>
    }
}

/// Props of [`PoolBar`].
#[derive(Properties, Clone, PartialEq)]
pub struct PoolBarProps {
    /// The wait.
    pub wait: PoolWait,
    /// Now (ms, the page's clock): the bar is drawn again every second.
    pub now: f64,
    /// The computer game meanwhile is on the board already.
    pub playing_computer: bool,
    /// Leaving, or pressing.
    pub on_pool: Callback<PoolAction>,
    /// A game against the computer at `level` while the wait goes on.
    pub on_computer: Callback<u8>,
}

/// The wait, shown on every screen.
#[function_component(PoolBar)]
pub fn pool_bar(p: &PoolBarProps) -> Html {
    let Some(pool) = Pool::of(&p.wait.pool) else {
        return html! {};
    };
    let leave = {
        let on_pool = p.on_pool.clone();
        Callback::from(move |_: MouseEvent| on_pool.emit(PoolAction::Leave))
    };
    let waited = p.now - p.wait.since;
    let rating = p.wait.seat.map_or(super::GUEST_RATING, |s| s.1);
    let level = super::computer_level(rating);
    let offer = (waited >= OFFER_COMPUTER_AFTER_MS && !p.playing_computer).then(|| {
        let on_computer = p.on_computer.clone();
        let play = Callback::from(move |_: MouseEvent| on_computer.emit(level));
        html! {
            <span class="pool-offer">{"Nobody yet. "}
                <button class="secondary" id="pool-computer" onclick={play}>
                    {format!("Play the computer (level {level}) while you wait")}</button>
            </span>
        }
    });
    let rated = match p.wait.seat {
        Some((true, _)) => " (rated)",
        Some((false, _)) => " (casual)",
        None => "",
    };
    html! {
        <div class="pool-bar" id="pool-bar" role="status" aria-live="polite">
            <span class="spinner" aria-hidden="true"></span>
            <span>{"Looking for an opponent: "}<strong>{pool_name(&pool)}</strong>{rated}
                {" \u{b7} "}<span class="pool-waited">{waited_text(&p.wait, p.now)}</span>
                if let Some(range) = super::range_text(&p.wait, p.now) {
                    {" \u{b7} "}<span class="pool-range" id="pool-range">{range}</span>
                }</span>
            { for offer }
            <button class="secondary" id="pool-leave" onclick={leave}>{"Cancel"}</button>
        </div>
    }
}
