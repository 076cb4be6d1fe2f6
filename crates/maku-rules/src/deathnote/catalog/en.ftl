# Death Note (crates/maku-rules/src/deathnote): the sentences of its events, replies and refusals.
dn-winner-good = good wins
dn-winner-kira = Kira wins
dn-winner-draw = draw
dn-cause-killed = killed by a notebook
dn-cause-no-action = suicide for not acting
dn-cause-voted = voted out
dn-cause-no-vote = suicide for not voting
dn-cause-eye = the Eye's price
dn-cause-transfer-expired = failed to recapture after a transfer
dn-fate-destroyed = notebook destroyed
dn-fate-recaptured = notebook recaptured
dn-fate-taken = notebook taken by the killer
dn-ev-kill-failed = The kill on { $target } failed.
dn-ev-join-succeeded = A Kira chose to join hands: succeeded.
dn-ev-join-failed = A Kira chose to join hands: failed.
dn-ev-notebook-transferred = A notebook was transferred.
dn-ev-eye-acquired = A Kira has the Eye of Death.
dn-ev-out-good = { $target } is out ({ $cause }) and was good.
dn-ev-out-kira = { $target } is out ({ $cause }) and was Kira; { $notebook }.
dn-ev-redistributed = { $count ->
    [one] One notebook was dealt again.
   *[other] { $count } notebooks were dealt again.
}
dn-with-notebook = {" "}(with N{ $n })
dn-act-kill = kill { $target }, guessing real ID “{ $real_id }”
dn-act-join = join hands with { $target }
dn-act-pass = pass this act
dn-act-eye-request = request the Eye
dn-act-eye-use = look at { $target } with the Eye
dn-act-transfer = transfer the notebook to { $target }
dn-act-heir = name { $target } heir
dn-act-vote = vote for { $targets }
dn-reply-kill-succeeded = The kill succeeded; it takes effect at this act's resolution.
dn-reply-kill-failed = The kill failed: that seat's real ID is “{ $real_id }”.
dn-reply-kill-failed-eye = The kill failed (holding the Eye, you learn nothing).
dn-reply-join-succeeded = Joined: the other Kira is { $partner }.
dn-reply-join-failed = The join failed.
dn-reply-passed = You passed this act.
dn-reply-eye-granted = You have the Eye of Death.
dn-reply-eye-seen-kira = { $target }'s real ID is “{ $real_id }”; Kira.
dn-reply-eye-seen-good = { $target }'s real ID is “{ $real_id }”; not Kira.
dn-reply-transferred = The notebook was transferred.
dn-reply-heir-set = The heir is named.
dn-reply-vote-recorded = Ballot recorded (you may replace it until the deadline; the last one counts).
dn-pev-joined = You are joined with { $partner }.
dn-pev-notebook-received = You received notebook N{ $n } and are Kira (it cannot be transferred again).
dn-pev-notebook-received-transferable = You received notebook N{ $n } and are Kira (it may be transferred once).
dn-pev-recaptured = You recaptured notebook N{ $n } and are Kira again.
dn-refusal-not-kira = Only a Kira (a notebook holder) can do that.
dn-refusal-bad-notebook = You do not hold that notebook.
dn-refusal-not-your-turn = No notebook of yours is on turn this act.
dn-refusal-already-acted = That notebook has already acted this act.
dn-refusal-target-taken = Another kill already killed that seat this act.
dn-refusal-join-unavailable = You cannot join now: you hold both notebooks or are already joined.
dn-refusal-eye-unavailable = You cannot request the Eye now: once per game, in your own turn.
dn-refusal-eye-not-held = You do not hold the Eye.
dn-refusal-eye-already-used = You already used the Eye this turn.
dn-refusal-eye-after-kill = The Eye must be used before any kill of yours this act.
dn-refusal-transfer-unavailable = You cannot transfer now: 8 or fewer alive, this notebook was transferred before, or you hold the Eye.
dn-refusal-ballot-size = Wrong number of names on the ballot this act.
dn-refusal-duplicate-target = A ballot cannot name the same seat twice.
dn-seats-hint = 6 to 40 players; 16 to 18 recommended.
action-none-notebook = automatic
seat-role-kira = Kira (holding notebook { $notebooks })
seat-role-good = Good
seat-on-turn = It is your turn this act (a notebook of yours is on turn).
seat-not-on-turn = No notebook of yours is on turn this act.
seat-notebooks = Notebooks
seat-nb-name = N{ $n }
seat-nb-on-turn = on turn
seat-nb-acted = acted
seat-nb-owed = must act before the deadline
seat-nb-transferable = transferable
seat-nb-heir = heir: { $heir }
seat-eye = You hold the Eye of Death.
seat-partner = Joined with: { $partner }
seat-ballot = Your ballot: { $names }
seat-ballot-none = No ballot yet this act.
seat-ballot-size = { $size ->
    [1] A ballot names one seat this act.
   *[other] A ballot names one or two different seats this act.
}
seat-owes = You still owe this act: { $what }. Without it you go out by suicide at the deadline.
seat-owes-action = a notebook action (kill, join or pass)
seat-join-hint = Name the game ID you believe is the other Kira.
seat-role-kira-out = Kira (out, no longer holding a notebook)
seat-ahead = Ahead of you
seat-window = You transferred N{ $n } in act { $act }. If a Kira is voted out or killed at the resolution of { $span ->
    [one] act { $last }
   *[two] act { $first } or { $last }
}, you recapture her notebook{ $out ->
    [yes] ; if no Kira is voted out or killed by the resolution of act { $last }, you go out.
   *[no] .
}
seat-eye-status = Eye of Death: { $turns } of your 3 own turns counted; if your turns keep their present pattern you go out at the resolution of act { $act }, and your notebooks are destroyed.
seat-eye-status-turns = Eye of Death: { $turns } of your 3 own turns counted; you go out at the resolution of the third, and your notebooks are destroyed.
seat-cost-kill = Uses this notebook's action for the act and cannot be undone; a wrong guess is announced in the next post, without your name.
seat-cost-join = Uses this notebook's action for the act instead of a kill and cannot be undone; whether it succeeded is announced in the next post, without names.
seat-cost-transfer = { $both ->
    [yes] You give this notebook away at once (you stay Kira with the other); this cannot be undone. If a Kira is voted out or killed at the resolution of act { $first } or { $last }, you recapture her notebook.
   *[no] You become good at once; this cannot be undone. If a Kira is voted out or killed at the resolution of act { $first } or { $last }, you recapture her notebook; if no Kira is voted out or killed by the resolution of act { $last }, you go out.
}
seat-cost-transfer-plain = You give this notebook away at once; this cannot be undone.
seat-cost-eye-request = You can no longer transfer; you go out at the resolution of act { $act } and your notebooks are destroyed.
seat-cost-eye-request-plain = You can no longer transfer; you go out at the resolution of your third own turn and your notebooks are destroyed.
action-choice-notebook-1 = N1
action-choice-notebook-2 = N2
variant-deathnote = Death Note (死亡笔记)
team-kira = Kiras
option-redistribute = Deal the notebooks again when both are destroyed
option-publish-votes = Publish the vote counts after each act (votes per game ID, never who voted for whom)
game-thread-kira = Kira thread
rules-about-deathnote = Real IDs and game IDs, two Death Notes, private votes: the site's flagship game.

## The picture of a finished game (DN-7, DN-8).
dn-picture-kill-succeeded = Kill (succeeded)
dn-picture-kill-failed = Kill (failed)
dn-picture-link-pass = A notebook passed
dn-picture-link-join = Joined hands
dn-picture-link-sight = Seen through the Eye
