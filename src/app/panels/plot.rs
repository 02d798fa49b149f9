//! Every player's score over the rounds or turns, as an SVG tree: axes with ticks and labels, a
//! line per player ending in its emblem, and the King chip's line when it is near the scores
//! reached. Lines of tied players are offset a little so none hides another.

use crate::app::palette::{colour_fill, emblem_ink};
use crate::app::tree::{el, Node};
use crate::engine::{ByColour, Colour};
use crate::tr;

const W: i32 = 600;
const H: i32 = 260;
const LEFT: i32 = 44;
const RIGHT: i32 = 14;
const TOP: i32 = 16;
const BOTTOM: i32 = 40;

/// A step for ticks that gives at most about `n` ticks up to `max` (1, 2, 5, 10, 20, 50 …).
pub fn tick_step(max: i32, n: i32) -> i32 {
    let mut step = 1;
    for k in [1, 2, 5].iter().cycle().scan(1, |scale, &k| {
        let s = k * *scale;
        if k == 5 {
            *scale *= 10;
        }
        Some(s)
    }) {
        step = k;
        if max / k <= n {
            break;
        }
    }
    step
}

fn text(x: i32, y: i32, anchor: &str, t: String) -> Node {
    el("text").class("plot-label").attr("x", x.to_string()).attr("y", y.to_string()).attr("text-anchor", anchor.to_string()).text(t)
}

fn line(class: &str, x1: i32, y1: i32, x2: i32, y2: i32) -> Node {
    el("line").class(class.to_string()).attr("x1", x1.to_string()).attr("y1", y1.to_string()).attr("x2", x2.to_string()).attr("y2", y2.to_string())
}

/// The plot of `history` (scores at each round or turn start and at the end) for `players`.
pub fn plot(history: &[ByColour<u32>], players: &[Colour], chip: Option<u32>, turns: bool) -> Node {
    let (label, axis) = if turns { (tr!(PanelPlotTurns), tr!(PanelAxisTurns)) } else { (tr!(PanelPlotRounds), tr!(PanelAxisRounds)) };
    let top = history.iter().flat_map(|h| players.iter().map(|&c| h[c])).max().unwrap_or(0) as i32;
    let chip = chip.map(|c| c as i32).filter(|&c| c <= top.max(10) * 2);
    let max = (top.max(10) * 23 / 20).max(chip.map_or(0, |c| c * 21 / 20)).max(1);
    let steps = (history.len() as i32 - 1).max(1);
    let (pw, ph) = (W - LEFT - RIGHT, H - TOP - BOTTOM);
    let x = move |i: i32| LEFT + i * pw / steps;
    let y = move |v: i32| TOP + ph - v * ph / max;
    let mut out = el("svg").class("plot").attr("viewBox", format!("0 0 {W} {H}")).attr("role", "img").attr("aria-label", label);
    // Points: ticks and a faint grid line at every step.
    let dy = tick_step(max, 6);
    for v in (0..=max).step_by(dy as usize) {
        out = out.kid(line("grid", LEFT, y(v), W - RIGHT, y(v))).kid(line("tick", LEFT - 5, y(v), LEFT, y(v))).kid(text(LEFT - 8, y(v) + 4, "end", v.to_string()));
    }
    // Rounds or turns along the bottom: the first is 1.
    let dx = tick_step(steps, 10);
    for i in (0..=steps).step_by(dx as usize) {
        out = out.kid(line("tick", x(i), TOP + ph, x(i), TOP + ph + 5)).kid(text(x(i), TOP + ph + 18, "middle", (i + 1).to_string()));
    }
    out = out.kid(line("axis", LEFT, TOP + ph, W - RIGHT, TOP + ph)).kid(line("axis", LEFT, TOP, LEFT, TOP + ph)).kid(text(LEFT + pw / 2, H - 4, "middle", axis.to_string()));
    if let Some(c) = chip {
        out = out.kid(line("chip-line", LEFT, y(c), W - RIGHT, y(c))).kid(text(LEFT + 4, y(c) - 4, "start", tr!(PanelPlotKingChip, n = c)));
    }
    for (k, &c) in players.iter().enumerate() {
        let off = k as i32 * 2;
        let pts: Vec<String> = history.iter().enumerate().map(|(i, sc)| format!("{},{}", x(i as i32), y(sc[c] as i32) - off)).collect();
        // Each line ends in its colour's emblem (colour is never the only signal).
        let (ex, ey) = (x((history.len() as i32 - 1).max(0)), history.last().map_or(y(0), |sc| y(sc[c] as i32) - off));
        out = out
            .kid(el("polyline").class("plot-line").attr("data-plot", c.name()).attr("points", pts.join(" ")).attr("stroke", colour_fill(c)))
            .kid(el("circle").attr("cx", ex.to_string()).attr("cy", ey.to_string()).attr("r", "8").attr("fill", colour_fill(c)).attr("stroke", "#1c1512"))
            .kid(el("use").attr("href", format!("#em-{c}")).attr("x", (ex - 6).to_string()).attr("y", (ey - 6).to_string()).attr("width", "12").attr("height", "12").attr("color", emblem_ink(c)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::tree::html;

    #[test]
    fn ticks_are_round_numbers_and_never_too_many() {
        assert_eq!(tick_step(10, 6), 2);
        assert_eq!(tick_step(5, 6), 1);
        assert_eq!(tick_step(46, 6), 10);
        assert_eq!(tick_step(120, 10), 20);
        assert_eq!(tick_step(1, 10), 1);
    }

    #[test]
    fn both_axes_are_labelled_and_every_player_has_a_line_ending_in_its_emblem() {
        crate::i18n::set_lang(crate::i18n::Lang::En);
        let history: Vec<ByColour<u32>> = (0..12).map(|i| ByColour::from_fn(|c| if c == Colour::Red { i * 3 } else { i })).collect();
        let p = plot(&history, &[Colour::Red, Colour::Blue], Some(40), true);
        let (svg, _) = html(&[p]);
        assert_eq!(svg.matches("data-plot=").count(), 2);
        assert!(svg.contains("href=\"#em-red\"") && svg.contains("href=\"#em-blue\""));
        // Points 0, 10, 20, 30, 40 on the left; turns 1, 3, 5 … along the bottom.
        for label in [">0<", ">10<", ">40<", ">1<", ">3<", ">11<"] {
            assert!(svg.contains(label), "{label} in {svg}");
        }
        assert!(svg.contains("King chip"), "the King chip's line is near the scores");
        assert!(svg.contains(">Turns<") || svg.contains("turns"), "the bottom axis is named");
    }
}
