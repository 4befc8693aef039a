//! The accounts' views: the header's Sign in button and account menu with its dialog (sign in,
//! sign up and keep this browser's games, a new password, delete the account), a player's page
//! and a preset's leaderboard. The pages show what the app read (`pages`); the dialog sends
//! what the player typed and tells the app who is signed in.

use super::pages::{GamesFilter, PlayerRead};
use super::*;
use crate::common::modal::use_modal;
use std::rc::Rc;
use topochess_core::PRESETS;
use wasm_bindgen_futures::spawn_local;
use yew::prelude::*;

/// A player's name linking to their page (a deleted player's does not link).
pub fn player_link(tag: &PlayerTag) -> Html {
    let rating = tag
        .rating
        .map(|r| format!(" ({})", rating_text(r, tag.provisional)));
    // Once rated: the change, and the rating it made.
    let diff = tag.diff.map(|d| {
        let class = if d >= 0 { "diff up" } else { "diff down" };
        let now = tag
            .rating
            .map(|r| format!(" \u{2192} {}", r.saturating_add(d)))
            .unwrap_or_default();
        html! { <><span class={class}>{format!(" {}", diff_text(d))}</span><span class="rating-now">{now}</span></> }
    });
    let name = if topochess_protocol::account::valid_name(&tag.name) {
        html! { <a class="player-link" href={format!("#/@/{}", tag.name)}>{tag.name.clone()}</a> }
    } else {
        html! { <span class="muted">{tag.name.clone()}</span> }
    };
    // A bot's title before its name, as lichess shows it.
    let title = tag
        .title
        .as_ref()
        .map(|t| html! { <span class="title">{format!("{t} ")}</span> });
    html! { <span class="player">{title}{name}{rating.unwrap_or_default()}{diff.unwrap_or_default()}</span> }
}

/// Both players of a live game, named, rated and linked (guests as "Anonymous", a seat nobody
/// took yet as waiting for an opponent); whether the game is rated.
pub fn players_line(players: &[Option<PlayerTag>; 2], seated: [bool; 2], rated: bool) -> Html {
    if players.iter().all(Option::is_none) {
        return html! {};
    }
    let side = |i: usize| match &players[i] {
        Some(tag) => player_link(tag),
        None if seated[i] => html! { <span class="muted">{"Anonymous"}</span> },
        None => {
            html! { <span class="muted waiting" id="live-waiting-seat">{"waiting for an opponent"}</span> }
        }
    };
    html! {
        <p class="live-players" id="live-players">
            {"White: "}{side(0)}{" \u{2014} Black: "}{side(1)}
            {if rated { " \u{2014} rated" } else { " \u{2014} casual" }}
        </p>
    }
}

/// The dialog's forms.
#[derive(Clone, Copy, PartialEq)]
enum Form {
    SignIn,
    SignUp,
    Password,
    Delete,
    /// After sign-up: keep this browser's N guest games?
    Keep(usize),
    /// After sign-up: the new player welcomed, and told where to play.
    Welcome,
}

/// The account menu's properties.
#[derive(Properties, PartialEq)]
pub struct AccountMenuProps {
    /// The signed-in player's name.
    pub me: Option<String>,
    /// This browser's secret (its guest games are kept under a new account).
    pub secret: String,
    /// Who is signed in now.
    pub on_signed: Callback<Option<String>>,
}

