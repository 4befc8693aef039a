//! This browser's secret: random, kept in its storage, it proves a seat at a live game and the
//! place in a quick-pairing pool (the server keeps only its hash).

const SECRET_KEY: &str = "topochess/live-secret";

/// This browser's secret (random, kept in its storage): it proves a seat at a live game.
pub fn browser_secret() -> String {
    let storage = web_sys::window().and_then(|w| w.local_storage().ok().flatten());
    if let Some(kept) = storage
        .as_ref()
        .and_then(|s| s.get_item(SECRET_KEY).ok().flatten())
        .filter(|s| s.len() >= 16)
    {
        return kept;
    }
    let mut bytes = [0u8; 16];
    let crypto = web_sys::window().and_then(|w| js_sys::Reflect::get(&w, &"crypto".into()).ok());
    let filled = crypto.and_then(|c| {
        let array = js_sys::Uint8Array::new_with_length(16);
        let f = js_sys::Reflect::get(&c, &"getRandomValues".into()).ok()?;
        let f: js_sys::Function = wasm_bindgen::JsCast::dyn_into(f).ok()?;
        f.call1(&c, &array).ok()?;
        Some(array.to_vec())
    });
    match filled {
        Some(random) => bytes.copy_from_slice(&random),
        None => {
            for b in &mut bytes {
                *b = (js_sys::Math::random() * 256.0) as u8;
            }
        }
    }
    let secret: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    if let Some(s) = storage {
        let _ = s.set_item(SECRET_KEY, &secret);
    }
    secret
}
