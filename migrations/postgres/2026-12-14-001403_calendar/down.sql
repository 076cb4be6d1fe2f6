DELETE FROM notify_cursors WHERE source = 'mentions';
DROP TABLE calendar_feeds;
