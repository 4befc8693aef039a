//! The tournaments' pages: the list (being played, starting soon, just finished, and the form
//! that makes one), and an arena's page: its countdown, joining, pausing and coming back, the
//! standings live with each player's sheet (streaks, doubles and berserks marked), the games
//! being played (click to watch), and the podium at the end.

use super::{clock_text, countdown, sheet_mark, sheet_title, standing};
use crate::common::preset_name;
use std::rc::Rc;
use topochess_protocol::arena::{ArenaList, ArenaStatus, ArenaSummary, ArenaView, Standing};
use yew::prelude::*;

/// A rating as shown: `1623`, or `1623?` while provisional.
fn rating_text(rating: i32, provisional: bool) -> String {
    format!("{rating}{}", if provisional { "?" } else { "" })
}

/// When an arena starts, as the list says it (the page's time: `Sat 18:00`).
fn starts_text(a: &ArenaSummary) -> String {
    let date = js_sys::Date::new(&(a.starts as f64).into());
    let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
    format!(
        "{} {:02}:{:02}",
        days[date.get_day() as usize % 7],
        date.get_hours(),
        date.get_minutes()
    )
}

/// One arena in the list.
fn row(a: &ArenaSummary) -> Html {
    let when = match a.status {
        ArenaStatus::Created => format!("starts {}", starts_text(a)),
        ArenaStatus::Started => "playing now".into(),
        ArenaStatus::Finished => "finished".into(),
    };
    let rated = if a.rated { "rated" } else { "casual" };
    let bots = if a.bots { ", bots welcome" } else { "" };
    html! {
        <li class="arena-row" data-status={format!("{:?}", a.status).to_lowercase()}>
            <a href={format!("#/tournament/{}", a.id)} class="arena-link">{a.name.clone()}</a>
            <span class="muted">{format!(" {} {}, {rated}{bots}, {} min, {when}, {} player{}",
                preset_name(&a.preset), a.clock.text(), a.minutes, a.players,
                if a.players == 1 { "" } else { "s" })}</span>
        </li>
    }
}

/// The list's properties.
#[derive(Properties, PartialEq)]
pub struct ArenaListProps {
    /// The signed-in player, if any (only they make arenas).
    pub me: Option<String>,
    /// The list as the app last read it (every 10 s while shown), or why it could not be.
    pub list: Option<Result<Rc<ArenaList>, String>>,
    /// An arena made here: open its page.
    pub on_made: Callback<u64>,
}

/// The tournaments: being played, starting within the week, just finished; a signed-in player
/// makes one.
#[function_component(ArenaListPage)]
pub fn arena_list(p: &ArenaListProps) -> Html {
    let list = &p.list;
    let part = |title: &str, id: &str, arenas: &[ArenaSummary], empty: &str| {
        html! {
            <section class="arena-part" id={id.to_string()}>
                <h3>{title.to_string()}</h3>
                if arenas.is_empty() {
                    <p class="muted">{empty.to_string()}</p>
                } else {
                    <ul class="arena-rows">{ for arenas.iter().map(row) }</ul>
                }
            </section>
        }
    };
    let body = match list {
        None => html! { <p class="muted">{"Loading\u{2026}"}</p> },
        Some(Err(why)) => html! { <p class="error" id="arenas-trouble">{why.clone()}</p> },
        Some(Ok(l)) => html! { <>
            { part("Playing now", "arenas-started", &l.started, "No tournament is being played just now.") }
            { part("Starting soon", "arenas-created", &l.created, "None scheduled.") }
            { part("Just finished", "arenas-finished", &l.finished, "None in the last hours.") }
        </> },
    };
    html! {
        <section class="arena-list" id="arenas" aria-label="Tournaments">
            <h2>{"Tournaments"}</h2>
            <p class="muted">{"Arenas, as on lichess: for a set time you are paired again as soon as your game ends. A win scores 2, a draw 1; two wins in a row and you are on fire: wins and draws count double until you fail to win. Berserk halves your clock for one more point. Every hour an arena on a headline board; every Sunday at 18:00 UTC one on a sphere."}</p>
            { body }
            if p.me.is_some() {
                <super::create::CreateArena on_made={p.on_made.clone()} />
            } else {
                <p class="muted" id="arena-sign-in">{"Sign in to make a tournament or to join one."}</p>
            }
        </section>
    }
}

/// The arenas the front page shows: those being played, then the next to start; three at most.
pub fn soonest(list: &ArenaList) -> Vec<&ArenaSummary> {
    list.started.iter().chain(&list.created).take(3).collect()
}

/// Props of [`ArenasSoon`].
#[derive(Properties, PartialEq)]
pub struct ArenasSoonProps {
    /// The list as the app last read it (every 30 s while the front page is shown).
    pub list: Option<Rc<ArenaList>>,
}

