//! The New Edition's screens: the turn (income, sell or play a power card, perform it on the
//! board, refill from the deck or the market), the holder's secret hand, the public market,
//! the score track with the King chip, and the end with its bonuses.

use super::board::{colour_fill, Board};
use super::screens::HandOverCard;
use super::{Ctx, Mode};
use crate::app::log::LogLine;
use crate::app::newed_log::{ducats, mine_text, power_action_short, power_action_text};
use crate::app::newed_session::NewSession;
use crate::app::render::BoardModel;
use crate::engine::newed::view::PhaseView;
use crate::engine::newed::{Move, PowerCardId, View, Work};
use crate::engine::{Colour, MineKind};
use leptos::prelude::*;

/// The public table: a view, every colour's name, the last score changes.
type Public = Memo<Option<(View, Vec<(Colour, String)>, Vec<(Colour, i32)>)>>;

fn with_new<T>(ctx: Ctx, f: impl FnOnce(&View, &NewSession) -> T) -> Option<T> {
    ctx.new_session.with(|s| s.as_ref().map(|s| f(&s.view(), s)))
}

/// Pass the device to a New Edition player, saying why.
#[component]
pub fn NewHandOver(colour: Colour) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let (name, reason) = ctx.new_session.with_untracked(|s| s.as_ref().map(|s| (s.name(colour), s.hand_over_reason()))).unwrap_or_default();
    let take = Callback::new(move |_| {
        ctx.notice.set(None);
        ctx.update_new(|s| s.take_device(colour));
    });
    view! { <HandOverCard colour=colour name=name reason=reason on_take=take/> }
}

/// The screen while a player holds the device.
#[component]
pub fn NewGameScreen() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let model = Memo::new(move |_| {
        let mode = ctx.mode.get();
        ctx.new_session.with(|s| s.as_ref().map(|s| BoardModel::of_new_session(s, mode)))
    });
    let public = Memo::new(move |_| ctx.new_session.with(|s| s.as_ref().map(|s| (s.view(), names(s), s.last_score_changes.clone()))));
    let log = Memo::new(move |_| ctx.new_session.with(|s| s.as_ref().map(|s| s.log.clone())).unwrap_or_default());
    view! {
        <div class="game new-edition">
            <NewTopBar/>
            <div class="layout">
                <section class="board-area">
                    <NewPrompt/>
                    <Board model=model on_space=Callback::new(move |s| super::taps::new_space(ctx, s)) on_edge=Callback::new(move |e| super::taps::new_edge(ctx, e))/>
                </section>
                <aside class="side">
                    <NewControls/>
                    <Hand/>
                    <Market public=public/>
                    <Players public=public/>
                    <NewLog lines=log/>
                </aside>
            </div>
            {move || ctx.warning.get().map(|w| view! { <div class="warning" role="alert">{w}</div> })}
        </div>
    }
}

fn names(s: &NewSession) -> Vec<(Colour, String)> {
    Colour::ALL.iter().map(|&c| (c, s.name(c))).collect()
}

fn name_of(names: &[(Colour, String)], c: Colour) -> String {
    names.iter().find(|(x, _)| *x == c).map(|(_, n)| n.clone()).unwrap_or_default()
}

/// Title, deck, King chip and menu.
#[component]
fn NewTopBar() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let menu = RwSignal::new(false);
    let info = move || {
        with_new(ctx, |v, _| {
            let deck = if v.final_phase { "final phase: no more cards are drawn".to_string() } else { format!("{} cards in the deck", v.deck_left) };
            format!("New Edition · {deck} · King chip at {} · {} borders in stock", v.king_chip, v.borders_in_stock)
        })
    };
    view! {
        <header class="topbar">
            <span class="title">"Löwenherz"</span>
            <span class="info">{info}</span>
            <button class="menu" data-menu="" on:click=move |_| menu.update(|m| *m = !*m)>"Menu"</button>
        </header>
        {move || menu.get().then(|| view! { <super::share::GameMenu open=menu/> })}
    }
}

