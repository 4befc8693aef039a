//! The people's screens: a player's page (ratings, their history's chart, their games by
//! preset and result) and a preset's leaderboard. Few first visits open them, so the views'
//! module draws them (`web/src/bin/views.rs`), fetched the first time one is opened: the page
//! hands the screen what its address names ([`PeopleScene`]) and hears what the player asks
//! for ([`PeopleOut`]). The screen reads what it shows from the server itself, into its own
//! state ([`AccountPages`]), when it opens and when the player filters the games.

use super::pages::{AccountAction, AccountPages, GamesFilter, PlayerRead};
use super::view::player_link;
use super::*;
use crate::common::module_view::{events, Crossing, ModuleView};
use serde::{Deserialize, Serialize};
use std::rc::Rc;
use topochess_core::PRESETS;
use wasm_bindgen_futures::spawn_local;
use yew::prelude::*;

/// Which people's screen is shown, as the address names it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PeopleScene {
    /// A player's page, by their name.
    Player(String),
    /// A preset's leaderboard, by the preset's id.
    Leaders(String),
}

impl Crossing for PeopleScene {}

/// What the player asks for on a people's screen.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PeopleOut {
    /// Open a game (its PGN) on the analysis board, with its review.
    Analyse(String),
    /// Show another preset's leaderboard.
    Leaders(String),
}

impl Crossing for PeopleOut {}

/// A people's screen as the page draws it: a box the views' module draws into.
pub fn people_view(scene: &PeopleScene, on_out: Callback<PeopleOut>) -> Html {
    let what = match scene {
        PeopleScene::Player(_) => "the player's page",
        PeopleScene::Leaders(_) => "the leaderboard",
    };
    let on_event = events(move |out: PeopleOut| on_out.emit(out));
    html! { <ModuleView kind="people" {what} props={scene.to_json()} {on_event} /> }
}

/// The people's screen's properties, in the views' module.
#[derive(Properties, PartialEq)]
pub struct PeopleProps {
    /// The screen shown.
    pub scene: PeopleScene,
    /// What the player asks for.
    pub on_out: Callback<PeopleOut>,
}

/// [`AccountPages`] as a screen's state.
#[derive(Clone, Default, PartialEq)]
struct Pages(AccountPages);

impl Reducible for Pages {
    type Action = AccountAction;

    fn reduce(self: Rc<Self>, action: AccountAction) -> Rc<Self> {
        let mut pages = Rc::unwrap_or_clone(self).0;
        pages.reduce(action);
        Rc::new(Pages(pages))
    }
}

/// A people's screen, reading what it shows: a player's account and rating history when their
/// page opens, a page of their games whenever the filter changes, a leaderboard when it opens
/// (each answer kept, so that what was read stays shown while the next is read).
#[function_component(PeopleScreen)]
pub fn people_screen(p: &PeopleProps) -> Html {
    let pages = use_reducer(Pages::default);
    let here = crate::common::http::server_here();
    let player = match &p.scene {
        PeopleScene::Player(name) if here => Some(name.clone()),
        _ => None,
    };
    {
        let dispatch = pages.dispatcher();
        use_effect_with(player.clone(), move |player| {
            if let Some(name) = player.clone() {
                spawn_local(async move {
                    let user = user(&name).await;
                    let history = history(&name).await.unwrap_or_default();
                    dispatch.dispatch(AccountAction::PlayerRead(name, user, history));
                });
            }
        });
    }
    let listed = player.map(|name| {
        let filter = pages.0.filter_of(&name);
        (name, filter)
    });
    {
        let dispatch = pages.dispatcher();
        use_effect_with(listed, move |listed| {
            if let Some((name, filter)) = listed.clone() {
                spawn_local(async move {
                    let read = games(&name, filter.page, &filter.preset, &filter.result).await;
                    if let Ok(page) = read {
                        dispatch.dispatch(AccountAction::GamesRead(name, filter, page));
                    }
                });
            }
        });
    }
    let board = match &p.scene {
        PeopleScene::Leaders(preset) if here => Some(preset.clone()),
        _ => None,
    };
    {
        let dispatch = pages.dispatcher();
        use_effect_with(board, move |board| {
            if let Some(preset) = board.clone() {
                spawn_local(async move {
                    let read = leaderboard(&preset).await;
                    dispatch.dispatch(AccountAction::LeadersRead(preset, read));
                });
            }
        });
    }
    match &p.scene {
        PeopleScene::Player(name) => {
            let on_filter = {
                let (dispatch, name) = (pages.dispatcher(), name.clone());
                Callback::from(move |f| dispatch.dispatch(AccountAction::Filter(name.clone(), f)))
            };
            let on_analyse = p.on_out.reform(PeopleOut::Analyse);
            html! {
                <PlayerPage name={name.clone()} read={pages.0.player_of(name).cloned()}
                    games={pages.0.games_of(name)} filter={pages.0.filter_of(name)}
                    {on_filter} {on_analyse} />
            }
        }
        PeopleScene::Leaders(preset) => html! {
            <LeaderboardPage preset={preset.clone()} board={pages.0.leaders_of(preset)}
                on_preset={p.on_out.reform(PeopleOut::Leaders)} />
        },
    }
}

