#include "app/push/privileged_transport.h"

#include "agent/json/json.h"

#include "app/push/privileged_agent_command.h"

namespace fleetdeck {

PrivilegedTransport::PrivilegedTransport(std::unique_ptr<Transport> inner, QString host, SecretBytes password,
                                         QObject* parent)
    : Transport(parent), inner_(std::move(inner)), host_(std::move(host)), password_(std::move(password)) {
    readyTimer_.setSingleShot(true);
    connect(&readyTimer_, &QTimer::timeout, this, &PrivilegedTransport::onStalled);
    waitingTicker_.setInterval(1000);
    connect(&waitingTicker_, &QTimer::timeout, this, &PrivilegedTransport::reportWaiting);
    connect(inner_.get(), &Transport::opened, this, &PrivilegedTransport::onInnerOpened);
    connect(inner_.get(), &Transport::stageReached, this, &PrivilegedTransport::onStage);
    connect(inner_.get(), &Transport::bytesReceived, this, &PrivilegedTransport::onInnerBytes);
    connect(inner_.get(), &Transport::closed, this, &PrivilegedTransport::onInnerClosed);
    connect(inner_.get(), &Transport::diagnostic, this, &PrivilegedTransport::onDiagnostic);
}

PrivilegedTransport::~PrivilegedTransport() { wipePassword(); }

int PrivilegedTransport::startTimeoutMs() {
    bool ok = false;
    const int ms = qEnvironmentVariableIntValue("FLEETDECK_PUSH_START_TIMEOUT_MS", &ok);
    return ok && ms > 0 ? ms : kReadyTimeoutMs;
}

// A sign of life: the start is progressing, so its time counts again from now.
void PrivilegedTransport::stillAlive() {
    if (!ready_ && !failed_) readyTimer_.start(startTimeoutMs());
}

void PrivilegedTransport::onStage(OpenStage stage) {
    if (stage == OpenStage::LoggedIn && stage_ == Stage::Connecting) stage_ = Stage::LoginShell;
    stillAlive();
}

// What the start waits for, once it has taken long enough for someone to wonder (2 s).
void PrivilegedTransport::reportWaiting() {
    const qint64 s = (sinceOpen_.elapsed() + 500) / 1000;  // the ticker is a coarse timer: it may fire early
    if (ready_ || failed_ || s < 2) return;
    switch (stage_) {
    case Stage::Connecting: emit waiting(tr("connecting to %1 (%2 s)").arg(host_).arg(s)); break;
    case Stage::LoginShell: emit waiting(tr("waiting for the login shell on %1 (%2 s)").arg(host_).arg(s)); break;
    case Stage::AgentStarting:
        emit waiting(throughSudo_ ? tr("waiting for sudo on %1 (%2 s)").arg(host_).arg(s)
                                  : tr("waiting for the agent on %1 to announce itself (%2 s)").arg(host_).arg(s));
        break;
    case Stage::Ready: break;
    }
}

// No sign of life for startTimeoutMs(): the reason names the step that stalled.
void PrivilegedTransport::onStalled() {
    const int s = startTimeoutMs() / 1000;
    using Code = ProblemCode;
    switch (stage_) {
    case Stage::Connecting:
        fail({Code::ConnectFailed, tr("could not log in to %1: no progress for %2 s; check that the server is up and "
                                      "not overloaded").arg(host_).arg(s)});
        return;
    case Stage::LoginShell:
        fail({Code::AgentUnavailable, tr("the login shell on %1 did not start the agent: nothing for %2 s after the login; "
                                         "its startup files (~/.bashrc: conda or pyenv init?) are slow or wait for input, so "
                                         "make them return early for non-interactive shells").arg(host_).arg(s)});
        return;
    case Stage::AgentStarting:
    case Stage::Ready:
        if (sudoProblem_) fail(*sudoProblem_);
        else if (throughSudo_)
            fail({Code::AgentUnavailable, tr("sudo on %1 did not start the agent within %2 s: it waits for something (a "
                                             "password, a PAM prompt); enter the password, or install the fleetdeck-agent "
                                             "package there and add the sudoers rule \"%3\" (LOGIN: your login there)")
                                              .arg(host_).arg(s).arg(PrivilegedAgentCommand::sudoersRule(QStringLiteral("LOGIN")))});
        else
            fail({Code::AgentUnavailable, tr("the agent on %1 started but did not announce itself within %2 s: the server "
                                             "may be overloaded; try again, or with fewer hosts at once (--parallel)")
                                              .arg(host_).arg(s)});
        return;
    }
}

void PrivilegedTransport::wipePassword() { password_.wipe(); }

QString PrivilegedTransport::describe() const { return tr("privileged agent via %1").arg(inner_->describe()); }

void PrivilegedTransport::open() {
    ready_ = false;
    failed_ = false;
    pending_.clear();
    stage_ = Stage::Connecting;
    sinceOpen_.start();
    readyTimer_.start(startTimeoutMs());
    waitingTicker_.start();
    inner_->open();
}

// A step of the privileged start, for the host's diagnostics (fleetdeck.push).
void PrivilegedTransport::tell(const QString& text) {
    logDiagnostic(DiagnosticArea::Push, host_, text);
    emit diagnostic(text, DiagnosticArea::Push);
}

void PrivilegedTransport::onInnerOpened() {
    stage_ = Stage::AgentStarting;
    tell(throughSudo_ ? (password_.empty() ? tr("starting the privileged agent through sudo -n (no password)")
                                           : tr("starting the privileged agent through sudo; the password goes to sudo on stdin (never logged)"))
                      : tr("starting the privileged agent (logged in as root)"));
    stillAlive();
    if (!password_.empty()) {
        inner_->sendSecretLine(password_);
        wipePassword();
    }
}

void PrivilegedTransport::onInnerBytes(const QByteArray& bytes) {
    if (ready_) {
        emit bytesReceived(bytes);
        return;
    }
    pending_ += bytes;
    stillAlive();
    const int nl = pending_.indexOf('\n');
    if (nl < 0) return;
    const auto first = nlohmann::json::parse(pending_.left(nl).toStdString(), nullptr, false);
    // Compared, never converted: a first line whose "event" is not the string "ready" (a number,
    // a list) is no announcement, and must not throw here.
    const auto event = first.is_object() ? first.find("event") : first.end();
    if (!first.is_object() || event == first.end() || *event != "ready") {
        fail({ProblemCode::ProtocolViolation,
              tr("the privileged agent on %1 did not announce itself: its first line is not a ready event (an older "
                 "agent, or something else writing to its output); redeploy FleetDeck's agent there").arg(host_)});
        return;
    }
    ready_ = true;
    stage_ = Stage::Ready;
    tell(tr("the privileged agent announced itself"));
    readyTimer_.stop();
    waitingTicker_.stop();
    // The ready event goes up too: the session passes it on, with what the agent recovered.
    const QByteArray all = pending_;
    pending_.clear();
    emit opened();
    emit bytesReceived(all);
}

// sudo's own words, mapped to what the operator should do.
void PrivilegedTransport::onDiagnostic(const QString& text, DiagnosticArea area) {
    emit diagnostic(text, area);
    if (ready_) return;
    stillAlive();
    using Code = ProblemCode;
    const bool hadProblem = sudoProblem_.has_value();
    if (text.contains(QLatin1String("a password is required")))
        // The rule names the packaged agent: one for the uploaded file in ~/.cache, which the
        // login can replace, would let it run anything as root.
        sudoProblem_ = {Code::AuthFailed, tr("sudo needs a password on %1: enter it, or install the fleetdeck-agent "
                                             "package there and add the sudoers rule \"%2\" (LOGIN: your login there)")
                                              .arg(host_, PrivilegedAgentCommand::sudoersRule(QStringLiteral("LOGIN")))};
    else if (text.contains(QLatin1String("Sorry, try again")) || text.contains(QLatin1String("incorrect password")))
        sudoProblem_ = {Code::AuthFailed, tr("sudo on %1 refused the password").arg(host_)};
    else if (text.contains(QLatin1String("not in the sudoers")) || text.contains(QLatin1String("not allowed to execute")))
        sudoProblem_ = {Code::AuthFailed, tr("this login may not run the agent through sudo on %1: ask for a sudoers "
                                             "entry, or log in as root").arg(host_)};
    else if (text.contains(QLatin1String("sudo: command not found")) || text.contains(QLatin1String("sudo: not found")) ||
             text.contains(QLatin1String("sudo: No such file or directory")))
        sudoProblem_ = {Code::AgentUnavailable, tr("sudo is not installed on %1: log in as root for a push").arg(host_)};
    if (sudoProblem_ && !hadProblem) tell(sudoProblem_->message);
    // A refused password makes sudo ask again on stdin; nothing more will come, so stop it now.
    if (sudoProblem_ && text.contains(QLatin1String("Sorry, try again"))) fail(*sudoProblem_);
}

void PrivilegedTransport::onInnerClosed(const Problem& problem) {
    readyTimer_.stop();
    waitingTicker_.stop();
    wipePassword();
    if (failed_) return;
    failed_ = true;
    if (!ready_ && sudoProblem_) {
        emit closed(*sudoProblem_);
        return;
    }
    emit closed(problem);
}

void PrivilegedTransport::fail(Problem problem) {
    if (failed_) return;
    failed_ = true;
    readyTimer_.stop();
    waitingTicker_.stop();
    wipePassword();
    inner_->disconnect(this);
    inner_->close();
    emit closed(problem);
}

void PrivilegedTransport::sendLine(const QByteArray& line) {
    if (ready_) inner_->sendLine(line);
}

void PrivilegedTransport::close() {
    readyTimer_.stop();
    waitingTicker_.stop();
    wipePassword();
    inner_->close();
}

}  // namespace fleetdeck

#include "moc_privileged_transport.cpp"