/// What the holder must do now; the last notice.
#[component]
fn NewPrompt() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let text = move || {
        with_new(ctx, |v, s| {
            let me = v.viewer.map(|c| s.name(c)).unwrap_or_default();
            if s.must_confirm() {
                return format!("{me}: your turn is complete — confirm it, or take moves back.");
            }
            if s.reviewing {
                return format!("{me}: here is your new hand. Pass the device on when you are ready.");
            }
            match &v.phase {
                PhaseView::Placement { placer, colour, castle: None, min_distance } => {
                    let whose = if placer == colour { "your".to_string() } else { format!("a neutral {}", crate::app::colour_label(*colour).to_lowercase()) };
                    format!("{me}: place {whose} castle on a highlighted meadow (at least {min_distance} spaces from castles of its colour).")
                }
                PhaseView::Placement { castle: Some(c), .. } => format!("{me}: place its knight on a meadow or forest next to {c}."),
                PhaseView::Choose { .. } => format!("{me}: sell one of your cards to the market, or play one."),
                PhaseView::Perform { card, work, .. } => match work {
                    Work::Borders { left } => format!("{me}: {card} — tap an edge for a border ({left} left), or end the action."),
                    Work::Knights { left } => format!("{me}: {card} — tap a space for a knight ({left} left; forest costs 1 ducat), or end the action."),
                    Work::Expand { taken, .. } => format!("{me}: {card} — tap a space for your region to take ({} left), or end the action.", 2 - taken),
                    Work::Renegade => format!("{me}: {card} Renegade — tap the castle of a neighbouring foreign region, then the space for your knight."),
                    Work::Alliance => format!("{me}: {card} Alliance — tap the castle of your region, then of the neighbouring foreign region."),
                },
                PhaseView::Remove { by, .. } => format!("{me}: {} played Renegade against your region — tap the knight of yours that leaves it.", s.name(*by)),
                PhaseView::Refill { .. } => format!("{me}: take a card — tap the deck or a market card."),
                PhaseView::Over { .. } => "The game is over.".into(),
            }
        })
    };
    view! {
        <div class="prompt" aria-live="polite">
            <p class="todo">{text}</p>
            {move || ctx.notice.get().map(|n| view! { <p class="notice" role="status">{n}<button class="x" aria-label="Dismiss" on:click=move |_| ctx.notice.set(None)>"×"</button></p> })}
        </div>
    }
}

/// Staging, choices and the end of an action.
#[component]
fn NewControls() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let body = move || {
        let mode = ctx.mode.get();
        let regions = ctx.region_choice.get();
        with_new(ctx, |v, s| {
            let mut parts: Vec<AnyView> = Vec::new();
            if !regions.is_empty() {
                parts.push(view! {
                    <div class="row region-choice" role="group" aria-label="Which region">
                        {regions.into_iter().map(|m| {
                            let Move::Expand { castle, .. } = m else { return ().into_any() };
                            let label = castle.map(|c| format!("The region of {c}")).unwrap_or_default();
                            view! { <button data-region=castle.map(|c| c.to_string()) on:click=move |_| ctx.act_new(m)>{label}</button> }.into_any()
                        }).collect_view()}
                        <button on:click=move |_| { ctx.region_choice.set(Vec::new()); ctx.notice.set(None); }>"Cancel"</button>
                    </div>
                }.into_any());
            }
            if mode != Mode::Normal {
                parts.push(view! { <div class="row"><button on:click=move |_| { ctx.mode.set(Mode::Normal); ctx.notice.set(None); }>"Choose again"</button></div> }.into_any());
            }
            if !s.staged.is_empty() {
                let must = s.must_confirm();
                parts.push(view! {
                    <div class="staging">
                        <button class="undo" data-undo="" on:click=move |_| { ctx.mode.set(Mode::Normal); ctx.update_new(|s| s.undo()) }>"Take back"</button>
                        <button class=if must { "confirm primary" } else { "confirm" } data-confirm="" on:click=move |_| ctx.update_new(|s| s.confirm())>
                            {if must { "Confirm — pass the device" } else { "Confirm" }}
                        </button>
                    </div>
                }.into_any());
            } else if s.reviewing {
                parts.push(view! { <div class="row"><button class="primary" data-pass="" on:click=move |_| ctx.update_new(|s| s.end_review())>"Done — pass the device"</button></div> }.into_any());
            }
            if let (PhaseView::Perform { by, .. }, false) = (&v.phase, s.must_confirm())
                && v.moves.contains(&Move::Done { by: *by })
            {
                let by = *by;
                parts.push(view! { <div class="row"><button class="done" data-done="" on:click=move |_| ctx.act_new(Move::Done { by })>"End the action"</button></div> }.into_any());
            }
            parts.collect_view()
        })
    };
    view! { <div class="controls">{body}</div> }
}

