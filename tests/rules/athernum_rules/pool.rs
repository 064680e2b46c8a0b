//! Every card of the Athernum pool is played at least once, through
//! `legal_actions` / `apply` only: characters from the hand with enough
//! resources of their faction, items attached to the main character,
//! locations into the location slot, Ascend cards from the Extra Deck once
//! their condition holds, Reserve cards called by the Horn of the Old Host;
//! then every support ability from the hand. Each must reach the board, or
//! its effect must change the state; the failure names every card that
//! could not be played.

use super::*;

use cardtable::cards::athernum::{Ability, CardDef, CardType, Condition, ExtraRule, Faction};
use cardtable::engine::{Rules, Seat};
use cardtable::games::athernum::effects::create_resource;
use cardtable::games::athernum::state::{Place, State};
use cardtable::games::athernum::testing::{day_phase_with, db, main_of, resolve_all, to_board, to_hand};
use cardtable::games::athernum::values::filter_takes_card;
use cardtable::games::athernum::{check_invariants, Action, Athernum, ItemMode};

/// A day phase for Alice, whose main character is not `card` (semi-
/// uniqueness would forbid playing a copy of it), with eight ready
/// resource tokens of the card's faction (factionless for a factionless
/// card) and one of every other faction.
fn scene(card: &CardDef, seed: u64) -> State {
    let main = if card.name == "Lady Aurelie, Keeper of the Gate" {
        "Marshal Oderic Vane"
    } else {
        "Lady Aurelie, Keeper of the Gate"
    };
    let mut s =
        day_phase_with(seed, ["The Unbroken Gate", "Embers of the March"], [main, "Kharsa the Unburnt"]);
    for _ in 0..8 {
        create_resource(&mut s, ALICE, card.faction, false);
    }
    for f in Faction::ALL {
        create_resource(&mut s, ALICE, Some(f), false);
    }
    s.pending.clear();
    s.happened.clear();
    s
}

/// Applies `a` for Alice and runs every decision that follows, taking the
/// first answer offered, until Alice is back in her own window.
fn play(s: &mut State, a: &Action) -> Result<(), String> {
    Athernum::apply(s, ALICE, a).map_err(|e| format!("refused: {e}"))?;
    resolve_all(s, ALICE);
    check_invariants(s)
}

/// Makes the Extra Rule condition of an Ascend card true for Alice.
fn meet(s: &mut State, condition: &Condition) {
    match condition {
        Condition::Controls { count, filter } => {
            let pool = db();
            let fit = pool
                .cards
                .iter()
                .find(|c| {
                    c.kind == CardType::Character
                        && c.victory.is_none()
                        && !c.extra_deck_only()
                        && filter_takes_card(
                            &cardtable::cards::athernum::Filter { exhausted: None, ..filter.clone() },
                            c,
                        )
                })
                .expect("a character meets the filter");
            for _ in 0..*count {
                let uid = to_board(s, ALICE, &fit.name, Place::Character);
                if filter.exhausted == Some(true) {
                    let p = s.perm_mut(uid).unwrap();
                    p.exhausted = true;
                    p.face_down = true;
                    p.exhaustion = 1;
                }
            }
        }
        Condition::DiscardPile { count } => {
            for _ in 0..*count {
                let c = s.players[ALICE].deck.pop().unwrap();
                s.players[ALICE].discard.push(c);
            }
        }
        Condition::VictoryTokens { .. } | Condition::Behind => {
            panic!("no Ascend card in the pool waits for this")
        }
    }
}

fn on_board(s: &State, uid: u32) -> bool {
    s.perm(uid).is_some()
}

