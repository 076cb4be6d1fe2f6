-- The games list's counts kept (issue 42): how many games there are of each variant and status,
-- moved in the transaction that makes a game or changes its status (db::queries::games), so the
-- lobby's total is a few rows' sum, not a count of every game on a view.
CREATE TABLE game_counts (
    variant TEXT NOT NULL,
    status TEXT NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (variant, status)
);
INSERT INTO game_counts (variant, status, n)
    SELECT variant, status, COUNT(*) FROM games GROUP BY variant, status;
