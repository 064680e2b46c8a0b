-- Twin of ../0002_one_statement_writes.sql: a commit is one UPDATE of the
-- match row carrying its actions in `pending_actions` (a JSON array of
-- [seat, action JSON]); the trigger appends them to the log, numbered from
-- the old version, and clears the column, inside that same statement.
-- A BEFORE trigger runs only for the row the UPDATE's WHERE kept (after
-- PostgreSQL re-checked it against a concurrent commit), so a refused
-- commit logs nothing.
ALTER TABLE matches ADD COLUMN pending_actions TEXT;

CREATE FUNCTION matches_append_actions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO match_actions (match_id, seq, seat, action, at)
        SELECT NEW.id, OLD.version + a.n, (a.value ->> 0)::BIGINT, a.value ->> 1, NEW.updated_at
        FROM jsonb_array_elements(NEW.pending_actions::jsonb) WITH ORDINALITY AS a (value, n);
    NEW.pending_actions := NULL;
    RETURN NEW;
END;
$$;

CREATE TRIGGER matches_append_actions
BEFORE UPDATE OF pending_actions ON matches
FOR EACH ROW WHEN (NEW.pending_actions IS NOT NULL)
EXECUTE FUNCTION matches_append_actions();

ALTER TABLE matches ADD COLUMN replaced_board_message TEXT;
