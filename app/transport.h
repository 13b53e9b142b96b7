#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>

#include "app/diagnostics.h"
#include "app/problem.h"
#include "app/secret_bytes.h"

namespace fleetdeck {

// Why a transport could not be opened or stopped working is a Problem (app/problem.h): the host
// list shows its code as the host's state and its message as the reason, so messages say what
// happened and what to do. The codes a transport uses: ConnectFailed (refused, unreachable, timed
// out), AuthFailed (no accepted key, wrong password), HostKeyUnknown (needs the user's decision),
// HostKeyChanged (refused), AgentUnavailable (could not install or start the agent), Unavailable
// (the agent process ended, or the link dropped after it was up) and ProtocolViolation (what the
// agent sent before the session began breaks the protocol).

// What closed() carries after a requested close(): the link is down and nothing went wrong.
inline Problem closedOnRequest() { return Problem{ProblemCode::Unavailable, {}}; }

// How far an opening transport got before opened(). Each stage is a sign of life: a caller that
// bounds how long a start may take counts from the last one, not from open().
enum class OpenStage {
    LoggedIn,  // SSH: the server accepted the login; its login shell now runs the start script
    Progress,  // SSH: the start is still moving: the login shell printed something, a script answered, an upload went on
};

// A byte pipe to one agent: a local process or an SSH exec channel. The session above frames,
// parses and correlates; it cannot tell which transport it has. Transports are asynchronous:
// open() returns at once and the outcome arrives as opened() or closed().
class Transport : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    ~Transport() override = default;

    virtual void open() = 0;
    // One protocol line; the transport adds the newline.
    virtual void sendLine(const QByteArray& line) = 0;
    // A line that holds a secret (the sudo password), sent before any other line. A transport
    // that buffers writes keeps no copy of it that it does not wipe; this default hands the
    // caller's bytes to sendLine() without a copy of its own.
    virtual void sendSecretLine(const SecretBytes& secret) {
        sendLine(QByteArray::fromRawData(secret.data(), static_cast<qsizetype>(secret.size())));
    }
    // Ends the agent and the link. closed() follows unless already closed.
    virtual void close() = 0;
    // "local process", "ssh gpu-01:22" — for logs and tooltips.
    virtual QString describe() const = 0;

signals:
    void opened();
    void bytesReceived(const QByteArray& bytes);
    // The transport is down (never opened, or lost); closedOnRequest() after a requested close().
    void closed(const fleetdeck::Problem& problem);
    // A step of the connect (`area` Ssh: the host key, a login method, where the agent came
    // from; logged to its category where it happened, app/diagnostics.h) or a line the agent wrote
    // to its stderr (Agent; the host session logs it under the host's name), for the diagnostics.
    void diagnostic(const QString& text, fleetdeck::DiagnosticArea area = fleetdeck::DiagnosticArea::Agent);
    // Opening got this far (see OpenStage); not every transport has stages.
    void stageReached(fleetdeck::OpenStage stage);
    // While a slow open goes on: what it waits for, in words ("waiting for the login shell on
    // gpu-01 (12 s)"), repeated as the seconds pass.
    void waiting(const QString& what);
};

}  // namespace fleetdeck

Q_DECLARE_METATYPE(fleetdeck::OpenStage)
