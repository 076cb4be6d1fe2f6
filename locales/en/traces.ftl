# issue 41 item 6: one person, one seat (sign-in traces, for the judge's console and the admins)
traces-console-heading = Accounts that may be one person
traces-console-intro = These accounts of this game signed in from the same network or the same browser within the last 30 days. It may be one person playing two seats, or housemates, or a school's network: ask before acting. Only you and the admins see this.
traces-link-net = { $a } and { $b } have signed in from the same network in the last 30 days.
traces-link-browser = { $a } and { $b } have signed in from the same browser in the last 30 days.
traces-link-both = { $a } and { $b } have signed in from the same network and the same browser in the last 30 days.
traces-admin-page = linked accounts
traces-admin-heading = Linked accounts
traces-admin-intro = Accounts that signed in from one of this account's networks or browsers within the last 30 days. Only admins see this; nothing older is kept.
traces-admin-playing = While you play in a game that is not over, links involving its players are not shown to you here; its judge sees them on the console.
traces-admin-none = No other account shares a network or a browser with this one.
traces-admin-shared = Shared
traces-kind-net = network
traces-kind-browser = browser
