use std::{cell::Cell, pin::pin};

use actix_service::fn_service;
use tokio::io::ReadBuf;

use super::*;
use crate::{
    config::ServiceConfigBuilder,
    h1::{ExpectHandler, UpgradeHandler},
    test::TestBuffer,
};

/// Stops accepting writes after a shared byte budget is exhausted.
///
/// The test can restore the budget and poll the dispatcher again, as if the socket became writable.
struct LimitedWriter {
    io: TestBuffer,
    allowance: Rc<Cell<usize>>,
}

impl AsyncRead for LimitedWriter {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_read(cx, buf)
    }
}

impl AsyncWrite for LimitedWriter {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let len = buf.len().min(self.allowance.get());

        if len == 0 {
            // The test polls manually after restoring the budget, so no wakeup is needed.
            return Poll::Pending;
        }

        let written = ready!(Pin::new(&mut self.io).poll_write(cx, &buf[..len]))?;
        self.allowance.set(self.allowance.get() - written);
        Poll::Ready(Ok(written))
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}

/// Checks buffer release and complete responses on a persistent HTTP/1 connection.
///
/// maku's patch (PATCHED.md): upstream kept a drained write buffer of normal size for the next
/// response; here a connection that waits holds neither buffer, whatever the response's size
/// or the watermark, so the checks below expect no capacity at all once a response is out.
///
/// - `body_len`: Response body length in bytes, sent as one chunk for each request.
/// - `threshold`: Configured HTTP/1 write-buffer watermark in bytes.
/// - `partial`: If true, block writes after `body_len - 1024` bytes, including headers,
///   then resume them. Requires `body_len > 1024`.
async fn check_buffer_retention(body_len: usize, threshold: usize, partial: bool) {
    let mut io = TestBuffer::new("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
    // The budget includes response headers. Leave a small unwritten tail so
    // advancing past the written bytes hides most of the original buffer capacity.
    let allowance = Rc::new(Cell::new(if partial {
        body_len - 1024
    } else {
        usize::MAX
    }));
    let services = HttpFlow::new(
        fn_service(move |_: Request| async move {
            // A single body chunk forces the output buffer to hold the large response.
            Ok::<_, Error>(Response::ok().set_body(bytes::Bytes::from(vec![b'x'; body_len])))
        }),
        ExpectHandler,
        None::<UpgradeHandler>,
    );
    let dispatcher = Dispatcher::new(
        LimitedWriter {
            io: io.clone(),
            allowance: allowance.clone(),
        },
        services,
        // This sets the body-polling watermark.
        ServiceConfigBuilder::new()
            .h1_write_buffer_size(threshold)
            .build(),
        None,
        OnConnectData::default(),
    );
    let mut dispatcher = pin!(dispatcher);
    let mut cx = Context::from_waker(futures_util::task::noop_waker_ref());

    // Pending is expected even after a complete response: the keep-alive
    // connection stays open and waits for another request.
    assert!(dispatcher.as_mut().poll(&mut cx).is_pending());

    if partial {
        let DispatcherState::Normal { inner } = &dispatcher.inner else {
            panic!()
        };
        // Unwritten bytes are kept, however long the wait.
        assert!(!inner.write_buf.is_empty());
        assert_eq!(io.write_buf_slice().len(), body_len - 1024);

        // Let the dispatcher finish the same response after the simulated blocked write.
        allowance.set(usize::MAX);
        assert!(dispatcher.as_mut().poll(&mut cx).is_pending());
    }

    assert_idle_holds_no_buffer(&dispatcher);

    let response = io.take_write_buf();
    // Compare the complete body separately from the generated HTTP headers.
    // A released buffer must not come at the cost of missing response bytes.
    let body_start = response
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .unwrap()
        + 4;
    assert_eq!(&response[body_start..], vec![b'x'; body_len]);

    // The connection must remain usable, including after a partial write: the buffers are
    // made again for the next request and let go again after it.
    io.extend_read_buf("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
    assert!(dispatcher.as_mut().poll(&mut cx).is_pending());
    let second_response = io.take_write_buf();
    let second_body_start = second_response
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .unwrap()
        + 4;
    assert_eq!(
        &second_response[second_body_start..],
        &response[body_start..]
    );
    assert_idle_holds_no_buffer(&dispatcher);
}

/// maku's patch: a dispatcher waiting with nothing buffered holds no allocation for either buffer.
fn assert_idle_holds_no_buffer<T, S, B, X, U>(dispatcher: &Pin<&mut Dispatcher<T, S, B, X, U>>)
where
    T: AsyncRead + AsyncWrite + Unpin,
    S: Service<Request>,
    S::Error: Into<Response<BoxBody>>,
    S::Response: Into<Response<B>>,
    B: MessageBody,
    X: Service<Request, Response = Request>,
    X::Error: Into<Response<BoxBody>>,
    U: Service<(Request, Framed<T, Codec>), Response = ()>,
    U::Error: fmt::Display,
{
    let DispatcherState::Normal { inner } = &dispatcher.inner else {
        panic!()
    };
    assert!(inner.write_buf.is_empty());
    assert_eq!(
        inner.write_buf.capacity(),
        0,
        "a waiting connection kept its write buffer"
    );
    assert!(inner.read_buf.is_empty());
    assert_eq!(
        inner.read_buf.capacity(),
        0,
        "a waiting connection kept its read buffer"
    );
}

#[actix_rt::test]
async fn oversized_write_buffer_released_after_flush() {
    check_buffer_retention(1024 * 1024, 32 * 1024, false).await;
}

#[actix_rt::test]
async fn oversized_write_buffer_released_after_partial_write() {
    check_buffer_retention(1024 * 1024, 32 * 1024, true).await;
}

#[actix_rt::test]
async fn normal_write_buffer_released_when_idle() {
    check_buffer_retention(1024, 32 * 1024, false).await;
}

#[actix_rt::test]
async fn configured_write_buffer_released_when_idle() {
    // A custom watermark above 128 KiB also raises the retention limit.
    check_buffer_retention(256 * 1024, 1024 * 1024, false).await;
}

#[actix_rt::test]
async fn small_write_watermark_preserves_normal_buffer() {
    // A small watermark must not lower the 128 KiB retention limit.
    check_buffer_retention(64 * 1024, 8 * 1024, false).await;
}

#[actix_rt::test]
async fn buffer_above_configured_write_watermark_released() {
    // A larger watermark sets the limit directly; it is not multiplied by four.
    check_buffer_retention(512 * 1024, 256 * 1024, false).await;
}

/// maku's patch (PATCHED.md): a streaming response (server-sent events) waiting for its next
/// chunk holds neither buffer, and the next chunk is still written in full.
#[actix_rt::test]
async fn streaming_body_holds_no_buffer_while_it_waits() {
    let io = TestBuffer::new("GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n");
    // The body's chunks, given one at a time; pending while there is none.
    let queue = Rc::new(std::cell::RefCell::new(std::collections::VecDeque::new()));
    let chunks = queue.clone();
    let services = HttpFlow::new(
        fn_service(move |_: Request| {
            let chunks = chunks.clone();
            let body =
                crate::body::BodyStream::new(futures_util::stream::poll_fn(move |_| match chunks
                    .borrow_mut()
                    .pop_front()
                {
                    Some(chunk) => Poll::Ready(Some(Ok::<_, io::Error>(chunk))),
                    None => Poll::Pending,
                }));
            async move { Ok::<_, Error>(Response::ok().set_body(body)) }
        }),
        ExpectHandler,
        None::<UpgradeHandler>,
    );
    let dispatcher = Dispatcher::new(
        io.clone(),
        services,
        crate::config::ServiceConfig::default(),
        None,
        OnConnectData::default(),
    );
    let mut dispatcher = pin!(dispatcher);
    let mut cx = Context::from_waker(futures_util::task::noop_waker_ref());

    queue
        .borrow_mut()
        .push_back(bytes::Bytes::from_static(b"event: one\n\n"));
    assert!(dispatcher.as_mut().poll(&mut cx).is_pending());
    let first = io.take_write_buf();
    let first = std::str::from_utf8(&first).expect("text");
    assert!(first.starts_with("HTTP/1.1 200 OK\r\n"), "{first}");
    assert!(first.contains("event: one\n\n"), "{first}");
    assert_idle_holds_no_buffer(&dispatcher);

    queue
        .borrow_mut()
        .push_back(bytes::Bytes::from_static(b"event: two\n\n"));
    assert!(dispatcher.as_mut().poll(&mut cx).is_pending());
    let second = io.take_write_buf();
    let second = std::str::from_utf8(&second).expect("text");
    assert!(second.contains("event: two\n\n"), "{second}");
    assert!(!second.contains("event: one"), "{second}");
    assert_idle_holds_no_buffer(&dispatcher);
}
