//! A live game's chat between its players (`docs/api.md`: a program's lines come on the same
//! room): the lines said, newest last, a line typed and sent (at most 140 characters, on one
//! line: the server checks it too), and Mute, which hides the opponent's lines on this page.

use yew::prelude::*;

/// The chat's properties.
#[derive(Properties, PartialEq)]
pub struct ChatProps {
    /// The lines of this game: who said what.
    pub lines: Vec<(String, String)>,
    /// The player's own name as the chat shows it (their lines are shown when muted).
    pub me: String,
    /// A line to send.
    pub on_send: Callback<String>,
}

/// The players' chat of a live game.
#[function_component(GameChat)]
pub fn game_chat(p: &ChatProps) -> Html {
    let muted = use_state(|| false);
    let typed = use_node_ref();
    let send = {
        let (typed, on_send) = (typed.clone(), p.on_send.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let Some(input) = typed.cast::<web_sys::HtmlInputElement>() else {
                return;
            };
            let text = input.value();
            if topochess_protocol::chat_fault(&text).is_none() {
                on_send.emit(text.trim().to_string());
                input.set_value("");
            }
        })
    };
    let toggle = {
        let muted = muted.clone();
        Callback::from(move |_: MouseEvent| muted.set(!*muted))
    };
    let shown = p.lines.iter().filter(|(user, _)| !*muted || *user == p.me);
    html! {
        <section class="game-chat" id="game-chat" aria-label="Chat with your opponent">
            <ol class="chat-lines" id="chat-lines" role="log" aria-live="polite">
                { for shown.map(|(user, text)| html! {
                    <li><span class="chat-user">{format!("{user}: ")}</span>{text.clone()}</li>
                }) }
            </ol>
            <form class="chat-form" onsubmit={send}>
                <input id="chat-input" ref={typed} maxlength="140" autocomplete="off"
                    aria-label="Say something to your opponent" placeholder={if *muted { "Chat muted" } else { "Say hello" }} />
                <button type="submit" class="secondary" id="chat-send">{"Send"}</button>
                <button type="button" class="secondary" id="chat-mute" aria-pressed={muted.to_string()} onclick={toggle}>
                    { if *muted { "Unmute" } else { "Mute" } }
                </button>
            </form>
        </section>
    }
}
