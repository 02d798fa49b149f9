//! The hard level's evaluation weights (issue 34): one data file, `weights.txt`, read at compile
//! time, so that a tuning run (`loewenherz-cli tune`, `scripts/tune.sh`) changes numbers, not code.
//! The frozen levels (`reference`, `medium`, `easy`) never read it.
//!
//! A tuning run or an arena with other weights (`--weights FILE`) sets them for the decisions of
//! this thread ([`set_tuning`]); the game and the worker use the file's.

use std::cell::Cell;
use std::sync::OnceLock;

/// Every weight of the hard evaluation, both editions (see `weights.txt` for what each means).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Tuning {
    pub classic_superiority: f32,
    pub classic_room: f32,
    pub classic_mountain: f32,
    pub classic_potential: f32,
    pub classic_knights: f32,
    pub classic_wealth: f32,
    pub classic_cards: f32,
    pub new_superiority: f32,
    pub new_room: f32,
    pub new_potential: f32,
    pub new_closing: f32,
    pub new_rings: f32,
    pub new_meadow: f32,
    pub new_mine: f32,
    pub new_hand: f32,
    pub new_guide: f32,
    pub classic_width: f32,
    pub new_width: f32,
    pub classic_guide: f32,
    pub new_money: f32,
    pub classic_order: f32,
    pub new_order: f32,
    pub new_afford: f32,
    pub new_draw: f32,
    pub new_own: f32,
}

/// The weights' names in the file, in the order of [`Tuning::get`].
pub const NAMES: [&str; 25] = [
    "classic.superiority",
    "classic.room",
    "classic.mountain",
    "classic.potential",
    "classic.knights",
    "classic.wealth",
    "classic.cards",
    "new.superiority",
    "new.room",
    "new.potential",
    "new.closing",
    "new.rings",
    "new.meadow",
    "new.mine",
    "new.hand",
    "new.guide",
    "classic.width",
    "new.width",
    "classic.guide",
    "new.money",
    "classic.order",
    "new.order",
    "new.afford",
    "new.draw",
    "new.own",
];

impl Tuning {
    const ZERO: Tuning = Tuning {
        classic_superiority: 0.0,
        classic_room: 0.0,
        classic_mountain: 0.0,
        classic_potential: 0.0,
        classic_knights: 0.0,
        classic_wealth: 0.0,
        classic_cards: 0.0,
        new_superiority: 0.0,
        new_room: 0.0,
        new_potential: 0.0,
        new_closing: 0.0,
        new_rings: 0.0,
        new_meadow: 0.0,
        new_mine: 0.0,
        new_hand: 0.0,
        new_guide: 0.0,
        classic_width: 0.0,
        new_width: 0.0,
        classic_guide: 0.0,
        new_money: 0.0,
        classic_order: 0.0,
        new_order: 0.0,
        new_afford: 0.0,
        new_draw: 0.0,
        new_own: 0.0,
    };

    fn slot(&mut self, i: usize) -> &mut f32 {
        match i {
            0 => &mut self.classic_superiority,
            1 => &mut self.classic_room,
            2 => &mut self.classic_mountain,
            3 => &mut self.classic_potential,
            4 => &mut self.classic_knights,
            5 => &mut self.classic_wealth,
            6 => &mut self.classic_cards,
            7 => &mut self.new_superiority,
            8 => &mut self.new_room,
            9 => &mut self.new_potential,
            10 => &mut self.new_closing,
            11 => &mut self.new_rings,
            12 => &mut self.new_meadow,
            13 => &mut self.new_mine,
            14 => &mut self.new_hand,
            15 => &mut self.new_guide,
            16 => &mut self.classic_width,
            17 => &mut self.new_width,
            18 => &mut self.classic_guide,
            19 => &mut self.new_money,
            20 => &mut self.classic_order,
            21 => &mut self.new_order,
            22 => &mut self.new_afford,
            23 => &mut self.new_draw,
            _ => &mut self.new_own,
        }
    }

    /// The weight named `NAMES[i]`.
    pub fn get(&self, i: usize) -> f32 {
        let mut t = *self;
        *t.slot(i)
    }

    /// Sets the weight named `NAMES[i]`.
    pub fn set(&mut self, i: usize, v: f32) {
        *self.slot(i) = v;
    }

    /// Reads `name value` lines (`#` comments and blank lines ignored); every name exactly once.
    ///
    /// # Errors
    /// A line that is not a known name and a finite number, a name twice, or a name missing.
    pub fn parse(text: &str) -> Result<Tuning, String> {
        let mut t = Tuning::ZERO;
        let mut seen = [false; NAMES.len()];
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut parts = line.split_whitespace();
            let (Some(name), Some(value), None) = (parts.next(), parts.next(), parts.next()) else {
                return Err(format!("line {}: want `name value`", n + 1));
            };
            let i = NAMES.iter().position(|&k| k == name).ok_or_else(|| format!("line {}: unknown weight {name:?}", n + 1))?;
            let v: f32 = value.parse().map_err(|_| format!("line {}: {value:?} is not a number", n + 1))?;
            if !v.is_finite() {
                return Err(format!("line {}: {value:?} is not finite", n + 1));
            }
            if std::mem::replace(&mut seen[i], true) {
                return Err(format!("line {}: {name} given twice", n + 1));
            }
            t.set(i, v);
        }
        match seen.iter().position(|&s| !s) {
            Some(i) => Err(format!("{} is missing", NAMES[i])),
            None => Ok(t),
        }
    }

    /// The weights as `name value` lines, as [`Tuning::parse`] reads them.
    pub fn lines(&self) -> String {
        NAMES.iter().enumerate().map(|(i, n)| format!("{n} {}\n", self.get(i))).collect()
    }
}

/// The weights of `weights.txt`.
pub fn built_in() -> Tuning {
    static FILE: OnceLock<Tuning> = OnceLock::new();
    *FILE.get_or_init(|| Tuning::parse(include_str!("weights.txt")).expect("src/engine/ai/weights.txt is valid"))
}

thread_local! {
    static CURRENT: Cell<Option<Tuning>> = const { Cell::new(None) };
    static SCALE: Cell<u32> = const { Cell::new(1000) };
}

/// The weights the hard level's decisions on this thread use now.
pub fn tuning() -> Tuning {
    CURRENT.with(Cell::get).unwrap_or_else(built_in)
}

/// Uses `t` for this thread's hard decisions from now on (`None`: the file's again): for tuning
/// and for measuring other weights in the referee's arena.
pub fn set_tuning(t: Option<Tuning>) {
    CURRENT.with(|c| c.set(t));
}

/// Scales every searching level's iterations on this thread by `per_mille` / 1000 (at least one
/// iteration): the reduced search that tuning and quick measurements use. 1000: as the levels say.
pub fn set_search_scale(per_mille: u32) {
    SCALE.with(|s| s.set(per_mille));
}

/// The iterations a budget of `iterations` gets at this thread's scale.
pub fn scaled(iterations: u32) -> u32 {
    let s = SCALE.with(Cell::get);
    if s == 1000 { iterations } else { (u64::from(iterations) * u64::from(s) / 1000).max(1) as u32 }
}
