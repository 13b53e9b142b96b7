#include "app/ssh/agent_deploy.h"

#include <fcntl.h>

#include <map>
#include <mutex>

#include <QFile>
#include <QRandomGenerator>
#include <libssh/sftp.h>
#include <openssl/evp.h>

#include "app/agent_locator.h"
#include "app/ssh/remote_command.h"

namespace fleetdeck::ssh {
namespace {

// Fixed text only: the server's architecture, user id, cache and runtime directories.
constexpr char kProbeCommand[] =
    "uname -m && id -u && printf '%s\\n' \"${XDG_CACHE_HOME:-$HOME/.cache}\" \"${XDG_RUNTIME_DIR:-}\"";

QByteArray sha256Hex(const QByteArray& bytes) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    EVP_Digest(bytes.constData(), static_cast<size_t>(bytes.size()), digest, &length, EVP_sha256(), nullptr);
    return QByteArray(reinterpret_cast<const char*>(digest), static_cast<int>(length)).toHex();
}

struct Probe {
    QString arch;
    QString uid;
    QString cacheHome;
    QString runtimeDir;
};

TransportProblem unavailable(const QString& message) { return {TransportProblem::Kind::AgentUnavailable, message}; }

// The file's SHA-256 on the server, empty when it is missing or unreadable.
QByteArray remoteSha256(ssh_session session, const QByteArray& quotedPath) {
    const RemoteResult r = runRemote(session, "sha256sum -- " + quotedPath + " 2>/dev/null");
    if (!r.ran || r.exitStatus != 0) return {};
    return r.out.split(' ').value(0).trimmed().toLower();
}

QString uploadOverSftp(ssh_session session, const QString& tempPath, const QByteArray& bytes, bool* noSftp) {
    sftp_session sftp = sftp_new(session);
    if (!sftp || sftp_init(sftp) != SSH_OK) {
        if (sftp) sftp_free(sftp);
        *noSftp = true;
        return {};
    }
    QString error;
    sftp_file file = sftp_open(sftp, tempPath.toUtf8().constData(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (!file) {
        error = QStringLiteral("SFTP could not create %1 (error %2)").arg(tempPath).arg(sftp_get_error(sftp));
    } else {
        constexpr qsizetype kChunk = 64 * 1024;
        for (qsizetype offset = 0; offset < bytes.size() && error.isEmpty();) {
            const auto n = sftp_write(file, bytes.constData() + offset, static_cast<size_t>(std::min(kChunk, bytes.size() - offset)));
            if (n <= 0) error = QStringLiteral("SFTP write to %1 failed (error %2)").arg(tempPath).arg(sftp_get_error(sftp));
            else offset += n;
        }
        if (sftp_close(file) != SSH_OK && error.isEmpty())
            error = QStringLiteral("SFTP could not finish %1 (error %2)").arg(tempPath).arg(sftp_get_error(sftp));
    }
    sftp_free(sftp);
    return error;
}

QString uploadOverExec(ssh_session session, const QByteArray& quotedTemp, const QByteArray& bytes) {
    const RemoteResult r = runRemote(session, "umask 077 && cat > " + quotedTemp, bytes);
    if (!r.ran) return QStringLiteral("could not open an exec channel for the upload: %1").arg(r.error);
    if (r.exitStatus != 0) return QStringLiteral("copying the agent failed: %1").arg(QString::fromUtf8(r.err.trimmed()));
    return {};
}

// Says "disk full" when that is why an upload failed: a plain SFTP failure code does not tell.
QString explainUploadFailure(ssh_session session, const QByteArray& quotedDir, qint64 neededBytes, const QString& error) {
    const RemoteResult df = runRemote(session, "df -Pk -- " + quotedDir);
    const QList<QByteArray> fields = df.out.split('\n').value(1).simplified().split(' ');
    bool ok = false;
    const qint64 freeKiB = fields.value(3).toLongLong(&ok);
    if (ok && freeKiB * 1024 < neededBytes)
        return QStringLiteral("the disk is full: %1 has %2 KiB free and the agent needs %3 KiB; free some space")
            .arg(QString::fromUtf8(quotedDir)).arg(freeKiB).arg((neededBytes + 1023) / 1024);
    return error;
}

enum class Cached { Ready, NotExecutable, Missing };

// One round trip for the common case: the cached agent matches and runs. The binary is only
// started after its SHA-256 matched, so a tampered file is never executed.
Cached checkCached(ssh_session session, const QByteArray& quotedPath, const QByteArray& sha256) {
    const QByteArray command = "if test \"$(sha256sum < " + quotedPath + " 2>/dev/null | cut -d' ' -f1)\" = '" + sha256 +
                               "'; then " + quotedPath + " --version >/dev/null 2>&1 && echo ready || echo noexec; "
                               "else echo missing; fi";
    const RemoteResult r = runRemote(session, command);
    const QByteArray word = r.out.trimmed();
    if (word == "ready") return Cached::Ready;
    return word == "noexec" ? Cached::NotExecutable : Cached::Missing;
}

enum class Placed { Ready, NotExecutable, Failed };

// Uploads into `dir` and checks that the result runs. On Failed, `problem` says why.
Placed placeAgent(ssh_session session, const BundledAgent& agent, const QString& dir, const QString& finalPath,
                  Deployment& d) {
    const QString tempPath = QStringLiteral("%1/.upload-%2").arg(dir).arg(QRandomGenerator::global()->generate64(), 16, 16, QLatin1Char('0'));
    const auto qDir = shellQuote(dir), qTemp = shellQuote(tempPath), qFinal = shellQuote(finalPath);
    const RemoteResult mk = runRemote(session, "mkdir -p -m 700 -- " + *qDir + " && test -O " + *qDir + " && test ! -L " + *qDir);
    if (!mk.ran || mk.exitStatus != 0) return Placed::NotExecutable;  // not ours or not creatable: try the next place
    QFile local(agent.path);
    if (!local.open(QIODevice::ReadOnly)) {
        d.problem = unavailable(QStringLiteral("cannot read the bundled agent %1").arg(agent.path));
        return Placed::Failed;
    }
    const QByteArray bytes = local.readAll();
    bool noSftp = false;
    QString error = uploadOverSftp(session, tempPath, bytes, &noSftp);
    if (noSftp) {
        d.notes << QStringLiteral("the server has no SFTP subsystem; copied the agent over an exec channel");
        error = uploadOverExec(session, *qTemp, bytes);
    }
    if (error.isEmpty()) {
        const QByteArray uploaded = remoteSha256(session, *qTemp);
        if (uploaded.isEmpty()) error = QStringLiteral("could not hash the uploaded agent at %1 (sha256sum failed or timed out)").arg(tempPath);
        else if (uploaded != agent.sha256) error = QStringLiteral("the uploaded agent at %1 does not match its SHA-256").arg(tempPath);
    }
    if (!error.isEmpty()) {
        runRemote(session, "rm -f -- " + *qTemp);
        d.problem = unavailable(QStringLiteral("could not install the agent: %1")
                                    .arg(explainUploadFailure(session, *qDir, agent.sizeBytes, error)));
        return Placed::Failed;
    }
    const RemoteResult mv = runRemote(session, "chmod 700 -- " + *qTemp + " && mv -f -- " + *qTemp + " " + *qFinal);
    if (!mv.ran || mv.exitStatus != 0) {
        runRemote(session, "rm -f -- " + *qTemp);
        d.problem = unavailable(QStringLiteral("could not move the agent into place at %1: %2")
                                    .arg(finalPath, QString::fromUtf8(mv.err.trimmed())));
        return Placed::Failed;
    }
    d.uploaded = true;
    const RemoteResult run = runRemote(session, *qFinal + " --version >/dev/null 2>&1");
    return run.ran && run.exitStatus == 0 ? Placed::Ready : Placed::NotExecutable;
}

std::optional<Probe> probeServer(ssh_session session, Deployment& d) {
    const RemoteResult r = runRemote(session, kProbeCommand);
    const QStringList lines = QString::fromUtf8(r.out).split(QLatin1Char('\n'));
    if (!r.ran || r.exitStatus != 0 || lines.size() < 4) {
        d.problem = unavailable(QStringLiteral("could not inspect the server (uname, id): %1")
                                    .arg(r.ran ? QString::fromUtf8(r.err.trimmed()) : r.error));
        return std::nullopt;
    }
    return Probe{lines[0].trimmed(), lines[1].trimmed(), lines[2].trimmed(), lines[3].trimmed()};
}

}  // namespace

QStringList bundledArchitectures() { return {QStringLiteral("x86_64")}; }

std::optional<BundledAgent> bundledAgent(const QString& arch) {
    if (!bundledArchitectures().contains(arch)) return std::nullopt;
    static std::mutex mutex;
    static std::map<QString, BundledAgent> cache;
    std::lock_guard lock(mutex);
    const QString path = localAgentPath();
    if (const auto it = cache.find(path); it != cache.end()) return it->second;
    QFile file(path);
    if (path.isEmpty() || !file.open(QIODevice::ReadOnly)) return std::nullopt;
    const QByteArray bytes = file.readAll();
    BundledAgent agent{arch, path, sha256Hex(bytes), bytes.size()};
    cache[path] = agent;
    return agent;
}

Deployment deployAgent(ssh_session session, const QString& hostLabel) {
    Deployment d;
    const auto probe = probeServer(session, d);
    if (!probe) return d;
    const auto agent = bundledAgent(probe->arch);
    if (!agent) {
        d.problem = unavailable(QStringLiteral("%1 is a %2 server; this FleetDeck ships agents for %3 only")
                                    .arg(hostLabel, probe->arch, bundledArchitectures().join(QStringLiteral(", "))));
        return d;
    }
    QStringList dirs{probe->cacheHome + QStringLiteral("/fleetdeck")};
    if (!probe->runtimeDir.isEmpty()) dirs << probe->runtimeDir + QStringLiteral("/fleetdeck");
    dirs << QStringLiteral("/dev/shm/fleetdeck-%1").arg(probe->uid);
    const QString fileName = QStringLiteral("agent-%1-%2").arg(QStringLiteral(FLEETDECK_VERSION), agent->arch);
    for (const QString& dir : dirs) {
        const QString finalPath = dir + QLatin1Char('/') + fileName;
        const auto quoted = shellQuote(finalPath);
        if (!quoted || !shellQuote(dir)) {
            d.notes << QStringLiteral("skipped %1: the path has characters FleetDeck does not pass to a shell").arg(dir);
            continue;
        }
        const Cached cached = checkCached(session, *quoted, agent->sha256);
        if (cached == Cached::Ready) {
            d.agentPath = finalPath;
            return d;
        }
        if (cached == Cached::Missing) {
            const Placed placed = placeAgent(session, *agent, dir, finalPath, d);
            if (placed == Placed::Failed) return d;
            if (placed == Placed::Ready) {
                d.agentPath = finalPath;
                return d;
            }
        }
        d.notes << QStringLiteral("%1 does not allow running programs (mounted noexec?); trying the next place").arg(dir);
    }
    d.problem = unavailable(QStringLiteral("no directory on %1 lets the agent run (tried %2): ask for one that is "
                                           "not mounted noexec").arg(hostLabel, dirs.join(QStringLiteral(", "))));
    return d;
}

}  // namespace fleetdeck::ssh