/// A power card's face: its actions, price and sale value.
fn card_face(card: PowerCardId) -> AnyView {
    let c = card.card();
    let acts: Vec<String> = c.actions.iter().flatten().map(|&a| power_action_short(a)).collect();
    view! {
        <span class="card-face">
            <b class="card-id">{card.to_string()}</b>
            <span class="card-actions">{acts.join(" or ")}</span>
            <span class="card-money">{format!("play {} · sell {}", c.price, c.sale)}</span>
        </span>
    }
    .into_any()
}

/// The holder's own power cards and money (private), with sell and play buttons on their turn.
#[component]
fn Hand() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let body = move || {
        with_new(ctx, |v, s| {
            let me = v.viewer?;
            let hand = v.hand.clone()?;
            let choosing = matches!(v.phase, PhaseView::Choose { .. }) && !s.must_confirm();
            let money = v.ducats[me].unwrap_or(0);
            let cards = hand
                .into_iter()
                .map(|card| {
                    let c = card.card();
                    let sell = v.moves.iter().copied().find(|m| matches!(m, Move::Sell { card: x, .. } if *x == card)).filter(|_| choosing);
                    let plays: Vec<(u8, bool)> = (1..=card.action_count()).map(|a| (a, v.moves.contains(&Move::Play { by: me, card, action: a }))).collect();
                    let why_not = (choosing && c.price > money).then(|| format!("costs {}; you have {}", ducats(c.price), ducats(money)));
                    view! {
                        <li class="power-card" data-card=card.to_string()>
                            {card_face(card)}
                            {choosing.then(|| view! {
                                <div class="card-buttons">
                                    {sell.map(|m| view! { <button data-sell=card.to_string() on:click=move |_| ctx.act_new(m)>{format!("Sell +{}", c.sale)}</button> })}
                                    {plays.into_iter().map(|(a, ok)| {
                                        let label = match card.action(a) {
                                            Some(act) if card.action_count() == 2 => format!("Play: {} (−{})", power_action_short(act), c.price),
                                            _ => format!("Play −{}", c.price),
                                        };
                                        let title = card.action(a).map(power_action_text).unwrap_or_default();
                                        view! { <button class="primary" data-play=format!("{card} {a}") title=title disabled=!ok on:click=move |_| ctx.act_new(Move::Play { by: me, card, action: a })>{label}</button> }
                                    }).collect_view()}
                                    {why_not.map(|w| view! { <small class="why-not">{w}</small> })}
                                </div>
                            })}
                        </li>
                    }
                })
                .collect_view();
            let monopolies = v.monopolies[me].iter().map(|&k| mine_text(k)).collect::<Vec<_>>().join(", ");
            Some(view! {
                <section class="panel mine hand" data-private=me.name() style=format!("border-color:{}", colour_fill(me))>
                    <h2>{format!("{} (you) — {}", s.name(me), ducats(money))}</h2>
                    <ul class="hand-cards">{cards}</ul>
                    <p class="hint">{format!("Income next turn: {} · monopolies: {}", ducats(v.income[me]), if monopolies.is_empty() { "none".into() } else { monopolies })}</p>
                </section>
            })
        })
    };
    view! { {body} }
}

fn mine_badge(k: MineKind) -> AnyView {
    view! { <span class=format!("mine-badge {}", k.name()) title=mine_text(k)>{mine_text(k)}</span> }.into_any()
}

