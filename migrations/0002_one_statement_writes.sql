-- Writes the table makes on every click, each as one statement: one round
-- trip to the database, atomic by itself (see Store::commit_actions and
-- Store::set_board_message).

-- A commit is one UPDATE of the match row that also carries the actions it
-- applied, as a JSON array of [seat, action JSON] in `pending_actions`. The
-- trigger appends them to the log, numbered from the old version, and
-- clears the column, inside that same statement: the snapshot and the log
-- cannot disagree, even if the process dies mid-write.
ALTER TABLE matches ADD COLUMN pending_actions TEXT;

CREATE TRIGGER matches_append_actions
AFTER UPDATE OF pending_actions ON matches
WHEN NEW.pending_actions IS NOT NULL
BEGIN
    INSERT INTO match_actions (match_id, seq, seat, action, at)
        SELECT NEW.id, OLD.version + 1 + a.key,
               json_extract(a.value, '$[0]'), json_extract(a.value, '$[1]'), NEW.updated_at
        FROM json_each(NEW.pending_actions) a;
    UPDATE matches SET pending_actions = NULL WHERE id = NEW.id;
END;

-- Recording a new board post keeps the board it replaced, so one UPDATE ...
-- RETURNING tells which old board to strip of its buttons.
ALTER TABLE matches ADD COLUMN replaced_board_message TEXT;
