//! Game setup: decks, the split reveal (or, in the first draft, a coin
//! toss) that decides the first lord, towers and opening hands.

use std::sync::Arc;

use super::assembly::{self, Method};
use super::state::{Lord, Mode, State, Step, Turn, Uid, HAND, TOWERS};
use super::turn::run;
use crate::cards::spheres::{CardId, DeckRules, SpheresDb};
use crate::engine::{GameRng, MatchSetup, PerSeat, Seat, SetupError};
use crate::games::Game;

/// The variant in which any card may be summoned face down as a generic
/// creature (the back of the card; an advanced rule of the rulebook).
pub const FACE_DOWN: &str = "face-down";

/// The variant that plays the first draft's rules where they differ from
/// the rulebook (see `docs/rulings/spheres-first-draft.md`).
pub const FIRST_DRAFT: &str = "first-draft";

/// Tag team: a team is out only when both its lords have fallen (by
/// default, when the first of them falls).
pub const BOTH_FALL: &str = "both-fall";

/// Lords a match seats.
pub const PLAYERS: (usize, usize) = (2, 6);

/// The multiplayer mode a setup asks for, checked against its seats: team
/// play needs teams of two (4 or 6 lords).
pub fn mode(setup: &MatchSetup) -> Result<Mode, SetupError> {
    let n = setup.seats.len();
    if !(PLAYERS.0..=PLAYERS.1).contains(&n) {
        return Err(SetupError::Invalid(format!(
            "Spheres is played by {} to {} lords; this match seats {n}",
            PLAYERS.0, PLAYERS.1
        )));
    }
    let mode = match setup.mode.as_deref().map(str::trim).filter(|m| !m.is_empty()) {
        None => Mode::FreeForAll,
        Some(m) => Mode::parse(m).ok_or_else(|| {
            let keys: Vec<&str> = Mode::ALL.iter().map(|m| m.key()).collect();
            SetupError::Invalid(format!("Spheres has no mode \"{m}\"; the modes are {}", keys.join(", ")))
        })?,
    };
    if mode.has_teams() && n != 4 && n != 6 {
        return Err(SetupError::Invalid(format!(
            "{} is for teams of two, so 4 or 6 lords; this match seats {n}",
            if mode == Mode::Teams { "team play" } else { mode.key() }
        )));
    }
    Ok(mode)
}

/// The variants a setup asks for (its `variant` lists them separated by
/// commas), each checked against the ones Spheres has.
pub fn variants(setup: &MatchSetup) -> Result<Vec<&'static str>, SetupError> {
    let mut out = Vec::new();
    for v in setup.variant.as_deref().unwrap_or("").split(',').map(str::trim).filter(|v| !v.is_empty()) {
        match super::Spheres::INFO.variants.iter().find(|k| **k == v) {
            Some(k) => out.push(*k),
            None => return Err(SetupError::Invalid(format!("Spheres has no variant \"{v}\""))),
        }
    }
    Ok(out)
}

/// Reveals attempted before a tie is broken at random.
const MAX_REVEALS: usize = 20;

/// Sets a match up with the cards of `db`, by its deck assembly method:
/// the seats' decks (pre-design, custom), seat 0's deck for everyone
/// (mirror), random decks, or an assembly phase before play.
pub fn setup(setup: &MatchSetup, db: &Arc<SpheresDb>) -> Result<State, SetupError> {
    let mode = mode(setup)?;
    let variants = variants(setup)?;
    let any_face_down = variants.contains(&FACE_DOWN);
    let first_draft = variants.contains(&FIRST_DRAFT);
    let both_fall = variants.contains(&BOTH_FALL);
    if both_fall && mode != Mode::TagTeam {
        return Err(SetupError::Invalid(
            "the variant both-fall is a rule of tag team; add mode:tag-team or leave it out".to_string(),
        ));
    }
    let rules = if first_draft { DeckRules::FIRST_DRAFT } else { DeckRules::STANDARD };
    let method = Method::parse(setup.assembly.as_deref())?;
    if first_draft && !method.first_draft_allows() {
        return Err(SetupError::Invalid(format!(
            "the first-draft variant plays 50-card decks, and assembly \"{}\" builds the rulebook's \
             48-card decks; use assembly pre-design, custom or mirror with it",
            method.key()
        )));
    }
    let names: Vec<String> = setup.seats.iter().map(|s| s.name.clone()).collect();
    let mut rng = GameRng::from_seed(setup.seed);
    if method.drafts() {
        let table = assembly::Table { db, names: &names, mode, any_face_down, first: setup.first };
        let mut s = assembly::begin(method, table, rng)?;
        s.both_fall = both_fall;
        return Ok(s);
    }
    let resolve = |seat: &crate::engine::SeatSetup| {
        db.resolve_deck_with(rules, &seat.deck)
            .map_err(|reason| SetupError::InvalidDeck { seat_name: seat.name.clone(), reason: reason.to_string() })
    };
    let decks = match method {
        Method::Random => assembly::random_decks(db, &mut rng, names.len()),
        // Mirror decks: every lord plays a copy of the first seat's deck.
        Method::Mirror => {
            let deck = resolve(&setup.seats[0])?;
            vec![deck; names.len()]
        }
        _ => setup.seats.iter().map(resolve).collect::<Result<_, _>>()?,
    };
    let mut s = deal_variant(db, rng, &names, decks, setup.first, first_draft);
    s.any_face_down = any_face_down;
    s.mode = mode;
    s.both_fall = both_fall;
    super::turn::begin_mode(&mut s);
    Ok(s)
}

