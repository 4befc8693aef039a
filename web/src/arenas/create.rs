//! The form that makes an arena: its name, board, clock, length, start, rated or casual, bots
//! welcome or not, and a code that makes it private. The server checks it all again and says why when it refuses.

use crate::common::select_value;
use topochess_core::PRESETS;
use topochess_protocol::arena::{ArenaClock, NewArena, ARENA_CLOCKS, ARENA_LENGTHS};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::spawn_local;
use yew::prelude::*;

/// When an arena may start, in minutes from now, as the form offers it.
const STARTS_IN: [u32; 8] = [0, 1, 2, 5, 10, 15, 30, 60];

/// The form's properties.
#[derive(Properties, PartialEq)]
pub struct CreateArenaProps {
    /// The arena made: open its page.
    pub on_made: Callback<u64>,
}

fn checked(e: &Event) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        .is_some_and(|i| i.checked())
}

/// The form (folded at first: a summary to open).
#[function_component(CreateArena)]
pub fn create_arena(p: &CreateArenaProps) -> Html {
    let new = use_state(|| NewArena {
        name: String::new(),
        preset: "folded".into(),
        clock: ArenaClock {
            limit: 180,
            increment: 2,
        },
        minutes: 30,
        starts_in: 300,
        rated: true,
        code: None,
        bots: false,
    });
    let trouble = use_state(|| None::<String>);
    let busy = use_state(|| false);
    let change = |edit: fn(&mut NewArena, &Event)| {
        let new = new.clone();
        Callback::from(move |e: Event| {
            let mut n = (*new).clone();
            edit(&mut n, &e);
            new.set(n);
        })
    };
    // Text is kept as it is typed, so that a submit straight after typing has it.
    let typed = |edit: fn(&mut NewArena, String)| {
        let new = new.clone();
        Callback::from(move |e: InputEvent| {
            let value = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                .map(|i| i.value())
                .unwrap_or_default();
            let mut n = (*new).clone();
            edit(&mut n, value);
            new.set(n);
        })
    };
    let on_submit = {
        let (new, trouble, busy, on_made) = (
            new.clone(),
            trouble.clone(),
            busy.clone(),
            p.on_made.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let body = serde_json::to_string(&*new).expect("JSON");
            let (trouble, busy, on_made) = (trouble.clone(), busy.clone(), on_made.clone());
            busy.set(true);
            spawn_local(async move {
                let made: Result<serde_json::Value, String> =
                    crate::common::http::json("POST", "api/tournaments", Some(body)).await;
                busy.set(false);
                match made.map(|v| v["id"].as_str().and_then(topochess_protocol::parse_id)) {
                    Ok(Some(id)) => {
                        trouble.set(None);
                        on_made.emit(id);
                    }
                    Ok(None) => trouble.set(Some("the server did not say which".into())),
                    Err(why) => trouble.set(Some(why)),
                }
            });
        })
    };
    let clock_id = |c: &ArenaClock| format!("{}+{}", c.limit / 60, c.increment);
    html! {
        <details class="arena-create" id="arena-create">
            <summary>{"Make a tournament"}</summary>
            <form onsubmit={on_submit}>
                <label>{"Name "}<input id="arena-new-name" type="text" maxlength="40"
                    placeholder={format!("left empty: {} Arena", topochess_protocol::arena::short_name(&new.preset))}
                    value={new.name.clone()} oninput={typed(|n, v| n.name = v)} /></label>
                <label>{"Board "}<select id="arena-new-preset" onchange={change(|n, e| n.preset = select_value(e))}>
                    { for PRESETS.iter().map(|pr| html! { <option value={pr.id} selected={pr.id == new.preset}>{pr.name}</option> }) }
                </select></label>
                <label>{"Clock "}<select id="arena-new-clock" onchange={change(|n, e| {
                    let v = select_value(e);
                    if let Some((m, i)) = v.split_once('+').and_then(|(m, i)| Some((m.parse::<u32>().ok()?, i.parse().ok()?))) {
                        n.clock = ArenaClock { limit: m * 60, increment: i };
                    }
                })}>
                    { for ARENA_CLOCKS.iter().map(|&(m, i)| {
                        let c = ArenaClock { limit: m * 60, increment: i };
                        html! { <option value={clock_id(&c)} selected={c == new.clock}>{clock_id(&c)}</option> }
                    }) }
                </select></label>
                <label>{"Length "}<select id="arena-new-minutes" onchange={change(|n, e| n.minutes = select_value(e).parse().unwrap_or(30))}>
                    { for ARENA_LENGTHS.iter().map(|&m| html! { <option value={m.to_string()} selected={m == new.minutes}>{format!("{m} minutes")}</option> }) }
                </select></label>
                <label>{"Starts "}<select id="arena-new-starts" onchange={change(|n, e| n.starts_in = select_value(e).parse::<u32>().unwrap_or(5) * 60)}>
                    { for STARTS_IN.iter().map(|&m| html! {
                        <option value={m.to_string()} selected={m * 60 == new.starts_in}>{if m == 0 { "now".to_string() } else { format!("in {m} minute{}", if m == 1 { "" } else { "s" }) }}</option>
                    }) }
                </select></label>
                <label><input id="arena-new-rated" type="checkbox" checked={new.rated} onchange={change(|n, e| n.rated = checked(e))} />{" Rated"}</label>
                <label><input id="arena-new-bots" type="checkbox" checked={new.bots} onchange={change(|n, e| n.bots = checked(e))} />{" Bots may join"}</label>
                <label>{"Private code "}<input id="arena-new-code" type="text" maxlength="40" autocomplete="off" placeholder="none: open to all"
                    oninput={typed(|n, v| n.code = (!v.trim().is_empty()).then_some(v))} /></label>
                <button type="submit" class="primary" id="arena-new-submit" disabled={*busy}>{"Make it"}</button>
                if let Some(why) = &*trouble { <p class="error" id="arena-new-trouble" role="alert">{why.clone()}</p> }
            </form>
        </details>
    }
}
