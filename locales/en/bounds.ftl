# Bounded input (issue 9): unknown fields, write limits, methods, images.
error-unknown-field = Unknown field “{ $field }”: nothing was done.
error-duplicate-field = The field “{ $field }” is given twice, so it is unclear which one you mean: nothing was done.
error-too-fast = Too many in a minute. Please wait { $seconds } seconds and try again.
error-method-not-allowed = This address does not take that kind of request.
new-field-show-images = Show pictures from other sites in this game's posts (those sites then see each reader's address; otherwise pictures are links)
game-images-shown = Pictures from other sites are shown in this game's posts.
