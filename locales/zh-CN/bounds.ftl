# 有界输入（issue 9）：未知字段、写入频率、请求方式、图片。
error-unknown-field = 未知字段「{ $field }」，请求未执行。
error-duplicate-field = 字段「{ $field }」出现了两次，无法确定你指的是哪一个，请求未执行。
error-too-fast = 操作太频繁，请 { $seconds } 秒后再试。
error-method-not-allowed = 此地址不接受这种请求方式。
new-field-show-images = 在本局帖子中显示外站图片（外站会看到每位读者的地址；不勾选时图片显示为链接）
game-images-shown = 本局帖子会显示外站图片。
