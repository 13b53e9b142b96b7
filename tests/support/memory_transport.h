#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <QByteArray>
#include <QList>
#include <QTimer>

#include "agent/protocol/message.h"
#include "app/transport.h"

namespace fleetdeck::test {

// A Transport to an agent that lives in the test instead of a process. Each request the app sends
// is decoded and handed to a handler whose answer goes back as bytes; the test can also push lines
// unasked, stream them on a timer, write raw bytes (a line cut short, a line with no end, invalid
// UTF-8) and end the connection with a Problem.
//
// It behaves like a pipe to a process: opened(), bytesReceived(), diagnostic() and a dropped
// connection's closed() all arrive later through the event loop, in the order they were queued,
// never from inside open(), sendLine() or the test's own call. close() is the exception, as it is
// for LocalTransport and SshTransport: closed() is emitted before it returns, and whatever was
// still queued on the connection is discarded. Lives on one thread; not thread-safe.
class MemoryTransport : public Transport {
    Q_OBJECT
public:
    // The answer to one request: the line to write back, without its newline (lines joined with
    // '\n' are written together, as the agent writes several in one go); nullopt answers nothing.
    using Handler = std::function<std::optional<std::string>(const protocol::Request&)>;

    explicit MemoryTransport(Handler handler = {}, QObject* parent = nullptr);
    ~MemoryTransport() override;

    void setHandler(Handler handler) { handler_ = std::move(handler); }
    void setDescription(QString text) { description_ = std::move(text); }
    // opened() comes `ms` after open() (0: on the next turn of the event loop).
    void setOpenDelayMs(int ms) { openDelayMs_ = ms; }
    // open() ends in closed(problem) instead of opened(): a refused login, a missing binary.
    void failOpen(Problem problem) { openFailure_ = std::move(problem); }
    // Requests for `method` are answered `ms` after they were sent, so answers can overtake each other.
    void delayAnswers(const std::string& method, int ms) { answerDelayMs_[method] = ms; }

    void open() override;
    void sendLine(const QByteArray& line) override;
    void close() override;
    QString describe() const override { return description_; }

    // What the agent writes unasked, queued behind everything before it: a line (the newline is
    // added), or bytes exactly as given.
    void pushLine(const std::string& line);
    void pushBytes(const QByteArray& bytes);
    // pushLine(next()) at once, then every `intervalMs` until stopStream() or the connection ends:
    // how the agent streams samples after subscribe. A second call replaces the first stream.
    void streamEvery(int intervalMs, std::function<std::string()> next);
    void stopStream();
    bool streaming() const { return stream_.isActive(); }
    // A line on the agent's stderr.
    void pushDiagnostic(const QString& text);
    // The agent exits or the link drops: closed(problem) after whatever was queued before it.
    void drop(Problem problem);

    bool isOpen() const { return state_ == State::Open; }
    bool everOpened() const { return everOpened_; }
    // True once the app called close() on an open or opening connection.
    bool closedByApp() const { return closedByApp_; }
    // Every request the app sent, in order; lines that were not requests are in otherLines().
    const std::vector<protocol::Request>& requests() const { return requests_; }
    std::vector<std::string> methods() const;
    const QList<QByteArray>& otherLines() const { return otherLines_; }

private:
    enum class State { Idle, Opening, Open, Closed };

    // Runs `what` after `ms` unless the connection has ended by then.
    void later(int ms, std::function<void()> what);
    void deliver(const protocol::Request& request);
    void end();

    Handler handler_;
    QString description_ = QStringLiteral("in-memory agent");
    int openDelayMs_ = 0;
    std::optional<Problem> openFailure_;
    std::map<std::string, int> answerDelayMs_;
    State state_ = State::Idle;
    std::uint64_t connection_ = 0;  // bumped when the connection ends: what was queued for it is dropped
    bool everOpened_ = false;
    bool closedByApp_ = false;
    QTimer stream_;
    std::function<std::string()> nextStreamed_;
    std::vector<protocol::Request> requests_;
    QList<QByteArray> otherLines_;
};

}  // namespace fleetdeck::test
