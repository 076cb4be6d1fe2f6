# Full-text search over boards and game threads (docs/search.md).

search-title = Search
search-label = Search posts
search-placeholder = Search…
search-button = Search
search-results-for = Posts containing “{ $query }”
search-none = No post contains all of these words.
search-help = Every word you type must appear in the post; Chinese is matched as typed, so a two-character word works. Game threads are searched while the game runs; a game's private threads (teams, graveyard) only after its reveal.
search-floor = #{ $floor }
search-previous = ← Newer
search-next = Older →
search-page = Page { $page }
search-error-empty = Type something to search for.
search-error-too-long = A search is at most 200 characters.
search-error-too-many-words = A search has at most 8 words.
