//! `/card`'s answer: the sheet of the card a name means, or the names
//! that come closest.

use super::card_index::CardIndex;
use crate::cards::search;
use crate::games::{GameId, Library, GAMES};
use crate::view::{self, quote};

/// The sheet of the card `name` means, in `game` or (none given) in
/// every game: the card of exactly that name, face or code, else the
/// closest close one (saying it was a guess). Otherwise the refusal,
/// with the nearest names.
pub fn card_answer(
    library: &Library,
    cards: &CardIndex,
    name: &str,
    game: Option<GameId>,
) -> Result<view::Message, String> {
    let games: Vec<GameId> = game.map_or_else(|| GAMES.to_vec(), |g| vec![g]);
    if let Some((g, sheet)) = games.iter().find_map(|g| Some((*g, library.catalog(*g).card(name)?))) {
        return Ok(view::card_sheet(g.name(), &sheet));
    }
    let hits = cards.rank(name, game, search::SUGGESTIONS);
    let in_game = game.map(|g| format!("{} ", g.name())).unwrap_or_default();
    let Some(best) = hits.first() else {
        return Err(format!("No {in_game}card is named anything like {}.", quote(name)));
    };
    let sheet = library.catalog(best.card.game).card(&best.card.name);
    match sheet.filter(|_| best.is_close()) {
        Some(sheet) => {
            let mut m = view::card_sheet(best.card.game.name(), &sheet);
            let of = if game.is_none() { format!(" ({})", best.card.game.name()) } else { String::new() };
            m.content = format!("No card is named exactly {}; closest: {}{of}.", quote(name), sheet.title);
            Ok(m)
        }
        None => {
            let named: Vec<String> = hits
                .iter()
                .map(|h| match game {
                    Some(_) => h.card.name.clone(),
                    None => format!("{} ({})", h.card.name, h.card.game.name()),
                })
                .collect();
            Err(format!("No {in_game}card is named {}. Did you mean: {}?", quote(name), named.join(", ")))
        }
    }
}
