#include "app/secrets/secret_store.h"

#include <QDBusConnectionInterface>
#include <QDBusError>
#include <QDBusMessage>
#include <QDBusMetaType>
#include <QDBusVariant>
#include <QList>
#include <QVariant>

#include <utility>

#include "app/shown_text.h"

namespace fleetdeck::secrets {
namespace {

// The keyring's problems in English and the user's language (app/shown_text.h), context "secrets";
// what the keyring said goes in as it came.
struct SecretsContext {
    static constexpr const char* name = "secrets";
};
using SecretsText = BasicShownText<SecretsContext>;

using Attributes = QMap<QString, QString>;

const QString kService = QStringLiteral("org.freedesktop.secrets");
const QString kServicePath = QStringLiteral("/org/freedesktop/secrets");
const QString kDefaultCollection = QStringLiteral("/org/freedesktop/secrets/aliases/default");
const QString kServiceInterface = QStringLiteral("org.freedesktop.Secret.Service");
const QString kItemInterface = QStringLiteral("org.freedesktop.Secret.Item");
const QString kCollectionInterface = QStringLiteral("org.freedesktop.Secret.Collection");
const QString kSessionInterface = QStringLiteral("org.freedesktop.Secret.Session");
const QString kPromptInterface = QStringLiteral("org.freedesktop.Secret.Prompt");
// "/" stands for "no object": no prompt is needed.
const QString kNoObject = QStringLiteral("/");

Problem unavailableProblem() {
    return problemOf(ProblemCode::NotSupported,
                     SecretsText(QT_TRANSLATE_NOOP("secrets", "no desktop keyring (Secret Service) on the session bus: the password is kept "
                                                              "for this session only")));
}

Problem lockedProblem() {
    return problemOf(ProblemCode::PermissionDenied,
                     SecretsText(QT_TRANSLATE_NOOP("secrets", "the desktop keyring is locked: unlock it and try again")));
}

void registerTypes() {
    static const bool registered = [] {
        qDBusRegisterMetaType<SecretValue>();
        qDBusRegisterMetaType<Attributes>();
        qDBusRegisterMetaType<QList<QDBusObjectPath>>();
        return true;
    }();
    (void)registered;
}

Problem problemFromError(const QDBusError& error, const QString& method) {
    switch (error.type()) {
    case QDBusError::NoReply:
    case QDBusError::Timeout:
    case QDBusError::TimedOut:
        return problemOf(ProblemCode::Timeout,
                         SecretsText(QT_TRANSLATE_NOOP("secrets", "the desktop keyring did not answer %1 within %2 s: try again, or "
                                                                  "restart the keyring"))
                             .arg(method)
                             .arg(SecretStore::kCallTimeoutMs / 1000));
    case QDBusError::ServiceUnknown:
    case QDBusError::Disconnected:
        return unavailableProblem();
    default:
        break;
    }
    if (error.name() == QLatin1String("org.freedesktop.Secret.Error.IsLocked")) return lockedProblem();
    return problemOf(ProblemCode::IoFailed, SecretsText(QT_TRANSLATE_NOOP("secrets", "the desktop keyring refused %1 (%2: %3)"))
                                                .arg(method)
                                                .arg(error.name())
                                                .arg(error.message()));
}

// One Secret Service method, called synchronously; its reply's arguments or the Problem.
class ServiceCalls {
public:
    explicit ServiceCalls(const QDBusConnection& bus) : bus_(bus) {}

    Result<QList<QVariant>> call(const QString& path, const QString& interface, const QString& method,
                                 const QList<QVariant>& arguments = {}) {
        auto message = QDBusMessage::createMethodCall(kService, path, interface, method);
        message.setArguments(arguments);
        const QDBusMessage reply = bus_.call(message, QDBus::Block, SecretStore::kCallTimeoutMs);
        lastErrorName_ = reply.type() == QDBusMessage::ErrorMessage ? reply.errorName() : QString();
        if (reply.type() == QDBusMessage::ErrorMessage) return problemFromError(QDBusError(reply), method);
        if (reply.type() != QDBusMessage::ReplyMessage) {
            return problemOf(ProblemCode::IoFailed,
                             SecretsText(QT_TRANSLATE_NOOP("secrets", "the desktop keyring sent no answer to %1: try again")).arg(method));
        }
        return reply.arguments();
    }