/// Every player: score on the track up to the King chip, money (if public), income, monopolies.
#[component]
fn Players(public: Public) -> impl IntoView {
    let body = move || {
        public.with(|p| {
            p.as_ref().map(|(v, names, changes)| {
                let chip = v.king_chip.max(1);
                let rows = v
                    .players
                    .iter()
                    .map(|&c| {
                        let score = v.scores[c];
                        let change: i32 = changes.iter().filter(|(x, _)| *x == c).map(|(_, d)| d).sum();
                        let pct = (score.min(chip) as f64) * 100.0 / chip as f64;
                        let money = v.ducats[c].filter(|_| v.public_money).map(|d| format!(" · {}", ducats(d)));
                        let monopolies = v.monopolies[c].clone();
                        view! {
                            <div class="track-row" data-score=c.name()>
                                <span class="who">{name_of(names, c)}</span>
                                <span class="bar"><span class="marker" style=format!("left:{pct:.1}%;background:{}", colour_fill(c))></span></span>
                                <span class="pts" class:changed=change != 0>{score}
                                    {(change != 0).then(|| view! { <small>{if change > 0 { format!(" +{change}") } else { format!(" {change}") }}</small> })}
                                </span>
                                <span class="meta">
                                    {format!("{} cards · {} knights left · income {}", v.hand_counts[c], v.knights_in_stock[c], v.income[c])}{money}
                                    {monopolies.into_iter().map(mine_badge).collect_view()}
                                </span>
                            </div>
                        }
                    })
                    .collect_view();
                view! {
                    <div class="chip-scale"><span>"0"</span><span class="king-chip" data-king-chip=v.king_chip>{format!("♛ King chip {}", v.king_chip)}</span></div>
                    {rows}
                    {v.neutral.map(|n| view! { <p class="hint">{format!("{} — neutral: blocks, never scores.", name_of(names, n))}</p> })}
                }
            })
        })
    };
    view! { <section class="panel track"><h2>"Score track"</h2>{body}</section> }
}

/// The deck and the market (public); in the refill step they are tapped to take a card.
#[component]
fn Market(public: Public) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let body = move || {
        let confirming = ctx.new_session.with(|s| s.as_ref().is_some_and(|s| s.must_confirm()));
        public.with(|p| {
            p.as_ref().map(|(v, _, _)| {
                let refill = match v.phase {
                    PhaseView::Refill { by, sold } if v.viewer == Some(by) && !confirming => Some((by, sold)),
                    _ => None,
                };
                let can_draw = refill.is_some_and(|(by, _)| v.moves.contains(&Move::Draw { by }));
                let deck_by = refill.map(|(by, _)| by);
                let cards = v
                    .market
                    .iter()
                    .map(|&card| {
                        let take = refill.and_then(|(by, _)| v.moves.iter().copied().find(|m| *m == Move::Take { by, card }));
                        let just_sold = refill.is_some_and(|(_, sold)| sold == Some(card));
                        view! {
                            <li class="power-card market-card" class:takeable=take.is_some() data-market=card.to_string()
                                title=if just_sold { "You just sold this card: it can't be taken back this turn." } else { "" }
                                on:click=move |_| if let Some(m) = take { ctx.act_new(m) }>
                                {card_face(card)}
                                {take.map(|_| view! { <button class="primary">"Take"</button> })}
                                {just_sold.then(|| view! { <small class="why-not">"just sold"</small> })}
                            </li>
                        }
                    })
                    .collect_view();
                view! {
                    <div class="row deck-row">
                        <button class="deck" class:takeable=can_draw disabled=!can_draw data-deck="" aria-label="The deck"
                            on:click=move |_| if let Some(by) = deck_by { ctx.act_new(Move::Draw { by }) }>{v.deck_left}</button>
                        <span class="hint">{if can_draw { "Tap the deck to draw its top card (this confirms your turn: a card drawn can't be put back), or take a market card." } else { "cards in the deck" }}</span>
                    </div>
                    {if v.market.is_empty() { view! { <p class="hint">"The market is empty."</p> }.into_any() } else { view! { <ul class="market-cards">{cards}</ul> }.into_any() }}
                }
            })
        })
    };
    view! { <section class="panel market"><h2>"Deck and market"</h2>{body}</section> }
}

/// The last lines of the log.
#[component]
fn NewLog(lines: Memo<Vec<LogLine>>) -> impl IntoView {
    let body = move || {
        lines.with(|l| {
            l.iter()
                .rev()
                .take(60)
                .map(|l| {
                    let style = l.colour.map(|c| format!("border-left-color:{}", colour_fill(c))).unwrap_or_default();
                    view! { <li style=style>{l.text.clone()}</li> }
                })
                .collect_view()
        })
    };
    view! { <section class="panel log"><h2>"Game log"</h2><ol class="log-lines" role="log">{body}</ol></section> }
}

/// The side panels of a New Edition replay.
#[component]
pub fn ReplaySide() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let public = Memo::new(move |_| {
        ctx.replay.with(|r| match r {
            Some(crate::app::AnyReplay::New(r)) => Some((r.session.game.view(None), names(&r.session), Vec::new())),
            _ => None,
        })
    });
    let log = Memo::new(move |_| {
        ctx.replay.with(|r| match r {
            Some(crate::app::AnyReplay::New(r)) => r.session.log.clone(),
            _ => Vec::new(),
        })
    });
    view! { <Players public=public/><Market public=public/><NewLog lines=log/> }
}

