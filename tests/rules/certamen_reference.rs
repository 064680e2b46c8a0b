//! Parts of the Certamen rules reference (`docs/rules/certamen.md`) that
//! no other test is named after, played through the engine; the test names
//! carry the section ids that `docs/rules/COVERAGE.md` matches.

use cardtable::engine::{Rules, Seat};
use cardtable::games::certamen::testing::{act, main_phase, pass_both, to_field};
use cardtable::games::certamen::{Action, Certamen, Prompt, Step};

const ALICE: Seat = Seat(0);
const BOB: Seat = Seat(1);

#[test]
fn certamen_keyword_wardenbound_cannot_attack_but_still_blocks() {
    let mut s = main_phase(31);
    let bruiser = to_field(&mut s, ALICE, "Mossback Bruiser"); // 3/3
    let warden = to_field(&mut s, BOB, "Thicket Warden"); // 1/4, wardenbound
    pass_both(&mut s);
    assert_eq!(s.step, Step::Combat);
    act(&mut s, ALICE, Action::Attack { creature: bruiser });
    act(&mut s, ALICE, Action::EndAttacks);
    pass_both(&mut s); // the window after attackers
    assert_eq!(s.prompt, Prompt::DeclareBlockers);
    let block = Action::Block { blocker: warden, attacker: bruiser };
    assert!(Certamen::legal_actions(&s, BOB).contains(&block), "a Wardenbound creature may block");
    act(&mut s, BOB, block);
    act(&mut s, BOB, Action::EndBlocks);
    pass_both(&mut s); // the window after blockers
    assert_eq!(s.players[BOB].vitality, 30, "the blocked attack deals nothing to Bob");
    assert!(s.permanent(warden).is_some(), "3 damage does not kill a 1/4");
}
