#pragma once

#include <memory>

#include <QProcess>
#include <QStringList>

#include "app/transport.h"

namespace fleetdeck {

// Runs the agent as a child process and talks to it over its stdin/stdout.
// "This machine" and the simulated demo hosts use it.
class LocalTransport : public Transport {
    Q_OBJECT
public:
    LocalTransport(QString agentPath, QStringList arguments, QObject* parent = nullptr);
    // A whole command line, run as given (no --stdio added): the push's privileged agent,
    // e.g. {"sudo", "-n", "--", agent, "--stdio", "--announce"} (app/push/privileged_agent_command.h).
    static std::unique_ptr<LocalTransport> command(const QStringList& argv, QObject* parent = nullptr);
    ~LocalTransport() override;

    void open() override;
    void sendLine(const QByteArray& line) override;
    void sendSecretLine(const SecretBytes& secret) override;
    void close() override;
    QString describe() const override;
    // The agent's process id while it runs, else 0 (tests kill it to simulate a crash).
    qint64 processId() const { return process_ ? process_->processId() : 0; }

private:
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onErrorOccurred(QProcess::ProcessError error);

    QString agentPath_;
    QStringList arguments_;
    QProcess* process_ = nullptr;
    bool closing_ = false;
    QByteArray stderrTail_;
    bool addStdio_ = true;
};

}  // namespace fleetdeck
