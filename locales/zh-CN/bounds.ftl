# 有界输入（issue 9）：未知字段、写入频率、请求方式、图片。
error-unknown-field = 未知字段「{ $field }」，请求未执行。
error-too-fast = 操作太频繁，请 { $seconds } 秒后再试。
error-method-not-allowed = 此地址不接受这种请求方式。
