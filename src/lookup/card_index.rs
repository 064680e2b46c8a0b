//! Every game's card names in one fuzzy index, built once per table: what
//! `/card`, its autocomplete and inline `[[card name]]` look-ups search.

use crate::cards::search::{self, Index};
use crate::cards::CardSheet;
use crate::games::{GameId, Library, GAMES};

/// A card of one game, by the name its deck lists use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardRef {
    /// Its game.
    pub game: GameId,
    /// Its canonical name (a Spheres card's creature name), or a token's
    /// name.
    pub name: String,
    /// A token or marker the cards make, not a card of the game's pool.
    pub token: bool,
}

impl CardRef {
    /// Its sheet, from `library`.
    pub fn sheet(&self, library: &Library) -> Option<CardSheet> {
        let catalog = library.catalog(self.game);
        if self.token {
            catalog.tokens().into_iter().find(|t| t.title == self.name)
        } else {
            catalog.card(&self.name)
        }
    }

    /// How a list of cards names it: "Wolf (token) · Athernum".
    pub fn label(&self) -> String {
        let token = if self.token { " (token)" } else { "" };
        format!("{}{token} · {}", self.name, self.game.name())
    }
}

/// A card found for a query.
#[derive(Debug, Clone, PartialEq)]
pub struct CardHit<'a> {
    /// The card.
    pub card: &'a CardRef,
    /// The name that matched: a face ("Spark Nip"), a code or the
    /// canonical name.
    pub matched: &'a str,
    /// 0.0–1.0 (1.0: that exact name), as [`search::rank`] scores.
    pub score: f64,
}

impl CardHit<'_> {
    /// True when the hit is close enough to show the card without asking
    /// "did you mean".
    pub fn is_close(&self) -> bool {
        self.score >= search::CLOSE_SCORE
    }

    /// How autocomplete labels it: "Spark Nip (Sparkfiend Imp) · Spheres",
    /// naming the card when another of its names matched.
    pub fn label(&self) -> String {
        if search::normalise(self.matched) == search::normalise(&self.card.name) {
            self.card.label()
        } else {
            format!("{} ({}) · {}", self.matched, self.card.name, self.card.game.name())
        }
    }
}

/// Every card name, face and code of every game, and the names of the
/// tokens and markers the cards make, prepared for search.
#[derive(Debug)]
pub struct CardIndex {
    games: Vec<(GameId, Index<CardRef>)>,
}

impl CardIndex {
    /// Indexes every game's cards in `library`.
    pub fn new(library: &Library) -> Self {
        let games = GAMES
            .iter()
            .map(|&game| {
                let catalog = library.catalog(game);
                let cards = catalog
                    .lookup_names()
                    .into_iter()
                    .map(|(n, name)| (n, CardRef { game, name, token: false }));
                let tokens = catalog
                    .tokens()
                    .into_iter()
                    .map(|t| (t.title.clone(), CardRef { game, name: t.title, token: true }));
                let index = Index::new(cards.chain(tokens));
                (game, index)
            })
            .collect();
        CardIndex { games }
    }

    /// How many names it holds, over every game.
    pub fn len(&self) -> usize {
        self.games.iter().map(|(_, i)| i.len()).sum()
    }

    /// True when no game has a card.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Up to `max` cards matching `query`, best first, each once: of
    /// `game`, or of every game (on a tie, the registry's first game
    /// first).
    pub fn rank(&self, query: &str, game: Option<GameId>, max: usize) -> Vec<CardHit<'_>> {
        let mut hits: Vec<CardHit<'_>> = self
            .games
            .iter()
            .filter(|(g, _)| game.is_none_or(|want| want == *g))
            .flat_map(|(_, index)| index.rank(query, max))
            .map(|f| CardHit { card: f.card, matched: f.name, score: f.score })
            .collect();
        // Stable: equal scores keep the registry's order.
        hits.sort_by(|a, b| b.score.total_cmp(&a.score));
        hits.truncate(max);
        hits
    }

    /// The first card (cards before tokens) of `game` whose name `names`
    /// accepts.
    pub fn find(&self, game: GameId, names: impl Fn(&str) -> bool) -> Option<&CardRef> {
        let (_, index) = self.games.iter().find(|(g, _)| *g == game)?;
        let mut all: Vec<&CardRef> = index.cards().filter(|c| names(&c.name)).collect();
        all.sort_by_key(|c| c.token);
        all.into_iter().next()
    }

    /// The card `query` most likely means, when one is found at all.
    pub fn best(&self, query: &str, game: Option<GameId>) -> Option<CardHit<'_>> {
        self.rank(query, game, 1).into_iter().next()
    }
}
