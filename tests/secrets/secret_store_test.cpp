#include "app/secrets/secret_store.h"

#include <gtest/gtest.h>

#include <memory>

#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusObjectPath>
#include <QElapsedTimer>

#include "tests/alerts/private_session_bus.h"
#include "tests/secrets/keyring_daemon.h"
#include "tests/support/chinese_catalogues.h"

namespace fleetdeck::secrets {
namespace {

using Attributes = QMap<QString, QString>;

const QString kUnavailable = QStringLiteral(
    "no desktop keyring (Secret Service) on the session bus: the password is kept for this session only");
const QString kLocked = QStringLiteral("the desktop keyring is locked: unlock it and try again");

Attributes prometheusAttributes(const QString& url) {
    return {{QStringLiteral("application"), QStringLiteral("fleetdeck")},
            {QStringLiteral("service"), QStringLiteral("prometheus")},
            {QStringLiteral("url"), url}};
}

// Each test gets its own dbus-daemon and connection; the keyring tests also their own
// gnome-keyring-daemon, so no test sees another's items.
class SecretStoreTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(bus_.address().isEmpty()) << bus_.error();
        static int connections = 0;
        connectionName_ = QStringLiteral("secrets-test-%1").arg(++connections);
        ASSERT_TRUE(QDBusConnection::connectToBus(bus_.address(), connectionName_).isConnected());
    }

    void TearDown() override {
        keyring_.reset();
        QDBusConnection::disconnectFromBus(connectionName_);
    }

    QDBusConnection connection() const { return QDBusConnection(connectionName_); }

    void startKeyring() {
        keyring_ = std::make_unique<test::KeyringDaemon>(bus_.address(), connection());
        ASSERT_TRUE(keyring_->running()) << keyring_->error();
    }

    // How many items in the keyring carry all of `attributes`, unlocked and locked together, seen
    // through the Service directly rather than through SecretStore.
    int itemCount(const Attributes& attributes) {
        auto message = QDBusMessage::createMethodCall(
            QStringLiteral("org.freedesktop.secrets"), QStringLiteral("/org/freedesktop/secrets"),
            QStringLiteral("org.freedesktop.Secret.Service"), QStringLiteral("SearchItems"));
        message.setArguments({QVariant::fromValue(attributes)});
        const QDBusMessage reply = connection().call(message, QDBus::Block, 3000);
        if (reply.type() != QDBusMessage::ReplyMessage || reply.arguments().size() != 2) return -1;
        return static_cast<int>(qdbus_cast<QList<QDBusObjectPath>>(reply.arguments().at(0)).size() +
                                qdbus_cast<QList<QDBusObjectPath>>(reply.arguments().at(1)).size());
    }

    // Locks the default collection the way a desktop's "lock keyring" does (no prompt needed).
    bool lockDefaultCollection() {
        auto message = QDBusMessage::createMethodCall(
            QStringLiteral("org.freedesktop.secrets"), QStringLiteral("/org/freedesktop/secrets"),
            QStringLiteral("org.freedesktop.Secret.Service"), QStringLiteral("Lock"));
        message.setArguments({QVariant::fromValue(
            QList<QDBusObjectPath>{QDBusObjectPath(QStringLiteral("/org/freedesktop/secrets/aliases/default"))})});
        return connection().call(message, QDBus::Block, 3000).type() == QDBusMessage::ReplyMessage;
    }

    test::PrivateSessionBus bus_;
    QString connectionName_;
    std::unique_ptr<test::KeyringDaemon> keyring_;
};

