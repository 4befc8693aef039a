//! The modal dialog: the page behind it inert, Escape to cancel, the focus given back.

use wasm_bindgen::JsCast;
use yew::prelude::*;

/// A modal dialog's ref: opened modal when mounted (the page behind it inert, the focus in it),
/// Escape cancels it, and the focus goes back where it was when it closes (or to the element
/// `back_to` names, when that one is gone).
#[hook]
pub fn use_modal(on_cancel: &Callback<()>, back_to: &'static str) -> NodeRef {
    let dialog = use_node_ref();
    {
        let (dialog, on_cancel) = (dialog.clone(), on_cancel.clone());
        use_effect_with((), move |_| {
            let document = web_sys::window().and_then(|w| w.document());
            let before = document.as_ref().and_then(|d| d.active_element());
            let element = dialog.cast::<web_sys::HtmlDialogElement>();
            let escape = element.as_ref().map(|element| {
                let _ = element.show_modal();
                gloo_events::EventListener::new_with_options(
                    element,
                    "cancel",
                    gloo_events::EventListenerOptions::enable_prevent_default(),
                    move |e| {
                        e.prevent_default();
                        on_cancel.emit(());
                    },
                )
            });
            move || {
                drop(escape);
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
