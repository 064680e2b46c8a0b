-- Multiplayer challenges (issue 11): a challenge seats two to six players.
-- Each seat is a row, in match seat order; deck_name stays NULL until that
-- player has accepted with a deck (the challenger's is set at once). The
-- match starts when every seat has a deck.
CREATE TABLE challenge_seats (
    challenge_id INTEGER NOT NULL REFERENCES challenges (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    user_id      TEXT NOT NULL,
    deck_name    TEXT,
    PRIMARY KEY (challenge_id, seat)
);

CREATE INDEX challenge_seats_user ON challenge_seats (user_id);

-- The multiplayer mode the challenge asks for (NULL: the game's default).
ALTER TABLE challenges ADD COLUMN mode TEXT;

-- Challenges made before: the challenger sits first, the opponent second.
INSERT INTO challenge_seats (challenge_id, seat, user_id, deck_name)
    SELECT id, 0, challenger, challenger_deck FROM challenges;
INSERT INTO challenge_seats (challenge_id, seat, user_id, deck_name)
    SELECT id, 1, opponent, NULL FROM challenges;
