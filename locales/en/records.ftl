# Issue 42: a profile's finished games, a page at a time.
profile-older-games = Older games
