DROP TRIGGER maku_live_deadlines ON deadlines;
DROP TRIGGER maku_live_signups ON game_signups;
DROP TRIGGER maku_live_games ON games;
DROP TRIGGER maku_live_threads ON threads;
DROP TRIGGER maku_live_posts ON posts;
DROP TRIGGER maku_live_game_events ON game_events;
DROP FUNCTION maku_live_notify();
