//! High Card: the smallest game the registry can hold, used only by tests
//! (feature `test-games`) to prove that a game plugs in through its own
//! folders and one registry line.
//!
//! Each player draws three cards from a six-card deck. Each round both
//! players choose a card in secret, at the same time; then both are
//! revealed and the higher card scores a point. After each round both draw
//! one card. After three rounds the most points wins; equal points draw.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::cards::highcard::{CardId, HighCardDb};
use crate::engine::{
    ActionView, Attached, CardView, Event, GameRng, Illegal, MatchSetup, Outcome, PerSeat, Placement,
    PoolView, Rules, Seat, SeatView, SetupError, TableView, Viewer, ZoneView,
};
use crate::games::{Game, GameInfo};

/// Rounds in a game.
pub const ROUNDS: u8 = 3;
/// Cards in an opening hand.
pub const HAND: usize = 3;

/// The High Card rules.
pub struct HighCard;

/// A match of High Card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The card database (not serialised).
    #[serde(skip)]
    pub db: Attached<HighCardDb>,
    /// The match's random number generator.
    pub rng: GameRng,
    /// Players' names.
    pub names: PerSeat<String>,
    /// Decks, top last.
    pub decks: PerSeat<Vec<CardId>>,
    /// Hands.
    pub hands: PerSeat<Vec<CardId>>,
    /// Cards chosen this round, face down until both have chosen.
    pub played: PerSeat<Option<CardId>>,
    /// The cards revealed last round.
    pub revealed: PerSeat<Option<CardId>>,
    /// Points.
    pub points: PerSeat<u8>,
    /// Rounds played.
    pub round: u8,
    /// Set once the game is over.
    pub outcome: Option<Outcome>,
}

/// Play the hand card at this position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Action {
    /// Position in the hand.
    pub card: u8,
}

fn opponent(seat: Seat) -> Seat {
    Seat(1 - seat.0)
}

fn draw(s: &mut State, seat: Seat) {
    if let Some(c) = s.decks[seat].pop() {
        s.hands[seat].push(c);
    }
}

fn finish(s: &mut State) {
    let (a, b) = (s.points[Seat(0)], s.points[Seat(1)]);
    let winners = match a.cmp(&b) {
        std::cmp::Ordering::Greater => vec![Seat(0)],
        std::cmp::Ordering::Less => vec![Seat(1)],
        std::cmp::Ordering::Equal => vec![],
    };
    s.outcome = Some(Outcome { winners, reason: format!("{a} points to {b}") });
}

impl Rules for HighCard {
    type State = State;
    type Action = Action;
    type Cards = Arc<HighCardDb>;

    fn setup(setup: &MatchSetup, cards: &Arc<HighCardDb>) -> Result<State, SetupError> {
        if setup.seats.len() != 2 {
            return Err(SetupError::Invalid(format!("High Card seats 2 players, not {}", setup.seats.len())));
        }
        let mut rng = GameRng::from_seed(setup.seed);
        let mut decks = Vec::new();
        for seat in &setup.seats {
            let problems = crate::cards::Catalog::deck_problems(&**cards, &seat.deck);
            if !problems.is_empty() {
                return Err(SetupError::InvalidDeck { seat_name: seat.name.clone(), reason: problems.join("; ") });
            }
            let mut deck: Vec<CardId> = seat.deck.iter().filter_map(|n| cards.find(n).ok()).collect();
            rng.shuffle(&mut deck);
            decks.push(deck);
        }
        let mut s = State {
            db: Attached::new(cards),
            rng,
            names: PerSeat::from_fn(2, |seat| setup.seats[seat.index()].name.clone()),
            decks: PerSeat::from_fn(2, |seat| decks[seat.index()].clone()),
            hands: PerSeat::from_fn(2, |_| Vec::new()),
            played: PerSeat::from_fn(2, |_| None),
            revealed: PerSeat::from_fn(2, |_| None),
            points: PerSeat::from_fn(2, |_| 0),
            round: 0,
            outcome: None,
        };
        for _ in 0..HAND {
            draw(&mut s, Seat(0));
            draw(&mut s, Seat(1));
        }
        Ok(s)
    }

    fn attach(s: &mut State, cards: &Arc<HighCardDb>) {
        s.db = Attached::new(cards);
    }

    fn to_act(s: &State) -> Vec<Seat> {
        if s.outcome.is_some() {
            return Vec::new();
        }
        s.played.iter().filter(|(_, p)| p.is_none()).map(|(seat, _)| seat).collect()
    }

    fn legal_actions(s: &State, seat: Seat) -> Vec<Action> {
        if !Self::to_act(s).contains(&seat) {
            return Vec::new();
        }
        (0..s.hands[seat].len()).map(|i| Action { card: i as u8 }).collect()
    }

    fn apply(s: &mut State, seat: Seat, a: &Action) -> Result<Vec<Event>, Illegal> {
        if !Self::legal_actions(s, seat).contains(a) {
            return Err(Illegal::new("you cannot play that card now"));
        }
        let card = s.hands[seat].remove(a.card as usize);
        s.played[seat] = Some(card);
        let mut ev = vec![
            Event::public(format!("{} plays a card face down", s.names[seat])),
            Event::private(seat, format!("You play {}", s.db.card(card).name)),
        ];
        if let (Some(x), Some(y)) = (s.played[Seat(0)], s.played[Seat(1)]) {
            let (vx, vy) = (s.db.card(x).value, s.db.card(y).value);
            ev.push(Event::public(format!(
                "{} reveals {}, {} reveals {}",
                s.names[Seat(0)],
                s.db.card(x).name,
                s.names[Seat(1)],
                s.db.card(y).name
            )));
            if vx != vy {
                let winner = if vx > vy { Seat(0) } else { Seat(1) };
                s.points[winner] += 1;
                ev.push(Event::public(format!("{} scores", s.names[winner])));
            }
            s.revealed = PerSeat::from_fn(2, |seat| s.played[seat]);
            s.played = PerSeat::from_fn(2, |_| None);
            s.round += 1;
            draw(s, Seat(0));
            draw(s, Seat(1));
            if s.round >= ROUNDS || s.hands.values().any(Vec::is_empty) {
                finish(s);
            }
        }
        Ok(ev)
    }

