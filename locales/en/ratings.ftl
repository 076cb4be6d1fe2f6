# Leaderboards: one per variant, from finished games (docs/ratings.md).

ratings-link = Leaderboards
ratings-title = { $variant } leaderboard
ratings-other-boards = Leaderboards of the variants
ratings-empty = No finished game counts on this board yet.
ratings-col-rank = Rank
ratings-col-player = Player
ratings-col-rating = Rating
ratings-col-games = Games
ratings-col-wins = Wins
ratings-note = Ratings are Weng-Lin estimates, made from the finished games dealt at random, in the order they ended: the winning side's seats against the losing side's. The rating shown is the estimate less three uncertainties (μ − 3σ), so it rises as a player plays. Games with a fixed deal, games the judge ended without a winner, and draws do not count; a seat a substitute played moves no one's rating.
ratings-method = The method (Weng and Lin, 2011)
error-unknown-variant = There is no variant named “{ $name }”.
ratings-family = Games made from judges’ own setups of this family count on this board too (the reveal and the game page name each setup and its version):