    // The same call, with a check that the reply has at least `count` arguments.
    Result<QList<QVariant>> call(int count, const QString& path, const QString& interface, const QString& method,
                                 const QList<QVariant>& arguments = {}) {
        auto reply = call(path, interface, method, arguments);
        if (reply && reply->size() < count) {
            return problemOf(ProblemCode::IoFailed,
                             SecretsText(QT_TRANSLATE_NOOP("secrets", "the desktop keyring answered %1 with %2 values instead of %3"))
                                 .arg(method)
                                 .arg(std::int64_t{reply->size()})
                                 .arg(count));
        }
        return reply;
    }

    // A prompt the service asked for is dismissed: the app never shows keyring prompts.
    void dismiss(const QString& prompt) {
        if (prompt != kNoObject) call(prompt, kPromptInterface, QStringLiteral("Dismiss"));
    }

    // The D-Bus error name of the last call's reply; empty when it succeeded.
    const QString& lastErrorName() const { return lastErrorName_; }

private:
    QDBusConnection bus_;
    QString lastErrorName_;
};

// A "plain" session (the secret travels unencrypted over the local bus, as with secret-tool),
// closed when the object goes.
class PlainSession {
public:
    explicit PlainSession(ServiceCalls& calls) : calls_(calls) {}
    ~PlainSession() {
        if (!path_.path().isEmpty()) calls_.call(path_.path(), kSessionInterface, QStringLiteral("Close"));
    }
    PlainSession(const PlainSession&) = delete;
    PlainSession& operator=(const PlainSession&) = delete;

