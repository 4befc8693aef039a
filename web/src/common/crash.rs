//! When the app panics, the page is not left dead: a panel says what happened, shows the game's
//! PGN with a button to copy it, and offers a reload. The saved games are not touched (they were
//! saved after the last change, before the panic). The panel's buttons are plain HTML handlers,
//! since the WebAssembly instance cannot be called after a panic.

use std::cell::RefCell;
use wasm_bindgen::prelude::wasm_bindgen;

thread_local! {
    static LAST_PGN: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Keeps the PGN of the game on the board, for the crash panel.
pub fn remember_game(pgn: &str) {
    LAST_PGN.with(|p| {
        if let Ok(mut p) = p.try_borrow_mut() {
            p.clear();
            p.push_str(pgn);
        }
    });
}

/// Installs the panic hook (through yew, which would otherwise install its own at render).
pub fn install() {
    yew::set_custom_panic_hook(Box::new(|info| {
        let message = info.to_string();
        let pgn = LAST_PGN.with(|p| p.try_borrow().map(|p| p.clone()).unwrap_or_default());
        web_sys::console::error_1(&format!("Topochess crashed: {message}").into());
        show(&message, &pgn);
    }));
}

fn show(message: &str, pgn: &str) -> Option<()> {
    let document = web_sys::window()?.document()?;
    let body = document.body()?;
    let panel = document.create_element("div").ok()?;
    panel.set_id("crash");
    panel.set_attribute("role", "alert").ok()?;
    let title = document.create_element("h2").ok()?;
    title.set_text_content(Some("Something went wrong"));
    let text = document.create_element("p").ok()?;
    text.set_text_content(Some(
        "Topochess hit an error it cannot recover from. Your saved games are safe: reload \
         the page to go on. The game on the board, as PGN:",
    ));
    let area = document.create_element("textarea").ok()?;
    area.set_id("crash-pgn");
    area.set_attribute("readonly", "").ok()?;
    area.set_attribute("rows", "6").ok()?;
    area.set_text_content(Some(pgn));
    let copy = document.create_element("button").ok()?;
    copy.set_id("crash-copy");
    copy.set_text_content(Some("Copy the PGN"));
    copy.set_attribute(
        "onclick",
        "const t=document.getElementById('crash-pgn');t.select();\
         (navigator.clipboard?navigator.clipboard.writeText(t.value):Promise.reject())\
         .catch(()=>document.execCommand('copy'));this.textContent='Copied';",
    )
    .ok()?;
    let reload = document.create_element("button").ok()?;
    reload.set_id("crash-reload");
    reload.set_text_content(Some("Reload"));
    reload.set_attribute("onclick", "location.reload()").ok()?;
    let detail = document.create_element("pre").ok()?;
    detail.set_id("crash-detail");
    detail.set_text_content(Some(message));
    for child in [&title, &text, &area, &copy, &reload, &detail] {
        panel.append_child(child).ok()?;
    }
    body.append_child(&panel).ok()?;
    Some(())
}

/// Panics on purpose, to show the crash panel: exported to JavaScript for the end-to-end test
/// of this panel (and for anyone curious what it looks like).
#[wasm_bindgen(js_name = showCrashPanel)]
pub fn show_crash_panel() {
    panic!("the crash panel was asked for");
}
