#include "app/ssh/transport_factory.h"

#include "app/agent_locator.h"
#include "app/local_transport.h"
#include "app/ssh/ssh_transport.h"
#include "app/unavailable_transport.h"

namespace fleetdeck {

std::unique_ptr<Transport> makeTransport(const HostSpec& spec) { return makeTransportAtSimSpeed(spec, 1.0); }

std::unique_ptr<Transport> makeTransportAtSimSpeed(const HostSpec& spec, double simSpeed) {
    switch (spec.kind) {
    case HostSpec::Kind::Local:
        return std::make_unique<LocalTransport>(localAgentPath(), localAgentArguments(spec));
    case HostSpec::Kind::Simulated: {
        QStringList args{QStringLiteral("--simulate"), spec.simulateProfile};
        // The rack shapes the simulated host's probe answers (docs/protocol.md, "Simulated hosts").
        if (!spec.rack.isEmpty()) args << QStringLiteral("--sim-rack") << spec.rack;
        if (simSpeed != 1.0) args << QStringLiteral("--sim-speed") << QString::number(simSpeed);
        return std::make_unique<LocalTransport>(localAgentPath(), args);
    }
    case HostSpec::Kind::Ssh:
        return std::make_unique<ssh::SshTransport>(spec);
    }
    return makeUnavailableTransport(QStringLiteral("unknown host kind"));
}

}  // namespace fleetdeck
