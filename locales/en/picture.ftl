# The picture of a finished game on the reveal page (src/web/games/picture.rs).
picture-heading = The game in a picture
picture-title = { $title }: the game act by act
picture-desc = { $seats } seats over { $acts ->
    [one] one act.
   *[other] { $acts } acts.
}
picture-desc-how = Rows are seats and columns acts. Each seat's bar is patterned by its side and labelled with its role; a cross marks when it went out, with the cause. Arrows inside an act run from a seat to the seat it acted on: ballots in the right half of the act, other actions in the left half. The table below lists the same facts.
picture-table = The picture as a table
picture-col-act = Act
picture-col-who = Seat
picture-col-what = What
picture-col-whom = On
picture-fact-dealt = dealt: { $role }
picture-fact-became = became { $role }
picture-fact-out = went out ({ $cause })
picture-revote = Vote, round { $round }
picture-link-vote = Vote
picture-link-revote = Revote (a later round)
picture-link-night = Action on a seat
picture-key-out = Went out
