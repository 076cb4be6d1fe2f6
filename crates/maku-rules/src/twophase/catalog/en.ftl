# The two-phase test variant (crates/maku-rules/src/twophase): its sentences, nowhere else.
action-sleep = Sleep
tp-ev-out = { $target } is voted out.
tp-ev-peaceful-day = Nobody was voted out today.
tp-ev-peaceful-night = The night passes quietly.
tp-act-vote = vote for { $target }
tp-act-sleep = sleep
tp-reply-vote-recorded = Ballot recorded (you may replace it until the deadline; the last one counts).
tp-reply-slept = You sleep through the night.
tp-winner-survivors = the survivors win
tp-cause-voted = voted out
variant-twophase = Two phases (test)