TEST_F(SecretStoreTest, StoredSecretIsFoundByItsAttributes) {
    startKeyring();
    SecretStore store(connection());
    EXPECT_TRUE(store.available());
    EXPECT_TRUE(store.unavailableReason().isEmpty());

    const QString password = QStringLiteral("pässwörd ✓ with spaces");
    const auto stored = store.store(QStringLiteral("FleetDeck: Prometheus at http://prom:9090"),
                                    prometheusAttributes(QStringLiteral("http://prom:9090")), password);
    ASSERT_TRUE(stored.ok()) << stored.problem().message.toStdString();

    const auto found = store.lookup(prometheusAttributes(QStringLiteral("http://prom:9090")));
    ASSERT_TRUE(found.ok()) << found.problem().message.toStdString();
    ASSERT_TRUE(found->has_value());
    EXPECT_EQ(**found, password);

    // A subset of the attributes matches too (the Secret Service's search rule).
    const auto bySubset = store.lookup({{QStringLiteral("url"), QStringLiteral("http://prom:9090")}});
    ASSERT_TRUE(bySubset.ok()) << bySubset.problem().message.toStdString();
    EXPECT_EQ(bySubset->value_or(QString()), password);
}

TEST_F(SecretStoreTest, StoringAgainReplacesTheSecret) {
    startKeyring();
    SecretStore store(connection());
    const auto attributes = prometheusAttributes(QStringLiteral("https://prom.example:9090"));
    ASSERT_TRUE(store.store(QStringLiteral("first"), attributes, QStringLiteral("old-token")).ok());
    const auto again = store.store(QStringLiteral("second"), attributes, QStringLiteral("new-token"));
    ASSERT_TRUE(again.ok()) << again.problem().message.toStdString();

    const auto found = store.lookup(attributes);
    ASSERT_TRUE(found.ok()) << found.problem().message.toStdString();
    EXPECT_EQ(found->value_or(QString()), QStringLiteral("new-token"));
    EXPECT_EQ(itemCount(attributes), 1);
}

TEST_F(SecretStoreTest, LookupOfOtherAttributesFindsNothing) {
    startKeyring();
    SecretStore store(connection());
    ASSERT_TRUE(store.store(QStringLiteral("a"), prometheusAttributes(QStringLiteral("http://a:9090")),
                            QStringLiteral("secret-a"))
                    .ok());

    const auto other = store.lookup(prometheusAttributes(QStringLiteral("http://b:9090")));
    ASSERT_TRUE(other.ok()) << other.problem().message.toStdString();
    EXPECT_FALSE(other->has_value());
    const auto empty = store.lookup({{QStringLiteral("application"), QStringLiteral("someone-else")}});
    ASSERT_TRUE(empty.ok()) << empty.problem().message.toStdString();
    EXPECT_FALSE(empty->has_value());
}

TEST_F(SecretStoreTest, RemovedSecretIsGoneAndOthersStay) {
    startKeyring();
    SecretStore store(connection());
    const auto a = prometheusAttributes(QStringLiteral("http://a:9090"));
    const auto b = prometheusAttributes(QStringLiteral("http://b:9090"));
    ASSERT_TRUE(store.store(QStringLiteral("a"), a, QStringLiteral("secret-a")).ok());
    ASSERT_TRUE(store.store(QStringLiteral("b"), b, QStringLiteral("secret-b")).ok());

    const auto removed = store.remove(a);
    ASSERT_TRUE(removed.ok()) << removed.problem().message.toStdString();
    const auto gone = store.lookup(a);
    ASSERT_TRUE(gone.ok());
    EXPECT_FALSE(gone->has_value());
    EXPECT_EQ(itemCount(a), 0);
    EXPECT_EQ(store.lookup(b)->value_or(QString()), QStringLiteral("secret-b"));

    // Removing what is not there is not an error.
    EXPECT_TRUE(store.remove(a).ok());
}

