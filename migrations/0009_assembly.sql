-- Deck assembly (Spheres: pre-design, closed-draft, …): the method a
-- challenge asks for. NULL: every player brings a deck. Seats that bring
-- no deck (a draft, mirror decks) accept with a placeholder deck name.
ALTER TABLE challenges ADD COLUMN assembly TEXT;
