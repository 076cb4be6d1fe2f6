DROP INDEX posts_searchable_newest;
