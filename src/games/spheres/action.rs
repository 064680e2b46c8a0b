//! Actions (the answers players give) and prompts (the questions the state
//! holds between two actions).

use serde::{Deserialize, Serialize};

use super::state::Uid;
use crate::engine::Seat;

/// One answer to the pending decision. Cards are named by their position
/// (in the hand, on a battlefield, or in the prompt's option list), never by
/// an identity that could reveal a hidden card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Step 2: cure the afflicted creature at battlefield position `creature`
    /// by discarding the crystal at vault position `crystal` (same sphere).
    Cure {
        /// Battlefield position of the afflicted creature.
        creature: u8,
        /// Vault position of the crystal discarded.
        crystal: u8,
    },
    /// Step 3 or 4a: put the hand card at position `card` in the vault.
    Crystallize {
        /// Hand position.
        card: u8,
    },
    /// Step 4b: cast the spell half of a hand card (an inverted spell is
    /// played face down as a generic creature instead).
    Cast {
        /// Hand position.
        card: u8,
    },
    /// Step 4b: summon the creature half of a hand card (face down as a
    /// generic creature when its cost is inverted).
    Summon {
        /// Hand position.
        card: u8,
    },
    /// Step 4b, variant `face-down` (the back of the card): summon the hand
    /// card at position `card` face down as a generic creature (cost 3,
    /// strength 2), whatever its printed costs.
    SummonFaceDown {
        /// Hand position.
        card: u8,
    },
    /// Step 5a: attack with the creature at battlefield position `attacker`,
    /// aiming at `lord`'s fortress (`creature: None`) or at the creature at
    /// that position of `lord`'s battlefield.
    Attack {
        /// Battlefield position of the attacker.
        attacker: u8,
        /// The attacked lord.
        lord: Seat,
        /// Battlefield position of the attacked creature; `None` for a siege.
        creature: Option<u8>,
    },
    /// Step 5b: block with the ready creature at battlefield position `blocker`.
    Block {
        /// Battlefield position of the blocker.
        blocker: u8,
    },
    /// Step 5b: let the attack through.
    NoBlock,
    /// Step 5c2: destroy this tower or active spell of the sieged fortress.
    Siege {
        /// What is destroyed.
        target: SiegeTarget,
    },
    /// Step 5d: cast the spell of the hand card at position `card`, paying
    /// its cost with groove energy (in the first draft, a groove trigger).
    Retaliate {
        /// Hand position.
        card: u8,
    },
    /// Step 5d, variant `first-draft`: a groove trigger summoning the
    /// creature of the hand card at position `card`, its cost paid with
    /// groove energy.
    GrooveSummon {
        /// Hand position.
        card: u8,
    },
    /// Aim the current effect at this lord's zones.
    ChooseLord {
        /// The lord chosen.
        seat: Seat,
    },
    /// Pick the card at position `option` of the current prompt's list.
    ChooseCard {
        /// Position in the prompt's options.
        option: u8,
    },
    /// Attach the spell being cast under the creature at this position of
    /// the caster's battlefield.
    ChooseHost {
        /// Battlefield position of the host.
        creature: u8,
    },
    /// Stop an optional selection with the cards picked so far (maybe none).
    Done,
    /// Take back the cast or summon being prepared: back to the state before it.
    Cancel,
    /// Decline the current step: no cure, no crystal, go to battle, end
    /// attacks, or no (more) retaliation.
    Pass,
    /// Tag team, start of the turn: step out of battle and let the waiting
    /// teammate fight, taking this turn.
    Tag,
    /// Step 6: trash the whole hand.
    DiscardHand,
    /// Step 6, variant `first-draft`: discard the hand card at position
    /// `card` (any number of them, one at a time) before drawing.
    DiscardCard {
        /// Hand position.
        card: u8,
    },
    /// Step 6: keep the hand (in the first draft: keep the rest and draw).
    KeepHand,
    /// Deck assembly: draft the card at this position of the pack in
    /// front of the lord (closed draft) or of the row (open, blind draft).
    Pick {
        /// Position in the pack or row.
        card: u8,
    },
    /// Set selection: take the set at this position of the table.
    PickSet {
        /// Position among the sets on the table.
        set: u8,
    },
    /// Random design keeping 48: set aside the card at this position of
    /// the lord's deal.
    SetAside {
        /// Position in the deal.
        card: u8,
    },
}

/// What a siege destroys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SiegeTarget {
    /// The tower at this position (towers are face down: any one will do).
    Tower(u8),
    /// The active spell at this position of the fortress.
    Spell(u8),
}

/// A decision the state waits for, beyond a step's own choices.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Prompt {
    /// Choose whose zone the current effect works on.
    Lord {
        /// Who decides.
        chooser: Seat,
        /// The lords to choose from.
        options: Vec<Seat>,
    },
    /// Choose a card for the current effect.
    Cards {
        /// Who decides.
        chooser: Seat,
        /// The candidates.
        options: Vec<Uid>,
        /// The chooser may stop early.
        optional: bool,
        /// The chooser sees hidden candidates (a search).
        reveal: bool,
        /// Choosing the replacement of a Replace effect.
        replacement: bool,
    },
    /// Choose the creature an attach spell goes under.
    Host {
        /// The caster.
        chooser: Seat,
        /// The spell.
        spell: Uid,
    },
    /// The defender blocks or not.
    Block {
        /// The defending lord.
        defender: Seat,
    },
    /// The attacker chooses what the siege destroys.
    Siege {
        /// The attacking lord.
        attacker: Seat,
    },
    /// The defender may retaliate.
    Retaliate {
        /// The defending lord.
        seat: Seat,
    },
}

impl Prompt {
    /// Who must answer.
    pub fn chooser(&self) -> Seat {
        match self {
            Prompt::Lord { chooser, .. } | Prompt::Cards { chooser, .. } | Prompt::Host { chooser, .. } => {
                *chooser
            }
            Prompt::Block { defender } => *defender,
            Prompt::Siege { attacker } => *attacker,
            Prompt::Retaliate { seat } => *seat,
        }
    }
}