/// A player's page's properties.
#[derive(Properties, PartialEq)]
struct PlayerPageProps {
    /// The player's name.
    pub name: String,
    /// Their page as the app read it (none yet: loading).
    pub read: Option<PlayerRead>,
    /// The page of their games the app read last.
    pub games: Option<Rc<GamesPage>>,
    /// Which of their games are listed.
    pub filter: GamesFilter,
    /// Another filter (or page) chosen.
    pub on_filter: Callback<GamesFilter>,
    /// Open a game (as PGN) on the analysis board with its review.
    pub on_analyse: Callback<String>,
}

/// A player's page: ratings per preset, the rating history's chart, and the games (newest
/// first, a page at a time, by preset and result), each opening on the analysis board; all of
/// them as one PGN.
#[function_component(PlayerPage)]
fn player_page(p: &PlayerPageProps) -> Html {
    let Some(read) = &p.read else {
        return html! { <section class="player-page" id="player-page"><p class="muted">{"Loading\u{2026}"}</p></section> };
    };
    let user = match &read.user {
        Ok(user) => user,
        Err(why) => {
            return html! { <section class="player-page" id="player-page"><h2>{p.name.clone()}</h2><p class="error" id="player-trouble">{why.clone()}</p></section> };
        }
    };
    let preset_name = |id: &str| {
        topochess_core::variant::preset(id).map_or(id.to_string(), |p| p.name.to_string())
    };
    let played: Vec<_> = user.ratings.iter().filter(|(_, r)| r.games > 0).collect();
    let offset = crate::account::page_offset_minutes();
    let day = move |ms: u64| crate::account::day_text(ms, offset);
    let charts = read.history.iter().map(|(preset, points)| {
        let (Some(first), Some(last)) = (points.first(), points.last()) else {
            return html! {};
        };
        let name = preset_name(preset);
        if points.len() == 1 {
            // One game makes no line: said in words.
            return html! {
                <p class="rating-chart rating-one" data-preset={preset.clone()}>
                    {format!("{name}: {} after one rated game, on {}. The chart begins with the second.", last.rating, day(last.at))}
                </p>
            };
        }
        let (line, lo, hi) = chart_points(points, 300.0, 80.0);
        let label = format!(
            "Rating history at {name}: from {} on {} to {} on {}, {} rated games",
            first.rating, day(first.at), last.rating, day(last.at), points.len()
        );
        html! {
            <figure class="rating-chart" data-preset={preset.clone()}>
                <figcaption>{format!("{name}: now {}, between {lo} and {hi}", last.rating)}</figcaption>
                <svg viewBox="-44 -8 352 112" role="img" aria-label={label}>
                    <g class="chart-axes" aria-hidden="true">
                        <line x1="0" y1="0" x2="0" y2="80" />
                        <line x1="0" y1="80" x2="300" y2="80" />
                        <text x="-6" y="4" text-anchor="end">{hi}</text>
                        <text x="-6" y="84" text-anchor="end">{lo}</text>
                        <text x="0" y="100" text-anchor="start" class="chart-date">{day(first.at)}</text>
                        <text x="300" y="100" text-anchor="end" class="chart-date">{day(last.at)}</text>
                    </g>
                    <polyline points={line.join(" ")} fill="none" stroke="currentColor" stroke-width="2" />
                    { for line.iter().filter_map(|xy| xy.split_once(',')).map(|(x, y)| html! {
                        <circle cx={x.to_string()} cy={y.to_string()} r="3" fill="currentColor" />
                    }) }
                </svg>
            </figure>
        }
    });
    let set_filter = |which: usize| {
        let (on_filter, filter) = (p.on_filter.clone(), p.filter.clone());
        Callback::from(move |e: Event| {
            let v = crate::common::select_value(&e);
            let mut f = GamesFilter {
                page: 1,
                ..filter.clone()
            };
            if which == 0 {
                f.preset = v
            } else {
                f.result = v
            }
            on_filter.emit(f);
        })
    };
    let page = |to: usize| {
        let (on_filter, filter) = (p.on_filter.clone(), p.filter.clone());
        Callback::from(move |_: MouseEvent| {
            on_filter.emit(GamesFilter {
                page: to,
                ..filter.clone()
            })
        })
    };
    let GamesFilter {
        page: at,
        preset: chosen_preset,
        result: chosen_result,
    } = p.filter.clone();
    let games = p
        .games
        .as_ref()
        .map(|g| g.games.clone())
        .unwrap_or_default();
    let more = p.games.as_ref().is_some_and(|g| g.more);
    let row = |g: &PastGame| {
        let analyse = {
            let (on_analyse, pgn) = (p.on_analyse.clone(), game_pgn(g));
            Callback::from(move |_: MouseEvent| {
                if let Some(pgn) = &pgn {
                    on_analyse.emit(pgn.clone());
                }
            })
        };
        let side = |i: usize| match &g.players[i] {
            Some(tag) => player_link(tag),
            None => html! { <span class="muted">{"Anonymous"}</span> },
        };
        let clock = g
            .clock
            .map_or("no clock".to_string(), |(b, i)| format!("{}+{}", b / 60, i));
        html! {
            <li class="past-game" data-game={g.id.clone()}>
                <time class="past-date" datetime={js_sys::Date::new(&(g.created as f64).into()).to_iso_string().as_string().unwrap_or_default()}>{day(g.created)}</time>
                <span>{side(0)}{" \u{2013} "}{side(1)}</span>
                <span>{format!(" {} ({}), {}, {}, {}{}", g.result, g.ending, preset_name(&g.variant), clock, moves_text(g.moves.len()), if g.rated { ", rated" } else { "" })}</span>
                <button class="secondary past-analyse" onclick={analyse}>{"Analyse"}</button>
            </li>
        }
    };
    html! {
        <section class="player-page" id="player-page" aria-label={format!("{}'s page", user.name)}>
            <h2 id="player-name">{user.title.as_ref().map(|t| html! { <span class="title">{format!("{t} ")}</span> })}{user.name.clone()}</h2>
            <table class="ratings" id="player-ratings">
                <thead><tr><th>{"Game"}</th><th>{"Rating"}</th><th>{"RD"}</th><th>{"Rated games"}</th></tr></thead>
                <tbody>
                { for PRESETS.iter().filter_map(|pr| user.ratings.get(pr.id).map(|r| (pr, r))).filter(|(_, r)| r.games > 0 || played.is_empty()).map(|(pr, r)| html! {
                    <tr data-preset={pr.id}><td>{pr.name}</td><td class="rating">{preset_rating_text(r)}</td><td>{r.rd}</td><td>{r.games}</td></tr>
                }) }
                </tbody>
            </table>
            if played.is_empty() {
                <p class="muted">{"No rated game yet: every game starts at 1500? (\"?\": provisional)."}</p>
            }
            <div class="charts">{ for charts }</div>
            <h3>{"Games"}</h3>
            <div class="row filters">
                <label>{"Game "}<select id="player-preset" onchange={set_filter(0)}>
                    <option value="" selected={chosen_preset.is_empty()}>{"all"}</option>
                    { for PRESETS.iter().map(|pr| html! { <option value={pr.id} selected={chosen_preset == pr.id}>{pr.name}</option> }) }
                </select></label>
                <label>{"Result "}<select id="player-result" onchange={set_filter(1)}>
                    { for [("", "all"), ("win", "won"), ("loss", "lost"), ("draw", "drawn")].into_iter().map(|(v, label)| html! {
                        <option value={v} selected={chosen_result == v}>{label}</option>
                    }) }
                </select></label>
                <a class="button secondary" id="player-pgn" href={format!("api/games/user/{}", user.name)} download={format!("{}.pgn", user.name)}>{"All games (PGN)"}</a>
            </div>
            if games.is_empty() {
                <p class="muted" id="player-no-games">{"No finished games here."}</p>
            }
            <ul class="past-games" id="player-games">{ for games.iter().map(row) }</ul>
            <div class="row">
                if at > 1 { <button class="secondary" id="player-newer" onclick={page(at - 1)}>{"Newer"}</button> }
                if more { <button class="secondary" id="player-older" onclick={page(at + 1)}>{"Older"}</button> }
            </div>
        </section>
    }
}