/// The front page's tournaments: a link to the list and the arenas being played or starting
/// next.
#[function_component(ArenasSoon)]
pub fn arenas_soon(p: &ArenasSoonProps) -> Html {
    let list = &p.list;
    let rows = list.as_deref().map(soonest).unwrap_or_default();
    html! {
        <section class="home-arenas" aria-label="Tournaments">
            <p><a href="#/tournaments" id="lobby-tournaments">{"Tournaments"}</a>
                <span class="muted">{": an arena every hour on a headline board, a sphere every Sunday, and your own"}</span></p>
            if !rows.is_empty() {
                <ul class="arena-rows" id="home-arenas">{ for rows.into_iter().map(row) }</ul>
            }
        </section>
    }
}

/// An arena page's properties.
#[derive(Properties, PartialEq)]
pub struct ArenaPageProps {
    /// The arena.
    pub id: u64,
    /// Its standings as the socket last brought them.
    pub view: Option<ArenaView>,
    /// The server's clock less the page's (ms).
    pub offset: f64,
    /// The signed-in player, if any.
    pub me: Option<String>,
    /// Why there is no such arena, once the server said so.
    pub missing: Option<String>,
    /// A join or withdrawal sent and not yet answered.
    pub acting: bool,
    /// Why the last was refused.
    pub trouble: Option<String>,
    /// Join (with the code typed, if any) or withdraw.
    pub on_act: Callback<ArenaRequest>,
}

/// What the arena's page asks of the server.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum ArenaRequest {
    /// Join (or come back), with the code typed for a private arena.
    Join(Option<String>),
    /// Withdraw before the start, or pause once it has begun.
    Withdraw,
}

/// A player's sheet: each game's points, streaks, doubles and berserks marked.
fn sheet(s: &Standing) -> Html {
    html! {
        <span class="arena-sheet">
            { for s.sheet.iter().map(|g| {
                let class = classes!(
                    "sheet-game",
                    format!("sheet-{:?}", g.result).to_lowercase(),
                    g.streak.as_deref().map(|k| format!("sheet-{k}")),
                    g.berserk.then_some("sheet-berserk"),
                );
                html! {
                    <a class={class} href={format!("#/live/{}", g.game)} title={sheet_title(g)}
                        aria-label={sheet_title(g)}>{sheet_mark(g)}</a>
                }
            }) }
        </span>
    }
}

/// The standings' table.
fn standings(view: &ArenaView, me: Option<&str>) -> Html {
    if view.standings.is_empty() {
        return html! { <p class="muted" id="arena-nobody">{"Nobody has joined yet."}</p> };
    }
    html! {
        <table class="arena-standings" id="arena-standings">
            <thead><tr><th scope="col">{"#"}</th><th scope="col">{"Player"}</th><th scope="col">{"Games"}</th><th scope="col">{"Score"}</th></tr></thead>
            <tbody>
            { for view.standings.iter().map(|s| html! {
                <tr class={classes!("arena-standing", (Some(s.name.as_str()) == me).then_some("me"), s.paused.then_some("paused"))}
                    data-name={s.name.clone()}>
                    <td>{s.rank}</td>
                    <td><a class="player-link" href={format!("#/@/{}", s.name)}>{s.name.clone()}</a>
                        <span class="muted">{format!(" {}", rating_text(s.rating, s.provisional))}</span>
                        if s.paused { <span class="muted">{" (paused)"}</span> }</td>
                    <td>{ sheet(s) }</td>
                    <td class="arena-score">{s.score}
                        if s.fire { <span class="arena-fire" title="On fire: the next win counts double" role="img" aria-label="on fire">
                            <svg viewBox="0 0 16 16" width="15" height="15" aria-hidden="true"><path d="M8 1c1 3 4.5 4 4.5 8.3a4.5 4.5 0 0 1-9 0c0-2.3 1.2-3.6 2.3-4.6 0 2 .9 3.2 2 3.4-.4-3 .2-5 .2-7.1z" fill="#d35400" /></svg>
                        </span> }</td>
                </tr>
            }) }
            </tbody>
        </table>
    }
}

/// The podium at the end: the first three.
fn podium(view: &ArenaView) -> Html {
    if view.summary.status != ArenaStatus::Finished || view.standings.is_empty() {
        return html! {};
    }
    let places = ["First", "Second", "Third"];
    html! {
        <ol class="arena-podium" id="arena-podium" aria-label="Podium">
            { for view.standings.iter().take(3).zip(places).map(|(s, place)| html! {
                <li class="podium-place">
                    <span class="muted">{place}</span>
                    <a class="player-link" href={format!("#/@/{}", s.name)}>{s.name.clone()}</a>
                    <span>{format!("{} points, {} games{}", s.score, s.sheet.len(),
                        s.performance.map(|p| format!(", performance {p}")).unwrap_or_default())}</span>
                </li>
            }) }
        </ol>
    }
}

