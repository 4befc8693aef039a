//! The app's message, where it belongs: beside what caused it (the typed move, the import box),
//! else under the header; with the buttons its question needs.

use crate::app::dispatch::act;
use crate::app::state::{Action, AppState, NoticeAt};
use yew::prelude::*;

/// The message if it belongs at `place`, else nothing.
pub fn notice(state: &UseReducerHandle<AppState>, place: NoticeAt) -> Html {
    let Some(n) = state.notice.as_ref().filter(|_| state.notice_at == place) else {
        return html! {};
    };
    html! {
        <div class={classes!("notice", (place != NoticeAt::Top).then_some("inline"))} id="notice" role="alert">{n.clone()}
            if state.offer_live {
                <button id="go-live" onclick={act(state, Action::Live)}>{"Go to the current position"}</button>
            }
            if state.pending_link.is_some() {
                <button id="link-take" onclick={act(state, Action::AnswerLink(true))}>{"Use the link's game"}</button>
                <button class="secondary" id="link-keep" onclick={act(state, Action::AnswerLink(false))}>{"Keep mine"}</button>
            }
            <button class="secondary" onclick={act(state, Action::Notice(None))} aria-label="Dismiss">{"OK"}</button>
        </div>
    }
}
