#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string_view>
#include <type_traits>

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include "agent/json/json.h"

#include "agent/protocol/errors.h"
#include "agent/protocol/framing.h"
#include "agent/protocol/hello.h"
#include "agent/protocol/methods.h"
#include "agent/protocol/sample.h"
#include "app/problem.h"
#include "app/shown_text.h"
#include "app/transport.h"
#include "app/untrusted/agent_input.h"
#include "app/untrusted/agent_replies.h"

namespace fleetdeck {

using Json = nlohmann::json;

// What the user sees as a host's state. Each has a reason in words (HostSession::reason(), in
// English; shownReason(), in the user's language).
enum class HostState {
    Idle,            // not started
    Connecting,      // transport opening or handshake running
    Connected,       // handshake done, answering
    Stale,           // connected, but nothing heard for a while
    Offline,         // down; retrying with backoff
    AuthFailed,      // credentials refused; waits for the user
    HostKeyUnknown,  // waits for the user to accept the key
    HostKeyChanged,  // refused; waits for the user to fix known_hosts
    Incompatible,    // the agent speaks a newer protocol
    Misbehaving,     // the agent broke the protocol (oversized, malformed or flooding); retrying with backoff
};
QString toString(HostState state);
// The state in the user's language, for views (toString() stays the same in every language).
QString stateText(HostState state);

// Whether a connection attempt ended in `state` without a working session: down, refused, waiting
// for the user, or an agent that cannot be spoken to. A session without reconnect (the command
// line, a commissioning run) gets nothing more after it.
bool endsConnectAttempt(HostState state);

// The session's own sentences, in English and the user's language (context fleetdeck::HostSession).
struct HostSessionContext {
    static constexpr const char* name = "fleetdeck::HostSession";
};
using SessionText = BasicShownText<HostSessionContext>;

// The outcome of one request: a result, or an error with a code from the closed list.
struct Reply {
    Json result;
    std::optional<protocol::Error> error;
    bool ok() const { return !error.has_value(); }
};

// What the agent said about itself in the handshake.
using AgentHello = protocol::Hello;

// One host's conversation with its agent: runs the handshake, correlates requests with responses,
// dispatches events, watches for silence, and reconnects with exponential backoff and jitter.
// Lives on one thread (the fleet thread or, in the CLI, the main thread); not thread-safe.
class HostSession : public QObject {
    Q_OBJECT
public:
    using Callback = std::function<void(const Reply&)>;
    using TransportFactory = std::function<std::unique_ptr<Transport>()>;

    struct Options {
        int requestTimeoutMs = 30000;
        int helloTimeoutMs = 15000;
        int staleAfterMs = 5000;  // no line from the agent for this long → Stale
        int backoffInitialMs = 1000;
        int backoffMaxMs = 60000;
        bool reconnect = true;
        AgentInputLimits limits;  // what this host's agent is held to (app/untrusted/agent_input.h)
    };

    HostSession(QString name, TransportFactory factory, Options options, QObject* parent = nullptr);
    HostSession(QString name, TransportFactory factory, QObject* parent = nullptr)
        : HostSession(std::move(name), std::move(factory), Options{}, parent) {}
    ~HostSession() override;

    const QString& name() const { return name_; }
    HostState state() const { return state_; }
    // Why the host is in its state: in English, as `--json`, the audit log and the history store
    // keep it (the same bytes in every language), and in the user's language, for views.
    const QString& reason() const { return reason_; }
    const QString& shownReason() const { return shownReason_; }
    const AgentHello& hello() const { return hello_; }
    int reconnectAttempts() const { return attempts_; }
    // This host's recent diagnostics (diagnosticBufferFor(name())), for a Connection log.
    const std::shared_ptr<DiagnosticBuffer>& diagnostics() const { return diagnostics_; }

    // Takes every sample after sampleReceived, moved in: the one owner that keeps it (the fleet
    // monitor's store) without a copy of each sample. At most one.
    using SampleSink = std::function<void(protocol::Sample&&)>;
    void setSampleSink(SampleSink sink) { sampleSink_ = std::move(sink); }

    void start();
    void stop();

