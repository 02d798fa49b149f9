//! How far a record's numbers go (NOTATION.md): the referee refuses more, and the refusals
//! say so.

/// The most ducats a record may give a player (`[Ducats]`): far beyond any real game (a Classic
/// game hands out a few hundred ducats in all), and small enough that no game arithmetic on
/// ducats can come near overflowing.
pub const MAX_DUCATS: u32 = 999;
/// The highest score a record may give a player (`[Scores]`; the New Edition also refuses a
/// score at or past its King chip). Bounded for the same reason as [`MAX_DUCATS`].
pub const MAX_SCORE: u32 = 999;
