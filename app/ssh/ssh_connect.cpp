#include "app/ssh/ssh_connect.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

#include "app/agent_bundle.h"
#include "app/ssh/known_hosts.h"
#include "app/ssh/remote_command.h"
#include "app/ssh/resident_agents.h"
#include "app/ssh/ssh_auth.h"
#include "app/ssh/ssh_config.h"
#include "app/ssh/ssh_prompter.h"
#include "app/ssh/ssh_text.h"

namespace fleetdeck::ssh {
namespace {

// "user@host:port" as ssh(1) takes it for a destination: a port needs the ssh:// form.
QString destination(const QString& hop) {
    static const QRegularExpression portRe(QStringLiteral(R"(:(\d{1,5})$)"));
    return portRe.match(hop).hasMatch() && !hop.endsWith(QLatin1Char(']')) ? QStringLiteral("ssh://") + hop : hop;
}

QString serverKeyFingerprint(ssh_session session) {
    ssh_key key = nullptr;
    if (ssh_get_server_publickey(session, &key) != SSH_OK) return {};
    const QString fingerprint = sha256Fingerprint(key);
    ssh_key_free(key);
    return fingerprint;
}

// `command` with a resident agent left behind, on the socket residentStdioAgentCommand() names.
AgentCommand leavingResident(AgentCommand command) {
    return [command = std::move(command)](const AgentWords& agent) {
        return command(agent) + " --listen " + agent.path + ".\"$n\".sock";  // $n: the scripts' prologue
    };
}

Problem connectFailed(const SshText& text) { return problemOf(ProblemCode::ConnectFailed, text); }
Problem connectFailed(const Problem& problem) {
    return Problem{ProblemCode::ConnectFailed, problem.message, problem.shown};
}

Outcome setOptions(ssh_session s, const ConnectPlan& plan) {
    const QByteArray host = plan.host.toUtf8(), user = plan.user.toUtf8(), known = QFile::encodeName(plan.knownHostsFile);
    const unsigned int port = static_cast<unsigned int>(plan.port);
    const long timeout = plan.connectTimeoutS;
    int noConfig = 0;  // planConnection() applied ssh(1)'s reading of the config; libssh must not add its own
    ssh_options_set(s, SSH_OPTIONS_PROCESS_CONFIG, &noConfig);
    ssh_options_set(s, SSH_OPTIONS_HOST, host.constData());
    ssh_options_set(s, SSH_OPTIONS_PORT, &port);
    ssh_options_set(s, SSH_OPTIONS_USER, user.constData());
    ssh_options_set(s, SSH_OPTIONS_TIMEOUT, &timeout);
    // libssh reads known_hosts only to prefer the recorded key types in the key exchange; the
    // check itself is verifyHostKey(), which reads the file as OpenSSH does.
    ssh_options_set(s, SSH_OPTIONS_KNOWNHOSTS, known.constData());
    int noDelay = 1;  // small request/response lines and SFTP acks: Nagle would add delayed-ACK stalls
    ssh_options_set(s, SSH_OPTIONS_NODELAY, &noDelay);
    if (!plan.proxyJump.isEmpty()) {
        const Result<QString> command = proxyCommandFor(plan);
        if (!command) return connectFailed(command.problem());
        ssh_options_set(s, SSH_OPTIONS_PROXYCOMMAND, command->toUtf8().constData());
    } else if (!plan.proxyCommand.isEmpty()) {
        // planConnection() expanded ssh(1)'s tokens already; libssh expands '%' again, so a
        // literal one is doubled.
        QString command = plan.proxyCommand;
        command.replace(QLatin1Char('%'), QStringLiteral("%%"));
        ssh_options_set(s, SSH_OPTIONS_PROXYCOMMAND, command.toUtf8().constData());
    }
    return done();
}

}  // namespace

ConnectPlan planConnection(const HostSpec& spec) {
    ConnectPlan plan;
    plan.label = spec.name.isEmpty() ? spec.address : spec.name;
    plan.configFile = spec.ssh.configFile.isEmpty() ? defaultSshConfigPath() : spec.ssh.configFile;
    Result<SshHostConfig> resolved = resolveSshHost(spec.address, plan.configFile);
    if (!resolved) {
        plan.configProblem = resolved.problem();
        resolved = SshHostConfig{spec.address, 22, QString(), {}, {}, {}, {}, false};
    }
    const SshHostConfig& config = *resolved;
    plan.host = config.hostName.isEmpty() ? spec.address : config.hostName;
    plan.port = spec.port > 0 ? spec.port : config.port;
    plan.user = !spec.user.isEmpty() ? spec.user : !config.user.isEmpty() ? config.user : qEnvironmentVariable("USER");
    if (plan.user.isEmpty()) plan.user = QDir::home().dirName();
    if (!spec.ssh.identityFile.isEmpty()) plan.identityFiles << spec.ssh.identityFile;
    for (const QString& id : config.identityFiles + defaultIdentityFiles())
        if (!plan.identityFiles.contains(id)) plan.identityFiles << id;
    plan.knownHostsFile = spec.ssh.knownHostsFile.isEmpty() ? QDir::homePath() + QStringLiteral("/.ssh/known_hosts")
                                                            : spec.ssh.knownHostsFile;
    // A --known-hosts file given for the host replaces ssh-config's, as -o UserKnownHostsFile would.
    if (spec.ssh.knownHostsFile.isEmpty())
        for (const QString& file : config.knownHostsFiles)
            if (file != plan.knownHostsFile) plan.extraKnownHostsFiles << file;
    plan.acceptNew = spec.ssh.acceptNewHostKey;
    // StrictHostKeyChecking=yes makes checking stricter (no question asked); "no" and
    // "accept-new" never make it weaker than FleetDeck's own.
    plan.knownHostKeyOnly = config.strictHostKeyChecking && !plan.acceptNew;
    plan.residentAgent = spec.residentAgent;
    // The inventory's jump host is the spec's own word about the route, as its port and user are.
    plan.proxyJump = !spec.jumpHost.isEmpty() ? spec.jumpHost : config.proxyJump;
    plan.diagnostics = DiagnosticSink(plan.label, {});
    if (spec.jumpHost.isEmpty()) plan.proxyCommand = config.proxyCommand;
    return plan;
}

Result<QString> proxyCommandFor(const ConnectPlan& plan) {
    QStringList hops = plan.proxyJump.split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (QString& hop : hops) {
        hop = hop.trimmed();
        if (!isPlainJumpHop(hop))
            return problemOf(ProblemCode::BadInput,
                             SshText(QT_TRANSLATE_NOOP("ssh", "ProxyJump '%1' for %2 is not [user@]host[:port]")).arg(hop).arg(plan.label));
    }
    // ssh(1) refuses to start on a -F file that does not exist; a jump from the inventory needs
    // no ssh config at all.
    const QString configFile = QFile::exists(plan.configFile) ? QDir(plan.configFile).absolutePath() : QStringLiteral("/dev/null");
    if (!isPlainJumpHop(plan.host) || !shellQuote(plan.knownHostsFile) || !shellQuote(configFile)) {
        return problemOf(ProblemCode::BadInput,
                         SshText(QT_TRANSLATE_NOOP("ssh", "cannot build a jump for %1: unusual characters in its host or file names"))
                             .arg(plan.label));
    }
    // OpenSSH checks the jump hosts' keys against the same known_hosts, never asks (BatchMode),
    // and only forwards the byte stream; FleetDeck still checks the target's key itself.
    QStringList words{QStringLiteral("exec ssh"), QStringLiteral("-F"), shellWord(configFile),
                      QStringLiteral("-o BatchMode=yes"),
                      plan.acceptNew ? QStringLiteral("-o StrictHostKeyChecking=accept-new")
                                     : QStringLiteral("-o StrictHostKeyChecking=yes"),
                      QStringLiteral("-o UserKnownHostsFile=") + shellWord(plan.knownHostsFile),
                      QStringLiteral("-o ConnectTimeout=%1").arg(plan.connectTimeoutS)};
    for (const QString& id : plan.identityFiles)
        if (QFile::exists(id) && shellQuote(id)) words << QStringLiteral("-i") << shellWord(id);
    const QString last = hops.takeLast();
    if (!hops.isEmpty()) words << QStringLiteral("-J") << shellWord(hops.join(QLatin1Char(',')));
    const QString target = plan.host.contains(QLatin1Char(':')) && !plan.host.startsWith(QLatin1Char('['))
                               ? QStringLiteral("[%1]").arg(plan.host) : plan.host;
    words << QStringLiteral("-W") << shellWord(QStringLiteral("%1:%2").arg(target).arg(plan.port)) << shellWord(destination(last));
    return words.join(QLatin1Char(' '));
}

namespace {

// The options a connect goes by, once resolved, in one line: what `ssh -G` would show of them.
QString describeOptions(const ConnectPlan& plan) {
    QStringList ids;
    for (const QString& id : plan.identityFiles)
        if (!ids.contains(id)) ids << (QFile::exists(id) ? id : id + QStringLiteral(" (missing)"));
    return QStringLiteral("connecting to %1 port %2 as %3; jump hosts: %4; identity files: %5; known_hosts: %6%7; ssh config: %8%9; "
                          "timeout %10 s")
        .arg(plan.host).arg(plan.port).arg(plan.user,
             !plan.proxyJump.isEmpty()      ? plan.proxyJump
             : !plan.proxyCommand.isEmpty() ? QStringLiteral("none (ProxyCommand %1)").arg(plan.proxyCommand)
                                            : QStringLiteral("none"),
             ids.isEmpty() ? QStringLiteral("none") : ids.join(QStringLiteral(", ")), plan.knownHostsFile,
             plan.knownHostKeyOnly ? QStringLiteral(" (known keys only)") : plan.acceptNew ? QStringLiteral(" (accepting new keys)") : QString(),
             plan.configFile, QFile::exists(plan.configFile) ? QString() : QStringLiteral(" (none)"))
        .arg(plan.connectTimeoutS);
}

// TCP (or the jump), the host key and the login: what connectAgent() and connectAndLogIn() share.
Outcome logIn(const ConnectPlan& plan, ssh_session session) {
    plan.diagnostics.ssh(describeOptions(plan));
    if (plan.configProblem) return connectFailed(*plan.configProblem);
    if (Outcome set = setOptions(session, plan); !set) return set;
    const QString where = !plan.proxyJump.isEmpty()    ? QStringLiteral("%1:%2 through %3").arg(plan.host).arg(plan.port).arg(plan.proxyJump)
                          : !plan.proxyCommand.isEmpty() ? QStringLiteral("%1:%2 through ProxyCommand '%3'").arg(plan.host).arg(plan.port).arg(plan.proxyCommand)
                                                         : QStringLiteral("%1:%2").arg(plan.host).arg(plan.port);
    if (ssh_connect(session) != SSH_OK)
        return connectFailed(SshText(QT_TRANSLATE_NOOP("ssh", "cannot connect to %1: %2; check that the server is up and sshd listens there"))
                                 .arg(where)
                                 .arg(QString::fromUtf8(ssh_get_error(session))));
    if (plan.onSocket) plan.onSocket(ssh_get_fd(session));
    plan.diagnostics.ssh(QStringLiteral("connected to %1; server %2").arg(where, QString::fromUtf8(ssh_get_serverbanner(session))));
    // Past the handshake, steps such as hashing the agent on a busy server may take longer than
    // a connect should; they get a minute each.
    const long stepTimeoutS = 60;
    ssh_options_set(session, SSH_OPTIONS_TIMEOUT, &stepTimeoutS);
    const std::shared_ptr<SshPrompter> prompter = sshPrompter();
    const HostKeyPolicy keyPolicy = plan.knownHostKeyOnly
                                        ? HostKeyPolicy{plan.knownHostsFile, false, nullptr, plan.diagnostics, plan.extraKnownHostsFiles}
                                        : HostKeyPolicy{plan.knownHostsFile, plan.acceptNew, prompter.get(), plan.diagnostics,
                                                        plan.extraKnownHostsFiles};
    if (Outcome verified = verifyHostKey(session, keyPolicy); !verified) return verified;
    if (Outcome authenticated = authenticate(session, AuthPlan{plan.user, plan.label, plan.identityFiles, prompter.get(), plan.diagnostics});
        !authenticated)
        return authenticated;
    if (plan.onStage) plan.onStage(OpenStage::LoggedIn);
    return done();
}

// Everything connectAgent() does once the session exists; `session` moves into the link only
// when it succeeds, and otherwise outlives the call.
ConnectOutcome connectSession(const ConnectPlan& plan, SessionPtr& session) {
    if (Outcome loggedIn = logIn(plan, session.get()); !loggedIn) return loggedIn.problem();
    // The default start reuses a resident agent: no shell and no new process on the server. So
    // does a push's privileged agent on a root login; any other command starts its own.
    const bool push = static_cast<bool>(plan.agentCommand);
    const bool useResident = plan.residentAgent && (!push || plan.privilegedOverResident);
    const QString target = QStringLiteral("%1@%2:%3").arg(plan.user, plan.host).arg(plan.port);
    std::optional<Deployment> reached;
    QStringList notes;
    const DiagnosticSink& tell = plan.diagnostics;
    const auto resident = useResident ? findResidentAgent(target) : std::nullopt;
    if (!useResident)
        tell.ssh(!plan.residentAgent ? QStringLiteral("no resident agent wanted (--no-resident): the agent starts with an exec and ends with the connection")
                                     : QStringLiteral("this start needs its own agent process (a push's privileged agent): starting it with an exec"));
    else if (!resident)
        tell.ssh(QStringLiteral("no resident agent remembered for %1: starting the agent with an exec").arg(target));
    if (resident) {
        tell.ssh(QStringLiteral("trying the resident agent at %1").arg(resident->socketPath));
        reached = reachResidentAgent(session.get(), *resident);
        if (reached->problem) {
            if (reached->refusedResident) notes << reached->problem->message;
            tell.ssh(reached->problem->message + QStringLiteral("; starting the agent with an exec"));
            forgetResidentAgent(target);
            reached.reset();
        } else if (push) {
            // The push waits for the ready event, as its exec start would write it first.
            reached->firstBytes.prepend(reached->readyLine + '\n');
        }
    }
    Deployment deployment = reached ? std::move(*reached)
                                    : deployAgent(session.get(), plan.label,
                                                  !push ? (useResident ? residentStdioAgentCommand : stdioAgentCommand)
                                                  : useResident ? leavingResident(plan.agentCommand) : plan.agentCommand,
                                                  useResident, [&plan] {
                                                      if (plan.onStage) plan.onStage(OpenStage::Progress);
                                                  }, tell);
    if (deployment.problem) return *deployment.problem;
    if (useResident && !deployment.resident && !deployment.node.isEmpty() && !deployment.residentKey.isEmpty())
        if (const auto bundled = fleetdeck::bundledAgent(deployment.arch))
            rememberResidentAgent(target, {residentSocketFor(deployment.agentPath, deployment.node), deployment.agentPath,
                                           deployment.arch, bundled->sha256, deployment.residentKey});
    deployment.notes = notes + deployment.notes;
    const QString how = !useResident ? QString() : push ? QStringLiteral(" (it stays as the resident agent)")
                                                        : QStringLiteral(" (a resident agent stays for later connects)");
    tell.ssh(deployment.resident ? QStringLiteral("reached the resident agent of %1 (nothing started on the server)").arg(deployment.agentPath)
             : deployment.uploaded ? QStringLiteral("uploaded the agent to %1; started it with an exec%2").arg(deployment.agentPath, how)
                                   : QStringLiteral("using the cached agent at %1; started it with an exec%2").arg(deployment.agentPath, how));
    AgentLink link;
    link.hostKeyFingerprint = serverKeyFingerprint(session.get());
    link.notes = deployment.notes;
    link.uploaded = deployment.uploaded;
    link.resident = deployment.resident;
    link.agentPath = deployment.agentPath;
    link.channel = std::move(deployment.channel);
    link.firstBytes = deployment.firstBytes;
    link.session = std::move(session);
    return link;
}

}  // namespace

ConnectOutcome connectAgent(const ConnectPlan& plan) {
    SessionPtr session(ssh_new());
    if (!session) return connectFailed(SshText(QT_TRANSLATE_NOOP("ssh", "out of memory creating an SSH session")));
    ConnectOutcome outcome = connectSession(plan, session);
    if (plan.onSocket) plan.onSocket(-1);  // before the session is freed or handed over
    return outcome;
}

LoginOutcome connectAndLogIn(const ConnectPlan& plan) {
    SessionPtr session(ssh_new());
    if (!session) return connectFailed(SshText(QT_TRANSLATE_NOOP("ssh", "out of memory creating an SSH session")));
    const Outcome login = logIn(plan, session.get());
    if (plan.onSocket) plan.onSocket(-1);  // before the session is freed or handed over
    if (!login) return login.problem();
    LoggedInSession loggedIn;
    loggedIn.hostKeyFingerprint = serverKeyFingerprint(session.get());
    loggedIn.session = std::move(session);
    return loggedIn;
}

}  // namespace fleetdeck::ssh
