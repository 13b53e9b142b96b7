#include "ui/commission/background_run.h"

namespace fleetdeck::commission {

BackgroundCommissionRun::BackgroundCommissionRun(CommissionRun::Options options, QObject* parent) : QObject(parent) {
    registerCommissionMetaTypes();
    qRegisterMetaType<std::optional<HostResult>>();
    thread_.setObjectName(QStringLiteral("commission run"));
    run_ = new CommissionRun(std::move(options));
    run_->moveToThread(&thread_);
    connect(&thread_, &QThread::finished, run_, &QObject::deleteLater);
    // Signal to signal, queued: the run's thread never touches a widget.
    connect(run_, &CommissionRun::phaseChanged, this, &BackgroundCommissionRun::phaseChanged, Qt::QueuedConnection);
    connect(run_, &CommissionRun::hostObserved, this, &BackgroundCommissionRun::hostObserved, Qt::QueuedConnection);
    connect(run_, &CommissionRun::burnInProgress, this, &BackgroundCommissionRun::burnInProgress, Qt::QueuedConnection);
    connect(run_, &CommissionRun::burnInPoint, this, &BackgroundCommissionRun::burnInPoint, Qt::QueuedConnection);
    connect(run_, &CommissionRun::loadFinished, this, &BackgroundCommissionRun::loadFinished, Qt::QueuedConnection);
    // The error and the golden host are read on the run's own thread, as it finishes, and travel
    // with the result. Direct, with this object as the context: the destructor's disconnect ends it.
    CommissionRun* run = run_;
    connect(run_, &CommissionRun::finished, this, [this, run](const CommissionResult& result) {
        const QString error = run->error();
        const std::optional<HostResult> golden = run->golden();
        QMetaObject::invokeMethod(this, [this, result, error, golden] {
            running_ = false;
            emit finished(result, error, golden);
        }, Qt::QueuedConnection);
    }, Qt::DirectConnection);
    thread_.start();
}

BackgroundCommissionRun::~BackgroundCommissionRun() {
    // Nothing more reaches this object; the run's destructor (on its thread, as the thread ends)
    // stops what still runs.
    disconnect(run_, nullptr, this, nullptr);
    run_->cancel();
    thread_.quit();
    thread_.wait();
}

void BackgroundCommissionRun::start() {
    if (running_) return;
    running_ = true;
    QMetaObject::invokeMethod(run_, &CommissionRun::start, Qt::QueuedConnection);
}

void BackgroundCommissionRun::cancel() { run_->cancel(); }

}  // namespace fleetdeck::commission

#include "moc_background_run.cpp"