/// Builds the opening state from resolved decks; `first` takes the first
/// turn without a split reveal (a rematch), else the reveal decides.
pub fn deal(
    db: &Arc<SpheresDb>,
    rng: GameRng,
    names: &[String],
    decks: Vec<Vec<CardId>>,
    first: Option<Seat>,
) -> State {
    deal_variant(db, rng, names, decks, first, false)
}

/// [`deal`], under the first draft's rules when `first_draft`: a coin toss
/// instead of the split reveal, shields instead of towers.
pub fn deal_variant(
    db: &Arc<SpheresDb>,
    mut rng: GameRng,
    names: &[String],
    decks: Vec<Vec<CardId>>,
    first: Option<Seat>,
    first_draft: bool,
) -> State {
    let n = names.len();
    let mut cards = Vec::new();
    let mut owners = Vec::new();
    let mut lords = PerSeat::from_fn(n, |seat| Lord::new(names[seat.index()].clone()));
    for (i, deck) in decks.into_iter().enumerate() {
        let seat = Seat(i as u8);
        for id in deck {
            lords[seat].deck.push(Uid(cards.len() as u16));
            cards.push(id);
            owners.push(seat);
        }
    }
    // Game setup 1: split each deck and compare the revealed cards; in a
    // series of games the first turn passes clockwise instead.
    let (first, opening) = match first.filter(|f| f.index() < n) {
        Some(f) => {
            let why = format!("{} starts: in a rematch the first turn passes clockwise.", lords[f].name);
            (f, why)
        }
        None if first_draft => coin_toss(&mut rng, &lords),
        None => split_reveal(db, &mut rng, &lords, &cards),
    };
    // Game setup 2–4: shuffle, five towers, five hand cards.
    for (_, lord) in lords.iter_mut() {
        rng.shuffle(&mut lord.deck);
        for _ in 0..TOWERS {
            if let Some(u) = lord.deck.pop() {
                lord.towers.push(u);
            }
        }
        for _ in 0..HAND {
            if let Some(u) = lord.deck.pop() {
                lord.hand.push(u);
            }
        }
    }
    let turn = Turn::start(1, first, first, Step::Regroup);
    let mut s = State::at_turn(db, rng, cards, owners, lords, turn);
    s.first_draft = first_draft;
    s.opening = Some(opening.into());
    run(&mut s, &mut Vec::new());
    s
}

/// First draft, game setup 4: the first player is chosen at random (a coin
/// or a die).
fn coin_toss(rng: &mut GameRng, lords: &PerSeat<Lord>) -> (Seat, String) {
    let seats: Vec<Seat> = lords.seats().collect();
    let first = seats[rng.below(seats.len())];
    let how = if seats.len() == 2 { "a coin toss" } else { "a die roll" };
    (first, format!("{} starts ({how} chose the first player).", lords[first].name))
}

/// Game setup 1: each lord reveals a card of their split deck; the highest
/// creature cost starts, then the highest spell cost; ties reveal again.
fn split_reveal(db: &SpheresDb, rng: &mut GameRng, lords: &PerSeat<Lord>, cards: &[CardId]) -> (Seat, String) {
    let mut contenders: Vec<Seat> = lords.seats().collect();
    let mut told = Vec::new();
    for round in 0..MAX_REVEALS {
        if contenders.len() == 1 {
            break;
        }
        let reveals: Vec<(u8, u8)> = contenders
            .iter()
            .map(|seat| {
                let deck = &lords[*seat].deck;
                if deck.is_empty() {
                    return (0, 0);
                }
                let c = db.card(cards[deck[rng.below(deck.len())].0 as usize]);
                let shown = format!(
                    "{} {} ({} {}/{})",
                    lords[*seat].name,
                    if round == 0 { "reveals" } else { "then" },
                    c.creature.name,
                    c.creature.cost,
                    c.spell.cost
                );
                told.push(shown);
                (c.creature.cost, c.spell.cost)
            })
            .collect();
        let best = *reveals.iter().max().expect("two contenders");
        contenders =
            contenders.into_iter().zip(reveals).filter(|(_, r)| *r == best).map(|(s, _)| s).collect();
    }
    let tied = contenders.len() > 1;
    let first = contenders[if tied { rng.below(contenders.len()) } else { 0 }];
    let why = if tied { "still tied, so chosen at random" } else { "highest creature cost, then spell cost" };
    let opening = format!(
        "Split reveal (creature/spell cost): {}. {} starts ({why}).",
        told.join(", "),
        lords[first].name
    );
    (first, opening)
}
