# Speech turns (issue 12: CL-4 last words, CL-5 ordered speeches)
turn-banner = It is your turn to speak in the game thread: one speech, then press "Pass".
turn-pass = Pass (过)
turn-pass-hint = End your turn now: the next seat speaks.
turn-speaker = It is { $name }'s turn to speak.
turn-last-words = { $name } may leave last words.
turn-skipped = { $name } did not speak in time and was skipped.
turn-ended = { $name }'s turn to speak is over.
turn-wait = It is { $name }'s turn to speak: the reply box appears here when your turn comes.
error-one-speech = You have already given your speech this turn; you may still edit it until the turn ends.
error-not-your-turn = It is not your turn to speak.
notify-kind-speech-turn = It is my turn to speak
notify-text-speech-turn = { $title }: it is your turn to speak (act { $act }{ $phase }).
