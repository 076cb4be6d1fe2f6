DROP TABLE player_totals;
DROP INDEX games_variant_id;
DROP INDEX IF EXISTS games_status_id;
