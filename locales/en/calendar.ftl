# issue 29 item 4: the private deadline calendar
calendar-title = Deadline calendar
calendar-link = Deadline calendar for your phone
calendar-intro = Subscribe to this address in your calendar app (phone or computer): it lists the deadlines of the running games you play or judge, each with a reminder an hour before, and follows the judge when a deadline moves. Keep it private: anyone with the address sees which of your games end when.
calendar-url-label = Your calendar address
calendar-copy-hint = Select the address and copy it into your calendar app (“subscribe to a calendar”, “add by URL”).
calendar-open = Open the feed
calendar-revoke-title = A new address
calendar-revoke-hint = The current address stops working at once; subscribe again with the new one.
calendar-revoke = Replace the address
calendar-revoked = The old address no longer works. This is the new one.
calendar-name = maku: my deadlines
calendar-summary = { $title }: act { $act }{ $phase } ends
calendar-as-player = A deadline of a game you play.
calendar-as-judge = A deadline of a game you judge.
