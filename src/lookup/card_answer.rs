//! `/card`'s answer: the sheet of the card a name means, with the other
//! cards the name fits as buttons, or the names that come closest.

use super::card_index::{CardHit, CardIndex, CardRef};
use crate::cards::search;
use crate::games::{GameId, Library, GAMES};
use crate::view::{self, quote, ButtonStyle, CardKey, Component, CustomId};

/// Other cards a name fits that an answer lists (as buttons) beside the
/// one it shows.
pub const OTHERS: usize = 5;

/// How far the best of several names must score above the next for the
/// answer to show it as the one meant though none is close
/// ("kaylith" → Kaelith, Emberwake Tyrant).
const CONFIDENT_MARGIN: f64 = 0.05;

/// The sheet of the card `name` means, in `game` or (none given) in
/// every game: the card of exactly that name, face or code, else the
/// closest close one (saying it was a guess), else the one name that comes
/// clearly closest. The other cards (and tokens) the name fits just as
/// well, up to [`OTHERS`] over every game, follow as buttons ("drake",
/// "wolf"). Otherwise the refusal, with the nearest names.
pub fn card_answer(
    library: &Library,
    cards: &CardIndex,
    name: &str,
    game: Option<GameId>,
) -> Result<view::Message, String> {
    let games: Vec<GameId> = game.map_or_else(|| GAMES.to_vec(), |g| vec![g]);
    let hits = cards.rank(name, game, OTHERS + 1);
    let of = |r: &CardRef| if game.is_none() { format!(" ({})", r.game.name()) } else { String::new() };
    let exact = games.iter().find_map(|g| {
        let canonical = library.catalog(*g).canonical_name(name)?;
        Some(CardRef { game: *g, name: canonical, token: false })
    });
    let (shown, note) = match (exact, hits.first()) {
        (Some(card), _) => (card, None),
        (None, Some(best)) if best.score >= 1.0 => (best.card.clone(), None),
        (None, Some(best)) if best.is_close() || confident(&hits) => {
            let (named, what) = if best.is_close() {
                ("named exactly", "closest")
            } else {
                ("named", "the one name close to it")
            };
            let note =
                format!("No card is {named} {}; {what}: {}{}.", quote(name), best.card.name, of(best.card));
            (best.card.clone(), Some(note))
        }
        (None, Some(_)) => {
            let named: Vec<String> = hits
                .iter()
                .take(search::SUGGESTIONS)
                .map(|h| match game {
                    Some(_) => h.card.name.clone(),
                    None => format!("{} ({})", h.card.name, h.card.game.name()),
                })
                .collect();
            let in_game = game.map(|g| format!("{} ", g.name())).unwrap_or_default();
            return Err(format!(
                "No {in_game}card is named {}. Did you mean: {}?",
                quote(name),
                named.join(", ")
            ));
        }
        (None, None) => {
            let in_game = game.map(|g| format!("{} ", g.name())).unwrap_or_default();
            return Err(format!("No {in_game}card is named anything like {}.", quote(name)));
        }
    };
    let Some(sheet) = shown.sheet(library) else {
        // Every name the index holds belongs to a card or token of its game.
        return Err(format!("No card is named {}.", quote(name)));
    };
    let mut m = view::card_sheet(shown.game.name(), &sheet);
    let others: Vec<&CardRef> =
        hits.iter().filter(|h| h.is_close() && *h.card != shown).map(|h| h.card).take(OTHERS).collect();
    let mut lines: Vec<String> = note.into_iter().collect();
    if !others.is_empty() {
        lines.push(format!(
            "{} also fits {}: below.",
            quote(name),
            if others.len() == 1 {
                "another card".to_owned()
            } else {
                format!("{} other cards", others.len())
            }
        ));
    }
    m.content = lines.join("\n");
    m.components = card_buttons(&others);
    Ok(m)
}

/// True when the best of `hits` (none of them close) is the one name that
/// comes near the query: alone, or clearly above the next.
fn confident(hits: &[CardHit<'_>]) -> bool {
    match hits {
        [_] => true,
        [best, next, ..] => best.score - next.score >= CONFIDENT_MARGIN,
        [] => false,
    }
}

/// A button per card, showing it privately when clicked.
pub fn card_buttons(cards: &[&CardRef]) -> Vec<Component> {
    let mut out: Vec<Component> = Vec::new();
    for c in cards {
        let id = CustomId::Card(CardKey::of(c.game.key(), &c.name)).encode();
        if !out.iter().any(|b| b.custom_id() == id) {
            out.push(Component::button(id, c.label(), ButtonStyle::Secondary));
        }
    }
    out
}

/// The sheet a card button names, or `None` when no card or token of its
/// game has that name (any more).
pub fn card_by_key(
    library: &Library,
    cards: &CardIndex,
    game: GameId,
    key: &CardKey,
) -> Option<view::Message> {
    let card = cards.find(game, |name| key.names(name))?;
    let sheet = card.sheet(library)?;
    Some(view::card_sheet(game.name(), &sheet))
}
