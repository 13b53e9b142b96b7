#include "app/fleet_thread.h"

namespace fleetdeck {

FleetThread::FleetThread(FleetMonitor::TransportMaker transports, int sampleIntervalMs)
    : monitor_(new FleetMonitor(store_, std::move(transports), sampleIntervalMs)) {
    thread_.setObjectName(QStringLiteral("fleet"));
    monitor_->moveToThread(&thread_);
    QObject::connect(&thread_, &QThread::finished, monitor_, &QObject::deleteLater);
    thread_.start();
}

FleetThread::~FleetThread() {
    monitor_->stopAllAsync();
    thread_.quit();
    thread_.wait();
}

}  // namespace fleetdeck