/// Plays one card; returns why it could not be played.
fn play_card(card: &CardDef, seed: u64) -> Result<(), String> {
    let mut s = scene(card, seed);
    match (&card.extra_rule, card.kind) {
        (Some(ExtraRule::Ascend { condition }), _) => {
            let uid =
                s.players[ALICE].extra.iter().find(|c| s.db.card(c.id).name == card.name).map(|c| c.uid);
            let uid = match uid {
                Some(u) => u,
                None => {
                    let u = to_hand(&mut s, ALICE, &card.name);
                    let i = s.players[ALICE].hand.iter().position(|c| c.uid == u).unwrap();
                    let c = s.players[ALICE].hand.remove(i);
                    s.players[ALICE].extra.push(c);
                    u
                }
            };
            meet(&mut s, condition);
            let a = Action::Ascend { card: uid };
            if !Athernum::legal_actions(&s, ALICE).contains(&a) {
                return Err("Ascend not offered with its condition met".into());
            }
            play(&mut s, &a)?;
            on_board(&s, uid).then_some(()).ok_or_else(|| "did not reach the board".into())
        }
        (Some(ExtraRule::Reserve), _) => {
            let i = s.players[ALICE].extra.iter().position(|c| s.db.card(c.id).name == card.name);
            if i.is_none() {
                let u = to_hand(&mut s, ALICE, &card.name);
                let i = s.players[ALICE].hand.iter().position(|c| c.uid == u).unwrap();
                let c = s.players[ALICE].hand.remove(i);
                s.players[ALICE].extra.push(c);
            }
            // Only this card in the Extra Deck, so the Horn's search takes it.
            let keep = s.players[ALICE].extra.iter().position(|c| s.db.card(c.id).name == card.name).unwrap();
            let mine = s.players[ALICE].extra.remove(keep);
            let others = std::mem::take(&mut s.players[ALICE].extra);
            s.players[ALICE].extra.push(mine);
            s.players[ALICE].deck.extend(others);
            let horn = to_hand(&mut s, ALICE, "Horn of the Old Host");
            play(&mut s, &Action::PlayItem { card: horn, mode: ItemMode::Direct })?;
            on_board(&s, mine.uid).then_some(()).ok_or_else(|| "the Horn did not bring it in".into())
        }
        (_, CardType::Character) => {
            let uid = to_hand(&mut s, ALICE, &card.name);
            let a = Action::PlayCharacter { card: uid };
            if !Athernum::legal_actions(&s, ALICE).contains(&a) {
                return Err("not offered from the hand with resources".into());
            }
            play(&mut s, &a)?;
            on_board(&s, uid).then_some(()).ok_or_else(|| "did not reach the board".into())
        }
        (_, CardType::Location) => {
            let uid = to_hand(&mut s, ALICE, &card.name);
            let a = Action::PlayLocation { card: uid };
            if !Athernum::legal_actions(&s, ALICE).contains(&a) {
                return Err("not offered from the hand".into());
            }
            play(&mut s, &a)?;
            (s.perm(uid).map(|p| p.place) == Some(Place::Location))
                .then_some(())
                .ok_or_else(|| "not in the location slot".into())
        }
        (_, CardType::Item) => {
            let host = main_of(&s, ALICE);
            let uid = to_hand(&mut s, ALICE, &card.name);
            let a = Action::PlayItem { card: uid, mode: ItemMode::Attach { host, face_down: false } };
            if !Athernum::legal_actions(&s, ALICE).contains(&a) {
                return Err("not offered to attach to the main character".into());
            }
            play(&mut s, &a)?;
            (s.perm(uid).map(|p| p.place) == Some(Place::Item { host }))
                .then_some(())
                .ok_or_else(|| "not attached".into())
        }
        (_, CardType::Resource) => Err("a resource card cannot be played".into()),
    }
}

#[test]
fn athernum_every_card_of_the_pool_can_be_played() {
    let pool = db();
    let mut failures = Vec::new();
    for (i, card) in pool.cards.iter().enumerate() {
        if let Err(why) = play_card(card, i as u64) {
            failures.push(format!("{}: {why}", card.name));
        }
    }
    assert!(pool.cards.len() >= 80);
    assert!(failures.is_empty(), "cards that cannot be played:\n{}", failures.join("\n"));
}

/// A fingerprint of what a support ability could change.
fn snapshot(s: &State, card: u32) -> String {
    let p = &s.players[ALICE];
    format!(
        "{:?}|{}|{}|{}|{:?}",
        s.board
            .iter()
            .filter(|b| b.place != Place::Resource)
            .map(|b| (b.uid, b.damage, b.prevent, b.exhausted, b.markers.clone()))
            .collect::<Vec<_>>(),
        p.hand.iter().filter(|c| c.uid != card).count(),
        p.deck.len(),
        p.command,
        s.continuous.len()
    )
}

#[test]
fn athernum_every_support_ability_of_the_pool_can_be_used() {
    let pool = db();
    let mut failures = Vec::new();
    let mut used = 0;
    for (i, card) in pool.cards.iter().enumerate() {
        if !card.abilities.iter().any(|a| matches!(a, Ability::Support { .. })) {
            continue;
        }
        used += 1;
        let mut s = scene(card, 1000 + i as u64);
        s.players[ALICE].command = 1;
        // Something for the effect to act on: a character of Alice's with
        // damage, and one of Bob's.
        let mine = to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
        s.perm_mut(mine).unwrap().damage = 1;
        to_board(&mut s, Seat(1), "Wandering Sellsword", Place::Character);
        let uid = to_hand(&mut s, ALICE, &card.name);
        let a = Action::Support { card: uid };
        if !Athernum::legal_actions(&s, ALICE).contains(&a) {
            failures.push(format!("{}: support not offered", card.name));
            continue;
        }
        let before = snapshot(&s, uid);
        if let Err(e) = play(&mut s, &a) {
            failures.push(format!("{}: {e}", card.name));
            continue;
        }
        if !s.players[ALICE].discard.iter().any(|c| c.uid == uid) {
            failures.push(format!("{}: not discarded as the cost", card.name));
        }
        if snapshot(&s, uid) == before {
            failures.push(format!("{}: its effect changed nothing", card.name));
        }
    }
    assert!(used >= 8, "{used} support abilities");
    assert!(failures.is_empty(), "support abilities that cannot be used:\n{}", failures.join("\n"));
}