/// The end: winners, how the points came, the scores over the turns, the final board.
#[component]
pub fn NewEndScreen() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let board = Memo::new(move |_| ctx.new_session.with(|s| s.as_ref().map(|s| BoardModel::new_edition(&s.game.view(None), Mode::Normal))));
    let status = RwSignal::new(None::<String>);
    let body = move || {
        ctx.new_session.with_untracked(|s| {
            let s = s.as_ref()?;
            let v = s.game.view(None);
            let PhaseView::Over { winners, king } = &v.phase else { return None };
            let names: Vec<String> = winners.iter().map(|&c| s.name(c)).collect();
            let title = format!("{} {} Löwenherz!", names.join(" and "), if names.len() > 1 { "share the crown of" } else { "is" });
            let how = if *king { "The King chip was reached.".to_string() } else { "The deck ran out and every card was played; the ducat bonuses were paid.".to_string() };
            let rows = v
                .players
                .iter()
                .map(|&c| {
                    let b = s.breakdown[c];
                    view! {
                        <tr data-final=c.name()>
                            <th style=format!("color:{}", colour_fill(c))>{s.name(c)}</th>
                            <td>{b.regions}</td><td>{b.expansions}</td><td>{b.losses}</td><td>{b.monopolies}</td><td>{b.bonuses}</td>
                            <td class="total">{v.scores[c]}</td>
                            <td>{s.game.ducats(c)}</td>
                        </tr>
                    }
                })
                .collect_view();
            let (record, id) = (s.record(), s.id.clone());
            Some(view! {
                <div class="end" data-game-over="">
                    <h1>{title}</h1>
                    <p>{how}</p>
                    <table class="breakdown">
                        <thead><tr><th></th><th>"Regions"</th><th>"Expansions"</th><th>"Losses"</th><th>"Monopolies"</th><th>"Bonuses"</th><th>"Total"</th><th>"Ducats"</th></tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                    {score_plot(&s.history, &v.players, v.king_chip)}
                    <div class="export"><super::share::RecordButtons record=record id=id over=true status=status/></div>
                    {move || status.get().map(|m| view! { <p class="notice">{m}</p> })}
                    <Board model=board/>
                    <div class="row">
                        <button class="primary" on:click=move |_| { ctx.show(None); ctx.saves_changed.update(|n| *n += 1); }>"Back to the menu"</button>
                    </div>
                </div>
            })
        })
    };
    view! { {body} }
}

/// Every player's score over the turns, with the King chip's line.
fn score_plot(history: &[crate::engine::ByColour<u32>], players: &[Colour], chip: u32) -> AnyView {
    let max = history.iter().flat_map(|h| players.iter().map(|&c| h[c])).max().unwrap_or(1).max(chip).max(1) as f64;
    let (w, h) = (600.0, 240.0);
    let n = history.len().max(2) as f64 - 1.0;
    let y = |v: f64| h - 20.0 - v * (h - 40.0) / max;
    let lines = players
        .iter()
        .enumerate()
        .map(|(k, &c)| {
            // A small offset per player keeps tied lines visible.
            let off = k as f64 * 1.5;
            let pts: Vec<String> = history.iter().enumerate().map(|(i, sc)| format!("{:.1},{:.1}", 30.0 + i as f64 * (w - 40.0) / n, y(sc[c] as f64) - off)).collect();
            view! { <polyline class="plot-line" points=pts.join(" ") stroke=colour_fill(c)/> }
        })
        .collect_view();
    view! {
        <svg class="plot" viewBox=format!("0 0 {w} {h}") role="img" aria-label="Scores over the turns">
            <line class="axis" x1="30" y1=h - 20.0 x2=w - 10.0 y2=h - 20.0/>
            <line class="axis" x1="30" y1="20" x2="30" y2=h - 20.0/>
            <line class="chip-line" x1="30" y1=y(chip as f64) x2=w - 10.0 y2=y(chip as f64)/>
            <text x="34" y=y(chip as f64) - 4.0 class="plot-label">{format!("King chip {chip}")}</text>
            <text x="4" y=h - 20.0 class="plot-label">"0"</text>
            <text x=w - 80.0 y=h - 4.0 class="plot-label">"turns →"</text>
            {lines}
        </svg>
    }
    .into_any()
}
