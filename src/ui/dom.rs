//! Information-dense panels (hands, market, score track, log, end tables) drawn from a plain
//! tree of nodes instead of typed views: the tree is built by ordinary functions, rendered by
//! one small routine (text always as text nodes, so names can't inject markup), and taps are
//! read from the `data-…` attributes of what was tapped. Typed views cost code for every
//! distinct shape; these panels have many shapes and little behaviour, and the first load is
//! measured in kilobytes.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// An element or a text.
#[derive(Clone, PartialEq, Debug)]
pub enum Node {
    /// An element: tag, attributes, children.
    El(&'static str, Vec<(&'static str, String)>, Vec<Node>),
    /// A text node.
    Text(String),
}

/// A new element.
pub fn el(tag: &'static str) -> Node {
    Node::El(tag, Vec::new(), Vec::new())
}

/// A text node.
pub fn text(t: impl Into<String>) -> Node {
    Node::Text(t.into())
}

impl Node {
    /// Adds an attribute.
    pub fn attr(mut self, k: &'static str, v: impl Into<String>) -> Node {
        if let Node::El(_, attrs, _) = &mut self {
            attrs.push((k, v.into()));
        }
        self
    }

    /// Adds an attribute when `on`.
    pub fn attr_if(self, on: bool, k: &'static str, v: impl Into<String>) -> Node {
        if on { self.attr(k, v) } else { self }
    }

    /// Sets the class.
    pub fn class(self, c: impl Into<String>) -> Node {
        self.attr("class", c)
    }

    /// Adds a child.
    pub fn kid(mut self, n: Node) -> Node {
        if let Node::El(_, _, kids) = &mut self {
            kids.push(n);
        }
        self
    }

    /// Adds a child when there is one.
    pub fn kid_opt(self, n: Option<Node>) -> Node {
        match n {
            Some(n) => self.kid(n),
            None => self,
        }
    }

    /// Adds children.
    pub fn kids(mut self, ns: impl IntoIterator<Item = Node>) -> Node {
        if let Node::El(_, _, kids) = &mut self {
            kids.extend(ns);
        }
        self
    }

    /// Adds a text child.
    pub fn text(self, t: impl Into<String>) -> Node {
        self.kid(text(t))
    }
}

fn build(doc: &web_sys::Document, n: &Node) -> Option<web_sys::Node> {
    match n {
        Node::Text(t) => Some(doc.create_text_node(t).into()),
        Node::El(tag, attrs, kids) => {
            // The emblems' little pictures (`board::emblem`) are SVG.
            let e = if matches!(*tag, "svg" | "use") { doc.create_element_ns(Some("http://www.w3.org/2000/svg"), tag) } else { doc.create_element(tag) }.ok()?;
            for (k, v) in attrs {
                let _ = e.set_attribute(k, v);
            }
            for k in kids {
                if let Some(c) = build(doc, k) {
                    let _ = e.append_child(&c);
                }
            }
            Some(e.into())
        }
    }
}

/// Draws `tree` inside a `<div class=class>`, redrawn whenever it changes; a tap calls `on_tap`
/// with the element tapped (the handler reads its `data-…` attributes with `closest`).
#[component]
pub fn Dom(
    tree: Memo<Vec<Node>>,
    #[prop(into)] class: String,
    #[prop(optional)] on_tap: Option<Callback<web_sys::Element>>,
    /// Called with the element of every `input` and `change` event (form fields).
    #[prop(optional)]
    on_change: Option<Callback<web_sys::Element>>,
) -> impl IntoView {
    let host = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        let nodes = tree.get();
        let Some(h) = host.get() else { return };
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
        h.set_text_content(None);
        for n in &nodes {
            if let Some(c) = build(&doc, n) {
                let _ = h.append_child(&c);
            }
        }
    });
    let tap = move |ev: leptos::ev::MouseEvent| {
        if let (Some(f), Some(el)) = (on_tap, ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok())) {
            f.run(el);
        }
    };
    let change = move |ev: leptos::ev::Event| {
        if let (Some(f), Some(el)) = (on_change, ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok())) {
            f.run(el);
        }
    };
    view! { <div class=class node_ref=host on:click=tap on:change=change on:input=change></div> }
}

/// The value of attribute `attr` on the nearest element (from `el` up) that has it.
pub fn closest_attr(el: &web_sys::Element, attr: &str) -> Option<String> {
    el.closest(&format!("[{attr}]")).ok().flatten().and_then(|e| e.get_attribute(attr))
}
