#include "tests/support/memory_transport.h"

#include <variant>

namespace fleetdeck::test {

MemoryTransport::MemoryTransport(Handler handler, QObject* parent) : Transport(parent), handler_(std::move(handler)) {
    qRegisterMetaType<fleetdeck::Problem>();
    connect(&stream_, &QTimer::timeout, this, [this] {
        if (nextStreamed_) pushLine(nextStreamed_());
    });
}

MemoryTransport::~MemoryTransport() = default;

void MemoryTransport::later(int ms, std::function<void()> what) {
    // The timer's context is this object: nothing queued outlives it. The connection number drops
    // what was queued for a connection that has ended since.
    QTimer::singleShot(ms, this, [this, connection = connection_, what = std::move(what)] {
        if (connection == connection_) what();
    });
}

void MemoryTransport::open() {
    if (state_ != State::Idle) return;
    state_ = State::Opening;
    later(openDelayMs_, [this] {
        if (openFailure_) {
            end();
            emit closed(*openFailure_);
            return;
        }
        state_ = State::Open;
        everOpened_ = true;
        emit opened();
    });
}

void MemoryTransport::sendLine(const QByteArray& line) {
    if (state_ != State::Open) return;  // as a pipe to a process that has not started or has gone
    auto decoded = protocol::decode_message(std::string_view(line.constData(), static_cast<std::size_t>(line.size())));
    const auto* message = std::get_if<protocol::Message>(&decoded);
    const auto* request = message ? std::get_if<protocol::Request>(message) : nullptr;
    if (!request) {
        otherLines_ << line;
        return;
    }
    requests_.push_back(*request);
    const auto delay = answerDelayMs_.find(request->method);
    // The handler runs when the agent would read the request, not inside sendLine(): what it
    // queues (a stream's first sample) then follows its answer, as it does from the real agent.
    later(delay == answerDelayMs_.end() ? 0 : delay->second, [this, r = *request] { deliver(r); });
}

void MemoryTransport::deliver(const protocol::Request& request) {
    if (!handler_) return;
    const std::optional<std::string> answer = handler_(request);
    if (answer && state_ == State::Open) emit bytesReceived(QByteArray::fromStdString(*answer + '\n'));
}

void MemoryTransport::close() {
    if (state_ != State::Opening && state_ != State::Open) return;
    closedByApp_ = true;
    end();
    emit closed(closedOnRequest());
}

void MemoryTransport::end() {
    state_ = State::Closed;
    ++connection_;
    stopStream();
}

void MemoryTransport::pushLine(const std::string& line) { pushBytes(QByteArray::fromStdString(line + '\n')); }

void MemoryTransport::pushBytes(const QByteArray& bytes) {
    later(0, [this, bytes] {
        if (state_ == State::Open) emit bytesReceived(bytes);
    });
}

void MemoryTransport::streamEvery(int intervalMs, std::function<std::string()> next) {
    if (state_ != State::Open) return;
    nextStreamed_ = std::move(next);
    pushLine(nextStreamed_());
    stream_.start(intervalMs);
}

void MemoryTransport::stopStream() {
    stream_.stop();
    nextStreamed_ = nullptr;
}

void MemoryTransport::pushDiagnostic(const QString& text) {
    later(0, [this, text] { emit diagnostic(text); });
}

void MemoryTransport::drop(Problem problem) {
    later(0, [this, problem = std::move(problem)] {
        if (state_ == State::Idle || state_ == State::Closed) return;
        end();
        emit closed(problem);
    });
}

std::vector<std::string> MemoryTransport::methods() const {
    std::vector<std::string> out;
    for (const protocol::Request& r : requests_) out.push_back(r.method);
    return out;
}

}  // namespace fleetdeck::test

#include "moc_memory_transport.cpp"
