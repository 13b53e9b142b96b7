#include "app/transport_factory.h"

#include <QTimer>

#include "app/agent_locator.h"
#include "app/local_transport.h"
#include "app/ssh/ssh_transport.h"

namespace fleetdeck {
namespace {

// Stands in for hosts whose transport this build cannot provide; fails on open with the reason.
class UnavailableTransport : public Transport {
public:
    explicit UnavailableTransport(QString why) : why_(std::move(why)) {}
    void open() override {
        QTimer::singleShot(0, this, [this] { emit closed({TransportProblem::Kind::ConnectFailed, why_}); });
    }
    void sendLine(const QByteArray&) override {}
    void close() override {}
    QString describe() const override { return why_; }

private:
    QString why_;
};

}  // namespace

std::unique_ptr<Transport> makeTransport(const HostSpec& spec) {
    switch (spec.kind) {
    case HostSpec::Kind::Local:
        return std::make_unique<LocalTransport>(localAgentPath(), localAgentArguments(spec));
    case HostSpec::Kind::Simulated: {
        QStringList args{QStringLiteral("--simulate"), spec.simulateProfile};
        // The rack shapes the simulated host's probe answers (docs/protocol.md, "Simulated hosts").
        if (!spec.rack.isEmpty()) args << QStringLiteral("--sim-rack") << spec.rack;
        return std::make_unique<LocalTransport>(localAgentPath(), args);
    }
    case HostSpec::Kind::Ssh:
        return std::make_unique<ssh::SshTransport>(spec);
    }
    return std::make_unique<UnavailableTransport>(QStringLiteral("unknown host kind"));
}

std::unique_ptr<Transport> makeUnavailableTransport(const QString& why) {
    return std::make_unique<UnavailableTransport>(why);
}

}  // namespace fleetdeck
