#include "app/ssh/agent_deploy.h"

#include <fcntl.h>

#include <chrono>

#include <map>
#include <mutex>
#include <variant>

#include <QFile>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <libssh/sftp.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include "app/agent_bundle.h"
#include "app/ssh/remote_command.h"
#include "app/ssh/resident_agents.h"
#include "app/ssh/ssh_text.h"
#include "agent/protocol/ready.h"

namespace fleetdeck::ssh {
namespace {

constexpr char kStartedMarker[] = "fleetdeck-start ";
constexpr char kProbeMarker[] = "fleetdeck-probe";
constexpr char kExecWord[] = "/proc/self/fd/3";

// Every way a start fails is the same kind: the agent could not be installed or started.
Problem unavailable(const SshText& text) { return problemOf(ProblemCode::AgentUnavailable, text); }
// The same, as a Deployment reports it.
Problem asDeploymentProblem(const SshText& text) { return problemOf(ProblemCode::AgentUnavailable, text); }
Problem asDeploymentProblem(const Problem& problem) {
    return Problem{ProblemCode::AgentUnavailable, problem.message, problem.shown};
}

// Words the scripts take from this build: architectures, digests and the version are checked so
// that nothing a shell would interpret can reach them.
bool isPlainToken(const QString& word) {
    static const QRegularExpression re(QStringLiteral("^[A-Za-z0-9_.+-]+$"));
    return re.match(word).hasMatch();
}

// What a start script reports when it did not start the agent from its directory.
enum class Cached {
    Missing,        // no agent there, or not the bundled one: upload
    NotExecutable,  // the directory does not allow running programs (mounted noexec)
    Unusable,       // the file is not a regular file of the user's that only it can write: upload over it
    DirectoryBad,   // the directory exists but is another user's, a symlink or open to others: never used
    NoDirectory,    // the directory could not be made (no such parent, read-only): try the next place
    Mismatch,       // an uploaded file did not match its SHA-256
    MoveFailed,     // the uploaded file could not be made executable or renamed into place
};

// The start script's answer: why the agent was not started, and what the upload needs to know.
struct Probe {
    Cached state = Cached::Missing;
    QString arch;
    QString uid;
    QString cacheHome;
    QString runtimeDir;
    QString directory;  // the directory it looked in
    QString owner;      // that directory as `stat -c '%U %u %a %F'` describes it; empty when absent
};

// Every script begins here: the node name (the start marker reports it, and resident sockets are
// named after it), the architecture, and the bundled agent's digest for it ($h, empty when none).
std::optional<QByteArray> prologue() {
    QByteArray cases;
    for (const fleetdeck::BundledAgent& a : bundledAgents()) {
        if (!isPlainToken(a.arch) || !isPlainToken(QString::fromLatin1(a.sha256))) return std::nullopt;
        cases += a.arch.toUtf8() + ") h=" + a.sha256 + ";; ";
    }
    if (!isPlainToken(QStringLiteral(FLEETDECK_VERSION))) return std::nullopt;
    return "n=$(uname -n); a=$(uname -m); h=; case \"$a\" in " + cases + "esac; ";
}

// The one way an agent is started, for the directory in $d: made 0700 when absent, then used only
// when it is a directory of the login user's (not a symlink) with mode 0700. The agent file there
// is opened once as descriptor 3; that descriptor must be a regular file of the user's that group
// and others cannot write, its bytes must hash to $h, and it must run (`--version`; a noexec
// mount fails here); then `command` is exec'd on it. Otherwise $s says why, for the probe.
QByteArray startFromDirectory(const AgentCommand& command, bool resident) {
    // A resident agent's key: 32 random bytes in hex, made once per socket with umask 077 and
    // renamed into place, read back with the shell's own `read`; the start marker reports it.
    const QByteArray key = resident
        ? QByteArrayLiteral("sk=\"$agent.$n.sock.key\"; test -f \"$sk\" || (umask 077; od -An -N32 -tx1 /dev/urandom | "
                            "tr -d ' \\n' > \"$sk.$$\" && mv -f -- \"$sk.$$\" \"$sk\"); key=; read -r key < \"$sk\"; ")
        : QByteArrayLiteral("key=-; ");
    return "agent=\"$d/agent-" FLEETDECK_VERSION "-$a\"; test -n \"$h\" && test ! -e \"$d\" && test ! -L \"$d\" && "
           "mkdir -m 700 -- \"$d\" 2>/dev/null; s=dirbad; "
           "if test -d \"$d\" && test ! -L \"$d\" && test -O \"$d\" && test \"$(stat -c %a -- \"$d\" 2>/dev/null)\" = 700; then "
           "s=missing; if test -n \"$h\" && test -f \"$agent\" && exec 3<\"$agent\"; then "
           "if test -O " + QByteArray(kExecWord) + " && test -f " + kExecWord + "; then "
           "case \"$(stat -L -c %A " + kExecWord + " 2>/dev/null)\" in ?????w*|????????w*) s=unusable ;; *) "
           "if test \"$(sha256sum <&3 2>/dev/null)\" = \"$h  -\"; then "
           "if " + kExecWord + " --version >/dev/null 2>&1; then " + key +
           "printf '" + kStartedMarker + "%s %s %s\\n' \"$n\" \"${key:--}\" \"$agent\"; exec " +
           command(AgentWords{"\"$agent\"", kExecWord}) + "; fi; s=noexec; fi ;; esac; else s=unusable; fi; fi; fi; ";
}

// What every script prints when it did not start the agent.
QByteArray probeBlock() {
    return "printf '" + QByteArray(kProbeMarker) + "\\n%s\\n%s\\n%s\\n%s\\n%s\\n%s\\n%s\\n' \"$s\" \"$a\" \"$(id -u)\" "
           "\"${XDG_CACHE_HOME:-$HOME/.cache}\" \"${XDG_RUNTIME_DIR:-}\" \"$d\" \"$(stat -c '%U %u %a %F' -- \"$d\" 2>/dev/null)\"";
}

// One exec for the common case: the start from the cache directory.
std::optional<QByteArray> startScript(const AgentCommand& command, bool resident) {
    const auto head = prologue();
    if (!head) return std::nullopt;
    return *head + "d=\"${XDG_CACHE_HOME:-$HOME/.cache}/fleetdeck\"; test -n \"$h\" && test ! -e \"$d\" && mkdir -p -- \"${d%/*}\" 2>/dev/null; " +
           startFromDirectory(command, resident) + probeBlock();
}

// The same start, from a fallback directory (a single-quoted absolute path).
QByteArray startInScript(const QByteArray& head, const QByteArray& quotedDir, const AgentCommand& command, bool resident) {
    return head + "d=" + quotedDir + "; " + startFromDirectory(command, resident) + probeBlock();
}

// After an upload to `quotedTemp` in the directory: checks its SHA-256, makes it executable,
// renames it over the agent's name, then starts it the one way above.
QByteArray installScript(const QByteArray& head, const QByteArray& quotedDir, const QByteArray& quotedTemp,
                         const AgentCommand& command, bool resident) {
    return head + "d=" + quotedDir + "; t=" + quotedTemp + "; "
           "if test \"$(sha256sum < \"$t\" 2>/dev/null)\" = \"$h  -\"; then if chmod 700 -- \"$t\" && "
           "mv -fT -- \"$t\" \"$d/agent-" FLEETDECK_VERSION "-$a\"; then " + startFromDirectory(command, resident) +
           "else s=movefailed; fi; else s=mismatch; fi; " + probeBlock();
}

// Why a start script did not start the agent, in words for the diagnostics.
QString describeProbeState(Cached state) {
    switch (state) {
    case Cached::Missing: return QStringLiteral("no agent of this version there");
    case Cached::NotExecutable: return QStringLiteral("the directory does not allow running programs");
    case Cached::Unusable: return QStringLiteral("the file there is not a regular file only the login user can write");
    case Cached::DirectoryBad: return QStringLiteral("the directory is another user's, a symlink or open to others");
    case Cached::NoDirectory: return QStringLiteral("the directory could not be made");
    case Cached::Mismatch: return QStringLiteral("the uploaded file does not match its SHA-256");
    case Cached::MoveFailed: return QStringLiteral("the uploaded file could not be moved into place");
    }
    return {};
}

Cached stateFrom(const QByteArray& word, bool haveOwner) {
    if (word == "noexec") return Cached::NotExecutable;
    if (word == "unusable") return Cached::Unusable;
    if (word == "mismatch") return Cached::Mismatch;
    if (word == "movefailed") return Cached::MoveFailed;
    if (word == "dirbad") return haveOwner ? Cached::DirectoryBad : Cached::NoDirectory;
    return Cached::Missing;
}

// Tells the caller, at most twice a second, that the deployment is moving: a slow login shell or
// upload is not a stalled one.
class Progress {
public:
    explicit Progress(const std::function<void()>& report) : report_(report) {}
    void tick() const {
        if (!report_) return;
        const auto now = std::chrono::steady_clock::now();
        if (now - last_ < std::chrono::milliseconds(500)) return;
        last_ = now;
        report_();
    }

private:
    const std::function<void()>& report_;
    mutable std::chrono::steady_clock::time_point last_{};
};

// What a start script reported when it started the agent; from here on the channel is the agent's.
struct Started {
    ChannelPtr channel;
    QByteArray firstBytes;  // what the agent wrote after the start marker's line
    QString node;           // the server's `uname -n`
    QByteArray residentKey;  // empty unless the start made a resident agent
    QString agentPath;
    QString arch;  // from the agent's file name; empty when it does not say
};

// A start script's answer: the agent started, or the probe of why not.
using StartAnswer = std::variant<Started, Probe>;

// "fleetdeck-start <node> <key or -> <path>" (node and key have no spaces, the path may), and
// what the agent wrote after it, from `out` whose marker stands at `at` and whose line ends at
// `lineEnd`.
Result<Started> parseStartLine(const QByteArray& out, qsizetype at, qsizetype lineEnd) {
    const qsizetype nodeAt = at + (at > 0) + qsizetype(sizeof kStartedMarker) - 1;
    const QByteArray line = out.mid(nodeAt, lineEnd - nodeAt);
    const qsizetype keyAt = line.indexOf(' ') + 1;
    const qsizetype pathAt = keyAt > 0 ? line.indexOf(' ', keyAt) + 1 : 0;
    if (keyAt <= 0 || pathAt <= 0)
        return unavailable(SshText(QT_TRANSLATE_NOOP("ssh", "the start script printed an unexpected line: %1")).arg(QString::fromUtf8(line)));
    Started started;
    started.node = QString::fromUtf8(line.left(keyAt - 1));
    if (const QByteArray key = line.mid(keyAt, pathAt - 1 - keyAt); key != "-") started.residentKey = key;
    started.agentPath = QString::fromUtf8(line.mid(pathAt));
    const QString prefix = QStringLiteral("/agent-" FLEETDECK_VERSION "-");
    if (const qsizetype archAt = started.agentPath.lastIndexOf(prefix); archAt >= 0)
        started.arch = started.agentPath.mid(archAt + prefix.size());
    started.firstBytes = out.mid(lineEnd + 1);
    return started;
}

// Reads a script's output until it prints the start marker: from there on the agent speaks, and
// the answer is what the marker's line said (without the channel). A script that ends without
// starting the agent answers its output.
using StartOutput = std::variant<Started, QByteArray>;
Result<StartOutput> readUntilStarted(ssh_session session, ssh_channel channel, const Progress& progress) {
    QByteArray out;
    char buf[8192];
    for (;;) {
        const int n = ssh_channel_read(channel, buf, sizeof buf, 0);
        if (n == SSH_ERROR)
            return unavailable(SshText(QT_TRANSLATE_NOOP("ssh", "the connection failed while starting the agent: %1"))
                                   .arg(QString::fromUtf8(ssh_get_error(session))));
        if (n > 0) progress.tick();  // the login shell's chatter is a sign of life too
        out.append(buf, n);
        const qsizetype at = out.startsWith(kStartedMarker) ? 0 : out.indexOf(QByteArray("\n") + kStartedMarker);
        const qsizetype lineEnd = at < 0 ? -1 : out.indexOf('\n', at + 1);
        if (lineEnd >= 0) {  // lines before the marker are the login shell's chatter
            Result<Started> started = parseStartLine(out, at, lineEnd);
            if (!started) return started.problem();
            return StartOutput(std::move(started).value());
        }
        if (n == 0) return StartOutput(out);  // end of output, or the session timeout passed
    }
}

// Reads a script's answer: the started agent with its channel, or the probe.
Result<StartAnswer> readStartAnswer(ssh_session session, ChannelPtr channel, const Progress& progress) {
    Result<StartOutput> answer = readUntilStarted(session, channel.get(), progress);
    if (!answer) return answer.problem();
    if (Started* started = std::get_if<Started>(&*answer)) {
        started->channel = std::move(channel);
        return StartAnswer(std::move(*started));
    }
    const QByteArray& out = std::get<QByteArray>(*answer);
    const QList<QByteArray> lines = out.mid(out.indexOf(kProbeMarker)).split('\n');
    if (!out.contains(kProbeMarker) || lines.size() < 8 || lines[2].trimmed().isEmpty())
        return unavailable(SshText(QT_TRANSLATE_NOOP("ssh", "could not inspect the server (uname, id, stat, sha256sum): %1"))
                               .argPhrase(ssh_channel_is_eof(channel.get()) ? QT_TRANSLATE_NOOP("ssh", "unexpected output")
                                                                            : QT_TRANSLATE_NOOP("ssh", "no answer in time")));
    const auto field = [&lines](int i) { return QString::fromUtf8(lines.value(i).trimmed()); };
    return StartAnswer(Probe{stateFrom(lines[1].trimmed(), !field(7).isEmpty()), field(2), field(3), field(4), field(5), field(6), field(7)});
}

// Why a directory is refused, in words: "belongs to intruder (uid 4242), mode 755".
SshText describeRefusal(const Probe& probe, const QString& hostLabel) {
    const QStringList f = probe.owner.split(QLatin1Char(' '));
    const QString owner = f.value(0), uid = f.value(1), mode = f.value(2), type = f.mid(3).join(QLatin1Char(' '));
    const SshText why = type != QLatin1String("directory")
                            ? std::move(SshText(QT_TRANSLATE_NOOP("ssh", "is a %1, not a directory")).arg(type))
                        : uid != probe.uid
                            ? std::move(SshText(QT_TRANSLATE_NOOP("ssh", "belongs to %1 (uid %2), not to the login user (uid %3)"))
                                            .arg(owner)
                                            .arg(uid)
                                            .arg(probe.uid))
                            : std::move(SshText(QT_TRANSLATE_NOOP("ssh", "has mode %1, so others may change what is in it; FleetDeck needs 700"))
                                            .arg(mode));
    return std::move(SshText(QT_TRANSLATE_NOOP("ssh", "refusing to run the agent from %1 on %2: it %3. Another user may have put it "
                                                      "there to run their program as you. Remove it (or chmod 700 it if it is yours) "
                                                      "and connect again"))
                         .arg(probe.directory)
                         .arg(hostLabel)
                         .arg(why));
}

// Opens one exec channel running `script`.
Result<ChannelPtr> openExec(ssh_session session, const QByteArray& script, const QString& hostLabel) {
    ChannelPtr channel(ssh_channel_new(session));
    if (!channel || ssh_channel_open_session(channel.get()) != SSH_OK ||
        ssh_channel_request_exec(channel.get(), script.constData()) != SSH_OK)
        return unavailable(SshText(QT_TRANSLATE_NOOP("ssh", "could not start the agent on %1: %2"))
                               .arg(hostLabel)
                               .arg(QString::fromUtf8(ssh_get_error(session))));
    return channel;
}

// What an SFTP upload did. A server without the SFTP subsystem is no failure: nothing was tried,
// and the caller copies over an exec channel instead.
struct SftpUpload {
    bool available = true;
    std::optional<SshText> error;  // none: uploaded (or not available)
};

SftpUpload uploadOverSftp(ssh_session session, const QString& tempPath, const QByteArray& bytes, const Progress& progress) {
    sftp_session sftp = sftp_new(session);
    if (!sftp || sftp_init(sftp) != SSH_OK) {
        if (sftp) sftp_free(sftp);
        return {false, {}};
    }
    std::optional<SshText> error;
    const auto failed = [&](const char* what) { error = std::move(SshText(what).arg(tempPath).arg(sftp_get_error(sftp))); };
    sftp_file file = sftp_open(sftp, tempPath.toUtf8().constData(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (!file) {
        failed(QT_TRANSLATE_NOOP("ssh", "SFTP could not create %1 (error %2)"));
    } else {
        constexpr qsizetype kChunk = 64 * 1024;
        for (qsizetype offset = 0; offset < bytes.size() && !error;) {
            const auto n = sftp_write(file, bytes.constData() + offset, static_cast<size_t>(std::min(kChunk, bytes.size() - offset)));
            if (n <= 0) failed(QT_TRANSLATE_NOOP("ssh", "SFTP write to %1 failed (error %2)"));
            else offset += n;
            progress.tick();
        }
        if (sftp_close(file) != SSH_OK && !error) failed(QT_TRANSLATE_NOOP("ssh", "SFTP could not finish %1 (error %2)"));
    }
    sftp_free(sftp);
    return {true, error};
}

std::optional<SshText> uploadOverExec(ssh_session session, const QByteArray& quotedTemp, const QByteArray& bytes) {
    const RemoteResult r = runRemote(session, "umask 077 && cat > " + quotedTemp, bytes);
    if (!r.ran)
        return std::move(SshText(QT_TRANSLATE_NOOP("ssh", "could not open an exec channel for the upload: %1"))
                             .arg(r.error.value_or(SshText::same(QString()))));
    if (r.exitStatus != 0) return std::move(SshText(QT_TRANSLATE_NOOP("ssh", "copying the agent failed: %1")).arg(QString::fromUtf8(r.err.trimmed())));
    return std::nullopt;
}

// Says "disk full" when that is why an upload failed: a plain SFTP failure code does not tell.
SshText explainUploadFailure(ssh_session session, const QByteArray& quotedDir, qint64 neededBytes, const SshText& error) {
    const RemoteResult df = runRemote(session, "df -Pk -- " + quotedDir);
    const QList<QByteArray> fields = df.out.split('\n').value(1).simplified().split(' ');
    bool ok = false;
    const qint64 freeKiB = fields.value(3).toLongLong(&ok);
    if (ok && freeKiB * 1024 < neededBytes)
        return std::move(SshText(QT_TRANSLATE_NOOP("ssh", "the disk is full: %1 has %2 KiB free and the agent needs %3 KiB; free some space"))
                             .arg(QString::fromUtf8(quotedDir))
                             .arg(std::int64_t{freeKiB})
                             .arg(std::int64_t{(neededBytes + 1023) / 1024}));
    return error;
}

// How this connect starts the agent: the command, whether it leaves a resident agent, the
// scripts' common beginning, the host's name for messages, and whom to tell it is moving.
struct StartPlan {
    const AgentCommand& command;
    bool resident;
    QByteArray head;
    QString hostLabel;
    const Progress& progress;
    const DiagnosticSink& tell;
};

// Runs one start script and reads its answer.
Result<StartAnswer> runStart(ssh_session session, const QByteArray& script, const StartPlan& plan) {
    Result<ChannelPtr> channel = openExec(session, script, plan.hostLabel);
    if (!channel) return channel.problem();
    return readStartAnswer(session, std::move(channel).value(), plan.progress);
}

// What an upload led to: the install script's answer, and whether the copy went over an exec
// channel (the server has no SFTP subsystem).
struct Uploaded {
    StartAnswer answer;
    bool overExec = false;
};

// Uploads into the directory `at` describes (already checked and made by its start script) and
// starts the result through the same checks.
Result<Uploaded> upload(ssh_session session, const DeployableAgent& agent, const Probe& at, const StartPlan& plan) {
    const QString tempPath = QStringLiteral("%1/.upload-%2").arg(at.directory).arg(QRandomGenerator::global()->generate64(), 16, 16, QLatin1Char('0'));
    const auto qDir = shellQuote(at.directory), qTemp = shellQuote(tempPath);
    QFile local(agent.path);
    if (!local.open(QIODevice::ReadOnly))
        return unavailable(SshText(QT_TRANSLATE_NOOP("ssh", "cannot read the bundled agent %1")).arg(agent.path));
    const QByteArray bytes = local.readAll();
    plan.tell.ssh(QStringLiteral("uploading the %1 agent (%2 KiB) to %3").arg(agent.arch).arg((bytes.size() + 1023) / 1024).arg(tempPath));
    const SftpUpload sftp = uploadOverSftp(session, tempPath, bytes, plan.progress);
    const std::optional<SshText> error = sftp.available ? sftp.error : uploadOverExec(session, *qTemp, bytes);
    if (error) {
        runRemote(session, "rm -f -- " + *qTemp);
        return unavailable(SshText(QT_TRANSLATE_NOOP("ssh", "could not install the agent: %1"))
                               .arg(explainUploadFailure(session, *qDir, agent.sizeBytes, *error)));
    }
    plan.progress.tick();
    Result<StartAnswer> after = runStart(session, installScript(plan.head, *qDir, *qTemp, plan.command, plan.resident), plan);
    if (!after || !std::holds_alternative<Started>(*after))
        runRemote(session, "rm -f -- " + *qTemp);  // left only when the script stopped before the rename
    if (!after) return after.problem();
    return Uploaded{std::move(after).value(), !sftp.available};
}

// What one directory gave that was not a failure: the agent started there, or nothing and a note
// on why the next directory is tried. Notes also say how an upload went.
struct DirectoryAnswer {
    std::optional<Started> started;
    QStringList notes;
    bool uploaded = false;
};

// Tries one directory from what its start script found there, uploading where no usable agent is.
Result<DirectoryAnswer> tryDirectory(ssh_session session, const DeployableAgent& agent, Probe probe, const StartPlan& plan) {
    DirectoryAnswer answer;
    if (probe.state == Cached::Missing || probe.state == Cached::Unusable) {
        Result<Uploaded> uploaded = upload(session, agent, probe, plan);
        if (!uploaded) return uploaded.problem();
        answer.uploaded = true;
        if (uploaded->overExec) answer.notes << QStringLiteral("the server has no SFTP subsystem; copied the agent over an exec channel");
        if (Started* started = std::get_if<Started>(&uploaded->answer)) {
            answer.started = std::move(*started);
            return answer;
        }
        probe = std::get<Probe>(uploaded->answer);
    }
    switch (probe.state) {
    case Cached::DirectoryBad:
        return unavailable(describeRefusal(probe, plan.hostLabel));
    case Cached::NoDirectory:
        answer.notes << QStringLiteral("%1 could not be created; trying the next place").arg(probe.directory);
        return answer;
    case Cached::NotExecutable:
        answer.notes << QStringLiteral("%1 does not allow running programs (mounted noexec?); trying the next place").arg(probe.directory);
        return answer;
    case Cached::Mismatch:
        return unavailable(SshText(QT_TRANSLATE_NOOP("ssh", "the agent uploaded to %1 does not match its SHA-256: the copy was cut "
                                                            "short or altered; connect again"))
                               .arg(probe.directory));
    case Cached::MoveFailed:
        return unavailable(SshText(QT_TRANSLATE_NOOP("ssh", "could not install the agent: moving it into place in %1 failed (is the "
                                                            "disk read-only?)"))
                               .arg(probe.directory));
    case Cached::Missing:
    case Cached::Unusable:
        break;
    }
    return unavailable(SshText(QT_TRANSLATE_NOOP("ssh", "the agent uploaded to %1 could not be started: it is not a regular file "
                                                        "of the login user's that only they can write"))
                           .arg(probe.directory));
}

// Where the agent ended up running, with what the user should know about how it got there.
struct Placed {
    Started started;
    QStringList notes;
    bool uploaded = false;
};

// The start script found no runnable agent in the cache directory. Tries the cache, runtime and
// /dev/shm directories in turn, each with its own start script (which makes the directory and
// checks it), uploading where no agent is yet.
Result<Placed> placeSomewhere(ssh_session session, const Probe& first, const StartPlan& plan) {
    const Result<DeployableAgent> agent = deployableAgent(first.arch, plan.hostLabel);
    if (!agent) return Problem{ProblemCode::AgentUnavailable, agent.problem().message, agent.problem().shown};
    static const QRegularExpression digits(QStringLiteral("^[0-9]+$"));
    QStringList dirs{first.directory};
    if (!first.runtimeDir.isEmpty()) dirs << first.runtimeDir + QStringLiteral("/fleetdeck");
    if (digits.match(first.uid).hasMatch()) dirs << QStringLiteral("/dev/shm/fleetdeck-%1").arg(first.uid);
    QStringList notes;
    bool uploaded = false;  // to an earlier directory, perhaps
    const auto skipped = [](const QString& dir) {
        return QStringLiteral("skipped %1: the path has characters FleetDeck does not pass to a shell").arg(dir);
    };
    for (const QString& dir : dirs) {
        Probe probe = first;  // the start script already looked in the first directory
        if (dir != dirs.first()) {
            const auto quoted = shellQuote(dir);
            if (!quoted) {
                notes << skipped(dir);
                plan.tell.ssh(notes.last());
                continue;
            }
            Result<StartAnswer> answer = runStart(session, startInScript(plan.head, *quoted, plan.command, plan.resident), plan);
            if (!answer) return answer.problem();
            if (Started* started = std::get_if<Started>(&*answer)) return Placed{std::move(*started), notes, uploaded};
            probe = std::get<Probe>(*answer);
        }
        if (!shellQuote(probe.directory)) {
            notes << skipped(dir);
            plan.tell.ssh(notes.last());
            continue;
        }
        Result<DirectoryAnswer> tried = tryDirectory(session, *agent, probe, plan);
        if (!tried) return tried.problem();
        for (const QString& note : tried->notes) plan.tell.ssh(note);
        notes << tried->notes;
        uploaded = uploaded || tried->uploaded;
        if (tried->started) return Placed{std::move(*tried->started), notes, uploaded};
    }
    return unavailable(SshText(QT_TRANSLATE_NOOP("ssh", "no directory on %1 lets the agent run (tried %2): ask for one that is "
                                                        "not mounted noexec"))
                           .arg(plan.hostLabel)
                           .arg(dirs.join(QStringLiteral(", "))));
}

// The whole start: the start script in the cache directory, then, where it found no runnable
// agent, the places above.
Result<Placed> startAgent(ssh_session session, const QString& hostLabel, const AgentCommand& command, bool resident,
                          const Progress& progress, const DiagnosticSink& tell) {
    const auto head = prologue();
    if (!head) return unavailable(SshText(QT_TRANSLATE_NOOP("ssh", "this FleetDeck's agent manifest holds unexpected names: reinstall FleetDeck")));
    const StartPlan plan{command, resident, *head, hostLabel, progress, tell};
    Result<StartAnswer> answer = runStart(session, *startScript(command, resident), plan);
    if (!answer) return answer.problem();
    if (Started* started = std::get_if<Started>(&*answer)) {
        tell.ssh(QStringLiteral("the start script found the current agent at %1 (SHA-256 checked) and started it").arg(started->agentPath));
        return Placed{std::move(*started), {}, false};
    }
    const Probe& probe = std::get<Probe>(*answer);
    tell.ssh(QStringLiteral("the start script found no runnable agent in %1 (%2; %3 server)").arg(probe.directory, describeProbeState(probe.state), probe.arch));
    return placeSomewhere(session, probe, plan);
}

// The proof a resident agent must give for `nonce` (agent/resident.h), with OpenSSL.
QByteArray residentProof(const QByteArray& key, const QByteArray& nonce) {
    const QByteArray message = QByteArrayLiteral("fleetdeck-resident-v1 ") + nonce;
    unsigned char mac[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    if (!HMAC(EVP_sha256(), key.constData(), static_cast<int>(key.size()), reinterpret_cast<const unsigned char*>(message.constData()),
              static_cast<size_t>(message.size()), mac, &size))
        return {};
    return QByteArray(reinterpret_cast<const char*>(mac), static_cast<qsizetype>(size)).toHex();
}

}  // namespace

QByteArray stdioAgentCommand(const AgentWords& agent) { return agent.exec + " --stdio"; }

QByteArray residentStdioAgentCommand(const AgentWords& agent) {
    return agent.exec + " --stdio --listen " + agent.path + ".\"$n\".sock";  // $n: the scripts' prologue
}

Deployment reachResidentAgent(ssh_session session, const ResidentAgent& agent) {
    Deployment d;
    ChannelPtr channel(ssh_channel_new(session));
    const QByteArray socket = agent.socketPath.toUtf8();
    if (!channel || ssh_channel_open_forward_unix(channel.get(), socket.constData(), "127.0.0.1", 0) != SSH_OK) {
        d.problem = asDeploymentProblem(SshText(QT_TRANSLATE_NOOP("ssh", "no resident agent at %1: %2"))
                                            .arg(agent.socketPath)
                                            .arg(QString::fromUtf8(ssh_get_error(session))));
        return d;
    }
    unsigned char random[32];
    if (agent.key.size() < 32 || RAND_bytes(random, sizeof random) != 1) {
        d.problem = asDeploymentProblem(SshText(QT_TRANSLATE_NOOP("ssh", "no key to check the resident agent at %1 with")).arg(agent.socketPath));
        return d;
    }
    const QByteArray nonce = QByteArray(reinterpret_cast<const char*>(random), sizeof random).toHex();
    const QByteArray hello = "{\"nonce\":\"" + nonce + "\"}\n";
    if (ssh_channel_write(channel.get(), hello.constData(), static_cast<uint32_t>(hello.size())) != hello.size()) {
        d.problem = asDeploymentProblem(SshText(QT_TRANSLATE_NOOP("ssh", "the resident agent at %1 did not take its challenge")).arg(agent.socketPath));
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
    const std::optional<protocol::ReadyEvent> ready = end >= 0 ? protocol::ready_event_from_line(got.left(end).toStdString()) : std::nullopt;
    if (!ready) {
        d.problem = asDeploymentProblem(SshText(QT_TRANSLATE_NOOP("ssh", "the resident agent at %1 did not answer")).arg(agent.socketPath));
        return d;
    }
    const QByteArray proof = QByteArray::fromStdString(ready->proof.value_or(std::string()));
    const QByteArray expected = residentProof(agent.key, nonce);
    if (expected.isEmpty() || proof.size() != expected.size() || CRYPTO_memcmp(proof.constData(), expected.constData(), proof.size()) != 0) {
        d.problem = asDeploymentProblem(SshText(QT_TRANSLATE_NOOP("ssh", "ignored the listener at %1: it could not prove it is the agent "
                                                                         "FleetDeck started there (another user's program, or one from "
                                                                         "before a reboot)"))
                                            .arg(agent.socketPath));
        d.refusedResident = true;
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

Result<DeployableAgent> deployableAgent(const QString& arch, const QString& hostLabel) {
    const auto recorded = fleetdeck::bundledAgent(arch);
    if (!recorded)
        return problemOf(ProblemCode::NotSupported, SshText(QT_TRANSLATE_NOOP("ssh", "%1 is a %2 server; this FleetDeck ships agents for %3 only"))
                                                        .arg(hostLabel)
                                                        .arg(arch)
                                                        .arg(bundledArchitectures().join(QStringLiteral(", "))));
    static std::mutex mutex;
    static std::map<QString, DeployableAgent> verified;
    std::lock_guard lock(mutex);
    if (const auto it = verified.find(arch); it != verified.end()) return it->second;
    const QString path = bundledAgentPath(arch);
    if (path.isEmpty())
        return problemOf(ProblemCode::AgentUnavailable,
                         SshText(QT_TRANSLATE_NOOP("ssh", "the %1 agent is missing from this FleetDeck installation: reinstall FleetDeck")).arg(arch));
    if (Outcome verified = verifyBundledAgent(*recorded, path); !verified) return verified.problem();
    DeployableAgent agent{arch, path, recorded->sha256, recorded->sizeBytes};
    verified[arch] = agent;
    return agent;
}

Deployment deployAgent(ssh_session session, const QString& hostLabel, const AgentCommand& command, bool resident,
                       const std::function<void()>& progress, const DiagnosticSink& diagnostics) {
    const Progress moving(progress);
    Result<Placed> placed = startAgent(session, hostLabel, command, resident, moving, diagnostics);
    Deployment d;
    if (!placed) {
        d.problem = asDeploymentProblem(placed.problem());
        return d;
    }
    Started& started = placed->started;
    d.agentPath = started.agentPath;
    d.arch = started.arch;
    d.node = started.node;
    d.residentKey = started.residentKey;
    d.uploaded = placed->uploaded;
    d.notes = placed->notes;
    d.channel = std::move(started.channel);
    d.firstBytes = started.firstBytes;
    return d;
}

}  // namespace fleetdeck::ssh
