#include "app/local_transport.h"

#include <QFileInfo>

#include "app/shown_text.h"

namespace fleetdeck {
namespace {

struct LocalTransportContext {
    static constexpr const char* name = "fleetdeck::LocalTransport";
};
using LocalText = BasicShownText<LocalTransportContext>;

Problem localProblem(ProblemCode code, const LocalText& text) { return {code, text.english(), text.shown()}; }

}  // namespace

LocalTransport::LocalTransport(QString agentPath, QStringList arguments, QObject* parent)
    : Transport(parent), agentPath_(std::move(agentPath)), arguments_(std::move(arguments)) {}

LocalTransport::~LocalTransport() {
    if (process_) {
        process_->disconnect(this);
        process_->kill();
        process_->waitForFinished(1000);
    }
}

std::unique_ptr<LocalTransport> LocalTransport::command(const QStringList& argv, QObject* parent) {
    auto t = std::make_unique<LocalTransport>(argv.value(0), argv.mid(1), parent);
    t->addStdio_ = false;
    return t;
}

QString LocalTransport::describe() const { return QStringLiteral("local agent %1").arg(agentPath_); }

void LocalTransport::open() {
    if (process_) return;
    closing_ = false;
    stderrTail_.clear();
    if (addStdio_ && !QFileInfo(agentPath_).isExecutable()) {
        emit closed(localProblem(ProblemCode::AgentUnavailable,
                              std::move(LocalText(QT_TR_NOOP("agent not found at %1: reinstall FleetDeck or set FLEETDECK_AGENT")).arg(agentPath_))));
        return;
    }
    process_ = new QProcess(this);
    process_->setProgram(agentPath_);
    process_->setArguments(addStdio_ ? QStringList{QStringLiteral("--stdio")} + arguments_ : arguments_);
    connect(process_, &QProcess::started, this, &Transport::opened);
    connect(process_, &QProcess::readyReadStandardOutput, this,
            [this] { emit bytesReceived(process_->readAllStandardOutput()); });
    connect(process_, &QProcess::readyReadStandardError, this, [this] {
        const QByteArray text = process_->readAllStandardError();
        stderrTail_ = (stderrTail_ + text).right(2048);
        for (const QByteArray& line : text.split('\n'))
            if (!line.trimmed().isEmpty()) emit diagnostic(QString::fromUtf8(line.trimmed()));
    });
    connect(process_, &QProcess::finished, this, &LocalTransport::onFinished);
    connect(process_, &QProcess::errorOccurred, this, &LocalTransport::onErrorOccurred);
    process_->start();
}

void LocalTransport::sendLine(const QByteArray& line) {
    if (!process_ || process_->state() != QProcess::Running) return;
    process_->write(line + '\n');
}

// Without `line + '\n'`: no temporary copy. QProcess still buffers what the pipe has not taken yet.
void LocalTransport::sendSecretLine(const SecretBytes& secret) {
    if (!process_ || process_->state() != QProcess::Running) return;
    process_->write(secret.data(), static_cast<qint64>(secret.size()));
    process_->write("\n", 1);
}

void LocalTransport::close() {
    if (!process_) return;
    closing_ = true;
    process_->closeWriteChannel();  // the agent exits cleanly at end of input
    if (!process_->waitForFinished(500)) process_->kill();
}

void LocalTransport::onFinished(int exitCode, QProcess::ExitStatus status) {
    QProcess* finished = process_;
    process_ = nullptr;
    if (finished) finished->deleteLater();
    if (closing_) {
        emit closed(closedOnRequest());
        return;
    }
    const QString tail = QString::fromUtf8(stderrTail_).trimmed().section(QLatin1Char('\n'), -1);
    const LocalText how = status == QProcess::CrashExit ? LocalText(QT_TR_NOOP("the agent crashed"))
                                                        : std::move(LocalText(QT_TR_NOOP("the agent exited with status %1")).arg(exitCode));
    // What the agent said last is its own text: the same in every language.
    emit closed(localProblem(ProblemCode::Unavailable, tail.isEmpty() ? how : how + LocalText::same(QStringLiteral(": ") + tail)));
}

void LocalTransport::onErrorOccurred(QProcess::ProcessError error) {
    if (error != QProcess::FailedToStart) return;  // crashes arrive through finished()
    QProcess* failed = process_;
    process_ = nullptr;
    const QString reason = failed ? failed->errorString() : QString();
    if (failed) failed->deleteLater();
    emit closed(localProblem(ProblemCode::AgentUnavailable, std::move(LocalText(QT_TR_NOOP("could not start the agent: %1")).arg(reason))));
}

}  // namespace fleetdeck

#include "moc_local_transport.cpp"
