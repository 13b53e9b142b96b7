#pragma once

#include <memory>
#include <optional>

#include <QByteArray>
#include <QElapsedTimer>
#include <QTimer>

#include "app/transport.h"

namespace fleetdeck {

// Wraps the transport of a privileged agent started through sudo (any transport: local pipe or
// SSH exec channel). It sends the sudo password as the first line when there is one, then waits
// for the agent's ready event (--announce) before it reports opened(): until then whatever is
// written goes to sudo, not to the agent. sudo's refusals on stderr become AuthFailed with a
// sentence that says what to do. The password is this transport's own buffer (SecretBytes): it
// goes to the inner transport with sendSecretLine() and is wiped in place right after; it is
// never logged.
class PrivilegedTransport : public Transport {
    Q_OBJECT
public:
    PrivilegedTransport(std::unique_ptr<Transport> inner, QString host, SecretBytes password, QObject* parent = nullptr);
    ~PrivilegedTransport() override;

    void open() override;
    void sendLine(const QByteArray& line) override;
    void close() override;
    QString describe() const override;

    // The login is root already: nothing waits for sudo, and a failure never blames it.
    void setThroughSudo(bool throughSudo) { throughSudo_ = throughSudo; }

    // How long a start may go without a sign of life (login accepted, the agent started, output
    // before the ready line) before it fails. FLEETDECK_PUSH_START_TIMEOUT_MS overrides it.
    static constexpr int kReadyTimeoutMs = 30000;
    static int startTimeoutMs();

private:
    // Where the start is, for the progress shown and the reason given when it stalls.
    enum class Stage { Connecting, LoginShell, AgentStarting, Ready };

    void onStage(OpenStage stage);
    void stillAlive();
    void onStalled();
    void reportWaiting();

    void onInnerOpened();
    void onInnerBytes(const QByteArray& bytes);
    void onInnerClosed(const Problem& problem);
    void onDiagnostic(const QString& text, fleetdeck::DiagnosticArea area);
    void tell(const QString& text);
    void fail(Problem problem);
    void wipePassword();

    std::unique_ptr<Transport> inner_;
    QString host_;
    SecretBytes password_;
    QByteArray pending_;  // bytes before the ready line
    bool ready_ = false;
    bool failed_ = false;
    std::optional<Problem> sudoProblem_;
    QTimer readyTimer_;
    QTimer waitingTicker_;
    QElapsedTimer sinceOpen_;
    Stage stage_ = Stage::Connecting;
    bool throughSudo_ = true;
};

}  // namespace fleetdeck