    Outcome open() {
        auto reply = calls_.call(2, kServicePath, kServiceInterface, QStringLiteral("OpenSession"),
                                 {QStringLiteral("plain"), QVariant::fromValue(QDBusVariant(QString()))});
        if (!reply) return reply.problem();
        path_ = reply->at(1).value<QDBusObjectPath>();
        if (path_.path().isEmpty() || path_.path() == kNoObject) {
            path_ = {};
            return problemOf(ProblemCode::NotSupported,
                             SecretsText(QT_TRANSLATE_NOOP("secrets", "the desktop keyring offered no plain session: the password is "
                                                                      "kept for this session only")));
        }
        return done();
    }
    const QDBusObjectPath& path() const { return path_; }

private:
    ServiceCalls& calls_;
    QDBusObjectPath path_;
};

struct SearchResult {
    QList<QDBusObjectPath> unlocked;
    QList<QDBusObjectPath> locked;
};

Result<SearchResult> search(ServiceCalls& calls, const Attributes& attributes) {
    auto reply = calls.call(2, kServicePath, kServiceInterface, QStringLiteral("SearchItems"),
                            {QVariant::fromValue(attributes)});
    if (!reply) return reply.problem();
    return SearchResult{qdbus_cast<QList<QDBusObjectPath>>(reply->at(0)),
                        qdbus_cast<QList<QDBusObjectPath>>(reply->at(1))};
}

// Unlocks `items` if the service can do it without a prompt; the locked Problem otherwise.
Result<QList<QDBusObjectPath>> unlockWithoutPrompt(ServiceCalls& calls, const QList<QDBusObjectPath>& items) {
    auto reply =
        calls.call(2, kServicePath, kServiceInterface, QStringLiteral("Unlock"), {QVariant::fromValue(items)});
    if (!reply) return reply.problem();
    const QString prompt = reply->at(1).value<QDBusObjectPath>().path();
    if (prompt != kNoObject) {
        calls.dismiss(prompt);
        return lockedProblem();
    }
    auto unlocked = qdbus_cast<QList<QDBusObjectPath>>(reply->at(0));
    if (unlocked.isEmpty()) return lockedProblem();
    return unlocked;
}

}  // namespace

QDBusArgument& operator<<(QDBusArgument& argument, const SecretValue& secret) {
    argument.beginStructure();
    argument << secret.session << secret.parameters << secret.value << secret.contentType;
    argument.endStructure();
    return argument;
}

const QDBusArgument& operator>>(const QDBusArgument& argument, SecretValue& secret) {
    argument.beginStructure();
    argument >> secret.session >> secret.parameters >> secret.value >> secret.contentType;
    argument.endStructure();
    return argument;
}

SecretStore::SecretStore(QDBusConnection bus) : bus_(std::move(bus)) { registerTypes(); }

bool SecretStore::available() const {
    if (!bus_.isConnected()) return false;
    const QDBusConnectionInterface* daemon = bus_.interface();
    if (daemon == nullptr) return false;
    const QDBusReply<bool> registered = daemon->isServiceRegistered(kService);
    if (registered.isValid() && registered.value()) return true;
    const QDBusReply<QStringList> activatable = daemon->activatableServiceNames();
    return activatable.isValid() && activatable.value().contains(kService);
}

QString SecretStore::unavailableReason() const { return available() ? QString() : unavailableProblem().shownMessage(); }

Result<std::optional<QString>> SecretStore::lookup(const QMap<QString, QString>& attributes) {
    if (!available()) return unavailableProblem();
    ServiceCalls calls(bus_);
    auto found = search(calls, attributes);
    if (!found) return found.problem();
    QList<QDBusObjectPath> items = found->unlocked;
    if (items.isEmpty() && !found->locked.isEmpty()) {
        auto unlocked = unlockWithoutPrompt(calls, found->locked);
        if (!unlocked) return unlocked.problem();
        items = *unlocked;
    }
    if (items.isEmpty()) return std::optional<QString>();

    PlainSession session(calls);
    if (auto opened = session.open(); !opened) return opened.problem();
    auto reply = calls.call(1, items.first().path(), kItemInterface, QStringLiteral("GetSecret"),
                            {QVariant::fromValue(session.path())});
    if (!reply) return reply.problem();
    const auto secret = qdbus_cast<SecretValue>(reply->at(0));
    return std::optional<QString>(QString::fromUtf8(secret.value));
}

Outcome SecretStore::store(const QString& label, const QMap<QString, QString>& attributes, const QString& secret) {
    if (!available()) return unavailableProblem();
    ServiceCalls calls(bus_);
    PlainSession session(calls);
    if (auto opened = session.open(); !opened) return opened.problem();

    const QVariantMap properties{
        {kItemInterface + QStringLiteral(".Label"), label},
        {kItemInterface + QStringLiteral(".Attributes"), QVariant::fromValue(attributes)},
    };
    const SecretValue value{session.path(), {}, secret.toUtf8(), QStringLiteral("text/plain; charset=utf8")};
    auto reply = calls.call(2, kDefaultCollection, kCollectionInterface, QStringLiteral("CreateItem"),
                            {properties, QVariant::fromValue(value), true});
    if (!reply) {
        if (calls.lastErrorName() == QLatin1String("org.freedesktop.Secret.Error.NoSuchObject") ||
            calls.lastErrorName() == QLatin1String("org.freedesktop.DBus.Error.UnknownObject")) {
            return problemOf(ProblemCode::NotFound,
                             SecretsText(QT_TRANSLATE_NOOP("secrets", "the desktop keyring has no default collection: create one (for "
                                                                      "example in Passwords and Keys) and try again")));
        }
        return reply.problem();
    }
    const QString prompt = reply->at(1).value<QDBusObjectPath>().path();
    if (prompt != kNoObject) {
        calls.dismiss(prompt);
        return lockedProblem();
    }
    return done();
}

Outcome SecretStore::remove(const QMap<QString, QString>& attributes) {
    if (!available()) return unavailableProblem();
    ServiceCalls calls(bus_);
    auto found = search(calls, attributes);
    if (!found) return found.problem();
    QList<QDBusObjectPath> items = found->unlocked;
    if (!found->locked.isEmpty()) {
        auto unlocked = unlockWithoutPrompt(calls, found->locked);
        if (!unlocked) return unlocked.problem();
        items += *unlocked;
    }
    for (const auto& item : items) {
        auto reply = calls.call(1, item.path(), kItemInterface, QStringLiteral("Delete"));
        if (!reply) return reply.problem();
        const QString prompt = reply->at(0).value<QDBusObjectPath>().path();
        if (prompt != kNoObject) {
            calls.dismiss(prompt);
            return lockedProblem();
        }
    }
    return done();
}

}  // namespace fleetdeck::secrets
