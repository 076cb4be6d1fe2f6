# issue 29 item 3: e-mail
mail-subject = maku: { $what }
mail-confirm-subject = maku: confirm your e-mail address
mail-confirm-body = Hello { $name }, someone (we hope you) asked that maku mail the account { $name } at { $address }. Open this link within { $hours } hours to confirm it:
mail-confirm-not-you = If you did not ask for this, ignore this mail: nothing else is sent to this address unless the link is opened.
mail-digest-subject = maku: { $count } unread notifications today
mail-digest-intro = What happened since the last digest ({ $count } unread):
mail-digest-more = … and { $count } more on your notifications page:
mail-footer-to = This mail went to the account { $name } on maku.
mail-footer-stop = Stop mails like this one (one click):
mail-footer-settings = All mail settings:
# the account's page
mail-title = E-mail
mail-off = This forum sends no e-mail.
mail-intro = maku can mail you what the bell tells you: at once, in a daily digest, or not at all, kind by kind. An address is used only after you open the link mailed to it.
mail-address-label = E-mail address
mail-in-use = Mail goes to { $address }.
mail-none = No address yet.
mail-pending = Waiting for confirmation: { $address }. Open the link mailed to it (within { $hours } hours).
mail-set = Mail me the link
mail-remove = Remove my address
mail-link-sent = A link is on its way to { $address }. Open it to start receiving mail there.
mail-already = That is the address in use already.
mail-removed = Your address is removed; no more mail is sent to it.
mail-mode-label = By mail
mail-mode-none = no mail
mail-mode-now = at once
mail-mode-daily = daily digest
mail-modes-hint = A kind turned off in the bell is not mailed either.
mail-recent = Recent mails
mail-state-sent = sent { $at }
mail-state-waiting = waiting
mail-state-failed = not sent: { $why }
# the confirmation link
mail-confirm-title = E-mail address
mail-confirm-done = { $address } is confirmed: maku mails you there from now on.
mail-confirm-expired = This link is too old. Ask for a new one on your notification settings.
mail-confirm-unknown = This link confirms nothing: it was used, replaced by a newer one, or withdrawn.
mail-confirm-question = Use { $address } for the mail maku sends this account? Nothing is confirmed until you press the button.
mail-confirm-button = Confirm the address
mail-settings-link = Notification and mail settings
# the unsubscribe page
mail-unsubscribe-title = Stop mails
mail-unsubscribe-kind = Stop mails of this kind: { $what }?
mail-unsubscribe-digest = Stop the daily digest?
mail-unsubscribe-confirm = Drop the address waiting for confirmation? Nothing more will be mailed to it.
mail-unsubscribe-button = Stop them
mail-unsubscribed = Done: these mails are stopped. You can turn them on again in your settings.
mail-unsubscribed-already = These mails are stopped.
# errors
error-mail-off = This forum sends no e-mail.
error-bad-email = That is not an e-mail address (name@example.com).
# the account history (admin audit)
account-event-email-requested = e-mail address given (link mailed)
account-event-email-confirmed = e-mail address confirmed
account-event-email-removed = e-mail address removed
account-event-mail-modes = mail settings changed
account-event-mail-unsubscribed = unsubscribed from a mail
mail-state-withdrawn = withdrawn before it was sent
