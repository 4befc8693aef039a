//! Challenges on the page (`docs/api.md`, "Challenges"): a player challenged from their page
//! (a preset, a clock, a colour, rated or not), and the challenges waiting shown wherever the
//! player is, under the header: one sent with Cancel, one received with Accept and Decline.
//! The list is read again whenever the player's own channel tells of a challenge; an accepted
//! one's game comes on that channel as any paired game does.

use crate::common::http::{json, request};
use serde::Deserialize;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::spawn_local;
use yew::prelude::*;

/// A player at a challenge, as the server writes one (lichess's fields).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Named {
    /// The name.
    pub name: String,
    /// The rating at the challenge's preset.
    #[serde(default)]
    pub rating: Option<i32>,
    /// `BOT` for a bot.
    #[serde(default)]
    pub title: Option<String>,
}

/// A preset as a challenge names it.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Kind {
    /// Its name.
    pub name: String,
}

/// A clock as a challenge shows it.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Control {
    /// `5+3`; none for a game without a clock.
    #[serde(default)]
    pub show: Option<String>,
}

/// A challenge waiting, as `GET /api/challenge` lists it.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Waiting {
    /// Its id.
    pub id: String,
    /// Who sent it.
    pub challenger: Named,
    /// Who it is for.
    #[serde(rename = "destUser")]
    pub dest: Option<Named>,
    /// The preset.
    pub variant: Kind,
    /// The clock.
    #[serde(rename = "timeControl")]
    pub control: Control,
    /// Rated.
    pub rated: bool,
    /// The challenger's colour as the game will have it.
    #[serde(rename = "finalColor")]
    pub final_color: String,
}

/// The challenges waiting: received and sent.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
pub struct Waitings {
    /// Received.
    #[serde(rename = "in")]
    pub ins: Vec<Waiting>,
    /// Sent.
    #[serde(rename = "out")]
    pub outs: Vec<Waiting>,
}

/// A name with its title and rating.
fn who(n: &Named) -> String {
    let title = n
        .title
        .as_deref()
        .map(|t| format!("{t} "))
        .unwrap_or_default();
    let rating = n.rating.map(|r| format!(" ({r})")).unwrap_or_default();
    format!("{title}{}{rating}", n.name)
}

/// What a challenge asks, in words.
pub fn terms(c: &Waiting) -> String {
    let clock = c.control.show.clone().unwrap_or_else(|| "no clock".into());
    let rated = if c.rated { "rated" } else { "casual" };
    format!("{}, {clock}, {rated}", c.variant.name)
}

/// The bar's properties.
#[derive(Properties, PartialEq)]
pub struct BarProps {
    /// The player signed in.
    pub me: Option<String>,
    /// How many times the player's channel told of a challenge, and the last it told (its id
    /// and status): the list is read again at each.
    pub heard: (u32, Option<(String, String)>),
}

