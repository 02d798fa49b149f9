//! The players' colours on screen and their emblems (colour is never the only signal: every
//! colour has an emblem, drawn as an SVG symbol in `index.html`).

use super::tree::{el, Node};
use crate::engine::Colour;

/// Fill colour of a player colour.
pub fn colour_fill(c: Colour) -> &'static str {
    match c {
        Colour::Red => "#a92630",
        Colour::Yellow => "#f4ca3a",
        Colour::Purple => "#7d3c98",
        Colour::Grey => "#8a9399",
        Colour::Blue => "#2e6fb7",
        Colour::Orange => "#d46b1c",
    }
}

/// Ink of a colour's emblem drawn on that colour: dark on the light colours, white on the others.
pub fn emblem_ink(c: Colour) -> &'static str {
    match c {
        Colour::Yellow | Colour::Orange => "#2b1d0e",
        _ => "#fff",
    }
}

/// A colour's emblem on a disc of the colour, for beside names, on score markers and in legends.
pub fn emblem<A>(c: Colour) -> Node<A> {
    el("svg")
        .class("emblem")
        .attr("viewBox", "0 0 20 20")
        .attr("aria-hidden", "true")
        .attr("style", format!("background:{};color:{}", colour_fill(c), emblem_ink(c)))
        .kid(el("use").attr("href", format!("#em-{}", c.name())))
}
