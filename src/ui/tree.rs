//! Draws a tree of [`Node`]s built by the app (`app::tree`): its markup set at once, drawn again
//! whenever the tree changes, and a tap on an element that carries an action runs it. The
//! markup's text is escaped by the app; nothing here reads attributes back but the action's
//! number. One host for every kind of panel: only the small adapters below know the action type.

use crate::app::tree::{html, Node};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The number of the action tapped inside `host` (`None`: a tap on nothing that acts, or
/// inside another host nested in this one).
fn tapped(host: &web_sys::Element, target: Option<web_sys::EventTarget>) -> Option<usize> {
    let el = target?.dyn_into::<web_sys::Element>().ok()?;
    let hit = el.closest("[data-a]").ok()??;
    // The nearest tree host above the element must be this one.
    if !hit.closest("[data-tree]").ok()?.is_some_and(|h| h == *host) {
        return None;
    }
    hit.get_attribute("data-a")?.parse().ok()
}

/// A `<div class=class>` holding `markup`; a tap on an element with an action calls `on` with
/// its number.
#[component]
fn Host(markup: Signal<String>, class: &'static str, on: Option<Callback<usize>>) -> impl IntoView {
    let host = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        let m = markup.get();
        if let Some(h) = host.get() {
            h.set_inner_html(&m);
        }
    });
    let tap = move |ev: leptos::ev::MouseEvent| {
        if let (Some(f), Some(h)) = (on, host.get_untracked())
            && let Some(i) = tapped(&h, ev.target())
        {
            f.run(i);
        }
    };
    view! { <div class=class data-tree="" node_ref=host on:click=tap></div> }
}

/// Draws the tree `nodes` gives (again whenever what it reads changes); taps run `on` with the
/// tapped element's action.
pub fn tappable<A: Clone + Send + Sync + 'static>(class: &'static str, nodes: impl Fn() -> Vec<Node<A>> + Send + Sync + 'static, on: impl Fn(A) + Send + Sync + 'static) -> impl IntoView {
    let actions = StoredValue::new(Vec::<A>::new());
    // A derived signal, not a memo: the host is its only reader, and a plain closure costs
    // far less code than a memo of its own for every panel.
    let markup = Signal::derive(move || {
        let (m, a) = html(&nodes());
        actions.set_value(a);
        m
    });
    let on = Callback::new(move |i: usize| {
        if let Some(a) = actions.with_value(|v| v.get(i).cloned()) {
            on(a);
        }
    });
    view! { <Host markup=markup class=class on=Some(on)/> }
}

/// Draws the tree `nodes` gives, a drawing without taps.
pub fn tree(class: &'static str, nodes: impl Fn() -> Vec<Node> + Send + Sync + 'static) -> impl IntoView {
    let markup = Signal::derive(move || html(&nodes()).0);
    view! { <Host markup=markup class=class on=None/> }
}