    fn outcome(s: &State) -> Option<Outcome> {
        s.outcome.clone()
    }

    fn view(s: &State, viewer: Viewer) -> TableView {
        let me = match viewer {
            Viewer::Seat(seat) => Some(seat),
            Viewer::Public => None,
        };
        let name = |c: CardId| s.db.card(c).name.clone();
        let seats = s
            .names
            .iter()
            .map(|(seat, n)| {
                let played = s.played[seat].map(|c| CardView {
                    name: if me == Some(seat) { name(c) } else { "a face-down card".into() },
                    detail: String::new(),
                });
                SeatView {
                    seat: Some(seat),
                    name: n.clone(),
                    counters: vec![
                        ("Hand".into(), crate::engine::count_cards(s.hands[seat].len())),
                        ("Deck".into(), s.decks[seat].len().to_string()),
                    ],
                    tokens: vec![PoolView { name: "Points".into(), count: u32::from(s.points[seat]) }],
                    zones: vec![ZoneView { name: "Played".into(), cards: played.into_iter().collect() }],
                    alive: true,
                    ..Default::default()
                }
            })
            .collect();
        let last: Vec<CardView> = s
            .revealed
            .iter()
            .filter_map(|(seat, c)| c.map(|c| CardView { name: name(c), detail: s.names[seat].clone() }))
            .collect();
        TableView {
            game: "High Card".into(),
            headline: match &s.outcome {
                Some(o) => format!("Game over · {}", o.reason),
                None => format!("Round {} of {ROUNDS}", s.round + 1),
            },
            seats,
            pools: vec![PoolView { name: "Rounds left".into(), count: u32::from(ROUNDS.saturating_sub(s.round)) }],
            shared: vec![ZoneView { name: "Last round".into(), cards: last }],
            waiting_for: Self::to_act(s),
            prompt: me.filter(|m| Self::to_act(s).contains(m)).map(|_| "Choose a card to play".into()),
            hand: me.map(|seat| {
                s.hands[seat]
                    .iter()
                    .map(|c| CardView { name: name(*c), detail: format!("value {}", s.db.card(*c).value) })
                    .collect()
            }),
            outcome: s.outcome.clone(),
            ..Default::default()
        }
    }

    fn describe(s: &State, seat: Seat, a: &Action) -> ActionView {
        let label = match s.hands[seat].get(a.card as usize) {
            Some(c) => format!("Play {}", s.db.card(*c).name),
            None => "Play".into(),
        };
        ActionView { index: 0, label, placement: Placement::Hand }
    }

    fn concede(s: &mut State, seat: Seat) -> Vec<Event> {
        if s.outcome.is_none() {
            let reason = format!("{} conceded", s.names[seat]);
            s.outcome = Some(Outcome { winners: vec![opponent(seat)], reason: reason.clone() });
            return vec![Event::public(reason)];
        }
        Vec::new()
    }

    fn secrets(s: &State, viewer: Viewer) -> Vec<String> {
        let me = match viewer {
            Viewer::Seat(seat) => Some(seat),
            Viewer::Public => None,
        };
        let mut hidden: Vec<&CardId> = Vec::new();
        let mut shown: Vec<&CardId> = Vec::new();
        for seat in s.names.seats() {
            hidden.extend(&s.decks[seat]);
            let own = s.hands[seat].iter().chain(s.played[seat].iter());
            if me == Some(seat) {
                shown.extend(own);
            } else {
                hidden.extend(own);
            }
            shown.extend(s.revealed[seat].iter());
        }
        let mut names: Vec<String> =
            hidden.into_iter().filter(|c| !shown.contains(c)).map(|c| s.db.card(*c).name.clone()).collect();
        names.sort();
        names.dedup();
        names
    }

    fn determinize(s: &State, seat: Seat, rng: &mut GameRng) -> State {
        let mut out = s.clone();
        for other in s.names.seats() {
            if other == seat {
                // Sorted first (here and below), so the deal depends on
                // which cards are hidden and never on where they are.
                out.decks[other].sort_unstable();
                rng.shuffle(&mut out.decks[other]);
                continue;
            }
            let mut unseen: Vec<CardId> = s.decks[other].clone();
            unseen.extend(&s.hands[other]);
            unseen.extend(s.played[other].iter());
            unseen.sort_unstable();
            rng.shuffle(&mut unseen);
            let mut deal = unseen.into_iter();
            for c in out.decks[other].iter_mut().chain(out.hands[other].iter_mut()).chain(out.played[other].iter_mut()) {
                *c = deal.next().expect("as many cards as places");
            }
        }
        // A fresh generator: the real one would tell future shuffles.
        out.rng = rng.fork();
        out
    }
}

impl Game for HighCard {
    type Catalog = HighCardDb;
    const INFO: GameInfo = GameInfo {
        key: "highcard",
        name: "High Card",
        summary: "Three rounds of choosing a card in secret; the higher card scores. (A test game.)",
        variants: &[],
        modes: &[],
        assemblies: &[],
        players: (2, 2),
        best_of: &[],
        time_limit: false,
        orders: &[],
        windows: &[],
        hidden_answers: false,
    };
}
