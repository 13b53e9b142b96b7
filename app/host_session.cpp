#include "app/host_session.h"

#include "app/problem.h"

#include <utility>

#include <QCoreApplication>
#include <QRandomGenerator>

#include "agent/protocol/decode.h"
#include "agent/protocol/message.h"
#include "app/untrusted/agent_replies.h"
#include "app/untrusted/sample_line.h"

namespace fleetdeck {

// The stable words (JSON, logs, the history's incidents); stateText() translates them for display.
QString toString(HostState state) {
    const auto word = [](const char* text) { return QString::fromUtf8(text); };
    switch (state) {
    case HostState::Idle: return word(QT_TRANSLATE_NOOP("HostState", "idle"));
    case HostState::Connecting: return word(QT_TRANSLATE_NOOP("HostState", "connecting"));
    case HostState::Connected: return word(QT_TRANSLATE_NOOP("HostState", "connected"));
    case HostState::Stale: return word(QT_TRANSLATE_NOOP("HostState", "stale"));
    case HostState::Offline: return word(QT_TRANSLATE_NOOP("HostState", "offline"));
    case HostState::AuthFailed: return word(QT_TRANSLATE_NOOP("HostState", "auth failed"));
    case HostState::HostKeyUnknown: return word(QT_TRANSLATE_NOOP("HostState", "host key unknown"));
    case HostState::HostKeyChanged: return word(QT_TRANSLATE_NOOP("HostState", "host key changed"));
    case HostState::Incompatible: return word(QT_TRANSLATE_NOOP("HostState", "incompatible agent"));
    case HostState::Misbehaving: return word(QT_TRANSLATE_NOOP("HostState", "agent misbehaving"));
    }
    return {};
}

QString stateText(HostState state) { return QCoreApplication::translate("HostState", toString(state).toUtf8().constData()); }

bool endsConnectAttempt(HostState state) {
    return state == HostState::Offline || state == HostState::AuthFailed || state == HostState::HostKeyUnknown ||
           state == HostState::HostKeyChanged || state == HostState::Incompatible || state == HostState::Misbehaving;
}

HostSession::HostSession(QString name, TransportFactory factory, Options options, QObject* parent)
    : QObject(parent), name_(std::move(name)), factory_(std::move(factory)), options_(options),
      diagnostics_(diagnosticBufferFor(name_)) {
    qRegisterMetaType<fleetdeck::HostState>();
    qRegisterMetaType<nlohmann::json>();
    qRegisterMetaType<fleetdeck::Problem>();
    reconnectTimer_.setSingleShot(true);
    connect(&reconnectTimer_, &QTimer::timeout, this, &HostSession::openTransport);
    staleTimer_.setSingleShot(true);
    connect(&staleTimer_, &QTimer::timeout, this, &HostSession::onStaleTimer);
}

void HostSession::armStaleTimer() {
    heard_.start();
    staleTimer_.start(options_.staleAfterMs);
}

void HostSession::onStaleTimer() {
    const qint64 left = options_.staleAfterMs - heard_.elapsed();
    if (left > 0) {  // heard from since the timer was started
        staleTimer_.start(int(left));
        return;
    }
    // Silence is normal without a subscription: ask the agent, and call the host stale only
    // when it does not answer either.
    call<protocol::methods::Ping>({}, [this](const Result<protocol::PingResult>& r) {
        if (!r && r.problem().code == ProblemCode::Timeout && state_ == HostState::Connected)
            setState(HostState::Stale, std::move(SessionText(QT_TR_NOOP("no answer from the agent for %1 s")).arg(2 * options_.staleAfterMs / 1000)));
    }, options_.staleAfterMs);  // its answer starts the timer again (onBytes)
}

HostSession::~HostSession() {
    running_ = false;
    failAllPending(QStringLiteral("session closed"));
    if (transport_) {
        transport_->disconnect(this);
        transport_->close();
    }
}

void HostSession::start() {
    if (running_) return;
    running_ = true;
    attempts_ = 0;
    openTransport();
}

void HostSession::stop() {
    running_ = false;
    reconnectTimer_.stop();
    staleTimer_.stop();
    failAllPending(QStringLiteral("stopped"));
    queued_.clear();
    if (transport_) transport_->close();
    setState(HostState::Idle, SessionText(QT_TR_NOOP("stopped")));
}

void HostSession::setState(HostState state, const SessionText& said) {
    const QString reason = said.english();
    if (state == state_ && reason == reason_) return;
    // Connected and Stale take turns with a quiet agent: not worth a line each time.
    const auto quiet = [](HostState s) { return s == HostState::Connected || s == HostState::Stale; };
    if (!(quiet(state) && quiet(state_)))
        note(reason.isEmpty() || reason == toString(state) ? toString(state) : QStringLiteral("%1: %2").arg(toString(state), reason));
    state_ = state;
    reason_ = reason;
    shownReason_ = said.shown();
    emit stateChanged(state, reason);
}

void HostSession::openTransport() {
    if (!running_ || transport_) return;
    handshakeDone_ = false;
    nvlinks_ = {};  // a new stream: its first sample carries every list
    framer_ = protocol::LineFramer(options_.limits.maxLineBytes);
    bytesSinceNewline_ = 0;
    slips_ = 0;
    violation_.reset();
    if (!clock_.isValid()) clock_.start();
    unsolicited_.reset(clock_.elapsed() / 1000.0);
    setState(HostState::Connecting, attempts_ == 0 ? SessionText(QT_TR_NOOP("connecting"))
                                                    : std::move(SessionText(QT_TR_NOOP("reconnecting (attempt %1)")).arg(attempts_ + 1)));
    transport_ = factory_();
    Transport* t = transport_.get();
    connect(t, &Transport::opened, this, &HostSession::onOpened);
    connect(t, &Transport::bytesReceived, this, &HostSession::onBytes);
    connect(t, &Transport::closed, this, &HostSession::onClosed);
    // A connect's steps were logged where they happened (the connect worker); the agent's stderr
    // is logged here, under this host's name. Both are kept and passed on.
    connect(t, &Transport::diagnostic, this, [this](const QString& text, DiagnosticArea area) {
        if (area == DiagnosticArea::Agent) logDiagnostic(area, name_, QStringLiteral("stderr: ") + text);
        diagnostics_->append(area, text);
        emit diagnostic(text, area);
    });
    connect(t, &Transport::waiting, this, &HostSession::waiting);
    t->open();
}

void HostSession::onOpened() {
    setState(HostState::Connecting, SessionText(QT_TR_NOOP("handshake")));
    const std::int64_t id = nextId_++;
    auto* timer = new QTimer(this);
    timer->setSingleShot(true);
    connect(timer, &QTimer::timeout, this, [this, id] {
        finish(id, Reply{{}, protocol::Error{protocol::ErrorCode::Timeout, "the agent did not answer hello"}});
    });
    timer->start(options_.helloTimeoutMs);
    // onHello decodes the answer, once; a DecodeError there marks the agent misbehaving.
    using protocol::methods::Hello;
    pending_[id] = Pending{[this](const Reply& r) { onHello(r); }, timer, std::string(Hello::name), [](const Json&) {}, {}};
    send(id, methodName<Hello>(), protocol::to_json(protocol::HelloParams{protocol::kProtocolVersion, "fleetdeck"}));
}

void HostSession::onHello(const Reply& reply) {
    if (!reply.ok()) {
        closeReason_ = std::move(SessionText(QT_TR_NOOP("handshake failed: %1")).arg(QString::fromStdString(reply.error->message)));
        if (transport_) transport_->close();
        return;
    }
    AgentHello h = protocol::hello_from_json(reply.result);  // a DecodeError marks the agent misbehaving
    if (h.protocol > protocol::kProtocolVersion || h.protocol < 1) {
        running_ = false;
        if (transport_) transport_->close();
        setState(HostState::Incompatible, std::move(SessionText(QT_TR_NOOP("the agent speaks protocol %1, this FleetDeck speaks %2: update FleetDeck"))
                                                        .arg(h.protocol)
                                                        .arg(protocol::kProtocolVersion)));
        return;
    }
    hello_ = std::move(h);
    handshakeDone_ = true;
    attempts_ = 0;
    setState(HostState::Connected, std::move(SessionText(QT_TR_NOOP("agent %1")).arg(QString::fromStdString(hello_.agent_version))));
    armStaleTimer();
    auto queued = std::move(queued_);
    queued_.clear();
    for (auto& q : queued) q();
    emit ready();
}

void HostSession::request(const QString& method, const Json& params, Callback callback, int timeoutMs) {
    const ReadResult check = [method = method.toStdString(), limits = options_.limits](const Json& result) {
        if (auto bad = checkReply(method, result, limits)) throw protocol::DecodeError(*bad);
    };
    requestRead(method, params, check, std::move(callback), timeoutMs);
}

void HostSession::requestRead(const QString& method, const Json& params, ReadResult read, Callback callback, int timeoutMs,
                              ReadLine readLine) {
    if (!running_) {
        callback(Reply{{}, protocol::Error{protocol::ErrorCode::Unavailable, name_.toStdString() + " is not connected"}});
        return;
    }
    if (!handshakeDone_) {
        queued_.push_back([this, method, params, read = std::move(read), callback = std::move(callback), timeoutMs,
                           readLine = std::move(readLine)]() mutable {
            requestRead(method, params, std::move(read), std::move(callback), timeoutMs, std::move(readLine));
        });
        return;
    }
    const std::int64_t id = nextId_++;
    auto* timer = new QTimer(this);
    timer->setSingleShot(true);
    connect(timer, &QTimer::timeout, this, [this, id, method] {
        finish(id, Reply{{}, protocol::Error{protocol::ErrorCode::Timeout,
                                             method.toStdString() + " got no answer in time"}});
    });
    timer->start(timeoutMs > 0 ? timeoutMs : options_.requestTimeoutMs);
    pending_[id] = Pending{std::move(callback), timer, method.toStdString(), std::move(read), std::move(readLine)};
    send(id, method, params);
}

void HostSession::send(std::int64_t id, const QString& method, const Json& params) {
    if (!transport_) return;
    const std::string line = protocol::encode(protocol::Request{id, method.toStdString(), params});
    transport_->sendLine(QByteArray::fromStdString(line));
}

void HostSession::finish(std::int64_t id, const Reply& reply) {
    const auto it = pending_.find(id);
    if (it == pending_.end()) return;  // late answer after a timeout
    Pending p = std::move(it->second);
    pending_.erase(it);
    if (p.timer) p.timer->deleteLater();
    p.callback(reply);
}

void HostSession::failAllPending(const QString& why) {
    auto pending = std::move(pending_);
    pending_.clear();
    for (auto& [id, p] : pending) {
        if (p.timer) p.timer->deleteLater();
        p.callback(Reply{{}, protocol::Error{protocol::ErrorCode::Unavailable, why.toStdString()}});
    }
}

void HostSession::onBytes(const QByteArray& bytes) {
    // After a violation nothing more from this connection is read (the transport may close later).
    if (violation_ || !transport_ || !checkLineLength(bytes)) return;
    framer_.feed(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    while (auto frame = framer_.next()) {
        if (frame->oversized) {
            reportViolation(std::move(SessionText(QT_TR_NOOP("sent a %1-byte line (at most %2)"))
                                            .arg(static_cast<std::int64_t>(frame->length))
                                            .arg(static_cast<std::int64_t>(options_.limits.maxLineBytes))));
            return;
        }
        handleLine(frame->line);
        if (violation_ || !transport_) return;
        framer_.recycle(std::move(frame->line));
    }
    if (handshakeDone_) {
        heard_.start();
        if (!staleTimer_.isActive()) staleTimer_.start(options_.staleAfterMs);
        if (state_ == HostState::Stale)
            setState(HostState::Connected, std::move(SessionText(QT_TR_NOOP("agent %1")).arg(QString::fromStdString(hello_.agent_version))));
    }
}

void HostSession::handleLine(const std::string& line) {
    if (line.empty()) return;
    // Nearly every line is a sample event: read straight from its text, it skips building and
    // freeing nlohmann's tree, most of the app's CPU at 1,000 hosts (docs/BENCHMARKS.md). Every
    // other line, and a sample that breaks a rule, takes the tree below, which says what broke.
    if (auto sample = readSampleLine(line, options_.limits, &nvlinks_)) {
        if (!checkUnsolicited()) return;
        deliverSample(std::move(*sample));
        return;
    }
    if (const auto id = readAnswerLine(line)) {
        answer(*id, Reply{});  // the value is with the request's callback
        return;
    }
    auto decoded = protocol::decode_message(line);
    if (auto* failure = std::get_if<protocol::DecodeFailure>(&decoded)) {
        slip(std::move(SessionText(QT_TR_NOOP("an unreadable line (%1)")).arg(QString::fromStdString(failure->error.message).left(200))));
        return;
    }
    auto& message = std::get<protocol::Message>(decoded);
    if (auto* response = std::get_if<protocol::Response>(&message)) {
        if (!response->id) {
            if (!checkUnsolicited()) return;
            if (response->error)
                note(QStringLiteral("agent error: %1").arg(QString::fromStdString(response->error->message).left(500)));
            return;
        }
        if (!checkResponse(*response->id, response->result, response->error.has_value())) return;
        answer(*response->id, Reply{std::move(response->result), std::move(response->error)});
    } else if (auto* event = std::get_if<protocol::Event>(&message)) {
        const QString name = QString::fromStdString(event->name);
        if (!checkUnsolicited()) return;
        if (event->name == "sample") {
            onSample(event->data);
            return;
        }
        if (event->name == "ready") {
            onReadyEvent(event->data);
            return;
        }
        if (!checkEvent(name, event->data)) return;
        try {
            emit eventReceived(name, event->data);
        } catch (const std::exception& e) {
            reportViolation(std::move(SessionText(QT_TR_NOOP("sent a %1 event the app could not read (%2)"))
                                        .arg(name.left(64))
                                        .arg(QString::fromUtf8(e.what()).left(300))));
        }
    } else {
        slip(SessionText(QT_TR_NOOP("a request (agents only answer)")));
    }
}

// The pending request whose own reader read `line` as its answer (Pending::readLine): its id. Such
// an answer has passed what checkResponse checks: its id is that of a request sent and still
// pending, and the reader held its result to the same caps and decode.
std::optional<std::int64_t> HostSession::readAnswerLine(std::string_view line) {
    for (auto& [id, pending] : pending_)
        if (pending.readLine && pending.readLine(line, id)) return id;
    return std::nullopt;
}

void HostSession::answer(std::int64_t id, Reply reply) {
    const auto pending = pending_.find(id);
    const QString method = QString::fromStdString(pending == pending_.end() ? std::string() : pending->second.method);
    // The shape checks cover what the handlers read; should one still find something it cannot
    // read, the agent broke the protocol: that host is disconnected, the process goes on.
    try {
        finish(id, reply);
    } catch (const std::exception& e) {
        reportViolation(std::move(SessionText(QT_TR_NOOP("answered %1 with something the app could not read (%2)"))
                                    .arg(method)
                                    .arg(QString::fromUtf8(e.what()).left(300))));
    }
}

void HostSession::onSample(const Json& data) {
    std::optional<protocol::Sample> sample;
    try {
        sample = decodeSample(data, options_.limits, &nvlinks_);
    } catch (const protocol::DecodeError& e) {
        reportViolation(std::move(SessionText(QT_TR_NOOP("sent a sample event with %1")).arg(QString::fromUtf8(e.what()).left(300))));
        return;
    }
    deliverSample(std::move(*sample));
}

void HostSession::deliverSample(protocol::Sample&& sample) {
    emit sampleReceived(sample);
    if (sampleSink_) sampleSink_(std::move(sample));
}

bool HostSession::checkLineLength(const QByteArray& bytes) {
    // Counted before framing, so a line that never ends is caught as soon as it passes the cap.
    const qsizetype newline = bytes.lastIndexOf('\n');
    bytesSinceNewline_ = newline < 0 ? bytesSinceNewline_ + static_cast<std::size_t>(bytes.size())
                                     : static_cast<std::size_t>(bytes.size() - newline - 1);
    if (bytesSinceNewline_ <= options_.limits.maxLineBytes) return true;
    reportViolation(std::move(SessionText(QT_TR_NOOP("sent a line longer than %1 bytes")).arg(static_cast<std::int64_t>(options_.limits.maxLineBytes))));
    return false;
}

bool HostSession::checkUnsolicited() {
    if (unsolicited_.allow(clock_.elapsed() / 1000.0)) return true;
    reportViolation(std::move(SessionText(QT_TR_NOOP("sent more than %1 unsolicited messages a second"))
                                    .arg(static_cast<std::int64_t>(options_.limits.maxUnsolicitedPerSecond))));
    return false;
}

bool HostSession::checkResponse(std::int64_t id, const Json& result, bool isError) {
    if (id <= 0 || id >= nextId_) {
        slip(std::move(SessionText(QT_TR_NOOP("an answer to request %1, which was never sent")).arg(static_cast<std::int64_t>(id))));
        return false;
    }
    const auto it = pending_.find(id);
    if (it == pending_.end()) return checkUnsolicited();  // a late answer to a request that timed out
    // An error answer has no result to decode (its error was decoded with the message).
    std::optional<std::string> bad = checkBounds(result, options_.limits, "result");
    if (!bad && !isError) {
        try {
            it->second.read(result);
        } catch (const protocol::DecodeError& e) {
            bad = e.what();
        }
    }
    if (!bad) return true;
    reportViolation(std::move(SessionText(QT_TR_NOOP("answered %1 with %2")).arg(QString::fromStdString(it->second.method)).arg(QString::fromStdString(*bad))));
    return false;
}

void HostSession::onReadyEvent(const Json& data) {
    protocol::ReadyEvent ready;
    try {
        ready = decodeReadyEvent(data, options_.limits);
    } catch (const protocol::DecodeError& e) {
        reportViolation(std::move(SessionText(QT_TR_NOOP("sent a ready event with %1")).arg(QString::fromUtf8(e.what()).left(300))));
        return;
    }
    emit readyEventReceived(ready);
}

bool HostSession::checkEvent(const QString& name, const Json& data) {
    const std::optional<std::string> bad = checkEventData(name.toStdString(), data, options_.limits);
    if (!bad) return true;
    reportViolation(std::move(SessionText(QT_TR_NOOP("sent a %1 event with %2")).arg(name.left(64)).arg(QString::fromStdString(*bad))));
    return false;
}

void HostSession::slip(const SessionText& what) {
    if (++slips_ >= options_.limits.maxProtocolSlips)
        reportViolation(std::move(SessionText(QT_TR_NOOP("made %1 protocol errors, the last %2")).arg(slips_).arg(what)));
    else
        note(QStringLiteral("ignored from the agent: %1").arg(what.english()));
}

void HostSession::reportViolation(const SessionText& what) {
    if (violation_) return;
    ++misbehaviours_;
    violation_ = std::move(SessionText(QT_TR_NOOP("the agent on %1 broke the protocol: it %2. Disconnected; if this repeats, redeploy "
                                                  "FleetDeck's agent there and check that nothing else writes to its output"))
                               .arg(name_)
                               .arg(what));
    note(violation_->english());
    closeReason_ = violation_;
    if (transport_) transport_->close();
}

void HostSession::note(const QString& text) {
    logDiagnostic(DiagnosticArea::Session, name_, text);
    diagnostics_->append(DiagnosticArea::Session, text);
    emit diagnostic(text, DiagnosticArea::Session);
}

void HostSession::onClosed(const Problem& problem) {
    if (transport_) transport_.release()->deleteLater();
    handshakeDone_ = false;
    staleTimer_.stop();
    SessionText message = !problem.message.isEmpty() ? SessionText::of(problem.message, problem.shownMessage())
                          : closeReason_                ? *closeReason_
                                                        : SessionText(QT_TR_NOOP("connection closed"));
    closeReason_.reset();
    std::optional<SessionText> violation = std::exchange(violation_, std::nullopt);
    if (!violation && problem.code == ProblemCode::ProtocolViolation) {
        violation = message;
        ++misbehaviours_;
    }
    failAllPending(message.english());
    if (!running_) return;
    const auto retrying = [this](const SessionText& why) {
        return std::move(SessionText(QT_TR_NOOP("%1; retrying in %2 s")).arg(why).arg((reconnectTimer_.interval() + 999) / 1000));
    };
    if (violation) {
        if (options_.reconnect) scheduleReconnect();
        setState(HostState::Misbehaving, options_.reconnect ? retrying(*violation) : *violation);
        return;
    }
    // What follows is the problem's rule (app/problem.h): ask, refuse, or retry with backoff.
    switch (problemRule(problem.code).action) {
    case ProblemAction::Ask:
        setState(HostState::HostKeyUnknown, message);
        return;
    case ProblemAction::Refuse:
        setState(problem.code == ProblemCode::AuthFailed ? HostState::AuthFailed : HostState::HostKeyChanged, message);
        return;
    default:
        break;
    }
    if (!options_.reconnect) {
        setState(HostState::Offline, message);
        return;
    }
    scheduleReconnect();
    setState(HostState::Offline, retrying(message));
}

void HostSession::scheduleReconnect() {
    // Exponential backoff with jitter: a rack that reboots together does not reconnect in lockstep.
    // An agent that broke the protocol before waits longer each time, even after a good handshake.
    const int exponent = std::min(attempts_ + 2 * misbehaviours_, 16);
    const qint64 ceiling = std::min<qint64>(options_.backoffMaxMs, qint64(options_.backoffInitialMs) << exponent);
    const double jitter = 0.5 + 0.5 * QRandomGenerator::global()->generateDouble();
    reconnectTimer_.start(static_cast<int>(std::max<qint64>(50, static_cast<qint64>(ceiling * jitter))));
    ++attempts_;
}

}  // namespace fleetdeck

#include "moc_host_session.cpp"
