#include <gtest/gtest.h>

#include <QFile>
#include <QSysInfo>

#include "app/agent_bundle.h"
#include "tests/support/temp_dir.h"

using namespace fleetdeck;

TEST(AgentBundle, ManifestListsTheHostArchitectureAndItsFileMatches) {
    qputenv("FLEETDECK_AGENT_BUNDLE", FLEETDECK_AGENT_BUNDLE_DIR);
    const QString arch = QSysInfo::currentCpuArchitecture() == QLatin1String("x86_64") ? QStringLiteral("x86_64")
                                                                                       : QSysInfo::currentCpuArchitecture();
    const auto agent = bundledAgent(arch);
    ASSERT_TRUE(agent) << "no bundled agent for " << arch.toStdString();
    EXPECT_EQ(agent->sha256.size(), 64);
    const QString path = bundledAgentPath(arch);
    ASSERT_FALSE(path.isEmpty());
    const Outcome verified = verifyBundledAgent(*agent, path);
    EXPECT_TRUE(verified) << verified.problem().message.toStdString();
    EXPECT_EQ(QFile(path).size(), agent->sizeBytes);
    EXPECT_FALSE(kBundledAgentVersion.isEmpty());
    EXPECT_FALSE(bundledAgent(QStringLiteral("sparc64")));
}

TEST(AgentBundle, AlteredBinaryIsRejectedWithBothSums) {
    qputenv("FLEETDECK_AGENT_BUNDLE", FLEETDECK_AGENT_BUNDLE_DIR);
    const BundledAgent agent = bundledAgents().front();
    fleetdeck::test::TempDir dir;
    QFile original(bundledAgentPath(agent.arch));
    ASSERT_TRUE(original.open(QIODevice::ReadOnly));
    QByteArray bytes = original.readAll();
    bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x01);
    const auto copy = dir.write("agent", bytes.toStdString());
    const Outcome verified = verifyBundledAgent(agent, QString::fromStdString(copy.string()));
    ASSERT_FALSE(verified);
    EXPECT_EQ(verified.problem().code, ProblemCode::AgentUnavailable);
    const QString error = verified.problem().message;
    EXPECT_TRUE(error.contains(QString::fromLatin1(agent.sha256))) << error.toStdString();
    EXPECT_TRUE(error.contains(QStringLiteral("reinstall"))) << error.toStdString();
}
