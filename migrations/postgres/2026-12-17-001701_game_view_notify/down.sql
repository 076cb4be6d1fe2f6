DROP TRIGGER maku_view_game_deadlines ON deadlines;
DROP TRIGGER maku_view_game_signups ON game_signups;
DROP TRIGGER maku_view_game_seats ON game_seats;
DROP TRIGGER maku_view_games ON games;
DROP TRIGGER maku_view_game_events ON game_events;
DROP FUNCTION maku_view_game_notify();
