DROP INDEX flashes_created;
DROP TABLE flashes;
