//! The accounts' views: the header's Sign in button and account menu with its dialog (sign in,
//! sign up and keep this browser's games, a new password, delete the account), and a player as
//! a game names them. The dialog sends what the player typed and tells the app who is signed
//! in. (A player's page and the leaderboards are the views' module's: `people`.)

use super::*;
use crate::common::modal::use_modal;
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
    /// The sign-in form is open from the start (asked for before the app was the whole one).
    #[prop_or_default]
    pub asked: bool,
}

/// The header's Sign in button, or the signed-in player's menu.
#[function_component(AccountMenu)]
pub fn account_menu(props: &AccountMenuProps) -> Html {
    let form = use_state(|| props.asked.then_some(Form::SignIn));
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
        super::tokens::tokens_view(Callback::from(move |_: ()| shut.set(false)))
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
