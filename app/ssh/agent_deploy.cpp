#include "app/ssh/agent_deploy.h"

#include <fcntl.h>

#include <map>
#include <mutex>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <libssh/sftp.h>

#include "app/agent_bundle.h"
#include "app/ssh/remote_command.h"
#include "app/ssh/resident_agents.h"

namespace fleetdeck::ssh {
namespace {

constexpr char kStartedMarker[] = "fleetdeck-start ";
constexpr char kProbeMarker[] = "fleetdeck-probe";
// Every script that starts the agent sets $n to the server's node name first: the start marker
// reports it and residentStdioAgentCommand() names the socket after it.
const QByteArray kNodeVariable = QByteArrayLiteral("n=$(uname -n); ");

enum class Cached { Ready, NotExecutable, Missing };

// What the start script reports when the cached agent could not be started: why, and what the
// upload needs to know (architecture, user id, cache and runtime directories).
struct Probe {
    Cached cacheDir = Cached::Missing;
    QString arch;
    QString uid;
    QString cacheHome;
    QString runtimeDir;
    bool cacheDirReady = false;  // <cacheHome>/fleetdeck exists (made 0700), is ours and no symlink
};

// The one hash check every script runs before it trusts a file: `fileWord` is a quoted path or
// "$agent", `digestWord` a single-quoted digest or "$h".
QByteArray digestMatches(const QByteArray& fileWord, const QByteArray& digestWord) {
    return "test \"$(sha256sum < " + fileWord + " 2>/dev/null)\" = " + digestWord;
}

// `sha256` as sha256sum prints it for stdin, quoted.
QByteArray quotedDigest(const QByteArray& sha256) { return "'" + sha256 + "  -'"; }

TransportProblem unavailable(const QString& message) { return {TransportProblem::Kind::AgentUnavailable, message}; }

// Words the start script takes from this build: architectures, digests and the version are
// checked so that nothing a shell would interpret can reach it.
bool isPlainToken(const QString& word) {
    static const QRegularExpression re(QStringLiteral("^[A-Za-z0-9_.+-]+$"));
    return re.match(word).hasMatch();
}

// One exec for the common case. The script finds the architecture and the cached agent, and
// only runs the binary once its SHA-256 matched the bundled one, so a tampered file is never
// executed; `--version` first, so a noexec cache directory is told apart from a missing agent.
// Anything else ends in the probe block, and the caller uploads.
std::optional<QByteArray> startScript(const AgentCommand& command) {
    QByteArray cases;
    for (const fleetdeck::BundledAgent& a : bundledAgents()) {
        if (!isPlainToken(a.arch) || !isPlainToken(QString::fromLatin1(a.sha256))) return std::nullopt;
        cases += a.arch.toUtf8() + ") h=" + a.sha256 + ";; ";
    }
    const QByteArray version = QByteArrayLiteral(FLEETDECK_VERSION);
    if (!isPlainToken(QString::fromLatin1(version))) return std::nullopt;
    return kNodeVariable + "a=$(uname -m); c=\"${XDG_CACHE_HOME:-$HOME/.cache}\"; h=; case \"$a\" in " + cases + "esac; "
           "agent=\"$c/fleetdeck/agent-" + version + "-$a\"; "
           "if test -n \"$h\" && " + digestMatches("\"$agent\"", "\"$h  -\"") + "; then "
           "if \"$agent\" --version >/dev/null 2>&1; then printf '" + kStartedMarker + "%s %s\\n' \"$n\" \"$agent\"; exec " +
           command("\"$agent\"") + "; fi; s=noexec; else s=missing; fi; "
           // For the upload: the directory made now saves it an exec of its own.
           "d=\"$c/fleetdeck\"; test -n \"$h\" && mkdir -p -m 700 -- \"$d\" 2>/dev/null && test -O \"$d\" && test ! -L \"$d\" && k=dirok || k=dirbad; "
           "printf '" + kProbeMarker + "\\n%s\\n%s\\n%s\\n%s\\n%s\\n%s\\n' \"$s\" \"$a\" \"$(id -u)\" \"$c\" \"${XDG_RUNTIME_DIR:-}\" \"$k\"";
}

// Reads a script's output until it prints the start marker: from there on the agent speaks, and
// `d` takes the channel and whatever the agent already wrote (returns nullopt). A script that ends
// without starting the agent returns its output; a broken connection sets d.problem.
std::optional<QByteArray> readUntilStarted(ssh_session session, ChannelPtr& channel, Deployment& d) {
    QByteArray out;
    char buf[8192];
    for (;;) {
        const int n = ssh_channel_read(channel.get(), buf, sizeof buf, 0);
        if (n == SSH_ERROR) {
            d.problem = unavailable(QStringLiteral("the connection failed while starting the agent: %1")
                                        .arg(QString::fromUtf8(ssh_get_error(session))));
            return std::nullopt;
        }
        out.append(buf, n);
        const qsizetype at = out.startsWith(kStartedMarker) ? 0 : out.indexOf(QByteArray("\n") + kStartedMarker);
        const qsizetype lineEnd = at < 0 ? -1 : out.indexOf('\n', at + 1);
        if (lineEnd >= 0) {  // lines before the marker are the login shell's chatter
            // "fleetdeck-start <node> <path>": the node name has no spaces, the path may.
            const qsizetype nodeAt = at + (at > 0) + qsizetype(sizeof kStartedMarker) - 1;
            const qsizetype space = out.indexOf(' ', nodeAt);
            const qsizetype pathAt = space >= 0 && space < lineEnd ? space + 1 : nodeAt;
            d.node = QString::fromUtf8(out.mid(nodeAt, pathAt - 1 - nodeAt));
            d.agentPath = QString::fromUtf8(out.mid(pathAt, lineEnd - pathAt));
            const QString prefix = QStringLiteral("/agent-" FLEETDECK_VERSION "-");
            if (const qsizetype archAt = d.agentPath.lastIndexOf(prefix); archAt >= 0) d.arch = d.agentPath.mid(archAt + prefix.size());
            d.firstBytes = out.mid(lineEnd + 1);
            d.channel = std::move(channel);
            return std::nullopt;
        }
        if (n == 0) return out;  // end of output, or the session timeout passed
    }
}

// Reads the start script's answer. Started: `d` holds the channel and anything the agent already
// wrote. Otherwise the probe, or nullopt with d.problem set.
std::optional<Probe> readStartAnswer(ssh_session session, ChannelPtr channel, Deployment& d) {
    const std::optional<QByteArray> answer = readUntilStarted(session, channel, d);
    if (!answer) return std::nullopt;
    const QByteArray& out = *answer;
    const QList<QByteArray> lines = out.mid(out.indexOf(kProbeMarker)).split('\n');
    if (!out.contains(kProbeMarker) || lines.size() < 6 || lines[2].trimmed().isEmpty()) {
        d.problem = unavailable(QStringLiteral("could not inspect the server (uname, id, sha256sum): %1")
                                    .arg(ssh_channel_is_eof(channel.get()) ? QStringLiteral("unexpected output")
                                                                           : QStringLiteral("no answer in time")));
        return std::nullopt;
    }
    const QByteArray state = lines[1].trimmed();
    return Probe{state == "noexec" ? Cached::NotExecutable : Cached::Missing, QString::fromUtf8(lines[2].trimmed()),
                 QString::fromUtf8(lines[3].trimmed()), QString::fromUtf8(lines[4].trimmed()),
                 QString::fromUtf8(lines[5].trimmed()), lines.value(6).trimmed() == "dirok"};
}

// Opens one exec channel running `script`; nullptr with d.problem set when it cannot.
ChannelPtr openExec(ssh_session session, const QByteArray& script, const QString& hostLabel, Deployment& d) {
    ChannelPtr channel(ssh_channel_new(session));
    if (!channel || ssh_channel_open_session(channel.get()) != SSH_OK ||
        ssh_channel_request_exec(channel.get(), script.constData()) != SSH_OK) {
        d.problem = unavailable(QStringLiteral("could not start the agent on %1: %2")
                                    .arg(hostLabel, QString::fromUtf8(ssh_get_error(session))));
        return nullptr;
    }
    return channel;
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

// A cached agent in a fallback directory: the same check as the start script's, without starting it.
Cached checkCached(ssh_session session, const QByteArray& quotedPath, const QByteArray& sha256) {
    const QByteArray command = "if " + digestMatches(quotedPath, quotedDigest(sha256)) + "; then " +
                               quotedPath + " --version >/dev/null 2>&1 && echo ready || echo noexec; else echo missing; fi";
    const QByteArray word = runRemote(session, command).out.trimmed();
    if (word == "ready") return Cached::Ready;
    return word == "noexec" ? Cached::NotExecutable : Cached::Missing;
}

enum class Placed { Started, NotExecutable, Failed };

// Verifies the uploaded file, makes it executable, moves it into place, checks that it runs and
// starts it: one exec. Started: `d` holds the agent's channel. Otherwise an error sentence, or
// empty with NotExecutable (the directory is mounted noexec).
QString installAndStart(ssh_session session, const QByteArray& qTemp, const QByteArray& qFinal, const QByteArray& sha256,
                        const AgentCommand& command, const QString& hostLabel, Deployment& d, Placed* placed) {
    const QByteArray script = kNodeVariable +
        "if " + digestMatches(qTemp, quotedDigest(sha256)) + "; then chmod 700 -- " + qTemp +
        " && mv -f -- " + qTemp + " " + qFinal + " || exit 1; if " + qFinal + " --version >/dev/null 2>&1; then printf '" +
        kStartedMarker + "%s %s\\n' \"$n\" " + qFinal + "; exec " + command(qFinal) + "; fi; echo noexec; else echo mismatch; fi";
    ChannelPtr channel = openExec(session, script, hostLabel, d);
    if (!channel) return d.problem->message;
    const std::optional<QByteArray> answer = readUntilStarted(session, channel, d);
    if (!answer) {
        if (d.problem) return d.problem->message;
        *placed = Placed::Started;
        return {};
    }
    const QByteArray word = answer->trimmed();
    if (word == "noexec") {
        *placed = Placed::NotExecutable;
        return {};
    }
    if (word == "mismatch") return QStringLiteral("the uploaded agent at %1 does not match its SHA-256").arg(QString::fromUtf8(qTemp));
    char err[4096];
    const int n = ssh_channel_read_timeout(channel.get(), err, sizeof err, 1, 1000);
    return QStringLiteral("could not move the agent into place at %1: %2")
        .arg(QString::fromUtf8(qFinal), n > 0 ? QString::fromUtf8(err, n).trimmed() : QStringLiteral("no reason given"));
}

// Uploads into `dir` and starts the result. On Failed, `d.problem` says why.
Placed placeAgent(ssh_session session, const DeployableAgent& agent, const QString& dir, const QString& finalPath,
                  bool dirReady, const AgentCommand& command, const QString& hostLabel, Deployment& d) {
    const QString tempPath = QStringLiteral("%1/.upload-%2").arg(dir).arg(QRandomGenerator::global()->generate64(), 16, 16, QLatin1Char('0'));
    const auto qDir = shellQuote(dir), qTemp = shellQuote(tempPath), qFinal = shellQuote(finalPath);
    if (!dirReady) {
        const RemoteResult mk = runRemote(session, "mkdir -p -m 700 -- " + *qDir + " && test -O " + *qDir + " && test ! -L " + *qDir);
        if (!mk.ran || mk.exitStatus != 0) return Placed::NotExecutable;  // not ours or not creatable: try the next place
    }
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
    Placed placed = Placed::Failed;
    if (error.isEmpty()) error = installAndStart(session, *qTemp, *qFinal, agent.sha256, command, hostLabel, d, &placed);
    if (!error.isEmpty()) {
        runRemote(session, "rm -f -- " + *qTemp);
        d.problem = unavailable(QStringLiteral("could not install the agent: %1")
                                    .arg(explainUploadFailure(session, *qDir, agent.sizeBytes, error)));
        return Placed::Failed;
    }
    d.uploaded = true;
    return placed;
}

// The slow path: the start script found no runnable agent in the cache directory. Tries the
// cache, runtime and /dev/shm directories in turn. Returns the path of the agent: started when
// it was uploaded (d.channel set), otherwise a runnable cached copy still to start; or empty with
// d.problem set.
QString placeSomewhere(ssh_session session, const QString& hostLabel, const Probe& probe, const AgentCommand& command,
                       Deployment& d) {
    QString missing;
    const auto agent = deployableAgent(probe.arch, &missing);
    if (!agent) {
        d.problem = unavailable(!missing.isEmpty() ? missing
                                                   : QStringLiteral("%1 is a %2 server; this FleetDeck ships agents for %3 only")
                                                         .arg(hostLabel, probe.arch, bundledArchitectures().join(QStringLiteral(", "))));
        return {};
    }
    QStringList dirs{probe.cacheHome + QStringLiteral("/fleetdeck")};
    if (!probe.runtimeDir.isEmpty()) dirs << probe.runtimeDir + QStringLiteral("/fleetdeck");
    dirs << QStringLiteral("/dev/shm/fleetdeck-%1").arg(probe.uid);
    const QString fileName = QStringLiteral("agent-%1-%2").arg(QStringLiteral(FLEETDECK_VERSION), agent->arch);
    for (const QString& dir : dirs) {
        const QString finalPath = dir + QLatin1Char('/') + fileName;
        const auto quoted = shellQuote(finalPath);
        if (!quoted || !shellQuote(dir)) {
            d.notes << QStringLiteral("skipped %1: the path has characters FleetDeck does not pass to a shell").arg(dir);
            continue;
        }
        // The start script already checked the cache directory, and made it.
        const bool first = dir == dirs.first();
        const Cached cached = first ? probe.cacheDir : checkCached(session, *quoted, agent->sha256);
        if (cached == Cached::Ready) return finalPath;
        if (cached == Cached::Missing) {
            const Placed placed = placeAgent(session, *agent, dir, finalPath, first && probe.cacheDirReady, command, hostLabel, d);
            if (placed == Placed::Failed) return {};
            if (placed == Placed::Started) return finalPath;
        }
        d.notes << QStringLiteral("%1 does not allow running programs (mounted noexec?); trying the next place").arg(dir);
    }
    d.problem = unavailable(QStringLiteral("no directory on %1 lets the agent run (tried %2): ask for one that is "
                                           "not mounted noexec").arg(hostLabel, dirs.join(QStringLiteral(", "))));
    return {};
}

}  // namespace

QByteArray stdioAgentCommand(const QByteArray& agentPathWord) { return agentPathWord + " --stdio"; }

QByteArray residentStdioAgentCommand(const QByteArray& agentPathWord) {
    return agentPathWord + " --stdio --listen " + agentPathWord + ".\"$n\".sock";  // $n: kNodeVariable
}

Deployment reachResidentAgent(ssh_session session, const ResidentAgent& agent) {
    Deployment d;
    ChannelPtr channel(ssh_channel_new(session));
    const QByteArray socket = agent.socketPath.toUtf8();
    if (!channel || ssh_channel_open_forward_unix(channel.get(), socket.constData(), "127.0.0.1", 0) != SSH_OK) {
        d.problem = unavailable(QStringLiteral("no resident agent at %1: %2").arg(agent.socketPath, QString::fromUtf8(ssh_get_error(session))));
        return d;
    }
    // The agent's first line is its ready event; anything after it is already the protocol.
    QByteArray got;
    char buf[4096];
    while (!got.contains('\n') && got.size() < 65536) {
        const int n = ssh_channel_read_timeout(channel.get(), buf, sizeof buf, 0, 10000);
        if (n <= 0) break;
        got.append(buf, n);
    }
    const qsizetype end = got.indexOf('\n');
    const QJsonObject first = QJsonDocument::fromJson(got.left(std::max<qsizetype>(end, 0))).object();
    if (end < 0 || first.value(QLatin1String("event")).toString() != QLatin1String("ready")) {
        d.problem = unavailable(QStringLiteral("the resident agent at %1 did not answer").arg(agent.socketPath));
        return d;
    }
    d.agentPath = agent.agentPath;
    d.arch = agent.arch;
    d.resident = true;
    d.readyLine = got.left(end);
    d.firstBytes = got.mid(end + 1);
    d.channel = std::move(channel);
    return d;
}

QStringList bundledArchitectures() {
    QStringList archs;
    for (const fleetdeck::BundledAgent& a : bundledAgents()) archs << a.arch;
    return archs;
}

std::optional<DeployableAgent> deployableAgent(const QString& arch, QString* problem) {
    const auto recorded = fleetdeck::bundledAgent(arch);
    if (!recorded) return std::nullopt;
    static std::mutex mutex;
    static std::map<QString, DeployableAgent> verified;
    std::lock_guard lock(mutex);
    if (const auto it = verified.find(arch); it != verified.end()) return it->second;
    const QString path = bundledAgentPath(arch);
    if (path.isEmpty()) {
        *problem = QStringLiteral("the %1 agent is missing from this FleetDeck installation: reinstall FleetDeck").arg(arch);
        return std::nullopt;
    }
    if (!verifyBundledAgent(*recorded, path, problem)) return std::nullopt;
    DeployableAgent agent{arch, path, recorded->sha256, recorded->sizeBytes};
    verified[arch] = agent;
    return agent;
}

Deployment deployAgent(ssh_session session, const QString& hostLabel, const AgentCommand& command) {
    Deployment d;
    const auto script = startScript(command);
    if (!script) {
        d.problem = unavailable(QStringLiteral("this FleetDeck's agent manifest holds unexpected names: reinstall FleetDeck"));
        return d;
    }
    ChannelPtr channel = openExec(session, *script, hostLabel, d);
    if (!channel) return d;
    const auto probe = readStartAnswer(session, std::move(channel), d);
    if (!probe) return d;  // started (d.channel), or d.problem
    const QString path = placeSomewhere(session, hostLabel, *probe, command, d);
    if (path.isEmpty()) return d;
    d.agentPath = path;
    d.arch = probe->arch;
    if (!d.channel) d.channel = openExec(session, kNodeVariable + "exec " + command(*shellQuote(path)), hostLabel, d);  // a cached copy elsewhere
    return d;
}

}  // namespace fleetdeck::ssh
