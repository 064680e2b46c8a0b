-- Twin of ../0008_challenge_seats.sql.
CREATE TABLE challenge_seats (
    challenge_id BIGINT NOT NULL REFERENCES challenges (id) ON DELETE CASCADE,
    seat         BIGINT NOT NULL,
    user_id      TEXT NOT NULL,
    deck_name    TEXT,
    PRIMARY KEY (challenge_id, seat)
);

CREATE INDEX challenge_seats_user ON challenge_seats (user_id);

ALTER TABLE challenges ADD COLUMN mode TEXT;

INSERT INTO challenge_seats (challenge_id, seat, user_id, deck_name)
    SELECT id, 0, challenger, challenger_deck FROM challenges;
INSERT INTO challenge_seats (challenge_id, seat, user_id, deck_name)
    SELECT id, 1, opponent, NULL FROM challenges;