/// The challenges waiting, under the header, wherever the player is.
#[function_component(ChallengeBar)]
pub fn challenge_bar(p: &BarProps) -> Html {
    let list = use_state(Waitings::default);
    let trouble = use_state(|| None::<String>);
    let reread = {
        let (list, trouble) = (list.clone(), trouble.clone());
        Callback::from(move |()| {
            let (list, trouble) = (list.clone(), trouble.clone());
            spawn_local(async move {
                match json::<Waitings>("GET", "api/challenge", None).await {
                    Ok(read) => list.set(read),
                    Err(why) => trouble.set(Some(why)),
                }
            });
        })
    };
    {
        let reread = reread.clone();
        let (list, trouble) = (list.clone(), trouble.clone());
        use_effect_with((p.me.clone(), p.heard.clone()), move |(me, (_, told))| {
            // A challenge of the player's declined: said, with its player's name.
            let declined = told.as_ref().filter(|(_, status)| status == "declined");
            if let Some(c) = declined.and_then(|(id, _)| list.outs.iter().find(|c| &c.id == id)) {
                let name = c
                    .dest
                    .as_ref()
                    .map_or("The player".into(), |d| d.name.clone());
                trouble.set(Some(format!("{name} declined your challenge.")));
            }
            if me.is_some() {
                reread.emit(());
            } else {
                list.set(Waitings::default());
            }
        });
    }
    let answer = |path: String, body: Option<String>| {
        let (reread, trouble) = (reread.clone(), trouble.clone());
        Callback::from(move |_: MouseEvent| {
            let (path, body, reread, trouble) =
                (path.clone(), body.clone(), reread.clone(), trouble.clone());
            spawn_local(async move {
                match request("POST", &path, body).await {
                    Ok((status, _)) if (200..300).contains(&status) => trouble.set(None),
                    Ok((status, text)) => {
                        trouble.set(Some(crate::common::http::refusal(status, &text)))
                    }
                    Err(why) => trouble.set(Some(why)),
                }
                reread.emit(());
            });
        })
    };
    if p.me.is_none() || (list.ins.is_empty() && list.outs.is_empty() && trouble.is_none()) {
        return html! {};
    }
    let decline_body = Some(r#"{"reason":"generic"}"#.to_string());
    html! {
        <section class="challenges" id="challenges" aria-label="Challenges" aria-live="polite">
            { for list.ins.iter().map(|c| html! {
                <div class="challenge challenge-in" data-challenge={c.id.clone()}>
                    <span>{format!("{} challenges you: {} (you play {})", who(&c.challenger), terms(c),
                        if c.final_color == "white" { "black" } else { "white" })}</span>
                    <button class="challenge-accept" onclick={answer(format!("api/challenge/{}/accept", c.id), None)}>{"Accept"}</button>
                    <button class="secondary challenge-decline" onclick={answer(format!("api/challenge/{}/decline", c.id), decline_body.clone())}>{"Decline"}</button>
                </div>
            }) }
            { for list.outs.iter().map(|c| html! {
                <div class="challenge challenge-out" data-challenge={c.id.clone()}>
                    <span>{format!("Waiting for {} to answer your challenge: {}", c.dest.as_ref().map_or("a player".into(), who), terms(c))}</span>
                    <button class="secondary challenge-cancel" onclick={answer(format!("api/challenge/{}/cancel", c.id), None)}>{"Cancel"}</button>
                </div>
            }) }
            if let Some(why) = &*trouble {
                <p class="error" id="challenge-trouble">{why.clone()}
                    <button class="secondary" onclick={{ let t = trouble.clone(); Callback::from(move |_: MouseEvent| t.set(None)) }}>{"OK"}</button>
                </p>
            }
        </section>
    }
}

/// The clocks a challenge offers: seconds at the start, seconds a move (none: no clock).
const CLOCKS: [(&str, Option<(u32, u32)>); 7] = [
    ("1+0", Some((60, 0))),
    ("3+2", Some((180, 2))),
    ("5+3", Some((300, 3))),
    ("10+5", Some((600, 5))),
    ("15+10", Some((900, 10))),
    ("30+20", Some((1800, 20))),
    ("no clock", None),
];

/// The value of the form's field `id`.
fn field(id: &str) -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| {
            e.clone()
                .dyn_into::<web_sys::HtmlSelectElement>()
                .map(|s| s.value())
                .or_else(|_| {
                    e.dyn_into::<web_sys::HtmlInputElement>().map(|i| {
                        if i.checked() {
                            "true".into()
                        } else {
                            "false".into()
                        }
                    })
                })
                .ok()
        })
        .unwrap_or_default()
}

/// The challenge the form asks, as the server reads it (lichess's JSON, dotted keys).
pub fn asked(preset: &str, clock: &str, color: &str, rated: bool) -> String {
    let clock = CLOCKS
        .iter()
        .find(|(name, _)| *name == clock)
        .and_then(|(_, c)| *c);
    let mut body = serde_json::json!({"variant": preset, "color": color, "rated": rated});
    if let Some((limit, increment)) = clock {
        body["clock.limit"] = limit.into();
        body["clock.increment"] = increment.into();
    }
    body.to_string()
}

/// The form's properties.
#[derive(Properties, PartialEq)]
pub struct FormProps {
    /// The player challenged.
    pub name: String,
}

