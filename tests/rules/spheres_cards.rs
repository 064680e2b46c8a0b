//! Every card of the collection (and of the demo pool) is summoned (its
//! creature half, face down when inverted) and cast (its spell half)
//! through the real engine, on a table rich enough for its effects to find
//! targets: no panic, invariants hold, and the effects run.

use std::sync::Arc;

use cardtable::cards::spheres::{Ability, SpellKind, Sphere, SpheresDb, Trigger};
use cardtable::cards::Catalog;
use cardtable::engine::{Event, Rules, Seat};
use cardtable::games::spheres::testing::{demo_pool, Table};
use cardtable::games::spheres::{check_invariants, Action, Spheres, State, Step};

const A: Seat = Seat(0);
const B: Seat = Seat(1);

fn by_sphere(db: &SpheresDb, sp: Sphere) -> Vec<&str> {
    db.cards.iter().filter(|c| c.sphere == sp).map(|c| c.creature.name.as_str()).collect()
}

/// Table variants a card is tried on until its effects find something.
const VARIANTS: usize = 4;

/// A busy table: every zone of both lords holds cards; Alice (step 4) has
/// three crystals of every sphere and `card` first in hand. Variant 0
/// mixes the pool's cards, variant 1 leaves Alice without creatures,
/// variant 2 fills every zone with copies of `card` (so race, type, sphere
/// and cost filters match), variant 3 gives Alice only three crystals (of
/// the card's sphere) and the pool's cheapest spells in hand.
fn table(pool: &Arc<SpheresDb>, card: &str, variant: usize) -> State {
    let db: &SpheresDb = pool;
    let all: Vec<&str> =
        if variant == 2 { vec![card] } else { db.cards.iter().map(|c| c.creature.name.as_str()).collect() };
    let some = |k: usize, n: usize| -> Vec<&str> { (0..n).map(|i| all[(k + i * 7) % all.len()]).collect() };
    let pick = |k: usize| all[k % all.len()];
    let mut t = Table::with_pool(pool.clone());
    if variant == 3 {
        t.vault(A, &[card, card, card]);
        let mut cheap: Vec<&str> = db.cards.iter().map(|c| c.creature.name.as_str()).collect();
        cheap.sort_by_key(|n| db.card(db.find(n).unwrap()).spell.cost);
        t.hand(A, &[card]).hand(A, &cheap[..3]);
    } else {
        for sp in Sphere::ALL {
            let names = by_sphere(db, sp);
            if let Some(n) = names.first() {
                t.vault(A, &[n, n, n]);
            }
        }
        t.hand(A, &[card]).hand(A, &some(1, 3));
    }
    if variant != 1 {
        t.creature(A, pick(2)).creature_with(A, pick(3), |c| c.engaged = true);
        t.creature_with(A, pick(4), |c| c.afflicted = true);
    }
    t.deck(A, &some(5, 10)).trash(A, &some(6, 5)).groove(A, &some(7, 5)).towers(A, &some(8, 3));
    t.creature(B, pick(9)).creature_with(B, pick(10), |c| c.engaged = true);
    t.creature_with(B, pick(11), |c| c.afflicted = true);
    t.hand(B, &some(12, 3)).deck(B, &some(13, 10)).trash(B, &some(14, 5)).groove(B, &some(15, 5));
    t.towers(B, &some(16, 3)).spells(B, &some(17, 1)).vault(B, &some(18, 3));
    t.step(Step::Main);
    t.build()
}

/// Answers every prompt with its first answer that moves things on (a
/// card rather than "skip"), until Alice is back to her own step choices.
fn settle(s: &mut State, events: &mut Vec<Event>) {
    for _ in 0..200 {
        if s.outcome.is_some() || s.prompt.is_none() {
            return;
        }
        let seat = Spheres::to_act(s)[0];
        let actions = Spheres::legal_actions(s, seat);
        let a = actions.iter().find(|a| **a != Action::Cancel).expect("an answer").clone();
        events.extend(Spheres::apply(s, seat, &a).unwrap_or_else(|e| panic!("{a:?}: {e}")));
        check_invariants(s).unwrap();
    }
    panic!("prompts never ended");
}

/// Plays one half of `card` on a table variant; `None` when that play is
/// not legal there. Returns the events from the play on.
fn play(pool: &Arc<SpheresDb>, card: &str, action: &Action, variant: usize) -> Option<(State, Vec<Event>)> {
    let mut s = table(pool, card, variant);
    if s.turn.step != Step::Main || !Spheres::legal_actions(&s, A).contains(action) {
        return None;
    }
    let mut ev = Spheres::apply(&mut s, A, action).unwrap_or_else(|e| panic!("{card}: {e}"));
    check_invariants(&s).unwrap();
    settle(&mut s, &mut ev);
    Some((s, ev))
}

fn every_card(pool: &Arc<SpheresDb>) -> usize {
    let db: &SpheresDb = pool;
    let mut quiet = Vec::new();
    for c in &db.cards {
        let name = c.creature.name.as_str();
        // Creature half.
        let summons =
            c.creature.abilities.iter().any(|a| matches!(a, Ability::Triggered { on: Trigger::Summon, .. }));
        let mut fired = false;
        let mut played = false;
        for v in 0..VARIANTS {
            let Some((s, ev)) = play(pool, name, &Action::Summon { card: 0 }, v) else { continue };
            played = true;
            let on_field = s.lords[A].battlefield.iter().any(|x| s.def(x.uid).creature.name == name);
            assert!(on_field || summons, "{name} did not reach the battlefield");
            if c.creature.inverted {
                assert!(ev.iter().any(|e| e.text.contains("face-down")), "{name} should enter face down");
            }
            fired |= ev.len() > 1;
        }
        assert!(played, "{name} could not be summoned on any table");
        if summons && !c.creature.inverted && !fired {
            quiet.push(format!("{name} (summon trigger)"));
        }
        // Spell half.
        let mut fired = false;
        let mut played = false;
        for v in 0..VARIANTS {
            let Some((_, ev)) = play(pool, name, &Action::Cast { card: 0 }, v) else { continue };
            played = true;
            if c.spell.inverted {
                assert!(
                    ev.iter().any(|e| e.text.contains("face-down")),
                    "{} should be played face down",
                    c.spell.name
                );
                fired = true;
            } else {
                assert!(
                    ev.iter().any(|e| e.text == format!("Alice casts {}", c.spell.name)),
                    "{}",
                    c.spell.name
                );
                let extra = ev.len() - 1 - usize::from(c.spell.kind == SpellKind::Attach);
                fired |= c.spell.effects.is_empty() || extra > 0;
            }
        }
        assert!(played, "{} could not be cast on any table", c.spell.name);
        if !fired {
            quiet.push(c.spell.name.clone());
        }
    }
    assert!(quiet.is_empty(), "these cards' effects found nothing to do: {quiet:?}");
    db.cards.len()
}

#[test]
fn spheres_every_collection_card_is_summoned_and_cast() {
    let db = Arc::new(SpheresDb::embedded().unwrap());
    let n = every_card(&db);
    assert_eq!(n, db.cards.len());
}

#[test]
fn spheres_every_demo_card_is_summoned_and_cast() {
    every_card(&demo_pool());
}
