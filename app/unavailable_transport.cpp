#include "app/unavailable_transport.h"

#include <QTimer>

namespace fleetdeck {
namespace {

// Stands in for hosts whose transport this build cannot provide; fails on open with the reason.
class UnavailableTransport : public Transport {
public:
    explicit UnavailableTransport(QString why) : why_(std::move(why)) {}
    void open() override {
        QTimer::singleShot(0, this, [this] { emit closed({ProblemCode::ConnectFailed, why_}); });
    }
    void sendLine(const QByteArray&) override {}
    void close() override {}
    QString describe() const override { return why_; }

private:
    QString why_;
};

}  // namespace

std::unique_ptr<Transport> makeUnavailableTransport(const QString& why) {
    return std::make_unique<UnavailableTransport>(why);
}

}  // namespace fleetdeck
