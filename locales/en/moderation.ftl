# Moderation: reports, hidden posts, suspensions (docs/moderation.md).

moderation-report = Report
moderation-report-submit = Send report
moderation-reason = Reason
moderation-reported = Thank you: the admins will look at your report.
moderation-hide = Hide
moderation-hide-submit = Hide post
moderation-hidden = Hidden by a moderator.
moderation-hidden-reason = Reason: { $reason }
moderation-hidden-done = The post is hidden.
moderation-reports-title = Reports
moderation-reports-none = No open reports.
moderation-post = Post
moderation-author = Author
moderation-reporter = Reported by
moderation-reported-at = Reported at
moderation-dismiss = Dismiss
moderation-resolved = The report is resolved.
moderation-suspend-title = Suspend an account
moderation-days = Days
moderation-suspend-submit = Suspend
moderation-suspended-done = The account is suspended.
moderation-lift-submit = Lift the suspension
moderation-lifted-done = The suspension is lifted.

error-suspended-until = Your account is suspended until { $until }: { $reason }. You can still read.
error-reason-empty = Give a reason.
error-reason-too-long = A reason is at most 500 characters.
error-days-out-of-range = A suspension lasts 1 to 3650 days.
error-resolution-unknown = A report is resolved by dismissing it or hiding its post.
error-already-reported = You have already reported this post; the admins have not decided yet.
error-already-hidden = This post is already hidden.
error-system-post = The game's own posts cannot be reported or hidden.
error-report-resolved = This report is already resolved.
error-suspend-self = You cannot suspend yourself.
error-not-suspended = This account is not suspended.
error-suspended = Your account is suspended.

account-event-post-reported = reported a post
account-event-post-hidden = post hidden
account-event-report-dismissed = report dismissed
account-event-report-upheld = report upheld
account-event-suspended = suspended
account-event-suspension-lifted = suspension lifted
