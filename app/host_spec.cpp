#include "app/host_spec.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include "app/host_text.h"

namespace fleetdeck {

bool sameConnection(const HostSpec& a, const HostSpec& b) {
    return a.name == b.name && a.kind == b.kind && a.address == b.address && a.port == b.port && a.user == b.user &&
           a.simulateProfile == b.simulateProfile && a.rootDir == b.rootDir && a.residentAgent == b.residentAgent &&
           a.jumpHost == b.jumpHost && a.ssh == b.ssh;
}

bool isPlainJumpHop(const QString& hop) {
    static const QRegularExpression re(QStringLiteral(R"(^(?:[A-Za-z0-9._-]+@)?(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::\d{1,5})?$)"));
    return !hop.startsWith(QLatin1Char('-')) && re.match(hop).hasMatch();
}

Outcome checkJumpHost(const QString& jumpHost) {
    if (jumpHost.isEmpty()) return done();
    for (const QString& hop : jumpHost.split(QLatin1Char(',')))
        if (!isPlainJumpHop(hop.trimmed()))
            return problemOf(ProblemCode::BadInput,
                             HostsText(QT_TRANSLATE_NOOP("hosts", "jump host '%1' is not [user@]host[:port] (several hops: joined by "
                                                                  "commas, e.g. ops@bastion,gw:2222)"))
                                 .arg(hop.trimmed()));
    return done();
}

QStringList localAgentArguments(const HostSpec& spec) {
    if (spec.kind != HostSpec::Kind::Local || spec.rootDir.isEmpty()) return {};
    return {QStringLiteral("--root"), spec.rootDir};
}

Result<HostSpec> parseHostTarget(const QString& text) {
    const auto fail = [](const HostsText& why) -> Result<HostSpec> { return problemOf(ProblemCode::BadInput, why); };
    const QString t = text.trimmed();
    if (t.isEmpty()) return fail(HostsText(QT_TRANSLATE_NOOP("hosts", "empty host")));
    if (t == QLatin1String("local")) {
        HostSpec spec;
        spec.name = QStringLiteral("local");
        spec.kind = HostSpec::Kind::Local;
        return spec;
    }
    if (t.startsWith(QLatin1String("root:"))) {
        HostSpec spec;
        spec.name = t;
        spec.kind = HostSpec::Kind::Local;
        spec.rootDir = QDir::cleanPath(t.mid(5));
        if (!QDir::isAbsolutePath(spec.rootDir) || !QFileInfo(spec.rootDir).isDir())
            return fail(HostsText(QT_TRANSLATE_NOOP("hosts", "'%1': root: needs the absolute path of a directory (a mounted system tree)")).arg(t));
        return spec;
    }
    if (t.startsWith(QLatin1String("sim:"))) {
        // A variant may take a value (xid=79, bad-link=gpu-02, bios=2.1a); the agent checks the rest.
        static const QRegularExpression profileRe(
            QStringLiteral(R"(^[a-z0-9][a-z0-9-]*(\+[a-z0-9-]+(=[A-Za-z0-9._-]+)?)*(:\d+)?$)"));
        HostSpec spec;
        spec.name = t;
        spec.kind = HostSpec::Kind::Simulated;
        spec.simulateProfile = t.mid(4);
        if (!profileRe.match(spec.simulateProfile).hasMatch())
            return fail(HostsText(QT_TRANSLATE_NOOP("hosts", "'%1' is not a simulated host: use sim:PROFILE[+VARIANT][:SEED], e.g. "
                                                             "sim:hgx-h100-8+bad-fan:7"))
                            .arg(t));
        return spec;
    }
    static const QRegularExpression re(
        QStringLiteral(R"(^(?:([A-Za-z0-9._-]+)@)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::(\d{1,5}))?$)"));
    const auto m = re.match(t);
    if (!m.hasMatch()) return fail(HostsText(QT_TRANSLATE_NOOP("hosts", "'%1' is not a host: use NAME, HOST, USER@HOST or USER@HOST:PORT")).arg(t));
    HostSpec spec;
    spec.kind = HostSpec::Kind::Ssh;
    spec.user = m.captured(1);
    spec.address = m.captured(2);
    if (spec.address.startsWith(QLatin1Char('['))) spec.address = spec.address.mid(1, spec.address.size() - 2);
    if (!m.captured(3).isEmpty()) {
        const int port = m.captured(3).toInt();
        if (port < 1 || port > 65535) return fail(HostsText(QT_TRANSLATE_NOOP("hosts", "port %1 is out of range 1..65535")).arg(port));
        spec.port = port;
    }
    spec.name = t;
    return spec;
}

}  // namespace fleetdeck
