#pragma once

#include <functional>
#include <memory>

#include <QPointer>
#include <QTimer>

#include <libssh/callbacks.h>

#include "app/fd_watcher.h"
#include "app/host_spec.h"
#include "app/ssh/ssh_connect.h"
#include "app/transport.h"

namespace fleetdeck::ssh {

// The agent on a remote server, over an SSH exec channel.
//
// Two phases, so one slow host never holds up another and no host owns a thread:
//  1. connect, host key, login, deploy — blocking libssh calls on a small shared worker pool
//     (connectPoolSize() threads), each step bounded by the connect timeout; through a jump host
//     or ProxyCommand at most ConnectGates::kPerGateway at once (connect_gates.h), the others
//     queued again shortly without holding a thread;
//  2. the running agent's channel — handed to this object's thread, switched to non-blocking
//     mode and driven by the thread's FdWatcher on the session's socket: one libssh poll per
//     readable socket, the channel's data handed over by libssh's data callback as each packet is
//     decrypted (also when a write reads packets on the way), so no read ever asks an empty
//     channel, and no timer runs unless the channel window holds writes back (a 50 ms retry).
// Keepalives: an SSH_MSG_IGNORE every 10 s and TCP_USER_TIMEOUT, so a dead link is noticed
// within about 30 s even when nothing else is being sent.
class SshTransport : public Transport {
    Q_OBJECT
public:
    explicit SshTransport(HostSpec spec, QObject* parent = nullptr);
    ~SshTransport() override;

    void open() override;
    void sendLine(const QByteArray& line) override;
    // The secret goes to the channel from a buffer of its own, wiped as soon as the channel has
    // taken all of it (or the transport goes down); it never enters the outgoing queue.
    void sendSecretLine(const SecretBytes& secret) override;
    void close() override;
    QString describe() const override;

    // Whether the last open() uploaded the agent (false: the cached copy was reused).
    bool uploadedAgent() const { return uploaded_; }
    // Whether the last open() reached a resident agent's socket instead of starting the agent.
    bool residentAgent() const { return resident_; }
    QString agentPath() const { return agentPath_; }
    // The key the server presented on the last open ("SHA256:…"), empty before that.
    QString hostKeyFingerprint() const { return hostKeyFingerprint_; }
    // Starts the deployed agent with another command line (a push's privileged agent): see
    // AgentCommand in agent_deploy.h. Set before open().
    void setAgentCommand(AgentCommand command) { agentCommand_ = std::move(command); }
    // That command is a push's privileged agent on a root login: a resident agent may serve it
    // (ConnectPlan::privilegedOverResident). Set before open().
    void setPrivilegedOverResident(bool allowed) { privilegedOverResident_ = allowed; }

    static int connectPoolSize();
    // Waits up to `ms` for connect workers still running (those of closed transports end within
    // moments: close() cuts their socket), so none outlives a CLI process's static data. Returns
    // whether they all ended.
    static bool waitForConnectWorkers(int ms);

private:
    struct Attempt;
    void startConnectWorker(const std::shared_ptr<Attempt>& attempt);
    void connectLater(const std::shared_ptr<Attempt>& attempt);
    void onConnected(const std::shared_ptr<Attempt>& attempt, ConnectOutcome outcome);
    void pump();
    void takeReceived();
    void takeReceivedLater();
    static int onChannelData(ssh_session, ssh_channel, void* data, uint32_t len, int isStderr, void* self);
    void flushWrites();
    void flushWritesAndReadWhatCameMeanwhile();
    void pacePolling();  // the poll timer on while writes wait (or the socket is not watched)
    void fail(const Problem& problem);
    void failLost();              // libssh failed: the link is gone, with libssh's words
    void failLostWhileSending();  // a write failed: the link is gone
    void teardown();

    HostSpec spec_;
    std::shared_ptr<Attempt> attempt_;
    SessionPtr session_;
    ChannelPtr channel_;
    QPointer<FdWatcher> watcher_;  // the thread's, while it watches the session's socket
    int watchedFd_ = -1;
    QTimer pollTimer_;
    QTimer keepaliveTimer_;
    ssh_channel_callbacks_struct channelCallbacks_{};
    QByteArray received_;        // the agent's output that libssh handed over, not yet emitted
    QByteArray receivedStderr_;  // the same of its stderr
    bool takeQueued_ = false;
    QByteArray outgoing_;
    SecretBytes secretOut_;  // a secret line not yet taken by the channel, sent before outgoing_
    std::size_t secretSent_ = 0;
    bool uploaded_ = false;
    bool resident_ = false;
    QString agentPath_;
    QString hostKeyFingerprint_;
    AgentCommand agentCommand_;
    bool privilegedOverResident_ = false;
};

}  // namespace fleetdeck::ssh
