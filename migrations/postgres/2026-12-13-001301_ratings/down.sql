DROP TABLE ratings;