    // Calls method M of agent/protocol/methods.h (protocol::methods::TuneApply, ...) once connected:
    // its params encoded by their to_json, its answer decoded into M::Result once, as it arrives
    // (a result that does not decode breaks the protocol: this host is disconnected and the
    // callback gets the problem). The callback runs exactly once: the value, or the agent's error,
    // a timeout or the lost connection as a Problem. This is how the app asks an agent anything.
    template <class M>
    void call(const typename M::Params& params, std::function<void(const Result<typename M::Result>&)> callback,
              int timeoutMs = -1) {
        request<typename M::Result>(methodName<M>(), protocol::to_json(params), std::move(callback), timeoutMs);
    }
    // The same, with the answer kept as the agent wrote it once it decoded into M::Result: for the
    // command line's JSON output, which prints what the agent said.
    template <class M>
    void callForJson(const typename M::Params& params, std::function<void(const Result<Json>&)> callback, int timeoutMs = -1) {
        request<Json>(methodName<M>(), protocol::to_json(params), std::move(callback), timeoutMs);
    }
    // Whether this host's agent announced M in hello (an older agent answers method_not_found).
    template <class M>
    bool serves() const {
        return hello_.serves(std::string(M::capability));
    }
    template <class M>
    static QString methodName() {
        return QString::fromLatin1(M::name.data(), static_cast<qsizetype>(M::name.size()));
    }

    // The requests under call<M>, by the method's name and its params as JSON: the raw protocol, for
    // tests that send what no method declaration would. The app calls through call<M>.
    // Sends a request once connected; the callback runs exactly once (result, agent error,
    // timeout, or `unavailable` if the connection drops first).
    // The result arrives as JSON that passed checkReply(); for methods whose result has a type,
    // ask for the type below instead.
    void request(const QString& method, const Json& params, Callback callback, int timeoutMs = -1);
    // The same, with the result decoded into T (decodeResult in app/untrusted/agent_replies.h:
    // protocol::Facts, ProbeResult, TuneReadResult, TuneResult, JournalPage, Sample). The decode is the
    // shape check, run once as the answer arrives; a result that does not decode breaks the
    // protocol (this host is disconnected and the callback gets the problem). Otherwise the
    // callback gets the value, or the agent's error, a timeout or the lost connection as a Problem.
    template <class T>
    void request(const QString& method, const Json& params, std::function<void(const Result<T>&)> callback, int timeoutMs = -1) {
        auto decoded = std::make_shared<std::optional<T>>();
        const ReadResult read = [decoded, method = method.toStdString(), limits = options_.limits](const Json& result) {
            decoded->emplace(decodeResult<T>(method, result, limits));
        };
        requestRead(method, params, read, [decoded, callback = std::move(callback)](const Reply& reply) {
            if (!reply.ok()) callback(problemFrom(*reply.error));
            else callback(std::move(decoded->value()));  // read (or readLine) ran when the answer arrived
        }, timeoutMs, lineReader(decoded));
    }

signals:
    // `reason` in English; shownReason() has it in the user's language.
    void stateChanged(fleetdeck::HostState state, const QString& reason);
    void ready();  // handshake completed (after each reconnect too)
    // A sample, decoded and checked (agent/protocol/sample.h); sample events come only this way.
    void sampleReceived(const fleetdeck::protocol::Sample& sample);
    // The agent's `ready` event (agent/protocol/ready.h), decoded once within the caps: what a
    // privileged agent rolled back when it started.
    void readyEventReceived(const fleetdeck::protocol::ReadyEvent& ready);
    // Every other event, its data within the caps.
    void eventReceived(const QString& name, const nlohmann::json& data);
    // What the connection did, step by step (app/diagnostics.h): the transport's connect steps and
    // the agent's stderr, and this session's own states and protocol complaints. Each is also kept
    // in the host's ring buffer (diagnostics()).
    void diagnostic(const QString& text, fleetdeck::DiagnosticArea area = fleetdeck::DiagnosticArea::Session);
    // The transport's word on a slow open ("waiting for the login shell on gpu-01 (12 s)").
    void waiting(const QString& what);

private:
    // Reads a result as it arrives, before the callback: the shape check (and the decode of a
    // typed request). Throws protocol::DecodeError naming what broke.
    using ReadResult = std::function<void(const Json& result)>;
    // Reads a whole answer line straight from its text, for a type with such a reader: true when
    // `line` answers request `id` and was read as read() would read its result, within the same
    // caps. Any other line is left to the tree, which says what broke.
    using ReadLine = std::function<bool(std::string_view line, std::int64_t id)>;
    struct Pending {
        Callback callback;
        QTimer* timer = nullptr;
        std::string method;
        ReadResult read;
        ReadLine readLine;  // empty: the answer is read through the tree
    };