/// "1 move", "12 moves" of a game of `plies`.
fn moves_text(plies: usize) -> String {
    let n = plies.div_ceil(2);
    format!("{n} move{}", if n == 1 { "" } else { "s" })
}

/// A leaderboard's properties.
#[derive(Properties, PartialEq)]
struct LeaderboardProps {
    /// The preset shown.
    pub preset: String,
    /// Its board as the app read it (none yet: loading), or why not.
    pub board: Option<Result<Rc<Leaderboard>, String>>,
    /// Another preset chosen.
    pub on_preset: Callback<String>,
}

/// A preset's best players (active in the last week, their rating settled).
#[function_component(LeaderboardPage)]
fn leaderboard_page(p: &LeaderboardProps) -> Html {
    let on_change = {
        let on_preset = p.on_preset.clone();
        Callback::from(move |e: Event| on_preset.emit(crate::common::select_value(&e)))
    };
    let list = match &p.board {
        None => html! { <p class="muted">{"Loading\u{2026}"}</p> },
        Some(Err(why)) => html! { <p class="error">{why.clone()}</p> },
        Some(Ok(b)) if b.players.is_empty() => html! {
            <p class="muted" id="leaders-empty">{"Nobody yet: a player is listed once their rating is settled (RD 65 or less, 75 at standard chess) and they played rated in the last week."}</p>
        },
        Some(Ok(b)) => html! {
            <ol class="leaders" id="leaders">
                { for b.players.iter().map(|l| html! {
                    <li><a class="player-link" href={format!("#/@/{}", l.name)}>{l.name.clone()}</a>
                        {format!(" {} ({} games)", l.rating, l.games)}</li>
                }) }
            </ol>
        },
    };
    html! {
        <section class="player-page" id="leaderboard" aria-label="Leaderboard">
            <h2>{"Leaderboard"}</h2>
            <label>{"Game "}<select id="leaders-preset" onchange={on_change}>
                { for PRESETS.iter().map(|pr| html! { <option value={pr.id} selected={pr.id == p.preset}>{pr.name}</option> }) }
            </select></label>
            { list }
        </section>
    }
}