/// The header's Sign in button, or the signed-in player's menu.
#[function_component(AccountMenu)]
pub fn account_menu(props: &AccountMenuProps) -> Html {
    let form = use_state(|| None::<Form>);
    let menu = use_state(|| false);
    let tokens = use_state(|| false);
    if !crate::common::http::server_here() {
        return html! {};
    }
    let show = |f: Option<Form>| {
        let (form, menu) = (form.clone(), menu.clone());
        Callback::from(move |_: MouseEvent| {
            menu.set(false);
            form.set(f);
        })
    };
    let close = {
        let form = form.clone();
        Callback::from(move |_: ()| form.set(None))
    };
    let dialog = form.map(|f| {
        html! {
            <AccountDialog form={f} me={props.me.clone()} secret={props.secret.clone()} on_signed={props.on_signed.clone()}
                on_form={{ let form = form.clone(); Callback::from(move |f| form.set(f)) }}
                on_close={close.clone()} />
        }
    });
    let signed_out = |everywhere: bool| {
        let (on_signed, menu) = (props.on_signed.clone(), menu.clone());
        Callback::from(move |_: MouseEvent| {
            let on_signed = on_signed.clone();
            menu.set(false);
            spawn_local(async move {
                let path = if everywhere {
                    "api/account/logout-everywhere"
                } else {
                    "api/account/logout"
                };
                if post(path, None).await.is_ok() {
                    on_signed.emit(None);
                }
            });
        })
    };
    let body = match &props.me {
        None => html! {
            <button class="secondary" id="account-open" onclick={show(Some(Form::SignIn))}>{"Sign in"}</button>
        },
        Some(name) => {
            let toggle = {
                let menu = menu.clone();
                Callback::from(move |_: MouseEvent| menu.set(!*menu))
            };
            html! {
                <div class="account-menu">
                    <button class="secondary" id="account-menu" aria-expanded={menu.to_string()}
                        onclick={toggle}>{name.clone()}</button>
                    if *menu {
                        <ul class="account-items" id="account-items">
                            <li><a href={format!("#/@/{name}")} id="account-profile"
                                onclick={{ let menu = menu.clone(); Callback::from(move |_: MouseEvent| menu.set(false)) }}>{"My page"}</a></li>
                            <li><a href="#/leaderboard" id="account-leaderboard"
                                onclick={{ let menu = menu.clone(); Callback::from(move |_: MouseEvent| menu.set(false)) }}>{"Leaderboards"}</a></li>
                            <li><button class="link" id="account-password" onclick={show(Some(Form::Password))}>{"Change password"}</button></li>
                            <li><button class="link" id="account-tokens" onclick={{
                                let (tokens, menu) = (tokens.clone(), menu.clone());
                                Callback::from(move |_: MouseEvent| { menu.set(false); tokens.set(true); })
                            }}>{"API tokens"}</button></li>
                            <li><button class="link" id="account-logout" onclick={signed_out(false)}>{"Sign out"}</button></li>
                            <li><button class="link" id="account-logout-all" onclick={signed_out(true)}>{"Sign out everywhere"}</button></li>
                            <li><button class="link danger" id="account-delete" onclick={show(Some(Form::Delete))}>{"Delete account"}</button></li>
                        </ul>
                    }
                </div>
            }
        }
    };
    let tokens_dialog = tokens.then(|| {
        let shut = tokens.clone();
        html! { <super::tokens::TokensDialog on_close={Callback::from(move |_: ()| shut.set(false))} /> }
    });
    html! { <>{ body }{ for dialog }{ for tokens_dialog }</> }
}

#[derive(Properties, PartialEq)]
struct DialogProps {
    form: Form,
    /// The signed-in player (the welcome names them).
    me: Option<String>,
    secret: String,
    on_signed: Callback<Option<String>>,
    on_form: Callback<Option<Form>>,
    on_close: Callback<()>,
}

/// Puts the keyboard in the input `id`.
fn focus(id: &str) {
    use wasm_bindgen::JsCast;
    let input = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(input) = input {
        let _ = input.focus();
    }
}

/// The text of the input `id`.
fn input_value(id: &str) -> String {
    use wasm_bindgen::JsCast;
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
        .map(|i| i.value())
        .unwrap_or_default()
}

