DROP TRIGGER maku_view_boards ON threads;
DROP FUNCTION maku_view_board_notify();
