//! Every game's rules, read and indexed once, for `/rule`.

use super::rulebook::Rulebook;
use crate::games::{GameId, Library, GAMES};

/// Every game's [`Rulebook`], with its glossary and variants.
#[derive(Debug)]
pub struct Rulebooks {
    books: Vec<(GameId, Rulebook<'static>)>,
}

impl Rulebooks {
    /// Reads and indexes the rules reference, rulings and glossary of
    /// every game in `library`; `Err` names a game whose glossary does not
    /// read.
    pub fn new(library: &Library) -> Result<Self, String> {
        let books = GAMES
            .iter()
            .map(|&game| {
                let c = library.catalog(game);
                Rulebook::with_glossary(c.rules(), c.rulings(), c.glossary(), game.info().variants)
                    .map(|b| (game, b))
                    .map_err(|e| format!("{}: {e}", game.name()))
            })
            .collect::<Result<_, _>>()?;
        Ok(Rulebooks { books })
    }

    /// The rules of `game`.
    pub fn of(&self, game: GameId) -> &Rulebook<'static> {
        let found = self.books.iter().find(|(g, _)| *g == game);
        // `new` reads every game of the registry.
        &found.unwrap_or_else(|| unreachable!("every game has a rulebook")).1
    }

    /// Every game's rules, in the registry's order.
    pub fn all(&self) -> impl Iterator<Item = (GameId, &Rulebook<'static>)> {
        self.books.iter().map(|(g, b)| (*g, b))
    }
}
