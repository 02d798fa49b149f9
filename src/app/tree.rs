//! Read-only drawings (the board's layers, hands, market, score tracks, log, end tables) as
//! plain trees of nodes, built by ordinary functions from a table and tested natively. A node
//! may carry a typed action (`A`, an enum per panel): [`html`] writes the tree as markup and
//! numbers the actions, and the page's one tap handler maps a tapped number back to its action —
//! so a panel's taps are one exhaustive `match`, and a misspelt action doesn't compile.
//!
//! Text and attribute values are always escaped: a player's name can't inject markup.

use std::fmt::Write;

/// An element or a text.
#[derive(Clone, PartialEq, Debug)]
pub enum Node<A = ()> {
    /// An element: tag, attributes, children, and what a tap on it does.
    El(Box<El<A>>),
    /// A text.
    Text(String),
}

/// An element's parts.
#[derive(Clone, PartialEq, Debug)]
pub struct El<A> {
    /// Tag name.
    pub tag: &'static str,
    /// Attributes, in order.
    pub attrs: Vec<(&'static str, String)>,
    /// Children.
    pub kids: Vec<Node<A>>,
    /// What a tap on it (or inside it, unless a child has its own) does.
    pub on: Option<A>,
}

/// A new element.
pub fn el<A>(tag: &'static str) -> Node<A> {
    Node::El(Box::new(El { tag, attrs: Vec::new(), kids: Vec::new(), on: None }))
}

/// A text node.
pub fn text<A>(t: impl Into<String>) -> Node<A> {
    Node::Text(t.into())
}

impl<A> Node<A> {
    fn el_mut(&mut self) -> Option<&mut El<A>> {
        match self {
            Node::El(e) => Some(e),
            Node::Text(_) => None,
        }
    }

    /// Adds an attribute.
    pub fn attr(mut self, k: &'static str, v: impl Into<String>) -> Node<A> {
        if let Some(e) = self.el_mut() {
            e.attrs.push((k, v.into()));
        }
        self
    }

    /// Adds an attribute when `on`.
    pub fn attr_if(self, on: bool, k: &'static str, v: impl Into<String>) -> Node<A> {
        if on { self.attr(k, v) } else { self }
    }

    /// Sets the class.
    pub fn class(self, c: impl Into<String>) -> Node<A> {
        self.attr("class", c)
    }

    /// Adds a child.
    pub fn kid(mut self, n: Node<A>) -> Node<A> {
        if let Some(e) = self.el_mut() {
            e.kids.push(n);
        }
        self
    }

    /// Adds a child when there is one.
    pub fn kid_opt(self, n: Option<Node<A>>) -> Node<A> {
        match n {
            Some(n) => self.kid(n),
            None => self,
        }
    }

    /// Adds children.
    pub fn kids(mut self, ns: impl IntoIterator<Item = Node<A>>) -> Node<A> {
        if let Some(e) = self.el_mut() {
            e.kids.extend(ns);
        }
        self
    }

    /// Adds a text child.
    pub fn text(self, t: impl Into<String>) -> Node<A> {
        self.kid(text(t))
    }

    /// What a tap on this element does.
    pub fn on(mut self, action: A) -> Node<A> {
        if let Some(e) = self.el_mut() {
            e.on = Some(action);
        }
        self
    }

    /// The same tree with its actions turned into another panel's (a panel inside a panel).
    pub fn map<B>(self, f: &impl Fn(A) -> B) -> Node<B> {
        match self {
            Node::Text(t) => Node::Text(t),
            Node::El(e) => {
                let El { tag, attrs, kids, on } = *e;
                Node::El(Box::new(El { tag, attrs, kids: kids.into_iter().map(|k| k.map(f)).collect(), on: on.map(f) }))
            }
        }
    }

    /// The text inside, all of it (for tests and screen readers' labels).
    pub fn text_content(&self) -> String {
        match self {
            Node::Text(t) => t.clone(),
            Node::El(e) => e.kids.iter().map(Node::text_content).collect(),
        }
    }

    /// Every element (this one first, then its descendants in order) whose attribute `k` is `v`
    /// (`v` empty: any value).
    pub fn find_all(&self, k: &str, v: &str) -> Vec<&Node<A>> {
        let mut out = Vec::new();
        self.walk(&mut |n| {
            if let Node::El(e) = n
                && e.attrs.iter().any(|(a, x)| *a == k && (v.is_empty() || x == v))
            {
                out.push(n);
            }
        });
        out
    }

