//! The answers a player gives: one action per click.

use serde::{Deserialize, Serialize};

use super::state::{AbilityRef, TargetRef, Uid};
use crate::cards::certamen::Pillar;

/// One answer to the pending decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Keep the opening hand.
    Keep,
    /// Shuffle the hand back and draw one card fewer (once).
    Mulligan,
    /// Pass priority.
    Pass,
    /// Play a Pillar from hand (once per turn, own main phase).
    PlayPillar {
        /// The card's uid.
        card: Uid,
    },
    /// Tap an untapped Pillar for one resource of its pillar.
    TapPillar {
        /// The Pillar's uid.
        pillar: Uid,
    },
    /// Cast a card from hand with these targets (one per targeted
    /// effect, in effect order); the cost is paid automatically from the
    /// pool, then by tapping Pillars.
    Cast {
        /// The card's uid.
        card: Uid,
        /// The chosen targets.
        targets: Vec<TargetRef>,
    },
    /// Activate an ability of a permanent (activated, Surge, loyalty or
    /// Ultimate), paying its cost, with these targets.
    Activate {
        /// The permanent.
        permanent: Uid,
        /// Index of the ability on its card.
        ability: usize,
        /// The chosen targets.
        targets: Vec<TargetRef>,
    },
    /// Equip a Relic to a creature you control, paying its equip cost.
    Equip {
        /// The Relic.
        relic: Uid,
        /// The creature.
        creature: Uid,
    },
    /// Choose the targets of a triggered ability going on the Stack.
    ChooseTargets {
        /// The chosen targets.
        targets: Vec<TargetRef>,
    },
    /// Declare a creature as an attacker.
    Attack {
        /// The creature.
        creature: Uid,
    },
    /// Finish declaring attackers.
    EndAttacks,
    /// Block an attacker with a creature.
    Block {
        /// The blocking creature.
        blocker: Uid,
        /// The attacker it blocks.
        attacker: Uid,
    },
    /// Finish declaring blockers.
    EndBlocks,
    /// Where an unblocked attacker's damage goes (defending player's choice).
    DirectDamage {
        /// The attacker.
        attacker: Uid,
        /// One of the defender's Ascendants; `None`: the defender.
        ascendant: Option<Uid>,
    },
    /// The next place of a gang-blocked attacker's damage assignment
    /// order: the blockers placed so far, then the one placed now (a
    /// stored match may hold a longer or whole order, still accepted).
    OrderBlockers {
        /// The attacker.
        attacker: Uid,
        /// Its blockers placed so far, first to receive damage first,
        /// ending with the one this answer places.
        order: Vec<Uid>,
    },
    /// Take back the places of the damage assignment order chosen so far
    /// and choose it again from the first.
    Cancel,
    /// Discard a card: at the End step (hand above 7), or one of the cards
    /// a discard effect asks for.
    Discard {
        /// The card's uid.
        card: Uid,
    },
    /// Take this card for the search of the Archive or the return from
    /// the Hollow that is resolving.
    Pick {
        /// The card's uid.
        card: Uid,
    },
    /// Choose the pillar of the resources an effect adds.
    ChoosePillar {
        /// The pillar.
        pillar: Pillar,
    },
    /// Pay what a "counter unless its controller pays" effect asks, and
    /// keep the spell.
    PayToKeep,
    /// Do not pay: the spell is countered.
    DeclineToPay,
    /// Put this one of your simultaneous triggers on the Stack next (it
    /// resolves after the ones put on later).
    StackTrigger {
        /// The trigger.
        ability: AbilityRef,
    },
    /// Keep this Ascendant; the other of the same name goes to the Hollow.
    KeepAscendant {
        /// The Ascendant kept.
        ascendant: Uid,
    },
}