#[function_component(AccountDialog)]
fn account_dialog(p: &DialogProps) -> Html {
    let dialog = use_modal(&p.on_close, "account-open");
    let error = use_state(|| None::<String>);
    // The field the error is about, marked and focused.
    let invalid = use_state(|| None::<Field>);
    let busy = use_state(|| false);
    let submit = {
        let (form, error, busy) = (p.form, error.clone(), busy.clone());
        let invalid = invalid.clone();
        let (secret, on_signed, on_form) =
            (p.secret.clone(), p.on_signed.clone(), p.on_form.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let (error, busy, secret) = (error.clone(), busy.clone(), secret.clone());
            let (on_signed, on_form) = (on_signed.clone(), on_form.clone());
            if matches!(form, Form::SignIn | Form::SignUp) {
                let new = form == Form::SignUp;
                let fault = form_fault(
                    new,
                    &input_value("account-name"),
                    &input_value("account-password-input"),
                );
                invalid.set(fault.as_ref().map(|f| f.0));
                if let Some((field, why)) = fault {
                    focus(field.id());
                    error.set(Some(why));
                    return;
                }
            }
            if form == Form::Welcome {
                on_form.emit(None);
                return;
            }
            busy.set(true);
            spawn_local(async move {
                let done: Result<Option<Form>, String> = match form {
                    Form::SignIn | Form::SignUp => {
                        let new = form == Form::SignUp;
                        match sign(
                            new,
                            &input_value("account-name"),
                            &input_value("account-password-input"),
                        )
                        .await
                        {
                            Ok(me) => {
                                on_signed.emit(Some(me.name));
                                let guest = if new {
                                    claim(&secret, false).await.unwrap_or(0)
                                } else {
                                    0
                                };
                                Ok(match (new, guest) {
                                    (true, 0) => Some(Form::Welcome),
                                    (true, n) => Some(Form::Keep(n)),
                                    (false, _) => None,
                                })
                            }
                            Err(e) => Err(e),
                        }
                    }
                    Form::Password => {
                        let body = serde_json::json!({
                            "current": input_value("account-current"),
                            "new": input_value("account-new"),
                        });
                        post("api/account/password", Some(body.to_string()))
                            .await
                            .map(|()| None)
                    }
                    Form::Delete => {
                        let body =
                            serde_json::json!({ "password": input_value("account-current") });
                        match post("api/account/delete", Some(body.to_string())).await {
                            Ok(()) => {
                                on_signed.emit(None);
                                Ok(None)
                            }
                            Err(e) => Err(e),
                        }
                    }
                    Form::Keep(_) => claim(&secret, true).await.map(|_| Some(Form::Welcome)),
                    Form::Welcome => Ok(None),
                };
                busy.set(false);
                match done {
                    Ok(next) => {
                        error.set(None);
                        on_form.emit(next)
                    }
                    Err(why) => error.set(Some(why)),
                }
            });
        })
    };
    let switch = |to: Form| {
        let (on_form, error) = (p.on_form.clone(), error.clone());
        Callback::from(move |_: MouseEvent| {
            error.set(None);
            on_form.emit(Some(to));
        })
    };
    let cancel = {
        let on_close = p.on_close.clone();
        Callback::from(move |_: MouseEvent| on_close.emit(()))
    };
    let (title, action) = match p.form {
        Form::SignIn => ("Sign in", "Sign in"),
        Form::SignUp => ("Sign up", "Sign up"),
        Form::Password => ("Change password", "Change password"),
        Form::Delete => ("Delete account", "Delete my account"),
        Form::Keep(_) => ("Your games", "Keep them"),
        Form::Welcome => ("Welcome to Topochess", ""),
    };
    let marked = |field: Field| (*invalid == Some(field)).then_some("true");
    let described = |field: Field| (*invalid == Some(field)).then_some("account-error");
    let fields = match p.form {
        Form::SignIn | Form::SignUp => html! {
            <>
            <label>{"Name "}<input id="account-name" autocomplete="username" required=true
                maxlength="20" aria-invalid={marked(Field::Name)} aria-describedby={described(Field::Name)} /></label>
            <label>{"Password "}<input id="account-password-input" type="password" required=true
                aria-invalid={marked(Field::Password)} aria-describedby={described(Field::Password)}
                autocomplete={if p.form == Form::SignUp { "new-password" } else { "current-password" }} /></label>
            if p.form == Form::SignUp {
                <p class="muted">{"A name of 2 to 20 letters, digits, _ and -; a password of 8 characters or more. No e-mail: keep your password safe. Guests play as before."}</p>
            }
            </>
        },
        Form::Password => html! {
            <>
            <label>{"Current password "}<input id="account-current" type="password" required=true autocomplete="current-password" /></label>
            <label>{"New password "}<input id="account-new" type="password" required=true minlength="8" autocomplete="new-password" /></label>
            <p class="muted">{"Your other devices are signed out."}</p>
            </>
        },
        Form::Delete => html! {
            <>
            <p>{"Your ratings go; your games stay, under \"deleted player\"."}</p>
            <label>{"Password "}<input id="account-current" type="password" required=true autocomplete="current-password" /></label>
            </>
        },
        Form::Welcome => html! {
            <div id="account-welcome">
                <p>{format!("Your account is made{}. Every rating starts at 1500? (the \"?\": provisional, until a few rated games say more).",
                    p.me.as_deref().map(|n| format!(", {n}")).unwrap_or_default())}</p>
                <p>{"Your games against other accounts are rated now: press a game in Quick pairing on the front page, post a seek in the lobby, or join an arena."}</p>
            </div>
        },
        Form::Keep(n) => html! {
            <p id="account-keep">{format!("This browser played {n} live game{} as a guest. Keep {} under your name?",
                if n == 1 { "" } else { "s" }, if n == 1 { "it" } else { "them" })}</p>
        },
    };
    html! {
        <dialog class="new-game-dialog" ref={dialog} aria-label={title}>
        <form class="new-game account-form" id="account-form" onsubmit={submit} aria-label={title} novalidate=true>
            <h2>{title}</h2>
            { fields }
            if let Some(why) = &*error {
                <p class="error" id="account-error" role="alert">{why.clone()}</p>
            }
            <div class="row">
                if p.form != Form::Welcome {
                    <button type="submit" id="account-submit" disabled={*busy}>{action}</button>
                } else {
                    <a class="button" id="account-welcome-play" href="#/" onclick={{
                        let on_form = p.on_form.clone();
                        Callback::from(move |_: MouseEvent| on_form.emit(None))
                    }}>{"Play on the front page"}</a>
                }
                <button type="button" class="secondary" id="account-cancel" onclick={cancel}>
                    {match p.form { Form::Keep(_) => "No, thanks", Form::Welcome => "Close", _ => "Cancel" }}</button>
            </div>
            if p.form == Form::SignIn {
                <p>{"New here? "}<button type="button" class="link" id="account-to-signup" onclick={switch(Form::SignUp)}>{"Sign up"}</button></p>
            }
            if p.form == Form::SignUp {
                <p>{"Have an account? "}<button type="button" class="link" id="account-to-signin" onclick={switch(Form::SignIn)}>{"Sign in"}</button></p>
            }
        </form>
        </dialog>
    }
}

/// A player's page's properties.
#[derive(Properties, PartialEq)]
pub struct PlayerPageProps {
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
    /// What the player may do here beside reading (challenge them), as the app composes it.
    #[prop_or_default]
    pub actions: Html,
}

/// A player's page: ratings per preset, the rating history's chart, and the games (newest
/// first, a page at a time, by preset and result), each opening on the analysis board; all of
/// them as one PGN.
#[function_component(PlayerPage)]
pub fn player_page(p: &PlayerPageProps) -> Html {
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
            { p.actions.clone() }
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
pub struct LeaderboardProps {
    /// The preset shown.
    pub preset: String,
    /// Its board as the app read it (none yet: loading), or why not.
    pub board: Option<Result<Rc<Leaderboard>, String>>,
    /// Another preset chosen.
    pub on_preset: Callback<String>,
}

/// A preset's best players (active in the last week, their rating settled).
#[function_component(LeaderboardPage)]
pub fn leaderboard_page(p: &LeaderboardProps) -> Html {
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