TEST_F(SecretStoreTest, LockedKeyringIsReportedWithoutPrompting) {
    startKeyring();
    SecretStore store(connection());
    const auto attributes = prometheusAttributes(QStringLiteral("http://prom:9090"));
    ASSERT_TRUE(store.store(QStringLiteral("p"), attributes, QStringLiteral("secret")).ok());
    ASSERT_TRUE(lockDefaultCollection());

    QElapsedTimer elapsed;
    elapsed.start();
    const auto found = store.lookup(attributes);
    ASSERT_FALSE(found.ok());
    EXPECT_EQ(found.problem().code, ProblemCode::PermissionDenied);
    EXPECT_EQ(found.problem().message, kLocked);

    const auto stored = store.store(QStringLiteral("p"), attributes, QStringLiteral("other"));
    ASSERT_FALSE(stored.ok());
    EXPECT_EQ(stored.problem().message, kLocked);

    const auto removed = store.remove(attributes);
    ASSERT_FALSE(removed.ok());
    EXPECT_EQ(removed.problem().message, kLocked);
    // Nothing waited for a prompt to time out.
    EXPECT_LT(elapsed.elapsed(), SecretStore::kCallTimeoutMs);
    EXPECT_EQ(itemCount(attributes), 1);
}

TEST_F(SecretStoreTest, BusWithoutKeyringSaysSoWithoutWaiting) {
    SecretStore store(connection());
    EXPECT_FALSE(store.available());
    EXPECT_EQ(store.unavailableReason(), kUnavailable);

    QElapsedTimer elapsed;
    elapsed.start();
    const auto found = store.lookup(prometheusAttributes(QStringLiteral("http://prom:9090")));
    ASSERT_FALSE(found.ok());
    EXPECT_EQ(found.problem().code, ProblemCode::NotSupported);
    EXPECT_EQ(found.problem().message, kUnavailable);
    EXPECT_EQ(found.problem().shownMessage(), kUnavailable);
    const auto stored = store.store(QStringLiteral("p"), prometheusAttributes(QStringLiteral("http://prom:9090")),
                                    QStringLiteral("secret"));
    ASSERT_FALSE(stored.ok());
    EXPECT_EQ(stored.problem().message, kUnavailable);
    const auto removed = store.remove(prometheusAttributes(QStringLiteral("http://prom:9090")));
    ASSERT_FALSE(removed.ok());
    EXPECT_EQ(removed.problem().message, kUnavailable);
    // The bus answers "no such service" at once: no call waited for its 3 s timeout.
    EXPECT_LT(elapsed.elapsed(), SecretStore::kCallTimeoutMs);
}

// In Traditional Chinese the problem's message stays the English that logs keep; a person reads
// shownMessage() and unavailableReason() in Chinese.
TEST_F(SecretStoreTest, WithoutAKeyringTheProblemIsEnglishAndShownInChinese) {
    test::ChineseCatalogues chinese;
    ASSERT_TRUE(chinese.loaded());
    SecretStore store(connection());
    const auto found = store.lookup(prometheusAttributes(QStringLiteral("http://prom:9090")));
    ASSERT_FALSE(found.ok());
    EXPECT_EQ(found.problem().code, ProblemCode::NotSupported);
    EXPECT_EQ(found.problem().message, kUnavailable);
    const QString shown = found.problem().shownMessage();
    EXPECT_TRUE(test::hasIdeograph(shown)) << shown.toStdString();
    EXPECT_TRUE(shown.contains(QStringLiteral("Secret Service"))) << shown.toStdString();
    EXPECT_FALSE(shown.contains(QStringLiteral("session bus"))) << shown.toStdString();
    EXPECT_EQ(store.unavailableReason(), shown);
}

TEST_F(SecretStoreTest, NoBusAtAllIsLikeNoKeyring) {
    SecretStore store(QDBusConnection(QStringLiteral("secrets-test-never-connected")));
    EXPECT_FALSE(store.available());
    EXPECT_EQ(store.unavailableReason(), kUnavailable);
    const auto found = store.lookup(prometheusAttributes(QStringLiteral("http://prom:9090")));
    ASSERT_FALSE(found.ok());
    EXPECT_EQ(found.problem().message, kUnavailable);
}

}  // namespace
}  // namespace fleetdeck::secrets
