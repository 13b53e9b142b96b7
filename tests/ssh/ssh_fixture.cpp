#include "tests/ssh/ssh_fixture.h"

#include <sys/utsname.h>

#include <fstream>

#include "app/ssh/transport_factory.h"
#include "tests/support/qt_wait.h"

namespace fleetdeck::test {
namespace fs = std::filesystem;

void SshTest::SetUp() {
    savedHome_ = qgetenv("HOME");
    savedConfig_ = qgetenv("XDG_CONFIG_HOME");
    fs::create_directories(home() / ".ssh");
    qputenv("HOME", QByteArray::fromStdString(home().string()));
    qputenv("XDG_CONFIG_HOME", QByteArray::fromStdString((tmp_.path() / "config").string()));
    qunsetenv("SSH_AUTH_SOCK");  // only the keys the test makes
    publicKey_ = generateKey(userKey());
    sshd_ = makeSshd("sshd");
    ASSERT_TRUE(sshd_->start()) << sshd_->log();
    trust(*sshd_);
}

void SshTest::TearDown() {
    ssh::setSshPrompter(nullptr);
    sshd_.reset();
    qputenv("HOME", savedHome_);
    if (savedConfig_.isEmpty()) qunsetenv("XDG_CONFIG_HOME");
    else qputenv("XDG_CONFIG_HOME", savedConfig_);
}

std::unique_ptr<TestSshd> SshTest::makeSshd(const std::string& name, TestSshd::Options options) {
    options.remoteCacheHome = remoteCache().string();
    return std::make_unique<TestSshd>(tmp_.path() / name, publicKey_, options);
}

void SshTest::trust(const TestSshd& sshd) { std::ofstream(knownHosts(), std::ios::app) << sshd.knownHostsLine(); }

fs::path SshTest::cachedAgent() const { return remoteCache() / "fleetdeck" / ("agent-" FLEETDECK_VERSION "-x86_64"); }

std::string nodeName() {
    utsname u{};
    ::uname(&u);
    return u.nodename;
}

fs::path SshTest::residentSocket() const { return cachedAgent().string() + "." + nodeName() + ".sock"; }

HostSpec SshTest::specFor(const TestSshd& sshd) const {
    HostSpec spec;
    spec.kind = HostSpec::Kind::Ssh;
    spec.name = QStringLiteral("gpu-test");
    spec.address = QStringLiteral("127.0.0.1");
    spec.port = sshd.port();
    spec.user = QStringLiteral("root");
    return spec;
}

std::unique_ptr<HostSession> SshTest::startSession(const HostSpec& spec, bool reconnect) {
    HostSession::Options options;
    options.reconnect = reconnect;
    options.backoffInitialMs = 200;
    options.backoffMaxMs = 1000;
    auto session = std::make_unique<HostSession>(spec.name, [spec] { return makeTransport(spec); }, options);
    QObject::connect(session.get(), &HostSession::diagnostic, session.get(),
                     [this](const QString& text) { diagnostics_.push_back(text); });
    session->start();
    return session;
}

bool SshTest::waitForState(HostSession& s, HostState state, int timeoutMs) {
    return waitUntil([&] { return s.state() == state; }, timeoutMs);
}

}  // namespace fleetdeck::test