/// Joining, pausing and coming back, or why not.
fn actions(p: &ArenaPageProps, view: &ArenaView, code: &UseStateHandle<String>) -> Html {
    // Over: nobody joins, signed in or not.
    if view.summary.status == ArenaStatus::Finished {
        return html! {};
    }
    let Some(me) = p.me.as_deref() else {
        return html! { <p class="muted" id="arena-sign-in">{"Sign in to join."}</p> };
    };
    let mine = standing(view, me);
    // The button waits for the answer (a second click is not a second request); the server
    // tells the arena's pages the new standings before it answers. A double click's second click
    // (a click count above one) is no request either: when the answer came between the two, it
    // landed on the button that undoes the first (Join, then Withdraw).
    let post = |join: bool| {
        let (on_act, code) = (p.on_act.clone(), code.clone());
        Callback::from(move |e: MouseEvent| {
            if e.detail() > 1 {
                return;
            }
            on_act.emit(match join {
                true => ArenaRequest::Join((!code.is_empty()).then(|| (*code).clone())),
                false => ArenaRequest::Withdraw,
            })
        })
    };
    let busy = p.acting;
    let on_code = {
        let code = code.clone();
        Callback::from(move |e: InputEvent| {
            use wasm_bindgen::JsCast;
            if let Some(i) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            {
                code.set(i.value());
            }
        })
    };
    match mine {
        Some(s) if !s.paused => {
            let label = if view.summary.status == ArenaStatus::Created {
                "Withdraw"
            } else {
                "Pause"
            };
            html! { <button id="arena-withdraw" disabled={busy} onclick={post(false)}>{label}</button> }
        }
        Some(_) => {
            html! { <button id="arena-join" class="primary" disabled={busy} onclick={post(true)}>{"Come back"}</button> }
        }
        None => html! { <>
            if view.summary.private {
                <label>{"Code "}<input id="arena-code" type="text" maxlength="40" autocomplete="off" oninput={on_code} /></label>
            }
            <button id="arena-join" class="primary" disabled={busy} onclick={post(true)}>{"Join"}</button>
        </> },
    }
}

/// An arena's page.
#[function_component(ArenaPage)]
pub fn arena_page(p: &ArenaPageProps) -> Html {
    let code = use_state(String::new);
    let tick = use_state(|| 0u32);
    {
        let tick = tick.clone();
        use_effect_with((), move |_| {
            let timer =
                gloo_timers::callback::Interval::new(1000, move || tick.set(tick.wrapping_add(1)));
            move || drop(timer)
        });
    }
    let Some(view) = p.view.as_ref() else {
        // An address of no arena says so (the socket would only try again).
        let text = p
            .missing
            .clone()
            .unwrap_or_else(|| "Loading\u{2026}".into());
        return html! { <section class="arena-page" id="arena"><p class="muted" id="arena-loading">{text}</p></section> };
    };
    let s = &view.summary;
    let server_now = crate::common::clock::now() + p.offset;
    let by = match (&s.schedule, &s.creator) {
        (Some(_), _) => "by Topochess".to_string(),
        (None, Some(name)) => format!("by {name}"),
        (None, None) => String::new(),
    };
    let games = &view.games;
    html! {
        <section class="arena-page" id="arena" aria-label={s.name.clone()}>
            <header class="arena-head">
                <h2 id="arena-name">{s.name.clone()}</h2>
                <p class="muted" id="arena-facts">{format!("{} \u{b7} {} \u{b7} {} \u{b7} {} minutes \u{b7} {} player{}{}{} {by}",
                    preset_name(&s.preset), clock_text(s.clock.limit, s.clock.increment),
                    if s.rated { "rated" } else { "casual" }, s.minutes, s.players,
                    if s.players == 1 { "" } else { "s" }, if s.private { " \u{b7} private" } else { "" },
                    if s.bots { " \u{b7} bots welcome" } else { "" })}</p>
                <p class="arena-countdown" id="arena-countdown" role="timer">{countdown(view, server_now)}</p>
                <div class="arena-actions">{ actions(p, view, &code) }</div>
                if let Some(why) = &p.trouble { <p class="error" id="arena-trouble" role="alert">{why.clone()}</p> }
            </header>
            { podium(view) }
            <h3>{"Standings"}</h3>
            { standings(view, p.me.as_deref()) }
            <h3>{"Games being played"}</h3>
            if games.is_empty() {
                <p class="muted" id="arena-no-games">{"None just now."}</p>
            } else {
                <ul class="arena-games" id="arena-games">
                    { for games.iter().map(|g| html! {
                        <li><a href={format!("#/live/{}", g.id)} class="arena-game">
                            {format!("{} ({}) vs {} ({})", g.white.name, g.white.rating, g.black.name, g.black.rating)}
                        </a></li>
                    }) }
                </ul>
            }
        </section>
    }
}
