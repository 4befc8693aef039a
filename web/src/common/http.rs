//! The game server's JSON API from the page: whether the page was served by the game server,
//! the site's address, and one request with its answer or the server's sentence refusing it.

use wasm_bindgen::JsCast;

/// Whether the page was served by the game server (it marks the page; plain file hosting does
/// not), so that what needs the server is offered at all. Read once a page: the views ask at
/// every drawing.
pub fn server_here() -> bool {
    thread_local! {
        static HERE: std::cell::OnceCell<bool> = const { std::cell::OnceCell::new() };
    }
    HERE.with(|here| {
        *here.get_or_init(|| {
            web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| {
                    d.query_selector("meta[name=\"topochess-live\"]")
                        .ok()
                        .flatten()
                })
                .is_some()
        })
    })
}

/// The site's own address (origin and folder), where the server's `api/` is.
pub fn site_base() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            let path = l.pathname().ok()?;
            let folder = &path[..path.rfind('/').map_or(0, |i| i + 1)];
            Some(format!("{}{folder}", l.origin().ok()?))
        })
        .unwrap_or_default()
}

/// The WebSocket address of `path` under the site (`api/pools/socket`): `ws:` or `wss:` as the
/// page is served.
pub fn socket_url(path: &str) -> String {
    let base = site_base();
    let base = match base.strip_prefix("https") {
        Some(rest) => format!("wss{rest}"),
        None => format!("ws{}", base.strip_prefix("http").unwrap_or(&base)),
    };
    format!("{base}{path}")
}

/// `method` at `path` (under the site, e.g. `api/account`) with a JSON `body`: the status and
/// the answer's text, or why the server could not be reached. The session's cookie goes with it
/// (same origin).
pub async fn request(
    method: &str,
    path: &str,
    body: Option<String>,
) -> Result<(u16, String), String> {
    if !server_here() {
        return Err("this site has no live game server".into());
    }
    let window = web_sys::window().ok_or("no window")?;
    let init = web_sys::RequestInit::new();
    init.set_method(method);
    if let Some(body) = body {
        init.set_body(&body.into());
        let headers = web_sys::Headers::new().map_err(|_| "no headers")?;
        let _ = headers.set("content-type", "application/json");
        init.set_headers(&headers);
    }
    let url = format!("{}{path}", site_base());
    let answer = wasm_bindgen_futures::JsFuture::from(window.fetch_with_str_and_init(&url, &init))
        .await
        .map_err(|_| "the game server cannot be reached".to_string())?;
    let response: web_sys::Response = answer.dyn_into().map_err(|_| "no response")?;
    let text = wasm_bindgen_futures::JsFuture::from(response.text().map_err(|_| "no body")?)
        .await
        .ok()
        .and_then(|t| t.as_string())
        .unwrap_or_default();
    Ok((response.status(), text))
}

/// `method` at `path` with `body`, its JSON answer read as `T`; or the sentence that refuses it.
pub async fn json<T: serde::de::DeserializeOwned>(
    method: &str,
    path: &str,
    body: Option<String>,
) -> Result<T, String> {
    let (status, text) = request(method, path, body).await?;
    if !(200..300).contains(&status) {
        return Err(refusal(status, &text));
    }
    serde_json::from_str(&text).map_err(|_| "this site has no live game server".to_string())
}

/// What the server's refusal says to the player: its own sentence (a limit says when to try
/// again), or what the status means.
pub fn refusal(status: u16, body: &str) -> String {
    let said = match topochess_protocol::ServerMessage::from_json(body) {
        Some(topochess_protocol::ServerMessage::Error { message }) => Some(message),
        _ => None,
    };
    match (status, said) {
        (404 | 405, None) => "this site has no live game server".to_string(),
        (_, Some(sentence)) => sentence,
        (429, None) => "Too many requests from your address: try again in a minute.".to_string(),
        (status, None) => format!("the game server answered {status}: try again in a moment"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_is_told_in_the_servers_sentence() {
        let limited = r#"{"t":"error","message":"Too many games started from your address: try again in 12 s."}"#;
        assert_eq!(
            refusal(429, limited),
            "Too many games started from your address: try again in 12 s."
        );
        assert!(refusal(429, "").contains("try again"));
        assert_eq!(refusal(404, ""), "this site has no live game server");
        assert_eq!(
            refusal(404, r#"{"t":"error","message":"no such player"}"#),
            "no such player"
        );
        assert!(refusal(502, "<html>").contains("502"));
    }
}