    void requestRead(const QString& method, const Json& params, ReadResult read, Callback callback, int timeoutMs,
                     ReadLine readLine = {});
    // The probe's answer, some 32 KB a host a round at 1,000 hosts, is read straight from its text
    // (readProbeReply): building and freeing its tree was most of a round's cost
    // (docs/BENCHMARKS.md). Other types are read through the tree.
    template <class T>
    ReadLine lineReader(const std::shared_ptr<std::optional<T>>& decoded) const {
        if constexpr (std::is_same_v<T, protocol::ProbeResult>) {
            return [decoded, limits = options_.limits](std::string_view line, std::int64_t id) {
                std::optional<protocol::ProbeReply> reply = readProbeReply(line, limits);
                if (!reply || reply->id != id) return false;
                decoded->emplace(std::move(reply->result));
                return true;
            };
        } else {
            return {};
        }
    }
    std::optional<std::int64_t> readAnswerLine(std::string_view line);
    void answer(std::int64_t id, Reply reply);

    void openTransport();
    void onOpened();
    void onBytes(const QByteArray& bytes);
    void onClosed(const Problem& problem);
    void handleLine(const std::string& line);
    void send(std::int64_t id, const QString& method, const Json& params);
    void finish(std::int64_t id, const Reply& reply);
    void failAllPending(const QString& why);
    void setState(HostState state, const SessionText& reason);
    void scheduleReconnect();
    void onHello(const Reply& reply);
    void onSample(const Json& data);
    void deliverSample(protocol::Sample&& sample);
    void onReadyEvent(const Json& data);
    // Untrusted input (app/untrusted): each returns false after reporting a violation.
    bool checkLineLength(const QByteArray& bytes);
    bool checkUnsolicited();
    bool checkResponse(std::int64_t id, const Json& result, bool isError);
    bool checkEvent(const QString& name, const Json& data);
    void slip(const SessionText& what);
    void reportViolation(const SessionText& what);
    // One of this session's own diagnostics: logged, kept and emitted.
    void note(const QString& text);

    QString name_;
    TransportFactory factory_;
    Options options_;
    std::unique_ptr<Transport> transport_;
    protocol::LineFramer framer_;
    HostState state_ = HostState::Idle;
    QString reason_, shownReason_;
    std::optional<SessionText> closeReason_;  // why we closed the transport ourselves, for the state shown after
    AgentHello hello_;
    std::int64_t nextId_ = 1;
    std::map<std::int64_t, Pending> pending_;
    // Requests made before the handshake finished, sent once it does.
    std::vector<std::function<void()>> queued_;
    QTimer reconnectTimer_;
    // Fires staleAfterMs after the agent was last heard: it is started when the handshake ends and
    // re-armed for what is left when it fires early, not restarted for every line (at a thousand
    // hosts those restarts were the fleet thread's timer list, a tenth of its CPU).
    QTimer staleTimer_;
    QElapsedTimer heard_;  // since the agent's last bytes
    void armStaleTimer();
    void onStaleTimer();
    int attempts_ = 0;
    bool running_ = false;
    bool handshakeDone_ = false;
    // The NVLink lists read on this connection: samples of a subscription with
    // nvlinks_when_changed carry only the lists that changed.
    protocol::NvlinkMemory nvlinks_;
    // Per connection: bytes since the last newline, protocol slips, the unsolicited-message
    // budget, and the violation that is closing the transport (nothing more is read after it).
    std::size_t bytesSinceNewline_ = 0;
    int slips_ = 0;
    UnsolicitedRate unsolicited_{options_.limits};
    QElapsedTimer clock_;
    std::optional<SessionText> violation_;
    int misbehaviours_ = 0;
    SampleSink sampleSink_;
    std::shared_ptr<DiagnosticBuffer> diagnostics_;  // over the session's life: lengthens the backoff for a host that keeps at it
};

}  // namespace fleetdeck

Q_DECLARE_METATYPE(fleetdeck::HostState)
Q_DECLARE_METATYPE(nlohmann::json)
Q_DECLARE_METATYPE(fleetdeck::protocol::Sample)
