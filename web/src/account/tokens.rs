//! The account's personal access tokens (`docs/api.md`), in a dialog opened from the account's
//! menu: the tokens listed with their scopes, a new one made with a description and the scopes
//! ticked (shown once, to copy), and each revoked with a press. Few players open it, so the
//! views' module draws it (`web/src/bin/views.rs`), fetched the first time it is opened; the page
//! hears when it closes.

use crate::common::http::{json, request};
use crate::common::modal::use_modal;
use crate::common::module_view::{events, Crossing, ModuleView};
use serde::{Deserialize, Serialize};
use topochess_protocol::token::{token_fault, MadeToken, NewToken, TokenInfo, SCOPES};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::spawn_local;
use yew::prelude::*;

/// What the tokens' dialog tells the page.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum TokensOut {
    /// The player closed it.
    Close,
}

impl Crossing for TokensOut {}

/// The tokens' dialog as the page draws it: a box the views' module draws the dialog from;
/// `on_close` when the player closes it.
pub fn tokens_view(on_close: Callback<()>) -> Html {
    let on_event = events(move |TokensOut::Close| on_close.emit(()));
    html! { <ModuleView kind="tokens" what="your API tokens" props="null" {on_event} /> }
}

/// The dialog's properties.
#[derive(Properties, PartialEq)]
pub struct TokensProps {
    /// Closes the dialog.
    pub on_close: Callback<()>,
}

/// Reads the tokens into `list`, or why not.
fn read(list: UseStateHandle<Option<Result<Vec<TokenInfo>, String>>>) {
    spawn_local(async move {
        list.set(Some(json("GET", "api/account/tokens", None).await));
    });
}

/// The description typed and the scopes ticked.
fn asked() -> NewToken {
    let document = web_sys::window().and_then(|w| w.document());
    let description = document
        .as_ref()
        .and_then(|d| d.get_element_by_id("token-description"))
        .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
        .map(|i| i.value())
        .unwrap_or_default();
    let scopes = SCOPES
        .iter()
        .filter(|(scope, _)| {
            document
                .as_ref()
                .and_then(|d| d.get_element_by_id(&format!("token-scope-{scope}")))
                .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
                .is_some_and(|i| i.checked())
        })
        .map(|(scope, _)| scope.to_string())
        .collect();
    NewToken {
        description,
        scopes,
    }
}

/// The tokens' dialog.
#[function_component(TokensDialog)]
pub fn tokens_dialog(p: &TokensProps) -> Html {
    let dialog = use_modal(&p.on_close, "account-menu");
    let list = use_state(|| None::<Result<Vec<TokenInfo>, String>>);
    let made = use_state(|| None::<MadeToken>);
    let error = use_state(|| None::<String>);
    let busy = use_state(|| false);
    {
        let list = list.clone();
        use_effect_with((), move |_| read(list));
    }
    let submit = {
        let (list, made, error, busy) = (list.clone(), made.clone(), error.clone(), busy.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let new = asked();
            if let Some(why) = token_fault(&new) {
                error.set(Some(why));
                return;
            }
            let (list, made, error, busy) =
                (list.clone(), made.clone(), error.clone(), busy.clone());
            busy.set(true);
            spawn_local(async move {
                let body = serde_json::to_string(&new).expect("JSON");
                match json::<MadeToken>("POST", "api/account/tokens", Some(body)).await {
                    Ok(token) => {
                        made.set(Some(token));
                        error.set(None);
                        read(list);
                    }
                    Err(why) => error.set(Some(why)),
                }
                busy.set(false);
            });
        })
    };
    let revoke = |id: String| {
        let (list, error, made) = (list.clone(), error.clone(), made.clone());
        Callback::from(move |_: MouseEvent| {
            let (list, error, made, id) = (list.clone(), error.clone(), made.clone(), id.clone());
            spawn_local(async move {
                let path = format!("api/account/tokens/{id}/revoke");
                match request("POST", &path, None).await {
                    Ok((204, _)) => {
                        if made.as_ref().is_some_and(|m| m.info.id == id) {
                            made.set(None);
                        }
                        read(list);
                    }
                    Ok((status, text)) => {
                        error.set(Some(crate::common::http::refusal(status, &text)))
                    }
                    Err(why) => error.set(Some(why)),
                }
            });
        })
    };
    let close = {
        let on_close = p.on_close.clone();
        Callback::from(move |_: MouseEvent| on_close.emit(()))
    };
    let listed = match &*list {
        None => html! { <p class="muted">{"Loading your tokens…"}</p> },
        Some(Err(why)) => html! { <p class="error" role="alert">{why.clone()}</p> },
        Some(Ok(tokens)) if tokens.is_empty() => {
            html! { <p class="muted" id="token-none">{"You have no token."}</p> }
        }
        Some(Ok(tokens)) => html! {
            <ul class="token-list" id="token-list">
                { for tokens.iter().map(|t| html! {
                    <li class="token">
                        <strong class="token-description">{t.description.clone()}</strong>
                        <span class="muted">{format!(" · {} · made {} ",
                            if t.scopes.is_empty() { "no scope".to_string() } else { t.scopes.join(", ") },
                            super::day_text(t.created, super::page_offset_minutes()))}</span>
                        <button type="button" class="link danger token-revoke"
                            aria-label={format!("Revoke {}", t.description)}
                            onclick={revoke(t.id.clone())}>{"Revoke"}</button>
                    </li>
                }) }
            </ul>
        },
    };
    html! {
        <dialog class="new-game-dialog" ref={dialog} aria-label="API tokens">
        <form class="new-game account-form" id="token-form" onsubmit={submit} aria-label="API tokens" novalidate=true>
            <h2>{"API tokens"}</h2>
            <p class="muted">{"A token lets a program (a bot, a script) act for you: send it as Authorization: Bearer <token>. See the API's documentation."}</p>
            { listed }
            if let Some(token) = &*made {
                <div class="token-made" id="token-made" role="status">
                    <p>{"Your new token: copy it now, it is shown this once."}</p>
                    <output id="token-value">{token.token.clone()}</output>
                </div>
            }
            <h3>{"A new token"}</h3>
            <label>{"What it is for "}<input id="token-description" type="text" maxlength="100" required=true /></label>
            <fieldset class="token-scopes">
                <legend>{"It may"}</legend>
                { for SCOPES.iter().map(|(scope, what)| html! {
                    <label><input type="checkbox" id={format!("token-scope-{scope}")} value={*scope} />{format!(" {what} ({scope})")}</label>
                }) }
            </fieldset>
            if let Some(why) = &*error {
                <p class="error" id="token-error" role="alert">{why.clone()}</p>
            }
            <div class="row">
                <button type="submit" id="token-submit" disabled={*busy}>{"Make the token"}</button>
                <button type="button" class="secondary" id="token-close" onclick={close}>{"Close"}</button>
            </div>
        </form>
        </dialog>
    }
}