    /// An attribute's value.
    pub fn get(&self, k: &str) -> Option<&str> {
        match self {
            Node::El(e) => e.attrs.iter().find(|(a, _)| *a == k).map(|(_, v)| v.as_str()),
            Node::Text(_) => None,
        }
    }

    /// The action a tap on this element does.
    pub fn action(&self) -> Option<&A> {
        match self {
            Node::El(e) => e.on.as_ref(),
            Node::Text(_) => None,
        }
    }

    fn walk<'a>(&'a self, f: &mut impl FnMut(&'a Node<A>)) {
        f(self);
        if let Node::El(e) = self {
            for k in &e.kids {
                k.walk(f);
            }
        }
    }
}

/// Every node of a list whose attribute `k` is `v` (`v` empty: any value).
pub fn find_all<'a, A>(nodes: &'a [Node<A>], k: &str, v: &str) -> Vec<&'a Node<A>> {
    nodes.iter().flat_map(|n| n.find_all(k, v)).collect()
}

fn escape(out: &mut String, s: &str, attr: bool) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attr => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
}

/// Elements that have no closing tag in HTML.
fn is_void(tag: &str) -> bool {
    matches!(tag, "input" | "br" | "img" | "hr" | "col" | "wbr")
}

fn write<A: Clone>(out: &mut String, actions: &mut Vec<A>, n: &Node<A>) {
    match n {
        Node::Text(t) => escape(out, t, false),
        Node::El(e) => {
            out.push('<');
            out.push_str(e.tag);
            for (k, v) in &e.attrs {
                let _ = write!(out, " {k}=\"");
                escape(out, v, true);
                out.push('"');
            }
            if let Some(a) = &e.on {
                let _ = write!(out, " data-a=\"{}\"", actions.len());
                actions.push(a.clone());
            }
            if is_void(e.tag) {
                out.push('>');
                return;
            }
            // SVG shapes without children close themselves (the markup stays short).
            if e.kids.is_empty() && matches!(e.tag, "rect" | "circle" | "ellipse" | "line" | "path" | "polyline" | "polygon" | "use") {
                out.push_str("/>");
                return;
            }
            out.push('>');
            for k in &e.kids {
                write(out, actions, k);
            }
            let _ = write!(out, "</{}>", e.tag);
        }
    }
}

/// The markup of a list of nodes, and the actions its elements carry: the element of
/// `actions[i]` has `data-a="i"`.
pub fn html<A: Clone>(nodes: &[Node<A>]) -> (String, Vec<A>) {
    let mut out = String::with_capacity(nodes.len() * 128);
    let mut actions = Vec::new();
    for n in nodes {
        write(&mut out, &mut actions, n);
    }
    (out, actions)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq)]
    enum Tap {
        Sell(u8),
        Play,
    }

    #[test]
    fn markup_escapes_every_text_and_numbers_the_actions() {
        let tree: Vec<Node<Tap>> = vec![
            el("p").class("who").text("Ann <script>alert(1)</script> & \"Ben\""),
            el("ul").kids([el("li").kid(el("button").text("Sell").on(Tap::Sell(3))), el("li").kid(el("button").attr("title", "\"><img src=x>").text("Play").on(Tap::Play))]),
            el("input").attr("value", "a\"b"),
        ];
        let (markup, actions) = html(&tree);
        assert_eq!(
            markup,
            "<p class=\"who\">Ann &lt;script&gt;alert(1)&lt;/script&gt; &amp; \"Ben\"</p>\
             <ul><li><button data-a=\"0\">Sell</button></li><li><button title=\"&quot;&gt;&lt;img src=x&gt;\" data-a=\"1\">Play</button></li></ul>\
             <input value=\"a&quot;b\">"
        );
        assert_eq!(actions, vec![Tap::Sell(3), Tap::Play]);
    }

    #[test]
    fn svg_shapes_close_themselves_and_panels_nest_their_actions() {
        let shape: Node<()> = el("rect").attr("x", "1");
        assert_eq!(html(&[shape]).0, "<rect x=\"1\"/>");
        let inner: Node<u8> = el("div").kid(el("button").on(7));
        let outer: Node<Tap> = inner.map(&|n| Tap::Sell(n));
        assert_eq!(html(&[outer]), ("<div><button data-a=\"0\"></button></div>".into(), vec![Tap::Sell(7)]));
        let tree: Node<Tap> = el("div").attr("data-x", "1").kid(el("span").attr("data-x", "2").text("a")).kid(el("span").text("b"));
        assert_eq!(tree.find_all("data-x", "").len(), 2);
        assert_eq!(tree.find_all("data-x", "2")[0].text_content(), "a");
        assert_eq!(tree.text_content(), "ab");
    }
}
