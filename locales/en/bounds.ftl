# Bounded input (issue 9): unknown fields, write limits, methods, images.
error-unknown-field = Unknown field “{ $field }”: nothing was done.
error-too-fast = Too many in a minute. Please wait { $seconds } seconds and try again.
error-method-not-allowed = This address does not take that kind of request.
