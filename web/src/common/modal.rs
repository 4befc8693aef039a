//! The modal dialog: the page behind it out of reach, Escape to cancel, the focus given back.
//!
//! The dialog is opened with `show()` and kept modal by the page itself, not with `showModal()`:
//! the browser's modal makes every element behind it inert, and working out the style of the whole
//! page again, on opening and again on closing, was most of the time a click on New game took
//! (tens of milliseconds on a slow phone). Here the dialog covers the page (its own backdrop takes
//! the clicks), tells a screen reader it is modal (`aria-modal`), and the focus is kept in it.

use wasm_bindgen::JsCast;
use yew::prelude::*;

/// What takes the focus in a dialog, in the order Tab visits it.
const FOCUSABLE: &str = "button:enabled,select:enabled,input:enabled,textarea:enabled,a[href]";

/// A modal dialog's ref: opened when mounted (covering the page, the focus in it), Escape cancels
/// it, the focus cannot leave it (Tab past its last control comes back to its first, Shift+Tab
/// before its first to its last), and the focus goes back where it was when it closes (or to the
/// element `back_to` names, when that one is gone).
#[hook]
pub fn use_modal(on_cancel: &Callback<()>, back_to: &'static str) -> NodeRef {
    let dialog = use_node_ref();
    {
        let (dialog, on_cancel) = (dialog.clone(), on_cancel.clone());
        use_effect_with((), move |_| {
            let document = web_sys::window().and_then(|w| w.document());
            let before = document.as_ref().and_then(|d| d.active_element());
            let element = dialog.cast::<web_sys::HtmlDialogElement>();
            let listeners = element
                .as_ref()
                .zip(document.as_ref())
                .map(|(element, document)| {
                    let _ = element.set_attribute("aria-modal", "true");
                    element.show();
                    let options = gloo_events::EventListenerOptions::enable_prevent_default();
                    let escape = gloo_events::EventListener::new_with_options(
                        document,
                        "keydown",
                        options,
                        move |e| {
                            if e.dyn_ref::<web_sys::KeyboardEvent>()
                                .map(|k| k.key())
                                .as_deref()
                                == Some("Escape")
                            {
                                e.prevent_default();
                                on_cancel.emit(());
                            }
                        },
                    );
                    let kept = element.clone();
                    let focus = gloo_events::EventListener::new(document, "focusin", move |e| {
                        keep_focus(&kept, e);
                    });
                    (escape, focus)
                });
            move || {
                drop(listeners);
                if let Some(element) = element {
                    element.close();
                }
                let back = before
                    .filter(|b| b.is_connected())
                    .or_else(|| document?.get_element_by_id(back_to))
                    .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok());
                if let Some(back) = back {
                    let _ = back.focus();
                }
            }
        });
    }
    dialog
}

/// Brings the focus back into `dialog` when `e` (a `focusin`) took it outside: to the dialog's last
/// control when it left from the first (Shift+Tab), else to its first.
fn keep_focus(dialog: &web_sys::HtmlDialogElement, e: &Event) {
    let target = e.target().and_then(|t| t.dyn_into::<web_sys::Node>().ok());
    if dialog.contains(target.as_ref()) {
        return;
    }
    let Ok(controls) = dialog.query_selector_all(FOCUSABLE) else {
        return;
    };
    let first = controls.get(0);
    let from = e
        .dyn_ref::<web_sys::FocusEvent>()
        .and_then(|f| f.related_target())
        .and_then(|t| t.dyn_into::<web_sys::Node>().ok());
    let to = match (&first, &from) {
        (Some(first), Some(from)) if first == from => {
            controls.get(controls.length().saturating_sub(1))
        }
        _ => first,
    };
    // Focused once this listener has returned: focusing from inside it would call it again, and a
    // listener cannot be called while it runs.
    if let Some(to) = to.and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok()) {
        wasm_bindgen_futures::spawn_local(async move {
            let _ = to.focus();
        });
    }
}