/// "Challenge" on a player's page: a preset, a clock, a colour, rated or not; sent, it waits in
/// the bar under the header.
#[function_component(ChallengeForm)]
pub fn challenge_form(p: &FormProps) -> Html {
    let open = use_state(|| false);
    let said = use_state(|| None::<Result<String, String>>);
    if !*open {
        let open = open.clone();
        return html! {
            <button id="challenge-open" onclick={Callback::from(move |_: MouseEvent| open.set(true))}>{"Challenge"}</button>
        };
    }
    let send = {
        let (name, said) = (p.name.clone(), said.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let body = asked(
                &field("challenge-preset"),
                &field("challenge-clock"),
                &field("challenge-color"),
                field("challenge-rated") == "true",
            );
            let (name, said) = (name.clone(), said.clone());
            spawn_local(async move {
                let answer = request("POST", &format!("api/challenge/{name}"), Some(body)).await;
                said.set(Some(match answer {
                    Ok((status, _)) if (200..300).contains(&status) => {
                        Ok(format!("Challenge sent: waiting for {name} to answer."))
                    }
                    Ok((status, text)) => Err(crate::common::http::refusal(status, &text)),
                    Err(why) => Err(why),
                }));
            });
        })
    };
    html! {
        <form class="challenge-form" id="challenge-form" onsubmit={send} aria-label={format!("Challenge {}", p.name)}>
            <label>{"Game "}
                <select id="challenge-preset">
                    { for topochess_core::variant::PRESETS.iter().map(|pr| html! {
                        <option value={pr.id} selected={pr.id == "folded"}>{pr.name}</option>
                    }) }
                </select>
            </label>
            <label>{"Clock "}
                <select id="challenge-clock">
                    { for CLOCKS.iter().map(|(name, _)| html! { <option value={*name} selected={*name == "5+3"}>{*name}</option> }) }
                </select>
            </label>
            <label>{"You play "}
                <select id="challenge-color">
                    <option value="random" selected=true>{"either colour"}</option>
                    <option value="white">{"White"}</option>
                    <option value="black">{"Black"}</option>
                </select>
            </label>
            <label><input type="checkbox" id="challenge-rated" checked=true />{" Rated"}</label>
            <button type="submit" id="challenge-send">{"Send the challenge"}</button>
            { match &*said {
                Some(Ok(text)) => html! { <p class="muted" id="challenge-said" role="status">{text.clone()}</p> },
                Some(Err(why)) => html! { <p class="error" id="challenge-said" role="alert">{why.clone()}</p> },
                None => html! {},
            } }
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_challenge_is_asked_as_the_server_reads_it() {
        let body: serde_json::Value =
            serde_json::from_str(&asked("torus", "5+3", "white", true)).unwrap();
        assert_eq!(body["variant"], "torus");
        assert_eq!(
            (
                body["clock.limit"].as_u64(),
                body["clock.increment"].as_u64()
            ),
            (Some(300), Some(3))
        );
        assert_eq!(
            (body["color"].as_str(), body["rated"].as_bool()),
            (Some("white"), Some(true))
        );
        let none: serde_json::Value =
            serde_json::from_str(&asked("folded", "no clock", "random", false)).unwrap();
        assert!(none.get("clock.limit").is_none());
    }

    #[test]
    fn a_waiting_challenge_reads_from_the_servers_json() {
        let text = r#"{"in":[{"id":"00000000000000ff","url":"x","status":"created",
            "challenger":{"id":"anna","name":"Anna","rating":1500,"provisional":true},
            "destUser":{"id":"bob","name":"Bob","title":"BOT"},
            "variant":{"key":"folded","name":"Folded"},"rated":true,"speed":"blitz",
            "timeControl":{"type":"clock","limit":300,"increment":3,"show":"5+3"},
            "color":"random","finalColor":"black","perf":{"name":"Folded"},"direction":"in"}],"out":[]}"#;
        let read: Waitings = serde_json::from_str(text).unwrap();
        assert_eq!(terms(&read.ins[0]), "Folded, 5+3, rated");
        assert_eq!(who(&read.ins[0].challenger), "Anna (1500)");
        assert_eq!(who(read.ins[0].dest.as_ref().unwrap()), "BOT Bob");
    }
}
