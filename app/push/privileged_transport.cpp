#include "app/push/privileged_transport.h"

#include <nlohmann/json.hpp>

namespace fleetdeck {

PrivilegedTransport::PrivilegedTransport(std::unique_ptr<Transport> inner, QString host, QByteArray password,
                                         QObject* parent)
    : Transport(parent), inner_(std::move(inner)), host_(std::move(host)), password_(std::move(password)) {
    readyTimer_.setSingleShot(true);
    connect(&readyTimer_, &QTimer::timeout, this, [this] {
        fail({TransportProblem::Kind::AgentUnavailable,
              tr("the privileged agent on %1 did not start within %2 s (sudo waiting for something?)")
                  .arg(host_).arg(kReadyTimeoutMs / 1000)});
    });
    connect(inner_.get(), &Transport::opened, this, &PrivilegedTransport::onInnerOpened);
    connect(inner_.get(), &Transport::bytesReceived, this, &PrivilegedTransport::onInnerBytes);
    connect(inner_.get(), &Transport::closed, this, &PrivilegedTransport::onInnerClosed);
    connect(inner_.get(), &Transport::diagnostic, this, &PrivilegedTransport::onDiagnostic);
}

PrivilegedTransport::~PrivilegedTransport() { wipePassword(); }

void PrivilegedTransport::wipePassword() {
    password_.fill('\0');
    password_.clear();
}

QString PrivilegedTransport::describe() const { return tr("privileged agent via %1").arg(inner_->describe()); }

void PrivilegedTransport::open() {
    ready_ = false;
    failed_ = false;
    pending_.clear();
    readyTimer_.start(kReadyTimeoutMs);
    inner_->open();
}

void PrivilegedTransport::onInnerOpened() {
    if (!password_.isEmpty()) {
        inner_->sendLine(password_);
        wipePassword();
    }
}

void PrivilegedTransport::onInnerBytes(const QByteArray& bytes) {
    if (ready_) {
        emit bytesReceived(bytes);
        return;
    }
    pending_ += bytes;
    const int nl = pending_.indexOf('\n');
    if (nl < 0) return;
    const auto first = nlohmann::json::parse(pending_.left(nl).toStdString(), nullptr, false);
    // Compared, never converted: a first line whose "event" is not the string "ready" (a number,
    // a list) is no announcement, and must not throw here.
    const auto event = first.is_object() ? first.find("event") : first.end();
    if (!first.is_object() || event == first.end() || *event != "ready") {
        fail({TransportProblem::Kind::AgentUnavailable,
              tr("the privileged agent on %1 did not announce itself: is it an older agent?").arg(host_)});
        return;
    }
    ready_ = true;
    readyTimer_.stop();
    // The ready event goes up too: the session passes it on, with what the agent recovered.
    const QByteArray all = pending_;
    pending_.clear();
    emit opened();
    emit bytesReceived(all);
}

// sudo's own words, mapped to what the operator should do.
void PrivilegedTransport::onDiagnostic(const QString& text) {
    emit diagnostic(text);
    if (ready_) return;
    using Kind = TransportProblem::Kind;
    if (text.contains(QLatin1String("a password is required")))
        sudoProblem_ = {Kind::AuthFailed, tr("sudo needs a password on %1: enter it, or allow fleetdeck-agent in "
                                             "sudoers (NOPASSWD)").arg(host_)};
    else if (text.contains(QLatin1String("Sorry, try again")) || text.contains(QLatin1String("incorrect password")))
        sudoProblem_ = {Kind::AuthFailed, tr("sudo on %1 refused the password").arg(host_)};
    else if (text.contains(QLatin1String("not in the sudoers")) || text.contains(QLatin1String("not allowed to execute")))
        sudoProblem_ = {Kind::AuthFailed, tr("this login may not run the agent through sudo on %1: ask for a sudoers "
                                             "entry, or log in as root").arg(host_)};
    else if (text.contains(QLatin1String("sudo: command not found")) || text.contains(QLatin1String("sudo: not found")))
        sudoProblem_ = {Kind::AgentUnavailable, tr("sudo is not installed on %1: log in as root for a push").arg(host_)};
    // A refused password makes sudo ask again on stdin; nothing more will come, so stop it now.
    if (sudoProblem_ && text.contains(QLatin1String("Sorry, try again"))) fail(*sudoProblem_);
}

void PrivilegedTransport::onInnerClosed(const TransportProblem& problem) {
    readyTimer_.stop();
    wipePassword();
    if (failed_) return;
    failed_ = true;
    if (!ready_ && sudoProblem_) {
        emit closed(*sudoProblem_);
        return;
    }
    emit closed(problem);
}

void PrivilegedTransport::fail(TransportProblem problem) {
    if (failed_) return;
    failed_ = true;
    readyTimer_.stop();
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
    wipePassword();
    inner_->close();
}

}  // namespace fleetdeck
